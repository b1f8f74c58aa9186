"""A club night through a network cut, at a size that fits the suite (tools/rehearse_cut.py
runs it at 27 tables): nothing a phone queued is lost or stored twice, every conflict is
shown to its table, and the standings are right at once after the return."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from rehearse_cut import rehearse  # noqa: E402


def test_a_cut_loses_no_hand_stores_none_twice_and_shows_every_conflict(app: Any) -> None:
    report = rehearse(app, tables=4, hands=3, cut_s=600, second_phones=1)
    assert report.queued == 12 and report.others == 1
    assert report.lost == 0 and report.duplicated == 0 and report.unsurfaced == 0
    # the table where a second phone wrote keeps its three hands on its phone, to choose
    assert report.conflicts == 3 and report.stored == 9
    assert report.replays == 3  # the lost answers' retries were answered as the first posts
    assert report.problems == [] and report.standings_right and report.ok
