"""Opponents on the batch engines: per game, the agents of `amigo_rules.agents` that play
in numpy, one choice per game of a batch, equal to the scalar agent's choices.

Each policy is ``policy(batch, rng) -> int64[n]``: per game at a decision node a legal
decision id, -1 at chance and terminal games. ``"random"`` is the engine's
``sample_actions``; ``"greedy"`` (Verflixxt!) and ``"heuristic"`` (EXXtra) value every
legal move as `amigo_rules.agents.VerflixxtGreedyAgent` and
`amigo_rules.agents.ExxtraHeuristicAgent` do (`verflixxt_greedy_values`,
`exxtra_heuristic_values`: the same floats) and play one of the best uniformly, as they
do with their own generators.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

import numpy as np

from ..agents.exxtra import DENIAL, WIN, _at_least
from ..agents.oneply import TIE
from ..agents.verflixxt import LANDING_WEIGHT, LUCKY_RESERVE
from ..exxtra import DIE_A, DIE_B, FINISH, RUNGS, TOP_COMBINATION, X, combination
from . import exxtra as exxtra_batch
from . import verflixxt as verflixxt_batch
from .verflixxt import _EMPTY, _GIFT, _GUARD, _STEAL, _tables

Policy = Callable[[Any, np.random.Generator], np.ndarray]
"""``policy(batch, rng) -> int64[n]``: a legal decision id per game at a decision node, -1
elsewhere."""

__all__ = [
    "POLICIES",
    "Policy",
    "exxtra_heuristic",
    "exxtra_heuristic_values",
    "verflixxt_greedy",
    "verflixxt_greedy_values",
]


def _best(values: np.ndarray, legal: np.ndarray, tie: float, rng: np.random.Generator
          ) -> np.ndarray:
    """Per row a legal column of highest value (within ``tie``), each such column equally
    likely; -1 in rows with no legal column."""
    worth = np.where(legal, values, -np.inf)
    near = legal & (worth >= worth.max(axis=1, keepdims=True) - tie)
    counts = near.sum(axis=1)
    pick = (rng.random(len(near)) * counts).astype(np.int64)
    chosen = (near.cumsum(axis=1) > pick[:, None]).argmax(axis=1)
    return np.where(counts > 0, chosen, -1)


# --- Verflixxt!: the greedy agent ---------------------------------------------------------


def _tower_scores(codes: np.ndarray) -> np.ndarray:
    """The score of towers given by tile codes along the last axis (VX-SCORE-1: the lucky
    tiles turn the largest minus tiles), as `amigo_rules.verflixxt.score_tiles`."""
    tables = _tables()
    minus = -np.sort(-tables["minus"][codes], axis=-1)
    turned = np.arange(codes.shape[-1]) < tables["lucky"][codes].sum(axis=-1)[..., None]
    scores: np.ndarray = tables["plus"][codes].sum(axis=-1) + np.where(
        turned, minus, -minus).sum(axis=-1)
    return scores


def verflixxt_greedy_values(batch: verflixxt_batch.Batch) -> np.ndarray:
    """``float64[n, num_actions]``: per game the value `VerflixxtGreedyAgent.value` gives
    each legal move of the player to move (NaN at the other ids and games)."""
    legal = verflixxt_batch.legal_action_mask(batch)
    values = np.full(legal.shape, np.nan)
    rows = np.flatnonzero(legal.any(axis=1))
    if rows.size:
        values[rows] = np.where(legal[rows], _greedy_values(batch, rows, legal.shape[1]),
                                np.nan)
    return values


def _greedy_values(batch: verflixxt_batch.Batch, rows: np.ndarray, width: int) -> np.ndarray:
    """``float64[len(rows), width]``: `verflixxt_greedy_values` of the games ``rows`` at
    every id a move of theirs may have (illegal ones included)."""
    tables = _tables()
    m = np.arange(rows.size)
    player = batch.player[rows]
    heights = batch.heights[:, rows]
    players = heights.shape[0]
    pawns = batch.rules.pawns_per_player
    own = batch.towers[player, :, rows]  # [m, T]: the mover's tower by tile code
    base = _tower_scores(own)
    # gain[c, i]: what a tile of code c adds to game i's own tower (GreedyAgent.gain)
    kinds = len(tables["plus"])
    codes = np.broadcast_to(np.arange(kinds)[:, None, None], (kinds, rows.size, 1))
    grown = np.concatenate([np.broadcast_to(own, (kinds, *own.shape)), codes], axis=2)
    gain = (_tower_scores(grown) - base).astype(np.float64)
    no_minus = ~(tables["minus"][own] > 0).any(axis=1)
    gain[tables["lucky"]] += np.where(no_minus, LUCKY_RESERVE, 0.0)
    gain[~tables["takeable"]] = 0.0
    top = batch.towers[np.arange(players)[:, None], np.maximum(heights - 1, 0), rows]
    top_gain = np.where(heights > 0, gain[top, m], np.nan)  # [players, m]
    # leaving a Gift gives the top tile away; a Steal brings the best top of the others
    shrunk = np.where(np.arange(own.shape[1]) == heights[player, m][:, None] - 1, _EMPTY, own)
    gift = (_tower_scores(shrunk) - base).astype(np.float64)
    others = np.where(np.arange(players)[:, None] != player, top_gain, np.nan)
    steal = np.where(np.isnan(others).all(axis=0), 0.0,
                     np.where(np.isnan(others), -np.inf, others).max(axis=0))
    leave = gain.copy()
    leave[_GIFT], leave[_STEAL] = gift, steal
    length = batch.tiles.shape[0] - 1
    tiles = batch.tiles[:, rows].astype(np.intp)
    crowd = batch.crowd[:, rows]
    pieces = batch.pieces[:, rows].astype(np.intp)
    finish = batch.length[rows] - 1
    roll = batch.roll[rows]

    def count(position: np.ndarray) -> np.ndarray:
        """Pawns and guards on ``position``."""
        at = crowd[position, m]
        counted: np.ndarray = at % _GUARD + at // _GUARD
        return counted

    out = np.full((rows.size, width), np.nan)
    out[:, 2 * length : 2 * length + players] = top_gain.T  # Steal from each victim
    mine = pieces[player * pawns + np.arange(pawns)[:, None], m]  # [pawns, m]
    for origin in mine:  # GreedyAgent.step_value of a pawn
        target = np.minimum(origin + roll, finish)
        value = 0.0 + np.where((count(origin) == 1) & (target != origin),
                               leave[tiles[origin, m], m], 0.0)
        landing = (count(target) == 0) & (target != finish)
        out[m, origin] = value + np.where(landing, LANDING_WEIGHT * gain[tiles[target, m], m],
                                          0.0)
    for origin in pieces[players * pawns :]:  # TrackAgent.guard_value
        target = np.minimum(origin + roll, finish)
        value = np.zeros(rows.size)
        for position, sign in ((target, 1), (origin, -1)):
            alone = ((mine == position).sum(axis=0) == 1) & (count(position) - (sign < 0) == 1)
            worth = sign * LANDING_WEIGHT * np.minimum(0.0, gain[tiles[position, m], m])
            value = value - np.where(alone, worth, 0.0)
        out[m, length + origin] = value
    return out


def verflixxt_greedy(batch: verflixxt_batch.Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a move of highest greedy value (within
    `TIE`), ties drawn uniformly; -1 elsewhere."""
    values = verflixxt_greedy_values(batch)
    return _best(values, ~np.isnan(values), TIE, rng)


