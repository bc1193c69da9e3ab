"""An AST check of the test suite for checks that cannot fail and warnings silenced whole.

`problems` reads Python source and reports, as ``path:line: what is wrong``:

- an ``assert`` on a function object: its truth (``assert f``), or ``==``/``!=``/ordering
  between a function and a value known to be none (``assert make(x) != y(z)`` where
  ``make`` returns a callable and ``y`` a tuple: the call ``make(x)(z)`` was meant).
  Functions are the ``def``s and lambdas of the file, the functions it imports from the
  library or the standard library (imported to be looked at) and the calls of a function
  annotated to return a ``Callable``; values are literals and the calls of a function
  annotated to return something else. Where the check does not know, it says nothing;
- an ``assert`` that is always true: a tuple (``assert (x, "why")``), a true constant, or a
  comparison of an expression with itself (``x == x``; a call on both sides, ``f() ==
  f()``, may be a check of determinism and is left alone);
- a warning filter that silences warnings whatever they say: ``"ignore"`` with no message
  (``pytest.mark.filterwarnings("ignore")``, ``"ignore::UserWarning"``,
  ``warnings.filterwarnings("ignore", category=...)``) or with a message that matches any
  text (``".*"``), ``warnings.simplefilter("ignore")`` and
  ``warnings.catch_warnings(action="ignore")``. Ignore one warning by its message, and say
  in a comment why it is expected.
"""

from __future__ import annotations

import ast
import collections.abc
import importlib
import re
import sys
import types
import typing
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

ORDER = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
"""Comparisons whose result says nothing when one side is a function and the other not."""
FUNCTIONS = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, partial)
"""What counts as a function object (not classes: ``type(x) == Foo`` is a real check)."""
UNKNOWN = object()
"""An expression whose value the check does not know."""


def problems(source: str, path: str = "<test>") -> list[str]:
    """``path:line: what is wrong`` for each finding in ``source`` (a Python file)."""
    tree = ast.parse(source, filename=path)
    return [f"{path}:{line}: {what}" for line, what in sorted(set(_Check(tree).findings()))]


def filter_problems(entry: str) -> str | None:
    """What is wrong with a warning filter ``action:message:category:module:line`` (the
    form of ``-W``, ``filterwarnings`` in pytest's settings and its mark), or None."""
    action, _, rest = entry.partition(":")
    message = rest.partition(":")[0]
    if action.strip().lower() != "ignore":
        return None
    return _ignored(message, f"filter {entry!r}")


def _ignored(message: str | None, what: str) -> str | None:
    """The problem of ignoring warnings whose text matches ``message`` (None: not a
    constant, so not judged)."""
    if message is None:
        return None
    try:
        everything = re.match(message, "", re.I) is not None
    except re.error:
        return None
    if not message.strip() or everything:
        return (f"{what} ignores every warning of its kind, whatever it says: name the one "
                f"expected by its message, and say why in a comment")
    return None


class _Scope:
    """The names one function (or the module) binds: to what, when that is known."""

    def __init__(self, node: ast.AST, parent: _Scope | None) -> None:
        self.parent = parent
        self.bindings: dict[str, list[Any]] = collections.defaultdict(list)
        body = node.body if isinstance(node, ast.Module | ast.FunctionDef
                                       | ast.AsyncFunctionDef) else []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                        arguments.vararg, arguments.kwarg):
                if arg is not None:
                    self.bindings[arg.arg].append(UNKNOWN)
        for statement in body:
            for child in _own_nodes(statement):
                self._bind(child)

    def _bind(self, node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.bindings[node.name].append(node if not node.decorator_list else UNKNOWN)
        elif isinstance(node, ast.ClassDef):
            self.bindings[node.name].append(UNKNOWN)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if isinstance(node, ast.Import):
                    name = alias.asname or alias.name.partition(".")[0]
                    target = alias.name if alias.asname else name
                    self.bindings[name].append(("module", target))
                elif node.module and not node.level and alias.name != "*":
                    self.bindings[alias.asname or alias.name].append(
                        ("from", node.module, alias.name))
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            lambda_ = isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda)
            for target in targets:
                for name in _names(target):
                    self.bindings[name].append(node.value if lambda_ else UNKNOWN)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.withitem | ast.NamedExpr):
            target = (node.optional_vars if isinstance(node, ast.withitem) else node.target)
            for name in _names(target) if target is not None else ():
                self.bindings[name].append(UNKNOWN)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            self.bindings[node.name].append(UNKNOWN)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            for name in node.names:
                self.bindings[name].append(UNKNOWN)

    def lookup(self, name: str) -> Any:
        """What ``name`` is bound to here, looking outwards; UNKNOWN unless every binding
        in the scope that binds it is the same kind of known thing."""
        scope: _Scope | None = self
        while scope is not None:
            found = scope.bindings.get(name)
            if found:
                return found[0] if len(found) == 1 else UNKNOWN
            scope = scope.parent
        return UNKNOWN


