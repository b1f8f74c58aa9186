"""Server-rendered, accessible SVG charts of score progression, of a player's results and
rating."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from flask_babel import format_decimal, ngettext
from flask_babel import gettext as _
from markupsafe import Markup, escape

# Mid-tones with contrast >= 3:1 against both white and #121212; each seat also has its own
# dash pattern and end marker, so the lines stay apart in greyscale and for colour-blind readers.
COLOURS = ("#d06000", "#4a90e2", "#2e9b48", "#c05fc0")
DASHES = ("", "6 3", "2 2", "8 3 2 3")
SHAPES = ("circle", "square", "triangle", "diamond")
WIDTH = 360
LEFT, RIGHT, TOP, BOTTOM = 44.0, 350.0, 12.0, 186.0
FONT = 'font-size="10" fill="currentColor"'
MAX_MARKERS = 200

Scale = Callable[[float], float]


def _n(value: float) -> str:
    """A coordinate rounded to one decimal, without a trailing '.0'."""
    text = f"{round(value, 1) + 0.0:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _step(span: float, most: int) -> int:
    """A round step (1, 2, 2.5, 5 times a power of ten) giving at most `most` steps over span."""
    power = 1
    while True:
        for factor in (1, 2, 2.5, 5):
            step = factor * power
            if step == int(step) and span / step <= most:
                return int(step)
        power *= 10


def _scale(lo: float, hi: float, start: float, end: float) -> Scale:
    hi = hi if hi > lo else lo + 1
    return lambda v: start + (v - lo) * (end - start) / (hi - lo)


def _open(id_prefix: str, height: int, title: str, desc: str) -> list[str]:
    pid = escape(id_prefix)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height}"'
        f' width="100%" role="img" aria-labelledby="{pid}-title {pid}-desc">',
        f'<title id="{pid}-title">{escape(title)}</title>',
        f'<desc id="{pid}-desc">{escape(desc)}</desc>',
    ]


def _y_axis(values: Sequence[int]) -> tuple[list[str], Scale]:
    """Gridlines with tick labels over a round range covering 0 and all values; the y scale."""
    lo, hi = min(0, *values), max(0, *values)
    step = _step(max(hi - lo, 1), 6)
    lo_axis, hi_axis = math.floor(lo / step) * step, math.ceil(hi / step) * step
    if hi_axis == lo_axis:
        hi_axis += step
    y = _scale(lo_axis, hi_axis, BOTTOM, TOP)
    parts = ['<g class="chart-grid">']
    for tick in range(lo_axis, hi_axis + 1, step):
        opacity = "0.6" if tick == 0 else "0.2"
        parts.append(
            f'<line x1="{_n(LEFT)}" x2="{_n(RIGHT)}" y1="{_n(y(tick))}" y2="{_n(y(tick))}"'
            f' stroke="currentColor" stroke-opacity="{opacity}" stroke-width="1"/>'
            f'<text x="{_n(LEFT - 4)}" y="{_n(y(tick) + 3.5)}" text-anchor="end" {FONT}>'
            f"{tick}</text>"
        )
    parts.append("</g>")
    return parts, y


def _marker(shape: str, x: float, y: float, colour: str, filled: bool = True) -> str:
    paint = f'fill="{colour}"' if filled else f'fill="none" stroke="{colour}" stroke-width="1.5"'
    if shape == "square":
        return f'<rect x="{_n(x - 3)}" y="{_n(y - 3)}" width="6" height="6" {paint}/>'
    if shape == "triangle":
        return f'<path d="M{_n(x)} {_n(y - 4)}l4 7h-8z" {paint}/>'
    if shape == "diamond":
        return f'<path d="M{_n(x)} {_n(y - 4)}l4 4-4 4-4-4z" {paint}/>'
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3.5" {paint}/>'


def _short(name: str, most: int = 14) -> str:
    return name if len(name) <= most else name[: most - 1] + "…"


def progression(
    names: Sequence[str],
    totals: Sequence[Sequence[int]],
    target: int,
    marks: Sequence[tuple[str, int]] = (),
    title: str | None = None,
    *,
    id_prefix: str = "chart",
) -> Markup:
    """A line chart of every player's running total by line, with the target and marks.

    The words (title, description, labels) are in the reader's language: flask_babel's gettext
    at call time, English outside a request.
    """
    if title is None:
        title = _("Score progression")
    if not 1 <= len(names) <= len(COLOURS):
        raise ValueError(f"between 1 and {len(COLOURS)} players, not {len(names)}")
    if any(len(row) != len(names) for row in totals):
        raise ValueError("every line of totals needs one total per player")
    rows = [[0] * len(names), *[list(row) for row in totals]]
    lines = len(totals)
    finals = rows[-1]
    refs = [(_("target %(points)s", points=target), target), *marks]
    standing = ", ".join(f"{n} {t}" for n, t in zip(names, finals))
    desc = ngettext(
        "After %(num)d line: %(totals)s.",
        "After %(num)d lines: %(totals)s.",
        lines,
        totals=standing,
    )
    desc += "".join(f" {label[:1].upper()}{label[1:]}." for label, _value in refs)
    legend_rows = (len(names) + 1) // 2
    height = 214 + 14 * legend_rows  # room below the last legend row for its descenders
    parts = _open(id_prefix, height, title, desc)

    grid, y = _y_axis([v for row in rows for v in row] + [v for _, v in refs])
    parts += grid
    x = _scale(0, lines, LEFT, RIGHT)
    step = _step(max(lines, 1), 6)
    parts.append('<g class="chart-axis">')
    for tick in range(0, lines + 1, step):
        parts.append(f'<text x="{_n(x(tick))}" y="200" text-anchor="middle" {FONT}>{tick}</text>')
    parts.append("</g>")

    for i, (label, value) in enumerate(refs):
        ry = y(value)
        dash = "5 3" if i == 0 else "1 3"
        ty = ry - 3 if i == 0 else ry + 10
        parts.append(
            f'<g class="chart-ref"><line x1="{_n(LEFT)}" x2="{_n(RIGHT)}" y1="{_n(ry)}"'
            f' y2="{_n(ry)}" stroke="currentColor" stroke-width="1" stroke-dasharray="{dash}"/>'
            f'<text x="{_n(LEFT + 3)}" y="{_n(ty)}" {FONT}>{escape(label)}</text>'
            "</g>"
        )

    for seat, name in enumerate(names):
        colour, shape = COLOURS[seat], SHAPES[seat]
        dash = f' stroke-dasharray="{DASHES[seat]}"' if DASHES[seat] else ""
        points = " ".join(f"{_n(x(i))},{_n(y(row[seat]))}" for i, row in enumerate(rows))
        parts.append(
            f'<g class="chart-player"><polyline points="{points}" fill="none" stroke="{colour}"'
            f' stroke-width="2" stroke-linejoin="round"{dash}/>'
            + _marker(shape, x(lines), y(finals[seat]), colour)
            + "</g>"
        )
        lx, ly = 8 + 176 * (seat % 2), 218 + 14 * (seat // 2)
        parts.append(
            f'<g class="chart-legend"><line x1="{lx}" x2="{lx + 22}" y1="{_n(ly - 3.5)}"'
            f' y2="{_n(ly - 3.5)}" stroke="{colour}" stroke-width="2"{dash}/>'
            + _marker(shape, lx + 11, ly - 3.5, colour)
            + f'<text x="{lx + 27}" y="{ly}" {FONT}>{escape(_short(name))} {finals[seat]}</text>'
            "</g>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def _envelope(values: Sequence[float]) -> list[tuple[int, float]]:
    """The points of a line worth drawing: all of them while they are fewer than two a pixel
    column, else each column's lowest and highest in their order (the line looks the same;
    10,000 games drew 10,000 points, most of a first view and 150 KB of the page)."""
    columns = int(RIGHT - LEFT)
    if len(values) <= 2 * columns:
        return list(enumerate(values))
    out: list[tuple[int, float]] = []
    for c in range(columns):
        start, end = c * len(values) // columns, (c + 1) * len(values) // columns
        part = range(start, end)
        low = min(part, key=values.__getitem__)
        high = max(part, key=values.__getitem__)
        out += [(i, values[i]) for i in sorted({low, high})]
    return out


def _dated_line(
    values: Sequence[float],
    first: str,
    last: str,
    y: Scale,
    colour: str,
) -> tuple[Scale, list[str]]:
    """One value per game along the x axis, oldest first, the first and last days under it:
    the x scale, and the axis's days and the line as SVG parts."""
    count = len(values)
    x = _scale(0, count - 1, LEFT, RIGHT) if count > 1 else (lambda _: (LEFT + RIGHT) / 2)
    parts = ['<g class="chart-axis">']
    if count == 1:
        parts.append(
            f'<text x="{_n(x(0))}" y="200" text-anchor="middle" {FONT}>{escape(first)}</text>'
        )
    else:
        parts.append(f'<text x="{_n(LEFT)}" y="200" {FONT}>{escape(first)}</text>')
        parts.append(
            f'<text x="{_n(RIGHT)}" y="200" text-anchor="end" {FONT}>{escape(last)}</text>'
        )
    parts.append("</g>")
    coords = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in _envelope(values))
    parts.append(
        f'<polyline class="chart-line" points="{coords}" fill="none" stroke="{colour}"'
        ' stroke-width="1.5" stroke-linejoin="round"/>'
    )
    return x, parts


