"""The simulated phones of bench/load.py: scorers through the hand form, followers on a stream
(or polling), and what they meet."""

# What each phone does is what the pages do (static/pages/app.js):
# - a scorer logs a hand a minute (the first at a random moment of the first minute): GET the
#   form, POST it (its csrf token, version and idempotency token as the page gives them), GET
#   the board it is sent to. A POST that times out or cannot connect is sent again, the same
#   fields (the same token), after a back-off; a 503 after its Retry-After.
# - a follower opens the live page (a page load), then its stream from the page's version; on
#   each event it asks for /state with the ETag it has (one conditional GET per change), one at
#   a time (an event during a fetch asks once more after it). A refused stream (any answer but
#   200, no "ready") or three drops in a row: it polls from then on, as app.js gives up on the
#   stream. A dropped stream comes back after EventSource's retry with Last-Event-ID.
# - with --poll a follower polls /state every 3 s with its ETag, as the pages did before push.
# Everyone honours Retry-After on a 503 (with jitter) and backs off after a failure.

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

try:
    from bench import loadclient
except ImportError:  # run as a script: this folder is on sys.path
    import loadclient  # type: ignore[no-redef]

POLL, HAND = 3.0, 60.0  # seconds between a follower's polls, between a scorer's hands
HEADERS = {"Accept-Encoding": "gzip, deflate, br", "User-Agent": "bench-load"}
SLOW = 1000  # ms: an answer slower than this is not "answering normally"
RECONNECT = 2.0  # s: EventSource's retry (web/streams.py RETRY_MS)
READY = 5.0  # s: no "ready" within this, app.js gives the stream up (READY_MS)
HIDDEN = re.compile(r'name="(csrf_token|version|token)" type="hidden" value="([^"]*)"')


@dataclass
class Table:
    game: int
    token: str
    lines: list[dict[str, Any]]  # what the scorer posts next, in order
    lines_before: int = 0  # lines the game had when the bench began
    posted: int = 0  # hands stored (their answer named them)
    next: int = 0  # the next of `lines` to post (a hand refused is not posted again)
    version: int = 1  # the game's version, as the scorer's last answer gave it
    tasks: list[asyncio.Task[None]] = field(default_factory=list)


@dataclass
class Tally:
    """One step's outcomes; times in ms (a timeout counts at its timeout)."""

    times: dict[str, list[float]] = field(default_factory=dict)  # by kind of request
    statuses: dict[int, int] = field(default_factory=dict)
    busy: dict[str, int] = field(default_factory=dict)  # 503s by kind of request
    timeouts: int = 0
    refused: int = 0  # connection errors: refused, reset, closed before answering
    unexpected: int = 0  # answers no page expects (a 422 of a hand, a 409, a 404)
    last_bad: float | None = None  # when (s into the step) the last failed or >1 s request began
    # (game, version) -> when its POST was sent, when its answer came
    written: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)
    heard: list[tuple[int, int, float]] = field(default_factory=list)  # (game, version, t)
    retries: int = 0  # writes sent again after a timeout or a lost connection
    retried_stored: int = 0  # of which the answer named the hand as stored (once)
    fallbacks: int = 0  # followers that gave the stream up and poll
    events: int = 0
    drops: int = 0  # streams that ended other than by the bench

    def add(self, kind: str, ms: float) -> None:
        self.times.setdefault(kind, []).append(ms)

    @property
    def server_errors(self) -> int:
        return sum(n for s, n in self.statuses.items() if s >= 500 and s != 503)

    def push_ms(self, since: int = 1) -> list[float]:
        """Per event heard: from the write's answer (`since` 1; 0: from the Save sent) to the
        follower hearing of it."""
        w = self.written
        return [(t - w[(g, v)][since]) * 1000 for g, v, t in self.heard if (g, v) in w]


class Run:
    """The server the phones talk to and the step under way (whose tally they count in)."""

    def __init__(self, target: tuple[str, int, str], timeout: float, cookie: str) -> None:
        self.host, self.port, self.host_header = target
        self.timeout, self.cookie = timeout, cookie
        self.tally = Tally()
        self.start = time.monotonic()
        self.streams: set[loadclient.Stream] = set()

    def new_step(self) -> Tally:
        """A fresh tally from now; the last one's."""
        done, self.tally, self.start = self.tally, Tally(), time.monotonic()
        return done

    def client(self) -> loadclient.Client:
        return loadclient.Client(self.host, self.port, self.host_header, self.timeout)

    def bad(self, t: Tally, began: float) -> None:
        if t is self.tally:
            t.last_bad = began - self.start

    async def send(
        self,
        client: loadclient.Client,
        method: str,
        path: str,
        headers: dict[str, str],
        kind: str,
        body: bytes = b"",
    ) -> loadclient.Answer | None:
        """One timed request, counted in the step it began in; None for a timeout or a
        connection error (counted)."""
        t, began = self.tally, time.monotonic()
        try:
            answer = await client.request(method, path, {**HEADERS, **headers}, body)
        except TimeoutError:
            t.timeouts += 1
            t.add(kind, self.timeout * 1000)
            self.bad(t, began)
            return None
        except (OSError, EOFError, ValueError, asyncio.LimitOverrunError):
            t.refused += 1
            self.bad(t, began)
            return None
        ms = (time.monotonic() - began) * 1000
        if ms > SLOW or answer.status >= 500:
            self.bad(t, began)
        t.statuses[answer.status] = t.statuses.get(answer.status, 0) + 1
        if answer.status != 503:  # a refusal is counted as one, not as a fast answer
            t.add(kind, ms)
        else:
            t.busy[kind] = t.busy.get(kind, 0) + 1
        return answer


