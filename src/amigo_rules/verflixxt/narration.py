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

from collections.abc import Sequence
from typing import Final

import attrs

from ..core.checks import redacting, state_of, told, viewer
from ..core.events import Event
from ..core.wording import Wording
from ..track import FACE_DOWN
from ..track.text import tile_span
from .engine import apply_events
from .moves import Move
from .observations import HIDDEN, Observation
from .rules import Rules
from .state import State


def move_events(
    before: State, move: Move, after: State, *, player: int | None = None
) -> tuple[Event, ...]:
    """What ``move``, played in ``before``, did on the way to ``after``: the move itself,
    then each consequence in the order the rules carry them out (the engine's
    `apply_events`).

    ``after`` must be ``apply(before, move)`` (`ArgumentError` otherwise). With ``player``,
    tiles that player may not see are None (`redact_events`).

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    >>> for text in ("roll 2", "pawn 0", "roll 3", "pawn 0", "roll 1", "pawn 2"):
    ...     move = verflixxt.parse_move(state, text)
    ...     after = verflixxt.apply(state, move)
    ...     found = move_events(state, move, after)
    ...     state = after
    >>> [(e.kind, e.item) for e in found]
    [('move', '-3'), ('take', '-2')]
    """
    events, player = told(State, apply_events, before, move, after, player)
    return events if player is None else _redacted(before, events, player)


def redact_events(before: State, events: Sequence[Event], *,
                  player: int | None = None) -> tuple[Event, ...]:
    """``events``, what a move played in ``before`` did (all shown, as `apply_events`
    gives them), as ``player`` may see them (None: all): `move_events` without playing the
    move again. A face-down tile (VXV-10) is None on the track and ``?`` among passed
    tiles; taken, only its taker sees it unless the towers are open; hidden towers
    (VXV-HIDDEN-TOWERS) show a tile given or stolen only to the two players concerned.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    >>> _, events = verflixxt.apply_events(state, verflixxt.Roll(2))
    >>> redact_events(state, events, player=1) == events  # nothing hidden in a roll
    True
    """
    events, player = redacting(State, before, events, player)
    return events if player is None else _redacted(before, events, player)


def _redacted(before: State, events: tuple[Event, ...], viewer: int) -> tuple[Event, ...]:
    return tuple(_seen(event, before, viewer) for event in events)


def _seen(event: Event, before: State, viewer: int) -> Event:
    """``event`` as ``viewer`` sees it (see `redact_events`)."""
    kind = event.kind
    item = event.item
    hidden_towers = before.rules.towers == "hidden"
    if kind == "move" and item is not None and item[0] == FACE_DOWN:
        return attrs.evolve(event, item=None)
    if kind == "passed_to_end":
        return attrs.evolve(event, items=tuple(
            HIDDEN if t[0] == FACE_DOWN else t for t in event.items))
    if (kind == "take" and viewer != event.player and hidden_towers
            and before.board.tiles[event.origin or 0][0] == FACE_DOWN):
        return attrs.evolve(event, item=None)
    if kind in ("gift", "steal") and hidden_towers and viewer not in (event.player,
                                                                       event.other):
        return attrs.evolve(event, item=None)
    return event


def setup_events(state: State, *, player: int | None = None) -> tuple[Event, ...]:
    """What the setup did, seen by ``player``: none in Verflixxt! beyond the table
    itself, which every player sees."""
    player = viewer(player, state_of("setup_events", State, state).rules.players)
    return ()


def wording(rules: Rules) -> Wording:
    """How the things of a Verflixxt! game under ``rules`` read in words: tiles as the
    table shows them (`render_text`), tactical cards by value, the pawns per player, and
    what a preview may show of a move (`foreseeable`)."""
    return Wording(item=tile_span, pawns=state_of("wording", Rules, rules).pawns_per_player,
                   foresee=foreseeable)


_FROM_TOWER: Final = {"gift": "player", "steal": "other"}
"""Kinds moving a tower's top tile, and the field naming whose tower."""


def foreseeable(events: tuple[Event, ...], seen: Observation) -> tuple[Event, ...]:
    """``events`` (a move's events told to its mover, `redact_events`) cut and hidden to
    what the mover's observation ``seen`` before the move tells, for a preview:

    - a tile taken from the track (``take``) shows iff the observed tile at ``origin``
      does (VXV-10);
    - a tile given or stolen (``gift``, ``steal``) iff the observed top of the giver's or
      the victim's tower does (VXV-HIDDEN-TOWERS);
    - a Gift's receiver (VX-ACT-1, ranked by the other towers' tops) unless every other
      tower's top is in view or there is a single other player, and the VXV-5 penalty
      while face-down tiles lie in the track, are not foreseen: the events end before;
    - the tiles the VXV-4 end gives are all ``?`` while face-down tiles lie in the track.

    *Ruling:* the last two are cautious, not exact (a receiver, penalty or end tile the
    unseen tiles happen to decide anyway is not shown)."""
    out = []
    for event in events:
        kind = event.kind
        if kind == "take" and seen.tiles[event.origin or 0] == HIDDEN:
            event = attrs.evolve(event, item=None)
        elif kind in _FROM_TOWER:
            if kind == "gift" and not _receiver_in_view(seen, event.player):
                break
            whose = getattr(event, _FROM_TOWER[kind])
            if seen.towers[whose][-1] == HIDDEN:
                event = attrs.evolve(event, item=None)
        elif kind in ("end_take", "penalty") and HIDDEN in seen.tiles:
            if kind == "penalty":
                break
            event = attrs.evolve(event, items=(HIDDEN,) * len(event.items))
        out.append(event)
    return tuple(out)


def _receiver_in_view(seen: Observation, giver: int | None) -> bool:
    """Whether the observation decides who receives ``giver``'s Gift (VX-ACT-1): the
    receiver is ranked by the other towers' tops."""
    others = [tower for p, tower in enumerate(seen.towers) if p != giver]
    return len(others) == 1 or all(tower[-1:] != (HIDDEN,) for tower in others)
