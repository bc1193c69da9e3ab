"""Scores and winners (VX-SCORE-1, VX-SCORE-2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core import shares
from ..core.breakdown import Breakdown, Term
from ..core.checks import state_of, tiles_of, wrong_type
from ..core.names import names_of
from ..core.spec import top_scorers
from ..track import (
    LUCKY,
    LUCKY_BELOW,
    LUCKY_BY_COUNT,
    LUCKY_CONVERTS,
    PATH_TILES,
    TowerScoring,
    value,
)
from .rules import Rules
from .state import Phase, State


def score_tiles(tiles: Iterable[str], rules: Rules | None = None) -> int:
    """Score one player's tower, given bottom to top (VX-SCORE-1, VXV-LUCKY-BELOW, VXV-8).

    >>> score_tiles(["-3", "L", "+5"])
    8
    >>> score_tiles(["-3", "L", "+5"], Rules(lucky_below=True))
    8
    >>> score_tiles(["-3", "+5", "L"], Rules(lucky_below=True))
    -8
    """
    if rules is not None and type(rules) is not Rules:
        raise wrong_type("score_tiles", Rules, rules)
    tower = tiles_of(tiles, PATH_TILES, "not Verflixxt path tiles", "+1…+8, -1…-10, L")
    return _tower_scoring(rules).score(tower)


def _tower_scoring(rules: Rules | None) -> TowerScoring:
    """The tower scoring of ``rules``: VX-SCORE-1, VXV-LUCKY-BELOW or VXV-8."""
    if rules is None:
        return LUCKY_CONVERTS
    if rules.lucky_below:
        return LUCKY_BELOW
    return LUCKY_BY_COUNT if rules.negative_lucky else LUCKY_CONVERTS


def score(state: State) -> tuple[int, ...]:
    """Each player's score as if the game ended now (VX-SCORE-1, VXV-LUCKY-BELOW, and the
    VXV-5 penalty tile)."""
    if type(state) is not State:
        raise wrong_type("score", State, state)
    scorer = _tower_scoring(state.rules).score
    scores = tuple(scorer(tower) for tower in state.towers)
    if state.penalty is not None:  # VXV-5: at face value, beyond any lucky tile
        owner, tile = state.penalty
        scores = tuple(s + value(tile) if p == owner else s for p, s in enumerate(scores))
    return scores


def explain_score(state: State, *, names: Sequence[str] | None = None
                  ) -> tuple[Breakdown, ...]:
    """Each player's `score` term by term: the tower's tiles with the value each counts for
    (VX-SCORE-1, VXV-LUCKY-BELOW or VXV-8 saying what the lucky tiles did) and the VXV-5
    penalty tile; each `Breakdown` named by ``names`` (one string per seat, shown as
    `amigo_rules.core.names` says; ``P0`` … without).

    >>> import attrs
    >>> from amigo_rules import verflixxt
    >>> state = attrs.evolve(verflixxt.new_game(), towers=(("-3", "L", "+5", "-8"),) + ((),) * 3)
    >>> mine = verflixxt.explain_score(state)[0]
    >>> mine.terms[0].values, mine.terms[0].note, mine.total == verflixxt.score(state)[0]
    ((-3, 5, 8), '1 lucky tile turns -8 into +8', True)
    """
    state_of("explain_score", State, state)
    rules = state.rules
    called = names_of(names, rules.players, "explain_score")
    explain = _tower_scoring(rules).explain
    out = []
    for p, tower in enumerate(state.towers):
        terms = [explain(tower)]
        if state.penalty is not None and state.penalty[0] == p:
            terms.append(Term("penalty (VXV-5)", (value(state.penalty[1]),),
                              "the most negative tile left, at face value"))
        out.append(Breakdown(p, tuple(terms), called.short(p)))
    return tuple(out)


def winners(state: State) -> tuple[int, ...]:
    """The winners once the game is over (VX-SCORE-2); ``()`` before."""
    if type(state) is not State:
        raise wrong_type("winners", State, state)
    if state.phase is not Phase.OVER:
        return ()
    tied = top_scorers(score(state))
    if state.rules.tie_break_fewer_lucky and len(tied) > 1:
        fewest = min(state.towers[p].count(LUCKY) for p in tied)
        tied = tuple(p for p in tied if state.towers[p].count(LUCKY) == fewest)
    return tied


def returns(state: State) -> tuple[float, ...]:
    """Each player's share of the win at the end (1/k for each of k winners, VX-SCORE-2);
    zeros before."""
    if type(state) is not State:
        raise wrong_type("returns", State, state)
    return shares(winners(state), state.rules.players)
