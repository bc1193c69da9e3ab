"""The legal decisions of a Verflixxt hoch² batch, as the ids of
`amigo_rules.verflixxt_hoch.action_id`: card plays by card and piece (HO-TURN-1, HO-HAT-3,
HO-HAT-4), attacks (HO-ATTACK-1), ``stop`` (HO-TURN-3), hat actions (HO-HAT-2) and steals
(HO-COMBINE-1)."""

from __future__ import annotations

from functools import cache

import attrs
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


@attrs.frozen
class Kind:
    """One kind of decision node present in a batch: its games, their candidate ids and
    which are legal. The card plays are worked out over every game (most are at one); hat
    actions and steals (a few games a round) on their own games only."""

    games: np.ndarray
    """``bool[n]``: the games at such a node."""
    rows: np.ndarray | None
    """The indices of those games, for a kind worked out on them only; None for the card
    plays."""
    candidates: np.ndarray
    """``int16[k, n]`` (the card plays) or ``[k, 1]`` (the same for every game)."""
    legal: np.ndarray
    """``bool[k, n]`` (the card plays: False outside ``games``) or ``bool[k, rows]``."""

    def moves(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The legal moves: their flat indices in ``legal``, their ids and their games."""
        at = lockstep.indices(self.legal.reshape(-1))
        width = self.legal.shape[1]
        column = at % width
        if self.rows is None:
            return at, self.candidates.reshape(-1)[at], column
        return at, self.candidates.reshape(-1)[at // width], self.rows[column]

    def pick(self, among: np.ndarray, uniforms: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """``ids`` (``int64[n]``) with each game of the kind given the candidate of
        ``among`` (legal candidates, laid out as ``legal``) that its uniform double of
        ``uniforms`` (one per game of the batch) picks, as `lockstep.pick` does."""
        if self.rows is None:
            n = uniforms.size
            chosen = np.minimum(lockstep.pick(among, uniforms), len(among) - 1, dtype=np.int64)
            return np.where(self.games, self.candidates.reshape(-1)[chosen * n + np.arange(n)],
                            ids)
        ids[self.rows] = self.candidates[lockstep.pick(among, uniforms[self.rows]), 0]
        return ids

    def choice(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The kind as a `lockstep.Choices` entry (its ``legal`` over every game)."""
        if self.rows is None:
            return self.games, self.candidates, self.legal
        legal = np.zeros((len(self.legal), self.games.size), dtype=bool)
        _spread(legal, self.rows, self.legal)
        return self.games, self.candidates, legal


def kinds(batch: Batch) -> list[Kind]:
    """The kinds of decision node present, in order: card plays by card and piece
    (HO-TURN-1, HO-HAT-3, HO-HAT-4) with attacks (HO-ATTACK-1) and ``stop`` (HO-TURN-3),
    hat actions (HO-HAT-2), steals (HO-COMBINE-1)."""
    phase = batch.phase
    present = np.bincount(phase, minlength=OVER + 1).tolist()  # each kind only if needed
    out = []
    if present[PLAY] or present[DOUBLE]:
        carding = (phase == PLAY) | (phase == DOUBLE)
        out.append(Kind(carding, None, *_plays(batch, carding)))
    s = shape(batch.rules)
    for kind, legal_of, ids in (
        (HAT, _hat_legal, _hat_ids(s.base, s.players)),
        (STEALING, _steal_legal, _steal_ids(s.base + 5 + s.players + s.length, s.players)),
    ):
        if present[kind]:
            games = phase == kind
            rows = lockstep.indices(games)
            out.append(Kind(games, rows, ids, legal_of(batch, rows)))
    return out


def choices(batch: Batch) -> lockstep.Choices:
    """The legal decision ids of the decision games (`kinds`)."""
    return [kind.choice() for kind in kinds(batch)]


def random_decisions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a legal id drawn uniformly: the ids and
    draws of ``lockstep.random_decisions(choices(batch), n, rng)`` (a uniform double per
    game for each kind of node present)."""
    n = batch.phase.size
    ids = np.full(n, -1, dtype=np.int64)
    for kind in kinds(batch):
        ids = kind.pick(kind.legal, rng.random(n), ids)
    return ids


def _spread(out: np.ndarray, rows: np.ndarray, legal: np.ndarray) -> None:
    """Write ``legal`` (``[k, rows]``) into the columns ``rows`` of ``out`` (``[k, n]``,
    C-contiguous) by flat indices, which numpy serves faster than ``out[:, rows]``."""
    n = out.shape[1]
    out.reshape(-1)[np.arange(0, out.size, n)[:, None] + rows] = legal


def _steal_legal(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """``bool[players, rows]``: HO-COMBINE-1 in the stealing games ``rows``: a victim is any
    other player whose collection holds a path or risk tile."""
    held = (batch.towers.take(rows, axis=2) < TRADEABLE).any(axis=1)
    victims: np.ndarray = held & (_SEATS[: batch.rules.players] != batch.player[rows])
    return victims


def _plays(batch: Batch, carding: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per card in hand (each kind once; in the DOUBLE phase the one left) and piece: own
    pawns by position, the lucky hat's pawn, the cursed cap's both ways, the guards beside a
    pawn (VX-TURN-2, VX-TURN-4); a 0 card alone; then attacks and ``stop``. The ids are
    int16 (numpy runs those fastest), written in place into one array."""
    s = shape(batch.rules)
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
    value = _VALUES[hand]
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
    last = own[1] == finish  # a pawn in play, the lucky hat's, and the others home
    plays[:, p] &= (pos[0] + value < finish) | last  # HO-HAT-3
    plays[:, p + 1] &= (value > 0) | (pos[1] > 0)  # HO-HAT-4
    plays[:, p + 2] &= (pos[1] - value >= 0) | (value < 0)
    at = 2 * pieces
    ids[at : at + 2], legal[at : at + 2] = by_card, held & (value == 0)
    if attacks:
        ids[at + 2 : at + 2 + p] = s.base + 5 + s.players + own
        _attackable(batch, own, first, count, hand, value, legal[at + 2 : at + 2 + p])
    ids[-1], legal[-1] = s.base + STOP, batch.phase == DOUBLE
    return ids, legal


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
    value: np.ndarray, out: np.ndarray,
) -> None:
    """HO-ATTACK-1, into ``out`` (``bool[pawns, n]``): per own pawn (first of its tile,
    ``count`` own pawns there) whether a pair of equal cards may attack from its tile: an
    opponent's pawn or a guard shares it, and no lucky-hat pawn of an opponent would be
    pushed home while its owner keeps another pawn in play. Only the games holding a pair
    in the PLAY phase are looked at."""
    s = shape(batch.rules)
    last = np.where(hand[1] == NO_CARD, hand[0], hand[1])
    pair = (hand[0] != NO_CARD) & (value[0] == _VALUES[last])
    out[...] = False
    games = lockstep.indices(pair & (batch.phase == PLAY))
    if not games.size:
        return
    own, finish = own.take(games, axis=1), (batch.length[games] - 1).astype(np.int16)
    pawns = batch.pawns.take(games, axis=1)
    legal = (own != finish) & first.take(games, axis=1) & ((lockstep.count(
        pawns[:, None] == own) + lockstep.count(batch.guards.take(games, axis=1)[:, None] == own)
    ) > count.take(games, axis=1))
    owner = batch.hat_owner[0, games].astype(np.int64)
    pos = batch.hat_pos[0, games]
    hit = (owner >= 0) & (owner != batch.player[games]) & (pos == own) & (
        own + value[0, games] >= finish)
    if hit.any():  # an opponent's lucky hat pushed home: blocked if its owner plays on
        theirs = pawns.reshape(-1)[(np.maximum(owner, 0) * s.pawns + np.arange(s.pawns)[:, None])
                                   * games.size + np.arange(games.size)]
        elsewhere = ((theirs != pos) & (theirs != finish)).any(axis=0)
        legal &= ~(hit & elsewhere)
    _spread(out, games, legal)


