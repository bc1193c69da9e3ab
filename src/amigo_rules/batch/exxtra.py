"""EXXtra on numpy: many games of one `Rules` stepped in lockstep, each equal to the scalar
engine `amigo_rules.exxtra` move by move (every option: 3-6 players, with or without
``max_turns``).

>>> from amigo_rules import exxtra
>>> from amigo_rules.batch import exxtra as batch
>>> games = batch.new_games(exxtra.Rules(players=3), 2)
>>> games = batch.step(games, [29, 0])           # roll 7-X, roll 1-1 (a double: +1)
>>> batch.score(games).tolist(), batch.legal_action_mask(games)[1].tolist()
([[0, 0, 0], [1, 0, 0]], [True, True, True, True, True, True, True])
>>> games = batch.step(games, [6, 0])            # place 5, reroll
>>> [(s.ladder, s.roll) for s in batch.to_states(games)]
[(((5, 70), None, None), None), ((None, None, None), None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

import attrs
import numpy as np

from .. import exxtra as ex
from ..core import CHANCE, TERMINAL, RulesError
from ..core.arrays import at
from ..core.checks import quote
from ..core.deprecation import renamed
from ..exxtra import DIE_A, DIE_B, FINISH, RUNGS, TOP_COMBINATION, X, combination
from . import lockstep
from .lockstep import Playouts

__all__ = [
    "LOCKSTEP",
    "Batch",
    "Playouts",
    "advance",
    "chance_probabilities",
    "current_player",
    "from_states",
    "is_terminal",
    "legal_action_mask",
    "new_games",
    "observation_array",
    "put_states",
    "random_playouts",
    "returns",
    "sample_actions",
    "sample_chance",
    "score",
    "step",
    "to_states",
]

ROLLS = len(DIE_A) * len(DIE_B)
"""Chance ids: ``roll A-B`` is ``DIE_A.index(A) * 6 + DIE_B.index(B)``."""
REROLL = 0
"""Decision ids: ``reroll`` is 0, ``place r`` is ``1 + r``."""



@attrs.frozen(eq=False)
class Batch:
    """``n`` games of EXXtra under one `Rules`, game ``i`` in column ``i`` of every array
    (the batch axis is last, so that array operations run along it).

    The arrays are read-only and their layout is the engine's own (it may change): read a
    batch through the module's functions, or turn it into states with `to_states`.
    """

    rules: ex.Rules
    """The rules every game of the batch is played under."""
    counters: np.ndarray
    """``int8[players, n]``: each counter, 0 (start) … 21 (finish)."""
    rungs: np.ndarray
    """``int8[players, n]``: the rung of each player's dice, -1 while in hand."""
    pairs: np.ndarray
    """``int8[players, n]``: the combination on that rung, 0 while in hand."""
    turn: np.ndarray
    """``int64[n]``: `amigo_rules.exxtra.State.turn`."""
    roll: np.ndarray
    """``int64[n]``: the combination waiting for a decision, -1 when the dice must roll."""
    first: np.ndarray
    """``bool[n]``: whether the pending or next roll is the turn's first."""
    over: np.ndarray
    """``bool[n]``: whether the game is over (derived from the rest, kept for speed)."""

    def __len__(self) -> int:
        return len(self.turn)


@cache
def _faces() -> Mapping[str, np.ndarray]:
    """Per chance id, and a last row for no roll (`_roll`'s games that do not roll): whether
    an X shows, the spaces it costs (minus the X faces shown), the combination (-1 for no
    roll) and a double's advance (EX-ROLL-*)."""
    rolls = [(a, b) for a in DIE_A for b in DIE_B]
    return lockstep.table(
        x=np.array([X in roll for roll in rolls] + [False]),
        loss=np.array([-((a == X) + (b == X)) for a, b in rolls] + [0], dtype=np.int8),
        combination=np.array([combination(a, b) for a, b in rolls] + [-1]),
        double=np.array([a if a == b != X else 0 for a, b in rolls] + [0], dtype=np.int8),
    )


def _check_rules(rules: ex.Rules | None) -> ex.Rules:
    rules = ex.Rules() if rules is None else rules
    if not isinstance(rules, ex.Rules):
        raise RulesError(f"the EXXtra batch engine needs exxtra.Rules, got {quote(rules)}")
    return rules


# --- states in and out -------------------------------------------------------------------


