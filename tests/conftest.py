"""Test-suite hooks: say why the browser tests were skipped, never silently."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    skipped = terminalreporter.stats.get("skipped", [])
    browser = [r for r in skipped if "browser" in getattr(r, "keywords", {})]
    if browser:
        reason = browser[0].longrepr[2] if isinstance(browser[0].longrepr, tuple) else str(browser[0].longrepr)
        terminalreporter.write_line(f"{len(browser)} browser tests skipped: {reason}", yellow=True)
