"""Agents by name, per game: what ``--bots random,greedy`` on the command line looks up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import RulesError, get_game
from .exxtra import ExxtraHeuristicAgent
from .random import RandomAgent
from .verflixxt import GreedyAgent
from .verflixxt_hoch import HochGreedyAgent

AGENTS: dict[str, dict[str, Callable[[int | None], Any]]] = {
    "verflixxt": {"random": RandomAgent, "greedy": GreedyAgent},
    "exxtra": {"random": RandomAgent, "heuristic": ExxtraHeuristicAgent},
    "verflixxt_hoch": {"random": RandomAgent, "greedy": HochGreedyAgent},
}
"""For each game, the agent names and their factories (taking a seed)."""


def make_agent(name: str, game: str, *, seed: int | None = None) -> Any:
    """Build the agent called ``name`` for ``game``, seeded with ``seed``."""
    game = get_game(game).NAME
    factories = AGENTS.get(game, {})
    if name not in factories:
        raise RulesError(f"no agent {name!r} for {game}; choose from {', '.join(factories)}")
    return factories[name](seed)
