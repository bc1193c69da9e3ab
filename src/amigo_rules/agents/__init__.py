"""Ready agents. An agent sees only an observation and the legal moves, never the state.

``make_agent(name, game, seed=...)`` builds one by name, as the command line does.
"""

from .random import RandomAgent
from .registry import AGENTS, make_agent
from .verflixxt import GreedyAgent
from .verflixxt_hoch import HochGreedyAgent

__all__ = ["AGENTS", "GreedyAgent", "HochGreedyAgent", "RandomAgent", "make_agent"]
