"""``amigo-rules stats``: a table per rule set or side by side, JSON for programs, the same
numbers for the same options on any executor, and every bad option a usage error."""

import json

import jsonschema
import pytest
from click.testing import CliRunner

from amigo_rules.cli import main

ESTIMATE = {"type": "number"}
DISTRIBUTION = {
    "type": "object",
    "required": ["mean", "mean_low", "mean_high", "sd", "p5", "p50", "p95", "histogram"],
    "properties": {"histogram": {"type": "object", "required": ["low", "counts"]}},
}
SCHEMA = {
    "type": "object",
    "required": ["format", "rule_sets", "differences"],
    "properties": {
        "format": {"const": "amigo-rules stats 1"},
        "rule_sets": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "required": ["label", "game", "rules", "agents", "games", "seed", "chunk", "seats",
                         "turns", "decisions", "half_time", "leader_wins_by_stage", "winners",
                         "shared"],
            "properties": {
                "seats": {"type": "array", "items": {
                    "type": "object",
                    "required": ["seat", "agent", "win_share", "win_share_low",
                                 "win_share_high", "score", "led_at_half", "won_when_led"],
                    "properties": {"win_share": {"type": "number", "minimum": 0, "maximum": 1},
                                   "score": DISTRIBUTION}}},
                "turns": DISTRIBUTION,
                "decisions": DISTRIBUTION,
                "leader_wins_by_stage": {"type": "array", "minItems": 9, "maxItems": 9},
            }}},
        "differences": {"type": "array", "items": {"oneOf": [{"type": "null"}, {
            "type": "object",
            "required": ["reference", "seats", "turns_mean", "turns_mean_low",
                         "turns_mean_high", "leader_wins", "shared"],
            "properties": {"seats": {"type": "array", "items": {
                "type": "object", "required": ["seat", "win_share", "win_share_low",
                                               "win_share_high", "score_mean"]}}}}]}},
    },
}


def run(*args):
    result = CliRunner().invoke(main, ["stats", *args])
    assert "Traceback" not in result.output
    return result


def document(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, SCHEMA)
    return data


def test_help_lists_the_options():
    result = run("--help")
    assert result.exit_code == 0
    for option in ("--preset", "--variant", "--players", "--games", "--agents", "--seed",
                   "--json", "--workers", "--scheduler"):
        assert option in result.output


def test_a_table_per_seat_and_the_game_figures():
    result = run("exxtra", "--games", "300", "--seed", "2", "--players", "3")
    assert result.exit_code == 0, result.output
    assert "exxtra, exxtra, 3 players: 300 games" in result.output
    assert len([line for line in result.output.splitlines()
                if line.startswith("│ P") and "heuristic" in line]) == 3
    for words in ("turns per game:", "decisions per game:", "leading alone at half time wins",
                  "300 games in"):
        assert words in result.output


def test_the_same_options_give_the_same_numbers_in_json():
    first = document("verflixxt", "--preset", "amigo", "--players", "3", "--games", "400",
                     "--seed", "9")
    again = document("verflixxt", "--preset", "amigo", "--players", "3", "--games", "400",
                     "--seed", "9")
    assert first == again
    rule_set, = first["rule_sets"]
    assert rule_set["label"] == "amigo, 3 players" and rule_set["seed"] == 9
    assert rule_set["agents"] == ["greedy"] * 3
    assert sum(seat["win_share"] for seat in rule_set["seats"]) == pytest.approx(1)
    assert all("win" in key for key in ("win_share", "win_share_low", "win_share_high"))
    assert first["differences"] == [None]
    other = document("verflixxt", "--preset", "amigo", "--players", "3", "--games", "400",
                     "--seed", "10")
    assert other["rule_sets"][0]["seats"] != rule_set["seats"]


def test_worker_processes_give_the_same_numbers():
    alone = document("exxtra", "--games", "300", "--agents", "random")
    pooled = document("exxtra", "--games", "300", "--agents", "random", "--workers", "2")
    assert pooled == alone


def test_rule_sets_side_by_side_with_their_differences():
    data = document("verflixxt", "--agents", "random", "--games", "300", "--players", "2",
                    "--players", "3", "--variant", "lucky_below")
    labels = [r["label"] for r in data["rule_sets"]]
    assert labels == ["classic, 2 players", "lucky_below, 2 players", "classic, 3 players",
                      "lucky_below, 3 players"]
    assert [r["seed"] for r in data["rule_sets"]] == [0, 1, 2, 3]
    assert [None if d is None else d["reference"] for d in data["differences"]] == \
        [None, 0, None, 2]
    assert data["rule_sets"][1]["rules"]["lucky_below"] is True
    table = run("verflixxt", "--agents", "random", "--games", "300", "--variant",
                "lucky_below+towers_top", "--players", "2")
    assert table.exit_code == 0, table.output
    assert "lucky_below+towers_top, 2 players" in table.output
    assert "difference from the preset alone" in " ".join(table.output.split())


def test_player_counts_side_by_side():
    result = run("exxtra", "--games", "200", "--players", "3", "--players", "4")
    assert result.exit_code == 0, result.output
    assert "exxtra, 3 players" in result.output and "exxtra, 4 players" in result.output
    assert "P3 win %" in result.output


@pytest.mark.parametrize("args, words", [
    (["verflixxt", "--agents", "mcts"], "no batch policy 'mcts' for verflixxt"),
    (["exxtra", "--agents", "greedy"], "no batch policy 'greedy' for exxtra"),
    (["verflixxt", "--variant", "nonsense"], "'nonsense' is not a variant of this game"),
    (["verflixxt", "--variant", "lucky_below+nonsense"], "'nonsense' is not a variant"),
    (["verflixxt", "--preset", "nonsense"], "is not a preset of this game"),
    (["exxtra", "--players", "2"], "integer from 3 to 6"),
    (["verflixxt", "--agents", "heuristic"], "no batch policy 'heuristic' for verflixxt"),
    (["exxtra", "--games", "0"], "0 is not in the range x>=1"),
    (["exxtra", "--workers", "2", "--scheduler", "tcp://x:1"], "exclude each other"),
    (["chess"], "'chess' is not one of"),
])
def test_a_bad_option_is_a_usage_error(args, words):
    result = run(*args, "--games", "10") if "--games" not in args else run(*args)
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())
