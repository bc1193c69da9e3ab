"""The JSON Schemas of the observation documents, shipped as package data
(``amigo_rules/protocol/schemas/<game>.observation.json``) and made from each game's own
description of its document; ``python -m amigo_rules.protocol.schema_files`` writes them
again after a game's observation changed (a test checks they are current)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from ..core import GAMES, get_game
from ..core.files import write_atomic

FOLDER = "schemas"


def schema_text(game: str) -> str:
    """The schema file's text for ``game``, as the game describes its document now."""
    return json.dumps(get_game(game).observation_schema(), indent=2, ensure_ascii=False) + "\n"


def shipped_schema(game: str) -> dict[str, Any]:
    """The schema of ``game``'s observation documents, as shipped in the package."""
    path = resources.files(__package__).joinpath(FOLDER, f"{get_game(game).NAME}.observation.json")
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def write_schemas() -> list[Path]:
    """Write every game's schema file into the package; the paths written."""
    folder = Path(__file__).parent / FOLDER
    folder.mkdir(exist_ok=True)
    paths = []
    for game in GAMES:
        path = folder / f"{game}.observation.json"
        write_atomic(path, schema_text(game))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_schemas():
        print(written)
