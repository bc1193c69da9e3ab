"""The registry of terminal views and the Verflixxt! view: rules from options, the drawing."""

import io
import re

import pytest
from rich.console import Console

import amigo_rules
from amigo_rules import RulesError, verflixxt
from amigo_rules.agents import GreedyAgent
from amigo_rules.cli.games import VIEWS, available, names, view


def plain(markup, width=100):
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(markup)
    return console.file.getvalue()


def test_registry_lists_the_games_with_views():
    assert set(VIEWS) == set(amigo_rules.GAMES) == set(names()) == set(available())
    with pytest.raises(RulesError, match="no terminal view"):
        view("chess")


@pytest.mark.parametrize("name", available())
def test_every_view_has_the_interface(name):
    module = view(name)
    assert isinstance(module.PRESETS, tuple) and isinstance(module.VARIANTS, dict)
    rules = module.make_rules(None, None, ())
    assert rules.players == module.DEFAULT_PLAYERS
    with pytest.raises(RulesError):
        module.make_rules(None, None, ("no such variant",))
    with pytest.raises(RulesError):
        module.make_rules("no such preset", None, ())
    state = amigo_rules.get_game(name).new_game(rules, seed=0)
    assert plain(module.draw(state, 0)).strip()


def test_verflixxt_make_rules():
    vx = view("verflixxt")
    assert vx.PRESETS[0] == "classic" and vx.DEFAULT_PLAYERS == 4
    assert vx.make_rules(None, None, ()) == verflixxt.Rules.classic(players=4)
    assert vx.make_rules("amigo", 5, ()) == verflixxt.Rules.amigo(players=5)
    with pytest.raises(RulesError, match="players"):
        vx.make_rules("amigo_pro", 9, ())


def played(rules, seed, moves):
    """The state after ``moves`` decisions of greedy agents, dice from ``seed``."""
    record = amigo_rules.play(
        "verflixxt", [GreedyAgent(seed=p) for p in range(rules.players)], rules, seed=seed
    )
    state = verflixxt.new_game(rules, seed=seed)
    for move in record.moves[:moves]:
        state = verflixxt.apply(state, move)
    return state


@pytest.mark.parametrize("preset", ["classic", "amigo", "amigo_pro"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_draw_shows_every_tile_in_order_and_fits_the_terminal(preset, players):
    vx = view("verflixxt")
    state = played(vx.make_rules(preset, players, ()), seed=players, moves=61)
    text = plain(vx.draw(state, 1), width=200)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    label = r"(start|finish|lucky|gift|steal|[+-]\d+)"
    cells = re.findall(rf"(\d+) {label}", text)
    tiles = state.board.tiles
    labels = [{"S": "start", "F": "finish", "L": "lucky"}.get(t, t) for t in tiles]
    assert cells[: len(tiles)] == [(str(x), name) for x, name in enumerate(labels)]
    # one digit per pawn and one G per guard, wherever they stand
    pieces = "".join(
        line for line in lines
        if not re.match(rf"\s*\d+ {label}", line) and not line.startswith(("P", "pieces"))
    )
    for p in range(players):
        assert pieces.count(str(p)) == len(state.board.pawns[p])
    assert pieces.count("G") == len(state.board.guards)
    for p, tower in enumerate(state.towers):
        line = next(line for line in lines if line.startswith(f"P{p}"))
        assert f"score {verflixxt.score_tiles(tower):>3}" in line
        assert line.split("│")[1].split() == [
            {"L": "lucky"}.get(t, t) for t in tower
        ] or (not tower and "empty" in line)
    assert "P1 (you)" in text


def test_draw_shows_whose_turn_and_the_die():
    vx = view("verflixxt")
    state = verflixxt.new_game(seed=0)
    assert plain(vx.draw(state, None)).splitlines()[-1] == "P0 to roll the die"
    state = verflixxt.apply(state, verflixxt.Roll(5))
    assert plain(vx.draw(state, None)).splitlines()[-1] == "P0 to move a piece · die: 5"
    assert "(you)" not in plain(vx.draw(state, None))


def test_draw_colours_tiles_by_kind():
    vx = view("verflixxt")
    assert "green" in vx.tile_style("+3") and "red" in vx.tile_style("-3")
    assert "gold" in vx.tile_style("L")
    styles = {vx.tile_style(t) for t in ("+1", "-1", "L", "S", "gift", "steal")}
    assert len(styles) == 6


def test_describe_names_the_roll_the_move_and_the_tile_taken():
    vx = view("verflixxt")
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2), seed=0)
    moves = ["roll 3", "pawn 0", "roll 2", "pawn 0", "roll 1", "pawn 3"]
    texts = []
    for text in moves:
        move = verflixxt.parse_move(state, text)
        after = verflixxt.apply(state, move)
        texts.append(plain(vx.describe(state, move, after)).strip())
        state = after
    assert texts == [
        "P0 rolls 3", "moves pawn 0 → 3 (-3)", "P1 rolls 2", "moves pawn 0 → 2 (-2)",
        "P0 rolls 1", "moves pawn 3 → 4 (-4) · takes -3",
    ]
