"""The rules in motion: whose move, the legal moves, and ``apply`` (EX-TURN/ROLL/PLACE/END)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any, cast

from ..core import CHANCE, TERMINAL, IllegalMoveError, checks, shares
from ..core.actions import among
from ..core.breakdown import Breakdown, Term
from ..core.checks import rules_of, shown, state_of, type_name, wrong_type
from ..core.errors import ArgumentError
from ..core.events import Event, Sink
from ..core.names import names_of
from .dice import DIE_A, DIE_B, X, combination, combination_text, face_text
from .moves import (
    PLACES,
    REROLL,
    RUNGS,
    Move,
    Place,
    Reroll,
    Roll,
    roll_outcomes,
    rolls,
)
from .rules import Rules
from .state import FINISH, Pair, State


def initial_state(rules: Rules | None = None) -> State:
    """Counters on the start, an empty ladder, player 0 to roll (EX-SETUP-1)."""
    rules = rules_of(Rules, rules, "initial_state")
    return State(rules, (0,) * rules.players, (None,) * rules.players)


def new_game(rules: Rules | None = None, *, seed: int | None = None) -> State:
    """The `initial_state`: EXXtra has no setup randomness, so ``seed`` is checked like
    every game's, then unused."""
    checks.seed(seed)
    return initial_state(rules_of(Rules, rules, "new_game"))


def is_terminal(state: State) -> bool:
    """Whether a counter reached the finish (EX-END-1) or the turn limit did (EX-END-2)."""
    if type(state) is not State:
        raise wrong_type("is_terminal", State, state)
    return state.over


def current_player(state: State) -> int:
    """The player to decide, ``CHANCE`` when the dice must roll, ``TERMINAL`` at the end."""
    if type(state) is not State:
        raise wrong_type("current_player", State, state)
    if state.over:
        return TERMINAL
    return CHANCE if state.roll is None else state.turn % state.rules.players


def chance_outcomes(state: State) -> tuple[tuple[Roll, Fraction], ...]:
    """At a roll the 36 equally likely ``(roll, 1/36)`` (EX-ROLL-1); ``()`` elsewhere."""
    if type(state) is not State:
        raise wrong_type("chance_outcomes", State, state)
    return roll_outcomes() if state.roll is None and not state.over else ()


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves in their fixed order.

    At a roll: the 36 rolls, die A's face major (1 2 3 4 7 X × 1 2 3 5 6 X). At a decision:
    ``reroll``, then ``place 0`` … ``place 5`` for rung 0 and every empty rung (EX-PLACE-1).
    """
    if type(state) is not State:
        raise wrong_type("legal_moves", State, state)
    if state.over:
        return ()
    if state.roll is None:
        return rolls()
    return _decisions(occupied_rungs(state.ladder))


def occupied_rungs(ladder: tuple[Pair | None, ...]) -> int:
    """Bit ``r`` set for every rung ``r`` holding a pair."""
    mask = 0
    for pair in ladder:
        if pair is not None:
            mask |= 1 << pair[0]
    return mask


@cache
def _decisions(occupied: int) -> tuple[Move, ...]:
    """``reroll``, ``place 0`` and a ``place`` for every empty rung 1-5 (EX-ROLL-6, EX-PLACE-1)."""
    return (REROLL, PLACES[0], *(PLACES[r] for r in range(1, RUNGS) if not occupied >> r & 1))


def illegality(state: State, move: Any) -> str | None:
    """Why ``move`` is not legal in ``state``, or ``None`` when it is."""
    if state.over:
        return "the game is over"
    kind = type(move)
    if state.roll is None:
        if kind is not Roll:
            return "the dice must be rolled: the next move is a roll outcome such as 'roll 7-X'"
        if move.a not in DIE_A or move.b not in DIE_B:
            return "die A shows 1 2 3 4 7 X and die B 1 2 3 5 6 X"
        return None
    if kind is Reroll:
        return None
    if kind is Place:
        rung = move.rung
        if type(rung) is not int or not 0 <= rung < RUNGS:
            return "the ladder's rungs are 0-5"
        for owner, pair in enumerate(state.ladder):
            if rung and pair is not None and pair[0] == rung:
                return f"rung {rung} holds player {owner}'s {combination_text(pair[1])}"
        return None
    if kind is Roll:
        return f"player {state.player} has rolled {combination_text(state.roll)}: reroll or place"
    return "it is not an EXXtra move"


def apply(state: State, move: Move, *, events: Sink = None) -> State:
    """The state after ``move``; ``state`` is left as it is.

    With ``events`` (a list) the move's events are appended to it, everything shown
    (`apply_events` returns them); without, nothing is spent on them.

    Raises `IllegalMoveError` saying why when ``move`` is not legal here.
    """
    if type(state) is not State:
        raise wrong_type("apply", State, state)
    if events is not None and type(events) is not list:
        raise ArgumentError(f"apply: events must be a list or None, got {type_name(events)}")
    if state.roll is None:
        if isinstance(move, Roll) and move.a in DIE_A and move.b in DIE_B and not state.over:
            return _rolled(state, move.a, move.b, events)
    elif isinstance(move, Reroll):
        if not state.over:
            if events is not None:
                events.append(Event("reroll", state.player))
            return State(state.rules, state.counters, state.ladder, state.turn, None, False)
    elif isinstance(move, Place) and not state.over and among(move, _decisions(occupied_rungs(
            state.ladder))):
        return _placed(state, move.rung, state.roll, events)
    raise IllegalMoveError(f"{shown(move)} is not legal here: {illegality(state, move)}")


def apply_events(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """`apply` and what the move did: the move itself, then each consequence in the order
    the rules carry them out. The event kinds are listed in `amigo_rules.exxtra.narration`.

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(4, 6))
    >>> after, events = apply_events(state, exxtra.parse_move(state, "place 3"))
    >>> [(e.kind, e.player, e.value) for e in events]
    [('place', 0, 3)]
    """
    out: list[Event] = []
    after = apply(state, move, events=out)
    if after.over:
        won = winners(after)
        out += [Event("finish", p) for p in won]
        if not won:
            out.append(Event("turn_limit", value=after.turn))
        out.append(Event("over"))
    return after, tuple(out)


def _moved(counters: tuple[int, ...], player: int, spaces: int) -> tuple[int, ...]:
    """Counters with ``player``'s moved by ``spaces``, kept on the board 0-21 (EX-END-1)."""
    position = min(FINISH, max(0, counters[player] + spaces))
    return (*counters[:player], position, *counters[player + 1 :])


