"""How much of EXXtra is luck: the win share of a player who sees the future dice, against
three ``heuristic`` agents at four players.

Game ``i`` rolls the dice ``numpy.random.default_rng(i).integers(0, 36)`` in order (the
k-th roll of the game is the k-th number, whoever rolls it), and seats the foreseeing
player at ``i % 4``, as the ladder seats its agents. At each of its decisions the foreseer
plays every legal move on to the end of the game with the true dice, everyone (itself too)
playing the heuristic afterwards: it keeps the heuristic's move where that one wins, else
plays the first legal move that does, if any. It sees one move ahead with perfect
foresight of the dice, so its share is a lower bound on what foresight wins. Since the
rolls come in a fixed order, another decision hands every later roll to someone else:
``changed_per_game`` counts how often it left the heuristic's choice.

    python benchmarks/exxtra_luck.py --games 200 [--first 0] [--out results/exxtra-luck.json]

Run by hand; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import numpy as np

PLAYERS = 4
ROLLS_AHEAD = 4096
"""Rolls drawn per game: far more than any game of heuristic agents rolls."""


def finish(state, dice, used, agents):
    """The winners of the game from ``state``, its ``used`` first rolls spent, every seat
    played by ``agents``."""
    from amigo_rules import exxtra

    while not state.over:
        if state.roll is None:
            state = exxtra.apply(state, exxtra.chance_outcomes(state)[dice[used]][0])
            used += 1
        else:
            moves = exxtra.legal_moves(state)
            state = exxtra.apply(state, agents[state.player].act(
                exxtra.observation(state, state.player), moves))
    return exxtra.winners(state)


def play(index: int) -> dict:
    """Game ``index``: the foreseer's seat and share of the win."""
    from amigo_rules import exxtra
    from amigo_rules.agents import make_agent

    dice = np.random.default_rng(index).integers(0, 36, size=ROLLS_AHEAD)
    seat = index % PLAYERS
    agents = [make_agent("heuristic", "exxtra", seed=100 * index + p) for p in range(PLAYERS)]
    imagined = [make_agent("heuristic", "exxtra", seed=p) for p in range(PLAYERS)]
    state, used, foreseen = exxtra.new_game(exxtra.Rules(players=PLAYERS)), 0, 0
    while not state.over:
        if state.roll is None:
            state = exxtra.apply(state, exxtra.chance_outcomes(state)[dice[used]][0])
            used += 1
            continue
        moves = exxtra.legal_moves(state)
        observation = exxtra.observation(state, state.player)
        move = agents[state.player].act(observation, moves)
        if state.player == seat:
            winning = [m for m in moves
                       if seat in finish(exxtra.apply(state, m), dice, used, imagined)]
            if winning and move not in winning:
                move, foreseen = winning[0], foreseen + 1
        state = exxtra.apply(state, move)
    won = exxtra.winners(state)
    return {"game": index, "seat": seat, "share": 1 / len(won) if seat in won else 0.0,
            "changed": foreseen}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out")
    args = parser.parse_args()
    start = time.process_time()
    rows = [play(i) for i in range(args.first, args.first + args.games)]
    shares = [r["share"] for r in rows]
    n = len(shares)
    mean = sum(shares) / n
    half = 1.96 * math.sqrt(sum((s - mean) ** 2 for s in shares) / max(1, n - 1) / n)
    result = {"games": n, "first": args.first, "share": round(mean, 4), "half": round(half, 4),
              "changed_per_game": round(sum(r["changed"] for r in rows) / n, 2),
              "cpu_seconds": round(time.process_time() - start, 1)}
    print(json.dumps(result))
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
