"""The package as installed: the wheel carries the compiled catalogues, and a checkout that
nobody compiled compiles them at start-up (so `pip install .` serves four languages)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from scorekeeper import catalogues, create_app

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "pl", "ru", "uk")


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
