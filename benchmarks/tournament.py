"""Tournament throughput: games/s of the same tournament (greedy agents, Verflixxt!
classic, 4 players) in this process, on a pool of worker processes and on a Dask local
cluster of as many worker processes, plus the cost of ``move_timeout``.

    python benchmarks/tournament.py                   # 400 games, 2 workers
    python benchmarks/tournament.py --games 2000 --workers 4

Executors are started and warmed up (every worker has imported the library) before the
clock starts. Run by hand; the figures are printed, never asserted. On a shared machine,
compare the ratios of one run rather than figures of different runs. "This process's CPU"
is what the caller spends per game: with an executor, its share of the work (chunks out,
lines back, results file) that does not scale with the workers.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from amigo_rules.arena import tournament


def warm_up(*_: object) -> int:
    import amigo_rules.arena  # noqa: F401  (the import is the warm-up)

    return os.getpid()


def timed(label: str, games: int, executor: Executor | None = None, **options) -> float:
    start, cpu = time.perf_counter(), time.process_time()
    result = tournament("verflixxt", ["greedy"], games=games, seed=1, executor=executor,
                        **options)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert len(result.games) == games
    rate = games / elapsed
    print(f"{label:<34} {rate:8.1f} games/s  ({elapsed:.2f} s; this process's CPU "
          f"{1000 * cpu / games:.2f} ms/game)")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.games} games of verflixxt (classic, 4 players), greedy agents; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    alone = timed("in this process", args.games)
    timed_alone = timed("in this process, move_timeout=10", args.games, move_timeout=10)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
        list(pool.map(warm_up, range(args.workers * 4)))
        pooled = timed(f"process pool, {args.workers} workers", args.games, pool)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask: not installed (pip install 'amigo-rules[dask]')")
        clustered = None
    else:
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            client.run(warm_up)
            clustered = timed(f"Dask, {args.workers} worker processes", args.games,
                              client.get_executor())
    print(f"move_timeout costs {1 - timed_alone / alone:.0%} of the in-process speed")
    print(f"process pool / in-process: {pooled / alone:.2f}")
    if clustered is not None:
        print(f"Dask / in-process:         {clustered / alone:.2f}")


if __name__ == "__main__":
    main()
