"""Gymnasium vector environments on the batch engines (`amigo_rules.batch`): ``num_envs``
games stepped together in numpy.

``AmigoVectorEnv`` is the vector form of `AmigoEnv`: the learner plays seat ``player`` of
every game (``player=None``: every seat in turn, game ``i`` at seat ``i % players``, for a
policy that must play any seat); chance and the other seats (played by ``opponent``, a
batch policy of `amigo_rules.batch.policies`) are resolved inside the batch.
`SelfPlayVectorEnv` lets one policy play every seat: each observation is that of the seat
to move.

Registered (by ``amigo_rules.adapters.gymnasium``) as ``VECTOR_ENV_IDS`` and
``SELF_PLAY_ENV_IDS``, for ``gymnasium.make_vec``::

    gymnasium.make_vec("amigo_rules/VerflixxtVec-v0", num_envs=256, opponent="random")

- Observations: ``float32[num_envs, array_length]``, row ``i`` equal to the scalar
  ``observation(state_i, seat).to_array()``; actions: one action id per game.
- ``action_masks()``: ``bool[num_envs, num_actions]``, the legal ids of every game (the
  same as ``info["action_mask"]``); every game returned is at a decision of the learner.
- Autoreset: ``AutoresetMode.SAME_STEP``. A game that ends is replaced in the same step by
  a new one; the step returns the new game's first observation, the ended game's last in
  ``info["final_obs"]`` (``info["_final_obs"]`` flags the games that ended). New games
  are dealt ``num_envs`` at a time and played up to the learner's first turn when dealt
  (with their observations and masks), so that a restart costs a write; each is handed
  out once.
- Seeding: ``reset(seed=…)`` seeds the one generator of the vector env, which draws every
  chance outcome and every opponent's choice of all games (an int, or a list of ints taken
  together as one seed).
- Rewards, ``terminated``, ``truncated`` and an illegal action as in `AmigoEnv` (the
  illegal action's game ends unchanged, reward ``illegal_reward``,
  ``info["illegal_action"]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ..agents import make_agent
from ..batch import batch_of, lockstep
from ..batch.policies import POLICIES, TURNS
from ..core import (
    CHANCE,
    GAMES,
    TERMINAL,
    ArgumentError,
    RulesError,
    StateError,
    checks,
    decide,
    sample_chance,
)
from ..core.checks import quote
from .episode import observation_bounds, table
from .gymnasium import default_opponent

__all__ = ["AmigoVectorEnv", "SelfPlayVectorEnv"]

_ENGINES = {game: batch_of(game) for game in GAMES}
"""The batch engine of each game."""

SCALAR_TAIL = {"verflixxt": 8, "exxtra": 8, "verflixxt_hoch": 8}
"""Per game the default ``scalar_tail``: once this many games or fewer are left to play in
a step, the scalar engine finishes them (a round of the batch engine costs about as much
for one game as for a hundred; a move of the scalar engine, a few dozen microseconds)."""


class AmigoVectorEnv(gymnasium.vector.VectorEnv):
    """Seat ``player`` of ``num_envs`` games on the batch engine (see the module's
    docstring).

    >>> env = AmigoVectorEnv("exxtra", num_envs=4)
    >>> observations, info = env.reset(seed=1)
    >>> observations.shape, env.action_masks().shape, env.action_masks().any(axis=1).all()
    ((4, 47), (4, 7), np.True_)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": [],
        "autoreset_mode": AutoresetMode.SAME_STEP,
    }
    """No render modes; autoreset in the same step."""

    def __init__(
        self,
        game: str = "verflixxt",
        rules: Any = None,
        *,
        num_envs: int = 1,
        player: int | None = 0,
        opponent: str | None = None,
        max_game_length: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        scalar_tail: int | None = None,
    ) -> None:
        if not isinstance(game, str) or game not in _ENGINES:
            raise RulesError(f"the vector environments play {', '.join(_ENGINES)}, got "
                             f"{quote(game)}")
        if render_mode is not None:
            raise RulesError(f"the vector environments do not render; render_mode must be "
                             f"None, got {quote(render_mode)}")
        self.table = table(game, rules, max_game_length)
        """The game, its rules and its move limit (`Table`)."""
        spec = self.table.spec
        self.engine = _ENGINES[game]
        """The game's batch engine."""
        self.num_envs = lockstep.size(num_envs)
        """How many games are played at once."""
        self.player = None if player is None else checks.seat(player, spec.players)
        """The learner's seat in every game; None: every seat in turn (`seats`)."""
        self.seats = lockstep.read_only(
            np.arange(self.num_envs) % spec.players if self.player is None
            else np.full(self.num_envs, self.player))
        """Per game the learner's seat: ``player``, or ``i % players`` for game ``i``."""
        self.opponent = self._opponent_name(game, opponent)
        """The batch policy playing the other seats (`POLICIES`)."""
        self.policy = POLICIES[game][self.opponent]
        """``policy(batch, rng)``: the opponents' choices."""
        self.turns = TURNS.get(game, {}).get(self.opponent)
        """The policy's `TurnPlayer` if it has one (it then plays every move of a game,
        chance and the opponents' turns, up to the learner's turn in one call), else
        None."""
        self.agent = make_agent(self.opponent, game)
        """The scalar agent the policy equals, for the games the scalar engine finishes
        (its generator is the environment's)."""
        self.scalar_tail = (SCALAR_TAIL[game] if scalar_tail is None
                            else checks.integer(scalar_tail, "scalar_tail"))
        """Once this many games or fewer are left to play in a step (chance and the
        others' moves), the scalar engine finishes them (`SCALAR_TAIL`); 0: never."""
        if self.scalar_tail < 0:
            raise RulesError(f"scalar_tail must be 0 or more, got {self.scalar_tail}")
        self.illegal_reward = checks.real(illegal_reward, "illegal_reward")
        """The reward of an illegal action, which ends that game."""
        self.render_mode = None
        """Always None: the vector environments do not render."""
        low, high = observation_bounds(spec)
        self._width = low.size
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        """One game's observation: a ``Box`` with the bounds of its `spec`
        (`observation_bounds`), as the scalar environment's."""
        self.single_action_space = spaces.Discrete(spec.num_actions)
        """One game's action: a ``Discrete`` of the game's action ids."""
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        """The batch's observations: ``single_observation_space`` stacked ``num_envs`` times."""
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        """The batch's actions: one action id per game."""
        # RulesError now for rules the engine or the policy does not play
        self.policy(self.engine.new_games(self.table.rules, 1), np.random.default_rng(0))
        self.games: Any = None
        """The batch of games in progress (writable arrays), None before ``reset``."""
        self.moves = np.zeros(self.num_envs, dtype=np.int64)
        """Per game the moves made since its setup, chance outcomes included."""
        self._mask = np.zeros((self.num_envs, spec.num_actions), dtype=bool)
        self._fresh = _Fresh()

    def _opponent_name(self, game: str, opponent: str | None) -> str:
        if opponent is None:
            return default_opponent(game)
        if not isinstance(opponent, str):
            raise ArgumentError(f"opponent must be an agent's name, got "
                                f"{checks.type_name(opponent)}")
        if opponent not in POLICIES[game]:
            raise RulesError(f"no batch policy {quote(opponent)} for {game}; choose from "
                             f"{', '.join(POLICIES[game])}")
        return opponent

    # --- the Gymnasium interface ---------------------------------------------------------

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start ``num_envs`` new games (the generator seeded when ``seed`` is given) and play
        chance and the others up to the learner's first turn; ``options`` are not used."""
        if seed is not None:
            self._np_random, self._np_random_seed = _generator(seed)
        self._fresh = _Fresh()
        self.games = lockstep.copied(self._new_games(self.num_envs))
        observations = np.empty((self.num_envs, self._width), dtype=np.float32)
        self._fresh.put(self, np.arange(self.num_envs), observations)
        return observations, self._info()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play every game's learner action, then chance and the others up to its next turn
        or the end; ended games are replaced at once (``AutoresetMode.SAME_STEP``)."""
        if self.games is None:
            raise StateError("call reset() before using the environment")
        ids = _actions(actions, self.num_envs)
        each = np.arange(self.num_envs)
        inside = (ids >= 0) & (ids < self._mask.shape[1])
        legal = inside & self._mask[each, np.where(inside, ids, 0)]
        mover = self._seats()
        ids = np.where(legal, ids, -1)
        self.engine.LOCKSTEP.advance(self.games, ids)
        self._moved(each, ids)
        self._play_others()
        over = self.engine.is_terminal(self.games)
        truncated = (self.moves >= self.table.max_game_length) & ~over
        returns = np.zeros((self.num_envs, self.table.spec.players))
        ended = np.flatnonzero(over)
        if ended.size:
            returns[ended] = self.engine.returns(lockstep.rows_of(self.games, ended))
        rewards = returns[each, mover]
        rewards[~legal] = self.illegal_reward
        terminated = over | ~legal
        done = terminated | truncated
        info: dict[str, Any] = {}
        if (~legal).any():
            info["illegal_action"] = ~legal
            info["_illegal_action"] = np.ones(self.num_envs, dtype=bool)
        # the ended games' last observations (of the seat that moved) with the others'
        observations = self._observe(np.where(done, mover, self._seats()))
        if done.any():
            info["returns"] = returns
            info["_returns"] = done
            info.update(self._restart(np.flatnonzero(done), observations))
        return observations, rewards, terminated, truncated, {**self._info(), **info}

    def action_masks(self) -> np.ndarray:
        """``bool[num_envs, num_actions]``: the legal action ids of every game (at the
        learner's turn)."""
        if self.games is None:
            raise StateError("call reset() before using the environment")
        return self._mask.copy()

    # --- what the self-play form changes -------------------------------------------------

    def _others(self, to_move: Any, seats: Any) -> Any:
        """Whether the environment makes the next move itself: chance and the other seats
        (the players to move ``to_move`` of games whose learner plays ``seats``, arrays or
        one each)."""
        return (to_move != seats) & (to_move != TERMINAL)

    def _seats(self) -> np.ndarray:
        """Per game the seat the learner plays at its turn."""
        return self._viewers(self.games, self.seats)

    def _viewers(self, games: Any, seats: np.ndarray) -> np.ndarray:
        """Per game of ``games`` (at the learner's turn; the learner at ``seats``) the
        seat whose observation is returned."""
        return seats

    def _observe(self, seats: np.ndarray) -> np.ndarray:
        """The observations of ``seats`` (one per game), and the masks kept for ``step``."""
        self._mask = self.engine.legal_action_mask(self.games)
        observations: np.ndarray = self.engine.observation_array(self.games, seats)
        return observations

    def _info(self) -> dict[str, Any]:
        everyone = np.ones(self.num_envs, dtype=bool)
        return {"action_mask": self._mask.copy(), "_action_mask": everyone}

    # --- the games -----------------------------------------------------------------------

    def _new_games(self, n: int) -> Any:
        """The next ``n`` new games, as dealt: taken from `_fresh`, which has already
        played them up to the learner's first turn (`_restart` puts those in)."""
        if self._fresh.left < n:
            self._fresh = self._deal(max(n, self.num_envs))
        return self._fresh.take(n)

    def _deal(self, n: int) -> _Fresh:
        """``n`` new games played up to the learner's first turn for each seat it plays
        (`_Fresh`): dealt once, a copy for every seat, all played in one batch (each copy
        for its seat), so that their restarts cost a write."""
        start = self.engine.new_games(self.table.rules, n, self.np_random)
        dealt = np.unique(self.seats)
        games = lockstep.rows_of(start, np.tile(np.arange(n), dealt.size))
        seats = np.repeat(dealt, n)
        moves = np.zeros(len(seats), dtype=np.int64)
        record = _Record(moves)
        self._play(games, moves, seats, record.add, partial(
            self._scalar, games=games, moves=moves, seats=seats, moved=record.add))
        return _Fresh(start, dealt, (games, *record.by_game(), self.engine.observation_array(
            games, self._viewers(games, seats)), self.engine.legal_action_mask(games)))

    def _moved(self, rows: np.ndarray, ids: np.ndarray) -> None:
        """Count the moves ``ids`` made in the games ``rows`` (-1: none); a game may come
        more than once (its moves in order)."""
        self.moves += np.bincount(rows[ids >= 0], minlength=self.num_envs)

    def _play_others(self) -> None:
        """Resolve chance and the environment's seats of every game until each is at the
        learner's turn, over, or at its move limit (`_play`)."""
        self._play(self.games, self.moves, self.seats, self._moved, self._finish)

    def _play(self, games: Any, moves: np.ndarray, seats: np.ndarray,
              moved: Callable[[np.ndarray, np.ndarray], None],
              finish: Callable[[np.ndarray, Any], None]) -> None:
        """Resolve chance and the environment's seats of ``games`` (a writable batch, per
        game its ``moves`` so far and the learner's seat ``seats``) until each is at the
        learner's turn, over, or at its move limit; ``moved(rows, ids)`` counts the moves
        made, ``finish(rows, part)`` plays the last games (``part``, a copy of the games
        ``rows``) on the scalar engine and writes them back (`_finish`, `_scalar`).

        The games still to play (all of them in place, then a copy) are compacted into a
        copy once one in eight has stopped (the copy's stopped games are written back):
        the long tail of games that roll again and again costs only their own rows, and
        its last ``scalar_tail`` games are finished on the scalar engine. Every chance
        node is resolved first, again while a roll leads to another (EXXtra's lost turns),
        then every decision in one call of the policy, so that games that fell out of step
        meet again in one call. A policy with a turn player (`turns`) plays every move of
        the games up to the learner's turn in one call instead (or all but their last few,
        Verflixxt!'s and hoch²'s, which the loop then finishes like its own last games)."""
        rng = self.np_random
        limit = self.table.max_game_length
        current_player = self.engine.current_player
        advance = self.engine.LOCKSTEP.advance
        work = games
        rows = np.arange(len(moves))
        while True:
            to_move = current_player(work)
            live = self._others(to_move, seats[rows]) & (moves[rows] < limit)
            playing = np.count_nonzero(live)
            if playing <= self.scalar_tail or 8 * (rows.size - playing) >= rows.size:
                if work is not games:
                    gone = np.flatnonzero(~live)
                    lockstep.put_rows(games, rows[gone], work, gone)
                keep = np.flatnonzero(live)
                if playing <= self.scalar_tail:
                    if playing:
                        finish(rows[keep], lockstep.rows_of(work, keep))
                    return
                rows, to_move, live = rows[keep], to_move[keep], live[keep]
                work = lockstep.rows_of(work, keep)
            if self.turns is not None:  # every move up to the learner's turn (TURNS)
                going = lockstep.indices(live)
                turned, ids = self.turns(work, going, rng, limit - moves[rows[going]],
                                         seats[rows[going]])
                moved(rows[turned], ids)
            else:
                chance = live & (to_move == CHANCE)
                choose = self.engine.sample_chance if chance.any() else self.policy
                ids = np.where(live, choose(work, rng), -1)
                advance(work, ids)
                moved(rows, ids)

    def _finish(self, rows: np.ndarray, games: Any) -> None:
        """`_play_others` of ``games``, a copy of the environment's games ``rows``, on the
        scalar engine (`_scalar`)."""
        self._scalar(rows, games, self.games, self.moves, self.seats, self._moved)

    def _scalar(self, rows: np.ndarray, part: Any, games: Any, moves: np.ndarray,
                seats: np.ndarray, moved: Callable[[np.ndarray, np.ndarray], None]) -> None:
        """`_play` of ``part``, a copy of the games ``rows`` of ``games``, on the scalar
        engine, game by game: chance drawn with its exact probabilities and the others'
        moves chosen by `agent` (where there is a choice), both from the environment's
        generator (as the batch draws them); written back into ``games``."""
        module = self.table.module
        rng = self.np_random
        self.agent.rng = rng
        limit = self.table.max_game_length
        states = list(self.engine.to_states(part))
        played: list[int] = []
        ids: list[int] = []
        for k, (row, count, seat) in enumerate(zip(rows.tolist(), moves[rows].tolist(),
                                                   seats[rows].tolist(), strict=True)):
            state = states[k]
            while count < limit and self._others(player := module.current_player(state),
                                                 seat):
                if player == CHANCE:
                    move = sample_chance(module, state, rng)
                else:  # a forced move is played without asking the agent
                    legal = module.legal_moves(state)
                    move = legal[0] if len(legal) == 1 else decide(
                        self.agent, module.observation(state, player), legal)
                played.append(row)
                ids.append(module.action_id(state, move))
                state = module.apply(state, move)
                count += 1
            states[k] = state
        moved(np.array(played, dtype=np.intp), np.array(ids, dtype=np.int64))
        lockstep.put_rows(games, rows, self.engine.from_states(states, check=False),
                          np.arange(rows.size))

    def _restart(self, rows: np.ndarray, observations: np.ndarray) -> dict[str, Any]:
        """Replace the ended games ``rows`` by new ones (`_new_games`, already at the
        learner's turn), their rows of ``observations`` and of the masks by the new games'
        (worked out when they were dealt); the ended games' final observations, those rows
        before, in the info entries Gymnasium's same-step autoreset defines."""
        final = np.full(self.num_envs, None, dtype=object)
        for row, observation in zip(rows, observations[rows], strict=True):
            final[row] = observation
        ended = np.zeros(self.num_envs, dtype=bool)
        ended[rows] = True
        self._new_games(rows.size)
        self._fresh.put(self, rows, observations)
        return {"final_obs": final, "_final_obs": ended, "final_info": {},
                "_final_info": ended}


class SelfPlayVectorEnv(AmigoVectorEnv):
    """Every seat of ``num_envs`` games played by the one policy that acts: each
    observation is that of the seat to move (``info["seat"]``); the environment resolves
    chance only. The reward of a step is the acting seat's return when its action ends the
    game (else 0), ``info["returns"]`` every seat's returns of the games that ended.

    >>> env = SelfPlayVectorEnv("exxtra", num_envs=3)
    >>> _, info = env.reset(seed=0)
    >>> info["seat"].tolist()
    [0, 0, 0]
    """

    def __init__(
        self,
        game: str = "verflixxt",
        rules: Any = None,
        *,
        num_envs: int = 1,
        max_game_length: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        scalar_tail: int | None = None,
    ) -> None:
        super().__init__(game, rules, num_envs=num_envs, opponent="random",
                         max_game_length=max_game_length, illegal_reward=illegal_reward,
                         render_mode=render_mode, scalar_tail=scalar_tail)

    def _others(self, to_move: Any, seats: Any) -> Any:
        return to_move == CHANCE

    def _viewers(self, games: Any, seats: np.ndarray) -> np.ndarray:
        to_move: np.ndarray = self.engine.current_player(games)
        return to_move

    def _info(self) -> dict[str, Any]:
        return {**super()._info(), "seat": self._seats(),
                "_seat": np.ones(self.num_envs, dtype=bool)}


class _Record:
    """The moves made in a batch of games (`AmigoVectorEnv._play`'s ``moved``): counted
    in ``moves`` (per game), and kept to be reported game by game (`by_game`)."""

    def __init__(self, moves: np.ndarray) -> None:
        self.moves = moves
        self.n = len(moves)
        self.rows: list[np.ndarray] = []
        self.ids: list[np.ndarray] = []

    def add(self, rows: np.ndarray, ids: np.ndarray) -> None:
        """Keep the moves ``ids`` (-1: none) of the games ``rows``."""
        made = ids >= 0
        self.moves += np.bincount(rows[made], minlength=self.n)
        self.rows.append(rows[made])
        self.ids.append(ids[made])

    def by_game(self) -> tuple[np.ndarray, np.ndarray]:
        """Every id kept, game after game (each game's in the order made), and per game
        where its ids start (``int64[n + 1]``, the last entry their number)."""
        rows = np.concatenate([np.empty(0, dtype=np.intp), *self.rows])
        ids = np.concatenate([np.empty(0, dtype=np.int64), *self.ids])
        starts = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=self.n), out=starts[1:])
        return ids[np.argsort(rows, kind="stable")], starts


