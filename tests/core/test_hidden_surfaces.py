"""What a seat sees (docs/concepts.md): every surface that takes a viewer shows two
positions that differ only in what that viewer cannot see exactly alike.

For every game and hidden-information configuration a seeded game is played; at each move
and for each seat, the move is paired with another one that seat cannot tell from it: the
same move from a state drawn from the seat's observation (``sample_state``), or another
outcome of the same chance node. A pair counts when the seat's observations agree before
and after the move; then the table (``render_text``, ``render_svg``), the narration
(``move_events`` told by the command line), ``visible_notation``, the replay's caption, log
lines and web page (its text and embedded data) and, at the seat's own decisions, the
command line's table and numbered move previews must be identical. The end of a game is
scored in the open: a twin with other final scores does not count.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from rich.console import Console

import amigo_rules
from amigo_rules import CHANCE, GameRecord, exxtra, verflixxt
from amigo_rules import verflixxt_hoch as ho
from amigo_rules.cli import games
from amigo_rules.cli.replay import Replay
from amigo_rules.cli.session import Session
from amigo_rules.core import IllegalMoveError, chance_rng, sample_chance
from amigo_rules.core.text import plain
from amigo_rules.words import Teller

CONFIGS = {
    "hidden_tiles": (verflixxt, verflixxt.Rules(hidden_tiles=True, players=3)),
    "hidden_towers": (verflixxt, verflixxt.Rules.amigo(towers="hidden", players=3)),
    "top_towers": (verflixxt, verflixxt.Rules.amigo_pro(towers="top", players=3)),
    "tactical_cards": (verflixxt, verflixxt.Rules.amigo_pro(
        tactical_cards=True, towers="hidden", players=3)),
    "hoch": (ho, ho.Rules(players=3, attack=True, action_tiles=True)),
    "exxtra": (exxtra, exxtra.Rules(players=3)),
}
AGENTS = ("random", "greedy", "heuristic")


def random_game(module, rules, seed):
    """(before, move, after) for every move of a game of random moves."""
    rng = chance_rng(seed)
    state = module.new_game(rules, seed=seed)
    while module.current_player(state) != amigo_rules.TERMINAL:
        if module.current_player(state) == CHANCE:
            move = sample_chance(module, state, rng)
        else:
            legal = module.legal_moves(state)
            move = legal[int(rng.integers(len(legal)))]
        after = module.apply(state, move)
        yield state, move, after
        state = after


def twins(module, step, seat, rng, outcomes=2):
    """Moves ``seat`` cannot tell from ``step``'s: (before, move, after) triples."""
    before, move, after = step
    seen = module.observation(before, seat), module.observation(after, seat)
    others = [(module.sample_state(seen[0], rng), move)]
    if module.current_player(before) == CHANCE:
        others += [(before, m) for m, _ in module.chance_outcomes(before) if m != move][
            :outcomes]
    for other, played in others:
        if other == before and played == move:
            continue
        try:
            then = module.apply(other, played)
        except IllegalMoveError:  # the sampled state does not allow that move
            continue
        if (module.observation(other, seat), module.observation(then, seat)) != seen:
            continue
        if module.is_terminal(then) and module.explain_score(then) != module.explain_score(after):
            continue  # the end is scored in the open: every collection is shown
        if played != move and all(  # an outcome every seat sees alike is no secret
            module.observation(then, p) == module.observation(after, p)
            for p in range(before.rules.players)
        ):
            continue
        yield other, played, then


def surfaces(module, step, seat):
    """Everything that shows ``step`` to ``seat``, by name."""
    before, move, after = step
    rules = before.rules
    teller = Teller.of(module, rules, seat)
    record = GameRecord(module.NAME, rules, 1, (move,), after, AGENTS[: rules.players])
    replay = Replay(record, seat, start=before)
    shown = {
        "render_text": module.render_text(after, player=seat),
        "render_svg": module.render_svg(after, player=seat),
        "narration": plain(teller.lines(module.move_events(before, move, after,
                                                           player=seat))),
        "visible_notation": module.visible_notation(before, move, player=seat),
        "replay caption": replay.caption(1),
        "replay log": [plain(replay.lines(i)) for i in range(len(replay))],
        "replay page": replay.page(),
    }
    if module.current_player(before) == seat:
        shown["play previews"] = previews(module, before, seat)
    return shown


def previews(module, state, seat):
    """What ``play`` shows ``seat`` before a decision: the table and the numbered moves."""
    buffer = io.StringIO()
    out = Console(file=buffer, width=100, color_system=None)
    names = {p: "random" for p in range(state.rules.players) if p != seat}
    session = Session(out, games.view(module.NAME), module, state.rules, 1, seat, names)
    session.state, session.legal = state, module.legal_moves(state)
    session.board()
    session.moves()
    return buffer.getvalue()


def check(name, seed, every):
    module, rules = CONFIGS[name]
    rng = np.random.default_rng(seed)
    pairs = 0
    for index, step in enumerate(random_game(module, rules, seed)):
        if index % every:
            continue
        for seat in range(rules.players):
            mine = None
            for twin in twins(module, step, seat, rng):
                mine = mine or surfaces(module, step, seat)
                theirs = surfaces(module, twin, seat)
                for surface, shown in mine.items():
                    assert theirs[surface] == shown, (
                        f"{name}, seed {seed}, move {index} ({step[1]}), seat {seat}: "
                        f"{surface} shows what the seat cannot see")
                pairs += 1
    return pairs


@pytest.mark.parametrize("name", list(CONFIGS))
def test_a_seat_sees_alike_what_it_cannot_tell_apart(name):
    pairs = check(name, seed=1, every=23 if name == "hoch" else 11)
    assert (pairs > 0) == (name != "exxtra")  # EXXtra hides nothing


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 5))
@pytest.mark.parametrize("name", list(CONFIGS))
def test_a_seat_sees_alike_every_move(name, seed):
    check(name, seed, every=1)
