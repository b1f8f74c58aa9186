"""The secret key generated into instance/ at first start: one key, whole, for every worker."""

from __future__ import annotations

import os
import stat
import threading
from types import SimpleNamespace

import pytest

from scorekeeper import config


def test_workers_starting_at_once_all_read_one_whole_key(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = SimpleNamespace(instance_path=str(tmp_path))
    keys: list[str] = []
    start = threading.Barrier(16)

    def worker() -> None:
        start.wait()
        keys.append(config._secret_key(app))  # type: ignore[arg-type]

    threads = [threading.Thread(target=worker) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(keys) == 16 and len(set(keys)) == 1 and len(keys[0]) == 64
    key_file = tmp_path / "secret_key"
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    assert os.listdir(tmp_path) == ["secret_key"]  # no draft left behind
    assert config._secret_key(app) == keys[0]  # type: ignore[arg-type]


def test_the_environment_key_wins(tmp_path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    app = SimpleNamespace(instance_path=str(tmp_path))
    assert config._secret_key(app) == "from-the-environment"  # type: ignore[arg-type]
    assert not (tmp_path / "secret_key").exists()
