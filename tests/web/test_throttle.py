"""The sign-in throttle: a stranger's guesses slow down, they do not close
the account to its owner's browser; the address limit spares known addresses; parallel
guesses check no more passwords than allowed; an address makes few accounts an hour."""

from __future__ import annotations

import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta

import pytest

from scorekeeper.services import accounts as auth
from scorekeeper.services import throttle
from scorekeeper.store.db import db
from scorekeeper.store.models import Account, ThrottleEvent, now
from tests.conftest import PASSWORD, signed_up


class Clock:
    """The throttle's clock, moved by hand: waits are exact, whatever the machine's speed."""

    def __init__(self) -> None:
        self.t = now()

    def __call__(self) -> datetime:
        return self.t

    def advance(self, **delta: float) -> None:
        self.t += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(throttle, "now", c)
    return c


def _signin(client, username="tester", password=PASSWORD, address="127.0.0.1"):  # type: ignore[no-untyped-def]
    return client.post(
        "/signin",
        data={"username": username, "password": password},
        environ_base={"REMOTE_ADDR": address},
    )


def _page(r) -> str:  # type: ignore[no-untyped-def]
    return r.get_data(as_text=True)


def _events(app, kind: str) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        rows = db.session.execute(db.select(ThrottleEvent).where(ThrottleEvent.kind == kind))
        return len(rows.scalars().all())


def test_a_strangers_guesses_do_not_stop_the_owners_browser(app, client, clock):
    client.post("/signout", data={})  # the owner's phone: signed out, its device cookie kept
    assert client.get_cookie("device") is not None
    stranger = app.test_client()
    answers = [_signin(stranger, password=f"guess{i}").status_code for i in range(10)]
    assert answers == [422] * 5 + [429] * 5  # the sixth waits a second; refused tries wait on
    refused = _signin(stranger, password="guess")
    assert "try again in 1 second." in _page(refused) and refused.headers["Retry-After"] == "1"
    # the owner's browser signs in with its right password all the same
    assert _signin(client).status_code == 302 and client.get("/").status_code == 200
    # and a good sign-in forgives the stranger's failures
    assert _events(app, "user") == 0


def test_without_the_device_cookie_the_wait_grows_up_to_15_minutes(app, client, clock):
    stranger, new_phone = app.test_client(), app.test_client()
    for _ in range(5):
        assert _signin(stranger, password="guess").status_code == 422
    for wait in (1, 2, 4, 8, 16, 32):
        r = _signin(new_phone)  # the right password, from a browser never signed in here
        unit = "second" if wait == 1 else "seconds"
        assert r.status_code == 429 and f"try again in {wait} {unit}." in _page(r)
        assert new_phone.get("/").status_code == 302  # not signed in
        clock.advance(seconds=wait - 0.5)
        assert _signin(stranger, password="guess").status_code == 429  # refused: not counted
        clock.advance(seconds=0.5)
        assert _signin(stranger, password="guess").status_code == 422  # checked, and wrong
    for _ in range(6):  # 11 to 16 failures: the step doubles until the 15-minute cap
        clock.advance(minutes=15)
        assert _signin(stranger, password="guess").status_code == 422
    assert "try again in 15 minutes." in _page(_signin(new_phone))
    clock.advance(minutes=15)
    assert _signin(new_phone).status_code == 302  # the owner waits, but is never shut out
    # an unknown username waits alike (and costs the same dummy hash check)
    for _ in range(5):
        assert _signin(stranger, "nobody", "guess").status_code == 422
    assert _signin(stranger, "nobody", "guess").status_code == 429


def test_a_known_browser_has_its_own_small_limit(app, client, clock):
    client.post("/signout", data={})
    stranger = app.test_client()
    for _ in range(6):
        _signin(stranger, password="guess")
    # a forged device cookie is no device cookie
    forged = app.test_client()
    forged.set_cookie("device", client.get_cookie("device").value[:-2] + "xx")
    assert _signin(forged).status_code == 429
    for _ in range(throttle.DEVICE_FREE):  # the owner's own typos, from its own browser
        assert _signin(client, password="typo").status_code == 422
    # past its own limit, the browser is one like any other: the stranger's failures count
    assert _signin(client).status_code == 429
    clock.advance(minutes=61)  # the browser's own failures leave their window
    assert _signin(client).status_code == 302


