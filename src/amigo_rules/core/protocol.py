"""The game protocol: the module-level functions every game subpackage exposes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .breakdown import Breakdown
from .events import Event
from .spec import GameSpec
from .wording import Wording

Move = Any
"""A game's move: a small frozen attrs value whose ``str`` is its notation."""
State = Any
"""A game's state: a frozen attrs value holding everything, its ``Rules`` included."""


@runtime_checkable
class Observation(Protocol):
    """What one player may see of a state."""

    def to_array(self) -> np.ndarray:
        """The observation as a flat numeric array (laid out as the game page's table says)."""


class Game(Protocol):
    """What ``amigo_rules.get_game(name)`` returns: a game subpackage.

    Every function is pure: the same arguments give the same result and no input is changed.
    The documentation page "For bot authors" describes each function.
    """

    NAME: str
    """The game's registered name (``"verflixxt"``)."""
    Rules: type
    """The game's rules class; ``Rules()`` is its default rule set."""
    RULE_TEXTS: Mapping[str, str]
    """Rule id -> a one-line statement of the rule."""

    def new_game(self, rules: Any = None, *, seed: int | None = None) -> State:
        """A game ready for its first move, its setup (the track, hands) drawn from ``seed``."""

    def initial_state(self, rules: Any = None) -> State:
        """The state before the setup, which follows as chance nodes (``lay T``, ``deal C`` …)."""

    def current_player(self, state: State) -> int:
        """The player to move, or ``CHANCE`` or ``TERMINAL``."""

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The legal moves (chance outcomes at a chance node), in a stable documented order."""

    def chance_outcomes(self, state: State) -> tuple[tuple[Move, Fraction], ...]:
        """At a chance node, each outcome with its exact probability; they sum to 1."""

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move`` (a move or chance outcome); ``IllegalMoveError`` if illegal."""

    def apply_events(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        """``apply``, and what the move did as events (the move first, then each consequence)."""

    def is_terminal(self, state: State) -> bool:
        """Whether the game is over."""

    def score(self, state: State) -> tuple[int, ...]:
        """Each player's score, by seat (at any state; final once the game is over)."""

    def winners(self, state: State) -> tuple[int, ...]:
        """The seats of the winners of a finished game (several on a tie)."""

    def returns(self, state: State) -> tuple[float, ...]:
        """Each player's share of the win: 1/k for each of k winners, 0 otherwise."""

    def observation(self, state: State, player: int) -> Observation:
        """What ``player`` may see of the state, never more."""

    def observation_to_json(
        self, observation: Observation, *, encode: Callable[[dict[str, Any]], str] = ...
    ) -> str:
        """The seat protocol's observation document of ``observation`` (JSON text), its
        fields written by ``encode`` (compact ASCII JSON; by default the standard
        library's)."""

    def observation_from_json(self, text: str | bytes) -> Observation:
        """The observation in a document of ``observation_to_json``, read strictly."""

    def observation_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's observation documents."""

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> State:
        """A full state consistent with ``observation``, hidden parts drawn from ``rng``."""

    def consistent_states(
        self, observation: Observation, limit: int
    ) -> tuple[State, ...] | None:
        """The equally likely states ``observation`` may stand for, or None past ``limit``."""

    def parse_move(self, state: State, text: str) -> Move:
        """The legal move of ``state`` written ``text`` in the game's notation."""

    def to_json(self, state: State) -> str:
        """The state as JSON text, which ``from_json`` reads back."""

    def from_json(self, text: str) -> State:
        """The state written by ``to_json``, checked to be well formed and consistent."""

    def spec(self, rules: Any = None) -> GameSpec:
        """The facts a bot framework needs: players, action counts, longest game, bounds."""

    def num_actions(self, rules: Any) -> int:
        """How many action ids the players' moves use under ``rules``."""

    def num_chance_outcomes(self, rules: Any) -> int:
        """How many action ids the chance outcomes use under ``rules``."""

    def action_id(self, state: State, move: Move) -> int:
        """The integer id of ``move`` in ``state``."""

    def move_for_action(self, state: State, action_id: int) -> Move:
        """The legal move of ``state`` with the id ``action_id``."""

    def legal_action_mask(self, state: State) -> np.ndarray:
        """A boolean array over all action ids, true for the legal ones."""

    def legal_action_ids(self, state: State) -> np.ndarray:
        """The ids of the legal moves, in the order of ``legal_moves``."""

    def render_text(
        self, state: State, *, player: int | None = None, width: int = 80,
        names: Sequence[str] | None = None,
    ) -> str:
        """The table as text, as ``player`` sees it (everything when None), the seats
        called ``names``."""

    def render_svg(
        self, state: State, *, player: int | None = None, names: Sequence[str] | None = None,
        highlight: Sequence[Event] | None = None,
    ) -> str:
        """The table as a standalone SVG picture, as ``player`` sees it (everything when
        None), the seats called ``names``, what the move of the events ``highlight`` did
        marked."""

    def move_events(
        self, before: State, move: Move, after: State, *, player: int | None = None
    ) -> tuple[Event, ...]:
        """What ``move`` did between ``before`` and ``after``, as events ``player`` may know of."""

    def redact_events(
        self, before: State, events: Sequence[Event], *, player: int | None = None
    ) -> tuple[Event, ...]:
        """The events of a move played in ``before`` (all shown) as ``player`` may know of
        them, without playing the move again."""

    def wording(self, rules: Any) -> Wording:
        """How the game's tiles, cards and pieces read in words (the narration's parts)."""

    def setup_events(self, state: State, *, player: int | None = None) -> tuple[Event, ...]:
        """The setup of a new game, as events ``player`` may know of."""

    def visible_notation(
        self, state: State, move: Move, *, player: int | None = None
    ) -> str | None:
        """The notation of ``move`` as ``player`` may see it; None when hidden from them."""

    def explain_score(
        self, state: State, *, names: Sequence[str] | None = None
    ) -> tuple[Breakdown, ...]:
        """How each player's score is made up, one ``Breakdown`` per seat (named
        ``names``)."""

    def relevant_rules(self, state: State) -> tuple[str, ...]:
        """The ids of the rules that bear on the decision in ``state``."""

Agent = Callable[[Observation, tuple[Move, ...]], Move]
"""An agent: ``agent(observation, legal_moves) -> move`` (or an object with ``.act``)."""
