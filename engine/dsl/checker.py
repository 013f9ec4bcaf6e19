"""Name resolution and type checking of a parsed snippet.

`Checker(context, names).check(tree)` returns every `Issue` it finds (it does not stop at the
first) and annotates the tree for the code generator: each expression gets `type`, each name,
attribute and call gets `res`, what it resolved to:

  ('code', python)        a local variable, a loop variable, `rent` in a rent override,
                          `house_cost` in `offer build`: the Python code of its value
  ('ctx', name)           a name the context offers (see contexts.py)
  ('me_attr', AttrSpec)   a bare player attribute: `cash` is `me.cash`
  ('space', index)        a space id: its board index
  ('group', id)           a group id
  ('kind', kind)          a kind of space (only where a kind is expected)
  ('const', value)        `params.NAME`: the edition constant (int or bool)
  ('flag', name)          the flag argument of has_flag / use_flag
  ('attr', AttrSpec)      an attribute of a player, space or roll
  FunctionSpec            a built-in function (on calls)

The tree's depth is bounded by the parser (vocabulary.LIMITS), so the recursion here is too.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..hints import close_names, suggest
from . import nodes as n
from .contexts import Context
from .issues import Issue
from .names import EditionNames
from .typesys import (
    ANY,
    BOOL,
    GROUP,
    INT,
    KIND,
    NONE,
    NUM,
    PLAYER,
    ROLL,
    SPACE,
    Type,
    comparable,
    describe,
    list_of,
    unify,
)
from .vocabulary import (
    ATTRS_BY_TYPE,
    FUNCTIONS,
    ID_PATTERN,
    KEEP_USES,
    LIMITS,
    MONEY_LIMIT,
    PLAYER_ATTRS,
    RESERVED,
    SPACE_KINDS,
)

_ID = re.compile(ID_PATTERN)

_ORDINAL = ("first", "second", "third", "fourth", "fifth")

_FIX_FRACTION = "use floor(...), ceil(...), round(...) or //"


@dataclass(slots=True)
class Binding:
    """A name bound inside the snippet: its type and the Python code of its value."""

    type: Type
    code: str
    nonneg: bool = False


class Checker:
    """Checks one snippet of one context against an edition's names.

    `has_target=False`: an action whose `target` is none (using `target` is an error).
    Per-node checks are the methods `s_<Stmt class>`, `e_<Expr class>` and `f_<function>`.
    After `check`, `ctx_uses` counts the uses of each context name (for the code generator)
    and `flags_set` holds the flags the snippet sets.
    """

    def __init__(self, ctx: Context, names: EditionNames, *, has_target: bool = True):
        self.ctx = ctx
        self.names = names
        self.has_target = has_target
        self.issues: list[Issue] = []
        self.scopes: list[dict[str, Binding]] = [{}]
        self.ctx_uses: Counter = Counter()
        self.flags_set: set[str] = set()

    # ------------------------------------------------------------------ entry

    def check(self, tree) -> list[Issue]:
        """Check an `Effect` or a `Formula`; returns the issues, sorted by position."""
        if isinstance(tree, n.Effect):
            self.block(tree.body)
        else:
            want = INT if self.ctx.kind == "int" else BOOL
            if want == INT:
                self.money(tree.expr, "the formula's value", nonneg=self.ctx.id != "score")
            else:
                self.need(tree.expr, BOOL, "the condition")
        self.issues.sort(key=lambda i: i.pos)
        return self.issues

    # ------------------------------------------------------------------ reporting

    def err(self, code: str, pos, message: str, hints: tuple[str, ...] = ()) -> None:
        """Record an issue at snippet position `pos`."""
        self.issues.append(Issue(code, message, pos, hints))

    # ------------------------------------------------------------------ scopes

    def lookup_local(self, name: str) -> Binding | None:
        """The binding of a `let` / loop / option name in scope, or None."""
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def visible_names(self) -> set[str]:
        """Every name an expression could use here (for 'did you mean')."""
        out = set()
        for scope in self.scopes:
            out |= set(scope)
        out |= set(self.ctx.names)
        if self.ctx.me:
            out |= set(PLAYER_ATTRS) - self.ctx.hidden
        out |= set(self.names.spaces) | set(self.names.groups)
        out |= {"true", "false", "none", "params"}
        return out

    def bind(self, name: str, pos, binding: Binding, what: str) -> None:
        """Define a new name (`let`, `for ... as`) in the innermost scope."""
        taken = None
        if not ("a" <= name[0] <= "z"):
            self.err("dsl-syntax", pos, f"'{name}' cannot name {what}: names start with a lowercase "
                                        f"letter (then letters, digits and _)")
        elif name in RESERVED:
            taken = "a reserved word"
        elif self.lookup_local(name) is not None:
            taken = "already defined"
        elif name in self.ctx.names:
            taken = f"a name {self.ctx.summary} offers"
        elif name in PLAYER_ATTRS:
            taken = "a player attribute"
        elif name in FUNCTIONS:
            taken = "a built-in function"
        elif name in self.names.spaces:
            taken = "the id of a space"
        elif name in self.names.groups:
            taken = "the id of a group"
        elif name in self.names.decks:
            taken = "the id of a deck"
        elif name in SPACE_KINDS:
            taken = "a kind of space"
        if taken:
            self.err("duplicate-name", pos, f"cannot use '{name}' as the name of {what}: it is "
                                            f"{taken}; choose another name")
        self.scopes[-1][name] = binding

    def block(self, stmts: list[n.Stmt], bindings: dict[str, Binding] | None = None) -> None:
        """Check statements in a new scope (names bound inside do not leak out)."""
        self.scopes.append(dict(bindings or {}))
        try:
            for s in stmts:
                self.stmt(s)
        finally:
            self.scopes.pop()

    # ------------------------------------------------------------------ requirements

    def need(self, node: n.Expr, want: Type, what: str) -> Type:
        """Check `node` and require type `want` (numbers: int accepted where num is)."""
        t = self.expr(node, want)
        if t.name == "any" or t == want:
            return t
        if want == NUM and t.is_number:
            return t
        if want == INT and t == NUM:
            self.err("type-error", node.pos, f"{what} must be a whole number, but this may be "
                                             f"fractional; {_FIX_FRACTION}")
            return t
        self.err("type-error", node.pos, f"{what} must be {describe(want)}, but this is "
                                         f"{describe(t)}")
        return t

    def money(self, node: n.Expr, what: str, nonneg: bool = False) -> Type:
        """Check an amount of money: a whole number (`nonneg`: never below 0, as an amount paid).
        A constant below 0 there is an error; a value that grows with the square of the game's
        money (`cash * cash`) is a warning."""
        t = self.expr(node, INT)
        value = self.const(node)
        if nonneg and isinstance(value, int) and value < 0:
            self.err("constant-error", node.pos, f"{what} is {value}: an amount of money cannot be negative")
        if self.growth(node) >= 2:
            self.issues.append(Issue(
                "unbounded-money", f"{what} grows with the square of the players' money (a product of two "
                "amounts that grow with the game), so it can grow without bound; the game stops with an "
                f"error when money leaves ±{MONEY_LIMIT:,}", node.pos, (), "warning"))
        if t == NUM:
            self.err("fractional-money", node.pos,
                     f"{what} is money and must be a whole number, but this may be fractional; "
                     f"{_FIX_FRACTION}")
        elif t.name not in ("int", "any"):
            self.err("type-error", node.pos, f"{what} must be a whole number, but this is "
                                             f"{describe(t)}")
        return t

    def player_path(self, node: n.Expr, what: str) -> None:
        """Check a `PLAYER` of a statement (a name or dotted path of type player)."""
        self.need(node, PLAYER, what)

    # ------------------------------------------------------------------ statements

    def stmt(self, s: n.Stmt) -> None:
        """Check one statement (dispatches to `s_<NodeClass>`)."""
        meth = getattr(self, "s_" + type(s).__name__)
        meth(s)

    def s_Pay(self, s: n.Pay) -> None:
        if isinstance(s.to, n.Expr):
            self.player_path(s.to, "the payee")
        self.money(s.amount, "the amount to pay", nonneg=True)

    def s_Collect(self, s: n.Collect) -> None:
        self.money(s.amount, "the amount to collect", nonneg=True)
        if isinstance(s.source, n.Expr):
            self.player_path(s.source, "the payer")

    def s_Move(self, s: n.Move) -> None:
        if s.how in ("to", "back_to"):
            self.need(s.arg, SPACE, "the destination")
        elif s.how == "nearest":
            kind = s.arg
            if kind not in SPACE_KINDS:
                hint = suggest(kind, SPACE_KINDS, n=3, listing="known here")
                hints = close_names(kind, SPACE_KINDS)
                self.err("unknown-name", s.arg_pos, f"unknown kind of space '{kind}'{hint}", hints)
            elif kind not in self.names.space_kinds:
                self.err("kind-not-on-board", s.arg_pos,
                         f"the board has no space of kind '{kind}', so there is no nearest one")
        elif s.how == "nearest_group":
            if s.arg not in self.names.groups:
                hint = suggest(s.arg, self.names.groups, n=3, listing="known here")
                hints = close_names(s.arg, self.names.groups)
                self.err("unknown-name", s.arg_pos, f"unknown group '{s.arg}'{hint}", hints)
        else:
            self.need(s.arg, INT, "the number of steps")
            steps = self.const(s.arg)
            if isinstance(steps, int) and steps < 0:
                self.err("constant-error", s.arg.pos, f"the number of steps is {steps}: it cannot be negative "
                                                      f"(to go back, write 'move back {-steps}')")
        seen: dict[str, n.Option] = {}
        for opt in s.options:
            key = "salary" if opt.name == "no_salary" else opt.name
            if key in seen:
                self.err("dsl-syntax", opt.pos, f"the option '{key}' is given twice")
            seen[key] = opt
            if key == "salary" and s.how in ("back", "back_to"):
                self.err("not-allowed-here", opt.pos,
                         "a move backwards completes no lap, so it takes no salary option")
            if opt.expr is None:            # `no salary`: no value to check
                continue
            if opt.name == "rent":
                self.scopes.append({"rent": Binding(INT, "v_rent", True)})
                try:
                    self.money(opt.expr, "the rent")
                finally:
                    self.scopes.pop()
            elif opt.name == "dice":
                self.need(opt.expr, ROLL, "the dice option")
            elif opt.name == "salary":
                self.money(opt.expr, "the salary")

    def s_GoToJail(self, s) -> None:
        pass

    def s_Keep(self, s: n.Keep) -> None:
        if self.ctx.id != "card":
            self.err("not-allowed-here", s.pos, f"'keep as' keeps the card being resolved; "
                                                f"it is only for card effects, not "
                                                f"{self.ctx.summary}")
        if s.use not in KEEP_USES:
            hint = suggest(s.use, KEEP_USES, n=3, listing="known here")
            hints = close_names(s.use, KEEP_USES)
            self.err("unknown-name", s.use_pos, f"unknown use of a kept card '{s.use}'{hint}",
                     hints)

    def s_Draw(self, s: n.Draw) -> None:
        if s.deck not in self.names.decks:
            hint = suggest(s.deck, self.names.decks, n=3, listing="known here")
            hints = close_names(s.deck, self.names.decks)
            self.err("unknown-name", s.deck_pos, f"unknown deck '{s.deck}'{hint}", hints)

    def s_Let(self, s: n.Let) -> None:
        t = self.expr(s.expr)
        nonneg = isinstance(s.expr, n.Num)
        self.bind(s.name, s.name_pos, Binding(t, "v_" + s.name, nonneg), "a variable")

    def s_If(self, s: n.If) -> None:
        for cond, body in s.branches:
            self.need(cond, BOOL, "the condition of 'if'")
            self.block(body)
        if s.orelse is not None:
            self.block(s.orelse)

    def s_ForEach(self, s: n.ForEach) -> None:
        self.scopes.append({})
        try:
            self.bind(s.name, s.name_pos, Binding(PLAYER, "v_" + s.name), "a loop variable")
            self.block(s.body)
        finally:
            self.scopes.pop()

    def _flag_name(self, flag: str, pos) -> bool:
        if not _ID.match(flag):
            self.err("dsl-syntax", pos, f"a flag name is lower-case letters, digits and '_', "
                                        f"starting with a letter; '{flag}' is not")
            return False
        return True

    def _flag_used(self, flag: str, pos) -> None:
        if self._flag_name(flag, pos) and flag not in self.names.flags:
            hint = suggest(flag, self.names.flags, n=3, listing="known here")
            hints = close_names(flag, self.names.flags)
            self.err("flag-never-set", pos, f"no 'set flag {flag}' in this edition sets the "
                                            f"flag '{flag}'{hint}", hints)

    def s_SetFlag(self, s: n.SetFlag) -> None:
        if self._flag_name(s.flag, s.flag_pos):
            self.flags_set.add(s.flag)
        self.player_path(s.player, "the player to flag")

    def s_ClearFlag(self, s: n.ClearFlag) -> None:
        self._flag_used(s.flag, s.flag_pos)
        self.player_path(s.player, "the player to clear the flag on")

    def s_OfferBuild(self, s: n.OfferBuild) -> None:
        if not self.ctx.me:
            self.err("not-allowed-here", s.pos, "'offer build' needs a current player")
        self.scopes.append({"house_cost": Binding(INT, "g.spaces[_s].house_cost", True)})
        try:
            self.money(s.cost, "the price of the house")
        finally:
            self.scopes.pop()

    def s_Transfer(self, s: n.Transfer) -> None:
        self.need(s.space, SPACE, "the deed to transfer")
        if (isinstance(s.space, n.Name) and s.space.name in self.names.spaces
                and s.space.name not in self.names.deeds and self.lookup_local(s.space.name) is None):
            self.err("type-error", s.space.pos, f"'{s.space.name}' has no title deed: only a street, "
                                                f"a railroad or a utility can change owner")
        self.player_path(s.to, "the new owner")

    # ------------------------------------------------------------------ expressions

    def expr(self, e: n.Expr, expect: Type | None = None) -> Type:
        """Check `e`; returns and stores its type. `expect` picks the namespace of a bare id
        (space, group or kind) when the same word names several things."""
        t = getattr(self, "e_" + type(e).__name__)(e, expect)
        e.type = t
        return t

    def e_Num(self, e, expect):
        return INT

    def e_Decimal(self, e, expect):
        self.err("dsl-syntax", e.pos, f"numbers are whole in this language: '{e.text}' is not "
                                      f"allowed (money is whole units; write a fraction as "
                                      f"a / b and round it)")
        return ANY

    def e_Bool(self, e, expect):
        return BOOL

    def e_NoneLit(self, e, expect):
        return NONE

    def e_Name(self, e: n.Name, expect) -> Type:
        name = e.name
        b = self.lookup_local(name)
        if b is not None:
            e.res = ("code", b.code, b.nonneg)
            return b.type
        if name in self.ctx.names:
            if name == "target" and not self.has_target:
                self.err("not-allowed-here", e.pos, "this action has no target "
                                                    "(its 'target' is none)")
                return ANY
            self.ctx_uses[name] += 1
            e.res = ("ctx", name)
            return self.ctx.names[name].type
        if name in PLAYER_ATTRS:
            if name in self.ctx.hidden:
                self.err("not-allowed-here", e.pos,
                         f"'{name}' cannot be used in {self.ctx.summary} "
                         f"(net worth is computed by this formula)")
                return ANY
            if not self.ctx.me:
                offered = ", ".join(sorted(self.ctx.names)) or "no names"
                self.err("not-allowed-here", e.pos,
                         f"'{name}' is an attribute of a player, and {self.ctx.summary} has no "
                         f"current player; it offers: {offered}")
                return ANY
            self.ctx_uses["me"] += 1
            e.res = ("me_attr", PLAYER_ATTRS[name])
            return PLAYER_ATTRS[name].type
        if expect == KIND and name in SPACE_KINDS:
            e.res = ("kind", name)
            return KIND
        if expect == GROUP and name in self.names.groups:
            e.res = ("group", name)
            return GROUP
        if name in self.names.spaces:
            e.res = ("space", self.names.spaces[name])
            return SPACE
        if name in self.names.groups:
            e.res = ("group", name)
            return GROUP
        if name in SPACE_KINDS:
            self.err("type-error", e.pos, f"'{name}' is a kind of space; a kind is only used "
                                          f"after 'nearest' or compared with X.kind")
            return ANY
        if name in self.names.decks:
            self.err("type-error", e.pos, f"'{name}' is a deck; a deck is only used in "
                                          f"'draw from {name}'")
            return ANY
        if name in FUNCTIONS:
            self.err("type-error", e.pos, f"'{name}' is a function: call it, as in "
                                          f"{FUNCTIONS[name].signature}")
            return ANY
        if name == "params":
            self.err("type-error", e.pos, "write params.NAME to read an edition constant")
            return ANY
        hint = suggest(name, self.visible_names(), n=3, listing="known here")
        hints = close_names(name, self.visible_names())
        self.err("unknown-name", e.pos, f"unknown name '{name}'{hint}", hints)
        return ANY

    def e_Attr(self, e: n.Attr, expect) -> Type:
        if isinstance(e.obj, n.Name) and e.obj.name == "params":
            return self._param(e)
        t = self.expr(e.obj)
        if t.name == "any":
            return ANY
        table = ATTRS_BY_TYPE.get(t.name)
        if table is None:
            self.err("type-error", e.pos, f"{describe(t)} has no attributes "
                                          f"(found '.{e.name}')")
            return ANY
        if e.name not in table:
            owner = {"player": "a player", "space": "a space", "roll": "a roll"}[t.name]
            hint = suggest(e.name, table, n=3, listing=f"{t.name}s have")
            hints = close_names(e.name, table)
            self.err("unknown-name", e.pos, f"{owner} has no attribute '{e.name}'{hint}", hints)
            return ANY
        if t.name == "player" and e.name in self.ctx.hidden:
            self.err("not-allowed-here", e.pos, f"'{e.name}' cannot be used in "
                                                f"{self.ctx.summary} (net worth is computed by "
                                                f"this formula)")
            return ANY
        e.res = ("attr", table[e.name])
        return table[e.name].type

    def _param(self, e: n.Attr) -> Type:
        e.obj.type = ANY
        params = self.names.params
        if e.name not in params:
            hint = suggest(e.name, params, n=3, listing="known here")
            hints = close_names(e.name, params)
            self.err("unknown-name", e.pos, f"unknown param '{e.name}' (the edition's "
                                            f"params: map){hint}", hints)
            return ANY
        value = params[e.name]
        if isinstance(value, bool):
            e.res = ("const", value)
            return BOOL
        if isinstance(value, int):
            e.res = ("const", value)
            return INT
        self.err("type-error", e.pos, f"param '{e.name}' is not a whole number or true/false, "
                                      f"so the DSL cannot use it")
        return ANY

    def e_Index(self, e: n.Index, expect) -> Type:
        t = self.expr(e.obj)
        self.need(e.index, INT, "a list index")
        i = self.const(e.index)
        if isinstance(i, int):
            size = len(e.obj.items) if isinstance(e.obj, n.ListLit) else None
            if i < 0 or (size is not None and i >= size):
                known = "" if size is None else " (this one is empty)" if size == 0 else f" (this one: 0 to {size - 1})"
                self.err("constant-error", e.index.pos, f"index {i} is out of range: lists are indexed from 0{known}")
        if t.name == "any":
            return ANY
        if t.name != "list":
            self.err("type-error", e.pos, f"only lists can be indexed, but this is {describe(t)}")
            return ANY
        return t.item or ANY

    def e_Call(self, e: n.Call, expect) -> Type:
        spec = FUNCTIONS.get(e.name)
        if spec is None:
            for a in e.args:
                self.expr(a)
            if (self.lookup_local(e.name) or e.name in self.ctx.names or e.name in PLAYER_ATTRS
                    or e.name in self.names.spaces):
                self.err("type-error", e.pos, f"'{e.name}' is not a function and cannot be "
                                              f"called")
            else:
                hint = suggest(e.name, FUNCTIONS, n=3, listing="known here")
                hints = close_names(e.name, FUNCTIONS)
                self.err("unknown-name", e.pos, f"unknown function '{e.name}'{hint}", hints)
            return ANY
        e.res = spec
        nargs = len(e.args)
        if nargs < spec.min_args or (spec.max_args is not None and nargs > spec.max_args):
            if spec.max_args is None:
                want = f"at least {spec.min_args} arguments"
            elif spec.min_args == spec.max_args:
                want = f"{spec.min_args} argument" + ("s" if spec.min_args != 1 else "")
            else:
                want = f"{spec.min_args} to {spec.max_args} arguments"
            self.err("wrong-arity", e.pos, f"{e.name}() takes {want}, but was given {nargs} "
                                           f"(write {spec.signature})")
            for a in e.args:
                self.expr(a)
            return self._result_on_error(e.name)
        if spec.impure and self.ctx.pure:
            self.err("not-allowed-here", e.pos, f"{e.name}() changes the game, so it cannot be "
                                                f"used in {self.ctx.summary}, which is only "
                                                f"checked")
        return getattr(self, "f_" + e.name)(e)

    @staticmethod
    def _result_on_error(name: str) -> Type:
        return {"roll": ROLL, "has_flag": BOOL, "use_flag": BOOL, "completes_group": BOOL,
                "owned_in": INT, "floor": INT, "ceil": INT, "round": INT}.get(name, ANY)

    def _arg_name(self, e: n.Call, i: int) -> str:
        return f"the {_ORDINAL[i]} argument of {e.name}()" if i < len(_ORDINAL) else \
            f"argument {i + 1} of {e.name}()"

    def _numbers(self, e: n.Call) -> list[Type]:
        return [self.need(a, NUM, self._arg_name(e, i)) for i, a in enumerate(e.args)]

    def f_min(self, e):
        ts = self._numbers(e)
        return INT if all(t in (INT,) or t.name == "any" for t in ts) else NUM

    f_max = f_min

    def f_floor(self, e):
        self._numbers(e)
        return INT

    f_ceil = f_floor
    f_round = f_floor

    def f_abs(self, e):
        (t,) = self._numbers(e)
        return NUM if t == NUM else INT

    def f_roll(self, e):
        self.need(e.args[0], INT, "the number of dice")
        a = e.args[0]
        k = self.const(a)
        if isinstance(k, int) and not 1 <= k <= LIMITS["dice"]:
            code = "dsl-limit" if k > LIMITS["dice"] else "constant-error"
            self.err(code, a.pos, f"roll() throws 1 to {LIMITS['dice']} dice, not {k}")
        return ROLL

    def _flag_arg(self, e: n.Call):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        f = e.args[1]
        if not isinstance(f, n.Name):
            self.expr(f)
            self.err("type-error", f.pos, f"the second argument of {e.name}() is a flag name, "
                                          f"as in {e.name}(me, lawyer)")
            return BOOL
        f.type = ANY
        f.res = ("flag", f.name)
        self._flag_used(f.name, f.pos)
        return BOOL

    f_has_flag = _flag_arg
    f_use_flag = _flag_arg

    def f_completes_group(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        self.need(e.args[1], SPACE, self._arg_name(e, 1))
        return BOOL

    def f_owned_in(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        self.need(e.args[1], GROUP, self._arg_name(e, 1))
        return INT

    def e_Neg(self, e: n.Neg, expect) -> Type:
        t = self.expr(e.operand)
        if not t.is_number:
            self.err("type-error", e.pos, f"'-' needs a number, but this is {describe(t)}")
            return ANY
        return t

    def e_Not(self, e: n.Not, expect) -> Type:
        self.need(e.operand, BOOL, "the operand of 'not'")
        return BOOL

    def e_BoolOp(self, e: n.BoolOp, expect) -> Type:
        for x in e.operands:
            self.need(x, BOOL, f"each side of '{e.op}'")
        return BOOL

    def e_Chain(self, e: n.Chain, expect) -> Type:
        acc = self.expr(e.first)
        ok = self._arith_operand(acc, e.first, e.rest[0][0] if e.rest else "+")
        for op, _op_pos, x in e.rest:
            t = self.expr(x)
            ok = self._arith_operand(t, x, op) and ok
            if op in ("/", "//", "%") and self.const(x) == 0:
                self.err("constant-error", x.pos, f"'{op}' by a constant zero: the game would stop "
                                                  f"with a division by zero")
            if not ok:
                continue
            if op == "/":
                acc = NUM
            elif op == "//":
                acc = INT
            else:
                acc = INT if (acc in (INT,) or acc.name == "any") and \
                             (t in (INT,) or t.name == "any") else NUM
        return acc if ok else ANY

    def _arith_operand(self, t: Type, node: n.Expr, op: str) -> bool:
        if t.is_number:
            return True
        self.err("type-error", node.pos, f"'{op}' needs numbers, but this is {describe(t)}")
        return False

    def e_Compare(self, e: n.Compare, expect) -> Type:
        left, right = e.left, e.right
        if isinstance(left, n.Name) and not isinstance(right, n.Name):
            rt = self.expr(right)
            lt = self.expr(left, rt)
        else:
            lt = self.expr(left)
            rt = self.expr(right, lt)
        if e.op in ("==", "!="):
            if not comparable(lt, rt):
                self.err("type-error", e.pos, f"cannot compare {describe(lt)} with "
                                              f"{describe(rt)}")
        else:
            for t, side in ((lt, left), (rt, right)):
                if not t.is_number:
                    self.err("type-error", side.pos, f"'{e.op}' compares numbers, but this is "
                                                     f"{describe(t)}")
        return BOOL

    def e_Cond(self, e: n.Cond, expect) -> Type:
        self.need(e.cond, BOOL, "the condition of 'if'")
        a = self.expr(e.then, expect)
        b = self.expr(e.other, expect)
        u = unify(a, b)
        if u is None:
            self.err("type-error", e.pos, f"the two branches of 'if ... else' differ: "
                                          f"{describe(a)} and {describe(b)}")
            return ANY
        return u

    def e_ListLit(self, e: n.ListLit, expect) -> Type:
        item = ANY
        for x in e.items:
            t = self.expr(x)
            u = unify(item, t)
            if u is None:
                self.err("type-error", x.pos, f"the items of a list must be alike: "
                                              f"{describe(item)} and {describe(t)}")
            else:
                item = u
        return list_of(item)

    # ------------------------------------------------------------------ values known when checking

    def const(self, e: n.Expr) -> int | Fraction | None:
        """The value of `e` when the checker can compute it (numbers, params, '-', + - * / // %,
        min, max, abs, floor, ceil, round of those), else None (also for huge values)."""
        v = _fold(e)
        return v if v is None or _small(v) else None

    def growth(self, e: n.Expr) -> int:
        """How many factors of the game's money (cash, net worth, prices owned...) `e` multiplies:
        0 for a constant, 1 for `cash // 10`, 2 for `cash * cash`."""
        return _growth(e)


_FOLD_LIMIT = 10**30


def _small(v: int | Fraction) -> bool:
    """Within ±_FOLD_LIMIT (folding stops beyond, so that checking stays fast)."""
    return -_FOLD_LIMIT <= v <= _FOLD_LIMIT


def _fold(e: n.Expr) -> int | Fraction | None:
    if isinstance(e, n.Num):
        return e.value
    if isinstance(e, n.Neg):
        v = _fold(e.operand)
        return None if v is None else -v
    res: Any = getattr(e, "res", None)
    if isinstance(e, n.Attr) and isinstance(res, tuple) and res[0] == "const" and type(res[1]) is int:
        return int(res[1])
    if isinstance(e, n.Call) and e.name in ("min", "max", "abs", "floor", "ceil", "round") and e.args:
        args = [_fold(a) for a in e.args]
        if any(a is None for a in args):
            return None
        vals = [a for a in args if a is not None]
        if e.name == "min":
            return min(vals)
        if e.name == "max":
            return max(vals)
        if len(vals) != 1:
            return None
        one = vals[0]
        if e.name == "abs":
            return -one if one < 0 else one
        if e.name == "floor":
            return math.floor(one)
        if e.name == "ceil":
            return math.ceil(one)
        return math.floor(one + Fraction(1, 2))
    if isinstance(e, n.Chain):
        acc = _fold(e.first)
        for op, _pos, operand in e.rest:
            v = _fold(operand)
            if acc is None or v is None or not _small(acc) or not _small(v):
                return None
            if op == "+":
                acc = acc + v
            elif op == "-":
                acc = acc - v
            elif op == "*":
                acc = acc * v
            elif v == 0:
                return None
            elif op == "/":
                q = Fraction(acc) / v
                acc = q.numerator if q.denominator == 1 else q
            elif op == "//":
                acc = acc // v
            elif op == "%":
                acc = acc % v
            else:
                return None
        return acc
    return None


_MONEY_ATTRS = frozenset({"cash", "net_worth", "deed_prices", "mortgaged_prices", "building_costs"})


def _growth(e: n.Expr) -> int:
    res = getattr(e, "res", None)
    if isinstance(e, n.Name):
        if isinstance(res, tuple) and res[0] == "me_attr" and res[1].name in _MONEY_ATTRS:
            return 1
        return 0
    if isinstance(e, n.Attr):
        if isinstance(res, tuple) and res[0] == "attr" and res[1].name in _MONEY_ATTRS:
            return 1
        return 0
    if isinstance(e, n.Neg):
        return _growth(e.operand)
    if isinstance(e, n.Chain):
        total = _growth(e.first)
        for op, _pos, x in e.rest:
            g = _growth(x)
            if op == "*":
                total += g
            elif op in ("+", "-"):
                total = max(total, g)
            elif op in ("/", "//"):
                total = max(total - g, 0)
            else:   # %: bounded by its right side
                total = min(total, g)
        return total
    if isinstance(e, n.Call) and e.name in ("max", "abs", "floor", "ceil", "round"):
        return max((_growth(a) for a in e.args), default=0)
    if isinstance(e, n.Call) and e.name == "min":
        return min((_growth(a) for a in e.args), default=0)
    if isinstance(e, n.Cond):
        return max(_growth(e.then), _growth(e.other))
    return 0

