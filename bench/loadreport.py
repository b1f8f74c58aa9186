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
    ("step", "label", 15, None),
    ("req/s", "rps", 7, 0),
    ("write95", "write p95", 8, 0),
    ("write99", "write p99", 8, 0),
    ("push95", "push p95", 8, 0),
    ("page95", "page p95", 8, 0),
    ("state95", "state p95", 8, 0),
    ("errors", "errors", 7, None),
    ("503", "503", 7, None),
    ("cpu ms/req", "cpu ms/req", 11, 2),
    ("tables/core", "tables/core", 12, 0),
    ("gen %", "gen %", 6, 0),
    ("load", "load text", 11, None),
]


LEGEND = """\
  req/s: answers a second (stream opens included, events not); write95/99: the form's POST,
  ms; push95: ms from the POST's answer to a follower reading the event of that version (can
  be < 0: the event may beat the answer); page95: the form, the board after a Save, the live
  page; state95: the followers' conditional GETs; errors: timeouts, connection errors, 5xx
  but 503, answers no page expects; 503: refused (nginx's limits, or the app's own);
  cpu ms/req: CPU of the pages' workers + the streams' worker + PostgreSQL, per answer;
  tables/core: the step's tables over the cores those three used (nginx not counted);
  gen %: this script's CPU, of one core (it shares the machine); load: 1-min load average
  before -> after the step (the machine is shared: read a figure beside it)"""


def print_table(rows: list[dict[str, Any]], settings: str, notes: list[str]) -> None:
    print(settings)
    print("".join(f"{h:>{w}}" for h, _, w, _ in COLUMNS))
    for r in rows:
        r["load text"] = f"{r['load'][0]:.1f}->{r['load'][1]:.1f}"
        cells = (f"{r[k]:>{w}}" if d is None else f"{r[k]:{w}.{d}f}" for _, k, w, d in COLUMNS)
        print("".join(cells))
    for r in rows:
        cpu = r["cpu"]
        calls = max(1.0, r["rps"] * r["wall"])
        out = [
            f"{r['requests']:,} requests, {r['writes']:,} writes, {r['pushes']:,} events timed "
            f"(push p50 {r['push p50']:.0f} ms; from the Save sent, p95 "
            f"{r['save push p95']:.0f} ms), "
            f"streams opened p95 {r['stream p95']:.0f} ms",
            "CPU ms/answer: pages {:.2f}, streams {:.2f}, PostgreSQL {:.2f}".format(
                *(1000 * cpu[k] / calls for k in ("pages", "streams", "pg"))
            ),
        ]
        if r["errors"]:
            out.append(
                f"errors: {r['timeouts']} timeouts, {r['refused']} connection, {r['5xx']} 5xx, "
                f"{r['unexpected']} unexpected answers"
            )
        if r["busy"]:
            kinds = sorted(r["busy"].items())
            out.append("503 by kind: " + ", ".join(f"{k} {n}" for k, n in kinds))
        if r["retries"]:
            out.append(
                f"{r['retries']} Saves sent again after a timeout, {r['retried stored']} "
                "answered with their hand"
            )
        if r["fallbacks"]:
            out.append(f"{r['fallbacks']} followers gave the stream up and poll (as app.js)")
        out.append(f"accept queue of the pages up to {r['queue']}")
        if "recovery s" in r:
            out.append(
                f"RECOVERY: the last error, 503 or answer over 1 s began {r['recovery s']:.1f} s "
                "after the load dropped"
            )
        elif r["last bad"] is not None:
            out.append(f"the last error, 503 or answer over 1 s began at +{r['last bad']:.0f} s")
        print(f"  {r['label']}: " + "; ".join(out))
    for note in notes:
        print(f"  {note}")
    print(LEGEND)