# --- EXXtra: the heuristic agent ----------------------------------------------------------


@cache
def _exxtra_tables(players: int) -> tuple[np.ndarray, np.ndarray]:
    """Per (a lower rung 1-5 free?, combination): a pair's chance to survive the others'
    turns, ``(1 - threat) ** (players - 1)`` as `place_worth` computes it; and the 36
    rolls as rows (X faces shown, combination, a double's advance)."""
    survive = np.array([
        [(1 - min(1.0, 2 * _at_least(value)) * (1.0 if free else 0.5)) ** (players - 1)
         for value in range(TOP_COMBINATION + 1)]
        for free in (False, True)
    ])
    rolls = np.array([((a == X) + (b == X), combination(a, b), a if a == b else 0)
                      for a in DIE_A for b in DIE_B])
    return survive, rolls


def _place_worth(batch: exxtra_batch.Batch, me: np.ndarray, value: np.ndarray,
                 advanced: np.ndarray) -> np.ndarray:
    """``float64[..., RUNGS, n]``: `place_worth` of placing ``value`` on every rung after
    a double advanced ``advanced`` (both ``[..., 1, n]`` arrays), per game."""
    players = batch.rules.players
    each = np.arange(me.size)
    survive, _ = _exxtra_tables(players)
    rungs = batch.rungs.astype(np.int64)
    counters = batch.counters.astype(np.int64)
    counter = counters[me, each] + advanced
    rung = np.arange(RUNGS)[:, None]
    taken = (rungs[:, None, :] == rung).any(axis=0)  # [RUNGS, n]
    free_below = np.cumsum(~taken[1:], axis=0) > 0
    free = np.concatenate([np.zeros((2, me.size), dtype=bool), free_below[:-1]])
    surviving = np.where(rung == 0, 1.0, survive[free.astype(np.intp), value])
    worth = advanced + surviving * (rung + np.where(counter + rung >= FINISH, WIN, 0.0))
    for owner in range(players):
        top = rungs[owner]
        denial = DENIAL * top + np.where(counters[owner] + top >= FINISH, WIN, 0.0)
        knocked = (owner != me) & (top >= 0) & (top > rung) & (batch.pairs[owner] <= value)
        worth = worth + np.where(knocked, denial, 0.0)
    worth = np.where(counter >= FINISH, WIN + FINISH, worth)
    return worth


