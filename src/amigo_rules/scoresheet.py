"""The end of a game in words (the terminal's and the game server's): every player's
score with its arithmetic (from the game's ``explain_score``), the ranks and the winners."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .core.text import Line, Span, flow, words
from .core.text import player as seat


def ranks(scores: tuple[int, ...], winners: tuple[int, ...]) -> list[int]:
    """Each player's place, 1 the best: winners first, then by score; equal results share
    a place.

    >>> ranks((10, 12, 12, 3), (1, 2))
    [3, 1, 1, 4]
    >>> ranks((10, 12, 12, 3), (2,))  # a tie broken by the rules (fewer lucky tiles)
    [3, 2, 1, 4]
    """
    keys = [(p in winners, s) for p, s in enumerate(scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def result_lines(module: ModuleType, state: Any, viewer: int | None = None,
                 width: int = 80) -> list[Line]:
    """Per player in rank order: place, score and what makes it up, term by term; then the
    winners."""
    scores = module.score(state)
    won = module.winners(state)
    places = ranks(scores, won)
    lines: list[Line] = []
    for breakdown in sorted(module.explain_score(state), key=lambda b: places[b.player]):
        p = breakdown.player
        assert breakdown.total == scores[p], (breakdown, scores)
        you = [(" (you)", "bold")] if p == viewer else []
        mark: list[Span] = [(" winner", "good")] if p in won else []
        lines.append((((ordinal(places[p]) + " ").rjust(5), "bold"), seat(p), *you,
                      (" score ", ""), (str(scores[p]), "bold"), *mark))
        for term in breakdown.terms:
            if not term.values and not term.note:
                continue
            sign = "" if term.what == "counter" else "+"
            sums = " ".join(f"{v:{sign}d}" for v in term.values) or "0"
            if len(term.values) > 1:
                sums += f" = {term.points:+d}"
            note = words([(f"· {term.note}", "dim")]) if term.note else []
            lines += flow(((f"      {term.what}: ", "dim"),), [*words([(sums, "")]), *note],
                          width, indent=8)
    if not won:
        lines.append((("no winner", "bold"),))
    else:
        label = "winner: " if len(won) == 1 else "shared win: "
        names: list[Span] = []
        for p in won:
            names += [(", ", "")] * bool(names) + [seat(p)]
        lines.append(((label, "bold"), *names))
    return lines
