"""MkDocs hook: after every rule, the tests that prove it; every rule id a link.

Conventions (see ``shared/rules/README.md``):

* A test names the rules it proves with ``@pytest.mark.rule("VX-TAKE-1", ...)``: one or
  several ids per marker, markers may be stacked, on test functions, on test methods and on
  test classes (a class marker covers every ``test*`` method of the class). Module-level
  ``pytestmark = pytest.mark.rule(...)`` (or a list of marks) covers every test of the file.
  Only literal string arguments count.
* In a documentation page, a level-3 heading whose text starts with a rule id
  (``### VX-TAKE-1 — Taking a tile``; ids match ``[A-Z]+(-[A-Z0-9]+)+``) is a rule. At the
  end of its text (before the next heading) the hook adds a collapsed block *Tested by*,
  closed until the reader opens it, listing the tests with a link to each one's source. A
  rule heading without any test logs a warning, so ``mkdocs build --strict`` fails until the
  rule is tested.
* The sources of those tests become pages of the site (``source/tests/…``, line numbers as
  anchors, left out of the search), generated at every build.
* In the API reference, every rule id in a docstring becomes a link to its rule.

Tests are found by parsing ``tests/**/*.py`` (next to ``mkdocs.yml``) with :mod:`ast`;
nothing is imported or run. The scan happens once per build (``on_files``).
"""

from __future__ import annotations

import ast
import logging
import re
from collections import defaultdict
from pathlib import Path, PurePosixPath

from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

log = logging.getLogger("mkdocs.plugins.rule_tests")

RULE_ID = re.compile(r"[A-Z]+(?:-[A-Z0-9]+)+")
HEADING = re.compile(rf"^###[ \t]+({RULE_ID.pattern})(?=[\s:.,]|$)")
ANCHOR = re.compile(r"\{#([\w-]+)\}\s*$")
SECTION_END = re.compile(r"^#{1,3}[ \t]")
FENCE = re.compile(r"^[ \t]*(```|~~~)")
SOURCE_DIR = "source"
"""Where the pages of the test sources go in the site."""

Test = tuple[str, str, int]
"""A test: its name (``Class::test``), its file relative to the project and its line."""

_tests: dict[str, list[Test]] = {}
"""Rule id -> the tests carrying it, filled by on_files."""
_rules: dict[str, str] = {}
"""Rule id -> ``page.md#anchor`` of its heading, filled by on_files."""


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


