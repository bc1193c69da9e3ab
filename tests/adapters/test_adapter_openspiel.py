"""The OpenSpiel adapter: OpenSpiel's own random simulation test, loading by name and
parameters, truncation, serialisation, information states, and OpenSpiel's algorithms."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

from amigo_rules import CHANCE, RulesError, exxtra, get_game, verflixxt, verflixxt_hoch
from amigo_rules.adapters import openspiel as adapter
from amigo_rules.agents import VerflixxtGreedyAgent
from amigo_rules.core.chance import sample_outcome

SMALL = verflixxt.Rules(
    players=2, layout=("-1", "+2", "L", "+3", "-4", "+5", "-6", "+4"), guards=False
)
"""A short Verflixxt! game (8 path tiles), for the search algorithms."""


def random_playout(state: pyspiel.State, rng: np.random.Generator, moves: int | None = None):
    """Play ``state`` on at random (chance by its probabilities) for ``moves`` moves or to
    the end."""
    while not state.is_terminal() and (moves is None or moves > 0):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        moves = None if moves is None else moves - 1
    return state


def test_openspiel_random_sim_test(config):
    game, rules = config
    pyspiel.random_sim_test(
        adapter.load_game(game, rules), num_sims=2, serialize=True, verbose=False
    )


@pytest.mark.slow
def test_openspiel_random_sim_test_sweep(sweep_config):
    game, rules = sweep_config
    pyspiel.random_sim_test(
        adapter.load_game(game, rules), num_sims=3, serialize=True, verbose=False
    )


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("verflixxt", verflixxt.Rules.amigo(players=5, towers="top", early_end="first_home")),
        ("verflixxt", verflixxt.Rules(players=3, layout=("-1", "L", "+3", "gift", "-10"),
                                      action_tiles=True, guard_positions=(2, 3))),
        ("verflixxt", verflixxt.Rules(players=2, roll_one="choice")),
        ("verflixxt_hoch", verflixxt_hoch.Rules(players=3, deck={2: (4, 4), 5: (3, 3)},
                                                layout=("+3", "R4", "-2", "+6"))),
        ("exxtra", exxtra.Rules(players=5, max_turns=40)),
    ],
)
def test_every_rules_value_loads_by_name_and_game_string(game, rules):
    loaded = adapter.load_game(game, rules, max_game_length=900)
    assert loaded.table.rules == rules and loaded.max_game_length() == 900
    by_name = pyspiel.load_game(adapter.NAMES[game], loaded.get_parameters())
    by_string = pyspiel.load_game(str(loaded))
    for other in (by_name, by_string):
        assert other.table == loaded.table
        assert str(other) == str(loaded)


def test_parameters_express_players_presets_variants_and_truncation():
    game = pyspiel.load_game(
        "amigo_rules_verflixxt(players=3,preset=amigo,hidden_tiles=True,towers=hidden,"
        "max_game_length=500)"
    )
    assert game.table.rules == verflixxt.Rules.amigo(players=3, hidden_tiles=True,
                                                     towers="hidden")
    assert game.max_game_length() == 500
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    plain = pyspiel.load_game("amigo_rules_verflixxt")
    assert plain.table.rules == verflixxt.Rules()
    assert plain.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert plain.max_game_length() == verflixxt.spec().max_game_length
    hoch = pyspiel.load_game("amigo_rules_verflixxt_hoch(players=5,attack=True)")
    assert hoch.table.rules == verflixxt_hoch.Rules(players=5, attack=True)
    assert hoch.max_game_length() == adapter.DEFAULT_MAX_GAME_LENGTH
    assert pyspiel.load_game("amigo_rules_exxtra(max_turns=7)").table.rules.max_turns == 7
    cards = pyspiel.load_game("amigo_rules_verflixxt(tactical_cards=True)")
    assert cards.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert cards.max_chance_outcomes() == 0


@pytest.mark.parametrize(
    "text",
    [
        "amigo_rules_verflixxt(players=9)",
        "amigo_rules_verflixxt(preset=deluxe)",
        "amigo_rules_verflixxt(towers=sometimes)",
        "amigo_rules_verflixxt_hoch(deck=[1:x:2])",
        "amigo_rules_exxtra(max_game_length=-3)",
    ],
)
def test_bad_parameters_raise_rules_errors(text):
    with pytest.raises(RulesError):
        pyspiel.load_game(text)


def test_a_game_is_truncated_at_the_move_limit_with_zero_returns():
    game = adapter.load_game("verflixxt_hoch", verflixxt_hoch.Rules(players=2),
                             max_game_length=70)
    state = random_playout(game.new_initial_state(), np.random.default_rng(3))
    assert state.is_terminal() and state.truncated
    assert len(state.history()) == state.moves == 70
    assert state.returns() == [0.0, 0.0]
    assert not get_game("verflixxt_hoch").is_terminal(state.position)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_chance_nodes_are_the_games_own_from_the_setup_on():
    rules = verflixxt.Rules.amigo(players=2)
    state = adapter.load_game("verflixxt", rules).new_initial_state()
    first = verflixxt.initial_state(rules)
    assert state.is_chance_node() and state.position == first
    outcomes = verflixxt.chance_outcomes(first)
    expected = dict(zip(verflixxt.legal_action_ids(first).tolist(),
                        (float(p) for _, p in outcomes), strict=True))
    assert dict(state.chance_outcomes()) == expected
    action = state.legal_actions()[0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == str(
        verflixxt.move_for_action(first, action)
    )


def test_serialisation_round_trips_mid_game(config):
    game_name, rules = config
    game = adapter.load_game(game_name, rules)
    state = random_playout(game.new_initial_state(), np.random.default_rng(5), moves=40)
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, back = pyspiel.deserialize_game_and_state(text)
    assert game_back.table == game.table and back.position == state.position
    assert back.history() == state.history() and back.moves == state.moves
    for player in range(game.num_players()):
        assert back.information_state_string(player) == state.information_state_string(player)
        assert back.observation_tensor(player) == state.observation_tensor(player)
    for action in random_playout(state.clone(), np.random.default_rng(6)).history()[40:]:
        state.apply_action(action)
        back.apply_action(action)
    assert back.position == state.position and back.returns() == state.returns()


def _branch_on_a_private_deal(game: pyspiel.Game, seed: int):
    """Two states that differ only in a card dealt to player 1 (HO-SETUP-3)."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not (state.position.phase.value == "deal" and state.position.player == 1):
        random_playout(state, rng, moves=1)
    first, second = state.legal_actions()[:2]
    return state.child(first), state.child(second)


