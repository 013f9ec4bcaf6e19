"""The board picture of any edition, as SVG, drawn from the edition's data.

The spaces are placed as the edition's `board_layout:` says (engine/edition/layout.py, shared with
the terminal map and the reports): by default round a square whose four corners are the spaces
at round(k * n / 4) (k = 0..3), the spaces between two corners sharing that side evenly, so 36,
40, 44 or 52 spaces (or 41) all fit; `sides` makes a rectangle, `cells` square tiles on a grid
with the title below. On a ring the first space sits in the bottom-right corner and play runs
clockwise from there (bottom side right to left, then up the left side, along the top, down the
right side), as on a printed board. Each space is one SVG group
`<g class="space" data-space="SPACE_ID">` with its colour band (the group's colour), name, price;
with a `state` it also shows the owner's colour, buildings, a mortgage mark and the players'
tokens; with `heat` a fill from pale to red.

The same function serves `magie board`, the web board and the analysis heat maps. Every text from
the edition is escaped: a name such as `<script>` is drawn as text, never read as markup.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from magie.engine.edition.layout import Plan, plan
from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in

SIZE = 1000
"""The board's side in SVG user units (the picture scales to any size)."""

PLAYER_COLORS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324")
"""Token and owner colours by seat (seat k takes colour k modulo the list)."""

KIND_LABELS = {"start": "→", "jail": "▦", "go_to_jail": "⚑", "free_parking": "P", "card": "?",
               "tax": "%", "court": "⚖"}
"""A sign drawn on spaces without a colour band, by kind (the name says the rest)."""


@dataclass(frozen=True)
class BoardState:
    """What a game adds to the picture, by space id: `owners` (seat), `levels` (buildings:
    1..hotel_level-1 houses, hotel_level a hotel), `mortgaged` (space ids), `tokens` (seat ->
    space id of the token, for players still in the game), `names` (seat -> name, for the
    legend), `hotel_level` (the level that is a hotel)."""

    owners: Mapping[str, int]
    levels: Mapping[str, int]
    mortgaged: frozenset[str]
    tokens: Mapping[int, str]
    names: Mapping[int, str]
    hotel_level: int = 5

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoardState:
        """From the web's public state (`GET /api/games/{game}`): players with seat, name,
        position (space id), bankrupt; `owners`, `levels`, `mortgaged` by space id."""
        players = data.get("players", [])
        return cls(owners=dict(data.get("owners", {})), levels=dict(data.get("levels", {})),
                   mortgaged=frozenset(data.get("mortgaged", ())),
                   tokens={p["seat"]: p["position"] for p in players if not p.get("bankrupt")},
                   names={p["seat"]: p["name"] for p in players},
                   hotel_level=int(data.get("hotel_level", 5)))


@dataclass(frozen=True)
class _Cell:
    """Where one space is drawn: the rectangle (x, y, w, h) in board units, and the rotation
    that turns the cell's local frame (band at the top, towards the board's centre) into place."""

    x: float
    y: float
    w: float
    h: float
    rotate: int
    corner: bool


@dataclass(frozen=True)
class Picture:
    """The cells of a board's picture and its `width` x `height` in board units."""

    cells: list[_Cell]
    width: float
    height: float
    ring: bool


