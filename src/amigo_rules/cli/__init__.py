"""The ``amigo-rules`` command line: watch bots play (``demo``), play against them
(``play``) and measure them (``simulate``, ``tournament``: `cli.tournament`).

Games come from `amigo_rules.GAMES`; each brings its terminal view (`cli.games`) and its
agents (`amigo_rules.agents.AGENTS`): nothing here knows a game by name.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from .. import __version__
from ..agents import make_agent
from ..core import (
    CHANCE,
    TERMINAL,
    AgentError,
    AmigoRulesError,
    agent_name,
    chance_rng,
    decide,
    get_game,
    play,
)
from ..core.chance import sample_chance
from . import games
from .options import (
    CONTEXT,
    GAME,
    agent_seed,
    bot_names,
    console,
    fresh_seed,
    game_options,
    load_view,
    make_rules,
)
from .palette import player_label
from .tournament import simulate, tournament

QUIT = ("quit", "exit", "q")
HELP = ("help", "?")


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
@click.option(
    "--seed", type=click.IntRange(min=0), help="Seed of the games (default: random, printed)."
)
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


main.add_command(simulate)
main.add_command(tournament)
