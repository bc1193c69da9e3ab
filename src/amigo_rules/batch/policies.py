"""Opponents on the batch engines: per game, the agents of `amigo_rules.agents` that play
in numpy, one choice per game of a batch, equal to the scalar agent's choices.

Each policy is ``policy(batch, rng) -> int64[n]``: per game at a decision node a legal
decision id, -1 at chance and terminal games. ``"random"`` is the engine's
``sample_actions``; hoch²'s ``"greedy"`` is
`amigo_rules.batch.verflixxt_hoch_greedy.greedy_actions`. ``"greedy"`` (Verflixxt!, the
presets) and ``"heuristic"`` (EXXtra) value every legal move as
`amigo_rules.agents.VerflixxtGreedyAgent` and `amigo_rules.agents.ExxtraHeuristicAgent`
do (`verflixxt_greedy_values`, `exxtra_heuristic_values`: the same floats) and play one of
the best uniformly, as those agents do with their own generators.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

import numpy as np

from .. import verflixxt as vx
from ..agents.exxtra import DENIAL, WIN, at_least, place_worth, reroll_worth
from ..agents.oneply import TIE
from ..agents.verflixxt import LANDING_WEIGHT, LUCKY_RESERVE
from ..core import RulesError
from ..exxtra import DIE_A, DIE_B, FINISH, RUNGS, TOP_COMBINATION, X, combination
from . import exxtra as exxtra_batch
from . import lockstep
from . import verflixxt as verflixxt_batch
from . import verflixxt_hoch as verflixxt_hoch_batch
from .verflixxt_arrays import EMPTY as _EMPTY
from .verflixxt_arrays import GIFT_CODE as _GIFT
from .verflixxt_arrays import STEAL_CODE as _STEAL
from .verflixxt_arrays import tables as _tables
from .verflixxt_hoch_greedy import greedy_actions as verflixxt_hoch_greedy

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
    likely (`lockstep.uniform`: fewer than 128 columns, as the presets' ids are); -1 in
    rows with no legal column."""
    worth = np.where(legal, values, -np.inf)
    near = legal & (worth >= worth.max(axis=1, keepdims=True) - tie)
    chosen = lockstep.uniform(near.T, rng).astype(np.int64)
    return np.where(near.any(axis=1), chosen, -1)


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


def _gains(own: np.ndarray, m: np.ndarray) -> np.ndarray:
    """``float64[codes, m]``: what a tile of each code adds to the score of each tower of
    ``own`` (``[m, T]`` tile codes), as `VerflixxtGreedyAgent.gain` counts it (0 for tiles
    that are not path tiles).

    A plus tile adds its value. The ``lucky`` lucky tiles turn the largest minus tiles
    (VX-SCORE-1): a new minus tile is turned if a lucky tile is spare, else it takes the
    place of the smallest turned one if larger (that one counting against then), else it
    counts against; a new lucky tile turns the largest unturned minus tile, and is worth
    `LUCKY_RESERVE` while the tower holds no minus tile."""
    tables = _tables()
    held = -np.sort(-tables["minus"][own], axis=1)  # minus magnitudes, largest first
    minus_tiles = (held > 0).sum(axis=1)
    lucky = tables["lucky"][own].sum(axis=1)
    top = held.shape[1] - 1
    smallest_turned = held[m, np.clip(lucky - 1, 0, top)]
    largest_unturned = np.where(minus_tiles > lucky, held[m, np.minimum(lucky, top)], 0)
    value = tables["minus"][:, None]
    minus = np.where(minus_tiles < lucky, value, np.where(
        lucky == 0, -value, np.maximum(-value, value - 2 * smallest_turned)))
    gains = (tables["plus"][:, None] + np.where(value > 0, minus, 0)).astype(np.float64)
    reserve = np.where(minus_tiles == 0, LUCKY_RESERVE, 0.0)
    gains[tables["lucky"]] = 2 * largest_unturned + reserve
    return gains


