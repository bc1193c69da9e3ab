"""MCTSAgent: every game and variant, hidden information through ``sample_state`` only,
seeded, registered with parameters, stronger than random."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import amigo_rules
from amigo_rules import (
    CHANCE,
    TERMINAL,
    ArgumentError,
    RulesError,
    exxtra,
    game_of,
    verflixxt,
    verflixxt_hoch,
)
from amigo_rules.agents import MCTSAgent, RandomAgent, make_agent, playouts
from amigo_rules.core import sample_chance
from amigo_rules.core.chance import sample_outcome
from amigo_rules.verflixxt_hoch.tiles import CARDS

ho = verflixxt_hoch

VARIANTS = [
    ("verflixxt", verflixxt.Rules.classic(players=3)),
    ("verflixxt", verflixxt.Rules.amigo(players=2, hidden_tiles=True)),
    ("verflixxt", verflixxt.Rules(players=3, towers="hidden", roll_one="choice")),
    ("verflixxt", verflixxt.Rules(players=2, towers="top", roll_one="swap",
                                  passed_tiles_to_end=True)),
    ("verflixxt", verflixxt.Rules(players=2, tactical_cards=True, early_end="first_home")),
    ("verflixxt_hoch", ho.Rules(players=3, attack=True)),
    ("exxtra", exxtra.Rules(players=3, max_turns=40)),
]


@pytest.mark.parametrize(("game", "rules"), VARIANTS, ids=lambda v: getattr(v, "NAME", None))
def test_plays_whole_games_of_every_game_and_variant(game, rules):
    # play() raises AgentError if the agent ever returns a move that is not legal
    agents = [MCTSAgent(seed=1, simulations=6, depth=3)]
    agents += [RandomAgent(seed=p) for p in range(1, rules.players)]
    record = amigo_rules.play(game, agents, rules, seed=2)
    assert amigo_rules.get_game(game).is_terminal(record.final_state)


@pytest.mark.parametrize("rollout", ["random", "greedy"])
@pytest.mark.parametrize("game", amigo_rules.GAMES)
def test_full_and_cut_off_rollouts_by_every_policy(game, rollout):
    module = amigo_rules.get_game(game)
    state, player = first_decision(module, module.Rules(), seed=5)
    legal = module.legal_moves(state)
    for depth, simulations in ((None, 3), (0, 12), (5, 12)):
        agent = MCTSAgent(seed=0, simulations=simulations, rollout=rollout, depth=depth)
        assert agent.act(module.observation(state, player), legal) in legal
        assert agent.stats["simulations"] == simulations
        assert sum(agent.stats["visits"].values()) == simulations


def first_decision(module, rules, seed, skip=0):
    """A decision state with several legal moves, after ``skip`` such decisions."""
    rng = np.random.default_rng(seed)
    state = module.new_game(rules, seed=seed)
    while True:
        player = module.current_player(state)
        if player == CHANCE:
            state = module.apply(state, sample_chance(module, state, rng))
            continue
        legal = module.legal_moves(state)
        if len(legal) > 1:
            if not skip:
                return state, player
            skip -= 1
        state = module.apply(state, legal[int(rng.integers(len(legal)))])


def hoch_decision():
    return first_decision(ho, ho.Rules(players=3), seed=1, skip=4)


def test_same_seed_same_moves():
    state, player = hoch_decision()
    obs, legal = ho.observation(state, player), ho.legal_moves(state)
    runs = [MCTSAgent(seed=7, simulations=25) for _ in range(2)]
    assert runs[0].act(obs, legal) == runs[1].act(obs, legal)
    assert runs[0].stats["visits"] == runs[1].stats["visits"]
    # a seeded agent keeps its own stream: the second decision follows from the first
    assert runs[0].act(obs, legal) == runs[1].act(obs, legal)


def test_hidden_cards_never_reach_the_search():
    # Two states that differ only in the cards player 0 cannot see give the same search.
    state, player = hoch_decision()
    other = (player + 1) % 3
    swapped = list(state.hands)
    swapped[other], pile = swapped_hand(state, other)
    twin = ho.State(state.rules, state.board, state.towers, state.hats, state.tokens,
                    tuple(swapped), pile, *ho_tail(state))
    assert twin != state
    obs = ho.observation(state, player)
    assert ho.observation(twin, player) == obs
    visits = []
    for s in (state, twin):
        agent = MCTSAgent(seed=3, simulations=60)
        agent.act(ho.observation(s, player), ho.legal_moves(s))
        visits.append(agent.stats["visits"])
    assert visits[0] == visits[1]


def swapped_hand(state, player):
    """``player``'s hand with one card exchanged for another kind from the draw pile."""
    hand = state.hands[player]
    pile = list(state.pile)
    give = next(i for i, n in enumerate(pile) if n and CARDS[i] != hand[0])
    pile[give] -= 1
    pile[CARDS.index(hand[0])] += 1
    new = tuple(sorted((*hand[1:], CARDS[give]), key=CARDS.index))
    return new, tuple(pile)


