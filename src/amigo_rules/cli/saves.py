"""Saved games and replays: a game is saved as the JSON of `amigo_rules.GameRecord` (the
rules, the seed, every move, the agents by seat, ``"human"`` for the player), and a game
can be read back from such a file or from a line of a tournament's results file."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

from ..arena.results import HEADER
from ..core import GameRecord, StateError
from ..core.files import write_atomic

HUMAN = "human"
"""The agent name of the player's seat in a saved game."""


def default_path(game: str, seed: int) -> str:
    """Where a game is saved when no ``--save FILE`` was given."""
    return f"amigo-rules-{game}-{seed}.json"


def save(path: str, record: GameRecord, *, overwrite: bool = False) -> str:
    """Write ``record`` whole (a temporary file renamed over the target); the path written.

    A file at ``path`` is replaced only if it holds an earlier state of this very game
    (`continues`), or with ``overwrite``; otherwise the game goes to the first free name
    beside it (`free_name`): a save of another game, or any other file, is never lost.
    """
    if os.path.isdir(path):
        raise click.ClickException(f"cannot save to {path}: it is a folder")
    text = record.to_json() + "\n"
    target = path if overwrite or continues(path, text) else free_name(path)
    try:
        write_atomic(target, text)
    except OSError as exc:
        if target != path:  # the reserved name stays free
            Path(target).unlink(missing_ok=True)
        raise click.ClickException(f"cannot save to {target}: {exc.strerror or exc}") from None
    return target


def continues(path: str, text: str) -> bool:
    """Whether the game ``text`` (`GameRecord` JSON) may replace the file at ``path``: there
    is none, or it is a save of the same game (game, rules, seed and agents alike) whose
    moves begin ours."""
    try:
        with open(path, "rb") as file:
            theirs = json.loads(file.read(2 * len(text.encode("utf-8")) + 1))
    except FileNotFoundError:
        return True
    except (OSError, ValueError, RecursionError):
        return False
    ours = json.loads(text)
    if not isinstance(theirs, dict) or not isinstance(theirs.get("moves"), list):
        return False
    same = all(theirs.get(key) == ours[key]
               for key in ("schema", "version", "game", "rules", "seed", "agents"))
    return same and ours["moves"][:len(theirs["moves"])] == theirs["moves"]


def free_name(path: str) -> str:
    """The first of ``NAME-2.EXT``, ``NAME-3.EXT``… beside ``path`` that does not exist,
    reserved (created empty) so that no other program takes it meanwhile."""
    target = Path(path)
    number = 1
    while True:
        number += 1
        name = str(target.with_name(f"{target.stem}-{number}{target.suffix}"))
        try:
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        except OSError as exc:
            raise click.ClickException(f"cannot save to {name}: {exc.strerror or exc}") \
                from None
        return name


def saved_in(path: str, written: str) -> str:
    """Where the game went, in words: ``written``, and why when it is not ``path``."""
    if written == path:
        return written
    return f"{written} ({path} holds another game or another file, kept as it was)"


def read_record(path: str, index: int | None = None) -> GameRecord:
    """The game in ``path``: a saved game, a record, or a tournament's results file (the
    game with ``index``, by default the first game line; a header line is skipped, and a
    file of an older version without one is read too); a file that holds no game is a
    `click.ClickException` naming it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise click.ClickException(f"{path} is not a text file") from None
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        documents = [json.loads(line) for line in lines] if len(lines) > 1 \
            else [json.loads(text)]
    except (ValueError, RecursionError):
        raise click.ClickException(f"{path} holds no saved game: it is not JSON") from None
    try:
        return GameRecord.from_json(json.dumps(_pick(documents, index, path)))
    except StateError as exc:
        raise click.ClickException(f"{path}: {exc}") from None


def _pick(documents: list[Any], index: int | None, path: str) -> Any:
    """The record among ``documents``: the document itself, or a results line's."""
    if not all(isinstance(d, dict) for d in documents):
        raise click.ClickException(f"{path} holds no saved game")
    if documents[0].get("schema") == f"amigo-rules/{HEADER}":  # a results file's header
        documents = documents[1:]
        if not documents:
            raise click.ClickException(f"{path} holds no game yet (a results file's header "
                                       "only)")
    if all("record" in d for d in documents):  # a tournament's results file
        if index is None:
            return documents[0]["record"]
        for document in documents:
            if document.get("index") == index:
                return document["record"]
        indexes = ", ".join(str(d.get("index")) for d in documents[:10])
        raise click.ClickException(f"{path} has no game {index} (games: {indexes}…)")
    if len(documents) > 1:
        raise click.ClickException(f"{path} holds several documents, none a results line")
    if index is not None:
        raise click.ClickException(f"--game {index}: {path} holds a single game")
    return documents[0]