def pause(answer: loadclient.Answer | None, failures: int) -> float | None:
    """How long to wait after an answer: Retry-After (with jitter) on a 503, an exponential
    back-off with jitter after a failure, None when all went well."""
    if answer is not None and answer.status == 503:
        after = answer.headers.get("retry-after", "")
        return (float(after) if after.isdigit() else 5.0) * random.uniform(0.8, 1.2)
    if answer is None or answer.status >= 500:
        return min(60.0, POLL * 2.0**failures) * random.uniform(0.8, 1.2)
    return None


def text(answer: loadclient.Answer) -> str:
    import gzip

    body = answer.body
    if answer.headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return body.decode("utf-8", "replace")


def kept(answer: loadclient.Answer | None, headers: dict[str, str]) -> None:
    """The session cookie as the answer sets it (the form's csrf secret goes into it)."""
    value = loadclient.cookie(answer, "session") if answer is not None else None
    if value:
        headers["Cookie"] = f"session={value}"


def form_fields(page: str, line: dict[str, Any]) -> dict[str, Any]:
    """What the hand form posts for `line` (a game file's hand): its hidden fields as the page
    gives them (csrf token, version, idempotency token), the dealer it proposes, the facts."""
    fields: dict[str, Any] = dict(HIDDEN.findall(page))
    dealer = re.search(r'<option selected value="(\d+)">', page)
    fields.update(
        dealer=dealer.group(1) if dealer else "0",
        declarer=str(line["declarer"]),
        bid=str(line["bid"]),
    )
    for s, p in enumerate(line["points"]):
        if p is not None:  # a sitting-out seat posts nothing, as the page's own form
            fields[f"points-{s}"] = str(p)
    chosen = [f"{m['seat']}:{m['suit']}" for m in line.get("marriages", [])]
    fields.update(marriages=chosen, marriage_order=",".join(chosen))  # who declared first
    return fields


async def _wait(seconds: float) -> None:
    await asyncio.sleep(max(0.0, seconds))


async def scorer(run: Run, table: Table) -> None:
    """A scorer's phone: a hand a minute through the form, until cancelled (the phone leaves:
    a Save under way may be stored or not, and the bench's count allows either)."""
    planned = time.monotonic() + random.uniform(0, HAND)
    cookie = {"Cookie": run.cookie}  # this phone's own, as the answers update it
    while table.next < len(table.lines):
        await _wait(planned - time.monotonic())
        await save_hand(run, table, cookie)
        planned += HAND


async def save_hand(run: Run, table: Table, cookie: dict[str, str]) -> None:
    """One hand: the form, its POST (again after a timeout, the same fields), the board."""
    base = f"/games/{table.game}"
    client, failures = run.client(), 0
    try:
        while True:
            form = await run.send(client, "GET", f"{base}/hands/new", cookie, "page")
            kept(form, cookie)
            if form is not None and form.status == 200:
                break
            if form is not None and form.status < 500:
                run.tally.unexpected += 1
                return
            failures += 1
            await _wait(pause(form, failures) or POLL)  # then the form again (a reload)
        fields = form_fields(text(form), table.lines[table.next])
        table.next += 1
        body = urlencode(fields, doseq=True).encode()
        headers = {**cookie, "Content-Type": "application/x-www-form-urlencoded"}
        sent = lost = 0
        saved = time.monotonic()
        while True:
            answer = await run.send(client, "POST", f"{base}/hands/new", headers, "write", body)
            kept(answer, cookie)
            headers["Cookie"] = cookie["Cookie"]
            if answer is not None and answer.status != 503:
                break
            sent += 1
            if answer is None:  # timed out or cut: the same fields, the same token again
                lost += 1
                run.tally.retries += 1
            await _wait(pause(answer, sent) or POLL)
        answered = time.monotonic()
        where = answer.headers.get("location", "")
        number = table.lines_before + table.posted + 1
        if answer.status != 302 or not where.endswith(f"saved={number}"):
            run.tally.unexpected += 1  # refused (422), a conflict, or another line
            return
        if lost:  # the retry was answered with this hand: stored, once (checked at the end)
            run.tally.retried_stored += 1
        table.posted += 1
        board = await run.send(client, "GET", where, cookie, "page")
        kept(board, cookie)
        if board is not None and board.status == 200:
            found = re.search(r'id="game-stream"[^>]*data-version="(\d+)"', text(board))
            if found:
                table.version = int(found.group(1))
                run.tally.written[(table.game, table.version)] = (saved, answered)
    finally:
        client.close()


