"""Finished games: one JSON object a line, appended to a results file as games finish.

A line holds the game's ``index``, ``seed``, ``seating`` (the agents' tournament names by
seat), ``agents`` (what each of them is: a registered name with its parameters, or the
factory), ``scores``, ``winners``, ``faults`` and the game's ``record`` (the document of
`GameRecord.to_json`, partial for a forfeited game). Each line is written with one
``write`` call on a file opened for appending, so a run killed at any moment leaves whole
lines; a trailing fragment (a full disk, a power cut) is cut off when the file is opened
again.
"""

from __future__ import annotations

import json
import os
from typing import Any

import attrs

from ..core import StateError, jsonio, shares
from ..core.checks import quote

try:  # POSIX: one run at a time per results file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FAULT_KINDS = ("raised", "illegal", "timeout")
"""How an agent can fail: it raised, returned an illegal move, or exceeded ``move_timeout``."""


@attrs.frozen
class Fault:
    """An agent's failure, which forfeited its game."""

    index: int
    """The game's index in the tournament."""
    seat: int
    agent: str
    """The agent's tournament name."""
    kind: str
    """One of `FAULT_KINDS`."""
    message: str
    record: str = attrs.field(repr=False)
    """The game up to the faulty decision, as `GameRecord` JSON (replay it with
    ``GameRecord.from_json``)."""


@attrs.frozen
class GameResult:
    """One finished game of a tournament (its record stays in the results file)."""

    index: int
    seed: int
    seating: tuple[str, ...]
    """The agents' tournament names, by seat."""
    agents: tuple[str, ...]
    """What the agent of each seat is: its registered name, or its factory."""
    scores: tuple[int, ...]
    """``score`` of the final state (for a forfeited game: where it stopped)."""
    winners: tuple[int, ...]
    """``winners`` of the final state (none for a forfeited game)."""
    faults: tuple[Fault, ...] = ()
    """The fault that forfeited the game (at most one: the game stops there)."""

    @property
    def shares(self) -> tuple[float, ...]:
        """Each seat's share of the win: the game's ``returns``; in a forfeited game the
        faulty seat gets 0 and the others share the win equally."""
        players = len(self.seating)
        if not self.faults:
            return shares(self.winners, players)
        faulty = {fault.seat for fault in self.faults}
        return shares(tuple(p for p in range(players) if p not in faulty), players)

    @property
    def placings(self) -> tuple[int, ...]:
        """Each seat's place, 0 the best (equal places for equal results): by share of the
        win, then by score; in a forfeited game the faulty seat is last, the others tie."""
        if self.faults:
            faulty = {fault.seat for fault in self.faults}
            return tuple(int(p in faulty) for p in range(len(self.seating)))
        keys = [(-share, -score) for share, score in zip(self.shares, self.scores, strict=True)]
        ranked = sorted(set(keys))
        return tuple(ranked.index(key) for key in keys)

    def to_line(self, record: str) -> str:
        """The results-file line of this game with its ``record`` (JSON), newline ended."""
        body = {
            "index": self.index,
            "seed": self.seed,
            "seating": list(self.seating),
            "agents": list(self.agents),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "faults": [
                {"seat": f.seat, "agent": f.agent, "kind": f.kind, "message": f.message}
                for f in self.faults
            ],
            "record": json.loads(record),
        }
        return json.dumps(body, separators=(",", ":"), ensure_ascii=False) + "\n"

    @classmethod
    def from_line(cls, line: str | dict[str, Any]) -> GameResult:
        """Read one results-file line (or its parsed object); `StateError` if it is not a
        game result."""
        try:
            data = json.loads(line) if isinstance(line, str) else line
        except (ValueError, RecursionError) as exc:
            raise StateError(f"not a JSON document: {exc}") from None
        data = jsonio.mapping(data)
        index = jsonio.field(data, "index", jsonio.integer)
        faults = tuple(
            Fault(index, jsonio.field(f, "seat", jsonio.integer),
                  jsonio.field(f, "agent", jsonio.string),
                  jsonio.field(f, "kind", jsonio.string),
                  jsonio.field(f, "message", jsonio.string),
                  json.dumps(jsonio.field(data, "record", jsonio.mapping),
                             separators=(",", ":")))
            for f in jsonio.field(data, "faults", jsonio.array(jsonio.mapping))
        )
        result = cls(
            index,
            jsonio.field(data, "seed", jsonio.integer),
            jsonio.field(data, "seating", jsonio.array(jsonio.string)),
            jsonio.field(data, "agents", jsonio.array(jsonio.string)),
            jsonio.field(data, "scores", jsonio.array(jsonio.integer)),
            jsonio.field(data, "winners", jsonio.array(jsonio.integer)),
            faults,
        )
        if not len(result.seating) == len(result.agents) == len(result.scores):
            raise StateError("seating, agents and scores differ in length")
        return result


class ResultsFile:
    """A results file open for a run: `read` the games already there, `append` new ones.

    Opening takes an exclusive lock (where the system has ``fcntl``): a second run on the
    same file is refused instead of writing the same games twice.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.fd: int | None = None

    def __enter__(self) -> ResultsFile:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise StateError(f"{self.path} is in use by another run") from None
        self.fd = fd
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing releases the lock
            self.fd = None

    def read(self) -> list[dict[str, Any]]:
        """The lines in the file, parsed, in file order; a trailing partial line is cut off.
        `StateError` names a line that is not a JSON object."""
        assert self.fd is not None, "open the file with 'with' first"
        size = os.fstat(self.fd).st_size
        data = os.pread(self.fd, size, 0) if size else b""
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            os.ftruncate(self.fd, whole)
        lines = []
        for number, line in enumerate(data[:whole].decode("utf-8", "replace").splitlines(), 1):
            if line.strip():
                try:
                    parsed = json.loads(line)
                except (ValueError, RecursionError) as exc:
                    raise StateError(f"{self.path}, line {number}: not JSON: {exc}") from None
                if not isinstance(parsed, dict):
                    raise StateError(f"{self.path}, line {number}: not a game result")
                lines.append(parsed)
        return lines

    def append(self, line: str) -> None:
        """Append one whole line (one ``write`` call: never a partial line on a kill)."""
        assert self.fd is not None, "open the file with 'with' first"
        data = line.encode("utf-8")
        while data:
            data = data[os.write(self.fd, data):]


def check_resumed(line: dict[str, Any], expected: dict[str, Any], path: str) -> None:
    """Refuse a line written by another tournament: every field of ``expected`` (seed,
    seating, agents, the record's game and rules) must be the line's."""
    record = line.get("record")
    seen = {key: line.get(key) for key in ("seed", "seating", "agents")}
    if isinstance(record, dict):
        seen |= {"game": record.get("game"), "rules": record.get("rules")}
    for key, ours in expected.items():
        if seen.get(key) != ours:
            raise StateError(
                f"{path} holds game {line.get('index')} of another tournament ({key} "
                f"{quote(seen.get(key))}, here {quote(ours)}); use another results file"
            )
