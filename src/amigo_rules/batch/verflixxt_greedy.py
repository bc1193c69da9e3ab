"""Verflixxt!'s `greedy` agent on the batch engine: every legal move valued as
`amigo_rules.agents.VerflixxtGreedyAgent` values it (`verflixxt_greedy_values`, the same
floats), one of the best played uniformly (`verflixxt_greedy`), for every `Rules`; and
every move between two of a learner's at once (`verflixxt_greedy_turns`), the vector
environment's opponents."""

from __future__ import annotations

from functools import cache

import numpy as np

from ..core.ties import TIE
from ..track import PATH_TILES
from ..verflixxt import LANDING_WEIGHT, LUCKY_RESERVE
from . import lockstep
from . import verflixxt as verflixxt_batch
from .verflixxt_arrays import (
    CODES,
    DIE,
    EMPTY,
    FIRST_PATH,
    FLIP,
    GIFT_CODE,
    LAY,
    MOVE,
    ROLL,
    STEAL_CODE,
    STEALING,
    tables,
    tower_scores,
)
from .verflixxt_arrays import shape as verflixxt_shape
from .verflixxt_moves import choices, plain_moves, positions, steps
from .verflixxt_turn import apply_ids, rolled

__all__ = ["verflixxt_greedy", "verflixxt_greedy_turns", "verflixxt_greedy_values"]


@cache
def _kinds() -> tuple[np.ndarray, np.ndarray]:
    """Per tile code its row in `_gains` (the path tile kinds, then a row of nothing for
    every other code: start, finish, action tiles, face-down tiles, no tile) and its row in
    `_tops`' leave table (the same, then Gift and Steal)."""
    kinds = len(PATH_TILES)
    gain_row = np.full(CODES, kinds)
    gain_row[FIRST_PATH : FIRST_PATH + kinds] = np.arange(kinds)
    leave_row = gain_row.copy()
    leave_row[GIFT_CODE], leave_row[STEAL_CODE] = kinds + 1, kinds + 2
    return lockstep.read_only(gain_row), lockstep.read_only(leave_row)


def _gains(batch: verflixxt_batch.Batch, own: np.ndarray) -> np.ndarray:
    """``float64[kinds + 1, m]``: what a path tile of each kind (`PATH_TILES`) adds to the
    score of each tower of ``own`` (``[m, T]`` tile codes, ``EMPTY`` above the top), as
    `VerflixxtGreedyAgent.gain` counts it by the rules' scoring, `LUCKY_RESERVE` more for a
    lucky tile while the tower holds no minus tile; the last row, 0, is every other code
    (rows by `_kinds`: a table over the kinds only keeps the arrays small)."""
    t = tables()
    rules = batch.rules
    held = t["minus"][own]  # [m, T] minus magnitudes
    lucky = t["lucky"][own].sum(axis=1)
    path = slice(FIRST_PATH, FIRST_PATH + len(PATH_TILES))
    value_plus, value_minus = t["plus"][path, None], t["minus"][path, None]
    new_lucky = t["lucky"][path, None]
    if rules.lucky_below:  # VXV-LUCKY-BELOW: a new lucky tile flips the top
        height = batch.heights[batch.player, np.arange(len(own))]
        top = np.where(height > 0, own[np.arange(len(own)), np.maximum(height - 1, 0)], EMPTY)
        diff = np.where(new_lucky, -2 * (t["plus"][top] - t["minus"][top]),
                        value_plus - value_minus)
    elif rules.negative_lucky:  # VXV-8: by the number of lucky tiles
        plus = t["plus"][own]
        sums = plus.sum(axis=1) - held.sum(axis=1)
        most_plus, most_minus = plus.max(axis=1), held.max(axis=1)

        def scored(total: np.ndarray, big_plus: np.ndarray, big_minus: np.ndarray,
                   count: np.ndarray) -> np.ndarray:
            turned: np.ndarray = (total + np.where(count == 1, 2 * big_minus, 0)
                                  - np.where(count >= 3, 2 * big_plus, 0))
            return turned

        base = scored(sums, most_plus, most_minus, lucky)
        diff = np.where(value_plus > 0, scored(sums + value_plus, np.maximum(most_plus,
                                                                             value_plus),
                                               most_minus, lucky),
                        np.where(value_minus > 0,
                                 scored(sums - value_minus, most_plus,
                                        np.maximum(most_minus, value_minus), lucky),
                                 np.where(new_lucky, scored(sums, most_plus, most_minus,
                                                            lucky + 1), base))) - base
    else:  # VX-SCORE-1: the lucky tiles turn the largest minus tiles
        diff = _converted_gains(held, lucky, value_plus, value_minus, new_lucky)
    gains = np.zeros((len(PATH_TILES) + 1, len(own)))
    gains[:-1] = diff
    gains[lockstep.indices(new_lucky[:, 0])] += np.where((held > 0).any(axis=1), 0.0,
                                                         LUCKY_RESERVE)
    return gains


