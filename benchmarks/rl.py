"""Reinforcement learning with sb3-contrib's ``MaskablePPO`` (``pip install -e '.[rl]'``):
environment and training throughput, training runs that log their learning curve, and the
evaluation of a trained model over many games.

    python benchmarks/rl.py speed                  # env steps/s and training steps/s
    python benchmarks/rl.py speed --out benchmarks/results/rl-speed.json
    python benchmarks/rl.py train --game verflixxt --minutes 30 --model verflixxt.zip
    python benchmarks/rl.py evaluate --game verflixxt --model verflixxt.zip --games 1000
    python benchmarks/rl.py train --game exxtra --steps 12600000 --shaping shipped \\
        --model exxtra-shaped.zip --out benchmarks/results/rl-exxtra-shaped.json

``train`` writes the learning curve to ``benchmarks/results/rl-<game>.json`` (the picture of
the reinforcement-learning page is drawn from it) and ``evaluate`` adds its results there.
The learner always plays against the game's baseline agent (``greedy`` for Verflixxt!,
``heuristic`` for EXXtra). ``speed --out`` writes its figures as a results file (format
``amigo-rules rl speed 1``), from which the page prints its throughput table (`tables`,
see ``benchmarks/figures.py``). ``speed`` counts per second of the process's CPU time (torch
on one thread, ``--threads``), so that other work on a shared machine skews the ratios as
little as possible; ``train`` stops after ``--minutes`` of wall-clock time, or with
``--steps`` after that many steps (on a shared machine, the tutorial's run again whatever
the load). Run by hand;
figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from amigo_rules import exxtra, verflixxt, verflixxt_hoch

RESULTS = Path(__file__).parent / "results"
FORMAT = "amigo-rules learning curve 1"
"""The ``format`` of a curve file (read by the documentation's picture hook)."""
SPEED_FORMAT = "amigo-rules rl speed 1"
"""The ``format`` of the results file ``speed --out`` writes."""

CONFIGS: dict[str, tuple[str, Any, str]] = {
    "verflixxt": ("Verflixxt! classic, 2 players", verflixxt.Rules.classic(players=2),
                  "greedy"),
    "exxtra": ("EXXtra, 4 players", exxtra.Rules(players=4), "heuristic"),
    "verflixxt_hoch": ("Verflixxt hoch², 4 players", verflixxt_hoch.Rules(players=4),
                       "greedy"),
}
"""Per game: its label, the rules trained on and the opponents' agent."""

HYPERPARAMETERS: dict[str, Any] = {
    "learning_rate": 3e-4, "n_steps": 64, "batch_size": 1024, "n_epochs": 4,
    "gamma": 0.995, "gae_lambda": 0.95, "ent_coef": 0.01,
    "policy_kwargs": {"net_arch": [128, 128]},
}
"""``MaskablePPO``'s settings for every run (``n_steps`` per environment)."""


def environments(game: str, kind: str, n: int, seed: int, opponent: str | None = None,
                 player: int | None = None) -> Any:
    """A Stable-Baselines3 ``VecEnv`` of ``n`` games of ``game`` against ``opponent`` (None:
    the configuration's), the learner at seat ``player`` (None: game ``i`` at seat
    ``i % players``): ``"scalar"``, ``n`` Gymnasium environments (``AmigoEnv``) stepped one
    by one, or ``"vector"``, one vector environment on the batch engine."""
    from amigo_rules.agents import make_agent

    _, rules, baseline = CONFIGS[game]
    opponent = opponent or baseline
    if kind == "vector":
        from amigo_rules.adapters.sb3 import SB3VecEnv
        from amigo_rules.adapters.vector import AmigoVectorEnv

        env = SB3VecEnv(AmigoVectorEnv(game, rules, num_envs=n, player=player,
                                       opponent=opponent))
    else:
        from stable_baselines3.common.vec_env import DummyVecEnv

        from amigo_rules.adapters.gymnasium import AmigoEnv

        def scalar(index: int) -> Any:
            return lambda: AmigoEnv(
                game, rules, player=index % rules.players if player is None else player,
                opponents=[make_agent(opponent, game, seed=seed + 100 * index + seat)
                           for seat in range(1, rules.players)])

        env = DummyVecEnv([scalar(index) for index in range(n)])
    env.seed(seed)
    return env


def shaped(env: Any, game: str, weights: str) -> Any:
    """``env`` (a vector env in SB3's form) with potential-based reward shaping (Ng, Harada
    and Russell, 1999): each step's reward plus ``gamma · Φ(s') − Φ(s)``, ``Φ`` the learned
    value's share of the win for the learner's seat (``weights``: ``shipped`` or a weights
    file), 0 once a game ends. The optimal policies stay those of the game's own reward;
    ``rewards`` keeps the game's own rewards of the last step (the curve counts those)."""
    from stable_baselines3.common.vec_env import VecEnvWrapper

    from amigo_rules.agents.value import load, shipped

    value = shipped(game) if weights == "shipped" else load(weights, game)
    rules, seats = env.env.table.rules, np.asarray(env.env.seats)
    gamma, rows = HYPERPARAMETERS["gamma"], np.arange(env.num_envs)

    def potential(observations: np.ndarray) -> np.ndarray:
        return value.of_arrays(rules, observations, seats)[rows, seats]

    class Shaped(VecEnvWrapper):  # type: ignore[misc]
        def reset(self) -> np.ndarray:
            observations = self.venv.reset()
            self.before = potential(observations)
            return observations

        def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[Any]]:
            observations, rewards, dones, infos = self.venv.step_wait()
            now = potential(observations)  # a game that ended: the new game's first
            self.rewards = rewards
            reward = rewards + gamma * np.where(dones, 0.0, now) - self.before
            self.before = now
            return observations, reward.astype(np.float32), dones, infos

    return Shaped(env)


