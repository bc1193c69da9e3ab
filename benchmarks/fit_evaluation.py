"""Fit EXXtra's cut-off evaluation (`amigo_rules.agents.evaluation`) and write its file.

Games between heuristic agents (the search's rollout policy and the ladder's opponents;
the batch engine plays only random moves, whose positions are not the search's) are played
per number of players; every third state of a game is a sample, labelled with the game's
winner. The tables are fitted by maximum likelihood (gradient descent, a little L2), and the
mean log-likelihood of held-out games is printed beside that of the previous evaluation,
``softmax(b * (counter + w * rung))``.

    python benchmarks/fit_evaluation.py                 # 3-6 players, 1,500 games each
    python benchmarks/fit_evaluation.py --games 200 --out /tmp/evaluation.json

Run by hand; nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from amigo_rules import CHANCE, TERMINAL, exxtra
from amigo_rules.agents.evaluation import DATA, dump, indices, load, shape
from amigo_rules.agents.exxtra import ExxtraHeuristicAgent
from amigo_rules.agents.oneply import TIE
from amigo_rules.agents.playouts import evaluation_for
from amigo_rules.core.chance import draw_outcome
from amigo_rules.core.files import write_atomic


def samples(players: int, games: int, first: int) -> tuple[list, np.ndarray]:
    """Every third state of ``games`` heuristic games, and each game's win shares."""
    heuristic = ExxtraHeuristicAgent()
    rules = exxtra.Rules(players=players)
    states, labels = [], []
    for index in range(first, first + games):
        rand = random.Random(index)
        state = exxtra.new_game(rules, seed=index)
        seen = []
        step = 0
        while (player := exxtra.current_player(state)) != TERMINAL:
            if step % 3 == 0:
                seen.append(state)
            step += 1
            if player == CHANCE:
                move = draw_outcome(exxtra.chance_outcomes(state), rand.randrange)
            else:
                moves = exxtra.legal_moves(state)
                values = heuristic.values(state, moves)
                best = max(values) - TIE
                move = rand.choice([m for m, v in zip(moves, values, strict=True) if v >= best])
            state = exxtra.apply(state, move)
        share = np.asarray(exxtra.returns(state), dtype=float)
        states += seen
        labels += [share] * len(seen)
    return states, np.asarray(labels)


def design(states: list) -> tuple[np.ndarray, np.ndarray]:
    """The flat table indices of every player of every state."""
    found = np.asarray([indices(state) for state in states])
    return found[:, :, 0], found[:, :, 1]


def log_likelihood(logits: np.ndarray, labels: np.ndarray) -> float:
    """Mean log-likelihood of the win shares under the softmax of ``logits``."""
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float((labels * log_p).sum(axis=1).mean())


def fit(players: int, p: np.ndarray, q: np.ndarray, labels: np.ndarray,
        steps: int = 1500, rate: float = 0.5, l2: float = 1e-4) -> tuple[np.ndarray, np.ndarray]:
    """Weights of the position and pair tables maximising the likelihood (Adam)."""
    sizes = [int(np.prod(s)) for s in shape(players)]
    theta = [np.zeros(n) for n in sizes]
    moments = [(np.zeros(n), np.zeros(n)) for n in sizes]
    rows = len(labels)
    for t in range(1, steps + 1):
        z = theta[0][p] + theta[1][q]
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        error = (e / e.sum(axis=1, keepdims=True) - labels).ravel() / rows
        for k, (where, size) in enumerate(zip((p, q), sizes, strict=True)):
            grad = np.bincount(where.ravel(), weights=error, minlength=size) + l2 * theta[k]
            m, v = moments[k]
            m[:] = 0.9 * m + 0.1 * grad
            v[:] = 0.999 * v + 0.001 * grad**2
            theta[k] -= rate * 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return theta[0], theta[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="games per number of players")
    parser.add_argument("--players", type=int, action="append", choices=range(3, 7))
    parser.add_argument("--steps", type=int, default=1500, help="steps of the optimiser")
    parser.add_argument("--out", default=str(DATA))
    args = parser.parse_args(argv)
    fitted = {}
    for players in args.players or range(3, 7):
        start = time.process_time()
        train, train_labels = samples(players, args.games, 0)
        held, held_labels = samples(players, max(1, args.games // 5), 1_000_000)
        p, q = design(train)
        position, pair = fitted[players] = fit(players, p, q, train_labels, args.steps)
        hp, hq = design(held)
        old = evaluation_for(exxtra)
        before = np.log(np.clip([old(s) for s in held], 1e-12, 1))
        print(f"{players} players: {len(train):>7} samples, held-out log-likelihood "
              f"{log_likelihood(position[hp] + pair[hq], held_labels):.4f} "
              f"(previous evaluation {float((held_labels * before).sum(axis=1).mean()):.4f}, "
              f"uniform {np.log(1 / players):.4f}), {time.process_time() - start:.0f} s",
              flush=True)
    text = dump(fitted)
    load(text)  # what is written reads back
    write_atomic(args.out, text)


if __name__ == "__main__":
    sys.exit(main())
