"""The search's game knowledge: state views that read like observations, the pending tiles
and the cut-off evaluation."""

from __future__ import annotations

import numpy as np
import pytest

from amigo_rules import CHANCE, TERMINAL, exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents import ExxtraHeuristicAgent, VerflixxtGreedyAgent, VerflixxtHochGreedyAgent
from amigo_rules.agents.playouts import (
    PENDING,
    SHARPNESS,
    TrackView,
    evaluation_for,
    softmax,
)
from amigo_rules.core import sample_chance
from amigo_rules.track import Board

CASES = [
    (verflixxt, verflixxt.Rules.classic(players=3), VerflixxtGreedyAgent, TrackView),
    (verflixxt, verflixxt.Rules.amigo(players=4), VerflixxtGreedyAgent, TrackView),
    (verflixxt_hoch, verflixxt_hoch.Rules(players=3, attack=True), VerflixxtHochGreedyAgent,
     TrackView),
    (exxtra, exxtra.Rules(players=4), ExxtraHeuristicAgent, lambda state: state),
]


def decisions(module, rules, seed, every=3):
    """Every ``every``-th decision state of a random game."""
    rng = np.random.default_rng(seed)
    state = module.new_game(rules, seed=seed)
    count = 0
    while (player := module.current_player(state)) != TERMINAL:
        if player == CHANCE:
            move = sample_chance(module, state, rng)
        else:
            count += 1
            if count % every == 0:
                yield state
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        state = module.apply(state, move)


@pytest.mark.parametrize(("module", "rules", "agent", "view"), CASES)
def test_a_state_view_values_moves_as_the_observation_does(module, rules, agent, view):
    # the greedy rollout policies read the state through a view; it must value every move
    # exactly as the agent does from the acting player's observation
    values = agent(seed=0).values
    checked = 0
    for state in decisions(module, rules, seed=4):
        player = module.current_player(state)
        legal = module.legal_moves(state)
        expected = values(module.observation(state, player), legal)
        assert values(view(state), legal) == expected
        checked += 1
    assert checked > 10


def test_softmax_estimates_shares_of_the_win():
    shares = softmax((10, 0, 0), 0.2)
    assert sum(shares) == pytest.approx(1)
    assert shares[0] == pytest.approx(np.exp(2) / (np.exp(2) + 2))
    assert softmax((3, 3, 3, 3), 5.0) == (0.25,) * 4


def test_the_evaluation_counts_tiles_under_pawns_standing_alone():
    rules = verflixxt.Rules(players=2, layout=("+5", "-4", "+1", "+2"), guards=False)
    towers = (("+3",), ("+3",))

    def value(pawns):
        board = Board(("S", "+5", "-4", "+1", "+2", "F"), pawns)
        state = verflixxt.State(rules, board, towers, 0, verflixxt.Phase.ROLL)
        return evaluation_for(verflixxt)(state)

    # player 0 alone on +5: ahead; both on +5: the tile is nobody's; player 0 alone on -4
    alone, shared, minus = value(((1, 5, 5), (0, 5, 5))), value(((1, 5, 5), (1, 5, 5))), \
        value(((2, 5, 5), (0, 5, 5)))
    assert alone[0] > 0.5 > minus[0]
    assert shared == (0.5, 0.5)
    w, b = PENDING["verflixxt"], SHARPNESS["verflixxt"]
    assert alone == pytest.approx(softmax((3 + w * 5, 3), b))
