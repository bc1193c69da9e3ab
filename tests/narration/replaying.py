"""Replaying events: the collections (towers, counters, ladder) rebuilt from the events of
every move must be the engine's, tile for tile: the narration is exact."""

from __future__ import annotations

import amigo_rules
from amigo_rules.core import chance_rng, sample_chance
from amigo_rules.verflixxt_hoch.tiles import TRACK_TILES


def random_game(module, rules, seed):
    """(before, move, after) for every move of a game of random moves."""
    rng = chance_rng(seed)
    state = module.new_game(rules, seed=seed)
    steps = []
    while module.current_player(state) != amigo_rules.TERMINAL:
        if module.current_player(state) == amigo_rules.CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        after = module.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps


def _top_tradeable(tower, tradeable):
    for i in range(len(tower) - 1, -1, -1):
        if tradeable(tower[i]):
            return i
    raise AssertionError(f"nothing to trade in {tower}")


def replay_towers(towers, events, tradeable=lambda tile: True):
    """The towers after ``events``."""
    out = [list(t) for t in towers]
    for e in events:
        if e.kind in ("take", "token", "hat_home"):
            out[e.player].append(e.tile)
        elif e.kind in ("gift", "steal"):
            source, target = (e.player, e.other) if e.kind == "gift" else (e.other, e.player)
            i = _top_tradeable(out[source], tradeable)
            assert out[source][i] == e.tile, (e, out[source])
            out[target].append(out[source].pop(i))
        elif e.kind in ("end_take", "sweep"):
            out[e.player] += e.items
    return tuple(map(tuple, out))


def hoch_tradeable(tile):
    return tile in TRACK_TILES
