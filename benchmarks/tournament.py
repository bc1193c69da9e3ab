"""Tournament throughput: games/s of the same tournament (greedy agents, Verflixxt!
classic, 4 players) in this process, on a pool of worker processes and on a Dask local
cluster of as many worker processes, plus the cost of ``move_timeout``.

    python benchmarks/tournament.py                   # 400 games, 2 workers
    python benchmarks/tournament.py --games 2000 --workers 4
    python benchmarks/tournament.py --out benchmarks/results/tournament.json

Executors are started and warmed up (every worker has imported the library) before the
clock starts. Run by hand; the figures are printed, never asserted. On a shared machine,
compare the ratios of one run rather than figures of different runs. "This process's CPU"
is what the caller spends per game: with an executor, its share of the work (chunks out,
lines back, results file) that does not scale with the workers. ``--out`` also writes the
run as a results file (format ``amigo-rules tournament speed 1``): the tournaments page
prints its table from the committed one (`tables`, see ``benchmarks/figures.py``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

from amigo_rules.arena import tournament

FORMAT = "amigo-rules tournament speed 1"
"""The ``format`` of the results file ``--out`` writes."""


def warm_up(*_: object) -> int:
    import amigo_rules.arena  # noqa: F401  (the import is the warm-up)

    return os.getpid()


def timed(label: str, games: int, executor: Executor | None = None, **options) -> dict:
    """One tournament's games/s and the CPU milliseconds this process spends per game."""
    start, cpu = time.perf_counter(), time.process_time()
    result = tournament("verflixxt", ["greedy"], games=games, seed=1, executor=executor,
                        **options)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert len(result.games) == games
    row = {"label": label, "games_per_second": games / elapsed,
           "caller_cpu_ms": 1000 * cpu / games}
    print(f"{label:<34} {row['games_per_second']:8.1f} games/s  ({elapsed:.2f} s; this "
          f"process's CPU {row['caller_cpu_ms']:.2f} ms/game)")
    return row


def tables(document: dict) -> dict[str, str]:
    """The tournaments page's table of a results file (``table``): games/s and the caller's
    CPU per game of each way to run the tournament."""
    lines = ["| where | games/s | the caller's CPU per game |", "|---|---:|---:|"]
    lines += [f"| {row['label']} | {row['games_per_second']:,.0f} | "
              f"{row['caller_cpu_ms']:.2f} ms |" for row in document["rows"]]
    return {"table": "\n".join(lines)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="also write the figures to this results file")
    args = parser.parse_args()
    document = {"format": FORMAT, "date": datetime.date.today().isoformat(),
                "games": args.games, "workers": args.workers, "cores": os.cpu_count(),
                "load": round(os.getloadavg()[0], 1)}
    print(f"{args.games} games of verflixxt (classic, 4 players), greedy agents; "
          f"{os.cpu_count()} cores, load average {document['load']}")
    rows = [timed("in this process", args.games),
            timed("in this process, move_timeout=10", args.games, move_timeout=10)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
        list(pool.map(warm_up, range(args.workers * 4)))
        rows.append(timed(f"process pool, {args.workers} workers", args.games, pool))
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask: not installed (pip install 'amigo-rules[dask]')")
    else:
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=":0") as cluster, Client(cluster) as client:
            client.run(warm_up)
            rows.append(timed(f"Dask, {args.workers} worker processes", args.games,
                              client.get_executor()))
    alone = rows[0]["games_per_second"]
    document["move_timeout_cost"] = 1 - rows[1]["games_per_second"] / alone
    print(f"move_timeout costs {document['move_timeout_cost']:.0%} of the in-process speed")
    for row in rows[2:]:
        print(f"{row['label']} / in-process: {row['games_per_second'] / alone:.2f}")
    document["rows"] = rows
    if args.out:
        document["load_after"] = round(os.getloadavg()[0], 1)
        args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
