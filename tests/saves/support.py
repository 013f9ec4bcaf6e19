"""What the save tests share: a small valid save and the problems a file is refused with."""

from __future__ import annotations

import pytest

from magie.engine.problems import Problem, ProblemsError
from magie.engine.saves import SaveGame, Seat, read_save


def sample(**kw) -> SaveGame:
    """A valid save of two seats and four answers; `kw` replaces fields."""
    base = dict(edition_ref="classic", edition_id="classic", variants=(), content_hash="ab" * 32,
                seed=7, seats=(Seat("Anna", "human"), Seat("Bot 1", "basic")),
                options={"max_rounds": 50, "time_limit": None, "elapsed": 12.5, "auto_claim": True},
                decisions=["buy", ["done"], None, 25], round=3, turns=8)
    base.update(kw)
    return SaveGame(**base)


def problems(path) -> list[Problem]:
    """The problems `read_save` refuses `path` with (it must refuse it)."""
    with pytest.raises(ProblemsError) as info:
        read_save(path)
    return info.value.problems