def _converted_gains(held: np.ndarray, lucky: np.ndarray, value_plus: np.ndarray,
                     value_minus: np.ndarray, new_lucky: np.ndarray) -> np.ndarray:
    """VX-SCORE-1's gain per code: a plus tile adds its value. The ``lucky`` lucky tiles
    turn the largest minus tiles: a new minus tile is turned if a lucky tile is spare,
    else it takes the place of the smallest turned one if larger (that one counting
    against then), else it counts against; a new lucky tile turns the largest unturned
    minus tile. Worked out per kind of tile (the codes are plus, minus or lucky)."""
    m = np.arange(len(held))
    held = -np.sort(-held, axis=1)  # largest first
    minus_tiles = (held > 0).sum(axis=1)
    top = held.shape[1] - 1
    largest_unturned = np.where(minus_tiles > lucky, held[m, np.minimum(lucky, top)], 0)
    # a new minus tile v counts max(-v, v - 2·smallest turned): v where a lucky tile is
    # spare (0 taken), -v where none is held (more than any v taken)
    taken = np.where(minus_tiles < lucky, 0, np.where(
        lucky == 0, 2 * value_minus.max() + 1, held[m, np.clip(lucky - 1, 0, top)]))
    minus = lockstep.indices(value_minus[:, 0] > 0)
    diff = np.empty((len(value_plus), len(held)), dtype=np.int64)
    diff[:] = value_plus
    worse = value_minus[minus]
    diff[minus] = np.maximum(-worse, worse - 2 * taken)
    diff[lockstep.indices(new_lucky[:, 0])] = 2 * largest_unturned
    return diff


def verflixxt_greedy_values(batch: verflixxt_batch.Batch) -> np.ndarray:
    """``float64[n, num_actions]``: per game the value `VerflixxtGreedyAgent.value` gives
    each legal move of the player to move (NaN at the other ids and games), under any
    `Rules`: from what that player sees (face-down tiles, hidden towers), by the rules'
    scoring, each step by its roll, direction (VXV-2) or card (VXV-9); swaps, ``stop``,
    ``pass`` and flips are worth 0."""
    n = len(batch)
    values = np.full((n, verflixxt_shape(batch.rules).actions), np.nan)
    for _, candidates, legal, worth in _greedy_choices(batch):
        games = np.broadcast_to(np.arange(n), legal.shape)[legal]
        values[games, np.broadcast_to(candidates, legal.shape)[legal]] = worth[legal]
    return values


