"""Python source generation from checked snippets.

`ModuleBuilder` turns checked trees into one Python module (one function per snippet), compiles it
with a single `compile()` call and executes it with `{'__builtins__': {}}` plus the prelude of
`prelude.py`. User text reaches the generated source only as validated tokens: variables are
mangled to `v_<name>` (names match [A-Za-z_][A-Za-z0-9_]* and were resolved by the checker),
space ids become board indices, group / kind / flag / deck ids are string literals matching
`^[a-z][a-z0-9_]*$`, numbers are ints; any other text (card ids) goes through a constants tuple.

For run-time errors, every generated line remembers its snippet and DSL position, and every
generated sub-expression that can fail remembers the column span it occupies and the DSL
position it came from (see `failures.make_fail`).
"""

from __future__ import annotations

import itertools
import linecache
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import aggregates
from . import nodes as n
from .checker import Checker
from .contexts import Context
from .failures import make_fail
from .prelude import namespace, plugin_call
from .typesys import INT, NONE, PLAYER
from .vocabulary import LIMITS

_SAFE = re.compile(r"^[a-z][a-z0-9_]*$")
_counter = itertools.count(1)


SIGNED_FORMULAS = ("score", "salary")
"""The formulas of money that may be negative (a score; a salary, which the player then pays);
every other formula of money is an amount from 0."""


_ANY_COUNT = {(">", 0): True, (">=", 1): True, ("!=", 0): True, ("==", 0): False, ("<", 1): False,
              ("<=", 0): False}
"""The comparisons of a `count(...)` with a number that only ask whether any item passes (True)
or none does (False)."""


class Code:
    """Generated text plus the spans (start, end, DSL pos) of tagged sub-expressions."""

    __slots__ = ("text", "spans")

    def __init__(self, text: str = "", spans: list | None = None):
        self.text = text
        self.spans = spans or []


def cat(*parts) -> Code:
    """Concatenate strings and `Code`s, shifting their spans."""
    text: list[str] = []
    spans: list = []
    off = 0
    for p in parts:
        if isinstance(p, Code):
            spans.extend((a + off, b + off, pos) for a, b, pos in p.spans)
            text.append(p.text)
            off += len(p.text)
        else:
            text.append(p)
            off += len(p)
    return Code("".join(text), spans)


def tag(code: Code, pos) -> Code:
    """Record that all of `code` comes from DSL position `pos`."""
    code.spans.append((0, len(code.text), pos))
    return code


def paren(code: Code, pos) -> Code:
    """`(code)`, with `code` (the Python node inside the parentheses) tagged with `pos`."""
    return cat("(", tag(code, pos), ")")


def _template(template: str, obj: Code) -> Code:
    before, after = template.split("{x}")
    return cat(before, obj, after)


def _safe(s: str) -> str:
    if not _SAFE.match(s):
        raise ValueError(f"unsafe identifier in generated code: {s!r}")
    return repr(s)


@dataclass
class Unit:
    """One snippet to compile: its checked tree, checker, context, and what to call it."""

    fid: int
    tree: object                 # nodes.Effect | nodes.Formula | None (a constant)
    checker: Checker | None
    ctx: Context
    constant: object = None      # the YAML value of a constant formula
    card_id: str = ""
    where: Callable | None = None    # (pos) -> "card 'x' (file:line:col)"
    uses: Counter | None = None      # context-name uses, when not the checker's (a derived unit)


@dataclass
class _Line:
    indent: int
    code: Code
    pos: tuple


