"""The examples of the "Frameworks" page run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "frameworks.md"


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_frameworks_page_examples_run():
    result = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20 and result.failed == 0
