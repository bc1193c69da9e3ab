"""Deprecated: the narration moved to the words floor, `amigo_rules.words` (``Teller``,
built by ``Teller.of(game, rules, viewer)``). The names here still work for one version,
with a `DeprecationWarning`."""

from __future__ import annotations

from .core.deprecation import renamed
from .words import narrator

__getattr__ = renamed(__name__, {"Teller": "Teller", "TELLERS": "TELLERS", "QUIET": "QUIET"},
                      vars(narrator), moved_to="amigo_rules.words.narrator")
