"""The version lives in one place (pyproject.toml); the changelog's newest entry is it, and
the site shows the changelog."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import amigo_rules

ROOT = Path(__file__).resolve().parents[2]
RELEASE = re.compile(r"^## (\d+\.\d+\.\d+)\b", re.M)


def test_the_changelog_starts_with_the_version_of_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    releases = RELEASE.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert releases, "CHANGELOG.md has no release heading"
    assert releases[0] == project["version"]
    assert len(set(releases)) == len(releases)


def test_the_library_reads_its_version_from_the_package_metadata():
    assert amigo_rules.__version__ == version("amigo-rules")
    source = (ROOT / "src" / "amigo_rules" / "__init__.py").read_text(encoding="utf-8")
    assert not re.search(r"__version__\s*=\s*['\"]\d+\.\d+\.\d", source), "a version in the code"


def test_the_site_has_a_changelog_page_made_of_the_file(site):
    page = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    for release in RELEASE.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8")):
        assert f"{release} - " in page, release
    assert "--8&lt;--" not in page and "--8<--" not in page
