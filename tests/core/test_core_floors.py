"""The upper floors (batch, agents, cli, adapters, arena, words, stats) use a game only
through its facade (``amigo_rules.verflixxt``, never ``amigo_rules.verflixxt.setup``):
what they need is published there (issue 19 item 3). Imports are read with `ast`, so a new
module is checked as soon as it exists."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import amigo_rules
from amigo_rules import GAMES

PACKAGE = Path(amigo_rules.__file__).parent
UPPER_FLOORS = ("batch", "agents", "cli", "adapters", "arena", "words", "stats")


def imported_modules(source: str, package: str) -> Iterator[tuple[int, str]]:
    """``(line, module)`` of every import in ``source``, a module of ``package``, relative
    ones resolved (``from ..verflixxt import x`` also yields ``amigo_rules.verflixxt.x``,
    which may be a submodule)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] \
                if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            yield node.lineno, module
            yield from ((node.lineno, f"{module}.{alias.name}") for alias in node.names)


def internal(module: str) -> bool:
    """Whether ``module`` names a module inside a game package (not the facade itself)."""
    parts = module.split(".")
    if len(parts) < 3 or parts[0] != "amigo_rules" or parts[1] not in GAMES:
        return False
    return (PACKAGE / parts[1] / f"{parts[2]}.py").exists() \
        or (PACKAGE / parts[1] / parts[2]).is_dir()


def test_upper_floors_import_games_only_through_their_facades() -> None:
    files = [path for floor in UPPER_FLOORS for path in sorted((PACKAGE / floor).rglob("*.py"))]
    assert len(files) > 30
    found = [f"{path.relative_to(PACKAGE)}:{line}: {module}" for path in files
             for line, module in imported_modules(path.read_text(encoding="utf-8"),
                                                  _package_of(path))
             if internal(module)]
    assert not found, "\n".join(found)


def _package_of(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])


def test_the_check_finds_every_form_of_import_of_a_game_internal() -> None:
    source = ("from ..verflixxt import box, setup\n"
              "from ..exxtra.dice import X\n"
              "import amigo_rules.verflixxt_hoch.tiles\n"
              "from .. import verflixxt\n"
              "from ..core.checks import quote\n")
    found = [(line, module) for line, module in imported_modules(source, "amigo_rules.batch")
             if internal(module)]
    assert found == [(1, "amigo_rules.verflixxt.setup"), (2, "amigo_rules.exxtra.dice"),
                     (2, "amigo_rules.exxtra.dice.X"), (3, "amigo_rules.verflixxt_hoch.tiles")]


def private_imports(source: str, package: str, here: str) -> list[tuple[int, str]]:
    """``(line, name)`` of every private name (``_x``) that ``source``, a module of
    ``package`` in the subpackage ``here``, imports from another subpackage."""
    return [(line, name) for line, name in imported_modules(source, package)
            if name.startswith("amigo_rules.") and name.rsplit(".", 1)[-1].startswith("_")
            and not name.rsplit(".", 1)[-1].startswith("__")
            and name.split(".")[1] != here]


def test_no_module_imports_a_private_name_from_another_subpackage() -> None:
    """A private name is its module's own business: a subpackage reaches another one only
    through public names (the batch engines' ``advance``, not their ``_advance``)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        package = _package_of(path)
        here = path.relative_to(PACKAGE).with_suffix("").parts[0]
        found += [f"{path.relative_to(PACKAGE)}:{line}: {name}"
                  for line, name in private_imports(path.read_text(encoding="utf-8"), package,
                                                    here)]
    assert not found, "\n".join(found)


def test_the_private_import_check_finds_each_form() -> None:
    source = ("from ..batch.verflixxt import _advance\n"
              "from .lockstep import _check\n"
              "from ..verflixxt import __all__\n"
              "from ..core import checks\n")
    assert private_imports(source, "amigo_rules.adapters", "adapters") == [
        (1, "amigo_rules.batch.verflixxt._advance")]
    assert private_imports(source, "amigo_rules.batch", "batch") == []