def test_the_address_limit_spares_addresses_with_a_good_sign_in(app, client, clock):
    signed_up(app, "bartek")
    for i in range(throttle.PER_ADDRESS):  # many usernames, one guess each, one address
        assert _signin(app.test_client(), f"nobody{i}", "guess", "10.0.0.9").status_code == 422
    r = _signin(app.test_client(), "bartek", address="10.0.0.9")
    assert r.status_code == 429 and "try again in 15 minutes." in _page(r)
    assert _signin(app.test_client(), "bartek", address="10.0.0.10").status_code == 302
    # a browser that signed in before is not held up by its address
    assert _signin(client, address="10.0.0.9").status_code == 302
    # a new account's sign-in vouches for nothing: a guesser signs up, signs in, guesses on
    assert _signin(app.test_client(), address="10.0.0.12").status_code == 302
    for i in range(throttle.PER_ADDRESS):
        assert _signin(app.test_client(), f"nobody{i}", "guess", "10.0.0.12").status_code == 422
    assert _signin(app.test_client(), "bartek", address="10.0.0.12").status_code == 429
    # an address with a good sign-in of an account older than a day (a family behind one
    # NAT) has no address limit
    clock.advance(days=2)
    assert _signin(app.test_client(), address="10.0.0.11").status_code == 302
    for i in range(throttle.PER_ADDRESS + 5):
        assert _signin(app.test_client(), f"nobody{i}", "guess", "10.0.0.11").status_code == 422
    assert _signin(app.test_client(), "bartek", address="10.0.0.11").status_code == 302
    clock.advance(days=31)  # the good sign-in vouches for 30 days
    for i in range(throttle.PER_ADDRESS):
        _signin(app.test_client(), f"other{i}", "guess", "10.0.0.11")
    assert _signin(app.test_client(), "bartek", address="10.0.0.11").status_code == 429


def test_parallel_guesses_check_at_most_five_passwords(app, client, clock, monkeypatch):
    checks: list[str] = []
    real = auth.check_password_hash

    def counted(stored: str, password: str) -> bool:
        checks.append(password)
        threading.Event().wait(0.02)  # a slow hash: the guesses overlap
        return real(stored, password)

    monkeypatch.setattr(auth, "check_password_hash", counted)
    answers: list[int] = []
    start = threading.Barrier(30)

    def guess(i: int) -> None:
        phone = app.test_client()
        start.wait()
        answers.append(_signin(phone, password=f"guess{i}").status_code)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert set(answers) <= {422, 429} and len(answers) == 30
    # every try is counted before its password is checked, in-flight ones included: however
    # the 30 interleave, at most FREE passwords are checked (if all 30 counted each other
    # first, none is: the sequential tests show a single guess is checked)
    assert len(checks) <= throttle.FREE
    assert answers.count(422) == len(checks) == _events(app, "user")  # refused: not counted


def test_a_burst_through_a_real_server_checks_five_then_one_per_wait(
    app, client, live_server, monkeypatch
):
    """30 guesses at once through a threaded HTTP server, on the real clock: five passwords are
    checked at once; a sixth only once the first wait (1 s) has run out, a seventh 2 s later,
    and so on (a burst against gunicorn lasted 2-4 s and so checked six). The rest are 429s."""
    checks: list[float] = []
    real = auth.check_password_hash

    def counted(stored: str, password: str) -> bool:
        checks.append(time.monotonic())
        threading.Event().wait(0.05)  # a slow hash: the guesses overlap
        return real(stored, password)

    monkeypatch.setattr(auth, "check_password_hash", counted)  # the server is in this process
    answers: list[tuple[int, str | None]] = []
    start, released = threading.Barrier(30), list[float]()

    def guess(i: int) -> None:
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with browser.open(f"{live_server}/signin", timeout=60) as r:  # its CSRF token
            form = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', r.read().decode())
        assert form is not None
        fields = {"csrf_token": form[1], "username": "tester", "password": f"guess {i}"}
        start.wait()
        released.append(time.monotonic())  # no try of the burst was counted before the first
        try:
            sent = urllib.parse.urlencode(fields).encode()
            with browser.open(f"{live_server}/signin", sent, timeout=60) as r:
                answers.append((r.status, None))
        except urllib.error.HTTPError as e:
            answers.append((e.code, e.headers.get("Retry-After")))

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(answers) == 30 and sum(status == 422 for status, _ in answers) == len(checks)
    assert all(wait and int(wait) >= 1 for status, wait in answers if status == 429)
    # the k-th check past the fifth waited for the steps 1, 2, 4 ... s before it
    after = [round(at - min(released), 3) for at in sorted(checks)]
    for k, at in enumerate(after[throttle.FREE :], start=1):
        assert at >= 2**k - 1, after


