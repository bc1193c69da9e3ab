"""``amigo-rules variants GAME``: the presets and variants of a game."""

from __future__ import annotations

import click
from rich.markup import escape

from .options import CONTEXT, GAME, GAMES_HELP, console, load_view


@click.command(context_settings=CONTEXT, epilog=GAMES_HELP)
@GAME
def variants(game: str) -> None:
    """List the presets and variants of GAME (for --preset and --variant)."""
    out = console()
    view = load_view(game)
    out.print(f"[bold]{game}[/] presets: " + (", ".join(view.presets) or "none"))
    if not view.variants:
        out.print("no variants")
    for name, text in view.variants.items():
        out.print(f"  [bold]{name}[/]  {escape(text)}")
