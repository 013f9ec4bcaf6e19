"""Shared helpers of the edition tests (a module of its own: `conftest` names clash across folders)."""

from __future__ import annotations

from pathlib import Path

import pytest

from magie.engine.problems import ProblemsError

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "editions"


def problems_of(fn, *args, **kwargs):
    """The problems a loading call raises (fails the test when it does not raise)."""
    with pytest.raises(ProblemsError) as info:
        fn(*args, **kwargs)
    return info.value.problems


def where(problems):
    """(code, line, col) of each problem, in order."""
    return [(p.code, p.line, p.col) for p in problems]
