"""Where an instance keeps its games and secret key: named, in a checkout, or installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import config


def test_the_setting_names_the_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "family"))
    assert config.instance_path() == str(tmp_path / "family")


def test_a_checkout_keeps_its_instance_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    checkout = Path(config.__file__).resolve().parents[1]
    assert config.instance_path() == str(checkout / "instance")


def test_an_installed_package_keeps_its_data_outside_the_venv(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # a wheel's package lives in the venv's site-packages, with no pyproject.toml beside it;
    # Flask's own default would be <venv>/var/scorekeeper-instance, gone with the venv
    venv = tmp_path / ".venv" / "lib" / "python3.11" / "site-packages" / "scorekeeper"
    monkeypatch.setattr(config, "__file__", str(venv / "config.py"))
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert config.instance_path() == str(tmp_path / "data" / "thousand-scorekeeper")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    found = Path(config.instance_path())
    assert found == tmp_path / "home" / ".local" / "share" / "thousand-scorekeeper"
    assert tmp_path / ".venv" not in found.parents


def test_the_app_keeps_its_database_and_key_in_the_named_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from scorekeeper import create_app

    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "games"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app({"AUTO_MIGRATE": False, "IMPORT_WORKER": False})
    assert app.instance_path == str(tmp_path / "games")
    assert (tmp_path / "games" / "secret_key").exists()
    line = config.where_data_lives(app)
    assert line.endswith(str(tmp_path / "games" / "scorekeeper.sqlite")), line


def test_an_instance_flask_kept_in_the_venv_stays_in_use(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    venv = tmp_path / ".venv"
    monkeypatch.setattr(config, "__file__", str(venv / "lib" / "scorekeeper" / "config.py"))
    monkeypatch.setattr(config.sys, "prefix", str(venv))
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    earlier = venv / "var" / "scorekeeper-instance"
    earlier.mkdir(parents=True)
    (earlier / "scorekeeper.sqlite").write_bytes(b"")
    assert config.instance_path() == str(earlier)  # its games are not left behind
    (tmp_path / "data" / "thousand-scorekeeper").mkdir(parents=True)
    assert config.instance_path() == str(tmp_path / "data" / "thousand-scorekeeper")
