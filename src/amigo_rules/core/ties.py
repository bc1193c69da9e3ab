"""When two values count as equal: the one tolerance of every player that plays a best move
(the scalar agents and the batch policies alike, so both choose among the same moves)."""

from __future__ import annotations

from typing import Final

TIE: Final = 1e-9
"""Values this close count as equal."""
