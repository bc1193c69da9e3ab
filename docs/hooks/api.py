"""Griffe extension for the API reference (loaded by mkdocstrings, see ``mkdocs.yml``).

It changes only the rendered documentation:

* **Doctests as code blocks.** The library's docstrings carry bare doctests (``>>> ...``
  lines followed by their output), as python-chess does. Markdown would read ``>>>`` as
  nested block quotes and ``['pawn 0']`` as a link, so every such block is fenced as
  ``pycon``.
* **attrs fields as fields.** A field written ``players: int = attrs.field(default=4,
  validator=...)`` is shown as ``players: int = 4`` with its docstring, and the class gets
  the ``__init__`` attrs generates, so its signature lists the fields.
* **Instance attributes without their code.** An attribute set in ``__init__``
  (``self.agent = agent``) is shown with its docstring, not with the expression that sets it.
* **Games in protocol order.** A game package lists its functions in the order of
  `amigo_rules.core.Game` (``new_game`` first), then its other functions, then ``Rules``,
  ``State``, ``Observation`` and the other classes, then its constants.
"""

from __future__ import annotations

import re

import griffe

from amigo_rules import GAMES
from amigo_rules.core import Game

FENCE = re.compile(r"^[ \t]*(```|~~~)")
ATTRS_CLASSES = ("attrs.frozen", "attrs.define", "attrs.mutable")
PROTOCOL = [name for name in Game.__dict__ if callable(getattr(Game, name))
            and not name.startswith("_")]
"""The functions of the game protocol, in the order `Game` declares them."""
FIRST_CLASSES = ["Rules", "State", "Phase", "Observation"]


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


def protocol_order(exports: list[str]) -> list[str]:
    """A game package's ``__all__`` in reading order: the protocol's functions, the other
    functions, the main classes, the other classes, the constants."""

    def rank(name: str) -> tuple[int, int]:
        if name in PROTOCOL:
            return 0, PROTOCOL.index(name)
        if name.islower():
            return 1, 0
        if name in FIRST_CLASSES:
            return 2, FIRST_CLASSES.index(name)
        return (4, 0) if name.isupper() else (3, 0)

    return sorted(exports, key=rank)  # stable: the rest keeps the order of __all__


def _attrs_default(field: griffe.Attribute) -> str | griffe.Expr | None:
    """The default of an attrs field: the ``default=``/``factory=`` of ``attrs.field(...)``,
    the plain value, or None when the field has none."""
    value = field.value
    if isinstance(value, griffe.ExprCall) and str(value.function) in ("attrs.field", "field"):
        arguments = {a.name: a.value for a in value.arguments if isinstance(a, griffe.ExprKeyword)}
        if "factory" in arguments:
            return f"{arguments['factory']}()"
        return arguments.get("default")
    return value


def _attrs_fields(cls: griffe.Class) -> None:
    """Show each field as ``name: type = default`` and give the class attrs' ``__init__``."""
    parameters = []
    for member in list(cls.members.values()):
        if not member.is_attribute or member.annotation is None or "property" in member.labels:
            continue
        default = _attrs_default(member)
        member.value = default
        member.labels = {"field"}
        parameters.append(griffe.Parameter(member.name, annotation=member.annotation,
                                           default=default, docstring=member.docstring))
    if parameters and "__init__" not in cls.members:
        init = griffe.Function("__init__", lineno=0, endlineno=0, parent=cls,
                               parameters=griffe.Parameters(
                                   griffe.Parameter("self"), *parameters),
                               returns="None")
        cls.set_member("__init__", init)


class ApiReference(griffe.Extension):
    """Doctest fences, attrs fields and protocol order (see the module's docstring)."""

    def on_object(self, *, obj, **kwargs) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
        if obj.is_class and any(str(d.value).split("(")[0] in ATTRS_CLASSES
                                for d in obj.decorators):
            _attrs_fields(obj)
        if obj.is_attribute and "instance-attribute" in obj.labels:
            obj.value = None
        if obj.is_module and obj.path in {f"amigo_rules.{game}" for game in GAMES}:
            obj.exports = protocol_order(list(obj.exports or ()))
