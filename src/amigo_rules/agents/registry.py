"""Agents by name, per game: what ``--bots random,greedy`` on the command line and the
arena's ``"mcts:400"`` look up.

A name may carry parameters after colons, ``name:param[:param…]``: ``make_agent`` passes
them as strings to the agent class's ``from_params(*params, seed=...)``; a plain name calls
the class with ``seed`` alone.

Some names are plug-ins (`plugins`), declared as entry points of the group
``amigo_rules.agents`` (the package's own in its ``pyproject.toml``; another package may
add its own): ``engine:COMMAND`` is a program speaking the [seat protocol](../protocol.md),
taken from this process's pool of `amigo_rules.protocol` (a floor above the agents);
``ppo:PATH`` a trained ``MaskablePPO`` model (`amigo_rules.agents.learned`: it needs the
``[rl]`` extra). Each is loaded when first named.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ..core import GAMES, RulesError, get_game
from ..core.checks import cut, quote
from .exxtra import ExxtraHeuristicAgent
from .exxtra_rollout import ExxtraRolloutAgent
from .mcts import MCTSAgent
from .random import RandomAgent
from .value import ValueAgent
from .verflixxt import VerflixxtGreedyAgent
from .verflixxt_hoch import VerflixxtHochGreedyAgent

_OWN: dict[str, dict[str, Callable[..., Any]]] = {
    "verflixxt": {"greedy": VerflixxtGreedyAgent},
    "exxtra": {"heuristic": ExxtraHeuristicAgent, "rollout": ExxtraRolloutAgent},
    "verflixxt_hoch": {"greedy": VerflixxtHochGreedyAgent},
}
"""Each game's own agents, by name."""

AGENTS: dict[str, dict[str, Callable[..., Any]]] = {
    game: {"random": RandomAgent, **_OWN.get(game, {}), "mcts": MCTSAgent, "value": ValueAgent}
    for game in GAMES
}
"""For each game of `amigo_rules.GAMES`, the agent names and their classes (called with a
seed): ``random``, the game's own agents, ``mcts``."""

PLUGIN_GROUP = "amigo_rules.agents"
"""The entry point group of the agent plug-ins (`plugins`)."""

SEARCH_AGENTS = frozenset({"mcts", "rollout"})
"""The names of agents that search or simulate (a second or more per move at their
defaults): default line-ups, such as the command line's, leave them out."""


@cache
def plugins() -> dict[str, EntryPoint]:
    """The prefixes of agent names served by a plug-in, each with its entry point of the
    group `PLUGIN_GROUP`: ``prefix:REST`` loads the function it names (``module:function``,
    when first named) and calls it as ``function(REST, game, seed=...)``.

    >>> sorted(plugins())
    ['engine', 'ppo']
    >>> plugins()["engine"].value
    'amigo_rules.protocol.engine:pooled'
    """
    return {point.name: point for point in entry_points(group=PLUGIN_GROUP)}


def make_agent(name: str, game: str, *, seed: int | None = None) -> Any:
    """Build the agent called ``name`` (``"greedy"``, or with parameters ``"mcts:400"``) for
    ``game``, seeded with ``seed``.

    >>> make_agent("greedy", "verflixxt", seed=1).name
    'greedy'
    """
    game = get_game(game).NAME
    prefix, _, rest = str(name).partition(":")
    plugin = plugins().get(prefix)
    if plugin is not None:
        if not rest.strip():
            raise RulesError(f"agent {name!r} names nothing after {prefix + ':'!r}")
        return plugin.load()(rest, game, seed=seed)
    factories = AGENTS.get(game, {})
    base, *params = str(name).split(":")
    if base not in factories:
        raise RulesError(f"no agent {quote(base)} for {game}; choose from {', '.join(factories)}")
    factory = factories[base]
    if not params:
        return factory(seed)
    if getattr(factory, "from_params", None) is None:
        raise RulesError(f"agent {quote(base)} takes no parameters, got {quote(name)}")
    return with_params(factory, name, seed=seed)


def with_params(factory: Any, name: str, *, seed: int | None = None) -> Any:
    """``factory.from_params(*params, seed=seed)`` for the name ``base:param[:param…]``, its
    bad parameters a `RulesError` naming them (plugins with parameters call it too)."""
    base, *params = str(name).split(":")
    try:
        return factory.from_params(*params, seed=seed)
    except (TypeError, ValueError) as exc:
        raise RulesError(f"bad parameters for agent {quote(base)} in {quote(name)}: "
                         f"{cut(str(exc))}") from None
