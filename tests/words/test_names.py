"""Names everywhere (issue 36): ``render_svg``, ``render_text``, the narration,
``explain_score`` and the score sheet of every game say the players' names where they said
P0; a hostile name (markup, bidirectional overrides, line breaks, 2 MiB, lone surrogates)
stays text everywhere."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from steps import steps

from amigo_rules import ArgumentError, RulesError, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.core.names import NAME_LIMIT, shown_name
from amigo_rules.words import Teller, result_html, result_lines, score_sheet

GAMES = [(verflixxt, verflixxt.Rules.amigo(players=4, tactical_cards=True)),
         (ho, ho.Rules(players=4)), (exxtra, exxtra.Rules(players=4))]
NICE = ["Alice", "Bob", "Carol", "Dan"]
HOSTILE = [
    "<script>alert('x')</script>&amp;",
    "\u202eevil\u2066 \u200f",
    "two\nlines\r\tand\x1b[31m red\x00",
    "\u05d0\u05d1\u05d9 \u05db\u05d4\u05df",  # a right-to-left name
    "x" * (2 << 20),  # 2 MiB
]
UNSAFE = ("\r", "\t", "\x1b", "\x00", "\u202e", "\u2066", "\u200f", "\ud800")
"""What no surface may hold (a line break only between its own lines)."""


def finished(module, rules):
    """A state at the end of a random game, and the last step's events."""
    for seed in range(20):
        played = steps(module, rules, seed, limit=5000)
        if module.is_terminal(played[-1][2]):
            return played
    raise AssertionError("no game ended")


def every_surface(module, rules, names, viewer=0):
    """Everything that names the players, as text: the pictures, the text, the narration
    of a whole game, the score explanation, the score sheet as text and as HTML."""
    played = finished(module, rules)
    end = played[-1][2]
    teller = Teller.of(module, rules, viewer, names=names)
    return {
        "render_svg": module.render_svg(end, names=names, highlight=played[-1][3]),
        "render_svg seat": module.render_svg(end, player=viewer, names=names),
        "render_text": module.render_text(end, names=names, width=60),
        "render_text seat": module.render_text(end, player=viewer, names=names),
        "narration": "\n".join(teller.sentence(events) for *_, events in played),
        "explain_score": " ".join(b.name for b in module.explain_score(end, names=names)),
        "result_lines": "\n".join("".join(t for t, _ in line) for line in
                                  result_lines(module, end, viewer, names=names)),
        "result_html": result_html(module, end, viewer, names=names),
    }


@pytest.mark.parametrize(("module", "rules"), GAMES, ids=lambda g: getattr(g, "NAME", ""))
def test_the_names_replace_the_seat_numbers_everywhere(module, rules):
    named = every_surface(module, rules, NICE)
    numbered = every_surface(module, rules, None)
    for surface, text in named.items():
        assert any(name in text for name in NICE[1:]), surface  # seat 0 may be "you"
        assert "P1" not in text, surface
        assert "player 1" not in text and "Player 1" not in text, surface
        assert "P1" in numbered[surface] or "player 1" in numbered[surface].lower(), surface
    assert "Bob" in named["narration"] and "P1" in numbered["narration"]


@pytest.mark.parametrize(("module", "rules"), GAMES, ids=lambda g: getattr(g, "NAME", ""))
def test_a_hostile_name_stays_text_everywhere(module, rules):
    names = [HOSTILE[0], HOSTILE[1], HOSTILE[2], HOSTILE[4]]
    surfaces = every_surface(module, rules, names, viewer=3)
    plain = every_surface(module, rules, None, viewer=3)
    for surface, text in surfaces.items():
        assert not any(c in text for c in UNSAFE), surface
        assert "two\\x0alines" in text or surface == "narration", surface
        assert len(text) < len(plain[surface]) + 20_000, surface  # 2 MiB shown as 24 chars
    assert surfaces["narration"].count("\n") == plain["narration"].count("\n")
    for surface in ("render_svg", "render_svg seat"):
        picture = ET.fromstring(surfaces[surface])  # well-formed: the markup stayed text
        assert not [e for e in picture.iter() if e.tag.endswith("script")]
        texts = "".join(picture.itertext())
        assert shown_name(HOSTILE[0]) == "<script>alert('x')</scr…"
        assert shown_name(HOSTILE[0]) in texts
        assert "\\u202eevil" in texts and "two\\x0alines" in texts
        assert "x" * (NAME_LIMIT - 1) + "…" in texts and "x" * (NAME_LIMIT + 1) not in texts
    html = surfaces["result_html"]
    assert "&lt;script&gt;" in html and "<script>" not in html
    tags = Tags()
    tags.feed(html)
    assert "script" not in tags.seen and tags.seen.count("bdi") >= len(names)
    assert surfaces["explain_score"].split(" \\u202e")[0] == shown_name(HOSTILE[0])
    for line in surfaces["render_text"].splitlines():
        assert len(line) <= 60, line


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.seen = []

    def handle_starttag(self, tag, attrs):
        self.seen.append(tag)


def test_a_name_is_shown_escaped_cut_and_isolated():
    assert shown_name("  Alice ") == "Alice"
    assert shown_name("a\nb\u202ec") == "a\\x0ab\\u202ec"
    assert shown_name("\ud800") == "\\ud800"
    assert shown_name("x" * 100) == "x" * (NAME_LIMIT - 1) + "…"
    assert shown_name("\u05d0\u05d1\u05d9") == "\u2068\u05d0\u05d1\u05d9\u2069"
    assert shown_name("   ") == ""
    state = verflixxt.new_game(verflixxt.Rules.classic(players=2))
    text = verflixxt.render_text(state, names=["\u05d0\u05d1\u05d9", " "])
    assert "\u2068\u05d0\u05d1\u05d9\u2069 " in text and "P1 " in text  # blank: the number


@pytest.mark.parametrize(("module", "rules"), GAMES, ids=lambda g: getattr(g, "NAME", ""))
def test_names_of_the_wrong_kind_or_number_are_refused(module, rules):
    state = module.new_game(rules, seed=1)
    calls = [
        lambda names: module.render_svg(state, names=names),
        lambda names: module.render_text(state, names=names),
        lambda names: module.explain_score(state, names=names),
        lambda names: Teller.of(module, rules, names=names),
        lambda names: score_sheet(module, state, names=names),
    ]
    for call in calls:
        for wrong in ("Alice", [1, 2, 3, 4], {"a": 1}, 5, [b"x"] * 4):
            with pytest.raises(ArgumentError, match="names must be None or a list of strings"):
                call(wrong)
        with pytest.raises(RulesError, match="each of the 4 seats, got 3 names"):
            call(NICE[:3])
        call(tuple(NICE))
