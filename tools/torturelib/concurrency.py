"""Threads (released at once, or a pool) and the concurrency phase: double taps, parallel posts."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from .client import Reply
from .hands import Ctx, hand_form, post_api, post_form


def spawn(run: Callable[[int], None], count: int) -> list[threading.Thread]:
    """`count` daemon threads running `run(i)`, started."""
    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    return threads


def together(jobs: Sequence[Callable[[], Any]]) -> list[Any]:
    """Runs the jobs in threads released at the same moment (a barrier): a double tap."""
    barrier, out = threading.Barrier(len(jobs)), [None] * len(jobs)

    def run(i: int) -> None:
        barrier.wait()
        out[i] = jobs[i]()

    for t in spawn(run, len(jobs)):
        t.join(120)
    return out


def pool(jobs: Iterable[Callable[[], Any]], threads: int, seconds: float) -> int:
    """Runs the jobs on `threads` threads, as they come, none started after `seconds`;
    how many ran."""
    queue, lock, done = iter(jobs), threading.Lock(), [0]
    deadline = time.monotonic() + seconds

    def run(_: int) -> None:
        while time.monotonic() < deadline:
            with lock:
                job = next(queue, None)
                done[0] += job is not None
            if job is None:
                return
            job()

    for t in spawn(run, threads):
        t.join()
    return done[0]


def concurrency(ctx: Ctx) -> dict[str, Any]:
    n, api_game, form_game = ctx.args.threads, ctx.games["api"], ctx.games["form"]
    out: dict[str, Any] = {}
    # distinct hands, distinct keys, all at once (a third without any key)
    jobs = [
        partial(
            post_api, ctx, api_game, ctx.hands.next(), None if i % 3 == 2 else str(uuid.uuid4())
        )
        for i in range(n)
    ]
    out["api distinct"] = statuses(together(jobs))
    # long keys that differ only after their first 70 characters: a key is a whole key
    prefix = "torture-" + "k" * 62
    jobs = [
        partial(post_api, ctx, api_game, ctx.hands.next(), f"{prefix}-{i:04d}")
        for i in range(n // 2)
    ]
    out["api long keys"] = statuses(together(jobs))
    # the same request (key and body) sent 10 times at once: stored once
    hand, key = ctx.hands.next(), str(uuid.uuid4())
    out["api exact repeat"] = statuses(together([partial(post_api, ctx, api_game, hand, key)] * 10))
    # the same key with another body: must be refused, not answered with the first's result
    for _ in range(3):
        key = str(uuid.uuid4())
        post_api(ctx, api_game, ctx.hands.next(), key)
        r = post_api(ctx, api_game, ctx.hands.next(), key)
        out.setdefault("api key reused, other body", []).append(r.status)
    # the hand form: the same form (CSRF, version, token) posted 10 times at once
    taps = []
    for _ in range(ctx.args.taps):
        base, hand = hand_form(ctx.owner, form_game), ctx.hands.next()
        replies = together([partial(post_form, ctx, ctx.owner, form_game, base, hand)] * 10)
        taps.append(statuses(replies))
    out["form double tap x10"] = taps
    # distinct hands through the form, each from its own page load, posted at once
    pages = [hand_form(ctx.owner, form_game) for _ in range(n // 2)]
    jobs = [partial(post_form, ctx, ctx.owner, form_game, b, ctx.hands.next()) for b in pages]
    out["form distinct"] = statuses(together(jobs))
    return out


def statuses(replies: list[Reply]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in replies:
        if r is None:
            key = "hung"
        elif r.status in (302, 303):
            key = "302 saved" if "saved=" in r.headers.get("location", "") else "302"
        else:
            key = str(r.status or r.error)
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))
