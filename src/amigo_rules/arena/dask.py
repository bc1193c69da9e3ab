"""Tournaments on a Dask cluster (``pip install 'amigo-rules[dask]'``): the only module that
imports ``distributed``.

Any ``distributed.Client`` gives an executor, ``client.get_executor()``; `executor` connects
to a scheduler by its address and hands one over.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

__all__ = ["executor"]

INSTALL = "Dask tournaments need distributed: pip install 'amigo-rules[dask]'"
"""The message of the error raised when ``distributed`` is not installed."""


@contextmanager
def executor(address: str | None = None, **client_options: Any) -> Iterator[Executor]:
    """An executor on the Dask scheduler at ``address`` (``"tcp://host:8786"``), for
    ``tournament(..., executor=...)``; the client closes when the block ends.

    Without an address, Dask starts a local cluster of worker processes for the block.
    ``client_options`` go to ``distributed.Client`` (e.g. ``timeout="10s"``).
    """
    try:
        from distributed import Client
    except ImportError:
        raise ImportError(INSTALL) from None
    with Client(address, **client_options) as client:
        yield client.get_executor(pure=False)