class _FunctionGen:
    """Generates one snippet's function: `x_<Expr class>` return `Code` for expressions,
    `s_<Stmt class>` emit lines for statements."""

    def __init__(self, unit: Unit, consts: list, plugin_calls: set[str] | None = None):
        self.unit = unit
        self.plugin_calls = plugin_calls if plugin_calls is not None else set()   # plugins' functions called
        self.ctx = unit.ctx
        self.consts = consts
        self.lines: list[_Line] = []
        self.precomputed: set[str] = set()
        self.subject = "v_me"     # who acts in statements: the current player, or `with X:`
        self.tmp = 0

    # ---------------------------------------------------------------- context names

    def ctx_code(self, name: str) -> str:
        """Python code of a context name: its variable when computed up front, else its code."""
        if name in self.precomputed or name in self.ctx.params:
            return "v_" + name
        spec = self.ctx.names[name]
        deps = re.findall(r"\{(\w+)\}", spec.code)
        code = spec.code
        for d in deps:
            code = code.replace("{" + d + "}", self.ctx_code(d))
        return code

    def prologue(self, indent: int) -> None:
        """Compute up front the context names used more than once."""
        uses = self.unit.uses if self.unit.uses is not None else \
            self.unit.checker.ctx_uses if self.unit.checker else {}
        # a name's uses include those through the names whose code reads it (`complete` reads
        # `owned` and `group_size`): each such name evaluated at all evaluates it once
        total: dict[str, int] = {}
        for name in reversed(self.ctx.names):    # dependents before what they read
            total[name] = total.get(name, 0) + uses.get(name, 0)
            if total[name]:
                for dep in re.findall(r"\{(\w+)\}", self.ctx.names[name].code):
                    total[dep] = total.get(dep, 0) + 1
        order = []
        for name in self.ctx.names:          # table order: dependencies come first
            if name in self.ctx.params or total[name] < 2:
                continue
            order.append(name)
        for name in order:
            code = self.ctx_code(name)
            self.precomputed.add(name)
            self.lines.append(_Line(indent, Code(f"v_{name} = {code}"), (1, 1)))

    # ---------------------------------------------------------------- expressions

    def expr(self, e: n.Expr) -> Code:
        """Code of a checked expression (dispatches to `x_<NodeClass>`)."""
        return getattr(self, "x_" + type(e).__name__)(e)

    def x_Num(self, e: n.Num) -> Code:
        return Code(str(e.value))

    def x_Bool(self, e: n.Bool) -> Code:
        return Code("True" if e.value else "False")

    def x_NoneLit(self, e) -> Code:
        return Code("None")

    def x_Name(self, e: n.Name) -> Code:
        kind = e.res[0]
        if kind == "code":
            return Code(e.res[1])
        if kind == "ctx":
            return tag(Code(self.ctx_code(e.res[1])), e.pos)
        if kind == "me_attr":
            return tag(_template(e.res[1].code, Code("v_me")), e.pos)
        if kind == "space":
            return Code(str(int(e.res[1])))
        if kind in ("group", "kind", "role"):
            return Code(_safe(e.res[1]))
        if kind == "const":
            return Code(self.const_literal(e.res[1]))
        raise AssertionError(f"unresolved name {e.name}")

    @staticmethod
    def const_literal(v) -> str:
        """Python literal of an int or bool constant."""
        if isinstance(v, bool):
            return "True" if v else "False"
        if isinstance(v, int):
            return str(int(v))
        raise AssertionError("bad constant")

    def x_Attr(self, e: n.Attr) -> Code:
        if e.res[0] == "const":
            return Code(self.const_literal(e.res[1]))
        return tag(_template(e.res[1].code, self.expr(e.obj)), e.pos)

    def _nonneg(self, e: n.Expr) -> bool:
        if isinstance(e, n.Num):
            return True
        if isinstance(e, n.Name) and e.res:
            if e.res[0] == "code":
                return bool(e.res[2]) if len(e.res) > 2 else False
            if e.res[0] == "ctx":
                return self.ctx.names[e.res[1]].nonneg
        return False

    def x_Index(self, e: n.Index) -> Code:
        obj = self.expr(e.obj)
        idx = self.expr(e.index)
        if self._nonneg(e.index):
            return tag(cat(obj, "[", idx, "]"), e.pos)
        return tag(cat("_at(", obj, ", ", idx, ")"), e.pos)

    def x_Call(self, e: n.Call) -> Code:
        name = e.name
        args = e.args
        if name in ("min", "max"):
            parts = [self.expr(a) for a in args]
            joined: list[str | Code] = []
            for i, p in enumerate(parts):
                if i:
                    joined.append(", ")
                joined.append(p)
            return tag(cat(f"_{name}(", *joined, ")"), e.pos)
        if name in ("floor", "ceil", "round"):
            return self._rounding(e)
        if name == "abs":
            return tag(cat("_abs(", self.expr(args[0]), ")"), e.pos)
        if name == "roll":
            a = args[0]
            if isinstance(a, n.Num) and 1 <= a.value <= LIMITS["dice"]:
                return tag(Code(f"g.roll({a.value})"), e.pos)
            return tag(cat("_roll(g, ", self.expr(a), ")"), e.pos)
        if name in ("has_flag", "use_flag", "counter", "holds", "built"):
            flag_node: Any = args[1]           # the checker resolved the flag name
            flag = _safe(flag_node.res[1])
            method = "built_of" if name == "built" else name
            return tag(cat(f"g.{method}(", self.expr(args[0]), f", {flag})"), e.pos)
        if name == "rent_of":
            return tag(cat("g.rent_due(", self.expr(args[0]), ", ", self.expr(args[1]), ")"), e.pos)
        if name == "cards_in":
            deck_node: Any = args[0]           # the checker resolved the deck name
            return tag(Code(f"g.cards_in({_safe(deck_node.res[1])})"), e.pos)
        if name == "completes_group":
            return tag(cat("g.completes_group(", self.expr(args[0]), ", ", self.expr(args[1]),
                           ")"), e.pos)
        if name == "treasury":
            return tag(Code("g.treasury"), e.pos)
        if name == "unowned":
            return tag(Code("g.unowned_deeds()"), e.pos)
        if name == "space_ahead":
            return tag(cat("g.space_ahead(", self.expr(args[0]), ", ", self.expr(args[1]), ")"),
                       e.pos)
        if name == "owned_in":
            return tag(cat("g.owned_in_group(", self.expr(args[0]), ", ", self.expr(args[1]),
                           ")"), e.pos)
        if getattr(e.res, "plugin", ""):     # a plugin's function, by its checked wrapper in `_P`
            self.plugin_calls.add(name)
            call: list[str | Code] = [f"_P[{_safe(name)}](g"]
            for a in args:
                call += [", ", self.expr(a)]
            return tag(cat(*call, ")"), e.pos)
        raise AssertionError(f"unknown function {name}")

    def _rounding(self, e: n.Call) -> Code:
        (a,) = e.args
        if a.type == INT:
            return self.expr(a)
        # floor(x / y), ceil(x / y), round(x / y) of whole numbers: integer arithmetic
        if (isinstance(a, n.Chain) and a.rest and a.rest[-1][0] == "/"
                and a.rest[-1][2].type == INT
                and all(op not in ("/",) for op, _, _ in a.rest[:-1])
                and all(x.type == INT for x in [a.first] + [r[2] for r in a.rest[:-1]])):
            op_pos = a.rest[-1][1]
            prefix = self._chain_code(a.first, a.rest[:-1])
            divisor = self.expr(a.rest[-1][2])
            if e.name == "floor":
                return paren(cat(prefix, " // ", divisor), op_pos)
            if e.name == "ceil":
                return cat("(-", paren(cat("(-", prefix, ")", " // ", divisor), op_pos), ")")
            if isinstance(a.rest[-1][2], n.Num) and a.rest[-1][2].value > 0:
                d = a.rest[-1][2].value
                return paren(cat("(2 * ", prefix, f" + {d}) // {2 * d}"), op_pos)
        return tag(cat(f"_{e.name}(", self.expr(a), ")"), e.pos)

    def _chain_code(self, first: n.Expr, rest) -> Code:
        acc = self.expr(first)
        for op, op_pos, x in rest:
            xc = self.expr(x)
            if op == "/":
                acc = tag(cat("_div(", acc, ", ", xc, ")"), op_pos)
            else:
                acc = paren(cat(acc, f" {op} ", xc), op_pos)
        return acc

    def x_Chain(self, e: n.Chain) -> Code:
        return self._chain_code(e.first, e.rest)

    def x_Neg(self, e: n.Neg) -> Code:
        return paren(cat("-", self.expr(e.operand)), e.pos)

    def x_Not(self, e: n.Not) -> Code:
        return paren(cat("not ", self.expr(e.operand)), e.pos)

    def x_BoolOp(self, e: n.BoolOp) -> Code:
        parts: list[str | Code] = []
        for i, x in enumerate(e.operands):
            if i:
                parts.append(f" {e.op} ")
            parts.append(self.expr(x))
        return paren(cat(*parts), e.pos)

    def x_Compare(self, e: n.Compare) -> Code:
        op = e.op
        left, right = e.left, e.right
        if (isinstance(left, n.Agg) and left.func == "count" and isinstance(right, n.Num)
                and (op, right.value) in _ANY_COUNT):
            # `count(each ...) > 0` and the like ask whether any item passes: stop at the first
            found = tag(cat("_exists(", self.generator(left.filter, None), ")"), left.pos)
            return found if _ANY_COUNT[op, right.value] else paren(cat("not ", found), e.pos)
        identity = (e.left.type == PLAYER or e.right.type == PLAYER
                    or e.left.type == NONE or e.right.type == NONE)
        if identity and op in ("==", "!="):
            op = "is" if op == "==" else "is not"
        return paren(cat(self.expr(e.left), f" {op} ", self.expr(e.right)), e.pos)

    def x_Cond(self, e: n.Cond) -> Code:
        return paren(cat(self.expr(e.then), " if ", self.expr(e.cond), " else ",
                         self.expr(e.other)), e.pos)

    def set_source(self, f: n.Filter, around: str | None = None) -> tuple[str, str]:
        """(Python iterable, extra condition) for the set of a filter; `around`: the player
        whose position orders spaces ('nearest')."""
        ref = f.set
        if ref.kind == "players":
            return "g.alive_players()", ""
        if ref.kind == "others":
            return f"g.others({self.subject})", ""
        if ref.kind == "groups":
            return "g.group_ids()", ""
        kind = None if ref.name == "space" else ref.name
        if around is not None:
            return (f"g.ahead({around}, {_safe(kind)})" if kind else f"g.ahead({around})"), ""
        return f"g.spaces_of({_safe(kind) if kind else 'None'})", ""

    def generator(self, f: n.Filter, value: Code | None, around: str | None = None) -> Code:
        """`(VALUE for v_x in SET if COND)`: the items (or values) passing a filter."""
        src, extra = self.set_source(f, around)
        var = "v_" + f.name
        out = value if value is not None else Code(var)
        parts: list = ["(", out, f" for {var} in {src}"]
        if f.set.kind in ("players", "others"):
            parts.append(f" if {var}.alive")
            if f.where is not None:
                parts += [" and ", self.expr(f.where)]
        elif f.where is not None or extra:
            parts.append(" if " + extra)
            parts.append(self.expr(f.where) if f.where is not None else Code("True"))
        parts.append(")")
        return cat(*parts)

    def x_Agg(self, e: n.Agg) -> Code:
        f = e.filter
        var = "v_" + f.name
        if e.func == "count":
            return tag(cat("_count(", self.generator(f, None), ")"), e.pos)
        if e.func == "first":
            return tag(cat("_first(", self.generator(f, None), ")"), e.pos)
        if e.func == "nearest":
            return tag(cat("_first(", self.generator(f, None, around=self.subject), ")"), e.pos)
        if e.func == "pick":
            pair = cat("(", self.expr(e.value) if e.value is not None else Code("0"), f", {var})")
            source = self.const_str(self.unit.card_id)
            return tag(cat(f"g.pick({self.subject}, ", self.generator(f, pair), f", {source})"), e.pos)
        assert e.value is not None       # the checker requires a value for these aggregates
        value = self.expr(e.value)
        if e.func in ("most", "least"):
            pair = cat("(", value, f", {var})")
            return tag(cat(f"_{e.func}(", self.generator(f, pair), ")"), e.pos)
        helper = {"sum": "_sum", "max": "_maxof", "min": "_minof"}[e.func]
        return tag(cat(f"{helper}(", self.generator(f, value), ")"), e.pos)

    def x_ListLit(self, e: n.ListLit) -> Code:
        parts: list[str | Code] = []
        for i, x in enumerate(e.items):
            if i:
                parts.append(", ")
            parts.append(self.expr(x))
        if len(e.items) == 1:
            parts.append(",")
        return cat("(", *parts, ")")

    # ---------------------------------------------------------------- statements

    def emit(self, indent: int, code, pos) -> None:
        """Add a generated line coming from DSL position `pos`."""
        self.lines.append(_Line(indent, code if isinstance(code, Code) else Code(code), pos))

    def amount(self, e: n.Expr) -> Code:
        """Code of an amount of money, checked at run time to be in 0..MONEY_LIMIT (a number
        written in the edition already is)."""
        if isinstance(e, n.Num):
            return self.expr(e)
        return cat("_amount(", self.expr(e), ")")

    def stop_if_out(self, indent: int, pos) -> None:
        """End the effect if the current player has gone bankrupt."""
        self.emit(indent, "if not v_me.alive: return", pos)

    def act(self, indent: int, code: Code, pos) -> None:
        """A statement of the subject: inside `with X:` it is skipped once X is out."""
        if self.subject != "v_me":
            code = cat(f"if {self.subject}.alive: ", code)
        self.emit(indent, code, pos)

    def fresh(self, stem: str) -> str:
        """A new temporary variable of the generated function."""
        self.tmp += 1
        return f"_{stem}{self.tmp}"

    def block(self, stmts: list[n.Stmt], indent: int) -> None:
        """Code of statements (dispatches to `s_<NodeClass>`)."""
        for s in stmts:
            getattr(self, "s_" + type(s).__name__)(s, indent)

    def s_Pay(self, s: n.Pay, ind: int) -> None:
        reason = repr(self.ctx.reason)
        amt = self.amount(s.amount)
        if s.to == "bank":
            self.act(ind, cat(f"g.pay({self.subject}, None, ", amt, f", {reason})"), s.pos)
        elif s.to == "treasury":
            self.act(ind, cat(f"g.pay_treasury({self.subject}, ", amt, f", {reason})"), s.pos)
        elif s.to == "treasury_to_bank":
            self.act(ind, cat("g.treasury_pays(None, ", amt, f", {reason})"), s.pos)
        elif s.to == "each":
            self.act(ind, cat(f"g.pay_each_other({self.subject}, ", amt, f", {reason})"), s.pos)
        else:
            self.act(ind, cat(f"g.pay({self.subject}, ", self.expr(s.to), ", ", amt,
                              f", {reason})"), s.pos)
        self.stop_if_out(ind, s.pos)

    def s_Collect(self, s: n.Collect, ind: int) -> None:
        reason = repr(self.ctx.reason)
        amt = self.amount(s.amount)
        if s.source == "bank":
            self.act(ind, cat(f"g.pay(None, {self.subject}, ", amt, f", {reason})"), s.pos)
        elif s.source == "treasury":
            self.act(ind, cat(f"g.treasury_pays({self.subject}, ", amt, f", {reason})"), s.pos)
        elif s.source == "each":
            self.act(ind, cat(f"g.collect_each_other({self.subject}, ", amt, f", {reason})"),
                     s.pos)
        else:
            self.act(ind, cat("g.pay(", self.expr(s.source), f", {self.subject}, ", amt,
                              f", {reason})"), s.pos)
        self.stop_if_out(ind, s.pos)

    def _options(self, s: n.Move) -> list:
        out: list = []
        for opt in s.options:
            value = opt.expr
            if value is None:               # only `no salary` has no value (the grammar)
                out += [", salary=0"]
            elif opt.name == "rent":
                needs = any(isinstance(x, n.Name) and x.res and x.res[0] == "code"
                            and x.res[1] == "v_rent" for x in n.walk(value))
                out += [", rent=_override(lambda v_rent: ", self.amount(value),
                        f", {needs})"]
            elif opt.name == "dice":        # thrown only if rent is due
                out += [", dice=lambda: ", self.expr(value)]
            elif opt.name == "salary":
                out += [", salary=", self.amount(value)]
        return out

    def s_Move(self, s: n.Move, ind: int) -> None:
        opts = self._options(s)
        who = self.subject
        if s.how == "nearest_where":
            t = self.fresh("t")
            target = cat("_first(", self.generator(s.arg, None, around=who), ")")
            self.emit(ind, cat(f"{t} = ", tag(target, s.arg.pos)), s.pos)
            # one `if` (as `act` writes it inside `with X:`, X still in the game): Python has no
            # `if a: if b: ...` on one line
            alive = f" and {who}.alive" if who != "v_me" else ""
            self.emit(ind, cat(f"if {t} is not None{alive}: g.move_to({who}, {t}", *opts, ")"), s.pos)
            self.stop_if_out(ind, s.pos)
            return
        if s.how == "to":
            code = cat(f"g.move_to({who}, ", self.expr(s.arg), *opts, ")")
        elif s.how == "back_to":
            code = cat(f"g.move_to({who}, ", self.expr(s.arg), ", forward=False", *opts, ")")
        elif s.how == "nearest":
            code = cat(f"g.move_to({who}, g.nearest({who}, kind={_safe(s.arg)})", *opts, ")")
        elif s.how == "nearest_group":
            code = cat(f"g.move_to({who}, g.nearest({who}, group={_safe(s.arg)})", *opts, ")")
        elif s.how == "forward":
            steps = self.expr(s.arg) if isinstance(s.arg, n.Num) else \
                cat("_steps(", self.expr(s.arg), ")")
            code = cat(f"g.move_by({who}, ", steps, *opts, ")")
        else:  # back
            steps = self.expr(s.arg) if isinstance(s.arg, n.Num) else \
                cat("_steps(", self.expr(s.arg), ")")
            code = cat(f"g.move_by({who}, -", steps, *opts, ")")
        self.act(ind, code, s.pos)
        self.stop_if_out(ind, s.pos)

    def s_GoToJail(self, s, ind: int) -> None:
        if s.holding is None:
            self.act(ind, Code(f"g.go_to_jail({self.subject})"), s.pos)
        else:
            self.act(ind, Code(f"g.go_to_holding({self.subject}, {_safe(s.holding)})"), s.pos)

    def s_Keep(self, s: n.Keep, ind: int) -> None:
        card = self.const_str(self.unit.card_id)
        self.act(ind, Code(f"g.keep_card({self.subject}, {card}, {_safe(s.use)})"), s.pos)

    def const_str(self, value: str) -> str:
        """A string in generated code: a literal when it is an identifier, else `_S[i]` (one
        `i` for each distinct string, so functions of the same snippet read the same)."""
        if _SAFE.match(value):
            return repr(value)
        if value not in self.consts:
            self.consts.append(value)
        return f"_S[{self.consts.index(value)}]"

    def s_Draw(self, s: n.Draw, ind: int) -> None:
        self.act(ind, Code(f"g.draw({self.subject}, {_safe(s.deck)})"), s.pos)
        self.stop_if_out(ind, s.pos)

    def s_Let(self, s: n.Let, ind: int) -> None:
        self.emit(ind, cat(f"v_{s.name} = ", self.expr(s.expr)), s.pos)

    def s_If(self, s: n.If, ind: int) -> None:
        for i, (cond, body) in enumerate(s.branches):
            word = "if" if i == 0 else "elif"
            self.emit(ind, cat(f"{word} ", self.expr(cond), ":"), cond.pos)
            self.block(body, ind + 1)
        if s.orelse is not None:
            self.emit(ind, "else:", s.pos)
            self.block(s.orelse, ind + 1)

    def s_ForEach(self, s: n.ForEach, ind: int) -> None:
        f = s.filter
        if f is None:
            source = f"g.others({self.subject})" if s.other else "g.alive_players()"
            self.emit(ind, f"for v_{s.name} in {source}:", s.pos)
            self.emit(ind + 1, f"if not v_{s.name}.alive: continue", s.pos)
            self.block(s.body, ind + 1)
            return
        src, _ = self.set_source(f)
        self.emit(ind, f"for v_{f.name} in {src}:", s.pos)
        if f.set.kind in ("players", "others"):
            self.emit(ind + 1, f"if not v_{f.name}.alive: continue", s.pos)
        if f.where is not None:
            self.emit(ind + 1, cat("if not ", paren(self.expr(f.where), f.where.pos),
                                   ": continue"), f.where.pos)
        self.block(s.body, ind + 1)
        if not s.body:
            self.emit(ind + 1, "pass", s.pos)

    def s_SetFlag(self, s: n.SetFlag, ind: int) -> None:
        extra: list = []
        if s.duration is not None:
            d = self.expr(s.duration)
            extra = [", ", d if isinstance(s.duration, n.Num) else cat("_duration(", d, ")")]
        self.emit(ind, cat("g.set_flag(", self.expr(s.player), f", {_safe(s.flag)}, "
                                                               f"{_safe(s.until)}", *extra, ")"),
                  s.pos)

    def s_Assign(self, s: n.Assign, ind: int) -> None:
        self.emit(ind, cat(f"v_{s.name} = ", self.expr(s.expr)), s.pos)

    def s_Pass(self, s, ind: int) -> None:
        self.emit(ind, "pass", s.pos)

    def s_Release(self, s, ind: int) -> None:
        self.act(ind, Code(f"g.release({self.subject})"), s.pos)

    def s_Discard(self, s: n.Discard, ind: int) -> None:
        self.act(ind, Code(f"g.discard_kept({self.subject}, {_safe(s.use)})"), s.pos)

    def s_Counter(self, s: n.Counter, ind: int) -> None:
        name = _safe(s.counter)
        if s.op == "add" and s.amount is not None:
            self.emit(ind, cat("g.add_counter(", self.expr(s.target), f", {name}, ",
                               self.expr(s.amount), ")"), s.pos)
        else:
            self.emit(ind, cat("g.clear_counter(", self.expr(s.target), f", {name})"), s.pos)

    def s_OfferBuy(self, s: n.OfferBuy, ind: int) -> None:
        self.act(ind, cat(f"g.offer_buy({self.subject}, ", self.expr(s.space), ", ",
                          self.amount(s.price), ")"), s.pos)
        self.stop_if_out(ind, s.pos)

    def s_Auction(self, s: n.Auction, ind: int) -> None:
        self.act(ind, cat(f"g.auction_deed({self.subject}, ", self.expr(s.space), ")"), s.pos)
        self.stop_if_out(ind, s.pos)

    def s_Choose(self, s: n.Choose, ind: int) -> None:
        opts, hint, pick = self.fresh("o"), self.fresh("h"), self.fresh("k")
        self.emit(ind, f"{opts} = []", s.pos)
        for o in s.options:
            label = _safe(o.label)
            if o.when is None:
                self.emit(ind, f"{opts}.append({label})", o.pos)
            else:
                self.emit(ind, cat("if ", self.expr(o.when), f": {opts}.append({label})"), o.pos)
        self.emit(ind, f"{hint} = None", s.pos)
        for o in s.options:
            if o.bot is not None:
                label = _safe(o.label)
                self.emit(ind, cat(f"if {hint} is None and {label} in {opts} and ",
                                   self.expr(o.bot), f": {hint} = {label}"), o.pos)
        source = self.const_str(self.unit.card_id)
        self.act(ind, Code(f"{pick} = g.choose({self.subject}, {opts}, {hint}, {source})"),
                 s.pos)
        if self.subject != "v_me":
            self.emit(ind, f"if not {self.subject}.alive: {pick} = None", s.pos)
        for i, o in enumerate(s.options):
            word = "if" if i == 0 else "elif"
            self.emit(ind, f"{word} {pick} == {_safe(o.label)}:", o.pos)
            self.block(o.body, ind + 1)
        self.stop_if_out(ind, s.pos)

    def s_With(self, s: n.With, ind: int) -> None:
        w = self.fresh("w")
        self.emit(ind, cat(f"{w} = ", self.expr(s.subject)), s.pos)
        self.emit(ind, f"if {w} is not None and {w}.alive:", s.pos)
        outer = self.subject
        self.subject = w
        try:
            self.block(s.body, ind + 1)
        finally:
            self.subject = outer

    def s_ClearFlag(self, s: n.ClearFlag, ind: int) -> None:
        self.emit(ind, cat("g.clear_flag(", self.expr(s.player), f", {_safe(s.flag)})"), s.pos)

    def s_OfferBuild(self, s: n.OfferBuild, ind: int) -> None:
        self.act(ind, cat(f"g.offer_build({self.subject}, lambda _s: ", self.amount(s.cost), ")"),
                 s.pos)
        self.stop_if_out(ind, s.pos)

    def s_Transfer(self, s: n.Transfer, ind: int) -> None:
        if s.to is None:
            self.emit(ind, cat("g.return_deed(", self.expr(s.space), ")"), s.pos)
            return
        self.emit(ind, cat("g.transfer_deed(", self.expr(s.space), ", ", self.expr(s.to), ")"),
                  s.pos)

    # ---------------------------------------------------------------- the function

    def function(self, name: str) -> list[_Line]:
        """The lines of the snippet's function `name`, with its try/except for `_fail`."""
        params = ", ".join(["g"] + ["v_" + p for p in self.ctx.params])
        head = [_Line(0, Code(f"def {name}({params}):"), (1, 1)),
                _Line(1, Code("try:"), (1, 1))]
        self.lines = []
        u = self.unit
        if u.tree is None:
            self.emit(2, f"return {self.const_literal(u.constant)}", (1, 1))
        elif isinstance(u.tree, n.Formula):
            self.prologue(2)
            value = self.expr(u.tree.expr)
            if self.ctx.kind == "int" and not isinstance(u.tree.expr, n.Num):
                # within ±MONEY_LIMIT (a score, a salary: docs/rules.md), else an amount from 0
                # (an auction's start, a rent, a tax): an EffectError at the formula outside it
                wrap = "_money(" if self.ctx.id in SIGNED_FORMULAS else "_amount("
                value = cat(wrap, value, ")")
            self.emit(2, cat("return ", value), u.tree.expr.pos)
        else:
            assert isinstance(u.tree, n.Effect)
            self.prologue(2)
            self.block(u.tree.body, 2)
            if not u.tree.body:
                self.emit(2, "pass", (1, 1))
        tail = [_Line(1, Code("except _Exception as _e:"), (1, 1)),
                _Line(2, Code(f"raise _fail(_e, {u.fid})"), (1, 1))]
        return head + self.lines + tail


