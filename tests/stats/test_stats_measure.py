"""``amigo_rules.stats``: seeded runs reproduce on any executor (this process, a process pool,
a Dask cluster), stream a bounded number of chunks, resume from their results file, and
refuse bad input with a clear error."""

import json
import multiprocessing
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from amigo_rules import ArgumentError, RulesError, StateError, exxtra, stats, verflixxt
from amigo_rules.stats import run as stats_run

AMIGO = verflixxt.Rules.amigo(players=3)


def amigo(**options):
    return stats.measure("verflixxt", AMIGO, games=400, seed=5, chunk=100, **options)


@pytest.fixture(scope="module")
def alone():
    return amigo()


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others(alone):
    assert amigo() == alone
    assert alone.tally.to_data() == amigo().tally.to_data()
    other = stats.measure("verflixxt", AMIGO, games=400, seed=6, chunk=100)
    assert other.tally != alone.tally


def test_the_numbers_hang_together(alone):
    assert alone.games == 400 and alone.players == 3
    assert sum(seat.win.value for seat in alone.seats) == pytest.approx(1.0)
    for seat in alone.seats:
        assert seat.agent == "greedy"
        assert 0 <= seat.win.low < seat.win.value < seat.win.high <= 1
    # amigo steals are decisions of their own: never fewer decisions than turns
    assert alone.decisions.mean.value > alone.turns.mean.value
    assert alone.led_at_half <= alone.games
    assert 0 < alone.half_time.value < 1
    # the later the leader is noted, the more often the leader wins
    assert alone.leader_wins[0].value < alone.leader_wins[-1].value


def test_classic_turns_are_its_decisions():
    """Without action tiles every turn is one roll and one move."""
    summary = stats.measure("verflixxt", verflixxt.Rules.classic(players=2), games=300)
    assert summary.tally.turns == summary.tally.decisions


def test_a_process_pool_gives_the_same_numbers(alone):
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert amigo(executor=pool).tally == alone.tally


def test_a_dask_cluster_gives_the_same_numbers(alone):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        assert amigo(executor=client.get_executor()).tally == alone.tally


class Counting(Executor):
    """A thread pool that notes the most chunks it held at once."""

    def __init__(self):
        self.pool = ThreadPoolExecutor(2)
        self.held = self.most = 0
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        future: Future = self.pool.submit(fn, *args, **kwargs)
        with self.lock:
            self.held += 1
            self.most = max(self.most, self.held)
        future.add_done_callback(self.release)
        return future

    def release(self, _future):
        with self.lock:
            self.held -= 1


def test_chunks_stream_through_an_executor_a_bounded_number_at_a_time(monkeypatch):
    monkeypatch.setattr(stats_run, "IN_FLIGHT", 3)
    executor = Counting()
    summary = stats.measure("exxtra", agents="random", games=200, chunk=10, executor=executor)
    executor.pool.shutdown()
    assert summary.games == 200
    assert executor.most == 3
    assert summary == stats.measure("exxtra", agents="random", games=200, chunk=10)


def test_an_interrupted_run_resumes_from_its_results_file(alone, tmp_path):
    path = tmp_path / "amigo.json"

    def stop(finished, _planned):
        if finished >= 200:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        amigo(results=path, progress=stop)
    with pytest.raises(StateError, match="holds 2 of the run's 4 chunks"):
        stats.load(path)
    seen = []
    resumed = amigo(results=path, progress=lambda finished, planned: seen.append(finished))
    assert seen == [200, 300, 400]
    assert resumed.tally == alone.tally
    assert stats.load(path) == alone
    assert stats.load(path).cpu_seconds > 0


