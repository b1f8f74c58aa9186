"""bench/load.py's phones post what the hand form accepts (its csrf token, version and idempotency
token, the lost answer's retry stored once), and its nginx front refuses page loads and streams
past their bounds at once with 503 and Retry-After, while the scorers' writes pass."""

from __future__ import annotations

import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bench import deal
from bench.loadnginx import RETRY_AFTER, Nginx, config
from bench.loadphones import form_fields
from tests.conftest import IN_CI
from tests.web.helpers import new_game, stored_lines


def test_the_bench_posts_the_hand_form_as_a_phone_and_its_retry_is_stored_once(
    app: Any, client: Any
) -> None:
    game = new_game(client)  # Ala deals first, as the dealt game's first hand
    app.config["WTF_CSRF_ENABLED"] = True  # the bench goes through CSRF as a phone does
    line = deal.game("pl-3", 1, 3)["hands"][0]
    page = client.get(f"{game}/hands/new").get_data(as_text=True)
    fields = form_fields(page, line)
    assert fields["csrf_token"] and fields["token"] and fields["version"]
    first = client.post(f"{game}/hands/new", data=fields)
    assert first.status_code == 302
    assert first.headers["Location"].endswith("saved=1")
    again = client.post(f"{game}/hands/new", data=fields)  # the Save whose answer was lost
    assert again.status_code == 302
    assert again.headers["Location"].endswith("saved=1")
    with app.app_context():
        assert stored_lines() == 1


class Slow(BaseHTTPRequestHandler):
    """An upstream that holds every request until the test lets it go (`release`), saying
    each one's arrival (`arrived`)."""

    arrived = threading.Semaphore(0)
    release = threading.Event()

    def answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.arrived.release()
        self.release.wait(10)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    do_GET = do_POST = answer

    def log_message(self, *_: Any) -> None:
        pass


def _ask(url: str, method: str = "GET") -> tuple[int, str, float]:
    began = time.monotonic()
    request = urllib.request.Request(url, method=method, data=b"x=1" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.headers.get("Retry-After", ""), time.monotonic() - began
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Retry-After", ""), time.monotonic() - began


@pytest.fixture
def front(tmp_path: Path) -> Any:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        if IN_CI:
            pytest.fail("CI must run the nginx front's test: no nginx")
        pytest.skip("no nginx on this machine")
    Slow.arrived, Slow.release = threading.Semaphore(0), threading.Event()
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    up = upstream.server_address[1]
    conf = config(tmp_path, port, up, up, page_slots=1, max_streams=1)
    server = Nginx(tmp_path, conf)
    yield f"http://127.0.0.1:{port}"
    Slow.release.set()
    server.stop()
    upstream.shutdown()
    upstream.server_close()


def test_past_its_bound_a_page_or_a_stream_is_refused_at_once_and_a_write_passes(
    front: str,
) -> None:
    with ThreadPoolExecutor(4) as pool:
        held = pool.submit(_ask, f"{front}/games/1")  # the one page in flight
        streaming = pool.submit(_ask, f"{front}/live/1/t/stream")  # the one open stream
        for _ in range(2):  # both are held upstream: the bounds are taken
            assert Slow.arrived.acquire(timeout=5)
        page = pool.submit(_ask, f"{front}/games/2")
        stream = pool.submit(_ask, f"{front}/live/2/t/stream")
        write = pool.submit(_ask, f"{front}/games/1/hands/new", "POST")
        status, retry, took = page.result()
        assert (status, retry) == (503, str(RETRY_AFTER))
        assert took < 0.5  # refused before it waits, not after
        status, retry, took = stream.result()
        assert (status, retry) == (503, str(RETRY_AFTER))
        assert took < 0.5
        assert Slow.arrived.acquire(timeout=5)  # a Save is not counted with the pages
        Slow.release.set()
        assert write.result()[0] == 200
        assert held.result()[0] == 200 and streaming.result()[0] == 200


def test_the_bench_reads_a_stream_as_eventsource_does() -> None:
    """Events cut across chunks, a heartbeat and the ready event without an id: the ids of the
    two changes, in order, and the end of the stream."""
    import asyncio

    from bench.loadclient import Stream

    body = [b"retry: 2000\nevent: ready\ndata: \n\n", b": \n\n", b"id: 7\nda", b"ta: 7\n\nid: 8\n"]
    body.append(b"data: 8\n\n")

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n")
        writer.write(b"Transfer-Encoding: chunked\r\n\r\n")
        for part in body:
            writer.write(b"%x\r\n%s\r\n" % (len(part), part))
            await writer.drain()
            await asyncio.sleep(0.01)
        writer.write(b"0\r\n\r\n")
        writer.close()

    async def main() -> list[str]:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        stream = Stream("127.0.0.1", port, "localhost", 5)
        answer = await stream.open("/live/1/t/stream?v=6", {})
        assert answer.status == 200
        ids = [i async for i, _ in stream.events(idle=5)]
        stream.close()
        server.close()
        await server.wait_closed()
        return ids

    # a loop of its own in a thread of its own: the browser tests' sync Playwright may run one
    # in this thread already (one xdist worker runs both)
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, main()).result(timeout=30) == ["7", "8"]
