"""Hypothesis profiles: how many examples each hypothesis test draws (dev, ci, deep)."""

# The whole suite must stay within five minutes on CI's 2-core machine, and drawing a whole
# game through hypothesis costs about 50 ms, almost all of it hypothesis's own bookkeeping (the
# seeded generator of the engine's conformance test deals one in 1-2 ms). So:
# - "dev" (the default) and "ci" (CI=1) draw a quarter of each test's full count: each
#   whole-game property still sees every preset (a test per preset) on 10 games each run, with
#   house rules and with the club agreements, and each run draws other games (not
#   derandomized: over a month of runs the properties see thousands of games). A failure
#   prints the seed or the blob that replays it (`@reproduce_failure`).
# - "deep" (HYPOTHESIS_PROFILE=deep) draws the full counts, for a run at night or before a
#   release: `HYPOTHESIS_PROFILE=deep ./run-tests -m properties`.
# A test's own @settings replace the profile's, so each test asks `examples(full)` for its
# count instead of writing a number.

from __future__ import annotations

import math
import os

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
SHARE = {"dev": 0.25, "ci": 0.25, "deep": 1.0}
if PROFILE not in SHARE:
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE}: one of {', '.join(SHARE)}")

# whole games take a while to draw: no deadline, and the health checks of slow or big draws off
settings.register_profile(
    "dev",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# hypothesis's own "ci" profile is derandomized: every CI run would draw the same few games
settings.register_profile(
    "ci", settings.get_profile("dev"), derandomize=False, database=None, print_blob=True
)
settings.register_profile("deep", settings.get_profile("dev"), print_blob=True)
settings.load_profile(PROFILE)


def examples(full: int) -> int:
    """A test's examples in this profile: `full` (the deep run's count) scaled, at least 5."""
    return max(5, math.ceil(full * SHARE[PROFILE]))
