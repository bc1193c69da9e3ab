"""Tournaments in this process: faults forfeit only their games, results files resume,
the standings add up."""

import json
import re
import sys
import threading
import time
from functools import partial

import attrs
import pytest
from arena_bots import FAIL_AT, Hanging, Illegal, Raising, Spinning, Stubborn, Unbuildable

import amigo_rules
from amigo_rules import ArgumentError, GameRecord, RulesError, StateError, verflixxt
from amigo_rules.agents import RandomAgent, VerflixxtGreedyAgent
from amigo_rules.arena import FAULT_KINDS, GameResult, lineup, tournament
from amigo_rules.arena.standings import wilson

TWO = verflixxt.Rules(players=2)


def lines(path):
    """The game lines of a results file, after its header line."""
    first, *games = path.read_text().splitlines()
    assert json.loads(first)["schema"] == "amigo-rules/tournament-results"
    return games


def by_index(path):
    parsed = [json.loads(line) for line in lines(path)]
    indices = [line["index"] for line in parsed]
    assert len(indices) == len(set(indices)), "a game written twice"
    return {line["index"]: line for line in parsed}


# ---------------------------------------------------------------- faults


@pytest.mark.parametrize(
    ("factory", "kind", "words"),
    [
        (Raising, "raised", "raised RuntimeError: out of ideas"),
        (Illegal, "illegal", "returned the illegal move 'castle kingside'"),
        (Hanging, "timeout", "took longer than move_timeout=0.3 s"),
    ],
)
def test_a_faulty_agent_forfeits_only_its_own_games(factory, kind, words, tmp_path):
    """Three agents, two seats: the faulty one plays 4 of the 6 games and forfeits each at
    its third decision; the 2 games without it end normally; all 6 are kept."""
    agents = {"greedy": VerflixxtGreedyAgent, "random": "random", "faulty": factory}
    result = tournament("verflixxt", agents, rules=TWO, games=6, seed=2,
                        results=tmp_path / "r.jsonl", move_timeout=0.3)
    assert [g.index for g in result.games] == list(range(6))
    assert sorted(by_index(tmp_path / "r.jsonl")) == list(range(6))
    for game in result.games:
        if "faulty" not in game.seating:
            assert game.faults == () and len(game.winners) >= 1
            continue
        (fault,) = game.faults
        seat = game.seating.index("faulty")
        assert (fault.index, fault.seat, fault.agent, fault.kind) == (game.index, seat,
                                                                     "faulty", kind)
        assert kind in FAULT_KINDS and words in fault.message
        assert game.shares[seat] == 0 and game.shares[1 - seat] == 1
        record = GameRecord.from_json(fault.record)  # the partial record replays
        assert verflixxt.current_player(record.final_state) == seat
        decisions = sum(1 for before in replayed_states(record)
                        if verflixxt.current_player(before) == seat)
        assert decisions == FAIL_AT  # the moves of its first two decisions, then the third
    stats = result.agents["faulty"]
    assert (stats.games, stats.faults, stats.wins, stats.mean_score) == (4, 4, 0.0, None)
    assert sum(s.wins for s in result.agents.values()) == 6
    assert len(result.faults) == 4


def replayed_states(record):
    """Every state of the record at which a move was chosen, and the last one."""
    state = verflixxt.new_game(record.rules, seed=record.seed)
    for move in record.moves:
        yield state
        state = verflixxt.apply(state, move)
    yield state


def test_an_agent_that_cannot_be_built_forfeits_its_games():
    result = tournament("verflixxt", {"random": "random", "broken": Unbuildable},
                        rules=TWO, games=2, seed=1)
    for game in result.games:
        (fault,) = game.faults
        assert fault.agent == "broken" and fault.kind == "raised"
        assert "could not be built: ValueError: no such bot" in fault.message
        assert GameRecord.from_json(fault.record).moves == ()


