"""``amigo-rules replay``: stepping through a saved game in the terminal, a tournament's
game from its results file, the narrated log, the web page."""

import re

import pytest
from click.testing import CliRunner

from amigo_rules import GameRecord, arena, exxtra
from amigo_rules.cli import main


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """A game of hoch² saved by 'play' after two decisions, unfinished."""
    monkeypatch.chdir(tmp_path)
    result = run("play", "verflixxt_hoch", "--seed", "2", "--players", "3", "--save",
                 "g.json", input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    return GameRecord.from_json((tmp_path / "g.json").read_text())


@pytest.fixture
def results(tmp_path):
    path = tmp_path / "r.jsonl"
    arena.tournament("exxtra", ["random", "heuristic"], rules=exxtra.Rules(players=3),
                     games=3, seed=1, results=str(path))
    return path


def test_stepping_through_a_saved_game(saved):
    result = run("replay", "g.json", input="\n\nb\n4\ne\nn\nzzz\nq\n")
    assert result.exit_code == 0, result.output
    captions = re.findall(r"^(the start.*|move \d+ of \d+: .*)$", result.output, re.M)
    total = len(saved.moves)
    assert [c.split(":")[0] for c in captions] == [
        f"the start (the game has {total} moves)", "move 1 of " + str(total),
        "move 2 of " + str(total), "move 1 of " + str(total), "move 4 of " + str(total),
        f"move {total} of {total}"]
    assert "the end of the game: b goes back, q leaves" in result.output
    assert "Enter: next · b: back" in result.output
    assert "(you)" in result.output  # an unfinished saved game is seen as its player
    assert re.search(r"^your cards: ", result.output, re.M)


def test_a_tournament_game_as_a_log(results):
    line = run("replay", str(results), "--game", "2", "--log")
    assert line.exit_code == 0, line.output
    assert re.search(r"^exxtra, 3 players, seed \d+ · P0 \w+ · P1 \w+ · P2 \w+$", line.output,
                     re.M)
    assert re.search(r"^P\d places \d\d on rung \d$", line.output, re.M)
    assert re.search(r"^(winner: P\d|no winner)$", line.output, re.M)
    missing = run("replay", str(results), "--game", "9", "--log")
    assert missing.exit_code == 1 and "has no game 9" in missing.output


def test_the_web_page_is_one_file_with_a_picture_per_position(saved, tmp_path):
    result = run("replay", "g.json", "--html", "out.html")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out.html").read_text()
    assert f"wrote out.html: {len(saved.moves) + 1} positions" in result.output
    assert page.count('<figure class="frame"') == len(saved.moves) + 1
    assert page.count("<svg") == len(saved.moves) + 1
    assert not re.search(r"<link|<script src|<img|@import|url\(", page)
    assert re.search(r"https?://(?!www\.w3\.org/)", page) is None
    assert "gets the lucky hat and begins" in re.sub(r"<[^>]+>", "", page)
