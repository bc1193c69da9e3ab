"""Setting up a game: the layout (VX-SETUP-1/2/4, VXV-1), the guards and the pawns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache

import numpy as np

from ..core import checks
from ..core.checks import rules_of
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
    frozen_counts,
    sorted_tiles,
)
from .cards import CARDS
from .rules import Rules
from .state import Phase, State

_MINUS_FIRST = MINUS[:8]


@cache
def box(rules: Rules) -> Mapping[str, int]:
    """The path tiles of the game: the box (VX-COMP-1), with VXV-8's lucky tiles; read-only
    (``Counter(box(rules))`` to compute with it)."""
    if isinstance(rules.layout, tuple):
        return frozen_counts(Counter(t for t in rules.layout if t in PATH_TILES))
    if rules.lucky_tiles == BOX[LUCKY]:
        return BOX
    return frozen_counts({**BOX, LUCKY: rules.lucky_tiles})


def path_tiles(rules: Rules, shuffled: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The tiles between start and finish, action tiles included (VX-SETUP-1/2/4, VXV-1).

    A random layout lays the ``shuffled`` path tiles; without them it stays in box order (for
    checks that need only its tiles).
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
        path = shuffled if shuffled is not None else sorted_tiles(BOX)
    if rules.action_tiles:  # after each of the first four groups of 8 path tiles
        path = (*sum(((*path[i : i + 8], GIFT) for i in range(0, 32, 8)), ()), *path[32:])
    return path


def guard_positions(rules: Rules, tiles: tuple[str, ...]) -> tuple[int, ...]:
    """Where the guards start: VX-SETUP-1 (lucky, +7, +8; also VX-SETUP-4, VXV-1 c and
    VXV-8, there on the 6 lucky tiles nearest the start), VXV-1 a/b (+1 … +8), VXV-10 (the
    first 8 plus or lucky tiles), or explicitly (VX-SETUP-4)."""
    if not rules.guards:
        return ()
    if rules.guard_positions is not None:
        return tuple(sorted(rules.guard_positions))
    if rules.hidden_tiles:  # VXV-10: the first 8 plus or lucky tiles
        positive = [i for i, tile in enumerate(tiles) if tile == LUCKY or tile[0] == "+"]
        return tuple(positive[:GUARDS_IN_BOX])
    if rules.layout in ("plus_before_lucky", "lucky_last"):
        return tuple(i for i, tile in enumerate(tiles) if tile in PLUS)
    lucky = [i for i, tile in enumerate(tiles) if tile == LUCKY][: BOX[LUCKY]]
    return tuple(i for i, tile in enumerate(tiles) if i in lucky or tile in ("+7", "+8"))


def shuffled_setup(rules: Rules) -> bool:
    """Whether the setup lays a shuffled track, one chance node per tile (VX-SETUP-2)."""
    return rules.layout == "random"


def initial_state(rules: Rules | None = None) -> State:
    """The game before its setup's randomness: with a shuffled track (VX-SETUP-2, VXV-1 c,
    VXV-10) a chance node lays each tile (``lay +3``, by the tiles left in the box);
    otherwise the game as `new_game` sets it up.

    >>> state = initial_state(Rules.amigo(players=2))
    >>> state.phase.value, state.board.tiles
    ('lay', ('S',))
    """
    rules = rules_of(Rules, rules, "initial_state")
    if not shuffled_setup(rules):
        return laid_out(rules)
    pawns = ((0,) * rules.pawns_per_player,) * rules.players
    return State(rules=rules, board=Board((START,), pawns), towers=((),) * rules.players,
                 player=0, phase=Phase.LAY, hands=_hands(rules))


def new_game(rules: Rules | None = None, *, seed: int | None = None) -> State:
    """A new game: the track laid, guards placed, every pawn on the start (VX-SETUP-3).

    A shuffled track is drawn from ``seed`` — the chance nodes of `initial_state`, sampled.

    >>> state = new_game(Rules.classic(players=2))
    >>> state.board.tiles[:4], state.board.pawns
    (('S', '-1', '-2', '-3'), ((0, 0, 0), (0, 0, 0)))
    """
    rules = rules_of(Rules, rules, "new_game")
    seed = checks.seed(seed)
    if not shuffled_setup(rules):
        return laid_out(rules)
    tiles = sorted_tiles(box(rules))
    order = np.random.default_rng(seed).permutation(len(tiles))
    return laid_out(rules, tuple(tiles[i] for i in order))


def laid_out(rules: Rules, shuffled: tuple[str, ...] | None = None) -> State:
    """The game once the track is laid (from the ``shuffled`` tiles for a random layout):
    guards placed, pawns on the start, player 0 to roll (VX-SETUP-3) or to play a card
    (VXV-9)."""
    tiles = (START, *path_tiles(rules, shuffled), FINISH)
    pawns = ((0,) * rules.pawns_per_player,) * rules.players
    board = Board(tiles, pawns, guard_positions(rules, tiles))
    towers = ((),) * rules.players
    if rules.tactical_cards:  # VXV-9: no die; every hand full
        return State(rules=rules, board=board, towers=towers, player=0, phase=Phase.MOVE,
                     hands=_hands(rules))
    return State(rules, board, towers, 0, Phase.ROLL)


def _hands(rules: Rules) -> tuple[tuple[int, ...], ...]:
    return (CARDS,) * rules.players if rules.tactical_cards else ()




@cache
def track_length(rules: Rules) -> int:
    """The number of tiles in the track at setup, start and finish included."""
    if isinstance(rules.layout, tuple):
        return len(rules.layout) + 2
    return sum(box(rules).values()) + 2 + (4 if rules.action_tiles else 0)