def layout(board: Plan, size: float = SIZE) -> Picture:
    """Where each space of `board` is drawn (engine/edition/layout.py computes the plan).

    A ring: square corners of side c and the spaces between them sharing their side evenly; the
    longer of the two directions is `size` long, the other as long as its spaces need (the default
    square board is `size` x `size`). Cells placed by coordinates: square tiles on the grid, the longer
    direction `size` long. Raises ValueError for a ring with a side of fewer than 2 spaces (a side
    needs its corner and at least one space)."""
    if not board.ring:
        t = size / max(board.columns, board.rows)
        return Picture([_Cell(p.column * t, p.row * t, t, t, 0, False) for p in board.places],
                       board.columns * t, board.rows * t, False)
    if min(board.sides) < 2:
        raise ValueError(f"a board needs at least 8 spaces to lay round a square, not {sum(board.sides)}")
    m = [count - 1 for count in board.sides]          # the spaces between the corners, by side
    longest = max(m)
    c = size * max(0.11, min(0.16, 1.6 / (longest + 3.2)))  # corner side: deeper on small boards
    step = (size - 2 * c) / longest

    def span(k: int) -> float:     # the picture's length across sides k and k + 2
        most = max(m[k], m[k + 2])
        return size if most == longest or board.square else round(2 * c + step * most)
    width, height = span(0), span(1)
    cells: list[_Cell] = []
    for p in board.places:
        side, j = p.side, p.step
        if j == 0:   # the corner that opens this side
            x, y = [(width - c, height - c), (0, height - c), (0, 0), (width - c, 0)][side]
            cells.append(_Cell(x, y, c, c, 0, True))
            continue
        w = ((width if side % 2 == 0 else height) - 2 * c) / m[side]
        off = c + (j - 1) * w
        if side == 0:      # bottom, right to left
            cells.append(_Cell(width - off - w, height - c, w, c, 0, False))
        elif side == 1:    # left, bottom to top
            cells.append(_Cell(0, height - off - w, c, w, 90, False))
        elif side == 2:    # top, left to right
            cells.append(_Cell(off, 0, w, c, 180, False))
        else:              # right, top to bottom
            cells.append(_Cell(width - c, off, c, w, 270, False))
    return Picture(cells, width, height, True)


def _wrap(text: str, width: int, lines: int) -> list[str]:
    """`text` broken at spaces into at most `lines` lines of about `width` characters (the last
    line cut with an ellipsis if it does not fit)."""
    out: list[str] = []
    line = ""
    words: list[str] = []
    for word in text.split():   # a word longer than a line is cut with a hyphen
        while len(word) > width + 1:
            words.append(word[: width - 1] + "-")
            word = word[width - 1:]
        words.append(word)
    for word in words:
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: max(1, width - 1)] + "…"
    return [s if len(s) <= width + 2 else s[: width + 1] + "…" for s in out]


def _text_lines(lines: Sequence[str], cx: float, y: float, size: float, extra: str = "") -> str:
    parts = []
    for k, line in enumerate(lines):
        parts.append(f'<text x="{cx:.1f}" y="{y + k * size * 1.15:.1f}" font-size="{size:.1f}" '
                     f'text-anchor="middle"{extra}>{escape(line)}</text>')
    return "".join(parts)


def _heat_color(v: float) -> str:
    """A value in [0, 1] as a colour from pale yellow (0) to deep red (1)."""
    v = min(1.0, max(0.0, float(v)))
    r = 255
    g = round(245 - 200 * v)
    b = round(200 - 190 * v)
    return f"#{r:02x}{g:02x}{b:02x}"


def _buildings(level: int, hotel_level: int, w: float, band: float) -> str:
    """Houses as small green squares across the band, a hotel as one red bar."""
    if level <= 0:
        return ""
    if level >= hotel_level:
        return (f'<rect class="hotel" x="{w * 0.3:.1f}" y="{band * 0.15:.1f}" width="{w * 0.4:.1f}" '
                f'height="{band * 0.7:.1f}" fill="#c62828" stroke="#fff" stroke-width="1"/>')
    s = min(band * 0.7, w / (level + 1.5))
    gap = (w - level * s) / (level + 1)
    return "".join(f'<rect class="house" x="{gap + k * (s + gap):.1f}" y="{(band - s) / 2:.1f}" width="{s:.1f}" '
                   f'height="{s:.1f}" fill="#2e7d32" stroke="#fff" stroke-width="1"/>' for k in range(level))


