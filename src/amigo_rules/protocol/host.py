"""The host side's messages for one seat, shared by `EngineAgent` (stdio) and the game
server (WebSockets): the legal moves of an ``act``, the move a seat's answer names, a move
as an ``event`` told to a viewer, the ``end``."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..core.checks import quote
from ..core.errors import IllegalMoveError
from ..core.events import Event
from ..words import Teller, seen_move
from . import messages


def legal_entries(module: ModuleType, state: Any,
                  legal_moves: tuple[Any, ...]) -> list[messages.Message]:
    """An ``act``'s ``legal``: ``{"id", "move"}`` per move of ``legal_moves`` (the legal
    moves of ``state``; ids counted from 0 when ``state`` is None)."""
    ids = (module.legal_action_ids(state).tolist() if state is not None
           else list(range(len(legal_moves))))
    return [{"id": i, "move": str(m)} for i, m in zip(ids, legal_moves, strict=True)]


def answered_move(legal_moves: tuple[Any, ...], entries: list[messages.Message],
                  action: int | None, notation: str | None) -> Any:
    """The legal move a seat's answer names: by its ``id`` (``action``, one of the ``act``'s
    ``entries`` of `legal_entries`), by its notation (``notation``, any case), or by both,
    which must agree. The caller has checked the answer's types; an answer naming no legal
    move, or two different ones, is an `IllegalMoveError` saying which.

    >>> from amigo_rules import exxtra
    >>> state = exxtra.apply(exxtra.new_game(), exxtra.Roll(7, 6))
    >>> legal = exxtra.legal_moves(state)
    >>> answered_move(legal, legal_entries(exxtra, state, legal), 6, "PLACE 5")
    Place(rung=5)
    """
    chosen = None
    if action is not None:
        ids = [entry["id"] for entry in entries]
        if action not in ids:
            raise IllegalMoveError(f"id {action} is not a legal move here")
        chosen = legal_moves[ids.index(action)]
    if notation is not None:
        text = notation.strip().lower()
        named = [m for m in legal_moves if str(m).lower() == text]
        if not named:
            raise IllegalMoveError(f"{quote(notation)} is not a legal move here")
        if chosen is not None and named[0] != chosen:
            raise IllegalMoveError(f"id {action} and move {quote(notation)} name different "
                                   f"moves")
        chosen = named[0]
    if chosen is None:
        raise IllegalMoveError("an answer needs an 'id' or a 'move'")
    return chosen


def told_event(module: ModuleType, before: Any, move: Any, after: Any, move_number: int,
               events: tuple[Event, ...], viewer: int, teller: Teller, *,
               hidden: bool = True) -> messages.Message:
    """The ``event`` of ``move`` (played in ``before``, giving ``after``; ``events``: what
    it did, all shown) as seat ``viewer`` may see it, worded by ``teller``
    (`Teller.sentence`); with ``hidden`` False (a game without hidden information) the
    events are not filtered. The events are filtered (`seen_event`), the move is not
    played again: ``after`` is not read."""
    notation, seen = seen_event(module, before, move, events, viewer, hidden=hidden)
    return messages.event(move_number, module.current_player(before), notation,
                          teller.sentence(seen))


def seen_event(module: ModuleType, before: Any, move: Any, events: tuple[Event, ...],
               viewer: int, *, hidden: bool = True) -> tuple[str | None, tuple[Event, ...]]:
    """The notation and events of `told_event` as ``viewer`` may see them (`seen_move`;
    with ``hidden`` False, all of them)."""
    return seen_move(module, before, move, events, viewer) if hidden else (str(move), events)


def end_of(module: ModuleType, state: Any, reason: str) -> messages.Message:
    """The ``end`` of a game at ``state``."""
    return messages.end(list(module.returns(state)), list(module.score(state)),
                        list(module.winners(state)), reason)
