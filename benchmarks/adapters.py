"""Adapter overhead: random-playout steps/s through each framework adapter next to the
library's own loop. A step is one move, chance outcomes and setup included, so every row
counts the same moves; the ratio is the adapter's speed over the library's.

    python benchmarks/adapters.py                # every configuration, 2 s each
    python benchmarks/adapters.py --seconds 5    # steadier figures
    python benchmarks/adapters.py --vector       # the vector envs against the scalar env
    python benchmarks/adapters.py --out benchmarks/results/adapters.json
    python benchmarks/adapters.py --vector --envs 256 1024 \
        --out benchmarks/results/adapters-vector.json

``--vector`` measures environment steps per second (the learner's steps, random legal
actions) of the Gymnasium vector envs on the batch engine at ``--envs`` games (256) next to
the scalar `AmigoEnv`, with the same rules and the same opponents (random, or the game's
greedy / heuristic agent). ``--out`` also writes the run as a results file (formats
``amigo-rules adapters 1`` and ``amigo-rules vector envs 1``): the frameworks page prints its
tables from the committed ones (`tables`, see ``benchmarks/figures.py``).

Needs the extras (``pip install -e '.[dev]'``). Run by hand; figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from amigo_rules import CHANCE, TERMINAL, exxtra, get_game, verflixxt, verflixxt_hoch
from amigo_rules.agents import RandomAgent
from amigo_rules.core.chance import sample_outcome

CONFIGS = [
    ("verflixxt", "Verflixxt! classic, 4 players", verflixxt.Rules.classic(players=4)),
    ("verflixxt", "Verflixxt! amigo, face-down tiles, 3 players",
     verflixxt.Rules.amigo(players=3, hidden_tiles=True)),
    ("verflixxt_hoch", "Verflixxt hoch², 4 players", verflixxt_hoch.Rules(players=4)),
    ("exxtra", "EXXtra, 4 players", exxtra.Rules(players=4)),
]
ADAPTERS = ("openspiel", "pettingzoo", "gymnasium")
FORMATS = {"adapters": "amigo-rules adapters 1", "vector": "amigo-rules vector envs 1"}
"""The ``format`` of the results files ``--out`` writes (the adapters; ``--vector``)."""


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


VECTOR_CONFIGS = [
    ("verflixxt", "Verflixxt! classic, 2 players", verflixxt.Rules.classic(players=2)),
    ("verflixxt", "Verflixxt! amigo, 4 players", verflixxt.Rules.amigo(players=4)),
    ("exxtra", "EXXtra, 3 players", exxtra.Rules(players=3)),
]


def scalar_env(game: str, rules: object, opponent: str) -> Callable[[int], int]:
    """Episodes of `AmigoEnv` with ``opponent`` agents and random legal learner actions;
    the learner's steps."""
    from amigo_rules.adapters.gymnasium import AmigoEnv
    from amigo_rules.agents import make_agent

    players = get_game(game).spec(rules).players
    opponents = [make_agent(opponent, game, seed=s) for s in range(players - 1)]
    env = AmigoEnv(game, rules, opponents=opponents)

    def run(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
            done, steps = terminated or truncated, steps + 1
        return steps

    return run


def vector_env(game: str, rules: object, opponent: str, envs: int) -> Callable[[int], int]:
    """100 steps of `AmigoVectorEnv` over ``envs`` games with random legal learner actions;
    the learner's steps (``100 * envs``)."""
    from amigo_rules.adapters.vector import AmigoVectorEnv

    env = AmigoVectorEnv(game, rules, num_envs=envs, opponent=opponent)
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def run(seed: int) -> int:
        for _ in range(100):
            masks = env.action_masks()
            pick = rng.random(envs) * masks.sum(axis=1)
            env.step((masks.cumsum(axis=1) > pick[:, None]).argmax(axis=1))
        return 100 * envs

    return run


def vector_table(seconds: float, sizes: list[int], rounds: int = 5) -> list[dict]:
    """The vector envs' steps/s at each number of games against the scalar env's, per
    configuration and opponent: measured in turns, ``rounds`` times ``seconds / rounds``
    each, the best of each kept (a shared machine's load hits them alike)."""
    from amigo_rules.adapters.gymnasium import default_opponent

    print(f"{'configuration':<32} {'opponent':<10} {'AmigoEnv':>10}"
          + "".join(f"{f'vector ×{n}':>14} {'ratio':>7}" for n in sizes)
          + "   (environment steps/s)")
    rows = []
    for game, label, rules in VECTOR_CONFIGS:
        for opponent in ("random", default_opponent(game)):
            runs = [scalar_env(game, rules, opponent),
                    *(vector_env(game, rules, opponent, n) for n in sizes)]
            scalar, *vectors = (
                max(rounds_of) for rounds_of in zip(*(
                    [rate(run, seconds / rounds) for run in runs] for _ in range(rounds)
                ), strict=True)
            )
            rows.append({"game": game, "label": label, "opponent": opponent,
                         "scalar": scalar, "vector": dict(zip(map(str, sizes), vectors,
                                                              strict=True))})
            print(f"{label:<32} {opponent:<10} {scalar:>10.0f}" + "".join(
                f"{vector:>14.0f} {vector / scalar:>6.1f}×" for vector in vectors), flush=True)
    return rows


def adapter_table(seconds: float) -> list[dict]:
    """Random-playout steps/s of the library's loop and through each adapter."""
    print(f"{'configuration':<46} {'library':>9} "
          f"{'openspiel':>15} {'pettingzoo':>15} {'gymnasium':>15}   (steps/s, ratio)")
    rows = []
    for game, label, rules in CONFIGS:
        base = rate(lambda seed, g=game, r=rules: library(g, r, seed), seconds)
        rates = {name: rate(adapter(game, rules), seconds)
                 for name, adapter in zip(ADAPTERS, (openspiel, pettingzoo, gymnasium),
                                          strict=True)}
        rows.append({"game": game, "label": label, "library": base, "adapters": rates})
        print(f"{label:<46} {base:>9.0f} " + " ".join(
            f"{f'{value:>8.0f} ×{value / base:4.2f}':>15}" for value in rates.values()),
            flush=True)
    return rows


def tables(document: dict) -> dict[str, str]:
    """The frameworks page's table of a results file: ``table``, each adapter's speed as a
    ratio to the library's loop, or (``--vector``) each vector env's steps/s and ratio to
    the scalar env."""
    rows = document["rows"]
    if document["format"] == FORMATS["adapters"]:
        lines = ["| configuration | library steps/s | OpenSpiel | PettingZoo | Gymnasium |",
                 "|---|---:|---:|---:|---:|"]
        lines += [f"| {row['label']} | {row['library']:,.0f} | " + " | ".join(
            f"{row['adapters'][name] / row['library']:.2f}" for name in ADAPTERS) + " |"
            for row in rows]
    else:
        sizes = document["sizes"]
        lines = ["| game | opponents | `AmigoEnv` | " + " | ".join(
            f"{n:,} games | ratio" for n in sizes) + " |", "|---|---|" + "---:|" * (
            1 + 2 * len(sizes))]
        lines += [f"| {row['label']} | {row['opponent']} | {row['scalar']:,.0f} | " + " | ".join(
            f"{row['vector'][str(n)]:,.0f} | {row['vector'][str(n)] / row['scalar']:.1f}×"
            for n in sizes) + " |" for row in rows]
    return {"table": "\n".join(lines)}


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
    parser.add_argument("--vector", action="store_true",
                        help="measure the vector envs against the scalar Gymnasium env")
    parser.add_argument("--envs", type=int, nargs="+", default=[256],
                        help="games of a vector env (several: one column each)")
    parser.add_argument("--out", type=Path, help="also write the figures to this results file")
    args = parser.parse_args(argv)
    kind = "vector" if args.vector else "adapters"
    document: dict = {"format": FORMATS[kind], "date": datetime.date.today().isoformat(),
                      "seconds": args.seconds, "cores": os.cpu_count(),
                      "load": round(os.getloadavg()[0], 1)}
    if args.vector:
        document |= {"sizes": args.envs, "rows": vector_table(args.seconds, args.envs)}
    else:
        document["rows"] = adapter_table(args.seconds)
    if args.out:
        document["load_after"] = round(os.getloadavg()[0], 1)
        args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")

if __name__ == "__main__":
    sys.exit(main())
