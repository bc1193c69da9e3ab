"""What a move does to a Verflixxt hoch² batch, in place: a card played and its piece
moved, the tile taken or its action run, finish tokens and hats home, attacks, hat actions,
steals, draws, and the turn passed on (HO-TURN-*, HO-FIN-1, HO-HAT-*, HO-ATTACK-1,
HO-COMBINE-1, HO-END-1).

`apply_ids` applies one legal id per game of a whole batch. Each kind of move runs once
over the games making it; where a move leads (a hat action, a second card, the draw, the
next player) is gathered, so that each step of the end of a turn also runs once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import attrs
import numpy as np

from ..track import GIFT
from ..verflixxt_hoch import COLLECTED, CURSED_CAP, LUCKY_HAT, TILE_KINDS, TOKEN_STACK
from . import lockstep
from .verflixxt_hoch_arrays import (
    DOUBLE,
    DRAW,
    GIVE,
    GUARD_PIECE,
    HAT,
    NO_CARD,
    NO_ITEM,
    OVER,
    PLAY,
    STEALING,
    STOP,
    SWAP,
    TAKE_LUCKY,
    TRADEABLE,
    WORN,
    Batch,
    shape,
    tables,
)


@attrs.define
class _Then:
    """Where each game's move leads, gathered over one `apply_ids`: each step of the end of
    a turn then runs once, over every game that reaches it (rows of a step are disjoint:
    one move per game)."""

    action: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = attrs.Factory(list)
    """`_after_action`: games, the position of the pawn that arrived (or -1), its hat, and
    whether a pawn may have reached the finish (only then can the game be over)."""
    move: list[np.ndarray] = attrs.Factory(list)
    """`_after_move`: games."""
    plays_end: list[np.ndarray] = attrs.Factory(list)
    """`_end_of_plays`: games."""
    next: list[np.ndarray] = attrs.Factory(list)
    """`_next_player`: games."""


def apply_ids(batch: Batch, ids: np.ndarray, cards: np.ndarray | None = None) -> None:
    """Apply one legal id per game in place; games given -1 stay as they are.

    ``cards`` (``int64[2, n]``, optional): per game the next two cards of its draw pile,
    drawn ahead (-1 where none is: the second where the pile holds one card): a game whose
    move ends its plays draws them at once (HO-TURN-4), the draw merged into the move
    (`drawn_ahead`)."""
    s = shape(batch.rules)
    phase = np.where(ids >= 0, batch.phase, OVER)
    present = np.bincount(phase, minlength=OVER + 1).tolist()  # each kind only if needed
    base = s.base
    then = _Then()
    if present[PLAY] or present[DOUBLE]:
        carding = (phase == PLAY) | (phase == DOUBLE)
        rows = lockstep.indices(carding & (ids < base))
        if rows.size:
            _play(batch, rows, ids[rows], then)
    if present[DOUBLE]:
        then.plays_end.append(lockstep.indices((phase == DOUBLE) & (ids == base + STOP)))
    if present[PLAY] and batch.rules.attack:
        rows = lockstep.indices((phase == PLAY) & (ids >= base))
        if rows.size:
            _attack(batch, rows, ids[rows] - base - 5 - s.players, then)
    if present[HAT]:
        rows = lockstep.indices(phase == HAT)
        _hat(batch, rows, ids[rows] - base, then)
    if present[STEALING]:
        rows = lockstep.indices(phase == STEALING)
        _steal(batch, rows, ids[rows] - base - 5 - s.players - s.length, then)
    if present[DRAW]:
        rows = lockstep.indices(phase == DRAW)
        _draw(batch, rows, ids[rows], then)
    if not (then.action or then.move or then.plays_end or then.next):
        return
    ahead = _ahead(batch)  # every piece has moved
    if then.action:
        rows, arrived, worn, home = (_joined(x) for x in zip(*then.action, strict=True))
        then.move.append(_after_action(batch, rows, arrived, worn, home, ahead))
    if then.move:
        then.plays_end.append(_after_move(batch, _joined(then.move), ahead))
    if then.plays_end:
        rows = _joined(then.plays_end)
        if rows.size:
            then.next.append(_end_of_plays(batch, rows, ahead, cards, then))
    if then.next:
        rows = _joined(then.next)
        if rows.size:
            _next_player(batch, rows, ahead)


def _joined(parts: Sequence[np.ndarray]) -> np.ndarray:
    """The arrays ``parts`` end to end (the only one as it is: most steps have one)."""
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


_HAT_ITEMS = np.array([COLLECTED.index(LUCKY_HAT), COLLECTED.index(CURSED_CAP)])


def _hand_at(batch: Batch, rows: np.ndarray, player: np.ndarray) -> np.ndarray:
    """The flat indices of ``player``'s first hand slot in games ``rows`` (the second is
    ``n`` further): numpy serves flat indices several times faster than index tuples."""
    at: np.ndarray = player * 2 * batch.phase.size + rows
    return at


def _play(batch: Batch, rows: np.ndarray, ids: np.ndarray, then: _Then) -> None:
    """HO-TURN-1, HO-TURN-2, HO-FIN-1, HO-HAT-4/5: play a card, move its piece, take the
    tile left alone (or run its action, HO-COMBINE-1), the finish token, a hat home. A 0
    card played alone moves nothing: it stays, as a piece at either end of the track."""
    s = shape(batch.rules)
    t = tables()
    kind, place = np.divmod(ids, 2 * s.length)  # ``card·4 + piece``, ``origin·2 + reverse``
    card, piece, origin = kind >> 2, kind & 3, place >> 1
    player = batch.player[rows]
    n = batch.phase.size
    hands = batch.hands.reshape(-1)
    at = _hand_at(batch, rows, player)
    second = at + n
    hands[at] = hands[at] + hands[second] - card  # the other card (or the empty slot)
    hands[second] = NO_CARD
    batch.discard.reshape(-1)[card * n + rows] += 1
    plays = batch.plays[rows]
    batch.yellow[rows] = np.where(plays == 0, t["is_yellow"][card], batch.yellow[rows])
    batch.plays[rows] = plays + 1
    end = origin + s.steps[ids]
    finish = batch.length[rows] - 1
    target = np.minimum(np.maximum(end, 0), finish)
    exact = end == finish
    moves = target != origin
    worn = WORN[piece]
    guard = piece == GUARD_PIECE
    if guard.any():
        _move_guard(batch, rows[guard], origin[guard], target[guard])
    pawn = ~guard
    leaves = pawn & moves & _alone(batch, rows, origin)
    walks = pawn & moves
    _move_pawn(batch, rows[walks], player[walks], origin[walks], target[walks])
    hats = np.where(worn == _WEARERS, target, batch.hat_pos.take(rows, axis=1))
    batch.hat_pos.reshape(-1)[_columns(batch.hat_pos, rows)] = hats
    there = hats == target  # before a tile is taken: what it moves back, it moves alike
    tile = batch.tiles.reshape(-1)[origin * n + rows]
    take = leaves & t["takeable"][tile]
    if take.any():
        _remove_tile(batch, rows[take], origin[take])
        _push(batch, rows[take], player[take], t["item"][tile[take]])
        target = target - (take & (target > origin))
        finish = finish - take
    token = exact & (batch.tokens[rows] < len(TOKEN_STACK))
    if token.any():
        _take_token(batch, rows[token], player[token])
    ended = target == finish
    home = (worn > 0) & ended
    if home.any():
        _hat_home(batch, rows[home], worn[home] - 1)
    hat_next = walks & ~ended & _hat_possible(batch, rows, target, worn, there)
    arrived = np.where(hat_next, target, -1)
    acting = leaves & t["action"][tile]
    if acting.any():
        rest = ~_act(batch, rows, acting, origin, tile, player, arrived, worn)
        rows, arrived, worn = rows[rest], arrived[rest], worn[rest]
        pawn, ended = pawn[rest], ended[rest]
    then.action.append((rows, arrived, worn, pawn & ended))


_WEARERS = np.array([[1], [2]])
"""The `WORN` of the lucky hat's pawn, of the cursed cap's (a column each)."""


def _columns(array: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The flat indices of ``array[:, rows]`` (2-d): numpy writes through flat indices
    several times faster than through a slice and an index array."""
    at: np.ndarray = np.arange(0, array.size, array.shape[1])[:, None] + rows
    return at


