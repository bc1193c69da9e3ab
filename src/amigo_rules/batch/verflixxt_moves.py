"""The legal decisions of a Verflixxt! batch, as the ids of `amigo_rules.verflixxt.action_id`:
own pawns and movable guards by position (VX-TURN-2, VX-TURN-4), with VXV-2's directions or
VXV-7's swaps on a roll of 1, the card plays, ``stop`` and ``pass`` of VXV-9, steals by
victim (VX-ACT-2) and VXV-10's flips by position."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..verflixxt import LIMIT
from . import lockstep
from .verflixxt_arrays import (
    CARD_BITS,
    CARD_VALUES,
    FLIP,
    MOVE,
    STEALING,
    Batch,
    Shape,
    shape,
    tables,
)


def choices(batch: Batch, moves: tuple[np.ndarray, np.ndarray] | None = None
            ) -> lockstep.Choices:
    """The legal decision ids of every game at a decision node (`lockstep.Choices`);
    ``moves``: `plain_moves` of the games at ``MOVE``, where the caller has them."""
    s = shape(batch.rules)
    out = []
    moving = batch.phase == MOVE
    if moving.any():
        out.append(_move_choices(batch, s, moving, moves))
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
    batch: Batch, s: Shape, moving: np.ndarray, moves: tuple[np.ndarray, np.ndarray] | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The games ``moving``, their candidate ids and which are legal. The rows: first the
    steps, kind by kind in the order of `steps` (the roll; VXV-2's -1 and +0; VXV-9's cards),
    each over the pieces of `plain_moves`; then VXV-7's swaps, or VXV-9's ``stop`` and
    ``pass``."""
    ids, legal = plain_moves(batch, s, moving) if moves is None else moves
    if s.cards:  # each card on each piece, then stop and pass; int16 ids, filled in place
        plays, playable = card_plays(batch, s, ids, legal)
        k = plays.shape[0] * plays.shape[1]
        candidates = np.empty((k + 2, moving.size), dtype=np.int16)
        np.add(ids[None], card_offsets(s).astype(np.int16)[:, None, None],
               out=candidates[:k].reshape(plays.shape))
        candidates[k:] = 16 * s.length + s.players + np.arange(2, dtype=np.int16)[:, None]
        allowed = np.empty(candidates.shape, dtype=bool)
        allowed[:k] = plays.reshape(k, -1)
        allowed[k] = playable & (batch.played != 0).any(axis=0) & (
            batch.played.sum(axis=0) <= LIMIT)
        allowed[k + 1] = moving & ~playable
        return moving, candidates, allowed
    if s.roll_one is None:
        return moving, ids, legal
    # A roll of 1 adds moves: worked out for the games that rolled it, written into
    # int16 ids (illegal, 0, in the other games).
    plain = len(ids)
    more = 2 * plain if s.roll_one == "choice" else (s.players + 1) * s.pawns * 2
    candidates = np.zeros((plain + more, moving.size), dtype=np.int16)
    allowed = np.zeros(candidates.shape, dtype=bool)
    candidates[:plain], allowed[:plain] = ids, legal
    one = np.flatnonzero(moving & (batch.roll == 1))
    if one.size:
        ids, legal = ids[:, one].astype(np.int16), legal[:, one]
        if s.roll_one == "choice":  # VXV-2: +1 (the plain id), -1 (not from 0), +0
            candidates[plain:, one] = np.concatenate(
                [ids + offset for _, offset in steps(batch, s)[1:]])
            allowed[plain:, one] = np.concatenate([legal & (positions(ids, s) > 0), legal])
        else:  # VXV-7
            candidates[plain:, one], allowed[plain:, one] = _swaps(
                batch, s, one, ids[: s.pawns], legal[: s.pawns])
    return moving, candidates, allowed


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
        watched = s.pawned.take(batch.crowd.reshape(-1)[at])  # a pawn on the guard's tile
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


def _fits(batch: Batch) -> np.ndarray:
    """VXV-9: ``bool[cards, n]``, the cards of `CARD_VALUES` the player to move holds that
    fit the turn's sum (up to 6, or 7 while the -1 is still in hand)."""
    hand = batch.hands.reshape(-1)[batch.player * batch.phase.size + np.arange(len(batch))]
    held = (hand & CARD_BITS) != 0
    budget = LIMIT - batch.played.sum(axis=0, dtype=np.int64) + held[0]
    fits: np.ndarray = held & (CARD_VALUES[:, None] <= budget)
    return fits


def card_plays(
    batch: Batch, s: Shape, ids: np.ndarray, legal: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """VXV-9: ``bool[cards, pieces, n]``, which card of `CARD_VALUES` may move which piece of
    `plain_moves` (in hand, within the turn's sum, the -1 not from position 0), and
    ``bool[n]``, whether any may."""
    fits = _fits(batch)
    back = (CARD_VALUES < 0)[:, None, None]
    plays = fits[:, None, :] & legal[None] & (~back | (positions(ids, s) > 0)[None])
    return plays, playable(batch, s, ids, legal, fits)


def playable(batch: Batch, s: Shape, ids: np.ndarray, legal: np.ndarray,
             fits: np.ndarray | None = None) -> np.ndarray:
    """VXV-9: ``bool[n]``, whether the player to move may play a card: a positive card that
    fits and a piece of `plain_moves` to move, or the -1 and a piece off position 0."""
    fits = _fits(batch) if fits is None else fits
    forward = fits[1:].any(axis=0) & legal.any(axis=0)
    back: np.ndarray = fits[0] & (legal & (positions(ids, s) > 0)).any(axis=0)
    return forward | back


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
    batch: Batch, s: Shape, rows: np.ndarray, own: np.ndarray, movable: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """VXV-7: in the games ``rows``, the ids of swapping each own pawn of ``own``
    (``int16[pawns, rows]``, ``movable`` where it may) with an opponent's pawn one tile
    behind or ahead, and which are legal: the owner is named (``o``) only when several
    opponents stand there, else ``N``. Two-dimensional work, and an OR per pawn instead
    of a reduction over a middle axis: numpy runs those far faster on small arrays."""
    players, pawns, length = s.players, s.pawns, s.length
    finish = batch.length[rows] - 1
    q = np.concatenate([own - 1, own + 1])  # [2·pawns, rows]: the tile behind, ahead
    ok = np.concatenate([movable, movable]) & (q >= 0) & (q != finish)
    on = batch.pieces[: players * pawns, rows][:, None] == q  # [players·pawns, 2·pawns, rows]
    there = on[::pawns].copy()  # [players, 2·pawns, rows]: a pawn of each player there
    for k in range(1, pawns):
        there |= on[k::pawns]
    there &= np.arange(players)[:, None, None] != batch.player[rows]
    count = there.sum(axis=0)
    legal = np.concatenate([there & (count >= 2) & ok, ((count == 1) & ok)[None]])
    ahead = np.repeat(np.arange(2, dtype=np.int16), pawns)[:, None]
    ids = 2 * length + players + (ahead * length + np.concatenate([own, own])) * (
        players + 1) + np.arange(players + 1, dtype=np.int16)[:, None, None]
    return ids.reshape(-1, rows.size), legal.reshape(-1, rows.size)


def flippable(batch: Batch) -> np.ndarray:
    """VXV-10: ``bool[L, n]``, the unoccupied face-up path tiles."""
    t = tables()
    s = shape(batch.rules)
    tiles = batch.tiles[: s.length]
    flips: np.ndarray = (batch.crowd[: s.length] == 0) & t["takeable"][tiles] & ~t["down"][tiles]
    return flips
