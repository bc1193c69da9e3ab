"""Setting up a game: the layout (VX-SETUP-1/2/4, VXV-1), the guards and the pawns."""

from __future__ import annotations

from collections import Counter

import numpy as np

from ..core import checks
from ..core.checks import wrong_type
from ..track import (
    BOX,
    FINISH,
    GIFT,
    GUARDS_IN_BOX,
    LUCKY,
    MINUS,
    PATH_TILES,
    PLUS,
    START,
    Board,
)
from .cards import CARDS
from .rules import Rules
from .state import Phase, State

_MINUS_FIRST = MINUS[:8]


def box(rules: Rules) -> Counter[str]:
    """The path tiles of the game: the box (VX-COMP-1), with VXV-8's lucky tiles."""
    if isinstance(rules.layout, tuple):
        return Counter(t for t in rules.layout if t in PATH_TILES)
    if rules.lucky_tiles == BOX[LUCKY]:
        return BOX
    return BOX + Counter({LUCKY: rules.lucky_tiles - BOX[LUCKY]})


def path_tiles(rules: Rules, rng: np.random.Generator | None = None) -> tuple[str, ...]:
    """The tiles between start and finish, action tiles included (VX-SETUP-1/2/4, VXV-1).

    A random layout is shuffled with ``rng``; without one it stays in box order (for checks
    that need only its tiles).
    """
    layout = rules.layout
    if isinstance(layout, tuple):
        return layout
    lucky = (LUCKY,) * 6
    if rules.negative_lucky:  # VXV-8: before -7, -8, -9 of the last group, rest at the end
        path = (*_MINUS_FIRST, *PLUS, *MINUS[:6], LUCKY, "-7", LUCKY, "-8", LUCKY, "-9",
                "-10", *(LUCKY,) * (rules.lucky_tiles - 3))
    elif layout == "classic":
        path = (*_MINUS_FIRST, *lucky, *PLUS, *MINUS)
    elif layout == "plus_before_lucky":
        path = (*_MINUS_FIRST, *PLUS, *lucky, *MINUS)
    elif layout == "lucky_last":
        path = (*_MINUS_FIRST, *PLUS, *MINUS, *lucky)
    else:
        box = sorted(BOX.elements())
        path = tuple(box[i] for i in rng.permutation(len(box))) if rng is not None else tuple(box)
    if rules.action_tiles:  # after each of the first four groups of 8 path tiles
        path = (*sum(((*path[i : i + 8], GIFT) for i in range(0, 32, 8)), ()), *path[32:])
    return path


def guard_positions(rules: Rules, tiles: tuple[str, ...]) -> tuple[int, ...]:
    """Where the guards start: VX-SETUP-1 (lucky, +7, +8), VXV-1 a/b and VXV-8 (+1 … +8),
    VXV-10 (the first 8 plus or lucky tiles), VX-SETUP-4."""
    if not rules.guards:
        return ()
    if rules.guard_positions is not None:
        return tuple(sorted(rules.guard_positions))
    if rules.hidden_tiles:  # VXV-10: the first 8 plus or lucky tiles
        positive = [i for i, tile in enumerate(tiles) if tile == LUCKY or tile[0] == "+"]
        return tuple(positive[:GUARDS_IN_BOX])
    if rules.layout in ("plus_before_lucky", "lucky_last") or rules.negative_lucky:
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
    if type(rules) is not Rules:
        raise wrong_type("new_game", Rules, rules)
    tiles = (START, *path_tiles(rules, np.random.default_rng(checks.seed(seed))), FINISH)
    pawns = ((0,) * rules.pawns_per_player,) * rules.players
    board = Board(tiles, pawns, guard_positions(rules, tiles))
    towers = ((),) * rules.players
    if rules.tactical_cards:  # VXV-9: no die; every hand full
        return State(rules, board, towers, 0, Phase.MOVE, 0, None, (CARDS,) * rules.players)
    return State(rules, board, towers, 0, Phase.ROLL)


def track_length(rules: Rules) -> int:
    """The number of tiles in the track at setup, start and finish included."""
    if isinstance(rules.layout, tuple):
        return len(rules.layout) + 2
    return sum(box(rules).values()) + 2 + (4 if rules.action_tiles else 0)
