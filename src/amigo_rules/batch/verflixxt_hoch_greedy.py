"""The greedy agent of Verflixxt hoch²
(`amigo_rules.agents.verflixxt_hoch.VerflixxtHochGreedyAgent`) for a whole batch: every
legal move valued as the scalar agent values it, one best move played per game, ties broken
uniformly (`greedy_actions`); and every move between two of a learner's at once
(`greedy_turns`), the vector environment's opponents.

Only the legal moves are valued, as one flat array of (move, game) pairs; what they share
per game (the gains of every tile to the player to act, the pieces on every position, the
collections' top tiles) is worked out once per call, and only where a move needs it.

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

from functools import cached_property

import numpy as np

from .. import verflixxt_hoch as ho
from ..core.ties import TIE
from ..track import ACTIONS, GIFT, LUCKY, STEAL
from ..verflixxt_hoch import COLLECTED, TILE_KINDS, TRACK_TILES
from . import lockstep
from .verflixxt_hoch import _drawn
from .verflixxt_hoch_arrays import (
    DRAW,
    GIVE,
    GUARD_PIECE,
    NO_CARD,
    OVER,
    SWAP,
    TAKE_CURSED,
    TAKE_LUCKY,
    TRADEABLE,
    WORN,
    Batch,
    shape,
    tables,
)
from .verflixxt_hoch_moves import kinds
from .verflixxt_hoch_turn import apply_ids, drawn_ahead

__all__ = ["greedy_actions", "greedy_turns", "move_values"]

_GIFT_TILE, _STEAL_TILE = (TILE_KINDS.index(t) for t in (GIFT, STEAL))
_SIGN = np.array([1, -1])
"""Per parity of the risk tiles held: the sign they score with (HO-RISK-1)."""
_HOME = np.array([0.0, ho.HAT * (1 - ho.HAT_HOLD), -ho.HAT * (1 - ho.HAT_HOLD), 0.0])
"""Per piece of a play: what bringing its hat to the finish is worth (HO-HAT-5)."""
_MEETING = ho.MEETING_WEIGHT * ho.HAT
_HOLD = ho.HAT * ho.HAT_HOLD
_TILE_ITEMS = np.array([COLLECTED.index(t) if t in TRACK_TILES else 0 for t in TILE_KINDS]
                       + [0])
"""Per tile code the item it becomes once taken (0 where none: `_TAKEN` tells)."""
_TAKEN = np.array([t in TRACK_TILES for t in TILE_KINDS] + [False])
"""Per tile code: whether a pawn left alone on it takes it (not start, finish, action tiles
or no tile)."""
_PLUS, _MINUS, _RISK = (lockstep.indices(tables()[kind][: len(TRACK_TILES)] > 0)
                        for kind in ("plus", "minus", "risk"))
_LUCKY = COLLECTED.index(LUCKY)
"""The item codes of plus, minus and risk tiles, and of the lucky tile."""
_POINTS = np.append(tables()["token"][tables()["stack"]], 0)
"""Per finish tokens taken, what the next one is worth (0 once none is left)."""
_HAT_FIXED, _HAT_WORN = np.zeros(GIVE + 1), np.zeros(GIVE + 1)
_HAT_FIXED[[TAKE_LUCKY, TAKE_CURSED]] = _HOLD, -_HOLD
_HAT_WORN[[SWAP, GIVE]] = 2.0, 1.0
"""Per hat action (by its code, any ``give`` as `GIVE`): its fixed worth, and the multiple
of the worn hat's worth it adds (``none`` and giving a hat to oneself are worth 0)."""
assert not _TAKEN[[TILE_KINDS.index(t) for t in ACTIONS]].any()


