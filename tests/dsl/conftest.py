"""Fixtures for the DSL tests: the test board (tests/dsl/board.yaml), its compiled DSL, a fake
game, and a helper that checks small YAML editions written inline."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from magie.engine.dsl import check_edition, compile_edition
from tests.dsl.fake import FakeGame, spaces_from_tree
from tests.dsl.yaml_marks import load_file, load_with_marks

HERE = Path(__file__).resolve().parent
BOARD = HERE / "board.yaml"
REPO = HERE.parents[1]

#: A minimal board for inline editions; DSL lines of a test start after it.
MINI = """\
board:
  - {id: start, kind: start}
  - {id: lot_a, kind: street, group: reds, price: 60, mortgage: 30, rent: [2, 10, 30, 90, 160, 250]}
  - {id: chest_1, kind: card, deck: chest}
  - {id: lot_b, kind: street, group: reds, price: 80, mortgage: 40, rent: [4, 20, 60, 180, 320, 450]}
  - {id: station, kind: railroad, group: rails, price: 200, mortgage: 100, rent: [25, 50, 100, 200]}
  - {id: jail, kind: jail}
groups:
  - {id: reds, house_cost: 50, hotel_cost: 50}
  - {id: rails}
params: {fee: 25, strict: true}
"""


@pytest.fixture(scope="session")
def board():
    """(tree, locate) of tests/dsl/board.yaml."""
    return load_file(BOARD)


@pytest.fixture(scope="session")
def compiled(board):
    return compile_edition(*board)


@pytest.fixture(scope="session")
def cards(board, compiled):
    """card id -> compiled effect of the test board's notice deck."""
    tree, _ = board
    return {c["id"]: compiled[f"/decks/0/cards/{i}/do"]
            for i, c in enumerate(tree["decks"][0]["cards"])}


@pytest.fixture
def new_game(board):
    """new_game(**kw) -> FakeGame on the test board (players=3, cash=1500, dice=...)."""
    spaces = spaces_from_tree(board[0])
    return lambda **kw: FakeGame(spaces, **kw)


def mini_edition(extra: str, file: str = "mini.yaml"):
    """(tree, locate) of MINI plus `extra` (dedented YAML). DSL in `extra` starts on file line
    MINI_LINES + 1."""
    return load_with_marks(MINI + textwrap.dedent(extra), file)


MINI_LINES = MINI.count("\n")


def problems(extra: str):
    """The DSL problems of MINI plus `extra`."""
    return check_edition(*mini_edition(extra))


def one_card(do_yaml: str) -> str:
    """YAML for a deck `chest` with one card `c` whose `do` is `do_yaml` (the text after
    'do:', possibly a block)."""
    return "decks:\n  - id: chest\n    cards:\n      - id: c\n        do: " + do_yaml + "\n"
