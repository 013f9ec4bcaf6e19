"""docs/rl.md's tables of the observation and action blocks are those the code builds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

REPO = Path(__file__).resolve().parents[2]


def test_the_tables_of_docs_rl_are_current():
    done = subprocess.run([sys.executable, str(REPO / "tools" / "rl_tables.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_tables_give_the_sizes_of_the_code():
    import magie.rl as rl
    env = rl.env("classic")
    page = (REPO / "docs" / "rl.md").read_text(encoding="utf-8")
    assert f"Observation: {env.obs_enc.size} numbers for classic with 4 players." in page
    assert f"Actions: {env.act_enc.size} slots for classic." in page
    for name, start, size in env.obs_enc.layout:
        assert f"| {name} | {start} | {size} |" in page