@pytest.mark.parametrize("factory", [Spinning, Stubborn])
def test_an_agent_that_overran_is_stopped_and_asked_nothing_more(factory, monkeypatch):
    """An agent looping in Python code forfeits, and its thread ends soon after; one that
    swallows the interrupt too, and however it resists it is asked for no further
    decision."""
    monkeypatch.setattr(Stubborn, "asked_after", 0)
    before = set(threading.enumerate())
    result = tournament("verflixxt", {"random": "random", "late": factory}, rules=TWO,
                        games=1, seed=3, move_timeout=0.2)
    assert result.games[0].faults[0].kind == "timeout"
    deadline = time.monotonic() + 5
    while set(threading.enumerate()) - before:
        assert time.monotonic() < deadline, "the late agent's game still runs"
        time.sleep(0.05)
    assert Stubborn.asked_after == 0


def test_move_timeout_changes_nothing_for_agents_within_it():
    plain = tournament("verflixxt", ["greedy", "random"], rules=TWO, games=4, seed=9)
    timed = tournament("verflixxt", ["greedy", "random"], rules=TWO, games=4, seed=9,
                       move_timeout=30)
    assert plain.games == timed.games


# ---------------------------------------------------------------- results file and resuming


def test_games_match_play_and_the_results_file(tmp_path):
    path = tmp_path / "r.jsonl"
    result = tournament("verflixxt", {"greedy": "greedy", "random": RandomAgent},
                        games=3, seed=4, results=path)
    written = by_index(path)
    assert sorted(written) == [0, 1, 2]
    for game in result.games:
        line = written[game.index]
        assert GameResult.from_line(line) == game
        assert line["seating"] == list(lineup(["greedy", "random"], 4, game.index))
        assert line["agents"] == ["greedy" if name == "greedy" else
                                  "amigo_rules.agents.random.RandomAgent"
                                  for name in line["seating"]]
        record = GameRecord.from_json(json.dumps(line["record"]))
        agents = [(VerflixxtGreedyAgent if name == "greedy" else RandomAgent)(
                      seed=game.seed * 1000 + s + 1) for s, name in enumerate(game.seating)]
        again = amigo_rules.play("verflixxt", agents, seed=game.seed)
        assert record.moves == again.moves
        assert list(again.score) == line["scores"] and list(again.winners) == line["winners"]


class Counted(RandomAgent):
    """Counts the agents built in this process: resumed games build none."""

    built = 0

    def __init__(self, seed=None):
        super().__init__(seed)
        Counted.built += 1


def test_a_results_file_resumes(tmp_path, monkeypatch):
    monkeypatch.setattr(Counted, "built", 0)
    path = tmp_path / "r.jsonl"
    agents = {"counted": Counted, "random": "random"}
    first = tournament("verflixxt", agents, rules=TWO, games=4, seed=5, results=path)
    assert Counted.built == 4  # one seat per game of two agents at two seats
    seen = []
    again = tournament("verflixxt", agents, rules=TWO, games=4, seed=5, results=path,
                       progress=lambda done, planned: seen.append((done, planned)))
    assert Counted.built == 4 and again.games == first.games and seen == [(4, 4)]
    assert sorted(by_index(path)) == list(range(4))


def test_the_header_names_the_tournament(tmp_path):
    path = tmp_path / "r.jsonl"
    tournament("verflixxt", {"greedy": "greedy", "random": RandomAgent}, rules=TWO, games=2,
               seed=5, seating="random", results=path, move_timeout=2.5)
    header = json.loads(path.read_text().splitlines()[0])
    assert header == {
        "schema": "amigo-rules/tournament-results", "version": 1, "game": "verflixxt",
        "rules": json.loads(json.dumps(attrs.asdict(TWO))),
        "agents": [["greedy", "greedy"], ["random", "amigo_rules.agents.random.RandomAgent"]],
        "games": 2, "seed": 5, "seating": "random", "move_timeout": 2.5,
    }


