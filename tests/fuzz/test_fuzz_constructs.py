"""Mutants of the built-in editions by construct (constructs.py): each validates without raising,
every problem placed, and one that validates plays a short bot game that may stop only at the
edition's DSL text (file:line:col), never with a traceback or "a bug in magie's engine".

The default run draws a few mutants of each construct (seconds each); the `slow` run draws many
mutants of several constructs together. Failing examples found are kept as `@example`s below."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings

from .constructs import GENERATORS, mutants
from .support import FUZZ, examples, validate_text

QUICK = examples(3)
"""Mutants of each construct in the default run."""

LONG = examples(60)
"""Mutants of several constructs together in the slow run."""


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_a_mutant_of_each_construct_validates_and_plays(name):
    played = []

    @settings(FUZZ, max_examples=QUICK)
    @given(mutants((name,), most=1))
    def run(text):
        played.append(not any(p.severity == "error" for p in validate_text(text)))
    run()
    # a generator whose mutants never validate tests nothing of play (a schema that moved on)
    assert any(played), f"no mutant of '{name}' validated"


LOANS_BANKRUPT = """\
id: fuzzed
name: {en: Fuzzed, ru: Фузз}
extends: landlords_game
rules:
  loans: {unit: 1, interest: 0, charged_on: lap}
decks:
- id: chance
  cards:
  - id: fuzz_loop
    text: {en: Loop., ru: Цикл.}
    do: "for each other player p:\\n  with p: pay me 0"
"""
"""Once gave an eliminated player the deed it went bankrupt buying (tests/game/test_fuzz_found.py)."""

WITH_NEAREST = """\
id: fuzzed
name: {en: Fuzzed, ru: Фузз}
extends: landlords_game
rules:
  treasury: {receives: [purchase], start: 0}
decks:
- id: chance
  cards:
  - id: fuzz_tax
    text: {en: Pay., ru: Платите.}
    do: "with me:\\n  move to nearest street s where s.owner == none"
"""
"""Once generated code that did not compile (tests/game/test_fuzz_found.py)."""


@pytest.mark.slow
@settings(FUZZ, max_examples=LONG)
@given(mutants())
@example(LOANS_BANKRUPT)
@example(WITH_NEAREST)
def test_mutants_of_several_constructs_validate_and_play(text):
    validate_text(text)
