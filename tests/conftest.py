"""Fixtures: the app on SQLite and on PostgreSQL (from TEST_DATABASE_URL), a live server, and
the Debian Chromium for Playwright at phone size. In CI nothing may skip for want of either."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.store.db import db

IN_CI = bool(os.environ.get("CI"))
PG_URL = os.environ.get("TEST_DATABASE_URL")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _reset_postgres(url: str) -> None:
    """An empty schema, so that every test also runs the migrations from nothing."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:  # type: ignore[no-untyped-def]
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite'}"
    if not PG_URL:
        if IN_CI:
            pytest.fail("CI must run the tests on PostgreSQL: TEST_DATABASE_URL is not set")
        pytest.skip("no TEST_DATABASE_URL: PostgreSQL tests skipped on this machine")
    _reset_postgres(PG_URL)
    return PG_URL


@pytest.fixture
def app(database_url: str, tmp_path):  # type: ignore[no-untyped-def]
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            # scrypt costs 0.1 s a hash here: the tests sign up hundreds of accounts
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            # the tests sign up many accounts from 127.0.0.1; test_throttle sets its own limit
            "SIGNUPS_PER_HOUR": 0,
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


PASSWORD = "correct horse battery"


def signed_up(app, username: str = "tester"):  # type: ignore[no-untyped-def]
    """A test client signed in as a new account `username`."""
    client = app.test_client()
    r = client.post(
        "/signup", data={"username": username, "password": PASSWORD, "confirm": PASSWORD}
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    return client


@pytest.fixture
def client(app):  # type: ignore[no-untyped-def]
    """A phone signed in as the account that owns the games the test makes."""
    return signed_up(app)


@pytest.fixture
def anon(app):  # type: ignore[no-untyped-def]
    """A phone signed in as nobody."""
    return app.test_client()


@pytest.fixture
def live_server(app) -> Iterator[str]:  # type: ignore[no-untyped-def]
    # the browser goes through CSRF like a phone does (the test client posts without tokens)
    app.config["WTF_CSRF_ENABLED"] = True
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


def _have_chromium() -> bool:
    return os.path.exists(CHROMIUM) or shutil.which("chromium") is not None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):  # type: ignore[no-untyped-def]
    if not _have_chromium():
        if IN_CI:
            pytest.fail(f"CI must run the browser tests: no Chromium at {CHROMIUM}")
        pytest.skip("no Chromium: browser tests skipped on this machine")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):  # type: ignore[no-untyped-def]
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }
