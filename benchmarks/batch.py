"""The numpy batch engines against the scalar engines: random-playout steps/s (every move,
chance outcomes included) of ``amigo_rules.batch.<game>.random_playouts`` at several batch
sizes, each as a ratio to the scalar engine measured in the same run. Rates are per second
of the process's CPU time, so that other work on the machine does not skew the ratios.

    python benchmarks/batch.py                       # every configuration, n = 64 … 4096
    python benchmarks/batch.py --game exxtra         # one game
    python benchmarks/batch.py --sizes 1024 --seconds 5

Run by hand; the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time

from playouts import playouts  # the scalar loop of benchmarks/playouts.py


def configurations() -> list[tuple[str, str, object]]:
    """(game, label, rules) for every benchmarked configuration."""
    from amigo_rules import exxtra, verflixxt, verflixxt_hoch

    configs: list[tuple[str, str, object]] = [
        ("verflixxt", f"{preset}, 4 players", verflixxt.PRESETS[preset](players=4))
        for preset in ("classic", "amigo", "amigo_pro")
    ]
    configs.append(("verflixxt", "classic, 2 players", verflixxt.Rules.classic(players=2)))
    configs.append(("verflixxt", "amigo, 6 players", verflixxt.Rules.amigo(players=6)))
    variants = {
        "VXV-1c, 4 players": verflixxt.Rules(layout="random"),
        "VXV-2, 4 players": verflixxt.Rules(roll_one="choice"),
        "VXV-3, 4 players": verflixxt.Rules(passed_tiles_to_end=True),
        "VXV-6, 8 players": verflixxt.Rules.classic(players=8),
        "VXV-7, 4 players": verflixxt.Rules(roll_one="swap"),
        "VXV-8, 4 players": verflixxt.Rules(negative_lucky=True),
        "VXV-8b, 4 players": verflixxt.Rules(negative_lucky=True, negative_lucky_sweep=True),
        "VXV-9, 4 players": verflixxt.Rules(tactical_cards=True),
        "VXV-10, 4 players": verflixxt.Rules(hidden_tiles=True),
        "VXV-LUCKY-BELOW, 4p": verflixxt.Rules.classic(lucky_below=True),
        "VXV-HIDDEN-TOWERS, 4p": verflixxt.Rules.amigo(towers="hidden"),
    }
    configs += [("verflixxt", label, rules) for label, rules in variants.items()]
    configs += [("verflixxt_hoch", f"{p} players", verflixxt_hoch.Rules(players=p))
                for p in (2, 4, 8)]
    configs.append(("verflixxt_hoch", "attack+action, 4p",
                    verflixxt_hoch.Rules(players=4, attack=True, action_tiles=True)))
    configs += [("exxtra", f"{p} players", exxtra.Rules(players=p)) for p in (3, 4, 6)]
    return configs


def batch_rate(game: str, rules: object, n: int, seconds: float) -> float:
    """Steps/s of ``random_playouts(rules, n, seed)`` over repeated runs of about
    ``seconds`` in all (at least one run)."""
    engine = importlib.import_module(f"amigo_rules.batch.{game}")
    engine.random_playouts(rules, min(n, 16), 0)  # warm the per-rules tables
    steps = runs = 0
    start, cpu = time.perf_counter(), time.process_time()
    while runs == 0 or time.perf_counter() - start < seconds:
        steps += engine.random_playouts(rules, n, runs).steps
        runs += 1
    return steps / (time.process_time() - cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="benchmark only this game")
    parser.add_argument("--only", help="benchmark only configurations whose label holds this")
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024, 4096],
                        help="batch sizes n")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args(argv)
    header = "".join(f"{f'n={n}':>16}" for n in args.sizes)
    print(f"{'game':<14} {'configuration':<22} {'scalar steps/s':>14}{header}")
    print(f"{'':<14} {'':<22} {'':>14}" + "".join(f"{'steps/s  ratio':>16}" for _ in args.sizes))
    for game, label, rules in configurations():
        if (args.game and game != args.game) or (args.only and args.only not in label):
            continue
        cpu = time.process_time()
        _, steps, _ = playouts(game, rules, args.seconds)
        scalar = steps / (time.process_time() - cpu)
        cells = []
        for n in args.sizes:
            rate = batch_rate(game, rules, n, args.seconds)
            cells.append(f"{rate / 1e6:>8.2f}M {rate / scalar:>5.1f}x")
        print(f"{game:<14} {label:<22} {scalar:>14,.0f}" + "".join(f"{c:>16}" for c in cells),
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
