"""``amigo-rules demo``: bots play a game of each game (or of one), shown at a pace a
person can follow: on a terminal the table is redrawn move by move under the latest
events; elsewhere the final table and the results, the narrated log on request."""

from __future__ import annotations

import time

import click
from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from ..agents import make_agent
from ..arena.plan import agent_seed
from ..core import AgentError, get_game, play
from ..words import Teller, result_lines
from . import games
from .literal import MESSAGE_LIMIT, literal
from .options import (
    BOTS,
    CONTEXT,
    GAMES_HELP,
    PLAYERS,
    PRESET,
    SEED,
    VARIANT,
    bot_names,
    console,
    fresh_seed,
    game_rules,
    with_options,
)
from .palette import block, styled
from .session import INTERRUPTED

SHOW_SECONDS = 10.0
"""About how long the show of one game lasts on a terminal when no --delay is given."""
MAX_DELAY = 0.4
"""The longest automatic pause between two moves."""


@click.command(context_settings=CONTEXT, epilog=GAMES_HELP)
@click.argument("game", metavar="[GAME]", required=False,
                type=click.Choice(games.names(), case_sensitive=False))
@with_options(PRESET, PLAYERS, SEED, BOTS, VARIANT)
@click.option("--delay", type=click.FloatRange(min=0), metavar="SECONDS",
              help="Pause between moves (default on a terminal: each game in about "
                   f"{SHOW_SECONDS:.0f} s; elsewhere none).")
@click.option("--log", is_flag=True, help="Print every event of the game, one a line.")
def demo(game: str | None, preset: str | None, players: int | None, seed: int | None,
         bots: str | None, variants: tuple[str, ...], delay: float | None, log: bool) -> None:
    """Watch bots play GAME (default: one game of each game).

    On a terminal the table is redrawn after every move with the latest events; then the
    final scores are explained. Piped, it prints the final table and the scores (--log:
    the whole narrated game first).
    """
    out = console()
    seed = fresh_seed(seed)
    names = [game] if game is not None else list(games.available())
    if game is None and (preset is not None or variants):
        raise click.UsageError("--preset and --variant need a GAME: presets and variants "
                               "belong to one game")
    live = out.is_terminal and not log
    try:
        for name in names:
            show(out, name, preset, players, seed, bots, variants, delay, log, live)
    except KeyboardInterrupt:
        out.print("\ninterrupted")
        raise SystemExit(INTERRUPTED) from None


def show(out: Console, name: str, preset: str | None, players: int | None, seed: int,
         bots: str | None, variants: tuple[str, ...], delay: float | None, log: bool,
         live: bool) -> None:
    view, rules = game_rules(name, preset, players, variants)
    module = get_game(name)
    seats = bot_names(name, bots, rules.players)
    agents = [make_agent(n, name, seed=agent_seed(seed, p)) for p, n in enumerate(seats)]
    chosen = [preset or view.default_preset or "", *variants]
    title = " · ".join(x for x in (name, *chosen, f"{rules.players} players", f"seed {seed}")
                       if x)
    out.rule(f"[bold]{title}[/]")
    out.print(" · ".join(f"P{p} {n}" for p, n in enumerate(seats)), highlight=False)
    try:
        record = play(module, agents, rules, seed=seed)
    except AgentError as exc:
        raise click.ClickException(literal(str(exc), limit=MESSAGE_LIMIT).plain) from None
    teller = Teller.of(module, rules)
    state = module.new_game(rules, seed=seed)
    width = max(40, min(out.width, 120))
    told = teller.lines(module.setup_events(state))
    steps = []
    for move in record.moves:
        after, events = module.apply_events(state, move)
        steps.append((after, teller.lines(events)))
        state = after
    if delay is None:
        delay = min(MAX_DELAY, SHOW_SECONDS / max(1, len(steps))) if live else 0.0
    if live:
        shown = told[-8:]
        height = out.height
        with Live(console=out, auto_refresh=False, transient=True) as screen:
            for after, lines in steps:
                shown = (shown + lines)[-max(3, height - 4 - len(view.draw(after, width=width))):]
                frame = Group(block(view.draw(after, width=width)), Text(""), block(shown))
                screen.update(frame, refresh=True)
                time.sleep(delay)
    elif log:
        for line in told:
            out.print(styled(line))
        for _, lines in steps:
            for line in lines:
                out.print(styled(line))
            if delay:
                time.sleep(delay)
    else:
        out.print(f"{len(record.moves)} moves (--log prints every event)", highlight=False)
    out.print()
    out.print(block(view.draw(state, width=width)))
    out.print()
    out.print(block(result_lines(module, state, width=width)))
    out.print()