def test_sign_up_is_limited_per_address(app, anon, clock):
    app.config["SIGNUPS_PER_HOUR"] = 5

    def sign_up(name: str, address: str = "10.0.0.7"):  # type: ignore[no-untyped-def]
        data = {"username": name, "password": PASSWORD, "confirm": PASSWORD}
        return app.test_client().post("/signup", data=data, environ_base={"REMOTE_ADDR": address})

    assert [sign_up(f"user{i}").status_code for i in range(5)] == [302] * 5
    r = sign_up("sixth")
    page = _page(r)
    assert r.status_code == 429 and 'id="username-error"' in page
    assert r.headers["Retry-After"] == "3600"  # what the page says, for a program
    assert "Too many new accounts from this address: try again in 60 minutes." in page
    with app.app_context():
        assert db.session.execute(db.select(Account).filter_by(username="sixth")).first() is None
    assert sign_up("sixth", "10.0.0.8").status_code == 302  # another address
    clock.advance(minutes=61)
    assert sign_up("seventh").status_code == 302


def test_odd_usernames_and_addresses_are_refused_not_failed(app, client):
    """A NUL byte, a very long name or a forged address is a wrong sign-in (422), on
    PostgreSQL too (a NUL may not reach it as text)."""
    for name in ("te\x00ster", "x" * 10_000, "тестер", "tester\n"):
        assert _signin(app.test_client(), name, "guess").status_code == 422, name
    for address in ("1.2.3.4\x00", "9" * 500, "::ffff:10.0.0.1"):
        assert _signin(app.test_client(), "nobody", "guess", address).status_code == 422
    assert _signin(app.test_client(), " Tester ").status_code == 302


def test_the_current_password_on_the_account_page_is_throttled_like_a_sign_in(app, client, clock):
    """A stolen session must not buy unlimited guesses at the password that guards changing
    it: wrong current passwords count as failed sign-ins of the account."""
    client.delete_cookie("device")  # a thief's copy of the session, without the device cookie

    def change(current: str):  # type: ignore[no-untyped-def]
        data = {"current": current, "new": "a new password"}
        return client.post("/account/password", data=data, environ_base={"REMOTE_ADDR": "10.9.9.9"})

    assert [change(f"guess{i}").status_code for i in range(5)] == [422] * 5
    r = change(PASSWORD)  # even the right one waits now, and changes nothing
    assert r.status_code == 429 and "try again in 1 second." in _page(r)
    assert r.headers["Retry-After"] == "1"
    clock.advance(seconds=1)
    assert change(PASSWORD).status_code == 302  # the old password was still the password
    assert _signin(app.test_client(), password="a new password").status_code == 302


def test_an_ipv6_network_counts_as_one_address(app, client, clock):
    """An IPv6 host holds a whole /64: each of its addresses is not a new address to the
    limits, or the address and sign-up limits would bind no one with IPv6."""
    net = "2001:db8:1:2:"
    for i in range(throttle.PER_ADDRESS):
        address = f"{net}:{i + 1:x}"
        assert _signin(app.test_client(), f"nobody{i}", "guess", address).status_code == 422
    assert _signin(app.test_client(), "other", "guess", f"{net}ffff::1").status_code == 429
    assert _signin(app.test_client(), "other", "guess", "2001:db8:1:3::1").status_code == 422
    app.config["SIGNUPS_PER_HOUR"] = 2
    answers = []
    for i in range(3):
        data = {"username": f"new{i}", "password": PASSWORD, "confirm": PASSWORD}
        address = {"REMOTE_ADDR": f"2001:db8:9:9::{i + 1}"}
        answers.append(app.test_client().post("/signup", data=data, environ_base=address))
    assert [r.status_code for r in answers] == [302, 302, 429]
