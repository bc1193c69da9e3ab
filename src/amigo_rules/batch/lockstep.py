"""What both batch engines share: a batch as read-only arrays with the games on the last
axis, the checks of ``step``'s ids, the uniform choice among legal moves and the
random-playout loop.

Each game describes itself by its `Functions` (its module's ``LOCKSTEP``): how to tell
finished games, how to draw chance outcomes and random decisions, and how to advance games
in place.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType, ModuleType
from typing import Any, Protocol, TypeVar

import attrs
import numpy as np

from ..core import ArgumentError, IllegalMoveError, RulesError, StateError
from ..core.checks import quote
from ..core.deprecation import renamed


class ArrayBatch(attrs.AttrsInstance, Protocol):
    """What the shared loop needs of a game's batch: an attrs value of arrays (and its
    `Rules`) over ``n`` games."""

    def __len__(self) -> int: ...


B = TypeVar("B", bound=ArrayBatch)
K = TypeVar("K")
V = TypeVar("V")
"""A game's batch (mypy's attrs plugin takes no TypeVar in ``attrs.evolve``: ignore[misc])."""

Choices = list[tuple[np.ndarray, np.ndarray, np.ndarray]]
"""Per kind of decision node: which of the n games are at one (``bool[n]``), candidate ids
``[k, n]`` (or ``[k, 1]``, the same for every game) and which candidates are legal
``[k, n]`` (none in the other games; a legal id appears once among a game's candidates).
The games are the last axis: numpy's operations run along it."""


@attrs.frozen
class Functions:
    """The game-specific functions the shared loop calls; every array is over all games."""

    terminal: Callable[[Any], np.ndarray]
    """``bool[n]``: the games that are over."""
    sample: Callable[[Any, np.random.Generator], np.ndarray]
    """A chance outcome id drawn for every game at a chance node, -1 elsewhere."""
    decide: Callable[[Any, np.random.Generator], np.ndarray]
    """A legal decision id drawn uniformly for every game at a decision node, -1
    elsewhere."""
    advance: Callable[[Any, np.ndarray], None]
    """Apply one legal id per game to a writable batch, in place and unchecked, over every
    game; games given -1 stay as they are (the public ``advance`` of a game module checks
    the ids' shape and the batch, and works on the games that move)."""


@attrs.frozen
class Playouts:
    """The result of ``random_playouts``: the finished games and their lengths."""

    final: Any
    """The batch of finished games."""
    lengths: np.ndarray
    """``int64[n]``: per game the number of moves played, chance outcomes included."""

    @property
    def steps(self) -> int:
        """Moves played over every game, chance outcomes included."""
        return int(self.lengths.sum())


def by_identity(build: Callable[[K], V]) -> Callable[[K], V]:
    """``build`` remembered by the identity of its argument (a `Rules`: hashing one costs
    more than a step of a small batch); each entry keeps its argument alive, and the
    entries are dropped once there are 64."""
    entries: dict[int, tuple[K, V]] = {}

    def lookup(key: K) -> V:
        entry = entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        if len(entries) >= 64:
            entries.clear()
        value = build(key)
        entries[id(key)] = (key, value)
        return value

    return lookup


def arrays(batch: Any) -> Iterable[tuple[str, np.ndarray]]:
    """The array fields of ``batch``, by name."""
    fields = attrs.fields(type(batch))
    return ((f.name, getattr(batch, f.name)) for f in fields if f.name != "rules")


def frozen(batch: B) -> B:
    """``batch`` with read-only arrays: a batch is a value, like the scalar states."""
    for _, array in arrays(batch):
        read_only(array)
    return batch


def read_only(array: np.ndarray) -> np.ndarray:
    """``array``, made read-only: what a batch or a cached table hands out."""
    array.flags.writeable = False
    return array


def indices(mask: np.ndarray) -> np.ndarray:
    """The indices where the 1-d ``mask`` holds (``np.flatnonzero`` without its Python
    layers, which cost more than the work on a batch of a few thousand games)."""
    return mask.nonzero()[0]


def table(**columns: np.ndarray) -> Mapping[str, np.ndarray]:
    """A cached table of read-only ``columns`` by name, itself read-only."""
    return MappingProxyType({name: read_only(column) for name, column in columns.items()})


def copied(batch: B) -> B:
    """A writable copy of ``batch``."""
    return attrs.evolve(batch, **{name: array.copy() for name, array in arrays(batch)})  # type: ignore[misc]


def rows_of(batch: B, rows: np.ndarray) -> B:
    """A writable batch of the given games of ``batch`` (the last axis of every array)."""
    return attrs.evolve(  # type: ignore[misc]
        batch, **{name: array.take(rows, axis=-1) for name, array in arrays(batch)}
    )


def put_rows(batch: Any, rows: np.ndarray, source: Any, source_rows: np.ndarray) -> None:
    """Write ``source``'s games ``source_rows`` into ``batch``'s ``rows``, in place."""
    for name, array in arrays(batch):
        array[..., rows] = getattr(source, name)[..., source_rows]


SPARSE = 4
"""`advance` works on a sub-batch of the games that move when they are fewer than one in
``SPARSE`` (taking them out and putting them back costs less than a round over all)."""


def advance(apply: Callable[..., None], batch: B, ids: np.ndarray, finished: np.ndarray,
            *also: np.ndarray) -> None:
    """Apply ``ids`` (one per game; -1 and the ``finished`` games stay as they are) to
    ``batch`` in place by ``apply``, a game's function that applies legal ids to a whole
    batch (``apply(batch, ids, *also)``: ``also``, more arrays of one entry per game, taken
    with the ids); when few games move, on the sub-batch of those games (no round over
    the others). `StateError` for a read-only batch (`copied` gives a writable one)."""
    if not all(array.flags.writeable for _, array in arrays(batch)):
        raise StateError("advance changes the batch in place; this one is read-only (a "
                         "batch from step or new_games): advance lockstep.copied(batch)")
    moving = np.flatnonzero((ids >= 0) & ~finished)
    if moving.size * SPARSE >= len(batch):
        apply(batch, np.where(finished, -1, ids), *also)
    elif moving.size:
        part = rows_of(batch, moving)
        apply(part, ids[moving], *(entries[moving] for entries in also))
        put_rows(batch, moving, part, np.arange(moving.size))


def distinct_states(
    states: Iterable[Any], game: ModuleType, check: bool = True
) -> tuple[Any, list[Any], np.ndarray]:
    """The `Rules` of ``states`` (states of the scalar ``game``, all of one `Rules`), the
    distinct states among them and, per state, its index among those: a batch packs each
    distinct state once.

    Each distinct state is checked like ``game.from_json`` checks a document (it must come
    back equal from ``game.from_json(game.to_json(state))``; not with ``check=False``, for
    states the scalar engine made); anything else raises `StateError` or, for states of
    other rules, `RulesError`.
    """
    states = tuple(states)
    if not states:
        raise StateError("from_states needs at least one state")
    name = game.__name__.rsplit(".", 1)[-1]
    for index, state in enumerate(states):
        if not isinstance(state, game.State):
            raise StateError(f"from_states: item {index} is a {type(state).__name__}, "
                             f"not {name}.State")
    rules = states[0].rules
    distinct: dict[Any, int] = {}
    rows = np.empty(len(states), dtype=np.int64)
    for index, state in enumerate(states):
        if state.rules != rules:
            raise RulesError(f"from_states: state {index} has other rules than state 0; a "
                             "batch holds games of one Rules")
        try:
            row = distinct.get(state)
        except TypeError:  # a field that is not a tuple, so no state of the game
            raise StateError(f"from_states: state {index} is malformed (unhashable)") from None
        if row is None:
            if check:
                _check(game, state, index)
            row = distinct[state] = len(distinct)
        rows[index] = row
    return rules, list(distinct), rows


def _check(game: ModuleType, state: Any, index: int) -> None:
    try:
        same = game.from_json(game.to_json(state)) == state
    except StateError as exc:
        raise StateError(f"from_states: state {index} is inconsistent: {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:  # fields of the wrong types
        raise StateError(f"from_states: state {index} is malformed: {exc}") from None
    if not same:
        raise StateError(f"from_states: state {index} is malformed (its fields are not of "
                         "the state's types)")


def size(n: Any) -> int:
    """``n`` as a positive number of games; `RulesError` otherwise."""
    try:
        value = operator.index(n)
    except TypeError:
        raise RulesError(f"the number of games must be an integer, got {quote(n)}") from None
    if value < 1:
        raise RulesError(f"the number of games must be at least 1, got {value}")
    return value


def action_ids(batch: Any, ids: Any) -> np.ndarray:
    """``ids`` as an ``int64[n]`` array for ``batch``; `IllegalMoveError` otherwise."""
    out = np.asarray(ids)
    n = len(batch)
    if out.dtype.kind not in "iu" or out.shape != (n,):
        raise IllegalMoveError(
            f"step needs one integer id per row: an integer array of shape ({n},), got "
            f"{out.dtype} of shape {out.shape}"
        )
    return out.astype(np.int64)


def check_choices(choices: Choices, ids: np.ndarray) -> None:
    """`IllegalMoveError` naming the first decision row whose id is not legal there."""
    for games, candidates, legal in choices:
        bad = games & ~((candidates == ids) & legal).any(axis=0)
        if bad.any():
            game = int(bad.argmax())
            raise IllegalMoveError(
                f"game {game}: action id {int(ids[game])} names no legal move there"
            )


def check_chance(rows: np.ndarray, ids: np.ndarray, possible: np.ndarray) -> None:
    """`IllegalMoveError` naming the first chance row whose outcome id is impossible;
    ``possible[i, k]`` says whether outcome ``k`` can occur in row ``rows[i]``."""
    given = ids[rows]
    inside = (given >= 0) & (given < possible.shape[1])
    ok = inside.copy()
    ok[inside] = possible[np.flatnonzero(inside), given[inside]]
    if not ok.all():
        game = int(rows[(~ok).argmax()])
        raise IllegalMoveError(f"game {game}: chance outcome id {int(ids[game])} cannot occur")


def mask(choices: Choices, n: int, width: int) -> np.ndarray:
    """``bool[n, width]``: True at each decision row's legal ids."""
    out = np.zeros((n, width), dtype=bool)
    for _, candidates, legal in choices:
        games = np.broadcast_to(np.arange(n), legal.shape)[legal]
        out[games, np.broadcast_to(candidates, legal.shape)[legal]] = True
    return out


def weighted(counts: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per row a column drawn with probability its count over the row's total (exactly:
    one integer draw per row)."""
    pick = rng.integers(0, counts.sum(axis=1))
    drawn: np.ndarray = (counts.cumsum(axis=1) > pick[:, None]).argmax(axis=1)
    return drawn


def lucky_turned(minus: np.ndarray, lucky: np.ndarray, axis: int = -1) -> np.ndarray:
    """``int64``: per tower along ``axis`` (fewer than 128 tiles: per tile its minus value,
    a non-negative int8, and whether it is lucky) the sum of the minus tiles VX-SCORE-1's
    lucky tiles turn positive, the largest ones, one per lucky tile. The ``c`` largest
    values sum to the sum over ``k >= 1`` of ``min(c, the values >= k)``: a pass per value
    (in int8, which numpy adds fastest), no sort."""
    count = lucky.view(np.int8).sum(axis=axis, dtype=np.int8)
    turned = np.zeros(count.shape, dtype=np.int64)
    if count.any():
        for least in range(1, int(minus.max()) + 1):
            turned += np.minimum(count, (minus >= least).view(np.int8).sum(axis=axis,
                                                                              dtype=np.int8))
    return turned


def first(mask: np.ndarray) -> np.ndarray:
    """``int8[m]``: per column of the boolean ``mask`` (``[k, m]``, k < 128) the first row
    that is True, k where none is (a maximum along the rows, which numpy runs along the
    columns, unlike ``argmax``)."""
    k = len(mask)
    rows: np.ndarray = k - (mask.view(np.int8) * np.arange(k, 0, -1, dtype=np.int8)[:, None]).max(
        axis=0
    )
    return rows


def count(mask: np.ndarray) -> np.ndarray:
    """``int8[…]``: the True entries of the boolean ``mask`` along its first axis (fewer
    than 128)."""
    counts: np.ndarray = mask.view(np.int8).sum(axis=0, dtype=np.int8)
    return counts


def uniform(legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per column of ``legal`` (``[k, m]``) the row of one of its True entries, each
    equally likely (up to the 53 bits of a uniform double); k where none is. Below 128
    rows the running counts are int8 (`accumulate`)."""
    return pick(legal, rng.random((legal.shape[1],)))


def pick(legal: np.ndarray, uniforms: np.ndarray) -> np.ndarray:
    """`uniform` with each column's uniform double in [0, 1) given (``uniforms``, one per
    column): the row of its True entry number ``floor(u · count)``; k where none is."""
    if len(legal) >= 128:
        counts = legal.sum(axis=0)
        drawn = (legal.cumsum(axis=0) > (uniforms * counts).astype(np.int64)).argmax(axis=0)
        rows: np.ndarray = np.where(counts > 0, drawn, len(legal))
        return rows
    running = legal.view(np.int8).copy()
    at = (uniforms * accumulate(running)).astype(np.int8)
    return count(running <= at)  # the running totals rise: the rows before the first > at


def accumulate(rows: np.ndarray) -> np.ndarray:
    """Each row of ``rows`` (along axis 0) replaced in place by the sum of the rows up to it,
    a row at a time (numpy runs that several times faster than ``cumsum(axis=0)``); returns
    the last row, the totals."""
    for before, row in itertools.pairwise(rows):
        np.add(row, before, out=row)
    totals: np.ndarray = rows[-1]
    return totals


def random_decisions(choices: Choices, n: int, rng: np.random.Generator) -> np.ndarray:
    """Per game at a decision node a legal id of ``choices`` drawn uniformly; -1 at the
    other games."""
    ids = np.full(n, -1, dtype=np.int64)
    for games, candidates, legal in choices:
        chosen = np.minimum(uniform(legal, rng), len(legal) - 1, dtype=np.int64)
        width = candidates.shape[1]  # flat indices: numpy serves them fastest
        ids = np.where(games, candidates.reshape(-1)[chosen * width + (np.arange(n) if width > 1
                                                                      else 0)], ids)
    return ids


def play_out(game: Functions, start: B, rng: np.random.Generator) -> Playouts:
    """Play every game of ``start`` to its end: chance drawn by ``game.sample``,
    decisions by ``game.decide``.

    Each round first resolves every chance node, then every decision node (so games that
    fell out of step, after a Steal or a re-roll, meet again in one array operation);
    finished games are set aside as they accumulate, so later rounds step only the games
    still playing.
    """
    final = copied(start)
    lengths = np.zeros(len(start), dtype=np.int64)
    live = np.flatnonzero(~game.terminal(start))
    work = rows_of(start, live)
    played = np.zeros(live.size, dtype=np.int64)
    while live.size:
        for draw in (game.sample, game.decide):
            ids = draw(work, rng)
            moved = ids >= 0
            if moved.any():  # none at chance under VXV-9, say
                game.advance(work, ids)
                played += moved
        done = game.terminal(work)
        finished = int(done.sum())
        if finished and 8 * finished >= live.size:
            out = np.flatnonzero(done)
            put_rows(final, live[out], work, out)
            lengths[live[out]] = played[out]
            kept = np.flatnonzero(~done)
            work = rows_of(work, kept)
            live, played = live[kept], played[kept]
    return Playouts(frozen(final), lengths)


def observation_rows(out: Any, shape: tuple[int, int]) -> np.ndarray:
    """Where ``observation_array`` writes: ``out``, the caller's preallocated C-contiguous
    ``float32[shape]`` array (`ArgumentError` for another), or a new one; either holds
    anything until written."""
    if out is None:
        return np.empty(shape, dtype=np.float32)
    if not (isinstance(out, np.ndarray) and out.dtype == np.float32 and out.shape == shape
            and out.flags.c_contiguous and out.flags.writeable):
        got = (f"{out.dtype} of shape {out.shape}" if isinstance(out, np.ndarray)
               else quote(out))
        raise ArgumentError(f"out must be a writable, C-contiguous float32 array of shape "
                            f"{shape}, got {got}")
    return out


def seats(player: Any, n: int, players: int) -> np.ndarray:
    """``player`` (one seat, or one per row) as ``int64[n]``; `RulesError` for a seat not
    in the game."""
    seat = np.asarray(player)
    if seat.dtype.kind not in "iu" or seat.shape not in ((), (n,)):
        raise RulesError(f"player must be a seat or an integer array of shape ({n},), got "
                         f"{quote(player)}")
    if ((seat < 0) | (seat >= players)).any():
        raise RulesError(f"no player {quote(player)} in a {players}-player game")
    return np.broadcast_to(seat, (n,)).astype(np.int64)


__getattr__ = renamed(__name__, {"Engine": "Functions"}, globals())
