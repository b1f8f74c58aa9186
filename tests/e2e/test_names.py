"""Long names on a phone: no name breaks inside a word on the game, print and live pages, at
390x844 nor at 360x740, in any language."""

from __future__ import annotations

from playwright.sync_api import Page

from .test_languages import LANGS, choose_language, link_from

NAMES = ["Aleksandra", "Bartłomiej", "Małgorzata", "Константин"]

# Every word of every name (full or shortened) that is laid out on more than one line.
BROKEN = """(names) => {
  const words = new Set();
  for (const n of names) for (const w of n.split(/\\s+/)) if (w.length > 1) words.add(w);
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    for (const w of words) {
      for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
        const range = document.createRange();
        range.setStart(node, at); range.setEnd(node, at + w.length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
          .map(r => Math.round(r.top)));
        if (lines.size > 1) bad.push(w + ' in ' + node.parentElement.tagName.toLowerCase());
      }
    }
  }
  return bad;
}"""


def test_no_name_breaks_inside_a_word(page: Page, live_server: str) -> None:
    base = live_server
    game = {
        "format": "scorekeeper-game/1",
        "variant": "pl-4",
        "players": NAMES,
        "hands": [
            {"declarer": 1, "bid": 100, "points": [None, 60, 40, 20]},
            {"declarer": 2, "bid": 120, "points": [30, None, 70, 20]},
            {"adjustment": [0, -120, 0, 0], "reason": "exposed a card"},
        ],
    }
    response = page.request.post(f"{base}/api/games", data=game)
    assert response.status == 201, response.text()
    game_id = response.json()["id"]
    page.goto(f"{base}/games/{game_id}/share")
    live = link_from(page, "Make a live link", "/live/")
    pages = {"game": f"{base}/games/{game_id}", "print": f"{base}/games/{game_id}/print"}
    pages["live"] = live
    for lang in ("en", *LANGS):
        if lang != "en":
            page.goto(base + "/")
            choose_language(page, lang)
        for size in ({"width": 390, "height": 844}, {"width": 360, "height": 740}):
            page.set_viewport_size(size)
            for name, url in pages.items():
                page.goto(url)
                assert page.locator("body").inner_text().count("Małgorzata") >= 1
                broken = page.evaluate(BROKEN, NAMES)
                assert not broken, f"{name} ({lang}, {size['width']}px): {broken}"
