"""`Rules`: the number of players, the deck and the options of Verflixxt hoch²."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

import attrs

from ..core import RulesError
from ..core.checks import quote
from ..core.validators import choice, flag, integer
from ..track import ACTION_TILES_IN_BOX, ACTIONS, frozen_counts
from .tiles import DEFAULT_DECK, PATH_BOX, RISK_BOX, TRACK_TILES, VALUES

MIN_PLAYERS = 2
"""The fewest players (HO-COMP-4)."""
MAX_PLAYERS = 8
"""The most players (HO-COMP-4)."""

DECK_LIMIT = 240
"""The most cards a deck may hold: four times the box's 60 (ruling: a generous bound that
keeps setup and every state small)."""
RISK_RANKS = ("zero", "parity")
"""How Gift ranks a risk tile (HO-COMBINE-1): worth 0, or its value by the holder's parity."""


def _as_deck(value: Any) -> Any:
    """Normalise a deck to one ``(value, yellow, orange)`` triple per value -1 … 6."""
    if isinstance(value, dict):
        value = tuple((k, *v) if isinstance(v, (tuple, list)) else (k,) for k, v in value.items())
    if not isinstance(value, (tuple, list)):
        raise RulesError(f"Rules.deck must be (value, yellow, orange) triples, got {quote(value)}")
    counts: dict[int, tuple[int, int]] = {}
    for entry in value:
        if (
            not isinstance(entry, (tuple, list))
            or len(entry) != 3
            or not all(type(x) is int for x in entry)
        ):
            raise RulesError(f"Rules.deck entry {quote(entry)} is not (value, yellow, orange)")
        card, yellow, orange = entry
        if card not in VALUES or card in counts:
            raise RulesError(f"Rules.deck: value {quote(card)} is not one of -1 … 6 or repeated")
        if yellow < 0 or orange < 0:
            raise RulesError(f"Rules.deck: negative count for value {card}")
        counts[card] = (yellow, orange)
    return tuple((v, *counts.get(v, (0, 0))) for v in VALUES)


def _as_layout(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _layout(_rules: Any, _attribute: Any, value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or not all(isinstance(t, str) for t in value):
        raise RulesError(f"Rules.layout must be None or a tuple of tiles, got {quote(value)}")
    unknown = sorted({t for t in value if t not in TRACK_TILES and t not in ACTIONS})
    if unknown:
        raise RulesError(f"Rules.layout holds unknown tiles {quote(unknown)}")
    box = Counter(PATH_BOX) + Counter(RISK_BOX)
    if sum(t in ACTIONS for t in value) > ACTION_TILES_IN_BOX:
        raise RulesError(f"Rules.layout holds more than {ACTION_TILES_IN_BOX} action tiles")
    over = {t: n for t, n in Counter(value).items() if t not in ACTIONS and n > box[t]}
    if over:
        raise RulesError(f"Rules.layout holds more tiles than the box: {quote(over)}")
    if not any(t in TRACK_TILES for t in value):
        raise RulesError("Rules.layout needs at least one path or risk tile")


@attrs.frozen(cache_hash=True)
class Rules:
    """The rules of one game of Verflixxt hoch²; validated on construction.

    >>> Rules(players=3).pawns_per_player
    3
    >>> Rules(players=1)
    Traceback (most recent call last):
    ...
    amigo_rules.core.errors.RulesError: Rules.players must be an integer from 2 to 8, got 1
    """

    players: int = attrs.field(default=4, validator=integer(MIN_PLAYERS, MAX_PLAYERS))
    """Number of players, 2-8 (HO-COMP-4)."""
    deck: tuple[tuple[int, int, int], ...] = attrs.field(default=DEFAULT_DECK, converter=_as_deck)
    """The movement cards: ``(value, yellow, orange)`` per value -1 … 6 (HO-COMP-2)."""
    layout: tuple[str, ...] | None = attrs.field(
        default=None, converter=_as_layout, validator=_layout
    )
    """None: the box shuffled (HO-SETUP-1); or the explicit tiles between start and finish
    (for puzzles and tests)."""
    attack: bool = attrs.field(default=False, validator=flag)
    """The variant "À l'attaque !" (HO-ATTACK-1): a pair of equal cards pushes opponents."""
    action_tiles: bool = attrs.field(default=False, validator=flag)
    """The amigo action tiles Gift/Steal (HO-COMBINE-1): one inserted Gift side up after every
    8 tiles of the shuffled track, or as laid in an explicit ``layout``."""
    risk_rank: str = attrs.field(default="zero", validator=choice(RISK_RANKS))
    """With action tiles, how Gift values a risk tile (HO-COMBINE-1): ``"zero"`` (its sign is
    not known before the end) or ``"parity"`` (its value by its holder's current parity)."""

    def __attrs_post_init__(self) -> None:
        if not self.action_tiles:
            if self.layout is not None and any(t in ACTIONS for t in self.layout):
                raise RulesError("Rules.layout holds action tiles; they need action_tiles=True")
            if self.risk_rank != "zero":
                raise RulesError("Rules.risk_rank only matters with action_tiles=True")
        total = sum(y + o for _, y, o in self.deck)
        if total < 3 * self.players:
            raise RulesError(
                f"Rules.deck holds {total} cards; {self.players} players need at least "
                f"{3 * self.players} (2 dealt and 1 turned up each)"
            )
        if total > DECK_LIMIT:
            raise RulesError(f"Rules.deck holds {quote(total)} cards; at most {DECK_LIMIT} are "
                             "allowed (four times the box's 60)")
        if not any(y + o for value, y, o in self.deck if value > 0):
            raise RulesError("Rules.deck holds no card of value 1 … 6: no pawn could move "
                             "forward, so no game could end")

    @property
    def pawns_per_player(self) -> int:
        """3 pawns each with 2-4 players, 2 with 5-8 (HO-COMP-4)."""
        return 3 if self.players <= 4 else 2

    def box(self) -> Mapping[str, int]:
        """The tiles laid between start and finish (HO-COMP-1), as a read-only multiset
        (``Counter(rules.box())`` to compute with it)."""
        return _box(self)

    @property
    def action_count(self) -> int:
        """How many action tiles the track holds (HO-COMBINE-1): 4, as laid, or none."""
        if not self.action_tiles:
            return 0
        if self.layout is None:
            return ACTION_TILES_IN_BOX
        return sum(t in ACTIONS for t in self.layout)

    @property
    def track_length(self) -> int:
        """Tiles in the track at setup, start and finish included (action tiles too)."""
        return _track_length(self)


@cache
def _box(rules: Rules) -> Mapping[str, int]:
    if rules.layout is not None:
        return frozen_counts(Counter(t for t in rules.layout if t not in ACTIONS))
    risk = Counter(RISK_BOX) - Counter(["R3"]) if rules.players in (2, 4) else RISK_BOX
    return frozen_counts(Counter(PATH_BOX) + Counter(risk))


@cache
def _track_length(rules: Rules) -> int:
    return sum(rules.box().values()) + rules.action_count + 2
