"""What a move of EXXtra did, as `Event` values: `move_events(before, move, after)`.

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

from ..core.checks import state_of, transition, viewer
from ..core.events import Event
from .dice import X, combination, combination_text, face_text
from .engine import knocked_off, legal_moves, winners
from .moves import Move, Place, Reroll, Roll
from .state import Pair, State


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after``.

    ``after`` must be ``apply(before, move)``.

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(4, 6))
    >>> state = exxtra.apply(state, exxtra.Reroll())
    >>> roll = exxtra.Roll(X, 1)
    >>> [e.kind for e in move_events(state, roll, exxtra.apply(state, roll))]
    ['roll', 'x_end']
    """
    transition("move_events", State, legal_moves, before, move, after)
    player = viewer(player, before.rules.players)
    mover = before.player
    kind = type(move)
    ladder = before.ladder
    out: list[Event] = []
    if kind is Roll:
        value = combination(move.a, move.b)
        dice = f"{face_text(move.a)}-{face_text(move.b)}"
        out.append(Event("roll", mover, tile=dice, value=value))
        start, end = before.counters[mover], after.counters[mover]
        if not before.first_roll and X in (move.a, move.b):
            out.append(Event("x_end", mover, origin=start, target=end,
                             value=(move.a == X) + (move.b == X)))
        elif move.a == move.b != X:
            out.append(Event("double", mover, origin=start, target=end, value=move.a))
    elif kind is Reroll:
        out.append(Event("reroll", mover))
    elif kind is Place:
        value = before.roll
        out.append(Event("place", mover, value=move.rung, tile=combination_text(value)))
        gone = knocked_off(ladder, mover, move.rung, value)
        for owner in gone:
            rung, pair = ladder[owner]
            out.append(Event("knock_off", mover, other=owner, value=rung,
                             tile=combination_text(pair)))
        ladder = tuple((move.rung, value) if o == mover else None if o in gone else pair
                       for o, pair in enumerate(ladder))
    if after.turn != before.turn and not after.truncated:
        out += _advance(before, ladder, after)
    if after.over:
        won = winners(after)
        out += [Event("finish", p) for p in won]
        if not won:
            out.append(Event("turn_limit", value=after.turn))
        out.append(Event("over"))
    return tuple(out)


def _advance(before: State, ladder: tuple[Pair | None, ...], after: State) -> list[Event]:
    """EX-TURN-1: the next player's pair on the ladder moves their counter."""
    nxt = after.player
    pair = ladder[nxt]
    if pair is None:
        return []
    return [Event("advance", nxt, origin=before.counters[nxt], target=after.counters[nxt],
                  value=pair[0], tile=combination_text(pair[1]))]


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """EXXtra's setup draws nothing: no events."""
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    return ()
