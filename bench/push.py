"""Save -> the follower's screen, polled and pushed side by side in one run, two Chromium phones:
.venv/bin/python bench/push.py --database-url postgresql+psycopg://... [--hands 32]

What a follower meets: one phone (a Chromium context) scores a pl-3 game through the hand form,
another follows its live link; from the scorer's tap on Save (Date.now() in its page) to the
follower's board changing (a MutationObserver's Date.now(); one clock, one machine). Each Save
comes at a random moment (0.3 to 3.3 s after the follower showed the last one), so a poll's
phase is random, as at a table. Served as a club serves it: gunicorn's sync workers for the
pages, the streams' gevent server beside them, nginx in front routing /stream to it
(docs/operations.md), on the PostgreSQL given (run it at its default durability, fsync on).
"polled": the follower's stream answered 204 (what a sync-only server says), so the page asks
every 3 s as it did before the streams; "pushed": the stream as served.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

try:
    from bench.loadnginx import Nginx, config
except ImportError:  # run as a script: this folder is on sys.path
    from loadnginx import Nginx, config  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PASSWORD = "a long enough password"
WATCH = """() => {
  window.changes = [];
  new MutationObserver(() => window.changes.push(Date.now()))
    .observe(document.getElementById("live-board"), {childList: true, subtree: true});
}"""


def _free() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(port: int) -> None:
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing answers on {port}")


@contextmanager
def served(database_url: str) -> Iterator[str]:
    """Pages (2 sync workers), streams (gevent) and nginx in front; the front's URL."""
    where = Path(tempfile.mkdtemp(prefix="push-bench-"))
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "bench"}
    env["PYTHONPATH"] = str(ROOT)
    env.update({"SIGNUPS_PER_HOUR": "0", "IMPORT_WORKER": "0", "WEB_CONCURRENCY": "2"})
    subprocess.run([sys.executable, "-m", "scorekeeper", "upgrade"], env=env, check=True)
    ports = {"pages": _free(), "streams": _free(), "front": _free()}
    procs = []
    front: Nginx | None = None
    try:
        for name in ("pages", "streams"):
            extra = {"STREAMS": "1"} if name == "streams" else {}
            command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
            command += ["-b", f"127.0.0.1:{ports[name]}"]
            procs.append(subprocess.Popen(command, env={**env, **extra}, cwd=ROOT))
        # the benches' own front (bench/loadnginx.py): /stream to the streams, unbuffered
        front = Nginx(where / "nginx", config(where / "nginx", **ports, page_slots=6))
        for port in ports.values():
            _wait(port)
        yield f"http://127.0.0.1:{ports['front']}"
    finally:
        if front is not None:
            front.stop()
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
        shutil.rmtree(where, ignore_errors=True)


def _start(page: Page, base: str) -> str:
    """A new account and game through the forms; the game's live link."""
    page.goto(base + "/signup")
    page.locator("[name=username]").fill(f"bench{random.randrange(10**9)}")
    page.locator("[name=password]").fill(PASSWORD)
    page.locator("[name=confirm]").fill(PASSWORD)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(lambda url: "/signup" not in url)
    page.goto(base + "/games/new")
    for i, name in enumerate(("Ala", "Bartek", "Celina")):
        page.locator(f"[name=players-{i}]").fill(name)
    page.locator("input[name=variant][value='pl-3']").check()
    page.locator("#new-game button.primary[type=submit]").click()
    page.wait_for_url(lambda url: "/games/" in url and "/new" not in url)
    game = page.url.split("?")[0]
    page.goto(game + "/share")
    page.get_by_role("button", name="Make a live link").click()
    url = page.locator(".share-link a").get_attribute("href")
    assert url
    page.goto(game)
    return url


def _save(page: Page, number: int) -> int:
    """The next hand through the form, Save tapped; the moment of the tap (ms since 1970).
    The forced opener declares 100: made and failed by turns, so that nobody reaches 1,000."""
    page.locator("a[href$='/hands/new']").first.click()
    dealer = int(page.locator("select[name=dealer]").input_value())
    opener = (dealer + 1) % 3
    page.locator(f"input[name=declarer][value='{opener}']").check()
    page.locator("[name=bid]").fill("100")
    made = number % 2 == 0
    for seat in range(3):
        mine = seat == opener
        points = (100 if made else 60) if mine else (10 if made else 30)
        page.locator(f"[name=points-{seat}]").fill(str(points))
    tapped = int(page.evaluate("""() => {
        const t = Date.now();
        document.querySelector("#hand-form button.primary[type=submit]").click();
        return t;
    }"""))
    page.wait_for_url(lambda url: "/hands/" not in url)
    return tapped


def run(base: str, hands: int, mode: str, browser: Any) -> list[float]:
    scorer = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    # bypass_csp: the bench waits in the page with a function of its own (the app allows none)
    follower = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers="block", bypass_csp=True
    )
    page, watch = scorer.new_page(), follower.new_page()
    url = _start(page, base)
    if mode == "polled":
        watch.route("**/stream*", lambda route: route.fulfill(status=204))
    watch.goto(url)
    watch.evaluate(WATCH)
    times = []
    for number in range(hands):
        seen = int(watch.evaluate("window.changes.length"))
        page.wait_for_timeout(random.uniform(300, 3300))  # the Save's moment: random
        tapped = _save(page, number)
        watch.wait_for_function(f"window.changes.length > {seen}", timeout=15000)
        changed = int(watch.evaluate(f"window.changes[{seen}]"))
        times.append(changed - tapped)
    scorer.close()
    follower.close()
    return times


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"))
    parser.add_argument("--hands", type=int, default=32)
    args = parser.parse_args()
    if not args.database_url:
        parser.error("--database-url (or BENCH_DATABASE_URL): a PostgreSQL at fsync on")
    load = os.getloadavg()
    results = {}
    with served(args.database_url) as base, sync_playwright() as p:
        flags = ["--no-sandbox", "--disable-gpu"]
        browser = p.chromium.launch(executable_path=CHROMIUM, args=flags)
        for mode in ("polled", "pushed"):
            results[mode] = run(base, args.hands, mode, browser)
        browser.close()
    after = os.getloadavg()
    print(
        f"Save -> follower's screen, {args.hands} hands each, ms"
        f" (load average {load[0]:.1f} -> {after[0]:.1f})"
    )
    print(f"{'':8} {'p50':>7} {'p95':>7} {'max':>7}")
    for mode, times in results.items():
        print(f"{mode:8} {statistics.median(times):7.0f} {pct(times, 95):7.0f} {max(times):7.0f}")
    polled, pushed = results["polled"], results["pushed"]
    print(f"ratio p50 {statistics.median(polled) / statistics.median(pushed):.1f}x, "
          f"p95 {pct(polled, 95) / pct(pushed, 95):.1f}x")


if __name__ == "__main__":
    main()