def _own_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and the nodes below it that bind in the same scope (not inside nested
    functions, lambdas, classes or comprehensions)."""
    yield node
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
                  | ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        return
    for child in ast.iter_child_nodes(node):
        yield from _own_nodes(child)


def _names(target: ast.AST) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _names(element)
    elif isinstance(target, ast.Starred):
        yield from _names(target.value)


class _Check(ast.NodeVisitor):
    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.scope = _Scope(tree, None)
        self.found: list[tuple[int, str]] = []

    def findings(self) -> list[tuple[int, str]]:
        self.visit(self.tree)
        return self.found

    def report(self, node: ast.AST, what: str) -> None:
        self.found.append((getattr(node, "lineno", 0), what))

    # scopes

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        outer, self.scope = self.scope, _Scope(node, self.scope)
        for statement in node.body:
            self.visit(statement)
        self.scope = outer

    visit_AsyncFunctionDef = visit_FunctionDef

    # asserts

    def visit_Assert(self, node: ast.Assert) -> None:
        test = node.test
        if isinstance(test, ast.Tuple) and test.elts:
            self.report(node, "assert on a tuple is always true (a message in parentheses?): "
                              "write `assert check, message`")
        elif isinstance(test, ast.Constant) and test.value:
            self.report(node, f"assert {test.value!r} is always true")
        for part in ast.walk(test):
            if isinstance(part, ast.Compare):
                self._compare(part)
        for operand in self._truth_operands(test):
            if self._is_function(operand):
                self.report(node, f"assert on `{ast.unparse(operand)}`, a function object, "
                                  f"is always true: call it")
        self.generic_visit(node)

    def _truth_operands(self, test: ast.expr) -> Iterator[ast.expr]:
        """The parts of ``test`` whose truth the assert takes."""
        if isinstance(test, ast.BoolOp):
            for value in test.values:
                yield from self._truth_operands(value)
        elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            yield from self._truth_operands(test.operand)
        else:
            yield test

    def _compare(self, node: ast.Compare) -> None:
        operands = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, operands, operands[1:], strict=False):
            if (ast.dump(left) == ast.dump(right)
                    and not any(isinstance(n, ast.Call | ast.Await | ast.Yield | ast.YieldFrom)
                                for n in ast.walk(left))):
                self.report(node, f"`{ast.unparse(left)}` is compared with itself: "
                                  f"the result never depends on the code under test")
            elif isinstance(op, ORDER):
                for one, other in ((left, right), (right, left)):
                    if self._is_function(one) and self._is_value(other):
                        self.report(node, f"`{ast.unparse(one)}` is a function object, "
                                          f"compared with `{ast.unparse(other)}`: the "
                                          f"comparison never calls it (missing call?)")
                        break

    # warning filters

    def visit_Call(self, node: ast.Call) -> None:
        name = self._dotted(node.func)
        last = name.rpartition(".")[2] if name else ""
        if last == "filterwarnings" and self._is_mark(node.func):
            for arg in node.args:
                self._filter_entry(node, arg)
        elif last == "filterwarnings" and self._from_warnings(node.func):
            action = self._argument(node, 0, "action")
            if isinstance(action, str) and action.lower() == "ignore":
                message = self._argument(node, 1, "message", default="")
                problem = _ignored(message if isinstance(message, str) else None,
                                   f"`{ast.unparse(node)}`")
                if problem:
                    self.report(node, problem)
        elif last == "simplefilter" and self._from_warnings(node.func):
            action = self._argument(node, 0, "action")
            if isinstance(action, str) and action.lower() == "ignore":
                self.report(node, f"`{ast.unparse(node)}` ignores every warning, whatever it "
                                  f"says: use warnings.filterwarnings('ignore', message=...) "
                                  f"for the one expected, and say why in a comment")
        elif last == "catch_warnings" and self._from_warnings(node.func):
            action = self._argument(node, None, "action")
            if isinstance(action, str) and action.lower() == "ignore":
                self.report(node, f"`{ast.unparse(node)}` ignores every warning, whatever it "
                                  f"says: name the one expected by its message")
        self.generic_visit(node)

    def _filter_entry(self, node: ast.Call, arg: ast.expr) -> None:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            problem = filter_problems(arg.value)
        elif isinstance(arg, ast.JoinedStr):  # judged only where its message is constant
            text = "".join(v.value if isinstance(v, ast.Constant) else "\0"
                           for v in arg.values)
            action, _, rest = text.partition(":")
            message = rest.partition(":")[0]
            problem = (None if "\0" in message or "\0" in action
                       else filter_problems(f"{action}:{message}"))
        else:
            problem = None
        if problem:
            self.report(node, problem)

    @staticmethod
    def _argument(node: ast.Call, index: int | None, keyword: str, default: Any = None) -> Any:
        """The constant value of an argument, by position or keyword; ``default`` where it
        is not given; None where it is not a constant."""
        for given in node.keywords:
            if given.arg == keyword:
                return given.value.value if isinstance(given.value, ast.Constant) else None
        if index is not None and len(node.args) > index:
            arg = node.args[index]
            return arg.value if isinstance(arg, ast.Constant) else None
        return default

    def _is_mark(self, func: ast.expr) -> bool:
        """``pytest.mark.filterwarnings`` or ``mark.filterwarnings``."""
        return (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute | ast.Name)
                and (self._dotted(func.value) or "").rpartition(".")[2] == "mark")

    def _from_warnings(self, func: ast.expr) -> bool:
        value = self._resolve(func)
        return getattr(value, "__module__", None) == "warnings" or (
            value is UNKNOWN and (self._dotted(func) or "").startswith("warnings."))

    @staticmethod
    def _dotted(node: ast.expr) -> str | None:
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        return ".".join([node.id, *reversed(parts)])

    # what an expression is

    def _is_function(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Lambda):
            return True
        if isinstance(node, ast.Call):
            return _returns_callable(self._resolve(node.func))
        value = self._resolve(node)
        return isinstance(value, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, *FUNCTIONS))

    def _is_value(self, node: ast.expr) -> bool:
        """Whether ``node`` is known to be no function: a literal, arithmetic, a comparison,
        or a call of a function annotated to return something else."""
        if isinstance(node, ast.Constant | ast.Tuple | ast.List | ast.Dict | ast.Set
                      | ast.JoinedStr | ast.ListComp | ast.SetComp | ast.DictComp
                      | ast.BinOp | ast.UnaryOp | ast.Compare):
            return True
        if isinstance(node, ast.Call):
            function = self._resolve(node.func)
            return (isinstance(function, types.FunctionType)
                    and "return" in function.__annotations__
                    and not _returns_callable(function))
        return False

    def _resolve(self, node: ast.expr) -> Any:
        """The value of a name or attribute chain: a ``def`` or lambda of the file, or an
        imported object (its module imported); UNKNOWN otherwise."""
        dotted = self._dotted(node)
        if dotted is None:
            return UNKNOWN
        root, *attributes = dotted.split(".")
        bound = self.scope.lookup(root)
        if isinstance(bound, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return bound if not attributes else UNKNOWN
        if not isinstance(bound, tuple) or not _lookable(bound[1]):
            return UNKNOWN
        try:
            if bound[0] == "module":  # `import a.b` binds a, `import a.b as c` binds a.b
                value: Any = importlib.import_module(bound[1])
            else:
                module = importlib.import_module(bound[1])
                try:
                    value = getattr(module, bound[2])
                except AttributeError:
                    value = importlib.import_module(f"{bound[1]}.{bound[2]}")
            for attribute in attributes:
                try:
                    value = getattr(value, attribute)
                except AttributeError:
                    value = importlib.import_module(f"{value.__name__}.{attribute}")
        except Exception:  # whatever importing or looking up raises: not known
            return UNKNOWN
        return value


def _lookable(module: str) -> bool:
    """Whether the check imports ``module`` to look at what it holds: the library's own
    modules and the standard library's (not a framework's, slow to import and not the
    suite's to judge)."""
    top = module.partition(".")[0]
    return top == "amigo_rules" or top in sys.stdlib_module_names


def _returns_callable(function: Any) -> bool:
    """Whether ``function`` (a function object) is annotated to return a ``Callable``."""
    if not isinstance(function, types.FunctionType):
        return False
    try:
        hint = typing.get_type_hints(function).get("return")
    except Exception:  # an annotation that does not evaluate here: read its text
        text = function.__annotations__.get("return")
        return isinstance(text, str) and re.match(r"(typing\.|collections\.abc\.)?Callable\b",
                                                  text) is not None
    return typing.get_origin(hint) is collections.abc.Callable


def files(root: Path) -> Iterator[Path]:
    """The Python files the check reads under ``root``."""
    yield from sorted(path for path in root.rglob("*.py") if ".venv" not in path.parts)
