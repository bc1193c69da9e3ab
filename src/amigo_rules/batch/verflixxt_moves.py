"""The legal decisions of a Verflixxt! batch, as the ids of `amigo_rules.verflixxt.action_id`:
own pawns and movable guards by position (VX-TURN-2, VX-TURN-4), with VXV-2's directions or
VXV-7's swaps on a roll of 1, the card plays, ``stop`` and ``pass`` of VXV-9, steals by
victim (VX-ACT-2) and VXV-10's flips by position."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..verflixxt import LIMIT
from . import lockstep
from .verflixxt_arrays import CARD_VALUES, FLIP, MOVE, STEALING, Batch, Shape, shape, tables


def choices(batch: Batch) -> lockstep.Choices:
    """The legal decision ids of every game at a decision node (`lockstep.Choices`)."""
    s = shape(batch.rules)
    out = []
    moving = batch.phase == MOVE
    if moving.any():
        out.append(_move_choices(batch, s, moving))
    stealing = batch.phase == STEALING
    if stealing.any():
        victims = np.arange(s.players)[:, None]
        legal = (batch.heights > 0) & (victims != batch.player) & stealing
        out.append((stealing, np.broadcast_to(2 * s.length + victims, legal.shape), legal))
    if s.hidden_tiles:
        flipping = batch.phase == FLIP
        if flipping.any():
            out.append((flipping, (s.flip_base + np.arange(s.length))[:, None],
                        flippable(batch) & flipping))
    return out


def _move_choices(
    batch: Batch, s: Shape, moving: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The games ``moving``, their candidate ids and which are legal: the plain piece moves
    by the roll, or those of the variants."""
    ids, legal = plain_moves(batch, s, moving)
    if s.cards:
        plays, playable = card_plays(batch, s, ids, legal)
        cards = len(CARD_VALUES)
        candidates = ids.astype(np.int64)[None] + card_offsets(s)[:, None, None]
        played = batch.played != 0
        stop = playable & played.any(axis=0) & (batch.played.sum(axis=0) <= LIMIT)
        stops = np.full((2, 1), 16 * s.length + s.players) + np.arange(2)[:, None]
        return moving, np.concatenate([candidates.reshape(cards * len(ids), -1),
                                       np.broadcast_to(stops, (2, moving.size))]), \
            np.concatenate([plays.reshape(cards * len(ids), -1), stop[None],
                            (moving & ~playable)[None]])
    if s.roll_one is None:
        return moving, ids, legal
    one = moving & (batch.roll == 1)
    wide = ids.astype(np.int64)
    if s.roll_one == "choice":  # VXV-2: +1 (the plain id), -1 (not from 0), +0
        return moving, np.concatenate([wide + offset for _, offset in steps(batch, s)]), \
            np.concatenate([legal, legal & one & (positions(ids, s) > 0), legal & one])
    swaps, legal_swaps = _swaps(batch, s, ids[: s.pawns], legal[: s.pawns] & one)
    return moving, np.concatenate([wide, swaps]), np.concatenate([legal, legal_swaps])


