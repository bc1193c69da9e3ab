"""``amigo-rules play`` driven through its input: moves by number or notation, illegal
input, the commands, undo, save and resume, the end of input and Ctrl-C, whole games."""

import json
import re

import pytest
from click.testing import CliRunner

from amigo_rules import GameRecord, verflixxt
from amigo_rules.cli import main


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def flat(text):
    return " ".join(text.split())


def statuses(output):
    """The last line of each drawing of the table: whose turn and what to do."""
    return re.findall(r"^P\d \(you\) to .*$", output, re.M)


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_moves_by_number_or_notation_and_the_commands(here):
    typed = ["help", "rules", "moves", "board", "", "nonsense", "pawn 9", "9", "PAWN 0",
             "save no/such/folder/g.json", "1", "quit"]
    result = run("play", "verflixxt", "--seed", "1", "--players", "2", input="\n".join(typed))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "undo         take back your last decision" in out
    assert re.search(r"^VX-TURN-2 +Roll once, move one piece exactly that far", out, re.M)
    assert re.search(r"^  1  pawn 0  → \d+ \(-\d\)$", out, re.M)
    assert "type a number (1-1), a move such as 'pawn 0', or 'help'" in out
    assert "unknown move notation 'nonsense'" in out
    assert "'pawn 9' is not a legal move here; legal moves: pawn 0" in out
    assert "no move 9: the moves are 1-1" in out
    assert "cannot save to no/such/folder/g.json" in out
    mine = re.findall(r"^you move pawn \d+ → \d+, onto \S+$", out, re.M)
    assert len(mine) == 2
    assert re.search(r"^P1 rolls [1-6]$", out, re.M)
    assert "left the game: it is saved in amigo-rules-verflixxt-1.json" in out
    record = GameRecord.from_json((here / "amigo-rules-verflixxt-1.json").read_text())
    assert record.agents[0] == "human" and record.seed == 1
    assert [str(m) for m, before in zip(record.moves, _states(record), strict=True)
            if verflixxt.current_player(before) == 0] == ["pawn 0", "pawn 0"]


def _states(record):
    state = verflixxt.new_game(record.rules, seed=record.seed)
    for move in record.moves:
        yield state
        state = verflixxt.apply(state, move)


