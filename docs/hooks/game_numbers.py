"""MkDocs hook: the "What the numbers say" section of each game's page, made when the site
is built from the committed statistics, never written by hand.

The statistics are the results files of ``python benchmarks/stats.py run``
(``benchmarks/results/stats/*.json``, read with `amigo_rules.stats.load`): a million games or
more of the baseline agents per configuration. A page asks for its game's section with a
fenced block::

    ```numbers verflixxt
    ```

The block becomes subsections with figures (SVG files of the site, drawn with matplotlib as
the learning curves are, each with a caption saying what it shows), tables and sentences
computed from the same files: who wins seat by seat, how long a game lasts, whether the
leader wins, and how each variant differs from its preset, saying so where a difference is
within its 95% interval. The configurations ``benchmarks/stats.py`` lists that have no
results file yet are named as not measured yet (a game with none gets only that sentence).
A results file that cannot be read logs a warning naming it, so that ``mkdocs build
--strict`` fails.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path, PurePosixPath

import attrs
from mkdocs.structure.files import File, Files
from pictures import LADDER_LABELS, benchmark, figure, matplotlib_svg

from amigo_rules import RulesError, StateError, stats
from amigo_rules.cli.games import view
from amigo_rules.core.svg import INK, MUTED, PLAYER_COLOURS

log = logging.getLogger("mkdocs.plugins.game_numbers")

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "stats"
FENCE = re.compile(r"^```numbers +(\w+) *$")
RULE = re.compile(r"\b(?:VXV|HO)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
"""A rule id in a variant's help text (``VXV-4: the game ends …``)."""
TURN_WORDS = {
    "verflixxt": "a roll of the die and the move it allows (and a Steal's choice, when one "
                 "follows; with tactical cards, the cards a player plays or a pass)",
    "verflixxt_hoch": "the cards a player plays and what follows them (hats, a Steal)",
    "exxtra": "a player's rolls until they place their dice or go out",
}
"""What one turn of each game is, as `amigo_rules.stats.TURNS` counts them."""
VARIANTS_AT = 4
"""The number of players the variants are measured at."""

_sections: dict[str, list[str]] = {}
"""Page source path -> the Markdown of its section, made by on_files."""


@attrs.frozen
class Config:
    """One committed configuration."""

    preset: str
    """The preset's name (the game's title, "EXXtra", when it has none)."""
    players: int
    variant: str | None
    """The one variant switched on, or None for the preset alone."""
    summary: stats.Summary = attrs.field(eq=False)

    @property
    def label(self) -> str:
        return f"`{self.variant}`" if self.variant else self.preset

    def link(self, game: str) -> str:
        """The variant's name, linked to its rule on the page when its help names one."""
        rule = RULE.search(view(game).variants.get(self.variant or "", ""))
        return f"[{self.label}](#{rule.group(0).lower()})" if rule else self.label


def untitled(game: str) -> str:
    """What a game without presets calls its rules: its title ("EXXtra")."""
    return LADDER_LABELS.get(game, game)


def describe(game: str, rules) -> tuple[str, str | None]:
    """``(preset, variant)`` whose command-line rules are ``rules`` (one variant at most);
    `ValueError` when none are."""
    shown = view(game)
    for preset in shown.presets or (None,):
        for variant in (None, *shown.variants):
            try:
                made = shown.make_rules(preset, rules.players, (variant,) if variant else ())
            except RulesError:
                continue
            if made == rules:
                return preset or untitled(game), variant
    raise ValueError(f"rules that no preset with at most one variant makes: {rules!r}")


def configurations(game: str) -> list[Config]:
    """The committed configurations of ``game``, presets first (by preset order, then
    players), then the variants in the command line's order; each file checked."""
    found = []
    for path in sorted(RESULTS.glob(f"{game}-*.json")):
        summary = stats.load(path)
        if summary.game != game:
            raise StateError(f"{path.name} holds games of {summary.game}")
        preset, variant = describe(game, summary.rules)
        found.append(Config(preset, summary.rules.players, variant, summary))
    presets = list(view(game).presets or (untitled(game),))
    variants = list(view(game).variants)
    return sorted(found, key=lambda c: (c.variant is not None,
                                        variants.index(c.variant) if c.variant else 0,
                                        presets.index(c.preset), c.players))


