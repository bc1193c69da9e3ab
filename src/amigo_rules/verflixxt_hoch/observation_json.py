"""The seat protocol's observation document of Verflixxt hoch² (the documentation's *Seat
protocol* page): every field of `Observation` as plain JSON (the viewer's own hand only),
read back strictly."""

from __future__ import annotations

from ..core import observation_documents as doc
from ..track import ACTIONS, FINISH, START
from .observations import Observation
from .rules import Rules
from .serialization import NAME
from .state import Phase
from .tiles import CARDS, COLLECTED, TOKEN_STACK, TRACK_TILES

_CARD = doc.choice(CARDS)
_POSITIONS = doc.array(doc.integer(0))
_HAT = doc.nullable(doc.pair(doc.integer(0), doc.integer(0)))
"""A hat's wearer and track position, or ``null`` while it is home."""
LAYOUT = doc.Layout(
    NAME,
    Observation,
    Rules,
    {
        "viewer": doc.integer(0),
        "tiles": doc.array(doc.choice((START, FINISH, *TRACK_TILES, *ACTIONS))),
        "pawns": doc.array(_POSITIONS),
        "guards": _POSITIONS,
        "towers": doc.array(doc.array(doc.choice(COLLECTED))),
        "hats": doc.array(_HAT, length=2),
        "tokens": doc.integer(0, len(TOKEN_STACK)),
        "hand": doc.array(_CARD),
        "hand_sizes": doc.array(doc.integer(0)),
        "pile_size": doc.integer(0),
        "discard": doc.array(doc.integer(0), length=len(CARDS)),
        "player": doc.integer(0),
        "phase": doc.member(Phase),
        "plays": doc.integer(0, 2),
        "yellow": doc.BOOLEAN,
        "arrived": doc.integer(-1),
        "arrived_hat": doc.integer(0, 2),
        "turned": doc.array(_CARD),
    },
    "viewer",
    lambda observation: _check(observation),
)


def _check(obs: Observation) -> str | None:
    """Seats in the game, one entry per player, every piece on the track, the viewer's
    hand as large as the table says."""
    slots = len(obs.tiles)
    if slots > obs.rules.track_length:
        return f"{slots} tiles, more than the track's {obs.rules.track_length}"
    hats = [hat for hat in obs.hats if hat is not None]
    positions = [x for pawns in obs.pawns for x in pawns] + list(obs.guards)
    if any(x >= slots for x in positions + [h[1] for h in hats]) or obs.arrived >= slots:
        return f"a piece stands beyond the track's {slots} tiles"
    problem = doc.per_player(obs, "pawns", "towers", "hand_sizes") or doc.seats(
        obs, "viewer", "player")
    if problem is None and any(h[0] >= obs.rules.players for h in hats):
        problem = "a hat's wearer is not a seat"
    if problem is None and len(obs.hand) != obs.hand_sizes[obs.viewer]:
        problem = f"the viewer holds {len(obs.hand)} cards, hand_sizes says otherwise"
    return problem

observation_to_json = doc.writer(LAYOUT)
"""The observation document of an `Observation` (``observation_from_json`` reads it)."""
observation_from_json = doc.reader(LAYOUT)
"""The `Observation` of a document; `StateError` on anything malformed or inconsistent."""
observation_schema = doc.describer(LAYOUT)
"""The JSON Schema of the game's observation documents."""