def exxtra_heuristic_values(batch: exxtra_batch.Batch) -> np.ndarray:
    """``float64[n, 1 + RUNGS]``: per game at a decision the value
    `ExxtraHeuristicAgent.values` gives each legal decision (NaN elsewhere)."""
    legal = exxtra_batch.legal_action_mask(batch)
    n = len(batch)
    me = batch.turn % batch.rules.players
    each = np.arange(n)
    _, rolls = _exxtra_tables(batch.rules.players)
    held = np.where(batch.roll >= 0, batch.roll, 0)
    placing = _place_worth(batch, me, held[None, :], np.zeros((1, n), dtype=np.int64))
    xs, values, doubles = (column[:, None, None] for column in rolls.T)
    after = _place_worth(batch, me, np.broadcast_to(values, (len(rolls), 1, n)),
                         np.broadcast_to(doubles, (len(rolls), 1, n)))
    best = np.where(legal[None, :, 1:].transpose(0, 2, 1), after, -np.inf).max(axis=1)
    counter = batch.counters[me, each].astype(np.int64)
    each_roll = np.where(xs[:, :, 0] > 0, -np.minimum(counter, xs[:, :, 0]), best)
    reroll = np.add.accumulate(each_roll, axis=0)[-1] / len(rolls)
    out = np.concatenate([reroll[:, None], placing.T], axis=1)
    return np.where(legal, out, np.nan)


def exxtra_heuristic(batch: exxtra_batch.Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision a decision of highest heuristic value, ties
    drawn uniformly; -1 elsewhere."""
    values = exxtra_heuristic_values(batch)
    return _best(values, ~np.isnan(values), 0.0, rng)


POLICIES: Mapping[str, Mapping[str, Policy]] = MappingProxyType({
    "verflixxt": MappingProxyType(
        {"random": verflixxt_batch.sample_actions, "greedy": verflixxt_greedy}),
    "exxtra": MappingProxyType(
        {"random": exxtra_batch.sample_actions, "heuristic": exxtra_heuristic}),
})
"""Per game, the batch policies by agent name."""
