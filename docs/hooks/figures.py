"""MkDocs hook: every measured figure of a page agrees with the committed results.

A figure is written between ``<!-- figure: FILE PATH [FORMAT] -->`` and ``<!-- /figure -->``
(``benchmarks/figures.py`` says how); a figure that differs from what its results file in
``benchmarks/results/`` says, or a marker that names no figure, logs a warning naming the
page, the line and the figure's true value, so ``mkdocs build --strict`` fails.
``python benchmarks/figures.py --write`` rewrites stale figures in place.
"""

from __future__ import annotations

import logging

from pictures import benchmark

log = logging.getLogger("mkdocs.plugins.figures")

figures = benchmark("figures")


def on_pre_build(config) -> None:
    """Read the results files afresh on every build (``mkdocs serve`` rebuilds)."""
    figures.results.cache_clear()


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Warn about every stale figure of the page; the page is rendered with its figures and
    without their markers (``figures.unmarked``)."""
    for line, spec, written, true in figures.stale(markdown):
        log.warning("figures: %s:%d: %s: written %r, its source says %r (python "
                    "benchmarks/figures.py --write)", page.file.src_uri, line, spec,
                    written, true)
    return figures.unmarked(markdown)
