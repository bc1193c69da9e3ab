"""The library's speed in one run, as ratios: random playouts of every game against
OpenSpiel's C++ backgammon driven by the same Python loop (when the ``openspiel`` extra is
installed), the numpy batch engines against the scalar engine, and the simulations per
second of the search agent. Rates are per second of the process's CPU time, so that other
work on a shared machine skews the ratios as little as possible.

    python benchmarks/run.py                 # about a minute
    python benchmarks/run.py --seconds 5     # steadier figures

The README quotes the ratios of such a run. Run by hand; the figures are printed, never
asserted. ``playouts.py``, ``batch.py``, ``adapters.py`` and ``tournament.py`` measure each
part in more configurations.
"""

from __future__ import annotations

import argparse
import sys
import time

from batch import batch_rate
from ladder import CONFIGS, positions
from playouts import backgammon, playouts

from amigo_rules import exxtra, verflixxt, verflixxt_hoch
from amigo_rules.agents import make_agent

SCALAR = [
    ("verflixxt", "Verflixxt! classic, 4 players", verflixxt.Rules.classic(players=4)),
    ("verflixxt", "Verflixxt! amigo, 4 players", verflixxt.Rules.amigo(players=4)),
    ("verflixxt", "Verflixxt! hidden tiles, 4 p.", verflixxt.Rules.classic(hidden_tiles=True)),
    ("verflixxt", "Verflixxt! tactical cards, 4 p.",
     verflixxt.Rules.classic(tactical_cards=True)),
    ("verflixxt_hoch", "Verflixxt hoch², 4 players", verflixxt_hoch.Rules(players=4)),
    ("exxtra", "EXXtra, 4 players", exxtra.Rules(players=4)),
]
BATCH = [SCALAR[0], SCALAR[5]]
SIZES = (64, 256, 1024, 4096)
SEARCH = [("classic", SCALAR[0]), ("hoch", SCALAR[4]), ("exxtra", SCALAR[5])]
"""Ladder configurations and the scalar row of the same rules."""


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
    args = parser.parse_args(argv)
    seconds = args.seconds
    started = time.perf_counter()

    reference = backgammon(seconds)
    base = reference[1] / reference[2] if reference else None
    print("Scalar engine: random-playout steps/s, ratio to OpenSpiel's backgammon (C++)")
    if base:
        print(f"  {'OpenSpiel backgammon':<34} {base:>10,.0f}   1.00")
    else:
        print("  (OpenSpiel is not installed: pip install 'amigo-rules[openspiel]')")
    rates = {}
    for game, label, rules in SCALAR:
        rate = rates[label] = scalar_rate(game, rules, seconds)
        ratio = f"{rate / base:6.2f}" if base else "     –"
        print(f"  {label:<34} {rate:>10,.0f} {ratio}", flush=True)

    print("\nBatch engine: steps/s of random_playouts, ratio to the scalar engine")
    print(f"  {'':<34}" + "".join(f"{f'n={n}':>10}" for n in SIZES))
    for game, label, rules in BATCH:
        cells = [batch_rate(game, rules, n, seconds) / rates[label] for n in SIZES]
        print(f"  {label:<34}" + "".join(f"{c:>9.1f}x" for c in cells), flush=True)

    print("\nSearch agent mcts:400 (its defaults): simulations/s, and what one simulation")
    print("costs in random-playout steps of the same rules (the row above / this)")
    for config, (_, label, _) in SEARCH:
        rate = search_rate(config, seconds)
        print(f"  {label:<34} {rate:>10,.0f} {rates[label] / rate:6.1f} steps", flush=True)

    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    sys.exit(main())
