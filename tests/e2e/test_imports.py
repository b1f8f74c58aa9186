"""An import in the browser: the upload lands on its page, which follows the import by itself
(app.js) to its report, laid out for a phone with nothing for axe to flag, in two languages."""

from __future__ import annotations

import io
import json
import zipfile

from playwright.sync_api import Page, expect

from scorekeeper.services import importjobs
from tests.web.test_history import GAME_A, GAME_B

from .test_journeys import check_page


def test_an_upload_lands_on_its_page_which_follows_it_to_the_report(
    page: Page,
    live_server: str,
    app,
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    bad = {**GAME_B, "hands": [{"declarer": 0, "bid": 120, "points": [100, 10, 5]}]}
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("a.json", json.dumps(GAME_A))
        z.writestr("bad.json", json.dumps(bad))
    path = tmp_path / "family.zip"
    path.write_bytes(archive.getvalue())
    page.goto(live_server + "/import")
    page.get_by_label("A game file (.json) or an archive of them (.zip)").set_input_files(path)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Import of family.zip")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Waiting to start.")
    check_page(page, "import-queued")
    with app.app_context():  # the worker's part, here; the page asks again by itself
        assert importjobs.work_all() == 1
    expect(page.get_by_role("status")).to_have_text("Finished.", timeout=10_000)
    expect(page.get_by_text("1 game stored; 0 already here")).to_be_visible()
    expect(page.get_by_text("bad.json: hand 1: card points must add up to 120")).to_be_visible()
    check_page(page, "import-report")
    page.set_viewport_size({"width": 360, "height": 740})
    check_page(page, "import-report-360", screen=360)
    # the account chose no language: the switcher's cookie says which
    page.context.add_cookies([{"name": "lang", "value": "pl", "url": live_server}])
    page.goto(live_server + "/import")
    page.get_by_role("link", name="family.zip").click()
    expect(page.get_by_role("status")).to_have_text("Zakończono.")
    check_page(page, "import-report-pl", screen=360)
