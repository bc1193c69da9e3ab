"""amigo-rules: the complete rules of Verflixxt!, Verflixxt hoch² and EXXtra.

>>> import amigo_rules
>>> from amigo_rules.agents import RandomAgent
>>> record = amigo_rules.play("verflixxt", [RandomAgent()] * 4, seed=7)
>>> amigo_rules.get_game("verflixxt").is_terminal(record.final_state)
True
"""

from .core import (
    CHANCE,
    GAMES,
    TERMINAL,
    AgentError,
    AmigoRulesError,
    ArgumentError,
    GameRecord,
    IllegalMoveError,
    InformationSet,
    RulesError,
    StateError,
    get_game,
    play,
    sample_chance,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "AgentError",
    "AmigoRulesError",
    "ArgumentError",
    "GameRecord",
    "IllegalMoveError",
    "InformationSet",
    "RulesError",
    "StateError",
    "__version__",
    "get_game",
    "play",
    "sample_chance",
]