def _alone(batch: Batch, rows: np.ndarray, origin: np.ndarray) -> np.ndarray:
    """Whether exactly one piece stands on ``origin`` in each of the games ``rows``
    (VX-TAKE-1); every game is counted (the others at -1, where nothing stands)."""
    at = np.empty(batch.phase.size, dtype=np.int8)
    at.fill(-1)
    at[rows] = origin
    pieces = (batch.pawns == at).sum(axis=0, dtype=np.int8) + (batch.guards == at).sum(
        axis=0, dtype=np.int8)
    alone: np.ndarray = pieces[rows] == 1
    return alone


def _moved(pieces: np.ndarray, origin: np.ndarray, target: np.ndarray) -> np.ndarray:
    """``pieces`` (ascending along axis 0, a column per game) with one piece on ``origin``
    moved to ``target``, still ascending: the others (the sorted list without one
    ``origin``) with ``target`` merged in, by a minimum and a maximum, without a sort."""
    low, high = pieces[:-1], pieces[1:]
    others = np.where(low < origin, low, high)
    out = np.empty_like(pieces)
    np.minimum(others, target, out=out[:-1], casting="unsafe")
    out[-1] = target
    np.maximum(out[1:], others, out=out[1:])
    return out


def _move_guard(batch: Batch, rows: np.ndarray, origin: np.ndarray, target: np.ndarray) -> None:
    """One guard on ``origin`` moves to ``target``; the guards stay ascending."""
    guards = _moved(batch.guards.take(rows, axis=1), origin, target)
    batch.guards.reshape(-1)[_columns(batch.guards, rows)] = guards


