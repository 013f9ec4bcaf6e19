"""The board on one screen for the terminal (`m` at any prompt of `magie play`): the spaces laid
out as the edition's `board_layout:` says (by default round a square as on the printed board,
the start space at the bottom right; engine/edition/layout.py), each
space two lines: its name (cut to fit, in its group's color, without a first word many names
share) and its owner's mark with the buildings (⌂ a house, H a hotel, × mortgaged) and the tokens
standing there (*mark). The middle of a ring (below a board laid out by cells) holds the legend:
each player's mark, name and cash, and what the marks mean.
"""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.text import Text

from magie.engine.edition.layout import plan
from magie.engine.edition.model import text_in
from magie.engine.game.view import GameView

from .render import HOUSE_MARK, MORTGAGE_MARK, Names, building_mark

CELL = 6
"""Characters per space (a 40-space board is 11 spaces a side: 76 columns)."""


def marks(game: GameView) -> dict[int, str]:
    """A one-character mark per seat: the first letter of the name, or the seat number when two
    names begin alike."""
    firsts = [p.name[:1].upper() or "?" for p in game.players]
    return {p.seat: (f if firsts.count(f) == 1 else str(p.seat + 1)[-1])
            for p, f in zip(game.players, firsts, strict=True)}


def ring_view(game: GameView, names: Names) -> RichGroup:
    """The compact board of `game` (see the module docstring) as rich text lines."""
    board = plan(game.ed.board_layout, game.n)
    grid: dict[tuple[int, int], int] = {(p.row, p.column): i for i, p in enumerate(board.places)}
    mark = marks(game)
    short = short_names(game, names)
    legend = [f"{mark[p.seat]} {p.name} {game.ed.currency.show(p.cash, names.lang)}"
              + ("" if p.alive else f" ({names._('bankrupt')})")
              + (f" ({names._('in jail')})" if p.alive and p.in_jail else "")
              for p in game.order]
    legend.append(names._("{house} a house, H a hotel, {mortgaged} mortgaged, {token} who stands there").format(
        house=HOUSE_MARK, mortgaged=MORTGAGE_MARK, token="*" + mark[game.order[0].seat]))
    cols, rows_n = board.columns, board.rows
    width = (cols - 2) * (CELL + 1) - 1          # the middle of a ring, between its sides
    rows: list[Text] = []
    for r in range(rows_n):
        top, bottom = Text(), Text()
        c = 0
        while c < cols:
            i = grid.get((r, c))
            if i is None:
                if board.ring and 0 < r < rows_n - 1 and 0 < c < cols - 1:     # the middle: the legend
                    k = 2 * (r - 1)
                    top.append(" " + (legend[k] if k < len(legend) else "").ljust(width)[:width])
                    bottom.append(" " + (legend[k + 1] if k + 1 < len(legend) else "").ljust(width)[:width])
                    c = cols - 1
                    continue
                top.append(" " * (CELL + (1 if c else 0)))
                bottom.append(" " * (CELL + (1 if c else 0)))
                c += 1
                continue
            _cell(game, names, short, i, mark, top, bottom, " " if c else "")
            c += 1
        rows += [top, bottom]
    if not board.ring:                               # no middle: the legend goes below
        rows += [Text(line) for line in legend]
    return RichGroup(*rows)


def short_names(game: GameView, names: Names) -> list[str]:
    """Each space's name as the ring shows it: without a first word that begins three different
    names or more ("Улица Полянка" -> "Полянка", where «Улица» begins many), so that the few
    characters of a cell tell the spaces apart."""
    full = [text_in(sp.name, names.lang) or sp.id for sp in game.spaces]
    rests: dict[str, set[str]] = {}
    for n in full:
        if " " in n:
            first, rest = n.split(" ", 1)
            rests.setdefault(first, set()).add(rest)
    common = {first for first, rest in rests.items() if len(rest) >= 3}   # three names or more, told apart after it
    return [n.split(" ", 1)[1] if " " in n and n.split(" ", 1)[0] in common else n for n in full]


def _cell(game: GameView, names: Names, short: list[str], i: int, mark: dict[int, str], top: Text, bottom: Text,
          sep: str) -> None:
    """Space `i` as two lines of CELL characters: its name, then owner, buildings and tokens."""
    sp = game.spaces[i]
    name = short[i][:CELL].ljust(CELL)
    color = game.ed.groups[sp.group_index].color if sp.group_index >= 0 else "bold"
    top.append(sep)
    top.append(name, style=color)
    o = game.owner[i]
    state = (mark[o.seat] if o is not None else "") + building_mark(names, sp.building_at(game.level[i]))
    state += MORTGAGE_MARK if game.mortgaged[i] else ""
    tokens = "".join(mark[p.seat] for p in game.players if p.alive and p.pos == i)
    cell = (state + ("*" + tokens if tokens else ""))[:CELL].ljust(CELL)
    bottom.append(sep + cell)
