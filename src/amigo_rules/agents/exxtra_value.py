"""A fitted value function of EXXtra: each player's expected share of the win from a
position's features.

Every player ``p`` gets the utility ``u_p = weights · features(p)`` and the position the
win shares ``softmax(u)`` (a conditional logit). The features (`FEATURES`) describe the race:
the counter plus the rung its pair will pay if no opponent sends it home first (EX-TURN-1,
EX-PLACE-2: the pair survives each opponent who moves before its owner with about the odds
`amigo_rules.agents.exxtra.ExxtraHeuristicAgent` assumes), whether that pair would carry
the counter to the finish, the seat's place in the turn order, and whether the player to
move is in the middle of re-rolling (an X now ends the turn, EX-ROLL-4). The weights, one
set per number of players, are fitted by maximum likelihood to the winners of games
between heuristic agents (``python benchmarks/fit_exxtra.py``) and shipped in
``data/exxtra_value.json``.

A position is valued where the dice must roll; at a decision it is the value after the
move of highest value for the player to move (`evaluate`).
"""

from __future__ import annotations

import json
import math
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from ..core import RulesError
from ..exxtra import FINISH, State, apply, at_least, legal_moves, returns

__all__ = [
    "FEATURES", "FORMAT", "Weights", "evaluate", "features", "load", "move_values", "parse",
    "value",
]

FORMAT = 1
"""The version of the data file's layout."""
FEATURES = (
    "reach", "reach²", "reach³", "finish", "mover", "later", "reach·later", "rerolling",
    "rerolling·counter",
)
"""The names of the features, in order (`features`)."""
FILE = "exxtra_value.json"
"""The data file, in the package's ``agents/data`` folder."""

Weights = dict[int, tuple[float, ...]]
"""Per number of players, one weight per feature."""
Ladder = tuple[tuple[int, int] | None, ...]
"""Each player's pair on the ladder, ``(rung, combination)``, or None in hand."""


def _survival(value: int, rung: int, ladder: Ladder, threats: int) -> float:
    """The chance that a pair of combination ``value`` on ``rung`` stays there while
    ``threats`` opponents move: each places a combination at least as high below it with
    about twice the odds of one roll, half that if rung 0 is the only lower rung free."""
    if rung == 0 or threats == 0:
        return 1.0
    taken = {pair[0] for pair in ladder if pair is not None}
    free_below = any(r not in taken for r in range(1, rung))
    threat = min(1.0, 2 * at_least(value)) * (1.0 if free_below else 0.5)
    return float((1 - threat) ** threats)


@lru_cache(maxsize=1 << 16)
def features(
    players: int, counters: tuple[int, ...], ladder: Ladder, mover: int, first: bool
) -> tuple[tuple[float, ...], ...]:
    """Per player the values of `FEATURES` in a position where ``mover``'s dice must roll
    (``first``: the turn's first roll)."""
    rows = []
    later_scale = 1 / (players - 1)
    rerolling = 0.0 if first else 1.0
    for p, counter in enumerate(counters):
        k = (p - mover) % players
        pair = ladder[p]
        survive = 1.0 if pair is None else _survival(pair[1], pair[0], ladder, k)
        rung = 0 if pair is None else pair[0]
        reach = min(FINISH, counter + rung * survive) / FINISH
        later = k * later_scale
        mine = 1.0 if k == 0 else 0.0
        rows.append((
            reach, reach * reach, reach * reach * reach,
            survive if counter + rung >= FINISH and rung else 0.0,
            mine, later, reach * later, mine * rerolling, mine * rerolling * counter / FINISH,
        ))
    return tuple(rows)


def value(state: State, weights: Weights) -> tuple[float, ...]:
    """Each player's estimated share of the win in ``state``, whose dice must roll (or
    which is over)."""
    if state.over:
        return returns(state)
    players = state.rules.players
    rows = features(players, state.counters, state.ladder, state.turn % players,
                    state.first_roll)
    w = weights[players]
    utilities = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
    top = max(utilities)
    exps = [math.exp(u - top) for u in utilities]
    total = sum(exps)
    return tuple(e / total for e in exps)


def move_values(state: State, moves: tuple[Any, ...], weights: Weights | None = None
                ) -> list[float]:
    """Per legal move of a decision, the player to move's `value` of the state after it
    (the weights default to the shipped file's)."""
    weights = load() if weights is None else weights
    me = state.turn % state.rules.players
    return [value(apply(state, move), weights)[me] for move in moves]


def evaluate(state: State, weights: Weights | None = None) -> tuple[float, ...]:
    """`value` of ``state``; at a decision, of the state after the move whose value is
    highest for the player to move (the weights default to the shipped file's)."""
    weights = load() if weights is None else weights
    if state.roll is None or state.over:
        return value(state, weights)
    moves = legal_moves(state)
    values = move_values(state, moves, weights)
    return value(apply(state, moves[values.index(max(values))]), weights)


def parse(text: str) -> Weights:
    """The weights of a data file's text, checked (`RulesError` naming what is wrong)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RulesError(f"EXXtra value file: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RulesError(f"EXXtra value file: expected an object with format {FORMAT}")
    if data.get("features") != list(FEATURES):
        raise RulesError("EXXtra value file: its features are not this version's")
    table = data.get("weights")
    if not isinstance(table, dict):
        raise RulesError("EXXtra value file: 'weights' must map players to weights")
    weights: Weights = {}
    for key, row in table.items():
        if key not in {str(n) for n in range(3, 7)}:
            raise RulesError(f"EXXtra value file: no game has {key!r} players")
        if not (isinstance(row, list) and len(row) == len(FEATURES)
                and all(type(x) in (int, float) and math.isfinite(x) for x in row)):
            raise RulesError(f"EXXtra value file: weights for {key} players must be "
                             f"{len(FEATURES)} finite numbers")
        weights[int(key)] = tuple(float(x) for x in row)
    if sorted(weights) != list(range(3, 7)):
        raise RulesError("EXXtra value file: weights for 3 to 6 players are needed")
    return weights


@cache
def load() -> Weights:
    """The shipped weights (``agents/data/exxtra_value.json``)."""
    return parse(resources.files(__package__).joinpath("data", FILE).read_text())

