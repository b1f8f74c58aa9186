"""The game page's weight: bytes raw and on the wire, requests of a cold and a warm view
(bench/http_pages.py prints it after its times)."""

from __future__ import annotations

import json
import os
import re
import time
from html.parser import HTMLParser
from urllib.parse import urlsplit

from flask.testing import FlaskClient

from scorekeeper.web import compression

try:
    from bench import deal
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]

PRESET, SHORT, TIMED = "pl-3", 50, 200


def import_game(client: FlaskClient, data: dict[str, object]) -> int:
    """A game from its file through the API; its id."""
    response = client.post("/api/games", json=data)
    assert response.status_code == 201, response.get_data(as_text=True)
    return int(response.get_json()["id"])


class Links(HTMLParser):
    """Every URL the page names, and those a browser fetches with it (stylesheets, scripts)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.urls += [a[k] for k in ("href", "src", "action", "formaction") if k in a]
        if (tag == "link" and "stylesheet" in a.get("rel", "").split()) or (
            tag == "script" and a.get("src")
        ):
            self.assets.append(a.get("href") or a["src"])


WIRE = {"Accept-Encoding": "gzip, deflate, br"}  # what a browser sends
KEPT = "immutable"  # a fingerprinted file (web/fingerprints.py): a warm view does not ask again


def fetched(client: FlaskClient, url: str, headers: dict[str, str]) -> tuple[bytes, str]:
    """The body as sent and its Cache-Control (a static file's open file closed after)."""
    with client.get(url, headers=headers) as response:
        assert response.status_code == 200, (url, response.status_code)
        return response.get_data(), response.headers.get("Cache-Control", "")


def page_weight(client: FlaskClient) -> None:
    """The game page of a SHORT-hand game with what a browser fetches with it (stylesheets,
    scripts): bytes raw and on the wire (the app compresses: web/compression.py), and the
    requests of a cold view and of a warm one (the fingerprinted files are kept a year)."""
    game = import_game(client, deal.game(PRESET, SHORT, 7))
    url = f"/games/{game}"
    html = client.get(url).get_data()
    links = Links()
    links.feed(html.decode())
    raw = {url: html} | {a: fetched(client, a, {})[0] for a in links.assets}
    wire = {u: fetched(client, u, WIRE) for u in raw}
    css = b"".join(body for u, body in raw.items() if ".css" in u).decode()
    urls = links.urls + re.findall(r"""(?:url\(\s*['"]?|@import\s+['"])([^'")\s]+)""", css)
    # data: URLs and same-origin paths cost no other host; anything with a host of its own does
    foreign = sorted({u for u in urls if urlsplit(u).netloc not in ("", "localhost")})
    start = time.perf_counter()
    for _ in range(TIMED):
        compression.compress(html, "gzip")
    gzip_ms = (time.perf_counter() - start) * 1000 / TIMED
    print(f"  game page, {SHORT} hands, bytes raw / on the wire (gzip {compression.LEVEL}):")
    for u in raw:
        name = "HTML" if u == url else os.path.basename(u.split("?")[0])
        kept = "kept a year" if KEPT in wire[u][1] else wire[u][1] or "asked each view"
        print(f"    {name:12}{len(raw[u]):>8,} B{len(wire[u][0]):>8,} B   {kept}")
    cold_raw = sum(len(b) for b in raw.values())
    cold = sum(len(b) for b, _ in wire.values())
    warm = [u for u in raw if KEPT not in wire[u][1]]
    warm_bytes = sum(len(wire[u][0]) for u in warm)
    # the page budget (docs/operations.md): the game page <= 30 KB raw, and <= 10 KB on the wire
    # with what a first view fetches (both figures printed)
    print(
        f"    cold view: {len(raw)} requests, {cold_raw / 1024:.1f} KB raw, {cold / 1024:.1f} KB"
        f" on the wire (goal: the page <= 30 KB raw: {len(html) / 1024:.1f} KB"
        f" {'ok' if len(html) <= 30 * 1024 else 'MISSED'}; <= 10 KB on the wire in all:"
        f" {'ok' if cold <= 10 * 1024 else 'MISSED'})"
    )
    print(
        f"    warm view: {len(warm)} request{'s' if len(warm) > 1 else ''},"
        f" {warm_bytes / 1024:.1f} KB on the wire (goal 1 request, <= 10 KB:"
        f" {'ok' if len(warm) == 1 and warm_bytes <= 10 * 1024 else 'MISSED'});"
        f" gzip of the HTML {gzip_ms:.2f} ms"
    )
    # the service worker's install: what the page does not load itself (the offline code, the
    # engine, the offline page, the forms' scripts), fetched once per release in the background
    worker = client.get("/sw.js").get_data(as_text=True)
    shell = json.loads("[" + re.search(r"SHELL_FILES = \[OFFLINE, (.*)\];", worker).group(1) + "]")
    modules = json.loads("[" + re.search(r"MODULES = \[(.*)\];", worker).group(1) + "]")
    shell = [u for u in ["/offline", *shell, *modules] if u not in raw]
    installed = {u.split("?")[0]: fetched(client, u, WIRE)[0] for u in shell}
    each = ", ".join(f"{name} {len(b) / 1024:.1f}" for name, b in installed.items())
    print(
        f"    the worker's install, once per release after a first view: {len(installed)} files,"
        f" {sum(len(b) for b in installed.values()) / 1024:.1f} KB on the wire ({each})"
    )
    print(f"  requests to other hosts: {len(foreign)}" + "".join(f"\n    {u}" for u in foreign))
