"""Random-playout throughput of every game: games/s, steps/s (every ``apply``, chance
included) and the memory a state takes (fresh, and what each applied state adds), each
configuration also as a ratio to OpenSpiel's C++ backgammon driven by the same Python loop
in the same process (when the ``openspiel`` extra is installed). Rates are per second of the
process's CPU time, so that other work on the machine does not skew the ratios.

    python benchmarks/playouts.py                 # every game and configuration
    python benchmarks/playouts.py --game exxtra   # one game
    python benchmarks/playouts.py --seconds 5     # longer runs, steadier figures

Run by hand; the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from bisect import bisect_right
from itertools import accumulate

import numpy as np

from amigo_rules import CHANCE, TERMINAL, get_game
from amigo_rules.core.chance import sample_outcome


def configurations() -> list[tuple[str, str, object]]:
    """(game, label, rules) for every benchmarked configuration."""
    from amigo_rules import exxtra, verflixxt, verflixxt_hoch

    configs: list[tuple[str, str, object]] = []
    for preset in ("classic", "amigo", "amigo_pro"):
        for players in (2, 4, 6):
            rules = verflixxt.PRESETS[preset](players=players)
            configs.append(("verflixxt", f"{preset}, {players} players", rules))
    variants = {
        "VXV-2 roll one": dict(roll_one="choice"),
        "VXV-3 passed tiles": dict(passed_tiles_to_end=True),
        "VXV-9 cards": dict(tactical_cards=True),
        "VXV-10 hidden tiles": dict(hidden_tiles=True),
    }
    for label, options in variants.items():
        configs.append(("verflixxt", f"{label}, 4p", verflixxt.Rules.classic(**options)))
    for players in (2, 4, 8):
        rules = verflixxt_hoch.Rules(players=players)
        configs.append(("verflixxt_hoch", f"{players} players", rules))
    for players in (3, 4, 6):
        configs.append(("exxtra", f"{players} players", exxtra.Rules(players=players)))
    return configs


def playouts(game: str, rules: object, seconds: float) -> tuple[int, int, float]:
    """Play random games for about ``seconds`` of CPU time; return (games, steps, CPU s)."""
    module = get_game(game)
    new_game, current_player, apply = module.new_game, module.current_player, module.apply
    legal_moves, chance_outcomes = module.legal_moves, module.chance_outcomes
    rng = np.random.default_rng(0)
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(rules, seed=games)
        while (player := current_player(state)) != TERMINAL:
            if player == CHANCE:
                move = sample_outcome(chance_outcomes(state), rng)
            else:
                moves = legal_moves(state)
                move = moves[int(rng.integers(len(moves)))]
            state = apply(state, move)
            steps += 1
        games += 1
    return games, steps, time.process_time() - start


def backgammon(seconds: float) -> tuple[int, int, float] | None:
    """The same loop over OpenSpiel's C++ backgammon; None without the openspiel extra."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rng = np.random.default_rng(0)
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                cumulative = list(accumulate(p for _, p in outcomes))
                draw = rng.random() * cumulative[-1]
                action = outcomes[min(bisect_right(cumulative, draw), len(outcomes) - 1)][0]
            else:
                actions = state.legal_actions()
                action = actions[int(rng.integers(len(actions)))]
            state.apply_action(action)
            steps += 1
        games += 1
    return games, steps, time.process_time() - start


def state_bytes(game: str, rules: object) -> int:
    """Bytes allocated for one fresh state (shared Rules excluded)."""
    module = get_game(game)
    module.new_game(rules, seed=0)
    tracemalloc.start()
    state = module.new_game(rules, seed=1)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del state
    return size


def step_bytes(game: str, rules: object, seed: int = 1) -> int:
    """Bytes each state of a random game allocates on top of the state it was applied to
    (what a state adds to a search tree; the first state and shared objects excluded)."""
    module = get_game(game)
    rng = np.random.default_rng(seed)
    state, pairs = module.new_game(rules, seed=seed), []
    while module.current_player(state) != TERMINAL:
        if module.current_player(state) == CHANCE:
            move = sample_outcome(module.chance_outcomes(state), rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        pairs.append((state, move))
        state = module.apply(state, move)
    for state, move in pairs:  # fill the engines' caches first
        module.apply(state, move)
    tracemalloc.start()
    kept = [module.apply(state, move) for state, move in pairs]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size // len(kept)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="benchmark only this game")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per configuration")
    args = parser.parse_args(argv)
    reference = backgammon(args.seconds)
    base = reference[1] / reference[2] if reference else None
    if reference:
        print(f"OpenSpiel backgammon (C++), same loop: {base:,.0f} steps/s")
    else:
        print("OpenSpiel is not installed (pip install 'amigo-rules[openspiel]'): no ratios")
    print(f"{'game':<15} {'configuration':<26} {'games/s':>9} {'steps/s':>10} "
          f"{'× bg':>6} {'state B':>8} {'step B':>7}")
    for game, label, rules in configurations():
        if args.game and game != args.game:
            continue
        games, steps, elapsed = playouts(game, rules, args.seconds)
        ratio = f"{steps / elapsed / base:>6.2f}" if base else f"{'–':>6}"
        print(
            f"{game:<15} {label:<26} {games / elapsed:>9.1f} {steps / elapsed:>10,.0f} "
            f"{ratio} {state_bytes(game, rules):>8} {step_bytes(game, rules):>7}",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
