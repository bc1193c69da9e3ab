"""Moves of Verflixxt hoch² and their notation.

``card 3y pawn 7`` (play a card on a hatless own pawn), ``card 3y lucky 7`` /
``card 3y cursed 7`` (on the own pawn wearing that hat), ``card 3y cursed 7 -3`` (the
cursed cap's backward choice; ``+1`` for a -1 played forward), ``card -1o guard 4``,
``card 0y`` (a 0 moves nothing), ``stop`` (no double move), ``hat take lucky``,
``hat take cursed``, ``hat give 2``, ``hat swap``, ``hat none``, ``attack 7``
(HO-ATTACK-1), ``steal 2`` (HO-COMBINE-1); chance: ``draw 3y``; the setup's chance nodes:
``lay R5`` (the next tile of the track), ``deal 3y`` (a card dealt), ``turn 3y`` (a card
turned up for the hats) and ``hats 2 0`` (the hats' owners, drawn at random when the pile
runs out during a tie).
"""

from __future__ import annotations

import re
from functools import cache

import attrs

from ..core import IllegalMoveError
from ..core.checks import flag_field, integer_field, notation, number, quote, string_field
from ..core.deprecation import renamed
from ..track import Lay, tile_named
from .tiles import CARD_VALUE, CARDS, TRACK_TILES

PAWN = "pawn"
LUCKY = "lucky"
CURSED = "cursed"
GUARD = "guard"
PIECES = (PAWN, LUCKY, CURSED, GUARD)
HAT_ACTIONS = ("take", "give", "swap", "none")


# Converters carry ignore[misc]: mypy's attrs plugin reads named converters only, not
# the checks.*_field(...) factories (the __init__ argument is then Any, as it is at runtime).
@attrs.frozen
class Play:
    """Play ``card`` on the ``piece`` standing on ``position`` (HO-TURN-1).

    ``piece`` is ``pawn`` (an own pawn without hat), ``lucky``/``cursed`` (the own pawn
    wearing that hat), ``guard``, or None for a 0 card. ``reverse`` is the cursed cap's
    other direction (HO-HAT-4).
    """

    card: str = attrs.field(converter=string_field("Play.card", CARDS))  # type: ignore[misc]
    """The card played: its value and colour (``3y``, ``-1o``)."""
    piece: str | None = attrs.field(
        default=None, converter=string_field("Play.piece", PIECES, optional=True)  # type: ignore[misc]
    )
    """``pawn`` (an own pawn without hat), ``lucky``/``cursed`` (the own pawn wearing that hat),
    ``guard``, or None for a 0 card."""
    position: int = attrs.field(default=0, converter=integer_field("Play.position"))  # type: ignore[misc]
    """Where the piece stands before the move."""
    reverse: bool = attrs.field(default=False, converter=flag_field("Play.reverse"))  # type: ignore[misc]
    """The cursed cap's other direction (HO-HAT-4)."""

    def __str__(self) -> str:
        if self.piece is None:
            return f"card {self.card}"
        text = f"card {self.card} {self.piece} {self.position}"
        if self.reverse:
            value = CARD_VALUE[self.card]
            text += " +1" if value < 0 else f" -{value}"
        return text


@attrs.frozen
class Stop:
    """Decline the double move (HO-TURN-3)."""

    def __str__(self) -> str:
        return "stop"


@attrs.frozen
class HatMove:
    """A hat action of the pawn that just arrived (HO-HAT-2).

    ``action`` is ``take`` (``target`` ``lucky``/``cursed``), ``give`` (``target`` the
    player whose hatless pawn gets the hat), ``swap`` or ``none``.
    """

    action: str = attrs.field(converter=string_field("HatMove.action", HAT_ACTIONS))  # type: ignore[misc]
    """``take``, ``give``, ``swap`` or ``none`` (HO-HAT-2)."""
    target: str = attrs.field(default="", converter=string_field("HatMove.target"))  # type: ignore[misc]
    """With ``take``, the hat (``lucky``/``cursed``); with ``give``, the player whose hatless pawn
    gets it; else empty."""

    def __str__(self) -> str:
        return f"hat {self.action} {self.target}" if self.target else f"hat {self.action}"


@attrs.frozen
class Draw:
    """Drawing a ``card`` of that kind (a chance outcome, HO-TURN-4)."""

    card: str = attrs.field(converter=string_field("Draw.card", CARDS))  # type: ignore[misc]
    """The card drawn (HO-TURN-4)."""

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Deal:
    """A ``card`` of that kind is dealt to the player being dealt to (chance, HO-SETUP-3)."""

    card: str = attrs.field(converter=string_field("Deal.card", CARDS))  # type: ignore[misc]
    """The card dealt (HO-SETUP-3)."""

    def __str__(self) -> str:
        return f"deal {self.card}"


@attrs.frozen
class TurnUp:
    """A ``card`` of that kind is turned up for the hats (chance, HO-SETUP-4)."""

    card: str = attrs.field(converter=string_field("TurnUp.card", CARDS))  # type: ignore[misc]
    """The card turned up for the hats (HO-SETUP-4)."""

    def __str__(self) -> str:
        return f"turn {self.card}"


