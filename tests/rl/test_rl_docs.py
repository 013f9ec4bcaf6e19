"""docs/rl.md's tables of the observation and action blocks are those the code builds
(tools/rl_tables.py writes them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

from tests.runners import load_tool  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "rl.md"


def test_the_tables_of_docs_rl_are_current():
    page = PAGE.read_text(encoding="utf-8")
    assert load_tool("rl_tables").render(page) == page, "run: python tools/rl_tables.py"


def test_the_tables_give_the_sizes_of_the_code():
    import magie.rl as rl
    env = rl.env("classic")
    page = PAGE.read_text(encoding="utf-8")
    assert f"Observation: {env.obs_enc.size} numbers for classic with 4 players." in page
    assert f"Actions: {env.act_enc.size} slots for classic." in page
    for name, start, size in env.obs_enc.layout:
        assert f"| {name} | {start} | {size} |" in page


def test_a_page_behind_the_code_is_rewritten():
    page = PAGE.read_text(encoding="utf-8")
    stale = re.sub(r"\| kind \| (\d+) \| \d+ \|", r"| kind | \1 | 12 |", page)
    assert stale != page
    assert load_tool("rl_tables").render(stale) == page
