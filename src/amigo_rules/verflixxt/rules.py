"""`Rules`: the edition, the number of players and every option of Verflixxt!."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from ..core import RulesError
from ..core.checks import quote
from ..core.validators import choice, flag, integer
from ..track import ACTION_TILES_IN_BOX, ACTIONS, BOX, GUARDS_IN_BOX, PATH_TILES

MIN_PLAYERS = 2
"""The fewest players (VX-COMP-2)."""
MAX_PLAYERS = 8
"""The most players: 6 (VX-COMP-2), 8 with two pawns each (VXV-6)."""

LAYOUTS = ("classic", "random", "plus_before_lucky", "lucky_last")
"""The named layouts: VX-SETUP-1, VX-SETUP-2 (shuffled) and VXV-1 (a) and (b)."""


TOWERS = ("open", "top", "hidden")
"""Who sees the towers: everyone, others only the top tile, others only the size
(VXV-HIDDEN-TOWERS)."""
EARLY_END = ("first_home", "one_pawn_left")
"""When the game ends early: VXV-4, VXV-5."""
ROLL_ONE = ("choice", "swap")
"""What a roll of 1 allows besides the plain move: VXV-2, VXV-7."""


def _as_layout(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _layout(_rules: Any, _attribute: Any, value: Any) -> None:
    if value is None:  # not given: resolved by Rules.__attrs_post_init__
        return
    if isinstance(value, str):
        if value not in LAYOUTS:
            raise RulesError(
                f"Rules.layout must be one of {', '.join(map(repr, LAYOUTS))} or a tuple of "
                f"tiles, got {quote(value)}"
            )
        return
    if not isinstance(value, tuple) or not all(isinstance(t, str) for t in value):
        raise RulesError(
            f"Rules.layout must be a layout name or a tuple of tiles, got {quote(value)}"
        )
    unknown = sorted({t for t in value if t not in PATH_TILES and t not in ACTIONS})
    if unknown:
        raise RulesError(
            f"Rules.layout holds unknown tiles {quote(unknown)}; tiles are +1…+8, -1…-10, L, "
            "gift, steal"
        )
    counts = Counter(value)
    for tile, count in counts.items():
        limit = ACTION_TILES_IN_BOX if tile in ACTIONS else BOX[tile]
        if tile in ACTIONS:
            count = sum(counts[a] for a in ACTIONS)
        if count > limit:
            raise RulesError(
                f"Rules.layout holds {quote(tile)} {count} times; the box has {limit}"
                + (" action tiles" if tile in ACTIONS else "")
            )


def _guard_positions(_rules: Any, _attribute: Any, value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or not all(type(p) is int for p in value):
        raise RulesError(f"Rules.guard_positions must be a tuple of positions, got {quote(value)}")
    if len(value) > GUARDS_IN_BOX:
        raise RulesError(f"Rules.guard_positions places {len(value)} guards; the box has 8")


def _tuple_or_none(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _check_variants(rules: Any) -> None:
    """Refuse the variant combinations that make no sense, naming both options."""
    if rules.hidden_tiles and rules.negative_lucky:
        raise RulesError(
            "Rules.hidden_tiles and Rules.negative_lucky lay different tracks "
            "(shuffled / fixed); choose one"
        )
    if rules.negative_lucky:
        if rules.lucky_below:
            raise RulesError(
                "Rules.negative_lucky and Rules.lucky_below both decide what lucky tiles "
                "do; choose one"
            )
        if rules.layout != "classic":
            raise RulesError(
                "Rules.negative_lucky lays its own track (VXV-8); it needs "
                f"Rules.layout='classic', got {quote(rules.layout)}"
            )
    if rules.tactical_cards and rules.roll_one is not None:
        raise RulesError(
            "Rules.tactical_cards replaces the die, so Rules.roll_one (what a rolled 1 "
            f"allows) has no roll to act on; got roll_one={quote(rules.roll_one)}"
        )
    if rules.hidden_tiles and rules.layout != "random":
        raise RulesError(
            "Rules.hidden_tiles lays the tiles shuffled (VXV-10); leave Rules.layout out "
            f"or give 'random', got {quote(rules.layout)}"
        )
    if rules.negative_lucky_sweep:
        if not rules.negative_lucky:
            raise RulesError("Rules.negative_lucky_sweep needs Rules.negative_lucky=True")
        if rules.early_end is not None:
            raise RulesError(
                "Rules.negative_lucky_sweep and Rules.early_end both decide when the game "
                "ends; choose one"
            )


@attrs.frozen(cache_hash=True)
class Rules:
    """The rules of one game of Verflixxt!; validated on construction and by `attrs.evolve`.

    ``Rules()`` is the classic game for 4 players. The presets bundle each edition:

    >>> Rules.amigo(players=3).action_tiles
    True
    >>> Rules(players=9)
    Traceback (most recent call last):
    ...
    amigo_rules.core.errors.RulesError: Rules.players must be an integer from 2 to 8, got 9
    """

    players: int = attrs.field(default=4, validator=integer(MIN_PLAYERS, MAX_PLAYERS))
    """Number of players: 2-6 (VX-COMP-2), 7-8 with two pawns each (VXV-6)."""
    layout: str | tuple[str, ...] | None = attrs.field(
        default=None, converter=_as_layout, validator=_layout
    )
    """``"classic"`` (VX-SETUP-1), ``"random"`` (VX-SETUP-2, VXV-1 c),
    ``"plus_before_lucky"`` / ``"lucky_last"`` (VXV-1 a/b) or the explicit tiles between
    start and finish (VX-SETUP-4). Not given, it is ``"random"`` with ``hidden_tiles``
    (VXV-10) and ``"classic"`` otherwise; the resolved name is what the field holds."""
    guards: bool = attrs.field(default=True, validator=flag)
    """Guards in play (VX-TURN-2)."""
    action_tiles: bool = attrs.field(default=False, validator=flag)
    """Gift/Steal action tiles, inserted after every 8 path tiles of a named layout
    (VX-SETUP-2, VX-ACT-*)."""
    start_tile_to_box: bool = attrs.field(default=False, validator=flag)
    """The start tile leaves the track when its last piece moves off (VX-TAKE-2)."""
    tie_break_fewer_lucky: bool = attrs.field(
        default=False, validator=flag
    )
    """A tie goes to the tied player with fewer lucky tiles (VX-SCORE-2)."""
    guard_positions: tuple[int, ...] | None = attrs.field(
        default=None, converter=_tuple_or_none, validator=_guard_positions
    )
    """Explicit guard positions on an explicit layout (VX-SETUP-4); None: by VX-SETUP-1."""
    lucky_below: bool = attrs.field(default=False, validator=flag)
    """Each lucky tile flips the sign of the tile directly below it (VXV-LUCKY-BELOW)."""
    towers: str = attrs.field(default="open", validator=choice(TOWERS))
    """``"open"``, ``"top"`` or ``"hidden"``: how much of other players' towers an
    observation shows (VXV-HIDDEN-TOWERS)."""
    roll_one: str | None = attrs.field(
        default=None, validator=choice((None, *ROLL_ONE))
    )
    """``"choice"``: a roll of 1 moves one tile forward, one back or not at all (VXV-2);
    ``"swap"``: a roll of 1 moves one tile forward or swaps an own pawn with an opponent's
    pawn on an adjacent tile (VXV-7); None: a 1 is an ordinary roll."""
    passed_tiles_to_end: bool = attrs.field(
        default=False, validator=flag
    )
    """Path tiles every pawn has passed move to directly before the finish; a tile under a
    guard left behind stays with it (VXV-3)."""
    early_end: str | None = attrs.field(
        default=None, validator=choice((None, *EARLY_END))
    )
    """``"first_home"`` (VXV-4) or ``"one_pawn_left"`` (VXV-5); None: VX-END-1."""
    negative_lucky: bool = attrs.field(default=False, validator=flag)
    """Lucky tiles counted by number, laid at the end of the track (VXV-8)."""
    negative_lucky_sweep: bool = attrs.field(
        default=False, validator=flag
    )
    """VXV-8b: tiles behind the last pawn move before the finish; when all players but one
    are home, that player receives every tile still in the track and the game ends."""
    tactical_cards: bool = attrs.field(default=False, validator=flag)
    """VXV-9: cards -1, 1 … 6 instead of the die."""
    hidden_tiles: bool = attrs.field(default=False, validator=flag)
    """VXV-10: the tiles are laid shuffled (``layout`` not given is ``"random"``; any other
    layout given is refused); each turn ends by turning an unoccupied path tile face down;
    guards start on the first 8 plus or lucky tiles."""

    def __attrs_post_init__(self) -> None:
        if self.layout is None:  # VXV-10 lays the tiles shuffled; else VX-SETUP-1
            object.__setattr__(self, "layout", "random" if self.hidden_tiles else "classic")
        _check_variants(self)
        if isinstance(self.layout, tuple):
            has_actions = any(t in ACTIONS for t in self.layout)
            if has_actions != self.action_tiles:
                raise RulesError(
                    "Rules.layout and Rules.action_tiles disagree: an explicit layout holds "
                    "action tiles exactly when action_tiles=True"
                )
        if self.guard_positions is not None:
            if not self.guards:
                raise RulesError("Rules.guard_positions needs Rules.guards=True")
            if not isinstance(self.layout, tuple):
                raise RulesError("Rules.guard_positions needs an explicit Rules.layout")
            bad = [p for p in self.guard_positions if not 1 <= p <= len(self.layout)]
            if bad:
                raise RulesError(
                    f"Rules.guard_positions {bad} are not path tiles (1 … {len(self.layout)})"
                )

    @property
    def pawns_per_player(self) -> int:
        """3 pawns each with 2-4 players, 2 with 5-8 (VX-COMP-2, VXV-6)."""
        return 3 if self.players <= 4 else 2

    @property
    def lucky_tiles(self) -> int:
        """6 lucky tiles; with VXV-8 and more than 4 players two more than players."""
        return self.players + 2 if self.negative_lucky and self.players > 4 else 6

    @classmethod
    def classic(cls, players: int = 4, **options: Any) -> Rules:
        """The Ravensburger 2005 game: classic layout, guards, shared wins."""
        return cls(players=players, **options)

    @classmethod
    def amigo(cls, players: int = 4, **options: Any) -> Rules:
        """The Amigo 2020 base game: random layout with action tiles, no guards."""
        settings = dict(
            layout="random",
            guards=False,
            action_tiles=True,
            start_tile_to_box=True,
            tie_break_fewer_lucky=True,
        )
        return cls(players=players, **{**settings, **options})

    @classmethod
    def amigo_pro(cls, players: int = 4, **options: Any) -> Rules:
        """The Amigo 2020 "Pro Version": classic layout with guards."""
        settings = dict(start_tile_to_box=True, tie_break_fewer_lucky=True)
        return cls(players=players, **{**settings, **options})


PRESETS: Mapping[str, Callable[..., Rules]] = MappingProxyType(
    {"classic": Rules.classic, "amigo": Rules.amigo, "amigo_pro": Rules.amigo_pro})
"""The presets by name, as the command line takes them (read-only)."""
