"""`InformationSet`: a seat's memory of one game, to sample the states consistent with
everything the seat has seen (perfect recall), not only with what it sees now."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from types import ModuleType
from typing import Any

import numpy as np

from .checks import generator, integer, positive
from .errors import ArgumentError, RulesError
from .nodes import CHANCE, TERMINAL
from .registry import get_game

LIMIT = 512
"""The most states an information set holds; beyond, it keeps only the last observation."""
BUDGET = 5_000
"""The most states searched between two observations; beyond, memory starts afresh."""


class InformationSet:
    """What seat ``seat`` of ``game`` knows: the states consistent with every observation
    it was given, in order, and with its own moves.

    Feed it the seat's observations as they come (`observe`) — after every move of the
    game, or only when the seat is to move — and the seat's own moves (`act`); `sample`
    draws one of the states it holds, each with its probability given what the seat saw:
    equally likely where the rules deal hidden tiles or cards uniformly. Between two
    observations it searches every way the game can have gone on (chance outcomes, the
    other players' moves, never a decision of the seat, which would have been observed)
    and keeps the states whose observation is the new one (a game's optional
    ``may_lead_to(state, observation)`` prunes the search). It holds up to ``limit`` states
    and searches up to ``budget`` per observation; where that is not enough, or the new
    observation cannot follow from the last (a new game), it starts afresh from the new
    observation alone (`states` is then None and `sample` is the game's memoryless
    ``sample_state``, until ``consistent_states`` of an observation fits in ``limit``).

    >>> from amigo_rules import verflixxt
    >>> rules = verflixxt.Rules.classic(players=2, towers="hidden")
    >>> state = verflixxt.apply(verflixxt.new_game(rules, seed=1), verflixxt.Roll(6))
    >>> memory = InformationSet(verflixxt, seat=1)
    >>> memory.observe(verflixxt.observation(state, 1))
    >>> memory.sample(np.random.default_rng(0)) == state  # nothing hidden yet
    True
    """

    def __init__(
        self, game: str | ModuleType, seat: int, *, limit: int = LIMIT, budget: int = BUDGET
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        """The game module."""
        limit, budget = positive(limit, "limit"), positive(budget, "budget")
        self.seat = integer(seat, "seat")
        """The seat whose observations these are."""
        if self.seat < 0:
            raise RulesError(f"seat must be >= 0, got {seat}")
        self.limit = limit
        """The most states held: past it memory falls back to the current observation."""
        self.budget = budget
        """The most states one search between two observations may visit."""
        self.observation: Any = None
        """The last observation given."""
        self.states: dict[Any, float] | None = None
        """The states held, with their weights; None: only `observation` is known."""
        self.recalled = False
        """Whether `sample` accounts for every observation given since the game began
        (False once the budget or the limit cut memory short, until an observation that
        hides nothing)."""
        self._table: tuple[list[Any], list[float]] | None = None

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self.observation = None
        self._hold(None)

    def observe(self, observation: Any) -> None:
        """The seat's next observation."""
        viewer = getattr(observation, "viewer", self.seat)
        if viewer != self.seat:
            raise ArgumentError(
                f"the observation is player {viewer}'s, this information set is seat "
                f"{self.seat}'s"
            )
        consistent = getattr(self.game, "consistent_states", None)
        shown = None if consistent is None else consistent(observation, 1)
        if shown is not None:  # nothing hidden: nothing to search for
            self._hold({shown[0]: 1.0})
            self.recalled = True
            self.observation = observation
            return
        if self.observation is None:
            found: dict[Any, float] | None = {}  # the first observation
        else:
            found = None if self.states is None else self._follow(observation)
        if found:
            self.recalled = self.recalled and self.states is not None  # within the limit
        else:  # a start (the first observation, or a new game) or memory cut short
            states = None if consistent is None else consistent(observation, self.limit)
            self._hold(None if states is None else dict(Counter(states)))
            self.recalled = found is not None
        self.observation = observation

    def act(self, move: Any) -> None:
        """The seat's own move from the last observation."""
        if self.states is None:
            return
        apply = self.game.apply
        after: dict[Any, float] = {}
        for state, weight in self.states.items():
            try:
                following = apply(state, move)
            except RulesError:  # not legal in this state: the seat's true state is another
                continue
            after[following] = after.get(following, 0.0) + weight
        self._hold(after or None)

    def sample(self, rng: np.random.Generator) -> Any:
        """A state drawn from those held, by weight (by ``sample_state`` with none)."""
        if self.observation is None:
            raise RulesError("the information set has no observation yet: call observe")
        if self._table is None:
            return self.game.sample_state(self.observation, rng)
        states, cumulative = self._table
        if len(states) == 1:
            generator(rng)
            return states[0]
        return states[bisect_right(cumulative, generator(rng).random() * cumulative[-1])]

    def _hold(self, states: dict[Any, float] | None) -> None:
        if states is not None and len(states) > self.limit:
            states = None
        self.states = states
        self._table = None if states is None else (
            list(states), list(accumulate(states.values()))
        )

    def _follow(self, observation: Any) -> dict[Any, float] | None:
        """Search from the states held to those ``observation`` shows: they are held and
        returned (empty: none can lead there, a new game); None when over the budget."""
        game, seat, budget = self.game, self.seat, self.budget
        observe, current_player = game.observation, game.current_player
        may_lead_to = getattr(game, "may_lead_to", None)
        frontier = dict(self.states or {})
        found: dict[Any, float] = {}
        seen = set(frontier)
        while frontier:
            following: dict[Any, float] = {}
            for state, weight in frontier.items():
                if observe(state, seat) == observation:
                    found[state] = found.get(state, 0.0) + weight
                    continue
                player = current_player(state)
                if player in (TERMINAL, seat):
                    continue
                budget -= 1
                if budget < 0:
                    return None
                if player == CHANCE:
                    steps = [(m, weight * float(p)) for m, p in game.chance_outcomes(state)]
                else:
                    steps = [(m, weight) for m in game.legal_moves(state)]
                for move, share in steps:
                    after = game.apply(state, move)
                    if (after in seen and after not in following) or (
                        may_lead_to is not None and not may_lead_to(after, observation)
                    ):
                        continue
                    seen.add(after)
                    following[after] = following.get(after, 0.0) + share
            frontier = following
        if found:
            self._hold(found)
        return found
