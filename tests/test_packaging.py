"""The package as installed: the wheel carries the compiled catalogues, a checkout that nobody
compiled compiles them at start-up (so `pip install .` serves four languages), and the lock files
pin every dependency pyproject.toml names, within its range."""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from scorekeeper import catalogues, create_app

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "pl", "ru", "uk")
REFRESH = "pyproject.toml and the lock files disagree: run tools/lock (README, 'Dependencies')"


def test_the_wheel_carries_every_language_compiled(tmp_path: Path) -> None:
    source = tmp_path / "src"  # a clean copy: no .mo files, as in a fresh clone
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(".venv", ".git", "*.mo", "build", "*.egg-info", "instance"),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "dist"),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in LANGS:
        assert f"scorekeeper/translations/{lang}/LC_MESSAGES/messages.mo" in names
    # the licence travels with the code: its text and its name in the metadata
    (metadata,) = (n for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in zipfile.ZipFile(wheel).read(metadata).decode()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_catalogues_compile_into_a_folder_that_the_app_reads(tmp_path: Path) -> None:
    written = catalogues.compile_into(tmp_path)
    assert {p.parts[-3] for p in written} == set(LANGS)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite'}",
            "BABEL_TRANSLATION_DIRECTORIES": str(tmp_path),
        }
    )
    page = app.test_client().get("/rules/", headers={"Accept-Language": "pl"})
    assert "Zasady" in page.get_data(as_text=True)  # the Polish rules index, not English


def test_a_catalogue_newer_than_its_compiled_copy_is_stale(tmp_path: Path) -> None:
    po = tmp_path / "pl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    shutil.copy(catalogues.SOURCE / "pl" / "LC_MESSAGES" / "messages.po", po)
    assert catalogues.stale(tmp_path)  # no .mo at all
    catalogues.compile_into(tmp_path, tmp_path)
    assert not catalogues.stale(tmp_path)
    po.touch()
    mo = po.with_suffix(".mo")
    import os

    os.utime(mo, (po.stat().st_mtime - 10, po.stat().st_mtime - 10))
    assert catalogues.stale(tmp_path)


def _declared(extra: str | None) -> list[Requirement]:
    """What pyproject.toml asks for: the app's dependencies, the build system's (the project is
    installed with --no-build-isolation, so the lock provides them), and an extra's."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = meta["project"]["dependencies"] + meta["build-system"]["requires"]
    if extra:
        names += meta["project"]["optional-dependencies"][extra]
    return [Requirement(name) for name in names]


def _pins(lock: str) -> dict[str, list[tuple[Version, list[str]]]]:
    """A lock file's pins by name: each version (a universal lock may pin one name twice, under
    exclusive markers) with its sha256 hashes."""
    text = (ROOT / lock).read_text().replace("\\\n", " ")
    pins: dict[str, list[tuple[Version, list[str]]]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line.split(" --hash=")[0])
        (spec,) = requirement.specifier
        assert spec.operator == "==", f"{lock}: {line[:60]} is not pinned to one version"
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", line)
        name = canonicalize_name(requirement.name)
        pins.setdefault(name, []).append((Version(spec.version), hashes))
    return pins


@pytest.mark.parametrize(
    ("lock", "extra"), [("requirements.lock", None), ("requirements-test.lock", "test")]
)
def test_the_lock_pins_every_declared_dependency_within_its_range(
    lock: str, extra: str | None
) -> None:
    pins = _pins(lock)
    for name, versions in pins.items():  # pip --require-hashes refuses a line without one
        assert all(hashes for _, hashes in versions), f"{lock}: {name} has no hash"
    for requirement in _declared(extra):
        wanted = [canonicalize_name(requirement.name)]
        # an extra's packages (psycopg[binary] -> psycopg-binary), read from the installed
        # package's metadata: offline, and the same release as the lock's when installed from it
        for extra_name in requirement.extras:
            for dependency in importlib.metadata.requires(requirement.name) or []:
                needed = Requirement(dependency)
                if needed.marker and needed.marker.evaluate({"extra": extra_name}):
                    wanted.append(canonicalize_name(needed.name))
        missing = [name for name in wanted if name not in pins]
        assert not missing, f"{lock} lacks {', '.join(missing)}. {REFRESH}"
        for version, _ in pins[wanted[0]]:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{lock} pins {wanted[0]}=={version} outside {requirement}. {REFRESH}"
            )


def test_the_app_lock_is_the_test_lock_without_the_test_tools() -> None:
    app, test = _pins("requirements.lock"), _pins("requirements-test.lock")
    for name, versions in app.items():  # the tests run what the app is installed with
        assert test.get(name) == versions, f"{name}: the locks differ. {REFRESH}"
    app_needs = {canonicalize_name(r.name) for r in _declared(None)}
    tools = {canonicalize_name(r.name) for r in _declared("test")} - app_needs
    assert tools and not tools & app.keys(), f"the app's lock installs {tools & app.keys()}"