def unmeasured(game: str) -> list[str]:
    """The configurations of ``game`` the benchmark lists without results in `RESULTS`."""
    bench = benchmark("stats")
    return [name for name, (of, *_) in bench.configurations().items()
            if of == game and not (RESULTS / f"{name}.json").exists()]


# --- words and numbers -------------------------------------------------------------------


def percent(estimate: stats.Estimate) -> str:
    """A share in percent with its interval: ``29.93% ± 0.09``."""
    digits = 2 if 100 * estimate.half_width < 0.5 else 1
    return f"{100 * estimate.value:.{digits}f}% ± {100 * estimate.half_width:.{digits}f}"


def points(estimate: stats.Estimate) -> str:
    """A difference of shares in percentage points with its interval: ``-4.4 ± 1.9``."""
    digits = 2 if 100 * estimate.half_width < 0.5 else 1
    return f"{100 * estimate.value:+.{digits}f} ± {100 * estimate.half_width:.{digits}f}"


def share(estimate: stats.Estimate) -> str:
    """A share in percent, or a dash when no game had it measured (no sole leader)."""
    return "–" if estimate.value != estimate.value else f"{100 * estimate.value:.1f}%"


def number(estimate: stats.Estimate, signed: bool = False) -> str:
    """A mean with its interval: ``96.19 ± 0.03``."""
    digits = 2 if estimate.half_width < 0.5 else 1
    sign = "+" if signed else ""
    return f"{estimate.value:{sign}.{digits}f} ± {estimate.half_width:.{digits}f}"


def spread(distribution: stats.Distribution) -> str:
    """``96.2 (75–118)``: the mean and the range of the middle 90%."""
    return (f"{distribution.mean.value:.1f} ({distribution.quantile(0.05)}–"
            f"{distribution.quantile(0.95)})")


def listed(words: list[str]) -> str:
    """``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def largest(changes, pick):
    """Of the variants whose figure ``pick(difference)`` differs measurably from their
    preset's, the one it differs most in; None if none does."""
    found = [item for item in changes if pick(item[2]).excludes(0)]
    return max(found, key=lambda item: abs(pick(item[2]).value)) if found else None


def measurable(difference: stats.Differences) -> list[str]:
    """The figures of the variants' table whose difference lies outside its interval."""
    figures = {"seat 0": difference.win[0], "turns": difference.turns,
               "half-time leader": difference.half_time, "shared wins": difference.shared}
    return [name for name, change in figures.items() if change.excludes(0)]


def table(head: list[str], rows: list[list[str]], align: str) -> list[str]:
    """A Markdown table, each column aligned by its letter in ``align`` (``l`` or ``r``)."""
    align = ["---" if a == "l" else "--:" for a in align]
    return ["", *("| " + " | ".join(line) + " |" for line in [head, align, *rows]), ""]


# --- the section ---------------------------------------------------------------------------


@attrs.define
class Section:
    """The section being made: its Markdown lines and its pictures."""

    page: str
    lines: list[str] = attrs.Factory(list)
    pictures: list[tuple[str, str]] = attrs.Factory(list)
    """(site path, SVG) of each picture."""

    def picture(self, svg: str, caption: str) -> None:
        stem = PurePosixPath(self.page).with_suffix("").as_posix().replace("/", "-")
        uri = f"pictures/{stem}-numbers-{len(self.pictures) + 1}.svg"
        self.pictures.append((uri, svg))
        self.lines += figure(self.page, uri, caption)


