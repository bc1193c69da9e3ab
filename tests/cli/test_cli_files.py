"""Files the command line writes are never lost: ``play`` saves beside a file of another
game instead of over it (unless ``--force``), and reads a tournament's results file with
its header line."""

import json

import pytest
from test_cli_play import flat, run

from amigo_rules import GameRecord
from amigo_rules.arena import tournament


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def moves_in(path):
    return len(GameRecord.from_json(path.read_text()).moves)


def test_a_new_game_of_the_same_seed_keeps_the_earlier_save(here):
    """The issue's case: a 51-move autosave, then the same command and quit at once."""
    first = run("play", "exxtra", "--seed", "5", input="1\n" * 12 + "quit\n")
    assert first.exit_code == 0, first.output
    earlier = here / "amigo-rules-exxtra-5.json"
    assert moves_in(earlier) >= 51
    before = earlier.read_bytes()
    again = run("play", "exxtra", "--seed", "5", input="quit\n")
    assert again.exit_code == 0, again.output
    assert earlier.read_bytes() == before
    assert "left the game: it is saved in amigo-rules-exxtra-5-2.json (amigo-rules-exxtra-5" \
        ".json holds another game or another file, kept as it was); resume with: amigo-rules" \
        " play --load amigo-rules-exxtra-5-2.json" in flat(again.output)
    assert moves_in(here / "amigo-rules-exxtra-5-2.json") < moves_in(earlier)
    third = run("play", "exxtra", "--seed", "5", input="quit\n")
    assert "it is saved in amigo-rules-exxtra-5-3.json" in flat(third.output)


def test_the_same_game_goes_on_in_its_own_file(here):
    """A save of this game (its moves begin ours), a file this session saved, or the file
    it was loaded from is replaced."""
    first = run("play", "exxtra", "--seed", "6", input="1\nquit\n")
    path = here / "amigo-rules-exxtra-6.json"
    saved = moves_in(path)
    resumed = run("play", "--load", path.name, input="1\nsave\n1\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"saved to {path.name};" in resumed.output
    assert moves_in(path) > saved and not (here / "amigo-rules-exxtra-6-2.json").exists()
    assert first.exit_code == 0
    undone = run("play", "exxtra", "--seed", "7", input="1\n1\nsave\nundo\nundo\nquit\n")
    assert "it is saved in amigo-rules-exxtra-7.json;" in flat(undone.output)
    assert not (here / "amigo-rules-exxtra-7-2.json").exists()


@pytest.mark.parametrize("content", [b"hello world", b"hello\nworld", b'{"moves": []}'])
def test_a_file_that_is_no_save_of_this_game_is_kept(content, here):
    notes = here / "notes.txt"
    notes.write_bytes(content)
    result = run("play", "exxtra", "--seed", "5", "--save", "notes.txt", input="save\nquit\n")
    assert result.exit_code == 0, result.output
    assert notes.read_bytes() == content
    assert "saved to notes-2.txt (notes.txt holds another game" in flat(result.output)
    assert GameRecord.from_json((here / "notes-2.txt").read_text()).seed == 5


def test_a_folder_is_no_place_to_save(here):
    (here / "games").mkdir()
    result = run("play", "exxtra", "--seed", "5", input="save games\nquit\n")
    assert "cannot save to games: it is a folder" in result.output
    assert sorted(p.name for p in here.iterdir()) == ["amigo-rules-exxtra-5.json", "games"]


def test_force_replaces_another_game(here):
    run("play", "exxtra", "--seed", "5", input="1\n1\nquit\n")
    path = here / "amigo-rules-exxtra-5.json"
    longer = moves_in(path)
    result = run("play", "exxtra", "--seed", "5", "--force", input="quit\n")
    assert "it is saved in amigo-rules-exxtra-5.json;" in flat(result.output)
    assert moves_in(path) < longer and not (here / "amigo-rules-exxtra-5-2.json").exists()


def test_a_results_file_is_read_after_its_header(here):
    path = here / "r.jsonl"
    path.write_text(json.dumps({"schema": "amigo-rules/tournament-results"}) + "\n")
    empty = run("replay", "r.jsonl", "--log")
    assert empty.exit_code == 1 and "r.jsonl holds no game yet" in empty.output
    path.unlink()
    tournament("exxtra", ["random"], games=2, seed=4, results=path)
    header, *games = path.read_text().splitlines()
    shown = run("replay", "r.jsonl", "--game", "1", "--log")
    assert shown.exit_code == 0, shown.output
    alone = here / "g.json"  # the same game as a file of its own
    alone.write_text(json.dumps(json.loads(games[1])["record"]))
    assert shown.output == run("replay", "g.json", "--log").output
    assert "index" not in json.loads(header) and shown.output.count("\n") > 10
    old = here / "old.jsonl"  # an older version's file, without a header, is read too
    old.write_text("\n".join(games) + "\n")
    assert run("replay", "old.jsonl", "--game", "1", "--log").output == shown.output


@pytest.mark.parametrize("content", [b"hello world", b"hello\nworld"])
def test_tournament_refuses_a_file_that_is_no_results_file(content, here):
    """The issue's case: ``--results notes.txt`` wiped a file holding ``hello world``."""
    notes = here / "notes.txt"
    notes.write_bytes(content)
    result = run("tournament", "verflixxt", "--agents", "random", "--games", "1",
                 "--results", "notes.txt")
    assert result.exit_code == 1
    assert "notes.txt is not a tournament results file" in flat(result.output)
    assert notes.read_bytes() == content