def greedy_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node the id of a move of highest value to the
    player to act (`move_values`), ties (values within `TIE`) broken uniformly; -1 at
    chance and terminal nodes."""
    n = batch.phase.size
    ids = np.full(n, -1, dtype=np.int64)
    view = _View(batch)
    for kind in kinds(batch):
        at, moves, games = kind.moves()
        values = np.full(kind.legal.shape, -np.inf)
        values.reshape(-1)[at] = view.values(moves, games)
        best = values >= values.max(axis=0) - TIE
        ids = kind.pick(best & kind.legal, rng.random(n), ids)
    return ids


_SCALAR_TURNS = 8
"""Once this many games or fewer are left to play, `greedy_turns` stops (unless it was
given no more): a round of the batch engine costs about as much for one game as for a
hundred, and the vector environment finishes the last games on the scalar engine."""


def greedy_turns(batch: Batch, games: np.ndarray, rng: np.random.Generator,
                 budget: np.ndarray, seats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Play every move of ``games`` (indices of the writable ``batch``), the draws and the
    decisions of every seat but ``seats[i]`` (the learner's), in place, until each game is
    at a decision of its learner, over, or has made ``budget[i]`` moves; or, given more than
    `_SCALAR_TURNS` games, until that few are left to play (each then at a decision).
    Returns the moves made in order: the game of each (indices of ``batch``) and its id.

    Each decision is `greedy_actions`' (its draws from ``rng``), each card drawn with its
    probability (HO-TURN-4); the games play in rounds over the games still playing
    (compacted into a copy once one in eight has stopped): every game at a draw draws
    (`sample_chance`'s draws; a second card in a round of its own), then every game at a
    decision decides in one call of the policy, its next two cards drawn ahead
    (`drawn_ahead`), so that a move ending the plays draws them in the same round."""
    work = lockstep.rows_of(batch, games)
    rows = np.arange(len(games))  # per game of ``work``, its index in ``games``
    left = np.array(budget, dtype=np.int64)
    learner = np.asarray(seats)
    moves: list[tuple[np.ndarray, np.ndarray]] = []
    few = len(games) <= _SCALAR_TURNS
    while True:
        _draws(work, rows, left, rng, moves)
        phase = work.phase
        deciding = ((phase != DRAW) & (phase != OVER) & (work.player != learner[rows])
                    & (left[rows] > 0))
        playing = np.count_nonzero(deciding)
        if not playing or (playing <= _SCALAR_TURNS and not few):
            break
        if 8 * (rows.size - playing) >= rows.size:
            gone, keep = lockstep.indices(~deciding), lockstep.indices(deciding)
            lockstep.put_rows(batch, games[rows[gone]], work, gone)
            rows, work, deciding = rows[keep], lockstep.rows_of(work, keep), deciding[keep]
        ids = np.where(deciding, greedy_actions(work, rng), -1)
        made = lockstep.indices(deciding)
        cards = drawn_ahead(work, made[left[rows[made]] > 2], rng)  # room for two draws
        before = work.pile.sum(axis=0)
        apply_ids(work, ids, cards)
        drew = before - work.pile.sum(axis=0)  # the cards drawn ahead that were drawn
        moves.append((rows[made], ids[made]))
        left[rows[made]] -= 1
        for k in range(2):
            drawing = lockstep.indices(drew > k)
            moves.append((rows[drawing], cards[k, drawing]))
            left[rows[drawing]] -= 1
    lockstep.put_rows(batch, games[rows], work, np.arange(rows.size))
    if not moves:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int64)
    return games[np.concatenate([k for k, _ in moves])], np.concatenate([i for _, i in moves])


def _draws(work: Batch, rows: np.ndarray, left: np.ndarray, rng: np.random.Generator,
           moves: list[tuple[np.ndarray, np.ndarray]]) -> None:
    """`greedy_turns`' draws: every game of ``work`` at a draw with moves ``left`` (by
    ``rows``) draws its card, again while its hand is short (HO-TURN-4); the moves appended
    to ``moves``."""
    drawing = lockstep.indices((work.phase == DRAW) & (left[rows] > 0))
    ids = np.full(rows.size, -1, dtype=np.int64)
    while drawing.size:
        ids[drawing] = _drawn(work, drawing, rng)
        moves.append((rows[drawing], ids[drawing]))
        apply_ids(work, ids)
        ids[drawing] = -1
        left[rows[drawing]] -= 1
        drawing = drawing[(work.phase[drawing] == DRAW) & (left[rows[drawing]] > 0)]