def section(game: str, page: str) -> Section:
    """The "What the numbers say" section of ``game`` on ``page``."""
    configs = configurations(game)
    out = Section(page)
    missing = unmeasured(game)
    if not configs:
        out.lines += [f"No configuration of this game has been measured yet "
                      f"(`python benchmarks/stats.py run` measures them): "
                      f"{listed([f'`{name}`' for name in missing])}. Until then, "
                      f"`amigo-rules stats {game} …` ([Command line](../cli.md#stats)) "
                      "answers the same questions for the rules you give it.", ""]
        return out
    presets = [c for c in configs if c.variant is None]
    variants = [c for c in configs if c.variant is not None]
    agents = sorted({agent for c in configs for agent in c.summary.agents})
    games = min(c.summary.games for c in configs)
    hours = sum(c.summary.cpu_seconds for c in configs) / 3600
    out.lines += [
        f"These figures come from {games:,} games or more of each configuration "
        f"({sum(c.summary.games for c in configs):,} in all), every seat played by the "
        f"baseline agent {', '.join(f'`{a}`' for a in agents)} on the batch engine "
        f"([`amigo_rules.stats`](../reference/stats.md)). `python benchmarks/stats.py run` "
        f"made them in {hours:,.1f} CPU hours and keeps them in `benchmarks/results/stats/`. "
        "A ± is the half-width of a 95% interval. For other rules, agents or numbers of "
        f"players: `amigo-rules stats {game} …` ([Command line](../cli.md#stats)).",
        "",
    ]
    if missing:
        out.lines += [f"Configurations not measured yet: "
                      f"{listed([f'`{name}`' for name in missing])}.", ""]
    seats(out, presets)
    lengths(out, game, presets)
    leaders(out, presets)
    compared(out, game, presets, variants)
    return out


def by_preset(configs: list[Config]) -> dict[str, list[Config]]:
    grouped: dict[str, list[Config]] = {}
    for config in configs:
        grouped.setdefault(config.preset, []).append(config)
    return grouped


def intervals_hidden(presets: list[Config]) -> bool:
    """Whether every seat's 95% interval hides behind its dot in `seat_figure` (a dot is
    about a fortieth of the axis tall; the axis spans each seat's distance from its fair
    share, in percentage points, and its interval's reach)."""
    ends = [100 * (s.win.value - 1 / c.players) + side * 100 * s.win.half_width
            for c in presets for s in c.summary.seats for side in (-1, 1)]
    widest = max(100 * s.win.half_width for c in presets for s in c.summary.seats)
    return widest < (max(ends) - min(ends)) / 40


def seats(out: Section, presets: list[Config]) -> None:
    out.lines += ["### Who wins, seat by seat", ""]
    bars = ("The 95% intervals are smaller than the dots." if intervals_hidden(presets)
            else "Bars are 95% intervals.")
    out.picture(seat_figure(presets),
                "How far each seat's share of the win (a shared win counts 1/k) lies above or "
                "below its fair share, one in the number of players, at each number of players; "
                f"seat 0 moves first. {bars}")
    advantage = [(c, stats.Estimate(c.summary.seats[0].win.value - 1 / c.players,
                                     c.summary.seats[0].win.low - 1 / c.players,
                                     c.summary.seats[0].win.high - 1 / c.players))
                 for c in presets]
    ahead = [(c, a) for c, a in advantage if a.low > 0]
    if len(ahead) == len(advantage) == 1:
        (only, gain), = ahead
        out.lines.append(
            f"**Going first pays.** Seat 0 wins {100 * gain.value:+.1f} points more than its "
            f"fair share ({only.preset}, {only.players} players).")
    elif len(ahead) == len(advantage):
        low = min(ahead, key=lambda item: item[1].value)
        high = max(ahead, key=lambda item: item[1].value)
        out.lines.append(
            f"**Going first pays in every configuration.** Seat 0 wins more than its fair "
            f"share everywhere: from {100 * low[1].value:+.1f} points ({low[0].preset}, "
            f"{low[0].players} players) to {100 * high[1].value:+.1f} points "
            f"({high[0].preset}, {high[0].players} players).")
    else:
        behind = ", ".join(f"{c.preset} at {c.players} players ({points(a)} points)"
                           for c, a in advantage if a.low <= 0)
        out.lines.append(f"Seat 0 does not win measurably more than its fair share in: "
                         f"{behind}.")
    last = [c for c in presets if min(range(c.players), key=lambda s:
                                      c.summary.seats[s].win.value) == c.players - 1]
    out.lines.append(
        " The last seat to move wins least." if len(last) == len(presets) == 1 else
        f" The last seat to move wins least in {len(last)} of the {len(presets)} "
        "configurations." if last else "")
    out.lines.append("")
    rows = [[c.preset, str(c.players), f"{100 / c.players:.1f}%",
             " · ".join(f"{100 * s.win.value:.2f}" for s in c.summary.seats),
             f"± {max(100 * s.win.half_width for s in c.summary.seats):.2f}",
             f"{100 * c.summary.shared.value:.2f}%"] for c in presets]
    out.lines += table(["rules", "players", "fair share", "win % by seat (0 first)",
                        "95% interval", "shared wins"], rows, "lrrrrr")


