"""`EngineAgent` against real processes: the example engines play whole games, our agents
serve as engines, and every hostile engine is a clear fault that forfeits its game only,
with nothing left hanging and no process left behind (checked with psutil)."""

from __future__ import annotations

import functools
import json
import os
import pickle
import shutil
import signal
import sys
from pathlib import Path

import psutil
import pytest
from engine_processes import HANG, gone, returned, started, waited

import amigo_rules as ar
from amigo_rules.agents import RandomAgent, make_agent
from amigo_rules.arena import tournament
from amigo_rules.core.text import plain
from amigo_rules.protocol import EngineAgent, EngineError, close_pools, example_engine, pooled
from amigo_rules.protocol import engine as engine_module
from amigo_rules.words import Teller

ROOT = Path(__file__).parents[2]
EXAMPLES = example_engine("random_bot.py").parent
HOSTILE = Path(__file__).with_name("hostile.py")
PYTHON = sys.executable
SERVE_ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def hostile(mode: str) -> list[str]:
    return [PYTHON, str(HOSTILE), mode]


def no_zombie_children() -> bool:
    return all(c.status() != psutil.STATUS_ZOMBIE for c in psutil.Process().children())


@pytest.mark.parametrize("game", ar.GAMES)
def test_the_python_example_plays_every_game_and_is_named_by_its_ready(game):
    engine = EngineAgent([PYTHON, str(EXAMPLES / "random_bot.py")])
    try:
        record = ar.play(game, [engine] + [RandomAgent(seed=p) for p in range(3)], seed=2)
        assert ar.get_game(game).is_terminal(record.final_state)
        assert record.agents[0] == "random_bot.py 1.0"
        pid = engine.process.pid
    finally:
        engine.close()
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    assert engine.process is None


def test_our_agents_serve_as_engines_and_play_like_in_process():
    """``serve``: the heuristic agent over the protocol plays the same game as in process
    (same seed), so the documents and ids carry everything it reads."""
    command = [PYTHON, "-m", "amigo_rules.protocol.serve", "heuristic"]
    engine = EngineAgent(command, env=SERVE_ENV)
    try:
        over_pipe = ar.play("exxtra", [engine, *map(RandomAgent, (1, 2, 3))], seed=7)
    finally:
        engine.close()
    in_process = ar.play("exxtra", [make_agent("heuristic", "exxtra", seed=7),
                                    *map(RandomAgent, (1, 2, 3))], seed=7)
    assert over_pipe.moves == in_process.moves
    assert over_pipe.agents[0].startswith("heuristic")


def test_an_engine_pickles_by_its_command_and_starts_its_own_process():
    engine = EngineAgent("python3 -c pass", move_timeout=2.0, name="x")
    copy = pickle.loads(pickle.dumps(engine))
    assert (copy.args, copy.move_timeout, copy.name) == (("python3", "-c", "pass"), 2.0, "x")
    assert copy.process is None


def test_an_engine_driven_by_act_alone_handshakes_from_the_observation():
    """Outside ``play`` (no table hooks) the engine still gets a ``hello`` and moves."""
    engine = EngineAgent([PYTHON, str(EXAMPLES / "random_bot.py")])
    state = ar.exxtra.new_game(seed=1)
    state = ar.exxtra.apply(state, ar.exxtra.parse_move(state, "roll 7-X"))
    legal = ar.exxtra.legal_moves(state)
    try:
        assert engine.act(ar.exxtra.observation(state, 0), legal) in legal
    finally:
        engine.close()


@pytest.mark.skipif(shutil.which("node") is None, reason="node (Node.js) is not installed")
def test_the_node_example_plays_a_tournament_against_our_agents():
    agents = {"node": f"engine:node {EXAMPLES / 'random.js'}", "heuristic": "heuristic"}
    result = tournament("exxtra", agents, games=6, seed=3)
    assert sum(s.faults for s in result.agents.values()) == 0
    assert result.agents["node"].games == 6
    for game in result.games:
        assert len(game.seating) == 4


