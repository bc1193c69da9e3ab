"""The game-independent core: markers, errors, registry, chance sampling, play and records."""

from .arrays import ArrayBlock, ArrayPart
from .breakdown import Breakdown, Term
from .chance import sample_chance, sample_outcome
from .errors import (
    AgentError,
    AmigoRulesError,
    ArgumentError,
    IllegalMoveError,
    RulesError,
    StateError,
    WeightsError,
)
from .events import Event
from .games import game_of
from .infoset import InformationSet
from .nodes import CHANCE, SPECTATOR, TERMINAL
from .protocol import Agent, Game, Observation
from .record import GameRecord, agent_name, chance_rng, decide, play
from .registry import GAMES, get_game
from .spec import GameSpec, shares

__all__ = [
    "CHANCE",
    "GAMES",
    "SPECTATOR",
    "TERMINAL",
    "Agent",
    "AgentError",
    "AmigoRulesError",
    "ArgumentError",
    "ArrayBlock",
    "ArrayPart",
    "Breakdown",
    "Event",
    "Game",
    "GameRecord",
    "GameSpec",
    "IllegalMoveError",
    "InformationSet",
    "Observation",
    "RulesError",
    "StateError",
    "Term",
    "WeightsError",
    "agent_name",
    "chance_rng",
    "decide",
    "game_of",
    "get_game",
    "play",
    "sample_chance",
    "sample_outcome",
    "shares",
]
