"""The numpy batch engines against the scalar engines: random-playout steps/s (every move,
chance outcomes included) of ``amigo_rules.batch.<game>.random_playouts`` at several batch
sizes, each as a ratio to the scalar engine measured in the same run. Rates are per second
of the process's CPU time, so that other work on the machine does not skew the ratios.

    python benchmarks/batch.py                       # every configuration, n = 64 … 4096
    python benchmarks/batch.py --game exxtra         # one game
    python benchmarks/batch.py --sizes 1024 --seconds 5
    python benchmarks/batch.py --seconds 3 --out benchmarks/results/batch.json

``--out`` also writes the run as a results file (format ``amigo-rules batch speed 1``): the
batch engine's page prints its table from the committed ``benchmarks/results/batch.json``
(`tables`, see ``benchmarks/figures.py``). Run by hand; the figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import sys
import time
from pathlib import Path

from playouts import playouts  # the scalar loop of benchmarks/playouts.py

FORMAT = "amigo-rules batch speed 1"
"""The ``format`` of the results file ``--out`` writes."""


def configurations() -> list[tuple[str, str, object]]:
    """(game, label, rules) for every benchmarked configuration."""
    from amigo_rules import exxtra, verflixxt, verflixxt_hoch

    configs: list[tuple[str, str, object]] = [
        ("verflixxt", f"Verflixxt! {preset}, 4 players", verflixxt.PRESETS[preset](players=4))
        for preset in ("classic", "amigo", "amigo_pro")
    ]
    configs.append(("verflixxt", "Verflixxt! classic, 2 players",
                    verflixxt.Rules.classic(players=2)))
    configs.append(("verflixxt", "Verflixxt! amigo, 6 players", verflixxt.Rules.amigo(players=6)))
    variants = {
        "VXV-1 c (random layout, guards), 4 players": verflixxt.Rules(layout="random"),
        "VXV-2 (a 1 back, stay or on), 4 players": verflixxt.Rules(roll_one="choice"),
        "VXV-3 (passed tiles to the end), 4 players": verflixxt.Rules(passed_tiles_to_end=True),
        "VXV-6, 8 players": verflixxt.Rules.classic(players=8),
        "VXV-7 (a 1 swaps), 4 players": verflixxt.Rules(roll_one="swap"),
        "VXV-8 (lucky tiles by number), 4 players": verflixxt.Rules(negative_lucky=True),
        "VXV-8b (and the last player's sweep), 4 players":
            verflixxt.Rules(negative_lucky=True, negative_lucky_sweep=True),
        "VXV-9 (tactical cards), 4 players": verflixxt.Rules(tactical_cards=True),
        "VXV-10 (face-down tiles), 4 players": verflixxt.Rules(hidden_tiles=True),
        "VXV-LUCKY-BELOW, 4 players": verflixxt.Rules.classic(lucky_below=True),
        "VXV-HIDDEN-TOWERS (amigo), 4 players": verflixxt.Rules.amigo(towers="hidden"),
    }
    configs += [("verflixxt", f"Verflixxt! {label}", rules) for label, rules in variants.items()]
    configs += [("verflixxt_hoch", f"Verflixxt hoch², {p} players", verflixxt_hoch.Rules(players=p))
                for p in (2, 4, 8)]
    configs.append(("verflixxt_hoch", "Verflixxt hoch², attack and action tiles, 4 players",
                    verflixxt_hoch.Rules(players=4, attack=True, action_tiles=True)))
    configs += [("exxtra", f"EXXtra, {p} players", exxtra.Rules(players=p)) for p in (3, 4, 6)]
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


def ratio_text(ratio: float) -> str:
    """A ratio as the table writes it: one decimal below 20 (``7.5×``), none above (``51×``)."""
    return f"{ratio:.1f}×" if ratio < 20 else f"{ratio:.0f}×"


def tables(document: dict) -> dict[str, str]:
    """The batch engine page's table of a results file: each configuration's ratio to the
    scalar engine at every batch size (``table``)."""
    sizes = document["sizes"]
    lines = ["| configuration | " + " | ".join(f"n = {n:,}" for n in sizes) + " |",
             "|---|" + "---:|" * len(sizes)]
    for row in document["rows"]:
        cells = " | ".join(ratio_text(row["batch"][str(n)] / row["scalar"]) for n in sizes)
        lines.append(f"| {row['label']} | {cells} |")
    return {"table": "\n".join(lines)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="benchmark only this game")
    parser.add_argument("--only", help="benchmark only configurations whose label holds this")
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024, 4096],
                        help="batch sizes n")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--out", type=Path, help="also write the figures to this results file")
    args = parser.parse_args(argv)
    document = {"format": FORMAT, "date": datetime.date.today().isoformat(),
                "seconds": args.seconds, "cores": os.cpu_count(),
                "load": round(os.getloadavg()[0], 1), "sizes": args.sizes, "rows": []}
    header = "".join(f"{f'n={n}':>16}" for n in args.sizes)
    print(f"{'configuration':<52} {'scalar steps/s':>14}{header}")
    print(f"{'':<52} {'':>14}" + "".join(f"{'steps/s  ratio':>16}" for _ in args.sizes))
    for game, label, rules in configurations():
        if (args.game and game != args.game) or (args.only and args.only not in label):
            continue
        cpu = time.process_time()
        _, steps, _ = playouts(game, rules, args.seconds)
        scalar = steps / (time.process_time() - cpu)
        cells, rates = [], {}
        for n in args.sizes:
            rate = rates[str(n)] = batch_rate(game, rules, n, args.seconds)
            cells.append(f"{rate / 1e6:>8.2f}M {rate / scalar:>5.1f}x")
        document["rows"].append({"game": game, "label": label, "scalar": scalar,
                                 "batch": rates})
        print(f"{label:<52} {scalar:>14,.0f}" + "".join(f"{c:>16}" for c in cells),
              flush=True)
    if args.out:
        document["load_after"] = round(os.getloadavg()[0], 1)
        args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
