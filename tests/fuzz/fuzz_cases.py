"""Real material for the fuzzer: the variants of every game, states sampled along random
games of each, and records of whole games."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np

from amigo_rules import CHANCE, TERMINAL, exxtra, play, verflixxt
from amigo_rules import verflixxt_hoch as hoch
from amigo_rules.agents import RandomAgent
from amigo_rules.core.chance import sample_outcome

GAMES: tuple[ModuleType, ...] = (exxtra, verflixxt, hoch)


@cache
def variants() -> tuple[tuple[str, ModuleType, Any], ...]:
    """(label, game, rules): every game, with the variants whose states differ in shape
    (tactical cards, hidden tiles, action tiles, early ends, attacks, risk ranks)."""
    vx = verflixxt.Rules
    return (
        ("exxtra", exxtra, exxtra.Rules(players=3)),
        ("exxtra max_turns", exxtra, exxtra.Rules(players=5, max_turns=40)),
        ("verflixxt classic", verflixxt, vx.classic(players=3)),
        ("verflixxt amigo", verflixxt, vx.amigo(players=4)),
        ("verflixxt 7 players", verflixxt, vx.amigo_pro(players=7, towers="top")),
        ("verflixxt tactical", verflixxt, vx.classic(players=3, tactical_cards=True)),
        ("verflixxt hidden tiles", verflixxt,
         vx(players=2, layout="random", hidden_tiles=True, towers="hidden")),
        ("verflixxt roll one choice", verflixxt, vx.classic(players=2, roll_one="choice")),
        ("verflixxt swap", verflixxt, vx.amigo(players=3, roll_one="swap")),
        ("verflixxt one pawn left", verflixxt,
         vx.classic(players=2, early_end="one_pawn_left", passed_tiles_to_end=True)),
        ("verflixxt first home", verflixxt, vx.classic(players=3, early_end="first_home")),
        ("verflixxt negative lucky sweep", verflixxt,
         vx(players=5, negative_lucky=True, negative_lucky_sweep=True)),
        ("verflixxt lucky below", verflixxt, vx.amigo_pro(players=2, lucky_below=True)),
        ("hoch", hoch, hoch.Rules(players=2)),
        ("hoch attack", hoch, hoch.Rules(players=4, attack=True)),
        ("hoch action tiles", hoch, hoch.Rules(players=3, action_tiles=True, risk_rank="parity")),
        ("hoch 6 players", hoch, hoch.Rules(players=6, attack=True, action_tiles=True)),
    )


def walk(game: ModuleType, state: Any, seed: int, cap: int) -> Iterator[Any]:
    """``state`` and the states after it in a random game, to the end or ``cap`` moves."""
    rng = np.random.default_rng(seed)
    yield state
    for _ in range(cap):
        player = game.current_player(state)
        if player == TERMINAL:
            return
        if player == CHANCE:
            move = sample_outcome(game.chance_outcomes(state), rng)
        else:
            legal = game.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        state = game.apply(state, move)
        yield state


def random_game(game: ModuleType, rules: Any, seed: int, cap: int = 5000) -> list[Any]:
    """The states of one random game (at most ``cap`` moves)."""
    return list(walk(game, game.new_game(rules, seed=seed), seed, cap))


@cache
def states() -> tuple[tuple[str, ModuleType, Any], ...]:
    """(label, game, state): about twelve states along two random games of every variant,
    the first and the last included, chance and decision nodes alike."""
    out = []
    for label, game, rules in variants():
        for seed in (1, 2):
            path = random_game(game, rules, seed)
            picks = sorted({0, len(path) - 1, *range(1, len(path), max(1, len(path) // 5))})
            out += [(label, game, path[i]) for i in picks]
    for label, game, rules in SETUPS:  # the setup's chance nodes (laying, dealing, hats)
        path = list(walk(game, game.initial_state(rules), 1, 60))
        out += [(label, game, path[i]) for i in range(0, len(path), 7)]
    return tuple(out)


SETUPS = (
    ("verflixxt amigo setup", verflixxt, verflixxt.Rules.amigo(players=3)),
    ("hoch setup", hoch, hoch.Rules(players=3)),
    ("hoch setup, small deck", hoch, hoch.Rules(players=2, layout=("+3", "L", "R5"),
                                                deck=((1, 2, 1), (3, 2, 1)))),
)
"""Rules whose setup is a chain of chance nodes from `initial_state`."""


@cache
def records() -> tuple[tuple[str, str], ...]:
    """(label, JSON) of records of random games, whole or stopped early."""
    out = []
    for label, game, rules in variants()[::2]:
        players = rules.players
        agents = [RandomAgent(seed=p) for p in range(players)]
        out.append((label, play(game, agents, rules, seed=3, max_moves=60).to_json()))
    return tuple(out)