_VALUES = lockstep.read_only(tables()["value"].astype(np.int16))
"""Per card code (and `NO_CARD`) its value, int16 (as `_plays` reads it)."""


def _hat_legal(batch: Batch, rows: np.ndarray) -> np.ndarray:
    """``bool[k, rows]``: HO-HAT-2 in the hatting games ``rows``, by the rows of `_hat_ids`:
    none; take (a hatless pawn); swap or give (a pawn wearing a hat)."""
    s = shape(batch.rules)
    tile = batch.arrived[rows]
    worn = batch.arrived_hat[rows]
    owner = batch.hat_owner.take(rows, axis=1)
    there = batch.hat_pos.take(rows, axis=1) == tile  # a hat nobody wears is at -1
    bare = worn == 0
    on = (batch.pawns.take(rows, axis=1).reshape(s.players, s.pawns, -1) == tile).sum(axis=1)
    hats_here = ((owner[:, None] == _SEATS[: s.players]) & there[:, None]).sum(axis=0)
    legal = np.empty((4 + s.players, rows.size), dtype=bool)
    legal[0] = True  # none
    legal[1:3] = bare & there
    legal[3] = ~bare & np.where(worn == 1, there[1], there[0])  # swap
    legal[4:] = (on > hats_here) & ~bare  # give
    return legal


_SEATS = np.arange(8)[:, None]
"""The seats, a column (at most 8 players)."""


@cache
def _steal_ids(first: int, players: int) -> np.ndarray:
    """``[players, 1]``: the ids of stealing from each player, from ``first`` on."""
    return lockstep.read_only((first + np.arange(players))[:, None])


@cache
def _hat_ids(base: int, players: int) -> np.ndarray:
    """``[k, 1]``: the ids of `_hat_legal`'s rows: none, take the lucky hat, take the
    cursed cap, swap, give to each player."""
    ids = base + np.concatenate([[NONE, TAKE_LUCKY, TAKE_CURSED, SWAP], GIVE + np.arange(players)])
    return lockstep.read_only(ids[:, None])
