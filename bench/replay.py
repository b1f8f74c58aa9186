"""Replay speed of the rules: microseconds per line for games of 1,000 and 2,000 lines (a
game has at most 2,000: rules.bounds.LINES_MAX), as a stored game read back (the web app's
pages: rules.stored_sheet, scored as accepted), as stored lines checked again (a write that
changes a line re-checks those after it) and as entered ones (every check of a real deal: a
game file, an import).

Run: .venv/bin/python bench/replay.py   (prints CPU time per line; the goal is <= 10 us per line
for a stored game read back and a 2k/1k ratio <= 2.2). Also times `scorekeeper score` on a
1,000-line file, start-up included (goal: under 1 s). The deal check remembers its answers, so each
entered figure is taken with that memory emptied first, as a fresh process has it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the benchmarks as the package `bench`
from bench import deal  # noqa: E402
from scorekeeper.gamefile import parse
from scorekeeper.rules import deal as deal_check
from scorekeeper.rules import replay, stored_sheet


def best_of(
    runs: int, fn: Callable[[], object], clock: Callable[[], float] = time.process_time
) -> float:
    """The least time of `runs`: CPU time of this process by default, which other processes
    on a shared machine disturb far less than the wall clock (the 2k/1k ratio swung from 1.35
    to 4.46 by wall time)."""
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


def fresh(fn: Callable[[], object]) -> Callable[[], object]:
    """`fn` with the deal check's memory emptied first (a fresh process)."""

    def run() -> object:
        deal_check._possible.cache_clear()
        deal_check._STATES.clear()
        return fn()

    return run


def main() -> None:
    print(
        f"{'preset':8} {'read 1k':>8} {'read 2k':>8} {'ratio':>6} {'checked 2k':>11} "
        f"{'entered 1k':>11} {'entered 2k':>11} {'ratio':>6}   (us per line)"
    )
    worst, worst_read, worst_stored, worst_ratio = 0.0, 0.0, 0.0, 0.0
    for preset in deal.SEATS:
        data = deal.game(preset, 2000, seed=7)
        game = parse(data)
        rules = game.rules()
        half = game.lines[:1000]
        r1 = best_of(7, lambda r=rules, h=half: stored_sheet(r, h).tally())
        r2 = best_of(7, lambda r=rules, g=game: stored_sheet(r, g.lines).tally())
        s2 = best_of(7, lambda r=rules, g=game: replay(r, g.lines, stored=True))
        e1 = best_of(5, fresh(lambda r=rules, h=half: replay(r, h)))
        e2 = best_of(5, fresh(lambda r=rules, g=game: replay(r, g.lines)))
        worst = max(worst, e2 / 2000 * 1e6)
        worst_read = max(worst_read, r2 / 2000 * 1e6)
        worst_stored = max(worst_stored, s2 / 2000 * 1e6)
        worst_ratio = max(worst_ratio, r2 / r1, e2 / e1)
        print(
            f"{preset:8} {r1 / 1000 * 1e6:8.1f} {r2 / 2000 * 1e6:8.1f} {r2 / r1:6.2f} "
            f"{s2 / 2000 * 1e6:11.1f} "
            f"{e1 / 1000 * 1e6:11.1f} {e2 / 2000 * 1e6:11.1f} {e2 / e1:6.2f}"
        )
    print(f"worst stored game read back (a page): {worst_read:.1f} us of CPU per line (goal 10)")
    print(f"worst stored lines checked again (a changed line): {worst_stored:.1f} us per line")
    print(f"worst entered replay (a file, an import): {worst:.1f} us of CPU per line")
    print(f"worst 2k/1k ratio: {worst_ratio:.2f} (linear: <= 2.2)")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.json")
        with open(path, "w") as f:
            json.dump(deal.game("ru-3", 1000, seed=3), f)
        exe = [str(ROOT / ".venv" / "bin" / "scorekeeper")]
        if not os.path.exists(exe[0]):
            exe = [sys.executable, "-m", "scorekeeper"]
        wall = best_of(
            5,
            lambda: subprocess.run([*exe, "score", path], check=True, stdout=subprocess.DEVNULL),
            time.perf_counter,  # a child process: its CPU is not ours, so the wall clock
        )
        print(
            f"scorekeeper score, 1,000-line ru-3 file: {wall * 1000:.0f} ms including "
            "start-up (goal 1000 ms)"
        )


if __name__ == "__main__":
    main()
