"""Finished games: one JSON object a line, appended to a results file as games finish.

The first line is the file's header: the tournament's identity (`header`), checked before
anything in the file is changed, so that a run never writes into a file of another
tournament or into a file that is not a results file. Every other line holds the game's
``index``, ``seed``, ``seating`` (the agents' tournament names by seat), ``agents`` (what
each of them is: a registered name with its parameters, or the factory), ``scores``,
``winners``, ``faults`` and the game's ``record`` (the document of `GameRecord.to_json`,
partial for a forfeited game). Each line is written with one ``write`` call on a file
opened for appending, so a run killed at any moment leaves whole lines; a torn last line
(a full disk, a power cut) is dropped when the same tournament opens the file again, the
file rewritten whole (`write_atomic`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

import attrs

from ..core import StateError, jsonio, shares
from ..core.checks import quote
from ..core.files import write_atomic

try:  # POSIX: one run at a time per results file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FAULT_KINDS = ("raised", "illegal", "timeout", "crash", "garbage", "handshake", "stale")
"""How an agent can fail: it raised, returned an illegal move, or exceeded ``move_timeout``;
an engine (the seat protocol) also exited, broke the protocol, missed the handshake or
answered for another move."""


@attrs.frozen
class Fault:
    """An agent's failure, which forfeited its game."""

    index: int
    """The game's index in the tournament."""
    seat: int
    """The seat of the faulty agent."""
    agent: str
    """The agent's tournament name."""
    kind: str
    """One of `FAULT_KINDS`."""
    message: str
    """What went wrong, in words (the exception, the illegal move, the time taken)."""
    record: str = attrs.field(repr=False)
    """The game up to the faulty decision, as `GameRecord` JSON (replay it with
    ``GameRecord.from_json``)."""


@attrs.frozen
class GameResult:
    """One finished game of a tournament (its record stays in the results file)."""

    index: int
    """The game's index in the tournament, from 0."""
    seed: int
    """The seed of ``amigo_rules.play`` (the agents' seeds follow from it)."""
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


HEADER = "tournament-results"
"""The ``schema`` of a results file's first line (``amigo-rules/tournament-results``)."""
IDENTITY = ("game", "rules", "agents", "games", "seed", "seating", "move_timeout")
"""What the header says of its tournament: a file is resumed only by the same."""
LINE_START = b'{"index":'
"""How every game line begins (`GameResult.to_line`): a torn last line is a prefix of a
game line, and begins so (or with a part of it)."""


def header(game: str, rules: Any, agents: Sequence[tuple[str, str]], games: int, seed: int,
           seating: str, move_timeout: float | None) -> str:
    """The first line of a tournament's results file: its identity (the game and its rules,
    the agents as ``[name, description]`` pairs in order, games, seed, seating and move
    timeout) in the versioned envelope, newline ended."""
    return jsonio.dump(HEADER, game, {
        "rules": jsonio.rules_to_data(rules), "agents": [list(pair) for pair in agents],
        "games": games, "seed": seed, "seating": seating, "move_timeout": move_timeout,
    }) + "\n"


def check_header(line: str, ours: str, path: str) -> None:
    """Refuse a file whose first ``line`` is not the header ``ours``: `StateError` naming
    what differs (or saying the file is not a results file)."""
    try:
        theirs = json.loads(line)
    except (ValueError, RecursionError):
        theirs = None
    if not isinstance(theirs, dict) or theirs.get("schema") != f"amigo-rules/{HEADER}":
        if isinstance(theirs, dict) and "index" in theirs and "record" in theirs:
            raise StateError(f"{path} has no header line (results of an older amigo-rules): "
                             "it cannot be resumed; use another results file")
        raise StateError(f"{path} is not a tournament results file (its first line is not "
                         "a results header); use another results file")
    if canonical(theirs.get("version")) != canonical(jsonio.SCHEMA_VERSION):
        raise StateError(f"{path} has results format version {quote(theirs.get('version'))}, "
                         f"this library writes {jsonio.SCHEMA_VERSION}; use another results "
                         "file")
    expected = json.loads(ours)
    differences = [difference(key, theirs.get(key), expected[key]) for key in IDENTITY
                   if canonical(theirs.get(key)) != canonical(expected[key])]
    if differences:
        raise StateError(f"{path} holds another tournament ({'; '.join(differences)}); use "
                         "another results file")


