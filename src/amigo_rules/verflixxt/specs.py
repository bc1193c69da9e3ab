"""``spec(rules)``: the fixed facts of a Verflixxt! game for adapters and learners, with
the derivation of its maximum game length."""

from __future__ import annotations

from ..core import GameSpec
from ..core.checks import rules_of, state_of
from ..core.spec import game_spec
from .actions import num_actions, num_chance_outcomes
from .observations import array_bounds
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .setup import box, laid_out, shuffled_setup, track_length


def spec(rules: Rules | None = None) -> GameSpec:
    """The `GameSpec` of Verflixxt! under ``rules`` (default: `Rules.classic`, 4 players).

    >>> s = spec(Rules.classic(players=4))
    >>> s.num_actions, s.num_chance_outcomes, s.max_game_length, s.has_hidden_information
    (72, 6, 1096, False)
    """
    rules = rules_of(Rules, rules, "spec")
    return game_spec(
        "verflixxt", rules, (MIN_PLAYERS, MAX_PLAYERS), num_actions(rules),
        num_chance_outcomes(rules), array_bounds(rules),
        max_game_length=max_game_length(rules),
        has_chance=not rules.tactical_cards or shuffled_setup(rules),
        has_hidden_information=rules.hidden_tiles or rules.towers != "open",
    )


def max_game_length(rules: Rules) -> int | None:
    """An upper bound on the moves of a game from `initial_state`, chance outcomes included;
    None where the rules admit games of any length.

    *Derivation.* Let Φ be the sum, over every pawn and guard, of the tiles between it and the
    finish. Taking a tile never raises Φ (pieces beyond it and the finish move one position
    closer to the start together), gifts, steals and flips move nothing, and the early ends
    (VXV-4, VXV-5) only stop the game. Every piece move goes forward by at least one tile, so
    at most Φ₀ piece moves are made, Φ₀ being its value after setup: every pawn on the start,
    every guard on its tile (anywhere on a shuffled track: counted as if on position 1).

    - With the die, each piece move is one turn: one roll before it, at most one ``steal``
      (action tiles) and one ``flip`` (VXV-10) after it — at most Φ₀·(2 + steal + flip).
    - With tactical cards (VXV-9), a positive card moves a piece forward and the -1 one back.
      A player never passes while holding a positive card (any card fits the turn's first
      play), so in every round of hands (from one refill to the next) each player still in
      the game at its end plays all six positive cards and at most one -1, and a player who
      leaves during it made a forward move that outweighs their -1: each complete round
      lowers Φ by at least 5, so there are at most ⌊Φ₀/5⌋ + 1 rounds and N ≤ 7·players·rounds
      card plays. Each card play is followed by at most one ``steal``, each playing turn by
      one ``stop`` and one ``flip``, and at most ``players`` passing turns follow each
      playing turn (and precede the first): at most N·(2 + steal + flip) + players·(N + 1).

    A shuffled track adds one ``lay`` per path tile. A roll of 1 that may stay or move back
    (VXV-2) or swap pawns (VXV-7) allows games of any length; tiles moved to the end of the
    track (VXV-3, VXV-8b) raise Φ again, and no bound is claimed for them (None).
    """
    state_of("max_game_length", Rules, rules)
    if rules.roll_one is not None or rules.passed_tiles_to_end or rules.negative_lucky_sweep:
        return None
    length = track_length(rules)
    pawns = rules.players * rules.pawns_per_player * (length - 1)
    if shuffled_setup(rules):
        lays = sum(box(rules).values())
        guards = len(laid_out(rules).board.guards) * (length - 2)
    else:
        lays = 0
        guards = sum(length - 1 - g for g in laid_out(rules).board.guards)
    potential = pawns + guards
    extra = rules.action_tiles + rules.hidden_tiles
    if not rules.tactical_cards:
        return lays + potential * (2 + extra)
    plays = 7 * rules.players * (potential // 5 + 1)
    return lays + plays * (2 + extra) + rules.players * (plays + 1)