def model(env: Any, seed: int) -> Any:
    """A fresh ``MaskablePPO`` with `HYPERPARAMETERS` on ``env``."""
    from sb3_contrib import MaskablePPO

    steps = max(8, HYPERPARAMETERS["n_steps"] * 256 // env.num_envs)  # same rollout size
    return MaskablePPO("MlpPolicy", env, seed=seed, device="cpu", verbose=0,
                       **{**HYPERPARAMETERS, "n_steps": steps})


class Curve:
    """A callback's state: the final rewards of the training episodes, logged as a point
    ``(steps, seconds, win share, episodes)`` every ``every`` steps."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.start = time.perf_counter()
        self.points: list[dict[str, float]] = []
        self.shares: list[float] = []
        self.next = every

    def step(self, steps: int, rewards: np.ndarray, dones: np.ndarray) -> None:
        self.shares += rewards[dones].tolist()
        if steps >= self.next and self.shares:
            self.points.append({
                "steps": steps, "seconds": round(time.perf_counter() - self.start, 1),
                "win_share": round(float(np.mean(self.shares)), 4),
                "episodes": len(self.shares),
            })
            print(f"{steps:>10,} steps {self.points[-1]['seconds']:>8.0f} s  win share "
                  f"{self.points[-1]['win_share']:.3f} over {len(self.shares)} games",
                  flush=True)
            self.shares, self.next = [], steps + self.every


def train(args: argparse.Namespace) -> None:
    """Train for ``--minutes`` (or ``--steps``), save the model, write the curve file."""
    import torch
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(args.threads)
    env = environments(args.game, args.env, args.envs, args.seed, args.opponent, args.player)
    if args.shaping:
        env = shaped(env, args.game, args.shaping)
    learner = model(env, args.seed)
    curve = Curve(args.every)
    deadline = curve.start + 60 * args.minutes

    class Logger(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            rewards = env.rewards if args.shaping else self.locals["rewards"]
            curve.step(self.num_timesteps, rewards, self.locals["dones"])
            if args.steps is not None:
                return self.num_timesteps < args.steps
            return time.perf_counter() < deadline

    learner.learn(total_timesteps=10**9, callback=Logger())
    learner.save(args.model)
    out = Path(args.out or RESULTS / f"rl-{args.game}.json")
    seconds = time.perf_counter() - curve.start
    document = curve_document(args.game, args.env, args.envs, args.seed,
                              args.opponent or CONFIGS[args.game][2], args.player,
                              curve.points, int(learner.num_timesteps), seconds)
    if args.shaping:
        document["shaping"] = args.shaping
    out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"saved {args.model} and {out}")


def curve_document(game: str, env: str, envs: int, seed: int, opponent: str,
                   player: int | None, points: list[dict[str, float]], steps: int,
                   seconds: float) -> dict[str, Any]:
    """The curve file of a training run (its evaluation still empty)."""
    label, rules, _ = CONFIGS[game]
    return {
        "format": FORMAT, "game": game, "label": label, "rules": repr(rules),
        "players": rules.players, "opponent": opponent, "env": env, "envs": envs,
        "player": "every seat in turn" if player is None else player,
        "algorithm": "MaskablePPO", "hyperparameters": HYPERPARAMETERS, "seed": seed,
        "steps": steps, "seconds": round(seconds, 1), "curve": points, "evaluation": [],
    }


def evaluate(args: argparse.Namespace) -> None:
    """Play ``--games`` games of the model against random and against the baseline agent
    (every other seat) on the vector environments, its seat rotated; record the win shares
    with their 95% intervals (``evaluation``: the model plays its best move; with
    ``--sampled`` also ``sampled``: its moves drawn from the policy). ``--check-games`` more
    games in a tournament of the scalar agents, the model as ``ppo:PATH``, are printed
    beside them."""
    from sb3_contrib import MaskablePPO

    from amigo_rules.arena import tournament

    label, rules, baseline = CONFIGS[args.game]
    out = Path(args.out or RESULTS / f"rl-{args.game}.json")
    document = json.loads(out.read_text(encoding="utf-8"))
    learner = MaskablePPO.load(args.model, device="cpu")
    rows = []
    for opponent in ("random", baseline):
        start = time.perf_counter()
        rows.append(evaluation_row(learner, args, opponent, deterministic=True))
        print(f"{label}: ppo against {rules.players - 1} × {opponent}: win share "
              f"{rows[-1]['win_share']:.3f} (95% {rows[-1]['low']:.3f}–{rows[-1]['high']:.3f}) "
              f"over {rows[-1]['games']} games, {time.perf_counter() - start:.0f} s",
              flush=True)
        if args.check_games:
            agents = {"ppo": f"ppo:{args.model}"}
            agents |= {f"{opponent} {seat}": opponent for seat in range(1, rules.players)}
            stats = tournament(args.game, agents, rules=rules, games=args.check_games,
                               seed=args.seed).agents["ppo"]
            low, high = stats.confidence
            print(f"   the same in a tournament of the scalar agents: {stats.win_share:.3f} "
                  f"(95% {low:.3f}–{high:.3f}) over {stats.games} games", flush=True)
    document["evaluation"] = rows
    if args.sampled:
        document["sampled"] = [evaluation_row(learner, args, opponent, deterministic=False)
                               for opponent in ("random", baseline)]
        print("moves drawn from the policy:", document["sampled"], flush=True)
    out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def evaluation_row(learner: Any, args: argparse.Namespace, opponent: str,
                   deterministic: bool) -> dict[str, Any]:
    """The results row of ``--games`` games of ``learner`` against ``opponent``."""
    from amigo_rules.adapters.sb3 import evaluate as measure

    result = measure(learner, args.game, CONFIGS[args.game][1], opponent=opponent,
                     games=args.games, seed=args.seed, deterministic=deterministic)
    low, high = result.confidence
    return {"against": opponent, "games": result.games,
            "win_share": round(result.win_share, 4), "low": round(low, 4),
            "high": round(high, 4)}


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action id per row of ``masks`` (``bool[n, actions]``, each row with a legal id),
    uniform over the row's legal ids, for every row at once. The legal ids are found by
    their 8-byte words (few are non-zero), not by a random number per id: hoch²'s 4,270
    ids a game would cost the vector environment's step more to draw than to play."""
    n, width = masks.shape
    flat = np.ascontiguousarray(masks).reshape(-1)
    if flat.size % 8:
        flat = np.concatenate([flat, np.zeros(-flat.size % 8, bool)])
    ids = (np.flatnonzero(flat.view(np.uint64))[:, None] * 8 + np.arange(8)).reshape(-1)
    ids = ids[flat[ids]]
    counts = np.bincount(ids // width, minlength=n)
    chosen = ids[np.cumsum(counts) - counts + (rng.random(n) * counts).astype(np.int64)]
    return chosen - np.arange(n) * width


def env_rate(game: str, kind: str, n: int, seconds: float, opponent: str | None) -> float:
    """Environment steps/s (the learner's decisions, random legal actions) of ``n`` games: the
    vector environment's masks read as one array (``action_masks()``), the scalar ones'
    stacked from each environment's."""
    env = environments(game, kind, n, 0, opponent)
    env.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        masks = (env.action_masks() if hasattr(env, "action_masks")
                 else np.stack(env.env_method("action_masks")))
        env.step(random_legal(masks, rng))
        steps += n
    return steps / (time.process_time() - start)


def train_rate(game: str, kind: str, n: int, steps: int, opponent: str | None) -> float:
    """``MaskablePPO`` training steps/s over ``steps`` steps (rollouts and updates)."""
    learner = model(environments(game, kind, n, 0, opponent), 0)
    start = time.process_time()
    learner.learn(total_timesteps=steps)
    return learner.num_timesteps / (time.process_time() - start)


def speed(args: argparse.Namespace) -> None:
    """Env and training steps/s, the scalar environments against the vector env."""
    import torch

    torch.set_num_threads(args.threads)
    document: dict[str, Any] = {
        "format": SPEED_FORMAT, "date": datetime.date.today().isoformat(),
        "seconds": args.seconds, "train_steps": args.train_steps, "threads": args.threads,
        "scalar_envs": args.scalar_envs, "vector_envs": args.vector_envs,
        "cores": os.cpu_count(), "load": round(os.getloadavg()[0], 1), "rows": []}
    for game in args.games:
        cells = {kind: (env_rate(game, kind, n, args.seconds, args.opponent),
                        train_rate(game, kind, n, args.train_steps, args.opponent))
                 for kind, n in (("scalar", args.scalar_envs), ("vector", args.vector_envs))}
        (env_s, train_s), (env_v, train_v) = cells["scalar"], cells["vector"]
        document["rows"].append({"game": game, "label": CONFIGS[game][0],
                                 "opponent": args.opponent or CONFIGS[game][2],
                                 "env": {"scalar": env_s, "vector": env_v},
                                 "training": {"scalar": train_s, "vector": train_v}})
        print(f"{CONFIGS[game][0]:<32} env steps/s {env_s:>9,.0f} → {env_v:>10,.0f} "
              f"({env_v / env_s:5.1f}×)   training steps/s {train_s:>7,.0f} → {train_v:>7,.0f} "
              f"({train_v / train_s:4.1f}×)", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


def tables(document: dict) -> dict[str, str]:
    """The throughput table of a ``speed --out`` results file (``table``): environment and
    training steps/s of the scalar environments and the vector env, and their ratios."""
    vector = document["vector_envs"]
    lines = [f"| game | env steps/s: scalar | vector ({vector}) | ratio | training steps/s: "
             f"scalar | vector ({vector}) | ratio |", "|---|---:|---:|---:|---:|---:|---:|"]
    for row in document["rows"]:
        cells = [f"{row[kind][env]:,.0f}" if env != "ratio" else
                 f"{row[kind]['vector'] / row[kind]['scalar']:.1f}×"
                 for kind in ("env", "training") for env in ("scalar", "vector", "ratio")]
        lines.append(f"| {row['label']} | " + " | ".join(cells) + " |")
    return {"table": "\n".join(lines)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("speed", help=speed.__doc__)
    run.add_argument("--games", nargs="+", choices=list(CONFIGS), default=list(CONFIGS))
    run.add_argument("--seconds", type=float, default=10.0, help="time per env measurement")
    run.add_argument("--train-steps", type=int, default=16_384,
                     help="steps of training (one rollout of 16,384 and its update)")
    run.add_argument("--scalar-envs", type=int, default=8)
    run.add_argument("--vector-envs", type=int, default=256)
    run.add_argument("--opponent", help="the opponents' agent (default: the baseline)")
    run.add_argument("--out", help="also write the figures to this results file")
    run.set_defaults(run=speed)
    run = commands.add_parser("train", help=train.__doc__)
    run.add_argument("--game", choices=list(CONFIGS), required=True)
    run.add_argument("--minutes", type=float, default=30.0)
    run.add_argument("--steps", type=int, help="stop after this many steps instead")
    run.add_argument("--env", choices=["scalar", "vector"], default="vector")
    run.add_argument("--envs", type=int, default=256)
    run.add_argument("--every", type=int, default=20_000, help="steps per curve point")
    run.add_argument("--opponent", help="the opponents' agent (default: the baseline)")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--player", type=int, help="the learner's seat in every game (default: "
                     "every seat in turn, so that the policy plays any seat)")
    run.add_argument("--model", required=True, help="where to save the model (.zip)")
    run.add_argument("--out", help="the curve file (default benchmarks/results/rl-GAME.json)")
    run.add_argument("--shaping", help="reward shaping by a learned value: 'shipped' or a "
                     "weights file (vector env only)")
    run.set_defaults(run=train)
    run = commands.add_parser("evaluate", help=evaluate.__doc__)
    run.add_argument("--game", choices=list(CONFIGS), required=True)
    run.add_argument("--model", required=True)
    run.add_argument("--games", type=int, default=1000)
    run.add_argument("--sampled", action="store_true",
                     help="also play the games with moves drawn from the policy")
    run.add_argument("--check-games", type=int, default=0,
                     help="games of a tournament with the scalar agents, printed")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--out", help="the curve file (default benchmarks/results/rl-GAME.json)")
    run.set_defaults(run=evaluate)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    sys.exit(main())