PARAMETERS = {"agents": {"counted": Counted, "random": "random"}, "rules": TWO, "seed": 5,
              "games": 2}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seed": 6}, "(seed 5, here 6)"),
        ({"games": 3}, "(games 2, here 3)"),
        ({"games": 1}, "(games 2, here 1)"),
        ({"seating": "random"}, "(seating 'rotate', here 'random')"),
        ({"move_timeout": 1.5}, "(move_timeout None, here 1.5)"),
        ({"agents": {"counted": partial(Counted, seed=1), "random": "random"}},
         "(agents [['counted', 'test_arena_tournament.Counted'], ['random', 'random']], "
         "here [['counted', 'partial(test_arena_tournament.Counted, seed=1)'], "),
        ({"agents": {"random": "random", "counted": Counted}}, "(agents [['counted', "),
        ({"rules": verflixxt.Rules(players=2, guards=False)},
         "(rules: 'guards' True, here False)"),
    ],
)
def test_a_results_file_of_another_tournament_is_refused_untouched(change, words, tmp_path):
    """Every parameter that shapes the games is checked against the header before the file
    is touched; the error names what differs."""
    path = tmp_path / "r.jsonl"
    tournament("verflixxt", results=path, **PARAMETERS)
    with path.open("ab") as file:
        file.write(b'{"index":1,"se')  # a torn last line, too: another tournament's
    before = path.read_bytes()
    with pytest.raises(StateError, match="holds another tournament") as error:
        tournament("verflixxt", results=path, **(PARAMETERS | change))
    assert words in str(error.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"hello world", "is not a tournament results file"),
        (b"hello\nworld", "is not a tournament results file"),
        (b"\n", "is not a tournament results file"),
        (b'{"schema":"amigo-rules/tournament-results","version":1,"game":"verf',
         "is not a tournament results file"),
        (b'{"schema":"amigo-rules/tournament-results","version":2}\n',
         "has results format version 2"),
        (b"\xff\xfe\n", "it is not UTF-8 text"),
        (b'{"index":0,"seed":1,"record":{}}\n', "has no header line (results of an older"),
    ],
)
def test_a_file_that_is_not_a_results_file_is_refused_untouched(content, words, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(StateError, match=re.escape(words)):
        tournament("verflixxt", ["random"], rules=TWO, games=1, results=path)
    assert path.read_bytes() == content


def test_an_empty_file_becomes_a_results_file(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"")
    result = tournament("verflixxt", ["random"], rules=TWO, games=2, seed=1, results=path)
    assert [GameResult.from_line(line) for line in lines(path)] == list(result.games)


def test_a_torn_last_line_is_dropped_atomically_and_its_game_played_again(tmp_path):
    path = tmp_path / "r.jsonl"
    whole = tournament("verflixxt", ["random"], rules=TWO, games=3, seed=1, results=path)
    text = path.read_text().splitlines(keepends=True)
    path.write_text("".join(text[:3]) + text[3][:40])  # as if cut mid-line
    path.chmod(0o640)
    inode = path.stat().st_ino
    again = tournament("verflixxt", ["random"], rules=TWO, games=3, seed=1, results=path)
    assert again.games == whole.games
    assert path.read_text().splitlines(keepends=True)[:3] == text[:3]
    assert len(lines(path)) == 3 and path.read_text().endswith("\n")
    assert path.stat().st_ino != inode  # written anew (a temporary file renamed), not cut
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_torn_last_line_that_is_no_game_is_refused_untouched(tmp_path):
    path = tmp_path / "r.jsonl"
    tournament("verflixxt", ["random"], rules=TWO, games=1, seed=1, results=path)
    with path.open("a") as file:
        file.write("my notes")
    before = path.read_bytes()
    with pytest.raises(StateError, match="its last line is not a game and has no newline"):
        tournament("verflixxt", ["random"], rules=TWO, games=1, seed=1, results=path)
    assert path.read_bytes() == before


def test_a_line_that_is_not_a_game_is_an_error(tmp_path):
    path = tmp_path / "r.jsonl"
    tournament("verflixxt", ["random"], rules=TWO, games=2, results=path)
    first, game, _ = path.read_text().splitlines()
    path.write_text(f"{first}\n{game}\nnot json\n")
    before = path.read_bytes()
    with pytest.raises(StateError, match="line 3: not JSON"):
        tournament("verflixxt", ["random"], rules=TWO, games=2, results=path)
    assert path.read_bytes() == before


def test_two_runs_cannot_share_a_results_file(tmp_path):
    from amigo_rules.arena.results import ResultsFile

    path = tmp_path / "r.jsonl"
    with ResultsFile(path, ""), pytest.raises(StateError, match="in use by another run"):
        tournament("verflixxt", ["random"], rules=TWO, games=1, results=path)


# ---------------------------------------------------------------- parameters


@pytest.mark.parametrize(
    ("agents", "options", "words"),
    [
        (["greedy", "nope"], {}, "no agent 'nope'"),
        ({"x": RandomAgent()}, {}, "not an agent"),
        ({}, {}, "at least one agent"),
        ("greedy", {}, "must map names"),
        (["random", "random"], {}, "named twice"),
        (["random"], {"games": 0}, "games must be"),
        (["random"], {"seed": -1}, "seed must be"),
        (["random"], {"seating": "fixed"}, "seating must be one of rotate, random"),
        (["random"], {"move_timeout": 0}, "move_timeout must be"),
    ],
)
def test_bad_parameters_raise_rules_error(agents, options, words):
    with pytest.raises(RulesError, match=words):
        tournament("verflixxt", agents, **({"games": 1} | options))


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"games": "4"}, "games must be an integer, got '4' (str)"),
        ({"seed": 1.5}, "seed must be an integer"),
        ({"move_timeout": "1"}, "move_timeout must be a number of seconds"),
        ({"executor": 2}, "executor must be a concurrent.futures.Executor or None"),
        ({"results": 5}, "results must be a path or None"),
    ],
)
def test_parameters_of_the_wrong_type_raise_argument_error(options, words):
    with pytest.raises(ArgumentError, match=re.escape(words)):
        tournament("verflixxt", ["random"], **({"games": 1} | options))


