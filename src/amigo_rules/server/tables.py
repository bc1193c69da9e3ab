"""A live table: the state recomputed from the table's seed and stored moves, extended by
each move committed, and what each viewer may read of it (the seat protocol's host messages).

Chance is drawn as `amigo_rules.play` draws it (one generator, `chance_rng` of the seed, one
draw per chance node in order) and an agent seat is seeded as the command line seeds its
bots (`agent_seed`): a table of agents finishes with the record ``play`` gives for the same
seed and agents. A table read back from the database draws its generator again over the
stored chance moves, so it continues the same stream.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, NamedTuple

import attrs
import numpy as np
import orjson

from ..core import CHANCE, SPECTATOR, TERMINAL, GameRecord, get_game, jsonio
from ..core.chance import sample_chance
from ..core.errors import AmigoRulesError, IllegalMoveError
from ..core.events import Event
from ..core.names import shown_name
from ..core.record import chance_rng
from ..core.text import plain
from ..protocol import messages
from ..protocol.host import answered_move, end_of, legal_entries, seen_event
from ..words import ScoreSheet, Teller, foreseen, score_sheet, seen_move, sheet_lines
from .rows import FORFEIT, TableRow

HANDSHAKE_MS = 10_000
"""The ``hello``'s ``handshake_ms`` (a seat's ``ready`` is not awaited: the table waits)."""
SHARING = 3
"""The viewers reading a table from which its ``event`` lines are shared between viewers
(`LiveTable.event_lines`): with two, both are mostly named (a move says "you" to its
player), and noting what each line asked of its viewer costs more than it saves."""


def token_hash(token: str) -> str:
    """The sha256 hex of a token: what the database keeps."""
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.frozen
class Step:
    """One move played at the table."""

    before: Any
    move: Any
    after: Any
    mover: int
    """The seat that played it, or ``CHANCE``."""
    events: tuple[Event, ...]
    """What it did, all shown."""


class Told(NamedTuple):
    """A step's ``event`` line as worded for ``viewer``, who saw ``notation`` and ``seen``
    of it, its words asking `Teller.is_viewer` about the players ``asked`` (and nothing
    else of the viewer: its teller differs from another's in the viewer alone)."""

    notation: str | None
    seen: tuple[Event, ...]
    viewer: int
    asked: set[int | None]
    line: str

    def fits(self, notation: str | None, seen: tuple[Event, ...], viewer: int) -> bool:
        """Whether the line is ``viewer``'s too: the same seen of the step, and each
        player asked about is, or is not, ``viewer`` as for this line's viewer (for
        another viewer: neither of them was asked about); its teller then words alike
        at every turn, so the same words."""
        return ((viewer == self.viewer
                 or (viewer not in self.asked and self.viewer not in self.asked))
                and notation == self.notation and seen == self.seen)


class Refused(AmigoRulesError):
    """A request the server refuses (a move the table does not take, a bad token …);
    ``status`` is the HTTP status that says why, ``retry_after`` the seconds to wait (a
    limit reached, 429)."""

    def __init__(self, status: int, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@functools.lru_cache(maxsize=256)
def shared_rules(module: ModuleType, rules_json: str) -> Any:
    """The `Rules` of a table's stored ``rules_json``: one object for all the tables of
    the same rules (they are frozen). The games remember what they work out per rules
    (action ids, a document's rules) by the rules object: looked up by the same object
    they are found at once, by an equal one only after comparing every field (a few
    microseconds, several times a move)."""
    return jsonio.rules_from_data(module.Rules, json.loads(rules_json))


def setup_state(module: ModuleType, rules: Any, seed: int) -> Any:
    """The table's first state (the game's ``new_game`` from the seed)."""
    return module.new_game(rules, seed=seed)


class LiveTable:
    """One table in memory: its row, states and steps, and per viewer the event lines told
    so far. Not thread-safe: the server drives it from its event loop."""

    def __init__(self, row: TableRow, token_hashes: Sequence[str | None]) -> None:
        self.row = row
        self.module: ModuleType = get_game(row.game)
        self.rules = shared_rules(self.module, row.rules)
        self.token_hashes = tuple(token_hashes)
        self.state = setup_state(self.module, self.rules, row.seed)
        self.first = self.state
        self.rng: np.random.Generator = chance_rng(row.seed)
        self.undrawn: Mapping[str, Any] | None = None
        """The generator's state before outcomes drawn but not committed yet (`plan`)."""
        self.steps: list[Step] = []
        self.hidden = self.module.spec(self.rules).has_hidden_information
        self.tellers: dict[int, Teller] = {}
        self.lines: dict[int, list[str]] = {}
        """Per viewer (a seat or `SPECTATOR`), the ``event`` line of each step so far."""
        self.told: list[list[Told]] = []
        """Per step, the ``event`` lines worded so far, for the viewers who read the same
        (`Told`)."""
        self.forfeited: int | None = None
        """The seat that forfeited, which ended the game where it stood; None."""
        self.names: tuple[str, ...] | None = None
        """The players' names the words and the board use (`rename`); None: numbers."""
        self.substituted: dict[int, str] = {}
        """The moves (by number) an agent played for a seat whose clock ran out: its name."""
        self.deadline: float | None = None
        """When (Unix time) the seat to move runs out of time on the table's clock."""
        self.player: int = self.module.current_player(self.state)
        """The seat to move, or ``CHANCE`` or ``TERMINAL`` (also after a forfeit)."""
        self._legal: tuple[Any, tuple[Any, ...], list[messages.Message]] = (None, (), [])
        self.ending: tuple[tuple[str, ...] | None, messages.Message, ScoreSheet] | None = None
        """The names, the ``end`` and the sheet of `_ending`, once worked out."""

    # ------------------------------------------------------------------ the game

    @property
    def move_number(self) -> int:
        return len(self.steps)

    @property
    def over(self) -> bool:
        return self.player == TERMINAL

    @property
    def stored(self) -> int:
        """The entries the database holds for the table: its moves, and a `FORFEIT`."""
        return len(self.steps) + (self.forfeited is not None)

    def forfeit(self) -> None:
        """The seat to move forfeits: the game ends where it stands (`FORFEIT` stored)."""
        self.forfeited = self.player
        self.player = TERMINAL

    def plan(self, move: Any | None) -> list[Step]:
        """What ``move`` (legal here; None: no player move) does and the chance moves it
        leads to, drawn from the table's generator: the steps to commit, not applied yet
        (`extend` the table by them once committed, else `rewind`)."""
        module = self.module
        steps: list[Step] = []
        state = self.state
        if move is not None:
            steps.append(self._step(state, move))
            state = steps[-1].after
        while module.current_player(state) == CHANCE:
            if self.undrawn is None:
                self.undrawn = self.rng.bit_generator.state
            steps.append(self._step(state, sample_chance(module, state, self.rng)))
            state = steps[-1].after
        return steps

    def _step(self, before: Any, move: Any) -> Step:
        after, events = self.module.apply_events(before, move)
        return Step(before, move, after, self.module.current_player(before), events)

    def rewind(self) -> None:
        """Put the generator back where it was before the steps `plan` drew (they were
        not committed: another process's moves stand instead)."""
        if self.undrawn is not None:
            self.rng.bit_generator.state = self.undrawn
            self.undrawn = None

    def extend(self, steps: Sequence[Step]) -> None:
        """Go on to the last of ``steps``' states (committed), keeping the steps."""
        self.undrawn = None
        self.steps.extend(steps)
        if steps:
            self.state = steps[-1].after
            self.player = self.module.current_player(self.state)

    def absorb(self, texts: Sequence[str]) -> None:
        """Apply stored moves (notation) read back from the database: at a chance node the
        generator draws as it did then (`play`'s stream continues), the stored outcome
        stands. `FORFEIT` ends the game: the seat to move forfeited."""
        module = self.module
        self.rewind()
        for text in texts:
            if text == FORFEIT:
                self.forfeit()
                continue
            if module.current_player(self.state) == CHANCE:
                sample_chance(module, self.state, self.rng)
            self.extend([self._step(self.state, module.parse_move(self.state, text))])

    def resolve(self, seat: int, move_number: Any, action: Any, notation: Any) -> Any:
        """The legal move ``seat`` names for ``move_number`` (an action ``id``, its
        notation, or both agreeing); `Refused` with the protocol's status otherwise."""
        if type(move_number) is not int:
            raise Refused(400, "'move_number' must be an integer")
        if action is None and notation is None:
            raise Refused(400, "a move needs an 'id' or a 'move'")
        if action is not None and type(action) is not int:
            raise Refused(400, "'id' must be an integer")
        if notation is not None and type(notation) is not str:
            raise Refused(400, "'move' must be a string")
        if move_number != self.move_number:
            raise Refused(409, f"stale move_number {move_number}: the table is at move "
                               f"{self.move_number}")
        if self.player != seat:
            raise Refused(409, "the game is over" if self.over else "not your turn")
        try:
            return answered_move(*self.legal(), action, notation)
        except IllegalMoveError as error:
            raise Refused(422, str(error)) from None

    def legal(self) -> tuple[tuple[Any, ...], list[messages.Message]]:
        """The legal moves here and their ``act`` entries (``{"id", "move"}``), worked out
        once per state."""
        if self._legal[0] is not self.state:
            moves = self.module.legal_moves(self.state)
            self._legal = (self.state, moves, legal_entries(self.module, self.state, moves))
        return self._legal[1], self._legal[2]

    def record(self, names: Sequence[str]) -> GameRecord:
        """The game so far as a record, the players called ``names``."""
        return GameRecord(self.module.NAME, self.rules, self.row.seed,
                          tuple(s.move for s in self.steps), self.state, tuple(names))

    # ------------------------------------------------------------------ the views

    def rename(self, names: Sequence[str | None]) -> None:
        """Call the seats ``names`` (None or blank: the seat's number) from now on, in the
        events, the board and the end; the events so far are worded again."""
        shown = tuple(name or "" for name in names)
        if shown != self.names:
            self.names = shown
            self.tellers.clear()
            self.lines.clear()
            self.told.clear()

    def teller(self, viewer: int) -> Teller:
        if viewer not in self.tellers:
            self.tellers[viewer] = Teller.of(self.module, self.rules, viewer,
                                             names=self.names)
        return self.tellers[viewer]

    def label(self, seat: int) -> str:
        """What seat ``seat`` is called (its name as the library shows it, else ``P2``)."""
        name = self.names[seat] if self.names is not None else ""
        return shown_name(name) if name.strip() else f"P{seat}"

    def event_lines(self, viewer: int) -> list[str]:
        """Every step's ``event`` as ``viewer`` (a seat or `SPECTATOR`) may read it, encoded
        (worked out once per viewer and step)."""
        lines = self.lines.setdefault(viewer, [])
        for number in range(len(lines), len(self.steps)):
            lines.append(self._event_line(number, viewer))
        return lines

    def _event_line(self, number: int, viewer: int) -> str:
        """Step ``number``'s ``event`` line for ``viewer``; at a table read by `SHARING`
        viewers or more, worded once for the viewers who may see the same of it and
        whose words are the same (`Told.fits`)."""
        step = self.steps[number]
        notation, seen = seen_event(self.module, step.before, step.move, step.events,
                                    viewer, hidden=self.hidden)
        if len(self.lines) < SHARING:
            return self._worded(number, notation, seen, viewer, None)
        while len(self.told) <= number:
            self.told.append([])
        for told in self.told[number]:
            if told.fits(notation, seen, viewer):
                return told.line
        asked: set[int | None] = set()
        line = self._worded(number, notation, seen, viewer, asked)
        self.told[number].append(Told(notation, seen, viewer, asked, line))
        return line

    def _worded(self, number: int, notation: str | None, seen: tuple[Event, ...],
                viewer: int, asked: set[int | None] | None) -> str:
        """The line of step ``number`` for ``viewer``, who sees ``notation`` and ``seen``
        of it; the players its words ask `Teller.is_viewer` about noted in ``asked``
        (if a set)."""
        teller = self.teller(viewer)
        teller.asked = asked
        try:
            text = teller.sentence(seen)
        finally:
            teller.asked = None
        if number in self.substituted:
            text += (f" ({self.label(self.steps[number].mover)}'s time ran out: "
                     f"{self.substituted[number]} played this move)")
        return _line(messages.event(number, self.steps[number].mover, notation, text),
                     raw=False)

    def hello(self, viewer: int) -> str:
        """The ``hello`` to ``viewer`` (``"seat": null`` for a `SPECTATOR`), without the
        seed: it would tell what the seat may not see (the record shows it at the end);
        ``limits.move_ms`` the table's clock."""
        clock = self.row.clock
        message = messages.hello(self.module.NAME, jsonio.rules_to_data(self.rules),
                                 self.rules.players, viewer, None, HANDSHAKE_MS,
                                 None if clock is None else round(clock.move_seconds * 1000))
        if viewer == SPECTATOR:
            message["seat"] = None
        return messages.text(message)

    def act(self, seat: int, *, previews: bool) -> str | None:
        """The ``act`` to ``seat`` if it is to move, else None; with ``previews`` the
        narration's preview of each legal move as the seat may foresee it."""
        if self.player != seat:
            return None
        module = self.module
        legal_moves, entries = self.legal()
        document = _document(module, module.observation(self.state, seat))
        deadline_ms = (None if self.deadline is None
                       else max(0, round((self.deadline - time.time()) * 1000)))
        message = messages.act(self.move_number, document, entries, deadline_ms)
        if previews:
            teller = self.teller(seat)
            message["previews"] = [
                "".join(text for text, _ in teller.preview(events))
                for events in foreseen(module, self.state, legal_moves, seat)]
        return _line(message)

    def end(self, viewer: int) -> str | None:
        """The ``end`` once over, with the score explanation (as the terminal shows it at
        the end, public then: the towers are counted in the open), else None."""
        if not self.over:
            return None
        if self.forfeited is not None:  # returns and winners as an engine hears a forfeit
            # a seat the server plays forfeits when its bot fails, a person's or remote
            # bot's only when the clock runs out (kinds as in `seats.BOT_KINDS`)
            bot = self.row.seats[self.forfeited].partition(":")[0] in ("agent", "engine")
            message = end_of(self.module, self.state, "forfeit" if bot else "timeout")
            why = ("the bot the server runs for that seat failed" if bot else
                   "its time for a move ran out")
            message["explanation"] = (f"{self.label(self.forfeited)} forfeited at move "
                                      f"{self.move_number}: {why}. Nobody wins.")
            return messages.text(message)
        ending, told = self._ending()
        sheet = told.told_to(viewer)
        return messages.text({**ending, "explanation": plain(sheet_lines(sheet)),
                              "sheet": sheet.to_data()})

    def _ending(self) -> tuple[messages.Message, ScoreSheet]:
        """The ``end`` of a game played out, without its explanation and sheet, and its
        score sheet told to nobody: worked out once (per names) for every viewer."""
        if self.ending is None or self.ending[0] != self.names:
            self.ending = (self.names, end_of(self.module, self.state, "rules"),
                           score_sheet(self.module, self.state, names=self.names))
        return self.ending[1], self.ending[2]

    def seat_view(self, seat: int) -> str:
        """The HTTP seat view (JSON text): move number, observation, legal moves when the
        seat is to move, its events."""
        module = self.module
        document = _document(module, module.observation(self.state, seat))
        legal = self.legal()[1] if self.player == seat else []
        events = ",".join(self.event_lines(seat))
        return _line({"move_number": self.move_number,
                      "observation": messages.Raw(document), "legal": legal,
                      "events": messages.Raw(f"[{events}]")})

    def svg(self, viewer: int) -> str:
        """The board as ``viewer`` (a seat or `SPECTATOR`) sees it, the players named and
        the last move marked (with the chance moves after it) as the viewer may see it."""
        highlight: list[Event] | None = None
        last = next((n for n in range(len(self.steps) - 1, -1, -1)
                     if self.steps[n].mover >= 0), 0)  # the last player's move, and the
        for step in self.steps[last:]:  # chance moves after it (a card drawn, a new roll)
            highlight = (highlight or []) + list(
                seen_move(self.module, step.before, step.move, step.events, viewer)[1]
                if self.hidden else step.events)
        svg: str = self.module.render_svg(self.state, player=viewer, names=self.names,
                                          highlight=highlight)
        return svg


def _line(message: messages.Message, *, raw: bool = True) -> str:
    """A message of a move (an ``event``, an ``act``, the seat view) as its JSON text, no
    newline (one WebSocket frame): what `messages.text` writes, by orjson, about ten times
    faster (a move writes one for every viewer). Their values are strings, integers, None,
    lists and objects of them and `messages.Raw` documents (looked for only if ``raw``:
    an ``event`` has none), which both write alike (a test holds them to it); the
    ``hello`` and the ``end`` (its returns are floats, which the two write differently)
    are `messages.text`'s. What orjson refuses (an integer beyond 64 bits, a lone
    surrogate) `messages.text` writes as before."""
    try:
        return orjson.dumps({key: orjson.Fragment(str(value)) if type(value) is messages.Raw
                             else value for key, value in message.items()} if raw
                            else message).decode()
    except orjson.JSONEncodeError:
        return messages.text(message)


def _document(module: ModuleType, observation: Any) -> str:
    """The observation document of ``observation``, its fields written by `_compact`."""
    text: str = module.observation_to_json(observation, encode=_compact)
    return text


def _compact(value: Any) -> str:
    """What `jsonio.compact` writes (compact ASCII JSON) for an observation's fields, by
    orjson: 10 times faster, and the same text for what they hold (integers, booleans,
    strings, None, lists; floats, which the two write differently, never; a test holds
    every game's documents to it). Text that is not ASCII, or that orjson refuses, is
    `jsonio.compact`'s."""
    try:
        text = orjson.dumps(value)
    except orjson.JSONEncodeError:
        return jsonio.compact(value)
    return text.decode() if text.isascii() else jsonio.compact(value)
