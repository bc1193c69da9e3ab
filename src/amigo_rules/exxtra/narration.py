"""What a move of EXXtra did, as `Event` values: `move_events(before, move, after)`, the
engine's own events (`apply_events`).

The kinds, with the fields they use (``player`` is the player concerned):

===============  ======================================================================
``roll``         ``player`` rolls the dice ``tile`` (``7-X``): the combination ``value``
                 (EX-ROLL-1, EX-ROLL-2; on the turn's first roll an X counts as 0)
``double``       a double moves the counter at once from ``origin`` to ``target``
                 (``value`` spaces, EX-ROLL-5)
``x_end``        an X on a later roll ends the turn: the counter goes back ``value``
                 spaces, from ``origin`` to ``target`` (EX-ROLL-4)
``reroll``       ``player`` rolls again (EX-ROLL-6)
``place``        ``player`` places the pair ``tile`` on rung ``value`` (EX-PLACE-1)
``knock_off``    ``other``'s pair ``tile`` on rung ``value`` goes back to their hand
                 (EX-PLACE-2)
``advance``      at the start of ``player``'s turn their pair ``tile`` on rung ``value``
                 moves the counter from ``origin`` to ``target`` (EX-TURN-1)
``finish``       ``player``'s counter reaches the finish: they win (EX-END-1)
``turn_limit``   the game stops after ``value`` turns, without a winner (EX-END-2)
``over``         the game is over
===============  ======================================================================

Everything in EXXtra is public: ``player`` changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.checks import redacting, state_of, told, viewer
from ..core.events import Event
from ..core.text import Span
from ..core.wording import Wording
from .engine import apply_events
from .moves import Move
from .rules import Rules
from .state import State


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after`` (the engine's
    `apply_events`; everything is public, so ``player`` changes nothing).

    ``after`` must be ``apply(before, move)`` (`ArgumentError` otherwise).

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(4, 6))
    >>> state = exxtra.apply(state, exxtra.Reroll())
    >>> from amigo_rules.exxtra.dice import X
    >>> roll = exxtra.Roll(X, 1)
    >>> [e.kind for e in move_events(state, roll, exxtra.apply(state, roll))]
    ['roll', 'x_end']
    """
    events, _ = told(State, apply_events, before, move, after, player)
    return events


def redact_events(before: State, events: Sequence[Event], *,
                  player: int | None = None) -> tuple[Event, ...]:
    """``events``, what a move played in ``before`` did, as ``player`` may see them:
    everything in EXXtra is public, so all of them."""
    events, _ = redacting(State, before, events, player)
    return events


def wording(rules: Rules) -> Wording:
    """How the things of an EXXtra game read in words: rolls (``7-X``) and combinations
    (``64``) in bold; no pawns, nothing hidden."""
    state_of("wording", Rules, rules)
    return Wording(item=_dice)


def _dice(item: str) -> Span:
    return item, "bold"


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """EXXtra's setup draws nothing: no events."""
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    return ()
