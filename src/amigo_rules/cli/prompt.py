"""Reading the player's input: with line editing, history and completion of the moves and
commands (prompt_toolkit) on a terminal, plain lines otherwise (piped input, tests)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document

from .literal import literal

Words = Callable[[], Iterable[str]]


class Reader:
    """``read(prompt)`` returns one line; EOFError at the end of input (Ctrl-D),
    KeyboardInterrupt on Ctrl-C. ``words()`` gives what Tab completes."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.session: PromptSession[str] | None = None
        if sys.stdin.isatty() and sys.stdout.isatty():
            try:
                from prompt_toolkit import PromptSession
                from prompt_toolkit.completion import Completer, Completion
                from prompt_toolkit.history import InMemoryHistory
            except ImportError:  # pragma: no cover - a dependency of the command line
                return
            reader = self

            class Moves(Completer):
                def get_completions(
                    self, document: Document, complete_event: CompleteEvent
                ) -> Iterator[Completion]:
                    typed = document.text_before_cursor.lower().lstrip()
                    for word in reader.words():
                        if word.lower().startswith(typed):
                            yield Completion(word, start_position=-len(typed))

            self.session = PromptSession(history=InMemoryHistory(), completer=Moves(),
                                         complete_while_typing=False)

    def read(self, prompt: str) -> str:
        if self.session is not None:
            return self.session.prompt(prompt)
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            raise EOFError
        sys.stdout.write(literal(line.rstrip("\n"), limit=None).plain + "\n")  # a readable log
        return line.rstrip("\n")
