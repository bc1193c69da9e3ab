"""Every measured figure of README.md and docs/ is its committed result (issue 34): the
figure markers of ``benchmarks/figures.py`` agree with ``benchmarks/results/``, the README
quotes no measured figure outside them, and the mechanism catches a figure gone stale."""

from __future__ import annotations

import gzip
import importlib.util
import json
import logging
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figures = load("figures_under_test", ROOT / "benchmarks" / "figures.py")


def test_every_figure_of_the_readme_and_the_docs_is_its_result():
    """README.md and every page: each figure as its results file says (else run
    ``python benchmarks/figures.py --write`` after committing new results)."""
    stale = {str(page.relative_to(ROOT)): found for page in figures.pages()
             if (found := figures.stale(page.read_text(encoding="utf-8")))}
    assert stale == {}


def test_the_readme_quotes_its_measured_figures_from_the_results():
    """The README's strength, speed-up and speed figures are figure markers (the ladder's
    shares, the batch engine's and the scalar engine's ratios, the search's cost)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    specs = [m.group("spec") for m in figures.markers(readme)]
    assert any(s.startswith("ladder.jsonl.gz ") for s in specs)
    assert any(s.startswith("speed.json batch/") for s in specs)
    assert any(s.startswith("speed.json scalar/") for s in specs)
    assert any(s.startswith("speed.json search/") for s in specs)


UNMEASURED = {"25%", "95%"}
"""Figures of the README that are no measurement: a fair share at four players, the
confidence level of an interval."""


def test_the_readme_has_no_percentage_or_ratio_outside_a_figure():
    """A share (``77.2%``) or a speed-up (``4.8×``) in the README's text is a figure
    marker's, so none can be left behind when the results change."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", figures.MARKER.sub("", readme), flags=re.S)
    loose = set(re.findall(r"\d[\d.,]*\s?[%×]", text)) - UNMEASURED
    assert loose == set()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "speed.json").write_text(json.dumps({
        "batch": {"classic": {"label": "classic", "1024": 49.96}},
        "agents": {"value:runs/a.json": {"share": 0.3}, "value:runs": {"b.json": 0.1}},
        "evaluation": [{"against": "random", "win_share": 0.85},
                       {"against": "greedy", "win_share": 0.859}],
    }), encoding="utf-8")
    games = [{"config": "classic", "agent": "mcts:400", "baseline": "greedy", "game": i,
              "seat": i % 4, "share": share} for i, share in enumerate([1, 0, 1, 0.5])]
    (tmp_path / "ladder.jsonl.gz").write_bytes(
        gzip.compress("".join(json.dumps(g) + "\n" for g in games).encode()))
    figures.results.cache_clear()
    yield tmp_path
    figures.results.cache_clear()


def test_a_figure_reads_keys_list_items_and_formats(folder: Path):
    assert figures.figure("speed.json batch/classic/1024 {:.0f}×", folder) == "50×"
    assert figures.figure("speed.json evaluation/against=greedy/win_share {:.1%}",
                          folder) == "85.9%"
    assert figures.figure("speed.json evaluation/0/against", folder) == "random"
    assert figures.figure("speed.json evaluation/-1/against", folder) == "greedy"
    assert figures.figure("speed.json batch/classic '{label} run'", folder) == "classic run"


def test_a_key_holding_slashes_is_read_whole(folder: Path):
    """An agent named by its weights file (``value:benchmarks/results/x.json``) is one key,
    the longest run of pieces that is a key; shorter keys are read one by one."""
    assert figures.figure("speed.json agents/value:runs/a.json/share", folder) == "0.3"
    assert figures.figure("speed.json agents/value:runs/b.json", folder) == "0.1"
    with pytest.raises(figures.FigureError, match=r"no key 'c\.json'"):
        figures.figure("speed.json agents/value:runs/c.json", folder)


def test_the_ladder_is_read_as_its_table(folder: Path):
    assert figures.figure("ladder.jsonl.gz classic/mcts:400/greedy/4/share {:.1%}",
                          folder) == "62.5%"
    assert figures.figure("ladder.jsonl.gz classic/mcts:400/greedy/4/games", folder) == "4"
    table = figures.figure("ladder.jsonl.gz table", folder)
    assert table.splitlines()[2].startswith("| Verflixxt! classic | `mcts:400` | three "
                                            "`greedy` | 4 | 4 | 62.5% ± ")


