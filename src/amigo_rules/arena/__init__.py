"""Tournaments: many games between agents on any executor (a process pool, a Dask cluster),
results kept as JSON lines and resumable, a faulty agent forfeiting only its own game.

>>> from amigo_rules.arena import tournament
>>> result = tournament("exxtra", ["heuristic", "random"], games=6, seed=3)
>>> len(result.games), sorted(result.agents)
(6, ['heuristic', 'random'])

Dask (`amigo_rules.arena.dask`) and openskill (`amigo_rules.arena.ratings`) are optional
extras, imported only where they are used.
"""

from .plan import Match, agent_seed, game_seed, lineup
from .ratings import Rating
from .results import FAULT_KINDS, Fault, GameResult
from .standings import AgentStats, Head2Head, TournamentResult
from .tournament import tournament

__all__ = [
    "FAULT_KINDS",
    "AgentStats",
    "Fault",
    "GameResult",
    "Head2Head",
    "Match",
    "Rating",
    "TournamentResult",
    "agent_seed",
    "game_seed",
    "lineup",
    "tournament",
]
