"""Hand-written code against the kept library that does the same: CSS comments and compression.

    pip install --target /tmp/extra rcssmin flask-compress   # not dependencies of the app
    PYTHONPATH=/tmp/extra .venv/bin/python bench/kept_libraries.py

1. The stylesheet without its comments: web/stylesheet.py's regular expression against
   rcssmin (which also drops the whitespace): bytes raw and gzipped, ms per file.
2. Responses compressed: web/compression.py against Flask-Compress (gzip 6 both), on the game
   page, the API's game answer and the stylesheet: bytes, p50/p95 ms per request in-process,
   and what each does to the ETags the offline code reads back and to a static file.
"""

from __future__ import annotations

import gzip
import os
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper import create_app
from scorekeeper.web import compression

try:
    from bench import deal
    from bench.pageweight import import_game
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]
    from pageweight import import_game  # type: ignore[no-redef]

RUNS = 300
#: what web/stylesheet.py did before it kept rcssmin: the comments out, nothing else
COMMENT = re.compile(rb"/\*.*?\*/\n?", re.S)
CSS = Path(__file__).resolve().parents[1] / "scorekeeper" / "static" / "style.css"
WIRE = {"Accept-Encoding": "gzip"}


def ms(call: Callable[[], Any], runs: int = RUNS) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return cuts[49], cuts[94]


def css() -> None:
    import rcssmin

    raw = CSS.read_bytes()
    ours = COMMENT.sub(b"", raw)
    theirs = rcssmin.cssmin(raw)
    print(f"\n1. style.css ({len(raw):,} B raw, {len(gzip.compress(raw, 9)):,} B gzip 9)")
    print(f"  {'':26}{'bytes':>8}{'gzip':>8}{'p50 ms':>9}")
    for name, body, call in (
        ("regex (comments only)", ours, lambda: COMMENT.sub(b"", raw)),
        ("rcssmin", theirs, lambda: rcssmin.cssmin(raw)),
    ):
        p50, _ = ms(call)
        print(f"  {name:26}{len(body):>8,}{len(gzip.compress(body, 9)):>8,}{p50:9.3f}")


def app(library: bool) -> Any:
    folder = tempfile.mkdtemp(prefix="sk-kept-")
    url = "sqlite:///" + os.path.join(folder, "db.sqlite")
    a = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    a.config["WTF_CSRF_ENABLED"] = False
    if library:
        from flask_compress import Compress

        hooks = a.after_request_funcs[None]
        hooks.remove(compression.compress_response)
        a.config.update(COMPRESS_ALGORITHM=["gzip"], COMPRESS_LEVEL=6)
        Compress(a)
    return a


def responses() -> None:
    rows = []
    for library in (False, True):
        client = app(library).test_client()
        secret = "bench password"
        signup = {"username": "bench", "password": secret, "confirm": secret}
        assert client.post("/signup", data=signup).status_code == 302
        game = import_game(client, deal.game("pl-3", 50, 7))
        api = client.get(f"/api/games/{game}", headers=WIRE)
        again = client.get(
            f"/api/games/{game}", headers={**WIRE, "If-None-Match": api.headers["ETag"]}
        )
        style = client.get("/static/style.css", headers=WIRE)
        icon = client.get("/static/icons/icon.svg", headers=WIRE)
        for url in (f"/games/{game}", f"/api/games/{game}", "/static/style.css"):
            body = client.get(url, headers=WIRE).get_data()
            p50, p95 = ms(lambda c=client, u=url: c.get(u, headers=WIRE), 200)
            rows.append((library, url, len(body), p50, p95))
        name = "Flask-Compress" if library else "web/compression.py"
        print(
            f"  {name}: API ETag {api.headers['ETag']} (then {again.status_code}), "
            f"stylesheet {style.headers.get('Content-Encoding')}, "
            f"icon.svg {icon.headers.get('Content-Encoding')}"
        )
    print(f"\n  {'':20}{'':22}{'bytes':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for library, url, size, p50, p95 in rows:
        name = "Flask-Compress" if library else "web/compression.py"
        print(f"  {name:20}{url:22}{size:>8,}{p50:9.2f}{p95:9.2f}")


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.1f}")
    css()
    print("\n2. compressed answers (gzip 6; in-process test client)")
    responses()
