"""The conformance checker: random playouts that check every invariant of the game protocol.

Bot authors can run it on their own wrappers; the test suite runs it for every game and
every preset.

>>> from amigo_rules.testing import check_game
>>> report = check_game("exxtra", seeds=range(2))
>>> report.games
2
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from fractions import Fraction
from types import ModuleType
from typing import Any

import attrs
import numpy as np

from .core import CHANCE, TERMINAL, GameRecord, IllegalMoveError, chance_rng, get_game, shares
from .core.chance import sample_outcome

__all__ = ["ConformanceError", "Report", "check_game"]


class ConformanceError(AssertionError):
    """A protocol invariant that failed, with the seed and step where it did."""


@attrs.frozen
class Report:
    """What `check_game` played."""

    games: int
    """Games played."""
    steps: int
    """Moves applied over all games, chance outcomes included."""
    decisions: int
    """Of those, the players' moves."""
    chance_nodes: int
    """Of those, the chance outcomes."""
    terminal: int
    """Games that reached a terminal state within ``max_steps``."""


def check_game(
    game: str | ModuleType,
    rules: Any = None,
    *,
    seeds: Iterable[int] = range(20),
    max_steps: int = 20_000,
    deep_every: int = 1,
) -> Report:
    """Play one random game per seed and check the protocol at every step.

    Checked at every node: ``current_player`` agrees with ``is_terminal``; ``legal_moves``
    is non-empty, free of duplicates and deterministic; chance probabilities are positive
    and sum to 1 exactly; every legal move prints and parses back; action ids are a
    bijection agreeing with ``legal_action_mask`` and ``legal_action_ids``; observations
    have the shape of ``spec(rules)`` and lie within its bounds, and ``sample_state`` of
    each one is a valid state showing the same observation; ``apply`` leaves its input
    unchanged and ``from_json(to_json(s)) == s``; ``copy.deepcopy(s) is s``; illegal moves
    raise `IllegalMoveError`; ``score`` has one entry per player, ``winners`` is empty and
    ``returns`` all zero until the end, where the returns are the winners' shares. Games of
    even seeds start from ``new_game(rules, seed=seed)`` and their record must replay from
    JSON to the same final state; games of odd seeds start from ``initial_state(rules)``
    with the setup's chance nodes sampled. Every game must end within ``max_steps`` steps
    and within the spec's ``max_game_length``. ``deep_every=k`` runs the costlier checks
    (JSON, parsing, action ids, observations, sampling) on every k-th step only.
    """
    module = get_game(game)
    games = steps = decisions = chances = terminal = 0
    for seed in seeds:
        games += 1
        from_setup = seed % 2 == 1
        state = module.initial_state(rules) if from_setup else module.new_game(rules, seed=seed)
        players = state.rules.players
        spec = module.spec(state.rules)
        n_actions = module.num_actions(state.rules)
        n_chance = module.num_chance_outcomes(state.rules)
        _expect((spec.num_actions, spec.num_chance_outcomes, spec.players)
                == (n_actions, n_chance, players), f"{module.NAME}", "spec disagrees")
        low, high = np.asarray(spec.observation_low), np.asarray(spec.observation_high)
        limit = spec.max_game_length
        rng = chance_rng(seed)
        pick = np.random.default_rng(seed)
        sampler = np.random.default_rng([seed, 1])
        moves = []
        for step in range(max_steps + 1):
            where = f"{module.NAME} seed {seed} step {step}"
            deep = step % deep_every == 0
            player = module.current_player(state)
            _expect(
                (player == TERMINAL) == module.is_terminal(state), where, "terminal mismatch"
            )
            score = module.score(state)
            _expect(len(score) == players, where, f"score {score} has not {players} entries")
            _expect(limit is None or step <= limit, where, f"longer than {limit} moves")
            if deep:
                _expect(module.from_json(module.to_json(state)) == state, where, "JSON round trip")
                _expect(copy.deepcopy(state) is state, where, "deepcopy copied the state")
                for viewer in range(players):
                    _check_observation(module, state, viewer, spec, low, high, where)
                _check_sampling(module, state, step % players, sampler, where)
            returns = module.returns(state)
            if player == TERMINAL:
                terminal += 1
                _expect(module.legal_moves(state) == (), where, "terminal state has moves")
                _expect(module.chance_outcomes(state) == (), where, "terminal has outcomes")
                winners = module.winners(state)
                _expect(returns == shares(winners, players), where, f"returns {returns}")
                break
            _expect(returns == (0.0,) * players, where, f"returns {returns} before the end")
            _expect(module.winners(state) == (), where, "winners before the end")
            _expect(0 <= player < players or player == CHANCE, where, f"player {player}")
            legal = module.legal_moves(state)
            _expect(len(legal) > 0, where, "a non-terminal node without legal moves")
            _expect(len(set(legal)) == len(legal), where, f"duplicate moves in {legal}")
            if deep:
                fresh = module.from_json(module.to_json(state))  # nothing memoised on it
                _expect(module.legal_moves(fresh) == legal, where, "legal_moves not stable")
                _check_moves(module, state, legal, player, n_actions, n_chance, where)
            if player == CHANCE:
                chances += 1
                outcomes = module.chance_outcomes(state)
                _expect(tuple(m for m, _ in outcomes) == legal, where, "outcomes != moves")
                _expect(all(p > 0 for _, p in outcomes), where, "a non-positive probability")
                _expect(sum(p for _, p in outcomes) == Fraction(1), where, "sum is not 1")
                move = sample_outcome(outcomes, rng)
            else:
                decisions += 1
                _expect(module.chance_outcomes(state) == (), where, "outcomes at a decision")
                move = legal[int(pick.integers(len(legal)))]
            before = module.to_json(state) if deep else None
            after = module.apply(state, move)
            if deep:
                _expect(module.to_json(state) == before, where, f"apply({move}) mutated input")
            moves.append(move)
            state = after
            steps += 1
        else:
            raise ConformanceError(f"{module.NAME} seed {seed}: no end within {max_steps} steps")
        if not from_setup:
            record = GameRecord(module.NAME, state.rules, seed, tuple(moves), state)
            replayed = GameRecord.from_json(record.to_json())
            _expect(replayed.final_state == state, f"{module.NAME} seed {seed}", "replay differs")
    return Report(games, steps, decisions, chances, terminal)


