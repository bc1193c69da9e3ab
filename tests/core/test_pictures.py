"""`render_svg` of every game: valid standalone SVG for random states of every game and
variant, and a player's picture shows nothing that player may not see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from amigo_rules import CHANCE, exxtra, sample_chance, verflixxt
from amigo_rules import verflixxt_hoch as ho

SVG = "{http://www.w3.org/2000/svg}"
V = verflixxt.Rules

CONFIGS = [
    *((verflixxt, preset(players=n)) for preset in (V.classic, V.amigo, V.amigo_pro)
      for n in (2, 4, 6)),
    (verflixxt, V.amigo_pro(players=3, action_tiles=True)),
    (verflixxt, V(players=8, roll_one="choice", passed_tiles_to_end=True, towers="top")),
    (verflixxt, V(players=3, roll_one="swap", early_end="one_pawn_left", negative_lucky=True,
                  towers="hidden")),
    (verflixxt, V(players=2, tactical_cards=True, negative_lucky=True,
                  negative_lucky_sweep=True)),
    (verflixxt, V.amigo(players=4, tactical_cards=True, hidden_tiles=True, lucky_below=True,
                        early_end="first_home")),
    *((ho, ho.Rules(players=n)) for n in (2, 5, 8)),
    (ho, ho.Rules(players=3, attack=True)),
    (ho, ho.Rules(players=4, action_tiles=True, risk_rank="parity")),
    *((exxtra, exxtra.Rules(players=n)) for n in (3, 6)),
    (exxtra, exxtra.Rules(players=4, max_turns=9)),
]
HIDDEN = [(game, rules) for game, rules in CONFIGS if game.spec(rules).has_hidden_information]


def ident(config) -> str:
    game, rules = config
    return f"{game.NAME}-{rules!r}"[:90]


def random_states(game, rules, seed: int, count: int):
    """``count`` states of one random game (setup included), the last one terminal when the
    game ends in time."""
    rng = np.random.default_rng(seed)
    state = game.initial_state(rules)
    seen = [state]
    for _ in range(3000):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            state = game.apply(state, sample_chance(game, state, rng))
        else:
            legal = game.legal_moves(state)
            state = game.apply(state, legal[rng.integers(len(legal))])
        seen.append(state)
    picks = sorted(rng.choice(len(seen) - 1, size=min(count - 1, len(seen) - 1), replace=False))
    return [seen[i] for i in picks] + [seen[-1]]


def check_picture(text: str) -> ET.Element:
    """Parse one picture and check what every picture must be."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    x, y, width, height = map(float, root.get("viewBox").split())
    assert (x, y) == (0, 0) and 0 < width <= 800 and height > 0
    assert root.get("width") is None and root.get("height") is None  # scales to its box
    assert root.find(f"{SVG}title").text
    sizes = [float(e.get("font-size")) for e in root.iter() if e.get("font-size")]
    assert sizes and min(sizes) >= 12  # 6 px or more when drawn 400 px wide
    return root


def pictures_of(game, rules, seeds, count):
    for seed in seeds:
        for state in random_states(game, rules, seed, count):
            viewer = int(np.random.default_rng(seed).integers(rules.players))
            yield state, viewer


@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_pictures_parse_for_random_states(config):
    game, rules = config
    for state, viewer in pictures_of(game, rules, seeds=[1], count=4):
        check_picture(game.render_svg(state))
        mine = check_picture(game.render_svg(state, player=viewer))
        assert f"as player {viewer} sees it" in "".join(mine.itertext())


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=ident)
def test_pictures_parse_for_random_states_sweep(config):
    game, rules = config
    for state, _ in pictures_of(game, rules, seeds=range(2, 10), count=8):
        check_picture(game.render_svg(state))
        for player in range(rules.players):
            check_picture(game.render_svg(state, player=player))


def hidden_pictures(game, rules, seeds, count, viewers=None):
    """Per state and viewer (default: every player): the viewer's picture of the state and
    of a state sampled from the viewer's observation, and the all-seeing pictures of both."""
    for state, _ in pictures_of(game, rules, seeds, count):
        for player in viewers or range(rules.players):
            rng = np.random.default_rng(player)
            other = game.sample_state(game.observation(state, player), rng)
            yield (game.render_svg(state, player=player), game.render_svg(other, player=player),
                   game.render_svg(state), game.render_svg(other))


@pytest.mark.parametrize("config", HIDDEN, ids=ident)
def test_a_players_picture_shows_only_what_the_player_may_see(config):
    """The picture depends on the player's observation alone: a state sampled from it (other
    hands, face-down tiles, hidden towers drawn anew) gives the same picture, while the
    all-seeing pictures of the two states differ somewhere."""
    game, rules = config
    differed = 0
    viewers = (0, rules.players - 1)
    for mine, sampled, everything, other in hidden_pictures(game, rules, [3], 4, viewers):
        assert mine == sampled
        differed += everything != other
    assert differed


