"""Random games for the narration tests."""

from __future__ import annotations

import amigo_rules
from amigo_rules.core import chance_rng, sample_chance


def random_game(module, rules, seed):
    """(before, move, after) for every move of a game of random moves."""
    rng = chance_rng(seed)
    state = module.new_game(rules, seed=seed)
    steps = []
    while module.current_player(state) != amigo_rules.TERMINAL:
        if module.current_player(state) == amigo_rules.CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        after = module.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps
