"""The narration: one line per event of `amigo_rules.core.Event` (each game's
``move_events``), in words, told to a viewer (their own lines say "you"), and the short
previews of the numbered legal moves. Only the wording is here: what happened comes from
the library."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .core import Event
from .core.text import Line, Span, plural
from .verflixxt_hoch import card_span, item_span

Words = list[Span]


class Teller:
    """Tells events to ``viewer`` (None: to an onlooker), naming players ``P0`` … and the
    viewer "you"."""

    def __init__(self, viewer: int | None = None, pawns: int | None = None) -> None:
        self.viewer = viewer
        self.pawns = pawns
        """Pawns per player: a player with that many home has every pawn home."""

    def who(self, player: int | None) -> Span:
        if player is not None and player == self.viewer:
            return "you", f"p{player}"
        return f"P{player}", f"p{player}"

    def whose(self, player: int | None) -> Span:
        if player is not None and player == self.viewer:
            return "your", f"p{player}"
        return f"P{player}'s", f"p{player}"

    def whose_other(self, player: int | None, other: int | None) -> Span:
        """The owner of another pawn than ``player``'s moved one: "their own" (or "your own")
        when it is ``player``'s too, else `whose`."""
        if other is None or other != player:
            return self.whose(other)
        return ("your own" if player == self.viewer else "their own"), f"p{player}"

    def says(self, player: int | None, plain: str, third: str) -> Span:
        """The verb for ``player``: "take" for you, "takes" for another player."""
        return (plain if player is not None and player == self.viewer else third), ""

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

    def preview(self, events: Sequence[Event]) -> Words:
        """What a move would do, briefly (for the list of legal moves): where the piece
        goes and the consequences, without the mover's name."""
        parts: list[Words] = []
        for event in events:
            if event.kind in QUIET:
                continue
            if event.kind == "move":
                parts.append([(f"→ {event.target} (", ""), _tile(event.tile, "?"), (")", "")])
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


def _tile(tile: str | None, hidden: str = "a hidden tile") -> Span:
    return item_span(tile) if tile is not None else (hidden, "hidden")


def _subject(t: Teller, e: Event, plain: str, third: str) -> Words:
    return [t.who(e.player), (" ", ""), t.says(e.player, plain, third)]


def _piece(e: Event) -> str:
    return {"lucky": "the lucky-hat pawn", "cursed": "the cursed-cap pawn"}.get(
        e.piece or "", e.piece or "piece")


# ------------------------------------------------------------------ the tile games


def _move(t: Teller, e: Event) -> Words:
    if e.origin == e.target:
        return [*_subject(t, e, "leave", "leaves"),
                (f" {_piece(e)} {e.origin} where it is (nothing behind it)", "")]
    words = [*_subject(t, e, "move", "moves"), (f" {_piece(e)} {e.origin} → {e.target}", "")]
    if e.value is not None and e.value < 0:
        words.append((f" ({-e.value} back)", ""))
    return [*words, (", onto ", ""), _tile(e.tile, "a face-down tile")]


def _take(t: Teller, e: Event) -> Words:
    words = _subject(t, e, "take", "takes")
    if e.tile is not None and e.tile[0] == "R":
        words.append((" the risk tile ", ""))
    else:
        words.append((" ", ""))
    words.append(_tile(e.tile))
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
    return [t.whose(e.player), (" Gift: ", "gift"), _tile(e.tile, "the top tile"),
            (" goes to ", ""), t.who(e.other), *_hit(t, e)]


def _hit(t: Teller, e: Event) -> Words:
    """A mark calling out what another player does to the viewer."""
    hit = e.other is not None and e.other == t.viewer and e.player != e.other
    return [(" ◀", "alert")] if hit else []


def _steal(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "steal", "steals"), (" ", ""), _tile(e.tile, "the top tile"),
            (" from ", ""), t.who(e.other), *_hit(t, e)]


def _flip(t: Teller, e: Event) -> Words:
    side = "Steal" if e.tile == "steal" else "Gift"
    return [(f"the action tile on {e.origin} flips to ", ""), (side, e.tile or "")]


def _turn_down(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "turn", "turns"), (" ", ""), _tile(e.tile),
            (f" on {e.origin} face down", "")]


def _pass(t: Teller, e: Event) -> Words:
    cards = " ".join(e.items)
    return [*_subject(t, e, "cannot", "cannot"), (" play: ", ""),
            (f"the cards {cards} are laid out as played" if cards else "no card left", "")]


def _end_take(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "take", "takes"), (" ", ""), *_tiles(e.items),
            (" (pawns alone on path tiles at the early end, VXV-4)", "dim")]


def _tiles(items: Iterable[str]) -> Words:
    out: Words = []
    for item in items:
        out += [(" ", "")] * bool(out) + [item_span(item) if item != "?" else ("?", "hidden")]
    return out


def _card(t: Teller, e: Event) -> Words:
    card = card_span(e.tile) if e.tile is not None else (str(e.value), "bold")
    return [*_subject(t, e, "play", "plays"), (" ", ""), card]


def _draw(t: Teller, e: Event) -> Words:
    if e.tile is None:
        return [*_subject(t, e, "draw", "draws"), (" a card", "")]
    return [*_subject(t, e, "draw", "draws"), (" ", ""), card_span(e.tile)]


