"""Tactical cards instead of the die (VXV-9): the hand and the card moves.

Every player holds the cards -1, 1, 2, 3, 4, 5, 6. On a turn a player plays one or more
cards, in order, whose values sum to at most 6, each one move of a pawn or eligible guard
(-1 is one tile back), written as a step by the card (``pawn 7 +3``, ``guard 9 -1``). The
limit holds for the sum of the turn, not for every running sum: a card may take the
running sum to 7 while the -1 is still in hand (003's example 4, 3, -1); the player may
``stop`` after any card that leaves the sum at 6 or less. *Rulings:* -1 counts as -1 in the
sum; a card no piece can use cannot be played; a turn that cannot go on ends as it stands
(at 7 too, when the -1 then fits no piece); a player who can play no card has the single
move ``pass`` and lays the cards in hand out as played; when every player still in the game
has an empty hand, every player takes all seven cards back."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from .moves import GUARD, PAWN, STOP, Move, Step, step
from .state import State

CARDS = (-1, 1, 2, 3, 4, 5, 6)
"""A full hand, ascending."""
LIMIT = 6
"""The most the cards of one turn may add up to (a running sum may reach 7 while the -1 is
still in hand)."""


def card_moves(state: State, plain: tuple[Step, ...]) -> tuple[Move, ...]:
    """The card moves of the active player, written ``pawn 7 +3`` (a step by the card): by
    card, then by the order of ``plain`` (the pieces that may move); then ``stop`` once a
    card has been played this turn and the sum is at most 6. Empty when no card can be
    played."""
    hand = state.hands[state.player]
    spent = sum(state.played)
    budget = LIMIT - spent + (-1 in hand)  # up to 7 while the -1 can bring it back to 6
    by_card = _card_steps(len(state.board.tiles) - 1)
    moves: list[Move] = [
        by_card[m.piece, value][m.position]
        for value in hand
        if value <= budget
        for m in plain
        if value > 0 or m.position > 0
    ]
    if moves and state.played and spent <= LIMIT:
        moves.append(STOP)
    return tuple(moves)


@cache
def _card_steps(finish: int) -> Mapping[tuple[str, int], tuple[Step, ...]]:
    """Per (piece, card) the moves by that card from every position before ``finish``
    (read-only: cached)."""
    return MappingProxyType({(piece, value): tuple(step(piece, p, value) for p in range(finish))
                             for piece in (PAWN, GUARD) for value in CARDS})


def played_card(state: State, value: int) -> State:
    """``state`` with the card ``value`` out of the active player's hand."""
    player = state.player
    hand = list(state.hands[player])
    hand.remove(value)
    hands = (*state.hands[:player], tuple(hand), *state.hands[player + 1 :])
    return State(
        rules=state.rules, board=state.board, towers=state.towers, player=player,
        phase=state.phase, penalty=state.penalty, hands=hands, played=(*state.played, value),
    )


__all__ = ["CARDS", "LIMIT", "card_moves", "played_card"]