def test_the_ladder_table_names_a_learned_search_in_words():
    """``mcts:N:default:default:default:default:EVALUATION`` is shown as `mcts:N` (EVALUATION
    value), in the agent's column and the opponents' alike; a name with other settings is
    shown as it is."""
    ladder = figures._benchmark("ladder")
    assert ladder.shown("mcts:400:default:default:default:default:learned") == (
        "`mcts:400` (learned value)")
    assert ladder.shown("mcts:400:greedy:default:default:default:learned") == (
        "`mcts:400:greedy:default:default:default:learned`")
    assert ladder.shown("mcts:400 (fitted value, depth 20)") == (
        "`mcts:400` (fitted value, depth 20)")
    assert ladder.shown("value:1:benchmarks/results/v<1>.json") == (  # breaks after a slash
        "<code>value:1:benchmarks/<wbr>results/<wbr>v&lt;1&gt;.json</code>")
    game = {"config": "classic", "agent": "mcts:1600:default:default:default:default:learned",
            "baseline": "mcts:400:default:default:default:default:learned", "game": 0,
            "seat": 0, "share": 1, "players": 2}
    line, = ladder.table_lines({ladder.key(game): [game]})[2:]
    assert line == ("| Verflixxt! classic | `mcts:1600` (learned value) | one `mcts:400` "
                    "(learned value) | 2 | 1 | 100.0% ± 0.0 |")


def test_a_stale_figure_is_found_and_rewritten(folder: Path):
    page = ("Fast: <!-- figure: speed.json batch/classic/1024 {:.0f}× -->67×<!-- /figure -->"
            " at n = 1,024.\n\n<!-- figure: ladder.jsonl.gz table -->\n| old |\n"
            "<!-- /figure -->\n")
    found = figures.stale(page, folder)
    assert [(line, written, true.splitlines()[0]) for line, _, written, true in found] == [
        (1, "67×", "50×"), (3, "\n| old |\n", "| game | agent | against | players | games "
                                             "| win share (95% CI) |")]
    again = figures.rewrite(page, folder)
    assert figures.stale(again, folder) == []
    assert "-->50×<!--" in again and again.endswith("|\n<!-- /figure -->\n")


def test_a_marker_in_code_is_an_example(folder: Path):
    """Markers in a fenced block or in backticks show how to write one: left alone."""
    page = ("```markdown\n<!-- figure: speed.json batch/classic/1024 {:.0f}× -->1×"
            "<!-- /figure -->\n```\nand <!-- figure: speed.json batch/classic/1024 {:.0f}× "
            "-->2×<!-- /figure -->\n`<!-- figure: speed.json nothing -->1<!-- /figure -->`\n")
    assert [(line, written) for line, _, written, _ in figures.stale(page, folder)] == [
        (4, "2×")]
    assert figures.rewrite(page, folder) == page.replace("-->2×", "-->50×")


@pytest.mark.parametrize(("spec", "problem"), [
    ("nothing.json a", "no such results file"),
    ("../pyproject.toml a", "not a path"),
    ("speed.json batch/amigo", "no key 'amigo' (there are: classic)"),
    ("speed.json evaluation/against=mcts/win_share", "no item with against = 'mcts'"),
    ("speed.json evaluation/7", "a list of 2 needs an index"),
    ("speed.json batch/classic/1024/x", "has no parts"),
    ("speed.json batch/classic/label {:.1%}", "does not fit"),
    ("speed.json batch/classic/label {} {}", "FILE PATH [FORMAT]"),
])
def test_a_marker_naming_no_figure_says_what_is_wrong(folder: Path, spec: str, problem: str):
    (_, _, _, true), = figures.stale(f"<!-- figure: {spec} -->1<!-- /figure -->", folder)
    assert true.startswith("error: ") and problem in true
    with pytest.raises(figures.FigureError, match=re.escape(problem)):
        figures.figure(spec, folder)


def test_the_docs_hook_warns_of_a_stale_figure(caplog: pytest.LogCaptureFixture,
                                               monkeypatch: pytest.MonkeyPatch):
    """The strict build fails on a stale figure: the hook logs a warning naming it."""
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "hooks"))  # as mkdocs loads hooks
    hook = load("figures_hook_under_test", ROOT / "docs" / "hooks" / "figures.py")

    class File:
        src_uri = "bots.md"

    class Page:
        file = File()

    page = ("<!-- figure: ladder.jsonl.gz classic/mcts:400/greedy/4/games -->"
            "12<!-- /figure -->")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.figures"):
        assert hook.on_page_markdown(page, Page(), None, None) == "12"
    assert "bots.md:1" in caplog.text and "written '12'" in caplog.text


def test_a_results_file_of_a_benchmark_holds_its_tables(folder: Path):
    """A file of ``TABLES`` is read with the tables its benchmark prints from it
    (``batch.json``: each configuration's ratio to the scalar engine per batch size)."""
    (folder / "batch.json").write_text(json.dumps({
        "format": "amigo-rules batch speed 1", "sizes": [64, 1024],
        "rows": [{"game": "exxtra", "label": "EXXtra, 4 players", "scalar": 100.0,
                  "batch": {"64": 250.0, "1024": 4_000.0}}]}), encoding="utf-8")
    assert figures.figure("batch.json tables/table", folder).splitlines() == [
        "| configuration | n = 64 | n = 1,024 |", "|---|---:|---:|",
        "| EXXtra, 4 players | 2.5× | 40× |"]
    assert figures.figure("batch.json rows/0/scalar {:,.0f}", folder) == "100"


