"""The ranking and a player's rating chart in the browser at phone size (390x844 and 360x740):
the players in rating order, the minimum said, the chart drawn, nothing for axe to flag, and
nothing wider than the screen, in English and Polish."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.services.ratings import RANKED_AFTER

from .test_journeys import check_page


def game(players: list[str], adjust: list[int]) -> dict[str, object]:
    """A pl-3 game of one deal after an adjustment (totals: adjust + [10, 100, 10])."""
    return {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "options": {"deals": 1},
        "players": players,
        "hands": [
            {"adjustment": adjust, "reason": "carried over"},
            {"declarer": 1, "bid": 100, "contract": 100, "points": [10, 100, 10]},
        ],
    }


def test_the_ranking_and_the_rating_chart_at_phone_size(page: Page, live_server: str) -> None:
    names = ["Małgorzata Wiśniewska", "Bartek", "Celina"]
    for k in range(RANKED_AFTER):
        # Małgorzata wins all but the first game, Bartek that one
        adjust = [0, 0, 0] if k == 0 else [300, 0, 0]
        answer = page.request.post(f"{live_server}/api/games", data=game(names, adjust))
        assert answer.status == 201, answer.text()
    page.request.post(f"{live_server}/api/games", data=game(["Ewa", "Bartek", "Celina"], [0, 0, 0]))
    page.goto(live_server + "/players/")
    page.get_by_role("link", name="Ranking by rating").click()
    expect(page.get_by_role("heading", name="Players' ranking")).to_be_visible()
    rows = page.locator("table.ranking tbody th")
    expect(rows).to_have_text(["Małgorzata Wiśniewska", "Bartek", "Celina"])
    expect(page.get_by_text(f"ranked after {RANKED_AFTER} rated games")).to_be_visible()
    expect(page.locator(".unranked")).to_contain_text("Ewa")
    page.get_by_text("How the rating works").click()
    check_page(page, "ranking")
    page.set_viewport_size({"width": 360, "height": 740})
    check_page(page, "ranking-360", screen=360, axe=False)

    rows.first.get_by_role("link").click()
    chart = page.get_by_role("img", name="Małgorzata Wiśniewska: rating after each game")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline.chart-line")).to_have_count(1)
    check_page(page, "player-rating-360", screen=360)
    page.set_viewport_size({"width": 390, "height": 844})
    check_page(page, "player-rating", axe=False)

    page.context.add_cookies([{"name": "lang", "value": "pl", "url": live_server}])
    page.goto(live_server + "/players/ranking")
    expect(page.get_by_role("heading", name="Ranking graczy")).to_be_visible()
    check_page(page, "ranking-pl")
