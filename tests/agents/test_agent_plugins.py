"""The agent plug-ins (``engine:``, ``ppo:``) are entry points declared in pyproject.toml,
not modules the registry imports from a floor above it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from amigo_rules import RulesError
from amigo_rules.agents import make_agent
from amigo_rules.agents.registry import PLUGIN_GROUP, plugins

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def test_the_installed_plugins_are_the_declared_ones() -> None:
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"][
        "entry-points"][PLUGIN_GROUP]
    installed = {name: point.value for name, point in plugins().items()}
    assert installed == declared, "the installed metadata is stale: pip install -e ."
    assert set(declared) == {"engine", "ppo"}


def test_a_plugin_is_loaded_by_its_prefix_and_checked() -> None:
    with pytest.raises(RulesError, match="names nothing after 'engine:'"):
        make_agent("engine: ", "exxtra")
    with pytest.raises(RulesError, match="no agent 'nobody' for exxtra"):
        make_agent("nobody:1", "exxtra")
