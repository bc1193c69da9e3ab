"""The ``amigo-rules`` command line: watch bots play (``demo``), play against them
(``play``) and measure them (``simulate``).

Games come from `amigo_rules.GAMES`; each brings its terminal view (`cli.games`) and its
agents (`amigo_rules.agents.AGENTS`): nothing here knows a game by name.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from itertools import cycle, islice
from types import ModuleType
from typing import Any

import click
import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .. import __version__
from ..agents import AGENTS, SEARCH_AGENTS, make_agent
from ..core import (
    CHANCE,
    TERMINAL,
    AgentError,
    AmigoRulesError,
    RulesError,
    agent_name,
    chance_rng,
    decide,
    get_game,
    play,
)
from ..core.chance import sample_chance
from . import games
from .palette import player_label

CONTEXT = {"help_option_names": ["-h", "--help"]}
QUIT = ("quit", "exit", "q")
HELP = ("help", "?")


def console() -> Console:
    """The output console: colour on a terminal, plain text when piped."""
    return Console(highlight=False)


# ---------------------------------------------------------------- options and their checks


def fresh_seed() -> int:
    """A random seed, printed so that the game can be replayed."""
    return int(np.random.SeedSequence().entropy % 2**32)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``seed``."""
    return seed * 1000 + seat + 1


def load_view(name: str) -> ModuleType:
    try:
        return games.view(name)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="'GAME'") from None


def make_rules(view: ModuleType, preset: str | None, players: int | None, variants) -> Any:
    """The rules from the options, every bad value a usage error (exit code 2)."""
    if preset is not None and preset not in view.PRESETS:
        known = ", ".join(view.PRESETS) or "none"
        raise click.BadParameter(
            f"{preset!r} is not a preset of this game; the presets are: {known}",
            param_hint="'--preset'",
        )
    for variant in variants:
        if variant not in view.VARIANTS:
            known = ", ".join(view.VARIANTS) or "none yet"
            raise click.BadParameter(
                f"{variant!r} is not a variant of this game; the variants are: {known}",
                param_hint="'--variant'",
            )
    try:
        return view.make_rules(preset, players, tuple(variants))
    except RulesError as exc:
        raise click.UsageError(str(exc)) from None


def bot_names(game: str, bots: str | None, count: int) -> list[str]:
    """``count`` agent names from ``--bots`` (cycled, parameters allowed: ``mcts:100``), by
    default the game's agents in turn, searching agents left out (seconds per move)."""
    registered = list(AGENTS.get(game, {}))
    lineup = [name for name in registered if name not in SEARCH_AGENTS]
    names = lineup if bots is None else [b.strip() for b in bots.split(",")]
    for name in names:
        if name.split(":")[0] not in registered:
            raise click.BadParameter(
                f"no agent {name!r} for {game}; choose from {', '.join(registered)}",
                param_hint="'--bots'",
            )
    if not names:
        raise click.BadParameter("name at least one agent", param_hint="'--bots'")
    return list(islice(cycle(names), count))


def variant_help() -> str:
    """The help of ``--variant``: every game's variant names."""
    listed = []
    for name in games.names():
        variants = games.view(name).VARIANTS
        if variants:
            listed.append(f"{name}: {', '.join(variants)}")
    return (
        "A variant, repeatable (see 'amigo-rules variants GAME'). " + "; ".join(listed) + "."
    )


