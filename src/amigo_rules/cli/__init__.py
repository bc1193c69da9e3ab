"""The ``amigo-rules`` command line: watch bots play (``demo``), play against them
(``play``), step through a saved game (``replay``, also as a web page), measure bots
(``simulate``, ``tournament``: `cli.tournament`), learn a game's value by self-play
(``learn``), say what many games show about the rules (``stats``: `cli.stats`) and serve
tables to play online (``serve``, the ``server`` extra, imported when run).

Games come from `amigo_rules.GAMES`; each brings its terminal view (`cli.games`), its
narration and drawing (the game's ``move_events`` and ``render_text``) and its agents
(`amigo_rules.agents.AGENTS`): nothing here knows a game by name.
"""

from __future__ import annotations

import click

from .. import __version__
from ..arena.plan import agent_seed
from .demo import demo
from .learn import learn
from .options import CONTEXT
from .play import play_command
from .replay import replay
from .serve import serve
from .stats import stats
from .tournament import simulate, tournament
from .variants import variants

__all__ = ["agent_seed", "main"]


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="amigo-rules")
def main() -> None:
    """The rules of Verflixxt!, Verflixxt hoch² and EXXtra: watch bots play, play against
    them, replay games, measure bots."""


for command in (demo, learn, play_command, replay, serve, simulate, stats, tournament,
                variants):
    main.add_command(command)
