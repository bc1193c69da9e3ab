"""Every public member of the API reference is described: each name of the ``__all__`` of
every module the reference shows (and any other member it defines without a leading ``_``,
which the reference shows too), and the public methods, properties and fields of its
classes, have a docstring. The modules are read with griffe, as the reference reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

griffe = pytest.importorskip("griffe", reason="griffe comes with the dev extra (mkdocstrings)")

ROOT = Path(__file__).resolve().parents[2]
DIRECTIVE = re.compile(r"^::: ([\w.]+)\s*$", re.M)


def reference_modules() -> list[str]:
    """The modules the API reference shows (its ``::: module`` lines)."""
    return sorted({name for page in (ROOT / "docs" / "reference").glob("*.md")
                   for name in DIRECTIVE.findall(page.read_text(encoding="utf-8"))})


UNPUBLISHED = ("API.md", "ARCHITECTURE.md", "PROTOCOL.md")
"""The project's design notes, which readers of the site cannot open."""


def _described(obj) -> bool:
    """A docstring that says something, and points to nothing a reader cannot open."""
    if obj.docstring is None or not obj.docstring.value.strip():
        return False
    return not any(note in obj.docstring.value for note in UNPUBLISHED)


def shown(module) -> list[str]:
    """The names the reference shows for a module: its ``__all__``, then the other members
    it defines whose names do not start with ``_``."""
    exports = [str(name) for name in module.exports or ()]
    defined = [name for name, member in module.members.items()
               if not name.startswith("_") and not member.is_alias and not member.is_module]
    return exports + [name for name in defined if name not in exports]


def undescribed(module) -> list[str]:
    """The paths of the module's public members without a (readable) docstring."""
    missing = []
    for name in shown(module):
        obj = module[name]
        if obj.is_alias:
            obj = obj.final_target
        if not _described(obj):
            missing.append(f"{module.path}.{name}")
        if obj.is_class:
            for member_name, member in obj.members.items():
                if member_name.startswith("_") or member.is_alias:
                    continue
                if not _described(member):
                    missing.append(f"{module.path}.{name}.{member_name}")
    return missing


@pytest.fixture(scope="module")
def package():
    return griffe.load("amigo_rules", search_paths=[str(ROOT / "src")],
                       resolve_aliases=True, resolve_external=False)


def test_the_reference_shows_only_public_modules():
    """A module of the reference declares ``__all__``; internal modules stay off it."""
    assert "amigo_rules.track" not in reference_modules()


@pytest.mark.parametrize("name", reference_modules())
def test_every_public_member_has_a_docstring(package, name):
    module = package[name.removeprefix("amigo_rules.")] if name != "amigo_rules" else package
    assert module.exports, f"{name} declares no __all__"
    if name != "amigo_rules" and module.docstring is not None:
        assert not any(note in module.docstring.value for note in UNPUBLISHED), name
    missing = undescribed(module)
    assert not missing, f"{len(missing)} without a docstring:\n" + "\n".join(missing)