def rating(
    points: Sequence[tuple[str, float]],
    title: str | None = None,
    id_prefix: str = "rating",
) -> Markup:
    """One player's rating (the ordinal, docs/ratings.md) after each rated game, oldest
    first: `points` are (the day the game ended, the rating after it)."""
    if title is None:
        title = _("Rating after each game")
    colour = COLOURS[2]
    if not points:
        parts = _open(id_prefix, 120, title, _("No rated game yet."))
        empty = escape(_("No rated game yet"))
        parts.append(f'<text x="{WIDTH // 2}" y="64" text-anchor="middle" {FONT}>{empty}</text>')
        return Markup("".join(parts) + "</svg>")
    count, values = len(points), [value for _, value in points]
    first, last = points[0][0], points[-1][0]
    desc = ngettext(
        "%(num)d rated game from %(first)s to %(last)s.",
        "%(num)d rated games from %(first)s to %(last)s.",
        count,
        first=first,
        last=last,
    )
    desc += " " + _(
        "Rating now %(now)s, highest %(best)s, lowest %(worst)s.",
        now=format_decimal(values[-1], "#,##0.0"),
        best=format_decimal(max(values), "#,##0.0"),
        worst=format_decimal(min(values), "#,##0.0"),
    )
    parts = _open(id_prefix, 212, title, desc)
    # the axis over whole numbers around every value (and 0: a new player starts below it)
    grid, y = _y_axis([math.floor(min(values)), math.ceil(max(values))])
    parts += grid
    x, line = _dated_line(values, first, last, y, colour)
    parts += line
    parts.append(_marker("circle", x(count - 1), y(values[-1]), colour))
    parts.append("</svg>")
    return Markup("".join(parts))


