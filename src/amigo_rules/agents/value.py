"""The learned values, and the agent that plays by them (registry name ``value``).

`LearnedValue` estimates every seat's share of the win from the features of what one seat
may see (`amigo_rules.agents.features`), by a `amigo_rules.agents.model.ValueModel`
learned by self-play (`amigo_rules.learning`). It values many positions at once from a
batch engine's arrays (`of_batch`) and one position of the scalar engine at a time
(``value(state)``, `of_observation`). `shipped(game)` is the value shipped with the
library (``agents/data/value-<game>.json``, read when first asked for); `load` reads
another weights file.

`move_values` values every legal decision of a batch of games one ply deep: the mover's
share after each move, or with ``dice=True`` its mean over the chance outcomes that
follow the move (expectimax over the next roll or draw). `ValueAgent` plays the best move
by it, on a batch of one: the scalar agent and the batch policy (`one_ply`) are one
computation. `looked_ahead` looks further, over the dice and the next decisions, each
made by the value one ply deep (``value:N``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from ..batch import exxtra as exxtra_batch
from ..batch import lockstep
from ..batch import verflixxt as verflixxt_batch
from ..batch import verflixxt_hoch as verflixxt_hoch_batch
from ..core import CHANCE, ArgumentError, RulesError, game_of, get_game
from ..core.checks import quote, type_name
from ..core.ties import TIE
from .features import FEATURES, features, observation_features
from .model import ValueModel, from_json, read
from .oneply import OnePlyAgent

__all__ = [
    "AHEAD", "BATCH", "DATA", "LearnedValue", "ValueAgent", "active_seats", "after_values",
    "load", "looked_ahead", "move_values", "one_ply", "shipped",
]

BATCH: dict[str, ModuleType] = {
    "verflixxt": verflixxt_batch, "verflixxt_hoch": verflixxt_hoch_batch,
    "exxtra": exxtra_batch,
}
"""Per game, its batch engine."""
AHEAD = 4
"""The most decisions `ValueAgent` looks ahead (the positions grow as the chance outcomes'
number to that power)."""
DATA = "value-{game}.json"
"""The name of a game's shipped weights in the package's ``agents/data`` folder."""


def active_seats(games: Any) -> np.ndarray:
    """Per game of a batch the seat whose turn it is (at a chance node too: the seat about
    to roll or draw)."""
    if hasattr(games, "player"):
        return np.asarray(games.player, dtype=np.intp)
    return np.asarray(games.turn % games.rules.players, dtype=np.intp)


class LearnedValue:
    """Every seat's estimated share of the win, by a learned model, from what one seat
    sees (by default the seat whose turn it is). A finished game is valued by its result.

    >>> from amigo_rules import exxtra
    >>> value = shipped("exxtra")
    >>> shares = value(exxtra.new_game(exxtra.Rules(players=4)))
    >>> len(shares), round(sum(shares), 6)
    (4, 1.0)
    """

    def __init__(self, model: ValueModel) -> None:
        self.model = model
        """The model."""
        self.game = get_game(model.game)
        """The game's module."""
        self.engine = BATCH[model.game]
        """The game's batch engine."""

    def of_arrays(self, rules: Any, arrays: np.ndarray, active: Any) -> np.ndarray:
        """``float64[n, players]``: the shares of the positions whose observation arrays
        are ``arrays`` (``[n, array_length(rules)]``; the seat whose turn it is,
        ``active``), none of them finished."""
        return self.model.shares(features(self.model.game, rules, arrays, active))

    def of_batch(self, games: Any, viewer: int | np.ndarray | None = None) -> np.ndarray:
        """``float64[n, players]``: the shares of a batch engine's games, each seen by
        ``viewer`` (a seat, a seat per game, or None: the seat whose turn it is); finished
        games by their returns."""
        engine = self.engine
        seat = active_seats(games) if viewer is None else viewer
        over = engine.is_terminal(games)
        shares = np.asarray(engine.returns(games), dtype=np.float64)
        if not over.all():
            live = np.flatnonzero(~over)
            part = games if over.size == live.size else lockstep.rows_of(games, live)
            seats = seat if np.ndim(seat) == 0 else np.asarray(seat)[live]
            shares[live] = self.of_arrays(games.rules, engine.observation_array(part, seats),
                                          active_seats(part))
        return shares

    def of_observation(self, observation: Any) -> tuple[float, ...]:
        """The shares in the position of ``observation`` (of a game not yet finished), by
        `amigo_rules.agents.features.observation_features`: the numbers `of_batch` gives."""
        shares = self.model.shares(observation_features(self.model.game, observation))
        return tuple(shares.tolist())

    def move_values(self, state: Any, moves: tuple[Any, ...]) -> list[float]:
        """Per move of a decision, the share of the player to move after it (seen by that
        player): the search's prior ranks the moves by it."""
        game = self.game
        me = game.current_player(state)
        return [self(game.apply(state, move), me)[me] for move in moves]

    def __call__(self, state: Any, viewer: int | None = None) -> tuple[float, ...]:
        """The shares in ``state``, seen by ``viewer`` (default: the seat whose turn it
        is); a finished game's are its returns."""
        game = self.game
        if game.is_terminal(state):
            ended: tuple[float, ...] = game.returns(state)
            return ended
        seat = viewer if viewer is not None else state.player
        return self.of_observation(game.observation(state, seat))