class _Fresh:
    """New games dealt in one batch and played up to the learner's first turn, for each
    seat the learner plays (`AmigoVectorEnv._deal`), handed out in order: `take` the games
    as dealt, `put` them, as played, into the environment's rows."""

    def __init__(self, start: Any = None, seats: np.ndarray | None = None,
                 played: tuple[Any, ...] = ()) -> None:
        self.start = start
        """The games as dealt (None: none)."""
        self.block = np.zeros(0 if seats is None else int(seats.max()) + 1, dtype=np.intp)
        """Per learner seat dealt, where its copies start in `played` (in games of
        ``start``: seat ``seats[k]``'s copy of game ``j`` is game ``k · len(start) + j``)."""
        if seats is not None:
            self.block[seats] = np.arange(seats.size) * len(start)
        self.played = played
        """The copies of the games played up to their learner's turn, every move made in
        them (game after game), where each game's moves start, and the games' observations
        and masks."""
        self.next = 0
        self.taken = np.empty(0, dtype=np.intp)

    @property
    def left(self) -> int:
        """How many games are still to hand out."""
        return 0 if self.start is None else len(self.start) - self.next

    def take(self, n: int) -> Any:
        """The next ``n`` games, as dealt (a writable batch); `put` puts them in."""
        self.taken = np.arange(self.next, self.next + n)
        self.next += n
        return lockstep.rows_of(self.start, self.taken)

    def put(self, env: AmigoVectorEnv, rows: np.ndarray, observations: np.ndarray) -> None:
        """The games last taken, as played for each row's learner seat, into ``env``'s
        ``rows``, their observations into those rows of ``observations`` and their masks
        into ``env``'s; their moves reported (``env._moved``, game by game in order)."""
        games, ids, starts, seen, masks = self.played
        copies = self.block[env.seats[rows]] + self.taken
        env.moves[rows] = 0
        lockstep.put_rows(env.games, rows, games, copies)
        observations[rows] = seen[copies]
        env._mask[rows] = masks[copies]
        first, count = starts[copies], starts[copies + 1] - starts[copies]
        before = np.cumsum(count) - count
        env._moved(np.repeat(rows, count),
                   ids[np.arange(int(count.sum())) + np.repeat(first - before, count)])


def _generator(seed: int | Sequence[int]) -> tuple[np.random.Generator, int | None]:
    """The generator of ``seed`` (a non-negative int, or a list of them taken as one seed)
    and the seed to report as ``np_random_seed`` (None for a list)."""
    if isinstance(seed, Sequence) and not isinstance(seed, (str, bytes)):
        entropy = [int(checks.seed(s) or 0) for s in seed]
        if not entropy:
            raise RulesError("seed must be an int or a non-empty list of ints, got []")
        return np.random.default_rng(entropy), None
    value = int(checks.seed(seed) or 0)
    return np.random.default_rng(value), value


def _actions(actions: Any, n: int) -> np.ndarray:
    """``actions`` as ``int64[n]``; `ArgumentError` for another shape or type."""
    ids = np.asarray(actions)
    if ids.dtype.kind not in "iu" or ids.shape != (n,):
        raise ArgumentError(f"actions must be an integer array of shape ({n},), got "
                            f"{ids.dtype} of shape {ids.shape}")
    return ids.astype(np.int64)
