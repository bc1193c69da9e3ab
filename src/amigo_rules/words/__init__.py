"""The words floor: every game's events, previews and scores put into words, for the
command line, the seat protocol and the game server alike. It stands above the games and
knows none of them: each game hands out how its things read (``wording(rules)``, a
`amigo_rules.core.wording.Wording`) and what each viewer may see of a move
(``redact_events``).

- `Teller` (`narrator`): a move's events as sentences told to one viewer, and the short
  previews of the legal moves;
- `foreseen` (`foresee`): the events of each legal move as its player can foresee them;
- `seen_move` (`viewers`): a move's notation and events as one viewer may see them,
  filtered from the events already computed;
- `score_sheet`, `result_lines`, `result_html`, `sheet_lines` (`scoresheet`): the end of a
  game.

Every function naming players takes ``names`` (one string per seat; see
`amigo_rules.core.names` for how a name is shown).
"""

from .foresee import foreseen
from .narrator import Teller
from .scoresheet import (
    ScoreSheet,
    ordinal,
    ranks,
    result_html,
    result_lines,
    score_sheet,
    sheet_lines,
)
from .viewers import seen_move

__all__ = [
    "ScoreSheet",
    "Teller",
    "foreseen",
    "ordinal",
    "ranks",
    "result_html",
    "result_lines",
    "score_sheet",
    "seen_move",
    "sheet_lines",
]
