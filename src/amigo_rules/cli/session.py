"""Playing against bots in the terminal: the table before each decision, the legal moves
numbered with what each would do, one narrated line per event, commands (help, rules,
board, undo, save, quit), saving on the way out."""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import click
import numpy as np
from rich.console import Console

from ..agents import make_agent
from ..arena.plan import agent_seed
from ..core import (
    CHANCE,
    TERMINAL,
    AmigoRulesError,
    GameRecord,
    agent_name,
    decide,
)
from ..core.chance import sample_chance
from ..core.text import flow, plural, words
from ..words import Teller, foreseen, result_lines
from .games import View
from .literal import MESSAGE_LIMIT, literal
from .palette import block, styled
from .saves import HUMAN, default_path, save, saved_in

QUIT = ("quit", "exit", "q")
COMMANDS = ("help", "moves", "rules", "board", "undo", "save", "quit")
HELP = """\
Type a move's number or its notation (e.g. {example}).
On a terminal Tab completes moves and commands, Up and Down recall earlier lines.
  moves        list the legal moves again
  board        draw the table again
  rules        the rules that apply now, one line each
  undo         take back your last decision (and the moves after it); the dice, cards
               and bots' moves that followed it stay the same: undo is no re-roll
  save [FILE]  save the game; resume it with: amigo-rules play --load FILE
  quit         save and leave (Ctrl-D too; Ctrl-C leaves with exit code 130)"""

INTERRUPTED = 130
"""The exit code after Ctrl-C (128 + SIGINT), as shells report it."""


class Leave(Exception):
    """The player leaves: ``code`` is the exit code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class Undo(Exception):
    """The player took back their last decision."""


def chance_at(seed: int, played: int) -> np.random.Generator:
    """The generator of the chance node after ``played`` moves of the game of ``seed``: a
    stream of that position's own, so that undoing a decision and making it again meets
    the same dice and cards (undo is no re-roll), and a saved game resumes the same way."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2, played)))


def bot_at(name: str, game: str, seed: int, seat: int, played: int) -> Any:
    """The bot ``name`` deciding for ``seat`` after ``played`` moves of the game of
    ``seed``: seeded from the position too, so that after an undo the bots decide as they
    did (undo is no re-roll of theirs either)."""
    entropy = np.random.SeedSequence([agent_seed(seed, seat), played])
    return make_agent(name, game, seed=int(entropy.generate_state(1, np.uint64)[0]))


