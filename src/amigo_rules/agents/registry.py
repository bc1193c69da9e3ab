"""Agents by name, per game: what ``--bots random,greedy`` on the command line and the
arena's ``"mcts:400"`` look up.

A name may carry parameters after colons, ``name:param[:param…]``: ``make_agent`` passes
them as strings to the agent class's ``from_params(*params, seed=...)``; a plain name calls
the class with ``seed`` alone.

A name ``engine:COMMAND`` is a program speaking the [seat protocol](../protocol.md), taken
from this process's pool of `amigo_rules.protocol` (`PLUGINS`: loaded when first named,
since that package imports the agents, not the other way round); ``ppo:PATH`` a trained
``MaskablePPO`` model (`amigo_rules.agents.learned`, loaded when first named: it needs the
``[rl]`` extra); ``rollout:ROLLOUTS[:ROUNDS]`` EXXtra's rollout agent on the batch engine
(`amigo_rules.batch.rollout`, loaded when first named: the batch engine imports the agents,
not the other way round).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..core import RulesError, get_game
from ..core.checks import cut, quote
from .exxtra import ExxtraHeuristicAgent
from .mcts import MCTSAgent
from .random import RandomAgent
from .value import ValueAgent
from .verflixxt import VerflixxtGreedyAgent
from .verflixxt_hoch import VerflixxtHochGreedyAgent

AGENTS: dict[str, dict[str, Callable[..., Any]]] = {
    "verflixxt": {"random": RandomAgent, "greedy": VerflixxtGreedyAgent, "mcts": MCTSAgent,
                  "value": ValueAgent},
    "exxtra": {"random": RandomAgent, "heuristic": ExxtraHeuristicAgent, "mcts": MCTSAgent,
               "value": ValueAgent},
    "verflixxt_hoch": {
        "random": RandomAgent, "greedy": VerflixxtHochGreedyAgent, "mcts": MCTSAgent,
        "value": ValueAgent,
    },
}
"""For each game, the agent names and their classes (called with a seed)."""

PLUGINS: dict[str, str] = {
    "engine": "amigo_rules.protocol.engine:pooled",
    "ppo": "amigo_rules.agents.learned:loaded",
    "rollout": "amigo_rules.batch.rollout:agent",
}
"""Prefixes of agent names served by a module loaded when first named (a package that
imports the agents, or an optional dependency): ``prefix:REST`` calls the function named
(``module:function``) as ``function(REST, game, seed=...)``."""

SEARCH_AGENTS = frozenset({"mcts"})
"""The names of agents that search (seconds per move at their defaults): default line-ups,
such as the command line's, leave them out."""


def make_agent(name: str, game: str, *, seed: int | None = None) -> Any:
    """Build the agent called ``name`` (``"greedy"``, or with parameters ``"mcts:400"``) for
    ``game``, seeded with ``seed``.

    >>> make_agent("greedy", "verflixxt", seed=1).name
    'greedy'
    """
    game = get_game(game).NAME
    prefix, _, rest = str(name).partition(":")
    if prefix in PLUGINS:
        if not rest.strip():
            raise RulesError(f"agent {name!r} names nothing after {prefix + ':'!r}")
        module, _, function = PLUGINS[prefix].partition(":")
        return getattr(importlib.import_module(module), function)(rest, game, seed=seed)
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
