"""MkDocs hook: list under every rule heading the tests that prove the rule.

Conventions (see ``shared/rules/README.md``):

* A test names the rules it proves with ``@pytest.mark.rule("VX-TAKE-1", ...)``: one or
  several ids per marker, markers may be stacked, on test functions, on test methods and on
  test classes (a class marker covers every ``test*`` method of the class). Module-level
  ``pytestmark = pytest.mark.rule(...)`` (or a list of marks) covers every test of the file.
  Only literal string arguments count.
* In a documentation page, a level-3 heading whose text starts with a rule id
  (``### VX-TAKE-1 — Taking a tile``; ids match ``[A-Z]+(-[A-Z0-9]+)+``) gets a line
  ``*Tested by:* ...`` inserted right after it. A rule heading without any test logs a
  warning, so ``mkdocs build --strict`` fails until the rule is tested.

Tests are found by parsing ``tests/**/*.py`` (next to ``mkdocs.yml``) with :mod:`ast`;
nothing is imported or run. The scan happens once per build (``on_pre_build``).
"""

from __future__ import annotations

import ast
import logging
import re
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.rule_tests")

RULE_ID = re.compile(r"[A-Z]+(?:-[A-Z0-9]+)+")
HEADING = re.compile(rf"^###[ \t]+({RULE_ID.pattern})(?=[\s:.,]|$)")
FENCE = re.compile(r"^[ \t]*(```|~~~)")

_tests: dict[str, list[tuple[str, str]]] = {}
"""Rule id -> [(test name, file path relative to the project)], filled by on_pre_build."""


def _rule_ids(node: ast.expr) -> list[str]:
    """The rule ids of one decorator or mark expression, if it is ``*.mark.rule(...)``."""
    if isinstance(node, ast.List | ast.Tuple):  # pytestmark = [mark1, mark2]
        return [rule for item in node.elts for rule in _rule_ids(item)]
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return []
    func = node.func
    is_rule_mark = func.attr == "rule" and (
        (isinstance(func.value, ast.Attribute) and func.value.attr == "mark")
        or (isinstance(func.value, ast.Name) and func.value.id == "mark")
    )
    if not is_rule_mark:
        return []
    return [
        arg.value
        for arg in node.args
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    ]


def _marked(decorators: list[ast.expr]) -> list[str]:
    return [rule for decorator in decorators for rule in _rule_ids(decorator)]


def scan_file(path: Path, root: Path) -> dict[str, list[tuple[str, str]]]:
    """Map each rule id to the tests of the file ``path`` that carry it."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError, OSError) as exc:
        log.warning("rule_tests: cannot parse %s: %s", path, exc)
        return found
    where = path.relative_to(root).as_posix()
    module_rules: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            module_rules += _rule_ids(node.value)

    def add(rules: list[str], name: str) -> None:
        for rule in dict.fromkeys(rules):  # unique, in order
            if (name, where) not in found[rule]:
                found[rule].append((name, where))

    def visit(body: list[ast.stmt], prefix: str, inherited: list[str]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if node.name.startswith("test"):
                    add(inherited + _marked(node.decorator_list), prefix + node.name)
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                visit(node.body, f"{prefix}{node.name}::", inherited + _marked(node.decorator_list))

    visit(tree.body, "", module_rules)
    return found


def scan_tests(root: Path) -> dict[str, list[tuple[str, str]]]:
    """Map each rule id to every test under ``root/tests`` that carries it."""
    tests: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in sorted((root / "tests").rglob("*.py")):
        for rule, names in scan_file(path, root).items():
            tests[rule].extend(names)
    return dict(tests)


def tested_by(rule: str) -> str | None:
    """The ``*Tested by:*`` line of ``rule``, or None when no test carries it."""
    names = _tests.get(rule)
    if not names:
        return None
    return "*Tested by:* " + ", ".join(f"`{name}` ({where})" for name, where in names)


def on_pre_build(config, **kwargs) -> None:
    """Scan the tests once per build (also on every rebuild of ``mkdocs serve``)."""
    global _tests
    _tests = scan_tests(Path(config.config_file_path).parent)


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Insert a ``*Tested by:*`` line after every rule heading; warn on untested rules."""
    out: list[str] = []
    fenced = False
    for line in markdown.splitlines():
        out.append(line)
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = None if fenced else HEADING.match(line)
        if heading is None:
            continue
        rule = heading.group(1)
        line_text = tested_by(rule)
        if line_text is None:
            log.warning("rule_tests: %s: no test carries rule %s", page.file.src_uri, rule)
            continue
        out += ["", line_text, ""]
    return "\n".join(out) + "\n"


# --- API reference: doctests as code blocks -------------------------------------------------
#
# The library's docstrings carry bare doctests (``>>> ...`` lines followed by their output),
# as python-chess does. Markdown would read ``>>>`` as nested block quotes and ``['pawn 0']``
# as a link, so this griffe extension (loaded by mkdocstrings, see ``mkdocs.yml``) fences
# every such block as ``pycon``. It changes only the rendered documentation.

try:
    import griffe
except ImportError:  # griffe comes with mkdocstrings[python]; without it, no extension
    griffe = None


def fence_doctests(text: str) -> str:
    """Wrap each bare doctest block of ``text`` (up to the next blank line) in a pycon fence."""
    out: list[str] = []
    block: list[str] = []
    indent = ""
    fenced = False
    for line in [*text.splitlines(), ""]:
        stripped = line.lstrip()
        if not block and FENCE.match(line):
            fenced = not fenced
        if not block and not fenced and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = [line]
        elif block and stripped:
            block.append(line)
        else:
            if block:
                out += [f"{indent}```pycon", *block, f"{indent}```"]
                block = []
            out.append(line)
    return "\n".join(out[:-1])


if griffe is not None:

    class DoctestBlocks(griffe.Extension):
        """Fence bare doctests in every docstring (see `fence_doctests`)."""

        def on_object(self, *, obj, **kwargs) -> None:
            if obj.docstring is not None and ">>>" in obj.docstring.value:
                obj.docstring.value = fence_doctests(obj.docstring.value)