def board_svg(edition: Edition, *, lang: str = "en", state: BoardState | Mapping[str, Any] | None = None,
              heat: Mapping[str, float] | None = None) -> str:
    """The board of `edition` as an SVG document (a string), texts in `lang` (falling back to en).

    `state` (a `BoardState`, or the web's public state as JSON data) adds owners, buildings,
    mortgages and tokens; `heat` maps space ids to values in [0, 1] drawn as a fill (values
    outside are clamped; unknown ids are ignored). Each space is one `<g data-space="ID">`.
    Raises ValueError for a ring with a side of fewer than 2 spaces (a default board of fewer
    than 8 spaces)."""
    if state is not None and not isinstance(state, BoardState):
        state = BoardState.from_json(state)
    spaces = edition.spaces
    pic = layout(plan(edition.board_layout, len(spaces)))
    # a board laid out by cells has no middle: the title (and legend) go in a band below it
    band = 0 if pic.ring else 125 + (26 * len(state.names) + 20 if state is not None else 0)
    w, h = _num(pic.width), _num(pic.height + band)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
           f'font-family="DejaVu Sans, Arial, sans-serif" class="magie-board" data-edition={quoteattr(edition.id)}>',
           '<defs><pattern id="mortgage-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffffff" fill-opacity="0.4"/>'
           '<line x1="0" y1="0" x2="0" y2="8" stroke="#555" stroke-width="3"/></pattern></defs>',
           f'<rect x="0" y="0" width="{w}" height="{h}" fill="#cde6d0" stroke="#222" stroke-width="2"/>']
    for sp, cell in zip(spaces, pic.cells, strict=True):
        out.append(_space(edition, sp, cell, lang, state, heat))
    mid_y = pic.height / 2 if pic.ring else pic.height + 95
    out.append(_centre(edition, lang, state, pic.width / 2, mid_y))
    out.append("</svg>")
    return "\n".join(out)


def _space(edition: Edition, sp, cell: _Cell, lang: str, state: BoardState | None,
           heat: Mapping[str, float] | None) -> str:
    # local frame: width w along the side, height h towards the outside; band at y=0 (inner edge)
    if cell.rotate in (90, 270):
        w, h = cell.h, cell.w
    else:
        w, h = cell.w, cell.h
    cx, cy = cell.x + cell.w / 2, cell.y + cell.h / 2
    transform = f"translate({cx:.1f},{cy:.1f}) rotate({cell.rotate}) translate({-w / 2:.1f},{-h / 2:.1f})"
    if cell.corner:
        transform = f"translate({cell.x:.1f},{cell.y:.1f})"
    name = text_in(sp.name, lang) or sp.id
    attrs = f'class="space kind-{escape(sp.kind)}" data-space={quoteattr(sp.id)} data-index="{sp.index}"'
    parts = [f'<g {attrs} transform="{transform}">', f"<title>{escape(name)}</title>"]
    fill = "#fbfbf3"
    if heat is not None and sp.id in heat:
        fill = _heat_color(heat[sp.id])
    parts.append(f'<rect class="cell" width="{w:.1f}" height="{h:.1f}" fill="{fill}" stroke="#222" '
                 f'stroke-width="1.5"/>')
    band = h * 0.2
    font = max(7.0, min(12.0, w / 7.5))
    if cell.corner:
        sign = KIND_LABELS.get(sp.kind, "")
        if sign:
            parts.append(f'<text x="{w / 2:.1f}" y="{h * 0.42:.1f}" font-size="{h * 0.25:.1f}" text-anchor="middle" '
                         f'fill="#555">{escape(sign)}</text>')
        parts.append(_text_lines(_wrap(name, int(w / (font * 0.6)), 3), w / 2, h * 0.62, font * 1.1,
                                 ' font-weight="bold"'))
    else:
        g = edition.groups[sp.group_index] if sp.group_index >= 0 else None
        top = 4.0
        if g is not None:
            parts.append(f'<rect class="band" width="{w:.1f}" height="{band:.1f}" fill={quoteattr(g.color)} '
                         f'stroke="#222" stroke-width="1.5"/>')
            top = band
        elif sp.kind in KIND_LABELS:
            parts.append(f'<text x="{w / 2:.1f}" y="{h * 0.68:.1f}" font-size="{h * 0.22:.1f}" text-anchor="middle" '
                         f'fill="#777">{escape(KIND_LABELS[sp.kind])}</text>')
        longest = max((len(word) for word in name.split()), default=1)
        small = max(8.0, min(font, w * 0.94 / (longest * 0.6)))   # shrink until the longest word fits
        parts.append(_text_lines(_wrap(name, max(4, int(w / (small * 0.6))), 3), w / 2, top + small * 1.3, small))
        if sp.is_deed and sp.price:
            parts.append(f'<text class="price" x="{w / 2:.1f}" y="{h - font * 0.6:.1f}" font-size="{font:.1f}" '
                         f'text-anchor="middle">{escape(edition.currency.show(sp.price, lang))}</text>')
    if state is not None:
        parts.append(_state(sp, w, h, band, state, cell.corner))
    parts.append("</g>")
    return "".join(parts)


