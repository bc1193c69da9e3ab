"""What the operator decides about a game server (``amigo-rules serve``'s options): the names
and origins it answers, whether it runs engines and how, and every limit (the
[Security](../server.md#security) section of the server's page)."""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import secrets
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..core.checks import quote
from ..core.errors import ArgumentError

__all__ = ["ADMIN_TOKEN_VARIABLE", "ENGINE_ENVIRONMENT", "LOOPBACK_NAMES", "MIN_ADMIN_TOKEN",
           "Settings", "origin_of", "played_seed", "read_admin_token"]

ADMIN_TOKEN_VARIABLE = "AMIGO_RULES_ADMIN_TOKEN"
"""The environment variable that may hold the operator token (else ``--admin-token-file``)."""
MIN_ADMIN_TOKEN = 16
"""The shortest operator token accepted (characters)."""
ENGINE_ENVIRONMENT = ("PATH", "HOME", "LANG")
"""The variables of the server's environment an engine program always gets (if set)."""
LOOPBACK_NAMES = ("localhost", "127.0.0.1")
"""Names every server answers besides its ``--host``."""


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _count(name: str) -> Callable[[Any, Any, Any], None]:
    """The check of an option that counts: a positive integer."""
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if type(value) is not int or value < 1:
            raise ArgumentError(f"{name} must be a positive integer, got {quote(value)}")
    return check


def _seconds(name: str) -> Callable[[Any, Any, Any], None]:
    """The check of a time: a positive finite number."""
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if type(value) not in (int, float) or not math.isfinite(value) or value <= 0:
            raise ArgumentError(f"{name} must be a positive number, got {quote(value)}")
    return check


@attrs.frozen(kw_only=True)
class Settings:
    """A game server's options. Every limit has a default fit for a public server."""

    host: str = "127.0.0.1"
    """The address it listens on: also a name it answers to (``Host``)."""
    allow_hosts: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """More names it answers to (``--allow-host``): a request with another ``Host`` is a
    400 (DNS rebinding)."""
    allow_origins: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """More origins whose pages may call it (``--allow-origin``); a request whose ``Origin``
    is neither its own nor one of these is a 403 (a forged cross-site request)."""
    allow_engines: bool = False
    """Whether tables may seat ``engine:COMMAND`` (a program run on this machine)."""
    admin_token: str | None = attrs.field(default=None, repr=False)
    """The operator token: a table with an ``engine:`` seat is created only with it."""
    engine_env: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """The variables of the server's environment passed on to engines besides
    `ENGINE_ENVIRONMENT` (``--engine-env``)."""
    engine_move_seconds: float = attrs.field(default=10.0, validator=_seconds(
        "--engine-move-seconds"))
    """An engine's time for one move; a later answer forfeits its seat."""
    max_creates_per_minute: int = attrs.field(default=30, validator=_count(
        "--max-creates-per-minute"))
    """Tables one client address may create in a minute."""
    max_live_tables: int = attrs.field(default=1000, validator=_count("--max-live-tables"))
    """Tables being played in this process at once (a seat connected, or its agents and
    engines playing): a new table beyond is refused (429)."""
    max_sockets_per_table: int = attrs.field(default=64, validator=_count(
        "--max-sockets-per-table"))
    """WebSocket connections to one table (its seats' own always get in)."""
    max_messages_per_second: int = attrs.field(default=100, validator=_count(
        "--max-messages-per-second"))
    """Messages read from one WebSocket connection a second (bursts of twice as many);
    more wait their turn (the client's sends with them)."""
    max_agents_thinking: int = attrs.field(default=2, validator=_count(
        "--max-agents-thinking"))
    """Our agents thinking at once (threads; the tables whose agent is to move wait their
    turn, first come first served)."""
    max_engines_thinking: int = attrs.field(default=16, validator=_count(
        "--max-engines-thinking"))
    """Engines thinking at once (each waits for its program within its move time)."""
    expire_days: float = attrs.field(default=30.0, validator=_seconds("--expire-days"))
    """Tables nobody moved in for this many days are deleted."""
    seed_secret: bytes = attrs.field(factory=lambda: secrets.token_bytes(32), repr=False)
    """Mixed into the seed of a table with a person or a remote bot at it (`played_seed`)."""

    def __attrs_post_init__(self) -> None:
        if self.allow_engines and self.admin_token is None:
            raise ArgumentError(
                f"--allow-engines needs an operator token: --admin-token-file PATH or the "
                f"environment variable {ADMIN_TOKEN_VARIABLE}")
        if self.admin_token is not None and len(self.admin_token) < MIN_ADMIN_TOKEN:
            raise ArgumentError(f"the operator token must have at least {MIN_ADMIN_TOKEN} "
                                f"characters")
        for origin in self.allow_origins:
            if origin_of(origin) is None:
                raise ArgumentError(f"--allow-origin takes an origin such as "
                                    f"https://games.example.org, got {quote(origin)}")

    @property
    def host_names(self) -> frozenset[str]:
        """Every name the server answers to (lower case, without a port)."""
        return frozenset(name.lower().strip("[]")
                         for name in (self.host, *LOOPBACK_NAMES, *self.allow_hosts))

    def engine_environment(self, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
        """An engine program's whole environment: `ENGINE_ENVIRONMENT` and `engine_env`
        from ``environ`` (where set), nothing else of the server's."""
        return {name: environ[name] for name in (*ENGINE_ENVIRONMENT, *self.engine_env)
                if name in environ}


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an origin or URL, lower case, the scheme's default port
    left out (``ws``/``wss`` read as ``http``/``https``); None if it is none.

    >>> origin_of("HTTPS://Games.Example.org:443/path"), origin_of("null")
    ('https://games.example.org', None)
    """
    scheme, sep, rest = url.partition("://")
    scheme = {"ws": "http", "wss": "https"}.get(scheme.lower(), scheme.lower())
    if not sep or scheme not in ("http", "https"):
        return None
    authority = rest.split("/", 1)[0].lower()
    if not authority or "@" in authority:
        return None
    default = ":443" if scheme == "https" else ":80"
    if authority.endswith(default):
        authority = authority[: -len(default)]
    return f"{scheme}://{authority}"


def read_admin_token(path: str | Path | None,
                     environ: Mapping[str, str] = os.environ) -> str | None:
    """The operator token: the file's first line (``--admin-token-file``), else the
    environment variable `ADMIN_TOKEN_VARIABLE`, else None."""
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ArgumentError(f"cannot read the operator token file: {exc}") from None
        return text.strip().splitlines()[0].strip() if text.strip() else ""
    token = environ.get(ADMIN_TOKEN_VARIABLE)
    return token.strip() if token is not None else None


def played_seed(secret: bytes, seed: int) -> int:
    """The seed a table with a person or a remote bot at it plays: its creator's ``seed``
    mixed with the server's ``secret`` (HMAC-SHA256, 63 bits), so that whoever chose the
    seed cannot compute the hidden deals and future draws from it.

    >>> played_seed(b"k", 7) == played_seed(b"k", 7) != played_seed(b"other", 7)
    True
    """
    digest = hmac.new(secret, str(seed).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1
