"""The score sheet (issue 36): one structure, written as text for the terminal, as HTML
that reflows in a narrow column, and as data, in every game; the players by name."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from test_names import GAMES, finished

from amigo_rules import verflixxt
from amigo_rules.core.text import plain
from amigo_rules.words import ordinal, result_html, result_lines, score_sheet

NAMES = ["Alice Wonderland-Smith", "Bob", "\u05d0\u05d1\u05d9 \u05db\u05d4\u05df", "Dan"]


@pytest.mark.parametrize(("module", "rules"), GAMES, ids=lambda g: getattr(g, "NAME", ""))
def test_the_sheet_ranks_every_player_with_their_arithmetic(module, rules):
    end = finished(module, rules)[-1][2]
    sheet = score_sheet(module, end, 1, names=NAMES)
    scores = module.score(end)
    assert sorted(row.player for row in sheet.rows) == list(range(rules.players))
    assert [row.place for row in sheet.rows] == sorted(row.place for row in sheet.rows)
    for row in sheet.rows:
        assert row.score == scores[row.player]
        assert row.you == (row.player == 1)
        assert row.winner == (row.player in module.winners(end))
        assert row.name == module.explain_score(end, names=NAMES)[row.player].name
    data = json.loads(json.dumps(sheet.to_data()))
    assert data["winners"] == list(sheet.winners)
    assert data["rows"][0].keys() == {"place", "player", "name", "you", "score", "winner",
                                      "parts"}
    lines = plain(result_lines(module, end, 1, names=NAMES)).splitlines()
    best = sheet.rows[0]
    assert lines[0].startswith(f"{ordinal(best.place):>4} {best.name}")
    assert lines[-1].startswith(("winner: ", "shared win: ", "no winner"))


def test_the_sheet_as_text_is_unchanged_without_names():
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    state = attrs.evolve(state, towers=(("-3", "L", "+5", "-8"), ()))
    assert plain(result_lines(verflixxt, state)).splitlines() == [
        " 1st P0 score 10",
        "      path tiles: -3 +5 +8 = +10 · 1 lucky tile turns -8 into +8",
        " 2nd P1 score 0",
        "no winner"]  # before the end


@pytest.mark.parametrize(("module", "rules"), GAMES, ids=lambda g: getattr(g, "NAME", ""))
def test_the_sheet_as_html_reflows_in_a_narrow_column(module, rules, chromium, tmp_path):
    """In a 300-pixel column (the server page's) nothing is wider than the column and no
    line is preformatted: the words wrap between words, each name on its own."""
    end = finished(module, rules)[-1][2]
    html = result_html(module, end, 0, names=NAMES)
    assert "<pre" not in html and 'style="' not in html
    page = tmp_path / "sheet.html"
    page.write_text(f'<!doctype html><meta charset="utf-8"><body style="margin:0">'
                    f'<div id="column" style="width:300px;font:16px sans-serif">{html}</div>',
                    encoding="utf-8")
    browser = chromium(width=800, height=900)
    browser.get(Path(page).as_uri())
    widths = browser.execute_script(
        "const c = document.getElementById('column');"
        "return [c.scrollWidth, c.clientWidth, document.documentElement.scrollWidth,"
        " document.querySelectorAll('.amigo-rank').length,"
        " document.querySelectorAll('bdi.amigo-name').length];")
    scroll, client, page_width, ranks, names = widths
    assert scroll <= client == 300 and page_width <= 800
    assert ranks == rules.players and names >= rules.players
    texts = browser.execute_script(
        "return [...document.querySelectorAll('.amigo-head')].map(e => e.innerText);")
    assert any("Alice Wonderland-Smith" in t for t in texts)
    browser.save_screenshot(str(tmp_path / f"sheet-{module.NAME}.png"))
