"""Adapter overhead: random-playout steps/s through each framework adapter next to the
library's own loop. A step is one move, chance outcomes and setup included, so every row
counts the same moves; the ratio is the adapter's speed over the library's.

    python benchmarks/adapters.py                # every configuration, 2 s each
    python benchmarks/adapters.py --seconds 5    # steadier figures

Needs the extras (``pip install -e '.[dev]'``). Run by hand; figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import numpy as np

from amigo_rules import CHANCE, TERMINAL, exxtra, get_game, verflixxt, verflixxt_hoch
from amigo_rules.agents import RandomAgent
from amigo_rules.core.chance import sample_outcome

CONFIGS = [
    ("verflixxt", "classic, 4 players", verflixxt.Rules.classic(players=4)),
    ("verflixxt", "amigo, face down, 3", verflixxt.Rules.amigo(players=3, hidden_tiles=True)),
    ("verflixxt_hoch", "4 players", verflixxt_hoch.Rules(players=4)),
    ("exxtra", "4 players", exxtra.Rules(players=4)),
]


def library(game: str, rules: object, seed: int) -> int:
    """One random game from ``initial_state`` with the library's functions; its moves."""
    module = get_game(game)
    rng = np.random.default_rng(seed)
    state, steps = module.initial_state(rules), 0
    while (player := module.current_player(state)) != TERMINAL:
        if player == CHANCE:
            move = sample_outcome(module.chance_outcomes(state), rng)
        else:
            moves = module.legal_moves(state)
            move = moves[int(rng.integers(len(moves)))]
        state = module.apply(state, move)
        steps += 1
    return steps


def openspiel(game: str, rules: object) -> Callable[[int], int]:
    from amigo_rules.adapters.openspiel import load_game

    loaded = load_game(game, rules)

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
        return state.moves

    return run


def pettingzoo(game: str, rules: object) -> Callable[[int], int]:
    from amigo_rules.adapters.pettingzoo import raw_env

    env = raw_env(game, rules)

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
        return env.episode.moves

    return run


def gymnasium(game: str, rules: object) -> Callable[[int], int]:
    from amigo_rules.adapters.gymnasium import AmigoEnv

    players = get_game(game).spec(rules).players
    env = AmigoEnv(game, rules, opponents=[RandomAgent(seed=s) for s in range(players - 1)])

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
            done = terminated or truncated
        return env.episode.moves

    return run


def rate(run: Callable[[int], int], seconds: float) -> float:
    """Steps per second of ``run(seed)`` called with seeds 0, 1, … for about ``seconds``."""
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run(seed)
        seed += 1
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args(argv)
    print(f"{'game':<15} {'configuration':<20} {'library':>9} "
          f"{'openspiel':>15} {'pettingzoo':>15} {'gymnasium':>15}   (steps/s, ratio)")
    for game, label, rules in CONFIGS:
        base = rate(lambda seed, g=game, r=rules: library(g, r, seed), args.seconds)
        cells = []
        for adapter in (openspiel, pettingzoo, gymnasium):
            value = rate(adapter(game, rules), args.seconds)
            cells.append(f"{value:>8.0f} ×{value / base:4.2f}")
        print(f"{game:<15} {label:<20} {base:>9.0f} " + " ".join(f"{c:>15}" for c in cells),
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
