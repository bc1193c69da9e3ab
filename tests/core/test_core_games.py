"""``core.GAMES`` is the one list of the games: every per-game table of the library has its
keys from it, and `game_of` finds the game of any of a game's objects."""

from __future__ import annotations

import importlib

import pytest

from amigo_rules import GAMES, RulesError, game_of, get_game
from amigo_rules.agents import AGENTS
from amigo_rules.batch import batch_of
from amigo_rules.batch.policies import POLICIES
from amigo_rules.cli import games as cli_games
from amigo_rules.protocol import messages


def test_every_table_of_games_has_every_game_in_its_order() -> None:
    assert list(AGENTS) == list(GAMES)
    assert list(POLICIES) == list(GAMES)
    assert cli_games.names() == GAMES
    for game in GAMES:
        assert AGENTS[game]["random"] and POLICIES[game]["random"]
        assert batch_of(game).__name__ == f"amigo_rules.batch.{game}"
        assert cli_games.view(game) is importlib.import_module(f"amigo_rules.cli.games.{game}").VIEW


def test_the_gymnasium_ids_come_from_the_games() -> None:
    gymnasium = pytest.importorskip("amigo_rules.adapters.gymnasium",
                                    reason="the frameworks extra is not installed")
    for table in (gymnasium.ENV_IDS, gymnasium.VECTOR_ENV_IDS, gymnasium.SELF_PLAY_ENV_IDS):
        assert list(table) == list(GAMES)
    assert gymnasium.ENV_IDS["verflixxt_hoch"] == "amigo_rules/VerflixxtHoch-v0"
    assert gymnasium.SELF_PLAY_ENV_IDS["exxtra"] == "amigo_rules/ExxtraSelfPlayVec-v0"


@pytest.mark.parametrize("game", GAMES)
def test_a_hello_names_any_game_and_no_other(game: str) -> None:
    line = messages.encode(messages.hello(game, {}, 2, 0, None, 1000, None))
    assert messages.read_host(line)["game"] == game
    with pytest.raises(messages.ProtocolError, match="unknown game 'chess'"):
        messages.read_host(line.replace(game.encode(), b"chess"))


@pytest.mark.parametrize("game", GAMES)
def test_game_of_finds_the_game_of_each_of_its_objects(game: str) -> None:
    module = get_game(game)
    state = module.new_game(seed=1)
    move = (module.legal_moves(state) or (module.chance_outcomes(state)[0][0],))[0]
    things = (state, module.observation(state, 0), move, state.rules, module.State, module)
    assert [game_of(thing) for thing in things[:-1]] == [module] * 5


def test_game_of_refuses_what_belongs_to_no_game() -> None:
    with pytest.raises(RulesError, match="cannot tell the game of a int"):
        game_of(3)
    with pytest.raises(RulesError, match="cannot tell the game of a Board"):
        game_of(get_game("verflixxt").new_game(seed=1).board)
