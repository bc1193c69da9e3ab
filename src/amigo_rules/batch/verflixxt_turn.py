"""What a move does to a Verflixxt! batch, in place: pieces moved and swapped, tiles taken,
actions carried out, cards played, tiles turned down and passed to the end, the early ends,
and the turn passed on (VX-TURN-*, VX-TAKE-*, VX-ACT-*, VX-END-1, VXV-2 … VXV-10).

`apply_ids` applies one legal id per game of a whole batch; the callers (``step`` and
``advance`` of `amigo_rules.batch.verflixxt`) check the ids or take them from the legal
moves.
"""

from __future__ import annotations

import numpy as np

from . import lockstep
from .verflixxt_arrays import (
    CARD_BITS,
    CARD_VALUES,
    DIE,
    DOWN,
    EMPTY,
    FIRST_PATH,
    FLIP,
    FULL_HAND,
    GIFT_CODE,
    LAY,
    MOVE,
    OVER,
    ROLL,
    START_CODE,
    STEAL_CODE,
    STEALING,
    Batch,
    Shape,
    crowd_of,
    shape,
    tables,
)
from .verflixxt_moves import flippable, plain_moves, playable

_DELTAS = np.array([0, -1, 0, 2, 3, 4, 5, 6])
"""Per block of step ids (`amigo_rules.verflixxt.action_id`) the distance it names: block 0
the roll (or +1), then -1, +0 and the cards +2 … +6."""


def apply_ids(batch: Batch, ids: np.ndarray) -> None:
    """Apply one legal id per game in place; games given -1 stay as they are."""
    s = shape(batch.rules)
    phase = np.where(ids >= 0, batch.phase, OVER)
    rolling = phase == ROLL
    moving = phase == MOVE
    stealing = lockstep.indices(phase == STEALING)
    laying = lockstep.indices(phase == LAY)
    closing = passing = None
    if not moving.any():
        ending = moving
    elif s.cards or s.roll_one is not None:
        ending, closing, passing = _variant_move(batch, s, moving, ids)
    else:
        ending = _move(batch, moving, ids, batch.roll)
    if stealing.size:  # VX-ACT-2: the victim's top tile goes on the thief's tower
        victims = ids[stealing] - 2 * s.length
        _hand_over(batch, stealing, victims, batch.player[stealing])
        ending[stealing] = True
    if s.hidden_tiles:
        flipping = lockstep.indices(phase == FLIP)
        if flipping.size:  # VXV-10: the tile lies face down from now on
            batch.tiles[ids[flipping] - s.flip_base, flipping] += DOWN
            passing = _union(passing, phase == FLIP)
    if s.plain_turns:
        if ending.any():
            _pass_die(batch, s, ending)
    else:
        _end_turn(batch, s, ending, closing, passing)
    if laying.size:
        _lay(batch, s, laying, ids[laying])
    rolled(batch, rolling, ids)


def rolled(batch: Batch, rolling: np.ndarray, ids: np.ndarray) -> None:
    """VX-TURN-2: the games of ``batch`` where ``rolling`` holds, each at a roll, rolled
    their roll id of ``ids`` (the face less one; one per game) and are to move, in place."""
    np.copyto(batch.roll, ids + 1, where=rolling)
    np.copyto(batch.phase, MOVE, where=rolling)


def _union(mask: np.ndarray | None, more: np.ndarray) -> np.ndarray:
    return more if mask is None else mask | more


