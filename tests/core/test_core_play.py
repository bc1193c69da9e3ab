"""The shared core: registry, chance sampling, play, GameRecord, errors."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import amigo_rules
from amigo_rules import AgentError, GameRecord, RulesError, StateError, verflixxt
from amigo_rules.agents import RandomAgent
from amigo_rules.core import sample_outcome


def test_markers_and_errors_are_value_errors():
    assert (amigo_rules.CHANCE, amigo_rules.TERMINAL) == (-1, -2)
    for error in (RulesError, amigo_rules.IllegalMoveError, StateError, AgentError):
        assert issubclass(error, ValueError)


def test_registry():
    assert {"exxtra", "verflixxt"} <= set(amigo_rules.GAMES)
    assert amigo_rules.get_game("verflixxt") is verflixxt
    assert amigo_rules.get_game(verflixxt) is verflixxt
    with pytest.raises(RulesError, match="unknown game 'chess'"):
        amigo_rules.get_game("chess")


def test_sampling_follows_the_exact_probabilities():
    outcomes = (("a", Fraction(1, 2)), ("b", Fraction(1, 3)), ("c", Fraction(1, 6)))
    rng = np.random.default_rng(0)
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(60_000))
    assert abs(counts["a"] / 60_000 - 1 / 2) < 0.01
    assert abs(counts["b"] / 60_000 - 1 / 3) < 0.01
    assert abs(counts["c"] / 60_000 - 1 / 6) < 0.01


def test_play_is_reproducible_and_the_record_replays():
    agents = [RandomAgent(seed=s) for s in range(3)]
    record = amigo_rules.play("verflixxt", agents, verflixxt.Rules.amigo(players=3), seed=5)
    again = amigo_rules.play(
        "verflixxt", [RandomAgent(seed=s) for s in range(3)], verflixxt.Rules.amigo(players=3),
        seed=5,
    )
    assert record.moves == again.moves and record.final_state == again.final_state
    assert verflixxt.is_terminal(record.final_state)
    assert record.agents == ("random",) * 3
    replayed = GameRecord.from_json(record.to_json())
    assert replayed.final_state == record.final_state and replayed.moves == record.moves
    assert replayed.winners == record.winners and replayed.score == record.score


def test_play_without_seed_records_the_seed_it_used():
    record = amigo_rules.play("verflixxt", [RandomAgent()] * 4)
    assert isinstance(record.seed, int)
    assert GameRecord.from_json(record.to_json()).final_state == record.final_state


def test_play_needs_one_agent_per_player():
    with pytest.raises(ValueError, match="4 players need 4 agents"):
        amigo_rules.play("verflixxt", [RandomAgent()] * 3)


def test_max_moves_truncates():
    record = amigo_rules.play("verflixxt", [RandomAgent()] * 4, seed=1, max_moves=10)
    assert len(record.moves) == 10 and not verflixxt.is_terminal(record.final_state)


class Cheater:
    name = "cheater"

    def act(self, observation, legal_moves):
        return verflixxt.Steal(5)


def crasher(observation, legal_moves):
    raise RuntimeError("boom")


@pytest.mark.parametrize(("agent", "name", "message"), [
    (Cheater(), "cheater", "illegal move"), (crasher, "crasher", "RuntimeError: boom"),
])
def test_a_faulty_agent_is_reported_by_name_with_the_game_so_far(agent, name, message):
    agents = [RandomAgent(seed=1), agent]
    with pytest.raises(AgentError, match=message) as info:
        amigo_rules.play("verflixxt", agents, verflixxt.Rules.classic(players=2), seed=3)
    error = info.value
    assert error.agent == name and error.player == 1
    assert len(error.record.moves) >= 3  # player 0's roll and move, player 1's roll
    assert verflixxt.current_player(error.record.final_state) == 1


def test_tampered_records_raise_state_error():
    record = amigo_rules.play("verflixxt", [RandomAgent(seed=1)] * 2,
                              verflixxt.Rules.classic(players=2), seed=2)
    data = json.loads(record.to_json())
    data["moves"][3] = "pawn 30"
    with pytest.raises(StateError, match="move 3"):
        GameRecord.from_json(json.dumps(data))
    for broken in ("", "{}", '{"game": "chess"}', record.to_json()[:50]):
        with pytest.raises(StateError):
            GameRecord.from_json(broken)
    data = json.loads(record.to_json())
    data["schema"] = "amigo-rules/state"
    with pytest.raises(StateError, match="schema"):
        GameRecord.from_json(json.dumps(data))


class Listener(RandomAgent):
    """A random agent that keeps what the table's hooks tell it."""

    def seated(self, game, state, seat, seed):
        self.heard = []

    def moved(self, before, move, after, move_number, events):
        self.heard.append((before, move, after, move_number, events))

    def finished(self, state, reason):
        self.reason = reason


@pytest.mark.parametrize("game", amigo_rules.GAMES)
def test_the_hooks_hear_every_move_with_its_events_worked_out_once(game):
    module = amigo_rules.get_game(game)
    listeners = [Listener(seed=0), Listener(seed=1)]
    record = amigo_rules.play(game, [*listeners, RandomAgent(seed=2), RandomAgent(seed=3)],
                              seed=4)
    state = module.new_game(record.rules, seed=4)
    for number, (move, heard) in enumerate(zip(record.moves, listeners[0].heard, strict=True)):
        after = module.apply(state, move)
        assert heard[:4] == (state, move, after, number)
        assert heard[4] == module.move_events(state, move, after)
        state = after
    first, second = (listener.heard for listener in listeners)
    assert all(a[4] is b[4] for a, b in zip(first, second, strict=True))  # once a move
    assert listeners[0].reason == "rules"
