"""What a player sees: everything, since EXXtra has no hidden information."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import attrs
import numpy as np

from ..core.arrays import ArrayBlock, Place, layout, length, places
from ..core.checks import generator, onlooker, positive, state_of, wrong_type
from .engine import current_player
from .moves import RUNGS
from .rules import Rules
from .state import FINISH, Pair, State

TOP_COMBINATION = 76
"""The highest combination, 7 and 6 (EX-ROLL-2), used to scale combinations to 0-1."""


@attrs.frozen
class Observation:
    """The table as ``player`` sees it (all of it: every die and counter is public)."""

    rules: Rules
    """The game's rules."""
    player: int
    """The viewer."""
    to_move: int
    """``current_player`` of the state: a player, ``CHANCE`` or ``TERMINAL``."""
    turn: int
    """Turns begun so far minus one (the player to move is ``turn % players``)."""
    counters: tuple[int, ...]
    """Each player's counter: 0 (start) … 21 (finish)."""
    ladder: tuple[Pair | None, ...]
    """Each player's dice: ``(rung, combination)`` on the ladder, or ``None`` in hand."""
    roll: int | None
    """The combination the player to move is deciding on, or ``None``."""
    first_roll: bool
    """Whether ``roll`` (or the roll pending) is the turn's first (an X then counts as 0)."""

    def to_array(self) -> np.ndarray:
        """A flat float32 encoding of length ``11 * players + 3`` (`array_length`), every
        entry between 0 and 1.

        Per player: viewer flag, to-move flag, counter / 21, ladder one-hot (rungs 0-5 or in
        hand), combination on the ladder / 76; then the pending-roll flag, the pending
        combination / 76 and the first-roll flag.
        """
        where = _places(self.rules)
        out = np.zeros(length(_layout(self.rules)), dtype=np.float32)
        viewer, stride = where["viewer"]  # entry i of player p: start + p·stride + i
        to_move, counter = where["to_move"][0], where["counter"][0]
        rung, combination = where["rung"][0], where["pair"][0]
        for p in range(self.rules.players):
            base = p * stride
            out[viewer + base] = p == self.player
            out[to_move + base] = p == self.to_move
            out[counter + base] = self.counters[p] / FINISH
            pair = self.ladder[p]
            if pair is None:
                out[rung + base + RUNGS] = 1.0
            else:
                out[rung + base + pair[0]] = 1.0
                out[combination + base] = pair[1] / TOP_COMBINATION
        if self.roll is not None:
            out[where["rolling"][0]] = 1.0
            out[where["roll"][0]] = self.roll / TOP_COMBINATION
        out[where["first"][0]] = self.first_roll
        return out




@lru_cache(maxsize=64)
def _layout(rules: Rules) -> tuple[ArrayBlock, ...]:
    """The one description of the array: `observation_layout`, `array_length`,
    `array_places`, `Observation.to_array` and the batch engine's rows read it."""
    player = [
        (1, "flag", "this player is the viewer", "viewer"),
        (1, "flag", "this player is to move", "to_move"),
        (1, "value", f"the counter / {FINISH} (0 start, 1 finish)", "counter"),
        (RUNGS + 1, "one-hot", f"where the dice are: rung 0 … {RUNGS - 1}, then in hand",
         "rung"),
        (1, "value", f"the combination on the ladder / {TOP_COMBINATION} (0 in hand)", "pair"),
    ]
    roll = [
        (1, "flag", "a roll is pending", "rolling"),
        (1, "value", f"the pending combination / {TOP_COMBINATION}", "roll"),
        (1, "flag", "it is the turn's first roll (an X then counts as 0)", "first"),
    ]
    return layout(("player", rules.players, player), ("", 1, roll))


def array_length(rules: Rules) -> int:
    """The length of `Observation.to_array`: 11 entries per player and 3 for the roll."""
    state_of("array_length", Rules, rules)
    return length(_layout(rules))


def array_places(rules: Rules) -> Mapping[str, Place]:
    """Where each part of `Observation.to_array` lies, by its key (`core.arrays.places`
    of `observation_layout`): what the batch engine writes its rows by."""
    return _places(state_of("array_places", Rules, rules))


@lru_cache(maxsize=64)
def _places(rules: Rules) -> Mapping[str, Place]:
    return places(_layout(rules))


def observation_layout(rules: Rules) -> tuple[ArrayBlock, ...]:
    """Which entries of `Observation.to_array` mean what, for ``rules``. Seats are absolute
    (entry ``p`` is player ``p`` whoever views); each player's block says whether it is the
    viewer's."""
    if type(rules) is not Rules:
        raise wrong_type("observation_layout", Rules, rules)
    return _layout(rules)


def observation(state: State, player: int) -> Observation:
    """The table as ``player`` sees it; raises `RulesError` for a seat not in the game."""
    if type(state) is not State:
        raise wrong_type("observation", State, state)
    return Observation(
        state.rules,
        onlooker(player, state.rules.players),
        current_player(state),
        state.turn,
        state.counters,
        state.ladder,
        state.roll,
        state.first_roll,
    )


def sample_state(observation: Observation, rng: np.random.Generator) -> State:
    """The observed state itself: EXXtra hides nothing (``rng`` is not used)."""
    if type(observation) is not Observation:
        raise wrong_type("sample_state", Observation, observation)
    generator(rng)
    return _state(observation)


def consistent_states(observation: Observation, limit: int) -> tuple[State, ...]:
    """The one state consistent with ``observation``: EXXtra hides nothing (so ``limit``,
    at least 1 in any use, never matters)."""
    if type(observation) is not Observation:
        raise wrong_type("consistent_states", Observation, observation)
    limit = positive(limit, "limit")
    return (_state(observation),)


def _state(obs: Observation) -> State:
    return State(obs.rules, obs.counters, obs.ladder, obs.turn, obs.roll, obs.first_roll)