def lengths(out: Section, game: str, presets: list[Config]) -> None:
    out.lines += ["### How long a game lasts", ""]
    out.picture(length_figure(presets),
                f"How many turns games last: the share of games at each number of turns, a "
                f"line per number of players. A turn is {TURN_WORDS[game]}.")
    for preset, configs in by_preset(presets).items():
        four = next((c for c in configs if c.players == VARIANTS_AT), configs[0])
        turns = four.summary.turns
        out.lines.append(
            f"A game {'' if preset == game else f'of {preset} '}with {four.players} players "
            f"lasts {turns.mean.value:.1f} turns on average "
            f"({four.summary.decisions.mean.value:.1f} decisions), between "
            f"{turns.quantile(0.05)} and {turns.quantile(0.95)} turns in 90% of games.")
    out.lines.append("")
    rows = [[c.preset, str(c.players), spread(c.summary.turns), spread(c.summary.decisions),
             spread(c.summary.top), spread(c.summary.margin)] for c in presets]
    out.lines += table(["rules", "players", "turns", "decisions", "winning score",
                        "winning margin"], rows, "lrrrrr")
    out.lines += ["Each cell: the mean, and in brackets the range of the middle 90% of games "
                  "(5% of games lie below it, 5% above). Decisions count every seat's, not "
                  "chance; the winning margin is the highest score less the second highest.",
                  ""]


def leaders(out: Section, presets: list[Config]) -> None:
    out.lines += ["### Does the leader win?", ""]
    out.picture(leader_figure(presets),
                "The share of the win of the player leading alone by score after each tenth "
                "of a game's turns, a line per number of players; dotted: the fair share.")
    four = next((c for c in presets if c.players == VARIANTS_AT), presets[0])
    half = four.summary.half_time
    out.lines += [
        f"At half time the player then leading alone goes on to win {percent(half)} of "
        f"{four.preset} games at {four.players} players, where a fair share is "
        f"{100 / four.players:.0f}%; after nine tenths of the game "
        f"{percent(four.summary.leader_wins[-1])}.",
        "",
    ]
    rows = [[c.preset, str(c.players),
             f"{100 * c.summary.led_at_half / c.summary.games:.1f}%",
             *(share(c.summary.leader_wins[stage]) for stage in (0, 4, 8))]
            for c in presets]
    out.lines += table(["rules", "players", "a sole leader at half time", "leader wins, "
                        "after 1/10", "at half time", "after 9/10"], rows, "lrrrrr")
    out.lines += ["A leader is a player whose score is higher than every other's; early in a "
                  "game scores are often tied (a dash: no game had a sole leader then).", ""]


