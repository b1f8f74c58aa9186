"""The package build: pyproject.toml says what; this compiles the catalogues into the wheel."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    """build_py, then each language's .po compiled to .mo beside it in the build (the .mo
    files are not in git: without this step a wheel would speak English only)."""

    def run(self) -> None:
        super().run()
        # scorekeeper/catalogues.py by its path: the package's own dependencies (Flask...)
        # are not in the build's environment, only setuptools and Babel
        spec = importlib.util.spec_from_file_location(
            "catalogues", HERE / "scorekeeper" / "catalogues.py"
        )
        assert spec and spec.loader
        catalogues = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogues)
        target = Path(self.build_lib) / "scorekeeper" / "translations"
        catalogues.compile_into(target, HERE / "scorekeeper" / "translations")


setup(cmdclass={"build_py": BuildWithCatalogues})
