"""The syntax tree of the DSL, built by `parser.py` and annotated by `checker.py`.

Every node carries `pos`, its (line, col) in the snippet text (both 1-based), and `depth`,
how deeply it nests (see `vocabulary.LIMITS`), computed while parsing so that over-deep input
is rejected before any recursive pass walks it. The checker stores its findings on the nodes
(`type` on expressions, `res` on names, attributes and calls) for the code generator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Pos = tuple[int, int]


@dataclass(eq=False, slots=True)
class Node:
    """Base of all nodes: a position in the snippet and a nesting depth."""

    pos: Pos
    depth: int = field(default=1, kw_only=True)


# ------------------------------------------------------------------ expressions

@dataclass(eq=False, slots=True)
class Expr(Node):
    """Base of expressions. `type` is set by the checker (a `typesys.Type`)."""

    type: Any = field(default=None, kw_only=True)


@dataclass(eq=False, slots=True)
class Num(Expr):
    """An integer literal (`1_000` allowed)."""

    value: int


@dataclass(eq=False, slots=True)
class Decimal(Expr):
    """A decimal literal such as `1.5`: parsed only to be rejected with a clear message."""

    text: str


@dataclass(eq=False, slots=True)
class Bool(Expr):
    """`true` or `false`."""

    value: bool


@dataclass(eq=False, slots=True)
class NoneLit(Expr):
    """`none`: no player, no space."""


@dataclass(eq=False, slots=True)
class Name(Expr):
    """A bare name. `res` is what it resolved to: a `checker.Resolved`."""

    name: str
    res: Any = field(default=None, kw_only=True)


@dataclass(eq=False, slots=True)
class Attr(Expr):
    """`obj.name`. `pos` is the position of `name`."""

    obj: Expr
    name: str
    res: Any = field(default=None, kw_only=True)


@dataclass(eq=False, slots=True)
class Index(Expr):
    """`obj[index]`. `pos` is the position of `[`."""

    obj: Expr
    index: Expr


@dataclass(eq=False, slots=True)
class Call(Expr):
    """`name(args...)`: only built-in functions can be called."""

    name: str
    args: list[Expr]
    res: Any = field(default=None, kw_only=True)


@dataclass(eq=False, slots=True)
class Neg(Expr):
    """`-operand`."""

    operand: Expr


@dataclass(eq=False, slots=True)
class Not(Expr):
    """`not operand`."""

    operand: Expr


@dataclass(eq=False, slots=True)
class Chain(Expr):
    """A left-associative chain `first op x op y ...` of `+ -` or of `* / // %`.
    `rest` holds (operator, operator position, operand)."""

    first: Expr
    rest: list[tuple[str, Pos, Expr]]


@dataclass(eq=False, slots=True)
class BoolOp(Expr):
    """`a and b and c` or `a or b or c` (`op` is 'and' or 'or')."""

    op: str
    operands: list[Expr]


@dataclass(eq=False, slots=True)
class Compare(Expr):
    """`left op right`, op in == != < <= > >=. `pos` is the operator's position."""

    op: str
    left: Expr
    right: Expr


@dataclass(eq=False, slots=True)
class Cond(Expr):
    """`then if cond else other`. `pos` is the position of `if`."""

    then: Expr
    cond: Expr
    other: Expr


@dataclass(eq=False, slots=True)
class ListLit(Expr):
    """`[a, b, ...]`."""

    items: list[Expr]


@dataclass(eq=False, slots=True)
class SetRef(Node):
    """A set to loop over or filter: kind 'players', 'others', 'groups' or 'named' (`name` is
    then `space`, `deed` or a kind of space such as `street`). The checker sets `item` (the
    type of one element) and `kind_filter` (a kind of space, or None)."""

    kind: str
    name: str = ""
    item: Any = field(default=None, kw_only=True)


@dataclass(eq=False, slots=True)
class Filter(Node):
    """`SET NAME [where COND]`: the elements of a set, each bound to NAME, kept when COND."""

    set: SetRef
    name: str
    name_pos: Pos
    where: Expr | None


@dataclass(eq=False, slots=True)
class Agg(Expr):
    """An aggregate over a filter: `count(each ...)`, `first(each ...)`, `nearest(each ...)`
    (no value), or `sum / max / min / most / least (VALUE for each ...)`."""

    func: str
    value: Expr | None
    filter: Filter


# ------------------------------------------------------------------ statements

@dataclass(eq=False, slots=True)
class Stmt(Node):
    """Base of statements. `pos` is the position of the first keyword."""


@dataclass(eq=False, slots=True)
class Pay(Stmt):
    """`pay bank A` (to='bank'), `pay each other player A` (to='each'), `pay treasury A`
    (to='treasury'), `collect A from treasury to bank` (to='treasury_to_bank'), `pay PATH A`."""

    to: Any            # 'bank' | 'each' | 'treasury' | 'treasury_to_bank' | Expr (a name or dotted path)
    amount: Expr


@dataclass(eq=False, slots=True)
class Collect(Stmt):
    """`collect A from bank | treasury | each other player | PATH`."""

    amount: Expr
    source: Any        # 'bank' | 'treasury' | 'each' | Expr


@dataclass(eq=False, slots=True)
class Option(Node):
    """A `with` option of a move: name in 'rent', 'dice', 'salary', 'no_salary'."""

    name: str
    expr: Expr | None


@dataclass(eq=False, slots=True)
class Move(Stmt):
    """A move of the current player.

    how: 'to' (arg: space expr), 'nearest' (arg: kind name, str), 'nearest_group' (arg: group
    name, str), 'forward' / 'back' (arg: steps expr), 'back_to' (arg: space expr).
    `arg_pos` locates `arg` when it is a plain name."""

    how: str
    arg: Any
    arg_pos: Pos
    options: list[Option]


