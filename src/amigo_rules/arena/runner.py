"""Running planned games on an executor: chunks out, lines back, each line appended to the
results file as its chunk finishes, games already in the file skipped."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor, as_completed
from contextlib import ExitStack, closing

from ..core import StateError
from ..core.checks import quote
from ..core.jsonio import rules_to_data
from .plan import Match
from .results import GameResult, ResultsFile, check_resumed
from .worker import Setup, describe, play_chunk, play_match

CHUNKS = 128
"""Aim for this many chunks (enough to keep any reasonable number of workers busy to the
end)..."""
MAX_CHUNK = 16
"""...of at most this many games (what a kill loses per worker, and the progress step)."""

Progress = Callable[[int, int], None]
"""Called as ``progress(finished, planned)`` at the start and as games finish."""


def chunk_size(games: int) -> int:
    """Games per executor task.

    >>> chunk_size(10), chunk_size(1000), chunk_size(100_000)
    (1, 8, 16)
    """
    return max(1, min(MAX_CHUNK, math.ceil(games / CHUNKS)))


def finished_lines(
    setup: Setup, matches: Sequence[Match], executor: Executor | None
) -> Generator[list[str], None, None]:
    """The lines of the games, a chunk at a time as chunks finish (in any order); closing
    the iterator early cancels the chunks not started."""
    if executor is None:
        for match in matches:
            yield [play_match(setup, match)]
        return
    size = chunk_size(len(matches))
    futures = [
        executor.submit(play_chunk, setup, tuple(matches[start:start + size]))
        for start in range(0, len(matches), size)
    ]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


def run(
    setup: Setup,
    matches: Sequence[Match],
    *,
    executor: Executor | None = None,
    results: ResultsFile | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play the matches not yet in ``results`` (not yet open: opened, checked and written
    here); every game's result, in match order.

    An exception (an interrupt included) stops the run: finished games are in the file,
    chunks not started are cancelled.
    """
    by_index = {match.index: match for match in matches}
    done: dict[int, GameResult] = {}
    with ExitStack() as stack:
        log = None
        if results is not None:
            log = stack.enter_context(results)
            resume(log, setup, by_index, done)
            log.begin()
        todo = [match for match in matches if match.index not in done]
        if progress is not None:
            progress(len(done), len(matches))
        with closing(finished_lines(setup, todo, executor)) as chunks:
            for lines in chunks:
                for line in lines:
                    if log is not None:
                        log.append(line)
                    game = GameResult.from_line(line)
                    done[game.index] = game
                if progress is not None:
                    progress(len(done), len(matches))
    return [done[match.index] for match in matches]


def resume(
    log: ResultsFile, setup: Setup, by_index: dict[int, Match], done: dict[int, GameResult]
) -> None:
    """Take the planned games already in the file (checked to be this tournament's)."""
    rules = json.loads(json.dumps(rules_to_data(setup.rules)))
    for line in log.read():
        index = line.get("index")
        if type(index) is not int:
            raise StateError(f"{log.path}: a line without a game index: {quote(index)}")
        match = by_index.get(index)
        if match is None or index in done:
            continue  # beyond the games planned now, or a copy: the first one counts
        expected = {
            "seed": match.seed,
            "seating": list(match.seating),
            "agents": [describe(setup.agents[name]) for name in match.seating],
            "game": setup.game,
            "rules": rules,
        }
        check_resumed(line, expected, log.path)
        try:
            done[index] = GameResult.from_line(line)
        except StateError as exc:
            raise StateError(f"{log.path}, game {index}: {exc}") from None