@dataclass
class ModuleBuilder:
    """Collects units, generates one module, compiles it once, returns the functions."""

    label: str = "edition"
    units: list[Unit] = field(default_factory=list)

    def add(self, unit: Unit) -> None:
        """Add a snippet to the module."""
        self.units.append(unit)

    def build(self) -> dict[int, Callable]:
        """Compile every unit; returns fid -> function. Functions carry `where` (a label) and
        `twin`: the first function of the module whose code is the same but for its name (itself
        when none is; the snippets an edition repeats through YAML anchors), so a caller may
        evaluate a pure condition once for all its twins."""
        filename = f"<magie-dsl-{next(_counter)}:{re.sub(r'[^a-z0-9_]', '_', self.label)}>"
        consts: list[str] = []
        src: list[str] = []
        line_info: dict[int, tuple] = {}
        names: dict[int, str] = {}
        plugin_calls: set[str] = set()
        twins: dict[tuple, int] = {}      # a function's text, fid left out -> the first fid
        twin_of: dict[int, int] = {}
        for u in self.units:
            fname = f"_f{u.fid}"
            names[u.fid] = fname
            lines = _FunctionGen(u, consts, plugin_calls).function(fname)
            text = tuple(ln.code.text for ln in lines[1:-1])
            twin_of[u.fid] = twins.setdefault((u.ctx.id, text), u.fid)
            for ln in lines:
                prefix = "    " * ln.indent
                src.append(prefix + ln.code.text)
                spans = [(a + len(prefix), b + len(prefix), pos) for a, b, pos in ln.code.spans]
                line_info[len(src)] = (u.fid, ln.pos, spans)
        source = "\n".join(src) + "\n"
        code = compile(source, filename, "exec")
        by_fid = {u.fid: u for u in self.units}
        ns = namespace()
        ns.update(aggregates.NAMES)
        ns["__name__"] = "magie_dsl"
        ns["_S"] = tuple(consts)
        if plugin_calls:
            from .. import plugins

            found = plugins.functions()
            ns["_P"] = {name: plugin_call(found[name]) for name in plugin_calls}
        ns["_fail"] = make_fail(filename, line_info, lambda fid, pos: _where(by_fid[fid], pos))
        exec(code, ns)  # noqa: S102 - generated from the checked tree only
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        out = {}
        for fid, fname in names.items():
            fn = ns[fname]
            fn.where = _where(by_fid[fid], (1, 1))
            out[fid] = fn
        for fid, fn in out.items():
            fn.twin = out[twin_of[fid]]
        return out


def _where(unit: Unit, pos: tuple) -> str:
    """How messages name the snippet of `unit` at DSL position `pos`."""
    return unit.where(pos) if unit.where is not None else f"snippet {unit.fid} ({pos[0]}:{pos[1]})"