def move_values(batch: Batch, ids: np.ndarray) -> np.ndarray:
    """``float64[k, n]``: the greedy agent's value of each decision id of ``ids``
    (``[k, n]``, legal ids of each game's column) to the player to act, from what that
    player observes."""
    games = np.broadcast_to(np.arange(batch.phase.size), ids.shape)
    values: np.ndarray = _View(batch).values(ids.reshape(-1), games.reshape(-1))
    return values.reshape(ids.shape)


class _View:
    """What the player to act in each game of ``batch`` sees and the greedy agent reads,
    each part worked out on first use; `values` values moves given as flat arrays of ids
    and the games they are made in."""

    def __init__(self, batch: Batch) -> None:
        self.batch = batch
        self.shape = shape(batch.rules)
        self.n = batch.phase.size
        self.me = batch.player

    def values(self, ids: np.ndarray, games: np.ndarray) -> np.ndarray:
        """``float64[m]``: the value of each move ``ids[i]`` in game ``games[i]``: plays
        (`play_value`), hat actions (`hat_value`), attacks (`attack_value`), steals (the
        victim's top tile gained); ``stop`` is worth 0."""
        s = self.shape
        ids = ids.astype(np.int64)
        action = ids - s.base
        attack = GIVE + s.players
        kinds = ((ids < s.base, self._plays), ((action > 0) & (action < attack), self._hats),
                 ((action >= attack) & (action < attack + s.length), self._attacks),
                 (action >= attack + s.length, self._steals))
        out = np.zeros(ids.shape)
        for kind, value in kinds:
            if kind.all():
                return value(ids, games)
            if kind.any():
                out[kind] = value(ids[kind], games[kind])
        return out

    # --- what every game shows ----------------------------------------------------------

    @cached_property
    def towers(self) -> np.ndarray:
        """``int8[players, h, n]``: the collections up to the highest one's height."""
        height = max(int(self.batch.heights.max()), 1)
        return self.batch.towers[:, :height]

    @cached_property
    def tops(self) -> np.ndarray:
        """``int64[players, n]``: each collection's top path or risk tile (item code), -1 if
        none."""
        towers = self.towers
        depth = np.arange(towers.shape[1], dtype=np.int8)[:, None]
        top = np.where(towers < TRADEABLE, depth, np.int8(-1)).max(axis=1).astype(np.int64)
        whole = self.batch.towers  # read by flat indices, which numpy serves fastest
        at = (np.arange(len(towers))[:, None] * whole.shape[1] + np.maximum(top, 0)) * self.n
        item = whole.reshape(-1)[at + np.arange(self.n)]
        tops: np.ndarray = np.where(top >= 0, item, -1).astype(np.int64)
        return tops

    @cached_property
    def pieces(self) -> np.ndarray:
        """``int64[3, L·n]``: per position and game (``position·n + game``) the own pawns,
        the opponents' pawns and the guards standing there."""
        s, n = self.shape, self.n
        pawns = self.batch.pawns.reshape(s.players, s.pawns, n).astype(np.int64)
        theirs = (np.arange(s.players) != self.me[:, None]).T[:, None]  # [players, 1, n]
        guards = self.batch.guards.astype(np.int64)
        each = np.arange(n)
        flat = np.concatenate([((theirs * s.length + pawns) * n + each).reshape(-1),
                               ((2 * s.length + guards) * n + each).reshape(-1)])
        return np.bincount(flat, minlength=3 * s.length * n).reshape(3, -1)

    @cached_property
    def gains(self) -> tuple[np.ndarray, np.ndarray]:
        """Per game the change of the acting player's score by adding each path or risk tile
        to their collection (``float64[kinds, n]`` by item code, with `LUCKY_RESERVE` for a
        lucky tile while the collection holds no minus tile), and by losing its top path or
        risk tile to a Gift (``float64[n]``, 0 without one; not worked out without action
        tiles)."""
        t = tables()
        n = self.n
        each = np.arange(n)
        tower = self.towers[self.me, :, each].T
        minus = np.zeros((len(tower) + 1, n), dtype=np.int64)  # a row of 0 below the least
        minus[:-1] = -np.sort(-t["minus"][tower], axis=0)
        lucky = t["lucky"][tower].sum(axis=0)
        risk = t["risk"][tower]
        count, total = (risk > 0).sum(axis=0), risk.sum(axis=0)
        kth = np.where(lucky > 0, minus[np.maximum(lucky - 1, 0), each], 0)
        next_minus = minus[np.minimum(lucky, len(minus) - 1), each]
        before = _SIGN[count % 2] * total
        gains = np.empty((len(TRACK_TILES), n))
        gains[_PLUS] = t["plus"][_PLUS, None]
        worse = t["minus"][_MINUS, None]
        gains[_MINUS] = np.where(lucky > 0, -worse + 2 * np.maximum(0, worse - kth), -worse)
        gains[_LUCKY] = 2 * next_minus + np.where(minus[0] == 0, ho.LUCKY_RESERVE, 0.0)
        gains[_RISK] = _SIGN[(count + 1) % 2] * (total + t["risk"][_RISK, None]) - before
        if not self.batch.rules.action_tiles:  # no Gift on the track
            return gains, np.zeros(n)
        item = self.tops[self.me, each]
        held = item >= 0
        item = np.maximum(item, 0)
        p, v, r = t["plus"][item], t["minus"][item], t["risk"][item]
        turned = (lucky > 0) & (v >= kth)
        removed = np.where(p > 0, -p, np.where(v > 0, np.where(turned, 2 * next_minus - v, v),
                                               np.where(t["lucky"][item], -2 * kth, _SIGN[
                                                   (count - 1) % 2] * (total - r) - before)))
        loss = np.where(held, removed, 0).astype(np.float64)
        return gains, loss

    @cached_property
    def landing(self) -> np.ndarray:
        """``float64[tile codes·n]``: per tile code and game (``code·n + game``) the gain of
        taking that tile, 0 for a tile nobody takes."""
        gains = self.gains[0]
        by_tile: np.ndarray = np.where(_TAKEN[:, None], gains[_TILE_ITEMS], 0.0)
        return by_tile.reshape(-1)

    @cached_property
    def leaving(self) -> np.ndarray:
        """``float64[tile codes·n]``: what leaving each tile alone brings (`leave_value`):
        the tile's gain; for a Gift the top tile lost; for a Steal the best top tile of an
        opponent (0 when none holds one)."""
        n = self.n
        if not self.batch.rules.action_tiles:  # neither on the track
            return self.landing
        by_tile = self.landing.reshape(-1, n).copy()
        by_tile[_GIFT_TILE] = self.gains[1]
        tops = self.tops
        others = (tops >= 0) & (np.arange(len(tops))[:, None] != self.me)
        gain = np.where(others, self._gain(np.maximum(tops, 0), np.arange(n)), -np.inf)
        by_tile[_STEAL_TILE] = np.where(others.any(axis=0), gain.max(axis=0), 0.0)
        return by_tile.reshape(-1)

    def _gain(self, items: np.ndarray, games: np.ndarray) -> np.ndarray:
        """The gains of path or risk tiles ``items`` (item codes) in ``games``."""
        gain: np.ndarray = self.gains[0].reshape(-1)[items * self.n + games]
        return gain

    # --- the moves ----------------------------------------------------------------------

    def _plays(self, ids: np.ndarray, games: np.ndarray) -> np.ndarray:
        """`VerflixxtHochGreedyAgent.play_value`: the tile left (or its action), the landing
        tile, finish tokens, hats; a guard by `guard_value`; a 0 card alone is worth 0."""
        s, t, n = self.shape, tables(), self.n
        batch = self.batch
        length = s.length
        card = np.minimum(ids // (8 * length), NO_CARD)
        piece = ids // (2 * length) % 4
        origin = ids // 2 % length
        value = t["value"][card]
        steps = np.where(ids % 2 == 1, -value, value)
        finish = batch.length[games] - 1
        target = np.minimum(np.maximum(origin + steps, 0), finish)
        points = _POINTS[batch.tokens[games]]
        play = np.where(origin + steps == finish, points, 0)
        at, to = origin * n + games, target * n + games
        mine, theirs, guards = self.pieces
        here = mine[at] + theirs[at] + guards[at]
        there = mine[to] + theirs[to] + guards[to]
        tiles = batch.tiles.reshape(-1)
        left = tiles[at].astype(np.int64) * n + games
        landing = tiles[to].astype(np.int64) * n + games
        # a pawn (the hats' pawns too)
        worn = WORN[piece]
        pawn = play + np.where((here == 1) & (target != origin), self.leaving[left], 0.0)
        home = target == finish
        pawn += np.where(home, _HOME[worn], 0.0)
        pawn += np.where((worn == 2) & (steps < 0), 0.5, 0.0)
        extra = np.where(there == 0, ho.LANDING_WEIGHT * self.landing[landing], 0.0)
        owner, pos = batch.hat_owner[0, games], batch.hat_pos[0, games]
        lucky_there = (owner >= 0) & (pos == target)
        meet = ((worn == 0) & lucky_there & (owner != self.me[games])) | (
            (worn == 2) & ((theirs[to] > 0) | lucky_there))
        extra += np.where(meet, _MEETING, 0.0)
        pawn += np.where(~home & (target != origin), extra, 0.0)
        # a guard (`TrackAgent.guard_value`): protecting an own pawn alone on a bad tile, or
        # leaving it alone there
        protect = (mine[to] == 1) & (there == 1)
        expose = (mine[at] == 1) & (here - 1 == 1)
        guard = (play - np.where(protect, ho.LANDING_WEIGHT * np.minimum(
            0.0, self.landing[landing]), 0.0)) + np.where(
            expose, ho.LANDING_WEIGHT * np.minimum(0.0, self.landing[left]), 0.0)
        values: np.ndarray = np.where(value == 0, 0.0, np.where(piece == GUARD_PIECE, guard,
                                                                 pawn))
        return values

    def _hats(self, ids: np.ndarray, games: np.ndarray) -> np.ndarray:
        """`VerflixxtHochGreedyAgent.hat_value`: take the lucky hat, hand the cursed cap on,
        swap it for the lucky hat; giving a hat to oneself or none is worth 0."""
        action = np.minimum(ids - self.shape.base, GIVE)
        wearing = np.where(self.batch.arrived_hat[games] == 2, _HOLD, -_HOLD)
        others = ids - self.shape.base - GIVE != self.me[games]
        values: np.ndarray = _HAT_FIXED[action] + _HAT_WORN[action] * wearing * others
        return values

    def _attacks(self, ids: np.ndarray, games: np.ndarray) -> np.ndarray:
        """`VerflixxtHochGreedyAgent.attack_value`: a share per piece pushed on, the finish
        tokens of pieces pushed exactly home, the hats pushed home for their owners."""
        s, t, n = self.shape, tables(), self.n
        batch = self.batch
        origin = ids - s.base - GIVE - s.players
        hand = batch.hands.reshape(-1)[self.me[games] * 2 * n + games]
        value = t["value"][hand]
        finish = batch.length[games] - 1
        _, theirs, guards = self.pieces
        at = origin * n + games
        pushed = theirs[at] + guards[at]
        out = 0.1 * pushed
        stack = t["token"][t["stack"]]
        won = np.concatenate([[0], np.cumsum(stack)])  # the points of the first k tokens
        tokens = batch.tokens[games]
        taken = won[np.minimum(tokens + pushed, len(stack))] - won[tokens]
        out = out + np.where(origin + value == finish, taken.astype(np.float64), 0.0)
        for i, sign in ((0, -1), (1, 1)):
            owner = batch.hat_owner[i, games]
            hit = (owner >= 0) & (owner != self.me[games]) & (batch.hat_pos[i, games] == origin)
            out = out + np.where(hit & (origin + value >= finish), sign * _HOLD, 0.0)
        values: np.ndarray = np.where(value == 0, ho.FRESH_HAND, out)
        return values

    def _steals(self, ids: np.ndarray, games: np.ndarray) -> np.ndarray:
        """A steal: the gain of the victim's top path or risk tile."""
        s = self.shape
        victim = ids - s.base - GIVE - s.players - s.length
        item = self.tops[victim, games]
        values: np.ndarray = np.where(item >= 0, self._gain(np.maximum(item, 0), games), 0.0)
        return values
