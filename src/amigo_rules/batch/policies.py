"""Opponents on the batch engines: per game, the agents of `amigo_rules.agents` that play
in numpy, one choice per game of a batch, equal to the scalar agent's choices.

Each policy is ``policy(batch, rng) -> int64[n]``: per game at a decision node a legal
decision id, -1 at chance and terminal games. ``"random"`` is the engine's
``sample_actions``; hoch²'s ``"greedy"`` is
`amigo_rules.batch.verflixxt_hoch_greedy.greedy_actions`. ``"greedy"`` (Verflixxt!, every
`Rules`: `amigo_rules.batch.verflixxt_greedy`) and ``"heuristic"`` (EXXtra:
`amigo_rules.batch.exxtra_heuristic`) value every legal move as
`amigo_rules.agents.VerflixxtGreedyAgent` and `amigo_rules.agents.ExxtraHeuristicAgent`
do (`verflixxt_greedy_values`, `exxtra_heuristic_values`: the same floats) and play one of
the best uniformly, as those agents do with their own generators.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from ..core import GAMES
from . import batch_of
from .exxtra_heuristic import exxtra_heuristic, exxtra_heuristic_turns
from .exxtra_heuristic import exxtra_heuristic_values as exxtra_heuristic_values
from .verflixxt_greedy import verflixxt_greedy, verflixxt_greedy_turns
from .verflixxt_greedy import verflixxt_greedy_values as verflixxt_greedy_values
from .verflixxt_hoch_greedy import greedy_actions as verflixxt_hoch_greedy
from .verflixxt_hoch_greedy import greedy_turns as verflixxt_hoch_greedy_turns

Policy = Callable[[Any, np.random.Generator], np.ndarray]
"""``policy(batch, rng) -> int64[n]``: a legal decision id per game at a decision node, -1
elsewhere."""

__all__ = ["POLICIES", "TURNS", "Policy", "TurnPlayer"]


_OWN: Mapping[str, Mapping[str, Policy]] = {
    "verflixxt": {"greedy": verflixxt_greedy},
    "exxtra": {"heuristic": exxtra_heuristic},
    "verflixxt_hoch": {"greedy": verflixxt_hoch_greedy},
}
"""Each game's own policies (its agents of `amigo_rules.agents.AGENTS` played in numpy)."""

POLICIES: Mapping[str, Mapping[str, Policy]] = MappingProxyType({
    game: MappingProxyType({"random": batch_of(game).sample_actions, **_OWN.get(game, {})})
    for game in GAMES
})
"""Per game of `amigo_rules.GAMES`, the batch policies by agent name: ``"random"`` (the
engine's ``sample_actions``) and the game's own."""

TurnPlayer = Callable[[Any, np.ndarray, np.random.Generator, np.ndarray, np.ndarray],
                      tuple[np.ndarray, np.ndarray]]
"""``play(batch, games, rng, budget, seats) -> (games, ids)``: every move of the games, chance
and the seats other than ``seats`` (one per game), played in place until each game is at a
decision of its seat ``seats[i]``, over, or out of moves (or until few games are left to
play, each at another seat's decision, for the caller to finish: `verflixxt_greedy_turns`,
`verflixxt_hoch_greedy_turns`); the moves made returned in order."""

TURNS: Mapping[str, Mapping[str, TurnPlayer]] = MappingProxyType({
    "verflixxt": MappingProxyType({"greedy": verflixxt_greedy_turns}),
    "exxtra": MappingProxyType({"heuristic": exxtra_heuristic_turns}),
    "verflixxt_hoch": MappingProxyType({"greedy": verflixxt_hoch_greedy_turns}),
})
"""Per game, the policies of `POLICIES` that can also play whole turns at once
(`TurnPlayer`), by agent name: where a turn is many decisions of one player between
rolls (EXXtra's re-rolls) or the others' turns are many moves (Verflixxt!'s rolls,
hoch²'s draws and double moves), the vector environment lets it play every move between
two of its learner's, in rounds of its own."""
