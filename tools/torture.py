#!/usr/bin/env python3
"""Torture run: concurrency, fuzz and faults on a real gunicorn, SQLite and PostgreSQL.

    python3 tools/torture.py                  # both databases: ~2 min on 2 idle cores
    python3 tools/torture.py --quick          # fewer threads and inputs: ~1 min
    python3 tools/torture.py --db sqlite --json out.json --repo /path/to/checkout

Standard library only; it talks HTTP to 127.0.0.1 and starts everything itself: per database a
schema step (`scorekeeper upgrade`, else `scorekeeper db upgrade`, else create_app's own), then
`gunicorn -w 3` (with the repo's gunicorn.conf.py if there is one) from <repo>/.venv or
/work/main/.venv, with PYTHONPATH=<repo> so that the code under test is what runs. PostgreSQL is
a throwaway cluster (initdb in a temp dir, a free port, as the postgres user when run as root);
no other server is touched. Every process and temp dir is removed on exit, Ctrl-C or error.

It counts requests, 5xx, connection errors, hands acknowledged but not stored (lost) or stored
twice (duplicated), 503s while PostgreSQL is stopped and the seconds until it serves again, the
seconds until the port is free after `kill -9` of the master, and the workers' peak RSS before
and after a lying zip bomb. Exit 1 if any 5xx (but the outage's 503s), connection error outside
the faults, lost or duplicated hand, a master that died or did not recover, or a bomb that grew a
worker by more than --mem-limit MB; so it can gate a release. Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", default=os.path.dirname(HERE), help="the checkout under test")
    parser.add_argument(
        "--venv", help="virtualenv with gunicorn (default: <repo>/.venv or /work/main/.venv)"
    )
    parser.add_argument("--db", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--quick", action="store_true", help="fewer threads and inputs (~90 s)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", help="write the figures as JSON to this file (- for stdout)")
    parser.add_argument("--mem-limit", type=float, default=300, help="MB a bomb may add (0: off)")
    parser.add_argument("--bomb-mb", type=int, default=300, help="what the lying zip inflates to")
    parser.add_argument("--logs", help="keep the gunicorn logs in this folder")
    parser.add_argument(
        "--timeout", type=float, help="stop after this many seconds (600, quick 300)"
    )
    args = parser.parse_args()
    args.repo = os.path.abspath(args.repo)
    if not args.venv:
        local = os.path.join(args.repo, ".venv")
        args.venv = (
            local if os.path.exists(os.path.join(local, "bin", "gunicorn")) else "/work/main/.venv"
        )
    quick = args.quick
    args.threads, args.taps, args.fuzz = (20, 2, 300) if quick else (40, 4, 2000)
    args.fuzz_cap = 30.0 if quick else 120.0  # seconds: no fuzz request starts after these
    args.outage, args.recovery_cap, args.port_cap = (4.0, 8.0, 20.0) if quick else (5.0, 20.0, 80.0)
    if HERE not in sys.path:  # run from elsewhere or imported: the package sits beside this file
        sys.path.insert(0, HERE)
    from torturelib.run import main as run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
