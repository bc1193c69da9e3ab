"""The features of EXXtra's positions, read off observation arrays
(`amigo_rules.exxtra.Observation.to_array`, the batch engine's ``observation_array``).

Per seat: its counter, its pair's rung and combination, the chance that the pair survives
the opponents who move before its owner's next turn (EX-PLACE-2: each places at least the
pair's combination below it with about twice the odds of one roll, half that when rung 0
is the only lower rung free, as `amigo_rules.agents.exxtra_value` assumes), the counter it
then reaches (EX-TURN-1) and whether that wins, its lead, its place in the turn order, and
for the player to move whether it is re-rolling (EX-ROLL-4: an X ends the turn) and the
combination in hand.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ... import exxtra as ex
from ...exxtra import FINISH, RUNGS, TOP_COMBINATION, at_least

__all__ = ["EXXTRA", "exxtra_features", "exxtra_observation_features"]

EXXTRA = (
    "counter", "rung", "pair", "reach", "reach_raw", "finish", "survive", "free_below",
    "mover", "later", "rerolling", "rerolling_counter", "roll", "lead", "counter_lead",
    "reach2", "reach3", "reach_later", "seats", "viewer",
)
"""The features of a seat, in order (``viewer``: the seat that sees, the one whose chances a
value learned against the baselines gives, appended last so that a value learned before
it reads the leading columns)."""


@cache
def _threat() -> np.ndarray:
    """Per combination 0 … 76, ``min(1, 2 * at_least(value))``."""
    return np.array([min(1.0, 2 * at_least(v)) for v in range(TOP_COMBINATION + 1)])


def exxtra_features(rules: ex.Rules, arrays: np.ndarray, active: np.ndarray) -> np.ndarray:
    """``float64[n, players, len(EXXTRA)]`` of observation arrays of EXXtra (the seat
    whose turn it is, who rolls or decides: ``active``; the array marks it only at a
    decision)."""
    players = rules.players
    n = arrays.shape[0]
    width = 5 + RUNGS
    seats = arrays[:, : players * width].reshape(n, players, width).astype(np.float64)
    counter = np.rint(seats[:, :, 2] * FINISH)
    where = seats[:, :, 3 : 4 + RUNGS].argmax(axis=2)  # RUNGS: in hand
    on_ladder = where < RUNGS
    rung = np.where(on_ladder, where, 0).astype(np.float64)
    pair = np.rint(seats[:, :, 4 + RUNGS] * TOP_COMBINATION).astype(np.intp)
    waiting, roll, first = (arrays[:, -3 + k].astype(np.float64) for k in range(3))
    roll = np.rint(roll * TOP_COMBINATION) / TOP_COMBINATION  # the float32 entry, exactly
    index = np.arange(players)
    k = (index[None, :] - np.asarray(active)[:, None]) % players
    # rungs 1 … 5 taken by some pair; a lower rung 1 … r - 1 free for each pair
    taken = np.zeros((n, RUNGS), dtype=bool)
    rows = np.repeat(np.arange(n), players)
    laid = on_ladder.ravel()
    taken[rows[laid], where.ravel()[laid]] = True
    taken[:, 0] = True  # rung 0 is never "free below" in the heuristic's sense
    free = np.cumsum(~taken, axis=1)  # free rungs 1 … r
    below = np.take_along_axis(free, np.maximum(rung.astype(np.intp) - 1, 0), axis=1)
    below = np.where(rung > 0, below, 0)
    threat = _threat()[pair] * np.where(below > 0, 1.0, 0.5)
    survive = np.where(on_ladder & (rung > 0), (1 - threat) ** k, 1.0)
    reach = np.minimum(FINISH, counter + rung * survive) / FINISH
    reach_raw = np.minimum(FINISH, counter + rung) / FINISH
    finish = np.where((counter + rung >= FINISH) & (rung > 0), survive, 0.0)
    later = k / (players - 1)
    is_mover = (k == 0).astype(np.float64)
    rerolling = is_mover * (1 - first[:, None])
    others = np.where(index[None, :, None] == index[None, None, :], -np.inf,
                      reach[:, None, :]).max(axis=2)
    counter_others = np.where(index[None, :, None] == index[None, None, :], -np.inf,
                              counter[:, None, :]).max(axis=2)
    columns = [
        counter / FINISH, rung / (RUNGS - 1), pair / TOP_COMBINATION, reach, reach_raw,
        finish, survive, below / (RUNGS - 1), is_mover, later, rerolling,
        rerolling * counter / FINISH, is_mover * (waiting * roll)[:, None], reach - others,
        (counter - counter_others) / FINISH, reach**2, reach**3, reach * later,
        np.full((n, players), 1 / players), seats[:, :, 0],
    ]
    return np.stack(columns, axis=2)


def exxtra_observation_features(observation: ex.Observation) -> np.ndarray:
    """``float64[players, len(EXXTRA)]``: `exxtra_features` of one observation."""
    players = observation.rules.players
    mover = observation.turn % players
    ladder = observation.ladder
    taken = {pair[0] for pair in ladder if pair is not None}
    threat = _threat()
    first = observation.first_roll
    reach, rows = [], []
    for p, (counter, pair) in enumerate(zip(observation.counters, ladder, strict=True)):
        k = (p - mover) % players
        rung, value = (0, 0) if pair is None else pair
        below = sum(1 for r in range(1, rung) if r not in taken)
        chance = threat[value] * (1.0 if below else 0.5)
        survive = (1 - chance) ** k if rung > 0 else 1.0
        reach.append(min(FINISH, counter + rung * survive) / FINISH)
        is_mover = 1.0 if k == 0 else 0.0
        rerolling = is_mover * (0.0 if first else 1.0)
        roll = observation.roll
        rows.append([
            counter / FINISH, rung / (RUNGS - 1), value / TOP_COMBINATION, reach[-1],
            min(FINISH, counter + rung) / FINISH,
            survive if counter + rung >= FINISH and rung > 0 else 0.0, survive,
            below / (RUNGS - 1), is_mover, k / (players - 1), rerolling,
            rerolling * counter / FINISH,
            is_mover * (0.0 if roll is None else roll / TOP_COMBINATION),
        ])
    counters = observation.counters
    for p, row in enumerate(rows):
        others = max(r for q, r in enumerate(reach) if q != p)
        best = max(c for q, c in enumerate(counters) if q != p)
        later = row[9]
        row += [reach[p] - others, (counters[p] - best) / FINISH, reach[p] ** 2, reach[p] ** 3,
                reach[p] * later, 1 / players, 1.0 if p == observation.player else 0.0]
    return np.array(rows)
