"""The docs site: the reference pages generated from the code are current, and MkDocs builds the
site from docs/ strictly (no broken link or anchor, no page left out of the nav)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from tests.runners import ROOT, load_tool


def test_the_reference_pages_are_made_from_the_code():
    tool = load_tool("docs_reference")
    for name, text in (("cli.md", tool.cli_markdown()), ("dsl.md", tool.dsl_markdown())):
        assert (ROOT / "docs" / "reference" / name).read_text(encoding="utf-8") == text, \
            f"docs/reference/{name} is not current: run python tools/docs_reference.py"


def test_the_dsl_reference_has_every_statement_function_and_field_with_its_doc():
    from magie.engine.dsl.vocabulary import FUNCTIONS, PLAYER_ATTRS, STATEMENT_DOCS, STATEMENT_FORMS

    assert list(STATEMENT_DOCS) == list(STATEMENT_FORMS)
    page = (ROOT / "docs" / "reference" / "dsl.md").read_text(encoding="utf-8")
    assert "| `move back to SPACE` | backwards to a space: no lap, no salary |" in page
    assert "| `rent_of(p, space)` | the rent p would pay on landing on space now" in page
    assert "| `net_worth` | a whole number | the edition's score (end.score) |" in page
    assert all(f"`{f.signature}`" in page for f in FUNCTIONS.values())
    assert all(f"| `{a}` |" in page for a in PLAYER_ATTRS)


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None, reason="mkdocs is not installed (the docs extra)")
def test_mkdocs_builds_the_site_strictly(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                          "-d", str(tmp_path / "site")], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (tmp_path / "site" / "reference" / "dsl" / "index.html").is_file()
    assert (tmp_path / "site" / "plugins" / "index.html").is_file()
