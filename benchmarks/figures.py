"""The measured figures of README.md and docs/, read from the committed results files.

A number that comes from a measurement is written between two markers naming where it
comes from, so that it cannot drift from its source (here: the win share of ``mcts:400``
against three ``greedy`` in classic Verflixxt!, from the strength ladder's games):

    <!-- figure: ladder.jsonl.gz classic/mcts:400/greedy/4/share {:.1%} -->77.2%<!-- /figure -->

The opening marker holds a results file of ``benchmarks/results/``, a path into it and an
optional format (words split as a shell would, so a part with spaces is quoted):

- the file: a ``.json`` file is read as it is; the strength ladder's games (``ladder*.jsonl``
  or ``.jsonl.gz``) are read as their table: ``CONFIG/AGENT/AGAINST/PLAYERS`` holds the row's
  ``games``, ``share`` and ``half`` (its 95% interval's half-width, 0 … 1), ``ci`` (the
  table's text, ``77.2% ± 4.1``) and ``moves``, the mean length of a game, and ``table`` is
  the whole markdown table; the learning runs (``learning.jsonl``) as ``GAME/LABEL``, each
  run's fields and ``last`` (its curve's last point) and ``ci`` (that point's win share as
  the ladder writes it); a file of `TABLES` also holds the tables its benchmark prints from
  it, at ``tables/NAME``;
- the path: keys separated by ``/``; a list takes an index (``-1`` the last item), or
  ``KEY=VALUE`` for its item whose ``KEY`` is ``VALUE``
  (``evaluation/against=greedy/win_share``);
- the format: Python's ``str.format`` template, ``{}`` by default (``{:.1%}`` → 77.2%,
  ``{:.1f}×`` → 4.8×, ``{:,.0f}`` → 1,234); where the path names an object, its fields by
  name (``"{share:.1%} of {games:,}"``).

Between the markers stands the figure as it is printed. The documentation's hook
(``docs/hooks/figures.py``) fails the strict build, and ``tests/docs/test_figures.py`` the
tests, where a written figure differs from its source. After new results are committed,

    python benchmarks/figures.py --write          # rewrites every stale figure in place
    python benchmarks/figures.py                  # lists them (exit status 1 if any)

Markers in code (a fenced block, or in backticks) are examples and left alone. A whole
table is a figure too: ``<!-- figure: ladder.jsonl.gz table -->`` on its own line, the table,
``<!-- /figure -->`` on its own line (the text between is the table's lines).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import shlex
import string
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
MARKER = re.compile(r"<!-- figure: (?P<spec>.+?) -->(?P<text>.*?)<!-- /figure -->", re.S)
FENCE = re.compile(r"^[ \t]*(```+|~~~+).*?^[ \t]*\1[ \t]*$", re.S | re.M)
"""A fenced code block: markers shown in one (how to write a figure) are examples, not
figures."""


TABLES = {
    "batch.json": "batch",
    "adapters.json": "adapters",
    "adapters-vector.json": "adapters",
    "rl-speed.json": "rl",
    "search-speed.json": "ladder",
    "search-speed-exxtra.json": "ladder",
    "value-speed.json": "ladder",
    "tournament.json": "tournament",
}
"""Results files whose benchmark (``benchmarks/<module>.py``) prints them as markdown tables:
its ``tables(document)`` gives each table by name."""


class FigureError(ValueError):
    """A figure marker that names no figure: a missing file, path or field, a bad format."""


def _benchmark(name: str) -> Any:
    """The module of ``benchmarks/<name>.py``."""
    here = str(Path(__file__).parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    return importlib.import_module(name)


def _ladder(path: Path) -> dict[str, Any]:
    """The ladder's games as its table: nested by configuration, agent, opponents' agent and
    number of players (a string), each row's games, share, half, ci and mean moves
    of a game (where every game has them); ``table``."""
    ladder = _benchmark("ladder")

    rows = ladder.read_rows([path])
    tree: dict[str, Any] = {"table": "\n".join(ladder.table_lines(rows))}
    for (config, agent, baseline, players), games in rows.items():
        mean, half = ladder.interval([g["share"] for g in games])
        tree.setdefault(config, {}).setdefault(agent, {}).setdefault(baseline, {})[
            str(players)] = {"games": len(games), "share": mean, "half": half,
                             "ci": ladder.share_text(mean, half),
                             **({"moves": sum(g["moves"] for g in games) / len(games)}
                                if all("moves" in g for g in games) else {})}
    return tree


def _learning(path: Path) -> dict[str, Any]:
    """The learning runs, nested by game and label; each run with ``last`` and ``ci``."""
    ladder = _benchmark("ladder")
    tree: dict[str, Any] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        run = json.loads(line)
        last = run["curve"][-1]
        tree.setdefault(run["game"], {})[run["label"]] = {
            **run, "last": last, "ci": ladder.share_text(last["win_share"], last["interval"])}
    return tree


@cache
def results(name: str, folder: Path = RESULTS) -> Any:
    """The results file ``name`` of ``folder``, read (once) as its figures."""
    if "/" in name or "\\" in name or name.startswith("."):
        raise FigureError(f"{name!r}: name a file of benchmarks/results/, not a path")
    path = folder / name
    if not path.is_file():
        raise FigureError(f"{name!r}: no such results file in {folder}")
    if re.fullmatch(r"ladder.*\.jsonl(\.gz)?", name):
        return _ladder(path)
    if name == "learning.jsonl":
        try:
            return _learning(path)
        except (UnicodeDecodeError, ValueError, KeyError, IndexError, TypeError) as exc:
            raise FigureError(f"{name!r}: not a readable runs file ({exc!r})") from None
    if name.endswith(".json"):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise FigureError(f"{name!r}: not a readable JSON file ({exc})") from None
        if name in TABLES:
            try:
                document["tables"] = _benchmark(TABLES[name]).tables(document)
            except (KeyError, TypeError, ValueError) as exc:
                raise FigureError(f"{name!r}: not a results file of benchmarks/"
                                  f"{TABLES[name]}.py ({type(exc).__name__}: {exc})") from None
        return document
    raise FigureError(f"{name!r}: no reader for this kind of file (.json, ladder*.jsonl.gz, "
                      "learning.jsonl)")


def lookup(document: Any, path: str) -> Any:
    """The value at ``path`` (keys separated by ``/``) in ``document``; a key that holds
    ``/`` itself (an agent named by a file, ``value:benchmarks/results/x.json``) is read
    whole: the longest run of pieces that is a key is taken."""
    value = document
    parts = path.split("/")
    number = 0
    while number < len(parts):
        part = parts[number]
        if isinstance(value, dict):
            longer = [end for end in range(len(parts), number + 1, -1)
                      if "/".join(parts[number:end]) in value]
            if longer:
                part, number = "/".join(parts[number:longer[0]]), longer[0] - 1
        where = "/".join(parts[: number + 1])
        number += 1
        if isinstance(value, dict):
            if part not in value:
                known = ", ".join(sorted(map(str, value))[:12])
                raise FigureError(f"{where!r}: no key {part!r} (there are: {known})")
            value = value[part]
        elif isinstance(value, list):
            if "=" in part:
                field, wanted = part.split("=", 1)
                found = [item for item in value
                         if isinstance(item, dict) and str(item.get(field)) == wanted]
                if not found:
                    raise FigureError(f"{where!r}: no item with {field} = {wanted!r}")
                value = found[0]
            elif re.fullmatch(r"-?\d+", part) and -len(value) <= int(part) < len(value):
                value = value[int(part)]
            else:
                raise FigureError(f"{where!r}: a list of {len(value)} needs an index or "
                                  f"KEY=VALUE, got {part!r}")
        else:
            raise FigureError(f"{where!r}: {value!r} has no parts")
    return value


def figure(spec: str, folder: Path = RESULTS) -> str:
    """The text of the figure ``spec`` (``FILE PATH [FORMAT]``) names."""
    try:
        name, path, *rest = shlex.split(spec)
    except ValueError as exc:
        raise FigureError(f"{spec!r}: {exc}") from None
    if len(rest) > 1:
        raise FigureError(f"{spec!r}: FILE PATH [FORMAT] (quote a format with spaces)")
    template = rest[0] if rest else "{}"
    value = lookup(results(name, folder), path)
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    try:
        if isinstance(value, dict) and fields:
            return template.format(**value)
        return template.format(value)
    except (KeyError, IndexError, ValueError, TypeError) as exc:
        raise FigureError(f"{spec!r}: the format {template!r} does not fit "
                          f"{value!r} ({type(exc).__name__}: {exc})") from None


def _block(text: str) -> bool:
    """A whole-table figure: its text starts and ends with a line break."""
    return text.startswith("\n") and text.endswith("\n")


def markers(text: str) -> list[re.Match[str]]:
    """The figure markers of a page; those in code (a fenced block, or right after a
    backtick) are examples of how to write one, and left out."""
    code = [block.span() for block in FENCE.finditer(text)]
    return [match for match in MARKER.finditer(text)
            if text[match.start() - 1: match.start()] != "`"
            and not any(start <= match.start() < end for start, end in code)]


def stale(text: str, folder: Path = RESULTS) -> list[tuple[int, str, str, str]]:
    """The figures of a page that differ from their source: (line, spec, written, source);
    a marker naming no figure gives its problem as the source, ``"error: …"``."""
    found = []
    for match in markers(text):
        line = text.count("\n", 0, match.start()) + 1
        spec, written = match.group("spec"), match.group("text")
        try:
            true = figure(spec, folder)
        except FigureError as exc:
            found.append((line, spec, written, f"error: {exc}"))
            continue
        if (written.strip("\n") if _block(written) else written) != true:
            found.append((line, spec, written, true))
    return found


def rewrite(text: str, folder: Path = RESULTS) -> str:
    """``text`` with every figure written as its source says (a marker naming no figure
    raises `FigureError`)."""

    out, done = [], 0
    for match in markers(text):
        true = figure(match.group("spec"), folder)
        if _block(match.group("text")):
            true = f"\n{true}\n"
        out += [text[done:match.start()], f"<!-- figure: {match.group('spec')} -->{true}"
                "<!-- /figure -->"]
        done = match.end()
    return "".join([*out, text[done:]])


def unmarked(text: str) -> str:
    """``text`` with every figure's markers taken away and its figure left: what a page
    renders (a marker that opens a line would start a block of HTML in Markdown and cut
    its paragraph or list in two)."""
    out, done = [], 0
    for match in markers(text):
        out += [text[done:match.start()], match.group("text")]
        done = match.end()
    return "".join([*out, text[done:]])


def pages() -> list[Path]:
    """README.md and every page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="default: README.md and docs/")
    parser.add_argument("--write", action="store_true", help="rewrite stale figures in place")
    args = parser.parse_args(argv)
    problems = 0
    for path in args.files or pages():
        text = path.read_text(encoding="utf-8")
        found = stale(text)
        if args.write and found:
            path.write_text(rewrite(text), encoding="utf-8")
            print(f"{path}: {len(found)} figure(s) rewritten")
            continue
        for line, spec, written, true in found:
            problems += 1
            print(f"{path}:{line}: {spec}: written {written!r}, the source says {true!r}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