def ho_tail(state):
    return (state.discard, state.player, state.phase, state.plays, state.yellow,
            state.arrived, state.arrived_hat, state.turned)


def test_searches_only_states_drawn_by_sample_state():
    # The agent gets the game through game=; every state it searches from comes from
    # sample_state(observation, rng), called once per simulation with that observation.
    state, player = hoch_decision()
    obs = ho.observation(state, player)
    drawn = []

    def sample_state(observation, rng):
        assert observation is obs
        drawn.append(ho.sample_state(observation, rng))
        return drawn[-1]

    game = SimpleNamespace(**{name: getattr(ho, name) for name in ho.__all__})
    game.sample_state = sample_state
    agent = MCTSAgent(seed=0, simulations=25, game=game)
    assert agent.act(obs, ho.legal_moves(state)) in ho.legal_moves(state)
    assert len(drawn) == 25
    assert len({s.hands for s in drawn}) > 1  # the other hands vary between simulations


def test_a_forced_move_needs_no_search():
    state, player = hoch_decision()
    agent = MCTSAgent(seed=0, simulations=10)
    legal = ho.legal_moves(state)[:1]
    assert agent.act(ho.observation(state, player), legal) == legal[0]
    assert agent.stats == {}


def test_finds_the_game_of_an_observation():
    assert game_of(ho.observation(hoch_decision()[0], 0)) is ho
    with pytest.raises(RulesError, match="cannot tell the game of a object"):
        game_of(object())
    with pytest.raises(RulesError, match="game="):
        MCTSAgent(seed=0, simulations=2).act(object(), (1, 2))


def test_registered_for_every_game_with_parameters():
    for game in amigo_rules.GAMES:
        agent = make_agent("mcts", game, seed=1)
        assert isinstance(agent, MCTSAgent) and agent.simulations == 400
    agent = make_agent("mcts:50", "verflixxt", seed=1)
    assert (agent.simulations, agent.rollout, agent.depth, agent.exploration) == (
        50, None, "default", None)
    agent = make_agent("mcts:20:greedy:full", "exxtra")
    assert (agent.simulations, agent.rollout, agent.depth) == (20, "greedy", None)
    agent = make_agent("mcts:20:default:7:0.25:2", "verflixxt_hoch")
    assert (agent.rollout, agent.depth, agent.exploration, agent.prior) == (None, 7, 0.25, 2)


@pytest.mark.parametrize(
    "name",
    ["mcts:0", "mcts:many", "mcts:10:nosuch", "mcts:10:random:-1", "mcts:10:random:5:-1",
     "mcts:10:random:5:0.3:-2", "mcts:1:random:2:0.3:1:9"],
)
def test_bad_parameters_raise(name):
    with pytest.raises(RulesError, match="bad parameters"):
        make_agent(name, "verflixxt")


def test_bad_arguments_raise():
    for kwargs in ({"simulations": 0}, {"depth": -2}, {"exploration": -1}, {"prior": -0.5},
                   {"rollout": "nosuch"}, {"game": "chess"}, {"floor": 1.5}, {"floor": -0.1}):
        with pytest.raises(RulesError):
            MCTSAgent(**kwargs)
    for kwargs in ({"simulations": 1.5}, {"depth": 2.0}, {"exploration": "1"}, {"prior": "x"},
                   {"rollout": 3}, {"game": 3}, {"floor": "0"}):  # of a wrong type
        with pytest.raises(ArgumentError):
            MCTSAgent(**kwargs)
    agent = MCTSAgent(game="exxtra", rollout="greedy", simulations=10)  # fine for EXXtra
    state, player = first_decision(exxtra, exxtra.Rules(), seed=0)
    legal = exxtra.legal_moves(state)
    assert agent.act(exxtra.observation(state, player), legal) in legal
    assert agent.stats["simulations"] == 10


def test_a_rollout_policy_may_be_any_callable():
    calls = []

    def first(state, moves, random):
        calls.append(len(moves))
        return moves[0]

    state, player = first_decision(exxtra, exxtra.Rules(), seed=0)
    agent = MCTSAgent(seed=0, simulations=10, rollout=first, depth=6)
    agent.act(exxtra.observation(state, player), exxtra.legal_moves(state))
    assert calls


