"""The example engines are installed with the package (issue 34): a wheel built from the
source holds them, ``python -m amigo_rules.protocol.examples DIR`` copies them out, and
`example_engine` finds each installed file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from amigo_rules import ArgumentError
from amigo_rules.protocol import copy_examples, example_engine
from amigo_rules.protocol.examples import NAMES

ROOT = Path(__file__).resolve().parents[2]
SRC_ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def test_each_example_engine_is_a_file_of_the_package():
    folder = ROOT / "src" / "amigo_rules" / "protocol" / "example_engines"
    assert sorted(p.name for p in folder.iterdir()) == sorted(NAMES)
    for name in NAMES:
        assert example_engine(name).read_bytes() == (folder / name).read_bytes()
    with pytest.raises(ArgumentError, match=r"no example engine 'bot\.py': the examples are"):
        example_engine("bot.py")
    with pytest.raises(ArgumentError):
        example_engine("../examples.py")


def test_the_command_copies_the_examples_and_says_where(tmp_path: Path):
    run = subprocess.run([sys.executable, "-m", "amigo_rules.protocol.examples",
                          str(tmp_path / "engines")], capture_output=True, text=True,
                         env=SRC_ENV, check=True, timeout=60)
    assert run.stdout.split() == [str(tmp_path / "engines" / name) for name in NAMES]
    for name in NAMES:
        copy = tmp_path / "engines" / name
        assert copy.read_bytes() == example_engine(name).read_bytes()
        assert os.access(copy, os.X_OK)
    where = subprocess.run([sys.executable, "-m", "amigo_rules.protocol.examples", "--path"],
                           capture_output=True, text=True, env=SRC_ENV, check=True,
                           timeout=60).stdout.strip()
    assert Path(where) == example_engine("random.js").parent
    assert copy_examples(tmp_path / "again") == [tmp_path / "again" / n for n in NAMES]


def test_a_wheel_of_the_source_holds_the_examples_and_the_package_data(tmp_path: Path):
    """Built from a copy of the source (the checkout stays clean), the wheel carries every
    example engine, the observation schemas and the agents' data files."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "src", source / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(tmp_path / "dist"), str(source)], capture_output=True,
                           text=True, timeout=600, check=False)
    if build.returncode != 0 and "No matching distribution" in build.stderr:
        pytest.skip("building a wheel needs setuptools from a package index, which is not "
                    "reachable here")
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("amigo_rules-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in NAMES:
        assert f"amigo_rules/protocol/example_engines/{name}" in names
    for game in ("verflixxt", "verflixxt_hoch", "exxtra"):
        assert f"amigo_rules/protocol/schemas/{game}.observation.json" in names
    assert {"amigo_rules/agents/data/exxtra_value.json",
            "amigo_rules/agents/data/track_value.json"} <= names
