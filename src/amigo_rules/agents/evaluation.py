"""EXXtra's fitted cut-off evaluation: each player's share of the win estimated from a
table of weights over the position's features, fitted to games between heuristic agents.

Player ``i``'s logit is ``position[o, c, s] + pair[s, b]``: ``o`` is ``i``'s seat counted
from the player to move, ``c`` its counter (0-21), ``s`` its dice (0 in hand, ``1 + r`` on
rung ``r``) and ``b`` how likely one roll is to reach the pair's combination (`BUCKETS`:
the likelier, the sooner an opponent knocks it off, EX-PLACE-2); the estimate is the
softmax of the logits. A table per number of players, fitted by maximum likelihood
(``python benchmarks/fit_evaluation.py``), is shipped in `DATA`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core import RulesError
from ..exxtra import FINISH, RUNGS
from .exxtra import _at_least

__all__ = ["BUCKETS", "DATA", "FORMAT", "SLOTS", "Table", "dump", "load", "tables"]

FORMAT = "amigo-rules exxtra evaluation 1"
"""The ``format`` entry of an evaluation file."""
DATA = Path(__file__).with_name("exxtra_evaluation.json")
"""The shipped fitted tables."""
SLOTS = RUNGS + 1
"""Where a player's dice are: in hand, or on one of the rungs."""
BUCKETS = (0.25, 0.5, 0.75)
"""Bounds on the chance that one roll reaches a pair's combination: four buckets."""
COUNTERS = FINISH + 1
"""Counter positions 0 … 21."""


def _bucket(value: int) -> int:
    reach = _at_least(value)
    return sum(reach >= bound for bound in BUCKETS)


_BUCKET_OF = tuple(_bucket(value) for value in range(100))
"""The bucket of each combination 00-99."""


def shape(players: int) -> tuple[tuple[int, int, int], tuple[int, int]]:
    """The shapes of the ``position`` and ``pair`` tables for ``players`` players."""
    return (players, COUNTERS, SLOTS), (SLOTS, len(BUCKETS) + 1)


def indices(state: Any) -> list[tuple[int, int]]:
    """Per player, its flat indices into the ``position`` and ``pair`` tables."""
    players = len(state.counters)
    mover = state.turn % players
    found = []
    for player, (counter, pair) in enumerate(zip(state.counters, state.ladder, strict=True)):
        slot, bucket = (0, 0) if pair is None else (pair[0] + 1, _BUCKET_OF[pair[1]])
        offset = (player - mover) % players
        found.append(((offset * COUNTERS + counter) * SLOTS + slot,
                      slot * (len(BUCKETS) + 1) + bucket))
    return found


class Table:
    """The evaluation of one number of players: ``table(state)`` is every player's
    estimated share of the win."""

    __slots__ = ("pair", "position")

    def __init__(self, position: Sequence[float], pair: Sequence[float]) -> None:
        self.position = list(position)
        """The flat ``position[o, c, s]`` weights."""
        self.pair = list(pair)
        """The flat ``pair[s, b]`` weights."""

    def __call__(self, state: Any) -> tuple[float, ...]:
        position, pair = self.position, self.pair
        logits = [position[p] + pair[q] for p, q in indices(state)]
        top = max(logits)
        weights = [math.exp(v - top) for v in logits]
        total = sum(weights)
        return tuple(w / total for w in weights)


def dump(fitted: dict[int, tuple[Sequence[float], Sequence[float]]]) -> str:
    """The text of an evaluation file: per number of players its flat tables."""
    return json.dumps({
        "format": FORMAT,
        "buckets": list(BUCKETS),
        "tables": {str(n): {"position": [round(float(x), 4) for x in position],
                            "pair": [round(float(x), 4) for x in pair]}
                   for n, (position, pair) in sorted(fitted.items())},
    }, separators=(",", ":")) + "\n"


def load(text: str) -> dict[int, Table]:
    """The tables of an evaluation file's text; `RulesError` if it is not one."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise RulesError(f"evaluation file: not JSON ({error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RulesError(f"evaluation file: format is not {FORMAT!r}")
    if document.get("buckets") != list(BUCKETS):
        raise RulesError("evaluation file: its buckets are not this library's")
    raw = document.get("tables")
    if not isinstance(raw, dict) or not raw:
        raise RulesError("evaluation file: no tables")
    found = {}
    for key, entry in raw.items():
        if not (key.isdigit() and 3 <= int(key) <= 6):
            raise RulesError(f"evaluation file: {key!r} is not a number of players 3-6")
        players = int(key)
        if not isinstance(entry, dict):
            raise RulesError(f"evaluation file: table {key} is not an object")
        lists = []
        for name, dims in zip(("position", "pair"), shape(players), strict=True):
            values = entry.get(name)
            size = math.prod(dims)
            if not (isinstance(values, list) and len(values) == size and all(
                type(x) in (int, float) and math.isfinite(x) for x in values
            )):
                raise RulesError(f"evaluation file: table {key} needs {size} finite numbers "
                                 f"in {name!r}")
            lists.append(values)
        found[players] = Table(*lists)
    return found


_LOADED: dict[int, Table] = {}


def tables() -> dict[int, Table]:
    """The shipped tables (`DATA`), read once."""
    if not _LOADED:
        _LOADED.update(load(DATA.read_text(encoding="utf-8")))
    return _LOADED
