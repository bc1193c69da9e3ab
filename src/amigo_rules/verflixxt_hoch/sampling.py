"""``sample_state`` and ``consistent_states``: states consistent with what one player
sees (for information-set search). What is hidden in hoch²: the other players' cards and
the order of the draw pile (of which the state keeps only the counts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import partial

import numpy as np

from ..core import StateError
from ..core.chance import arrangement, dealings
from ..core.checks import generator, positive, wrong_type
from ..track import Board
from .observations import Observation
from .setup import deck_counts
from .state import State
from .tiles import CARD_INDEX, CARDS


def sample_state(observation: Observation, rng: np.random.Generator) -> State:
    """A state drawn uniformly from those the viewer of ``observation`` cannot tell apart:
    the cards the viewer has not seen (the deck less their own hand and the discard pile)
    are dealt at random into the other players' hands, by their sizes, and the rest forms
    the draw pile.

    ``observation(sample_state(obs, rng), obs.viewer) == obs``.
    """
    if type(observation) is not Observation:
        raise wrong_type("sample_state", Observation, observation)
    generator(rng)
    return _dealt(observation, arrangement(_unseen(observation), rng))


def consistent_states(observation: Observation, limit: int) -> tuple[State, ...] | None:
    """The states the viewer of ``observation`` cannot tell apart, one per distinct deal
    of the unseen cards, all equally likely (deals that give the same hands and pile give
    the same state, which then comes as often: the pile keeps only counts), or None when
    there are more than ``limit`` deals."""
    if type(observation) is not Observation:
        raise wrong_type("consistent_states", Observation, observation)
    limit = positive(limit, "limit")
    return dealings(_unseen(observation), limit, partial(_dealt, observation))


def _unseen(obs: Observation) -> Counter[str]:
    """The cards the viewer has not seen: the other hands' and the draw pile's."""
    unseen = Counter(dict(zip(CARDS, deck_counts(obs.rules), strict=True)))
    unseen.subtract(obs.hand)
    unseen.subtract(dict(zip(CARDS, obs.discard, strict=True)))
    if any(n < 0 for n in unseen.values()) or unseen.total() != obs.pile_size + sum(
        size for p, size in enumerate(obs.hand_sizes) if p != obs.viewer
    ):
        raise StateError("the observation is not consistent with the rules' deck")
    return +unseen


def _dealt(obs: Observation, dealt: Iterable[str]) -> State:
    """The state of ``obs`` with ``dealt`` dealt, in order, into the other players' hands
    by their sizes, the rest forming the draw pile."""
    deal = iter(dealt)
    hands = tuple(
        obs.hand if p == obs.viewer
        else tuple(sorted((next(deal) for _ in range(size)), key=CARD_INDEX.__getitem__))
        for p, size in enumerate(obs.hand_sizes)
    )
    pile = Counter(deal)
    return State(
        obs.rules, Board(obs.tiles, obs.pawns, obs.guards), obs.towers, obs.hats, obs.tokens,
        hands, tuple(pile[c] for c in CARDS), obs.discard, obs.player, obs.phase, obs.plays,
        obs.yellow, obs.arrived, obs.arrived_hat, obs.turned,
    )
