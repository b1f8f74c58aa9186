"""The server side of bench/load.py: a throwaway PostgreSQL, gunicorn, and CPU read from /proc."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # the venv's: gunicorn, scorekeeper
TICK = os.sysconf("SC_CLK_TCK")


def free_port(first: int) -> int:
    """The first port from `first` on that nothing on 127.0.0.1 listens on."""
    for port in range(first, first + 500):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {first}..{first + 499}")


def _as_postgres(cmd: list[str], check: bool = True) -> None:
    """Runs a PostgreSQL command as the postgres user (when root: initdb refuses root)."""
    cmd = ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd
    subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=None if check else subprocess.DEVNULL, check=check
    )


@contextmanager
def postgres(port: int, max_connections: int) -> Iterator[tuple[str, int]]:
    """A throwaway cluster on 127.0.0.1:`port` (trust), stopped and deleted on the way out,
    whatever happens; yields its database URL and the postmaster's pid (for its CPU).

    At PostgreSQL's default durability (fsync, synchronous_commit, full_page_writes on), as a
    real server runs: every commit waits for its WAL flush, which is most of a write's time on
    a quiet machine, and a bench without it measured a server nobody runs."""
    pgbin = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))[-1]
    home = Path(tempfile.mkdtemp(prefix=f"bench-load-pg-{port}-"))
    if os.geteuid() == 0:
        shutil.chown(home, "postgres", "postgres")
    data = home / "data"
    started = False
    try:
        _as_postgres(
            [f"{pgbin}/initdb", "-D", str(data), "-U", "postgres", "-A", "trust"]
            + ["-E", "UTF8", "--locale=C.UTF-8"]
        )
        options = f"-k {home} -h 127.0.0.1 -p {port} -c max_connections={max_connections}"
        started = True
        _as_postgres(
            [f"{pgbin}/pg_ctl", "-D", str(data), "-l", f"{home}/log", "-w", "-o", options, "start"]
        )
        psql = [f"{pgbin}/psql", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"]
        _as_postgres(psql + ["-c", "create database bench_load"])
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/bench_load", pid
    finally:
        if started:
            _as_postgres([f"{pgbin}/pg_ctl", "-D", str(data), "-m", "immediate", "stop"], False)
        shutil.rmtree(home, ignore_errors=True)


def app_env(app_dir: Path) -> dict[str, str]:
    """The environment that makes `scorekeeper` the one in `app_dir` (another checkout or
    export of the project: the "before" of a change), ahead of the venv's editable install."""
    if app_dir == ROOT:
        return {}
    return {"PYTHONPATH": os.pathsep.join([str(app_dir), os.environ.get("PYTHONPATH", "")])}


def upgrade(database_url: str, app_dir: Path) -> None:
    """`scorekeeper upgrade`, as a deployment runs it before the workers start."""
    env = {**os.environ, **app_env(app_dir), "DATABASE_URL": database_url}
    subprocess.run([str(BIN / "scorekeeper"), "upgrade"], env=env, check=True, cwd=app_dir)


class Gunicorn:
    """gunicorn with the project's gunicorn.conf.py on 127.0.0.1:`port`, in its own process
    group, its log (errorlog "-") in a file; `stop` ends the whole group."""

    def __init__(
        self, port: int, args: list[str], env: dict[str, str], log: Path, app_dir: Path
    ) -> None:
        self.port, self.log = port, log
        cmd = [str(BIN / "gunicorn"), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
        with open(log, "wb") as out:
            self.proc = subprocess.Popen(
                cmd + args,
                cwd=app_dir,
                env={**os.environ, **app_env(app_dir), **env},
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_ready(self, seconds: float = 60) -> None:
        """Until /ping answers 200 (every worker booted answers it; the first is enough)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({self.proc.returncode}):\n{self.tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                    s.sendall(b"GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    if s.recv(64).startswith(b"HTTP/1.1 200"):
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer /ping in {seconds:g} s:\n{self.tail()}")

    def count(self, text: str) -> int:
        """How many lines of its log so far contain `text` ("WORKER TIMEOUT", "Booting")."""
        with open(self.log, errors="replace") as f:
            return sum(text in line for line in f)

    def tail(self, lines: int = 15) -> str:
        with open(self.log, errors="replace") as f:
            return "".join(f.readlines()[-lines:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # graceful: workers finish what they hold
            try:
                self.proc.wait(25)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # our group only: any worker left behind
        except ProcessLookupError:
            pass
        self.proc.wait()


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def _descendants(pid: int) -> list[int]:
    """Children, grandchildren...: gunicorn's workers even when it was started by a wrapper."""
    found, todo = [], _children(pid)
    while todo:
        found.append(child := todo.pop())
        todo += _children(child)
    return found


def _ticks(pid: int) -> int | None:
    """utime + stime of a process (all its threads), in clock ticks; None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            rest = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(rest[11]) + int(rest[12])  # fields 14 and 15 of proc(5)


class WorkerCpu:
    """The CPU of the worker processes of gunicorn masters (of every process under the pids
    given), sampled often enough that a worker killed and replaced in the middle of a step
    still counts up to its last sample."""

    def __init__(self, masters: list[int]) -> None:
        self.masters = masters
        self.seen: dict[int, int] = {}  # pid -> latest utime+stime

    def sample(self) -> None:
        for master in self.masters:
            for pid in _descendants(master) or [master]:  # no children: the pid is the server
                ticks = _ticks(pid)
                if ticks is not None:
                    self.seen[pid] = ticks

    def mark(self) -> dict[int, int]:
        self.sample()
        return dict(self.seen)

    def since(self, mark: dict[int, int]) -> tuple[float, int]:
        """CPU seconds of the workers since `mark`, and how many workers were started since."""
        self.sample()
        ticks = sum(t - mark.get(pid, 0) for pid, t in self.seen.items())
        return ticks / TICK, len(self.seen.keys() - mark.keys())


def host_busy() -> tuple[int, int]:
    """(busy, total) jiffies of all cores so far (/proc/stat), for the host's CPU share."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:8]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def accept_queue(port: int) -> int:
    """Connections waiting in the accept queue of whatever listens on `port` (/proc/net/tcp:
    a listening socket's rx_queue), the backlog a sync worker has not taken yet."""
    waiting = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    fields = line.split()
                    if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                        waiting += int(fields[4].split(":")[1], 16)
        except OSError:
            continue
    return waiting