@attrs.frozen
class Hats:
    """The lucky hat goes to ``lucky``, the cursed cap to ``cursed``: drawn at random when
    the pile runs out while players are tied (chance, HO-SETUP-4)."""

    lucky: int = attrs.field(converter=integer_field("Hats.lucky"))  # type: ignore[misc]
    """The seat that receives the lucky hat (HO-SETUP-4)."""
    cursed: int = attrs.field(converter=integer_field("Hats.cursed"))  # type: ignore[misc]
    """The seat that receives the cursed cap (HO-SETUP-4)."""

    def __str__(self) -> str:
        return f"hats {self.lucky} {self.cursed}"


@attrs.frozen
class Attack:
    """Attack from the tile ``position`` with the pair of equal cards in hand (HO-ATTACK-1)."""

    position: int = attrs.field(converter=integer_field("Attack.position"))  # type: ignore[misc]
    """The shared tile the attack is made on (HO-ATTACK-1)."""

    def __str__(self) -> str:
        return f"attack {self.position}"


@attrs.frozen
class Steal:
    """Take the top-most path tile of ``victim``'s collection (HO-COMBINE-1, VX-ACT-2)."""

    victim: int = attrs.field(converter=integer_field("Steal.victim"))  # type: ignore[misc]
    """The seat whose top tile is taken (HO-COMBINE-1)."""

    def __str__(self) -> str:
        return f"steal {self.victim}"


Move = Play | Stop | HatMove | Draw | Attack | Steal | Lay | Deal | TurnUp | Hats
"""A move of Verflixxt hoch²: a chance draw or setup outcome, or a player's move."""


@cache
def play(card: str, piece: str | None = None, position: int = 0, reverse: bool = False) -> Play:
    return Play(card, piece, position, reverse)


@cache
def attack(position: int) -> Attack:
    return Attack(position)


@cache
def steal(victim: int) -> Steal:
    return Steal(victim)


@cache
def draw(card: str) -> Draw:
    return Draw(card)


@cache
def deal(card: str) -> Deal:
    return Deal(card)


@cache
def turn_up(card: str) -> TurnUp:
    return TurnUp(card)


@cache
def hat(action: str, target: str = "") -> HatMove:
    return HatMove(action, target)


STOP = Stop()

_CARD = r"(-?\d+[yo])"
_PLAY = re.compile(_CARD + r"(?: (pawn|lucky|cursed|guard) (\d+)(?: ([+-]\d+))?)?")
GRAMMAR = ("'card C', 'card C pawn|lucky|cursed|guard P [±N]', 'stop', 'hat take lucky|cursed', "
           "'hat give N', 'hat swap', 'hat none', 'attack P', 'steal N', 'draw C', 'deal C', "
           "'turn C', 'lay T' or 'hats N N' (C: value and y/o, e.g. 3y, -1o; T: a tile)")
"""The notation's forms, as ``parse_move`` names them in its error messages."""


def _unknown(text: str) -> IllegalMoveError:
    return IllegalMoveError(f"unknown move notation {quote(text)}; expected {GRAMMAR}")


def parse_notation(text: str) -> Move:
    """The move written ``text`` (case and spacing are free), legal or not; `parse_move`
    checks it against a state's legal moves.

    >>> str(parse_notation("  CARD 3Y  cursed 7 -3"))
    'card 3y cursed 7 -3'
    """
    head, _, rest = notation(text).partition(" ")
    if head == "stop" and not rest:
        return STOP
    if head == "attack" and re.fullmatch(r"\d+", rest):
        return Attack(number(rest))
    if head == "steal" and re.fullmatch(r"\d+", rest):
        return Steal(number(rest))
    if head == "draw" and rest in CARDS:
        return Draw(rest)
    if head == "deal" and rest in CARDS:
        return Deal(rest)
    if head == "turn" and rest in CARDS:
        return TurnUp(rest)
    if head == "lay" and tile_named(rest, TRACK_TILES) is not None:
        return Lay(tile_named(rest, TRACK_TILES))
    if head == "hats" and re.fullmatch(r"\d+ \d+", rest):
        lucky, cursed = rest.split()
        return Hats(number(lucky), number(cursed))
    if head == "hat":
        if rest in ("swap", "none"):
            return HatMove(rest)
        if rest in ("take lucky", "take cursed"):
            return HatMove("take", rest[5:])
        match = re.fullmatch(r"give (\d+)", rest)
        if match:
            return HatMove("give", str(number(match.group(1))))
        raise _unknown(text)
    if head == "card":
        match = _PLAY.fullmatch(rest)
        if match is None or match.group(1) not in CARDS:
            raise _unknown(text)
        card, piece, position, turn = match.groups()
        if piece is None:
            return Play(card)
        reverse = False
        if turn is not None:
            value = CARD_VALUE[card]
            expected = "+1" if value < 0 else f"-{value}"
            if turn != expected or value == 0:
                raise _unknown(text)
            reverse = True
        return Play(card, piece, number(position), reverse)
    raise _unknown(text)


__getattr__ = renamed(__name__, {"parse": "parse_notation"}, globals())