async def poller(run: Run, table: Table, etag: str | None, first: float = POLL) -> None:
    """A follower polling the live page's state every 3 s with the last ETag."""
    client = run.client()
    try:
        await _poll(run, table, etag, first, client)
    finally:
        client.close()


async def _poll(
    run: Run, table: Table, etag: str | None, first: float, client: loadclient.Client
) -> None:
    failures = 0
    path = f"/live/{table.game}/{table.token}/state"
    await _wait(random.uniform(0, first))
    while True:
        answer = await run.send(
            client, "GET", path, {"If-None-Match": etag} if etag else {}, "state"
        )
        failures = 0 if answer is not None and answer.status < 500 else failures + 1
        if answer is not None and answer.status == 404:
            return  # the link is gone: the page stops asking
        if answer is not None and answer.status == 200:
            etag = answer.headers.get("etag") or etag
        wait = pause(answer, failures)
        await _wait(wait if wait is not None else POLL * random.uniform(0.8, 1.2))


async def follower(run: Run, table: Table, join: float) -> None:
    """A follower on the live page's stream (see the top of this file), joining within
    `join` seconds."""
    await _wait(random.uniform(0, join))
    page_path = f"/live/{table.game}/{table.token}"
    client, failures = run.client(), 0
    while True:  # the page itself, until it is served
        page = await run.send(client, "GET", page_path, {}, "page")
        if page is not None and page.status == 200:
            break
        if page is not None and page.status < 500:
            run.tally.unexpected += 1
            return
        failures += 1
        await _wait(pause(page, failures) or POLL)
    body = text(page)
    found = re.search(r'data-stream="([^"]+)" data-version="(\d+)"', body)
    etag_found = re.search(r'data-etag="([^"]*)"', body)
    etag = etag_found.group(1).replace("&#34;", '"') if etag_found else None
    if found is None:
        run.tally.unexpected += 1
        return
    stream_path, shown = found.group(1), found.group(2)
    busy, again = False, False

    async def fetch() -> None:
        nonlocal busy, again, etag
        busy = True
        try:
            while True:
                again = False
                answer = await run.send(
                    client, "GET", f"{page_path}/state", {"If-None-Match": etag or ""}, "state"
                )
                if answer is not None and answer.status == 200:
                    etag = answer.headers.get("etag") or etag
                if not again:
                    return
        finally:
            busy = False

    drops, fetching = 0, set[asyncio.Task[None]]()
    while True:
        stream = loadclient.Stream(run.host, run.port, run.host_header, READY)
        run.streams.add(stream)
        t, began = run.tally, time.monotonic()
        try:
            answer = await stream.open(f"{stream_path}?v={shown}", {"Last-Event-ID": shown})
        except (TimeoutError, OSError, EOFError, ValueError):
            answer = None
        if answer is None or answer.status != 200:
            run.streams.discard(stream)
            if answer is None:
                t.refused += 1
                run.bad(t, began)
            else:
                t.statuses[answer.status] = t.statuses.get(answer.status, 0) + 1
                if answer.status == 503:
                    t.busy["stream"] = t.busy.get("stream", 0) + 1
                if answer.status >= 500:
                    run.bad(t, began)
            drops += 1
            if answer is not None or drops >= 3:  # closed for good: app.js polls from now on
                run.tally.fallbacks += 1
                client.close()
                await poller(run, table, etag)
                return
            await _wait(RECONNECT)
            continue
        t.statuses[200] = t.statuses.get(200, 0) + 1
        t.add("stream", (time.monotonic() - began) * 1000)
        try:
            async for version, at in stream.events(idle=60.0):
                drops = 0
                run.tally.events += 1
                run.tally.heard.append((table.game, int(version), at))
                shown = version
                if busy:
                    again = True
                else:
                    fetching.add(task := asyncio.create_task(fetch()))
                    task.add_done_callback(fetching.discard)
        except (TimeoutError, loadclient.Closed, OSError, ValueError):
            pass
        finally:
            stream.close()
            run.streams.discard(stream)
        run.tally.drops += 1
        drops += 1
        if drops >= 3:
            run.tally.fallbacks += 1
            await poller(run, table, etag)
            return
        await _wait(RECONNECT)