def _variant_move(
    batch: Batch, s: Shape, moving: np.ndarray, ids: np.ndarray
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """A move of VXV-2 (a direction), VXV-7 (a swap) or VXV-9 (a card, ``stop``, ``pass``).
    Returns the games whose move is made (the turn's end follows), those whose turn closes
    (``stop``) and those that pass the turn (``pass``)."""
    closing = passing = None
    steps = moving
    if s.roll_one == "swap":
        swapping = moving & (ids >= 2 * s.length + s.players)
        steps = moving & ~swapping
        if swapping.any():
            _swap(batch, s, lockstep.indices(swapping), ids[swapping])
    if s.cards:
        stop = 16 * s.length + s.players
        closing = moving & (ids == stop)
        passing = moving & (ids == stop + 1)
        steps = moving & (ids < stop)
        if passing.any():  # VXV-9: the cards in hand are laid out as played
            batch.hands[batch.player[passing], lockstep.indices(passing)] = 0
    if s.roll_one == "swap":
        return _move(batch, steps, ids, batch.roll) | (moving & ~steps), None, None
    # a step's id: the plain id (block 0), or N + block·2L + the plain id
    wide = np.where(steps, ids, 0)
    block, plain = np.divmod(np.where(wide < 2 * s.length, wide, wide - s.players),
                             2 * s.length)
    distance = np.where(block == 0, np.maximum(batch.roll, 1), _DELTAS[block])
    if s.cards:
        _play_cards(batch, steps, distance)
    stay = steps & (block == 2)  # VXV-2: +0 leaves nothing, so takes nothing
    return _move(batch, steps & ~stay, plain, distance) | stay, closing, passing


def _play_cards(batch: Batch, playing: np.ndarray, values: np.ndarray) -> None:
    """VXV-9: in the ``playing`` games the card ``values`` leaves the player's hand and is
    played this turn (the others play nothing: their entries are rewritten as they are)."""
    n = len(batch)
    card = np.where(values < 0, 0, values)  # the index in CARD_VALUES
    at = batch.player * n + np.arange(n)
    hands = batch.hands.reshape(-1)
    hands[at] &= ~(CARD_BITS[card, 0] * playing)
    slot = (batch.played != 0).sum(axis=0) * n + np.arange(n)  # at most 4 are played
    played = batch.played.reshape(-1)
    played[slot] = np.where(playing, values, played[slot])


def _move(batch: Batch, moving: np.ndarray, ids: np.ndarray, distance: np.ndarray) -> np.ndarray:
    """In the ``moving`` games, move the pawn or guard of the plain id (``pawn P`` is ``P``,
    ``guard P`` is ``L + P``) by ``distance`` (VX-TURN-2, VX-TURN-3; -1 back, VXV-2,
    VXV-9); take the tile a pawn left alone (VX-TAKE-1, VX-TAKE-2; face up, VXV-10) or run
    its action (VX-TAKE-3, VX-ACT-*). Returns the games whose move is made (all but those
    now stealing).

    Every game takes part, so that no array is split: the others move player 0's first
    pawn onto its own tile, which changes nothing. The 2-d work is int8 and bool, with
    blends instead of ``np.where``: numpy runs those fastest."""
    s = shape(batch.rules)
    t = tables()
    length = s.length
    each = np.arange(batch.phase.size)
    player = batch.player
    pieces, crowd = batch.pieces, batch.crowd
    finish = (batch.length - 1).astype(np.int8)
    guard = moving & (ids >= length)
    origin = np.where(moving, ids - length * guard, pieces[0]).astype(np.int8)
    kind = np.where(guard, s.players, player * moving).astype(np.int8)
    target = np.where(moving, np.minimum(origin + distance, finish), origin).astype(np.int8)
    # Entries of one game are reached through flat indices (``row·n + game`` into the
    # raveled arrays), which numpy serves several times faster than index pairs.
    n = batch.phase.size
    at_origin = origin.astype(np.intp) * n + each
    at_target = target.astype(np.intp) * n + each
    flat_crowd = crowd.reshape(-1)
    alone = (flat_crowd[at_origin] == 1) & moving  # one pawn and nothing else (VX-TAKE-1)
    weight = (moving * (1 + (s.guard_weight - 1) * guard)).astype(s.crowd)
    flat_crowd[at_origin] -= weight
    flat_crowd[at_target] += weight
    _relocate(pieces, s.owner, kind, origin, target)
    tile = batch.tiles.reshape(-1)[at_origin]
    take = alone & t["takeable"][tile]
    remove = take | (alone & (tile == START_CODE)) if s.start_to_box else take
    if remove.any():  # the gap closes (VX-TURN-3)
        tiles = batch.tiles
        gap = remove & (np.arange(length, dtype=np.int8)[:, None] >= origin)
        _blend(tiles[:length], tiles[1:], gap)
        _blend(crowd[:length], crowd[1:], gap)
        pieces -= ((pieces > origin) & remove).view(np.int8)
        np.subtract(batch.length, remove, out=batch.length)
    taken = lockstep.indices(take)
    if taken.size:
        _push(batch, taken, player[taken], t["up"][tile[taken]] if s.hidden_tiles
              else tile[taken])
    ending = moving.copy()
    if s.action_tiles:
        gift = lockstep.indices(alone & (tile == GIFT_CODE))
        if gift.size:  # VX-ACT-1
            batch.tiles[origin[gift], gift] = STEAL_CODE
            _gift(batch, gift, player[gift])
        steal = lockstep.indices(alone & (tile == STEAL_CODE))
        if steal.size:  # VX-ACT-2
            batch.tiles[origin[steal], steal] = GIFT_CODE
            victims = (batch.heights[:, steal] > 0) & (
                np.arange(s.players)[:, None] != player[steal]
            )
            waiting = steal[victims.any(axis=0)]
            batch.phase[waiting] = STEALING
            batch.roll[waiting] = 0
            ending[waiting] = False
    return ending


def _relocate(pieces: np.ndarray, owner: np.ndarray, kind: np.ndarray, origin: np.ndarray,
              target: np.ndarray) -> None:
    """In every column of ``pieces`` (``int8[pieces, m]``, C-ordered, each block of one
    ``owner`` ascending) one piece of block ``kind`` goes from ``origin`` to ``target`` (forward, or
    one tile back), in place: the first piece of its block on the origin moves, and the
    pieces it passes close up behind it, so the block stays ascending."""
    m = pieces.shape[1]
    block = owner == kind
    first = lockstep.first((pieces == origin) & block)
    rank = np.arange(len(pieces), dtype=np.int8)[:, None]
    passed = block & (rank > first) & (pieces < target)
    _blend(pieces[:-1], pieces[1:], passed[1:])
    slot = first.astype(np.intp) + lockstep.count(passed)
    pieces.reshape(-1)[slot * m + np.arange(m)] = target


def _swap(batch: Batch, s: Shape, rows: np.ndarray, ids: np.ndarray) -> None:
    """VXV-7: in the games ``rows`` the own pawn and the opponent's pawn on the adjacent
    tile change places (the opponent named by the id, or the only one there); no tile is
    taken, and every tile keeps its number of pieces."""
    players, length = s.players, s.length
    code = ids - 2 * length - players
    named = code % (players + 1)
    ahead, origin = np.divmod(code // (players + 1), length)
    target = origin + 2 * ahead - 1
    me = batch.player[rows]
    pieces = batch.pieces.take(rows, axis=1)  # C-ordered, as `_relocate` needs
    pawns = pieces[: players * s.pawns].reshape(players, s.pawns, -1)
    there = (pawns == target).any(axis=1) & (np.arange(players)[:, None] != me)
    other = np.where(named < players, named, there.argmax(axis=0))
    _relocate(pieces, s.owner, me.astype(np.int8), origin.astype(np.int8),
              target.astype(np.int8))
    _relocate(pieces, s.owner, other.astype(np.int8), target.astype(np.int8),
              origin.astype(np.int8))
    batch.pieces[:, rows] = pieces


def _blend(out: np.ndarray, source: np.ndarray, where: np.ndarray) -> None:
    """``out`` takes ``source``'s values where ``where`` holds, in place (int8 arrays;
    the source is read before anything is written, so the two may overlap)."""
    out += (source - out) * where.view(np.int8)


def _push(batch: Batch, rows: np.ndarray, players: np.ndarray, tiles: np.ndarray) -> None:
    """Each tile goes on top of its player's tower (VX-TAKE-4)."""
    n = batch.player.size
    at = players * n + rows
    height = batch.heights.reshape(-1)[at]
    batch.towers.reshape(-1)[(players * batch.towers.shape[1] + height) * n + rows] = tiles
    batch.heights.reshape(-1)[at] = height + 1


def _hand_over(batch: Batch, rows: np.ndarray, source: np.ndarray, target: np.ndarray) -> None:
    """``source``'s top tile goes on top of ``target``'s tower (VX-ACT-1, VX-ACT-2)."""
    n = batch.player.size
    at = source * n + rows
    height = batch.heights.reshape(-1)[at] - 1
    top = (source * batch.towers.shape[1] + height) * n + rows
    tiles = batch.towers.reshape(-1)[top]
    batch.towers.reshape(-1)[top] = EMPTY
    batch.heights.reshape(-1)[at] = height
    _push(batch, rows, target, tiles)


def _gift(batch: Batch, rows: np.ndarray, giver: np.ndarray) -> None:
    """VX-ACT-1: a minus tile goes to the player whose top tile ranks highest, another to
    the lowest; ties to the tied player nearest clockwise; an empty tower gives nothing."""
    giving = batch.heights[giver, rows] > 0
    rows, giver = rows[giving], giver[giving]
    if not rows.size:
        return
    t = tables()
    players = np.arange(len(batch.heights))[:, None]
    tops = batch.towers[players, batch.heights[:, rows] - 1, rows]  # EMPTY when empty
    rank = t["rank"][tops]  # EMPTY ranks 0, like an empty tower
    # A minus tile seeks the highest rank, another the lowest: the highest of -rank.
    if_bad = np.where(t["minus"][tops[giver, np.arange(rows.size)]] > 0, 1, -1)
    key = np.where(players != giver, rank * if_bad, np.iinfo(np.int64).min)
    tied = key == key.max(axis=0)
    distance = (players - giver) % len(players)
    receiver = np.where(tied, distance, len(players)).argmin(axis=0)
    _hand_over(batch, rows, giver, receiver)


# --- the end of a turn -------------------------------------------------------------------


def _end_turn(batch: Batch, s: Shape, ending: np.ndarray, closing: np.ndarray | None,
              passing: np.ndarray | None) -> None:
    """After the move of the ``ending`` games: the passed tiles go to the end (VXV-3,
    VXV-8b), the game may end early (VXV-4, VXV-5, VXV-8b), a turn of cards may go on
    (VXV-9); then, with the games whose turn closes (``stop``), a tile may be turned face
    down (VXV-10); then, with the games that ``pass``, the turn passes on."""
    if s.passed_to_end and ending.any():
        _pass_tiles(batch, s, ending)
    if s.early_end is not None and ending.any():
        over = ending & _early_over(batch, s)
        if over.any():
            _end_early(batch, s, over)
            ending = ending & ~over
    if s.cards and ending.any():  # VXV-9: the turn goes on while a card can be played
        n = len(batch)
        rearmost = batch.pieces.reshape(-1)[batch.player * s.pawns * n + np.arange(n)]
        ids, legal = plain_moves(batch, s, ending & (rearmost != batch.length - 1))
        going = playable(batch, s, ids, legal)
        batch.phase[going] = MOVE  # also after a steal
        ending = ending & ~going
    closing = _union(closing, ending)
    if s.hidden_tiles and closing.any():  # VXV-10: the last action of the turn
        turning = closing & flippable(batch).any(axis=0) & _found(batch, s)[1]
        batch.phase[turning] = FLIP
        batch.roll[turning] = 0
        closing = closing & ~turning
    passing = _union(passing, closing)
    if passing.any():
        _pass_die(batch, s, passing)


def _found(batch: Batch, s: Shape) -> tuple[np.ndarray, np.ndarray]:
    """Per game the seat distance ``players - k`` of the nearest player clockwise (``k``
    seats on, the player themself last) with a pawn on the way (VX-TURN-1), and whether
    there is one."""
    players, pawns = s.players, s.pawns
    finish = (batch.length - 1).astype(np.int8)
    # A player's first pawn is their rearmost: on the finish only when all are.
    on_way = batch.pieces[: players * pawns : pawns] != finish
    # Player q sits (q - player - 1) % players seats after the next one.
    after = (np.arange(players, dtype=np.int8)[:, None] - (batch.player + 1).astype(np.int8))
    best = (on_way.view(np.int8) * (players - after % players)).max(axis=0)
    return best, best > 0


def _pass_die(batch: Batch, s: Shape, passing: np.ndarray) -> None:
    """In the ``passing`` games the die (or the turn of cards) passes clockwise to the next
    player with a pawn on the way (VX-TURN-1), or the game is over (VX-END-1). VXV-9: the
    cards played go out of the turn, and once no player still in the game holds a card,
    every player takes all seven back."""
    best, found = _found(batch, s)
    player = batch.player
    going = passing & found
    batch.phase[:] = np.where(passing, np.where(found, MOVE if s.cards else ROLL, OVER),
                              batch.phase)
    batch.player[:] = np.where(going, (player + 1 + s.players - best) % s.players, player)
    batch.roll[:] = np.where(passing, 0, batch.roll)
    if s.cards:
        np.multiply(batch.played, ~passing, out=batch.played)
        on_way = (batch.pieces[: s.players * s.pawns : s.pawns] != batch.length - 1)
        holding = ((batch.hands != 0) & on_way).any(axis=0)
        np.bitwise_or(batch.hands, (going & ~holding).view(np.int8) * np.int8(FULL_HAND),
                      out=batch.hands)


def _pass_tiles(batch: Batch, s: Shape, ending: np.ndarray) -> None:
    """VXV-3, VXV-8b: the path tiles every pawn has passed (before the rearmost pawn,
    without a guard) move in their order to directly before the finish; the pieces beyond
    them move back by those passed before them."""
    rearmost = batch.pieces[: s.players * s.pawns].min(axis=0)
    position = np.arange(s.length + 1)[:, None]
    passed = (position < rearmost) & tables()["takeable"][batch.tiles] & (batch.crowd == 0)
    rows = lockstep.indices(passed.any(axis=0) & ending)
    if not rows.size:
        return
    passed = passed[:, rows]
    finish = batch.length[rows] - 1
    order = np.argsort(np.where(passed, 1, np.where(position >= finish, 2, 0)), axis=0,
                       kind="stable")
    batch.tiles[:, rows] = np.take_along_axis(batch.tiles[:, rows], order, axis=0)
    batch.crowd[:, rows] = np.take_along_axis(batch.crowd[:, rows], order, axis=0)
    pieces = batch.pieces[:, rows].astype(np.int64)
    before = np.cumsum(passed, axis=0) - passed  # tiles passed before each position
    batch.pieces[:, rows] = np.where(pieces == finish, pieces,
                                     pieces - np.take_along_axis(before, pieces, axis=0))


def _early_over(batch: Batch, s: Shape) -> np.ndarray:
    """``bool[n]``: the games an early end stops now: once a player has every pawn home
    (VXV-4), once one pawn is left on the way (VXV-5), once one player is (VXV-8b)."""
    owned = s.players * s.pawns
    away = batch.pieces[:owned] != (batch.length - 1).astype(np.int8)
    if s.early_end == "one_pawn_left":
        over: np.ndarray = away.sum(axis=0) <= 1
        return over
    players = away.reshape(s.players, s.pawns, -1).any(axis=1)
    ended: np.ndarray = (~players.all(axis=0) if s.early_end == "first_home"
                         else players.sum(axis=0) <= 1)
    return ended


def _end_early(batch: Batch, s: Shape, over: np.ndarray) -> None:
    """The ``over`` games end early, with VXV-4's sweep, VXV-5's penalty or VXV-8b's last
    player receiving the track; the turn stays as it was (the cards played too)."""
    rows = lockstep.indices(over)
    if s.early_end == "first_home":
        _sweep(batch, s, rows)
    elif s.early_end == "one_pawn_left":
        _penalty(batch, s, rows)
    else:
        _last_player_sweeps(batch, s, rows)
    batch.phase[rows] = OVER
    batch.roll[rows] = 0


def _sweep(batch: Batch, s: Shape, rows: np.ndarray) -> None:
    """VXV-4: a player has every pawn home, so every pawn alone on a path tile makes its
    owner take that tile, in track order (ruling); the tiles taken leave the track."""
    owned = s.players * s.pawns
    pawns = batch.pieces[:owned, rows].astype(np.int64)
    position = np.arange(s.length + 1)[:, None]
    lone = (batch.crowd[:, rows] == 1) & tables()["takeable"][batch.tiles[:, rows]] & (
        position < batch.length[rows] - 1)
    owner = np.argmax(pawns[:, None] == position, axis=0) // s.pawns  # the lone pawn's
    _take_all(batch, s, rows, lone, owner)


def _last_player_sweeps(batch: Batch, s: Shape, rows: np.ndarray) -> None:
    """VXV-8b: every player but one is home, so that player receives every path tile still
    in the track, in track order (start to finish); the game ends (ruling)."""
    owned = s.players * s.pawns
    away = (batch.pieces[:owned, rows] != batch.length[rows] - 1).reshape(s.players, s.pawns,
                                                                        -1).any(axis=1)
    swept = tables()["takeable"][batch.tiles[:, rows]] & away.any(axis=0)
    _take_all(batch, s, rows, swept, np.broadcast_to(away.argmax(axis=0), swept.shape))


def _take_all(batch: Batch, s: Shape, rows: np.ndarray, taken: np.ndarray,
              taker: np.ndarray) -> None:
    """The tiles ``taken`` (``bool[L + 1, rows]``) go face up on top of the towers of their
    ``taker`` (a player per tile) in track order, and leave the track."""
    t = tables()
    player = np.arange(s.players)[:, None, None]
    mine = taken & (taker == player)  # [players, L + 1, rows]
    slot = batch.heights[:, rows][:, None] + np.cumsum(mine, axis=1) - mine
    who, where, game = np.nonzero(mine)
    batch.towers[who, slot[who, where, game], rows[game]] = t["up"][batch.tiles[where,
                                                                                 rows[game]]]
    batch.heights[:, rows] += mine.sum(axis=1)
    _take_out(batch, s, rows, taken)


def _penalty(batch: Batch, s: Shape, rows: np.ndarray) -> None:
    """VXV-5: the owner of the one pawn left on the way takes as a penalty the most negative
    minus tile of the track without a guard and without that pawn (the first from the start
    on a tie; face down or up), which leaves the track; none without such a tile (nor with
    no pawn left)."""
    owned = s.players * s.pawns
    t = tables()
    tiles = batch.tiles[:, rows].astype(np.int64)
    pawns = batch.pieces[:owned, rows].astype(np.int64)
    away = pawns != batch.length[rows] - 1
    last = np.where(away.any(axis=0), pawns[np.argmax(away, axis=0), np.arange(rows.size)], -1)
    position = np.arange(len(tiles))[:, None]
    guarded = (batch.pieces[owned:, rows, None].transpose(0, 2, 1) == position).any(axis=0)
    minus = t["minus"][tiles]
    key = np.where((minus > 0) & (position != last) & ~guarded & (last >= 0),
                   minus * len(tiles) - position, -1)  # the largest minus, then the first
    fined = key.max(axis=0) >= 0
    at = np.argmax(key, axis=0)
    rows, at = rows[fined], at[fined]
    batch.penalty[0, rows] = (np.argmax(away, axis=0) // s.pawns)[fined]
    batch.penalty[1, rows] = t["up"][tiles[at, np.flatnonzero(fined)]]
    _take_out(batch, s, rows, position == at)


def _take_out(batch: Batch, s: Shape, rows: np.ndarray, gone: np.ndarray) -> None:
    """The tiles ``gone`` (``bool[L + 1, rows]``) leave the track of the games ``rows``; the
    others close up in order, and every piece moves back by the tiles gone before it."""
    tiles = batch.tiles[:, rows]
    position = np.arange(len(tiles))[:, None]
    kept = np.argsort(gone, axis=0, kind="stable")
    left = batch.length[rows] - gone.sum(axis=0)
    batch.tiles[:, rows] = np.where(position < left, np.take_along_axis(tiles, kept, axis=0),
                                    EMPTY)
    pieces = batch.pieces[:, rows].astype(np.int64)
    before = np.cumsum(gone, axis=0) - gone  # tiles gone before each position
    batch.pieces[:, rows] = pieces - np.take_along_axis(before, pieces, axis=0)
    batch.length[rows] = left
    batch.crowd[:, rows] = crowd_of(batch.pieces[:, rows], s.players * s.pawns, s.length,
                                    s.guard_weight)


# --- the setup ---------------------------------------------------------------------------


def lay_track(batch: Batch, rows: np.ndarray, laid: np.ndarray, s: Shape) -> None:
    """The shuffled track of ``rows`` from their ``laid`` tiles in order (VX-SETUP-2), and
    its guards where they go by its tiles (VXV-1 c, VXV-10)."""
    tiles = np.repeat(s.start_tiles[:, None], len(rows), axis=1)
    tiles[s.path_slots] = laid
    batch.tiles[:, rows] = tiles
    batch.length[rows] = s.length
    if s.laid_guards:  # on the first tiles of `Shape.watched`
        owned = s.players * s.pawns
        watched = np.isin(tiles, s.watched)
        batch.pieces[owned:, rows] = np.argsort(~watched, axis=0, kind="stable")[: s.guards]
        batch.crowd[:, rows] = crowd_of(batch.pieces[:, rows], owned, s.length,
                                        s.guard_weight)


def _lay(batch: Batch, s: Shape, rows: np.ndarray, ids: np.ndarray) -> None:
    """VX-SETUP-2: the tile goes next in the track; after the last one the action tiles
    and the finish complete it and player 0 rolls (or plays a card, VXV-9)."""
    at = batch.length[rows]
    batch.tiles[at, rows] = ids - DIE + FIRST_PATH
    batch.length[rows] = at + 1
    done = rows[at == s.tower]
    if done.size:
        lay_track(batch, done, batch.tiles[1 : s.tower + 1, done], s)
        batch.phase[done] = MOVE if s.cards else ROLL


__all__ = ["CARD_VALUES", "apply_ids", "lay_track", "rolled"]
