"""What one player sees: in Verflixxt! everything on the table is public."""

from __future__ import annotations

from functools import cache

import attrs
import numpy as np

from ..core import RulesError
from ..track import ACTIONS, FINISH, PATH_TILES, START
from .rules import Rules
from .setup import track_length
from .state import Phase, State

TILE_KINDS = (START, FINISH, *ACTIONS, *PATH_TILES)
"""The one-hot order of a track slot in `Observation.to_array`."""
PHASES = tuple(Phase)


@cache
def _tile_index() -> dict[str, int]:
    return {t: i for i, t in enumerate(TILE_KINDS)}


@attrs.frozen
class Observation:
    """Player ``viewer``'s view of the table."""

    viewer: int
    rules: Rules
    tiles: tuple[str, ...]
    pawns: tuple[tuple[int, ...], ...]
    guards: tuple[int, ...]
    towers: tuple[tuple[str, ...], ...]
    player: int
    """The active player."""
    phase: Phase
    roll: int

    def to_array(self) -> np.ndarray:
        """A flat float32 encoding of fixed length for the rules (`array_length`).

        Per track slot: tile one-hot (`TILE_KINDS`, then "no tile"), each player's pawn
        count, guard count; per player: tower counts per path tile and the top tile
        one-hot (last entry: empty); then roll, phase, active player and viewer one-hot.
        """
        rules = self.rules
        players = rules.players
        slots = track_length(rules)
        per_slot = len(TILE_KINDS) + 1 + players + 1
        out = np.zeros(array_length(rules), dtype=np.float32)
        index = _tile_index()
        for s in range(slots):
            base = s * per_slot
            out[base + (index[self.tiles[s]] if s < len(self.tiles) else len(TILE_KINDS))] = 1
        for p, positions in enumerate(self.pawns):
            for x in positions:
                out[x * per_slot + len(TILE_KINDS) + 1 + p] += 1
        for g in self.guards:
            out[g * per_slot + per_slot - 1] += 1
        base = slots * per_slot
        kinds = len(PATH_TILES)
        for tower in self.towers:
            for tile in tower:
                out[base + PATH_TILES.index(tile)] += 1
            top = PATH_TILES.index(tower[-1]) if tower else kinds
            out[base + kinds + top] = 1
            base += 2 * kinds + 1
        if self.roll:
            out[base + self.roll - 1] = 1
        base += 6
        out[base + PHASES.index(self.phase)] = 1
        base += len(PHASES)
        out[base + self.player] = 1
        out[base + players + self.viewer] = 1
        return out


def array_length(rules: Rules) -> int:
    """The length of `Observation.to_array` for ``rules``."""
    players = rules.players
    per_slot = len(TILE_KINDS) + 1 + players + 1
    kinds = len(PATH_TILES)
    towers = players * (2 * kinds + 1)
    return track_length(rules) * per_slot + towers + 6 + len(PHASES) + 2 * players


def observation(state: State, player: int) -> Observation:
    """What ``player`` sees of ``state``: the whole table."""
    if not 0 <= player < state.rules.players:
        raise RulesError(f"no player {player} in a {state.rules.players}-player game")
    board = state.board
    return Observation(
        player, state.rules, board.tiles, board.pawns, board.guards, state.towers,
        state.player, state.phase, state.roll,
    )
