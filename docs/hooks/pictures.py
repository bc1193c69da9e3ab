"""MkDocs hook: pictures drawn by the library when the site is built, never checked in.

A page asks for a picture with a fenced block of Python whose last line is an expression::

    ```picture caption="After Red's first move"
    state = play(verflixxt.new_game(verflixxt.Rules.classic(players=2)), "roll 4", "pawn 0")
    state
    ```

The value of that expression is drawn: an SVG string, or anything with ``_repr_svg_`` (every
game state: its ``render_svg`` with everything shown). The blocks of one page run in order
in one namespace, so a picture can go on from the state of the one before. The namespace
starts with the three games (``verflixxt``, ``ho`` for ``verflixxt_hoch``, ``exxtra``),
``play(state, *moves)`` (each move in notation, through ``parse_move`` and ``apply``),
``game_tree(game, state, depth)`` (the figure of a game tree), ``learning_curves(*games)``
(matplotlib's figure of the committed learning curves ``benchmarks/results/rl-<game>.json``),
``value_curves(*games)`` (the learned values' runs, ``benchmarks/results/learning.jsonl``),
``ladder_chart(*configs)`` (the win shares of the committed strength ladder,
``benchmarks/results/ladder.jsonl.gz``) and ``terminal(text, command)`` (text as a terminal
shows it, under the command that printed it).

Each picture becomes a file ``pictures/<page>-<n>.svg`` of the site and a ``<figure>`` with
its caption in the page; the picture links to its file, to be seen alone at full size. A
block that fails logs a warning naming the page and the line, so ``mkdocs build --strict``
fails.

A fenced block ``spec-card`` lists `Rules` expressions, one per line (``verflixxt.Rules()``);
it becomes the table of ``game.spec(rules)`` for each (the game found from the rules'
module), in a box titled "Spec card".
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import logging
import re
import shlex
from fractions import Fraction
from functools import cache
from pathlib import Path, PurePosixPath
from types import ModuleType

from mkdocs.structure.files import File, Files

from amigo_rules import CHANCE, TERMINAL, exxtra, get_game, verflixxt, verflixxt_hoch
from amigo_rules.agents.playouts import DEFAULTS as SEARCH_DEFAULTS
from amigo_rules.core.svg import INK, MUTED, Canvas, legend, pawn

log = logging.getLogger("mkdocs.plugins.pictures")

FENCE = re.compile(r"^```(picture|spec-card)\b(.*)$")
END = "```"

_pictures: dict[str, list[tuple[str, str]]] = {}
"""Page source path -> [(picture source path, caption)] in page order, made by on_files."""


def blocks(markdown: str):
    """The ``picture`` / ``spec-card`` blocks of a page: (kind, options, code, first line,
    last line), lines counted from 0."""
    lines = markdown.splitlines()
    start = None
    for number, line in enumerate(lines):
        if start is None:
            found = FENCE.match(line)
            if found:
                start, kind, options = number, found.group(1), found.group(2)
        elif line.strip() == END:
            yield kind, _options(options), "\n".join(lines[start + 1 : number]), start, number
            start = None


def _options(text: str) -> dict[str, str]:
    return dict(item.split("=", 1) for item in shlex.split(text))


# --- the namespace of picture blocks ---------------------------------------------------------


def play(state, *moves: str):
    """``state`` after the moves written in notation, each checked by ``parse_move``."""
    game = get_game(_game_name(state))
    for move in moves:
        state = game.apply(state, game.parse_move(state, move))
    return state


def _game_name(state) -> str:
    return type(state).__module__.split(".")[1]


def game_tree(game, state, depth: int = 2) -> str:
    """A figure of the game tree under ``state``, ``depth`` moves deep: decision nodes as
    discs in the player's colour, chance nodes as diamonds, terminal nodes as boxes naming
    the winners; moves and probabilities on the edges. Chance outcomes after which the same
    moves lead to the same states share one edge, their probabilities added."""

    def follow(node):
        if game.current_player(node) in (CHANCE, TERMINAL):
            return node
        return tuple((str(m), game.apply(node, m)) for m in game.legal_moves(node))

    def children(node):
        if game.current_player(node) == CHANCE:
            merged: dict = {}
            for index, (move, p) in enumerate(game.chance_outcomes(node)):
                after = game.apply(node, move)
                moves, total, _ = merged.get(follow(after), ([], Fraction(0), after))
                merged[follow(after)] = ([*moves, (index, str(move))], total + p, after)
            return [(_span(moves), str(total), after) for moves, total, after in
                    merged.values()]
        return [(str(move), "", game.apply(node, move)) for move in game.legal_moves(node)]

    def grow(node, level):
        """(node, move, chance, children) with children grown to ``depth``."""
        kids = []
        if level < depth and game.current_player(node) != TERMINAL:
            kids = [(move, p, grow(child, level + 1)) for move, p, child in children(node)]
        return node, kids

    width, row, leaf = 768, 130, 110
    canvas = Canvas()
    edges, nodes = [], []
    next_leaf = [0.0]

    def place(tree, level):
        node, kids = tree
        if kids:
            xs = [place(child, level + 1) for _, _, child in kids]
            x = (xs[0] + xs[-1]) / 2
            for (move, p, _), child_x in zip(kids, xs, strict=True):
                edges.append((x, level, child_x, move, p))
        else:
            x = next_leaf[0]
            next_leaf[0] += leaf
        nodes.append((node, x, level))
        return x

    place(grow(state, 0), 0)
    shift = (width - (next_leaf[0] - leaf)) / 2

    def y(level):
        return 50 + level * row

    for x1, level, x2, move, p in edges:
        canvas.element("line", x1=x1 + shift, y1=y(level) + 22, x2=x2 + shift,
                       y2=y(level + 1) - 22, stroke=MUTED, stroke_width=2)
        canvas.text(x2 + shift, y(level + 1) - 56, move, size=15, font_weight="bold")
        if p:
            canvas.text(x2 + shift, y(level + 1) - 38, p, size=15, fill=INK)
    for node, x, level in nodes:
        _node(canvas, game, node, x + shift, y(level), expanded=level < depth)
    bottom = y(max(level for _, _, level in nodes)) + 50
    entries = [
        (lambda c, x, y: _decision(c, x, y, 0, 12), "decision: the player to move"),
        (lambda c, x, y: _chance(c, x, y, 12), "chance: probabilities on the edges"),
        (lambda c, x, y: _terminal(c, x, y, "", 10), "terminal: the winners"),
        (lambda c, x, y: c.text(x, y - 4, "…", size=22), "not drawn further"),
    ]
    bottom += legend(canvas, 20, bottom, width - 40, entries) + 10
    return canvas.document(width, bottom, "A game tree: decision, chance and terminal nodes")


def _span(moves: list[tuple[int, str]]) -> str:
    """Merged outcomes in words: ``roll 2 … 6`` for a run of three or more, else each."""
    (first, text), (last, _) = moves[0], moves[-1]
    if len(moves) > 2 and last - first == len(moves) - 1:
        return f"{text} … {moves[-1][1].split()[-1]}"
    return ", ".join(text for _, text in moves)


def _decision(canvas, x, y, player, r=20):
    pawn(canvas, x, y, player, r=r)


def _chance(canvas, x, y, r=22):
    canvas.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill="#FFFFFF",
                   stroke=INK, stroke_width=2)
    canvas.text(x, y, "?", size=max(12, r * 0.8), font_weight="bold")


def _terminal(canvas, x, y, words, r=18):
    half = max(1.4 * r, len(words) * 4.6 + 10)
    canvas.rect(x - half, y - r, 2 * half, 2 * r, rx=4, fill="#EDEDED", stroke=INK,
                stroke_width=2)
    canvas.text(x, y, words, size=15, font_weight="bold")


def _node(canvas, game, node, x, y, expanded):
    player = game.current_player(node)
    if player == TERMINAL:
        winners = game.winners(node)
        _terminal(canvas, x, y, "winners " + ", ".join(map(str, winners)) if winners else "—")
    elif player == CHANCE:
        _chance(canvas, x, y)
    else:
        _decision(canvas, x, y, player)
    if not expanded and player != TERMINAL:
        canvas.text(x, y + 36, "…", size=22)


# --- learning curves ---------------------------------------------------------------------

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"
CURVE_FORMAT = "amigo-rules learning curve 1"
"""The ``format`` of the curve files ``benchmarks/rl.py train`` writes."""


def read_curve(path: Path) -> dict:
    """The curve file at ``path``, checked: a ``ValueError`` naming what is wrong with it."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name}: not a readable JSON file ({exc})") from None

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"{path.name}: {what}")

    def share(value) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and (
            0 <= value <= 1)

    def count(value) -> bool:
        return type(value) is int and value >= 0

    need(isinstance(document, dict) and document.get("format") == CURVE_FORMAT,
         f"not a curve file (format {CURVE_FORMAT!r})")
    need(isinstance(document.get("label"), str), "label must be a string")
    need(type(document.get("players")) is int and document["players"] >= 2,
         "players must be an integer of at least 2")
    need(isinstance(document.get("opponent"), str), "opponent must be a string")
    points = document.get("curve")
    need(isinstance(points, list) and len(points) >= 2, "curve must list at least 2 points")
    for number, point in enumerate(points):
        need(isinstance(point, dict) and count(point.get("steps"))
             and share(point.get("win_share")) and count(point.get("episodes")),
             f"curve point {number} needs steps, win_share (0 … 1) and episodes")
    steps = [point["steps"] for point in points]
    need(steps == sorted(set(steps)), "the curve's steps must increase")
    rows = document.get("evaluation")
    need(isinstance(rows, list), "evaluation must be a list")
    for number, row in enumerate(rows):
        need(isinstance(row, dict) and isinstance(row.get("against"), str)
             and count(row.get("games")) and all(share(row.get(k))
                                                 for k in ("win_share", "low", "high"))
             and row["low"] <= row["win_share"] <= row["high"],
             f"evaluation row {number} needs against, games and low ≤ win_share ≤ high")
    return document


