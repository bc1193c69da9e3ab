"""Print the fuzzer's figures (inputs, time per category) after a run without xdist."""

from __future__ import annotations

from fuzz_checks import SECONDS, STATS


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if not STATS:
        return
    terminalreporter.section("fuzz inputs")
    for category, count in sorted(STATS.items()):
        seconds = SECONDS[category]
        terminalreporter.write_line(f"{category:<26} {count:>9} inputs {seconds:>9.1f} s")
    total = sum(STATS.values())
    terminalreporter.write_line(f"{'total':<26} {total:>9} inputs {sum(SECONDS.values()):>9.1f} s")
