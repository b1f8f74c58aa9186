"""Replay speed of the rules: microseconds per line for games of 10,000 and 20,000 lines.

Run: .venv/bin/python bench/replay.py   (prints figures; the goal is <= 25 us per line and a
20k/10k time ratio <= 2.2). Also times `scorekeeper score` on a 1,000-line file, start-up
included (goal: under 1 s).
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
# Run as a script, this folder comes first on sys.path, and bench/http.py would then stand in
# for the standard library's http: import the benchmarks as the package `bench` instead.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
from bench import deal  # noqa: E402
from scorekeeper.gamefile import parse  # noqa: E402


def best_of(runs: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print(
        f"{'preset':8} {'us/line 10k':>12} {'us/line 20k':>12} {'ratio':>6} "
        f"{'parse+score us/line':>20}"
    )
    worst = 0.0
    for preset in deal.SEATS:
        data = deal.game(preset, 20000, seed=7)
        game = parse(data)
        rules = game.rules()
        half = game.lines[:10000]
        t10 = best_of(7, lambda r=rules, h=half: r.replay(h))
        t20 = best_of(7, lambda r=rules, g=game: r.replay(g.lines))
        full = best_of(3, lambda d=data: parse(d).score())
        worst = max(worst, t20 / 20000 * 1e6)
        print(
            f"{preset:8} {t10 / 10000 * 1e6:12.1f} {t20 / 20000 * 1e6:12.1f} "
            f"{t20 / t10:6.2f} {full / 20000 * 1e6:20.1f}"
        )
    print(f"worst replay: {worst:.1f} us per line (goal 25)")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.json")
        with open(path, "w") as f:
            json.dump(deal.game("ru-3", 1000, seed=3), f)
        exe = [str(ROOT / ".venv" / "bin" / "scorekeeper")]
        if not os.path.exists(exe[0]):
            exe = [sys.executable, "-m", "scorekeeper"]
        wall = best_of(
            5, lambda: subprocess.run([*exe, "score", path], check=True, stdout=subprocess.DEVNULL)
        )
        print(
            f"scorekeeper score, 1,000-line ru-3 file: {wall * 1000:.0f} ms including "
            "start-up (goal 1000 ms)"
        )


if __name__ == "__main__":
    main()
