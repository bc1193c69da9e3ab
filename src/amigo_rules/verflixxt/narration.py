"""What a move of Verflixxt! did, as `Event` values: `move_events(before, move, after)`, the
engine's own events (`apply_events`) as a player may see them.

The kinds, with the fields they use (``player`` is the player concerned):

======================  ===============================================================
``lay``                 a tile of the shuffled track is laid (``tile``, at ``target``)
``roll``                the die shows ``value`` (VX-TURN-2)
``card``                a tactical card ``value`` is played (VXV-9)
``move``                a ``piece`` goes ``value`` tiles (negative: back) from ``origin``
                        to ``target``, onto ``tile``
``stay``                the ``piece`` on ``origin`` stays (a 1 played as +0, VXV-2)
``swap``                the pawn on ``origin`` changes places with ``other``'s pawn on
                        ``target`` (VXV-7)
``home``                a pawn reaches the finish; ``value`` pawns of the player are home
``take``                the pawn leaving ``origin`` alone takes ``tile`` (VX-TAKE-1); the
                        moved piece now stands on ``target`` (the gap closed)
``start_to_box``        the start tile leaves the track (VX-TAKE-2)
``gift``                ``tile`` goes from ``player``'s tower to ``other`` (VX-ACT-1)
``gift_nothing``        a Gift with an empty tower: nothing is given
``steal``               ``player`` takes ``tile`` from ``other``'s tower (VX-ACT-2)
``steal_nothing``       a Steal with no tile to take anywhere
``flip``                the action tile on ``origin`` turns to ``tile`` (``gift``/``steal``)
``turn_down``           the path tile ``tile`` on ``origin`` is turned face down (VXV-10)
``stop``, ``pass``      the turn ends (VXV-9); ``pass`` lays out the cards ``items``
``hands_back``          every player takes all seven cards back (VXV-9)
``passed_to_end``       the passed tiles ``items`` move to before the finish (VXV-3)
``end_take``            at the early end the pawn's owner takes ``items`` (VXV-4)
``penalty``             the owner of the last pawn takes ``tile`` as a penalty (VXV-5)
``sweep``               the last player receives the tiles ``items`` left (VXV-8b)
``over``                the game is over
======================  ===============================================================

Hidden information is shown to a ``player`` as the table shows it: a face-down tile (VXV-10)
is None (``?`` among ``items``) until taken, then its taker sees it, and so does everyone
unless the towers are hidden (VXV-HIDDEN-TOWERS), which also hide a tile given or stolen
from all but the two players concerned. At the end every tower is shown.
"""

from __future__ import annotations

import attrs

from ..core.checks import state_of, told, viewer
from ..core.events import Event
from ..track import FACE_DOWN
from .engine import apply_events
from .moves import Move
from .observations import HIDDEN
from .state import State


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after``: the move itself,
    then each consequence in the order the rules carry them out (the engine's
    `apply_events`).

    ``after`` must be ``apply(before, move)`` (`ArgumentError` otherwise). With ``player``,
    tiles that player may not see are None (`observation` decides).

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    >>> for text in ("roll 2", "pawn 0", "roll 3", "pawn 0", "roll 1", "pawn 2"):
    ...     move = verflixxt.parse_move(state, text)
    ...     after = verflixxt.apply(state, move)
    ...     found = move_events(state, move, after)
    ...     state = after
    >>> [(e.kind, e.tile) for e in found]
    [('move', '-3'), ('take', '-2')]
    """
    events, player = told(State, apply_events, before, move, after, player)
    if player is None:
        return events
    return tuple(_seen(event, before, player) for event in events)


def _seen(event: Event, before: State, viewer: int) -> Event:
    """``event`` as ``viewer`` sees it: a face-down tile (VXV-10) is None on the track and
    ``?`` among passed tiles; taken, only its taker sees it unless the towers are open;
    hidden towers (VXV-HIDDEN-TOWERS) show a tile given or stolen only to the two players
    concerned."""
    kind = event.kind
    tile = event.tile
    hidden_towers = before.rules.towers == "hidden"
    if kind == "move" and tile is not None and tile[0] == FACE_DOWN:
        return attrs.evolve(event, tile=None)
    if kind == "passed_to_end":
        return attrs.evolve(event, items=tuple(
            HIDDEN if t[0] == FACE_DOWN else t for t in event.items))
    if (kind == "take" and viewer != event.player and hidden_towers
            and before.board.tiles[event.origin or 0][0] == FACE_DOWN):
        return attrs.evolve(event, tile=None)
    if kind in ("gift", "steal") and hidden_towers and viewer not in (event.player,
                                                                       event.other):
        return attrs.evolve(event, tile=None)
    return event


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """What the setup did, seen by ``player``: none in Verflixxt! beyond the table
    itself, which every player sees."""
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    return ()
