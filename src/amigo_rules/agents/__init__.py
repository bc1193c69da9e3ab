"""Ready agents. An agent sees only an observation and the legal moves, never the state.

``make_agent(name, game, seed=...)`` builds one by name, as the command line does.
`OnePlyAgent` is the frame of the greedy agents: subclass it with a ``value`` method to
write your own. `ValueAgent` plays every game by its learned value, one ply deep. A game's
own agents are named after it: ``<Game>`` (the game's module name in CamelCase)
``<kind>Agent``, the kind being the registry name (`AGENTS`).
"""

from ..core.deprecation import renamed
from .exxtra import ExxtraHeuristicAgent
from .mcts import MCTSAgent, game_of
from .oneply import OnePlyAgent
from .random import RandomAgent
from .registry import AGENTS, SEARCH_AGENTS, make_agent
from .value import ValueAgent
from .verflixxt import VerflixxtGreedyAgent
from .verflixxt_hoch import VerflixxtHochGreedyAgent

__all__ = [
    "AGENTS",
    "SEARCH_AGENTS",
    "ExxtraHeuristicAgent",
    "MCTSAgent",
    "OnePlyAgent",
    "RandomAgent",
    "ValueAgent",
    "VerflixxtGreedyAgent",
    "VerflixxtHochGreedyAgent",
    "game_of",
    "make_agent",
]

__getattr__ = renamed(__name__, {"GreedyAgent": "VerflixxtGreedyAgent",
                                 "HochGreedyAgent": "VerflixxtHochGreedyAgent"}, globals())
