"""``amigo-rules serve``: the game server (`amigo_rules.server`, the ``server`` extra)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import attrs
import click

from ..core.packages import installed
from ..server.settings import Settings
from .options import CONTEXT

F = TypeVar("F", bound=Callable[..., Any])

SERVER_PACKAGES = ("starlette", "uvicorn", "orjson")
"""What ``serve`` needs beyond the command line: the ``server`` extra."""
INSTALL_HINT = ("amigo-rules serve: the game server needs the server extra: "
                "pip install 'amigo-rules[server]'")
POSITIVE = click.IntRange(min=1)


def setting(option: str, help: str) -> Callable[[F], F]:
    """The option of a `Settings` limit: its default and type (a count, or a number of
    seconds or days) read from the field of the same name."""
    field = attrs.fields_dict(Settings)[option.lstrip("-").replace("-", "_")]
    kind = POSITIVE if field.type in (int, "int") else click.FloatRange(min=0, min_open=True)
    return click.option(option, type=kind, default=field.default, show_default=True, help=help)


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
@setting("--engine-move-seconds", "An engine's time for a move; a later answer forfeits its seat.")
@setting("--max-creates-per-minute", "Tables one client address may create in a minute (429 "
                                     "beyond).")
@setting("--max-live-tables", "Tables being played at once in this process (429 beyond).")
@setting("--max-sockets-per-table", "WebSocket connections to one table (its seats always get "
                                    "in).")
@setting("--max-messages-per-second", "Messages read from one WebSocket connection a second "
                                      "(bursts of twice that); more wait their turn.")
@setting("--max-agents-thinking", "Our agents thinking at once; the other tables wait their "
                                  "turn.")
@setting("--max-engines-thinking", "Engines thinking at once; the other tables wait their "
                                   "turn.")
@click.option("--max-connections", type=POSITIVE, default=1000, show_default=True,
              help="Connections at once, HTTP and WebSocket (503 beyond).")
@setting("--expire-days", "Delete the tables nobody moved in for this many days.")
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
    from ..server.settings import read_admin_token

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
