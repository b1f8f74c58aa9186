"""Where other phones reach the app: the address share and invite links and the QR code name."""

# So that a page opened as 127.0.0.1 does not hand out a link no other phone can open. In order: the
# configured public URL (PUBLIC_URL, from SCOREKEEPER_PUBLIC_URL), which is never overridden by a
# request's Host header; the host the page was opened at, when other machines can reach it; the
# network address `scorekeeper run --host 0.0.0.0` serves on (LAN_URL, set by the run command, the
# one its start-up line prints); and last the loopback host itself, with a warning on the page.

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

#: hosts that name "this machine" only
_LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")
#: an address of TEST-NET-1 (RFC 5737): "connecting" a UDP socket to it sends nothing, but the
#: system picks the interface its default route leaves by, which is the network's address
_PROBE = ("192.0.2.1", 9)


def lan_ip() -> str | None:
    """This machine's address on its network (IPv4), or None when it has none but loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(_PROBE)
            ip = str(s.getsockname()[0])
    except OSError:
        return None
    return None if is_loopback(ip) else ip


def served_url(host: str, port: int, https: bool = False) -> str | None:
    """The address other machines open for a server bound to `host`:`port`; None when it is
    bound to loopback only. All addresses (0.0.0.0, ::) give the network address (lan_ip)."""
    if host in ("", "0.0.0.0", "::", "[::]", "*"):
        ip = lan_ip()
        if ip is None:
            return None
        host = ip
    elif is_loopback(host):
        return None
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    scheme = "https" if https else "http"
    default = 443 if https else 80
    return f"{scheme}://{host}" + ("" if port == default else f":{port}")


def is_loopback(host: str) -> bool:
    """Whether `host` (with or without a port, as in a Host header) names this machine only:
    localhost, 127.x.y.z, ::1, or the "any address" 0.0.0.0 that no browser elsewhere opens."""
    name = _hostname(host)
    if name in _LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def _hostname(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:5000
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:  # name:port; a bare IPv6 address has several colons
        return host.split(":", 1)[0]
    return host.rstrip(".")


@dataclass(frozen=True)
class Link:
    """A link for other phones: `url`, where its address came from, and whether it names this
    machine only (the share page then says so)."""

    url: str
    source: str  # "public", "request", "lan"
    loopback: bool

    @property
    def origin(self) -> str:
        """Its scheme and host ("http://192.168.1.20:5000"), as the page names the address."""
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"


def link(endpoint: str, **values: Any) -> Link:
    """The external link to `endpoint`, at an address other phones can open if one is known."""
    path = url_for(endpoint, **values)[len(request.script_root) :]
    public = current_app.config.get("PUBLIC_URL")
    if public:
        base = str(public).rstrip("/")
        return Link(base + path, "public", is_loopback(urlsplit(base).netloc))
    if not is_loopback(request.host):
        return Link(request.url_root.rstrip("/") + path, "request", False)
    lan = current_app.config.get("LAN_URL")
    if lan:
        return Link(str(lan).rstrip("/") + request.script_root + path, "lan", False)
    return Link(request.url_root.rstrip("/") + path, "request", True)
