"""``sample_state``: a state consistent with what one player sees (for information-set
search). What can be hidden: face-down track tiles (VXV-10) and other players' towers
(VXV-HIDDEN-TOWERS)."""

from __future__ import annotations

from collections import Counter

import numpy as np

from ..core import StateError
from ..core.chance import arrangement
from ..core.checks import generator, wrong_type
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
    obs = observation
    tiles = list(obs.tiles)
    towers = [list(tower) for tower in obs.towers]
    track_slots = [x for x, tile in enumerate(tiles) if tile == HIDDEN]
    tower_slots = [(p, i) for p, tower in enumerate(towers) for i, t in enumerate(tower)
                   if t == HIDDEN]
    if track_slots or tower_slots:
        unseen = Counter(box(obs.rules))
        unseen.subtract(t for t in tiles if t in PATH_TILES)
        unseen.subtract(t for tower in towers for t in tower if t != HIDDEN)
        if obs.penalty is not None:
            unseen[obs.penalty[1]] -= 1
        if obs.phase is Phase.LAY or any(n < 0 for n in unseen.values()) or \
                unseen.total() != len(track_slots) + len(tower_slots):
            raise StateError("the observation is not consistent with the rules' tiles")
        dealt = iter(arrangement(+unseen, rng))
        for x in track_slots:
            tiles[x] = FACE_DOWN + next(dealt)
        for p, i in tower_slots:
            towers[p][i] = next(dealt)
    return State(
        rules=obs.rules, board=Board(tuple(tiles), obs.pawns, obs.guards),
        towers=tuple(map(tuple, towers)), player=obs.player, phase=obs.phase, roll=obs.roll,
        penalty=obs.penalty, hands=obs.hands, played=obs.played,
    )
