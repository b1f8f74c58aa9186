"""Renders static/icons/icon.svg to the PNG sizes browsers ask for (run by hand, output kept)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "scorekeeper" / "static" / "icons"
SIZES = (192, 512, 180)  # Android's two sizes, and the iPhone's home screen (apple-touch-icon)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>"
                + svg
            )
            page.screenshot(path=str(ICONS / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