def _move_pawn(
    batch: Batch, rows: np.ndarray, player: np.ndarray, origin: np.ndarray, target: np.ndarray
) -> None:
    """One of ``player``'s pawns on ``origin`` moves to ``target``; they stay ascending."""
    pawns = shape(batch.rules).pawns
    at = (player * pawns + np.arange(pawns)[:, None]) * batch.phase.size + rows
    flat = batch.pawns.reshape(-1)
    flat[at] = _moved(flat[at], origin, target)


_BEYOND = np.iinfo(np.int8).max
"""A position beyond every track."""


def _remove_tile(batch: Batch, rows: np.ndarray, origin: np.ndarray) -> None:
    """The tile on ``origin`` leaves the track and the gap closes (VX-TURN-3): every piece
    and hat beyond moves one back. Every game takes part (the others cut beyond their
    track), blending int8 arrays, which numpy runs faster than gathering the games."""
    cut = np.empty(batch.phase.size, dtype=np.int8)
    cut.fill(_BEYOND)
    cut[rows] = origin
    tiles = batch.tiles
    gap = np.arange(len(tiles) - 1, dtype=np.int8)[:, None] >= cut
    tiles[:-1] += (tiles[1:] - tiles[:-1]) * gap.view(np.int8)
    batch.length[rows] -= 1
    for array in (batch.pawns, batch.guards, batch.hat_pos):
        array -= (array > cut).view(np.int8)


def _push(batch: Batch, rows: np.ndarray, player: np.ndarray, items: np.ndarray) -> None:
    """Each item goes on top of its player's collection (VX-TAKE-4)."""
    n = batch.phase.size
    at = player * n + rows
    heights = batch.heights.reshape(-1)
    height = heights[at]
    batch.towers.reshape(-1)[(player * batch.towers.shape[1] + height) * n + rows] = items
    heights[at] = height + 1


def _take_token(batch: Batch, rows: np.ndarray, player: np.ndarray) -> None:
    """HO-FIN-1: the top finish token goes to ``player``."""
    _push(batch, rows, player, tables()["stack"][batch.tokens[rows]])
    batch.tokens[rows] += 1


def _hat_home(batch: Batch, rows: np.ndarray, hat: np.ndarray) -> None:
    """HO-HAT-5: the hat reaches the finish and goes to its wearer's owner."""
    at = hat * batch.phase.size + rows
    _push(batch, rows, batch.hat_owner.reshape(-1)[at].astype(np.int64), _HAT_ITEMS[hat])
    batch.hat_owner.reshape(-1)[at] = -1
    batch.hat_pos.reshape(-1)[at] = -1


def _hat_possible(
    batch: Batch, rows: np.ndarray, tile: np.ndarray, worn: np.ndarray, there: np.ndarray
) -> np.ndarray:
    """Whether a pawn wearing ``worn`` that arrived on ``tile`` has a hat action there
    (HO-HAT-2), ``there`` saying which hat is on it (``bool[2, rows]``): a hatless pawn
    meets a hat; one wearing a hat meets the other hat or a pawn without one."""
    possible: np.ndarray = there[0] | there[1]
    wearing = lockstep.indices(worn > 0)
    if wearing.size:  # a pawn without a hat is there when pawns outnumber the hats there
        games = rows[wearing]
        on = (batch.pawns.take(games, axis=1) == tile[wearing]).sum(axis=0)
        hats = there.take(wearing, axis=1)
        other = np.where(worn[wearing] == 1, hats[1], hats[0])
        possible[wearing] = other | (on > hats.sum(axis=0))
    return possible


