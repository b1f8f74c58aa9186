"""A minimal HTTP/1.1 client over asyncio streams for bench/load.py: one connection per client,
and server-sent event streams read as EventSource reads them."""

# Cheap on purpose: no dependency, one small parse per answer. A connection is kept when the
# server keeps it (no "Connection: close", a known body length) and opened again when it did not:
# gunicorn's sync workers close after every answer, so there it is one connection per request.

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field


@dataclass
class Answer:
    status: int
    headers: dict[str, str] = field(default_factory=dict)  # names lower-case, the last one wins
    body: bytes = b""
    set_cookies: list[str] = field(default_factory=list)


class Closed(ConnectionError):
    """The server closed the connection before answering."""


class Client:
    """One simulated phone's connection to host:port (reused when the server allows it)."""

    def __init__(self, host: str, port: int, host_header: str, timeout: float) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.host_header = host_header
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        body: bytes = b"",
    ) -> Answer:
        """The answer, or TimeoutError past the timeout (the connection is then dropped), or
        an OSError for a refused, reset or closed connection."""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host_header}"]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body or method in ("POST", "PUT"):
            head.append(f"Content-Length: {len(body)}")
        data = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body
        try:
            async with asyncio.timeout(self.timeout):
                reused = self.writer is not None
                try:
                    return await self._exchange(data)
                except (Closed, ConnectionResetError, BrokenPipeError):
                    if not reused:
                        raise
                    self.close()  # a kept connection the server had closed meanwhile: once more
                    return await self._exchange(data)
        except BaseException:
            self.close()
            raise

    async def _exchange(self, data: bytes) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(data)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as e:
            raise Closed() from e
        answer, keep, length, chunked = parse_head(head)
        if answer.status in (204, 304) or 100 <= answer.status < 200:
            pass
        elif chunked:
            answer.body = await self._chunks()
        elif length is not None:
            answer.body = await self.reader.readexactly(length)
        else:
            answer.body, keep = await self.reader.read(), False
        if not keep:
            self.close()
        return answer

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        parts: list[bytes] = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                while (await self.reader.readuntil(b"\r\n")) != b"\r\n":  # trailers
                    pass
                return b"".join(parts)
            parts.append((await self.reader.readexactly(size + 2))[:-2])  # its CRLF off

    def close(self) -> None:
        if self.writer is not None:
            self.writer.transport.abort()  # no lingering: the bench opens thousands of them
            self.reader = self.writer = None


def parse_head(head: bytes) -> tuple[Answer, bool, int | None, bool]:
    """The status line and headers: (answer, keep-alive, Content-Length, chunked)."""
    lines = head.decode("latin-1").split("\r\n")
    version, status = lines[0].split(" ", 2)[:2]
    answer = Answer(int(status))
    for line in lines[1:]:
        if not line:
            continue
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "set-cookie":
            answer.set_cookies.append(value)
        answer.headers[name] = value
    connection = answer.headers.get("connection", "").lower()
    keep = "close" not in connection and (version == "HTTP/1.1" or "keep-alive" in connection)
    length = answer.headers.get("content-length")
    chunked = "chunked" in answer.headers.get("transfer-encoding", "").lower()
    return answer, keep, int(length) if length is not None else None, chunked


def cookie(answer: Answer, name: str) -> str | None:
    """The value a Set-Cookie of the answer gives `name`, if any."""
    for c in answer.set_cookies:
        key, _, rest = c.partition("=")
        if key.strip() == name:
            return rest.split(";", 1)[0]
    return None


class Stream:
    """One server-sent event stream (EventSource's side of it): `open` sends the GET and reads
    the answer's head; `events` then yields (id, time received) for each event with an id,
    and ends when the server closes the stream."""

    def __init__(self, host: str, port: int, host_header: str, timeout: float) -> None:
        self.host, self.port, self.host_header, self.timeout = host, port, host_header, timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.chunked = False

    async def open(self, path: str, headers: dict[str, str]) -> Answer:
        """The answer's head (its body too when it is not a stream: a 503, a 204), or
        TimeoutError / OSError as Client.request."""
        head = [f"GET {path} HTTP/1.1", f"Host: {self.host_header}", "Accept: text/event-stream"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        try:
            async with asyncio.timeout(self.timeout):
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1"))
                try:
                    raw = await self.reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError as e:
                    raise Closed() from e
                answer, _, length, self.chunked = parse_head(raw)
                if answer.status != 200:
                    if length:
                        answer.body = await self.reader.readexactly(length)
                    self.close()
                return answer
        except BaseException:
            self.close()
            raise

    async def _data(self) -> bytes:
        """The next bytes of the body; b"" at its end."""
        assert self.reader is not None
        if not self.chunked:
            return await self.reader.read(4096)
        size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
        if size == 0:
            return b""
        return (await self.reader.readexactly(size + 2))[:-2]

    async def events(self, idle: float) -> AsyncIterator[tuple[str, float]]:
        """(id, monotonic time) per event that carries an id; a silence longer than `idle`
        (no event, no heartbeat) raises TimeoutError."""
        buffer = b""
        while True:
            try:
                async with asyncio.timeout(idle):
                    data = await self._data()
            except (asyncio.IncompleteReadError, ConnectionError) as e:
                raise Closed() from e
            if not data:
                return
            buffer += data
            at = time.monotonic()
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                for line in block.split(b"\n"):
                    if line.startswith(b"id:"):
                        yield line[3:].strip().decode(), at

    def close(self) -> None:
        if self.writer is not None:
            self.writer.transport.abort()
            self.reader = self.writer = None
