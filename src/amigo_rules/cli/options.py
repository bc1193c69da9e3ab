"""The options the commands share and their checks: every bad value is a usage error
(exit code 2) naming the allowed values."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import cycle, islice
from typing import Any, TypeVar, cast

import click
import numpy as np
from rich.console import Console

from ..agents import AGENTS, SEARCH_AGENTS, make_agent
from ..arena.plan import agent_seed
from ..core import RulesError
from . import games
from .games import View

__all__ = [
    "BOTS",
    "CONTEXT",
    "GAME",
    "GAMES_HELP",
    "PLAYERS",
    "PRESET",
    "SEED",
    "VARIANT",
    "agent_seed",
    "agents_listed",
    "bot_names",
    "console",
    "fresh_seed",
    "game_options",
    "game_rules",
    "load_view",
    "make_rules",
    "option_error",
    "rules_options",
    "with_options",
]

F = TypeVar("F", bound=Callable[..., Any])
"""A click command (or the function it is made of)."""

CONTEXT = {"help_option_names": ["-h", "--help"]}


def console(*, stderr: bool = False) -> Console:
    """The output console: colour on a terminal, plain text when piped."""
    return Console(highlight=False, stderr=stderr)


def fresh_seed(seed: int | None = None) -> int:
    """``seed``, or when it is None a random seed (printed, so that the game can be
    replayed)."""
    if seed is not None:
        return seed
    # a SeedSequence made without entropy draws an int of its own
    return cast(int, np.random.SeedSequence().entropy) % 2**32


def load_view(name: str) -> View:
    try:
        return games.view(name)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="'GAME'") from None


def game_rules(game: str, preset: str | None, players: int | None,
               variants: Sequence[str]) -> tuple[View, Any]:
    """The view of ``game`` and the rules from the options (`make_rules`)."""
    view = load_view(game)
    return view, make_rules(view, preset, players, variants)


def make_rules(
    view: View, preset: str | None, players: int | None, variants: Sequence[str]
) -> Any:
    """The rules from the options, every bad value a usage error (exit code 2)."""
    if preset is not None and preset not in view.presets:
        known = ", ".join(view.presets) or "none"
        raise click.BadParameter(
            f"{preset!r} is not a preset of this game; the presets are: {known}",
            param_hint="'--preset'",
        )
    for variant in variants:
        if variant not in view.variants:
            known = ", ".join(view.variants) or "none yet"
            raise click.BadParameter(
                f"{variant!r} is not a variant of this game; the variants are: {known}",
                param_hint="'--variant'",
            )
    try:
        return view.make_rules(preset, players, tuple(variants))
    except RulesError as exc:
        raise option_error(view, str(exc), variants) from None


def option_error(view: View, message: str, variants: Sequence[str]) -> click.UsageError:
    """A `Rules` error told in the command line's words: ``Rules.players`` is
    ``--players``, a field a variant sets is that variant."""
    if message.startswith("Rules.players"):
        return click.BadParameter(message.removeprefix("Rules.players "),
                                  param_hint="'--players'")
    for variant in variants:
        for field in view.variant_options[variant][1]:
            message = re.sub(rf"\bRules\.{field}\b", f"'{variant}'", message)
    message = re.sub(r"\bRules\.(\w+)", r"\1", message)
    hint = "'--variant'" if variants else "'--preset'"
    return click.BadParameter(message, param_hint=hint)


def bot_names(game: str, bots: str | None, count: int) -> list[str]:
    """``count`` agent names from ``--bots`` (cycled, parameters allowed: ``mcts:100``), by
    default the game's agents in turn, searching agents left out (seconds per move)."""
    registered = list(AGENTS.get(game, {}))
    lineup = [name for name in registered if name not in SEARCH_AGENTS]
    names = lineup if bots is None else [b.strip() for b in bots.split(",")]
    for name in names:
        try:
            make_agent(name, game, seed=0)
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="'--bots'") from None
    if not names:
        raise click.BadParameter("name at least one agent", param_hint="'--bots'")
    return list(islice(cycle(names), count))


def variant_help() -> str:
    """The help of ``--variant``: every game's variant names."""
    listed = []
    for name in games.names():
        variants = games.view(name).variants
        if variants:
            listed.append(f"{name}: {', '.join(variants)}")
    return (
        "A variant, repeatable (see 'amigo-rules variants GAME'). " + "; ".join(listed) + "."
    )


def with_options(*options: Callable[[F], F]) -> Callable[[F], F]:
    """A decorator applying ``options`` in the order given (as ``--help`` lists them)."""

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def preset_help() -> str:
    """The help of ``--preset``: every game's presets."""
    listed = [f"{name}: {', '.join(games.view(name).presets)}" for name in games.names()
              if games.view(name).presets]
    return "A preset of the game's rules (default: the game's first). " + "; ".join(listed) \
        + "."


def agents_listed() -> str:
    """Every game's registered agents, for the help of ``--bots`` and ``--agents``."""
    listed = "; ".join(f"{name}: {', '.join(AGENTS.get(name, {}))}" for name in games.names())
    return (listed + "; every game: engine:COMMAND (a program speaking the seat protocol), "
            "ppo:PATH (a trained MaskablePPO model; the [rl] extra)")


def bots_help() -> str:
    """The help of ``--bots``: every game's agents."""
    return ("Agent names, one per bot seat, cycled (default: the game's agents in turn). "
            + agents_listed() + ".")


PRESET = click.option("--preset", metavar="NAME", help=preset_help())
PLAYERS = click.option("--players", type=click.IntRange(min=1), metavar="N",
                       help="Number of players (default: 4).")
SEED = click.option("--seed", type=click.IntRange(min=0), metavar="S",
                    help="Seed of the setup, the dice and the bots (default: random, "
                         "printed).")
BOTS = click.option("--bots", metavar="NAME,…", help=bots_help())
VARIANT = click.option(
    "--variant", "variants", multiple=True, metavar="NAME", help=variant_help()
)

rules_options = with_options(PRESET, PLAYERS, VARIANT)
"""The options that choose a game's rules: ``--preset``, ``--players``, ``--variant``."""
game_options = with_options(PRESET, PLAYERS, SEED, BOTS, VARIANT)
"""The options of a command that sets up a game with bots: the rules, ``--seed``, ``--bots``."""

GAME = click.argument(
    "game", metavar="GAME", type=click.Choice(games.names(), case_sensitive=False)
)
GAMES_HELP = "GAME is one of: " + ", ".join(games.names()) + "."
"""A line for the help of every command taking GAME (arguments have no help of their own)."""
