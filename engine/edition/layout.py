"""Where each space of the board is drawn: the one geometry of the picture (`magie board`, the web
page, the reports) and the terminal map (`m` in `magie play`). It changes nothing in play.

An edition's `board_layout:` gives either `sides` (how many spaces each side of a rectangle has,
counting the corner that opens it: bottom, left, top, right in the order of play) or `cells` (a
grid position per space id: column from the left, row from the top, both from 0). Without it the
spaces go round a square with corners at the spaces round(k * n / 4), k = 0..3, as on a printed
board: the first space in the bottom-right corner, play running clockwise (bottom side right to
left, up the left side, along the top, down the right side).

`plan(layout, n)` turns either form into a `Plan`: a grid of columns x rows and each space's
cell in it (its side and step along the side for a ring). `layout_problems(raw, ids)` checks a
`board_layout:` section against the board's space ids (the semantic check of an edition).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..hints import suggest

MAX_GRID = 40
"""The largest column or row number plus one a `cells` layout may use (a bounded grid)."""


@dataclass(frozen=True)
class BoardLayout:
    """An edition's `board_layout:`: `sides` (4 counts of spaces, each side from its opening
    corner up to the next corner; they add up to the number of spaces) or `cells` ((column, row)
    of each space, in board order); exactly one of them is non-empty."""

    sides: tuple[int, ...] = ()
    cells: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Place:
    """One space's cell: `column` from the left and `row` from the top (from 0); on a ring its
    `side` (0 bottom, 1 left, 2 top, 3 right) and `step` along that side (0 is the corner that
    opens it); a space placed by coordinates has side -1 and step 0."""

    column: int
    row: int
    side: int = -1
    step: int = 0

    @property
    def corner(self) -> bool:
        """Whether the space is a corner of a ring."""
        return self.side >= 0 and self.step == 0


@dataclass(frozen=True)
class Plan:
    """The drawing of a board: a grid of `columns` x `rows` cells, `places[i]` the cell of the
    space at board index i; `sides` the four side lengths of a ring, () for coordinates;
    `square` True for the default ring, drawn square even when its sides differ by a space."""

    columns: int
    rows: int
    places: tuple[Place, ...]
    sides: tuple[int, ...] = ()
    square: bool = False

    @property
    def ring(self) -> bool:
        """Whether the spaces go round a rectangle (with a middle for the title and legend)."""
        return bool(self.sides)


def default_sides(n: int) -> tuple[int, int, int, int]:
    """The four sides of a square board of `n` spaces: corners at round(k * n / 4)."""
    corners = [round(k * n / 4) for k in range(4)] + [n]
    return (corners[1] - corners[0], corners[2] - corners[1], corners[3] - corners[2], corners[4] - corners[3])


def plan(layout: BoardLayout | None, n: int) -> Plan:
    """The plan of a board of `n` spaces drawn by `layout` (None: the default square).

    Raises ValueError when the layout does not place exactly `n` spaces (an edition that passed
    validation always does)."""
    if layout is not None and layout.cells:
        if len(layout.cells) != n:
            raise ValueError(f"the layout places {len(layout.cells)} spaces, the board has {n}")
        return Plan(columns=max(c for c, _ in layout.cells) + 1, rows=max(r for _, r in layout.cells) + 1,
                    places=tuple(Place(c, r) for c, r in layout.cells))
    square = layout is None or not layout.sides
    sides = default_sides(n) if layout is None or square else tuple(layout.sides)
    if len(sides) != 4 or sum(sides) != n:
        raise ValueError(f"the sides {list(sides)} do not add up to the board's {n} spaces")
    width, height = max(sides[0], sides[2]), max(sides[1], sides[3])
    places = []
    for side, count in enumerate(sides):
        for j in range(count):
            column, row = [(width - j, height), (0, height - j), (j, 0), (width, j)][side]
            places.append(Place(column, row, side, j))
    return Plan(columns=width + 1, rows=height + 1, places=tuple(places), sides=sides, square=square)


def read_layout(raw: Any, space_ids: Sequence[str]) -> BoardLayout | None:
    """The `BoardLayout` of a validated `board_layout:` section (None when absent)."""
    if not isinstance(raw, Mapping):
        return None
    if raw.get("sides"):
        return BoardLayout(sides=tuple(int(s) for s in raw["sides"]))
    cells = raw.get("cells") or {}
    return BoardLayout(cells=tuple((int(cells[i][0]), int(cells[i][1])) for i in space_ids))


def layout_problems(raw: Any, space_ids: Sequence[str]) -> list[tuple[str, str]]:
    """(JSON pointer, message) for each way a `board_layout:` section fails to place the board
    `space_ids` (in board order): neither or both of sides and cells; sides that do not add up to
    the number of spaces; a cell for an unknown space, two spaces on one cell, a space without a
    cell. Values of the wrong type are the schema's to report and are skipped here."""
    if not isinstance(raw, Mapping):
        return []
    sides, cells = raw.get("sides"), raw.get("cells")
    if sides is not None and cells is not None:
        return [("/board_layout", "board_layout gives both 'sides' and 'cells': give only one of them")]
    if sides is None and cells is None:
        return [("/board_layout", "board_layout gives neither 'sides' nor 'cells': give one of them")]
    if sides is not None:
        if not isinstance(sides, list) or not all(type(s) is int for s in sides):
            return []
        if sum(sides) != len(space_ids):
            return [("/board_layout/sides", f"the sides {list(sides)} add up to {sum(sides)} spaces, the board "
                                            f"has {len(space_ids)}: each side counts the corner that opens it")]
        return []
    if not isinstance(cells, Mapping):
        return []
    out: list[tuple[str, str]] = []
    known = set(space_ids)
    taken: dict[tuple[int, int], str] = {}
    for sid, cell in cells.items():
        ptr = f"/board_layout/cells/{sid}"
        if sid not in known:
            out.append((ptr, f"board_layout places '{sid}', which is not a space of the board"
                                  f"{suggest(str(sid), space_ids)}"))
            continue
        if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
            continue
        at = (cell[0], cell[1])
        if at in taken:
            out.append((ptr, f"'{sid}' is placed on column {at[0]}, row {at[1]}, where '{taken[at]}' already is"))
        else:
            taken[at] = sid
    missing = [sid for sid in space_ids if sid not in cells]
    if missing:
        shown = ", ".join(f"'{s}'" for s in missing[:5]) + (", ..." if len(missing) > 5 else "")
        out.append(("/board_layout/cells", f"spaces without a cell in board_layout ({len(missing)}; every space "
                                           f"needs one): {shown}"))
    return out
