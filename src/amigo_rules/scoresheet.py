"""The end of a game in words: the name this module has had since version 0.2, kept. The
code lives on the words floor, `amigo_rules.words.scoresheet`."""

from __future__ import annotations

from .words.scoresheet import (
    ScoreSheet,
    ordinal,
    ranks,
    result_html,
    result_lines,
    score_sheet,
)

__all__ = ["ScoreSheet", "ordinal", "ranks", "result_html", "result_lines", "score_sheet"]
