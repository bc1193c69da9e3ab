"""Variant options: unknown values and refused combinations name the options; the others
combine (a small matrix, and a wider one under ``-m slow``)."""

from __future__ import annotations

import itertools

import pytest

from amigo_rules import RulesError, verflixxt
from amigo_rules.testing import check_game
from amigo_rules.verflixxt import Rules


@pytest.mark.rule("VXV-2")
@pytest.mark.rule("VXV-4")
@pytest.mark.rule("VXV-HIDDEN-TOWERS")
@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({"roll_one": "jump"}, ["roll_one"]),
        ({"early_end": "now"}, ["early_end"]),
        ({"towers": "closed"}, ["towers"]),
        ({"tactical_cards": True, "roll_one": "choice"}, ["tactical_cards", "roll_one"]),
        ({"tactical_cards": True, "roll_one": "swap"}, ["tactical_cards", "roll_one"]),
        ({"negative_lucky": True, "lucky_below": True}, ["negative_lucky", "lucky_below"]),
        ({"negative_lucky": True, "layout": "lucky_last"}, ["negative_lucky", "layout"]),
        ({"negative_lucky_sweep": True}, ["negative_lucky_sweep", "negative_lucky"]),
        ({"negative_lucky": True, "negative_lucky_sweep": True, "early_end": "first_home"},
         ["negative_lucky_sweep", "early_end"]),
        ({"hidden_tiles": True, "layout": "lucky_last"}, ["hidden_tiles", "layout"]),
        ({"hidden_tiles": True, "layout": "random", "negative_lucky": True},
         ["hidden_tiles", "negative_lucky"]),
    ],
)
def test_refused_options_name_what_clashes(options, names):
    with pytest.raises(RulesError) as error:
        Rules(**options)
    for name in names:
        assert f"Rules.{name}" in str(error.value)


MATRIX = [
    dict(roll_one="choice", passed_tiles_to_end=True, early_end="first_home",
         lucky_below=True, towers="top"),
    dict(roll_one="swap", early_end="one_pawn_left", negative_lucky=True, towers="hidden"),
    dict(tactical_cards=True, passed_tiles_to_end=True, negative_lucky=True,
         negative_lucky_sweep=True),
    dict(tactical_cards=True, layout="random", hidden_tiles=True, action_tiles=True,
         early_end="one_pawn_left", lucky_below=True),
]


@pytest.mark.parametrize("options", MATRIX)
@pytest.mark.parametrize("players", [2, 7])
def test_variants_combine(options, players):
    rules = Rules(players=players, **options)
    assert check_game(verflixxt, rules, seeds=range(4)).terminal == 4


OPTIONS = {
    "roll_one": [None, "choice", "swap"],
    "passed_tiles_to_end": [False, True],
    "early_end": [None, "first_home", "one_pawn_left"],
    "towers": ["open", "hidden"],
    "lucky_below": [False, True],
}


@pytest.mark.slow
@pytest.mark.parametrize("values", list(itertools.product(*OPTIONS.values())))
def test_variant_matrix_sweep(values):
    rules = Rules.amigo_pro(players=3, action_tiles=True, **dict(zip(OPTIONS, values, strict=True)))
    assert check_game(verflixxt, rules, seeds=range(20), deep_every=3).terminal == 20


ALONE = [
    {"layout": "plus_before_lucky"},
    {"layout": "lucky_last"},
    {"layout": "random"},
    {"roll_one": "choice"},
    {"roll_one": "swap"},
    {"passed_tiles_to_end": True},
    {"early_end": "first_home"},
    {"early_end": "one_pawn_left"},
    {"negative_lucky": True},
    {"negative_lucky": True, "negative_lucky_sweep": True},
    {"tactical_cards": True},
    {"hidden_tiles": True},
    {"towers": "top"},
    {"towers": "hidden"},
    {"lucky_below": True},
    {"action_tiles": True},
]
"""Every variant option on its own (on the classic game)."""


@pytest.mark.slow
@pytest.mark.parametrize("options", ALONE, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_option_alone_sweep(options, players):
    rules = Rules.classic(players=players, **options)
    assert check_game(verflixxt, rules, seeds=range(100), deep_every=5).terminal == 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [7, 8])
@pytest.mark.parametrize("preset", ["classic", "amigo", "amigo_pro"])
def test_seven_and_eight_players_sweep(preset, players):
    rules = verflixxt.PRESETS[preset](players=players)
    assert check_game(verflixxt, rules, seeds=range(100), deep_every=5).terminal == 100


@pytest.mark.slow
@pytest.mark.parametrize("options", MATRIX)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_variants_combine_sweep(options, players):
    rules = Rules(players=players, **options)
    assert check_game(verflixxt, rules, seeds=range(100), deep_every=5).terminal == 100
