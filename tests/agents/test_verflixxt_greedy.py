"""The greedy Verflixxt! agent: legal, sensible on hand-made positions, better than random."""

import pytest

import amigo_rules
from amigo_rules import verflixxt
from amigo_rules.agents import AGENTS, RandomAgent, VerflixxtGreedyAgent, make_agent
from amigo_rules.track import Board
from amigo_rules.verflixxt import Phase, Rules, State, Steal, Step


def position(tiles, pawns, towers, *, guards=(), roll=1, phase=Phase.MOVE, player=0):
    """A state on an explicit layout (``tiles`` between start and finish)."""
    rules = Rules(
        players=len(pawns),
        layout=tiles,
        guards=bool(guards),
        guard_positions=tuple(guards) if guards else None,
    )
    board = Board(("S", *tiles, "F"), tuple(pawns), tuple(guards))
    return State(rules, board, tuple(towers), player, phase, roll)


def choose(state, seed=0):
    legal = verflixxt.legal_moves(state)
    move = VerflixxtGreedyAgent(seed=seed).act(verflixxt.observation(state, state.player), legal)
    assert move in legal
    return move


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("order", [("+8", "-10"), ("-10", "+8")])
def test_takes_the_plus_eight_rather_than_the_minus_ten(order, seed):
    # player 0 stands alone on both tiles; a roll of 1 takes whichever tile the pawn leaves
    tiles = (*order, "-1", "-2")
    state = position(tiles, [(1, 2, 5), (5, 5, 5)], [(), ()])
    plus = Step("pawn", 1 + order.index("+8"))
    assert set(verflixxt.legal_moves(state)) == {Step("pawn", 1), Step("pawn", 2)}
    assert choose(state, seed) == plus


@pytest.mark.parametrize("seed", range(5))
def test_prefers_a_guard_move_when_every_pawn_move_takes_a_minus_tile(seed):
    # own pawns alone on -5 and -6; a guard shares the -1 tile with an opponent's pawn
    tiles = ("-5", "-6", "-1", "-2", "-3")
    state = position(tiles, [(1, 2, 6), (3, 6, 6)], [(), ()], guards=(3,))
    legal = verflixxt.legal_moves(state)
    assert Step("guard", 3) in legal
    assert choose(state, seed) == Step("guard", 3)


@pytest.mark.parametrize("seed", range(5))
def test_prefers_leaving_a_shared_tile_when_lone_pawn_moves_take_minus_tiles(seed):
    tiles = ("-7", "-1", "-2", "-3")
    # one own pawn alone on -7, two own pawns together on -1 (moving one takes nothing)
    state = position(tiles, [(1, 2, 2), (5, 5, 5)], [(), ()])
    assert choose(state, seed) == Step("pawn", 2)


@pytest.mark.parametrize("seed", range(5))
def test_steals_the_top_tile_that_helps_its_tower_most(seed):
    tiles = ("-1", "-2", "-3")
    towers = [("-8",), ("+2",), ("-3", "L"), ("+5", "-4")]
    state = position(tiles, [(4,) * 3] * 4, towers, phase=Phase.STEAL)
    assert set(verflixxt.legal_moves(state)) == {Steal(1), Steal(2), Steal(3)}
    # a lucky tile turns the -8 into +8: a gain of 16, more than +2 or -4
    assert choose(state, seed) == Steal(2)


def test_is_registered_and_callable():
    assert AGENTS["verflixxt"]["greedy"] is VerflixxtGreedyAgent
    agent = make_agent("greedy", "verflixxt", seed=3)
    state = verflixxt.apply(verflixxt.new_game(seed=1), verflixxt.Roll(2))
    assert agent(verflixxt.observation(state, 0), verflixxt.legal_moves(state)) == Step("pawn", 0)


@pytest.mark.parametrize("preset", ["classic", "amigo", "amigo_pro"])
def test_plays_only_legal_moves_in_every_preset(preset):
    rules = verflixxt.PRESETS[preset](players=3)
    for seed in range(8):
        agents = [VerflixxtGreedyAgent(seed=seed), RandomAgent(seed=seed),
                  VerflixxtGreedyAgent(seed=seed + 1)]
        # play raises AgentError on an illegal move or an exception
        record = amigo_rules.play("verflixxt", agents, rules, seed=seed)
        assert verflixxt.is_terminal(record.final_state)


def test_beats_three_random_agents_clearly():
    # measured: 28 of 60 wins (46.7%) with these seeds; chance alone gives 25%
    games = 60
    wins = 0.0
    for seed in range(games):
        seat = seed % 4
        agents = [RandomAgent(seed=10 * seed + i) for i in range(4)]
        agents[seat] = VerflixxtGreedyAgent(seed=seed)
        winners = amigo_rules.play("verflixxt", agents, Rules.classic(players=4), seed=seed).winners
        if seat in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.35


@pytest.mark.parametrize(
    "options",
    [
        {"hidden_tiles": True, "layout": "random"},
        {"towers": "hidden"},
        {"towers": "top"},
        {"roll_one": "choice"},
        {"roll_one": "swap"},
        {"tactical_cards": True},
        {"negative_lucky": True, "negative_lucky_sweep": True},
        {"lucky_below": True},
        {"early_end": "one_pawn_left"},
        {"passed_tiles_to_end": True, "action_tiles": True},
    ],
)
def test_plays_every_variant_to_the_end(options):
    # play() raises AgentError if the agent crashes or returns an illegal move.
    rules = verflixxt.Rules.classic(players=3, **options)
    for seed in range(3):
        agents = [VerflixxtGreedyAgent(seed=seed), RandomAgent(seed=seed),
                  VerflixxtGreedyAgent(seed=seed + 1)]
        record = amigo_rules.play("verflixxt", agents, rules, seed=seed)
        assert verflixxt.is_terminal(record.final_state)
