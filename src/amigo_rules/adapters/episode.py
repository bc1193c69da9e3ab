"""What the framework adapters share: a game under given rules with its move limit, one
game in progress with chance drawn from a seeded generator, and the text of the table.

No framework is imported here.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import numpy as np

from ..core import (
    CHANCE,
    TERMINAL,
    ArgumentError,
    GameSpec,
    RulesError,
    checks,
    get_game,
    sample_chance,
)

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "NO_RGB",
    "RENDER_FPS",
    "RENDER_MODES",
    "Episode",
    "Table",
    "observation_bounds",
    "render_metadata",
    "show",
    "table",
]

DEFAULT_MAX_GAME_LENGTH = 5000
"""The move limit of the adapters where the rules bound no game (``spec.max_game_length``
is None): about ten times the longest of thousands of random games of every game."""


@attrs.frozen
class Table:
    """A game under one `Rules` value, with the number of moves after which the adapters
    stop it (chance outcomes and setup included)."""

    module: ModuleType = attrs.field(eq=False)
    """The game's module (``amigo_rules.get_game(name)``)."""
    rules: Any
    """The game's `Rules`."""
    spec: GameSpec
    """``module.spec(rules)``."""
    max_game_length: int
    """The move limit: a game that reaches it unfinished is truncated."""

    @property
    def truncates(self) -> bool:
        """Whether a game can reach the move limit before its end."""
        bound = self.spec.max_game_length
        return bound is None or self.max_game_length < bound

    def __copy__(self) -> Table:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return table, (self.module.NAME, self.rules, self.max_game_length)


def table(game: str | ModuleType, rules: Any = None, max_game_length: int | None = None) -> Table:
    """The `Table` of ``game`` (a name of ``amigo_rules.GAMES`` or its module) under ``rules``
    (None: the game's default rules).

    ``max_game_length`` stops every game after that many moves (chance outcomes included),
    scored by ``returns`` (all zero: nobody won) and flagged truncated; None keeps the
    rules' own bound, or `DEFAULT_MAX_GAME_LENGTH` where the rules bound no game.

    >>> t = table("verflixxt")
    >>> t.max_game_length, t.truncates
    (1096, False)
    >>> table("exxtra", max_game_length=300).truncates
    True
    """
    module = get_game(game)
    rules = module.initial_state(rules).rules
    spec = module.spec(rules)
    if max_game_length is None:
        bound = spec.max_game_length
        max_game_length = DEFAULT_MAX_GAME_LENGTH if bound is None else bound
    elif checks.integer(max_game_length, "max_game_length") < 1:
        raise RulesError(f"max_game_length must be a positive integer, got {max_game_length}")
    return Table(module, rules, spec, int(max_game_length))


def observation_bounds(spec: GameSpec) -> tuple[np.ndarray, np.ndarray]:
    """``float32`` bounds of the observation array for a framework's ``Box``: the spec's,
    with the high bound raised to 1 where both are 0 (entries the rules hold at 0, such as
    the tile kinds a hoch² box lacks: Gymnasium rejects a range of one value)."""
    low = np.asarray(spec.observation_low, dtype=np.float32)
    high = np.asarray(spec.observation_high, dtype=np.float32)
    return low, np.where(high == low, low + 1, high)


RENDER_MODES = ("human", "ansi", "rgb_array")
"""The render modes of the environments: ``"human"`` prints the table as text, ``"ansi"``
returns the text; ``"rgb_array"`` is accepted (the frameworks' tools ask for it) but draws
nothing, see `NO_RGB`."""
RENDER_FPS = 4
"""``metadata["render_fps"]``: frames per second a viewer of ``"human"`` rendering may
show."""


def render_metadata(**more: Any) -> dict[str, Any]:
    """An environment's ``metadata``, new each time: its render modes (`RENDER_MODES`, as
    a list, which the frameworks' checkers ask for) and `RENDER_FPS`, then ``more``."""
    return {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS, **more}


NO_RGB = (
    "render_mode 'rgb_array' draws nothing: an RGB image of the table needs a rasteriser for "
    "its SVG (a system library such as cairo), which amigo-rules does not depend on; render() "
    "returns None. Use render_mode 'ansi', or the game's render_svg(state)."
)
"""The warning of ``render()`` in ``"rgb_array"`` mode."""


def render_mode(value: Any) -> str | None:
    """An environment's ``render_mode``: None or one of `RENDER_MODES`; another type is an
    `ArgumentError`, another text a `RulesError`."""
    if value is not None and type(value) is not str:
        raise ArgumentError(f"render_mode must be None or a string, got {checks.type_name(value)}")
    if value is not None and value not in RENDER_MODES:
        raise RulesError(f"render_mode must be None, 'human', 'ansi' or 'rgb_array', got "
                         f"{checks.quote(value)}")
    return value


def show(mode: str | None, draw: Callable[[], str]) -> str | None:
    """``render()`` in ``mode``: the text ``draw()`` returns for ``"ansi"``, printed for
    ``"human"``; None (with the warning `NO_RGB`) for ``"rgb_array"``, None without a
    mode."""
    if mode is None:
        return None
    if mode == "rgb_array":
        warnings.warn(NO_RGB, UserWarning, stacklevel=3)
        return None
    text = draw()
    if mode == "ansi":
        return text
    print(text)
    return None


class Episode:
    """One game in progress at a `Table`: its state, the moves made so far, and chance
    outcomes drawn from ``rng`` (exact probabilities, `amigo_rules.sample_chance`)."""

    def __init__(self, table: Table, rng: np.random.Generator) -> None:
        self.table = table
        """The game, its rules and its move limit."""
        self.rng = rng
        """The generator chance outcomes are drawn from."""
        self.state = table.module.initial_state(table.rules)
        """The current state, from ``initial_state`` (the setup is played as chance)."""
        self.moves = 0
        """How many moves were made, chance outcomes and the setup included."""

    @property
    def truncated(self) -> bool:
        """The move limit stopped the game before its end."""
        return self.moves >= self.table.max_game_length and not self.finished

    @property
    def finished(self) -> bool:
        """The game ended by its rules."""
        finished: bool = self.table.module.is_terminal(self.state)
        return finished

    @property
    def player(self) -> int:
        """Whose move it is: a player, `CHANCE`, or `TERMINAL` (also once truncated)."""
        if self.moves >= self.table.max_game_length:
            return TERMINAL
        player: int = self.table.module.current_player(self.state)
        return player

    def play(self, move: Any) -> None:
        """Apply ``move`` (legal here; `IllegalMoveError` otherwise, nothing changed)."""
        self.state = self.table.module.apply(self.state, move)
        self.moves += 1

    def play_chance(self) -> None:
        """Draw and apply chance outcomes until a player is to move or the game is over."""
        module = self.table.module
        while self.player == CHANCE:
            self.play(sample_chance(module, self.state, self.rng))

    def returns(self) -> tuple[float, ...]:
        """Each player's return: ``module.returns`` (zeros before the end and when
        truncated)."""
        returns: tuple[float, ...] = self.table.module.returns(self.state)
        return returns

    def render(self, mode: str | None, viewer: Callable[[], int]) -> str | None:
        """An environment's ``render()`` in ``mode`` (`show`): the table as text, as the
        seat ``viewer()`` sees it (asked only when drawing: an environment may know no
        seat before it is reset)."""
        return show(mode, lambda: str(self.table.module.render_text(self.state,
                                                                    player=viewer())))
