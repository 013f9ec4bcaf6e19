"""docs/dsl.md documents every built-in: a keyword, function, attribute, statement form, context,
context name, error code or limit added to the DSL without an entry there fails this test."""

from __future__ import annotations

import re

import pytest

from magie.engine.dsl import CONTEXTS, POINTERS, issues
from magie.engine.dsl.parser import keywords
from magie.engine.dsl.vocabulary import (
    FUNCTIONS,
    KEEP_USES,
    LIMITS,
    MOVE_OPTIONS,
    PLAYER_ATTRS,
    ROLL_ATTRS,
    SPACE_ATTRS,
    SPACE_KINDS,
    STATEMENT_FORMS,
)
from tests.dsl.conftest import REPO

DOC = (REPO / "docs" / "dsl.md").read_text(encoding="utf-8")
CODES = re.findall(r"^  ([a-z]+(?:-[a-z]+)+) ", issues.__doc__, re.M)


def documented(word: str) -> bool:
    return f"`{word}`" in DOC or f"`{word} " in DOC or f"`{word}(" in DOC


def test_the_error_codes_are_known():
    assert CODES == ["dsl-syntax", "dsl-limit", "unknown-name", "wrong-arity", "type-error",
                     "fractional-money", "flag-never-set", "kind-not-on-board",
                     "not-allowed-here", "duplicate-name", "constant-error", "endless-draws",
                     "endless-hooks", "endless-recursion", "unbounded-money", "empty-choice",
                     "used-before-set", "not-positive", "label-without-text", "unused-label"]


@pytest.mark.parametrize("word", sorted(keywords()))
def test_keywords(word):
    assert documented(word), word


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_functions(name):
    assert f"`{FUNCTIONS[name].signature}`" in DOC, name


@pytest.mark.parametrize("name", sorted(set(PLAYER_ATTRS) | set(SPACE_ATTRS) | set(ROLL_ATTRS)))
def test_attributes(name):
    assert re.search(rf"^\| `{name}` \|", DOC, re.M), name


@pytest.mark.parametrize("form", STATEMENT_FORMS)
def test_statement_forms(form):
    assert f"`{form}`" in DOC, form


@pytest.mark.parametrize("name", sorted({n for c in CONTEXTS.values() for n in c.names}
                                        | {"rent", "house_cost"}))
def test_context_names(name):
    assert re.search(rf"^\| `{name}` \|", DOC, re.M), name


@pytest.mark.parametrize("rule", POINTERS, ids=lambda r: "/".join(r.pattern))
def test_context_pointers_and_signatures(rule):
    assert "`/" + "/".join(rule.pattern) + "`" in DOC
    assert f"`{CONTEXTS[rule.context].signature}`" in DOC


@pytest.mark.parametrize("code", CODES)
def test_error_codes(code):
    assert re.search(rf"^\| `{code}` \|", DOC, re.M), code


@pytest.mark.parametrize("word", list(SPACE_KINDS) + list(KEEP_USES) + list(MOVE_OPTIONS))
def test_kinds_uses_and_options(word):
    assert documented(word), word


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_limits(name):
    value = f"{LIMITS[name]:,}"
    assert re.search(rf"^\| [^|]+ \| {re.escape(value)} \|$", DOC, re.M), (name, value)
