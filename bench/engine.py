"""The browser engine's weight and speed beside Python's: .venv/bin/python bench/engine.py"""

# The budgets, measured in one run: the engine and the offline code gzipped (≤ 25 KB),
# the game page's first load without them (≤ 10 KB gzip of HTML + CSS + JS), no request to
# another host, and a 200-hand game scored in headless Chromium (≤ 20 ms) beside the Python
# engine on the same game, with the ratio per hand.

from __future__ import annotations

import gzip
import json
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
from scorekeeper.web.engine import bundle, offline_bundle  # noqa: E402

try:
    from bench import deal
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]

STATIC = ROOT / "scorekeeper" / "static"
ENGINE = STATIC / "engine"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
HANDS, RUNS = 200, 30


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def engine_files() -> list[Path]:
    return [ENGINE / name for name in json.loads((ENGINE / "files.json").read_text())]


def weights() -> dict[str, Any]:
    sources = b"".join(p.read_bytes() for p in engine_files())
    served, _etag = bundle(str(STATIC))  # what a phone downloads: /engine/engine.js
    # as sent: static/offline/ minified like the engine (/engine/offline.js), sw.js as written
    offline = offline_bundle(str(STATIC))[0] + (STATIC / "sw.js").read_bytes()
    out = {
        "engine sources raw KB": len(sources) / 1024,
        "engine sources gzip KB": gz(sources) / 1024,
        "engine served raw KB": len(served) / 1024,
        "engine served gzip KB": gz(served) / 1024,
        "offline code gzip KB": gz(offline) / 1024,
        "engine + offline gzip KB (<= 25)": (gz(served) + gz(offline)) / 1024,
    }
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
        # the offline code is counted with the engine above, not twice
        assets = [a for a in assets if not a.startswith(b"/static/offline")]
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
    from playwright.sync_api import sync_playwright

    script = bundle(str(STATIC))[0].decode()
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        page.set_content("<!doctype html><title>engine</title>")
        page.add_script_tag(content=script)
        out = page.evaluate(
            """([text, runs]) => {
              const time = (stored) => {
                const ms = [];
                for (let i = 0; i < runs; i++) {
                  const t = performance.now();
                  const out = SK.engine_output(SK.py.parse_json(text), {stored});
                  ms.push(performance.now() - t);
                  if (out.problems) throw new Error(JSON.stringify(out.problems[0]));
                }
                ms.sort((a, b) => a - b);
                return ms[Math.floor(runs / 2)];
              };
              const first = performance.now();
              SK.engine_output(SK.py.parse_json(text), {});
              const cold = performance.now() - first;
              return {cold, checked: time(false), stored: time(true)};
            }""",
            [json.dumps(game), RUNS],
        )
        browser.close()
        return out


def main() -> None:
    for name, value in {**weights(), **first_load()}.items():
        print(f"{name:34} {value:.1f}" if isinstance(value, float) else f"{name:34} {value}")
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