def test_undo_goes_back_to_the_previous_decision(here):
    result = run("play", "verflixxt", "--seed", "2", "--players", "3",
                 input="undo\n1\n1\nundo\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "nothing to undo: this is your first decision" in out
    assert out.count("undone: your last decision and the 5 moves after it") == 2
    first, second, third, back_one, back_two = statuses(out)
    assert (back_one, back_two) == (second, first) and third != second
    record = GameRecord.from_json((here / "amigo-rules-verflixxt-2.json").read_text())
    assert len(record.moves) == 1  # back before the first decision: only its roll stays


def test_save_then_resume_the_same_game(here):
    result = run("play", "verflixxt_hoch", "--seed", "7", "--players", "3", "--bots",
                 "greedy", input="1\n1\nsave game.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert "saved to game.json; resume with: amigo-rules play --load game.json" in result.output
    saved = GameRecord.from_json((here / "game.json").read_text())
    assert saved.agents == ("human", "greedy", "greedy")
    again = run("play", "--load", "game.json", input="board\nquit\n")
    assert again.exit_code == 0, again.output
    assert f"resumed from game.json after {len(saved.moves)} moves; since your last " \
        "decision:" in again.output
    assert re.search(r"^you play -?\d[yo]", again.output, re.M)
    assert statuses(result.output)[-1] == statuses(again.output)[0]
    resumed = GameRecord.from_json((here / "game.json").read_text())
    assert resumed.moves == saved.moves


def test_a_results_line_is_not_a_game_to_resume(here):
    record = GameRecord("exxtra", None, 1, (), None, ("random",) * 4)
    bad = run("play", "--load", "missing.json")
    assert bad.exit_code == 1 and "cannot read missing.json" in bad.output
    (here / "x.json").write_text('{"not": "a game"}')
    assert run("play", "--load", "x.json").exit_code == 1
    from amigo_rules import exxtra
    state = exxtra.new_game()
    record = GameRecord("exxtra", state.rules, 1, (), state, ("random",) * 4)
    (here / "bots.json").write_text(record.to_json())
    result = run("play", "--load", "bots.json")
    assert result.exit_code == 2 and "no seat is 'human'" in result.output


def test_end_of_input_saves_and_exits_0(here):
    result = run("play", "exxtra", "--seed", "3", "--seat", "2", input="")
    assert result.exit_code == 0, result.output
    assert "P2 (you)" in result.output
    assert "resume with: amigo-rules play --load amigo-rules-exxtra-3.json" in flat(
        result.output)
    assert json.loads((here / "amigo-rules-exxtra-3.json").read_text())["agents"][2] == "human"


def test_ctrl_c_saves_and_exits_130(here, monkeypatch):
    def interrupted(self, prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr("amigo_rules.cli.prompt.Reader.read", interrupted)
    result = run("play", "verflixxt", "--seed", "1", "--save", "mine.json")
    assert result.exit_code == 130
    assert "it is saved in mine.json" in result.output
    assert GameRecord.from_json((here / "mine.json").read_text()).game == "verflixxt"


def whole_game(*args, here, **kwargs):
    """Play a whole game typing 1 at every decision; the output and the record."""
    result = run("play", *args, "--save", "end.json", input="1\n" * 600, **kwargs)
    assert result.exit_code == 0, result.output
    return result.output, GameRecord.from_json((here / "end.json").read_text())


@pytest.mark.rule("VX-SCORE-1", "VX-SCORE-2")
def test_a_whole_game_ends_with_the_scores_explained_and_ranked(here):
    out, record = whole_game("verflixxt", "--seed", "3", "--players", "3", here=here)
    final = record.final_state
    assert verflixxt.is_terminal(final)
    scores = verflixxt.score(final)
    for p, score in enumerate(scores):
        assert re.search(rf"^ +\d(st|nd|rd) P{p}( \(you\))? score {score}( winner)?$", out,
                         re.M)
    assert len(re.findall(r"^ +path tiles: ", out, re.M)) == 3
    winners = ", ".join(f"P{p}" for p in verflixxt.winners(final))
    assert re.search(rf"^(winner|shared win): {winners}$", out, re.M)
    assert "watch it again with: amigo-rules replay end.json" in flat(out)


@pytest.mark.rule("VXV-9")
def test_tactical_cards_credit_you_only_your_own_cards_and_show_your_hand(here):
    out, record = whole_game("verflixxt", "--seed", "4", "--players", "3", "--variant",
                             "tactical_cards", here=here)
    assert "die" not in out
    assert re.search(r"^P0 \(you\) · cards -1 1 2 3 4 5 6 · score", out, re.M)
    mine = [move for move, before in zip(record.moves, _states(record), strict=True)
            if verflixxt.current_player(before) == 0]
    plays = sum(isinstance(m, verflixxt.Step) for m in mine)
    assert len(re.findall(r"^you play -?\d", out, re.M)) == plays
    theirs = [m for m, before in zip(record.moves, _states(record), strict=True)
              if verflixxt.current_player(before) in (1, 2) and isinstance(m, verflixxt.Step)]
    assert len(re.findall(r"^P[12] plays -?\d", out, re.M)) == len(theirs)


@pytest.mark.rule("HO-SETUP-4", "HO-TURN-4")
def test_hoch_tells_the_setup_your_cards_and_your_draws(here):
    result = run("play", "verflixxt_hoch", "--seed", "6", "--players", "3", "--seat", "1",
                 input="1\n1\n1\nquit\n")
    out = result.output
    assert re.search(r"^your cards: -?\d[yo] -?\d[yo]$", out, re.M)
    assert re.search(r"^cards turned up for the hats: ", out, re.M)
    assert re.search(r"^(P\d|you) gets? the lucky hat and begins? · (P\d|you) gets? the "
                     r"cursed cap$", out, re.M)
    assert re.search(r"^you draw -?\d[yo]$", out, re.M)
    assert re.search(r"^P[02] draws a card$", out, re.M)
    assert not re.search(r"^P[02] draws -?\d", out, re.M)


def test_exxtra_lists_reroll_and_the_rungs(here):
    result = run("play", "exxtra", "--seed", "1", "--players", "3", input="2\nquit\n")
    out = result.output
    assert re.search(r"^  1  reroll +risk", out, re.M) or re.search(r"^  1  reroll", out,
                                                                      re.M)
    assert re.search(r"^  2  place 0", out, re.M)
    assert re.search(r"^you place \d\d on rung 0$", out, re.M)


@pytest.mark.parametrize(("game", "seed"), [("verflixxt", 2), ("exxtra", 4),
                                            ("verflixxt_hoch", 5)])
def test_undo_then_the_same_choice_meets_the_same_luck(here, game, seed):
    """Issue 18, item 8: undo is no re-roll; the dice and cards come from the position."""
    options = ("play", game, "--seed", str(seed), "--players", "3")
    straight = run(*options, "--save", "a.json", input="1\n1\n1\nquit\n")
    again = run(*options, "--save", "b.json", input="1\n1\nundo\n1\nundo\nundo\n1\n1\n1\nquit\n")
    assert straight.exit_code == again.exit_code == 0, again.output
    assert again.output.count("undone: your last decision") == 3
    first = GameRecord.from_json((here / "a.json").read_text())
    second = GameRecord.from_json((here / "b.json").read_text())
    assert len(first.moves) > 6 and first.moves == second.moves