def scan_file(path: Path, root: Path) -> dict[str, list[Test]]:
    """Map each rule id to the tests of the file ``path`` that carry it."""
    found: dict[str, list[Test]] = defaultdict(list)
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

    def add(rules: list[str], name: str, line: int) -> None:
        for rule in dict.fromkeys(rules):  # unique, in order
            if (name, where, line) not in found[rule]:
                found[rule].append((name, where, line))

    def visit(body: list[ast.stmt], prefix: str, inherited: list[str]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if node.name.startswith("test"):
                    add(inherited + _marked(node.decorator_list), prefix + node.name,
                        node.lineno)
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                visit(node.body, f"{prefix}{node.name}::", inherited + _marked(node.decorator_list))

    visit(tree.body, "", module_rules)
    return found


def scan_tests(root: Path) -> dict[str, list[Test]]:
    """Map each rule id to every test under ``root/tests`` that carries it."""
    tests: dict[str, list[Test]] = defaultdict(list)
    for path in sorted((root / "tests").rglob("*.py")):
        for rule, names in scan_file(path, root).items():
            tests[rule].extend(names)
    return dict(tests)


def source_page(test_file: str) -> str:
    """The site page showing ``tests/…/x.py``: ``source/tests/…/x.md``."""
    return f"{SOURCE_DIR}/{PurePosixPath(test_file).with_suffix('.md')}"


def tested_by(rule: str, page_uri: str) -> list[str] | None:
    """The collapsed *Tested by* block of ``rule`` (markdown lines, closed on load), each
    test linked to its line in the source page; None when no test carries the rule."""
    tests = _tests.get(rule)
    if not tests:
        return None
    up = "../" * page_uri.count("/")
    count = f"{len(tests)} test" + ("s" if len(tests) > 1 else "")
    lines = ["", f'??? tested-by "Tested by {count}"', ""]
    for name, where, line in tests:
        lines.append(f"    - [`{name}`]({up}{source_page(where)}#__codelineno-0-{line}) "
                     f"in `{where}`, line {line}")
    return [*lines, ""]


def rule_headings(markdown: str):
    """``(line index, rule id, anchor or None)`` of every rule heading outside fences."""
    fenced = False
    for number, line in enumerate(markdown.splitlines()):
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = None if fenced else HEADING.match(line)
        if heading is not None:
            anchor = ANCHOR.search(line)
            yield number, heading.group(1), anchor.group(1) if anchor else None


def on_files(files: Files, config) -> Files:
    """Scan the tests and the rule headings once per build; add the test sources' pages."""
    global _tests
    root = Path(config.config_file_path).parent
    _tests = scan_tests(root)
    _rules.clear()
    for page in [f for f in files if f.src_uri.endswith(".md")]:
        for _, rule, anchor in rule_headings(page.content_string):
            _rules.setdefault(rule, f"{page.src_uri}#{anchor or rule.lower()}")
    for test_file in sorted({where for tests in _tests.values() for _, where, _ in tests}):
        source = (root / test_file).read_text(encoding="utf-8")
        content = (f"---\nsearch:\n  exclude: true\n---\n\n# `{test_file}`\n\n"
                   f'````python linenums="1"\n{source}````\n')
        files.append(File.generated(config, source_page(test_file), content=content))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Add the *Tested by* block at the end of every rule; warn on untested rules."""
    lines = markdown.splitlines()
    ends: dict[int, list[str]] = defaultdict(list)  # line index -> blocks to put before it
    headings = list(rule_headings(markdown))
    for number, rule, _ in headings:
        block = tested_by(rule, page.file.src_uri)
        if block is None:
            log.warning("rule_tests: %s: no test carries rule %s", page.file.src_uri, rule)
            continue
        ends[_section_end(lines, number)] += block
    out: list[str] = []
    for number, line in enumerate([*lines, ""]):
        out += ends.get(number, [])
        out.append(line)
    return "\n".join(out[:-1]) + "\n"


def _section_end(lines: list[str], heading: int) -> int:
    """The index of the first heading of level 1-3 after ``heading`` (outside fences), or
    the number of lines."""
    fenced = False
    for number in range(heading + 1, len(lines)):
        if FENCE.match(lines[number]):
            fenced = not fenced
        elif not fenced and SECTION_END.match(lines[number]):
            return number
    return len(lines)


# --- rule ids in the API reference become links ---------------------------------------------

_TEXT = re.compile(r"(<(a|code|pre|h[1-6])\b.*?</\2>|<[^>]+>)|([^<]+)", re.S)


def link_rules(html: str, page_url: str, rules: dict[str, str]) -> str:
    """``html`` with each rule id of ``rules`` in plain text (not in links, code or headings)
    turned into a link to its rule, relative to ``page_url``."""

    def link(found: re.Match) -> str:
        rule = found.group(0)
        if rule not in rules:
            return rule
        return f'<a href="{get_relative_url(rules[rule], page_url)}">{rule}</a>'

    def part(found: re.Match) -> str:
        if found.group(1):
            return found.group(1)
        return RULE_ID.sub(link, found.group(3))

    return _TEXT.sub(part, html)


LINE_ANCHOR = re.compile(r'\bid="(__codelineno-[\w-]+)"')


def on_page_content(html: str, page, config, files) -> str:
    """In the API reference, link every rule id of a docstring to its rule. On a test
    source page, make its line anchors known to MkDocs: Pygments writes them inside raw
    HTML, which MkDocs does not scan, so each *Tested by* link would log that its anchor is
    missing."""
    if page.file.src_uri.startswith(f"{SOURCE_DIR}/"):
        page.present_anchor_ids.update(LINE_ANCHOR.findall(html))
        return html
    if not page.file.src_uri.startswith("reference/"):
        return html
    urls = {}
    for rule, target in _rules.items():
        path, anchor = target.split("#")
        urls[rule] = files.get_file_from_path(path).url + "#" + anchor
    return link_rules(html, page.url, urls)
