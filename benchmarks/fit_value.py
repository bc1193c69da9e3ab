"""Fit the tile-track games' position value (`amigo_rules.agents.track_value`): play games
between the baseline agents (``greedy``) at 2, 3 and 4 players, take every ``--every``-th
position, and fit ``theta`` of ``softmax(theta . features)`` to each game's win shares by
maximum likelihood (Newton's method on the conditional logit). Deterministic given
``--seed``.

    python benchmarks/fit_value.py                 # prints the fit (600 games per configuration)
    python benchmarks/fit_value.py --write         # and writes track_value.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import logit
import numpy as np
from ladder import rules_of

SOURCES = {"verflixxt": ("classic", "amigo"), "verflixxt_hoch": ("hoch",)}
"""Per game, the ladder configurations whose games it is fitted on."""


def samples(game: str, games: int, every: int, seed: int) -> tuple[list, list]:
    """Feature rows and win shares of positions of baseline games (game ``i`` of a
    configuration has ``2 + i % 3`` players)."""
    from amigo_rules import get_game, play
    from amigo_rules.agents import make_agent
    from amigo_rules.agents.track_value import features_for

    module = get_game(game)
    features = features_for(module)
    rows, shares = [], []
    for config in SOURCES[game]:
        for index in range(games):
            players = 2 + index % 3
            game_seed = seed + index
            agents = [make_agent("greedy", game, seed=game_seed * 10 + p) for p in range(players)]
            rules = rules_of(config, players)
            record = play(game, agents, rules, seed=game_seed)
            share = [1 / len(record.winners) if p in record.winners else 0.0
                     for p in range(players)]
            state = module.new_game(rules, seed=game_seed)
            for step, move in enumerate(record.moves):
                state = module.apply(state, move)
                if step % every == 0 and not module.is_terminal(state) and state.board.pawns:
                    rows.append(features(state))
                    shares.append(share)
    return rows, shares


def fit(rows: list, shares: list) -> np.ndarray:
    """``theta`` maximising the mean log-likelihood of the shares under
    ``softmax(theta . features)`` (`logit.fit`, positions grouped by player count)."""
    return logit.fit(logit.grouped(rows, shares), damping=1e-6, steps=50)


def log_likelihood(rows: list, shares: list, theta: np.ndarray) -> float:
    """Mean log-likelihood of the shares per position."""
    return logit.log_likelihood(logit.grouped(rows, shares), theta)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per configuration")
    parser.add_argument("--every", type=int, default=3, help="take every n-th position")
    parser.add_argument("--seed", type=int, default=70_000)
    parser.add_argument("--write", action="store_true", help="write track_value.json")
    args = parser.parse_args(argv)
    from amigo_rules.agents import track_value
    from amigo_rules.agents.playouts import PENDING, SHARPNESS
    from amigo_rules.core.files import write_atomic

    out = {}
    for game, names in track_value.FEATURES.items():
        rows, shares = samples(game, args.games, args.every, args.seed)
        held = len(rows) * 4 // 5  # the last fifth's positions are held out
        theta = fit(rows[:held], shares[:held])
        old = np.zeros(len(names))  # softmax(b * (score + w * pending)), the fixed evaluation
        old[:2] = SHARPNESS[game], SHARPNESS[game] * PENDING[game]
        test = rows[held:], shares[held:]
        print(f"{game}: {len(rows)} positions; held out: log-likelihood "
              f"{log_likelihood(*test, theta):.4f} (the fixed evaluation "
              f"{log_likelihood(*test, old):.4f}, uniform {log_likelihood(*test, 0 * old):.4f})",
              flush=True)
        theta = fit(rows, shares)
        for name, weight in zip(names, theta, strict=True):
            print(f"  {name:<13} {weight:+.4f}")
        out[game] = {"features": list(names), "weights": [round(float(w), 5) for w in theta]}
    if args.write:
        path = Path(track_value.__file__).parent / "data" / track_value.DATA
        write_atomic(path, json.dumps(out, indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main())
