"""The plan of a tournament: for game ``i`` its seed and who sits where, from the tournament's
parameters alone (never from the executor, the workers or the order games finish in)."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, gcd
from typing import TypeVar

import attrs
import numpy as np

T = TypeVar("T")

SEATINGS = ("rotate", "random")
"""The values of ``tournament(seating=...)``."""

GOLDEN = 0.6180339887498949
"""Stepping through the tables by this fraction of their number visits tables far apart
one after the other (a short run meets varied tables, not only those of the first agents)."""


@attrs.frozen
class Match:
    """One planned game: its index in the tournament, its seed and its agents by seat."""

    index: int
    """The game's index in the tournament, from 0."""
    seed: int
    """The seed of ``amigo_rules.play`` (setup and chance) and, through `agent_seed`, of the
    agents."""
    seating: tuple[str, ...]
    """The tournament's name of the agent in each seat."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament seeded ``seed``: an independent stream per
    game (tournaments of neighbouring seeds share no games), below 2**53 so that JSON
    readers of any language keep it exact.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    state = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1, np.uint64)
    return int(state[0]) >> 11


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game seeded ``seed`` (as the command line's
    ``play`` and ``simulate`` seed their bots).

    >>> agent_seed(7, 0), agent_seed(7, 3)
    (7001, 7004)
    """
    return seed * 1000 + seat + 1


def lineup(names: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The agents of game ``index`` by seat: over every ``a`` consecutive games (``a``
    agents, from game 0 on) each agent plays each seat equally often.

    With no more agents than seats, seat ``s`` of game ``i`` gets agent ``(i + s) mod a``.
    With more, each block of ``a`` games takes a table of ``players`` distinct agents and
    shifts it through all the agents (agent ``k`` becomes ``k + 1 mod a``, and so on),
    which seats every agent once at every seat; the blocks run through every table, in a
    well-spread order (every table within ``comb(a, players) * a`` games).

    >>> [lineup("AB", 4, i) for i in range(2)]
    [('A', 'B', 'A', 'B'), ('B', 'A', 'B', 'A')]
    >>> [lineup("ABC", 2, i) for i in range(3)]
    [('A', 'B'), ('B', 'C'), ('C', 'A')]
    """
    count = len(names)
    if count <= players:
        return tuple(names[(index + seat) % count] for seat in range(players))
    tables = comb(count, players)
    block, shift = divmod(index, count)
    table = combination(range(count), players, block * spread_step(tables) % tables)
    return tuple(names[(k + shift) % count] for k in table)


def spread_step(tables: int) -> int:
    """A step coprime to ``tables`` near its golden section: ``k * step mod tables`` visits
    every table once per cycle, consecutive games far apart."""
    step = max(1, round(tables * GOLDEN))
    while gcd(step, tables) != 1:
        step += 1
    return step


def combination(items: Sequence[T], size: int, rank: int) -> tuple[T, ...]:
    """The ``rank``-th combination of ``size`` items in lexicographic order.

    >>> [combination("ABCD", 2, r) for r in range(6)]
    [('A', 'B'), ('A', 'C'), ('A', 'D'), ('B', 'C'), ('B', 'D'), ('C', 'D')]
    """
    chosen: list[T] = []
    start = 0
    while len(chosen) < size:
        left = size - len(chosen) - 1
        for position in range(start, len(items)):
            block = comb(len(items) - position - 1, left)
            if rank < block:
                chosen.append(items[position])
                start = position + 1
                break
            rank -= block
    return tuple(chosen)


def schedule(
    names: Sequence[str], players: int, games: int, seed: int, seating: str
) -> tuple[Match, ...]:
    """The matches of a tournament: game ``i`` seeded by `game_seed` ``(seed, i)``, seated by
    `lineup` (``"rotate"``) or by the same agents in a random order drawn from the game's
    own stream (``"random"``: every seat equally often on average)."""
    matches = []
    for index in range(games):
        seating_ = lineup(names, players, index)
        if seating == "random":
            rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index, 1)))
            seating_ = tuple(seating_[k] for k in rng.permutation(players))
        matches.append(Match(index, game_seed(seed, index), seating_))
    return tuple(matches)
