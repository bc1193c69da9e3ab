"""What the search knows of each game: rollout policies and the evaluation of a rollout
cut off before the end.

A rollout policy is ``policy(state, legal_moves, random) -> move``; it sees the state of
the simulation (a determinisation: nothing of the true hidden state). ``"random"`` is
uniform; ``"greedy"`` plays the game's one-ply agent on a view of the state (the attributes
of the observation it reads, taken from the state: no observation is built), with a share
``EPSILON`` of uniformly random moves so that rollouts still explore.

A cut-off rollout is scored by ``softmax(b * (score + w * pending))``: each player's score
plus a share ``w`` of what the tiles under their pawns standing alone would add (`Pending`,
tile-track games only; the rung of a pair in EXXtra), turned into estimated shares of the
win. `SHARPNESS` (``b``) and `PENDING` (``w``) are fitted by maximum likelihood to the
winners of 4-player games between the baseline agents (``python benchmarks/ladder.py
fit``). The evaluation ``"fitted"`` scores by a game's fitted value function instead
(EXXtra's `amigo_rules.agents.exxtra_value`, the tile games' `amigo_rules.agents.track_value`);
`DEFAULTS` say which a game's search takes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

import attrs

from ..core import RulesError
from ..core.checks import quote
from ..core.ties import TIE
from . import exxtra_value
from .exxtra import ExxtraHeuristicAgent
from .pending import TAKEABLE, Pending, ladder, pending_for
from .track_value import value_for
from .value import shipped
from .verflixxt import VerflixxtGreedyAgent
from .verflixxt_hoch import VerflixxtHochGreedyAgent

__all__ = [
    "DEFAULTS",
    "EPSILON",
    "EVALUATIONS",
    "FITTED",
    "PENDING",
    "POLICIES",
    "POLICY_NAMES",
    "PRIORS",
    "SHARPNESS",
    "TAKEABLE",
    "Defaults",
    "Pending",
    "TrackView",
    "evaluation_for",
    "ladder",
    "one_ply",
    "pending_for",
    "policy_for",
    "prior_for",
    "ranking",
    "search_defaults",
    "softmax",
]

Policy = Callable[[Any, tuple[Any, ...], Callable[[], float]], Any]
"""``policy(state, legal_moves, random) -> move``; ``random()`` is uniform in [0, 1)."""
Evaluation = Callable[[Any], tuple[float, ...]]
"""``evaluate(state) -> returns``: each player's estimated share of the win."""
Prior = Callable[[Any, tuple[Any, ...]], list[float]]
"""``prior(state, legal_moves) -> weights``: per move a weight in [0, 1], 1 for the best."""

EPSILON = 0.1
"""The share of uniformly random moves of the greedy rollout policies."""
SHARPNESS = {"verflixxt": 0.14, "verflixxt_hoch": 0.105, "exxtra": 0.185}
"""Per game, ``b`` of the cut-off evaluation ``softmax(b * (score + w * pending))``."""
PENDING = {"verflixxt": 0.7, "verflixxt_hoch": 0.4, "exxtra": 0.5}
"""Per game, ``w``: how much the pending gains (`Pending`, `ladder`) count."""


