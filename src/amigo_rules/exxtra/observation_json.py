"""The seat protocol's observation document of EXXtra (the documentation's *Seat protocol* page):
every field of `Observation` as plain JSON, read back strictly (the table it shows must be
reachable)."""

from __future__ import annotations

from ..core import observation_documents as doc
from ..core.nodes import TERMINAL
from .dice import combinations
from .engine import current_player
from .moves import RUNGS
from .observations import Observation
from .rules import Rules
from .serialization import NAME, inconsistency
from .state import FINISH, State

_COMBINATION = doc.choice(sorted(combinations()))
LAYOUT = doc.Layout(
    NAME,
    Observation,
    Rules,
    {
        "player": doc.integer(0),
        "to_move": doc.integer(TERMINAL),
        "turn": doc.integer(0),
        "counters": doc.array(doc.integer(0, FINISH)),
        "ladder": doc.array(doc.nullable(doc.pair(doc.integer(0, RUNGS - 1), _COMBINATION))),
        "roll": doc.nullable(_COMBINATION),
        "first_roll": doc.BOOLEAN,
    },
    "player",
    lambda observation: _check(observation),
)


def _check(obs: Observation) -> str | None:
    """The table must be a reachable state, and ``to_move`` its player to move."""
    problem = doc.seats(obs, "player")
    if problem is not None:
        return problem
    state = State(obs.rules, obs.counters, obs.ladder, obs.turn, obs.roll, obs.first_roll)
    problem = inconsistency(state)
    if problem is None and obs.to_move != current_player(state):
        problem = f"to_move {obs.to_move} is not the table's player to move"
    return problem

observation_to_json = doc.writer(LAYOUT)
"""The observation document of an `Observation` (``observation_from_json`` reads it)."""
observation_from_json = doc.reader(LAYOUT)
"""The `Observation` of a document; `StateError` on anything malformed or inconsistent."""
observation_schema = doc.describer(LAYOUT)
"""The JSON Schema of the game's observation documents."""