def _state(sp, w: float, h: float, band: float, state: BoardState, corner: bool) -> str:
    parts = []
    owner = state.owners.get(sp.id)
    if owner is not None:
        color = PLAYER_COLORS[owner % len(PLAYER_COLORS)]
        name = state.names.get(owner, f"seat {owner}")
        parts.append(f'<rect class="owner" data-owner="{owner}" x="1" y="{h - 7:.1f}" width="{w - 2:.1f}" height="6" '
                     f'fill="{color}"><title>{escape(name)}</title></rect>')
    if sp.id in state.mortgaged:
        parts.append(f'<rect class="mortgaged" width="{w:.1f}" height="{h:.1f}" fill="url(#mortgage-hatch)"/>'
                     f'<text x="{w / 2:.1f}" y="{h * 0.62:.1f}" font-size="{min(w, h) * 0.35:.1f}" '
                     f'text-anchor="middle" '
                     f'fill="#b71c1c" font-weight="bold">M</text>')
    level = state.levels.get(sp.id, 0)
    if level:
        parts.append(_buildings(level, state.hotel_level, w, band))
    seats = sorted(s for s, where in state.tokens.items() if where == sp.id)
    r = min(w, h) * (0.1 if corner else 0.12)
    for k, seat in enumerate(seats):
        x = r * 1.3 + (k % 4) * r * 2.2
        y = h * 0.55 + (k // 4) * r * 2.2
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        parts.append(f'<circle class="token" data-seat="{seat}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{color}" '
                     f'stroke="#000" stroke-width="1.5"><title>{escape(state.names.get(seat, ""))}</title></circle>')
    return "".join(parts)


def board_is_wide(svg: str) -> bool:
    """Whether the picture `svg` (from `board_svg`) is at least as wide as it is high."""
    m = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', svg)
    return m is None or float(m.group(1)) >= float(m.group(2))


def _num(v: float) -> str:
    """A length of the canvas: a whole number without a decimal point, else one decimal."""
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def _centre(edition: Edition, lang: str, state: BoardState | None, mid_x: float, mid_y: float) -> str:
    """The edition's name around (`mid_x`, `mid_y`) and, with a state, the players' legend below it."""
    title = text_in(edition.name, lang) or edition.id
    parts = ['<g class="centre">',
             _text_lines(_wrap(title, 22, 2), mid_x, mid_y - 40, 40, ' font-weight="bold" fill="#1b5e20"')]
    if state is not None:
        for k, (seat, name) in enumerate(sorted(state.names.items())):
            y = mid_y + 40 + k * 26
            color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            parts.append(f'<circle cx="{mid_x - 120:.1f}" cy="{y - 6:.1f}" r="8" fill="{color}" stroke="#000"/>'
                         f'<text x="{mid_x - 100:.1f}" y="{y:.1f}" font-size="18">{escape(name)}</text>')
    parts.append("</g>")
    return "".join(parts)