def test_information_states_hold_only_what_the_player_saw():
    """A card dealt to player 1: player 0's information state and observation are the same
    in both branches, player 1's differ; then both branches take the same public moves,
    and player 0's information states stay equal exactly while player 0's observations
    have been equal all along (perfect recall)."""
    game = adapter.load_game("verflixxt_hoch", verflixxt_hoch.Rules(players=2))
    one, two = _branch_on_a_private_deal(game, seed=2)
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.observation_tensor(0) == two.observation_tensor(0)
    assert one.information_state_string(1) != two.information_state_string(1)
    rng = np.random.default_rng(8)
    always_equal = True
    steps = 0
    while not one.is_terminal() and steps < 150:
        common = sorted(set(one.legal_actions()) & set(two.legal_actions()))
        if not common or one.current_player() != two.current_player():
            break
        action = int(rng.choice(common))
        one.apply_action(action)
        two.apply_action(action)
        always_equal &= one.observation_string(0) == two.observation_string(0)
        assert (one.information_state_string(0) == two.information_state_string(0)) == \
            always_equal
        steps += 1
    assert steps > 20


def _replay(game: pyspiel.Game, actions: list[int]) -> pyspiel.State | None:
    state = game.new_initial_state()
    for action in actions:
        if action not in state.legal_actions():
            return None
        state.apply_action(action)
    return state


def test_information_state_keeps_the_past_that_the_observation_forgets():
    """Verflixxt! face-down tiles (VXV-10): a player saw every tile laid face up, so two
    tracks that differ only in two tiles now face down give every player the same
    observation but different information states."""
    rules = verflixxt.Rules(players=2, layout="random", hidden_tiles=True, guards=False)
    game = adapter.load_game("verflixxt", rules)
    state = random_playout(game.new_initial_state(), np.random.default_rng(4), moves=150)
    history = state.history()
    lays = len(verflixxt.new_game(rules, seed=0).board.tiles) - 2  # the setup's chance nodes
    found = None
    for i in range(lays):
        for j in range(i + 1, lays):
            if history[i] == history[j]:
                continue
            swapped = list(history)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            other = _replay(game, swapped)
            if other is not None and all(
                other.observation_string(p) == state.observation_string(p) for p in (0, 1)
            ):
                found = other
                break
        if found:
            break
    assert found is not None and found.position != state.position
    assert verflixxt.HIDDEN in state.observation_string(0).split("\n")[1]
    for player in (0, 1):
        assert found.observation_tensor(player) == state.observation_tensor(player)
        assert found.information_state_string(player) != state.information_state_string(player)