# ---------------------------------------------------------------- standings


def test_standings_add_up():
    result = tournament("verflixxt", ["greedy", "random"], games=8, seed=3)
    stats = result.agents
    assert sum(s.wins for s in stats.values()) == pytest.approx(8)
    for s in stats.values():
        assert (s.games, s.seats, s.faults) == (8, 16, 0)
        low, high = s.confidence
        assert low <= s.win_share <= high
        mine = [score for g in result.games
                for name, score in zip(g.seating, g.scores, strict=True) if name == s.name]
        assert s.mean_score == pytest.approx(sum(mine) / 16)
    greedy, random_ = result.pairwise[("greedy", "random")], result.pairwise[("random", "greedy")]
    assert greedy.games == 8 and (greedy.ahead, greedy.tied) == (random_.behind, random_.tied)
    assert greedy.score + random_.score == pytest.approx(1)
    rows = result.rows()
    assert [row["agent"] for row in rows] == sorted(stats, key=lambda n: -stats[n].win_share)
    frame = result.to_pandas()
    assert list(frame.index) == [row["agent"] for row in rows]
    assert frame.loc["greedy", "seats"] == 16


def test_greedy_outrates_random():
    result = tournament("verflixxt", ["greedy", "random"], rules=TWO, games=30, seed=1)
    ratings = result.ratings
    assert ratings["greedy"].mu > ratings["random"].mu
    assert result.agents["greedy"].win_share > 0.5


def test_placings_and_shares_of_a_game():
    game = GameResult(0, 1, ("a", "b", "c"), ("a", "b", "c"), (5, 9, 5), (1,))
    assert game.shares == (0.0, 1.0, 0.0) and game.placings == (1, 0, 1)
    tie = GameResult(0, 1, ("a", "b", "c"), ("a", "b", "c"), (9, 9, 2), (0, 1))
    assert tie.shares == (0.5, 0.5, 0.0) and tie.placings == (0, 0, 1)


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0 and 0.15 < high < 0.17  # 0.161: the rule of three's neighbour
    low, high = wilson(10, 20)
    assert low == pytest.approx(1 - high)


def test_without_openskill_or_pandas_only_their_parts_are_missing(monkeypatch):
    result = tournament("verflixxt", ["greedy", "random"], rules=TWO, games=2, seed=1)
    for module in ("openskill", "openskill.models", "pandas"):
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    with pytest.raises(ImportError, match=r"pip install 'amigo-rules\[arena\]'"):
        result.ratings  # noqa: B018
    with pytest.raises(ImportError, match="pip install pandas"):
        result.to_pandas()
    rows = result.rows()
    assert [sorted(row) for row in rows] == [sorted(
        ["agent", "games", "seats", "wins", "win_share", "ci_low", "ci_high", "mean_score",
         "faults"])] * 2