def _act(
    batch: Batch, rows: np.ndarray, acting: np.ndarray, origin: np.ndarray, tile: np.ndarray,
    player: np.ndarray, arrived: np.ndarray, worn: np.ndarray,
) -> np.ndarray:
    """HO-COMBINE-1 (VX-ACT-1/2): the action tile left alone flips; a Gift gives the
    mover's top tile away, a Steal waits for the victim's choice when there is one. Returns
    the games (of ``rows``) now stealing."""
    batch.tiles.reshape(-1)[origin[acting] * batch.phase.size + rows[acting]] = tables()[
        "flipped"][tile[acting]]
    gift = acting & (tile == _GIFT)
    if gift.any():
        _gift(batch, rows[gift], player[gift])
    steal = acting & ~gift
    waiting = np.zeros(rows.size, dtype=bool)
    if not steal.any():
        return waiting
    games = rows[steal]  # the Gifts were in other games: these collections are as they were
    held = (batch.towers.take(games, axis=2) < TRADEABLE).any(axis=1)
    waiting[steal] = (held & (_SEATS[: len(held)] != player[steal])).any(axis=0)
    stealing = rows[waiting]
    batch.phase[stealing] = STEALING
    batch.arrived[stealing] = arrived[waiting]
    batch.arrived_hat[stealing] = np.where(arrived[waiting] >= 0, worn[waiting], 0)
    return waiting


_GIFT = TILE_KINDS.index(GIFT)
_LEAST = np.iinfo(np.int64).min


def _tops(towers: np.ndarray) -> np.ndarray:
    """The index of the top-most path or risk tile of each collection of ``towers`` (items
    along axis -2), -1 where none is: a maximum over the heights of those tiles."""
    depth = np.arange(1, towers.shape[-2] + 1, dtype=np.int16)[:, None]
    top: np.ndarray = ((towers < TRADEABLE).view(np.int8) * depth).max(axis=-2) - 1
    return top


def _hand_over(
    batch: Batch, rows: np.ndarray, source: np.ndarray, target: np.ndarray,
    top: np.ndarray | None = None,
) -> None:
    """``source``'s top-most path or risk tile (each holds one; its index ``top``, or worked
    out here) goes on top of ``target``'s collection; the items above it close up."""
    n, items = batch.phase.size, batch.towers.shape[1]
    flat = batch.towers.reshape(-1)
    at = (source * items + np.arange(items)[:, None]) * n + rows  # [items, rows]
    tower = flat[at]
    if top is None:
        top = _tops(tower)
    item = tower.reshape(-1)[top * rows.size + np.arange(rows.size)]
    above = np.arange(items - 1, dtype=np.int16)[:, None] >= top
    tower[:-1] = np.where(above, tower[1:], tower[:-1])
    tower[-1] = NO_ITEM
    flat[at] = tower
    batch.heights.reshape(-1)[source * n + rows] -= 1
    _push(batch, rows, target, item)


def _gift(batch: Batch, rows: np.ndarray, giver: np.ndarray) -> None:
    """VX-ACT-1 on hoch² collections: the giver's top path or risk tile goes to the player
    whose top tile ranks highest (a bad tile) or lowest (a good one), ties to the nearest
    clockwise; risk tiles rank by ``risk_rank``; nothing happens without such a tile."""
    t = tables()
    towers = batch.towers.take(rows, axis=2)  # [players, items, games]
    players, items, size = towers.shape
    tops = _tops(towers)  # [players, games]
    each = np.arange(size)
    tiles = towers.reshape(-1)[(np.arange(players)[:, None] * items + np.maximum(tops, 0))
                               * size + each]
    ranks = np.where(tops >= 0, t["rank"][tiles], 0)
    risk = t["risk"][tiles]
    if batch.rules.risk_rank == "parity":  # ±N by the holder's parity
        odd = (t["risk"][towers] > 0).sum(axis=1) % 2
        ranks = np.where((tops >= 0) & (risk > 0), (1 - 2 * odd) * risk, ranks)
    mine = giver * size + each  # the giver's entries of [players, games]
    tile, risky = tiles.reshape(-1)[mine], risk.reshape(-1)[mine] > 0
    if batch.rules.risk_rank == "zero":
        bad = (t["minus"][tile] > 0) | risky
    else:
        bad = (t["minus"][tile] > 0) | (risky & (ranks.reshape(-1)[mine] < 0))
    seats = np.arange(players)[:, None]
    key = np.where(seats != giver, ranks * np.where(bad, 1, -1), _LEAST)
    tied = key == key.max(axis=0)
    receiver = np.where(tied, (seats - giver) % players, players).argmin(axis=0)
    top = tops.reshape(-1)[mine]
    giving = top >= 0
    _hand_over(batch, rows[giving], giver[giving], receiver[giving], top[giving])


