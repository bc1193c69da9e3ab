"""Setting up a game: the layout (VX-SETUP-1/2/4, VXV-1), the guards and the pawns."""

from __future__ import annotations

import numpy as np

from ..core import RulesError
from ..track import BOX, FINISH, GIFT, LUCKY, MINUS, PLUS, START, Board
from .rules import Rules
from .state import Phase, State

_MINUS_FIRST = MINUS[:8]


def path_tiles(rules: Rules, rng: np.random.Generator | None = None) -> tuple[str, ...]:
    """The tiles between start and finish, action tiles included (VX-SETUP-1/2/4, VXV-1).

    A random layout is shuffled with ``rng``; without one it stays in box order (for checks
    that need only its tiles).
    """
    layout = rules.layout
    if isinstance(layout, tuple):
        return layout
    lucky = (LUCKY,) * 6
    if layout == "classic":
        path = (*_MINUS_FIRST, *lucky, *PLUS, *MINUS)
    elif layout == "plus_before_lucky":
        path = (*_MINUS_FIRST, *PLUS, *lucky, *MINUS)
    elif layout == "lucky_last":
        path = (*_MINUS_FIRST, *PLUS, *MINUS, *lucky)
    else:
        box = sorted(BOX.elements())
        path = tuple(box[i] for i in rng.permutation(len(box))) if rng is not None else tuple(box)
    if rules.action_tiles:
        path = sum(((*path[i : i + 8], GIFT) for i in range(0, len(path), 8)), ())
    return path


def guard_positions(rules: Rules, tiles: tuple[str, ...]) -> tuple[int, ...]:
    """Where the guards start: VX-SETUP-1 (lucky, +7, +8), VXV-1 a/b (+1 … +8), VX-SETUP-4."""
    if not rules.guards:
        return ()
    if rules.guard_positions is not None:
        return tuple(sorted(rules.guard_positions))
    if rules.layout in ("plus_before_lucky", "lucky_last"):
        guarded: tuple[str, ...] = PLUS
    else:
        guarded = (LUCKY, "+7", "+8")
    return tuple(i for i, tile in enumerate(tiles) if tile in guarded)


def new_game(rules: Rules | None = None, *, seed: int | None = None) -> State:
    """A new game: the track laid, guards placed, every pawn on the start (VX-SETUP-3).

    >>> state = new_game(Rules.classic(players=2))
    >>> state.board.tiles[:4], state.board.pawns
    (('S', '-1', '-2', '-3'), ((0, 0, 0), (0, 0, 0)))
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(f"new_game needs verflixxt.Rules, got {type(rules).__name__}")
    tiles = (START, *path_tiles(rules, np.random.default_rng(seed)), FINISH)
    pawns = ((0,) * rules.pawns_per_player,) * rules.players
    board = Board(tiles, pawns, guard_positions(rules, tiles))
    return State(rules, board, ((),) * rules.players, 0, Phase.ROLL)


def track_length(rules: Rules) -> int:
    """The number of tiles in the track at setup, start and finish included."""
    if isinstance(rules.layout, tuple):
        return len(rules.layout) + 2
    return sum(BOX.values()) + 2 + (4 if rules.action_tiles else 0)
