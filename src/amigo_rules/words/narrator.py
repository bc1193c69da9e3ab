"""The narration: one line per event of `amigo_rules.core.Event` (each game's
``move_events``), in words, told to a viewer (their own lines say "you", other seats are
called by their names or numbers), and the short previews of the numbered legal moves.
Only the wording is here: what happened comes from the library, how a game's tiles, cards
and pieces read from the game (its ``wording(rules)``, a `Wording`)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

import attrs

from ..core import Event, get_game
from ..core.names import NUMBERS, Names, names_of
from ..core.text import Line, Span, plain, plural
from ..core.wording import Wording

Words = list[Span]
"""A sentence, as spans of text and their styles."""


class Teller:
    """Tells events to ``viewer`` (None: to an onlooker) in a game's `Wording`, naming
    the players by ``names`` (``P0`` … without) and the viewer "you".

    Build one with `Teller.of`. ``Teller(viewer, pawns)`` without a ``wording`` is the
    former constructor, deprecated: it words every game's tiles as hoch² does."""

    def __init__(self, viewer: int | None = None, pawns: int | None = None, *,
                 wording: Wording | None = None, names: Names = NUMBERS) -> None:
        if wording is None:
            warnings.warn("Teller(viewer, pawns) is deprecated and will be removed in the "
                          "next version: use Teller.of(game, rules, viewer)",
                          DeprecationWarning, stacklevel=2)
            wording = _former_wording(pawns)
        self.viewer = viewer
        """Whose view the events are told from (None: an onlooker's). A sentence depends
        on it only through `is_viewer`."""
        self.asked: set[int | None] | None = None
        """The players `is_viewer` was asked about since this was made a set (None: not
        noted): the words of another viewer whom each of them is, or is not, alike are
        the same (the game server words a move once for such viewers)."""
        self.wording = wording
        """How the game's tiles, cards and pieces read."""
        self.names = names
        """What each seat is called."""

    @classmethod
    def of(cls, game: ModuleType | str, rules: Any, viewer: int | None = None, *,
           names: Sequence[str] | None = None) -> Teller:
        """The teller of ``game`` (a game module or its name) under ``rules`` for
        ``viewer`` (a seat, `SPECTATOR` or None), the seats called ``names`` (one string
        per seat, see `amigo_rules.core.names`).

        >>> from amigo_rules import verflixxt
        >>> from amigo_rules.core import Event
        >>> teller = Teller.of(verflixxt, verflixxt.Rules(), 1, names=["Ann", "Bo", "Cy", "Di"])
        >>> teller.sentence([Event("steal", 0, other=1, item="+5")])
        'Ann steals +5 from you ◀'
        """
        module = get_game(game) if isinstance(game, str) else game
        wording: Wording = module.wording(rules)
        return cls(viewer, wording=wording, names=names_of(names, rules.players, "Teller"))

    @property
    def pawns(self) -> int | None:
        """Pawns per player: a player with that many home has every pawn home."""
        return self.wording.pawns

    def is_viewer(self, player: int | None) -> bool:
        """Whether ``player`` is the viewer (noted in `asked`, if noted)."""
        if self.asked is not None:
            self.asked.add(player)
        return player is not None and player == self.viewer

    def who(self, player: int | None) -> Span:
        """The player as a sentence's subject or object: "you", a name or ``P2``."""
        if self.is_viewer(player):
            return "you", f"p{player}"
        return self._name(player), f"p{player}"

    def whose(self, player: int | None) -> Span:
        """The player's possessive: "your", "Alice's" or "P2's"."""
        if self.is_viewer(player):
            return "your", f"p{player}"
        return f"{self._name(player)}'s", f"p{player}"

    def _name(self, player: int | None) -> str:
        return f"P{player}" if player is None else self.names.short(player)

    def whose_other(self, player: int | None, other: int | None) -> Span:
        """The owner of another pawn than ``player``'s moved one: "their own" (or "your own")
        when it is ``player``'s too, else `whose`."""
        if other is None or other != player:
            return self.whose(other)
        return ("your own" if self.is_viewer(player) else "their own"), f"p{player}"

    def says(self, player: int | None, plain: str, third: str) -> Span:
        """The verb for ``player``: "take" for you, "takes" for another player."""
        return (plain if self.is_viewer(player) else third), ""

    def lines(self, events: Sequence[Event]) -> list[Line]:
        """One line per event; a card played and the move it makes share a line."""
        out: list[Line] = []
        pending: Words = []
        for event in events:
            words = self.words(event)
            if event.kind == "card" and event.player is not None:
                pending = words
                continue
            if pending:
                if event.kind in ("move", "zero", "stay"):
                    words = [*pending, (": ", ""), *_predicate(words)]
                else:
                    out.append(tuple(pending))
                pending = []
            out.append(tuple(words))
        if pending:
            out.append(tuple(pending))
        return out

    def words(self, event: Event) -> Words:
        """The sentence telling ``event``."""
        return TELLERS[event.kind](self, event)

    def sentence(self, events: Sequence[Event]) -> str:
        """`lines` as one line of plain text, its sentences joined by ``"; "`` (the seat
        protocol's ``event`` text)."""
        return plain(self.lines(events)).replace("\n", "; ")

    def item(self, item: str | None, hidden: str = "a hidden tile") -> Span:
        """An item in the game's words; ``hidden`` for None (an item the viewer may not
        see)."""
        return self.wording.item(item) if item is not None else (hidden, "hidden")

    def card(self, event: Event) -> Span:
        """The card of ``event``: its item in the game's words, else its value."""
        return (self.wording.card(event.item) if event.item is not None
                else (str(event.value), "bold"))

    def preview_line(self, events: Sequence[Event]) -> str:
        """`preview` as plain text."""
        return "".join(text for text, _ in self.preview(events))

    def preview(self, events: Sequence[Event]) -> Words:
        """What a move would do, briefly (for the list of legal moves): where the piece
        goes (named unless it is a plain pawn: ``guard``, ``the cursed-cap pawn``) and the
        consequences, without the mover's name."""
        parts: list[Words] = []
        for event in events:
            if event.kind in QUIET:
                continue
            if event.kind == "move":
                piece = [] if event.piece == "pawn" else [
                    (self.wording.piece(event.piece) + " ", "")]
                parts.append([*piece, (f"→ {event.target} (", ""), self.item(event.item, "?"),
                              (")", "")])
            else:
                words = self.words(event)
                if event.player is not None and event.player == events[0].player:
                    words = _predicate(words)
                parts.append([span for span in words if span[1] != "dim"])
        out: Words = []
        for part in parts:
            out += [(" · ", "dim")] * bool(out) + part
        return out


