"""The commands' help lists their choices, option errors name the option, the views turn
options into `Rules`, and ``python -m amigo_rules`` runs the command line."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

import amigo_rules
from amigo_rules import RulesError, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.cli import main
from amigo_rules.cli.games import VIEWS, available, names, view


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def flat(text):
    return " ".join(text.split())


@pytest.mark.parametrize("command", ["demo", "play", "replay", "simulate", "tournament",
                                     "variants"])
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and result.output.startswith("Usage: ")


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_the_help_lists_games_presets_variants_and_bots(command):
    text = flat(run(command, "--help").output)
    assert "GAME is one of: exxtra, verflixxt, verflixxt_hoch." in text
    assert "verflixxt: classic, amigo, amigo_pro; verflixxt_hoch: standard." in text
    assert "verflixxt: random, greedy" in text and "exxtra: random, heuristic" in text
    assert "tactical_cards" in text and "attack" in text


def test_python_dash_m_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "amigo_rules", "--version"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.strip() == f"amigo-rules, version {amigo_rules.__version__}"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "chess"], ["'chess' is not one of"]),
        (["play", "verflixxt", "--preset", "nope"], ["--preset", "classic, amigo, amigo_pro"]),
        (["play", "verflixxt", "--bots", "random,nope"], ["--bots", "no agent 'nope'"]),
        (["demo", "verflixxt", "--bots", "mcts:abc"],
         ["--bots", "bad parameters for agent 'mcts' in 'mcts:abc'"]),
        (["play", "exxtra", "--bots", "heuristic:3"],
         ["--bots", "agent 'heuristic' takes no parameters"]),
        (["play", "verflixxt", "--players", "9"], ["'--players'", "must be an integer from 2 "
                                                   "to 8, got 9"]),
        (["demo", "exxtra", "--players", "2"], ["'--players'", "from 3 to 6"]),
        (["play", "verflixxt", "--variant", "zzz"], ["--variant", "'zzz'"]),
        (["play", "verflixxt", "--variant", "tactical_cards", "--variant", "roll_one_choice"],
         ["'--variant'", "'tactical_cards' replaces the die", "'roll_one_choice'"]),
        (["play", "verflixxt", "--preset", "amigo", "--variant", "negative_lucky"],
         ["'--variant'", "'negative_lucky' lays its own track"]),
        (["play", "verflixxt", "--seat", "4"], ["--seat", "0 … 3"]),
        (["play", "verflixxt", "--seed", "-3"], ["--seed"]),
        (["demo", "--seed", "-3"], ["--seed"]),
        (["simulate", "verflixxt", "--games", "2", "--seed", "-3"], ["--seed"]),
        (["demo", "--preset", "amigo"], ["need a GAME"]),
        (["play"], ["Missing argument 'GAME'", "--load"]),
        (["play", "exxtra", "--load", "x.json"], ["leave out GAME"]),
        (["replay", "x.json", "--player", "-1"], ["--player"]),
    ],
)
def test_bad_options_give_a_one_line_error_naming_the_option(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output
    for word in words:
        assert word in lines[0]
    assert "Rules." not in lines[0]


def test_the_views_registry():
    assert set(VIEWS) == set(amigo_rules.GAMES) == set(names()) == set(available())
    with pytest.raises(RulesError, match="no terminal view"):
        view("chess")


@pytest.mark.parametrize("name", available())
def test_every_view_makes_rules_and_draws(name):
    shown = view(name)
    rules = shown.make_rules(None, None, ())
    assert rules.players == shown.default_players
    assert set(shown.variants) == set(shown.variant_options)
    with pytest.raises(RulesError):
        shown.make_rules(None, None, ("no such variant",))
    with pytest.raises(RulesError):
        shown.make_rules("no such preset", None, ())
    state = amigo_rules.get_game(name).new_game(rules, seed=0)
    assert shown.draw(state, player=0, width=60)


def test_views_turn_options_into_rules():
    assert view("verflixxt").make_rules("amigo", 5, ()) == verflixxt.Rules.amigo(players=5)
    assert view("verflixxt").make_rules(None, None, ("roll_one_swap", "lucky_below")) == \
        verflixxt.Rules(roll_one="swap", lucky_below=True)
    assert view("verflixxt_hoch").make_rules("standard", 6, ("attack", "action_tiles")) == \
        ho.Rules(players=6, attack=True, action_tiles=True)
    assert view("exxtra").make_rules(None, 6, ()) == exxtra.Rules(players=6)
    with pytest.raises(RulesError, match="both set roll_one"):
        view("verflixxt").make_rules(None, None, ("roll_one_swap", "roll_one_choice"))
