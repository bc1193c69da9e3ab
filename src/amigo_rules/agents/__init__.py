"""Ready agents. An agent sees only an observation and the legal moves, never the state.

``make_agent(name, game, seed=...)`` builds one by name, as the command line does.
`OnePlyAgent` is the frame of the greedy agents: subclass it with a ``value`` method to
write your own.
"""

from .exxtra import ExxtraHeuristicAgent
from .mcts import MCTSAgent, game_of
from .oneply import OnePlyAgent
from .random import RandomAgent
from .registry import AGENTS, SEARCH_AGENTS, make_agent
from .verflixxt import GreedyAgent
from .verflixxt_hoch import HochGreedyAgent

__all__ = [
    "AGENTS",
    "SEARCH_AGENTS",
    "ExxtraHeuristicAgent",
    "GreedyAgent",
    "HochGreedyAgent",
    "MCTSAgent",
    "OnePlyAgent",
    "RandomAgent",
    "game_of",
    "make_agent",
]
