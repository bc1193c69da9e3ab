"""The command line with Verflixxt hoch²: demo, simulate, play and its view."""

import io
import re

import attrs
import pytest
from click.testing import CliRunner
from rich.console import Console

from amigo_rules import RulesError
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.cli import main
from amigo_rules.cli.games import available, view


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def plain(markup, width=100):
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(markup)
    return console.file.getvalue()


def test_demo_includes_hoch():
    assert "verflixxt_hoch" in available()
    result = run("demo", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert re.search(r"─ verflixxt_hoch · standard · 4 players · seed 4 ─", result.output)
    assert re.search(r"^P\d plays -?\d[yo] · moves (pawn|lucky|cursed|guard) \d+ → \d+",
                     result.output, re.M)


def test_simulate_prints_a_row_per_seat():
    result = run("simulate", "verflixxt_hoch", "--games", "3", "--seed", "1",
                 "--variant", "action_tiles")
    assert result.exit_code == 0, result.output
    rows = re.findall(r"^│ P(\d) +│ (random|greedy) ", result.output, re.M)
    assert [int(p) for p, _ in rows] == [0, 1, 2, 3]
    assert "3 games in" in result.output


def test_play_help_nonsense_quit():
    result = run("play", "verflixxt_hoch", "--seed", "1", "--bots", "greedy",
                 input="help\nnonsense\n\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert sum(line.startswith("legal moves: card ") for line in out) == 2
    assert any("unknown move notation 'nonsense'" in line for line in out)
    assert any(line.startswith("type a move") for line in out)
    assert "P0 (you)" in result.output and "your cards:" in result.output
    assert out[-1] == "bye: the game is left unfinished."


def test_make_rules_and_variants():
    hv = view("verflixxt_hoch")
    assert hv.make_rules(None, None, ()) == ho.Rules()
    assert hv.make_rules("standard", 6, ("attack", "action_tiles")) == ho.Rules(
        players=6, attack=True, action_tiles=True)
    with pytest.raises(RulesError):
        hv.make_rules(None, 9, ())
    with pytest.raises(RulesError, match="unknown variant"):
        hv.make_rules(None, 3, ("chess",))


def test_the_drawing_shows_only_the_viewers_cards():
    state = ho.new_game(ho.Rules(players=3), seed=0)
    state = attrs.evolve(state, hands=(("-1y", "6o"), ("2y", "3o"), ("5y", "5o")),
                         pile=state.pile)  # hands that share no card
    state = ho.from_json(ho.to_json(_balanced(state)))
    hv = view("verflixxt_hoch")
    for seat, mine, others in [(0, "-1y 6o", ("2y", "3o", "5y", "5o")),
                               (1, "2y 3o", ("-1y", "6o", "5y", "5o"))]:
        text = plain(hv.draw(state, seat))
        hand_line = next(line for line in text.splitlines() if line.startswith("your cards"))
        assert hand_line.strip() == f"your cards: {mine}"
        no_discard = "\n".join(line for line in text.splitlines()
                               if not line.startswith("draw pile"))
        for card in others:
            assert not re.search(rf"(?<![\d-]){re.escape(card)}", no_discard), (seat, card)
        assert f"P{seat} (you)" in text and re.search(r"P2 +2 cards", text)
    assert "your cards" not in plain(hv.draw(state, None))


def _balanced(state):
    """``state`` with its draw pile adjusted so that the cards add up to the deck."""
    from collections import Counter

    from amigo_rules.verflixxt_hoch.setup import deck_counts
    from amigo_rules.verflixxt_hoch.tiles import CARDS

    held = Counter(c for h in state.hands for c in h)
    pile = tuple(n - held[c] - d for c, n, d in
                 zip(CARDS, deck_counts(state.rules), state.discard, strict=True))
    assert min(pile) >= 0
    return attrs.evolve(state, pile=pile)


def test_the_drawing_shows_the_table():
    rules = ho.Rules(players=4, action_tiles=True)
    state = ho.new_game(rules, seed=2)
    text = plain(view("verflixxt_hoch").draw(state, 1))
    assert "gift" in text and "±" in text and "finish tokens left (top first): T2 T2 T3" in text
    assert "0+" in text  # the lucky-hat owner's pawn wears the hat on the start tile
    assert re.search(r"draw pile: \d+ cards · discard pile: ", text)
    assert "P0 to play a card" in text
    assert max(len(line) for line in text.splitlines()) <= 80
