"""``spec(rules)``: its numbers agree with real games, and ``max_game_length`` is a bound."""

from __future__ import annotations

import numpy as np
import pytest

from amigo_rules import CHANCE, TERMINAL, exxtra, verflixxt, verflixxt_hoch
from amigo_rules.core import sample_chance

CONFIGS = [
    (verflixxt, verflixxt.Rules.classic(players=2)),
    (verflixxt, verflixxt.Rules.classic(players=4)),
    (verflixxt, verflixxt.Rules.amigo(players=3)),
    (verflixxt, verflixxt.Rules.amigo_pro(players=6)),
    (verflixxt, verflixxt.Rules.classic(players=3, hidden_tiles=True, layout="random")),
    (verflixxt, verflixxt.Rules.amigo(players=4, towers="hidden")),
    (verflixxt, verflixxt.Rules.classic(players=3, tactical_cards=True)),
    (verflixxt, verflixxt.Rules.classic(players=8)),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=2)),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=5, attack=True, action_tiles=True)),
    (exxtra, exxtra.Rules(players=3)),
    (exxtra, exxtra.Rules(players=6)),
]
IDS = [f"{g.NAME}-{i}" for i, (g, _) in enumerate(CONFIGS)]


def random_game(game, rules, seed, *, from_setup=True):
    """Every state of one random game from the initial state (setup sampled)."""
    rng = np.random.default_rng(seed)
    state = game.initial_state(rules) if from_setup else game.new_game(rules, seed=seed)
    states = [state]
    while (player := game.current_player(state)) != TERMINAL:
        if player == CHANCE:
            move = sample_chance(game, state, rng)
        else:
            legal = game.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        state = game.apply(state, move)
        states.append(state)
    return states


@pytest.mark.parametrize(("game", "rules"), CONFIGS, ids=IDS)
def test_spec_agrees_with_arrays_masks_and_ids(game, rules):
    spec = game.spec(rules)
    assert spec.game == game.NAME and spec.players == rules.players
    assert spec.min_players <= rules.players <= spec.max_players
    assert spec.num_actions == game.num_actions(rules)
    assert spec.num_chance_outcomes == game.num_chance_outcomes(rules)
    low, high = np.asarray(spec.observation_low), np.asarray(spec.observation_high)
    assert low.shape == high.shape == spec.observation_shape and (low <= high).all()
    seen_chance = False
    reached = np.zeros(spec.observation_shape, dtype=bool)
    for state in random_game(game, rules, seed=1):
        for viewer in range(rules.players):
            array = game.observation(state, viewer).to_array()
            assert array.shape == spec.observation_shape
            assert ((low <= array) & (array <= high)).all()
            reached |= array == high
        assert game.legal_action_mask(state).shape == (spec.num_actions,)
        ids = game.legal_action_ids(state)
        limit = spec.num_chance_outcomes if game.current_player(state) == CHANCE else \
            spec.num_actions
        assert ((ids >= 0) & (ids < limit)).all()
        seen_chance |= game.current_player(state) == CHANCE
    assert seen_chance == spec.has_chance
    assert reached.any()  # the bounds are reached, not just respected


def test_spec_defaults_and_the_documented_flags():
    assert verflixxt.spec() == verflixxt.spec(verflixxt.Rules())
    assert not verflixxt.spec(verflixxt.Rules.classic(tactical_cards=True)).has_chance
    assert verflixxt.spec(verflixxt.Rules.amigo(tactical_cards=True)).has_chance  # the lay
    assert verflixxt.spec(verflixxt.Rules(towers="top")).has_hidden_information
    assert not verflixxt.spec(verflixxt.Rules.amigo()).has_hidden_information
    assert verflixxt_hoch.spec().has_hidden_information
    assert not exxtra.spec().has_hidden_information
    assert exxtra.spec().returns_range == (0.0, 1.0)


@pytest.mark.parametrize(
    "rules",
    [
        verflixxt.Rules(roll_one="choice"),
        verflixxt.Rules(roll_one="swap"),
        verflixxt.Rules(passed_tiles_to_end=True),
        verflixxt.Rules(negative_lucky=True, negative_lucky_sweep=True),
    ],
)
def test_rules_without_a_proven_bound_have_none(rules):
    assert verflixxt.spec(rules).max_game_length is None


def test_hoch_and_exxtra_are_unbounded():
    assert verflixxt_hoch.spec().max_game_length is None
    assert exxtra.spec(exxtra.Rules(max_turns=10)).max_game_length is None


BOUNDED = [(g, r) for g, r in CONFIGS if g.spec(r).max_game_length is not None]


@pytest.mark.parametrize(("game", "rules"), BOUNDED, ids=[f"{g.NAME}-{r.players}" for g, r in
                                                         BOUNDED])
def test_max_game_length_holds_over_random_games(game, rules):
    bound = game.spec(rules).max_game_length
    longest = max(len(random_game(game, rules, seed)) - 1 for seed in range(60))
    assert longest <= bound


@pytest.mark.parametrize(
    "rules",
    [verflixxt.Rules.classic(players=4), verflixxt.Rules.amigo(players=2),
     verflixxt.Rules.amigo_pro(players=5, action_tiles=True, hidden_tiles=True,
                               layout="random")],
)
def test_max_game_length_holds_when_every_roll_is_a_one(rules):
    """The slowest games: the die always shows 1 and the player moves the rearmost piece,
    so each move lowers the potential of the derivation by as little as the rules allow."""
    game = verflixxt
    bound = game.spec(rules).max_game_length
    state, moves = game.initial_state(rules), 0
    rng = np.random.default_rng(0)
    while (player := game.current_player(state)) != TERMINAL:
        legal = game.legal_moves(state)
        if player == CHANCE:
            move = legal[0] if str(legal[0]) == "roll 1" else sample_chance(game, state, rng)
        else:
            move = min(legal, key=lambda m: getattr(m, "position", 0))
        state = game.apply(state, move)
        moves += 1
    assert moves <= bound
    assert moves > bound // 6  # a slow game indeed, for the bound to be tested


@pytest.mark.slow
@pytest.mark.parametrize(("game", "rules"), BOUNDED, ids=[f"{g.NAME}-{r.players}" for g, r in
                                                         BOUNDED])
def test_max_game_length_holds_over_thousands_of_games(game, rules):
    bound = game.spec(rules).max_game_length
    assert max(len(random_game(game, rules, seed)) - 1 for seed in range(2000)) <= bound
