"""The simulated phones of bench/load.py: live followers and scorers, and what they meet."""

# A follower asks for the live page's state every 3 s with the last ETag (its first poll at a
# random moment of the first 3 s); a scorer posts a hand a minute (its first at a random moment
# of the first minute). Both honour Retry-After on a 503 and back off with jitter on errors,
# as the real page is to do; a timed-out write is sent again with its Idempotency-Key.

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

try:
    from bench import loadclient
except ImportError:  # run as a script: this folder is on sys.path
    import loadclient  # type: ignore[no-redef]

POLL, HAND = 3.0, 60.0  # seconds between a follower's polls, between a scorer's hands
HEADERS = {"Accept-Encoding": "gzip, deflate, br", "User-Agent": "bench-load"}
SLOW = 1000  # ms: an answer slower than this is not "answering normally"


@dataclass
class Table:
    game: int
    token: str
    lines: list[dict[str, Any]]  # what the scorer posts next, in order
    posted: int = 0
    version: int = 1  # the game's version, as the scorer's last answer gave it


@dataclass
class Tally:
    """One step's outcomes; times in ms (a timeout counts at its timeout)."""

    times: list[float] = field(default_factory=list)
    writes: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    timeouts: int = 0
    refused: int = 0  # connection errors: refused, reset, closed before answering
    last_bad: float | None = None  # when (s into the step) the last failed or >1 s request began
    budget: int = 0  # requests this step may still send

    @property
    def server_errors(self) -> int:
        return sum(n for s, n in self.statuses.items() if s >= 500 and s != 503)


class Step:
    def __init__(self, target: tuple[str, int, str], seconds: float, budget: int, timeout: float):
        self.host, self.port, self.host_header = target
        self.timeout = timeout
        self.start = time.monotonic()
        self.deadline = self.start + seconds
        self.tally = Tally(budget=budget)
        self.clients: list[loadclient.Client] = []

    def client(self) -> loadclient.Client:
        c = loadclient.Client(self.host, self.port, self.host_header, self.timeout)
        self.clients.append(c)
        return c

    async def send(
        self,
        client: loadclient.Client,
        method: str,
        path: str,
        headers: dict[str, str],
        body: bytes = b"",
        write: bool = False,
    ) -> loadclient.Answer | None:
        """One timed request; None for a timeout or a connection error (counted)."""
        t, began = self.tally, time.monotonic()
        t.budget -= 1
        try:
            answer = await client.request(method, path, {**HEADERS, **headers}, body)
        except TimeoutError:
            t.timeouts += 1
            answer = None
        except (OSError, EOFError, ValueError, asyncio.LimitOverrunError):
            t.refused += 1
            t.last_bad = began - self.start
            return None
        ms = (time.monotonic() - began) * 1000
        if answer is None or ms > SLOW or answer.status >= 500:
            t.last_bad = began - self.start
        t.times.append(ms)
        if write:
            t.writes.append(ms)
        if answer is not None:
            t.statuses[answer.status] = t.statuses.get(answer.status, 0) + 1
        return answer

    def going(self) -> bool:
        return time.monotonic() < self.deadline and self.tally.budget > 0

    async def sleep_until(self, at: float) -> bool:
        """Waits until `at`; False (at once) if the step is over by then."""
        if at >= self.deadline:
            return False
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        return self.going()


def pause(answer: loadclient.Answer | None, failures: int) -> float | None:
    """How long to wait after an answer: Retry-After (with jitter) on a 503, an exponential
    back-off with jitter after a failure, None when all went well."""
    if answer is not None and answer.status == 503:
        after = answer.headers.get("retry-after", "")
        return (float(after) if after.isdigit() else 5.0) * random.uniform(1.0, 1.5)
    if answer is None or answer.status >= 500:
        return min(30.0, POLL * 2.0**failures) * random.uniform(0.5, 1.0)
    return None


async def follower(step: Step, table: Table, cold: bool = False) -> None:
    """A phone on the live page: the state every 3 s, with the ETag of the last board; it
    starts with the ETag the page was opened with (the game's version then, as the page
    carries it), or with none (`cold`: a page of a release whose pages carried no
    version, or a follower who opened nothing yet)."""
    etag = None if cold else f'"{table.game}-{table.version}"'
    client, failures = step.client(), 0
    path = f"/live/{table.game}/{table.token}/state"
    at = step.start + random.uniform(0, POLL)
    while await step.sleep_until(at):
        answer = await step.send(client, "GET", path, {"If-None-Match": etag} if etag else {})
        failures = 0 if answer is not None and answer.status < 500 else failures + 1
        if answer is not None and answer.status == 404:
            return  # the link is gone: the page stops asking
        if answer is not None and answer.status == 200:
            etag = answer.headers.get("etag") or etag
        wait = pause(answer, failures)
        at = time.monotonic() + wait if wait is not None else max(at + POLL, time.monotonic())


async def scorer(step: Step, table: Table, cookie: str) -> None:
    """A scorer's phone: a hand a minute, the same hand (and Idempotency-Key) again after a
    failure, once the wait is over."""
    client, failures = step.client(), 0
    path = f"/api/games/{table.game}/hands"
    planned = at = step.start + random.uniform(0, HAND)
    while table.posted < len(table.lines) and await step.sleep_until(at):
        headers = {
            "Content-Type": "application/json",
            "Cookie": cookie,
            "Idempotency-Key": f"bench-load-{table.game}-{table.posted}",
        }
        body = json.dumps(table.lines[table.posted]).encode()
        answer = await step.send(client, "POST", path, headers, body, write=True)
        wait = pause(answer, failures + 1)
        if wait is None:  # stored, or refused for good (a 4xx: counted, and the next hand)
            table.posted, failures = table.posted + 1, 0
            tag = answer.headers.get("etag", "") if answer is not None else ""
            if tag.startswith('"v') and tag[2:-1].isdigit():  # the API's ETag: "v17"
                table.version = int(tag[2:-1])
            planned += HAND
            at = max(planned, time.monotonic())
        else:
            failures += 1
            at = time.monotonic() + wait