def _empty(rules: ex.Rules, n: int) -> Batch:
    players = rules.players
    return Batch(
        rules,
        counters=np.zeros((players, n), dtype=np.int8),
        rungs=np.full((players, n), -1, dtype=np.int8),
        pairs=np.zeros((players, n), dtype=np.int8),
        turn=np.zeros(n, dtype=np.int64),
        roll=np.full(n, -1, dtype=np.int64),
        first=np.ones(n, dtype=bool),
        over=np.zeros(n, dtype=bool),
    )


def from_states(states: Iterable[ex.State], *, check: bool = True) -> Batch:
    """The batch whose game ``i`` is ``states[i]``: states of one `Rules`, each checked
    like `amigo_rules.exxtra.from_json` checks a document (`StateError` if inconsistent);
    ``check=False`` skips that check, for states the scalar engine made."""
    rules, distinct, rows = lockstep.distinct_states(states, ex, check)
    batch = _empty(rules, len(distinct))
    put_states(batch, range(len(distinct)), distinct)
    return lockstep.frozen(lockstep.rows_of(batch, rows))


def put_states(batch: Batch, rows: Iterable[int], states: Iterable[ex.State]) -> None:
    """Write ``states`` (unchecked, of the batch's `Rules`) into the games ``rows`` of the
    writable ``batch``, in place: `from_states` for a few games of a batch."""
    for index, state in zip(rows, states, strict=True):
        batch.counters[:, index] = state.counters
        batch.rungs[:, index] = [-1 if pair is None else pair[0] for pair in state.ladder]
        batch.pairs[:, index] = [0 if pair is None else pair[1] for pair in state.ladder]
        batch.turn[index] = state.turn
        batch.roll[index] = -1 if state.roll is None else state.roll
        batch.first[index] = state.first_roll
        batch.over[index] = state.over


def to_states(batch: Batch) -> tuple[ex.State, ...]:
    """The scalar states of the batch's games: ``to_states(from_states(s)) == tuple(s)``."""
    rules = batch.rules
    games = zip(
        batch.counters.T.tolist(), batch.rungs.T.tolist(), batch.pairs.T.tolist(),
        batch.turn.tolist(), batch.roll.tolist(), batch.first.tolist(), strict=True,
    )
    return tuple(
        ex.State(
            rules,
            tuple(counters),
            tuple(None if r < 0 else (r, c) for r, c in zip(rungs, pairs, strict=True)),
            turn,
            None if roll < 0 else roll,
            first,
        )
        for counters, rungs, pairs, turn, roll, first in games
    )


def new_games(rules: ex.Rules | None, n: int, seed: int | None = None) -> Batch:
    """``n`` new games (`amigo_rules.exxtra.new_game`: EXXtra has no setup randomness, so
    ``seed`` changes nothing)."""
    return lockstep.frozen(_empty(_check_rules(rules), lockstep.size(n)))


# --- what the games show -----------------------------------------------------------------


def is_terminal(batch: Batch) -> np.ndarray:
    """``bool[n]``: the games over: a counter on the finish (EX-END-1) or the turn limit
    reached (EX-END-2)."""
    return batch.over.copy()


def current_player(batch: Batch) -> np.ndarray:
    """``int64[n]``: per game the player to decide, `CHANCE` or `TERMINAL`."""
    out = np.where(batch.roll < 0, CHANCE, batch.turn % batch.rules.players)
    out[batch.over] = TERMINAL
    return out


def score(batch: Batch) -> np.ndarray:
    """``int64[n, players]``: the counters' positions (EX-END-2)."""
    return batch.counters.T.astype(np.int64)


def returns(batch: Batch) -> np.ndarray:
    """``float64[n, players]``: 1 for the player who reached the finish, 0 for the others;
    zeros before the end and for a game truncated by ``max_turns``."""
    won = batch.counters.T == FINISH
    return np.where(won, 1.0 / np.maximum(won.sum(axis=1, keepdims=True), 1), 0.0)


def _taken(batch: Batch) -> np.ndarray:
    """``int16[n]``: per game bit ``r - 1`` set for every rung r of 1-5 holding a pair."""
    bits = np.left_shift(1, batch.rungs + 1, dtype=np.int16)  # rung -1 (in hand): bit 0
    taken: np.ndarray = np.bitwise_or.reduce(bits, axis=0) >> 2
    return taken


