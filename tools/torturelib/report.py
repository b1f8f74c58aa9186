"""The verdict: the table, the reproducers, PASS or FAIL per database, the JSON, the exit code."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from operator import itemgetter
from typing import Any

Row = Callable[[dict[str, Any]], Any]


def failures(result: dict[str, Any], mem_limit: float) -> list[str]:
    out = []
    t = result["totals"]
    if t["server_errors"]:
        out.append(f"{t['server_errors']} responses 5xx")
    if t["conn_errors"]:
        out.append(f"{t['conn_errors']} requests without an answer")
    if result["lost"] or result["duplicated"]:
        out.append(f"{result['lost']} lost and {result['duplicated']} duplicated hands")
    if result.get("outage 5xx other than 503"):
        out.append(f"{result['outage 5xx other than 503']} 5xx other than 503 in the outage")
    down = result.get("outage")
    if down and (not down["master alive after worker replaced"] or down["recovery s"] is None):
        out.append("the app did not come back after the outage")
    killed = result["worker kill"]
    if killed["server_errors"]:
        out.append(f"{killed['server_errors']} responses 5xx around the worker kill")
    if killed["replaced s"] is None:
        out.append("gunicorn did not replace the killed worker")
    if down and down["s503_api_not_json"]:
        out.append(f"{down['s503_api_not_json']} API 503s not in JSON")
    if not killed["master alive"]:
        out.append("the master died when a worker was killed")
    if mem_limit and result["bomb"]["growth MB"] > mem_limit:
        out.append(f"the zip bomb grew a worker by {result['bomb']['growth MB']} MB")
    return out


def _fmt(counts: dict[str, int]) -> str:
    return " ".join(f"{k}:{v}" for k, v in counts.items())


def _fault(f: dict[str, Any]) -> str:
    return f"{f['requests']}/{f['server_errors']}/{f['conn_errors']}"


def _503(f: dict[str, Any]) -> str:
    return f"{f['s503']} ({f['s503_retry_after']})"


def _pg(get: Row) -> Row:
    """A row of the outage, which only PostgreSQL has ("-" elsewhere)."""
    return lambda r: get(r["outage"]) if "outage" in r else "-"


ROWS: list[tuple[str, Row]] = [
    ("requests", lambda r: r["totals"]["requests"]),
    ("  fuzz cases run", lambda r: r["fuzz requests"]),
    ("2xx/3xx", lambda r: r["totals"]["ok"]),
    ("4xx", lambda r: r["totals"]["client_errors"]),
    ("5xx", lambda r: r["totals"]["server_errors"]),
    ("connection errors", lambda r: r["totals"]["conn_errors"]),
    ("hands acknowledged", lambda r: r["acknowledged"]),
    ("lost", lambda r: r["lost"]),
    ("  lost per game", lambda r: _fmt(r["lost per game"])),
    ("duplicated", lambda r: r["duplicated"]),
    ("API distinct hands at once", lambda r: _fmt(r["concurrency"]["api distinct"])),
    ("API long keys (70 same chars)", lambda r: _fmt(r["concurrency"]["api long keys"])),
    ("API same request x10", lambda r: _fmt(r["concurrency"]["api exact repeat"])),
    ("API same key, other body", lambda r: r["concurrency"]["api key reused, other body"]),
    (
        "form double tap x10",
        lambda r: " | ".join(_fmt(t) for t in r["concurrency"]["form double tap x10"]),
    ),
    ("form distinct hands at once", lambda r: _fmt(r["concurrency"]["form distinct"])),
    ("kill -9 worker: req/5xx/conn", lambda r: _fault(r["worker kill"])),
    ("  worker replaced (s)", lambda r: r["worker kill"]["replaced s"]),
    ("DB stopped: req/5xx/conn", _pg(_fault)),
    ("  503 (with Retry-After)", _pg(_503)),
    ("  API 503 not JSON", _pg(itemgetter("s503_api_not_json"))),
    ("  500", _pg(itemgetter("s500"))),
    ("  master alive (DB back/after)", _pg(itemgetter("master alive"))),
    ("  recovery (s)", _pg(itemgetter("recovery s"))),
    ("port freed after kill -9 (s)", lambda r: r["port"].get("port freed s")),
    ("peak worker MB before bomb", lambda r: r["bomb"]["peak before MB"]),
    ("peak worker MB after bomb", lambda r: r["bomb"]["peak after MB"]),
    ("tracebacks in server log", lambda r: r["tracebacks in log"]),
    ("seconds", lambda r: r["seconds"]),
]


def report(results: list[dict[str, Any]]) -> None:
    width = 30
    print("\n" + " " * width + "".join(f"{r['database']:>22}" for r in results))
    for label, get in ROWS:
        cells = []
        for r in results:
            try:
                cells.append(str(get(r)))
            except (KeyError, TypeError):
                cells.append("?")
        if max(len(c) for c in cells) > 21:
            print(f"{label}:")
            for r, c in zip(results, cells, strict=True):
                print(f"    {r['database']}: {c}")
        else:
            print(f"{label:<{width}}" + "".join(f"{c:>22}" for c in cells))
    print(
        "(statuses: 302 saved: stored, the score page naming the new line; 302 a conflict or "
        "an earlier save, the score page without it; lost: acknowledged but not stored)"
    )
    for r in results:
        if r["5xx reproducers"]:
            print(f"\n5xx and unanswered on {r['database']}, per route: count, first request")
            for route, (count, first) in r["5xx reproducers"].items():
                print(f"  {count:5d}  {route}\n         {first[:300]}")


def verdict(
    results: list[dict[str, Any]], mem_limit: float, json_to: str | None, started: float
) -> int:
    """The table, PASS or FAIL per database, the JSON if asked; 1 if any failed, else 0."""
    report(results)
    found = {r["database"]: failures(r, mem_limit) for r in results}
    elapsed = round(time.monotonic() - started)
    print(f"\nrun time {elapsed} s")
    for db, problems in found.items():
        print(f"{db}: " + ("PASS" if not problems else "FAIL: " + "; ".join(problems)))
    if json_to:
        text = json.dumps(
            {"results": results, "failures": found, "seconds": elapsed}, indent=2, default=str
        )
        if json_to == "-":
            print(text)
        else:
            with open(json_to, "w") as f:
                f.write(text)
    return 1 if any(found.values()) else 0
