"""EXXtra's `heuristic` agent on the batch engine: every decision valued as
`amigo_rules.agents.ExxtraHeuristicAgent` values it (`exxtra_heuristic_values`, the same
floats), one of the best played uniformly (`exxtra_heuristic`), from plans worked out once
per position (`_Plans`); and whole turns at once (`exxtra_heuristic_turns`), the vector
environment's opponents."""

from __future__ import annotations

from functools import cache

import attrs
import numpy as np

from .. import exxtra as ex
from ..exxtra import (
    DENIAL,
    DIE_A,
    DIE_B,
    FINISH,
    RUNGS,
    TOP_COMBINATION,
    WIN,
    X,
    at_least,
    combination,
)
from . import exxtra as exxtra_batch
from . import lockstep

__all__ = ["exxtra_heuristic", "exxtra_heuristic_turns", "exxtra_heuristic_values"]


@cache
def _exxtra_tables(players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per rung's odds (a lower rung 1-5 taken, one free, rung 0) and combination a
    pair's chance to survive the others' turns, ``(1 - threat) ** (players - 1)`` as
    `place_worth` computes it (1 on rung 0); per counter and rung the spaces a placement
    is worth, ``WIN`` more from the finish on; and the 36 rolls as rows (X faces shown,
    combination, a double's advance)."""
    survive = np.array([
        [(1 - min(1.0, 2 * at_least(value)) * (1.0 if free else 0.5)) ** (players - 1)
         for value in range(TOP_COMBINATION + 1)]
        for free in (False, True)
    ] + [[1.0] * (TOP_COMBINATION + 1)])
    rolls = np.array([((a == X) + (b == X), combination(a, b), a if a == b else 0)
                      for a in DIE_A for b in DIE_B])
    reach = np.array([[rung + (WIN if counter + rung >= FINISH else 0.0)
                       for rung in range(RUNGS)]
                      for counter in range(FINISH + rolls[:, 2].max() + 1)])
    return lockstep.read_only(survive), lockstep.read_only(reach), lockstep.read_only(rolls)


@cache
def _odds() -> np.ndarray:
    """Per set of taken rungs (`amigo_rules.batch.exxtra._taken`) and rung, the row of
    `_exxtra_tables`' chances to survive: 2 on rung 0 (nothing threatens it), 1 where a
    lower rung 1-5 is free, else 0."""
    return lockstep.read_only(np.array([
        [2, *(int(any(not taken >> (lower - 1) & 1 for lower in range(1, rung)))
              for rung in range(1, RUNGS))]
        for taken in range(1 << (RUNGS - 1))
    ], dtype=np.intp))


@cache
def _base_worth(players: int) -> np.ndarray:
    """``float64[taken · FINISH + counter, RUNGS · placements]``: `place_worth` before the
    denials, ``advanced + survive * reach`` (the same floats), per set of taken rungs
    (`amigo_rules.batch.exxtra._taken`) and counter before the placement (0 … `FINISH` - 1),
    on every rung for every placement of `_plan_rolls`: `_place_worth` gathers a row per
    game."""
    survive, reach, _ = _exxtra_tables(players)
    placements, *_ = _plan_rolls()
    value, advanced = placements[:, 0], placements[:, 1]
    chance = survive[_odds()[:, None, :], value[None, :, None]]  # [taken, placement, RUNGS]
    spaces = reach[np.arange(FINISH)[:, None] + advanced, :]  # [counter, placement, RUNGS]
    worth = advanced[:, None] + chance[:, None] * spaces  # [taken, counter, placement, RUNGS]
    return lockstep.read_only(np.ascontiguousarray(
        worth.transpose(0, 1, 3, 2).reshape(-1, RUNGS * len(placements))))


def _place_worth(batch: exxtra_batch.Batch, me: np.ndarray, counter: np.ndarray | None = None,
                 taken: np.ndarray | None = None) -> np.ndarray:
    """``float64[RUNGS, placements, n]``: `place_worth` of every placement of `_plan_rolls`
    (a combination and a double's advance) on every rung, per game, the games on the last
    axis, where numpy's loops are long (the same floats: `_base_worth`, then each
    opponent's denial added in seat order; ``x + d·1`` is ``x + d`` and ``x + d·0`` is
    ``x``). ``counter`` (the movers' counters, `_counters`) and ``taken``
    (`amigo_rules.batch.exxtra._taken`) if worked out already."""
    placements, *_ = _plan_rolls()
    rungs, counters, pairs = batch.rungs, batch.counters, batch.pairs
    n = len(batch)
    counter = _counters(batch, me) if counter is None else counter
    taken = exxtra_batch._taken(batch) if taken is None else taken
    worth = np.ascontiguousarray(_base_worth(batch.rules.players)[
        taken * FINISH + counter].T).reshape(RUNGS, -1, n)
    denial = DENIAL * rungs + np.where(counters + rungs >= FINISH, WIN, 0.0)  # [players, n]
    rival = np.arange(len(rungs))[:, None] != me
    above = ((rungs[:, None, :] > np.arange(RUNGS)[:, None])
             & rival[:, None, :]).astype(np.float64)  # [players, RUNGS, n]
    value = placements[:, :1].astype(np.int8)
    denied = np.empty_like(worth)
    for owner in np.flatnonzero(((rungs > 0) & rival).any(axis=1)).tolist():  # seat order
        hit = np.where(pairs[owner] <= value, denial[owner], 0.0)  # [placements, n]
        worth += np.multiply(hit[None], above[owner][:, None], out=denied)
    if counter.max() + placements[:, 1].max() >= FINISH:  # a placement may win
        worth[:, counter + placements[:, 1:] >= FINISH] = WIN + FINISH  # [placements, n]
    return worth


def _counters(batch: exxtra_batch.Batch, me: np.ndarray) -> np.ndarray:
    """``intp[n]``: the counter of each game's player ``me``."""
    counter: np.ndarray = batch.counters[me, np.arange(len(batch))].astype(np.intp)
    return counter


@attrs.define(eq=False)
class _Plans:
    """Decision tables by position (`_positions`): per position its re-roll's worth and,
    per combination the dice can show (`_plan_rolls`), the set of best decisions with that
    combination in hand (bit ``d`` for decision id ``d``). A turn of re-rolls asks again
    and again at one position (it changes only when a double moves the counter to another
    class), and every game starts alike: one valuation serves them all.

    The positions are found by key in a hash table of numpy arrays (open addressing,
    linear probing, at most a quarter full): a look-up of a call's keys costs a few array
    operations, not a dictionary access per key."""

    keys: np.ndarray = attrs.Factory(lambda: np.empty(_PLANS_KEPT, dtype=np.int64))
    """``int64[rows]``: the key of the position in each row (the first `count` rows)."""
    rerolls: np.ndarray = attrs.Factory(lambda: np.empty(_PLANS_KEPT))
    """``float64[rows]``: `reroll_worth` of the position."""
    best: np.ndarray = attrs.Factory(lambda: np.empty((_PLANS_KEPT, _combination_count()),
                                                      dtype=np.uint8))
    """``uint8[rows, combinations]``: the best decisions by the combination in hand."""
    count: int = 0
    """How many rows hold a position."""
    slots: np.ndarray = attrs.Factory(lambda: _empty_slots(_PLANS_KEPT))
    """``int32[2 ** k]``: the hash table, per slot the row of a position or -1."""

    @property
    def rows(self) -> np.ndarray:
        """The keys of the positions held, by row."""
        return self.keys[: self.count]

    def room(self, count: int) -> None:
        """Make room for ``count`` new positions: start afresh when full (larger tables
        for a call of more games than they hold)."""
        if self.count + count > len(self.rerolls):
            self.count = 0
            if count > len(self.rerolls):
                self.keys = np.empty(count, dtype=np.int64)
                self.rerolls = np.empty(count)
                self.best = np.empty((count, self.best.shape[1]), dtype=np.uint8)
                self.slots = _empty_slots(count)
            else:
                self.slots.fill(-1)

    def find(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per key of ``keys`` its row (-1 for a position not held) and its slot (where
        a position not held goes, `add`)."""
        slot, found = self._probe(keys)
        return found, slot

    def add(self, keys: np.ndarray, slot: np.ndarray) -> np.ndarray:
        """Give the positions ``keys`` (distinct, none held, their slots from `find`;
        `room` made for them) the next rows, returned."""
        rows = np.arange(self.count, self.count + keys.size)
        self.keys[rows] = keys
        self.count += keys.size
        pending = np.arange(keys.size)
        while True:  # keys that found one free slot: one takes it, the others probe on
            self.slots[slot[pending]] = rows[pending]
            lost = pending[self.slots[slot[pending]] != rows[pending]]
            if not lost.size:
                return rows
            slot[lost] = self._probe(keys[lost], (slot[lost] + 1) & (len(self.slots) - 1))[0]
            pending = lost

    def _probe(self, keys: np.ndarray, start: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
        """Per key the slot holding its row, else the first free slot from its hash (or
        from ``start``) on; and that slot's row (-1 where free)."""
        mask = len(self.slots) - 1
        slot = _hashed(keys, len(self.slots)) if start is None else start
        row = self.slots[slot]
        pending = lockstep.indices((row >= 0) & (self.keys[row] != keys))
        while pending.size:  # another key's slot: on to the next
            slot[pending] = (slot[pending] + 1) & mask
            row[pending] = held = self.slots[slot[pending]]
            pending = pending[(held >= 0) & (self.keys[held] != keys[pending])]
        return slot, row


def _empty_slots(rows: int) -> np.ndarray:
    """A free hash table for ``rows`` positions: a power of two, at least four times as many
    slots."""
    return np.full(1 << (4 * rows - 1).bit_length(), -1, dtype=np.int32)


def _hashed(keys: np.ndarray, slots: int) -> np.ndarray:
    """``int64``: per key its first slot of ``slots`` (a power of two) by Fibonacci
    hashing: the top bits of its product with an odd constant (wrapping), which every bit
    of the key changes."""
    shift = np.uint64(64 - slots.bit_length() + 1)
    mixed: np.ndarray = ((keys.view(np.uint64) * np.uint64(0x9E3779B97F4A7C15))
                         >> shift).view(np.int64)
    return mixed


_PLANS_KEPT = 1 << 19
"""How many positions a `_Plans` keeps (about 30 MB); it starts afresh when full. Positions
come back over hundreds of steps of 256 games: with 4 players, a store of ``1 << 17`` plans
386 new positions a step at steps 600-900, one of ``1 << 19`` 184."""


@cache
def _plans(players: int) -> _Plans:
    """The decision tables of games of ``players`` players (the worths depend on it)."""
    return _Plans()


@cache
def _counter_classes() -> np.ndarray:
    """Per counter (0 … `FINISH`) the counter `reroll_worth` cannot tell it from: a roll
    with X costs up to ``xs`` spaces (so the counters from ``xs`` on lose alike), and a
    placement reaches the finish only from ``FINISH - reach`` on (a double's advance and
    the top rung); between the two, every counter values the re-roll and every placement
    alike."""
    *_, rolls = _exxtra_tables(2)
    xs, reach = int(rolls[:, 0].max()), int(rolls[:, 2].max()) + RUNGS - 1
    counters = np.arange(FINISH + 1)
    alike = (counters > xs) & (counters < FINISH - reach)
    return lockstep.read_only(np.where(alike, xs, counters).astype(np.int64))


def _positions(batch: exxtra_batch.Batch, me: np.ndarray) -> list[int]:
    """Per game at a decision the key of its position in `_Plans`: all that `reroll_worth`
    and `place_worth` read of it, so that positions they value alike share one key: the
    mover's counter's class (`_counter_classes`) and the opponents' pairs on the ladder
    in seat order (the order their denials are added in), each by its rung, its
    combination and whether sending it home stops its counter reaching the finish. Who
    moves and the opponents without a pair do not count."""
    keys: list[int] = _keys(batch.counters, batch.rungs, batch.pairs, me).tolist()
    return keys


_PAIR_BITS = 9
"""A pair of `_keys` is coded in this many bits: 1 + its rung, combination row (5 bits)
and whether it is finishing."""


def _keys(counters: np.ndarray, rungs: np.ndarray, pairs: np.ndarray, me: np.ndarray
          ) -> np.ndarray:
    """`_positions` of the games given by their columns: the opponents' pairs as the
    digits, base ``2 ** _PAIR_BITS``, of one number (no pair is coded 0, so the number
    tells the sequence), the counter's class above them (`_keyed`)."""
    return _keyed(_ladders(counters, rungs, pairs, me), counters[me, np.arange(me.size)])


def _ladders(counters: np.ndarray, rungs: np.ndarray, pairs: np.ndarray, me: np.ndarray
             ) -> np.ndarray:
    """The part of `_keys` the ladder makes: the opponents' pairs (at most 5: 45 bits)."""
    players = len(rungs)
    rival = (np.arange(players)[:, None] != me) & (rungs >= 0)
    finishing = counters + rungs >= FINISH
    code = np.where(rival, 1 + rungs + RUNGS * (_plan_rolls()[2][pairs] + 32 * finishing), 0)
    later = rival[::-1].cumsum(axis=0)[::-1] - rival  # the pairs after each in seat order
    sequence: np.ndarray = (code << (_PAIR_BITS * later)).sum(axis=0)
    return sequence


def _keyed(ladders: np.ndarray, counter: np.ndarray) -> np.ndarray:
    """`_keys` of positions by their `_ladders` and their movers' counters."""
    keys: np.ndarray = ladders + (_counter_classes()[counter] << 48)
    return keys


def _planned(batch: exxtra_batch.Batch, rows: np.ndarray, me: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """Per game ``rows`` (all at a decision; ``me``: their players to move) its re-roll's
    worth and its plan (`_stored`)."""
    keys = _keys(batch.counters[:, rows], batch.rungs[:, rows], batch.pairs[:, rows], me)
    return _stored(batch, keys, rows, me)


def _stored(batch: exxtra_batch.Batch, keys: np.ndarray, rows: np.ndarray, me: np.ndarray,
            counter: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per position of ``keys`` its re-roll's worth and its plan, copied from `_plans` (a
    later call may start the tables afresh or make them larger); the positions not held
    are worked out (`_plan`) from the games ``rows`` of ``batch`` (all at a decision;
    ``me``: their players to move, at counters ``counter`` if given, else their own)."""
    plans = _plans(batch.rules.players)
    plans.room(len(keys))
    found, slots = plans.find(keys)
    missing = lockstep.indices(found < 0)
    if missing.size:
        new, first, inverse = np.unique(keys[missing], return_index=True,
                                        return_inverse=True)
        fresh = plans.add(new, slots[missing[first]])
        chosen = missing[first]
        positions = lockstep.rows_of(batch, rows[chosen])
        if counter is not None:
            positions.counters[me[chosen], np.arange(chosen.size)] = counter[chosen]
        plans.rerolls[fresh], plans.best[fresh] = _plan(positions, me[chosen])
        found[missing] = fresh[inverse]
    return plans.rerolls[found], plans.best[found]


@cache
def _plan_rolls() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The placements a plan values: every combination the dice show, advancing nothing
    (in hand: a double has moved the counter already), then every double with its advance
    (placed after a re-roll); per roll of the 36 the row of its placement after a re-roll
    (-1 for a roll with an X, which ends the turn); and per combination value its row."""
    *_, rolls = _exxtra_tables(2)
    shown = np.unique(rolls[:, 1])
    doubles = np.unique(rolls[(rolls[:, 2] > 0) & (rolls[:, 0] == 0), 1:], axis=0)
    placements = np.concatenate([np.stack([shown, np.zeros_like(shown)], axis=1), doubles])
    row_of = np.zeros(TOP_COMBINATION + 1, dtype=np.int64)
    row_of[shown] = np.arange(shown.size)
    double_row = {int(value): shown.size + k for k, value in enumerate(doubles[:, 0])}
    after_reroll = np.array([-1 if xs else double_row[value] if advance else row_of[value]
                             for xs, value, advance in rolls.tolist()])
    return (lockstep.read_only(placements), lockstep.read_only(after_reroll),
            lockstep.read_only(row_of), lockstep.read_only(rolls[:, 0]))


def _combination_count() -> int:
    """How many combinations the dice show (the columns of `_Plans.best`)."""
    return int(_plan_rolls()[2].max()) + 1


def _placements(batch: exxtra_batch.Batch, me: np.ndarray, legal: np.ndarray,
                counter: np.ndarray | None = None, taken: np.ndarray | None = None
                ) -> np.ndarray:
    """``float64[RUNGS, placements, n]``: `place_worth` of every placement of `_plan_rolls`
    on every rung, -inf on the rungs ``legal`` (``bool[n, 1 + RUNGS]``) does not allow
    (``counter``, ``taken``: as `_place_worth`'s)."""
    places: np.ndarray = np.where(legal.T[1:, None, :],
                                  _place_worth(batch, me, counter, taken), -np.inf)
    return places


def _reroll_values(batch: exxtra_batch.Batch, me: np.ndarray, legal: np.ndarray,
                   best: np.ndarray | None = None, counter: np.ndarray | None = None
                   ) -> np.ndarray:
    """``float64[n]``: `reroll_worth` of games all at a decision (re-rolling, then placing
    at best on a legal rung of ``legal``, ``bool[n, 1 + RUNGS]``), from the best of each
    placement of `_placements` (``best``, ``[placements, n]``, and the movers' counters
    ``counter``, `_counters`, if worked out already); the 36 rolls summed in the scalar
    order."""
    if best is None:
        best = _placements(batch, me, legal).max(axis=0)
    _, after_reroll, _, xs = _plan_rolls()
    counter = _counters(batch, me) if counter is None else counter
    each_roll = np.where(after_reroll[:, None] < 0, -np.minimum(counter, xs[:, None]),
                         best[after_reroll])
    rerolls: np.ndarray = np.add.accumulate(each_roll, axis=0)[-1] / len(after_reroll)
    return rerolls


def _plan(batch: exxtra_batch.Batch, me: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The tables of `_Plans` for games all at a decision: their re-rolls' worth and, per
    combination in hand, the bits of the decisions of highest value (the heuristic's
    values, the same floats as `exxtra_heuristic_values`)."""
    counter, taken = _counters(batch, me), exxtra_batch._taken(batch)
    legal = exxtra_batch._masks()[taken]  # every game at a decision: its legal decisions
    places = _placements(batch, me, legal, counter, taken)
    best = places.max(axis=0)
    rerolls = _reroll_values(batch, me, legal, best, counter)
    shown = places[:, : _combination_count()]  # [RUNGS, combinations, n]
    top = np.maximum(best[: shown.shape[1]], rerolls)  # the reroll: always legal
    placing = (shown >= top).view(np.uint8) << _rung_bits()  # bit 1 + r: place r
    bits = np.bitwise_or.reduce(placing, axis=0) | (rerolls >= top)
    return rerolls, bits.T


@cache
def _rung_bits() -> np.ndarray:
    """``uint8[RUNGS, 1, 1]``: per rung ``r`` the bit of its decision ``place r`` in
    `_Plans.best` (``1 + r``, the decision's id), shaped to shift `_plan`'s ``[RUNGS,
    combinations, n]``."""
    return lockstep.read_only(np.arange(1, 1 + RUNGS, dtype=np.uint8)[:, None, None])


@cache
def _nth_best() -> tuple[np.ndarray, np.ndarray]:
    """Per set of decisions (bits, as `_Plans.best`) how many it holds and its ``k``-th
    decision id in order: the ``k``-th is drawn by a uniform double ``u`` as
    ``k = int(u * held)``."""
    sets = np.arange(1 << (1 + RUNGS))
    held = (sets[:, None] >> np.arange(1 + RUNGS)) & 1
    nth = np.zeros((len(sets), 1 + RUNGS), dtype=np.int64)
    for s in sets.tolist():
        ids = np.flatnonzero(held[s])
        nth[s, : ids.size] = ids
    return lockstep.read_only(held.sum(axis=1)), lockstep.read_only(nth)


def exxtra_heuristic_values(batch: exxtra_batch.Batch) -> np.ndarray:
    """``float64[n, 1 + RUNGS]``: per game at a decision the value
    `ExxtraHeuristicAgent.values` gives each legal decision (NaN elsewhere): each place by
    `place_worth` of the roll in hand, in numpy; the re-roll by `reroll_worth`, kept by
    position (`_Plans`)."""
    out = np.full((len(batch), 1 + RUNGS), np.nan)
    legal = exxtra_batch.legal_action_mask(batch)
    deciding = lockstep.indices((batch.roll >= 0) & ~batch.over)
    if deciding.size:
        games = lockstep.rows_of(batch, deciding)
        me = games.turn % games.rules.players
        out[deciding, 1:] = _place_worth(games, me)[:, _plan_rolls()[2][games.roll],
                                                    np.arange(deciding.size)].T
        out[deciding, 0] = _planned(batch, deciding, me)[0]
        out[deciding] = np.where(legal[deciding], out[deciding], np.nan)
    return out


def exxtra_heuristic(batch: exxtra_batch.Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision a decision of highest heuristic value, ties
    drawn uniformly; -1 elsewhere. One uniform double is drawn for every game, deciding or
    not, so that the generator's stream (and every committed result drawn from it) does not
    depend on how many games are at a decision; game ``i``'s choice is drawn by the
    ``i``-th (`_nth_best`).

    The decisions are read from tables worked out once per position (`_Plans`: a turn of
    re-rolls is valued when it starts), not valued anew at every decision."""
    ids = np.full(len(batch), -1, dtype=np.int64)
    uniforms = rng.random(len(batch))
    deciding = lockstep.indices((batch.roll >= 0) & ~batch.over)
    if deciding.size:
        me = batch.turn[deciding] % batch.rules.players
        _, best = _planned(batch, deciding, me)
        ids[deciding] = _chosen(batch, deciding, best, np.arange(deciding.size),
                                uniforms[deciding])
    return ids


def _chosen(batch: exxtra_batch.Batch, games: np.ndarray, plans: np.ndarray,
            rows: np.ndarray, uniforms: np.ndarray) -> np.ndarray:
    """The decisions of ``games`` (at a decision; game ``games[i]``'s row of `_Plans.best`
    is ``plans[rows[i]]``) with the roll in hand: the ``k``-th best, ``k`` drawn by
    ``uniforms`` (`_nth_best`)."""
    best = plans[rows, _plan_rolls()[2][batch.roll[games]]]
    held, nth = _nth_best()
    chosen: np.ndarray = nth[best, (uniforms * held[best]).astype(np.intp)]
    return chosen


def _turn_plans(turn: exxtra_batch.Batch, games: np.ndarray, me: np.ndarray,
                start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The plans (rows of `_Plans.best`, copied) of the games ``games`` of ``turn`` (all at
    a decision; ``me``: per game of ``turn`` its player to move, at counter ``start``) and,
    looked up in the same call, ``ahead``: per game the plan after its counter moved on by
    ``1 … D`` (``D`` the largest double's advance; doubles met in its re-rolls move it),
    where that is another class (`_counter_classes`) and not the finish; its own plan
    elsewhere. Both have a row per game of ``turn`` (the others' rows are not plans)."""
    classes = _counter_classes()
    k = len(games)
    mover, begin = me[games], start[games]
    shifts = np.arange(1, _double_reach() + 1)[:, None]  # [D, 1]
    after = begin + shifts  # [D, k]
    other = (after < FINISH) & (classes[np.minimum(after, FINISH)] != classes[begin])
    shift, game = other.nonzero()
    counter = np.concatenate([begin, after[shift, game]])
    every = k == len(turn)
    ladders = (_ladders(turn.counters, turn.rungs, turn.pairs, mover) if every else
               _ladders(turn.counters[:, games], turn.rungs[:, games], turn.pairs[:, games],
                        mover))
    rows = np.concatenate([np.arange(k), game])
    _, found = _stored(turn, _keyed(ladders[rows], counter), games[rows], mover[rows],
                       counter)
    if every:
        best = found[:k]
    else:
        best = np.zeros((len(turn), found.shape[1]), dtype=found.dtype)
        best[games] = found[:k]
    ahead = np.repeat(best[None], len(shifts), axis=0)  # [D, m, combinations]
    ahead[shift, games[game]] = found[k:]
    return best, ahead


@cache
def _double_reach() -> int:
    """The largest advance of a double (EX-ROLL-5): how far `_turn_plans` looks ahead."""
    *_, rolls = _exxtra_tables(2)
    return int(rolls[:, 2].max())


def _replanned(turn: exxtra_batch.Batch, moved: np.ndarray, me: np.ndarray,
               shift: np.ndarray, best: np.ndarray, ahead: np.ndarray) -> None:
    """Put the plans of the games ``moved`` of ``turn`` (doubles have moved their
    counters on by ``shift`` in this turn, into another class) into ``best``: from
    ``ahead`` (`_turn_plans`) where it reaches that far, else looked up anew."""
    if shift.max() <= len(ahead):  # as a rule: one double in the turn
        best[moved] = ahead[shift - 1, moved]
        return
    near = shift <= len(ahead)
    best[moved[near]] = ahead[shift[near] - 1, moved[near]]
    far = moved[~near]
    best[far] = _planned(turn, far, me[~near])[1]


_SCALAR_TURNS = 8
"""Once this many games or fewer are still re-rolling, `exxtra_heuristic_turns` plays their
turns on to the end on the scalar engine (`_scalar_turns`): a round of the batch engine
costs about as much for one game as for a hundred, a move of the scalar engine a few
microseconds."""


@cache
def _scalar_tables() -> tuple[list[int], list[int], list[list[int]], list[int],
                              tuple[ex.Move, ...], tuple[ex.Move, ...]]:
    """`_scalar_turns`' tables as lists: the row of each combination (`_plan_rolls`),
    `_nth_best` and `_counter_classes`; the moves of the decision ids and of the roll ids,
    read once from `amigo_rules.exxtra.move_for_action` at a game's first roll and the
    decision after it (later moves skip its checks: `amigo_rules.exxtra.apply` checks the
    move)."""
    held, nth = _nth_best()
    start = ex.new_game(ex.Rules())
    rolled = tuple(ex.move_for_action(start, i) for i in range(exxtra_batch.ROLLS))
    deciding = ex.apply(start, rolled[0])
    decisions = tuple(ex.move_for_action(deciding, i) for i in range(1 + RUNGS))
    return (_plan_rolls()[2].tolist(), held.tolist(), nth.tolist(),
            _counter_classes().tolist(), decisions, rolled)


def _scalar_turns(turn: exxtra_batch.Batch, games: np.ndarray, best: np.ndarray,
                  ahead: np.ndarray, start: np.ndarray, left: np.ndarray,
                  rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray]]:
    """`exxtra_heuristic_turns`' rounds for its games ``games`` of ``turn`` (each at a
    decision, with moves ``left``; ``best``, ``ahead``, ``start`` as there) on the scalar
    engine, their states written back into ``turn``: the same draws from ``rng`` in the
    same order, the same decisions (the plans' bits, read in Python) and the same moves
    (the scalar engine's, which the batch engine equals). Returns the moves made, round by
    round."""
    states = dict(zip(games.tolist(), exxtra_batch.to_states(lockstep.rows_of(turn, games)),
                      strict=True))
    plan = {g: best[g].tolist() for g in states}
    row_of, held, nth, classes, decisions, rolled_as = _scalar_tables()
    moves: list[tuple[np.ndarray, np.ndarray]] = []
    deciding = games.tolist()
    while deciding:
        chosen = []
        for g, uniform in zip(deciding, rng.random(len(deciding)).tolist(), strict=True):
            state = states[g]
            bits = plan[g][row_of[state.roll]]
            chosen.append(nth[bits][int(uniform * held[bits])])
            states[g] = ex.apply(state, decisions[chosen[-1]])
            left[g] -= 1
        moves.append((np.array(deciding), np.array(chosen)))
        rolling = [g for g, c in zip(deciding, chosen, strict=True)
                   if c == exxtra_batch.REROLL and left[g] > 0]
        if not rolling:
            break
        rolled = rng.integers(0, exxtra_batch.ROLLS, size=len(rolling))
        moves.append((np.array(rolling), rolled))
        deciding = []
        for g, roll in zip(rolling, rolled.tolist(), strict=True):
            before = states[g]
            state = states[g] = ex.apply(before, rolled_as[roll])
            left[g] -= 1
            if state.roll is None or state.over or not left[g]:
                continue
            deciding.append(g)
            counter = state.counters[state.player]
            if classes[counter] != classes[before.counters[state.player]]:  # a double
                shift = counter - int(start[g])
                plan[g] = (ahead[shift - 1, g] if shift <= len(ahead) else _planned(
                    exxtra_batch.from_states([state], check=False), np.zeros(1, dtype=np.intp),
                    np.array([state.player]))[1][0]).tolist()
    exxtra_batch.put_states(turn, states, states.values())
    return moves


def exxtra_heuristic_turns(batch: exxtra_batch.Batch, games: np.ndarray,
                           rng: np.random.Generator, budget: np.ndarray,
                           seats: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Play the turns of ``games`` (indices of the writable ``batch``, each at a decision)
    to their end in place, as `exxtra_heuristic` and the dice play them: each decision the
    heuristic's (one uniform double per decision), each roll drawn uniformly, both from
    ``rng``; game ``games[i]`` makes at most ``budget[i]`` moves. Returns the moves made in
    order: the game of each (indices of ``batch``) and its id.

    With ``seats`` (per game the seat the heuristic does not play, the learner's), the
    games may also be at a roll, and every move is played, rolls and the other seats'
    turns one after the other, until each game is at a decision of its seat ``seats[i]``,
    over, or out of moves: the vector environment's moves between two of its learner's in
    one call.

    A turn's position is looked up once (`_plans`), with the positions its doubles can
    move it to (`_turn_plans`): the re-rolls of a turn cost a look-up and a draw each, in
    rounds over the games still re-rolling, each round one call of the engine (`advance`
    with the re-rolls' rolls); the last few games still re-rolling finish on the scalar
    engine (`_scalar_turns`), with the same draws."""
    turn = lockstep.rows_of(batch, games)
    left = np.asarray(budget, dtype=np.int64).copy()
    moves: list[tuple[np.ndarray, np.ndarray]] = []
    each = np.arange(len(games))
    if seats is None:
        _turns(turn, each[left > 0], left, rng, moves)
    else:
        learner = np.asarray(seats)
        while True:
            _rolls(turn, each, left, rng, moves)
            deciding = each[(turn.roll >= 0) & ~turn.over & (left > 0)
                            & (turn.turn % batch.rules.players != learner)]
            if not deciding.size:
                break
            _turns(turn, deciding, left, rng, moves)
    lockstep.put_rows(batch, games, turn, each)
    if not moves:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int64)
    return games[np.concatenate([k for k, _ in moves])], np.concatenate([i for _, i in moves])


def _rolls(turn: exxtra_batch.Batch, each: np.ndarray, left: np.ndarray,
           rng: np.random.Generator, moves: list[tuple[np.ndarray, np.ndarray]]) -> None:
    """Roll the dice of every game of ``turn`` at a roll (``each``: all its games) with
    moves ``left``, again where a roll ends the turn (EX-ROLL-4), each roll drawn
    uniformly from ``rng``; the moves appended to ``moves``."""
    rolling = each[(turn.roll < 0) & ~turn.over & (left > 0)]
    ids = np.full(len(each), -1, dtype=np.int64)
    while rolling.size:
        rolled = rng.integers(0, exxtra_batch.ROLLS, size=rolling.size)
        ids[rolling] = rolled
        exxtra_batch._apply(turn, ids)  # advance(ids), unchecked
        ids[rolling] = -1
        moves.append((rolling, rolled))
        left[rolling] -= 1
        rolling = rolling[(turn.roll[rolling] < 0) & ~turn.over[rolling] & (left[rolling] > 0)]


def _turns(turn: exxtra_batch.Batch, deciding: np.ndarray, left: np.ndarray,
           rng: np.random.Generator, moves: list[tuple[np.ndarray, np.ndarray]]) -> None:
    """`exxtra_heuristic_turns`' turns of the games ``deciding`` of ``turn`` (each at a
    decision, with moves ``left``), played to their end in place; the moves appended to
    ``moves``."""
    m = len(turn)
    each = np.arange(m)
    me = turn.turn % turn.rules.players
    counter = turn.counters.reshape(-1)
    mine = me * m + each  # the movers' entries of the raveled arrays
    classes = _counter_classes()
    start = counter[mine].astype(np.int64)
    best, ahead = _turn_plans(turn, deciding, me, start)
    seen = classes[start]
    ids = np.full(m, -1, dtype=np.int64)
    rolls = np.full(m, -1, dtype=np.int64)
    while deciding.size:
        chosen = _chosen(turn, deciding, best, deciding, rng.random(deciding.size))
        moves.append((deciding, chosen))
        ids[deciding] = chosen
        budget = left[deciding]
        again = (chosen == exxtra_batch.REROLL) & (budget > 1)  # a move left to roll
        left[deciding] = budget - 1 - again  # the decision and the re-roll's roll
        rolling = deciding[again]
        rolled = rng.integers(0, exxtra_batch.ROLLS, size=rolling.size)
        rolls[rolling] = rolled
        # advance(ids, rolls), unchecked, the movers' entries the turn's own
        exxtra_batch._decided(turn, ids >= 0, ids, rolls, mine)
        ids[deciding] = rolls[rolling] = -1
        if not rolling.size:
            break
        moves.append((rolling, rolled))
        # in hand after the roll: neither bust nor a double onto the finish (the end)
        deciding = rolling[(turn.roll[rolling] >= 0) & (left[rolling] > 0)]
        now = counter[mine[deciding]]
        reached = classes[now]
        other = reached != seen[deciding]
        moved = deciding[other]
        if moved.size:  # a double moved the counter to another class
            _replanned(turn, moved, me[moved], now[other] - start[moved], best, ahead)
            seen[moved] = reached[other]
        if deciding.size <= _SCALAR_TURNS:
            if deciding.size:
                moves += _scalar_turns(turn, deciding, best, ahead, start, left, rng)
            break
