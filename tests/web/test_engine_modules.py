"""The browser's ES modules under /js/: each one as written, without its comments, sent again
only when it changed, and nothing of the server but them."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.web.engine import MODULE_FOLDERS, module_urls


def _written(app) -> list[str]:  # type: ignore[no-untyped-def]
    static = Path(app.static_folder)
    return sorted(
        p.relative_to(static).as_posix()
        for folder in MODULE_FOLDERS
        for p in (static / folder).rglob("*.js")
    )


def test_every_module_is_listed_for_the_service_worker_and_sent_without_its_comments(app, anon):
    with app.test_request_context():
        urls = module_urls()
    names = _written(app)
    assert urls == [f"/js/{name}" for name in names]
    assert "/js/rules/data.js" in urls
    static = Path(app.static_folder)
    for url, name in zip(urls, names, strict=True):
        sent = anon.get(url)
        assert sent.status_code == 200, url
        assert sent.mimetype == "text/javascript"
        assert "Set-Cookie" not in sent.headers  # the same for everyone
        written = (static / name).read_bytes()
        assert len(sent.data) < len(written), url
        # rjsmin removes and renames nothing: the exported names are all still there
        for line in written.decode().splitlines():
            if line.startswith("export function "):
                assert line.split("(")[0].encode() in sent.data, (url, line)
        assert b"\n// " not in sent.data and b"\n  " not in sent.data, url


def test_a_module_is_sent_again_only_when_it_changed(anon):
    first = anon.get("/js/rules/data.js")
    etag = first.headers["ETag"]
    assert not etag.startswith("W/")  # strong: the same bytes on every worker
    assert first.headers["Cache-Control"] == "no-cache"
    again = anon.get("/js/rules/data.js", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    gzipped = anon.get("/js/rules/data.js", headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert gzipped.headers["ETag"] == etag and "Accept-Encoding" in gzipped.headers["Vary"]


@pytest.mark.parametrize(
    "name",
    [
        "sw.js",  # static/, but not a module folder
        "app.js",
        "style.css",
        "icons/icon.svg",
        "engine/py.js",  # the old engine is not a module
        "offline/files.json",
        "rules/no-such-module.js",
        "rules/",
        "Rules/data.js",
        "rules/../sw.js",
        "rules/%2e%2e/sw.js",
        "rules/..%2fsw.js",
        "rules//data.js",
        "rules/data.js/",
        "%2fetc/passwd",
        "rules/..%5c..%5cconfig.py",
        "../web/engine.py",
        "rules/data.js%00.css",
    ],
)
def test_nothing_but_a_module_is_sent(anon, name):
    # (a doubled slash is first sent to its single-slash URL, which is not found either)
    assert anon.get(f"/js/{name}", follow_redirects=True).status_code == 404
