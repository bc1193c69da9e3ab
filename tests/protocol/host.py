"""A tournament host for the exit-path tests: ``python host.py TAG WORKERS`` plays EXXtra
games without end between two engines that ignore ``quit`` and the end of their input
(``hostile.py deaf TAG family``, each with a child), in this process or on a process pool
of WORKERS."""

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from amigo_rules.arena import tournament

if __name__ == "__main__":
    tag, workers = sys.argv[1], int(sys.argv[2])
    engine = f"engine:{sys.executable} {Path(__file__).with_name('hostile.py')} deaf {tag} family"
    executor = ProcessPoolExecutor(workers) if workers > 1 else None
    print("playing", flush=True)
    tournament("exxtra", {"a": engine, "b": "random"}, games=5_000, executor=executor)
