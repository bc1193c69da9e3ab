"""One name per concept across the games (issue 19 item 3): the same functions in the same
kind of module of every game, agents named after their game, old names deprecated."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest

from amigo_rules import agents, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as hoch

GAMES = (exxtra, verflixxt, hoch)
PER_GAME_MODULE = {"parse_notation": "moves", "parse_move": "actions"}
"""Where each game defines these functions."""


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_parsing_has_one_name_and_one_home_in_every_game(game: ModuleType) -> None:
    for function, module in PER_GAME_MODULE.items():
        defined = getattr(game, function)
        assert defined.__module__ == f"{game.__name__}.{module}", function
        assert function in game.__all__
    assert list(inspect.signature(game.parse_notation).parameters) == ["text"]
    assert list(inspect.signature(game.parse_move).parameters) == ["state", "text"]
    state = game.new_game(seed=2)
    for move in game.legal_moves(state):
        assert game.parse_notation(str(move).upper()) == move
        assert game.parse_move(state, str(move)) == move


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_the_game_agents_are_named_after_their_game(game: ModuleType) -> None:
    prefix = "".join(word.capitalize() for word in game.NAME.split("_"))
    for kind, agent in agents.AGENTS[game.NAME].items():
        if agent in (agents.RandomAgent, agents.MCTSAgent, agents.ValueAgent):
            continue  # every game's
        assert agent.__name__ == f"{prefix}{kind.capitalize()}Agent"
        assert getattr(agents, agent.__name__) is agent and agent.__name__ in agents.__all__


@pytest.mark.parametrize(("module", "old", "new"), [
    ("amigo_rules.agents", "GreedyAgent", "VerflixxtGreedyAgent"),
    ("amigo_rules.agents", "HochGreedyAgent", "VerflixxtHochGreedyAgent"),
    ("amigo_rules.verflixxt_hoch", "parse", "parse_notation"),
    ("amigo_rules.verflixxt", "parse", "parse_notation"),
    ("amigo_rules.verflixxt.moves", "parse", "parse_notation"),
    ("amigo_rules.verflixxt_hoch.moves", "parse", "parse_notation"),
])
def test_old_names_still_work_with_a_deprecation_warning(module: str, old: str, new: str) -> None:
    namespace = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated.*{new}"):
        value = getattr(namespace, old)
    assert value is getattr(namespace, new)
    assert old not in getattr(namespace, "__all__", ())


@pytest.mark.parametrize(("module", "old", "new"), [
    ("amigo_rules.batch.exxtra", "ENGINE", "LOCKSTEP"),
    ("amigo_rules.batch.verflixxt", "ENGINE", "LOCKSTEP"),
    ("amigo_rules.batch.verflixxt_hoch", "ENGINE", "LOCKSTEP"),
    ("amigo_rules.batch.lockstep", "Engine", "Functions"),
])
def test_renamed_batch_names_still_work(module: str, old: str, new: str) -> None:
    namespace = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated.*{new}"):
        value = getattr(namespace, old)
    assert value is getattr(namespace, new)
    assert old not in getattr(namespace, "__all__", ())


@pytest.mark.parametrize(("module", "old", "home"), [
    ("amigo_rules.agents", "game_of", "amigo_rules.core"),
])
def test_moved_names_still_work_with_a_deprecation_warning(module: str, old: str, home: str
                                                           ) -> None:
    namespace = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated.*{home}"):
        value = getattr(namespace, old)
    assert value is getattr(importlib.import_module(home), old)
    assert old not in namespace.__all__


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _ = agents.Nothing
