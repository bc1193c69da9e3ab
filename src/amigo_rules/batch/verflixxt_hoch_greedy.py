"""The greedy agent of Verflixxt hoch²
(`amigo_rules.agents.verflixxt_hoch.VerflixxtHochGreedyAgent`) for a whole batch: every
legal move valued as the scalar agent values it, one best move played per game, ties broken
uniformly.

>>> import numpy as np
>>> from amigo_rules import verflixxt_hoch as ho
>>> from amigo_rules.batch import verflixxt_hoch as batch
>>> from amigo_rules.batch.verflixxt_hoch_greedy import greedy_actions
>>> games = batch.new_games(ho.Rules(players=3), 4, seed=0)
>>> ids = greedy_actions(games, np.random.default_rng(0))
>>> bool(batch.legal_action_mask(games)[np.arange(4), ids].all())
True
"""

from __future__ import annotations

import numpy as np

from .. import verflixxt_hoch as ho
from ..core.ties import TIE
from ..track import ACTIONS, FINISH, LUCKY, START
from ..verflixxt_hoch import COLLECTED, TILE_KINDS, TRACK_TILES
from . import lockstep
from .verflixxt_hoch_arrays import (
    GIVE,
    GUARD_PIECE,
    NONE,
    SWAP,
    TAKE_LUCKY,
    TRADEABLE,
    WORN,
    Batch,
    shape,
    tables,
)
from .verflixxt_hoch_moves import choices
from .verflixxt_hoch_turn import top_tradeable

__all__ = ["greedy_actions", "move_values"]

_NOT_TAKEN = np.array([t in (START, FINISH, *ACTIONS) for t in (*TILE_KINDS, None)])
"""Per tile code: the tiles nobody takes (start, finish, action tiles, no tile)."""
_GIFT_TILE, _STEAL_TILE = (TILE_KINDS.index(t) for t in ACTIONS)
_SIGN = np.array([1, -1])
"""Per parity of the risk tiles held: the sign they score with (HO-RISK-1)."""


