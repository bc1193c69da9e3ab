"""The same tournament in this process, in a pool of 2 worker processes and on a Dask
cluster of 2 worker processes gives the same games; a hanging agent forfeits on each.

One pool and one cluster serve the whole module (starting them costs seconds)."""

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest
from arena_bots import Hanging

from amigo_rules import verflixxt
from amigo_rules.agents import VerflixxtGreedyAgent
from amigo_rules.arena import dask as arena_dask
from amigo_rules.arena import tournament

distributed = pytest.importorskip("distributed")

AGENTS = {"greedy": VerflixxtGreedyAgent, "random": "random", "greedy by name": "greedy"}
THREE = verflixxt.Rules(players=3)


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as executor:
        yield executor


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as local:
        yield local


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as dask_client:
        yield dask_client


def run(executor, path, **options):
    result = tournament("verflixxt", AGENTS, rules=THREE, games=20, seed=11,
                        executor=executor, results=path, **options)
    return result, sorted(path.read_text().splitlines())


def test_every_executor_gives_the_same_games(pool, client, tmp_path):
    alone, alone_lines = run(None, tmp_path / "alone.jsonl")
    pooled, pooled_lines = run(pool, tmp_path / "pool.jsonl")
    clustered, clustered_lines = run(client.get_executor(), tmp_path / "dask.jsonl")
    assert len(alone_lines) == 1 + 20  # the header, then the games
    assert pooled_lines == alone_lines and clustered_lines == alone_lines
    assert pooled.games == alone.games == clustered.games
    assert pooled.ratings == alone.ratings == clustered.ratings


def test_a_scheduler_address_is_enough(cluster, tmp_path):
    alone, alone_lines = run(None, tmp_path / "alone.jsonl", seating="random")
    with arena_dask.executor(cluster.scheduler_address) as executor:
        remote, remote_lines = run(executor, tmp_path / "remote.jsonl", seating="random")
    assert remote_lines == alone_lines and remote.games == alone.games


@pytest.mark.parametrize("where", ["pool", "dask"])
def test_a_hanging_agent_forfeits_in_worker_processes_and_threads(where, pool, client):
    """In a pool the game runs in a worker's main thread, on Dask in a worker thread: the
    move time limit holds in both, and the other games go on."""
    executor = pool if where == "pool" else client.get_executor()
    result = tournament("verflixxt", {"greedy": "greedy", "random": "random",
                                      "hanging": Hanging},
                        rules=verflixxt.Rules(players=2), games=6, seed=2,
                        executor=executor, move_timeout=0.5)
    assert [g.index for g in result.games] == list(range(6))
    for game in result.games:
        kinds = [fault.kind for fault in game.faults]
        assert kinds == (["timeout"] if "hanging" in game.seating else [])
    assert result.agents["hanging"].faults == 4
