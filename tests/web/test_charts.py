"""The SVG charts: well-formed, readable by position, described in words, escaped and small."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from markupsafe import Markup

from scorekeeper.web.charts import progression, results

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Ala", "Bartek", "Celina"]


def parse(svg: Markup) -> ET.Element:
    root = ET.fromstring(str(svg))
    assert root.tag == f"{NS}svg"
    return root


def polylines(root: ET.Element) -> list[list[tuple[float, float]]]:
    return [
        [(float(x), float(y)) for x, y in (p.split(",") for p in line.get("points", "").split())]
        for line in root.iter(f"{NS}polyline")
    ]


def desc(root: ET.Element) -> str:
    element = root.find(f"{NS}desc")
    assert element is not None and element.text
    return element.text


def ref_line_y(root: ET.Element, label: str) -> float:
    for group in root.iter(f"{NS}g"):
        text, line = group.find(f"{NS}text"), group.find(f"{NS}line")
        if group.get("class") == "chart-ref" and text is not None and text.text == label:
            assert line is not None
            return float(line.get("y1", ""))
    raise AssertionError(f"no reference line {label!r}")


def zero_y(root: ET.Element) -> float:
    grid = root.find(f"{NS}g[@class='chart-grid']")
    assert grid is not None
    labels = list(grid.iter(f"{NS}text"))
    lines = list(grid.iter(f"{NS}line"))
    return next(float(ln.get("y1", "")) for ln, t in zip(lines, labels) if t.text == "0")


def long_game(lines: int, players: int = 4) -> list[list[int]]:
    return [[(i * (seat + 3) * 7) % 1400 - 400 for seat in range(players)] for i in range(lines)]


def test_progression_renders_for_0_1_and_300_lines() -> None:
    for count in (0, 1, 300):
        totals = long_game(count, 3)
        root = parse(progression(NAMES, totals, 1000))
        lines = polylines(root)
        assert len(lines) == 3
        assert all(len(points) == count + 1 for points in lines)
        assert f"After {count} line" in desc(root)
        assert root.get("viewBox", "").startswith("0 0 360 ")
        assert root.get("width") == "100%"


def test_higher_total_is_drawn_higher_and_target_between() -> None:
    totals = [[120, 40, -60], [990, 1010, -200]]
    root = parse(progression(NAMES, totals, 1000, [("lock 900", 900)]))
    ala, bartek, celina = polylines(root)
    assert ala[1][1] < bartek[1][1] < celina[1][1]
    assert bartek[2][1] < ref_line_y(root, "target 1000") < ala[2][1]
    assert ref_line_y(root, "target 1000") < ala[2][1] < ref_line_y(root, "lock 900")
    assert ala[0][1] == bartek[0][1] == celina[0][1] == zero_y(root)
    assert celina[2][1] > zero_y(root)


def test_desc_states_each_final_total_and_target() -> None:
    totals = [[100, 200, 0]] * 11 + [[620, 1010, 340]]
    root = parse(progression(NAMES, totals, 1000))
    assert desc(root) == "After 12 lines: Ala 620, Bartek 1010, Celina 340. Target 1000."
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "Score progression"
    assert root.get("role") == "img"
    legend = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "Bartek 1010" in legend and "Celina 340" in legend


def test_players_are_told_apart_without_colour() -> None:
    root = parse(progression(["A", "B", "C", "D"], long_game(5), 1000))
    lines = list(root.iter(f"{NS}polyline"))
    assert len({ln.get("stroke") for ln in lines}) == 4
    assert len({ln.get("stroke-dasharray") for ln in lines}) == 4


def test_names_are_escaped() -> None:
    svg = str(progression(['<b>&"x"', "B"], [[10, 20]], 1000, [("<i>", 500)], title="<t>"))
    root = parse(Markup(svg))
    assert not any(el.tag.endswith("}b") or el.tag.endswith("}i") for el in root.iter())
    assert '<b>&"x" 10' in desc(root)
    assert "<b>" not in svg


def test_ids_unique_and_prefixed_and_no_style_or_script() -> None:
    charts = [
        progression(NAMES, long_game(20, 3), 1000, id_prefix="game-7"),
        results([("2026-03-01", 1010, True), ("2026-03-02", -120, False)], id_prefix="me"),
        results([], id_prefix="empty"),
    ]
    for svg, prefix in zip(charts, ("game-7", "me", "empty")):
        root = parse(svg)
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert len(ids) == len(set(ids)) == 2
        assert all(i and i.startswith(prefix + "-") for i in ids)
        assert root.get("aria-labelledby") == f"{prefix}-title {prefix}-desc"
        for el in root.iter():
            assert "style" not in el.attrib
            assert el.tag not in (f"{NS}style", f"{NS}script")
        assert "<script" not in str(svg) and "style" not in str(svg)


def test_progression_stays_small() -> None:
    svg = progression(["Ala", "Bartek", "Celina", "Dorota"], long_game(300), 1000)
    assert len(str(svg).encode()) < 40_000
    root = parse(svg)
    labels = root.find(f"{NS}g[@class='chart-axis']")
    assert labels is not None and 2 <= len(list(labels)) <= 8


def test_y_axis_includes_target_marks_and_extremes() -> None:
    root = parse(progression(NAMES, [[-480, 1180, 0]], 1000, [("barrel 880", 880)]))
    grid = root.find(f"{NS}g[@class='chart-grid']")
    assert grid is not None
    ticks = [int(t.text or "") for t in grid.iter(f"{NS}text")]
    assert min(ticks) <= -480 and max(ticks) >= 1180 and 0 in ticks
    assert 3 <= len(ticks) <= 8


def test_results_with_no_games() -> None:
    root = parse(results([]))
    assert "No games yet" in desc(root)
    assert any("No games yet" in (t.text or "") for t in root.iter(f"{NS}text"))


def test_results_with_one_and_several_games() -> None:
    root = parse(results([("2026-03-01", 1010, True)]))
    assert len(polylines(root)) == 1
    assert "1 game" in desc(root) and "2026-03-01" in desc(root)

    games = [("2026-03-01", 1010, True), ("2026-03-05", -120, False), ("2026-03-09", 400, False)]
    root = parse(results(games))
    (line,) = polylines(root)
    assert len(line) == 3
    assert line[0][1] < zero_y(root) < line[1][1]
    text = desc(root)
    assert "3 games" in text and "1 won" in text and "1010" in text and "-120" in text
    assert "2026-03-01" in text and "2026-03-09" in text
    circles = list(root.iter(f"{NS}circle"))
    markers = [c for c in circles if c.get("cy") != "218.5"]
    assert [m.get("fill") != "none" for m in markers] == [True, False, False]


def test_results_with_2000_games_is_one_polyline_and_small() -> None:
    games = [(f"day {i}", (i * 37) % 1500 - 400, i % 3 == 0) for i in range(2000)]
    svg = results(games)
    assert len(str(svg).encode()) < 200_000
    root = parse(svg)
    (line,) = polylines(root)
    assert 306 <= len(line) <= 2 * 306  # more games than pixel columns: each one's extremes
    assert "2000 games" in desc(root) and "667 won" in desc(root)


def test_results_with_10000_games_draw_each_pixel_columns_extremes() -> None:
    totals = [(i * 37) % 1500 - 400 for i in range(10_000)]
    totals[5000] = 2000  # one game far above the rest, one far below: both still drawn
    totals[7777] = -900
    svg = results([(f"day {i}", t, i % 3 == 0) for i, t in enumerate(totals)])
    assert len(str(svg).encode()) < 30_000
    root = parse(svg)
    (line,) = polylines(root)
    assert 306 <= len(line) <= 2 * 306  # a point or two a pixel column
    ys = [y for _, y in line]
    assert min(ys) < max(ys)
    top, bottom = min(ys), max(ys)  # SVG y grows downwards
    assert sum(1 for y in ys if y == top) == 1 and sum(1 for y in ys if y == bottom) == 1
    assert "10000 games" in desc(root) and "Best final total 2000, worst -900." in desc(root)
