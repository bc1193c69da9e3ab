"""The legal decisions of a Verflixxt hoch² batch, as the ids of
`amigo_rules.verflixxt_hoch.action_id`: card plays by card and piece (HO-TURN-1, HO-HAT-3,
HO-HAT-4), attacks (HO-ATTACK-1), ``stop`` (HO-TURN-3), hat actions (HO-HAT-2) and steals
(HO-COMBINE-1)."""

from __future__ import annotations

from functools import cache

import numpy as np

from . import lockstep
from .verflixxt_hoch_arrays import (
    CURSED_PIECE,
    DOUBLE,
    GIVE,
    GUARD_PIECE,
    HAT,
    LUCKY_PIECE,
    NO_CARD,
    NONE,
    OVER,
    PAWN_PIECE,
    PLAY,
    STEALING,
    STOP,
    SWAP,
    TAKE_CURSED,
    TAKE_LUCKY,
    TRADEABLE,
    Batch,
    shape,
    tables,
)


def choices(batch: Batch) -> lockstep.Choices:
    """The legal decision ids of the decision games: card plays by card and piece
    (HO-TURN-1, HO-HAT-3, HO-HAT-4), attacks (HO-ATTACK-1), ``stop`` (HO-TURN-3), hat
    actions (HO-HAT-2) and steals (HO-COMBINE-1)."""
    phase = batch.phase
    present = np.bincount(phase, minlength=OVER + 1).tolist()  # each kind only if needed
    out: lockstep.Choices = []
    if present[PLAY] or present[DOUBLE]:
        out.append(_plays(batch, (phase == PLAY) | (phase == DOUBLE)))
    if present[HAT]:
        out.append(_hat_choices(batch, phase == HAT))
    if present[STEALING]:
        out.append(_steals(batch, phase == STEALING))
    return out