@pytest.mark.parametrize(
    ("mode", "kind", "says"),
    [
        ("big", "garbage", "over the 1 MiB limit"),
        ("binary", "garbage", "not JSON"),
        ("half", "timeout", "sent no 'move' within 0.5 s"),
        ("stale", "stale", "answered move_number"),
        ("wrong-id", "illegal", "answered: id 1000000 is not a legal move here"),
        ("wrong-move", "illegal", "answered: 'fly away' is not a legal move here"),
        ("disagree", "illegal", "name different moves"),
        ("crash", "crash", "exit code 3"),
        ("banner", "garbage", "not JSON: 'MyEngine 1.0 starting up...'"),
        ("silent", "handshake", "sent no 'ready' within 0.5 s"),
        ("fork", "handshake", "closed its output"),
    ],
)
def test_a_hostile_engine_forfeits_its_game_only_and_leaves_no_process(mode, kind, says):
    factory = functools.partial(pooled, hostile(mode), handshake_timeout=0.5, move_timeout=0.5)
    result = returned(tournament, "exxtra", {"bad": factory, "random": "random"}, games=2,
                      seed=1, rules=ar.exxtra.Rules(players=3))
    faults = [f for g in result.games for f in g.faults]
    assert len(result.games) == 2 and len(faults) == 2
    for game in result.games:
        (fault,) = game.faults
        assert (fault.agent, fault.kind) == ("bad", kind)
        assert says in fault.message
        assert game.shares[fault.seat] == 0 and sum(game.shares) == pytest.approx(1)
    close_pools()  # the engines of seats that did not fault wait there for the next game
    assert gone(f"hostile.py {mode}")
    assert no_zombie_children()


def test_a_crash_names_the_last_lines_of_the_engines_stderr():
    engine = EngineAgent(hostile("crash"), move_timeout=2.0)
    with pytest.raises(ar.AgentError) as raised:
        ar.play("exxtra", [engine, *map(RandomAgent, (1, 2, 3))], seed=1)
    cause = raised.value.__cause__
    assert isinstance(cause, EngineError) and cause.kind == "crash"
    assert "stderr: something went badly wrong" in str(cause)


def test_an_engine_logging_megabytes_on_stderr_does_not_block():
    engine = EngineAgent(hostile("noisy"), move_timeout=5.0)
    try:
        record = ar.play("exxtra", [engine, *map(RandomAgent, (1, 2, 3))], seed=4)
    finally:
        engine.close()
    assert ar.exxtra.is_terminal(record.final_state)
    assert gone("hostile.py noisy")


def test_an_engine_that_ignores_quit_is_killed_when_its_grace_is_over():
    engine = EngineAgent(hostile("deaf"), move_timeout=2.0)
    ar.play("exxtra", [engine, *map(RandomAgent, (1, 2, 3))], seed=1)
    process = engine.process
    returned(engine.close)
    assert process.popen.returncode == -signal.SIGKILL  # it did not exit: it was killed
    assert gone("hostile.py deaf")
    assert no_zombie_children()


def test_an_engine_is_left_its_grace_to_exit_by_itself(monkeypatch, tmp_path):
    # after 'quit' it reads to the end of its input, then exits only when the test lets it
    # go: it is killed unless close waits for it
    monkeypatch.setattr(engine_module, "QUIT_GRACE", HANG)  # the grace as a hang guard only
    engine = EngineAgent([*hostile("lingering"), str(tmp_path)], move_timeout=2.0)
    ar.play("exxtra", [engine, *map(RandomAgent, (1, 2, 3))], seed=1)
    process = engine.process
    closed = started(engine.close)
    assert waited(lambda: (tmp_path / "input-closed").exists() or process.popen.poll() is not None)
    (tmp_path / "let-go").touch()
    closed()
    assert process.popen.returncode == 0


