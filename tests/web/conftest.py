"""The browser tests' Chromium, one a module (test_browser.py's `browser` fixture hands it to each
test)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for a module's browser tests (a start costs more CPU than most tests),
    with its first window size; skipped with the install hint where it cannot start. Not one for
    the session: tests elsewhere count this process's children (tests/agents/test_external.py)."""
    from selenium.common.exceptions import WebDriverException

    from .test_browser import INSTALL, _browser

    try:
        b = _browser()
    except WebDriverException as e:       # installed but unusable: say so rather than fail obscurely
        pytest.skip(f"{INSTALL}; starting it failed: {e.msg}")
    yield b, b.get_window_size()
    b.quit()
