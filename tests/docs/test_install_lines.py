"""The install lines of README.md, the pages and the library's messages name the package
and extras that exist (issue 34): ``pip install 'amigo-rules[EXTRA]'`` for a release,
``pip install -e '.[EXTRA]'`` in a checkout, every extra one of pyproject.toml's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
             ["project"]["optional-dependencies"])
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
         *sorted((ROOT / "src" / "amigo_rules").rglob("*.py"))]
INSTALL = re.compile(r"pip install (?:-q )?(-e )?([\"']?)([^\s\"'`]+)\2")
OTHER_PACKAGES = {"build", "torch", "pandas"}
"""Packages the pages install that are not amigo-rules (the build tool, torch's CPU build,
pandas for ``to_pandas``)."""


def install_lines() -> list[tuple[str, bool, str]]:
    """(where, editable, what) of every ``pip install`` line."""
    found = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for match in INSTALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{path.relative_to(ROOT)}:{line}", bool(match.group(1)),
                          match.group(3)))
    return found


def test_every_install_line_names_the_package_and_real_extras():
    lines = install_lines()
    assert len(lines) > 10
    wrong = []
    for where, editable, what in lines:
        name, _, extras = what.partition("[")
        name = re.split(r"[=<>!~]", name)[0]  # a pinned version names the same package
        named = set(extras.rstrip("]").split(",")) - {""}
        if editable:
            ok = name == "." and named <= EXTRAS
        elif name in OTHER_PACKAGES or name.startswith("dist/"):
            ok = not named or named <= EXTRAS
        else:
            ok = name == "amigo-rules" and named <= EXTRAS
        if not ok:
            wrong.append((where, what))
    assert wrong == []


def test_getting_started_installs_a_release_and_a_checkout_with_every_extra():
    page = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    assert "pip install 'amigo-rules[cli]'" in page and "pip install -e '.[cli]'" in page
    assert "not published" not in page
    table = page[page.index("| extra |"):]
    listed = set(re.findall(r"`(\w+)`", table.split("\n\n")[0]))
    assert listed >= EXTRAS
