"""What a move of Verflixxt hoch² did, as `Event` values: `move_events(before, move, after)`,
the engine's own events (`apply_events`) as a player may see them.

The kinds, with the fields they use (``player`` is the player concerned):

===================  ==================================================================
``lay``              a tile of the shuffled track is laid (``tile``, HO-SETUP-1)
``deal``             a card is dealt to ``player`` (``tile``, HO-SETUP-3)
``turn_up``          ``player`` turns up ``tile`` for the hats (HO-SETUP-4)
``hats``             the lucky hat goes to ``player``, the cursed cap to ``other``; the
                     lucky-hat owner begins (HO-SETUP-4)
``card``             ``player`` plays the card ``tile`` (HO-TURN-1)
``zero``             a 0: nothing moves
``move``             a ``piece`` goes ``value`` tiles (negative: back, HO-HAT-4) from
                     ``origin`` to ``target``, onto ``tile``
``home``             a pawn reaches the finish; ``value`` pawns of the player are home
``take``             the pawn leaving ``origin`` alone takes ``tile`` (a path or risk
                     tile, HO-TURN-2); the moved pawn now stands on ``target``
``token``            ``player`` takes the finish token ``tile`` (HO-FIN-1)
``hat_home``         the hat ``tile`` (``hat+``/``hat-``) reaches the finish and goes to
                     ``player`` (HO-HAT-5)
``hat_take``         ``player`` takes the hat ``tile`` from ``other``'s pawn (HO-HAT-2)
``hat_give``         ``player`` hands the hat ``tile`` to ``other``'s pawn
``hat_swap``         ``player``'s pawn and ``other``'s pawn swap hats (``player`` now
                     wears ``tile``)
``hat_keep``         ``player`` leaves the hats as they are
``attack``           ``player`` attacks from ``origin`` with a pair of ``value``
                     (HO-ATTACK-1); ``pushed`` follows per owner
``pushed``           ``value`` pieces (``piece``: ``pawn`` of ``player``, or ``guard``) go
                     from ``origin`` to ``target``
``gift``             ``tile`` goes from ``player``'s collection to ``other`` (VX-ACT-1)
``gift_nothing``     a Gift without a tile to give
``steal``            ``player`` takes ``tile`` from ``other`` (VX-ACT-2)
``steal_nothing``    a Steal with no tile to take anywhere
``flip``             the action tile on ``origin`` turns to ``tile`` (HO-COMBINE-1)
``stop``             ``player`` declines the second card (HO-TURN-3)
``reshuffle``        the discard pile becomes the draw pile (HO-TURN-4)
``draw``             ``player`` draws ``tile`` (HO-TURN-4)
``over``             the game is over (HO-END-1)
===================  ==================================================================

Cards are secret: with ``player`` given, a card dealt or drawn to someone else is None.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..core.checks import redacting, state_of, told, viewer
from ..core.events import Event
from ..core.wording import Wording
from .engine import apply_events
from .moves import CURSED, LUCKY, Move
from .rules import Rules
from .scoring import score_tiles
from .state import State
from .text import card_span, item_span
from .tiles import CARDS, COLLECTED, RISK


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after``: the move itself,
    then each consequence in the order the rules carry them out (the engine's
    `apply_events`).

    ``after`` must be ``apply(before, move)`` (`ArgumentError` otherwise). With ``player``,
    cards of other players are None (`redact_events`).

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=3)
    >>> move = ho.parse_move(state, "card 4o pawn 0")
    >>> [(e.kind, e.item) for e in move_events(state, move, ho.apply(state, move))]
    [('card', '4o'), ('move', '-8')]
    """
    events, player = told(State, apply_events, before, move, after, player)
    return events if player is None else _redacted(events, player)


def redact_events(before: State, events: Sequence[Event], *,
                  player: int | None = None) -> tuple[Event, ...]:
    """``events``, what a move played in ``before`` did (all shown, as `apply_events`
    gives them), as ``player`` may see them (None: all): `move_events` without playing the
    move again. Cards are secret: a card dealt or drawn to someone else is None
    (HO-SETUP-3, HO-TURN-4)."""
    events, player = redacting(State, before, events, player)
    return events if player is None else _redacted(events, player)


def _redacted(events: tuple[Event, ...], player: int) -> tuple[Event, ...]:
    return tuple(
        attrs.evolve(e, item=None) if e.kind in _SECRET and e.player != player else e
        for e in events
    )


_SECRET = frozenset(("deal", "draw"))
"""Kinds telling a card that only its receiver sees (HO-SETUP-3, HO-TURN-4)."""


def wording(rules: Rules) -> Wording:
    """How the things of a hoch² game under ``rules`` read in words: tiles, risk tiles
    (``±5``), finish tokens, hats and cards as the table shows them (`render_text`), the
    pawns wearing a hat by their hat, the pawns per player. Everything a move of a player
    does is public: a preview is the move's narration."""
    return Wording(item=item_span, card=card_span, noun=_noun, pieces=HAT_PAWNS,
                   worth=_worth, pawns=state_of("wording", Rules, rules).pawns_per_player)


HAT_PAWNS = {LUCKY: "the lucky-hat pawn", CURSED: "the cursed-cap pawn"}
"""The pawns named by the hat they wear (HO-HAT-1)."""


def _worth(item: str) -> int:
    """A collected item's points on its own (a hat's ±10, HO-HAT-5; a risk tile alone
    counts minus, HO-RISK-1)."""
    return score_tiles((item,)) if item in COLLECTED else 0


def _noun(item: str) -> str:
    return "risk tile" if item in RISK else ""


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """What the setup of ``state`` (a game just set up) shows: the cards dealt to
    ``player`` (every hand with ``player`` None), the cards turned up for the hats (the
    discard pile) and who got the hats (HO-SETUP-3, HO-SETUP-4).

    >>> from amigo_rules import verflixxt_hoch as ho
    >>> [e.kind for e in setup_events(ho.new_game(ho.Rules(players=2), seed=3), player=0)]
    ['deal', 'turn_up', 'hats']
    """
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    out = [Event("deal", p, items=hand) for p, hand in enumerate(state.hands)
           if player in (None, p)]
    turned = tuple(c for c, n in zip(CARDS, state.discard, strict=True) for _ in range(n))
    out.append(Event("turn_up", items=turned))
    lucky, cursed = state.hats
    if lucky is not None and cursed is not None:
        out.append(Event("hats", lucky[0], other=cursed[0]))
    return tuple(out)
