"""States as versioned JSON; ``from_json`` checks every invariant and raises only `StateError`."""

from __future__ import annotations

from typing import Any

from ..core import StateError, jsonio
from ..core.checks import cut, quote, wrong_type
from .dice import X, combination_text, combinations
from .moves import RUNGS
from .rules import Rules
from .state import FINISH, Pair, State

NAME = "exxtra"
"""The game's registered name."""
_FIELDS = ("counters", "ladder", "turn", "roll", "first_roll")


def to_json(state: State) -> str:
    """The state as versioned JSON (``from_json`` reads it back)."""
    if type(state) is not State:
        raise wrong_type("to_json", State, state)
    body = {
        "counters": list(state.counters),
        "ladder": [None if pair is None else list(pair) for pair in state.ladder],
        "turn": state.turn,
        "roll": state.roll,
        "first_roll": state.first_roll,
    }
    return jsonio.dump_state(NAME, state.rules, body)


def _combination(data: Any) -> int:
    value = jsonio.integer(data)
    if value not in combinations():
        raise StateError(f"{quote(value)} is no combination of the dice")
    return value


def _pair(value: Any) -> Pair | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise StateError(f"{quote(value)} is neither null nor a [rung, combination] pair")
    rung = jsonio.integer(value[0])
    if not 0 <= rung < RUNGS:
        raise StateError(f"rung {quote(rung)} is not on the ladder 0-5")
    return rung, _combination(value[1])


def from_json(text: str | bytes) -> State:
    """The state written by `to_json`; raises `StateError` on anything malformed or inconsistent."""
    rules, body = jsonio.load_state(text, NAME, Rules)
    jsonio.keys(body, _FIELDS, what="field 'state'")
    state = State(
        rules,
        jsonio.field(body, "counters", jsonio.array(jsonio.integer)),
        jsonio.field(body, "ladder", jsonio.array(_pair)),
        jsonio.field(body, "turn", jsonio.integer),
        jsonio.field(body, "roll", jsonio.optional(_combination)),
        jsonio.field(body, "first_roll", jsonio.boolean),
    )
    problem = inconsistency(state)
    if problem is not None:
        raise StateError(f"inconsistent state: {cut(problem)}")
    return state


def inconsistency(state: State) -> str | None:
    """What makes ``state`` unreachable, or ``None`` if it is consistent."""
    players = state.rules.players
    if len(state.counters) != players or len(state.ladder) != players:
        return f"counters and ladder need one entry per player ({players})"
    if any(not 0 <= position <= FINISH for position in state.counters):
        return f"counters {state.counters} leave the board 0-{FINISH}"
    rungs = [pair[0] for pair in state.ladder if pair is not None and pair[0] > 0]
    if len(rungs) != len(set(rungs)):
        return f"a rung 1-5 holds two pairs: {state.ladder}"
    max_turns = state.rules.max_turns
    if state.turn < 0 or (max_turns is not None and state.turn > max_turns):
        return f"turn {state.turn} is outside 0 … {max_turns}"
    player = state.player
    finished = [p for p, position in enumerate(state.counters) if position == FINISH]
    if finished and (finished != [player] or state.truncated):
        return f"only the player to move ({player}) can have just reached the finish"
    if state.over:
        if state.roll is not None:
            return "a finished game has no pending roll"
        if state.truncated and not state.first_roll:
            return "a truncated game stops between turns"
        return None
    if state.ladder[player] is not None:
        return f"player {player}'s dice are in play, yet on the ladder (EX-TURN-1)"
    if state.turn < players and any(
        state.counters[p] or state.ladder[p] is not None for p in range(player + 1, players)
    ):
        return "a player who has not had a turn yet has moved or placed dice"
    roll = state.roll
    if roll is not None and roll % 10 == X and not state.first_roll:
        return f"the pending {combination_text(roll)} shows an X after the first roll (EX-ROLL-4)"
    if roll in (11, 22, 33) and state.counters[player] < roll // 11:
        return f"the double {roll} has not advanced player {player}'s counter (EX-ROLL-5)"
    return None