QUIET = frozenset({"card", "flip", "over", "reroll", "stop", "hat_keep", "place", "attack"})
"""Kinds a preview leaves out: the move's own name says them."""


def _predicate(words: Words) -> Words:
    """``words`` without their subject (the first span and the space after it)."""
    return words[2:] if len(words) > 2 and words[1] == (" ", "") else words


def _subject(t: Teller, e: Event, plain: str, third: str) -> Words:
    return [t.who(e.player), (" ", ""), t.says(e.player, plain, third)]


# ------------------------------------------------------------------ the tile games


def _move(t: Teller, e: Event) -> Words:
    piece = t.wording.piece(e.piece)
    if e.origin == e.target:
        return [*_subject(t, e, "leave", "leaves"),
                (f" {piece} {e.origin} where it is (nothing behind it)", "")]
    words = [*_subject(t, e, "move", "moves"), (f" {piece} {e.origin} → {e.target}", "")]
    if e.value is not None and e.value < 0:
        words.append((f" ({-e.value} back)", ""))
    return [*words, (", onto ", ""), t.item(e.item, "a face-down tile")]


def _take(t: Teller, e: Event) -> Words:
    words = _subject(t, e, "take", "takes")
    noun = t.wording.noun(e.item) if e.item is not None else ""
    words.append((f" the {noun} " if noun else " ", ""))
    words.append(t.item(e.item))
    if e.target is not None and e.origin is not None and e.target >= e.origin:
        words.append((f" · the track closes up: that pawn is now on {e.target}", "dim"))
    return words


def _home(t: Teller, e: Event) -> Words:
    if e.value is not None and t.pawns is not None and e.value >= t.pawns:
        return [t.who(e.player), (" ", ""), t.says(e.player, "have", "has"),
                (" every pawn home", "good")]
    return [t.whose(e.player), (" pawn reaches the finish", ""),
            (f" ({e.value} home)" if e.value else "", "dim")]


def _gift(t: Teller, e: Event) -> Words:
    return [t.whose(e.player), (" Gift: ", "gift"), t.item(e.item, "the top tile"),
            (" goes to ", ""), t.who(e.other), *_hit(t, e)]


def _hit(t: Teller, e: Event) -> Words:
    """A mark calling out what another player does to the viewer."""
    hit = t.is_viewer(e.other) and e.player != e.other
    return [(" ◀", "alert")] if hit else []


def _steal(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "steal", "steals"), (" ", ""), t.item(e.item, "the top tile"),
            (" from ", ""), t.who(e.other), *_hit(t, e)]


def _flip(t: Teller, e: Event) -> Words:
    side = "Steal" if e.item == "steal" else "Gift"
    return [(f"the action tile on {e.origin} flips to ", ""), (side, e.item or "")]