def canonical(value: Any) -> str:
    """``value`` as JSON, keys sorted: equal only for the same JSON (``1`` is not ``true``)."""
    return json.dumps(value, sort_keys=True)


def difference(key: str, theirs: Any, ours: Any) -> str:
    """How a header field differs, in words: ``seed 5, here 6``; for the rules, the options
    that differ."""
    if key == "rules" and isinstance(theirs, dict):
        options = [name for name in sorted(set(theirs) | set(ours))
                   if canonical(theirs.get(name)) != canonical(ours.get(name))]
        return "rules: " + ", ".join(
            f"{quote(name)} {quote(theirs.get(name))}, here {quote(ours.get(name))}"
            for name in options[:3]) + (", …" if len(options) > 3 else "")
    return f"{key} {quote(theirs)}, here {quote(ours)}"


class ResultsFile:
    """A tournament's results file open for a run: `read` the games already there, `begin`,
    then `append` new ones.

    Nothing is changed in a file before its header has been recognised as this
    tournament's, and its lines as games. Opening takes an exclusive lock (where the
    system has ``fcntl``): a second run on the same file is refused instead of writing the
    same games twice.
    """

    def __init__(self, path: str | os.PathLike[str], header: str) -> None:
        self.path = os.fspath(path)
        self.header = header
        """This tournament's header line (`header`)."""
        self.fd: int | None = None
        self.kept: bytes | None = None
        """The whole lines to keep when the last one is torn (`begin` drops the rest)."""
        self.empty = False

    def __enter__(self) -> ResultsFile:
        self.fd = self.open_locked()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing releases the lock
            self.fd = None

    def open_locked(self) -> int:
        """The file opened for appending and locked; the lock is retried on the file
        that the path names once another run has replaced it (see `begin`)."""
        for _ in range(3):
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    os.close(fd)
                    raise StateError(f"{self.path} is in use by another run") from None
            try:
                if os.path.samestat(os.fstat(fd), os.stat(self.path)):
                    return fd
            except FileNotFoundError:
                pass
            os.close(fd)
        raise StateError(f"{self.path} keeps being replaced by another program")

    def read(self) -> list[dict[str, Any]]:
        """The games in the file, parsed, in file order, after its first line was found to
        be this tournament's header; changes nothing. `StateError` for a file of another
        tournament or not a results file, a line that is not a JSON object, or a torn last
        line that is no game line."""
        assert self.fd is not None, "open the file with 'with' first"
        size = os.fstat(self.fd).st_size
        data = os.pread(self.fd, size, 0) if size else b""
        self.empty = not data
        if self.empty:
            return []
        whole = data.rfind(b"\n") + 1
        try:
            text = data[:whole].decode("utf-8")
        except UnicodeDecodeError:
            raise StateError(f"{self.path} is not a results file: it is not UTF-8 text") \
                from None
        first, _, rest = text.partition("\n")
        check_header(first if whole else data.decode("utf-8", "replace"), self.header,
                     self.path)
        torn = data[whole:]
        if torn and not (torn.startswith(LINE_START) or LINE_START.startswith(torn)):
            raise StateError(f"{self.path}: its last line is not a game and has no newline")
        self.kept = data[:whole] if torn else None
        lines = []
        for number, line in enumerate(rest.splitlines(), 2):
            if line.strip():
                try:
                    parsed = json.loads(line)
                except (ValueError, RecursionError) as exc:
                    raise StateError(f"{self.path}, line {number}: not JSON: {exc}") from None
                if not isinstance(parsed, dict):
                    raise StateError(f"{self.path}, line {number}: not a game result")
                lines.append(parsed)
        return lines

    def begin(self) -> None:
        """Make the file `read` ready for new games: the header into an empty file; a torn
        last line (a run stopped by a full disk or a power cut) dropped by writing the
        whole lines again atomically, the new file locked in its turn."""
        assert self.fd is not None, "read the file first"
        if self.empty:
            self.append(self.header)
        elif self.kept is not None:
            write_atomic(self.path, self.kept.decode("utf-8"))
            old, self.fd = self.fd, self.open_locked()
            os.close(old)
            self.kept = None

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