def _check_moves(
    module: ModuleType,
    state: Any,
    legal: tuple[Any, ...],
    player: int,
    n_actions: int,
    n_chance: int,
    where: str,
) -> None:
    limit = n_chance if player == CHANCE else n_actions
    ids = []
    for move in legal:
        text = str(move)
        _expect(module.parse_move(state, text) == move, where, f"{text!r} does not parse back")
        _expect(module.parse_move(state, text.upper()) == move, where, f"{text!r} upper case")
        action = module.action_id(state, move)
        _expect(0 <= action < limit, where, f"action id {action} of {text!r} out of range")
        _expect(module.move_for_action(state, action) == move, where, f"id {action} != {text}")
        ids.append(action)
    _expect(len(set(ids)) == len(ids), where, f"action ids not distinct: {ids}")
    listed = module.legal_action_ids(state)
    _expect(listed.tolist() == ids, where, f"legal_action_ids {listed.tolist()} != {ids}")
    if player != CHANCE:
        mask = module.legal_action_mask(state)
        _expect(mask.shape == (n_actions,) and mask.dtype == bool, where, "mask shape or type")
        _expect(set(np.flatnonzero(mask).tolist()) == set(ids), where, "mask != legal moves")
    illegal = next((a for a in range(limit) if a not in set(ids)), None)
    if illegal is not None:
        try:
            module.move_for_action(state, illegal)
        except IllegalMoveError:
            pass
        else:
            raise ConformanceError(f"{where}: move_for_action({illegal}) accepted an illegal id")
    for bad in ("", "no such move", "pawn -99"):
        try:
            module.parse_move(state, bad)
        except IllegalMoveError:
            continue
        raise ConformanceError(f"{where}: parse_move({bad!r}) did not raise IllegalMoveError")


def _check_observation(
    module: ModuleType,
    state: Any,
    viewer: int,
    spec: Any,
    low: np.ndarray,
    high: np.ndarray,
    where: str,
) -> None:
    """The observation's array has the spec's shape and lies within its bounds."""
    array = module.observation(state, viewer).to_array()
    _expect(array.shape == spec.observation_shape, where, f"observation shape {array.shape}")
    outside = np.flatnonzero((array < low) | (array > high))
    _expect(outside.size == 0, where, f"observation entries {outside[:5]} outside the bounds")


def _check_sampling(
    module: ModuleType, state: Any, viewer: int, rng: np.random.Generator, where: str
) -> None:
    """A state sampled from ``viewer``'s observation is valid and shows the same."""
    observed = module.observation(state, viewer)
    sampled = module.sample_state(observed, rng)
    _expect(module.from_json(module.to_json(sampled)) == sampled, where, "sampled state JSON")
    _expect(module.observation(sampled, viewer) == observed, where, "sample_state shows more")


def _expect(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise ConformanceError(f"{where}: {what}")
