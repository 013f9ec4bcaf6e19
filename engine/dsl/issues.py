"""Problems found in one snippet, located in the snippet's own text.

The checker and the parser report `Issue`s at (line, col) inside the DSL text; `pipeline.py`
maps them to the YAML file and turns them into `Problem`s.

Codes (stable, kebab-case; docs/dsl.md lists them):
  dsl-syntax         the text does not follow the grammar
  dsl-limit          the snippet is too long or too deeply nested, or its loops may visit too many
                     elements in one evaluation (vocabulary.LIMITS, loops.work_bound)
  unknown-name       a name, attribute, function, space, group, deck, param, kind or holding space that does not exist
  wrong-arity        a function called with the wrong number of arguments
  type-error         a value of the wrong type (a player compared with a number, a statement where
                     a value is expected, indexing something that is not a list, ...)
  fractional-money   an amount of money that may be fractional (`pay bank cash / 10`)
  flag-never-set     has_flag / use_flag / clear flag of a flag no `set flag` in the edition sets
  kind-not-on-board  `move to nearest KIND` when the board has no space of that kind
  not-allowed-here   a statement or name this context does not offer (keep outside a card, roll()
                     in a condition that is only checked, net_worth in the score formula)
  duplicate-name     `let` or `for ... as` of a name that is already defined, a label twice in a choice
  constant-error     a value the checker can compute is wrong: a constant index out of range, a
                     division by a constant zero, a negative constant amount, roll() of no dice
  endless-draws      every card of a deck sends the player to draw again, so drawing never ends
                     (found over the whole edition, see loops.py)
  endless-hooks      an `on_land` hook whose sure move lands the player on a space whose own
                     `on_land` moves it on, round to a space already passed (`move forward 0`)
  endless-recursion  a rent formula that may run itself: rent_of() in a rent formula, or a net
                     worth there while the score calls rent_of() (loops.formula_calls)
  unbounded-money    (warning) money that can grow without bound: a product of two amounts that
                     grow with the game (`cash * cash`)
  empty-choice       a `choose:` with fewer than two options
  used-before-set    a variable used or changed before its `let`
  not-positive       a flag duration that is not positive
  label-without-text (warning) a `choose:` option with no text under the `labels:` of its card,
                     action, kind of space or die symbol (players would see its bare id)
  unused-label       (warning) a label no option of a choice of the item uses (labels.py)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..problems import Severity
from .nodes import Pos

_REF = re.compile(r"\x00(\d+)([lc]?)\x00")


def ref(k: int, part: str = "") -> str:
    """The mark, in an issue's message, of its `refs[k]`: written out as "line L, column C"
    (`part` "l": "line L"; "c": "column C") once the snippet's place in its file is known."""
    return f"\x00{k}{part}\x00"


@dataclass(frozen=True, slots=True)
class Issue:
    """One problem in a snippet: a stable code, a message, its position in the snippet text
    (1-based line and column), optional hints ('did you mean ...'), its severity (warnings
    do not stop an edition from loading), and `refs`, the other positions in the snippet the
    message names (each marked by `ref(k)`, so that it is told in the file's lines and columns,
    never the snippet's)."""

    code: str
    message: str
    pos: Pos
    hints: tuple[str, ...] = field(default=())
    severity: Severity = "error"
    refs: tuple[Pos, ...] = field(default=())

    def text(self, place: Callable[[Pos], Pos] | None = None) -> str:
        """The message with the positions it names written out, each placed by `place` (a
        snippet position to the file's (line, col); None: the snippet's own)."""
        if not self.refs:
            return self.message

        def word(m: re.Match) -> str:
            line, col = (place or (lambda p: p))(self.refs[int(m.group(1))])
            return {"l": f"line {line}", "c": f"column {col}"}.get(m.group(2), f"line {line}, column {col}")
        return _REF.sub(word, self.message)


class DslError(Exception):
    """Raised by `parse` when a snippet cannot be parsed; carries the issues."""

    def __init__(self, issues: list[Issue]):
        self.issues = issues
        super().__init__("; ".join(i.text() for i in issues))
