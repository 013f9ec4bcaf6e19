"""How each card moves the token, derived from the card's parsed DSL (not from its text).

A card's effect is parsed again with the DSL parser (`engine.dsl.parser.parse`) and its
top-level statements are read in order: `move to SPACE`, `move back to SPACE`, `move to nearest
KIND`, `move to nearest group G`, `move forward N`, `move back N`, `go to jail` and
`draw from DECK` become `Step`s. A movement inside `if`/`for each` depends on the game (cash,
buildings...) and one whose target or distance is not a constant cannot be known before the
game is played: such a card is reported in `CardMoves.unknown` and the model treats that
statement as not moving the token (docs/editions/*.md, "What the model leaves out").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..dsl import nodes as n
from ..dsl.parser import parse
from ..errors import MagieError


@dataclass(frozen=True, slots=True)
class Step:
    """One movement of a card. `how` is 'to' (arg: space index), 'nearest' (arg: (kind, group),
    either may be None), 'by' (arg: signed number of spaces), 'jail' or 'draw' (arg: deck id)."""

    how: str
    arg: Any = None


@dataclass
class CardMoves:
    """The movement steps of every card by deck (`decks[deck_id]` is a list, one tuple of steps
    per card, in deck order) and the cards whose movement could not be derived
    (`unknown`: (card id, reason))."""

    decks: dict[str, list[tuple[Step, ...]]] = field(default_factory=dict)
    unknown: list[tuple[str, str]] = field(default_factory=list)


_MOVE_KINDS = (n.Move, n.GoToJail, n.Draw)


def _contains_move(stmts: list[n.Stmt]) -> bool:
    for s in stmts:
        for node in n.walk(s):
            if isinstance(node, _MOVE_KINDS):
                return True
    return False


def _space_arg(expr: Any, space_index: Mapping[str, int], names: Mapping[str, int]) -> int | None:
    if isinstance(expr, n.Name):
        if expr.name in space_index:
            return space_index[expr.name]
        return names.get(expr.name)
    return None


def _int_arg(expr: Any) -> int | None:
    if isinstance(expr, n.Num) and isinstance(expr.value, int):
        return int(expr.value)
    if isinstance(expr, n.Neg):
        inner = _int_arg(expr.operand)
        return -inner if inner is not None else None
    return None


def card_steps(text: Any, space_index: Mapping[str, int], names: Mapping[str, int]
               ) -> tuple[tuple[Step, ...], str | None]:
    """The steps of one card effect `text` (DSL source) and a reason when part of its movement
    cannot be derived statically (None when all of it can). `names` maps the special space
    names of the DSL (`start`, `jail`) to indices."""
    if not isinstance(text, str) or not text.strip():
        return (), None
    tree = parse(text, "effect")
    steps: list[Step] = []
    reason: str | None = None
    for s in tree.body:
        if isinstance(s, n.GoToJail) and s.holding is not None and s.holding != "jail":
            reason = f"'go to holding {s.holding}': the chain models the jail only"
        elif isinstance(s, n.GoToJail):
            steps.append(Step("jail"))
        elif isinstance(s, n.Draw):
            steps.append(Step("draw", s.deck))
        elif isinstance(s, n.Move):
            if s.how in ("to", "back_to"):
                target = _space_arg(s.arg, space_index, names)
                if target is None:
                    reason = f"the target of 'move {s.how.replace('_', ' ')}' is not a space name"
                else:
                    steps.append(Step("to", target))
            elif s.how == "nearest":
                steps.append(Step("nearest", (s.arg, None)))
            elif s.how == "nearest_group":
                steps.append(Step("nearest", (None, s.arg)))
            elif s.how in ("forward", "back"):
                k = _int_arg(s.arg)
                if k is None:
                    reason = f"the distance of 'move {s.how}' is not a constant"
                else:
                    steps.append(Step("by", k if s.how == "forward" else -k))
        elif _contains_move([s]):
            reason = "it moves the token only under a condition of the game (inside if / for each)"
    return tuple(steps), reason


def card_moves(tree: Mapping[str, Any], space_index: Mapping[str, int], start: int,
               jail: int | None) -> CardMoves:
    """The movements of every card of the merged edition `tree` (its `decks` section).

    Raises `MagieError` when a card moves to a space that does not exist (an edition that was
    not validated)."""
    names = {"start": start}
    if jail is not None:
        names["jail"] = jail
    out = CardMoves()
    for d in tree.get("decks") or []:
        per_card = []
        for c in d.get("cards") or []:
            try:
                steps, reason = card_steps(c.get("do"), space_index, names)
            except Exception as e:     # the loader checked it; a parse failure here is our bug
                raise MagieError(f"card '{c.get('id')}': cannot read its effect ({e})") from None
            if reason:
                out.unknown.append((str(c.get("id")), reason))
            per_card.append(steps)
        out.decks[str(d["id"])] = per_card
    return out
