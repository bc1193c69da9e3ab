"""`InformationSet`: sampling with memory (perfect recall) for every hidden-information
configuration."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from amigo_rules import InformationSet, exxtra, verflixxt, verflixxt_hoch
from amigo_rules.core import CHANCE, TERMINAL, ArgumentError, RulesError
from amigo_rules.core.chance import sample_outcome
from amigo_rules.verflixxt_hoch.tiles import CARDS

CONFIGS = {
    "hidden towers": (verflixxt, verflixxt.Rules.amigo(players=3, towers="hidden")),
    "top-only towers": (verflixxt, verflixxt.Rules.amigo(players=3, towers="top")),
    "hidden tiles": (verflixxt, verflixxt.Rules(players=2, hidden_tiles=True)),
    "tactical cards": (
        verflixxt, verflixxt.Rules(players=2, tactical_cards=True, towers="hidden"),
    ),
    "hoch² hands": (verflixxt_hoch, verflixxt_hoch.Rules(players=3)),
    "EXXtra": (exxtra, exxtra.Rules(players=3)),
}

CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12,
            9: 27.88, 10: 29.59, 11: 31.26, 23: 49.73}
"""The chi-square distribution's 0.999 quantile by degrees of freedom (a fair sampler
fails 1 run in 1,000)."""


def chi_square(counts: Counter[Any], expected: dict[Any, float]) -> float:
    total = sum(counts.values())
    weight = sum(expected.values())
    return sum(
        (counts[key] - total * share / weight) ** 2 / (total * share / weight)
        for key, share in expected.items()
    )


def played(game: Any, rules: Any, seat: int, seed: int, decisions: int) -> tuple[
    list[Any], InformationSet, Any
]:
    """A random game up to ``seat``'s ``decisions``-th decision: the seat's history
    (observations and own moves, in order), its information set fed with it, and the true
    state."""
    rng = np.random.default_rng(seed)
    state = game.new_game(rules, seed=seed)
    memory = InformationSet(game, seat)
    history: list[Any] = []
    while (player := game.current_player(state)) != TERMINAL:
        if player == CHANCE:
            move = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
            if player == seat:
                observation = game.observation(state, seat)
                history.append(observation)
                memory.observe(observation)
                if sum(1 for h in history if h.__class__ is observation.__class__) == decisions:
                    return history, memory, state
                history.append(move)
                memory.act(move)
        state = game.apply(state, move)
    raise AssertionError("the game ended first")


def replays(game: Any, seat: int, history: list[Any], limit: int) -> set[Any]:
    """The reference: every state reached by some play from a state of the seat's first
    observation in which ``seat`` sees exactly ``history`` at its decisions and makes its
    moves there — a brute-force replay of the seat's observations, without pruning."""
    observation = game.observation
    frontier = set(game.consistent_states(history[0], limit))
    for index, item in enumerate(history[1:], 1):
        if index % 2:  # the seat's own move
            frontier = {game.apply(s, item) for s in frontier}
            continue
        found = set()
        seen = set()
        while frontier:
            following = set()
            for state in frontier:
                if observation(state, seat) == item and game.current_player(state) == seat:
                    found.add(state)
                    continue
                player = game.current_player(state)
                if player in (TERMINAL, seat):
                    continue
                moves = ([m for m, _ in game.chance_outcomes(state)] if player == CHANCE
                         else game.legal_moves(state))
                for move in moves:
                    after = game.apply(state, move)
                    if after not in seen:
                        seen.add(after)
                        following.add(after)
            assert len(seen) < limit, "the reference search is too large for a test"
            frontier = following
        frontier = found
    return frontier


@pytest.mark.parametrize("config", list(CONFIGS))
def test_every_sample_is_consistent_with_the_whole_history(config: str) -> None:
    game, rules = CONFIGS[config]
    history, memory, state = played(game, rules, seat=1, seed=5, decisions=6)
    rng = np.random.default_rng(0)
    observations = history[::2]
    for _ in range(50):
        sample = memory.sample(rng)
        assert game.observation(sample, 1) == observations[-1]
    if game.consistent_states(observations[-1], 1) is not None:  # nothing hidden
        assert memory.states == {state: 1.0}
    elif memory.recalled:  # memory holds: exactly the states the whole history allows
        assert memory.states is not None and state in memory.states
        assert set(memory.states) == replays(game, 1, history, 200_000)
    else:
        assert config == "hoch² hands"  # too many deals to hold: sampled memoryless


@pytest.mark.rule("VXV-HIDDEN-TOWERS")
@pytest.mark.parametrize("config", ["hidden towers", "top-only towers", "hidden tiles",
                                    "tactical cards"])
