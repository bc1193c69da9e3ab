"""The seat protocol ([its specification](../protocol.md); the guide: [Write a bot in any
language](../engines.md)): bots in any language take a seat over their standard input and
output, or over a WebSocket of the game server.

- `EngineAgent`: the host side, an agent played by another program;
- `serve`: the seat side, any of our agents as an engine
  (``python -m amigo_rules.protocol.serve mcts:200``);
- ``python -m amigo_rules.protocol.check COMMAND``: the conformance checker;
- `messages`: the messages, written and read strictly;
- `example_engine`, `copy_examples`: the example engines installed with the package
  (``python -m amigo_rules.protocol.examples DIR`` copies them).
"""

from .engine import FAULTS, EngineAgent, EngineError, close_pools, pooled
from .examples import copy_examples, example_engine
from .messages import PROTOCOL, ProtocolError
from .serve import serve

__all__ = ["FAULTS", "PROTOCOL", "EngineAgent", "EngineError", "ProtocolError", "close_pools",
           "copy_examples", "example_engine", "pooled", "serve"]