def _turn_down(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "turn", "turns"), (" ", ""), t.item(e.item),
            (f" on {e.origin} face down", "")]


def _pass(t: Teller, e: Event) -> Words:
    cards = " ".join(e.items)
    return [*_subject(t, e, "cannot", "cannot"), (" play: ", ""),
            (f"the cards {cards} are laid out as played" if cards else "no card left", "")]


def _end_take(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "take", "takes"), (" ", ""), *_tiles(t, e.items),
            (" (pawns alone on path tiles at the early end, VXV-4)", "dim")]


def _tiles(t: Teller, items: Iterable[str]) -> Words:
    out: Words = []
    for item in items:
        out += [(" ", "")] * bool(out) + [t.item(item) if item != "?" else ("?", "hidden")]
    return out


def _card(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "play", "plays"), (" ", ""), t.card(e)]


def _draw(t: Teller, e: Event) -> Words:
    if e.item is None:
        return [*_subject(t, e, "draw", "draws"), (" a card", "")]
    return [*_subject(t, e, "draw", "draws"), (" ", ""), t.card(e)]


def _deal(t: Teller, e: Event) -> Words:
    if e.items:
        return [t.whose(e.player), (" cards: ", ""), *_cards(t, e.items)]
    return [t.who(e.player), (" ", ""), t.says(e.player, "are", "is"), (" dealt ", ""),
            t.card(e) if e.item else ("a card", "")]


def _cards(t: Teller, items: Iterable[str]) -> Words:
    out: Words = []
    for card in items:
        out += [(" ", "")] * bool(out) + [t.wording.card(card)]
    return out


def _turn_up(t: Teller, e: Event) -> Words:
    if e.player is None:
        return [("cards turned up for the hats: ", ""), *_cards(t, e.items)]
    return [*_subject(t, e, "turn", "turns"), (" up ", ""), t.wording.card(e.item or ""),
            (" for the hats", "")]


def _hats(t: Teller, e: Event) -> Words:
    return [t.who(e.player), (" ", ""), t.says(e.player, "get", "gets"), (" the ", ""),
            ("lucky hat", "hat+"), (" and ", ""), t.says(e.player, "begin", "begins"),
            (" · ", ""), t.who(e.other), (" ", ""), t.says(e.other, "get", "gets"),
            (" the ", ""), ("cursed cap", "hat-")]


def _hat_take(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "take", "takes"), (" the ", ""), t.item(e.item),
            (" from ", ""), t.whose_other(e.player, e.other), (" pawn", ""), *_hit(t, e)]


def _hat_give(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "hand", "hands"), (" the ", ""), t.item(e.item),
            (" to ", ""), t.whose_other(e.player, e.other), (" pawn", ""), *_hit(t, e)]


def _hat_swap(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "swap", "swaps"), (" hats with ", ""), t.whose_other(e.player, e.other),
            (" pawn and now wears the ", ""), t.item(e.item), *_hit(t, e)]


def _hat_home(t: Teller, e: Event) -> Words:
    points = t.wording.worth(e.item or "")
    return [("the ", ""), t.item(e.item), (" reaches the finish: ", ""),
            (f"{points:+d}", "good" if points > 0 else "bad"), (" for ", ""), t.who(e.player)]


def _attack(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "attack", "attacks"), (f" from {e.origin} with the pair ", ""),
            *_cards(t, e.items)]


def _pushed(t: Teller, e: Event) -> Words:
    count = e.value or 0
    if e.player is None:
        what: Words = [("the guard" if count == 1 else f"{count} guards", "guard")]
    else:
        what = [t.whose(e.player), (" pawn" if count == 1 else f" {count} pawns", "")]
    pushed = Event("pushed", None, other=e.player)  # pushed by the player to move
    return [*what, (f" pushed {e.origin} → {e.target}", ""), *_hit(t, pushed)]


# ------------------------------------------------------------------ EXXtra


def _roll(t: Teller, e: Event) -> Words:
    if e.item is None:  # the die of the tile games
        return [*_subject(t, e, "roll", "rolls"), (f" {e.value}", "bold")]
    return [*_subject(t, e, "roll", "rolls"), (" ", ""), t.item(e.item),
            (f": {e.value:02d}" if e.value is not None else "", "")]


def _double(t: Teller, e: Event) -> Words:
    return [(f"a double moves {t.who(e.player)[0]} at once: ", ""),
            (f"{e.origin} → {e.target}", "good")]


def _x_end(t: Teller, e: Event) -> Words:
    back = (f"back {plural(e.value or 0, 'space')}, {e.origin} → {e.target}"
            if e.origin != e.target else "nothing to lose on the start")
    return [("X! ", "alert"), t.whose(e.player), (" turn is over: ", ""), (back, "bad")]


