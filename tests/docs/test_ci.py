"""What CI runs (``.ci/run``): the README's Quick start test command verbatim, then, with the
``rl`` extra installed, everything that needs it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
RL_INSTALL = "pip install -q -e '.[dev,rl]'"
LEARNING = ("sb3_contrib", "stable_baselines3", "torch")
"""The packages of the ``rl`` extra that code may import."""


def quick_start_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Quick start\n\n```sh\n(.*?)^```", readme, re.S | re.M)
    assert found, "README.md has no Quick start block"
    (command,) = [line for line in found.group(1).splitlines() if "pytest" in line]
    return command


def rl_step() -> str:
    """The part of ``.ci/run`` from the ``rl`` extra's install on, comments left out."""
    assert RL_INSTALL in CI, f".ci/run does not install the rl extra ({RL_INSTALL})"
    return "\n".join(line for line in CI[CI.index(RL_INSTALL):].splitlines()
                     if not line.lstrip().startswith("#"))


def test_ci_runs_the_readme_test_command_verbatim_then_the_rl_tests():
    lines = CI.splitlines()
    command = quick_start_test_command()
    assert command in lines, "the README's test command is not a line of .ci/run"
    assert CI.index(command) < CI.index(RL_INSTALL)
    assert "pytest" in rl_step()


def needs_the_rl_extra() -> list[str]:
    """Test files and sources importing a package of the ``rl`` extra, and pages whose
    examples say they need one."""
    imports = re.compile(rf"^\s*(?:import|from) ({'|'.join(LEARNING)})\b"
                         rf"|importorskip\(\s*\"({'|'.join(LEARNING)})\"", re.M)
    requires = re.compile(rf"<!-- examples: requires ({'|'.join(LEARNING)})\b")
    found = [path for folder in ("tests", "src") for path in sorted((ROOT / folder).rglob("*.py"))
             if imports.search(path.read_text(encoding="utf-8"))]
    found += [path for path in sorted((ROOT / "docs").rglob("*.md"))
              if requires.search(path.read_text(encoding="utf-8"))]
    return [path.relative_to(ROOT).as_posix() for path in found]


def test_ci_runs_everything_that_needs_the_rl_extra():
    """Each of them is named in the ``rl`` step, itself or a folder holding it: skipped in
    the README's run, it would otherwise run nowhere."""
    step = rl_step()
    named = set(re.findall(r"(?:tests|src|docs)/[\w./-]*", step))
    needing = needs_the_rl_extra()
    assert "src/amigo_rules/adapters/sb3.py" in needing and "docs/rl.md" in needing
    missing = [path for path in needing
               if not any(path == n or path.startswith(n.rstrip("/") + "/") for n in named)]
    assert not missing, f".ci/run's rl step does not run {missing}"