def test_a_game_unknown_to_the_playouts_is_played_out_to_the_end():
    # a game module of the protocol without NAME: random rollouts to the end, no evaluation
    game = SimpleNamespace(**{n: getattr(exxtra, n) for n in exxtra.__all__ if n != "NAME"})
    state, player = first_decision(exxtra, exxtra.Rules(), seed=0)
    agent = MCTSAgent(seed=0, simulations=10, game=game)
    legal = exxtra.legal_moves(state)
    move = agent.act(exxtra.observation(state, player), legal)
    assert move in legal and agent.stats["simulations"] == 10
    again = MCTSAgent(seed=0, simulations=10, game=game)  # the same seed, the same move
    assert again.act(exxtra.observation(state, player), legal) == move
    with pytest.raises(RulesError, match="depth=None"):
        MCTSAgent(simulations=10, game=game, depth=3).act(
            exxtra.observation(state, player), exxtra.legal_moves(state)
        )


def test_beats_random_agents():
    # a smoke test of strength; benchmarks/ladder.py measures the real ladder
    wins = 0.0
    games = 12
    rules = exxtra.Rules(players=3)
    for seed in range(games):
        seat = seed % 3
        agents = [RandomAgent(seed=seed + p) for p in range(3)]
        agents[seat] = MCTSAgent(seed=seed, simulations=30, rollout="random")
        winners = amigo_rules.play("exxtra", agents, rules, seed=seed).winners
        wins += (seat in winners) / len(winners)
    assert wins >= games / 2  # a fair share is a third


def test_a_prior_orders_the_first_tries(monkeypatch):
    # with one simulation only the prior's favourite is tried, whichever move that is
    for skip in range(6):
        state, player = first_decision(exxtra, exxtra.Rules(), seed=2, skip=skip)
        obs, legal = exxtra.observation(state, player), exxtra.legal_moves(state)
        favourite = legal[(3 * skip + 1) % len(legal)]

        def prior(state, moves, favourite=favourite):
            return [1.0 if move == favourite else 0.5 for move in moves]

        monkeypatch.setitem(playouts.PRIORS, "exxtra", lambda prior=prior: prior)
        assert MCTSAgent(seed=skip, simulations=1, prior=1.0).act(obs, legal) == favourite


def test_exxtras_prior_favours_the_pair_that_carries_the_counter_home():
    # 76 on rung 5 takes player 1's counter on 16 to the finish next turn unless an opponent
    # rolls 76 first (EX-TURN-1, EX-PLACE-2); no other move comes near that
    rules = exxtra.Rules(players=3)
    state = exxtra.apply(exxtra.State(rules, (10, 16, 10), (None,) * 3, 1, None, True),
                         exxtra.Roll(7, 6))
    obs, legal = exxtra.observation(state, 1), exxtra.legal_moves(state)
    assert str(MCTSAgent(seed=0, simulations=1, prior=1.0).act(obs, legal)) == "place 5"


def toy_game(drawn):
    """Player 0 plays ``b``; then player 1, whose hidden card is ``x`` or ``y``, may play
    ``p`` (player 0 wins) or, by the card, ``q`` (x) or ``r`` (y) (player 1 wins).
    ``drawn`` records the cards of the determinisations."""

    def sample_state(observation, rng):
        drawn.append("xy"[int(rng.integers(2))])
        return ((), drawn[-1])

    def current_player(state):
        return (0, 1, TERMINAL)[len(state[0])]

    def legal_moves(state):
        return ("b",) if not state[0] else ("p", "q" if state[1] == "x" else "r")

    def returns(state):
        if len(state[0]) < 2:
            return (0.0, 0.0)
        return (1.0, 0.0) if state[0][1] == "p" else (0.0, 1.0)

    return SimpleNamespace(
        sample_state=sample_state, current_player=current_player, legal_moves=legal_moves,
        chance_outcomes=lambda state: (), returns=returns,
        apply=lambda state, move: (state[0] + (move,), state[1]),
    )