def test_a_results_file_its_benchmark_cannot_read_says_so(folder: Path):
    (folder / "batch.json").write_text(json.dumps({"sizes": [64]}), encoding="utf-8")
    problem = "not a results file of benchmarks/batch.py"
    with pytest.raises(figures.FigureError, match=re.escape(problem)):
        figures.figure("batch.json tables/table", folder)


@pytest.mark.parametrize(("page", "spec"), [
    ("batch.md", "batch.json tables/table"),
    ("ladder.md", "ladder.jsonl.gz table"),
    ("ladder.md", "ladder-settings.jsonl.gz table"),
    ("ladder.md", "search-speed.json tables/simulations"),
    ("ladder.md", "search-speed-exxtra.json tables/decisions"),
    ("frameworks.md", "adapters.json tables/table"),
    ("frameworks.md", "adapters-vector.json tables/table"),
    ("rl.md", "rl-speed.json tables/table"),
    ("tournaments.md", "tournament.json tables/table"),
])
def test_the_measured_tables_of_the_docs_are_figures(page: str, spec: str):
    """The pages' tables of measurements are written from their results files."""
    body = (ROOT / "docs" / page).read_text(encoding="utf-8")
    assert spec in [m.group("spec") for m in figures.markers(body)]


MEASURED = [("batch.md", "Speed"), ("frameworks.md", "Overhead"),
            ("frameworks.md", "Vector environments"), ("tournaments.md", "Measured"),
            ("rl.md", "What 30 minutes reach"), ("rl.md", "Throughput"), ("ladder.md", "")]
"""Sections of the docs that report measurements (``""``: the whole page)."""
FAIR = {"25%", "50%", "33.3%", "95%"}
"""Shares that are no measurement: fair shares, the confidence level."""


@pytest.mark.parametrize(("page", "heading"), MEASURED)
def test_the_measured_sections_have_no_figure_outside_a_marker(page: str, heading: str):
    """A share, a ratio or a rate in a section that reports measurements is a figure
    marker's, so none can be left behind when the results change (the RL page's evaluation
    table, made of two files, is checked row by row in tests/rl/test_learning_curves.py)."""
    body = (ROOT / "docs" / page).read_text(encoding="utf-8")
    if heading:
        start = body.index(f"## {heading}\n")
        end = body.find("\n## ", start + 1)
        body = body[start: end if end > 0 else None]
    text = re.sub(r"```.*?```|<!-- rl-results -->.*?<!-- /rl-results -->", "",
                  figures.MARKER.sub("", body), flags=re.S)
    loose = set(re.findall(r"\d[\d.,]*\s?(?:%|×|ms\b|µs|games/s|steps/s)", text)) - FAIR
    assert loose == set()


def test_a_page_renders_its_figures_without_their_markers(folder: Path):
    """The markers go, the figures stay: a marker opening a line would otherwise start a
    block of HTML and cut its list item in two; markers shown in code stay."""
    page = ("- wins\n  <!-- figure: speed.json batch/classic/1024 {:.0f}× -->50×<!-- /figure -->"
            " of them\n\n`<!-- figure: speed.json nothing -->1<!-- /figure -->`\n")
    assert figures.unmarked(page) == ("- wins\n  50× of them\n\n"
                                      "`<!-- figure: speed.json nothing -->1<!-- /figure -->`\n")


def test_no_line_of_the_readme_opens_with_a_figure():
    """The README is rendered as it is (GitHub, the package index), where a marker opening a
    line starts a block of HTML and cuts its paragraph; the docs' hook takes markers away."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    opening = [match.group("spec") for match in figures.markers(readme)
               if readme[:match.start()].endswith(("\n", "\n ", "\n  "))
               and not match.group("text").startswith("\n")]
    assert opening == []


def test_the_home_pages_ladder_chart_draws_each_games_default_search():
    """The chart's `mcts:400` bar of a tile game is its row played with the learned value
    (the default evaluation there), EXXtra's its plain row; the baseline's bar is its own."""
    spec = importlib.util.spec_from_file_location("pictures_hook",
                                                  ROOT / "docs" / "hooks" / "pictures.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    ladder = figures.results("ladder.jsonl.gz")
    bars = {label: share for label, share, _ in hook.ladder_rows(("classic", "hoch", "exxtra"),
                                                                ("random", "mcts:400"))}
    learned = "mcts:400" + hook.LEARNED
    def share(config: str, agent: str, against: str) -> float:
        return ladder[config][agent][against]["4"]["share"]

    assert bars["Verflixxt! classic: mcts:400"] == share("classic", learned, "greedy")
    assert bars["Verflixxt hoch²: mcts:400"] == share("hoch", learned, "greedy")
    assert bars["EXXtra: mcts:400"] == share("exxtra", "mcts:400", "heuristic")
    assert bars["EXXtra: heuristic"] == share("exxtra", "heuristic", "heuristic")
