"""The documentation site, built once per test run for the tests of this folder.

The build (``mkdocs build --strict``, about 20 s of one core) starts as soon as the tests
are collected, in the background, so the workers run other tests meanwhile; under
pytest-xdist the first worker to claim the run's shared directory starts it and every
worker reads the one result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
USES_SITE = {"built", "site"}
WAIT = 600  # seconds a test waits for the build before it fails, saying so
BUILD = """
import json, subprocess, sys
from pathlib import Path
into = Path(sys.argv[1])
build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                        str(into / "site")], capture_output=True, text=True, check=False)
(into / "result.part").write_text(json.dumps([build.returncode, build.stderr]))
(into / "result.part").rename(into / "result.json")
"""


def shared(factory: pytest.TempPathFactory) -> Path:
    """The run's build directory: beside the workers' own directories under xdist."""
    base = factory.getbasetemp()
    return (base.parent if "PYTEST_XDIST_WORKER" in os.environ else base) / "docs-site"


def start(into: Path) -> None:
    """Start the build into ``into`` (kept in `BUILDS`) unless another process (a worker)
    already has."""
    try:
        into.mkdir()
    except FileExistsError:
        return
    build = subprocess.Popen([sys.executable, "-c", BUILD, str(into)], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # reaped the moment it ends, whichever worker's tests read the site: a test of the
    # engines checks that the worker leaves no zombie child
    threading.Thread(target=build.wait, daemon=True).start()
    BUILDS.append(build)


BUILDS: list[subprocess.Popen[bytes]] = []  # the build this process started


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly:
        return
    if any(USES_SITE & set(getattr(item, "fixturenames", ())) for item in session.items):
        # the factory the tmp_path_factory fixture returns, before any fixture runs
        start(shared(session.config._tmp_path_factory))  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site, built strictly, and the build's log."""
    into = shared(tmp_path_factory)
    start(into)
    result, deadline = into / "result.json", time.monotonic() + WAIT
    while not result.exists():
        assert time.monotonic() < deadline, f"the site's build gave nothing in {WAIT} s"
        ended = any(build.poll() is not None for build in BUILDS)
        assert not ended or result.exists(), "the site's build ended without a result"
        time.sleep(0.1)
    returncode, log = json.loads(result.read_text())
    assert returncode == 0, log[-4000:]
    return into / "site", log


@pytest.fixture(scope="session")
def site(built: tuple[Path, str]) -> Path:
    return built[0]
