"""The seat protocol's observation document of Verflixxt! (the documentation's *Seat
protocol* page): every field of `Observation` as plain JSON (hidden tiles stay ``"?"``), read
back strictly."""

from __future__ import annotations

from ..core import observation_documents as doc
from ..track import ACTIONS, FINISH, PATH_TILES, START
from .cards import CARDS
from .observations import HIDDEN, Observation
from .rules import Rules
from .serialization import NAME
from .setup import track_length
from .state import Phase

_TILE = doc.choice((START, FINISH, *ACTIONS, *PATH_TILES, HIDDEN))
_POSITIONS = doc.array(doc.integer(0))
LAYOUT = doc.Layout(
    NAME,
    Observation,
    Rules,
    {
        "viewer": doc.integer(0),
        "tiles": doc.array(_TILE),
        "pawns": doc.array(_POSITIONS),
        "guards": _POSITIONS,
        "towers": doc.array(doc.array(doc.choice((*PATH_TILES, HIDDEN)))),
        "player": doc.integer(0),
        "phase": doc.member(Phase),
        "roll": doc.integer(0, 6),
        "penalty": doc.nullable(doc.pair(doc.integer(0), _TILE)),
        "hands": doc.array(doc.array(doc.choice(CARDS))),
        "played": doc.array(doc.choice(CARDS)),
    },
    "viewer",
    lambda observation: _check(observation),
)


def _check(obs: Observation) -> str | None:
    """Seats in the game, one entry per player, every piece on the track."""
    slots = len(obs.tiles)
    if slots > track_length(obs.rules):
        return f"{slots} tiles, more than the track's {track_length(obs.rules)}"
    positions = [x for pawns in obs.pawns for x in pawns] + list(obs.guards)
    if any(x >= slots for x in positions):
        return f"a piece stands beyond the track's {slots} tiles"
    if obs.hands and len(obs.hands) != obs.rules.players:
        return f"hands needs one entry per player ({obs.rules.players})"
    penalty = () if obs.penalty is None else (obs.penalty[0],)
    return doc.per_player(obs, "pawns", "towers") or doc.seats(obs, "viewer", "player") or (
        None if all(p < obs.rules.players for p in penalty) else "penalty is not a seat")

observation_to_json = doc.writer(LAYOUT)
"""The observation document of an `Observation` (``observation_from_json`` reads it)."""
observation_from_json = doc.reader(LAYOUT)
"""The `Observation` of a document; `StateError` on anything malformed or inconsistent."""
observation_schema = doc.describer(LAYOUT)
"""The JSON Schema of the game's observation documents."""
