"""The learning page's figure of the learned values' runs is drawn: an SVG naming every run
of ``benchmarks/results/learning.jsonl`` of the games it shows."""

from __future__ import annotations

import html
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_learning_curves_draw_every_run():
    pytest.importorskip("matplotlib")
    spec = importlib.util.spec_from_file_location("pictures_hook",
                                                  ROOT / "docs" / "hooks" / "pictures.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    svg = hook.value_curves("verflixxt", "verflixxt_hoch")
    assert svg.startswith("<svg")
    text = html.unescape(svg)
    runs = [json.loads(line) for line in
            (ROOT / "benchmarks" / "results" / "learning.jsonl").read_text().splitlines()]
    shown = [r["label"] for r in runs if r["game"] in ("verflixxt", "verflixxt_hoch")]
    assert len(shown) >= 2
    for label in shown:
        assert label in text, label
    assert "Verflixxt hoch² (4 players)" in text
