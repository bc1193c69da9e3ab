"""``sample_state`` and ``consistent_states``: the states consistent with what one player
sees (for information-set search). What can be hidden: face-down track tiles (VXV-10) and
other players' towers (VXV-HIDDEN-TOWERS)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import partial

import numpy as np

from ..core import StateError
from ..core.chance import arrangement, dealings
from ..core.checks import generator, positive, wrong_type
from ..track import FACE_DOWN, PATH_TILES, Board
from .observations import HIDDEN, Observation
from .setup import box
from .state import Phase, State


def sample_state(observation: Observation, rng: np.random.Generator) -> State:
    """A state drawn uniformly from those the viewer of ``observation`` cannot tell apart:
    the path tiles the viewer has not seen are dealt at random onto the face-down track
    tiles and the hidden tower places. With nothing hidden it is the observed state itself.

    ``observation(sample_state(obs, rng), obs.viewer) == obs``.
    """
    if type(observation) is not Observation:
        raise wrong_type("sample_state", Observation, observation)
    generator(rng)
    unseen = _unseen(observation)
    return _dealt(observation, arrangement(unseen, rng))


def consistent_states(observation: Observation, limit: int) -> tuple[State, ...] | None:
    """Every state the viewer of ``observation`` cannot tell apart, each once (those
    `sample_state` draws from, all equally likely), or None when there are more than
    ``limit``."""
    if type(observation) is not Observation:
        raise wrong_type("consistent_states", Observation, observation)
    limit = positive(limit, "limit")
    return dealings(_unseen(observation), limit, partial(_dealt, observation))


def _unseen(obs: Observation) -> Counter[str]:
    """The path tiles the viewer has not seen: as many as there are hidden places."""
    hidden = obs.tiles.count(HIDDEN) + sum(tower.count(HIDDEN) for tower in obs.towers)
    if not hidden:
        return Counter()
    unseen = Counter(box(obs.rules))
    unseen.subtract(t for t in obs.tiles if t in PATH_TILES)
    unseen.subtract(t for tower in obs.towers for t in tower if t != HIDDEN)
    if obs.penalty is not None:
        unseen[obs.penalty[1]] -= 1
    if obs.phase is Phase.LAY or any(n < 0 for n in unseen.values()) or \
            unseen.total() != hidden:
        raise StateError("the observation is not consistent with the rules' tiles")
    return +unseen


def _dealt(obs: Observation, dealt: Iterable[str]) -> State:
    """The state of ``obs`` with ``dealt`` laid, in order, on the face-down track tiles and
    then on the hidden tower places."""
    tiles = obs.tiles
    towers = obs.towers
    deal = iter(dealt)
    if HIDDEN in tiles:
        tiles = tuple(FACE_DOWN + next(deal) if t == HIDDEN else t for t in tiles)
    if any(HIDDEN in tower for tower in towers):
        towers = tuple(tuple(next(deal) if t == HIDDEN else t for t in tower) for tower in towers)
    return State(
        rules=obs.rules, board=Board(tiles, obs.pawns, obs.guards), towers=towers,
        player=obs.player, phase=obs.phase, roll=obs.roll,
        penalty=obs.penalty, hands=obs.hands, played=obs.played,
    )


def may_lead_to(state: State, observation: Observation) -> bool:
    """False when no play from ``state`` can end where ``observation`` is seen: a tile
    face up in the observation was face up in the track all along (tiles only leave the
    track or turn face down, VX-TAKE-1, VXV-10), and a player who has no turn before the
    observation's active player has their pawns on the same tiles (only their owner moves
    them, VX-TURN-2, not with swaps, VXV-7; a tile under a pawn is neither taken nor turned,
    only the tiles before it can leave or move on). A quick necessary test that prunes the
    search of `amigo_rules.core.infoset.InformationSet`."""
    if type(state) is not State:
        raise wrong_type("may_lead_to", State, state)
    if type(observation) is not Observation:
        raise wrong_type("may_lead_to", Observation, observation)
    board = state.board
    tiles = board.tiles
    seen = observation.tiles
    gone = len(tiles) - len(seen)
    if gone < 0:
        return False
    rules = state.rules
    if rules.roll_one != "swap":
        players = len(board.pawns)
        turns = (observation.player - state.player) % players
        moving = {(state.player + k) % players for k in range(turns + 1)}
        moved_on = rules.passed_tiles_to_end
        for p, pawns in enumerate(board.pawns):
            if p in moving:
                continue
            for x, y in zip(pawns, observation.pawns[p], strict=True):
                shift = x - y
                if shift < 0 or (shift > gone and not moved_on) or seen[y] != (
                    HIDDEN if tiles[x][0] == FACE_DOWN else tiles[x]
                ):
                    return False
    need = Counter(t for t in seen if t in PATH_TILES)
    need.subtract(t for t in tiles if t in PATH_TILES)
    return all(n <= 0 for n in need.values())