def _rolled(state: State, a: int, b: int, out: Sink) -> State:
    player = state.turn % state.rules.players
    if out is not None:
        out.append(Event("roll", player, item=f"{face_text(a)}-{face_text(b)}",
                         value=combination(a, b)))
    if not state.first_roll and (a == X or b == X):  # EX-ROLL-4: the turn ends at once
        xs = (a == X) + (b == X)
        counters = _moved(state.counters, player, -xs)
        if out is not None:
            out.append(Event("x_end", player, origin=state.counters[player],
                             target=counters[player], value=xs))
        return _next_turn(state.rules, counters, state.ladder, state.turn, out)
    counters = state.counters
    if a == b != X:  # EX-ROLL-5: a double advances at once; X-X is 00 (EX-ROLL-3)
        counters = _moved(counters, player, a)
        if out is not None:
            out.append(Event("double", player, origin=state.counters[player],
                             target=counters[player], value=a))
        if counters[player] == FINISH:  # EX-END-1
            return State(state.rules, counters, state.ladder, state.turn, None, state.first_roll)
    return State(state.rules, counters, state.ladder, state.turn, combination(a, b),
                 state.first_roll)


def knocked_off(
    ladder: Sequence[Pair | None], player: int, rung: int, value: int
) -> tuple[int, ...]:
    """EX-PLACE-2: the owners of the pairs that ``player``'s pair of ``value`` placed on
    ``rung`` sends back to their hands: those on higher rungs, equal or lower."""
    return tuple([
        owner for owner, pair in enumerate(ladder)
        if pair is not None and pair[0] > rung and pair[1] <= value and owner != player
    ])


def _placed(state: State, rung: int, value: int, out: Sink) -> State:
    """EX-PLACE-1/2: the pair of ``value`` goes on ``rung``; equal or lower pairs above go
    home."""
    player = state.turn % state.rules.players
    ladder = list(state.ladder)
    if out is not None:
        out.append(Event("place", player, value=rung, item=combination_text(value)))
    for owner in knocked_off(ladder, player, rung, value):
        if out is not None:
            pair = cast(Pair, ladder[owner])
            out.append(Event("knock_off", player, other=owner, value=pair[0],
                             item=combination_text(pair[1])))
        ladder[owner] = None
    ladder[player] = (rung, value)
    return _next_turn(state.rules, state.counters, ladder, state.turn, out)


def _next_turn(
    rules: Rules, counters: tuple[int, ...], ladder: Sequence[Pair | None], turn: int,
    out: Sink,
) -> State:
    """Begin the next turn: its player's dice on the ladder advance the counter (EX-TURN-1)."""
    turn += 1
    if rules.max_turns is not None and turn >= rules.max_turns:  # EX-END-2
        return State(rules, counters, tuple(ladder), turn)
    player = turn % rules.players
    pair = ladder[player]
    if pair is not None:
        moved = _moved(counters, player, pair[0])
        if out is not None:
            out.append(Event("advance", player, origin=counters[player],
                             target=moved[player], value=pair[0],
                             item=combination_text(pair[1])))
        counters = moved
        ladder = list(ladder)
        ladder[player] = None
    return State(rules, counters, tuple(ladder), turn)


def score(state: State) -> tuple[int, ...]:
    """Each player's counter position (EX-END-2)."""
    if type(state) is not State:
        raise wrong_type("score", State, state)
    return state.counters


def explain_score(state: State, *, names: Sequence[str] | None = None
                  ) -> tuple[Breakdown, ...]:
    """Each player's `score` explained: the space their counter stands on (EX-END-2); each
    `Breakdown` named by ``names`` (one string per seat, ``P0`` … without)."""
    state_of("explain_score", State, state)
    called = names_of(names, state.rules.players, "explain_score")
    return tuple(
        Breakdown(p, (Term("counter", (at,), "on the finish" if at == FINISH else ""),),
                  called.short(p))
        for p, at in enumerate(state.counters)
    )


def winners(state: State) -> tuple[int, ...]:
    """The player whose counter reached the finish (EX-END-1); ``()`` otherwise."""
    if type(state) is not State:
        raise wrong_type("winners", State, state)
    return tuple(player for player, position in enumerate(state.counters) if position == FINISH)


def returns(state: State) -> tuple[float, ...]:
    """1 for the player who reached the finish, 0 for the others; all 0 before the end and
    for a game truncated by ``max_turns`` (EX-END-1, EX-END-2)."""
    if type(state) is not State:
        raise wrong_type("returns", State, state)
    return shares(winners(state), state.rules.players)
