"""Test-suite hooks: say why the browser tests were skipped, never silently; skip the tests marked
`pure` on the compiled build (pyproject.toml's markers say why)."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config, items):
    from magie.cli.commands import compiled_modules

    if not compiled_modules():
        return
    skip = pytest.mark.skip(
        reason="patches or reads the pure engine (tools/compiled_check.py runs it on the pure source)")
    for item in items:
        if "pure" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    skipped = terminalreporter.stats.get("skipped", [])
    browser = [r for r in skipped if "browser" in getattr(r, "keywords", {})]
    if browser:
        reason = browser[0].longrepr[2] if isinstance(browser[0].longrepr, tuple) else str(browser[0].longrepr)
        terminalreporter.write_line(f"{len(browser)} browser tests skipped: {reason}", yellow=True)