def softmax(values: tuple[float, ...], sharpness: float) -> tuple[float, ...]:
    """``exp(sharpness * v)`` normalised: estimated win shares from a per-player measure.

    >>> softmax((1.0, 1.0), 2.0)
    (0.5, 0.5)
    """
    top = max(values)
    weights = [math.exp(sharpness * (v - top)) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


class TrackView:
    """The observation attributes the greedy agents of the tile-track games read, taken
    from a state of Verflixxt! or hoch² for the player to move."""

    __slots__ = ("arrived_hat", "guards", "hand", "hats", "pawns", "roll", "rules", "tiles",
                 "tokens", "towers", "viewer")

    def __init__(self, state: Any) -> None:
        board = state.board
        self.viewer = player = state.player
        """The player to move, as the observation's viewer."""
        self.rules = state.rules
        """The game's rules."""
        self.tiles = board.tiles
        """The track from start to finish."""
        self.pawns = board.pawns
        """Each player's pawn positions, ascending."""
        self.guards = board.guards
        """The guards' positions, ascending."""
        self.towers = state.towers
        """Each player's tower (hoch²: collection)."""
        self.roll = getattr(state, "roll", 0)
        """The die rolled this turn (Verflixxt!), else 0."""
        hands = state.hands
        self.hand = hands[player] if hands else ()
        """The viewer's cards (hoch², tactical cards), else empty."""
        self.hats = getattr(state, "hats", None)
        """hoch²: (player, position) of the lucky hat's and the cursed cap's wearers, else None."""
        self.tokens = getattr(state, "tokens", 0)
        """hoch²: finish tokens taken so far, else 0."""
        self.arrived_hat = getattr(state, "arrived_hat", 0)
        """hoch²: the hat of the pawn that just moved (0 none, 1 lucky, 2 cursed), else 0."""


def one_ply(
    values: Callable[[Any, tuple[Any, ...]], list[float]], view: Callable[[Any], Any]
) -> Policy:
    """A rollout policy playing a best move of ``values(view(state), moves)``, ties at
    random, and a uniformly random move with probability `EPSILON`."""

    def policy(state: Any, moves: tuple[Any, ...], random: Callable[[], float]) -> Any:
        if random() < EPSILON:
            return moves[int(random() * len(moves))]
        scores = values(view(state), moves)
        best = max(scores) - TIE
        choices = [m for m, v in zip(moves, scores, strict=True) if v >= best]
        return choices[int(random() * len(choices))]

    return policy


def ranking(
    values: Callable[[Any, tuple[Any, ...]], list[float]], view: Callable[[Any], Any]
) -> Prior:
    """A prior from a one-ply agent's ``values``: 1 for the best move, 0 for the worst,
    linear in between (all 1 when they are equal)."""

    def prior(state: Any, moves: tuple[Any, ...]) -> list[float]:
        scores = values(view(state), moves)
        low, high = min(scores), max(scores)
        if high - low <= TIE:
            return [1.0] * len(scores)
        return [(v - low) / (high - low) for v in scores]

    return prior


def _itself(state: Any) -> Any:
    return state


POLICIES: dict[str, dict[str, Callable[[], Policy]]] = {
    "verflixxt": {"greedy": lambda: one_ply(VerflixxtGreedyAgent().values, TrackView)},
    "verflixxt_hoch": {"greedy": lambda: one_ply(VerflixxtHochGreedyAgent().values, TrackView)},
    # an EXXtra state has the attributes of an observation by the player to move
    "exxtra": {"greedy": lambda: one_ply(ExxtraHeuristicAgent().values, _itself)},
}
"""Per game, the rollout policies besides ``random``, by name."""
PRIORS: dict[str, Callable[[], Prior]] = {
    "exxtra": lambda: ranking(exxtra_value.move_values, _itself),
}
"""Per game, a prior over the moves of a decision, for the search's progressive bias."""

POLICY_NAMES = ("random", *sorted({name for names in POLICIES.values() for name in names}))
"""Every rollout policy name some game knows."""

@attrs.frozen
class Defaults:
    """What the search uses for a game unless told otherwise."""

    rollout: str = "random"
    """The rollout policy."""
    depth: int | None = None
    """Moves before a rollout is cut off and evaluated; None: to the end."""
    exploration: float = 0.7
    """The UCB1 constant."""
    prior: float = 0.0
    """The weight of the game's prior (`PRIORS`); 0: none."""
    floor: float = 0.0
    """The share of the prior's weight that never fades: the bias is
    ``prior * rank * max(1 / (visits + 1), floor)``."""
    evaluation: str = "softmax"
    """The cut-off evaluation: ``"softmax"`` (``softmax(b * (score + w * pending))``),
    ``"fitted"`` (the game's fitted value: EXXtra's in `FITTED`, the tile-track games'
    `amigo_rules.agents.track_value.Value`) or ``"learned"`` (the game's learned value,
    `amigo_rules.agents.value.shipped`)."""


DEFAULTS: dict[str, Defaults] = {
    "verflixxt": Defaults("random", 10, 1.0, evaluation="learned"),
    "verflixxt_hoch": Defaults("random", 10, 1.0, evaluation="learned"),
    "exxtra": Defaults("random", 0, 0.05, 1.0, evaluation="fitted"),
}
"""Per game, the settings measured best (see the bot authors' page); a game not listed
gets ``Defaults()``: random rollouts to the end."""


def _name(game: ModuleType) -> str:
    return getattr(game, "NAME", "")


def search_defaults(game: ModuleType) -> Defaults:
    """The settings the search uses for ``game`` unless told otherwise."""
    return DEFAULTS.get(_name(game), Defaults())


def policy_for(game: ModuleType, rollout: str | Policy) -> Policy | None:
    """The rollout policy ``rollout`` names for ``game`` (None: uniformly random)."""
    if callable(rollout):
        return rollout
    if rollout == "random":
        return None
    known = POLICIES.get(_name(game), {})
    if rollout not in known:
        names = ", ".join(("random", *known))
        raise RulesError(f"no rollout policy {quote(rollout)} for {_name(game) or game}: {names}")
    return known[rollout]()



def prior_for(game: ModuleType, kind: str = "fitted") -> Prior | None:
    """The prior of ``game``'s search, or None if it has none: with ``kind="learned"``
    the ranking of the moves by the game's learned value of the state after each
    (`amigo_rules.agents.value.LearnedValue.move_values`), else the game's own (`PRIORS`)."""
    if kind == "learned":
        return ranking(shipped(_name(game)).move_values, _itself)
    make = PRIORS.get(_name(game))
    return None if make is None else make()


EVALUATIONS = ("softmax", "fitted", "learned")
"""The kinds of cut-off evaluation (`Defaults.evaluation`)."""
FITTED: dict[str, Callable[[], Evaluation]] = {
    "exxtra": lambda: partial(exxtra_value.evaluate, weights=exxtra_value.load()),
}
"""EXXtra's fitted value function (`amigo_rules.agents.exxtra_value`); the tile games' is
`amigo_rules.agents.track_value`."""


def evaluation_for(game: ModuleType, sharpness: float | None = None,
                   weight: float | None = None, kind: str = "softmax") -> Evaluation:
    """The evaluation of ``game``'s cut-off rollouts: ``softmax(b * (score + w *
    pending))`` with ``b`` = `SHARPNESS` and ``w`` = `PENDING` of the game unless given,
    with ``kind="fitted"`` the game's fitted value (EXXtra's in `FITTED`, the tile
    games' `amigo_rules.agents.track_value`), with ``kind="learned"`` its learned value
    (`amigo_rules.agents.value.shipped`). `DEFAULTS` say which kind a game's search
    takes."""
    name = _name(game)
    if kind not in EVALUATIONS:
        raise RulesError(f"evaluation must be one of {', '.join(map(repr, EVALUATIONS))}, "
                         f"got {quote(kind)}")
    if kind == "learned":
        return shipped(name)
    if kind == "fitted":
        value = FITTED[name]() if name in FITTED else value_for(game)
        if value is None:
            raise RulesError(f"no fitted value for {name or game}")
        return value
    if name not in SHARPNESS:
        raise RulesError(f"no evaluation for cut-off rollouts of {name or game}: use depth=None")
    score = game.score
    b = SHARPNESS[name] if sharpness is None else sharpness
    w = PENDING.get(name, 0.0) if weight is None else weight
    pending = pending_for(game)
    if not w or pending is None:
        return lambda state: softmax(score(state), b)

    def evaluate(state: Any) -> tuple[float, ...]:
        gains = pending(state)
        return softmax(tuple(s + w * g for s, g in zip(score(state), gains, strict=True)), b)

    return evaluate