def learning_curves(*games: str) -> str:
    """An SVG figure, one panel per game, of the learning curves ``rl-<game>.json`` of
    `RESULTS`: the win share of the training games against the steps played, the fair
    share (one in ``players``) dashed, and the evaluation's win shares with their 95%
    intervals at the right."""
    documents = [read_curve(RESULTS / f"rl-{game}.json") for game in games]

    def draw(figure) -> None:
        for axes, document in zip(figure.subplots(1, len(documents), squeeze=False)[0],
                                  documents, strict=True):
            _curve_panel(axes, document)

    return matplotlib_svg(4.2 * len(documents), 4.4, draw)


def matplotlib_svg(width: float, height: float, draw) -> str:
    """The SVG of a matplotlib figure of ``width`` × ``height`` inches that ``draw(figure)``
    fills: the same bytes on every build (no date, fixed ids), text kept as text."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    with rc_context({"svg.hashsalt": "amigo-rules", "svg.fonttype": "none",
                     "font.size": 10}):
        figure = Figure(figsize=(width, height), layout="constrained")
        draw(figure)
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg"):]


def _steps(value: float, _position=None) -> str:
    """A number of steps in short: 250k, 1.5M."""
    if value >= 1e6:
        return f"{value / 1e6:g}M"
    return f"{value / 1e3:g}k" if value >= 1e3 else f"{value:g}"


def _curve_panel(axes, document: dict) -> None:
    from matplotlib.ticker import FuncFormatter

    points = document["curve"]
    steps = [point["steps"] for point in points]
    axes.plot(steps, [point["win_share"] for point in points], color=INK, linewidth=1.5,
              label=f"training, against {document['opponent']}")
    fair = 1 / document["players"]
    axes.axhline(fair, color=MUTED, linestyle="--", linewidth=1, label="fair share")
    markers = iter("os^D")
    for row in document["evaluation"]:
        axes.errorbar([steps[-1] * 1.03], [row["win_share"]],
                      yerr=[[row["win_share"] - row["low"]], [row["high"] - row["win_share"]]],
                      fmt=next(markers, "o"), capsize=3,
                      label=f"{row['games']:,} games against {row['against']}")
    axes.set_title(document["label"])
    axes.set_xlabel("steps (the learner's decisions)")
    axes.set_ylabel("win share")
    axes.set_ylim(0, 1)
    axes.set_xlim(0, steps[-1] * 1.08)
    axes.xaxis.set_major_formatter(FuncFormatter(_steps))
    axes.grid(alpha=0.3)
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), fontsize=8, frameon=False)


VALUE_RUNS = RESULTS / "learning.jsonl"
"""The learned values' runs, one JSON line each (``benchmarks/learn.py run`` writes them)."""
GAME_LABELS = {"verflixxt": "Verflixxt! (classic, 4 players)",
               "verflixxt_hoch": "Verflixxt hoch² (4 players)", "exxtra": "EXXtra (4 players)"}