@dataclass(eq=False, slots=True)
class GoToJail(Stmt):
    """`go to jail`, or `go to holding ID`: `holding` names a holding space of `rules.holdings`
    (None: the jail), at `holding_pos`."""

    holding: str | None = None
    holding_pos: Pos | None = None


@dataclass(eq=False, slots=True)
class Keep(Stmt):
    """`keep as USE`: the card being resolved is held by the player."""

    use: str
    use_pos: Pos


@dataclass(eq=False, slots=True)
class Draw(Stmt):
    """`draw from DECK`."""

    deck: str
    deck_pos: Pos


@dataclass(eq=False, slots=True)
class Let(Stmt):
    """`let NAME = EXPR`."""

    name: str
    name_pos: Pos
    expr: Expr


@dataclass(eq=False, slots=True)
class If(Stmt):
    """`if c: ... elif c: ... else: ...`; branches are (condition, body)."""

    branches: list[tuple[Expr, list[Stmt]]]
    orelse: list[Stmt] | None


@dataclass(eq=False, slots=True)
class ForEach(Stmt):
    """`for each [other] player as NAME: ...`, or `for each SET NAME [where COND]: ...`
    (then `filter` is set)."""

    other: bool
    name: str
    name_pos: Pos
    body: list[Stmt]
    filter: Filter | None = None


@dataclass(eq=False, slots=True)
class SetFlag(Stmt):
    """`set flag NAME on PATH [until used | until end of turn | until next move | for N
    PERIOD]`; until is 'used', 'end_of_turn', 'next_move' or 'turns' / 'rounds' / 'laps'
    (then `duration` is N)."""

    flag: str
    flag_pos: Pos
    player: Expr
    until: str
    duration: Expr | None = None


@dataclass(eq=False, slots=True)
class ClearFlag(Stmt):
    """`clear flag NAME on PATH`."""

    flag: str
    flag_pos: Pos
    player: Expr


@dataclass(eq=False, slots=True)
class OfferBuild(Stmt):
    """`offer build house at COST` (`house_cost` is a name inside COST)."""

    cost: Expr


@dataclass(eq=False, slots=True)
class Transfer(Stmt):
    """`transfer SPACE to PATH`: a title deed changes owner; `to` None: `transfer SPACE to
    bank`, the deed goes back to the bank."""

    space: Expr
    to: Expr | None


@dataclass(eq=False, slots=True)
class Assign(Stmt):
    """`NAME = EXPR`: a new value for a variable made by `let`."""

    name: str
    expr: Expr


@dataclass(eq=False, slots=True)
class Pass(Stmt):
    """`pass`: does nothing (an option that changes nothing)."""


@dataclass(eq=False, slots=True)
class Release(Stmt):
    """`release from jail`: the subject leaves jail (stays on the jail space)."""


@dataclass(eq=False, slots=True)
class Discard(Stmt):
    """`discard USE`: the subject loses every card it keeps for USE, out of the game."""

    use: str
    use_pos: Pos


@dataclass(eq=False, slots=True)
class Counter(Stmt):
    """`add N to counter NAME on X` (op 'add') or `clear counter NAME on X` (op 'clear');
    X is a player or a space."""

    op: str
    counter: str
    counter_pos: Pos
    target: Expr
    amount: Expr | None


@dataclass(eq=False, slots=True)
class OfferBuy(Stmt):
    """`offer buy SPACE at PRICE`: the subject may buy the unowned deed at PRICE."""

    space: Expr
    price: Expr


@dataclass(eq=False, slots=True)
class Auction(Stmt):
    """`auction SPACE`: the bank auctions the deed if it has no owner."""

    space: Expr


@dataclass(eq=False, slots=True)
class OptionClause(Node):
    """`option LABEL [when COND] [bot COND]: ...` inside `choose:`."""

    label: str
    when: Expr | None
    bot: Expr | None
    body: list[Stmt]


@dataclass(eq=False, slots=True)
class Choose(Stmt):
    """`choose:` with its options; the subject picks one (a `choice` decision)."""

    options: list[OptionClause]


@dataclass(eq=False, slots=True)
class With(Stmt):
    """`with PLAYER: ...`: PLAYER is the subject of the statements of the block."""

    subject: Expr
    body: list[Stmt]


@dataclass(eq=False, slots=True)
class Effect(Node):
    """A parsed effect: a list of statements."""

    body: list[Stmt]


@dataclass(eq=False, slots=True)
class Formula(Node):
    """A parsed formula: one expression."""

    expr: Expr


_PLACES: dict[type, tuple[str, ...]] = {}
"""Node class -> the names of its fields that may hold nodes (every field but the position and
the depth, which hold numbers)."""


def children(node: Node) -> list[Node]:
    """The nodes directly inside `node` (any field holding a node, or lists/tuples of them)."""
    out: list[Node] = []
    places = _PLACES.get(type(node))
    if places is None:
        places = _PLACES[type(node)] = tuple(f for f in node.__dataclass_fields__ if f not in ("pos", "depth"))
    for name in places:
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
            continue
        if not isinstance(value, (list, tuple)):
            continue
        stack = [value]
        while stack:
            x = stack.pop()
            if isinstance(x, Node):
                out.append(x)
            elif isinstance(x, (list, tuple)):
                stack.extend(reversed(x))
    return out


def walk(node: Node):
    """Every node under `node` (itself included), without recursion."""
    stack = [node]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(reversed(children(x)))
