"""``amigo-rules serve``: the game server (`amigo_rules.server`, the ``server`` extra)."""

from __future__ import annotations

import click

from ..core.packages import installed
from .options import CONTEXT

SERVER_PACKAGES = ("starlette", "uvicorn")
"""What ``serve`` needs beyond the command line: the ``server`` extra."""
INSTALL_HINT = ("amigo-rules serve: the game server needs the server extra: "
                "pip install 'amigo-rules[server]'")


@click.command(context_settings=CONTEXT)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="The TCP port.")
@click.option("--database", metavar="URL", default=None,
              help="sqlite:///PATH or postgresql://… (default: server.sqlite3 in the user "
                   "data directory).")
@click.option("--allow-engines", is_flag=True,
              help="Let tables seat engine:COMMAND (runs programs on this machine).")
def serve(host: str, port: int, database: str | None, allow_engines: bool) -> None:
    """Run the game server: tables to play in the browser, seats for remote bots."""
    if not all(map(installed, SERVER_PACKAGES)):
        click.echo(INSTALL_HINT, err=True)
        raise SystemExit(1)
    from ..core.errors import AmigoRulesError
    from ..server.command import run

    try:
        run(host, port, database, allow_engines=allow_engines)
    except AmigoRulesError as exc:
        raise click.UsageError(str(exc)) from None
