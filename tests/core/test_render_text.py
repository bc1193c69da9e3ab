"""Every game's ``render_text`` (what ``str(state)`` shows): the track numbered and every
piece drawn, within the width asked for, only what a player may see; the scores explained
term by term add up to ``score``; the rules relevant now come with their text."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import amigo_rules
from amigo_rules import AmigoRulesError, RulesError, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.agents import RandomAgent

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"

CASES = [
    (verflixxt, verflixxt.Rules.classic(players=4)),
    (verflixxt, verflixxt.Rules.amigo(players=6)),
    (verflixxt, verflixxt.Rules(tactical_cards=True, players=3)),
    (verflixxt, verflixxt.Rules(hidden_tiles=True, towers="hidden", players=3)),
    (verflixxt, verflixxt.Rules(early_end="one_pawn_left", lucky_below=True)),
    (verflixxt, verflixxt.Rules(negative_lucky=True, players=5)),
    (ho, ho.Rules(players=4, action_tiles=True)),
    (ho, ho.Rules(players=8, attack=True)),
    (exxtra, exxtra.Rules(players=6)),
]
IDS = [f"{m.NAME}-{i}" for i, (m, _) in enumerate(CASES)]


def positions(module, rules, seed=1, every=23):
    """States along a random game: the start, every ``every`` moves, the end."""
    record = amigo_rules.play(module, [RandomAgent(seed=p) for p in range(rules.players)],
                              rules, seed=seed)
    state = module.new_game(rules, seed=seed)
    out = [state]
    for index, move in enumerate(record.moves, 1):
        state = module.apply(state, move)
        if index % every == 0:
            out.append(state)
    return [*out, state]


@pytest.mark.parametrize(("module", "rules"), CASES, ids=IDS)
def test_the_drawing_fits_the_width_and_str_is_the_drawing(module, rules):
    for state in positions(module, rules):
        assert str(state) == module.render_text(state)
        if module.is_terminal(state):
            last = " ".join(str(state).split("\n")[-2:])
            assert re.search(r"game over: (P\d.* (wins|share the win)|turn limit)", last)
        for width in (40, 60, 80, 131):
            for player in (None, 0):
                text = module.render_text(state, player=player, width=width)
                assert max(map(len, text.splitlines())) <= width, (width, text)


@pytest.mark.parametrize(("module", "rules"), CASES[:-1], ids=IDS[:-1])
def test_the_track_is_numbered_in_order_with_every_piece_under_its_tile(module, rules):
    for state in positions(module, rules):
        text = module.render_text(state, width=80)
        tiles = state.board.tiles
        cells = re.findall(r"(\d+):(\S+)", text)
        assert [int(x) for x, _ in cells[: len(tiles)]] == list(range(len(tiles)))
        rows = text.split("\npieces:")[0].splitlines()
        pieces = "".join(line for line in rows if not re.match(r"\s*\d+:", line))
        for p, pawns in enumerate(state.board.pawns):
            assert pieces.count(str(p)) == len(pawns)
        assert pieces.count("G") == len(state.board.guards)
        if not state.board.guards:
            assert "G guard" not in text
        assert ("gift: leaving it alone" in " ".join(text.split())) == state.rules.action_tiles


def test_a_cell_shows_its_position_and_tile():
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    first = verflixxt.render_text(state, width=80).splitlines()[0].split()
    assert first == ["0:start", "1:-1", "2:-2", "3:-3", "4:-4", "5:-5", "6:-6", "7:-7"]


@pytest.mark.rule("VXV-10", "VXV-HIDDEN-TOWERS")
def test_a_player_sees_only_what_their_observation_shows():
    rules = verflixxt.Rules(hidden_tiles=True, towers="hidden", players=3)
    state = positions(verflixxt, rules, every=40)[-2]
    down = [t for t in state.board.tiles if t.startswith("?")]
    assert down and all(t in str(state) for t in down)
    for viewer in range(3):
        text = verflixxt.render_text(state, player=viewer)
        assert not re.search(r"\?[+-]\d", text)
        for p, tower in enumerate(state.towers):
            line = next(x for x in text.splitlines() if x.startswith(f"P{p}"))
            items = line.split("│")[1].split()
            assert items == (["?"] * len(tower) if p != viewer and tower else
                             [{"L": "lucky"}.get(t, t) for t in tower] or ["empty"])


@pytest.mark.rule("HO-SETUP-3")
def test_hoch_shows_a_player_their_own_cards_only():
    state = ho.new_game(ho.Rules(players=3), seed=0)
    hands = [set(h) for h in state.hands]
    everything = ho.render_text(state)
    assert all(f"· cards {' '.join(h)} ·" in everything for h in state.hands)
    for viewer in range(3):
        text = ho.render_text(state, player=viewer)
        assert f"your cards: {' '.join(state.hands[viewer])}" in text
        assert "· 2 cards ·" in text and "· cards " not in text
        assert f"P{viewer} (you)" in text
    assert hands


def test_tactical_cards_show_the_hands_and_no_die():
    state = verflixxt.new_game(verflixxt.Rules(tactical_cards=True, players=2))
    text = verflixxt.render_text(state, player=1)
    assert "die" not in text and text.splitlines()[-1] == "P0 to play a card"
    assert "P1 (you) · cards -1 1 2 3 4 5 6 ·" in text


def test_exxtra_names_every_counter_and_pair():
    state = exxtra.new_game(exxtra.Rules(players=3))
    for text in ("roll 4-6", "place 5", "roll 2-1", "reroll", "roll 3-3"):
        state = exxtra.apply(state, exxtra.parse_move(state, text))
    text = exxtra.render_text(state, player=1)
    assert "rung 5  P0 64" in text
    assert "P0       on space  0 · pair 64 on rung 5 (+5 at their next turn)" in text
    assert "P1 (you) on space  3 · dice in hand" in text
    assert " ".join(text.split()).endswith(
        "P1 (you) rolled 33: place it, or roll again; an X then (11/36, 31%) ends the turn, "
        "back 1 space per X, 2 on X-X")


def test_bad_arguments_raise_library_errors():
    state = exxtra.new_game()
    with pytest.raises(AmigoRulesError, match="width"):
        exxtra.render_text(state, width=5)
    with pytest.raises(AmigoRulesError, match="width"):
        verflixxt.render_text(verflixxt.new_game(), width="80")
    with pytest.raises(RulesError):
        ho.render_text(ho.new_game(seed=1), player=7)


@pytest.mark.rule("VX-SCORE-1", "VXV-LUCKY-BELOW", "VXV-8", "VXV-5", "HO-SCORE-1", "HO-RISK-1")
@pytest.mark.parametrize(("module", "rules"), CASES, ids=IDS)
def test_the_explained_scores_add_up_to_the_score(module, rules):
    for seed in (1, 2):
        for state in positions(module, rules, seed=seed, every=31):
            explained = module.explain_score(state)
            assert tuple(b.total for b in explained) == module.score(state)
            assert [b.player for b in explained] == list(range(rules.players))


@pytest.mark.rule("VX-SCORE-1")
def test_a_lucky_tile_turning_a_minus_tile_is_explained():
    state = attrs.evolve(verflixxt.new_game(), towers=(("-3", "L", "+5", "-8", "L", "L"),
                                                       (), (), ()))
    (term,) = verflixxt.explain_score(state)[0].terms
    assert term.values == (3, 5, 8)
    assert term.note == "3 lucky tiles turn -3 into +3, -8 into +8 (1 with nothing left to turn)"


@pytest.mark.rule("VXV-5")
def test_the_penalty_tile_is_its_own_term():
    state = attrs.evolve(verflixxt.new_game(verflixxt.Rules(early_end="one_pawn_left")),
                         towers=(("+5",), (), (), ()), penalty=(0, "-10"))
    terms = verflixxt.explain_score(state)[0].terms
    assert [(t.what, t.points) for t in terms] == [("path tiles", 5), ("penalty (VXV-5)", -10)]


@pytest.mark.parametrize("module", [verflixxt, ho, exxtra], ids=lambda m: m.NAME)
def test_rule_texts_begin_with_the_titles_of_the_docs(module):
    page = (DOCS / f"{module.NAME}.md").read_text(encoding="utf-8")
    titles = {rule: re.sub(r"\s*\(.*?\)$", "", title.split("{#")[0].strip())
              for rule, title in re.findall(r"^### ([A-Z]+-[A-Z0-9-]+) — (.+)$", page, re.M)}
    for rule, text in module.RULE_TEXTS.items():
        assert rule in titles, rule
        assert text.startswith(titles[rule]), (rule, titles[rule], text)
    for state in positions(module, CASES[[m for m, _ in CASES].index(module)][1], every=17):
        relevant = module.relevant_rules(state)
        assert relevant and set(relevant) <= set(module.RULE_TEXTS)


def test_counts_agree_with_their_nouns_in_text_and_pictures():
    """Issue 20: "Draw pile: 1 cards", "P0: 1 cards". One helper, `core.text.plural`,
    says a count with its noun everywhere."""
    from amigo_rules.agents import VerflixxtHochGreedyAgent
    from amigo_rules.core.text import plural

    assert (plural(1, "card"), plural(0, "card"), plural(2, "lucky tile")) == (
        "1 card", "0 cards", "2 lucky tiles")
    final = amigo_rules.play("verflixxt_hoch", [VerflixxtHochGreedyAgent(seed=s) for s in range(3)],
                             ho.Rules(players=3), seed=2).final_state
    assert [len(hand) for hand in final.hands] == [1, 1, 1]
    pictures = ho.render_svg(final) + ho.render_svg(final, player=0)
    texts = ho.render_text(final) + ho.render_text(final, player=0)
    assert ">1 card<" in pictures and "· 1 card ·" in texts
    assert not re.search(r"\b1 (cards|moves|tiles|pawns|guards)\b", pictures + texts)
