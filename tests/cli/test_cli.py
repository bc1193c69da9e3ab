"""The command line: demo, play, simulate and their errors, through click's test runner."""

import re

import pytest
from click.testing import CliRunner

import amigo_rules
from amigo_rules import verflixxt
from amigo_rules.agents import AGENTS, RandomAgent, make_agent
from amigo_rules.cli import agent_seed, main
from amigo_rules.cli.games import available
from amigo_rules.core import chance_rng
from amigo_rules.core.chance import sample_chance


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def error_line(output):
    lines = [line for line in output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, output
    return lines[0]


def test_version_and_help():
    assert run("--version").output.strip() == f"amigo-rules, version {amigo_rules.__version__}"
    for command in ([], ["demo"], ["play"], ["simulate"]):
        result = run(*command, "--help")
        assert result.exit_code == 0
        assert result.output.startswith("Usage: ")


def test_demo_plays_every_game_with_a_transcript_and_winners():
    result = run("demo", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "verflixxt" in available()
    for name in available():
        assert re.search(rf"─ {name} · .*seed 2 ─", out), name
    assert re.search(r"^P\d rolls [1-6] · moves (pawn|guard) \d+ → \d+", out, re.M)
    assert re.search(r"· takes [+-]\d+", out)
    assert len(re.findall(r"^(winner|shared win): P\d", out, re.M)) == len(available())
    assert "\x1b[" not in out  # not a terminal: plain text


def test_demo_is_reproducible_by_seed():
    assert run("demo", "--seed", "5").output == run("demo", "--seed", "5").output


def test_play_help_nonsense_quit():
    result = run("play", "verflixxt", "--seed", "1", input="help\nnonsense\n\nquit\n")
    assert result.exit_code == 0
    out = result.output.splitlines()
    # the board, then the legal moves before the prompt and again for "help"
    assert sum(line.startswith("legal moves: pawn 0") for line in out) == 2
    assert any("unknown move notation 'nonsense'" in line for line in out)
    assert any(line.startswith("type a move") for line in out)
    assert out[-1] == "bye: the game is left unfinished."


def test_play_rejects_an_illegal_move_and_accepts_a_legal_one():
    result = run("play", "verflixxt", "--seed", "1", input="pawn 9\nPAWN 0\nquit\n")
    assert result.exit_code == 0
    assert "'pawn 9' is not a legal move here; legal moves: pawn 0" in result.output
    assert re.search(r"you: moves pawn 0 → \d", result.output)


def test_play_exits_cleanly_at_end_of_input():
    result = run("play", "verflixxt", "--seed", "1", "--seat", "2", input="")
    assert result.exit_code == 0
    assert "P2 (you)" in result.output
    assert result.output.rstrip().endswith("bye: the game is left unfinished.")


def scripted_moves(seed, seat, bots="random", players=4):
    """The input of a whole game where the human always types the first legal move,
    found by playing the same game (same setup, dice and bots) beside the command."""
    state = verflixxt.new_game(verflixxt.Rules.classic(players=players), seed=seed)
    rng = chance_rng(seed)
    agents = {p: make_agent(bots, "verflixxt", seed=agent_seed(seed, p)) for p in range(players)}
    typed = []
    while (player := verflixxt.current_player(state)) != amigo_rules.TERMINAL:
        if player == amigo_rules.CHANCE:
            move = sample_chance(verflixxt, state, rng)
        elif player == seat:
            move = verflixxt.legal_moves(state)[0]
            typed.append(str(move).upper())
        else:
            legal = verflixxt.legal_moves(state)
            move = agents[player].act(verflixxt.observation(state, player), legal)
        state = verflixxt.apply(state, move)
    return typed, state


def test_play_a_whole_game_to_the_end():
    typed, final = scripted_moves(seed=3, seat=1)
    result = run(
        "play", "verflixxt", "--seed", "3", "--seat", "1", "--bots", "random",
        input="\n".join(typed) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("your move:") == len(typed)
    scores = " · ".join(f"P{p} {s}" for p, s in enumerate(verflixxt.score(final)))
    assert f"scores: {scores}" in out
    winners = verflixxt.winners(final)
    assert re.search(r"^(winner|shared win): " + ", ".join(f"P{w}" for w in winners) + "$",
                     out, re.M)
    assert "game over" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "chess"], ["'chess' is not one of"]),
        (["simulate", "nope", "--games", "2"], ["'nope' is not one of"]),
        (["play", "verflixxt", "--preset", "nope"], ["--preset", "classic, amigo, amigo_pro"]),
        (["play", "verflixxt", "--bots", "random,nope"], ["--bots", "no agent 'nope'"]),
        (["simulate", "verflixxt", "--games", "2", "--bots", "x"], ["--bots", "greedy"]),
        (["play", "verflixxt", "--players", "9"], ["Rules.players must be", "got 9"]),
        (["play", "verflixxt", "--variant", "zzz"], ["--variant", "'zzz'"]),
        (["play", "verflixxt", "--seat", "4"], ["--seat", "0 … 3"]),
        (["simulate", "verflixxt"], ["--games"]),
        (["simulate", "verflixxt", "--games", "0"], ["--games"]),
        (["demo", "--seed", "-3"], ["--seed", "-3"]),
        (["play", "verflixxt", "--seed", "-3"], ["--seed", "-3"]),
        (["simulate", "verflixxt", "--games", "2", "--seed", "-3"], ["--seed", "-3"]),
        (["play", "exxtra", "--seed", "x"], ["--seed", "'x'"]),
    ],
)
def test_bad_options_give_a_one_line_error_and_exit_code_2(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    line = error_line(result.output)
    for word in words:
        assert word in line


def table_rows(output):
    return [
        [cell.strip() for cell in line.strip("│ ").split("│")]
        for line in output.splitlines()
        if re.match(r"│ P\d ", line)
    ]


def test_simulate_shows_one_row_per_seat_with_win_rates_summing_to_one():
    result = run("simulate", "verflixxt", "--games", "5", "--seed", "10",
                 "--bots", "greedy,random")
    assert result.exit_code == 0, result.output
    rows = table_rows(result.output)
    assert [row[:2] for row in rows] == [
        ["P0", "greedy"], ["P1", "random"], ["P2", "greedy"], ["P3", "random"]
    ]
    rates = [float(row[2].rstrip("%")) / 100 for row in rows]
    assert sum(rates) == pytest.approx(1, abs=0.002)
    for row in rows:
        mean, low, median, high = (float(x) for x in row[3:])
        assert low <= median <= high and low <= mean <= high
    assert re.search(r"^5 games in [\d.]+ s \([\d.]+ games/s\)", result.output, re.M)


def test_simulate_matches_play_seat_for_seat():
    result = run("simulate", "verflixxt", "--games", "3", "--seed", "7", "--players", "3",
                 "--bots", "random")
    rows = table_rows(result.output)
    scores = []
    for seed in (7, 8, 9):
        agents = [RandomAgent(seed=agent_seed(seed, p)) for p in range(3)]
        scores.append(amigo_rules.play("verflixxt", agents, verflixxt.Rules(players=3),
                                       seed=seed).score)
    assert [int(row[6]) for row in rows] == [max(s[p] for s in scores) for p in range(3)]


class Broken:
    """Plays randomly, then raises on its 150th decision (in the second or third game)."""

    name = "broken"
    calls = 0

    def __init__(self, seed=None):
        self.random = RandomAgent(seed)

    def act(self, observation, legal):
        Broken.calls += 1
        if Broken.calls == 150:
            raise RuntimeError("out of ideas")
        return self.random.act(observation, legal)


def test_simulate_reports_a_failing_agent_and_keeps_finished_games(monkeypatch):
    monkeypatch.setitem(AGENTS["verflixxt"], "broken", Broken)
    monkeypatch.setattr(Broken, "calls", 0)
    result = run("simulate", "verflixxt", "--games", "10", "--seed", "0",
                 "--bots", "random,broken")
    assert result.exit_code == 1
    finished = int(re.search(r"verflixxt: (\d+) games", result.output).group(1))
    assert 1 <= finished < 10
    assert len(table_rows(result.output)) == 4
    line = error_line(result.output)
    assert "'broken'" in line and "out of ideas" in line


def test_play_exits_cleanly_on_ctrl_c(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("amigo_rules.cli.click.prompt", interrupted)
    result = run("play", "verflixxt", "--seed", "1")
    assert result.exit_code == 0
    assert result.output.rstrip().endswith("bye: the game is left unfinished.")