@pytest.mark.slow
@pytest.mark.parametrize("config", HIDDEN, ids=ident)
def test_a_players_picture_shows_only_what_the_player_may_see_sweep(config):
    game, rules = config
    for mine, sampled, _, _ in hidden_pictures(game, rules, range(4, 12), 8):
        assert mine == sampled


def test_hidden_things_are_drawn_as_hidden():
    rules = V(players=2, hidden_tiles=True, towers="hidden")
    state = verflixxt.new_game(rules, seed=3)
    for move in ("roll 3", "pawn 0", "flip 4"):
        state = verflixxt.apply(state, verflixxt.parse_move(state, move))
    face_down = state.board.tiles[4]
    assert face_down.startswith("?")
    everything = verflixxt.render_svg(state)
    seen = verflixxt.render_svg(state, player=1)
    assert "position 4: \u2212" in everything or "position 4: +" in everything
    assert "position 4: ? (face down)" in seen

    hoch = ho.new_game(ho.Rules(players=3), seed=2)
    backs = "<title>2 cards face down</title>"
    assert ho.render_svg(hoch, player=0).count(backs) == 2  # the two other hands
    assert ho.render_svg(hoch).count(backs) == 0


def test_states_show_themselves_in_jupyter():
    for game in (verflixxt, ho, exxtra):
        state = game.new_game(seed=0)
        assert state._repr_svg_() == game.render_svg(state)


def test_a_bad_viewer_is_refused():
    from amigo_rules import RulesError

    for game in (verflixxt, ho, exxtra):
        with pytest.raises(RulesError):
            game.render_svg(game.new_game(), player=9)


def _groups_titled(root: ET.Element, title: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if (g.findtext(f"{SVG}title") or "") == title]


def test_hats_are_drawn_as_hats_in_collections_and_legend():
    """Issue 20: a hat in a collection was a −10/+10 box in the risk/lucky colours. Every
    hat is now the hat: one in the legend, one per hat on a pawn or in a collection; no
    pawn in the legend wears one."""
    import amigo_rules
    from amigo_rules.agents import VerflixxtHochGreedyAgent

    final = amigo_rules.play("verflixxt_hoch", [VerflixxtHochGreedyAgent(seed=s) for s in range(3)],
                             ho.Rules(players=3), seed=2).final_state
    root = check_picture(ho.render_svg(final))
    collected = [item for tower in final.towers for item in tower]
    for hat, title in (("hat+", "lucky hat (+10)"), ("hat-", "cursed cap (\u221210)")):
        worn = sum(1 for h in final.hats if h is not None and h[1] is not None)
        assert collected.count(hat) == 1 and worn == 0  # both hats came home
        assert len(_groups_titled(root, title)) == 1 + collected.count(hat)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "\u221210" in texts and "+10" in texts  # the points beside the hat
    assert not [g for g in root.iter(f"{SVG}g") if "(lucky hat)" in (g.findtext(f"{SVG}title")
                                                                     or "")]


def test_stacks_carry_their_count_and_stay_under_their_tile():
    """Issue 20: three pieces on one tile looked like one, and the pawns of a crowded start
    tile stood under the next tile. A stack carries a badge ``×N``; every pawn and guard lies
    within its tile's column."""
    from amigo_rules.track.svg import TILE_H, TILE_W

    state = ho.new_game(ho.Rules(players=4), seed=1)
    root = check_picture(ho.render_svg(state))
    stacks = {}
    for group in root.iter(f"{SVG}g"):
        found = re.fullmatch(r"(player \d).*: (\d+) (pawns|guards)|(\d+) guards",
                             group.findtext(f"{SVG}title") or "")
        if found:
            count = found.group(2) or found.group(4)
            stacks[found.group(1) or "guards"] = count
            assert f"\u00d7{count}" in [t.text for t in group.iter(f"{SVG}text")]
    hatless = {p: sum(q == 0 for q in ps) - sum(h[0] == p for h in state.hats)
               for p, ps in enumerate(state.board.pawns)}
    assert stacks == {f"player {p}": str(n) for p, n in hatless.items() if n > 1}
    classic = verflixxt.new_game(V.classic(players=4))
    root = check_picture(verflixxt.render_svg(classic))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("\u00d73") == 4  # four stacks of three pawns on the start tile
    tiles = [(float(r.get("x")), float(r.get("y"))) for r in root.iter(f"{SVG}rect")
             if float(r.get("height")) == TILE_H]
    for shape in root.iter(f"{SVG}circle"):
        if shape.get("r") != "12":
            continue
        x, y, r = (float(shape.get(k)) for k in ("cx", "cy", "r"))
        left = max((tx for tx, ty in tiles if tx <= x and ty < y), default=None)
        assert left is not None and left <= x - r and x + r <= left + TILE_W, (x, left)