def results(
    points: Sequence[tuple[str, int, bool]],
    title: str | None = None,
    id_prefix: str = "chart",
) -> Markup:
    """One player's final total per game, oldest first: filled markers won, hollow ones lost."""
    if title is None:
        title = _("Results over time")
    colour = COLOURS[1]
    if not points:
        parts = _open(id_prefix, 120, title, _("No games yet."))
        empty = escape(_("No games yet"))
        parts.append(f'<text x="{WIDTH // 2}" y="64" text-anchor="middle" {FONT}>{empty}</text>')
        return Markup("".join(parts) + "</svg>")

    count, totals = len(points), [total for _, total, _ in points]
    won = sum(1 for _, _, w in points if w)
    first, last = points[0][0], points[-1][0]
    if count == 1:
        if won:
            desc = _(
                "1 game, on %(date)s, won. Final total %(total)s.", date=first, total=totals[0]
            )
        else:
            desc = _(
                "1 game, on %(date)s, lost. Final total %(total)s.", date=first, total=totals[0]
            )
    else:
        desc = ngettext(
            "%(num)d game from %(first)s to %(last)s, %(won)d won.",
            "%(num)d games from %(first)s to %(last)s, %(won)d won.",
            count,
            first=first,
            last=last,
            won=won,
        )
        desc += " " + _(
            "Best final total %(best)s, worst %(worst)s.", best=max(totals), worst=min(totals)
        )
    markers = count <= MAX_MARKERS
    parts = _open(id_prefix, 232 if markers else 212, title, desc)
    grid, y = _y_axis(totals)
    parts += grid
    x, line = _dated_line(totals, first, last, y, colour)
    parts += line
    if markers:
        won_word, lost_word = escape(_("won")), escape(_("lost"))
        parts.append('<g class="chart-markers">')
        parts += [_marker("circle", x(i), y(t), colour, w) for i, (_, t, w) in enumerate(points)]
        parts.append("</g>")
        parts.append(
            '<g class="chart-legend">'
            + _marker("circle", 12, 218.5, colour)
            + f'<text x="20" y="222" {FONT}>{won_word}</text>'
            # the second entry in the right half, like the game chart's legend: the words
            # differ in length from one language to another ("won", "wygrana", "победа")
            + _marker("circle", 188, 218.5, colour, False)
            + f'<text x="196" y="222" {FONT}>{lost_word}</text></g>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
