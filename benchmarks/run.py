"""The library's speed in one run, as ratios: random playouts of every game against
OpenSpiel's C++ backgammon driven by the same Python loop (when the ``openspiel`` extra is
installed), the numpy batch engines against the scalar engine, and the simulations per
second of the search agent. Rates are per second of the process's CPU time, so that other
work on a shared machine skews the ratios as little as possible.

    python benchmarks/run.py                 # about a minute
    python benchmarks/run.py --seconds 5     # steadier figures
    python benchmarks/run.py --seconds 5 --out benchmarks/results/speed.json

``--out`` writes the run's figures as a results file (format ``amigo-rules speed 1``): the
README quotes them from the committed ``benchmarks/results/speed.json`` (see
``benchmarks/figures.py``). Run by hand; the figures are printed, never asserted.
``playouts.py``, ``batch.py``, ``adapters.py`` and ``tournament.py`` measure each part in
more configurations.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

from batch import batch_rate
from ladder import CONFIGS, positions
from playouts import backgammon, playouts

from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents import make_agent

FORMAT = "amigo-rules speed 1"
"""The ``format`` of the results file ``--out`` writes."""
SCALAR = {
    "classic": ("verflixxt", "Verflixxt! classic, 4 players", verflixxt.Rules.classic(players=4)),
    "amigo": ("verflixxt", "Verflixxt! amigo, 4 players", verflixxt.Rules.amigo(players=4)),
    "hidden_tiles": ("verflixxt", "Verflixxt! hidden tiles, 4 p.",
                     verflixxt.Rules.classic(hidden_tiles=True)),
    "tactical_cards": ("verflixxt", "Verflixxt! tactical cards, 4 p.",
                       verflixxt.Rules.classic(tactical_cards=True)),
    "hoch": ("verflixxt_hoch", "Verflixxt hoch², 4 players", verflixxt_hoch.Rules(players=4)),
    "exxtra": ("exxtra", "EXXtra, 4 players", exxtra.Rules(players=4)),
}
"""Configuration id: (game, label, rules). The ids name the figures of the results file."""
BATCH = ("classic", "exxtra")
SIZES = (64, 256, 1024, 4096)
SEARCH = ("classic", "hoch", "exxtra")
"""Ladder configurations, each measured on the scalar configuration of the same id."""


def scalar_rate(game: str, rules: object, seconds: float) -> float:
    """Random-playout steps per CPU second of the scalar engine."""
    _, steps, elapsed = playouts(game, rules, seconds)
    return steps / elapsed


def search_rate(config: str, seconds: float, agent: str = "mcts:400") -> float:
    """Simulations per CPU second of ``agent`` on positions from a game between the
    baseline agents (`ladder.positions`), for at least ``seconds``."""
    searcher = make_agent(agent, CONFIGS[config][0], seed=0)
    found = positions(config, 1)
    decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        observation, legal = found[decisions % len(found)]
        searcher.act(observation, legal)
        decisions += 1
    return searcher.simulations * decisions / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per measurement")
    parser.add_argument("--out", type=Path, help="also write the figures to this results file")
    args = parser.parse_args(argv)
    seconds = args.seconds
    started = time.perf_counter()
    results: dict = {"format": FORMAT, "date": datetime.date.today().isoformat(),
                     "seconds": seconds, "reference": None, "scalar": {}, "batch": {},
                     "search": {}}

    reference = backgammon(seconds)
    base = reference[1] / reference[2] if reference else None
    print("Scalar engine: random-playout steps/s, ratio to OpenSpiel's backgammon (C++)")
    if base:
        results["reference"] = {"label": "OpenSpiel backgammon", "steps_per_second": base}
        print(f"  {'OpenSpiel backgammon':<34} {base:>10,.0f}   1.00")
    else:
        print("  (OpenSpiel is not installed: pip install 'amigo-rules[openspiel]')")
    for config, (game, label, rules) in SCALAR.items():
        rate = scalar_rate(game, rules, seconds)
        results["scalar"][config] = {"label": label, "steps_per_second": rate,
                                     "ratio": rate / base if base else None}
        ratio = f"{rate / base:6.2f}" if base else "     –"
        print(f"  {label:<34} {rate:>10,.0f} {ratio}", flush=True)

    print("\nBatch engine: steps/s of random_playouts, ratio to the scalar engine")
    print(f"  {'':<34}" + "".join(f"{f'n={n}':>10}" for n in SIZES))
    for config in BATCH:
        game, label, rules = SCALAR[config]
        scalar = results["scalar"][config]["steps_per_second"]
        cells = {str(n): batch_rate(game, rules, n, seconds) / scalar for n in SIZES}
        results["batch"][config] = {"label": label, **cells}
        print(f"  {label:<34}" + "".join(f"{c:>9.1f}x" for c in cells.values()), flush=True)

    print("\nSearch agent mcts:400 (its defaults): simulations/s, and what one simulation")
    print("costs in random-playout steps of the same rules (the row above / this)")
    for config in SEARCH:
        _, label, _ = SCALAR[config]
        rate = search_rate(config, seconds)
        steps = results["scalar"][config]["steps_per_second"] / rate
        results["search"][config] = {"label": label, "agent": "mcts:400",
                                     "simulations_per_second": rate,
                                     "steps_per_simulation": steps}
        print(f"  {label:<34} {rate:>10,.0f} {steps:6.1f} steps", flush=True)

    print(f"\n({time.perf_counter() - started:.0f} s)")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
