"""Mutants of the built-in editions by construct (constructs.py): each validates without raising,
every problem placed, and one that validates plays a short bot game that may stop only at the
edition's DSL text (file:line:col), never with a traceback or "a bug in magie's engine".

The default run draws a few mutants of each construct (seconds each); the `slow` run draws many
mutants of several constructs together. Failing examples found are kept as `@example`s below."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from .constructs import GENERATORS, mutants
from .support import FUZZ, examples, validate_text

QUICK = examples(3)
"""Mutants of each construct in the default run."""

LONG = examples(60)
"""Mutants of several constructs together in the slow run."""


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_a_mutant_of_each_construct_validates_and_plays(name):
    @settings(FUZZ, max_examples=QUICK)
    @given(mutants((name,), most=1))
    def run(text):
        validate_text(text)
    run()


@pytest.mark.slow
@settings(FUZZ, max_examples=LONG)
@given(mutants())
def test_mutants_of_several_constructs_validate_and_play(text):
    validate_text(text)