def _steals(batch: Batch, stealing: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """HO-COMBINE-1: a victim is any other player whose collection holds a path or risk
    tile; worked out on the stealing games only."""
    s = shape(batch.rules)
    rows = lockstep.indices(stealing)
    held = (batch.towers.take(rows, axis=2) < TRADEABLE).any(axis=1)
    victims = np.zeros((s.players, stealing.size), dtype=bool)
    victims[:, rows] = held & (_SEATS[: s.players] != batch.player[rows])
    return stealing, _steal_ids(s.base + 5 + s.players + s.length, s.players), victims


def _plays(batch: Batch, carding: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per card in hand (each kind once; in the DOUBLE phase the one left) and piece: own
    pawns by position, the lucky hat's pawn, the cursed cap's both ways, the guards beside a
    pawn (VX-TURN-2, VX-TURN-4); a 0 card alone; then attacks and ``stop``. The ids are
    int16 (numpy runs those fastest), written in place into one array."""
    s = shape(batch.rules)
    t = tables()
    length, p = s.length, s.pawns
    n = batch.phase.size
    each = np.arange(n)
    finish = (batch.length - 1).astype(np.int16)
    player = batch.player
    own = batch.pawns.reshape(-1)[np.arange(0, p * n, n)[:, None] + (player * (p * n) + each)
                                  ].astype(np.int16)
    hand = batch.hands.reshape(-1)[np.arange(0, 2 * n, n)[:, None] + (player * (2 * n) + each)
                                   ].astype(np.int16)
    held = (hand != NO_CARD) & carding
    held[1] &= (hand[1] != hand[0]) & (batch.phase == PLAY)
    value = t["value"][hand].astype(np.int16)
    first = np.empty(own.shape, dtype=bool)
    first[0] = True
    np.not_equal(own[1:], own[:-1], out=first[1:])
    owner, pos = batch.hat_owner, batch.hat_pos.astype(np.int16)
    mine = owner == player
    count = lockstep.count(own[:, None] == own)
    hatted = lockstep.count(mine[:, None] & (pos[:, None] == own))
    guards = batch.guards.astype(np.int16)
    piece_ids, pieces = _piece_rows(p, s.guards, length)
    x = np.empty((pieces, n), dtype=np.int16)  # where each candidate piece stands
    ok = np.empty(x.shape, dtype=bool)  # whether it may move
    x[:p], x[p], x[p + 1 : p + 3], x[p + 3 :] = own, pos[0], pos[1], guards
    ok[:p] = (own != finish) & first & (count > hatted)
    ok[p], ok[p + 1 : p + 3] = mine[0], mine[1]
    ok[p + 3 :] = (guards != finish) & (batch.pawns[:, None] == batch.guards).any(axis=0)
    ok[p + 4 :] &= guards[1:] != guards[:-1]
    attacks = p if batch.rules.attack else 0
    ids = np.empty((2 * pieces + 2 + attacks + 1, n), dtype=np.int16)
    legal = np.empty(ids.shape, dtype=bool)
    by_card = hand * (8 * length)  # ``card C`` alone, and the base of every play of C
    np.add(by_card[:, None], 2 * x + piece_ids, out=ids[: 2 * pieces].reshape(2, pieces, n))
    plays = legal[: 2 * pieces].reshape(2, pieces, n)
    np.logical_and((held & (value != 0))[:, None], ok, out=plays)
    in_play = lockstep.count(own != finish)
    plays[:, p] &= (pos[0] + value < finish) | (in_play == 1)  # HO-HAT-3
    plays[:, p + 1] &= (value > 0) | (pos[1] > 0)  # HO-HAT-4
    plays[:, p + 2] &= (pos[1] - value >= 0) | (value < 0)
    at = 2 * pieces
    ids[at : at + 2], legal[at : at + 2] = by_card, held & (value == 0)
    if attacks:
        ids[at + 2 : at + 2 + p] = s.base + 5 + s.players + own
        legal[at + 2 : at + 2 + p] = _attackable(batch, own, first, count, hand, value) & (
            batch.phase == PLAY)
    ids[-1], legal[-1] = s.base + STOP, batch.phase == DOUBLE
    return carding, ids, legal


@cache
def _piece_rows(pawns: int, guards: int, length: int) -> tuple[np.ndarray, int]:
    """Per candidate piece of `_plays` (own pawns, the lucky hat's pawn, the cursed cap's
    both ways, the guards) what its play id adds to twice its position: its kind in the
    play id and the cursed cap's other way (``int16[pieces, 1]``); and how many there
    are."""
    kind = np.array([PAWN_PIECE] * pawns + [LUCKY_PIECE, CURSED_PIECE, CURSED_PIECE]
                    + [GUARD_PIECE] * guards)
    back = np.array([0] * pawns + [0, 0, 1] + [0] * guards)
    return lockstep.read_only((kind * 2 * length + back).astype(np.int16)[:, None]), len(kind)


def _attackable(
    batch: Batch, own: np.ndarray, first: np.ndarray, count: np.ndarray, hand: np.ndarray,
    value: np.ndarray,
) -> np.ndarray:
    """HO-ATTACK-1: per own pawn (first of its tile, ``count`` own pawns there) whether a
    pair of equal cards may attack from its tile: an opponent's pawn or a guard shares it,
    and no lucky-hat pawn of an opponent would be pushed home while its owner keeps another
    pawn in play. Only the games holding a pair are looked at."""
    s = shape(batch.rules)
    last = np.where(hand[1] == NO_CARD, hand[0], hand[1])
    pair = (hand[0] != NO_CARD) & (value[0] == tables()["value"][last])
    legal = np.zeros(own.shape, dtype=bool)
    games = lockstep.indices(pair & (batch.phase == PLAY))
    if not games.size:
        return legal
    own, finish = own.take(games, axis=1), (batch.length[games] - 1).astype(np.int16)
    pawns = batch.pawns.take(games, axis=1)
    others = (lockstep.count(pawns[:, None] == own) + lockstep.count(
        batch.guards.take(games, axis=1)[:, None] == own)) > count.take(games, axis=1)
    owner = batch.hat_owner[0, games].astype(np.int64)
    pos = batch.hat_pos[0, games]
    theirs = pawns.reshape(-1)[(np.maximum(owner, 0) * s.pawns + np.arange(s.pawns)[:, None])
                               * games.size + np.arange(games.size)]
    elsewhere = ((theirs != pos) & (theirs != finish)).any(axis=0)
    blocked = ((owner >= 0) & (owner != batch.player[games]) & (pos == own)
               & (own + value[0, games] >= finish) & elsewhere)
    legal[:, games] = (own != finish) & first[:, games] & others & ~blocked
    return legal


def _hat_choices(
    batch: Batch, hatting: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """HO-HAT-2: take (a hatless pawn), swap or give (a pawn wearing a hat), or none;
    worked out on the hatting games only."""
    s = shape(batch.rules)
    n = hatting.size
    rows = lockstep.indices(hatting)
    tile = batch.arrived[rows]
    worn = batch.arrived_hat[rows]
    owner = batch.hat_owner.take(rows, axis=1)
    there = batch.hat_pos.take(rows, axis=1) == tile  # a hat nobody wears is at -1
    bare = worn == 0
    on = (batch.pawns.take(rows, axis=1).reshape(s.players, s.pawns, -1) == tile).sum(axis=1)
    hats_here = ((owner[:, None] == _SEATS[: s.players]) & there[:, None]).sum(axis=0)
    ids = _hat_ids(s.base, s.players)
    legal = np.zeros((len(ids), n), dtype=bool)
    legal[0] = hatting  # none
    chosen = np.empty((len(ids) - 1, rows.size), dtype=bool)
    chosen[:2] = bare & there
    chosen[2] = ~bare & np.where(worn == 1, there[1], there[0])  # swap
    chosen[3:] = (on > hats_here) & ~bare  # give
    legal.reshape(-1)[np.arange(n, legal.size, n)[:, None] + rows] = chosen
    return hatting, ids, legal


_SEATS = np.arange(8)[:, None]
"""The seats, a column (at most 8 players)."""


@cache
def _steal_ids(first: int, players: int) -> np.ndarray:
    """``[players, 1]``: the ids of stealing from each player, from ``first`` on."""
    return lockstep.read_only((first + np.arange(players))[:, None])


@cache
def _hat_ids(base: int, players: int) -> np.ndarray:
    """``[k, 1]``: the ids of `_hat_choices`' rows: none, take the lucky hat, take the
    cursed cap, swap, give to each player."""
    ids = base + np.concatenate([[NONE, TAKE_LUCKY, TAKE_CURSED, SWAP], GIVE + np.arange(players)])
    return lockstep.read_only(ids[:, None])