def compared(out: Section, game: str, presets: list[Config], variants: list[Config]) -> None:
    out.lines += ["### Variants compared", ""]
    names = list(view(game).variants)
    if not names:
        out.lines += [f"{game.capitalize()} has no variants; the numbers of players compare "
                      "above.", ""]
        return
    if not variants:
        out.lines += ["No variant has been measured yet.", ""]
        return
    reference = {(c.preset, c.players): c for c in presets}
    rows, alike, changes = [], [], []
    for config in variants:
        base = reference[(config.preset, config.players)]
        difference = stats.Differences.between(0, base.summary, config.summary)
        changes.append((config, base, difference))
        differs = measurable(difference)
        if not differs:
            alike.append(config.label)
        rows.append([config.link(game), config.preset,
                     f"{share(config.summary.seats[0].win)} ({points(difference.win[0])})",
                     f"{config.summary.turns.mean.value:.1f} ({number(difference.turns, True)})",
                     f"{share(config.summary.half_time)} ({points(difference.half_time)})",
                     f"{share(config.summary.shared)} ({points(difference.shared)})",
                     ", ".join(differs) if differs else "nothing measurable"])
    out.picture(variant_figure(changes),
                f"How each variant ({VARIANTS_AT} players, on the preset named) changes seat "
                "0's share of the win, the mean number of turns and the half-time leader's "
                "share of the win, against the preset alone. Bars are 95% intervals of the "
                "difference; a bar across the zero line is no measurable difference.")
    longest = largest(changes, lambda d: d.turns)
    first = largest(changes, lambda d: d.win[0])
    out.lines.append(
        f"Each variant at {VARIANTS_AT} players against its preset alone (the difference in "
        "brackets). "
        + (f"The game's length moves most with {longest[0].label} "
           f"({number(longest[2].turns, True)} turns); " if longest else
           "No variant changes the game's length measurably; ")
        + (f"seat 0's share of the win moves most with {first[0].label} "
           f"({points(first[2].win[0])} points)." if first else
           "none changes seat 0's share of the win measurably."))
    if alike:
        out.lines.append(f" {listed(alike)} differ{'s' if len(alike) == 1 else ''} from the "
                         "preset by less than the interval in every figure of the table: no "
                         "difference shown.")
    twins = [f"{a.label} and {b.label}" for i, a in enumerate(variants) for b in variants[i + 1:]
             if a.preset == b.preset and not measurable(
                 stats.Differences.between(0, a.summary, b.summary))]
    if twins:
        out.lines.append(f" These variants differ from each other by less than the interval in "
                         f"every figure: {listed(twins)}.")
    out.lines.append("")
    out.lines += table(["variant", "on", "seat 0 wins (Δ)", "turns (Δ)",
                        "half-time leader wins (Δ)", "shared wins (Δ)", "differs in"],
                       rows, "llrrrrl")
    out.lines += ["Δ: the variant's figure less the preset's, in percentage points for shares, "
                  "± the 95% interval of the difference.", ""]
    missing = [f"`{name}`" for name in names if name not in
               {c.variant for c in variants}]
    if missing:
        out.lines += [f"Not measured yet: {listed(missing)}.", ""]


# --- figures ---------------------------------------------------------------------------------


def width(panels: int) -> float:
    """The width in inches of a figure of ``panels`` side by side (a single one is drawn as
    wide as two, so that its text is not blown up on the page)."""
    return 3.4 * max(panels, 2)


def _panels(figure, count: int):
    return figure.subplots(1, count, squeeze=False, sharey=True)[0]


def seat_figure(presets: list[Config]) -> str:
    """Per preset a panel: each seat's win share less the fair share, at each number of
    players."""
    grouped = by_preset(presets)
    most = max(presets, key=lambda c: c.players)

    def draw(figure) -> None:
        for axes, (preset, configs) in zip(_panels(figure, len(grouped)), grouped.items(),
                                           strict=True):
            axes.axhline(0, color=MUTED, linestyle="--", linewidth=1)
            for config in configs:
                n = config.players
                for seat in range(n):
                    win = config.summary.seats[seat].win
                    axes.errorbar([n + (seat - (n - 1) / 2) * 0.11],
                                  [100 * (win.value - 1 / n)],
                                  yerr=[[100 * (win.value - win.low)],
                                        [100 * (win.high - win.value)]],
                                  fmt="o", markersize=4, color=PLAYER_COLOURS[seat],
                                  label=f"seat {seat}" if config is most else None)
            axes.set_title(preset)
            axes.set_xlabel("players")
            axes.set_xticks([c.players for c in configs])
            axes.grid(alpha=0.3)
        figure.legend(loc="outside right upper", fontsize=8, frameon=False)
        figure.axes[0].set_ylabel("share of the win less the fair share\n(percentage points)")

    return matplotlib_svg(1.2 + width(len(grouped)), 3.6, draw)


