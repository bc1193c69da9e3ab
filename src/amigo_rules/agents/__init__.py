"""Ready agents. An agent sees only an observation and the legal moves, never the state.

``make_agent(name, game, seed=...)`` builds one by name, as the command line does.
`OnePlyAgent` is the frame of the greedy agents: subclass it with a ``value`` method to
write your own. `ValueAgent` plays every game by its learned value, one ply deep. A game's
own agents are named after it: ``<Game>`` (the game's module name in CamelCase)
``<kind>Agent``, the kind being the registry name (`AGENTS`).
"""

from typing import Any

from .. import core
from ..core.deprecation import renamed
from .exxtra import ExxtraHeuristicAgent
from .exxtra_rollout import ExxtraRolloutAgent
from .mcts import MCTSAgent
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
    "ExxtraRolloutAgent",
    "MCTSAgent",
    "OnePlyAgent",
    "RandomAgent",
    "ValueAgent",
    "VerflixxtGreedyAgent",
    "VerflixxtHochGreedyAgent",
    "make_agent",
]

_renamed = renamed(__name__, {"GreedyAgent": "VerflixxtGreedyAgent",
                              "HochGreedyAgent": "VerflixxtHochGreedyAgent"}, globals())
_moved = renamed(__name__, {"game_of": "game_of"}, vars(core), moved_to=core.__name__)


def __getattr__(name: str) -> Any:
    """Old names served with a `DeprecationWarning`: ``GreedyAgent``, ``HochGreedyAgent``
    (renamed) and ``game_of`` (now `amigo_rules.core.game_of`, for any game object)."""
    return _moved(name) if name == "game_of" else _renamed(name)
