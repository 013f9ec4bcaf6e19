"""magie's PEP 517 build backend: setuptools', with mypy added to the build requirements when the
build compiles the engine (README "The compiled engine"; setup.py says which builds do).

pyproject.toml names this module (`backend-path = ["tools"]`). A wheel (`pip install .`) asks the
front end (pip, `python -m build`) for mypy, whose mypyc compiles the modules of
tools/mypyc_build.py, when `MAGIE_COMPILE` is 1 (yes, true, on), or when it is unset (empty,
auto) and a C compiler and the Python headers work (`mypyc_build.compiler_problem`); otherwise
the requirements stay setuptools' (nothing else fetched) and the wheel is pure Python. An
editable install (`pip install -e .`, the developer's loop) is pure Python unless
`MAGIE_COMPILE=1`: its hooks set an unset switch to 0 for setup.py. Any other value of the
switch stops the build with a message (mypyc_build.compile_mode). Every other hook is setuptools'.
"""

from __future__ import annotations

import os
from typing import Any

import mypyc_build as mb
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the hooks this module does not change)

COMPILE_REQUIRES = ["mypy>=1.10"]
"""What a compiled build needs besides setuptools (mypy brings mypyc and mypy_extensions; the
compiled modules need neither at run time)."""


def mode() -> str:
    """What `MAGIE_COMPILE` asks for: "yes", "no" or "auto" (mypyc_build.compile_mode). Stops the
    build with a message naming the variable and the values it takes when it says none of them."""
    try:
        return mb.compile_mode(os.environ.get(mb.SWITCH))
    except mb.SwitchError as e:
        raise SystemExit(f"magie's build: {e}") from None


def _compiling() -> bool:
    """Whether a wheel build compiles: asked for, or left to us and a C compiler works."""
    asked = mode()
    return asked == "yes" or (asked == "auto" and mb.compiler_problem() is None)


def _pure_unless_asked() -> None:
    """An editable install compiles only when asked: an unset switch becomes 0 for setup.py."""
    if mode() == "auto":
        os.environ[mb.SWITCH] = "0"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements for a wheel, plus mypy when the wheel is compiled."""
    extra = COMPILE_REQUIRES if _compiling() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements for an editable install, plus mypy when `MAGIE_COMPILE=1`."""
    _pure_unless_asked()
    extra = COMPILE_REQUIRES if mode() == "yes" else []
    return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: dict[str, Any] | None = None) -> str:
    """setuptools' hook, with the switch of an editable install (`_pure_unless_asked`)."""
    _pure_unless_asked()
    return str(_setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings))


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """setuptools' editable wheel, pure Python unless `MAGIE_COMPILE=1` (`_pure_unless_asked`)."""
    _pure_unless_asked()
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
