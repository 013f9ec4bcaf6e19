"""The browser tests' Chromium, one for the session (test_browser.py's `browser` fixture hands it to
each test, and undoes what the test changed)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for every browser test (a start costs more CPU than most tests: about
    0.6 s), with its first window size; skipped with the install hint where it cannot start. Tests
    that count this process's children compare them with those at their start."""
    from selenium.common.exceptions import WebDriverException

    from .test_browser import INSTALL, _browser

    try:
        b = _browser()
    except WebDriverException as e:       # installed but unusable: say so rather than fail obscurely
        pytest.skip(f"{INSTALL}; starting it failed: {e.msg}")
    yield b, b.get_window_size()
    b.quit()
