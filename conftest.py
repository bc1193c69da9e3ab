"""Run the examples of the documentation: every ```python and ```pycon block of README.md
and of each page under docs/, page by page.

Each block runs alone, in a namespace of its own, as a reader who copies only that block
would run it: it imports what it uses. A page whose blocks build on each other (a tutorial)
says so with the line ``<!-- examples: in sequence -->``; its blocks run in order in one
namespace. A page whose examples take long (training a network) says
``<!-- examples: slow -->``: its test is marked ``slow`` (run with ``-m slow``). A page
whose examples need an optional package says ``<!-- examples: requires MODULE -->`` (a
line per module); where one is missing its test is skipped, saying so. A block holding
``>>>`` prompts is a doctest (its output must match, ``...`` matching anything); any other
``python`` block must run without an exception. One test per page, named after it
(``docs/bots.md::examples``); a failure names the block's line.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

ROOT = Path(__file__).parent
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)[ \t]*(?P<lang>[\w-]*)")
LANGUAGES = ("python", "pycon", "py")
IN_SEQUENCE = "<!-- examples: in sequence -->"
SLOW = "<!-- examples: slow -->"
REQUIRES = re.compile(r"<!-- examples: requires ([\w.]+) -->")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

collect_ignore = ["docs/hooks",  # MkDocs hooks, loaded by mkdocs, not tests
                  "src/amigo_rules/protocol/example_engines"]  # programs, not modules
# The tests' conftest files hold no doctests; collected as modules (--doctest-modules), two
# of them clash by name when directories are named on the command line.
collect_ignore_glob = ["tests/*/conftest.py"]

# Tests that send Ctrl-C (SIGINT) to a command they start expect the command to get it. A
# shell starts a background job with SIGINT ignored, and an ignored signal stays ignored in
# every process started from it: a suite run in the background would see those commands
# shrug Ctrl-C off. The processes the tests start get Python's own handler, as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# No test has a wall-clock limit: hypothesis's default deadline (200 ms an example) failed
# examples of a machine under load, whatever they computed.
settings.register_profile("amigo-rules", deadline=None)
settings.load_profile("amigo-rules")

if importlib.util.find_spec("stable_baselines3") is None:  # the [rl] extra
    collect_ignore.append("src/amigo_rules/adapters/sb3.py")

CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--no-first-run", "--disable-extensions", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync")


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Any]]:
    """Start headless Chromium browsers (selenium): ``chromium(width=1200, height=900)``,
    each with a profile of its own, every one quit at the end of the session. The test is
    skipped, saying why, where selenium, Debian's ``chromium`` or ``chromium-driver`` is
    missing (``.ci/run`` installs them)."""
    webdriver = pytest.importorskip("selenium.webdriver",
                                    reason="selenium is not installed (pip install -e '.[dev]')")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("needs a headless Chromium and its driver: apt-get install chromium "
                    "chromium-driver")
    from selenium.webdriver.chrome.service import Service

    started: list[Any] = []

    def start(width: int = 1200, height: int = 900) -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        profile = tmp_path_factory.mktemp("chromium-profile")
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                     f"--window-size={width},{height}"):
            options.add_argument(flag)
        browser = webdriver.Chrome(options=options, service=Service(driver))
        started.append(browser)
        return browser

    yield start
    for browser in started:
        browser.quit()


def code_blocks(text: str) -> list[tuple[int, str]]:
    """The Python blocks of a markdown text: (line of the opening fence, 1-based; code)."""
    blocks = []
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        opening = FENCE.match(lines[number])
        if opening is None:
            number += 1
            continue
        indent, fence = opening.group("indent"), opening.group("fence")
        end = number + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        if opening.group("lang") in LANGUAGES:
            body = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                    for line in lines[number + 1 : end]]
            blocks.append((number + 1, "\n".join(body) + "\n"))
        number = end + 1
    return blocks


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix == ".md" and (file_path == ROOT / "README.md"
                                      or ROOT / "docs" in file_path.parents):
        return Page.from_parent(parent, path=file_path)
    return None


class Page(pytest.File):
    """A markdown page: one test running all its examples, if it has any."""

    def collect(self):
        text = self.path.read_text(encoding="utf-8")
        blocks = code_blocks(text)
        if blocks:
            examples = Examples.from_parent(self, name="examples", blocks=blocks,
                                            in_sequence=IN_SEQUENCE in text,
                                            requires=tuple(REQUIRES.findall(text)))
            if SLOW in text:
                examples.add_marker(pytest.mark.slow)
            yield examples


class ExampleFailed(Exception):
    """A block of the page failed; the message says which and why."""


class Examples(pytest.Item):
    def __init__(self, *, blocks: list[tuple[int, str]], in_sequence: bool,
                 requires: tuple[str, ...] = (), **kwargs) -> None:
        super().__init__(**kwargs)
        self.blocks = blocks
        self.in_sequence = in_sequence
        self.requires = requires

    def runtest(self) -> None:
        """Run the blocks in a new, empty working directory: files an example writes (a
        results file, a saved game) never land in the repository."""
        missing = [name for name in self.requires if importlib.util.find_spec(name) is None]
        if missing:
            pytest.skip(f"{self.path.name}: its examples need {', '.join(missing)}, which is "
                        "not installed")
        home = os.getcwd()
        with tempfile.TemporaryDirectory(prefix="amigo-rules-docs-") as folder:
            os.chdir(folder)
            try:
                self._run_blocks()
            finally:
                os.chdir(home)

    def _run_blocks(self) -> None:
        namespace: dict = {"__name__": "__docs__"}
        where = self.path.relative_to(ROOT).as_posix()
        for line, code in self.blocks:
            if not self.in_sequence:
                namespace = {"__name__": "__docs__"}
            if ">>>" in code:
                self._doctest(code, namespace, where, line)
            else:
                try:
                    exec(compile(code, f"{where}:{line + 1}", "exec"), namespace)
                except Exception as exc:
                    raise ExampleFailed(
                        f"{where}, the block at line {line}: {type(exc).__name__}: {exc}"
                    ) from exc

    @staticmethod
    def _doctest(code: str, namespace: dict, where: str, line: int) -> None:
        test = doctest.DocTestParser().get_doctest(code, namespace, where, where, line)
        report: list[str] = []
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        runner.run(test, out=report.append, clear_globs=False)
        namespace.update(test.globs)  # a DocTest works on a copy of the namespace
        if runner.failures:
            raise ExampleFailed(f"{where}, the block at line {line}:\n" + "".join(report))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ExampleFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.blocks[0][0], f"{self.path.name}: {len(self.blocks)} examples"