def test_memory_knows_what_went_into_hidden_places(config: str) -> None:
    """Every tile entered a tower or turned face down in view of all: with memory from
    the start the seat knows the whole state where one move is played per turn (with
    tactical cards only the order of tiles taken in one turn stays open), where the
    memoryless sample guesses."""
    game, rules = CONFIGS[config]
    history, memory, state = played(game, rules, seat=0, seed=5, decisions=20)
    observation = history[-1]
    hidden = observation.tiles.count("?") + sum(t.count("?") for t in observation.towers)
    assert hidden > 1
    assert memory.recalled and memory.states is not None and state in memory.states
    memoryless = game.consistent_states(observation, 1000)  # None: more than 1,000
    assert len(memory.states) == 1 or config == "tactical cards"
    assert memoryless is None or len(memory.states) < len(memoryless)
    rng = np.random.default_rng(0)
    assert all(memory.sample(rng) in memory.states for _ in range(30))
    assert any(game.sample_state(observation, rng) not in memory.states for _ in range(30))


def test_a_history_starting_mid_game_samples_uniformly() -> None:
    """From an observation with hidden tower tiles and no earlier memory, every
    arrangement of the unseen tiles is equally likely (chi-square)."""
    game, rules = CONFIGS["hidden towers"]
    history, _, state = played(game, rules, seat=1, seed=5, decisions=4)
    observation = history[-1]
    memory = InformationSet(game, 1)
    memory.observe(observation)
    assert memory.states is not None and 2 <= len(memory.states) <= 24
    assert state in memory.states
    rng = np.random.default_rng(1)
    counts = Counter(memory.sample(rng) for _ in range(200 * len(memory.states)))
    assert set(counts) == set(memory.states)
    expected = dict.fromkeys(memory.states, 1.0)
    assert chi_square(counts, expected) < CHI2_999[len(expected) - 1]


def test_hoch_samples_hands_as_a_shuffled_deck_deals_them() -> None:
    """hoch²'s unseen cards are physical cards: an opponent's hand comes with the share of
    the pairs of unseen cards that make it (chi-square; the pile keeps only counts)."""
    rules = verflixxt_hoch.Rules(players=2, deck=(
        (-1, 0, 0), (0, 0, 0), (1, 2, 1), (2, 1, 2), (3, 1, 1), (4, 0, 0), (5, 0, 0), (6, 0, 0)
    ))
    state = verflixxt_hoch.new_game(rules, seed=3)
    viewer = verflixxt_hoch.current_player(state)
    observation = verflixxt_hoch.observation(state, viewer)
    memory = InformationSet(verflixxt_hoch, viewer)
    memory.observe(observation)
    assert memory.states is not None and len(memory.states) > 2
    other = 1 - viewer
    unseen: Counter[str] = Counter()
    for s in memory.states:  # any state: the opponent's hand and the pile, together
        unseen = Counter(s.hands[other]) + Counter(
            dict(zip(CARDS, s.pile, strict=True))
        )
        break
    cards = sorted(unseen.elements())
    expected = Counter(tuple(sorted(pair, key=CARDS.index))
                       for pair in combinations(cards, 2))
    rng = np.random.default_rng(2)
    counts = Counter(memory.sample(rng).hands[other] for _ in range(3000))
    assert set(counts) == set(expected)
    assert chi_square(counts, dict(expected)) < CHI2_999[len(expected) - 1]


def test_a_new_game_is_noticed_and_reset_forgets() -> None:
    game, rules = CONFIGS["hidden towers"]
    _, memory, _ = played(game, rules, seat=1, seed=5, decisions=8)
    fresh = game.new_game(rules, seed=9)
    while game.current_player(fresh) != 1:
        fresh = game.apply(fresh, (game.legal_moves(fresh) if game.current_player(fresh) >= 0
                                   else [m for m, _ in game.chance_outcomes(fresh)])[0])
    memory.observe(game.observation(fresh, 1))
    assert memory.states is not None and set(memory.states) == {fresh}
    memory.reset()
    with pytest.raises(RulesError, match="no observation"):
        memory.sample(np.random.default_rng(0))


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError):
        InformationSet(verflixxt, "1")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="limit must be at least 1"):  # a wrong value
        InformationSet(verflixxt, 0, limit=0)
    with pytest.raises(ArgumentError, match="budget"):  # a wrong type
        InformationSet(verflixxt, 0, budget=1.5)  # type: ignore[arg-type]
    memory = InformationSet(verflixxt, 0)
    with pytest.raises(ArgumentError, match="player 1"):
        memory.observe(verflixxt.observation(verflixxt.new_game(seed=1), 1))
