"""The documentation site, built once per session for the tests of this folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the built site run on one worker (``--dist loadgroup``), which builds it
    once, instead of a build on each worker."""
    for item in items:
        if {"built", "site"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group("site"))


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, str]:
    """The site, built with ``mkdocs build --strict`` once per session, and its log."""
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert build.returncode == 0, build.stderr[-4000:]
    return out, build.stderr


@pytest.fixture(scope="session")
def site(built) -> Path:
    return built[0]
