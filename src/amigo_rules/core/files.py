"""Files the library writes: whole and atomically, never half-written."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` whole: into a temporary file beside it, then renamed over
    it (`os.replace`), so a reader sees the old file or the new one, never a part. A file
    replaced keeps its permissions (a new one is readable by its owner only).

    Raises `OSError` as `open` would; the temporary file is removed on failure.
    """
    target = Path(path)
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.chmod(name, stat.S_IMODE(os.stat(target).st_mode))
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
