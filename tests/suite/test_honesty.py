"""The suite's tests can fail: no assert on a function object or on itself, no warning
filter that silences a whole kind of warning (`honesty`, an AST check of ``tests/``, the
root ``conftest.py`` and pytest's settings); and the check itself finds what it is for."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import pytest
from honesty import files, filter_problems, problems

ROOT = Path(__file__).resolve().parents[2]


def test_the_suite_has_no_check_that_cannot_fail():
    found = []
    for path in [*files(ROOT / "tests"), ROOT / "conftest.py"]:
        found += problems(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    assert not found, "checks that cannot fail:\n" + "\n".join(found)


def test_pytests_settings_silence_no_kind_of_warning():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = settings["tool"]["pytest"]["ini_options"]
    entries = list(options.get("filterwarnings", []))
    words = shlex.split(options.get("addopts", ""))
    entries += [w.removeprefix("-W") or words[i + 1] for i, w in enumerate(words)
                if w.startswith("-W")]
    found = [problem for entry in entries if (problem := filter_problems(entry))]
    assert not found, "pyproject.toml: " + "\n".join(found)


# the check finds what it is for ...

FOUND = [
    pytest.param("""
from amigo_rules.agents import playouts
from amigo_rules import exxtra
from amigo_rules.agents import exxtra_value
def test(late):
    assert playouts.evaluation_for(exxtra, sharpness=0.2) != exxtra_value.evaluate(late)
""", "is a function object, compared with `exxtra_value.evaluate(late)`",
        id="a call that returns a function"),
    pytest.param("""
from amigo_rules.agents.exxtra_value import evaluate
def test():
    assert evaluate == (0.25,) * 4
""", "`evaluate` is a function object", id="an imported function"),
    pytest.param("""
def helper():
    return 3
def test():
    assert helper != 4
""", "`helper` is a function object", id="a function of the file"),
    pytest.param("""
def test():
    check = lambda x: x > 0
    assert check and True
""", "assert on `check`, a function object", id="the truth of a lambda"),
    pytest.param("""
def test(env, opponents):
    assert env.opponents == env.opponents
""", "`env.opponents` is compared with itself", id="an attribute compared with itself"),
    pytest.param("""
def test(games):
    assert games[0] <= games[0] < 3
""", "`games[0]` is compared with itself", id="a chained comparison"),
    pytest.param("""
def test(x):
    assert (x == 1, "x must be 1")
""", "assert on a tuple is always true", id="a tuple"),
    pytest.param("""
import pytest
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")
""", "filter 'ignore::UserWarning' ignores every warning of its kind", id="a mark by kind"),
    pytest.param("""
import pytest
@pytest.mark.filterwarnings("error", "ignore")
def test():
    pass
""", "filter 'ignore' ignores every warning", id="a mark on a test"),
    pytest.param("""
import pytest
@pytest.mark.filterwarnings("ignore:.*:DeprecationWarning")
def test():
    pass
""", "ignores every warning of its kind", id="a message matching everything"),
    pytest.param("""
import warnings
def test():
    warnings.filterwarnings("ignore", category=RuntimeWarning)
""", "ignores every warning of its kind", id="warnings.filterwarnings"),
    pytest.param("""
from warnings import simplefilter
def test():
    simplefilter("ignore")
""", "`simplefilter('ignore')` ignores every warning", id="simplefilter"),
    pytest.param("""
import warnings
def test():
    with warnings.catch_warnings(action="ignore"):
        pass
""", "ignores every warning", id="catch_warnings"),
]


@pytest.mark.parametrize(("source", "says"), FOUND)
def test_the_check_finds_each_kind_naming_the_line(source, says):
    found = problems(source, "tests/x/test_x.py")
    assert len(found) == 1, found
    last = len(source.strip("\n").splitlines())
    where, _, what = found[0].partition(": ")
    assert where in {f"tests/x/test_x.py:{n}" for n in (last - 1, last, last + 1)}, found
    assert says in what, found


# ... and leaves real checks alone

def test_real_checks_are_left_alone():
    source = '''
import warnings
import pytest
from amigo_rules.agents import playouts, exxtra_value
from amigo_rules import exxtra

@pytest.mark.filterwarnings("error", "ignore:render_mode 'rgb_array' draws nothing:UserWarning")
def test(late, episode, state, mask, agent):
    assert playouts.evaluation_for(exxtra, sharpness=0.2)(late) != exxtra_value.evaluate(late)
    assert episode(5) == episode(5)  # the same seed, the same episode
    assert playouts.evaluation_for(exxtra) is not playouts.evaluation_for(exxtra)
    assert agent.policy == exxtra_value.evaluate  # both functions: an identity check
    assert type(state) == exxtra.State
    assert state != state.replace(turn=1)
    assert (mask == mask.astype(bool)).all()
    assert callable(exxtra_value.evaluate(late) or late)
    warnings.filterwarnings("ignore", message="a known warning", category=UserWarning)
    warnings.simplefilter("error")
    def state():  # a name bound twice in one scope is not known
        pass
    assert state == 3


def helper(evaluate):
    assert evaluate == 3  # a parameter: the module's function of that name does not count
'''
    assert problems(source) == []
