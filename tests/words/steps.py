"""Random games of every game, step by step with the engine's events, for the words tests."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import amigo_rules
from amigo_rules import exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core import chance_rng, sample_chance

CONFIGS = [
    (verflixxt, verflixxt.Rules.classic(players=3)),
    (verflixxt, verflixxt.Rules.amigo(towers="hidden", hidden_tiles=True, action_tiles=True,
                                      players=3)),
    (verflixxt, verflixxt.Rules(tactical_cards=True, passed_tiles_to_end=True, players=2)),
    (ho, ho.Rules(players=3, attack=True, action_tiles=True)),
    (exxtra, exxtra.Rules(players=3)),
]
"""A few rule sets of each game: hidden towers and tiles, cards, attacks, actions."""


def ident(config: tuple[ModuleType, Any]) -> str:
    module, rules = config
    return f"{module.NAME}-{rules!r}"[:60]


def steps(module: ModuleType, rules: Any, seed: int,
          limit: int = 400) -> list[tuple[Any, Any, Any, tuple[Any, ...]]]:
    """``(before, move, after, events)`` of the first ``limit`` moves of a random game
    (events all shown, from ``apply_events``)."""
    rng = chance_rng(seed)
    state = module.new_game(rules, seed=seed)
    out = []
    while module.current_player(state) != amigo_rules.TERMINAL and len(out) < limit:
        if module.current_player(state) == amigo_rules.CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        after, events = module.apply_events(state, move)
        out.append((state, move, after, events))
        state = after
    return out
