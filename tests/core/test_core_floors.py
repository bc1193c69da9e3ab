"""The floors of the house: every room (subpackage or top-level module) stands on a floor
and imports only from lower floors (issue 35; the batch engines never import the agents);
the upper floors use a game only through its facade (``amigo_rules.verflixxt``, never
``amigo_rules.verflixxt.setup``: issue 19 item 3); no module imports a private name of
another subpackage; no module finds another by name but the registries that look down.
Imports are read with `ast`, so a new module is checked as soon as it exists."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import amigo_rules
from amigo_rules import GAMES

PACKAGE = Path(amigo_rules.__file__).parent
UPPER_FLOORS = ("words", "batch", "agents", "arena", "protocol", "adapters", "learning",
                "stats", "server", "cli")
"""Every subpackage above the games."""


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


def test_the_upper_floors_are_every_subpackage_above_the_games() -> None:
    above = {room for room, floor in FLOORS.items() if floor > FLOORS["verflixxt_hoch"]}
    assert set(UPPER_FLOORS) == {room for room in above if (PACKAGE / room).is_dir()}


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


FLOORS = {
    "core": 1,
    "track": 2, "exxtra": 2, "testing": 2, "__init__": 2,
    "verflixxt": 3, "verflixxt_hoch": 3,
    "words": 4, "batch": 4,
    "agents": 5, "foresee": 5, "narrator": 5, "scoresheet": 5,
    "arena": 6, "protocol": 6,
    "adapters": 7, "learning": 7, "stats": 7,
    "server": 8,
    "cli": 9,
    "command": 10,
    "__main__": 11,
}
"""Each room's floor: a subpackage, or a module of the package's top (``foresee``,
``narrator``, ``scoresheet`` are the old names of the words floor, kept for one version)."""


def rooms() -> list[str]:
    """Every subpackage and top-level module of the package."""
    return sorted(path.stem if path.is_file() else path.name for path in PACKAGE.iterdir()
                  if (path.is_file() and path.suffix == ".py")
                  or (path / "__init__.py").is_file())


def room_imports() -> Iterator[tuple[str, str, str]]:
    """``(room, where, imported room)`` of every import of another room, ``where`` being
    ``file:line`` (imports inside functions too)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        room = path.relative_to(PACKAGE).with_suffix("").parts[0]
        for line, module in imported_modules(path.read_text(encoding="utf-8"),
                                             _package_of(path)):
            parts = module.split(".")
            if parts[0] != "amigo_rules" or len(parts) < 2 or parts[1] == room:
                continue
            if parts[1] in FLOORS:
                yield room, f"{path.relative_to(PACKAGE)}:{line}", parts[1]


def test_every_room_of_the_package_stands_on_a_floor() -> None:
    assert rooms() == sorted(FLOORS)


def test_every_floor_looks_down() -> None:
    found = [f"{where}: {room} (floor {FLOORS[room]}) imports {there} (floor "
             f"{FLOORS[there]})" for room, where, there in room_imports()
             if FLOORS[there] >= FLOORS[room]]
    assert not found, "\n".join(found)


def test_no_batch_module_imports_the_agents() -> None:
    imports = list(room_imports())
    assert ("agents", "batch") in {(room, there) for room, _, there in imports}
    assert not [where for room, where, there in imports if (room, there) == ("batch", "agents")]


def test_the_floor_check_sees_an_import_from_above() -> None:
    """`imported_modules` resolves a relative import to its room (a check that can fail)."""
    found = [module.split(".")[1] for _, module in imported_modules(
        "from ..agents.oneply import TIE\nfrom . import lockstep\n", "amigo_rules.batch")]
    assert found == ["agents", "agents", "batch", "batch"]


DYNAMIC = re.compile(r"import_module\(|__import__\(|entry_points\(")
LOOKUPS = {
    "core/registry.py": "the game registry: get_game imports a game of GAMES by its name",
    "batch/__init__.py": "batch_of: a game's batch module, in this package",
    "cli/games/__init__.py": "a game's terminal view, in this package",
    "agents/registry.py": "the agent plug-ins: entry points declared in pyproject.toml",
}
"""The modules that find another module by name, and what they find."""


def test_modules_are_found_by_name_only_by_the_registries() -> None:
    """No import hidden in a string: only the registries find a module by its name, each
    for a reason (`LOOKUPS`), so a reader sees every tie between the rooms."""
    found = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
             if DYNAMIC.search(path.read_text(encoding="utf-8"))}
    assert found == set(LOOKUPS)
