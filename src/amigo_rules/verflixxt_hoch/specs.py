"""``spec(rules)``: the fixed facts of a Verflixxt hoch² game for adapters and learners."""

from __future__ import annotations

from ..core import GameSpec
from ..core.checks import rules_of
from ..core.spec import game_spec
from .actions import num_actions, num_chance_outcomes
from .observations import array_bounds
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules


def spec(rules: Rules | None = None) -> GameSpec:
    """The `GameSpec` of Verflixxt hoch² under ``rules`` (default: 4 players).

    A game can last any number of moves: the pawn with the cursed cap may walk back as far
    as the start tile (HO-HAT-4) and -1 and 0 cards move nothing forward, while the cards are
    reshuffled without end (HO-TURN-4), so ``max_game_length`` is None. Adapters bound it
    with a truncation parameter; `amigo_rules.play` with ``max_moves``.

    >>> s = spec(Rules(players=2))
    >>> s.num_chance_outcomes, s.max_game_length, s.has_hidden_information
    (76, None, True)
    """
    rules = rules_of(Rules, rules, "spec")
    return game_spec(
        "verflixxt_hoch", rules, (MIN_PLAYERS, MAX_PLAYERS), num_actions(rules),
        num_chance_outcomes(rules), array_bounds(rules),
        max_game_length=None, has_chance=True, has_hidden_information=True,
    )
