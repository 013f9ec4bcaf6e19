"""Mutants of the built-in editions by construct (constructs.py): each validates without raising,
every problem placed, and one that validates plays a short bot game that may stop only at the
edition's DSL text (file:line:col), never with a traceback or "a bug in magie's engine".

The quick loop draws one mutant of each construct (its first, derandomized draw validates); the
`slow` run draws a few more of each and many mutants of several constructs together. Failing
examples found are kept as `@example`s below."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from rich.console import Console

from magie.cli.render import Names
from magie.cli.ring import ring_view
from magie.cli.web.board import board_svg
from magie.cli.web.view import edition_info
from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable
from magie.engine.game.game import Game

from .constructs import GENERATORS, mutants
from .support import FUZZ, examples, validate_text

QUICK = examples(1)
"""Mutants of each construct in the quick loop (-m "not slow")."""

MORE = examples(3)
"""Mutants of each construct in the slow run."""

BUDGETS = [pytest.param(QUICK, id="quick"), pytest.param(MORE, id="more", marks=pytest.mark.slow)]

LONG = examples(60)
"""Mutants of several constructs together in the slow run."""


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_a_mutant_of_each_construct_validates_and_plays(name, budget):
    played = []

    @settings(FUZZ, max_examples=budget)
    @given(mutants((name,), most=1))
    def run(text):
        played.append(not any(p.severity == "error" for p in validate_text(text)))
    run()
    # a generator whose mutants never validate tests nothing of play (a schema that moved on)
    assert any(played), f"no mutant of '{name}' validated"


@pytest.mark.parametrize("budget", BUDGETS)
def test_a_board_layout_that_validates_is_drawn(budget):
    """Play never reads the layout: the picture, the web page's plan and the terminal map do."""
    drawn = []

    @settings(FUZZ, max_examples=budget)
    @given(mutants(("board layout",), most=1))
    def run(text):
        with tempfile.TemporaryDirectory() as tmp:
            if any(p.severity == "error" for p in validate_text(text, folder=Path(tmp))):
                return
            ed = load_playable(str(Path(tmp) / "fuzzed.yaml"))
            assert board_svg(ed).count("data-space=") == len(ed.spaces)
            assert len(edition_info(ed, "en")["layout"]["cells"]) == len(ed.spaces)
            game = Game(ed, [(f"r{i}", make_bot("random", 1, i)) for i in range(2)], seed=1)
            out = io.StringIO()
            Console(file=out, width=300, color_system=None).print(ring_view(game, Names(ed, "en")))
            drawn.append(out.getvalue().count("\n"))
    run()
    assert drawn and min(drawn) >= 3, "no mutant's board was drawn"


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
