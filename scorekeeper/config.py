"""Configuration: defaults, the instance folder, the secret key, and bringing the schema up."""

from __future__ import annotations

import fcntl
import os
import secrets
import sys
import tempfile
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from flask import Flask

from scorekeeper.store.db import MIGRATIONS


def instance_path() -> str:
    """The folder of this instance's data: the SQLite database and the secret key.

    `SCOREKEEPER_INSTANCE` names it. Without it, a checkout keeps Flask's folder, `instance/`
    beside the package; an installed package keeps its data in the user's data folder
    (`$XDG_DATA_HOME/thousand-scorekeeper`, else `~/.local/share/thousand-scorekeeper`), never
    inside the virtual environment, where Flask would put it: making the venv anew would delete a
    family's games."""
    named = os.environ.get("SCOREKEEPER_INSTANCE", "").strip()
    if named:
        return os.path.abspath(os.path.expanduser(named))
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if os.path.exists(os.path.join(checkout, "pyproject.toml")):
        return os.path.join(checkout, "instance")
    home = os.path.expanduser("~")
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    chosen = os.path.join(data, "thousand-scorekeeper")
    # an instance made before this setting existed lives where Flask put it: it stays in use
    # (nothing moved, nothing lost) until SCOREKEEPER_INSTANCE names another folder
    earlier = os.path.join(sys.prefix, "var", "scorekeeper-instance")
    if not os.path.exists(chosen) and os.path.exists(os.path.join(earlier, "scorekeeper.sqlite")):
        return earlier
    return chosen


def where_data_lives(app: Flask) -> str:
    """The start-up line that says where the games are kept."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if url.startswith("sqlite:///"):
        return f"Thousand Scorekeeper: the games are kept in {url[len('sqlite:///') :]}"
    return (
        f"Thousand Scorekeeper: the games are kept in the database of DATABASE_URL ({_hidden(url)})"
    )


def _hidden(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _secret_key(app: Flask) -> str:
    """SECRET_KEY from the environment, else generated once into instance/secret_key.

    Written whole before it appears under its name (a hard link, which fails if another
    worker's key got there first): a worker starting at the same moment never reads a file
    that is still empty, which would sign its sessions with another key."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = os.path.join(app.instance_path, "secret_key")
    if not os.path.exists(path):
        fd, draft = tempfile.mkstemp(dir=app.instance_path, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as f:  # mkstemp: readable by this user only
                f.write(secrets.token_hex(32))
            os.link(draft, path)
        except FileExistsError:
            pass  # another worker's key is the key
        finally:
            os.unlink(draft)
    with open(path) as f:
        return f.read().strip()


def _database_url(app: Flask) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres://"):  # the scheme hosts hand out; SQLAlchemy wants the driver
        url = "postgresql+psycopg://" + url[len("postgres://") :]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url or "sqlite:///" + os.path.join(app.instance_path, "scorekeeper.sqlite")


def _public_url() -> str | None:
    """SCOREKEEPER_PUBLIC_URL: the address other phones open the app at (share and invite
    links, the QR code; web/addresses.py). A value that is no http(s) address stops the start-up
    with the reason, rather than printing links nobody can open."""
    url = os.environ.get("SCOREKEEPER_PUBLIC_URL", "").strip()
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(
            "SCOREKEEPER_PUBLIC_URL must be an address like https://scores.example.org, "
            f"got {url!r}"
        )
    return url.rstrip("/")


def _auto_migrate() -> bool:
    """Whether create_app brings the schema up itself.

    Under gunicorn never: the migrations are one step of a deployment (`scorekeeper upgrade`),
    and a worker must boot while the database is away. Elsewhere (the tests, scripts, a shell)
    yes, unless AUTO_MIGRATE=0; `scorekeeper run` upgrades before it serves.
    """
    chosen = os.environ.get("AUTO_MIGRATE", "").strip().lower()
    if chosen:
        return chosen not in ("0", "false", "no", "off")
    return not os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn")


# libpq's own bounds: connecting gives up after 5 s; on a kept connection whose server vanished
# without a reset (a cable, a VM paused), unacknowledged data fails it after 15 s and an idle
# link is probed every 10 s after 30 s, instead of the kernel's ~15 minutes of retransmissions.
_PG_BOUNDS = {
    "connect_timeout": 5,
    "tcp_user_timeout": 15000,
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 10,
    "keepalives_count": 3,
}


def _bound_the_wait(app: Flask) -> None:
    """A PostgreSQL that does not answer fails a connection in seconds (a 503), instead of
    holding the worker until gunicorn kills it."""
    uri = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if uri.startswith("postgresql"):
        options = dict(app.config["SQLALCHEMY_ENGINE_OPTIONS"])
        options["connect_args"] = {**_PG_BOUNDS, **options.get("connect_args", {})}
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True},
        AUTO_MIGRATE=_auto_migrate(),
        MAX_CONTENT_LENGTH=8 * 1024 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # Secure is added per request when it came over HTTPS (access.SessionInterface);
        # SESSION_COOKIE_SECURE=1 forces it.
        SESSION_COOKIE_SECURE=os.environ.get("SESSION_COOKIE_SECURE", "") in ("1", "true"),
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        PASSWORD_HASH_METHOD="scrypt",
        # behind a reverse proxy (nginx, Caddy, a PaaS router): how many hops set the
        # X-Forwarded-* headers, so that HTTPS and the client's address are seen
        PROXY_HOPS=int(os.environ.get("PROXY_HOPS", "0") or 0),
        # Strict-Transport-Security on answers that came over HTTPS (web/common.py): a year,
        # so that a phone that once opened the site never again asks for it over plain HTTP;
        # 0 sends none (a proxy that sets its own)
        HSTS_SECONDS=int(os.environ.get("HSTS_SECONDS", "31536000") or 0),
        # accounts one address may make in an hour (services/throttle.py); 0: no limit
        SIGNUPS_PER_HOUR=int(os.environ.get("SIGNUPS_PER_HOUR", "5") or 0),
        # the address other phones open (share and invite links, the QR code): see web/addresses.py
        PUBLIC_URL=_public_url(),
        # live followers' checks waiting in the accept queue past which they are told "later"
        # (a 503 with Retry-After: web/livecheck.py); at ~0.8 ms of CPU an answer, 192 waiting
        # is ~80 ms of work for two workers
        LIVE_SHED_QUEUE=int(os.environ.get("LIVE_SHED_QUEUE", "192") or 192),
        # the network address `scorekeeper run` serves on, set by the run command (cli.py)
        LAN_URL=None,
    )
    app.config.from_pyfile("config.py", silent=True)
    if test_config:
        app.config.update(test_config)
    _bound_the_wait(app)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app)
    hops = app.config["PROXY_HOPS"]
    if hops:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops
        )


def upgrade_schema(app: Flask) -> None:
    """Creates or brings the schema up to date with the migrations (`scorekeeper upgrade`).

    Two of them at once (two apps of the tests, a shell beside the server) take turns on a lock
    file: the second finds the schema current and does nothing.
    """
    from flask_migrate import upgrade

    with open(os.path.join(app.instance_path, ".migrate.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with app.app_context():
                upgrade(directory=MIGRATIONS)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
