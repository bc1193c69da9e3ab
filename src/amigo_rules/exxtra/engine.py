"""The rules in motion: whose move, the legal moves, and ``apply`` (EX-TURN/ROLL/PLACE/END)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from ..core import CHANCE, TERMINAL, IllegalMoveError, checks, shares
from ..core.actions import among
from ..core.breakdown import Breakdown, Term
from ..core.checks import rules_of, shown, state_of, wrong_type
from .dice import DIE_A, DIE_B, X, combination, combination_text
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


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` is left as it is.

    Raises `IllegalMoveError` saying why when ``move`` is not legal here.
    """
    if type(state) is not State:
        raise wrong_type("apply", State, state)
    kind = type(move)
    if state.roll is None:
        if kind is Roll and move.a in DIE_A and move.b in DIE_B and not state.over:
            return _rolled(state, move.a, move.b)
    elif kind is Reroll:
        if not state.over:
            return State(state.rules, state.counters, state.ladder, state.turn, None, False)
    elif kind is Place and not state.over and among(move, _decisions(occupied_rungs(
            state.ladder))):
        return _placed(state, move.rung)
    raise IllegalMoveError(f"{shown(move)} is not legal here: {illegality(state, move)}")


def _moved(counters: tuple[int, ...], player: int, spaces: int) -> tuple[int, ...]:
    """Counters with ``player``'s moved by ``spaces``, kept on the board 0-21 (EX-END-1)."""
    position = min(FINISH, max(0, counters[player] + spaces))
    return (*counters[:player], position, *counters[player + 1 :])


def _rolled(state: State, a: int, b: int) -> State:
    player = state.turn % state.rules.players
    if not state.first_roll and (a == X or b == X):  # EX-ROLL-4: the turn ends at once
        counters = _moved(state.counters, player, -((a == X) + (b == X)))
        return _next_turn(state.rules, counters, state.ladder, state.turn)
    counters = state.counters
    if a == b != X:  # EX-ROLL-5: a double advances at once; X-X is 00 (EX-ROLL-3)
        counters = _moved(counters, player, a)
        if counters[player] == FINISH:  # EX-END-1
            return State(state.rules, counters, state.ladder, state.turn, None, state.first_roll)
    value = combination(a, b)
    return State(state.rules, counters, state.ladder, state.turn, value, state.first_roll)


def knocked_off(
    ladder: Sequence[Pair | None], player: int, rung: int, value: int
) -> tuple[int, ...]:
    """EX-PLACE-2: the owners of the pairs that ``player``'s pair of ``value`` placed on
    ``rung`` sends back to their hands: those on higher rungs, equal or lower."""
    return tuple([
        owner for owner, pair in enumerate(ladder)
        if pair is not None and pair[0] > rung and pair[1] <= value and owner != player
    ])


def _placed(state: State, rung: int) -> State:
    """EX-PLACE-1/2: the pair goes on ``rung``; equal or lower pairs above go home."""
    player = state.turn % state.rules.players
    value = state.roll
    ladder = list(state.ladder)
    for owner in knocked_off(ladder, player, rung, value):
        ladder[owner] = None
    ladder[player] = (rung, value)
    return _next_turn(state.rules, state.counters, ladder, state.turn)


def _next_turn(
    rules: Rules, counters: tuple[int, ...], ladder: Sequence[Pair | None], turn: int
) -> State:
    """Begin the next turn: its player's dice on the ladder advance the counter (EX-TURN-1)."""
    turn += 1
    if rules.max_turns is not None and turn >= rules.max_turns:  # EX-END-2
        return State(rules, counters, tuple(ladder), turn)
    player = turn % rules.players
    pair = ladder[player]
    if pair is not None:
        counters = _moved(counters, player, pair[0])
        ladder = list(ladder)
        ladder[player] = None
    return State(rules, counters, tuple(ladder), turn)


def score(state: State) -> tuple[int, ...]:
    """Each player's counter position (EX-END-2)."""
    if type(state) is not State:
        raise wrong_type("score", State, state)
    return state.counters


def explain_score(state: State) -> tuple[Breakdown, ...]:
    """Each player's `score` explained: the space their counter stands on (EX-END-2)."""
    state_of("explain_score", State, state)
    return tuple(
        Breakdown(p, (Term("counter", (at,), "on the finish" if at == FINISH else ""),))
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