def game_options(command: Callable) -> Callable:
    """The options every command that sets up a game takes."""
    options = [
        click.option("--preset", help="A preset of the game's rules (default: the game's first)."),
        click.option("--players", type=click.IntRange(min=1), help="Number of players."),
        click.option("--seed", type=int, help="Seed of the setup, the dice and the bots."),
        click.option("--bots", metavar="NAME,…", help="Agent names, one per bot seat, cycled."),
        click.option(
            "--variant", "variants", multiple=True, metavar="NAME", help=variant_help()
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


GAME = click.argument(
    "game", metavar="GAME", type=click.Choice(games.names(), case_sensitive=False)
)


# ---------------------------------------------------------------- transcript


def describe(view: ModuleType, module: ModuleType, before: Any, move: Any, after: Any) -> str:
    """One transcript fragment: the view's own wording, or who played which move."""
    own = getattr(view, "describe", None)
    if own is not None:
        return own(before, move, after)
    player = module.current_player(before)
    who = "chance:" if player == CHANCE else player_label(player)
    return f"{who} {escape(str(move))}"


class Transcript:
    """Moves printed as lines: each chance move starts a line, the moves after it follow."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.line: list[str] = []

    def add(self, fragment: str, *, chance: bool) -> None:
        if chance:
            self.flush()
        self.line.append(fragment)

    def flush(self) -> None:
        if self.line:
            self.out.print(" · ".join(self.line))
            self.line = []


def print_result(out: Console, view: ModuleType, module: ModuleType, state: Any, viewer) -> None:
    """The final board, the scores and the winners."""
    out.print(view.draw(state, viewer))
    scores = module.score(state)
    out.print("scores: " + " · ".join(f"{player_label(p)} {s}" for p, s in enumerate(scores)))
    winners = module.winners(state)
    if not winners:
        out.print("[bold]no winner[/]")
    else:
        label = "winner" if len(winners) == 1 else "shared win"
        out.print(f"[bold]{label}:[/] " + ", ".join(player_label(p) for p in winners))


# ---------------------------------------------------------------- commands


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="amigo-rules")
def main() -> None:
    """The rules of Verflixxt!, Verflixxt hoch² and EXXtra: watch bots play, play against
    them, measure them."""


@main.command(context_settings=CONTEXT)
@click.option("--seed", type=int, help="Seed of the games (default: random, printed).")
def demo(seed: int | None) -> None:
    """Watch bots play one game of every game, move by move."""
    out = console()
    seed = fresh_seed() if seed is None else seed
    for name in games.available():
        view = games.view(name)
        module = get_game(name)
        rules = view.make_rules(None, None, ())
        players = rules.players
        names = bot_names(name, None, players)
        agents = [make_agent(n, name, seed=agent_seed(seed, p)) for p, n in enumerate(names)]
        title = [f"[bold]{name}[/]", *view.PRESETS[:1], f"{players} players", f"seed {seed}"]
        out.rule(" · ".join(title))
        out.print(" · ".join(f"{player_label(p)} {n}" for p, n in enumerate(names)))
        try:
            record = play(module, agents, rules, seed=seed)
        except AgentError as exc:
            raise click.ClickException(str(exc)) from None
        state = module.new_game(rules, seed=seed)
        transcript = Transcript(out)
        for move in record.moves:
            after = module.apply(state, move)
            fragment = describe(view, module, state, move, after)
            transcript.add(fragment, chance=module.current_player(state) == CHANCE)
            state = after
        transcript.flush()
        out.print()
        print_result(out, view, module, state, None)
        out.print()


@main.command(context_settings=CONTEXT)
@GAME
def variants(game: str) -> None:
    """List the presets and variants of GAME (for --preset and --variant)."""
    out = console()
    view = load_view(game)
    out.print(f"[bold]{game}[/] presets: " + (", ".join(view.PRESETS) or "none"))
    if not view.VARIANTS:
        out.print("no variants")
    for name, text in view.VARIANTS.items():
        out.print(f"  [bold]{name}[/]  {escape(text)}")


@main.command(name="play", context_settings=CONTEXT)
@GAME
@game_options
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (player index).")
def play_command(game, preset, players, seed, bots, variants, seat) -> None:
    """Play GAME against bots in the terminal.

    Type moves in the game's notation (e.g. "pawn 7"); "help" or "?" lists the legal moves,
    "quit" leaves.
    """
    view = load_view(game)
    module = get_game(game)
    rules = make_rules(view, preset, players, variants)
    players = rules.players
    if not 0 <= seat < players:
        raise click.BadParameter(
            f"seat {seat} is not a seat of a {players}-player game (0 … {players - 1})",
            param_hint="'--seat'",
        )
    names = bot_names(game, bots, players - 1)
    seed = fresh_seed() if seed is None else seed
    agents: dict[int, Any] = {}
    for p in range(players):
        if p != seat:
            agents[p] = make_agent(names[len(agents)], game, seed=agent_seed(seed, p))
    out = console()
    out.print(
        f"[bold]{game}[/] · seed {seed} · you are {player_label(seat)} · "
        + " · ".join(f"{player_label(p)} {agent_name}" for p, agent_name in
                     zip(agents, names, strict=True))
    )
    try:
        state = run_game(out, view, module, rules, seed, agents, seat)
    except (KeyboardInterrupt, EOFError, click.Abort):
        out.print("\nbye: the game is left unfinished.")
        return
    if state is None:
        out.print("bye: the game is left unfinished.")
        return
    out.print()
    print_result(out, view, module, state, seat)


def run_game(out, view, module, rules, seed, agents, seat) -> Any:
    """Play to the end; returns the final state, or None when the human quits."""
    state = module.new_game(rules, seed=seed)
    rng = chance_rng(seed)
    transcript = Transcript(out)
    while (player := module.current_player(state)) != TERMINAL:
        if player == CHANCE:
            move = sample_chance(module, state, rng)
        elif player == seat:
            transcript.flush()
            move = ask_human(out, view, module, state, seat)
            if move is None:
                return None
        else:
            legal = module.legal_moves(state)
            bot = agents[player]
            try:
                move = decide(bot, module.observation(state, player), legal)
            except Exception as exc:  # a bot's bug ends the game with its name, not a traceback
                raise click.ClickException(
                    f"agent {agent_name(bot)!r} (player {player}) raised "
                    f"{type(exc).__name__}: {exc}"
                ) from None
            if move not in legal:
                raise click.ClickException(
                    f"agent {agent_name(bot)!r} (player {player}) returned the illegal move "
                    f"{move!r}"
                )
        after = module.apply(state, move)
        fragment = describe(view, module, state, move, after)
        if player == seat:
            fragment = f"[bold]you:[/] {fragment}"
        transcript.add(fragment, chance=player == CHANCE)
        state = after
    transcript.flush()
    return state


def ask_human(out: Console, view, module, state, seat) -> Any:
    """Draw the table, list the legal moves and read one; None when the human quits."""
    legal = module.legal_moves(state)
    listing = ", ".join(str(m) for m in legal)
    out.print()
    out.print(view.draw(state, seat))
    out.print(f"legal moves: {escape(listing)}", soft_wrap=True)
    while True:
        text = click.prompt("your move", default="", show_default=False).strip()
        if text.lower() in QUIT:
            return None
        if text.lower() in HELP:
            out.print(f"legal moves: {escape(listing)} · 'quit' leaves the game", soft_wrap=True)
        elif not text:
            out.print("type a move (e.g. " + escape(str(legal[0])) + "), 'help' or 'quit'")
        else:
            try:
                return module.parse_move(state, text)
            except AmigoRulesError as exc:
                out.print(f"[red]{escape(str(exc))}[/]", soft_wrap=True)


@main.command(context_settings=CONTEXT)
@GAME
@click.option("--games", "count", type=click.IntRange(min=1), required=True,
              help="Number of games.")
@game_options
def simulate(game, count, preset, players, seed, bots, variants) -> None:
    """Play many games of GAME between bots and show per-seat results.

    Game k uses seed S+k; seat i always gets bot i of --bots.
    """
    view = load_view(game)
    module = get_game(game)
    rules = make_rules(view, preset, players, variants)
    players = rules.players
    names = bot_names(game, bots, players)
    seed = fresh_seed() if seed is None else seed
    out = console()
    scores: list[tuple[int, ...]] = []
    wins = [0.0] * players
    failure = None
    started = time.perf_counter()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=out, transient=True) as progress:
        task = progress.add_task(f"{game}, seeds {seed}…{seed + count - 1}", total=count)
        for k in range(count):
            game_seed = seed + k
            agents = [make_agent(n, game, seed=agent_seed(game_seed, p))
                      for p, n in enumerate(names)]
            try:
                record = play(module, agents, rules, seed=game_seed)
            except AgentError as exc:
                failure = (exc, game_seed)
                break
            final = record.final_state
            scores.append(module.score(final))
            winners = module.winners(final)
            for p in winners:
                wins[p] += 1 / len(winners)
            progress.advance(task)
    elapsed = time.perf_counter() - started
    out.print(results_table(game, names, scores, wins))
    played = len(scores)
    out.print(f"{played} games in {elapsed:.2f} s ({played / elapsed:.1f} games/s), "
              f"seeds {seed}…{seed + count - 1}")
    if failure is not None:
        exc, game_seed = failure
        raise click.ClickException(
            f"agent {exc.agent!r} failed in the game of seed {game_seed}: {exc}; "
            f"the {played} finished games are shown above"
        )


def results_table(game: str, names, scores, wins) -> Table:
    """Per seat: the agent, its win rate (shared wins count 1/k), its scores."""
    played = len(scores)
    table = Table(title=f"{game}: {played} games")
    for header in ("seat", "agent", "win rate", "mean", "min", "median", "max"):
        table.add_column(header, justify="left" if header in ("seat", "agent") else "right")
    for seat, name in enumerate(names):
        mine = [s[seat] for s in scores]
        figures = (
            [f"{statistics.fmean(mine):.1f}", str(min(mine)),
             f"{statistics.median(mine):g}", str(max(mine))]
            if mine else ["–"] * 4
        )
        rate = f"{wins[seat] / played:.1%}" if played else "–"
        table.add_row(player_label(seat), name, rate, *figures)
    return table