@cache
def _decisions() -> tuple[np.ndarray, np.ndarray]:
    """Per set of taken rungs (`_taken`): how many decisions are legal, and their ids in
    order, ``reroll``, ``place 0``, then ``place r`` for every empty rung 1-5 (EX-ROLL-6,
    EX-PLACE-1)."""
    legal = [
        [REROLL, 1, *(1 + r for r in range(1, RUNGS) if not taken >> (r - 1) & 1)]
        for taken in range(1 << (RUNGS - 1))
    ]
    ids = np.array([row + [REROLL] * (1 + RUNGS - len(row)) for row in legal])
    return lockstep.read_only(np.array([len(row) for row in legal])), lockstep.read_only(ids)


def _choices(batch: Batch) -> lockstep.Choices:
    """The legal decisions of every game at a decision node (`_decisions`)."""
    deciding = (batch.roll >= 0) & ~batch.over
    if not deciding.any():
        return []
    counts, ids = _decisions()
    taken = _taken(batch)
    legal = np.arange(1 + RUNGS)[:, None] < np.where(deciding, counts[taken], 0)
    return [(deciding, ids[taken].T, legal)]


def sample_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game at a decision node a legal decision id drawn uniformly among
    the legal moves (a random player); -1 at rolls and at the end."""
    counts, ids = _decisions()
    taken = _taken(batch)
    pick = (rng.random(batch.turn.size) * counts[taken]).astype(np.intp)
    return np.where((batch.roll >= 0) & ~batch.over, ids[taken, pick], -1)


def legal_action_mask(batch: Batch) -> np.ndarray:
    """``bool[n, 7]``: per game the legal decision ids; all False at rolls and at the
    end."""
    legal: np.ndarray = _masks()[_taken(batch)] & ((batch.roll >= 0) & ~batch.over)[:, None]
    return legal


@cache
def _masks() -> np.ndarray:
    """Per set of taken rungs (`_taken`) the mask of its legal decisions (`_decisions`)."""
    counts, ids = _decisions()
    masks = np.zeros((len(ids), 1 + RUNGS), dtype=bool)
    for taken, (count, legal) in enumerate(zip(counts, ids, strict=True)):
        masks[taken, legal[:count]] = True
    return lockstep.read_only(masks)


def _rolling(batch: Batch) -> np.ndarray:
    rolling: np.ndarray = (batch.roll < 0) & ~batch.over
    return rolling


def chance_probabilities(batch: Batch) -> np.ndarray:
    """``float64[n, 36]``: 1/36 for every roll of a game whose dice must roll (EX-ROLL-1);
    zeros elsewhere."""
    return np.where(_rolling(batch)[:, None], 1 / ROLLS, np.zeros((batch.turn.size, ROLLS)))


def sample_chance(batch: Batch, rng: np.random.Generator) -> np.ndarray:
    """``int64[n]``: per game whose dice must roll a roll id drawn uniformly (exactly); -1
    at the other games."""
    return np.where(_rolling(batch), rng.integers(0, ROLLS, size=batch.turn.size), -1)


# --- moves -------------------------------------------------------------------------------


def step(batch: Batch, action_ids: np.ndarray) -> Batch:
    """The batch after one move per game: a roll id at a roll, ``reroll`` (0) or ``place
    r`` (``1 + r``) at a decision. Finished games stay as they are (their id is ignored).

    Raises `IllegalMoveError` naming the first game whose id is not legal there; ``batch``
    is never changed.
    """
    ids = lockstep.action_ids(batch, action_ids)
    lockstep.check_choices(_choices(batch), ids)
    rows = _rolling(batch).nonzero()[0]
    lockstep.check_chance(rows, ids, np.ones((rows.size, ROLLS), dtype=bool))
    out = lockstep.copied(batch)
    _apply(out, np.where(batch.over, -1, ids))
    return lockstep.frozen(out)


def _apply(batch: Batch, ids: np.ndarray, rolls: np.ndarray | None = None) -> None:
    """Apply one legal id per game in place; games given -1 stay as they are. With
    ``rolls``, the games whose id re-rolls then roll ``rolls`` (-1: not yet), in the same
    pass (`advance`).

    A player's entries are reached through flat indices (``player·n + game`` into the
    raveled arrays), which numpy serves several times faster than index pairs; each step
    is one array operation over all the games where it can be (a call of numpy costs more
    than its work on a few hundred games)."""
    acting = ids >= 0
    rolled = acting & (batch.roll < 0)
    n = ids.size
    mine = batch.turn % batch.rules.players * n + _each(n)
    ending = _roll(batch, rolled, ids, mine) if rolled.any() else rolled
    _decided(batch, acting ^ rolled, ids, rolls, mine, ending)


def _decided(batch: Batch, deciding: np.ndarray, ids: np.ndarray, rolls: np.ndarray | None,
             mine: np.ndarray, ending: np.ndarray | None = None) -> None:
    """`_apply`'s moves at the ``deciding`` games (all at a decision), then the re-rolls'
    ``rolls`` and the next turn of every game in ``ending`` too (the turns that rolls
    ended): for a caller that knows its games are at a decision (the turn player's rounds).
    ``mine``: as `_apply` works it out, at least for the games whose turn this call may
    end (a game that does not move has one counter read and written back unchanged)."""
    if deciding.any():
        placed = _decide(batch, deciding, ids, mine)
        ending = placed if ending is None else ending | placed
        if rolls is not None:  # the re-rolls' rolls: the same player's turn goes on
            again = (deciding ^ placed) & (rolls >= 0)
            if again.any():
                ending = ending | _roll(batch, again, rolls, mine)
    if ending is not None and ending.any():
        _next_turn(batch, ending, mine)


@lru_cache(maxsize=8)
def _each(n: int) -> np.ndarray:
    """``np.arange(n)``, read-only: the games' own indices (for the last few batch sizes:
    a turn's sub-batches come in every size)."""
    return lockstep.read_only(np.arange(n))


def _roll(batch: Batch, rolled: np.ndarray, ids: np.ndarray, mine: np.ndarray) -> np.ndarray:
    """The dice of the ``rolled`` games show ``ids``; returns the games whose turn ends.
    ``mine`` indexes the rolling player's entries (`_apply`); the other games read the
    no-roll row of `_faces`, which changes nothing."""
    faces = _faces()
    roll = np.where(rolled, ids, ROLLS)
    bust: np.ndarray = faces["x"][roll] > batch.first  # EX-ROLL-4: the turn ends at once
    counters = batch.counters.reshape(-1)
    # a bust's X faces cost spaces, a double advances (EX-ROLL-5): never both
    moved = counters[mine] + np.where(bust, faces["loss"][roll], faces["double"][roll])
    np.maximum(moved, 0, out=moved)
    np.minimum(moved, FINISH, out=moved)
    counters[mine] = moved
    home = moved == FINISH  # a double onto the finish ends the game (EX-END-1)
    np.logical_or(batch.over, home, out=batch.over)
    # the roll in hand: its combination, none after a bust or at the end (a game at a
    # roll has -1, a game that does not roll keeps its own)
    np.maximum(batch.roll, np.where(bust | home, -1, faces["combination"][roll]),
               out=batch.roll)
    return bust


def _decide(
    batch: Batch, deciding: np.ndarray, ids: np.ndarray, mine: np.ndarray
) -> np.ndarray:
    """The ``deciding`` games re-roll (EX-ROLL-6) or place their pair (EX-PLACE-1); returns
    the games that placed. ``mine`` indexes the deciding player's entries (`_apply`)."""
    placed = deciding & (ids > REROLL)
    rung = (ids - 1).astype(np.int8)
    value = batch.roll.astype(np.int8)
    # The pair knocks every pair on a higher rung with an equal or lower combination back
    # to its owner (EX-PLACE-2).
    knocked = placed & (batch.rungs > rung) & (batch.pairs <= value)
    np.putmask(batch.rungs, knocked, -1)
    np.putmask(batch.pairs, knocked, 0)
    rungs, pairs = batch.rungs.reshape(-1), batch.pairs.reshape(-1)
    at = mine[placed]
    rungs[at] = rung[placed]
    pairs[at] = value[placed]
    np.greater(batch.first, deciding ^ placed, out=batch.first)  # a re-roll: not first
    np.putmask(batch.roll, deciding, -1)
    return placed


def _next_turn(batch: Batch, ending: np.ndarray, mine: np.ndarray) -> None:
    """The next turn begins in the ``ending`` games (``mine``: the entries of their
    players so far, `_apply`): unless the turn limit stops the game (EX-END-2), its
    player's dice on the ladder advance the counter and come back (EX-TURN-1)."""
    batch.turn[ending] += 1
    np.logical_or(batch.first, ending, out=batch.first)
    players = batch.rules.players
    n = ending.size
    mine = mine + n * ending  # the next player's entries: ``turn % players`` moved on
    np.putmask(mine, mine >= players * n, mine - players * n)
    counters, rungs = batch.counters.reshape(-1), batch.rungs.reshape(-1)
    rung = rungs[mine]
    back = ending & (rung >= 0)
    max_turns = batch.rules.max_turns
    if max_turns is not None:
        truncated = ending & (batch.turn >= max_turns)
        np.logical_or(batch.over, truncated, out=batch.over)
        back &= ~truncated
    at = mine[back]
    climbed = np.minimum(counters[at] + rungs[at], FINISH)
    counters[at] = climbed
    batch.over[back] |= climbed == FINISH
    rungs[at] = -1
    batch.pairs.reshape(-1)[at] = 0


# --- playouts and observations -----------------------------------------------------------


def advance(batch: Batch, action_ids: np.ndarray, rolls: np.ndarray | None = None) -> None:
    """Apply one id per game to the writable ``batch`` in place, unchecked, as
    `amigo_rules.batch.verflixxt.advance` does; `step` is the checked form.

    With ``rolls`` (a roll id per game, -1 for none), a game whose id is ``reroll`` (0)
    also rolls its roll of ``rolls``, in the same pass (EX-ROLL-6, then EX-ROLL-1 …
    EX-ROLL-5): the moves of ``advance(ids)`` and then ``advance(rolls)`` at the games that
    re-rolled, in one call over the whole batch (a turn's chain of re-rolls takes half the
    calls).

    >>> from amigo_rules import exxtra
    >>> from amigo_rules.batch import lockstep
    >>> games = lockstep.copied(new_games(exxtra.Rules(players=3), 2))
    >>> advance(games, np.array([7, 7]))             # both roll 2-2 (+2): 2-2 in hand
    >>> advance(games, np.array([REROLL, 3]), rolls=np.array([35, 35]))
    >>> [(s.counters, s.turn) for s in to_states(games)]  # X-X ends game 0's turn
    [((0, 0, 0), 1), ((2, 0, 0), 1)]
    """
    ids = lockstep.action_ids(batch, action_ids)
    also = () if rolls is None else (lockstep.action_ids(batch, rolls),)
    lockstep.advance(_apply, batch, ids, is_terminal(batch), *also)


LOCKSTEP = lockstep.Functions(
    terminal=is_terminal, sample=sample_chance, decide=sample_actions, advance=_apply
)
"""The game's `lockstep.Functions`: the shared loop's functions over a whole batch (its
``advance``, `advance`'s work without the checks and the sub-batch: the loop feeds it
writable batches of games in play, -1 where nothing moves)."""


def random_playouts(rules: ex.Rules | None, n: int, seed: int | None = None) -> Playouts:
    """``n`` new games played to the end: rolls drawn uniformly, decisions uniformly among
    the legal moves, from one generator seeded with ``seed``. Without ``max_turns`` a game
    ends with probability 1 but has no bound on its length."""
    rng = np.random.default_rng(seed)
    return lockstep.play_out(LOCKSTEP, new_games(rules, n), rng)


def observation_array(
    batch: Batch, player: int | np.ndarray, *, out: np.ndarray | None = None
) -> np.ndarray:
    """``float32[n, 11·players + 3]``: row ``i`` is
    ``observation(to_states(batch)[i], player).to_array()``; ``player`` is one seat for
    every game or an array of one seat per game. With ``out`` (preallocated by the caller,
    of that shape) the rows are written into it and it is returned."""
    players = batch.rules.players
    n = batch.turn.size
    viewer = lockstep.seats(player, n, players)
    to_move = current_player(batch)
    where = ex.array_places(batch.rules)
    out = lockstep.observation_rows(out, (n, ex.array_length(batch.rules)))
    out[...] = 0
    each = np.arange(n)
    for p in range(players):
        rungs = batch.rungs[p].astype(np.int64)
        out[:, at(where["viewer"], p)] = viewer == p
        out[:, at(where["to_move"], p)] = to_move == p
        out[:, at(where["counter"], p)] = batch.counters[p] / FINISH
        out[each, at(where["rung"], p) + np.where(rungs < 0, RUNGS, rungs)] = 1.0
        out[:, at(where["pair"], p)] = batch.pairs[p] / TOP_COMBINATION
    waiting = batch.roll >= 0
    out[:, where["rolling"][0]] = waiting
    out[:, where["roll"][0]] = np.where(waiting, batch.roll, 0) / TOP_COMBINATION
    out[:, where["first"][0]] = batch.first
    return out


__getattr__ = renamed(__name__, {"ENGINE": "LOCKSTEP"}, globals())
