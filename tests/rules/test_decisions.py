"""Decisions of docs/rules-decisions.md that no other test holds, and the test that keeps that
document in step: every decision names the test that holds it, and that test exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .helpers import last, play, problems

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "rules-decisions.md"
#: a test named in the document: [tests/rules/test_x.py::test_y, ...]
REFERENCE = re.compile(r"(tests/[\w/]+\.py)::(test_\w+)")


def _decisions() -> list[tuple[str, str]]:
    """Each decision (a bullet at the start of a line, with its indented lines) and its section."""
    out: list[tuple[str, str]] = []
    section = ""
    for line in DECISIONS.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        elif line.startswith("- "):
            out.append((section, line))
        elif out and line.startswith("  ") and out[-1][0] == section:
            out[-1] = (section, out[-1][1] + "\n" + line)
        elif not line.strip() and out and out[-1][0] == section:
            out[-1] = (section, out[-1][1] + "\n")
    return out


def test_every_decision_names_a_test_that_exists() -> None:
    decisions = _decisions()
    assert len(decisions) > 50, "the document's decisions were not found"
    for section, text in decisions:
        named = REFERENCE.findall(text)
        assert named, f"{section}: a decision names no test: {text[:80]!r}"
        for path, name in named:
            source = ROOT / path
            assert source.is_file(), f"{section}: {path} does not exist"
            assert re.search(rf"^(async )?def {name}\(", source.read_text(), re.M), (
                f"{section}: {path} has no {name}"
            )


def test_whole_numbers_written_with_a_point_are_whole_and_true_is_no_number() -> None:
    line = last("pl-3", {"declarer": 1, "bid": 100.0, "points": [10.0, 100, 10]})
    assert line.scores == (10, 100, 10)
    assert problems("pl-3", {"declarer": 1, "bid": True, "points": [10, 100, 10]}) == [
        "hand 1: bid must be a whole number, got true"
    ]


@pytest.mark.parametrize(
    "variant, hand, refused",
    [
        ("ru-2", {"declarer": 0, "bid": 60, "give_up": True, "points": [0, 0]}, False),
        ("ru-2", {"declarer": 0, "bid": 60, "give_up": True, "points": [0, 10]}, True),
        ("pl-4", {"declarer": 1, "bid": 100, "points": [0, 60, 40, 20]}, False),
        ("pl-4", {"declarer": 1, "bid": 100, "points": [None, 60, 40, 20]}, False),
        ("pl-4", {"declarer": 1, "bid": 100, "points": [5, 55, 40, 20]}, True),
    ],
)
def test_zeros_where_nothing_is_asked(variant: str, hand: dict[str, object], refused: bool) -> None:
    """A given-up hand's points and the sitting-out seat's may be 0 (or null), nothing else."""
    assert bool(problems(variant, hand) if refused else []) == refused
    if not refused:
        play(variant, hand)


def test_an_ace_marriage_in_tricks_needs_the_four_aces_points() -> None:
    aces = [{"seat": 0, "suit": "aces"}]
    options = {"ace_marriage": 200}
    found = problems(
        "ru-2", {"declarer": 0, "bid": 60, "points": [40, 80], "marriages": aces}, options=options
    )
    assert found and "44" in found[0], found
    line = last(
        "ru-2", {"declarer": 0, "bid": 60, "points": [44, 76], "marriages": aces}, options=options
    )
    assert line.scores[0] == 60


def test_the_dump_takes_the_total_after_the_bolt() -> None:
    """ru-3: Celina at 675 takes nothing: her bolt costs 120, and 555 is dumped to 0."""
    line = last(
        "ru-3",
        {"adjustment": [0, 0, 675], "reason": "carried over"},
        {"declarer": 1, "bid": 100, "points": [20, 100, 0]},
        options={"bolts": {"count": 1}},
    )
    assert line.totals == (20, 100, 0)
    assert {n.rule for n in line.notes if n.seat == 2} == {"bolt", "dump"}
