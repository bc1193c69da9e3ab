"""Fit the weights of EXXtra's value function (`amigo_rules.agents.exxtra_value`).

Plays ``--games`` games per number of players (3-6) between heuristic agents on the batch
engine, takes every ``--every``-th position where the dice must roll, and fits the
conditional logit ``softmax(weights · features)`` to the games' winners by Newton's method
(maximum likelihood, a small ridge). Deterministic given ``--seed``:

    python benchmarks/fit_exxtra.py                       # writes the shipped file
    python benchmarks/fit_exxtra.py --games 50 --out /tmp/value.json
"""

from __future__ import annotations

import argparse
import json

import logit
import numpy as np

from amigo_rules import exxtra
from amigo_rules.agents import exxtra_value
from amigo_rules.batch import exxtra as batch
from amigo_rules.batch.exxtra_heuristic import exxtra_heuristic
from amigo_rules.core import CHANCE
from amigo_rules.core.files import write_atomic

SHIPPED = "src/amigo_rules/agents/data/exxtra_value.json"
RIDGE = 1e-3
"""The penalty on the weights' squared size, per position (`logit.fit`)."""


def positions(players: int, games: int, every: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``float[m, players, features]`` of the sampled positions and ``float[m, players]``
    the win shares of their games."""
    rng = np.random.default_rng([seed, players])
    games_ = batch.new_games(exxtra.Rules(players=players), games)
    taken: list[tuple[int, tuple[tuple[float, ...], ...]]] = []
    step = 0
    while not batch.is_terminal(games_).all():
        rolling = batch.current_player(games_) == CHANCE
        if step % every == 0:
            counters, rungs, pairs = (a.T.tolist() for a in
                                      (games_.counters, games_.rungs, games_.pairs))
            movers, firsts = (games_.turn % players).tolist(), games_.first.tolist()
            for i in np.flatnonzero(rolling).tolist():
                ladder = tuple(None if r < 0 else (r, v)
                               for r, v in zip(rungs[i], pairs[i], strict=True))
                taken.append((i, exxtra_value.features(
                    players, tuple(counters[i]), ladder, movers[i], bool(firsts[i]))))
        ids = np.where(rolling, batch.sample_chance(games_, rng), exxtra_heuristic(games_, rng))
        games_ = batch.step(games_, ids)
        step += 1
    shares = batch.returns(games_)
    x = np.array([rows for _, rows in taken], dtype=float)
    y = shares[[i for i, _ in taken]]
    return x, y


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The weights maximising the mean log-likelihood of the shares ``y`` under
    ``softmax(x @ weights)``, with the small penalty `RIDGE` (`logit.fit`)."""
    return logit.fit([(x, y)], penalty=RIDGE, steps=30, tolerance=1e-9)


def build(games: int, every: int, seed: int, report: bool = False) -> str:
    """The data file's text."""
    weights = {}
    for players in range(3, 7):
        x, y = positions(players, games, every, seed)
        w = fit(x, y)
        weights[str(players)] = [round(float(v), 6) for v in w]
        if report:
            print(f"{players} players: {len(x)} positions, log-likelihood "
                  f"{logit.log_likelihood([(x, y)], w):.4f} (uniform {np.log(1 / players):.4f})",
                  flush=True)
    data = {"format": exxtra_value.FORMAT, "features": list(exxtra_value.FEATURES),
            "games": games, "every": every, "seed": seed, "weights": weights}
    return json.dumps(data, indent=1) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8_000, help="games per player count")
    parser.add_argument("--every", type=int, default=5, help="take every n-th step's positions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=SHIPPED)
    args = parser.parse_args(argv)
    write_atomic(args.out, build(args.games, args.every, args.seed, report=True))


if __name__ == "__main__":
    main()