def _greedy_choices(
    batch: verflixxt_batch.Batch,
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """The legal moves (`verflixxt_moves.choices`: games, candidate ids, legal), each entry
    with the value of every candidate (``float64[k, n]``, meaningful where legal): the
    steps by `_step_values`, a steal by the gain of the victim's top tile, the rest 0."""
    out = []
    moving = batch.phase == MOVE
    plain = plain_moves(batch, verflixxt_shape(batch.rules), moving) if moving.any() else None
    entries = choices(batch, plain)
    if entries:
        top_gain, gain, leave, leave_row = _tops(batch)
    for games, candidates, legal in entries:  # each entry's games are at one phase
        worth = np.zeros(legal.shape)
        phase = batch.phase[games.argmax()]
        if phase == MOVE and plain is not None:
            steps = _step_values(batch, gain, leave, leave_row, *plain)
            worth[: len(steps)] = steps
        elif phase == STEALING:  # VX-ACT-2 (a flip, VXV-10, is worth 0)
            worth[:] = top_gain
        out.append((games, candidates, legal, worth))
    return out


def _tops(batch: verflixxt_batch.Batch
          ) -> tuple[np.ndarray | None, np.ndarray, np.ndarray, np.ndarray]:
    """Per game: what each player's top tile would add to the mover's tower
    (``float64[players, n]``, as seen: a hidden top is worth 0; NaN for an empty tower),
    the gain of each kind of tile to the mover (`_gains`), what leaving a tile alone
    brings (the tile itself, or its action) and the row of that table per tile code
    (`_kinds`). Without action tiles there are no tops to steal (None) and leaving a tile
    brings its gain: the table is ``gain`` itself."""
    s = verflixxt_shape(batch.rules)
    n = len(batch)
    m = np.arange(n)
    player, heights, players = batch.player, batch.heights, s.players
    tall = max(int(heights[player, m].max(initial=0)), 1)  # the slots above are all EMPTY
    own = batch.towers[player, :tall, m]  # [n, tall]: the mover's tower by tile code
    gain = _gains(batch, own)
    gain_row, leave_row = _kinds()
    if not batch.rules.action_tiles:  # no Gift, no Steal (VX-ACT-1, VX-ACT-2)
        return None, gain, gain, gain_row
    top = batch.towers[np.arange(players)[:, None], np.maximum(heights - 1, 0), m]
    top_gain = np.where(heights > 0, gain[gain_row[top], m], np.nan)  # [players, n]
    if batch.rules.towers == "hidden":  # the others' tops show as "?": worth nothing
        top_gain = np.where((heights > 0) & (np.arange(players)[:, None] != player), 0.0,
                            top_gain)
    # leaving a Gift gives the top tile away (worked out where a pawn of the mover stands
    # on a Gift, the only games that read it); a Steal brings the best top of the others
    others = np.where(np.arange(players)[:, None] != player, top_gain, np.nan)
    leave = np.zeros((len(gain) + 2, n))  # by `_kinds`' leave rows
    leave[: len(gain)] = gain
    pawns = batch.pieces[player * s.pawns + np.arange(s.pawns)[:, None], m]
    giving = np.flatnonzero((batch.tiles[pawns, m] == GIFT_CODE).any(axis=0))
    if giving.size:
        mine = own[giving]
        shrunk = np.where(np.arange(tall) == heights[player[giving], giving][:, None] - 1,
                          EMPTY, mine)
        scores = tower_scores(np.stack([shrunk, mine]), batch.rules)
        leave[-2, giving] = scores[0] - scores[1]
    leave[-1] = np.where(np.isnan(others).all(axis=0), 0.0,
                         np.where(np.isnan(others), -np.inf, others).max(axis=0))
    return top_gain, gain, leave, leave_row


def _step_values(batch: verflixxt_batch.Batch, gain: np.ndarray, leave: np.ndarray,
                 leave_row: np.ndarray, ids: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """``float64[kinds·pieces, n]``: `GreedyAgent.step_value` of every step of the player to
    move, kind by kind in the order of `steps`, each over the pieces of `plain_moves` (the
    rows of the move choices, ``ids`` and ``legal``), from what the player sees; ``gain``,
    ``leave`` and ``leave_row`` are `_tops`'. Guards are valued where they may move (few do), 0
    elsewhere."""
    s = verflixxt_shape(batch.rules)
    n = len(batch)
    m = np.arange(n)
    where = positions(ids, s).astype(np.intp)
    gain_row, _ = _kinds()
    counted = _piece_counts(s.guard_weight, s.players * s.pawns + s.guards * s.guard_weight)
    crowd, tiles = batch.crowd.reshape(-1), batch.tiles.reshape(-1)
    finish = batch.length - 1
    mine = batch.pieces[batch.player * s.pawns + np.arange(s.pawns)[:, None], m]  # [pawns, n]

    def pieces_at(position: np.ndarray, games: np.ndarray = m) -> np.ndarray:
        """Pawns and guards on ``position`` in ``games`` (flat indices: numpy serves those
        several times faster than index pairs)."""
        found: np.ndarray = counted[crowd[position * n + games]]
        return found

    def at(table: np.ndarray, rows: np.ndarray, position: np.ndarray,
           games: np.ndarray = m) -> np.ndarray:
        """``table[rows[tile on position], game]`` for ``games`` (``rows``: `_kinds`')."""
        found: np.ndarray = table.reshape(-1)[rows[tiles[position * n + games]] * n + games]
        return found

    pawn = slice(0, s.pawns)
    start = where[pawn]
    here = pieces_at(start)
    left = at(leave, leave_row, start)
    moved = lockstep.indices(legal[s.pawns :].reshape(-1))  # the guards that may move
    guard, games = s.pawns + moved // n, moved % n
    origin = where[guard, games]
    # TrackAgent.guard_value counts, at the target and at the origin, the own pawns and
    # the other pieces (the guard itself not at its origin)
    own_at = mine[:, games]
    guard_here = pieces_at(origin, games) - 1
    kinds = steps(batch, s)
    out = np.zeros((len(kinds), len(ids), n))
    for kind, (distance, _) in enumerate(kinds):
        end = np.minimum(np.maximum(start + distance, 0), finish)
        # GreedyAgent.step_value of a pawn
        value = 0.0 + np.where((here == 1) & (end != start), left, 0.0)
        landing = (pieces_at(end) == 0) & (end != finish)
        out[kind, pawn] = value + np.where(landing,
                                           LANDING_WEIGHT * at(gain, gain_row, end), 0.0)
        if moved.size:  # TrackAgent.guard_value, at the target (sign 1) and the origin (-1)
            step = distance[games] if isinstance(distance, np.ndarray) else distance
            target = np.minimum(np.maximum(origin + step, 0), finish[games])
            position = np.stack([target, origin])
            alone = (((own_at == position[:, None]).sum(axis=1) == 1)
                     & (np.stack([pieces_at(target, games), guard_here]) == 1))
            worth = LANDING_WEIGHT * np.minimum(0.0, at(gain, gain_row, position, games))
            out[kind, guard, games] = (np.where(alone[1], worth[1], 0.0)
                                       - np.where(alone[0], worth[0], 0.0))
    return out.reshape(-1, n)


@cache
def _piece_counts(guard_weight: int, most: int) -> np.ndarray:
    """Per value of `Batch.crowd` up to ``most`` (pawns plus ``guard_weight`` per guard)
    the pieces it counts."""
    weighed = np.arange(most + 1)
    return lockstep.read_only(weighed % guard_weight + weighed // guard_weight)


def verflixxt_greedy(batch: verflixxt_batch.Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a move of highest greedy value (within
    `TIE`), ties drawn uniformly; -1 elsewhere. Worked out among each game's candidate
    moves (`_greedy_choices`), not over every action id."""
    ids = np.full(len(batch), -1, dtype=np.int64)
    for games, candidates, legal, values in _greedy_choices(batch):
        worth = np.where(legal, values, -np.inf)
        near = legal & (worth >= worth.max(axis=0) - TIE)
        chosen = np.minimum(lockstep.uniform(near, rng), len(near) - 1)
        column = np.arange(len(batch)) if candidates.shape[1] > 1 else 0
        ids = np.where(games & near.any(axis=0), candidates[chosen, column], ids)
    return ids


FEW = 8
"""`verflixxt_greedy_turns` leaves the games still to play to its caller once this many or
fewer (or one in eight) are left after a round: a round costs about as much for one game
as for a hundred (the vector environment finishes them on the scalar engine)."""


def verflixxt_greedy_turns(batch: verflixxt_batch.Batch, games: np.ndarray,
                           rng: np.random.Generator, budget: np.ndarray,
                           seats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Play every move of ``games`` (indices of the writable ``batch``) but those of their
    learners (``seats``, one per game) in place, in rounds: every chance node drawn (a
    roll uniformly, as `amigo_rules.batch.verflixxt.sample_chance`), then every other
    seat's decision by `verflixxt_greedy`, both from ``rng``; game ``games[i]`` makes at
    most ``budget[i]`` moves. The rounds go on until each game is at its learner's
    decision, over or out of moves, or, after a round, until `FEW` or fewer games (or one
    in eight) are left to play (at the others' decisions), for the caller to finish.
    Returns the moves made in order: the game of each (indices of ``batch``) and its id.

    The games not in ``games`` take no part (no budget); the batch is worked on whole, in
    place: no game is taken out or put back."""
    m = len(batch)
    left = np.zeros(m, dtype=np.int64)
    left[games] = budget
    learner = np.full(m, -1, dtype=np.int64)
    learner[games] = seats
    played: list[np.ndarray] = []
    ids_made: list[np.ndarray] = []
    few = max(FEW, m // 8)
    first = True
    while True:
        _chance(batch, left, rng, played, ids_made)
        phase = batch.phase
        deciding = (((phase == MOVE) | (phase == STEALING) | (phase == FLIP))
                    & (batch.player != learner) & (left > 0))
        count = np.count_nonzero(deciding)
        if not count or (not first and count <= few):
            break
        first = False
        ids = np.where(deciding, verflixxt_greedy(batch, rng), -1)
        apply_ids(batch, ids)
        rows = lockstep.indices(deciding)
        played.append(rows)
        ids_made.append(ids[rows])
        left[rows] -= 1
    if not played:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int64)
    return np.concatenate(played), np.concatenate(ids_made)


def _chance(batch: verflixxt_batch.Batch, left: np.ndarray, rng: np.random.Generator,
            played: list[np.ndarray], ids_made: list[np.ndarray]) -> None:
    """`verflixxt_greedy_turns`' chance: every game at a roll with moves ``left`` rolls
    (drawn uniformly from ``rng``, the roll's whole move by `rolled`), every game
    laying its track lays tiles (`sample_chance`, `apply_ids`) until it is laid and rolls; the
    moves appended to ``played`` and ``ids_made``."""
    while True:
        at_roll = (batch.phase == ROLL) & (left > 0)
        rolling = lockstep.indices(at_roll)
        if rolling.size:
            faces = np.zeros(len(batch), dtype=np.int64)
            faces[rolling] = rng.integers(0, DIE, size=rolling.size)
            rolled(batch, at_roll, faces)
            played.append(rolling)
            ids_made.append(faces[rolling])
            left[rolling] -= 1
        laying = (batch.phase == LAY) & (left > 0)
        if not laying.any():
            return
        ids = np.where(laying, verflixxt_batch.sample_chance(batch, rng), -1)  # VX-SETUP-2
        apply_ids(batch, ids)
        rows = lockstep.indices(laying)
        played.append(rows)
        ids_made.append(ids[rows])
        left[rows] -= 1
