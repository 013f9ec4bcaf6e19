"""What the basic bot's parts share: the edition's groups as the bot reads them (`Board`,
`board_of`), the groups a trade could complete (`near_groups`, `groups_held_by_one`), and the
constants of its answers. All money is integer units of the edition's currency."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ...game.decisions import Quiet
from ...game.player import NO_WAKE

if TYPE_CHECKING:
    from ...edition.model import Edition, Group
    from ...game.game import Game
    from ...game.player import Player

# The constants are Final, so the compiled build loads them directly, not from the module's dict
# at each use (an int is inlined). ASK is compared by identity (`is ASK`), by interpreted
# subclasses too: made by a call, as decisions.DONE, since mypyc would make its own object of
# a Final tuple written as a literal (and tuple[str, ...], not tuple[str]: mypyc would box a
# new tuple per return).
INF: Final = 1 << 60
"""More cash than any player has: "no candidate" in the building plan, "never" for an offer."""
ASK: Final[tuple[str, ...]] = tuple(["ask"])
"""What `_develop` and `_propose` return in a dry run (no window) where the answer depends on
the window's legality check: the engine has to ask."""
UNTIL_CHANGED: Final = Quiet(NO_WAKE)
"""idle's answer between turns while the bot has nothing to build on, on a board whose whole
groups are not by counts alone (majority or single-deed groups): a cash level no player reaches,
so it passes until its own deeds, buildings or mortgages change (`player.version`), not at every
deed that changes hands."""
UNTIL_WHOLE: Final = Quiet(NO_WAKE, whole=True)
"""The same answer on the other boards, where `_whole` follows the counts of its deeds per group
alone: it passes until a color group becomes whole for it or stops being whole; nothing else of
its holdings ends it (`_between_turns` answers done while `_whole` is empty, whatever its other
deeds, mortgages or loans: it neither trades nor lifts mortgages there)."""

Lots = tuple[int, ...]
"""Space indices of lots the bot builds on evenly (one group's, or one deed)."""


class Board:
    """What the bot reads of an edition's groups and ladders, worked out once per edition
    (`board_of`): `majority` (group index, size - 1) of each group whose first level needs all
    but one lot; `single` the lots whose first level needs no other lot of the group (`owned:
    any`); `halves` (group, half of its size rounded up, size) of every group, in index order;
    `non_deeds` the spaces that are no deed; `one_short` for each group (by index) its size less
    one if it is buildable, else -1 (a player's count there says it lacks one deed); `reach` for
    each space the bits (1 << space) of the spaces one throw of the edition's dice takes a token
    from there to (dice_count to dice_count x sides steps ahead): the bits of those steps from
    space 0, rotated."""

    def __init__(self, ed: Edition) -> None:
        self.ed = ed
        groups = ed.groups
        self.majority: tuple[tuple[int, int], ...] = tuple(
            (g.index, len(g.spaces) - 1) for g in groups if g.ladder and g.ladder[0].owned == "all_but_one")
        self.single: frozenset[int] = frozenset(j for g in groups if g.ladder and g.ladder[0].owned == "any"
                                                for j in g.spaces)
        self.halves: tuple[tuple[Group, int, int], ...] = tuple(
            (g, (len(g.spaces) + 1) // 2, len(g.spaces)) for g in groups)
        self.non_deeds = sum(1 for s in ed.spaces if not s.is_deed)
        self.one_short: list[int] = [len(g.spaces) - 1 if g.buildable else -1 for g in groups]
        n = len(ed.spaces)
        base = 0
        for k in range(ed.dice_count, ed.dice_count * ed.dice_sides + 1):
            base |= 1 << (k % n)
        full = (1 << n) - 1
        self.reach: list[int] = [((base << pos) | (base >> (n - pos))) & full for pos in range(n)]

    def of_counts(self, counts: Sequence[int]) -> tuple[tuple[Group, ...], tuple[Lots, ...]]:
        """For a player whose deeds in each group are `counts` (`Player.groups`): the groups it
        holds at least half of but not all (`near_groups`), and the lots of each buildable
        group it holds whole, in the edition's order. (The bot keeps its last answer:
        `Valuation._groups_of`.)"""
        near = []
        whole = []
        for (g, half, size), c in zip(self.halves, counts, strict=True):
            if c >= half:
                if c < size:
                    near.append(g)
                elif g.ladder:
                    whole.append(g.spaces)
        return (tuple(near), tuple(whole))


_BOARDS: Final[dict[int, Board]] = {}


def board_of(ed: Edition) -> Board:
    """The `Board` of edition `ed` (kept for the last few editions used)."""
    b = _BOARDS.get(id(ed))
    if b is None or b.ed is not ed:
        if len(_BOARDS) >= 8:
            _BOARDS.clear()
        b = _BOARDS[id(ed)] = Board(ed)
    return b


def near_groups(game: Game, p: Player) -> tuple[Group, ...]:
    """The groups `p` holds at least half of but not all, in the edition's order: those a trade
    could complete for `p` (they change only with `p`'s deeds)."""
    return board_of(game.ed).of_counts(p.groups)[0]


def groups_held_by_one(game: Game, p: Player,
                       near: tuple[Group, ...] | None = None) -> list[tuple[Group, Lots, Player]]:
    """The color groups `p` holds at least half of but not all, whose missing lots one other
    player holds: [(group, missing lots (space indices), that player)], in the edition's order
    (the trades that would complete a group of `p`). `near`: `near_groups(game, p)`, if the
    caller has it."""
    out = []
    owner = game.owner
    for grp in near_groups(game, p) if near is None else near:
        lots = [j for j in grp.spaces if owner[j] is not p]
        q = owner[lots[0]]
        if q is None:
            continue
        for j in lots:
            if owner[j] is not q:
                break
        else:
            out.append((grp, tuple(lots), q))
    return out