class Session:
    """One game between the player on ``seat`` and bots (their ``names`` by seat), from
    ``moves`` already played."""

    def __init__(self, out: Console, view: View, module: ModuleType, rules: Any,
                 seed: int, seat: int, names: dict[int, str], moves: tuple[Any, ...] = (),
                 path: str | None = None, *, force: bool = False,
                 own: tuple[str, ...] = ()) -> None:
        self.out = out
        self.view = view
        self.module = module
        self.seed = seed
        self.seat = seat
        self.names = names
        self.path = path
        self.force = force
        """Whether saving may replace a file that holds another game (``--force``)."""
        self.own = {os.path.realpath(p) for p in own}
        """The files of this game (loaded or saved by it): saving replaces them."""
        self.teller = Teller.of(module, rules, seat)
        self.state = module.new_game(rules, seed=seed)
        self.history: list[tuple[Any, Any]] = []
        for move in moves:
            self.history.append((self.state, move))
            self.state = module.apply(self.state, move)
        self.legal: tuple[Any, ...] = ()
        self.reader: Any = None

    # ------------------------------------------------------------ the game

    def record(self) -> GameRecord:
        agents = tuple(HUMAN if p == self.seat else self.names[p]
                       for p in range(self.state.rules.players))
        return GameRecord(self.module.NAME, self.state.rules, self.seed,
                          tuple(m for _, m in self.history), self.state, agents)

    def save(self, path: str) -> str:
        """Save the game to ``path`` (`saves.save`), or beside it if ``path`` holds another
        game or file that is not this game's; the path written."""
        written = save(path, self.record(),
                       overwrite=self.force or os.path.realpath(path) in self.own)
        self.own.add(os.path.realpath(written))
        return written

    def play(self) -> None:
        """Play until the end or until the player leaves (`Leave`)."""
        module = self.module
        if not self.history:
            for line in self.teller.lines(module.setup_events(self.state, player=self.seat)):
                self.out.print(styled(line))
        while (player := module.current_player(self.state)) != TERMINAL:
            if player == CHANCE:
                move = sample_chance(module, self.state, chance_at(self.seed,
                                                                   len(self.history)))
            elif player == self.seat:
                try:
                    move = self.ask()
                except Undo:
                    continue
            else:
                move = self.bot_move(player)
            self.take(move)

    def recap(self) -> None:
        """Tell the moves from the player's last decision on (when resuming a game)."""
        module = self.module
        decisions = [i for i, (state, _) in enumerate(self.history)
                     if module.current_player(state) == self.seat]
        start = decisions[-1] if decisions else 0
        states = [state for state, _ in self.history[start:]] + [self.state]
        for (before, move), after in zip(self.history[start:], states[1:], strict=True):
            for line in self.teller.lines(module.move_events(before, move, after,
                                                             player=self.seat)):
                self.out.print(styled(line))

    def take(self, move: Any) -> None:
        """Play ``move`` here (a seat's or chance's) and tell what the player may see of it."""
        before = self.state
        after, events = self.module.apply_events(before, move)
        self.history.append((before, move))
        self.state = after
        for line in self.teller.lines(self.module.redact_events(before, events,
                                                                player=self.seat)):
            self.out.print(styled(line))

    def bot_move(self, player: int) -> Any:
        module = self.module
        legal = module.legal_moves(self.state)
        bot = bot_at(self.names[player], module.NAME, self.seed, player, len(self.history))
        try:
            move = decide(bot, module.observation(self.state, player), legal)
        except Exception as exc:  # a bot's bug ends the game with its name, not a traceback
            raise click.ClickException(literal(
                f"agent {agent_name(bot)!r} (player {player}) raised "
                f"{type(exc).__name__}: {exc}", limit=MESSAGE_LIMIT).plain) from None
        if move not in legal:
            raise click.ClickException(literal(
                f"agent {agent_name(bot)!r} (player {player}) returned the illegal move "
                f"{move!r}", limit=MESSAGE_LIMIT).plain)
        return move

    # ------------------------------------------------------------ the player's decisions

    def board(self) -> None:
        width = max(40, min(self.out.width, 120))
        self.out.print(block(self.view.draw(self.state, player=self.seat, width=width)))

    def moves(self) -> None:
        """The legal moves, numbered, each with what it would do."""
        module = self.module
        width = max(len(str(m)) for m in self.legal)
        screen = max(40, min(self.out.width, 120))
        told = foreseen(module, self.state, self.legal, self.seat)
        for number, (move, events) in enumerate(zip(self.legal, told, strict=True), 1):
            head = ((f"{number:>3}  ", "bold"), (f"{move!s:<{width}}  ", ""))
            preview = words(self.teller.preview(events))
            self.out.print(block(flow(head, preview, screen, indent=min(width + 7, 30))))

    def ask(self) -> Any:
        """The player's decision: a legal move (raises `Undo` or `Leave` for commands)."""
        self.legal = self.module.legal_moves(self.state)
        self.out.print()
        self.board()
        self.moves()
        if self.reader is None:
            from .prompt import Reader

            self.reader = Reader(self.completions)
        while True:
            try:
                text = self.reader.read(f"your move (1-{len(self.legal)}, help): ").strip()
            except EOFError:
                raise Leave(0) from None
            except KeyboardInterrupt:
                raise Leave(INTERRUPTED) from None
            move = self.command(text)
            if move is not None:
                return move

    def completions(self) -> Iterator[str]:
        yield from (str(m) for m in self.legal)
        yield from COMMANDS

    def command(self, text: str) -> Any:
        """Carry out ``text``; the move it names, or None."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        out = self.out
        if not text:
            out.print(f"type a number (1-{len(self.legal)}), a move such as "
                      f"'{self.legal[0]}', or 'help'")
        elif word in QUIT and not rest:
            raise Leave(0)
        elif word in ("help", "?") and not rest:
            out.print(HELP.format(example=f"'{self.legal[0]}'"), highlight=False)
        elif word == "moves" and not rest:
            self.moves()
        elif word == "board" and not rest:
            self.board()
        elif word == "rules" and not rest:
            width = max(40, min(out.width, 120))
            for rule in self.module.relevant_rules(self.state):
                text = self.module.RULE_TEXTS[rule]
                out.print(block(flow(((f"{rule:<18}", "bold"),), words([(text, "")]), width)))
        elif word == "undo" and not rest:
            self.undo()
        elif word == "save":
            path = rest.strip() or self.path or default_path(self.module.NAME, self.seed)
            try:
                written = self.save(path)
            except click.ClickException as exc:  # the game goes on: try another file
                out.print(styled([(exc.message, "bad")]), soft_wrap=True)
                return None
            self.path = written
            out.print(f"saved to {saved_in(path, written)}; resume with: amigo-rules play "
                      f"--load {written}", soft_wrap=True, markup=False, highlight=False)
        elif text.isdigit():
            number = int(text)
            if 1 <= number <= len(self.legal):
                return self.legal[number - 1]
            out.print(styled([(f"no move {number}: the moves are 1-{len(self.legal)}",
                               "bad")]))
        else:
            try:
                return self.module.parse_move(self.state, text)
            except AmigoRulesError as exc:
                out.print(styled([(str(exc), "bad")]), overflow="fold")
        return None

    def undo(self) -> None:
        """Back to the player's previous decision: the moves since (bots', dice) undone."""
        module = self.module
        earlier = [i for i, (state, _) in enumerate(self.history)
                   if module.current_player(state) == self.seat]
        if not earlier:
            self.out.print("nothing to undo: this is your first decision")
            return
        index = earlier[-1]
        undone = len(self.history) - index
        self.state = self.history[index][0]
        del self.history[index:]
        self.out.print(f"undone: your last decision and the {plural(undone - 1, 'move')} after it")
        raise Undo

    # ------------------------------------------------------------ the end

    def finish(self) -> None:
        """The final table and the scores explained."""
        self.out.print()
        self.board()
        self.out.print()
        width = max(40, min(self.out.width, 120))
        self.out.print(block(result_lines(self.module, self.state, self.seat, width)))