def test_moves_legal_in_some_determinisations_count_only_where_available():
    drawn = []
    agent = MCTSAgent(seed=1, simulations=200, game=toy_game(drawn))
    node_b = agent.search(object()).children["b"]
    assert node_b.visits == 200 and len(drawn) == 200
    assert set(node_b.children) == {"p", "q", "r"}
    for child in node_b.children.values():
        assert 0 < child.visits <= child.available < 200
    # q is only ever legal with card x, r with y: each counts only those simulations
    q, r, p = (node_b.children[m] for m in "qrp")
    assert q.available + r.available < 200
    assert q.available <= drawn.count("x") and r.available <= drawn.count("y")
    assert p.available > max(q.available, r.available)
    # player 1 learns that q and r win for them and p does not
    assert p.visits < min(q.visits, r.visits)


def test_command_line_takes_mcts_with_parameters_but_not_by_default():
    from click.testing import CliRunner

    from amigo_rules.cli import main
    from amigo_rules.cli.options import bot_names

    assert "mcts" not in bot_names("verflixxt", None, 6)
    result = CliRunner().invoke(main, ["simulate", "exxtra", "--games", "1", "--seed", "2",
                                       "--bots", "mcts:8,random,heuristic"])
    assert result.exit_code == 0, result.output
    assert "│ mcts:8 " in result.output


def test_one_agent_may_play_several_games():
    agent = MCTSAgent(seed=0, simulations=8)
    for module in (exxtra, verflixxt, exxtra):
        state, player = first_decision(module, module.Rules(), seed=3)
        legal = module.legal_moves(state)
        assert agent.act(module.observation(state, player), legal) in legal


def test_determinisations_come_from_what_the_agent_saw():
    """With hidden towers the agent remembers which tiles went into every tower: each
    determinisation is the true state, where the memoryless agent redraws the towers."""
    rules = verflixxt.Rules.amigo(players=2, towers="hidden")
    state = verflixxt.new_game(rules, seed=4)
    agents = [MCTSAgent(seed=0, simulations=4), RandomAgent(seed=1)]
    rng = np.random.default_rng(0)
    decisions = 0
    while decisions < 12:
        player = verflixxt.current_player(state)
        if player == CHANCE:
            move = sample_outcome(verflixxt.chance_outcomes(state), rng)
        else:
            observation = verflixxt.observation(state, player)
            move = agents[player].act(observation, verflixxt.legal_moves(state))
            decisions += player == 0
        if player == 0:
            assert set(agents[0].information_set.states) == {verflixxt.apply(state, move)}
        state = verflixxt.apply(state, move)
    observation = verflixxt.observation(state, 0)
    assert "?" in observation.towers[1]
    assert verflixxt.consistent_states(observation, 1) is None  # the towers are hidden


def test_a_new_game_resets_the_memory():
    agent = MCTSAgent(seed=0, simulations=4)
    rules = verflixxt.Rules.amigo(players=2, towers="hidden")
    for seed in (3, 4):
        state, player = first_decision(verflixxt, rules, seed=seed)
        agent.act(verflixxt.observation(state, player), verflixxt.legal_moves(state))
        memory = agent.information_set  # this game's state after the agent's move
        after = {verflixxt.apply(state, m) for m in verflixxt.legal_moves(state)}
        assert memory.recalled and len(memory.states) == 1 and set(memory.states) <= after
    agent.reset()
    assert agent.information_set is None
    assert MCTSAgent(memory=False).information_set is None
    with pytest.raises(ArgumentError, match="memory"):
        MCTSAgent(memory=1)


@pytest.mark.parametrize("floor", [0.0, 1.0])
def test_a_prior_with_a_floor_keeps_deciding(floor):
    # without exploration a child's value is its mean (at most 1) plus the bias: a bias of
    # 10 that does not fade (floor 1) keeps the prior's favourite chosen after every first
    # try; one that fades (10 / (visits + 1), floor 0) lets the means decide once it is
    # below 1
    from amigo_rules.agents import ExxtraHeuristicAgent

    state, player = first_decision(exxtra, exxtra.Rules(), seed=2)
    obs, legal = exxtra.observation(state, player), exxtra.legal_moves(state)
    values = ExxtraHeuristicAgent().values(obs, legal)
    ranks = sorted((v - min(values)) / (max(values) - min(values)) for v in values)
    assert ranks[-1] == 1 and ranks[-2] < 0.9  # the favourite leads by a bias of 1 or more
    best = legal[values.index(max(values))]
    agent = MCTSAgent(seed=0, simulations=200, exploration=0.0, prior=10.0, floor=floor)
    visits = {m: c.visits for m, c in agent.search(obs).children.items()}
    assert set(visits) == set(legal)
    others = sum(n for m, n in visits.items() if m != best)
    if not floor:
        assert others > len(legal) - 1
    else:
        assert others == len(legal) - 1 and visits[best] == 200 - others
