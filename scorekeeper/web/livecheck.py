"""The live view's check, answered before Flask: 304 from one indexed read, or 503 when busy."""

# Every phone following a game asks every 3 s whether the score changed; at a club
# that is most of the traffic, and it used to cost a whole request (session, the game with its
# seats and players, 4-7 ms of CPU) to say "no change". Here, in front of Flask:
# - with If-None-Match, the game's version and live token are read by primary key
#   (store/live.py); the same version is an empty 304 with no session, no template, no cookie;
#   anything else (a change, a wrong token, a deleted game, the database away) goes on to the
#   Flask view, which answers it as it always did (the board, 404, 503);
# - when connections wait to be accepted (the listening socket's accept queue, read with
#   TCP_INFO, one system call) beyond LIVE_SHED_QUEUE, a follower's check is a 503 with
#   Retry-After at once (longer the deeper the queue): the scorers' own requests, which never
#   get one, go through sooner, and the followers come back later (static/app.js waits as
#   told, with jitter).

from __future__ import annotations

import hmac
import re
import socket
import struct
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

from scorekeeper.rules.bounds import DB_INT_MAX
from scorekeeper.store.live import LiveReader, Unreadable, reader_for

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

STATE = re.compile(r"^/live/([0-9]{1,18})/([A-Za-z0-9_-]{1,100})/state$")
# gunicorn's listening sockets in this worker (gunicorn.conf.py, post_fork); none elsewhere
LISTENERS: list[socket.socket] = []
_TCP_INFO_LEN = 104  # struct tcp_info up to tcpi_sacked and beyond (linux/tcp.h)


def live_etag(game_id: int, version: int) -> str:
    """The live board's ETag: the game and its version (any worker gives the same)."""
    return f'"{game_id}-{version}"'


def queued() -> int:
    """Connections waiting to be accepted on this server's listening sockets: for a listening
    socket Linux reports its accept queue as tcpi_unacked (offset 24 of struct tcp_info)."""
    total = 0
    for listener in LISTENERS:
        try:
            info = listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TCP_INFO_LEN)
        except OSError:  # not TCP (a unix socket), or gone: nothing known to wait there
            continue
        total += struct.unpack_from("I", info, 24)[0]
    return total


class LiveCheck:
    """WSGI middleware in front of the Flask app (installed by `install`)."""

    def __init__(self, app: Flask, inner: WSGIApp) -> None:
        self.app, self.inner = app, inner
        # config.py: LIVE_SHED_QUEUE, 192 by default (~80 ms of work for two workers)
        self.shed_at = int(app.config.get("LIVE_SHED_QUEUE", 192))
        self.retry_after = int(app.config.get("LIVE_RETRY_AFTER", 10))
        self._reader: LiveReader | None = None

    def reader(self) -> LiveReader:
        if self._reader is None:
            self._reader = reader_for(self.app)
        return self._reader

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        found = environ.get("REQUEST_METHOD") == "GET" and STATE.match(environ.get("PATH_INFO", ""))
        if not found:
            return self.inner(environ, start_response)
        waiting = queued() if LISTENERS else 0
        if waiting > self.shed_at:
            # the deeper the queue, the longer the wait (up to a minute): the followers told
            # "later" in one burst come back spread out instead of as the same burst
            later = min(60, self.retry_after * waiting // self.shed_at)
            start_response(
                "503 Service Unavailable",
                [
                    ("Retry-After", str(later)),
                    ("Cache-Control", "no-store"),
                    ("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", "5"),
                ],
            )
            return [b"busy\n"]
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and int(found[1]) <= DB_INT_MAX:  # past a column's range: the view's 404
            game_id, token = int(found[1]), found[2]
            try:
                state = self.reader().read(game_id)
            except Unreadable:  # the database away: the view says so (503), as always
                return self.inner(environ, start_response)
            if (
                state is not None
                and state.share_token
                and hmac.compare_digest(state.share_token.encode(), token.encode())
                and live_etag(game_id, state.version) in asked
            ):
                start_response(
                    "304 Not Modified",
                    [("ETag", live_etag(game_id, state.version)), ("Cache-Control", "no-cache")],
                )
                return []
        return self.inner(environ, start_response)


def install(app: Flask) -> None:
    """The check in front of everything else the app does (before the session is opened)."""
    app.wsgi_app = LiveCheck(app, app.wsgi_app)  # type: ignore[method-assign]
