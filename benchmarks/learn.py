"""Learning runs of the games' values, recorded: each run's learning curve and CPU time go to
``benchmarks/results/learning.jsonl`` (the bots' learning page draws its figure from it).

    python benchmarks/learn.py run --game verflixxt --games 40000 --rounds 8 \\
        --out src/amigo_rules/agents/data/value-verflixxt.json --label shipped
    python benchmarks/learn.py run --game verflixxt --games 16384 --rounds 4 --hidden 0 \\
        --label linear --out /tmp/linear.json     # the comparisons of the learning page
    python benchmarks/learn.py table              # the runs, as the page's table

``run`` is `amigo_rules.learning.learn` on a pool of ``--workers`` processes, resumable
from its work directory (``OUT.work``); it records the CPU seconds of this process and its
workers (of the part played now: a resumed run counts only what it did). Run by hand;
nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

RESULTS = Path(__file__).parent / "results" / "learning.jsonl"


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(args: argparse.Namespace) -> None:
    from amigo_rules.learning import Fit, Settings, learn

    settings = Settings(hidden=args.hidden, lam=args.lam, epsilon=args.epsilon,
                        evaluate=args.evaluate, dice=args.dice, turn=args.turn,
                        against=args.against,
                        window=args.window, restart=args.restart, fit=Fit(epochs=args.epochs))
    started, wall = cpu_seconds(), time.time()

    def progress(stage: str, done: int, total: int) -> None:
        if done == total:
            print(f"{time.time() - wall:8.0f} s  {stage} ({total})", flush=True)

    with ProcessPoolExecutor(args.workers) as pool:
        model = learn(args.game, games=args.games, rounds=args.rounds, seed=args.seed,
                      out=args.out, work=args.work, executor=pool, settings=settings,
                      progress=progress)
    seconds = cpu_seconds() - started
    row = {"label": args.label, "game": args.game, "games": args.games, "rounds": args.rounds,
           "seed": args.seed, "settings": settings.to_data(), "kind": model.kind,
           "cpu_seconds": round(seconds), "wall_seconds": round(time.time() - wall),
           "curve": model.training["curve"]}
    with RESULTS.open("a") as sink:
        sink.write(json.dumps(row) + "\n")
    for entry in model.training["curve"]:
        print(entry)
    print(f"{seconds:.0f} CPU seconds")


def table(args: argparse.Namespace) -> None:
    print("| game | run | model | λ | games | held-out cross-entropy | win share (95% CI) "
          "| CPU |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for line in RESULTS.read_text().splitlines():
        row = json.loads(line)
        last = row["curve"][-1]
        settings = row["settings"]
        model = "linear" if not settings["hidden"] else f"{settings['hidden']} hidden"
        cpu = "–" if row["cpu_seconds"] is None else f"{row['cpu_seconds'] / 60:.0f} min"
        print(f"| {row['game']} | {row['label']} | {model} | {settings['lam']} | "
              f"{row['games']:,} | {last.get('held_out', float('nan')):.4f} | "
              f"{100 * last['win_share']:.1f}% ± {100 * last['interval']:.1f} | {cpu} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="learn a value, recording the run")
    go.add_argument("--game", required=True)
    go.add_argument("--games", type=int, default=40_000)
    go.add_argument("--rounds", type=int, default=8)
    go.add_argument("--seed", type=int, default=0)
    go.add_argument("--hidden", type=int, default=32)
    go.add_argument("--lambda", dest="lam", type=float, default=1.0)
    go.add_argument("--epsilon", type=float, default=0.03)
    go.add_argument("--epochs", type=int, default=4)
    go.add_argument("--evaluate", type=int, default=1024)
    go.add_argument("--dice", action="store_true")
    go.add_argument("--turn", action="store_true")
    go.add_argument("--against", type=float, default=0.0)
    go.add_argument("--window", type=int, default=1)
    go.add_argument("--restart", action="store_true")
    go.add_argument("--workers", type=int, default=2)
    go.add_argument("--label", required=True)
    go.add_argument("--out", required=True)
    go.add_argument("--work", help="the work directory (default: OUT.work)")
    go.set_defaults(func=run)
    show = sub.add_parser("table", help="print the runs as a markdown table")
    show.set_defaults(func=table)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    sys.exit(main())