def after_values(value: LearnedValue, games: Any, *, dice: bool = False, turn: bool = False
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every legal decision of the games at a decision node, as ``(games, ids, values)``
    (the games ascending): the mover's share after the decision, seen by the mover; with
    ``dice``, after a decision that leads to a chance node, the mean over its outcomes;
    with ``turn``, after a decision that leaves the mover to decide again (hoch²'s double
    move, HO-TURN-3), the best of the mover's next decisions, and so on to the end of
    its turn (the whole turn is one ply, as a backgammon play of both dice is)."""
    engine = value.engine
    rows, ids = np.nonzero(engine.legal_action_mask(games))
    if rows.size == 0:
        return rows, ids, np.zeros(0)
    mover = active_seats(games)[rows]
    after = engine.step(lockstep.rows_of(games, rows), ids)
    again = engine.current_player(after) == mover if turn else None
    if again is None or not again.any():
        return rows, ids, _mover_share(value, after, mover, dice)
    values = np.empty(rows.size)
    rest = np.flatnonzero(~again)
    if rest.size:
        values[rest] = _mover_share(value, lockstep.rows_of(after, rest), mover[rest], dice)
    more = np.flatnonzero(again)
    games_of, _, then = after_values(value, lockstep.rows_of(after, more), dice=dice,
                                     turn=True)
    best = np.full(more.size, -np.inf)
    np.maximum.at(best, games_of, then)
    values[more] = best
    return rows, ids, values


def _mover_share(value: LearnedValue, games: Any, mover: np.ndarray, dice: bool
                 ) -> np.ndarray:
    """Each game's ``mover``'s share, seen by the mover (with ``dice``, averaged over the
    chance outcomes that follow)."""
    shares = _expected(value, games, mover) if dice else value.of_batch(games, mover)
    mine: np.ndarray = shares[np.arange(len(mover)), mover]
    return mine


def move_values(value: LearnedValue, games: Any, *, dice: bool = False, turn: bool = False
                ) -> np.ndarray:
    """``float64[n, num_actions]``: `after_values` as an array, NaN at illegal ids and in
    games that are not at a decision node."""
    legal = value.engine.legal_action_mask(games)
    out = np.full(legal.shape, np.nan)
    rows, ids, values = after_values(value, games, dice=dice, turn=turn)
    out[rows, ids] = values
    return out


def _expected(value: LearnedValue, games: Any, viewer: np.ndarray,
              probabilities: np.ndarray | None = None) -> np.ndarray:
    """`LearnedValue.of_batch` of ``games``, each at a chance node taken as the mean over
    its outcomes (``probabilities``: the games' `chance_probabilities`, if at hand)."""
    engine = value.engine
    if probabilities is None:
        probabilities = engine.chance_probabilities(games)
    rows, outcomes = np.nonzero(probabilities > 0)
    if rows.size == 0:
        return value.of_batch(games, viewer)
    shares = np.zeros((len(games), games.rules.players))
    settled = np.flatnonzero(probabilities.sum(axis=1) == 0)
    if settled.size:
        shares[settled] = value.of_batch(lockstep.rows_of(games, settled), viewer[settled])
    after = engine.step(lockstep.rows_of(games, rows), outcomes)
    each = value.of_batch(after, viewer[rows]) * probabilities[rows, outcomes][:, None]
    np.add.at(shares, rows, each)
    return shares


def looked_ahead(value: LearnedValue, games: Any, viewer: int, ahead: int,
                 rng: np.random.Generator) -> np.ndarray:
    """``float64[n]``: per game, ``viewer``'s expected share ``ahead`` decisions later:
    every chance outcome is followed (weighted by its probability), every decision is the
    mover's `one_ply` choice (ties drawn by ``rng``); after the last decision, the share
    is the mean over the chance outcomes that follow it, a finished game's its result.
    ``ahead=0`` is `move_values`'s ``dice=True`` of the positions."""
    engine = value.engine
    origin = np.arange(len(games))
    weight = np.ones(len(games))
    made = np.zeros(len(games), dtype=np.int64)
    total = np.zeros(len(games))
    while len(games):
        probabilities = engine.chance_probabilities(games)
        chance = probabilities.sum(axis=1) > 0
        done = np.asarray(engine.is_terminal(games)) | (made >= ahead)
        rows = np.flatnonzero(done)
        if rows.size:
            part = lockstep.rows_of(games, rows)
            shares = _expected(value, part, np.full(rows.size, viewer),
                               probabilities[rows])[:, viewer]
            np.add.at(total, origin[rows], weight[rows] * shares)
        deciding = np.flatnonzero(~done & ~chance)
        rolled, outcomes = np.nonzero(probabilities[~done] > 0)
        rolled = np.flatnonzero(~done)[rolled]
        if deciding.size + rolled.size == 0:
            break
        chosen = (one_ply(value, lockstep.rows_of(games, deciding), rng) if deciding.size
                  else np.zeros(0, dtype=np.int64))
        rows = np.concatenate((deciding, rolled))
        games = engine.step(lockstep.rows_of(games, rows), np.concatenate((chosen, outcomes)))
        weight = np.concatenate((weight[deciding], weight[rolled]
                                 * probabilities[rolled, outcomes]))
        made = np.concatenate((made[deciding] + 1, made[rolled]))
        origin = origin[rows]
    return total


def one_ply(value: LearnedValue, games: Any, rng: np.random.Generator, *,
            dice: bool = False, turn: bool = False, epsilon: float = 0.0) -> np.ndarray:
    """``int64[n]``: per game at a decision node a decision of highest `after_values`
    (within `TIE`, ties drawn uniformly; with probability ``epsilon`` a uniformly random
    legal decision instead), -1 elsewhere: `ValueAgent` in every seat, on the batch
    engine."""
    rows, ids, values = after_values(value, games, dice=dice, turn=turn)
    chosen = np.full(len(games), -1, dtype=np.int64)
    if rows.size == 0:
        return chosen
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    sizes = np.diff(np.r_[starts, rows.size])
    near = values >= np.repeat(np.maximum.reduceat(values, starts), sizes) - TIE
    if epsilon:
        near |= np.repeat(rng.random(starts.size) < epsilon, sizes)
    key = np.where(near, rng.random(rows.size), -1.0)
    best = key == np.repeat(np.maximum.reduceat(key, starts), sizes)
    pick = np.flatnonzero(best)
    first = pick[np.r_[True, rows[pick][1:] != rows[pick][:-1]]]
    chosen[rows[first]] = ids[first]
    return chosen


@cache
def shipped(game: str) -> LearnedValue:
    """The learned value shipped for ``game`` (``agents/data/value-<game>.json``), read
    when first asked for."""
    name = get_game(game).NAME
    if name not in FEATURES:
        raise RulesError(f"no learned value for {quote(name)}")
    text = resources.files(__package__).joinpath("data", DATA.format(game=name)).read_bytes()
    return LearnedValue(from_json(text, name, source=DATA.format(game=name)))


def load(weights: str | Path | ValueModel | LearnedValue, game: str | None = None
         ) -> LearnedValue:
    """A learned value from a weights file (`WeightsError` if it is not one, or not
    ``game``'s), a model, or itself."""
    if isinstance(weights, LearnedValue):
        found = weights
    elif isinstance(weights, ValueModel):
        found = LearnedValue(weights)
    else:
        found = LearnedValue(read(weights, game))
    if game is not None and found.model.game != get_game(game).NAME:
        raise RulesError(f"a learned value of {found.model.game}, not of {game}")
    return found


class ValueAgent(OnePlyAgent):
    """Plays the move after which a learned value gives it the largest share of the win,
    one ply deep (ties broken by its seeded generator).

    Args:
        seed: seeds the generator that breaks ties and samples the hidden cards of hoch²
            (the value reads only what the agent sees, so they do not change its choice).
        weights: the learned value (a weights file, a model or a `LearnedValue`); None:
            the game's shipped one, read at the first decision.
        dice: value a move that leads to a roll or draw as the mean over its outcomes
            (expectimax over the dice) instead of the value before the roll.
        turn: value a move after which the agent decides again (hoch²'s double move,
            HO-TURN-3) by its best next decision: the whole turn is one ply
            (`after_values`). In Verflixxt! and EXXtra every decision ends the turn or
            leads to a roll, so it changes nothing there.
        ahead: look this many decisions further (0 to `AHEAD`; more than 0 implies
            ``dice``): every roll or draw on the way is followed, every decision on the
            way (its own and the others') made by the value one ply deep (`looked_ahead`);
            the cards it cannot see (hoch²) are those of the deal it samples.

    >>> from amigo_rules import verflixxt
    >>> state = verflixxt.apply(verflixxt.new_game(seed=1), verflixxt.Roll(6))
    >>> agent = ValueAgent(seed=0)
    >>> agent.act(verflixxt.observation(state, 0), verflixxt.legal_moves(state))
    Step(piece='pawn', position=0)
    """

    name = "value"
    """The registry name."""

    def __init__(self, seed: int | None = None, *,
                 weights: str | Path | ValueModel | LearnedValue | None = None,
                 dice: bool = False, turn: bool = False, ahead: int = 0) -> None:
        super().__init__(seed)
        for name, flag in (("dice", dice), ("turn", turn)):
            if type(flag) is not bool:
                raise ArgumentError(f"{name} must be True or False, got {quote(flag)}")
        if type(ahead) is not int or not 0 <= ahead <= AHEAD:
            raise ArgumentError(f"ahead must be a whole number from 0 to {AHEAD}, got "
                                f"{quote(ahead)}")
        self.dice = dice or ahead > 0
        """Whether a move's value is averaged over the roll or draw after it."""
        if turn and ahead:
            raise ArgumentError("turn and ahead exclude each other: looking ahead already "
                                "plays the agent's next decisions")
        self.ahead = ahead
        """How many decisions further the agent looks."""
        self.turn = turn
        """Whether a move is valued by the best end of the agent's turn after it."""
        if weights is not None and not isinstance(weights, str | Path | ValueModel
                                                  | LearnedValue):
            raise ArgumentError("weights must be None, a weights file, a ValueModel or a "
                                f"LearnedValue, got {type_name(weights)}")
        self.weights = weights
        """The weights given (None: the shipped value of each game)."""
        self._given = None if weights is None else load(weights)  # a bad file fails here
        self._values: dict[str, LearnedValue] = {}

    @classmethod
    def from_params(cls, *params: str, seed: int | None = None) -> ValueAgent:
        """The agent of a registry name ``value[:dice|:turn|:N][:FILE]``: ``value:dice``
        averages over the dice, ``value:turn`` plays its whole turn as one ply,
        ``value:2`` looks two decisions ahead; a parameter ending in ``.json`` names a
        weights file.

        >>> ValueAgent.from_params("dice").dice, ValueAgent.from_params("2").ahead
        (True, 2)
        >>> ValueAgent.from_params("turn", "dice").turn
        True
        """
        dice = turn = False
        ahead = 0
        weights = None
        for param in params:
            if param == "dice":
                dice = True
            elif param == "turn":
                turn = True
            elif param.isascii() and param.isdigit() and not ahead:
                ahead = int(param)
            elif param.endswith(".json") and weights is None:
                weights = param
            else:
                raise ValueError("expected value[:dice|:turn|:N][:FILE.json]")
        return cls(seed, weights=weights, dice=dice, turn=turn, ahead=ahead)

    def value_of(self, game: ModuleType) -> LearnedValue:
        """The learned value this agent plays ``game`` by."""
        name = game.NAME
        found = self._values.get(name)
        if found is None:
            found = self._values[name] = (shipped(name) if self._given is None
                                          else load(self._given, name))
        return found

    def act(self, observation: Any, legal_moves: tuple[Any, ...]) -> Any:
        """The legal move of highest value (a single legal move is played at once)."""
        return legal_moves[0] if len(legal_moves) == 1 else super().act(observation, legal_moves)

    __call__ = act

    def values(self, observation: Any, legal_moves: tuple[Any, ...]) -> list[float]:
        """Per legal move, the agent's share of the win after it."""
        game = game_of(observation)
        value = self.value_of(game)
        state = game.sample_state(observation, self.rng)
        if game.current_player(state) == CHANCE:
            raise RulesError("the value agent decides, it does not roll")
        games = value.engine.from_states([state])
        if self.ahead:
            ids = np.array([game.action_id(state, move) for move in legal_moves])
            after = value.engine.step(lockstep.rows_of(games, np.zeros(ids.size, np.intp)), ids)
            me = game.current_player(state)
            return [float(v) for v in looked_ahead(value, after, me, self.ahead, self.rng)]
        worth = move_values(value, games, dice=self.dice, turn=self.turn)[0]
        return [float(worth[game.action_id(state, move)]) for move in legal_moves]