def test_a_results_file_of_another_run_is_refused_and_kept(tmp_path):
    path = tmp_path / "exxtra.json"
    stats.measure("exxtra", games=50, seed=1, results=path)
    before = path.read_bytes()
    with pytest.raises(StateError, match="seed differ"):
        stats.measure("exxtra", games=50, seed=2, results=path)
    with pytest.raises(StateError, match="rules, agents differ"):
        stats.measure("exxtra", exxtra.Rules(players=3), games=50, seed=1, results=path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="x"), "not a results file"),
    (lambda d: d.pop("done"), "keys"),
    (lambda d: d.update(game="chess"), "no game 'chess'"),
    (lambda d: d.update(agents=["heuristic"]), "one policy per seat"),
    (lambda d: d.update(chunk=0), "chunk must be a positive"),
    (lambda d: d.update(done=[[0, 99]]), "is not a run"),
    (lambda d: d.update(done=[]), "the chunks done hold 0"),
    (lambda d: d["rules"].update(players=9), "Rules.players"),
])
def test_a_tampered_results_file_is_refused(tmp_path, change, words):
    path = tmp_path / "exxtra.json"
    stats.measure("exxtra", games=50, seed=1, results=path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(StateError, match=words):
        stats.load(path)


def test_policies_per_seat():
    summary = stats.measure("exxtra", agents=["heuristic", "random", "random", "random"],
                            games=300, seed=2)
    assert [seat.agent for seat in summary.seats] == ["heuristic", "random", "random",
                                                      "random"]
    heuristic, *randoms = summary.seats
    assert all(heuristic.win.low > seat.win.high for seat in randoms)


@pytest.mark.parametrize("options, error, words", [
    ({"agents": "mcts"}, RulesError, "no batch policy 'mcts' for exxtra; choose from random"),
    ({"agents": ["random"] * 3}, RulesError, r"one policy per seat \(4\)"),
    ({"agents": 3}, ArgumentError, "agents must be"),
    ({"games": 0}, RulesError, "games must be at least 1"),
    ({"games": 1.5}, ArgumentError, "games must be an integer"),
    ({"seed": -1}, RulesError, "seed must be a non-negative"),
    ({"chunk": 0}, RulesError, "chunk must be at least 1"),
    ({"executor": "pool"}, ArgumentError, "executor must be"),
    ({"results": 3}, ArgumentError, "results must be a path"),
])
def test_bad_input_is_a_clear_error(options, error, words):
    with pytest.raises(error, match=words):
        stats.measure("exxtra", **{"games": 10, **options})


def test_a_policy_the_batch_engine_lacks_or_foreign_rules_are_refused():
    with pytest.raises(RulesError, match="no batch policy 'heuristic' for verflixxt"):
        stats.measure("verflixxt", verflixxt.Rules.classic(lucky_below=True),
                      agents="heuristic", games=10)
    with pytest.raises(ArgumentError, match=r"expects a verflixxt Rules, got exxtra\.Rules"):
        stats.measure("verflixxt", exxtra.Rules(), games=10)


def test_compare_sets_rule_sets_side_by_side():
    first, second = exxtra.Rules(players=4), exxtra.Rules(players=4, max_turns=40)
    progress = []
    comparison = stats.compare("exxtra", [first, second, exxtra.Rules(players=3)],
                               agents="random", games=300, seed=3,
                               progress=lambda f, p: progress.append((f, p)))
    a, b, _ = comparison.summaries
    assert a == stats.measure("exxtra", first, agents="random", games=300, seed=3)
    assert b == stats.measure("exxtra", second, agents="random", games=300, seed=4)
    assert progress[-1] == (900, 900)
    none, change, other = comparison.differences
    assert none is None and other is None  # each the first of its number of players
    assert change.reference == 0
    assert change.turns.value == pytest.approx(b.turns.mean.value - a.turns.mean.value)
    assert change.turns.excludes(0)  # at most 40 turns: shorter games
    assert b.no_winner > 0 and a.no_winner == 0
    document = json.loads(json.dumps(comparison.to_document()))
    assert [len(r["seats"]) for r in document["rule_sets"]] == [4, 4, 3]
    assert document["differences"][1]["seats"][0]["win_share"] == change.win[0].value


def test_compare_needs_a_list_of_rules():
    with pytest.raises(RulesError, match="at least one Rules"):
        stats.compare("exxtra", [], games=10)
