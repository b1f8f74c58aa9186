"""The HTTP side: answers, their tally per phase, a client with cookies and CSRF, accounts."""

from __future__ import annotations

import http.client
import json
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

# the counters of a Tally, in the order its summary (and the JSON) lists them
COUNTS: tuple[str, ...] = ("requests", "ok", "client_errors", "server_errors", "conn_errors")
COUNTS += ("s503", "s503_retry_after", "s500", "s503_api_not_json")


@dataclass
class Reply:
    status: int  # 0: no answer (refused, reset, timed out)
    headers: dict[str, str]
    body: bytes
    error: str = ""
    at: float = 0.0

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Tally:
    """Counts of one phase; `repro` keeps, per answer and route, a count and the first
    request that got it (the 5xx and the unanswered), as reproducers."""

    requests: int = 0
    ok: int = 0
    client_errors: int = 0
    server_errors: int = 0
    conn_errors: int = 0
    s503: int = 0
    s503_retry_after: int = 0
    s500: int = 0
    s503_api_not_json: int = 0
    repro: dict[str, list[Any]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, reply: Reply, what: str) -> None:
        with self.lock:
            self.requests += 1
            if reply.status == 0:
                self.conn_errors += 1
            elif reply.status < 400:
                self.ok += 1
            elif reply.status < 500:
                self.client_errors += 1
            else:
                self.server_errors += 1
                self.s500 += reply.status == 500
                if reply.status == 503:
                    self.s503 += 1
                    self.s503_retry_after += "retry-after" in reply.headers
                    if " /api/" in f" {what}" and "json" not in reply.headers.get(
                        "content-type", ""
                    ):
                        self.s503_api_not_json += 1  # an API client needs JSON (point 7)
            if reply.status == 0 or reply.status >= 500:
                method, path = (what.split(" ") + ["", ""])[:2]
                route = f"{reply.status or reply.error} {method} " + re.sub(
                    r"\d+", "N", path.split("?")[0]
                )
                self.repro.setdefault(route, [0, what])
                self.repro[route][0] += 1

    def merge(self, other: Tally) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for route, (count, first) in other.repro.items():
            self.repro.setdefault(route, [0, first])
            self.repro[route][0] += count

    def summary(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in COUNTS}


def short(data: Any, limit: int = 160) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[:limit] + f"...({len(text)} chars)"


def grab(pattern: str, text: str, default: str = "") -> str:
    """The first group of `pattern`'s first match in `text`, else `default`."""
    found = re.search(pattern, text)
    return found.group(1) if found else default


class Client:
    """One browser or program: its cookies, its CSRF token, and the tally it reports to."""

    def __init__(self, port: int, tally: Tally, bearer: str | None = None) -> None:
        self.port, self.tally, self.bearer = port, tally, bearer
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.lock = threading.Lock()

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, Any] | None = None,
        what: str = "",
        timeout: float = 30,
        tally: Tally | None = None,
    ) -> Reply:
        h: dict[str, Any] = {"Accept-Language": "en", **(headers or {})}
        with self.lock:
            if self.cookies:
                h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.bearer and path.startswith("/api/"):
            h["Authorization"] = f"Bearer {self.bearer}"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            try:
                conn.request(method, path, body=body, headers=h)
            except (BrokenPipeError, ConnectionResetError):
                pass  # answered (413) before the whole body was read: read that answer
            r = conn.getresponse()
            reply = Reply(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
            for cookie in r.headers.get_all("Set-Cookie") or []:
                name, _, rest = cookie.partition("=")
                value = rest.split(";", 1)[0]
                with self.lock:
                    if value and "max-age=0" not in cookie.lower():
                        self.cookies[name.strip()] = value
                    else:
                        self.cookies.pop(name.strip(), None)
        except (OSError, http.client.HTTPException) as e:
            reply = Reply(0, {}, b"", type(e).__name__)
        finally:
            conn.close()
        reply.at = time.monotonic()
        (tally or self.tally).add(reply, what or f"{method} {path} {short(body)}")
        return reply

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def form(self, path: str, fields: Any, **kw: Any) -> Reply:
        """A form post with this session's CSRF token (unless `fields` brings its own)."""
        pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
        if not any(k == "csrf_token" for k, _ in pairs):
            pairs.insert(0, ("csrf_token", self.csrf))
        body = urlencode(pairs, doseq=True, errors="surrogatepass").encode()
        shown = [(k, v) for k, v in pairs if k != "csrf_token"]
        kw.setdefault("what", f"POST {path} form {short(shown)}")
        ctype = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request("POST", path, body, ctype, **kw)

    def json(self, path: str, data: Any, headers: dict[str, Any] | None = None, **kw: Any) -> Reply:
        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        kw.setdefault("what", f"POST {path} json {short(body)}")
        h = {"Content-Type": "application/json", **(headers or {})}
        return self.request("POST", path, body, h, **kw)

    def upload(self, path: str, filename: str, data: bytes, **kw: Any) -> Reply:
        boundary = "torture" + secrets.token_hex(8)
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                f"{self.csrf}\r\n--{boundary}\r\n"
                f'Content-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        kw.setdefault("what", f"POST {path} upload {filename} ({len(data)} B)")
        h = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.request("POST", path, body, h, **kw)

    def take_csrf(self, reply: Reply) -> str:
        self.csrf = grab(r'name="csrf_token"[^>]*value="([^"]+)"', reply.text, self.csrf)
        return self.csrf


def sign_up(port: int, tally: Tally, name: str) -> Client:
    c = Client(port, tally)
    c.take_csrf(c.get("/signup"))
    password = "torture " + secrets.token_hex(8)
    r = c.form("/signup", {"username": name, "password": password, "confirm": password})
    if r.status != 302:
        raise RuntimeError(f"sign-up of {name} gave {r.status}: {r.text[:300]}")
    c.take_csrf(c.get("/account"))
    return c


def api_token(c: Client) -> str:
    c.form("/account/tokens", {"name": "torture"})
    token = grab(r"(skt_[A-Za-z0-9_\-]+)", c.get("/account").text)
    if not token:
        raise RuntimeError("the account page showed no API token")
    return token
