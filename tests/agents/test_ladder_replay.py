"""The strength ladder's committed games play again to the same results: six games of the
learned agents' `value` rows (two per game, with the shipped weights), two of each row of
the value looking ahead, seeing its whole turn or averaging over the dice, two of each row
of the value fitted to the baselines' games, two of EXXtra's rollout agent and two of the
search rows played before the learned value was the default, by ``benchmarks/ladder.py``'s
own ``play_one``."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "ladder.jsonl.gz"


def ladder():
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "benchmarks" / "ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def committed(config, agent, baseline):
    rows = [json.loads(line) for line in gzip.decompress(RESULTS.read_bytes()).splitlines()]
    found = [r for r in rows if (r["config"], r["agent"], r["baseline"]) == (config, agent,
                                                                            baseline)
             and "players" not in r]
    assert len(found) == 400
    return sorted(found, key=lambda r: r["game"])


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch):
    """Rows of values kept beside the shipped ones name them by their path in the
    repository."""
    monkeypatch.chdir(ROOT)


BASELINES = "benchmarks/results/value-verflixxt-baselines.json"
HOCH_BASELINES = "benchmarks/results/value-verflixxt_hoch-baselines.json"


@pytest.mark.parametrize(("config", "agent", "baseline"), [
    # the shipped values, one ply deep
    ("classic", "value", "greedy"), ("hoch", "value", "greedy"),
    ("exxtra", "value", "heuristic"),
    # looking ahead (hoch²'s look-ahead rows, 6 to 10 s a game, replay in the slow suite)
    ("classic", "value:dice", "greedy"), ("classic", "value:1", "greedy"),
    # the values fitted to games of the baselines alone
    ("classic", f"value:{BASELINES}", "greedy"), ("classic", f"value:1:{BASELINES}", "greedy"),
    ("hoch", f"value:{HOCH_BASELINES}", "greedy"), ("classic", f"value:{BASELINES}", "value"),
    # whole turns (hoch², also the values learned that way and from the value's own seat
    # against the baselines), the roll averaged (EXXtra), against the baselines and against
    # the value a quarter of the way through its run
    ("hoch", "value:turn", "greedy"),
    ("hoch", "value:turn:benchmarks/results/value-verflixxt_hoch-turn.json", "greedy"),
    ("hoch", "value:turn:benchmarks/results/value-verflixxt_hoch-seat.json", "greedy"),
    ("hoch", "value:turn:benchmarks/results/value-verflixxt_hoch-seat2.json", "greedy"),
    ("exxtra", "value:dice", "heuristic"),
    ("exxtra", "value:dice:benchmarks/results/value-exxtra-seat.json", "heuristic"),
    ("hoch", "value:turn", "value:turn:benchmarks/results/value-verflixxt_hoch-8192.json"),
    ("exxtra", "value:dice", "value:dice:benchmarks/results/value-exxtra-16384.json"),
])
def test_the_learned_values_games_replay_to_their_results(config, agent, baseline):
    replays_two(config, agent, baseline)


def test_exxtras_rollout_games_replay_to_their_results():
    """EXXtra's rollout agent plays its rollouts with the batch heuristic, whose draws
    from the agent's generator its committed games depend on."""
    replays_two("exxtra", "rollout:100", "heuristic")


@pytest.mark.parametrize(("config", "baseline", "evaluation"), [
    ("classic", "greedy", "fitted"),
    pytest.param("hoch", "greedy", "softmax", marks=pytest.mark.slow),  # 6 to 7 s a game
    ("exxtra", "heuristic", None),
])
def test_search_rows_replay_with_the_evaluation_the_ladder_page_names(config, baseline,
                                                                     evaluation):
    """A row named ``mcts:400`` was played with the cut-off evaluation that was its game's
    default before the learned value (Verflixxt!, hoch²: named explicitly, it plays the
    row's games again), or at today's defaults (EXXtra)."""
    played = None if evaluation is None else (
        f"mcts:400:default:default:default:default:{evaluation}")
    replays_two(config, "mcts:400", baseline, played=played)


def replays_two(config, agent, baseline, played=None):
    """The first two committed games of the row play again to their seat, share and length
    (played by ``played``, default the row's agent)."""
    play_one = ladder().play_one
    for row in committed(config, agent, baseline)[:2]:
        again = play_one(config, played or agent, row["game"], baseline)
        assert {k: again[k] for k in ("seat", "share", "moves")} == {
            k: row[k] for k in ("seat", "share", "moves")}


@pytest.mark.slow
@pytest.mark.parametrize(("config", "agent", "baseline"), [
    ("classic", "mcts:400:default:default:default:default:learned", "greedy"),
    ("amigo", "mcts:400:default:default:default:default:learned", "greedy"),
    ("hoch", "mcts:400:default:default:default:default:learned", "greedy"),
    ("exxtra", "mcts:400:default:default:default:default:learned", "heuristic"),
    ("hoch", "value", "value:benchmarks/results/value-verflixxt_hoch-8192.json"),
    ("exxtra", "value", "value:benchmarks/results/value-exxtra-16384.json"),
    ("hoch", "value:1", "greedy"), ("hoch", f"value:1:{HOCH_BASELINES}", "greedy"),
])
def test_learned_search_games_replay_to_their_results(config, agent, baseline):
    """The search rows cut off by the learned value, the rows against an earlier value of
    the same run and hoch²'s look-ahead rows play again to their committed results: two
    games each."""
    replays_two(config, agent, baseline)
