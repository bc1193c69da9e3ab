"""The weights of Verflixxt!'s greedy play, shared by
`amigo_rules.agents.VerflixxtGreedyAgent` and the batch policy that plays its moves for a
whole batch (`amigo_rules.batch.policies`)."""

from __future__ import annotations

from typing import Final

LANDING_WEIGHT: Final = 0.2
"""How much a tile the moved pawn will stand on alone counts, against one taken now."""
LUCKY_RESERVE: Final = 2.0
"""What a lucky tile is worth when the tower holds no minus tile for it to turn yet."""
