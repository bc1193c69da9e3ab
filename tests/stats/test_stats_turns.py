"""Where a turn begins, told the same way by both engines over whole games of each."""

import importlib
from itertools import pairwise

import numpy as np
import pytest

from amigo_rules import GAMES, exxtra, get_game, play, verflixxt, verflixxt_hoch
from amigo_rules.agents import RandomAgent
from amigo_rules.stats import TURNS

RULES = {"verflixxt": verflixxt.Rules.amigo(players=3), "exxtra": exxtra.Rules(players=3),
         "verflixxt_hoch": verflixxt_hoch.Rules(players=3),
         "tactical cards": verflixxt.Rules.classic(players=3, tactical_cards=True)}
GAME_OF = {"tactical cards": "verflixxt"}


def test_every_game_says_where_its_turns_begin():
    assert set(TURNS) == set(GAMES)


@pytest.mark.parametrize("config", sorted(RULES))
def test_both_engines_agree_on_every_position(config):
    name = GAME_OF.get(config, config)
    game = get_game(name)
    batch = importlib.import_module(f"amigo_rules.batch.{name}")
    turns = TURNS[name]
    for seed in range(3):
        record = play(name, [RandomAgent(seed + k) for k in range(3)], RULES[config], seed=seed)
        state, states = game.new_game(RULES[config], seed=seed), []
        for move in record.moves:
            states.append(state)
            state = game.apply(state, move)
        states.append(state)
        scalar = np.array([turns.scalar(s) for s in states])
        assert (turns.batch(batch.from_states(states)) == scalar).all()
        # a turn begins at each roll (Verflixxt!), first card (hoch², VXV-9) or first roll
        # (EXXtra): at least as often as the player to move changes hands
        movers = [game.current_player(s) for s in states if game.current_player(s) >= 0]
        handovers = 1 + sum(a != b for a, b in pairwise(movers))
        assert scalar.sum() >= handovers
