"""What both batch engines share: a batch as read-only arrays with one row per game, the
checks of ``step``'s ids, the uniform choice among legal moves and the random-playout loop.

An engine describes itself by an `Engine`: how to tell terminal rows, how to list each
decision row's candidate ids, how to sample chance rows and how to advance rows in place.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs
import numpy as np

from ..core import IllegalMoveError, RulesError

B = TypeVar("B")

Choices = list[tuple[np.ndarray, np.ndarray, np.ndarray]]
"""Per kind of decision node: the rows, their candidate ids ``[rows, k]`` and which
candidates are legal ``[rows, k]`` (a legal id appears once among a row's candidates)."""


@attrs.frozen
class Engine:
    """The game-specific functions the shared loop calls; every array is over all rows."""

    terminal: Callable[[Any], np.ndarray]
    """``bool[n]``: the rows whose game is over."""
    choices: Callable[[Any], Choices]
    """The decision rows with their candidate ids (see `Choices`)."""
    sample: Callable[[Any, np.random.Generator], np.ndarray]
    """A chance outcome id for every chance row, -1 elsewhere."""
    advance: Callable[[Any, np.ndarray], None]
    """Apply one legal id per non-terminal row, in place (no checks)."""


@attrs.frozen
class Playouts:
    """The result of ``random_playouts``: the finished games and their lengths."""

    final: Any
    """The batch of finished games (every row terminal)."""
    lengths: np.ndarray
    """``int64[n]``: per game the number of moves played, chance outcomes included."""

    @property
    def steps(self) -> int:
        """Moves played over every game, chance outcomes included."""
        return int(self.lengths.sum())


def arrays(batch: Any) -> Iterable[tuple[str, np.ndarray]]:
    """The array fields of ``batch``, by name."""
    return ((f.name, getattr(batch, f.name)) for f in attrs.fields(type(batch)) if f.name != "rules")


def frozen(batch: B) -> B:
    """``batch`` with read-only arrays: a batch is a value, like the scalar states."""
    for _, array in arrays(batch):
        array.flags.writeable = False
    return batch


def copied(batch: B) -> B:
    """A writable copy of ``batch``."""
    return attrs.evolve(batch, **{name: array.copy() for name, array in arrays(batch)})


def rows_of(batch: B, rows: np.ndarray) -> B:
    """A writable batch of the given rows of ``batch``."""
    return attrs.evolve(batch, **{name: array[rows] for name, array in arrays(batch)})


def put_rows(batch: Any, rows: np.ndarray, source: Any, source_rows: np.ndarray) -> None:
    """Write ``source``'s ``source_rows`` into ``batch``'s ``rows``, in place."""
    for name, array in arrays(batch):
        array[rows] = getattr(source, name)[source_rows]


def size(n: Any) -> int:
    """``n`` as a positive number of games; `RulesError` otherwise."""
    try:
        value = operator.index(n)
    except TypeError:
        raise RulesError(f"the number of games must be an integer, got {n!r}") from None
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
    for rows, candidates, legal in choices:
        given = ids[rows]
        bad = ~((candidates == given[:, None]) & legal).any(axis=1)
        if bad.any():
            row = int(rows[bad.argmax()])
            raise IllegalMoveError(f"row {row}: action id {int(ids[row])} names no legal move")


def check_chance(rows: np.ndarray, ids: np.ndarray, possible: np.ndarray) -> None:
    """`IllegalMoveError` naming the first chance row whose outcome id is impossible;
    ``possible[i, k]`` says whether outcome ``k`` can occur in row ``rows[i]``."""
    given = ids[rows]
    inside = (given >= 0) & (given < possible.shape[1])
    ok = inside.copy()
    ok[inside] = possible[np.flatnonzero(inside), given[inside]]
    if not ok.all():
        row = int(rows[(~ok).argmax()])
        raise IllegalMoveError(f"row {row}: chance outcome id {int(ids[row])} cannot occur")


def mask(choices: Choices, n: int, width: int) -> np.ndarray:
    """``bool[n, width]``: True at each decision row's legal ids."""
    out = np.zeros((n, width), dtype=bool)
    for rows, candidates, legal in choices:
        out[np.broadcast_to(rows[:, None], legal.shape)[legal], candidates[legal]] = True
    return out


def weighted(counts: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per row a column drawn with probability its count over the row's total (exactly:
    one integer draw per row); a row of booleans draws among its True entries uniformly."""
    pick = rng.integers(0, counts.sum(axis=1))
    return (counts.cumsum(axis=1) > pick[:, None]).argmax(axis=1)


def random_ids(engine: Engine, batch: Any, rng: np.random.Generator) -> np.ndarray:
    """Per row a chance outcome drawn by its probability, or a legal decision id drawn
    uniformly; -1 for terminal rows."""
    ids = engine.sample(batch, rng)
    for rows, candidates, legal in engine.choices(batch):
        ids[rows] = np.take_along_axis(candidates, weighted(legal, rng)[:, None], 1)[:, 0]
    return ids


def play_out(engine: Engine, start: B, rng: np.random.Generator) -> Playouts:
    """Play every row of ``start`` to its end with `random_ids`, stepping only the rows
    still playing (finished rows are set aside as they accumulate)."""
    final = copied(start)
    lengths = np.zeros(len(start), dtype=np.int64)
    live = np.flatnonzero(~engine.terminal(start))
    work = rows_of(start, live)
    playing = np.ones(live.size, dtype=bool)
    while live.size:
        engine.advance(work, random_ids(engine, work, rng))
        lengths[live] += playing
        playing = ~engine.terminal(work)
        finished = live.size - int(playing.sum())
        if finished and 8 * finished >= live.size:
            put_rows(final, live[~playing], work, np.flatnonzero(~playing))
            kept = np.flatnonzero(playing)
            work = rows_of(work, kept)
            live = live[kept]
            playing = playing[kept]
    return Playouts(frozen(final), lengths)


def seats(player: Any, n: int, players: int) -> np.ndarray:
    """``player`` (one seat, or one per row) as ``int64[n]``; `RulesError` for a seat not
    in the game."""
    seat = np.asarray(player)
    if seat.dtype.kind not in "iu" or seat.shape not in ((), (n,)):
        raise RulesError(f"player must be a seat or an integer array of shape ({n},), got "
                         f"{player!r}")
    if ((seat < 0) | (seat >= players)).any():
        raise RulesError(f"no player {player!r} in a {players}-player game")
    return np.broadcast_to(seat, (n,)).astype(np.int64)