def plain_moves(batch: Batch, s: Shape, moving: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``int8[pawns + guards, n]`` ids and which are legal in the ``moving`` games: the
    player's pawns not home, then the guards sharing a tile with a pawn (VX-TURN-2), one per
    (piece kind, tile) (VX-TURN-4): the first of the pieces of a kind on a tile."""
    pawns, guards = s.pawns, s.guards
    pieces = batch.pieces
    n = batch.phase.size
    each = np.arange(n)
    finish = (batch.length - 1).astype(np.int8)
    ids = np.empty((pawns + guards, n), dtype=np.int8)
    legal = np.empty(ids.shape, dtype=bool)
    own = ids[:pawns] = pieces.reshape(-1)[
        (batch.player * pawns + np.arange(pawns)[:, None]) * n + each
    ]
    legal[:pawns] = (own != finish) & moving
    legal[1:pawns] &= own[1:] != own[:-1]
    if guards:
        on = pieces[s.players * pawns :]
        ids[pawns:] = on + s.length
        at = on.astype(np.intp) * n + each
        watched = batch.crowd.reshape(-1)[at] % s.guard_weight != 0
        legal[pawns:] = watched & (on != finish) & moving
        legal[pawns + 1 :] &= on[1:] != on[:-1]
    return ids, legal


def positions(ids: np.ndarray, s: Shape) -> np.ndarray:
    """Where the pieces of `plain_moves`' ids stand."""
    return np.where(np.arange(len(ids))[:, None] < s.pawns, ids, ids - s.length)


def card_offsets(s: Shape) -> np.ndarray:
    """Per card of `CARD_VALUES` what its play adds to the plain id: -1 ``2L + N``, +1
    nothing, +V ``2L·(V + 1) + N`` (`amigo_rules.verflixxt.action_id`)."""
    values = CARD_VALUES.astype(np.int64)
    block = np.where(values < 0, 1, values + 1)
    return np.where(values == 1, 0, 2 * s.length * block + s.players)


def card_plays(
    batch: Batch, s: Shape, ids: np.ndarray, legal: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """VXV-9: ``bool[cards, pieces, n]``, which card of `CARD_VALUES` may move which piece of
    `plain_moves` (in hand, within the turn's sum, the -1 not from position 0), and
    ``bool[n]``, whether any may."""
    n = batch.phase.size
    hand = batch.hands.reshape(-1)[
        (batch.player * len(CARD_VALUES) + np.arange(len(CARD_VALUES))[:, None]) * n
        + np.arange(n)]
    budget = LIMIT - batch.played.sum(axis=0, dtype=np.int64) + hand[0]  # 7 with the -1
    fits = hand & (CARD_VALUES[:, None] <= budget)
    back = (CARD_VALUES < 0)[:, None, None]
    plays = fits[:, None, :] & legal[None] & (~back | (positions(ids, s) > 0)[None])
    return plays, plays.any(axis=(0, 1))


def steps(batch: Batch, s: Shape) -> list[tuple[Any, Any]]:
    """The kinds of step of the player to move, as (distance, what its id adds to the plain
    id of `plain_moves`): by the roll; with VXV-2 also -1 and +0; with VXV-9 by each card."""
    if s.cards:
        return list(zip(CARD_VALUES.tolist(), card_offsets(s).tolist(), strict=True))
    kinds: list[tuple[Any, Any]] = [(batch.roll, 0)]
    if s.roll_one == "choice":
        back = 2 * s.length + s.players
        kinds += [(-1, back), (0, back + 2 * s.length)]
    return kinds


def _swaps(
    batch: Batch, s: Shape, own: np.ndarray, movable: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """VXV-7: the ids of swapping each own pawn of ``own`` (``[pawns, n]``, ``movable``
    where it may) with an opponent's pawn one tile behind or ahead, and which are legal:
    the owner is named (``o``) only when several opponents stand there, else ``N``."""
    players = s.players
    finish = batch.length - 1
    p = own.astype(np.int64)[:, None]  # [pawns, 1, n]
    ahead = np.arange(2)[:, None]
    q = p + 2 * ahead - 1  # [pawns, 2, n]
    ok = movable[:, None] & (q >= 0) & (q != finish)
    pawns = batch.pieces[: players * s.pawns].reshape(players, s.pawns, 1, 1, -1)
    there = (pawns == q).any(axis=1) & (np.arange(players)[:, None, None, None]
                                         != batch.player)  # [players, pawns, 2, n]
    count = there.sum(axis=0)
    legal = np.concatenate([there & (count >= 2) & ok, ((count == 1) & ok)[None]])
    owner = np.arange(players + 1)[:, None, None, None]
    ids = 2 * s.length + players + (ahead * s.length + p) * (players + 1) + owner
    return ids.reshape(-1, len(finish)), legal.reshape(-1, len(finish))


def flippable(batch: Batch) -> np.ndarray:
    """VXV-10: ``bool[L, n]``, the unoccupied face-up path tiles."""
    t = tables()
    s = shape(batch.rules)
    tiles = batch.tiles[: s.length]
    flips: np.ndarray = (batch.crowd[: s.length] == 0) & t["takeable"][tiles] & ~t["down"][tiles]
    return flips
