"""What a game is, in numbers: the `GameSpec` of a game under given rules, and the returns
of a finished game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np


@attrs.frozen
class GameSpec:
    """The fixed facts of a game under one `Rules` value, as adapters and learners need them.

    ``game.spec(rules)`` gives it. ``observation_low`` / ``observation_high`` bound every
    entry of ``observation(state, p).to_array()`` (element by element; turn them into arrays
    with ``numpy.asarray``).
    """

    game: str
    """The game's name in ``amigo_rules.GAMES``."""
    players: int
    """Players under these rules."""
    min_players: int
    """The fewest players the game allows."""
    max_players: int
    """The most players the game allows."""
    num_actions: int
    """Decision action ids lie in ``range(num_actions)``."""
    num_chance_outcomes: int
    """Chance outcome ids lie in ``range(num_chance_outcomes)``."""
    max_game_length: int | None
    """An upper bound on the moves of any game from ``initial_state(rules)`` to its end,
    chance outcomes included; None when the rules admit games of any length (the game page
    says how to bound them)."""
    observation_shape: tuple[int, ...]
    """The shape of ``observation(state, p).to_array()``."""
    observation_low: tuple[float, ...] = attrs.field(repr=False)
    """Per array entry, the least value it takes."""
    observation_high: tuple[float, ...] = attrs.field(repr=False)
    """Per array entry, the greatest value it takes."""
    has_chance: bool
    """Whether any node is a chance node (setup included)."""
    has_hidden_information: bool
    """Whether an observation ever hides part of the state."""
    returns_range: tuple[float, float] = (0.0, 1.0)
    """The least and greatest value of ``returns(state)[p]``."""


def game_spec(game: str, rules: Any, players: tuple[int, int], num_actions: int,
              num_chance_outcomes: int, bounds: tuple[np.ndarray, np.ndarray], *,
              max_game_length: int | None, has_chance: bool,
              has_hidden_information: bool) -> GameSpec:
    """The `GameSpec` of ``game`` under ``rules`` (its ``players`` taken from them):
    ``players`` the fewest and the most players the game allows, ``bounds`` the least and
    greatest value of each entry of the observation array (whose shape they give)."""
    low, high = bounds
    return GameSpec(
        game=game,
        players=rules.players,
        min_players=players[0],
        max_players=players[1],
        num_actions=num_actions,
        num_chance_outcomes=num_chance_outcomes,
        max_game_length=max_game_length,
        observation_shape=low.shape,
        observation_low=tuple(low.tolist()),
        observation_high=tuple(high.tolist()),
        has_chance=has_chance,
        has_hidden_information=has_hidden_information,
    )


def top_scorers(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats with the highest score, all of them when several tie.

    >>> top_scorers([3, 7, 7])
    (1, 2)
    """
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


def shares(winners: tuple[int, ...], players: int) -> tuple[float, ...]:
    """Each player's share of the win: ``1/k`` for each of ``k`` winners, 0 for the others
    (all 0 when nobody won).

    >>> shares((0, 2), 3)
    (0.5, 0.0, 0.5)
    """
    if not winners:
        return (0.0,) * players
    share = 1.0 / len(winners)
    return tuple(share if p in winners else 0.0 for p in range(players))
