"""magie's PEP 517 build backend: setuptools', with mypy added to the build requirements when the
opt-in compiled build is asked for (`MAGIE_COMPILE=1 pip install .`, README "Install"; 1, yes,
true or on compile, 0, no, false, off or unset do not, anything else stops the build).

pyproject.toml names this module (`backend-path = ["tools"]`): the build requirements of a
default install stay the static `[build-system] requires` (setuptools only, nothing else fetched),
and only a compiled build asks the front end (pip, `python -m build`) for mypy, whose mypyc
compiles the modules setup.py lists from tools/mypyc_build.py. Every other hook is setuptools'.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from mypyc_build import SWITCH, SwitchError, compile_requested
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the hooks this module does not change)

COMPILE_REQUIRES = ["mypy>=1.10"]
"""What a compiled build needs besides setuptools (mypy brings mypyc and mypy_extensions; the
compiled modules need neither at run time)."""


def compiling() -> bool:
    """Whether this build compiles the engine (`MAGIE_COMPILE` says yes: 1, yes, true, on).
    Stops the build with a message naming the variable and the values it takes when it says
    neither yes nor no (mypyc_build.compile_requested)."""
    try:
        return compile_requested(os.environ.get(SWITCH))
    except SwitchError as e:
        raise SystemExit(f"magie's build: {e}") from None


def _requires(hook: Callable[[dict[str, Any] | None], list[str]], config_settings: dict[str, Any] | None) -> list[str]:
    """setuptools' requirements (`hook` runs setup.py, which must not compile yet: mypy is not
    installed before this answer), plus mypy for a compiled build."""
    if not compiling():
        return hook(config_settings)
    value = os.environ.pop(SWITCH)
    try:
        return [*hook(config_settings), *COMPILE_REQUIRES]
    finally:
        os.environ[SWITCH] = value


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements for a wheel, plus mypy for a compiled build."""
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements for an editable install, plus mypy for a compiled build."""
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
