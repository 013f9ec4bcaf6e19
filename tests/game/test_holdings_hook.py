"""The one hook where holdings change (engine/game/changes.py).

A bot's promise to pass between turns, `Quiet(cash)`, holds until its cash reaches the level it
named or its deeds, buildings, mortgages or loans change; the engine keeps it exactly by calling
the hook wherever those change. Here: one forced change of each kind ends the promise (its seat's
bit is set in `between_awake` and the next window asks it again), and the same change made to
another player's holdings, or a debit, leaves it. A second test checks that no module but the hook
and the window itself writes the fields the promise rests on.

Classic board: 1 Zhitnaya and 3 Nagatinskaya (brown, 60, mortgage 30, houses 50); 39 Arbat."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from magie.engine.agents import Scripted
from magie.engine.game.decisions import Quiet
from magie.engine.game.game import Game
from magie.engine.game.ledger import transfer
from magie.engine.game.loans import take_loan

from .helpers import edition, game, player

REPO = Path(__file__).resolve().parents[2]


class _Quiet(Scripted):
    """Asked between turns only; passes there with `Quiet(wake)` and records the turns asked."""

    def __init__(self, name: str, wake: int) -> None:
        super().__init__(name=name, windows=frozenset({"between_turns"}))
        self.wake = wake
        self.idled: list[int] = []

    def idle(self, game: Game, p: object, window: str) -> Quiet:
        self.idled.append(game.turns)
        return Quiet(self.wake)


def _table() -> tuple[Game, _Quiet]:
    """Order B, C, A; everyone throws 4+6 from GO (just visiting). A (cash 1500, quiet until
    10,000) holds the brown group whole, C holds Arbat and Malaya Bronnaya (dark blue, whole).
    After B's turn the window asks A, which passes quiet: no seat's bit is set."""
    ed = edition("classic", rules={"loans": {"unit": 100, "margin": 10, "interest": 5, "charged_on": "lap"}})
    a = _Quiet("A", 10_000)
    g = game(ed, {"B": {}, "C": {"owns": {"arbat": 0, "malaya_bronnaya": 0}},
                  "A": {"agent": a, "owns": {"zhitnaya": 0, "nagatinskaya": 0}}},
             dice=[(4, 6)] * 4, first="B")
    g.play_turn()
    assert a.idled == [1] and g.between_awake == 0
    return g, a


def _a(g: Game):
    return player(g, "A")


def _c(g: Game):
    return player(g, "C")


CHANGES: dict[str, tuple[Callable[[Game], None], Callable[[Game], None]]] = {
    # kind: (a change of A's holdings, the same change of C's)
    "cash": (lambda g: transfer(g, None, _a(g), 10_000 - _a(g).cash, "test"),
             lambda g: transfer(g, None, _c(g), 10_000, "test")),
    "deed": (lambda g: g.set_owner(39, _a(g)),         # Arbat from C to A: both holders change
             lambda g: g.set_owner(6, _c(g))),         # Varshavskoye from the bank to C
    "building": (lambda g: g.build(_a(g), 3),
                 lambda g: g.build(_c(g), 39)),
    "mortgage": (lambda g: g.mortgage(_a(g), 1),
                 lambda g: g.mortgage(_c(g), 37)),
    "loan": (lambda g: take_loan(g, _a(g)),
             lambda g: take_loan(g, _c(g))),
}


@pytest.mark.parametrize("kind", CHANGES)
def test_a_quiet_promise_ends_exactly_when_the_players_holdings_change(kind):
    mine, theirs = CHANGES[kind]
    g, a = _table()
    pa, pc = _a(g), _c(g)
    theirs(g)                                      # C's holdings: A's promise holds
    transfer(g, pa, None, 100, "test")             # a debit of A's: it holds
    assert g.between_awake == 0
    g.play_turn()                                  # C; the window skips A
    assert a.idled == [1] and pc.pos == 10
    version = pa.version
    mine(g)                                        # A's holdings: the promise ends
    assert g.between_awake == pa.bit
    assert pa.version == version + (kind != "cash")
    g.play_turn()                                  # A (not asked in the window after its own turn)
    g.play_turn()                                  # B; the window asks A again
    assert a.idled == [1, 4]


MARKS = {"between_awake", "between_bound", "holdings_bit", "deeds_version"}
"""The fields the promises rest on: written by the hook (changes.py) and the window
(between_turns.py) only, besides their declarations."""

WRITERS = {"engine/game/changes.py", "engine/game/between_turns.py"}
DECLARED = {"engine/game/state.py", "engine/game/player.py"}   # the fields' declarations and copies
CONSULTED = {"engine/game/manage.py", "engine/game/turn.py"}   # an own window consulted ends a Quiet(cash)


def _writes(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(line, attribute, how) of every assignment to an attribute: `how` is "augmented" (`+=`,
    `|=` ...), "woken" (`= WOKEN`, which ends a Quiet) or "set"."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AugAssign | ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Attribute):
                        how = ("augmented" if isinstance(node, ast.AugAssign) else
                               "woken" if isinstance(node.value, ast.Name) and node.value.id == "WOKEN" else "set")
                        out.append((node.lineno, sub.attr, how))
    return out


def test_only_the_hook_and_the_window_write_the_marks_of_a_quiet_promise():
    found = []
    for path in sorted([*REPO.glob("engine/**/*.py"), *REPO.glob("cli/**/*.py")]):
        rel = path.relative_to(REPO).as_posix()
        for line, attr, how in _writes(ast.parse(path.read_text(encoding="utf-8"))):
            if rel in WRITERS or rel in DECLARED:
                continue
            if (attr in MARKS or attr == "version" and how == "augmented"
                    or attr == "wake" and how == "woken" and rel not in CONSULTED):
                found.append(f"{rel}:{line} {attr}")
    assert found == []
