"""The seat protocol's cost per decision: the same games with seat 0 played by the
Python-stdlib random engine (``random_bot.py`` of the example engines: its own process, every
decision a JSON ``act`` and ``move`` through a pipe, every move an ``event``) and by the
random agent in process (the other seats: random agents in process both ways); then with
all four seats engines.

    python benchmarks/engines.py                 # about 20 s
    python benchmarks/engines.py --games 200
    python benchmarks/engines.py --games 200 --out benchmarks/results/engines.json

Prints decisions per second both ways (wall clock) and the overhead per decision in µs,
twice: by the wall clock (which includes waiting for a core at each of the two process
switches of a decision, so it depends on the machine's load) and by CPU time (this process
and the engines' together: the protocol's own cost; target under 100 µs). Run by hand; the
figures are printed, never asserted. ``--out`` also writes them as a results file (format
``amigo-rules engines 1``), which the documentation quotes (``benchmarks/figures.py``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

import psutil

import amigo_rules as ar
from amigo_rules.agents import RandomAgent
from amigo_rules.protocol import EngineAgent, example_engine

ENGINE = [sys.executable, str(example_engine("random_bot.py"))]
FORMAT = "amigo-rules engines 1"
"""The ``format`` of the results file ``--out`` writes."""


def decisions(record: ar.GameRecord, seats: int) -> int:
    """The moves of the first ``seats`` players in a game."""
    module = ar.get_game(record.game)
    state, count = module.new_game(record.rules, seed=record.seed), 0
    for move in record.moves:
        count += 0 <= module.current_player(state) < seats
        state = module.apply(state, move)
    return count


def rate(game: str, agents: list, games: int, seats: int) -> tuple[float, float, int]:
    """Seconds of play (wall clock, and CPU of this process and of the agents' engines)
    and decisions made by the first ``seats`` seats, over ``games`` games."""
    engines = [psutil.Process(a.process.pid) for a in agents if getattr(a, "process", None)]

    def cpu() -> float:
        used = time.process_time()
        for engine in engines:
            times = engine.cpu_times()
            used += times.user + times.system
        return used

    made = 0
    started, cpu_started = time.perf_counter(), cpu()
    for seed in range(games):
        made += decisions(ar.play(game, agents, seed=seed), seats)
    return time.perf_counter() - started, cpu() - cpu_started, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per game and way")
    parser.add_argument("--out", type=Path, help="also write the figures to this results file")
    args = parser.parse_args()
    results: dict = {"format": FORMAT, "date": datetime.date.today().isoformat(),
                     "games": args.games, "rows": {}}
    print(f"{'game, engine seats':<22}{'in process /s':>15}{'engines /s':>12}{'wall µs':>10}"
          f"{'CPU µs':>9}")
    for seats in (1, 4):
        for game in ar.GAMES:
            engines = [EngineAgent(ENGINE) for _ in range(seats)]
            others = [RandomAgent(seed=s) for s in range(seats, 4)]
            try:
                rate(game, engines + others, 2, seats)  # warm-up: started, handshakes done
                wall, cpu, made = rate(game, engines + others, args.games, seats)
            finally:
                for engine in engines:
                    engine.close()
            local_wall, local_cpu, local_made = rate(
                game, [RandomAgent(seed=s) for s in range(4)], args.games, seats)
            # in process, every seat's decisions cost the same: scale to the engines' share
            wall_overhead = (wall - local_wall) / made
            cpu_overhead = (cpu - local_cpu) / made
            results["rows"][f"{game}-{seats}"] = {
                "in_process_per_second": local_made / local_wall,
                "engines_per_second": made / wall, "wall_us": wall_overhead * 1e6,
                "cpu_us": cpu_overhead * 1e6}
            print(f"{game + ', ' + str(seats):<22}{local_made / local_wall:>15,.0f}"
                  f"{made / wall:>12,.0f}{wall_overhead * 1e6:>10,.0f}"
                  f"{cpu_overhead * 1e6:>9,.0f}")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
