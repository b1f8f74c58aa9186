"""A change measured against the code before it, in one run: .venv/bin/python bench/side_by_side.py
--before REV [--database-url URL] [--rounds 5]

The scorer's hot paths of bench/scorer.py (the board right after a write on a 200-hand game,
the same board from a worker that remembers nothing, the form's post with its redirect), timed
in the working tree and in REV (checked out in a temporary worktree), by turns: each round runs
one tree then the other in a fresh process, so both meet the same moments of a noisy machine.
Prints p50 and p95 of each (CPU ms of the request: the machine is shared and noisy, and the
server's wall time follows its CPU) and their ratio, with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import json, os, sys, tempfile, time
sys.path.insert(0, os.getcwd())
from bench import scorer
from scorekeeper import create_app
url = os.environ.get("PROBE_URL") or "sqlite:///" + tempfile.mkdtemp() + "/probe.sqlite"
if url.startswith("postgresql"):
    from bench.http_pages import reset_postgres
    reset_postgres(url)
scorer.TIMED = int(os.environ["PROBE_TIMED"])
def cpu_ms(fn):
    # CPU time of this process: what the request costs, whatever else the machine is doing
    start = time.process_time()
    out = fn()
    return (time.process_time() - start) * 1000, out
scorer.ms = cpu_ms
app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "probe", "WTF_CSRF_ENABLED": False})
client = app.test_client()
signup = {"username": "probe", "password": "probe password", "confirm": "probe password"}
assert client.post("/signup", data=signup).status_code == 302
out = {
    "board right after a write": scorer.board_after_write(client),
    "board, worker remembers nothing": scorer.board_cold(app, client),
    "form post + its redirect": scorer.form_post(client),
}
print(json.dumps(out))
"""


def probe(tree: Path, url: str | None, timed: int) -> dict[str, list[float]]:
    env = {**os.environ, "PROBE_TIMED": str(timed), "PYTHONPATH": str(tree)}
    if url:
        env["PROBE_URL"] = url
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=tree, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the revision to compare with")
    parser.add_argument("--database-url", help="a scratch PostgreSQL (emptied); else SQLite")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--timed", type=int, default=30, help="requests timed per round")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as where:
        before = Path(where) / "before"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(before), args.before],
            cwd=ROOT,
            check=True,
        )
        try:
            times: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
            for _ in range(args.rounds):
                for label, tree in (("before", before), ("after", ROOT)):
                    for name, ms in probe(tree, args.database_url, args.timed).items():
                        times[label].setdefault(name, []).extend(ms)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT)
    print(
        f"{args.before} (before) and the working tree (after), {args.rounds} rounds of "
        f"{args.timed}, {'PostgreSQL' if args.database_url else 'SQLite'}, in-process, CPU ms; "
        f"load average {load:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    print(f"  {'':34}{'before p50':>11}{'p95':>8}{'after p50':>11}{'p95':>8}{'p50 ratio':>11}")
    for name in times["after"]:
        b, a = times["before"][name], times["after"][name]
        print(
            f"  {name:34}{statistics.median(b):11.2f}{pct(b, 95):8.2f}"
            f"{statistics.median(a):11.2f}{pct(a, 95):8.2f}"
            f"{statistics.median(b) / statistics.median(a):10.2f}x"
        )


if __name__ == "__main__":
    main()
