"""Fixtures: the app on SQLite and on PostgreSQL (from TEST_DATABASE_URL), a live server, and
the Debian Chromium for Playwright at phone size. In CI nothing may skip for want of either."""

from __future__ import annotations

import itertools
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool
from werkzeug.routing import Rule
from werkzeug.serving import make_server

import tests.profiles  # noqa: F401  (the hypothesis profile: dev, ci or deep)
from scorekeeper import create_app
from scorekeeper.services import ratings
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


def _need_postgres() -> str:
    """TEST_DATABASE_URL, or a skip (a failure in CI) without it."""
    if not PG_URL:
        if IN_CI:
            pytest.fail("CI must run the tests on PostgreSQL: TEST_DATABASE_URL is not set")
        pytest.skip("no TEST_DATABASE_URL: PostgreSQL tests skipped on this machine")
    return PG_URL


def _pg_admin() -> Any:
    """A connection to the server of TEST_DATABASE_URL that may create and drop databases."""
    engine = create_engine(_need_postgres(), isolation_level="AUTOCOMMIT", poolclass=NullPool)
    return engine.connect()


_DATABASES = itertools.count()


@contextmanager
def pg_database() -> Iterator[str]:
    """An empty database of its own on the test server, dropped after: tests on PostgreSQL run
    in parallel like the others (pytest-xdist)."""
    name = f"sk_{os.environ.get('PYTEST_XDIST_WORKER', 'gw')}_{os.getpid()}_{next(_DATABASES)}"
    with _pg_admin() as admin:
        admin.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(_need_postgres()).set(database=name).render_as_string(hide_password=False)
    finally:
        with _pg_admin() as admin:
            admin.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


def _migrated(url: str) -> None:
    """The schema built by the migrations from nothing, and the connections closed."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "t"})
    with app.app_context():
        if db.engine.dialect.name == "sqlite":  # one self-contained file to copy
            with db.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated once per test process; each test starts from a copy of it."""
    path = tmp_path_factory.mktemp("template") / "template.sqlite"
    _migrated(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def pg_migrated() -> Iterator[str]:
    """A PostgreSQL database migrated once per test process, emptied before each test that
    uses it: making a database per test (CREATE DATABASE ... TEMPLATE, then DROP) cost 0.2 s
    a test in checkpoints, emptying the tables 0.02 s."""
    with pg_database() as url:
        _migrated(url)
        yield url


_SEQUENCES: dict[str, list[str]] = {}


def _sequences(conn: Any) -> list[str]:
    """The id sequences of the migrated schema (the same for every test of a process)."""
    rows = conn.execute(text("SELECT sequence_name FROM information_schema.sequences"))
    return [name for (name,) in rows]


def _emptied(url: str) -> None:
    """Every table of the app emptied and its ids starting again from 1 (the migrations'
    own table kept), with any connection a test left behind closed first. DELETE, not
    TRUNCATE: a test leaves a few rows, and TRUNCATE gives each of the 20 tables new files
    (65 ms a test against 25 ms, on ~900 PostgreSQL tests a run)."""
    tables = [t.name for t in reversed(db.metadata.sorted_tables)]  # children first
    engine = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with engine.connect() as conn:
        conn.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
        sequences = _SEQUENCES.setdefault(url, _sequences(conn))
        conn.exec_driver_sql(
            "; ".join(
                [f'DELETE FROM "{t}"' for t in tables]
                + [f'ALTER SEQUENCE "{q}" RESTART' for q in sequences]
            )
        )
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database at the head of the migrations with nothing in it, on each engine."""
    if request.param == "sqlite":
        path = tmp_path / "test.sqlite"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    _need_postgres()
    url = request.getfixturevalue("pg_migrated")
    _emptied(url)
    yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with no schema at all, on each engine: for the migrations themselves."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite'}"
        return
    with pg_database() as url:
        yield url


class _SharedTemplates(BytecodeCache):
    """The compiled templates, shared by every app of this test process: each test makes an
    app of its own, and compiling the same templates again took a fifth of a page test."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:  # the bucket checks the source's checksum itself
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = _SharedTemplates()


def _share_url_builders() -> None:
    """Each test makes an app of its own, and 90 % of making one (0.03 s, a thousand times a
    run) was Werkzeug compiling each URL rule's builder from an AST. A builder is a function of
    the rule's parts alone (the rule itself is its first argument; its converters are looked up
    when it runs), so the apps of a test process share them. Only a rule whose default fills a
    part of its path is compiled each time: that default is written into its builder."""
    compile_builder = Rule._compile_builder
    builders: dict[tuple[Any, ...], Any] = {}

    def shared(self: Rule, append_unknown: bool = True) -> Any:
        defaults = self.defaults or {}
        if any(dynamic and part in defaults for dynamic, part in self._trace):
            return compile_builder(self, append_unknown)
        key = (self.rule, tuple(self._trace), tuple(defaults), append_unknown)
        if key not in builders:
            builders[key] = compile_builder(self, append_unknown)
        return builders[key]

    Rule._compile_builder = shared  # type: ignore[method-assign]


_share_url_builders()


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
            # the database is at the head already (a copy of the migrated template, or emptied):
            # looking costs 0.02 s an app; the upgrade at start-up is test_migrations.py's
            "AUTO_MIGRATE": False,
        }
    )
    app.jinja_env.bytecode_cache = TEMPLATES
    yield app
    ratings.settle()  # a page's thread (a rating, its cache row) done before the database goes
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
    # shutdown() waits for the loop to look again: every 0.5 s by default, 0.4 s a test
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
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
        "device_scale_factor": int(os.environ.get("DPR", "2")),
        "is_mobile": True,
        "has_touch": True,
        # the service worker is the business of tests/e2e/test_install.py alone: elsewhere it
        # would answer requests that the tests route or count themselves
        "service_workers": "block",
    }


#: The files whose tests take longest (the browser's, the app servers', the JavaScript engine's
#: conformance in chunks), run first. xdist's worksteal (pyproject.toml) hands each worker half
#: of the run and lets an idle one take the tail of the other's queue: with the long tests at
#: the front the tails are short tests, and the two workers end together instead of one
#: waiting out another's 20 s browser test.
SLOW_FIRST = (
    "tests/e2e/test_languages.py",
    "tests/e2e/test_offline",
    "tests/e2e/",
    "tests/hosting/",
    "tests/rules/test_js_twin.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next(
            (i for i, prefix in enumerate(SLOW_FIRST) if item.nodeid.startswith(prefix)),
            len(SLOW_FIRST),
        )

    items.sort(key=rank)  # stable: a file's tests keep their order