def greedy_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node the id of a move of highest value to the
    player to act (`move_values`), ties (values within `TIE`) broken uniformly; -1 at
    chance and terminal nodes."""
    n = batch.phase.size
    ids = np.full(n, -1, dtype=np.int64)
    for games, candidates, legal in choices(batch):
        values = np.where(legal, move_values(batch, np.broadcast_to(candidates, legal.shape)),
                          -np.inf)
        best = values >= values.max(axis=0) - TIE
        chosen = lockstep.uniform(best & legal, rng)
        ids = np.where(games, np.broadcast_to(candidates, legal.shape)[
            np.minimum(chosen, len(legal) - 1), np.arange(n)], ids)
    return ids


def move_values(batch: Batch, ids: np.ndarray) -> np.ndarray:
    """``float64[k, n]``: the greedy agent's value of each decision id of ``ids``
    (``[k, n]``, legal ids of each game's column) to the player to act, from what that
    player observes."""
    s = shape(batch.rules)
    t = tables()
    n = batch.phase.size
    each = np.arange(n)
    me = batch.player
    length = s.length
    base = s.base
    gains, loss = _gains(batch)
    finish = batch.length - 1
    # -- plays: the tile left, the landing tile, finish tokens, hats (play_value)
    card = ids // (8 * length)
    piece = ids // (2 * length) % 4
    origin = ids // 2 % length
    value = t["value"][np.minimum(card, len(t["value"]) - 1)]
    steps = np.where(ids % 2 == 1, -value, value)
    target = np.clip(origin + steps, 0, finish)
    token = _token(batch)
    play = np.where(origin + steps == finish, token, 0.0)
    tiles = batch.tiles.astype(np.int64)
    here = _count(batch, origin)
    there = _count(batch, target)
    guard = piece == GUARD_PIECE
    left = np.take_along_axis(tiles, origin, axis=0)
    leave = np.where(left == _GIFT_TILE, loss,
                     np.where(left == _STEAL_TILE, _best_steal(batch, gains),
                              _gain(gains, left)))
    pawn_value = play + np.where((here == 1) & (target != origin), leave, 0.0)
    worn = WORN[piece]
    home = target == finish
    pawn_value = pawn_value + np.where((worn == 1) & home, ho.HAT * (1 - ho.HAT_HOLD), 0.0)
    pawn_value = pawn_value - np.where((worn == 2) & home, ho.HAT * (1 - ho.HAT_HOLD), 0.0)
    pawn_value = pawn_value + np.where((worn == 2) & (steps < 0), 0.5, 0.0)
    moved = ~home & (target != origin)
    landing = np.take_along_axis(tiles, target, axis=0)
    land = (there == 0) & ~_NOT_TAKEN[landing]
    extra = np.where(land, ho.LANDING_WEIGHT * _gain(gains, landing), 0.0)
    owner, pos = batch.hat_owner.astype(np.int64), batch.hat_pos.astype(np.int64)
    lucky_there = (owner[0] >= 0) & (pos[0] == target)
    meet = (worn == 0) & lucky_there & (owner[0] != me)
    others = (_count(batch, target, opponents=True) > 0) | lucky_there
    meet |= (worn == 2) & others
    extra = extra + np.where(meet, ho.MEETING_WEIGHT * ho.HAT, 0.0)
    pawn_value = pawn_value + np.where(moved, extra, 0.0)
    guard_value = play + _guard_value(batch, gains, origin, target)
    plays = np.where(value == 0, 0.0, np.where(guard, guard_value, pawn_value))
    # -- hat actions (hat_value), attacks (attack_value), steals
    action = ids - base
    worn_now = batch.arrived_hat
    hold = ho.HAT * ho.HAT_HOLD
    wearing = np.where(worn_now == 2, 1.0, -1.0)
    hats = np.select(
        [action == NONE, action == TAKE_LUCKY, action == SWAP,
         (action >= GIVE) & (action - GIVE == me)],
        [0.0, hold, 2 * hold * wearing, 0.0],
        default=np.where(action >= GIVE, hold * wearing, -hold),
    )
    attacks = _attack_values(batch, action - 5 - s.players)
    victim = np.clip(action - 5 - s.players - length, 0, s.players - 1)
    tops = _top_tiles(batch)
    steal = np.where(tops[victim, each] >= 0, _gain(gains, np.maximum(tops[victim, each], 0),
                                                     items=True), 0.0)
    players = s.players
    out: np.ndarray = np.select(
        [ids < base, action == 0, action < GIVE + players, action < GIVE + players + length],
        [plays, 0.0, hats, attacks],
        default=steal,
    )
    return out


def _token(batch: Batch) -> np.ndarray:
    """``float64[n]``: the points of the next finish token (0 once the stack is empty)."""
    points = np.append(tables()["token"][tables()["stack"]], 0)
    token: np.ndarray = points[batch.tokens].astype(np.float64)
    return token


def _count(batch: Batch, position: np.ndarray, opponents: bool = False) -> np.ndarray:
    """``int64[k, n]``: the pawns and guards on each ``position`` (``[k, n]``); with
    ``opponents`` only the pawns of the player to act's opponents."""
    s = shape(batch.rules)
    pawns = batch.pawns.reshape(s.players, s.pawns, 1, -1)
    on = (pawns == position).sum(axis=1)
    if opponents:
        theirs: np.ndarray = (on * (np.arange(s.players)[:, None, None]
                                    != batch.player)).sum(axis=0)
        return theirs
    guards = (batch.guards[:, None] == position).sum(axis=0)
    counted: np.ndarray = on.sum(axis=0) + guards
    return counted


def _gains(batch: Batch) -> tuple[np.ndarray, np.ndarray]:
    """Per game the change of the acting player's score by adding each path or risk tile to
    their collection (``float64[kinds, n]`` by item code, with `LUCKY_RESERVE` for a lucky
    tile while the collection holds no minus tile), and by losing its top path or risk tile
    to a Gift (``float64[n]``, 0 without one)."""
    t = tables()
    n = batch.phase.size
    tower = batch.towers[batch.player, :, np.arange(n)].T.astype(np.int64)
    minus = -np.sort(-t["minus"][tower], axis=0)
    minus = np.vstack([minus, np.zeros((1, n), dtype=np.int64)])
    lucky = t["lucky"][tower].sum(axis=0)
    risk = t["risk"][tower]
    count, total = (risk > 0).sum(axis=0), risk.sum(axis=0)
    kth = np.where(lucky > 0, minus[np.maximum(lucky - 1, 0), np.arange(n)], 0)
    next_minus = minus[np.minimum(lucky, len(minus) - 1), np.arange(n)]
    kinds = np.arange(len(TRACK_TILES))[:, None]
    plus, worse = t["plus"][kinds], t["minus"][kinds]
    tile_risk = t["risk"][kinds]
    before = _SIGN[count % 2] * total
    added = np.where(lucky > 0, -worse + 2 * np.maximum(0, worse - kth), -worse)
    gains = np.select(
        [plus > 0, worse > 0, t["lucky"][kinds]],
        [plus + 0 * lucky, added, 2 * next_minus + 0 * kinds],
        default=_SIGN[(count + 1) % 2] * (total + tile_risk) - before,
    ).astype(np.float64)
    no_minus = ~(t["minus"][tower] > 0).any(axis=0)
    gains[COLLECTED.index(LUCKY)] += np.where(no_minus, ho.LUCKY_RESERVE, 0.0)
    top = top_tradeable(batch, np.arange(n), batch.player)
    item = tower[np.maximum(top, 0), np.arange(n)]
    v, r = t["minus"][item], t["risk"][item]
    turned = (lucky > 0) & (v >= kth)
    removed = np.select(
        [t["plus"][item] > 0, v > 0, t["lucky"][item]],
        [-t["plus"][item], np.where(turned, 2 * next_minus - v, v), -2 * kth],
        default=_SIGN[(count - 1) % 2] * (total - r) - before,
    )
    loss = np.where(top >= 0, removed, 0).astype(np.float64)
    return gains, loss


def _gain(gains: np.ndarray, tiles: np.ndarray, items: bool = False) -> np.ndarray:
    """The gains of ``tiles`` (tile codes, or item codes with ``items``; ``[k, n]``); 0 for
    a tile nobody takes."""
    codes = tiles if items else tables()["item"][tiles]
    takeable = codes < TRADEABLE
    gain: np.ndarray = np.where(
        takeable, np.take_along_axis(gains, np.where(takeable, codes, 0), axis=0), 0.0)
    return gain


def _top_tiles(batch: Batch) -> np.ndarray:
    """``int64[players, n]``: each collection's top path or risk tile (item code), -1 if
    none."""
    n = batch.phase.size
    players = shape(batch.rules).players
    tops = []
    for p in range(players):
        top = top_tradeable(batch, np.arange(n), np.full(n, p))
        item = batch.towers[p, np.maximum(top, 0), np.arange(n)]
        tops.append(np.where(top >= 0, item, -1))
    return np.stack(tops).astype(np.int64)


def _best_steal(batch: Batch, gains: np.ndarray) -> np.ndarray:
    """``float64[n]``: the best gain among the other players' top path or risk tiles (0 when
    none holds one): what leaving a Steal tile brings."""
    tops = _top_tiles(batch)
    others = (tops >= 0) & (np.arange(len(tops))[:, None] != batch.player)
    gain = np.where(others, _gain(gains, np.maximum(tops, 0), items=True), -np.inf)
    best: np.ndarray = np.where(others.any(axis=0), gain.max(axis=0), 0.0)
    return best


def _guard_value(
    batch: Batch, gains: np.ndarray, origin: np.ndarray, target: np.ndarray
) -> np.ndarray:
    """`TrackAgent.guard_value`: a guard protecting an own pawn alone on a bad tile, or
    leaving it alone there."""
    s = shape(batch.rules)
    n = batch.phase.size
    own = batch.pawns.reshape(s.players, s.pawns, n)[batch.player, :, np.arange(n)].T
    tiles = batch.tiles.astype(np.int64)
    value = np.zeros(origin.shape)
    for position, sign in ((target, 1), (origin, -1)):
        mine = (own[:, None] == position).sum(axis=0)
        others = _count(batch, position)
        tile = np.take_along_axis(tiles, position, axis=0)
        counts = (mine == 1) & (others - (sign < 0) == 1) & ~_NOT_TAKEN[tile]
        value = value - np.where(counts, sign * ho.LANDING_WEIGHT
                                 * np.minimum(0.0, _gain(gains, tile)), 0.0)
    return value


def _attack_values(batch: Batch, origin: np.ndarray) -> np.ndarray:
    """`VerflixxtHochGreedyAgent.attack_value`: a share per piece pushed on, the finish
    tokens of pieces pushed exactly home, the hats pushed home for their owners."""
    t = tables()
    n = batch.phase.size
    players = shape(batch.rules).players
    origin = np.clip(origin, 0, shape(batch.rules).length - 1)
    hand = batch.hands.reshape(players, 2, n)[batch.player, 0, np.arange(n)]
    value = t["value"][hand]
    finish = batch.length - 1
    pushed = _count(batch, origin, opponents=True) + (batch.guards[:, None] == origin).sum(
        axis=0)
    out = 0.1 * pushed
    stack = t["token"][t["stack"]]
    won = np.concatenate([[0], np.cumsum(stack)])  # the points of the first k tokens
    taken = won[np.minimum(batch.tokens + pushed, len(stack))] - won[batch.tokens]
    out = out + np.where(origin + value == finish, taken.astype(np.float64), 0.0)
    owner, pos = batch.hat_owner.astype(np.int64), batch.hat_pos.astype(np.int64)
    for i, sign in ((0, -1), (1, 1)):
        hit = (owner[i] >= 0) & (owner[i] != batch.player) & (pos[i] == origin)
        out = out + np.where(hit & (origin + value >= finish), sign * ho.HAT * ho.HAT_HOLD, 0.0)
    values: np.ndarray = np.where(value == 0, ho.FRESH_HAND, out)
    return values