def read_runs(path: Path) -> list[dict]:
    """The runs of ``path``, checked: a ``ValueError`` naming the line and what is wrong."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path.name}: not readable ({exc})") from None
    runs = []
    for number, line in enumerate(lines, 1):
        try:
            run = json.loads(line)
            points = [(p["games"], p["win_share"], p["interval"]) for p in run["curve"]]
            ok = isinstance(run["label"], str) and run["game"] in GAME_LABELS and points and all(
                type(g) is int and 0 <= w <= 1 and 0 <= i <= 1 for g, w, i in points)
        except (ValueError, KeyError, TypeError):
            ok = False
        if not ok:
            raise ValueError(f"{path.name}:{number}: a run needs label, game and a curve of "
                             "games, win_share and interval")
        runs.append(run)
    return runs


def value_curves(*games: str) -> str:
    """An SVG figure, one panel per game, of the learned values' runs in `VALUE_RUNS`: the
    win share of the one-ply value against three baselines after each round, with its 95%
    interval, against the games played so far; one line per run, the fair share dashed."""
    from matplotlib.ticker import FuncFormatter

    runs = read_runs(VALUE_RUNS)

    def draw(figure) -> None:
        for axes, game in zip(figure.subplots(1, len(games), squeeze=False)[0], games,
                              strict=True):
            for run in (r for r in runs if r["game"] == game):
                points = run["curve"]
                axes.errorbar([p["games"] for p in points], [p["win_share"] for p in points],
                              yerr=[p["interval"] for p in points], capsize=2, marker="o",
                              markersize=3, linewidth=1.2, label=run["label"])
            axes.axhline(0.25, color=MUTED, linestyle="--", linewidth=1, label="fair share")
            axes.set_title(GAME_LABELS[game])
            axes.set_xlabel("games played")
            axes.set_ylabel(f"win share against three {points[0]['against']}")
            axes.set_ylim(0, 0.8)
            axes.xaxis.set_major_formatter(FuncFormatter(_steps))
            axes.grid(alpha=0.3)
            axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), fontsize=8,
                        frameon=False)

    return matplotlib_svg(4.2 * len(games), 5.0, draw)


# --- the strength ladder and text ----------------------------------------------------------

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@cache
def benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py``, loaded once for every hook (the benchmarks are scripts, not a
    package: ``figures`` is the one reader of the committed results, ``stats`` lists the
    statistics' configurations)."""
    spec = importlib.util.spec_from_file_location(f"amigo_rules_{name}",
                                                  BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LADDER_LABELS = {"classic": "Verflixxt! classic", "amigo": "Verflixxt! amigo",
                 "hoch": "Verflixxt hoch²", "exxtra": "EXXtra"}


LEARNED = ":default:default:default:default:learned"
"""The end of a search agent's name that cuts its rollouts off by the learned value."""


def ladder_rows(configs: tuple[str, ...],
                agents: tuple[str, ...]) -> list[tuple[str, float, float]]:
    """The bars of `ladder_chart`: for each configuration (every one by default), ``agents[0]``,
    the baseline and the other agents, each as (label, win share, half-width of its 95%
    interval) against three copies of the baseline at four players. In a game whose search
    cuts off by the learned value by default (the tile games; their older rows named
    ``NAME`` were played with the evaluation before it), the agent's row with the learned
    value (``NAME`` + `LEARNED`) is the agent's where it exists."""
    table = benchmark("figures").results("ladder.jsonl.gz", RESULTS)
    games = benchmark("ladder").CONFIGS
    rows = []
    for config in configs or tuple(LADDER_LABELS):
        ranked = table[config]
        baseline = next(iter(ranked[agents[-1]]))
        learned = SEARCH_DEFAULTS[games[config][0]].evaluation == "learned"
        for agent in (agents[0], baseline, *agents[1:]):
            name = agent + LEARNED if learned and agent + LEARNED in ranked else agent
            row = ranked[name][baseline]["4"]
            rows.append((f"{LADDER_LABELS[config]}: {agent}", row["share"], row["half"]))
    return rows


def ladder_chart(*configs: str, agents: tuple[str, ...] = ("random", "mcts:400")) -> str:
    """An SVG bar chart of the strength ladder's committed games (`ladder_rows`), with each
    bar's 95% interval and the fair share (25%) dashed."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    rows = ladder_rows(configs, agents)
    with rc_context({"svg.hashsalt": "amigo-rules", "svg.fonttype": "none",
                     "font.size": 11}):
        figure = Figure(figsize=(7.68, 0.32 * len(rows) + 0.9), layout="constrained")
        axes = figure.subplots()
        labels, shares, halves = zip(*reversed(rows), strict=True)
        axes.barh(labels, shares, xerr=halves, color=MUTED, capsize=3)
        axes.axvline(0.25, color=INK, linestyle="--", linewidth=1, label="fair share")
        axes.set_xlim(0, 1)
        axes.xaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
        axes.set_xlabel("win share against three copies of the game's baseline agent")
        axes.legend(loc="lower right", frameon=False)
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg"):]


def terminal(text: str, command: str = "", columns: int = 80) -> str:
    """``text`` as a terminal shows it: its lines (cut at ``columns`` characters) in a
    monospaced font on a dark panel, under ``$ command`` when one is given."""
    lines = ([f"$ {command}"] if command else []) + text.rstrip("\n").splitlines()
    lines = [line if len(line) <= columns else line[: columns - 1] + "…" for line in lines]
    size, step, margin = 14.0, 19.0, 16.0
    width = 2 * margin + columns * size * 0.6
    height = 2 * margin + step * len(lines)
    canvas = Canvas()
    canvas.rect(4, 4, width - 8, height - 8, rx=8, fill="#1E1E1E")
    for number, line in enumerate(lines):
        canvas.text(margin, margin + step * (number + 0.5), line, size=size, anchor="start",
                    fill="#7FD4A0" if command and number == 0 else "#EDEDED",
                    font_family="DejaVu Sans Mono, Menlo, Consolas, monospace",
                    style="white-space: pre")
    return canvas.document(width, height, f"$ {command}" if command else "A terminal")


def _namespace() -> dict:
    return {"verflixxt": verflixxt, "ho": verflixxt_hoch, "exxtra": exxtra, "play": play,
            "game_tree": game_tree, "learning_curves": learning_curves,
            "value_curves": value_curves, "ladder_chart": ladder_chart, "terminal": terminal}


def _run(code: str, namespace: dict, where: str):
    """Run a picture block; the value of its last line, or None after a warning."""
    try:
        tree = ast.parse(code)
        if not tree.body or not isinstance(tree.body[-1], ast.Expr):
            raise ValueError("the last line of a picture block must be an expression")
        last = ast.Expression(tree.body.pop().value)
        exec(compile(tree, where, "exec"), namespace)
        return eval(compile(last, where, "eval"), namespace)
    except Exception as exc:
        log.warning("pictures: %s: %s: %s", where, type(exc).__name__, exc)
        return None


def _svg(value, where: str) -> str | None:
    if isinstance(value, str) and value.startswith("<svg"):
        return value
    if hasattr(value, "_repr_svg_"):
        return value._repr_svg_()
    if value is not None:
        log.warning("pictures: %s: a picture block must end with an SVG or a state", where)
    return None


def on_files(files: Files, config) -> Files:
    """Run every picture block of every page and add each picture to the site's files."""
    _pictures.clear()
    for page in [f for f in files if f.src_uri.endswith(".md")]:
        markdown = page.content_string
        if "```picture" not in markdown:
            continue
        namespace = _namespace()
        stem = PurePosixPath(page.src_uri).with_suffix("").as_posix().replace("/", "-")
        found = []
        for kind, options, code, first, _ in blocks(markdown):
            if kind != "picture":
                continue
            where = f"{page.src_uri}:{first + 1}"
            svg = _svg(_run(code, namespace, where), where)
            if svg is None:
                continue
            uri = f"pictures/{stem}-{len(found) + 1}.svg"
            files.append(File.generated(config, uri, content=svg))
            found.append((uri, options.get("caption", "")))
        _pictures[page.src_uri] = found
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace each picture block by its figure and each spec-card block by its table."""
    lines = markdown.splitlines()
    pictures = iter(_pictures.get(page.file.src_uri, []))
    out: list[str] = []
    done = 0
    for kind, _, code, first, last in blocks(markdown):
        out += lines[done:first]
        done = last + 1
        if kind == "picture":
            uri, caption = next(pictures, (None, ""))
            if uri is not None:
                out += figure(page.file.src_uri, uri, caption)
        else:
            out += spec_card(code, page.file.src_uri)
    out += lines[done:]
    return "\n".join(out) + "\n"


def figure(page_uri: str, picture_uri: str, caption: str) -> list[str]:
    """The lines of a ``<figure>`` showing the site's picture ``picture_uri`` on the page
    ``page_uri``, linked to the picture alone, with its caption."""
    depth = page_uri.count("/")
    src = "../" * depth + picture_uri
    alt = caption or "A picture of the table"
    lines = ['<figure class="picture" markdown="span">',
             f'  [![{alt}]({src})]({src} "Open the picture alone, full size")']
    if caption:
        lines.append(f"  <figcaption>{caption}</figcaption>")
    return ["", *lines, "</figure>", ""]


SPEC_ROWS = (
    ("players", lambda s: f"{s.players} (of {s.min_players}–{s.max_players})"),
    ("decision action ids", lambda s: f"{s.num_actions}"),
    ("chance outcome ids", lambda s: f"{s.num_chance_outcomes}"),
    ("longest game", lambda s: "unbounded" if s.max_game_length is None
     else f"{s.max_game_length:,} moves"),
    ("observation array", lambda s: f"shape {s.observation_shape}"),
    ("chance nodes", lambda s: "yes" if s.has_chance else "no"),
    ("hidden information", lambda s: "yes" if s.has_hidden_information else "no"),
    ("returns", lambda s: f"{s.returns_range[0]:g} … {s.returns_range[1]:g} per player"),
)


def spec_card(code: str, where: str) -> list[str]:
    """The spec card: a table of ``game.spec(rules)`` with a column per line of the block, a
    `Rules` expression (shown without its module, ``verflixxt.``)."""
    namespace = _namespace()
    columns = []
    for expression in filter(None, map(str.strip, code.splitlines())):
        try:
            rules = eval(expression, namespace)
            spec = get_game(type(rules).__module__.split(".")[1]).spec(rules)
        except Exception as exc:
            log.warning("pictures: %s: spec-card %r: %s", where, expression, exc)
            return []
        columns.append((expression.split(".", 1)[1], spec))
    head = "| | " + " | ".join(f"`{rules}`" for rules, _ in columns) + " |"
    rows = [f"| {name} | " + " | ".join(cell(s) for _, s in columns) + " |"
            for name, cell in SPEC_ROWS]
    body = [head, "|---" * (len(columns) + 1) + "|", *rows]
    link = "../" * where.count("/") + "reference/core.md#amigo_rules.core.GameSpec"
    return ["", '!!! abstract spec-card "Spec card"', "",
            f"    The game in numbers: [`spec(rules)`]({link}) of each `Rules`, computed when "
            "this page was built.", "", *("    " + line for line in body), ""]
