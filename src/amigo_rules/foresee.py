"""The previews of the legal moves, `foreseen`: the name this module has had since
version 0.2, kept. The code lives on the words floor, `amigo_rules.words.foresee`, which
says what a preview shows."""

from __future__ import annotations

from .words.foresee import foreseen

__all__ = ["foreseen"]