def _place(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "place", "places"), (" ", ""), t.item(e.item),
            (f" on rung {e.value}", "")]


def _knock_off(t: Teller, e: Event) -> Words:
    return [t.whose(e.other), (" pair ", ""), t.item(e.item),
            (f" on rung {e.value} is knocked off, back to the hand", "bad"), *_hit(t, e)]


def _advance(t: Teller, e: Event) -> Words:
    if not e.value:
        return [t.whose(e.player), (" pair ", ""), t.item(e.item),
                (" comes back from rung 0, moving nothing", "")]
    return [t.whose(e.player), (" pair ", ""), t.item(e.item),
            (f" on rung {e.value} moves the counter {e.origin} → {e.target}", "")]


TELLERS: dict[str, Callable[[Teller, Event], Words]] = {
    "lay": lambda t, e: [("tile ", "dim"), t.item(e.item), (f" laid at {e.target}", "dim")],
    "roll": _roll,
    "card": _card,
    "move": _move,
    "stay": lambda t, e: [*_subject(t, e, "leave", "leaves"),
                          (f" {t.wording.piece(e.piece)} {e.origin} where it is (+0)", "")],
    "zero": lambda t, e: [*_subject(t, e, "move", "moves"), (" nothing", "")],
    "swap": lambda t, e: [*_subject(t, e, "swap", "swaps"),
                          (f" the pawn on {e.origin} with ", ""), t.whose(e.other),
                          (f" pawn on {e.target}", ""), *_hit(t, e)],
    "home": _home,
    "take": _take,
    "start_to_box": lambda t, e: [("the start tile goes back to the box", ""), (
        f" · the track closes up: that pawn is now on {e.target}", "dim")],
    "gift": _gift,
    "gift_nothing": lambda t, e: [t.whose(e.player), (" Gift: ", "gift"),
                                  ("an empty tower, nothing to give", "")],
    "steal": _steal,
    "steal_nothing": lambda t, e: [t.whose(e.player), (" Steal: ", "steal"),
                                   ("nobody has a tile to steal", "")],
    "flip": _flip,
    "turn_down": _turn_down,
    "stop": lambda t, e: [*_subject(t, e, "end", "ends"), (" the turn", "")],
    "pass": _pass,
    "hands_back": lambda t, e: [("every player takes all seven cards back", "")],
    "passed_to_end": lambda t, e: [("tiles every pawn has passed move before the finish: ",
                                    ""), *_tiles(t, e.items)],
    "end_take": _end_take,
    "penalty": lambda t, e: [*_subject(t, e, "take", "takes"), (" ", ""), t.item(e.item),
                             (" as the last pawn's penalty (VXV-5)", "bad")],
    "sweep": lambda t, e: [*_subject(t, e, "receive", "receives"),
                           (" every tile left: ", ""), *_tiles(t, e.items)],
    "over": lambda t, e: [("game over", "bold")],
    "deal": _deal,
    "turn_up": _turn_up,
    "hats": _hats,
    "token": lambda t, e: [*_subject(t, e, "take", "takes"), (" the finish token ", ""),
                           t.item(e.item)],
    "hat_home": _hat_home,
    "hat_take": _hat_take,
    "hat_give": _hat_give,
    "hat_swap": _hat_swap,
    "hat_keep": lambda t, e: [*_subject(t, e, "leave", "leaves"),
                              (" the hats as they are", "")],
    "attack": _attack,
    "pushed": _pushed,
    "reshuffle": lambda t, e: [("the discard pile is shuffled into a new draw pile", "dim")],
    "draw": _draw,
    "double": _double,
    "x_end": _x_end,
    "reroll": lambda t, e: [*_subject(t, e, "roll", "rolls"), (" again", "")],
    "place": _place,
    "knock_off": _knock_off,
    "advance": _advance,
    "finish": lambda t, e: [t.who(e.player), (" ", ""), t.says(e.player, "reach", "reaches"),
                            (" the finish and ", ""), t.says(e.player, "win", "wins"),
                            ("!", "")],
    "turn_limit": lambda t, e: [(f"the turn limit: {e.value} turns played, no winner", "")],
}
"""Event kind → its sentence."""


def _former_wording(pawns: int | None) -> Wording:
    """What the deprecated ``Teller(viewer, pawns)`` words with: hoch²'s items (a superset
    of Verflixxt!'s tiles, as the narration did before games handed out their wording)."""
    hoch = get_game("verflixxt_hoch")
    wording: Wording = hoch.wording(hoch.Rules())
    return attrs.evolve(wording, pawns=pawns)


__all__ = [
    "QUIET",
    "TELLERS",
    "Teller",
    "Words",
]
