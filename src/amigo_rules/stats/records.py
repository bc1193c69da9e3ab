"""The same counts from games of the scalar engine (`GameRecord`s: a tournament's, or
``amigo_rules.play``'s), each replayed move by move: what the statistics of the batch
engine are checked against."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..core import CHANCE, GameRecord, RulesError, StateError, get_game
from ..core.spec import top_scorers
from .tally import STAGES, Tally
from .turns import TURNS


def tally_of(records: Iterable[GameRecord]) -> Tally:
    """The `Tally` of finished games of one game and `Rules`, as `measure` counts them:
    turns by `TURNS`, decisions, the sole leader by score at the start of every turn, the
    final scores and winners.

    Raises `RulesError` for records of several games or rules, `StateError` for one not
    finished.
    """
    games = iter(records)
    first = next(games, None)
    if first is None:
        raise RulesError("tally_of needs at least one game record")
    tally = Tally(first.rules.players)
    _count(tally, first)
    for record in games:
        if (record.game, record.rules) != (first.game, first.rules):
            raise RulesError("tally_of counts games of one game and Rules; got a "
                             f"{record.game} game of other rules than the first")
        _count(tally, record)
    return tally


def _count(tally: Tally, record: GameRecord) -> None:
    module = get_game(record.game)
    begins = TURNS[module.NAME].scalar
    state = module.new_game(record.rules, seed=record.seed)
    leaders: list[int] = []
    decisions = 0
    for move in record.moves:
        if begins(state):
            leaders.append(_leader(module.score(state)))
        decisions += module.current_player(state) != CHANCE
        state = module.apply(state, move)
    if not module.is_terminal(state):
        raise StateError(f"the game of seed {record.seed} is not finished")
    scores = np.array(module.score(state))
    winners = module.winners(state)
    players = tally.players
    k = len(winners)
    tally.games += 1
    tally.winners[k] += 1
    for seat in winners:
        tally.wins[seat, k - 1] += 1
    for seat in range(players):
        tally.scores[seat].add(scores[seat : seat + 1])
    ordered = np.sort(scores)
    tally.top.add(ordered[-1:])
    tally.margin.add(ordered[-1:] - ordered[-2:-1])
    turns = len(leaders)
    tally.turns.add(np.array([turns]))
    tally.decisions.add(np.array([decisions]))
    for stage in range(STAGES):
        at = (stage + 1) * turns // (STAGES + 1)
        leader = leaders[at] if at < turns else -1
        if leader >= 0:
            tally.led[stage, leader] += 1
            if leader in winners:
                tally.led_won[stage, leader, k - 1] += 1


def _leader(scores: Any) -> int:
    """The seat with the highest score, -1 on a tie."""
    top = top_scorers(scores)
    return top[0] if len(top) == 1 else -1
