"""Random games for the narration tests."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import amigo_rules
from amigo_rules.core import chance_rng, sample_chance


def random_game(
    module: ModuleType, rules: Any, seed: int, *, from_setup: bool = False
) -> list[tuple[Any, Any, Any]]:
    """(before, move, after) for every move of a game of random moves, from `new_game` (or
    with ``from_setup`` from `initial_state`, the setup's chance moves too)."""
    rng = chance_rng(seed)
    state = module.initial_state(rules) if from_setup else module.new_game(rules, seed=seed)
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