def _deal(t: Teller, e: Event) -> Words:
    if e.items:
        return [t.whose(e.player), (" cards: ", ""), *_cards(e.items)]
    return [t.who(e.player), (" ", ""), t.says(e.player, "are", "is"), (" dealt ", ""),
            card_span(e.tile) if e.tile else ("a card", "")]


def _cards(items: Iterable[str]) -> Words:
    out: Words = []
    for card in items:
        out += [(" ", "")] * bool(out) + [card_span(card)]
    return out


def _turn_up(t: Teller, e: Event) -> Words:
    if e.player is None:
        return [("cards turned up for the hats: ", ""), *_cards(e.items)]
    return [*_subject(t, e, "turn", "turns"), (" up ", ""), card_span(e.tile or ""),
            (" for the hats", "")]


def _hats(t: Teller, e: Event) -> Words:
    return [t.who(e.player), (" ", ""), t.says(e.player, "get", "gets"), (" the ", ""),
            ("lucky hat", "hat+"), (" and ", ""), t.says(e.player, "begin", "begins"),
            (" · ", ""), t.who(e.other), (" ", ""), t.says(e.other, "get", "gets"),
            (" the ", ""), ("cursed cap", "hat-")]


def _hat_name(tile: str | None) -> Span:
    return ("lucky hat", "hat+") if tile == "hat+" else ("cursed cap", "hat-")


def _hat_take(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "take", "takes"), (" the ", ""), _hat_name(e.tile),
            (" from ", ""), t.whose_other(e.player, e.other), (" pawn", ""), *_hit(t, e)]


def _hat_give(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "hand", "hands"), (" the ", ""), _hat_name(e.tile),
            (" to ", ""), t.whose_other(e.player, e.other), (" pawn", ""), *_hit(t, e)]


def _hat_swap(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "swap", "swaps"), (" hats with ", ""), t.whose_other(e.player, e.other),
            (" pawn and now wears the ", ""), _hat_name(e.tile), *_hit(t, e)]


def _hat_home(t: Teller, e: Event) -> Words:
    points = "+10" if e.tile == "hat+" else "-10"
    return [("the ", ""), _hat_name(e.tile), (" reaches the finish: ", ""),
            (points, "good" if e.tile == "hat+" else "bad"), (" for ", ""), t.who(e.player)]


def _attack(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "attack", "attacks"), (f" from {e.origin} with the pair ", ""),
            *_cards(e.items)]


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
    if e.tile is None:  # the die of the tile games
        return [*_subject(t, e, "roll", "rolls"), (f" {e.value}", "bold")]
    return [*_subject(t, e, "roll", "rolls"), (f" {e.tile}", "bold"),
            (f": {e.value:02d}" if e.value is not None else "", "")]


def _double(t: Teller, e: Event) -> Words:
    return [(f"a double moves {t.who(e.player)[0]} at once: ", ""),
            (f"{e.origin} → {e.target}", "good")]


def _x_end(t: Teller, e: Event) -> Words:
    back = (f"back {plural(e.value or 0, 'space')}, {e.origin} → {e.target}"
            if e.origin != e.target else "nothing to lose on the start")
    return [("X! ", "alert"), t.whose(e.player), (" turn is over: ", ""), (back, "bad")]


def _place(t: Teller, e: Event) -> Words:
    return [*_subject(t, e, "place", "places"), (" ", ""), (e.tile or "", "bold"),
            (f" on rung {e.value}", "")]


def _knock_off(t: Teller, e: Event) -> Words:
    return [t.whose(e.other), (" pair ", ""), (e.tile or "", "bold"),
            (f" on rung {e.value} is knocked off, back to the hand", "bad"), *_hit(t, e)]


def _advance(t: Teller, e: Event) -> Words:
    if not e.value:
        return [t.whose(e.player), (" pair ", ""), (e.tile or "", "bold"),
                (" comes back from rung 0, moving nothing", "")]
    return [t.whose(e.player), (" pair ", ""), (e.tile or "", "bold"),
            (f" on rung {e.value} moves the counter {e.origin} → {e.target}", "")]


TELLERS: dict[str, Callable[[Teller, Event], Words]] = {
    "lay": lambda t, e: [("tile ", "dim"), _tile(e.tile), (f" laid at {e.target}", "dim")],
    "roll": _roll,
    "card": _card,
    "move": _move,
    "stay": lambda t, e: [*_subject(t, e, "leave", "leaves"),
                          (f" {_piece(e)} {e.origin} where it is (+0)", "")],
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
                                    ""), *_tiles(e.items)],
    "end_take": _end_take,
    "penalty": lambda t, e: [*_subject(t, e, "take", "takes"), (" ", ""), _tile(e.tile),
                             (" as the last pawn's penalty (VXV-5)", "bad")],
    "sweep": lambda t, e: [*_subject(t, e, "receive", "receives"),
                           (" every tile left: ", ""), *_tiles(e.items)],
    "over": lambda t, e: [("game over", "bold")],
    "deal": _deal,
    "turn_up": _turn_up,
    "hats": _hats,
    "token": lambda t, e: [*_subject(t, e, "take", "takes"), (" the finish token ", ""),
                           _tile(e.tile)],
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
