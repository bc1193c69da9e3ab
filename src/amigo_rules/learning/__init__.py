"""Learning the games' values by self-play on the batch engines.

`learn` plays and fits in rounds and returns a `amigo_rules.agents.model.ValueModel`
(``amigo-rules learn GAME`` on the command line); `amigo_rules.agents.value` plays by it.
The games go to any ``concurrent.futures`` executor in chunks, each drawn from its own
seed, so that the same arguments give the same value on any executor.
"""

from .fit import Fit
from .rounds import BASELINES, Progress, Settings, default_rules, learn

__all__ = ["BASELINES", "Fit", "Progress", "Settings", "default_rules", "learn"]
