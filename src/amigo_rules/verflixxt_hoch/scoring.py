"""Scores and winners (HO-RISK-1, HO-SCORE-1)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core import shares
from ..core.breakdown import Breakdown, Term
from ..core.checks import state_of, tiles_of, wrong_type
from ..core.names import names_of
from ..core.spec import top_scorers
from ..core.text import plural
from ..track import LUCKY_CONVERTS, PATH_TILES
from .rules import Rules
from .state import Phase, State
from .tiles import COLLECTED, CURSED_CAP, HAT_POINTS, HATS, LUCKY_HAT, RISK, TOKENS


def _score(tiles: tuple[str, ...]) -> int:
    path = [t for t in tiles if t in PATH_TILES]
    risk = [int(t[1:]) for t in tiles if t in RISK]
    sign = -1 if len(risk) % 2 else 1
    tokens = sum(int(t[1:]) for t in tiles if t in TOKENS)
    hats = HAT_POINTS * (tiles.count(LUCKY_HAT) - tiles.count(CURSED_CAP))
    return LUCKY_CONVERTS.score(path) + sign * sum(risk) + tokens + hats


def score_tiles(tiles: Iterable[str], rules: Rules | None = None) -> int:
    """Score one player's collection (HO-SCORE-1): path tiles by VX-SCORE-1 (lucky tiles
    never turn risk tiles), risk tiles by HO-RISK-1, finish tokens, hats.

    >>> score_tiles(["R3", "R5", "R6"])
    -14
    >>> score_tiles(["-3", "L", "+5", "R4", "R7", "T2", "hat+"])
    31
    """
    if rules is not None and type(rules) is not Rules:
        raise wrong_type("score_tiles", Rules, rules)
    listing = f"+1…+8, -1…-10, L, R3…R7, T2…T6, {', '.join(HATS)}"
    return _score(tiles_of(tiles, COLLECTED, "not Verflixxt hoch² tiles", listing))


def score(state: State) -> tuple[int, ...]:
    """Each player's score as if the game ended now (HO-SCORE-1)."""
    if type(state) is not State:
        raise wrong_type("score", State, state)
    return tuple(_score(tower) for tower in state.towers)


def explain_score(state: State, *, names: Sequence[str] | None = None
                  ) -> tuple[Breakdown, ...]:
    """Each player's `score` term by term (HO-SCORE-1): path tiles by VX-SCORE-1, risk
    tiles by their parity (HO-RISK-1), finish tokens, hats; only the terms the collection
    holds (path tiles always). Each `Breakdown` is named by ``names`` (one string per
    seat, shown as `amigo_rules.core.names` says; ``P0`` … without).

    >>> import attrs
    >>> from amigo_rules import verflixxt_hoch as ho
    >>> state = ho.new_game(ho.Rules(players=2), seed=1)
    >>> state = attrs.evolve(state, towers=(("-3", "L", "+5", "R4", "R7", "T2", "hat+"), ()))
    >>> [(t.what, t.points) for t in ho.explain_score(state)[0].terms]
    [('path tiles', 8), ('risk tiles', 11), ('finish tokens', 2), ('hats', 10)]
    """
    state_of("explain_score", State, state)
    called = names_of(names, state.rules.players, "explain_score")
    return tuple(Breakdown(p, _terms(tower), called.short(p))
                 for p, tower in enumerate(state.towers))


def _terms(collection: tuple[str, ...]) -> tuple[Term, ...]:
    terms = [LUCKY_CONVERTS.explain(t for t in collection if t in PATH_TILES)]
    risk = [int(t[1:]) for t in collection if t in RISK]
    if risk:
        odd = len(risk) % 2
        note = (f"{plural(len(risk), 'risk tile')}: an "
                f"{'odd number counts minus' if odd else 'even number counts plus'}")
        terms.append(Term("risk tiles", tuple(-r if odd else r for r in risk), note))
    tokens = tuple(int(t[1:]) for t in collection if t in TOKENS)
    if tokens:
        terms.append(Term("finish tokens", tokens))
    hats = tuple(HAT_POINTS if t == LUCKY_HAT else -HAT_POINTS for t in collection if t in HATS)
    if hats:
        terms.append(Term("hats", hats, f"lucky hat +{HAT_POINTS}, cursed cap -{HAT_POINTS}"))
    return tuple(terms)


def winners(state: State) -> tuple[int, ...]:
    """The winners once the game is over (highest score, ties share); ``()`` before."""
    if type(state) is not State:
        raise wrong_type("winners", State, state)
    if state.phase is not Phase.OVER:
        return ()
    return top_scorers(score(state))


def returns(state: State) -> tuple[float, ...]:
    """Each player's share of the win at the end (1/k for each of k winners, HO-SCORE-1);
    zeros before."""
    if type(state) is not State:
        raise wrong_type("returns", State, state)
    return shares(winners(state), state.rules.players)
