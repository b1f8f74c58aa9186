"""The browser engine's weight and speed beside Python's: .venv/bin/python bench/engine.py"""

# The budgets, measured in one run: the engine and the offline code, each module minified and
# gzipped as /js/ sends it (≤ 35 KB in all, tests/test_javascript.py), the game page's first
# load without them (≤ 10 KB gzip of HTML + CSS + JS), no request to another host, and a
# 200-hand game scored in headless Chromium (≤ 20 ms) beside the Python engine on the same game,
# with the ratio per hand.

from __future__ import annotations

import gzip
import json
import mimetypes
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.catalogues import engine_catalogue  # noqa: E402
from scorekeeper.gamefile.output import engine_output  # noqa: E402
from scorekeeper.web.engine import module_body, module_names  # noqa: E402

try:
    from bench import deal
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]

STATIC = ROOT / "scorekeeper" / "static"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
HANDS, RUNS = 200, 30


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def weights() -> dict[str, Any]:
    out: dict[str, Any] = {}
    total = 0
    for folder in ("rules", "gamefile", "offline"):
        names = sorted(n for n in module_names(str(STATIC)) if n.startswith(folder + "/"))
        sources = [(STATIC / n).read_bytes() for n in names]
        served = [module_body(str(STATIC), n)[0] for n in names]  # what /js/ sends
        sent = sum(gz(b) for b in served)
        total += sent
        out[f"{folder}: {len(names)} modules, lines"] = sum(b.count(b"\n") for b in sources)
        out[f"{folder}: raw KB, served raw KB"] = (
            f"{sum(map(len, sources)) / 1024:.1f}, {sum(map(len, served)) / 1024:.1f}"
        )
        out[f"{folder}: served gzip KB (each module)"] = sent / 1024
        out[f"{folder}: served gzip KB (as one file)"] = gz(b"\n".join(served)) / 1024
    out["engine + offline gzip KB (<= 35)"] = total / 1024
    for lang in ("pl", "ru", "uk"):
        body = json.dumps(engine_catalogue(lang), ensure_ascii=False).encode()
        out[f"catalogue {lang} gzip KB"] = gz(body) / 1024
    return out


def first_load() -> dict[str, Any]:
    """The game page of a 50-hand game, with its CSS and JS (the engine apart)."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.db",
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
            }
        )
        client = app.test_client()
        secret = "bench password"
        signup = {"username": "bench", "password": secret, "confirm": secret}
        assert client.post("/signup", data=signup).status_code == 302
        game = client.post("/api/games", json=deal.game("pl-3", 50, 7)).get_json()["id"]
        html = client.get(f"/games/{game}").get_data()
        # fingerprinted (?v=, web/fingerprints.py)
        assets = re.findall(rb'(?:src|href)="(/static/[^"?]+\.(?:css|js)(?:\?[^"]*)?)"', html)
        bodies = [html] + [client.get(a.decode()).get_data() for a in assets]
        others = re.findall(rb'(?:src|href|action)="(https?://[^"]+)"', b"".join(bodies))
        return {
            "game page + CSS + JS gzip KB (<= 10)": sum(gz(b) for b in bodies) / 1024,
            "assets": [a.decode() for a in assets],
            "requests to other hosts": len(others),
        }


def python_ms(game: dict[str, Any], stored: bool) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        engine_output(game, stored=stored)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def chromium_ms(game: dict[str, Any]) -> dict[str, float]:
    """The engine's modules imported by a page, as the phone does, from files under /js/."""
    from playwright.sync_api import Route, sync_playwright

    base = "http://engine.test"

    def serve(route: Route) -> None:
        name = route.request.url.removeprefix(base + "/js/")
        if name in module_names(str(STATIC)):
            route.fulfill(body=module_body(str(STATIC), name)[0], content_type="text/javascript")
        else:
            page_type = mimetypes.guess_type(name)[0] or "text/html"
            route.fulfill(body="<!doctype html><title>engine</title>", content_type=page_type)

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        page.route(base + "/**", serve)
        page.goto(base + "/")
        out = page.evaluate(
            """async ([text, runs]) => {
              const { engineOutput } = await import("/js/gamefile/output.js");
              const time = (stored) => {
                const ms = [];
                for (let i = 0; i < runs; i++) {
                  const t = performance.now();
                  const out = engineOutput(JSON.parse(text), {stored});
                  ms.push(performance.now() - t);
                  if (out.problems) throw new Error(JSON.stringify(out.problems[0]));
                }
                ms.sort((a, b) => a - b);
                return ms[Math.floor(runs / 2)];
              };
              const first = performance.now();
              engineOutput(JSON.parse(text), {});
              const cold = performance.now() - first;
              return {cold, checked: time(false), stored: time(true)};
            }""",
            [json.dumps(game), RUNS],
        )
        browser.close()
        return out


def main() -> None:
    for name, value in {**weights(), **first_load()}.items():
        print(f"{name:40} {value:.1f}" if isinstance(value, float) else f"{name:40} {value}")
    game = deal.game("pl-3", HANDS, 11)
    game.setdefault("options", {})["target"] = 100000  # 200 hands, none after the end
    assert "problems" not in engine_output(game), engine_output(game)["problems"][0]
    js = chromium_ms(game)
    for mode, stored in (("checked", False), ("stored", True)):
        py = python_ms(game, stored)
        print(
            f"{HANDS} hands, {mode:7}: Chromium {js[mode]:6.1f} ms, Python {py:6.1f} ms, "
            f"JS/Python {js[mode] / py:.2f} ({js[mode] * 1000 / HANDS:.0f} µs and "
            f"{py * 1000 / HANDS:.0f} µs per hand)"
        )
    print(f"first scoring in a fresh page (no JIT yet): {js['cold']:.1f} ms")


if __name__ == "__main__":
    main()
