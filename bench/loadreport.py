"""The load curve's table (bench/load.py): a row per step, its notes, what each column means."""

from __future__ import annotations

import math
from typing import Any


def pct(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


COLUMNS = [  # heading, row key, width, decimals
    ("tables", "label", 8, None),
    ("req/s", "rps", 7, 0),
    ("p50 ms", "p50", 8, 1),
    ("p95 ms", "p95", 8, 1),
    ("write p95", "write p95", 10, 1),
    ("errors", "errors", 7, None),
    ("503", "503", 7, None),
    ("304 %", "304 %", 7, 1),
    ("queue", "queue", 6, None),
    ("wrk ms/req", "worker ms/req", 11, 2),
    ("gen CPU %", "gen %", 10, 0),
    ("host CPU %", "host %", 11, 0),
]


LEGEND = """\
  req/s: answers a second; p50, p95: of every request, a timeout counted as the timeout;
  write p95: the scorers' posts alone; errors: timeouts, connection errors, 5xx but 503;
  304 %: of the answers; queue: the longest accept queue seen on the server's port;
  wrk ms/req: gunicorn workers' CPU per answer; gen CPU %: this script's, of one core;
  host CPU %: every core, every process (the machine is shared)"""


def print_table(rows: list[dict[str, Any]], settings: str) -> None:
    print(settings)
    print("".join(f"{h:>{w}}" for h, _, w, _ in COLUMNS))
    for r in rows:
        cells = (f"{r[k]:>{w}}" if d is None else f"{r[k]:{w}.{d}f}" for _, k, w, d in COLUMNS)
        print("".join(cells))
    for r in rows:
        notes = [f"{r['requests']:,} requests, {r['writes']:,} writes"]
        if r["errors"]:
            notes.append(
                f"errors: {r['timeouts']} timeouts, {r['refused']} connection, {r['5xx']} 5xx"
            )
        notes += [f"{r['4xx']} other 4xx"] if r["4xx"] else []
        notes += [f"{r['restarts']} workers started"] if r["restarts"] else []
        notes += [f"{r['worker timeouts']} WORKER TIMEOUT"] if r.get("worker timeouts") else []
        notes += ["request cap reached"] if r["capped"] else []
        if r["last bad"] is not None:  # how long the server took to answer normally
            notes.append(
                f"the last error, 503 or answer over 1 s was sent at +{r['last bad']:.0f} s"
            )
        print(f"  {r['label']:>8}: " + "; ".join(notes))
    print(LEGEND)