def length_figure(presets: list[Config]) -> str:
    """Per preset a panel: the distribution of turns per game, a line per player count."""
    grouped = by_preset(presets)

    def draw(figure) -> None:
        for axes, (preset, configs) in zip(_panels(figure, len(grouped)), grouped.items(),
                                           strict=True):
            for config in configs:
                histogram = config.summary.tally.turns
                axes.plot(histogram.values, 100 * histogram.counts / histogram.total,
                          color=PLAYER_COLOURS[config.players - 2], linewidth=1.2,
                          label=f"{config.players} players")
            axes.set_title(preset)
            axes.set_xlabel("turns per game")
            axes.set_xlim(left=0)
            axes.grid(alpha=0.3)
        axes.legend(fontsize=8, frameon=False)
        figure.axes[0].set_ylabel("share of games (%)")

    return matplotlib_svg(width(len(grouped)), 3.4, draw)


def leader_figure(presets: list[Config]) -> str:
    """Per preset a panel: the sole leader's win share after each tenth of the game."""
    grouped = by_preset(presets)
    tenths = [10 * (stage + 1) for stage in range(stats.STAGES)]

    def draw(figure) -> None:
        for axes, (preset, configs) in zip(_panels(figure, len(grouped)), grouped.items(),
                                           strict=True):
            for config in configs:
                colour = PLAYER_COLOURS[config.players - 2]
                axes.plot(tenths, [100 * e.value for e in config.summary.leader_wins],
                          color=colour, marker="o", markersize=3, linewidth=1.2,
                          label=f"{config.players} players")
                axes.axhline(100 / config.players, color=colour, linestyle=":",
                             linewidth=1)
            axes.set_title(preset)
            axes.set_xlabel("% of the game's turns played")
            axes.set_ylim(0, 100)
            axes.grid(alpha=0.3)
        axes.legend(fontsize=8, frameon=False, loc="lower right")
        figure.axes[0].set_ylabel("the leader's share of the win (%)")

    return matplotlib_svg(width(len(grouped)), 3.4, draw)


def variant_figure(changes: list[tuple[Config, Config, stats.Differences]]) -> str:
    """Three panels, a row per variant: its difference from its preset in seat 0's win
    share, the mean turns and the half-time leader's win share, with 95% intervals."""
    panels = (("seat 0's win share (points)", lambda d: d.win[0], 100),
              ("turns per game", lambda d: d.turns, 1),
              ("half-time leader's win share (points)", lambda d: d.half_time, 100))
    labels = [config.variant for config, _, _ in changes]

    def draw(figure) -> None:
        for axes, (title, pick, scale) in zip(_panels(figure, len(panels)), panels,
                                              strict=True):
            for row, (_, _, difference) in enumerate(changes):
                change = pick(difference)
                axes.errorbar([scale * change.value], [row],
                              xerr=[[scale * (change.value - change.low)],
                                    [scale * (change.high - change.value)]],
                              fmt="o", markersize=4, capsize=3,
                              color=INK if change.excludes(0) else MUTED)
            axes.axvline(0, color=MUTED, linewidth=1)
            axes.set_title(title, fontsize=9)
            axes.grid(alpha=0.3, axis="x")
        first = figure.axes[0]
        first.set_yticks(range(len(labels)), labels)
        first.invert_yaxis()

    return matplotlib_svg(9.0, max(1.6, 0.9 + 0.28 * len(changes)), draw)  # one row: not squat


# --- the hook ------------------------------------------------------------------------------


def on_files(files: Files, config) -> Files:
    """Make every page's section and add its pictures to the site's files."""
    _sections.clear()
    for page in [f for f in files if f.src_uri.endswith(".md")]:
        markdown = page.content_string
        if "```numbers" not in markdown:
            continue
        for line in markdown.splitlines():
            found = FENCE.match(line)
            if not found:
                continue
            try:
                made = section(found.group(1), page.src_uri)
            except (OSError, StateError, ValueError, KeyError) as exc:
                log.warning("numbers: %s: %s: %s", page.src_uri, type(exc).__name__, exc)
                continue
            for uri, svg in made.pictures:
                files.append(File.generated(config, uri, content=svg))
            _sections[page.src_uri] = made.lines
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace the ``numbers`` block by its section."""
    lines, out = markdown.splitlines(), []
    inside = False
    for line in lines:
        if FENCE.match(line):
            inside = True
            out += _sections.get(page.file.src_uri, [])
        elif inside:
            inside = line.strip() != "```"
        else:
            out.append(line)
    return "\n".join(out) + "\n"
