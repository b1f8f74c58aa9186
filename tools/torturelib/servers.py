"""The processes: a throwaway PostgreSQL cluster, gunicorn, the schema step, and their cleanup."""

from __future__ import annotations

import glob
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable

from .client import Client, Tally

CLEANUP: list[Callable[[], None]] = []  # run in reverse on every exit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (gunicorn's workers)."""
    found = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.split("/")[2]))
    return sorted(found)


def peak_rss_mb(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def tempdir(prefix: str) -> str:
    path = tempfile.mkdtemp(prefix=prefix)
    CLEANUP.append(lambda: shutil.rmtree(path, ignore_errors=True))
    return path


def until(
    done: Callable[[], bool], cap: float, every: float, since: float | None = None
) -> float | None:
    """Asks `done` every `every` s: the seconds from `since` (default now) until it held,
    to 0.1 s, or None if `cap` s went by first."""
    start = time.monotonic() if since is None else since
    while time.monotonic() - start < cap:
        if done():
            return round(time.monotonic() - start, 1)
        time.sleep(every)
    return None


class Postgres:
    """A throwaway cluster of its own: initdb in a temp dir, loopback, a free port."""

    def __init__(self) -> None:
        self.bin = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version)[-1]
        self.root = tempdir("torture-pg.")
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        self.port = free_port()
        self.data = os.path.join(self.root, "data")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/scorekeeper"
        self._run("initdb", "-D", self.data, "-U", "postgres", "-A", "trust", "-E", "UTF8")
        CLEANUP.append(self.stop)
        self.start()
        self._run(
            "createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "scorekeeper"
        )

    def _run(self, tool: str, *args: str) -> None:
        cmd = [os.path.join(self.bin, tool), *args]
        if tool == "initdb":
            cmd += ["--locale=C.UTF-8", "--no-sync"]
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, cwd="/", check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        opts = f"-k {self.root} -h 127.0.0.1 -p {self.port} -c fsync=off -c full_page_writes=off"
        log = os.path.join(self.root, "server.log")
        self._run("pg_ctl", "-D", self.data, "-l", log, "-w", "-t", "60", "-o", opts, "start")

    def stop(self) -> None:
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "-t", "30", "stop")


def _version(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", path))


class Server:
    """gunicorn -w 3 on a free port, in a process group of its own (orphans die with it)."""

    def __init__(self, repo: str, venv: str, env: dict[str, str], workdir: str) -> None:
        self.port = free_port()
        self.log = os.path.join(workdir, f"gunicorn-{self.port}.log")
        cmd = [os.path.join(venv, "bin", "gunicorn")]
        conf = os.path.join(repo, "gunicorn.conf.py")
        if os.path.exists(conf):
            cmd += ["-c", conf]
        else:
            cmd += ["--timeout", "30"]
        cmd += ["-w", "3", "-b", f"127.0.0.1:{self.port}", "scorekeeper:create_app()"]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                cmd, cwd=repo, env=env, stdout=log, stderr=log, start_new_session=True
            )
        self.pid = self.proc.pid
        CLEANUP.append(self.kill)
        probe = Client(self.port, Tally())

        def ready() -> bool:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited at start:\n{self.log_tail()}")
            return probe.get("/ping", timeout=5).status == 200 and len(self.workers()) >= 3

        if until(ready, 90, 0.2) is None:
            raise RuntimeError(f"gunicorn did not answer in 90 s:\n{self.log_tail()}")

    def workers(self) -> list[int]:
        return [p for p in children(self.pid) if alive(p)]

    def master_alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """TERM the master, then KILL its whole group (orphaned workers too)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            pass

    def log_tail(self, lines: int = 15) -> str:
        with open(self.log, errors="replace") as f:
            return "".join(f.readlines()[-lines:])

    def tracebacks(self) -> int:
        with open(self.log, errors="replace") as f:
            return f.read().count("Traceback (most recent call last)")


def schema_up(repo: str, venv: str, env: dict[str, str]) -> str:
    """The deployment's schema step: `scorekeeper upgrade` if the app has one, else Flask-
    Migrate's `db upgrade`, else nothing (create_app migrates in each worker)."""
    exe = os.path.join(venv, "bin", "scorekeeper")
    run = dict(cwd=repo, env=env, capture_output=True, text=True, timeout=180)
    helptext = subprocess.run([exe, "--help"], **run).stdout  # type: ignore[call-overload]
    if re.search(r"^\s+upgrade\b", helptext, re.M):
        step = ["upgrade"]
    elif re.search(r"^\s+db\b", helptext, re.M):
        step = ["db", "upgrade", "-d", os.path.join(repo, "scorekeeper", "migrations")]
    else:
        return "create_app"
    done = subprocess.run([exe, *step], **run)  # type: ignore[call-overload]
    if done.returncode:
        raise RuntimeError(f"scorekeeper {' '.join(step)} failed:\n{done.stderr[-2000:]}")
    return "scorekeeper " + " ".join(step[:2])