def _after_action(
    batch: Batch, rows: np.ndarray, arrived: np.ndarray, worn: np.ndarray, home: np.ndarray,
    ahead: np.ndarray,
) -> np.ndarray:
    """The end of a play: game over (HO-END-1; looked at where ``home``, a pawn may have
    reached the finish), the hat action of the pawn that arrived (HO-HAT-2), or on: returns
    the games that go on (to `_after_move`)."""
    over = home & (ahead[rows] == 0)
    if over.any():
        _finish(batch, rows[over])
    hat = ~over & (arrived >= 0)
    hatting = rows[hat]
    batch.phase[hatting] = HAT
    batch.arrived[hatting] = arrived[hat]
    batch.arrived_hat[hatting] = worn[hat]
    on: np.ndarray = rows[~over & ~hat]
    return on


def _finish(batch: Batch, rows: np.ndarray) -> None:
    batch.phase[rows] = OVER
    batch.plays[rows] = 0
    batch.yellow[rows] = False
    batch.arrived[rows] = -1
    batch.arrived_hat[rows] = 0


_SEATS = np.arange(8, dtype=np.uint8)[:, None]
"""The seats, a column (at most 8 players)."""
_BITS = lockstep.read_only(np.left_shift(1, _SEATS))
"""Each seat's bit in `_ahead`'s masks (a column)."""


def _ahead(batch: Batch) -> np.ndarray:
    """``uint8[n]``: per game the players with a pawn short of the finish, a bit per seat
    (HO-END-1: the game is over at 0). A player's first pawn is the rearmost."""
    s = shape(batch.rules)
    short = batch.pawns[:: s.pawns] != (batch.length - 1).astype(np.int8)  # no cast of pawns
    ahead: np.ndarray = (short.view(np.uint8) * _BITS[: s.players]).sum(axis=0, dtype=np.uint8)
    return ahead


def _in_play(ahead: np.ndarray, rows: np.ndarray, player: np.ndarray) -> np.ndarray:
    """Whether ``player`` has a pawn short of the finish in games ``rows``."""
    playing: np.ndarray = (ahead[rows] >> player) & 1 == 1
    return playing


def _after_move(batch: Batch, rows: np.ndarray, ahead: np.ndarray) -> np.ndarray:
    """HO-TURN-3: after a yellow first card the player may play the second card too; returns
    the other games (to `_end_of_plays`, which sets their phase). ``arrived`` is already -1
    here (`_hat` and `_steal` reset it; a play leaves it)."""
    first = (batch.plays[rows] == 1) & batch.yellow[rows]
    if not first.any():
        return rows
    games = rows[first]
    player = batch.player[games]
    double = (batch.hands.reshape(-1)[_hand_at(batch, games, player)] != NO_CARD) & (
        _in_play(ahead, games, player))
    batch.phase[games[double]] = DOUBLE
    return np.concatenate([rows[~first], games[~double]])  # the order does not matter


def _end_of_plays(batch: Batch, rows: np.ndarray, ahead: np.ndarray,
                  cards: np.ndarray | None, then: _Then) -> np.ndarray:
    """HO-TURN-4: draw back up to 2 cards (none once every own pawn is home), at once where
    ``cards`` holds them (`apply_ids`); returns the games that pass the turn (to
    `_next_player`). Every game here has played a card, so its hand is short of two."""
    drawing = _in_play(ahead, rows, batch.player[rows])
    batch.phase[rows[drawing]] = DRAW
    passing: np.ndarray = rows[~drawing]
    if cards is not None:
        games = rows[drawing & (cards[0, rows] >= 0)]
        if games.size:  # an empty hand draws the second card too
            empty = batch.hands.reshape(-1)[_hand_at(batch, games, batch.player[games])]
            second = games[(empty == NO_CARD) & (cards[1, games] >= 0)]
            _draw(batch, games, cards[0, games], then)
            if second.size:
                _draw(batch, second, cards[1, second], then)
    return passing