@cache
def _greedy_plays(rules: vx.Rules) -> None:
    """`RulesError` unless ``rules`` are a preset: the greedy values here follow their
    scoring and moves (no face-down tiles, hidden towers, chosen steps or other scoring)."""
    if not any(rules == preset(players=rules.players) for preset in vx.PRESETS.values()):
        raise RulesError("the batch greedy policy plays the presets classic, amigo and "
                         "amigo_pro; use the policy 'random', or the scalar agent")


def verflixxt_greedy_values(batch: verflixxt_batch.Batch) -> np.ndarray:
    """``float64[n, num_actions]``: per game the value `VerflixxtGreedyAgent.value` gives
    each legal move of the player to move (NaN at the other ids and games); the presets'
    rules only (`RulesError` otherwise)."""
    _greedy_plays(batch.rules)
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
    m = np.arange(rows.size)
    player = batch.player[rows]
    heights = batch.heights[:, rows]
    players = heights.shape[0]
    pawns = batch.rules.pawns_per_player
    own = batch.towers[player, :, rows]  # [m, T]: the mover's tower by tile code
    base = _tower_scores(own)
    gain = _gains(own, m)
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
    pieces = batch.pieces[:, rows].astype(np.intp)
    finish = batch.length[rows] - 1
    roll = batch.roll[rows]

    def count(position: np.ndarray) -> np.ndarray:
        """Pawns and guards on ``position``."""
        counted: np.ndarray = (pieces == position).sum(axis=0)
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
        [(1 - min(1.0, 2 * at_least(value)) * (1.0 if free else 0.5)) ** (players - 1)
         for value in range(TOP_COMBINATION + 1)]
        for free in (False, True)
    ])
    rolls = np.array([((a == X) + (b == X), combination(a, b), a if a == b else 0)
                      for a in DIE_A for b in DIE_B])
    return survive, rolls


def _place_worth(batch: exxtra_batch.Batch, me: np.ndarray, value: np.ndarray,
                 advanced: np.ndarray) -> np.ndarray:
    """``float64[k, RUNGS, n]``: `place_worth` of placing ``value`` on every rung after a
    double advanced ``advanced`` (both ``[k, 1, n]``), per game (the same floats: each
    opponent's denial added in seat order)."""
    players = batch.rules.players
    survive, _ = _exxtra_tables(players)
    rungs = batch.rungs.astype(np.int64)
    counters = batch.counters.astype(np.int64)
    counter = counters[me, np.arange(me.size)] + advanced
    rung = np.arange(RUNGS)[:, None]
    taken = (rungs[:, None, :] == rung).any(axis=0)  # [RUNGS, n]
    free = np.zeros(taken.shape, dtype=np.intp)  # a rung 1 … r - 1 is free
    free[2:] = np.cumsum(~taken[1:-1], axis=0) > 0
    surviving = np.where(rung == 0, 1.0, survive[free, value])
    worth = advanced + surviving * (rung + np.where(counter + rung >= FINISH, WIN, 0.0))
    for owner in range(players):
        top = rungs[owner]
        denial = DENIAL * top + np.where(counters[owner] + top >= FINISH, WIN, 0.0)
        above = (owner != me) & (top > rung)  # an empty rung (-1) is never above
        worth = worth + np.where(above & (batch.pairs[owner] <= value), denial, 0.0)
    return np.where(counter >= FINISH, WIN + FINISH, worth)


_VALUES: dict[bytes, tuple[float, ...]] = {}
"""`exxtra_heuristic_values` of one game by its position (counters, rungs, pairs, the player
to move, the roll in hand, as bytes): like the scalar agent's caches, for the positions
that come back (every game starts alike; a turn of re-rolls asks again and again);
cleared at `_VALUES_KEPT` entries."""
_VALUES_KEPT = 1 << 16


def _positions(batch: exxtra_batch.Batch, me: np.ndarray) -> list[bytes]:
    """Per game the key of its position in `_VALUES`."""
    position = np.concatenate([batch.counters, batch.rungs, batch.pairs,
                               me[None].astype(np.int8), batch.roll[None].astype(np.int8)])
    raw, width = position.T.tobytes(), len(position)
    return [raw[i : i + width] for i in range(0, len(raw), width)]