def test_the_engine_hears_every_move_as_its_seat_may_see_it():
    """``hello``, ``ready``, one ``event`` per move (``move_number`` counting them, chance
    included; another seat's cards hidden), an ``act`` at each turn, ``end``."""
    engine = EngineAgent([PYTHON, str(EXAMPLES / "random_bot.py")])
    engine.transcript = []
    try:
        record = ar.play("verflixxt_hoch", [engine, *map(RandomAgent, (1, 2, 3))], seed=3)
    finally:
        engine.close()
    lines = [(side, json.loads(line)) for side, line in engine.transcript]
    assert [m["type"] for _, m in lines[:2]] == ["hello", "ready"]
    hello = lines[0][1]
    assert (hello["game"], hello["seat"], hello["players"], hello["seed"]) == (
        "verflixxt_hoch", 0, 4, 3)
    assert hello["rules"] == json.loads(ar.verflixxt_hoch.to_json(record.final_state))["rules"]
    events = [m for side, m in lines if m["type"] == "event"]
    assert [e["move_number"] for e in events] == list(range(len(record.moves)))
    state = ar.verflixxt_hoch.new_game(seed=3)
    teller = Teller.of(ar.verflixxt_hoch, state.rules, 0)
    for event, move in zip(events, record.moves, strict=True):
        assert event["move"] == ar.verflixxt_hoch.visible_notation(state, move, player=0)
        assert event["player"] == ar.verflixxt_hoch.current_player(state)
        after = ar.verflixxt_hoch.apply(state, move)
        told = ar.verflixxt_hoch.move_events(state, move, after, player=0)
        assert event["text"] == plain(teller.lines(told)).replace("\n", "; ")
        if event["move"] is None:  # the card another seat draws is not in the words
            assert event["text"].endswith("draws a card") or "deal" in event["text"]
            assert str(move).split()[-1] not in event["text"]
        state = after
    assert any(e["move"] is None for e in events)  # another seat's cards, dealt or drawn
    acts = [m for _, m in lines if m["type"] == "act"]
    seen = 0
    for _side, message in lines:
        seen += message["type"] == "event"
        if message["type"] == "act":
            assert message["move_number"] == seen
            assert message["observation"]["player"] == 0
    assert acts and lines[-1][1]["type"] == "end" and lines[-1][1]["reason"] == "rules"


def heard(engine: EngineAgent) -> list[dict]:
    return [json.loads(line) for side, line in engine.transcript
            if side == "host" and json.loads(line)["type"] == "event"]


@pytest.mark.parametrize("game", ["verflixxt_hoch", "exxtra"])
def test_engines_at_one_table_each_hear_the_moves_as_their_own_seat_sees_them(game):
    """Two engines at a table: each ``event`` is the notation and narration of its seat,
    not of the other (the table works out the events of a move once for every seat)."""
    module = ar.get_game(game)
    engines = [EngineAgent([PYTHON, str(EXAMPLES / "random_bot.py")]) for _ in range(2)]
    for engine in engines:
        engine.transcript = []
    try:
        record = ar.play(game, [engines[0], RandomAgent(1), engines[1], RandomAgent(3)],
                         seed=5)
    finally:
        for engine in engines:
            engine.close()
    for seat, engine in zip((0, 2), engines, strict=True):
        state = module.new_game(seed=5)
        teller = Teller.of(module, state.rules, seat)
        for event, move in zip(heard(engine), record.moves, strict=True):
            after = module.apply(state, move)
            told = module.move_events(state, move, after, player=seat)
            assert event["move"] == module.visible_notation(state, move, player=seat)
            assert event["text"] == plain(teller.lines(told)).replace("\n", "; ")
            state = after
    if game == "verflixxt_hoch":  # each seat misses the other's cards
        assert heard(engines[0]) != heard(engines[1])


def test_the_arenas_move_timeout_forfeits_a_silent_engine_and_ends_it():
    """An ``engine:`` name has no move limit of its own: the tournament's ``move_timeout``
    abandons the game, and the engine's process group is ended all the same."""
    name = f"engine:{PYTHON} {HOSTILE} half arena-clock"
    result = tournament("exxtra", {"bad": name, "random": "random"}, games=2, seed=1,
                        move_timeout=0.5)
    kinds = [(f.agent, f.kind) for g in result.games for f in g.faults]
    assert kinds == [("bad", "timeout"), ("bad", "timeout")]
    close_pools()
    assert gone("half arena-clock")
