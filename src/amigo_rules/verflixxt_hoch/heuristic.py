"""The weights of Verflixxt hoch²'s greedy play, shared by
`amigo_rules.agents.VerflixxtHochGreedyAgent` and the batch greedy
(`amigo_rules.batch.verflixxt_hoch_greedy`)."""

from __future__ import annotations

from typing import Final

from .tiles import HAT_POINTS

HAT: Final = float(HAT_POINTS)
"""What a hat is worth at the finish (HO-HAT-5): plus for the lucky hat, minus for the
cursed cap."""
HAT_HOLD: Final = 0.6
"""The share of a hat's worth counted while it is still on the way (it can change heads)."""
LANDING_WEIGHT: Final = 0.25
"""How much a tile the moved pawn will stand on alone counts, against one taken now."""
MEETING_WEIGHT: Final = 0.3
"""How much a hat chance on the landing tile counts, against the hat action itself."""
LUCKY_RESERVE: Final = 2.0
"""What a lucky tile is worth when the collection holds no minus tile for it yet."""
FRESH_HAND: Final = 0.1
"""What an attack with a pair of 0s is worth: it pushes nobody, but trades both dead cards
for two new ones, where playing one 0 trades only one."""