def drawn_ahead(batch: Batch, rows: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``int64[2, n]``: for the games ``rows`` the next two cards of the draw pile, drawn now
    (each kind by its share of the pile, the second from the pile left; one integer draw
    each from ``rng``), -1 where the pile holds too few and at the other games: `apply_ids`'
    ``cards``. A move does not change the draw pile, so the cards are drawn with the
    probabilities they have once a move ends the plays."""
    cards = np.full((2, batch.phase.size), -1, dtype=np.int64)
    if not rows.size:
        return cards
    pile = batch.pile.take(rows, axis=1)
    totals = pile.sum(axis=0, dtype=np.int64)
    each = np.arange(rows.size)
    for k, row in enumerate(cards):
        card = drawn_from(pile.copy(), rng).astype(np.int64)
        held = totals > k
        row[rows] = np.where(held, card, -1)
        pile.reshape(-1)[(card * rows.size + each)[held]] -= 1
    return cards


def drawn_from(piles: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``int8[m]``: per column of ``piles`` (cards per kind, ``[kinds, m]``, overwritten by
    its running totals) the kind of one card drawn from it, each with its share of the
    column (one integer draw each from ``rng``; an empty column draws ``kinds``)."""
    totals = lockstep.accumulate(piles)
    pick = rng.integers(0, np.maximum(totals, 1)).astype(np.int16)
    card: np.ndarray = lockstep.count(piles <= pick)  # the first kind whose total passes pick
    return card


@cache
def _next_seats(players: int) -> np.ndarray:
    """``int64[player · 2^players + ahead]``: the next seat clockwise after ``player`` among
    the seats in `_ahead`'s mask, ``player`` itself last; -1 for an empty mask."""
    table = np.full((players, 1 << players), -1)
    for player in range(players):
        for mask in range(1, 1 << players):
            table[player, mask] = next(seat for d in range(1, players + 1)
                                       if mask >> (seat := (player + d) % players) & 1)
    return lockstep.read_only(table.reshape(-1))


def _next_player(batch: Batch, rows: np.ndarray, ahead: np.ndarray) -> None:
    """Pass clockwise, skipping players with every pawn home (HO-TURN-5, HO-END-1)."""
    players = shape(batch.rules).players
    seat = _next_seats(players)[(batch.player[rows] << players) + ahead[rows]]
    batch.plays[rows] = 0
    batch.yellow[rows] = False
    found = seat >= 0
    if not found.all():  # the games that end: every pawn home (HO-END-1)
        batch.phase[rows[~found]] = OVER
        rows, seat = rows[found], seat[found]
    batch.player[rows] = seat
    batch.phase[rows] = PLAY  # ``arrived`` is -1 already (`_after_move`)


def _draw(batch: Batch, rows: np.ndarray, card: np.ndarray, then: _Then) -> None:
    """HO-TURN-4: the card from the draw pile (the discard pile reshuffled once it is
    empty) into the hand, kept in card order; the turn passes once the hand holds two."""
    n = batch.phase.size
    pile = batch.pile.reshape(-1)
    drawn = card * n + rows
    left = pile[drawn]
    refill = rows[left == 0]  # a legal card not in the draw pile: that pile is empty
    if refill.size:
        batch.pile[:, refill] = batch.discard[:, refill]
        batch.discard[:, refill] = 0
        left = pile[drawn]
    pile[drawn] = left - 1
    hands = batch.hands.reshape(-1)
    at = _hand_at(batch, rows, batch.player[rows])
    hand0 = hands[at]  # the second slot is empty; an empty slot sorts after every card
    hands[at] = np.minimum(hand0, card)
    hands[at + n] = np.maximum(hand0, card)
    then.next.append(rows[hand0 != NO_CARD])


def _hat(batch: Batch, rows: np.ndarray, action: np.ndarray, then: _Then) -> None:
    """HO-HAT-2: take, hand over or swap a hat, or leave them as they are."""
    n = batch.phase.size
    player = batch.player[rows]
    tile = batch.arrived[rows]
    worn = batch.arrived_hat[rows]
    owner, pos = batch.hat_owner.reshape(-1), batch.hat_pos.reshape(-1)
    hat = action - TAKE_LUCKY  # taking the lucky hat (0) or the cursed cap (1)
    take = lockstep.indices((hat == 0) | (hat == 1))
    at = hat[take] * n + rows[take]
    owner[at] = player[take]
    pos[at] = tile[take]
    give = action >= GIVE
    owner[(worn[give] - 1) * n + rows[give]] = action[give] - GIVE
    swap = action == SWAP
    if swap.any():
        games, worn = rows[swap], worn[swap]
        wearer, other = (worn - 1) * n + games, (2 - worn) * n + games
        owner[wearer], pos[wearer] = owner[other], pos[other]
        owner[other], pos[other] = player[swap], tile[swap]
    batch.arrived[rows] = -1
    batch.arrived_hat[rows] = 0
    then.move.append(rows)


def _steal(batch: Batch, rows: np.ndarray, victim: np.ndarray, then: _Then) -> None:
    """VX-ACT-2 in hoch²: the victim's top-most path or risk tile goes to the thief; then
    the pending hat action, if any."""
    _hand_over(batch, rows, victim, batch.player[rows])
    arrived, worn = batch.arrived[rows].copy(), batch.arrived_hat[rows].copy()
    batch.arrived[rows] = -1
    batch.arrived_hat[rows] = 0
    then.action.append((rows, arrived, worn, np.ones(rows.size, dtype=bool)))


def _attack(batch: Batch, rows: np.ndarray, origin: np.ndarray, then: _Then) -> None:
    """HO-ATTACK-1: both cards push every opponent pawn and every guard on the tile by
    their value (rulings: no tile taken, no hat action; a finish token per piece pushed
    exactly home; pushed hats reaching the finish go to their wearers' owners)."""
    s = shape(batch.rules)
    players, pawns = s.players, s.pawns
    player = batch.player[rows]
    n = batch.phase.size
    hands = batch.hands.reshape(-1)
    at = _hand_at(batch, rows, player)
    hand0, hand1 = hands[at].astype(np.int64), hands[at + n].astype(np.int64)
    discard = batch.discard.reshape(-1)
    discard[hand0 * n + rows] += 1
    paired = hand1 != NO_CARD
    discard[(hand1 * n + rows)[paired]] += 1
    finish = batch.length[rows] - 1
    end = origin + tables()["value"][hand0]
    target = np.minimum(np.maximum(end, 0), finish).astype(np.int8)
    pieces = _columns(batch.pawns, rows)
    block = batch.pawns.reshape(-1)[pieces].reshape(players, pawns, rows.size)
    theirs = (_SEATS[:players, :, None] != player) & (block == origin)
    batch.pawns.reshape(-1)[pieces] = np.sort(np.where(theirs, target, block), axis=1).reshape(
        players * pawns, rows.size)
    pieces = _columns(batch.guards, rows)
    guards = batch.guards.reshape(-1)[pieces]
    pushed_guards = guards == origin
    batch.guards.reshape(-1)[pieces] = np.sort(np.where(pushed_guards, target, guards), axis=0)
    exact = end == finish
    if exact.any():
        pushed = lockstep.count(theirs.reshape(-1, rows.size)) + lockstep.count(pushed_guards)
        for k in range(int(np.where(exact, pushed, 0).max())):
            token = exact & (k < pushed) & (batch.tokens[rows] < len(TOKEN_STACK))
            _take_token(batch, rows[token], player[token])
    hats = _columns(batch.hat_owner, rows)
    owner, pos = batch.hat_owner.reshape(-1)[hats], batch.hat_pos.reshape(-1)[hats]
    hit = (owner >= 0) & (owner != player) & (pos == origin)
    if hit.any():
        home = hit & (target == finish)
        batch.hat_pos.reshape(-1)[hats] = np.where(hit & ~home, target, pos)
        for i in lockstep.indices(home.any(axis=1)).tolist():
            _hat_home(batch, rows[home[i]], np.full(int(home[i].sum()), i))
    hands[at] = NO_CARD
    hands[at + n] = NO_CARD
    batch.plays[rows] = 2
    batch.yellow[rows] = False
    then.plays_end.append(rows)  # never over (HO-END-1): the attacker's pawn is not home
