"""``amigo-rules serve``: the game server (`amigo_rules.server`, the ``server`` extra)."""

from __future__ import annotations

from pathlib import Path

import click

from ..core.packages import installed
from .options import CONTEXT

SERVER_PACKAGES = ("starlette", "uvicorn")
"""What ``serve`` needs beyond the command line: the ``server`` extra."""
INSTALL_HINT = ("amigo-rules serve: the game server needs the server extra: "
                "pip install 'amigo-rules[server]'")
POSITIVE = click.IntRange(min=1)
SECONDS = click.FloatRange(min=0, min_open=True)


@click.command(context_settings=CONTEXT)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every interface); also a name the "
                   "server answers to.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="The TCP port (0: any free one).")
@click.option("--database", metavar="URL", default=None,
              help="sqlite:///PATH or postgresql://… (default: server.sqlite3 in the user "
                   "data directory).")
@click.option("--allow-host", "allow_hosts", metavar="NAME", multiple=True,
              help="Another name the server answers to (its public name behind a proxy); "
                   "repeatable. Any other Host header is refused (400).")
@click.option("--allow-origin", "allow_origins", metavar="URL", multiple=True,
              help="Another origin whose pages may call the server (https://…); "
                   "repeatable. A request from any other origin is refused (403).")
@click.option("--allow-engines", is_flag=True,
              help="Let tables seat engine:COMMAND (runs programs on this machine); needs "
                   "the operator token.")
@click.option("--admin-token-file", type=click.Path(dir_okay=False, path_type=Path),
              help="A file holding the operator token (else the environment variable "
                   "AMIGO_RULES_ADMIN_TOKEN): a table with an engine: seat is created only "
                   "with it.")
@click.option("--engine-env", "engine_env", metavar="NAME", multiple=True,
              help="A variable of the server's environment passed on to engines (besides "
                   "PATH, HOME, LANG); repeatable.")
@click.option("--engine-move-seconds", type=SECONDS, default=10.0, show_default=True,
              help="An engine's time for a move; a later answer forfeits its seat.")
@click.option("--max-creates-per-minute", type=POSITIVE, default=30, show_default=True,
              help="Tables one client address may create in a minute (429 beyond).")
@click.option("--max-live-tables", type=POSITIVE, default=1000, show_default=True,
              help="Tables being played at once in this process (429 beyond).")
@click.option("--max-sockets-per-table", type=POSITIVE, default=64, show_default=True,
              help="WebSocket connections to one table (its seats always get in).")
@click.option("--max-messages-per-second", type=POSITIVE, default=100, show_default=True,
              help="Messages read from one WebSocket connection a second (bursts of twice "
                   "that); more wait their turn.")
@click.option("--max-agents-thinking", type=POSITIVE, default=2, show_default=True,
              help="Our agents thinking at once; the other tables wait their turn.")
@click.option("--max-engines-thinking", type=POSITIVE, default=16, show_default=True,
              help="Engines thinking at once; the other tables wait their turn.")
@click.option("--max-connections", type=POSITIVE, default=1000, show_default=True,
              help="Connections at once, HTTP and WebSocket (503 beyond).")
@click.option("--expire-days", type=SECONDS, default=30.0, show_default=True,
              help="Delete the tables nobody moved in for this many days.")
def serve(host: str, port: int, database: str | None, allow_hosts: tuple[str, ...],
          allow_origins: tuple[str, ...], allow_engines: bool, admin_token_file: Path | None,
          engine_env: tuple[str, ...], engine_move_seconds: float,
          max_creates_per_minute: int, max_live_tables: int, max_sockets_per_table: int,
          max_messages_per_second: int, max_agents_thinking: int, max_engines_thinking: int,
          max_connections: int, expire_days: float) -> None:
    """Run the game server: tables to play in the browser, seats for remote bots."""
    if not all(map(installed, SERVER_PACKAGES)):
        click.echo(INSTALL_HINT, err=True)
        raise SystemExit(1)
    from ..core.errors import AmigoRulesError
    from ..server.command import run
    from ..server.settings import Settings, read_admin_token

    try:
        settings = Settings(
            host=host, allow_hosts=allow_hosts, allow_origins=allow_origins,
            allow_engines=allow_engines, admin_token=read_admin_token(admin_token_file),
            engine_env=engine_env, engine_move_seconds=engine_move_seconds,
            max_creates_per_minute=max_creates_per_minute, max_live_tables=max_live_tables,
            max_sockets_per_table=max_sockets_per_table,
            max_messages_per_second=max_messages_per_second,
            max_agents_thinking=max_agents_thinking,
            max_engines_thinking=max_engines_thinking, expire_days=expire_days)
        run(settings, port, database, max_connections=max_connections)
    except AmigoRulesError as exc:
        raise click.UsageError(str(exc)) from None