def _heuristic_values(batch: exxtra_batch.Batch, me: np.ndarray, legal: np.ndarray
                      ) -> np.ndarray:
    """``float64[n, 1 + RUNGS]``: `exxtra_heuristic_values` of games all at a decision: a
    place by `place_worth` of the roll in hand, the re-roll by `reroll_worth` (re-rolling,
    then placing at best on a legal rung; the 36 rolls summed in the scalar order), both
    from one `_place_worth` of the roll in hand and the 36 rolls."""
    n = len(batch)
    _, rolls = _exxtra_tables(batch.rules.players)
    xs, combinations, doubles = (column[:, None, None] for column in rolls.T)
    shape = (len(rolls), 1, n)
    worth = _place_worth(
        batch, me,
        np.concatenate([batch.roll[None, None, :], np.broadcast_to(combinations, shape)]),
        np.concatenate([np.zeros((1, 1, n), dtype=np.int64), np.broadcast_to(doubles, shape)]),
    )
    best = np.where(legal[:, 1:].T, worth[1:], -np.inf).max(axis=1)  # [36, n]
    counter = batch.counters[me, np.arange(n)].astype(np.int64)
    each_roll = np.where(xs[:, 0] > 0, -np.minimum(counter, xs[:, 0]), best)
    reroll = np.add.accumulate(each_roll, axis=0)[-1] / len(rolls)
    return np.where(legal, np.concatenate([reroll[:, None], worth[0].T], axis=1), np.nan)


_FEW = 12
"""Up to this many new positions in a call, `_scalar_values` values them faster than
numpy's calls over arrays of a few games."""


def _scalar_values(batch: exxtra_batch.Batch, rows: np.ndarray, me: np.ndarray,
                   legal: np.ndarray) -> np.ndarray:
    """`_heuristic_values` of the games ``rows`` by the scalar agent's own functions
    (`place_worth`, `reroll_worth`), game by game."""
    players = batch.rules.players
    out = np.full(legal.shape, np.nan)
    for k, row in enumerate(rows.tolist()):
        counters = tuple(batch.counters[:, row].tolist())
        ladder = tuple(None if rung < 0 else (rung, pair) for rung, pair in
                       zip(batch.rungs[:, row].tolist(), batch.pairs[:, row].tolist(),
                           strict=True))
        seat, roll = int(me[row]), int(batch.roll[row])
        rungs = tuple(r for r in range(RUNGS) if legal[k, 1 + r])
        if legal[k, 0]:
            out[k, 0] = reroll_worth(players, counters, ladder, seat, rungs)
        for r in rungs:
            out[k, 1 + r] = place_worth(players, counters, ladder, seat, r, roll, 0)
    return out


def exxtra_heuristic_values(batch: exxtra_batch.Batch) -> np.ndarray:
    """``float64[n, 1 + RUNGS]``: per game at a decision the value
    `ExxtraHeuristicAgent.values` gives each legal decision (NaN elsewhere; kept in
    `_VALUES`)."""
    legal = exxtra_batch.legal_action_mask(batch)
    deciding = legal.any(axis=1)
    out = np.full(legal.shape, np.nan)
    if not deciding.any():
        return out
    games = batch if deciding.all() else lockstep.rows_of(batch, np.flatnonzero(deciding))
    me = games.turn % games.rules.players
    keys = _positions(games, me)
    known = [_VALUES.get(key) for key in keys]
    missing = np.array([i for i, value in enumerate(known) if value is None], dtype=np.intp)
    if missing.size:
        legal = legal[deciding][missing]
        fresh = (_heuristic_values(lockstep.rows_of(games, missing), me[missing], legal)
                 if missing.size > _FEW else _scalar_values(games, missing, me, legal))
        if len(_VALUES) >= _VALUES_KEPT:
            _VALUES.clear()
        for i, row in zip(missing.tolist(), fresh.tolist(), strict=True):
            known[i] = _VALUES[keys[i]] = tuple(row)
    out[deciding] = known
    return out


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
    "verflixxt_hoch": MappingProxyType(
        {"random": verflixxt_hoch_batch.sample_actions, "greedy": verflixxt_hoch_greedy}),
})
"""Per game, the batch policies by agent name."""
