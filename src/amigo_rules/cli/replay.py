"""``amigo-rules replay``: step through a saved game or a tournament's game in the
terminal, print its narrated log, or write it as one web page."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import click
from rich.console import Console

from ..core import CHANCE, GameRecord, get_game
from ..core.files import write_atomic
from ..core.text import Line
from ..words import Teller, result_lines
from . import games
from .html import Frame, replay_page
from .literal import literal
from .options import CONTEXT, console
from .palette import block, styled
from .saves import HUMAN, read_record

HIDDEN_MOVE = "hidden from you"
"""A caption's move that the viewer may not see (`visible_notation` is None)."""
STEP_HELP = "Enter: next · b: back · a number: that move · s: start · e: end · q: quit"


class Replay:
    """A recorded game, position by position, told to ``viewer`` (None: everything); its
    moves played from ``start`` (default: the record's setup)."""

    def __init__(self, record: GameRecord, viewer: int | None, start: Any = None) -> None:
        self.record = record
        self.module: ModuleType = get_game(record.game)
        self.viewer = viewer
        self.names = [literal(name).plain for name in record.agents]
        """The agents' names as shown: cut, control characters escaped (`literal`)."""
        self.teller = Teller.of(self.module, record.rules, viewer)
        state = self.module.new_game(record.rules, seed=record.seed) if start is None else start
        self.states = [state]
        for move in record.moves:
            state = self.module.apply(state, move)
            self.states.append(state)

    def __len__(self) -> int:
        return len(self.states)

    def caption(self, index: int) -> str:
        """What led to position ``index``."""
        total = len(self.record.moves)
        if index == 0:
            return f"the start (the game has {total} moves)"
        before = self.states[index - 1]
        mover = self.module.current_player(before)
        who = "chance" if mover == CHANCE else self.agent(mover)
        move = self.module.visible_notation(before, self.record.moves[index - 1],
                                            player=self.viewer)
        return f"move {index} of {total}: {who}: {HIDDEN_MOVE if move is None else move}"

    def agent(self, player: int) -> str:
        if player == self.viewer:
            return f"P{player} (you)"
        return f"P{player} ({self.names[player]})" if self.names else f"P{player}"

    def lines(self, index: int) -> list[Line]:
        """The narration of what led to position ``index`` (the setup for 0), and the
        results after the last move of a finished game."""
        module = self.module
        state = self.states[index]
        if index == 0:
            lines = self.teller.lines(module.setup_events(state, player=self.viewer))
        else:
            before = self.states[index - 1]
            move = self.record.moves[index - 1]
            lines = self.teller.lines(module.move_events(before, move, state,
                                                         player=self.viewer))
        if index == len(self.states) - 1 and module.is_terminal(state):
            lines += result_lines(module, state, self.viewer)
        return lines

    def title(self) -> str:
        rules = self.record.rules
        seats = " · ".join(f"P{p} {name}" for p, name in enumerate(self.names))
        return (f"{self.record.game}, {rules.players} players, seed {self.record.seed}"
                + (f" · {seats}" if seats else ""))

    def page(self) -> str:
        frames = [
            Frame(self.module.render_svg(state, player=self.viewer), self.caption(i),
                  tuple(self.lines(i)))
            for i, state in enumerate(self.states)
        ]
        return replay_page(f"amigo-rules replay: {self.record.game}", self.title(), frames)


@click.command(context_settings=CONTEXT)
@click.argument("file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--game", "index", type=click.IntRange(min=0), metavar="N",
              help="In a tournament's results file, the game with index N (default: the "
                   "first line).")
@click.option("--player", "viewer", type=click.IntRange(min=0), metavar="K",
              help="See the game as player K does (default: everything; a game saved "
                   "unfinished by 'play': as its player).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), metavar="OUT.html",
              help="Write the game as one self-contained web page (pictures, narration, "
                   "buttons, slider, arrow keys) instead.")
@click.option("--log", is_flag=True,
              help="Print the whole narrated game at once instead of stepping through it.")
def replay(file: str, index: int | None, viewer: int | None, html_path: str | None,
           log: bool) -> None:
    """Step through the game in FILE: a game saved by 'play --save' (or when leaving it)
    or a line of a tournament's --results file.

    In the terminal each step shows the table and what the move did; type Enter for the
    next move, b to go back, a number to jump, q to leave.
    """
    record = read_record(file, index)
    players = record.rules.players
    if viewer is not None and viewer >= players:
        raise click.BadParameter(f"{viewer} is not a seat of this {players}-player game "
                                 f"(0 … {players - 1})", param_hint="'--player'")
    if viewer is None and HUMAN in record.agents and not get_game(record.game).is_terminal(
            record.final_state):
        viewer = record.agents.index(HUMAN)
    game = Replay(record, viewer)
    out = console()
    if html_path is not None:
        try:
            write_atomic(html_path, game.page())
        except OSError as exc:
            raise click.ClickException(f"cannot write {html_path}: {exc.strerror}") from None
        out.print(f"wrote {html_path}: {len(game)} positions; open it in a browser "
                  "(← → step, Home/End)", markup=False)
        return
    out.print(literal(game.title(), limit=None, style="bold"))
    if log:
        for i in range(len(game)):
            for line in game.lines(i):
                out.print(styled(line))
        out.print()
        out.print(block(game_view(game, len(game) - 1, out)))
        return
    step_through(out, game)


def game_view(game: Replay, index: int, out: Console) -> list[Line]:
    view = games.view(game.module.NAME)
    width = max(40, min(out.width, 120))
    drawn: list[Line] = view.draw(game.states[index], player=game.viewer, width=width)
    return drawn


def step_through(out: Console, game: Replay) -> None:
    """Show position after position as the commands say, until q or the end of input."""
    from .prompt import Reader

    reader = Reader(lambda: ("b", "s", "e", "q"))
    index = 0
    shown = None
    while True:
        if index != shown:
            out.print()
            out.print(block(game_view(game, index, out)))
            out.print(literal(game.caption(index), limit=None, style="bold"))
            for line in game.lines(index):
                out.print(styled(line))
            shown = index
        try:
            text = reader.read(f"[{index}/{len(game) - 1}] Enter, b, N, s, e, q: ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        index = _step(text.lower(), index, len(game) - 1, out)
        if index < 0:
            return


def _step(text: str, index: int, last: int, out: Any) -> int:
    """The position ``text`` asks for from ``index``; -1 to leave."""
    if text in ("", "n", "next"):
        if index == last:
            out.print("the end of the game: b goes back, q leaves")
        return min(last, index + 1)
    if text in ("b", "back"):
        return max(0, index - 1)
    if text in ("s", "start"):
        return 0
    if text in ("e", "end"):
        return last
    if text in ("q", "quit", "exit"):
        return -1
    if text.isdigit():
        return min(last, int(text))
    out.print(STEP_HELP)
    return index
