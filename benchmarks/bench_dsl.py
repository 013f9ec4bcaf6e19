"""Compiled DSL against hand-written Python doing the same, on the fake game of tests/dsl.

Run from the repository root:  python benchmarks/bench_dsl.py  [--quick]

For each case it prints the time per call of the compiled snippet and of a hand-written
function with the same effect, and their ratio. The target is compiled <= 2x hand-written.
Exit status 1 if a case misses the target.
"""

from __future__ import annotations

import itertools
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from magie.engine.dsl import EditionNames, compile_snippet  # noqa: E402
from magie.engine.dsl.runtime import Roll  # noqa: E402
from tests.dsl.fake import FakeGame, spaces_from_tree  # noqa: E402
from tests.dsl.yaml_marks import load_file  # noqa: E402

TARGET = 2.0


class BenchGame(FakeGame):
    """The fake game without call recording and with endless dice; payments leave cash as it
    is, so each call of a case does the same work."""

    def __init__(self, spaces):
        super().__init__(spaces, players=3, cash=123_456)
        self._dice = itertools.cycle([(3, 3), (2, 5), (6, 1), (4, 4), (1, 2)])

    def pay(self, payer, payee, amount, reason):
        # checks the amount but keeps cash as it is, so every call does the same work
        if amount < 0:
            raise ValueError(amount)

    def roll(self, n):
        faces = next(self._dice)[:n]
        return Roll(faces, sum(faces), n >= 2 and len(set(faces)) == 1)


# ---------------------------------------------------------------- hand-written equivalents

def inflation(g, me):
    g.pay(me, None, 200 * (me.cash // 1000), "card")
    if not me.alive:
        return


def repairs(g, me):
    g.pay(me, None, 25 * g.houses_of(me) + 100 * g.hotels_of(me), "card")
    if not me.alive:
        return


def casino(g, me):
    r = g.roll(2)
    if r.doubles:
        g.pay(None, me, r.total * 10, "card")
    else:
        g.pay(me, None, min(r.total * 10, me.cash), "card")
        if not me.alive:
            return


def ten_percent(g, me):
    if me.cash > 1000:
        g.pay(me, None, me.cash // 10, "card")
        if not me.alive:
            return


def street_rent(g, me, space, owner, roll):
    table = g.spaces[space].rent
    level = g.rent_level(space)
    if (level == 0 and g.owned_in_group(owner, g.spaces[space].group) == g.group_size(space)
            and not g.group_mortgaged(space)):
        return 2 * table[0]
    return table[level]


def score(g, me):
    return me.cash + g.deed_prices(me) - g.mortgaged_prices(me) // 2 + g.building_costs(me)


CASES = [
    ("inflation", "card", "pay bank 200 * floor(cash / 1000)", inflation, "me"),
    ("repairs", "card", "pay bank 25 * houses + 100 * hotels", repairs, "me"),
    ("casino", "card", "let r = roll(2)\nif r.doubles: collect r.total * 10 from bank\n"
                       "else: pay bank min(r.total * 10, cash)", casino, "me"),
    ("10% above 1000", "card", "if cash > 1000: pay bank floor(cash / 10)", ten_percent, "me"),
    ("street rent", "rent", "2 * table[0] if level == 0 and complete and not group_mortgaged "
                            "else table[level]", street_rent, "rent"),
    ("score", "score", "cash + deed_prices - mortgaged_prices // 2 + building_costs", score, "me"),
]


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    tree, _ = load_file(ROOT / "tests" / "dsl" / "board.yaml")
    spaces = spaces_from_tree(tree)
    names = EditionNames.from_tree(tree)
    g = BenchGame(spaces)
    me, owner = g.players[0], g.players[1]
    for lot in (1, 3, 4):                 # a whole group, one lot built
        g.owner[lot] = owner
    g.level[3] = 2
    roll = Roll((3, 4), 7, False)
    number = 2_000 if quick else 50_000
    print(f"{'case':<16} {'compiled':>12} {'hand-written':>14} {'ratio':>7}")
    worst = 0.0
    for label, ctx, text, hand, shape in CASES:
        compiled = compile_snippet(text, ctx, names)
        args = (g, me) if shape == "me" else (g, me, 1, owner, roll)
        assert compiled(*args) == hand(*args) or shape == "me"
        t_c = min(timeit.repeat(lambda compiled=compiled, args=args: compiled(*args), number=number, repeat=5)) / number
        t_h = min(timeit.repeat(lambda hand=hand, args=args: hand(*args), number=number, repeat=5)) / number
        ratio = t_c / t_h
        worst = max(worst, ratio)
        print(f"{label:<16} {t_c * 1e9:>9.0f} ns {t_h * 1e9:>11.0f} ns {ratio:>6.2f}x")
    verdict = "ok" if worst <= TARGET else "MISSED"
    print(f"worst ratio {worst:.2f}x (target <= {TARGET:.0f}x): {verdict}")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
