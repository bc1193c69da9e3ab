"""amigo-rules: the complete rules of Verflixxt!, Verflixxt hoch² and EXXtra.

>>> import amigo_rules
>>> from amigo_rules.agents import RandomAgent
>>> record = amigo_rules.play("verflixxt", [RandomAgent()] * 4, seed=7)
>>> amigo_rules.get_game("verflixxt").is_terminal(record.final_state)
True
"""

from importlib.metadata import PackageNotFoundError, version

from .core import (
    CHANCE,
    GAMES,
    SPECTATOR,
    TERMINAL,
    AgentError,
    AmigoRulesError,
    ArgumentError,
    GameRecord,
    IllegalMoveError,
    InformationSet,
    RulesError,
    StateError,
    game_of,
    get_game,
    play,
    sample_chance,
)

try:
    __version__ = version("amigo-rules")
    """The installed version, read from the package's metadata (set in pyproject.toml)."""
except PackageNotFoundError:  # the sources on the path, never installed
    __version__ = "0+unknown"

__all__ = [
    "CHANCE",
    "GAMES",
    "SPECTATOR",
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
    "game_of",
    "get_game",
    "play",
    "sample_chance",
]