def test_mcts_bot_plays_through_the_adapter_against_an_amigo_agent():
    game = adapter.load_game("verflixxt", SMALL)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=16,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    greedy = adapter.AgentBot(VerflixxtGreedyAgent(seed=1))
    returns = evaluate_bots.evaluate_bots(state, [bot, greedy], rng)
    assert state.is_terminal() and not state.truncated
    assert returns == list(verflixxt.returns(state.position)) and sum(returns) == 1.0
    replayed = verflixxt.initial_state(SMALL)
    for action in state.history():
        replayed = verflixxt.apply(replayed, verflixxt.move_for_action(replayed, action))
    assert replayed == state.position


def test_outcome_sampling_mccfr_runs_on_a_small_two_player_game():
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = adapter.load_game("verflixxt", SMALL)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = random_playout(game.new_initial_state(), np.random.default_rng(1), moves=3)
    while state.is_chance_node():
        random_playout(state, np.random.default_rng(2), moves=1)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


BOUNDED = [
    ("verflixxt", verflixxt.Rules.classic(players=2)),
    ("verflixxt", verflixxt.Rules.amigo(players=3, hidden_tiles=True, towers="hidden")),
    ("verflixxt", verflixxt.Rules.classic(players=3, tactical_cards=True)),
]


@pytest.mark.parametrize(("game", "rules"), BOUNDED, ids=["classic", "face-down", "cards"])
def test_the_declared_maximum_game_length_holds_over_random_games(game, rules):
    loaded = adapter.load_game(game, rules)
    assert loaded.max_game_length() == get_game(game).spec(rules).max_game_length
    rng = np.random.default_rng(11)
    for _ in range(25):
        state = random_playout(loaded.new_initial_state(), rng)
        assert not state.truncated and len(state.history()) <= loaded.max_game_length()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "rules"), BOUNDED, ids=["classic", "face-down", "cards"])
def test_the_declared_maximum_game_length_holds_over_many_random_games(game, rules):
    loaded = adapter.load_game(game, rules)
    rng = np.random.default_rng(12)
    for _ in range(400):
        state = random_playout(loaded.new_initial_state(), rng)
        assert not state.truncated and len(state.history()) <= loaded.max_game_length()


HIDDEN_TOWERS = verflixxt.Rules.classic(players=2, towers="hidden")


def test_ismcts_bot_plays_a_game_with_hidden_towers():
    """OpenSpiel's Python ISMCTSBot resamples through resample_from_infostate."""
    game = adapter.load_game("verflixxt", HIDDEN_TOWERS, max_game_length=120)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 8,
                           random_state=rng)
    other = adapter.AgentBot(VerflixxtGreedyAgent(seed=1))
    state = game.new_initial_state()
    while not state.is_terminal():  # evaluate_bots would ask ISMCTSBot for restart_at
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action((bot, other)[state.current_player()].step(state))
    assert state.is_terminal() and sum(state.returns()) == 1.0


def test_resampling_keeps_what_the_player_saw_and_remembers_the_towers():
    rng = np.random.default_rng(5)
    moves = []
    position = verflixxt.new_game(HIDDEN_TOWERS)
    while len(moves) < 60 or "?" not in verflixxt.observation(position, 0).towers[1]:
        if verflixxt.current_player(position) == CHANCE:
            move = sample_outcome(verflixxt.chance_outcomes(position), rng)
        else:
            legal = verflixxt.legal_moves(position)
            move = legal[int(rng.integers(len(legal)))]
        moves.append(move)
        position = verflixxt.apply(position, move)
    state = adapter.state_from_moves(adapter.load_game("verflixxt", HIDDEN_TOWERS), moves)
    assert state.position == position
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(10):
        resampled = state.resample_from_infostate(0, sampler)
        assert resampled.history() == state.history()
        assert resampled.information_state_string(0) == state.information_state_string(0)
        assert resampled.position == position  # every tile went into a tower in view
    hoch = adapter.load_game("verflixxt_hoch", verflixxt_hoch.Rules(players=3))
    state = hoch.new_initial_state()
    while state.is_chance_node() or state.move_number() < 40:
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node()
                           else state.chance_outcomes()[0][0])
    player = state.current_player()
    hands = {state.resample_from_infostate(player, sampler).position.hands for _ in range(20)}
    assert len(hands) > 1 and all(h[player] == state.position.hands[player] for h in hands)
