"""``amigo-rules learn``: weights written and loaded by name, the learning curve printed,
a second run resumed from the work directory to the same file, and usage errors."""

from test_cli_tournament import flat, run

from amigo_rules import exxtra
from amigo_rules.agents import make_agent
from amigo_rules.agents.model import read


def test_help():
    result = run("learn", "--help")
    assert result.exit_code == 0
    for option in ("--games", "--rounds", "--seed", "--out", "--work", "--hidden",
                   "--lambda", "--against", "--window", "--restart", "--dice", "--turn",
                   "--epochs", "--evaluate",
                   "--workers", "--scheduler"):
        assert option in result.output
    assert "default: 32" in flat(result.output)


def test_a_value_is_learned_resumed_and_loaded(tmp_path):
    out = tmp_path / "exxtra.json"
    args = ("learn", "exxtra", "--games", "6", "--rounds", "2", "--seed", "4", "--out",
            str(out), "--hidden", "3", "--evaluate", "4", "--workers", "1")
    result = run(*args)
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "round 0: 3 games" in text and "round 1: 6 games" in text
    assert "of 4 games against heuristic" in text
    assert f"wrote {out} (mlp, 20 features)" in text
    model = read(out, "exxtra")
    assert model.training["games"] == 6 and model.training["seed"] == 4
    first = out.read_bytes()
    out.unlink()
    again = run(*args)  # every chunk and fit from the work directory
    assert again.exit_code == 0, again.output
    assert out.read_bytes() == first
    agent = make_agent(f"value:{out}", "exxtra", seed=0)
    assert agent.value_of(exxtra).model.hidden.shape == (20, 3)


def test_the_fits_options_reach_the_settings(tmp_path):
    out = tmp_path / "exxtra.json"
    result = run("learn", "exxtra", "--games", "4", "--rounds", "2", "--out", str(out),
                 "--hidden", "2", "--evaluate", "0", "--workers", "1", "--window", "2",
                 "--restart", "--epochs", "3", "--dice", "--turn")
    assert result.exit_code == 0, result.output
    settings = read(out, "exxtra").training["settings"]
    assert (settings["window"], settings["restart"], settings["fit"]["epochs"]) == (2, True, 3)
    assert settings["dice"] and settings["turn"]


def test_usage_errors():
    assert run("learn", "exxtra").exit_code == 2  # --out is required
    result = run("learn", "chess", "--out", "x.json")
    assert result.exit_code == 2 and "chess" in result.output
    both = run("learn", "exxtra", "--out", "x.json", "--workers", "2", "--scheduler", "tcp://x")
    assert both.exit_code == 2 and "exclude each other" in both.output


def test_a_run_of_other_arguments_is_refused(tmp_path):
    out = str(tmp_path / "v.json")
    base = ("learn", "exxtra", "--games", "2", "--rounds", "1", "--out", out, "--evaluate",
            "0", "--workers", "1", "--hidden", "2")
    assert run(*base).exit_code == 0
    result = run(*base[:-1], "3")
    assert result.exit_code == 1
    assert "holds the work of another run" in flat(result.output)
