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
from .issues import Issue, ref
from .loops import work_bound
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
    ROLE,
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
    FunctionSpec,
    plugin_functions,
)

_ID = re.compile(ID_PATTERN)

_ORDINAL = ("first", "second", "third", "fourth", "fifth")

_FIX_FRACTION = "use floor(...), ceil(...), round(...) or //"


@dataclass(slots=True)
class Binding:
    """A name bound inside the snippet: its type and the Python code of its value; `readonly`
    for loop variables (no `NAME = ...`)."""

    type: Type
    code: str
    nonneg: bool = False
    readonly: bool = False


class Checker:
    """Checks one snippet of one context against an edition's names.

    `has_target=False`: an action whose `target` is none (using `target` is an error).
    Per-node checks are the methods `s_<Stmt class>`, `e_<Expr class>` and `f_<function>`.
    After `check`, `ctx_uses` counts the uses of each context name (for the code generator),
    `flags_set` holds the flags the snippet sets and `work` bounds the elements its loops visit
    in one evaluation (`loops.work_bound`; over `LIMITS["loop_work"]` is a `dsl-limit` issue).
    """

    def __init__(self, ctx: Context, names: EditionNames, *, has_target: bool = True,
                 card_id: str = ""):
        self.card_id = card_id
        self.ctx = ctx
        self.names = names
        # the built-in kinds of space, then those the edition declares (`space_kinds`)
        self.kinds: tuple[str, ...] = SPACE_KINDS + tuple(sorted(names.declared_kinds))
        self.has_target = has_target
        self.issues: list[Issue] = []
        self.scopes: list[dict[str, Binding]] = [{}]
        self.ctx_uses: Counter = Counter()
        self.flags_set: set[str] = set()
        self.pure_here = 0            # > 0 inside a choice's `when`/`bot` and a filter's `where`
        self.assigned: set[str] = set()   # names some `NAME = ...` changes (never "nonneg")
        self.let_later: dict[str, tuple] = {}  # every `let` name of the snippet -> its position
        self.work = 0                 # after `check`: the bound on its loops' work (loops.py)

    # ------------------------------------------------------------------ entry

    def check(self, tree) -> list[Issue]:
        """Check an `Effect` or a `Formula`; returns the issues, sorted by position."""
        if isinstance(tree, n.Effect):
            for node in n.walk(tree):
                if isinstance(node, n.Assign):
                    self.assigned.add(node.name)
                elif isinstance(node, n.Let):
                    self.let_later[node.name] = max(node.pos, self.let_later.get(node.name,
                                                                                 node.pos))
            self.block(tree.body)
            if self.ctx.id == "card":
                self._keeps(tree.body, 0)
        else:
            want = INT if self.ctx.kind == "int" else BOOL
            if want == INT:
                self.money(tree.expr, "the formula's value", nonneg=self.ctx.id != "score")
            else:
                self.need(tree.expr, BOOL, "the condition")
        self.work, limits = work_bound(tree, self.names.sizes)
        self.issues += limits
        self.issues.sort(key=lambda i: i.pos)
        return self.issues

    # ------------------------------------------------------------------ reporting

    def err(self, code: str, pos, message: str, hints: tuple[str, ...] = (),
            refs: tuple[tuple[int, int], ...] = ()) -> None:
        """Record an issue at snippet position `pos`; `refs` are the positions the message
        names (`issues.ref`)."""
        self.issues.append(Issue(code, message, pos, hints, refs=refs))

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
        elif name in self.names.functions:
            taken = f"a function of the plugin '{self.names.functions[name].plugin}'"
        elif name in self.names.spaces:
            taken = "the id of a space"
        elif name in self.names.groups:
            taken = "the id of a group"
        elif name in self.names.decks:
            taken = "the id of a deck"
        elif name in self.kinds:
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
        elif s.to in ("treasury", "treasury_to_bank"):
            self._treasury(s.pos)
        self.money(s.amount, "the amount to pay", nonneg=True)

    def s_Collect(self, s: n.Collect) -> None:
        self.money(s.amount, "the amount to collect", nonneg=True)
        if isinstance(s.source, n.Expr):
            self.player_path(s.source, "the payer")
        elif s.source == "treasury":
            self._treasury(s.pos)

    def _treasury(self, pos) -> None:
        """A payment into or out of the treasury needs an edition that has one."""
        if self.names.treasury is False:
            self.err("not-allowed-here", pos, "this edition has no treasury: give it one under "
                                              "rules.treasury, or pay the bank")

    def s_Move(self, s: n.Move) -> None:
        if s.how in ("to", "back_to"):
            self.need(s.arg, SPACE, "the destination")
        elif s.how == "nearest":
            kind = s.arg
            if kind not in self.kinds:
                hint = suggest(kind, self.kinds, n=3, listing="known here")
                hints = close_names(kind, self.kinds)
                self.err("unknown-name", s.arg_pos, f"unknown kind of space '{kind}'{hint}", hints)
            elif kind not in self.names.space_kinds:
                self.err("kind-not-on-board", s.arg_pos,
                         f"the board has no space of kind '{kind}', so there is no nearest one")
        elif s.how == "nearest_where":
            self.scopes.append({})
            try:
                self.filter(s.arg, "the variable of a filter")
            finally:
                self.scopes.pop()
            if s.arg.set.item not in (SPACE, ANY):
                self.err("type-error", s.arg.set.pos, "'move to nearest' goes over spaces "
                                                      "(space, deed or a kind of space)")
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

    def s_GoToJail(self, s: n.GoToJail) -> None:
        if s.holding is None or s.holding in self.names.holdings:
            return
        known = sorted(self.names.holdings)
        hint = suggest(s.holding, known, n=3, listing="known here")
        self.err("unknown-name", s.holding_pos or s.pos,
                 f"unknown holding space '{s.holding}': neither the jail nor one of rules.holdings{hint}",
                 close_names(s.holding, known))

    def s_Keep(self, s: n.Keep) -> None:
        if self.ctx.id != "card":
            self.err("not-allowed-here", s.pos, f"'keep as' keeps the card being resolved; "
                                                f"it is only for card effects, not "
                                                f"{self.ctx.summary}")
        if not _ID.match(s.use):
            self.err("dsl-syntax", s.use_pos, f"the use of a kept card is lower-case letters, "
                                              f"digits and '_'; '{s.use}' is not")
        elif s.use not in KEEP_USES and close_names(s.use, KEEP_USES):
            hint = suggest(s.use, KEEP_USES, n=3, listing="known here")
            hints = close_names(s.use, KEEP_USES)
            self.err("unknown-name", s.use_pos, f"unknown use of a kept card '{s.use}'{hint}",
                     hints)
        elif (s.use not in KEEP_USES and self.ctx.id == "card"
              and self.card_id not in self.names.card_plays):
            self.err("not-allowed-here", s.use_pos,
                     f"a card kept as '{s.use}' needs a 'play:' section on the card (when it "
                     f"may be played and what it does); the only built-in use is "
                     f"{', '.join(KEEP_USES)}")

    def _keeps(self, stmts: list[n.Stmt], before: int) -> int:
        """The most `keep as` a card's effect may run on one path through `stmts`, `before`
        having run before them; a second one on a path is an error at it (the card is out of
        its deck after the first, so a second cannot keep it). A loop's body counts twice."""
        count = before
        for s in stmts:
            if isinstance(s, n.Keep):
                count += 1
                if count == 2:
                    self.err("not-allowed-here", s.pos, "the card may be kept twice on this path "
                                                        "(a card is kept once: after 'keep as' it "
                                                        "is out of its deck)")
            elif isinstance(s, n.If):
                ends = [self._keeps(body, count) for _, body in s.branches]
                count = max(ends + [self._keeps(s.orelse or [], count)])
            elif isinstance(s, n.Choose):
                count = max([self._keeps(o.body, count) for o in s.options] or [count])
            elif isinstance(s, n.ForEach):
                once = self._keeps(s.body, count)
                count = once if once == count else self._keeps(s.body, once)
            elif isinstance(s, n.With):
                count = self._keeps(s.body, count)
        return count

    def s_Draw(self, s: n.Draw) -> None:
        if s.deck not in self.names.decks:
            hint = suggest(s.deck, self.names.decks, n=3, listing="known here")
            hints = close_names(s.deck, self.names.decks)
            self.err("unknown-name", s.deck_pos, f"unknown deck '{s.deck}'{hint}", hints)

    def s_Let(self, s: n.Let) -> None:
        t = self.expr(s.expr)
        nonneg = isinstance(s.expr, n.Num) and s.name not in self.assigned
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
            if s.filter is not None:
                self.filter(s.filter, "a loop variable")
            else:
                self.bind(s.name, s.name_pos, Binding(PLAYER, "v_" + s.name, readonly=True),
                          "a loop variable")
            self.block(s.body)
        finally:
            self.scopes.pop()

    # ---- sets, filters, aggregates

    def set_names(self) -> list[str]:
        """The sets a loop or filter may go over (for messages)."""
        return ["player", "other player", "group", "space", "deed"] + sorted(
            self.names.space_kinds or self.kinds)

    def filter(self, f: n.Filter, what: str) -> None:
        """Check `SET NAME [where COND]` and bind NAME in the current scope."""
        ref = f.set
        item = ANY
        if ref.kind in ("players", "others"):
            item = PLAYER
        elif ref.kind == "groups":
            item = GROUP
        elif ref.name in ("space", "deed") or ref.name in self.kinds:
            item = SPACE
        else:
            hint = suggest(ref.name, self.set_names(), n=3, listing="sets")
            hints = close_names(ref.name, self.set_names())
            self.err("unknown-name", ref.pos, f"unknown set '{ref.name}' to go over{hint}",
                     hints)
        ref.item = item
        self.bind(f.name, f.name_pos, Binding(item, "v_" + f.name, readonly=True), what)
        if f.where is not None:
            self.pure_here += 1
            try:
                self.need(f.where, BOOL, "the condition after 'where'")
            finally:
                self.pure_here -= 1

    _AGG_ITEMS = ("count", "first", "nearest")
    _AGG_VALUES = ("sum", "max", "min", "most", "least")
    _AGG_EITHER = ("pick",)     # with a value (the bots' measure) or without

    def e_Agg(self, e: n.Agg, expect) -> Type:
        known = self._AGG_ITEMS + self._AGG_VALUES + self._AGG_EITHER
        self.scopes.append({})
        try:
            self.filter(e.filter, "the variable of a filter")
            vt = None
            if e.value is not None:
                self.pure_here += 1
                try:
                    vt = self.need(e.value, NUM, f"the value {e.func}() adds up or compares")
                finally:
                    self.pure_here -= 1
        finally:
            self.scopes.pop()
        item = e.filter.set.item or ANY
        if e.func not in known:
            hint = suggest(e.func, known, n=3)
            hints = close_names(e.func, known)
            self.err("unknown-name", e.pos, f"'{e.func}' does not go over a set{hint}; write "
                                            f"count(each ...), first(each ...), nearest(each "
                                            f"...), pick(each ...), or sum/max/min/most/least("
                                            f"VALUE for each ...)", hints)
            return ANY
        if e.func in self._AGG_ITEMS and e.value is not None:
            self.err("type-error", e.pos, f"{e.func}() takes no value: write "
                                          f"{e.func}(each SET NAME where COND)")
            return ANY
        if e.func in self._AGG_VALUES and e.value is None:
            self.err("type-error", e.pos, f"{e.func}() needs a value: write "
                                          f"{e.func}(VALUE for each SET NAME where COND)")
            return ANY
        if e.func == "count":
            return INT
        if e.func in ("nearest", "pick") and item not in (SPACE, ANY):
            self.err("type-error", e.pos, f"{e.func}() goes over spaces (space, deed or a kind)")
            return ANY
        if e.func == "pick" and (self.ctx.kind != "effect" or self.ctx.pure or self.pure_here):
            self.err("not-allowed-here", e.pos, "pick() asks the player to choose, so it is only "
                                                "for effects (not in " + (
                                                    "a condition that is only checked ('when', "
                                                    "'bot', 'where')" if self.pure_here else
                                                    self.ctx.summary) + ")")
            return SPACE
        if e.func in ("first", "nearest", "most", "least", "pick"):
            return item
        if vt is None or vt.name == "any":
            return ANY
        return vt if e.func in ("max", "min") else (INT if vt == INT else NUM)

    def s_Assign(self, s: n.Assign) -> None:
        b = self.lookup_local(s.name)
        t = self.expr(s.expr)
        if b is None:
            if s.name in self.let_later and self.let_later[s.name] > s.pos:
                self.err("used-before-set", s.pos, f"'{s.name}' is changed before it is set: "
                                                   f"its 'let' ({ref(0, 'l')}) must come first, "
                                                   f"in this block or one around it",
                         refs=(self.let_later[s.name],))
            else:
                self.err("used-before-set", s.pos, f"'{s.name}' is not a variable: make it "
                                                   f"first with 'let {s.name} = ...'")
            return
        if b.readonly:
            self.err("not-allowed-here", s.pos, f"'{s.name}' is a loop variable and cannot be "
                                                f"changed")
            return
        if t.name == "any" or b.type.name == "any":
            return
        if b.type == INT and t == NUM:
            self.err("fractional-money", s.expr.pos, f"'{s.name}' holds whole numbers, but this "
                                                     f"may be fractional; {_FIX_FRACTION}")
            return
        u = unify(b.type, t)
        if u is None:
            self.err("type-error", s.expr.pos, f"'{s.name}' holds {describe(b.type)}, but this "
                                               f"is {describe(t)}")
            return
        b.type = u

    def s_Pass(self, s) -> None:
        pass

    def s_Release(self, s) -> None:
        pass

    def s_Discard(self, s: n.Discard) -> None:
        if not _ID.match(s.use):
            self.err("dsl-syntax", s.use_pos, f"the use of a kept card is lower-case letters, "
                                              f"digits and '_'; '{s.use}' is not")

    def s_Counter(self, s: n.Counter) -> None:
        self._flag_name(s.counter, s.counter_pos)
        self.need_target(s.target, "the player or space of the counter")
        if s.amount is not None:
            self.need(s.amount, INT, "the amount to add")

    def need_target(self, node: n.Expr, what: str) -> Type:
        """A player or a space (what flags and counters go on)."""
        t = self.expr(node)
        if t.name not in ("player", "space", "any"):
            self.err("type-error", node.pos, f"{what} must be a player or a space, but this is "
                                             f"{describe(t)}")
        return t

    def s_OfferBuy(self, s: n.OfferBuy) -> None:
        self.need(s.space, SPACE, "the deed offered")
        self._deed_name(s.space)
        self.money(s.price, "the price", nonneg=True)

    def s_Auction(self, s: n.Auction) -> None:
        self.need(s.space, SPACE, "the deed auctioned")
        self._deed_name(s.space)

    def _deed_name(self, node: n.Expr) -> None:
        if (isinstance(node, n.Name) and node.name in self.names.spaces
                and node.name not in self.names.deeds and self.lookup_local(node.name) is None):
            self.err("type-error", node.pos, f"'{node.name}' has no title deed: only a street, "
                                             f"a railroad or a utility can be owned")

    def s_Choose(self, s: n.Choose) -> None:
        if not s.options:
            self.err("empty-choice", s.pos, "this choice has no options: write one "
                                            "'option LABEL: ...' line for each alternative")
            return
        seen: dict[str, n.OptionClause] = {}
        for opt in s.options:
            if not _ID.match(opt.label):
                self.err("dsl-syntax", opt.pos, f"a label is lower-case letters, digits and "
                                                f"'_', starting with a letter; '{opt.label}' "
                                                f"is not")
            elif opt.label in seen:
                self.err("duplicate-name", opt.pos, f"the label '{opt.label}' is used twice in "
                                                    f"this choice (first at {ref(0)})",
                         refs=(seen[opt.label].pos,))
            seen[opt.label] = opt
            self.pure_here += 1
            try:
                if opt.when is not None:
                    self.need(opt.when, BOOL, "the condition after 'when'")
                if opt.bot is not None:
                    self.need(opt.bot, BOOL, "the bot hint after 'bot'")
            finally:
                self.pure_here -= 1
            self.block(opt.body)
        if len(s.options) == 1:
            self.err("empty-choice", s.pos, "a choice needs at least two options (an "
                                            "option that changes nothing is 'option decline: "
                                            "pass')")

    def s_With(self, s: n.With) -> None:
        self.need(s.subject, PLAYER, "the subject after 'with'")
        self.block(s.body)

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
        t = self.need_target(s.player, "the player or space to flag")
        if s.until in ("next_move", "laps") and t == SPACE:
            self.err("not-allowed-here", s.pos, "a space does not move or go round the board: "
                                                "a flag on a space lasts 'until used', "
                                                "'until end of turn' or 'for N turns' / "
                                                "'for N rounds'")
        if s.duration is not None:
            self.need(s.duration, INT, "the duration")
            d = s.duration
            if isinstance(d, n.Num) and d.value <= 0:
                self.err("not-positive", d.pos, f"a flag lasts at least one {s.until[:-1]}; "
                                                f"{d.value} is not a positive duration")
            elif isinstance(d, n.Neg):
                self.err("not-positive", d.pos, "a flag's duration must be positive")

    def s_ClearFlag(self, s: n.ClearFlag) -> None:
        self._flag_used(s.flag, s.flag_pos)
        self.need_target(s.player, "the player or space to clear the flag on")

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
        if s.to is not None:
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
        if expect == KIND and name in self.kinds:
            e.res = ("kind", name)
            return KIND
        if expect == GROUP and name in self.names.groups:
            e.res = ("group", name)
            return GROUP
        if expect == ROLE:
            return self._role(e)
        if name in self.names.spaces:
            e.res = ("space", self.names.spaces[name])
            return SPACE
        if name in self.names.groups:
            e.res = ("group", name)
            return GROUP
        if name in self.names.roles:
            e.res = ("role", name)
            return ROLE
        if name in self.kinds:
            self.err("type-error", e.pos, f"'{name}' is a kind of space; a kind is only used "
                                          f"after 'nearest' or compared with X.kind")
            return ANY
        if name in self.names.decks:
            self.err("type-error", e.pos, f"'{name}' is a deck; a deck is only used in "
                                          f"'draw from {name}'")
            return ANY
        if name in FUNCTIONS or name in self.names.functions:
            sig = (FUNCTIONS.get(name) or self.names.functions[name]).signature
            self.err("type-error", e.pos, f"'{name}' is a function: call it, as in {sig}")
            return ANY
        if name == "params":
            self.err("type-error", e.pos, "write params.NAME to read an edition constant")
            return ANY
        if name in self.let_later and self.let_later[name] > e.pos:
            self.err("used-before-set", e.pos, f"'{name}' is used before it is set: its 'let' "
                                               f"({ref(0, 'l')}) must come first, in this block "
                                               f"or one around it", refs=(self.let_later[name],))
            return ANY
        hint = suggest(name, self.visible_names(), n=3, listing="known here")
        hints = close_names(name, self.visible_names())
        self.err("unknown-name", e.pos, f"unknown name '{name}'{hint}", hints)
        return ANY

    def _role(self, e: n.Name) -> Type:
        """A bare name where a player role is expected (`p.role == ROLE`): one of the
        edition's `roles.list`, else an `unknown-name` issue with the close ids."""
        if e.name in self.names.roles:
            e.res = ("role", e.name)
            return ROLE
        if self.names.sizes is not None and not self.names.roles:
            return ANY                # `p.role` is refused already: no second issue
        known = sorted(self.names.roles)
        listing = ", ".join(known) if known else "none: the edition declares no roles"
        hints = close_names(e.name, known)
        self.err("unknown-name", e.pos, f"unknown role '{e.name}'{suggest(e.name, known)} "
                                        f"(the edition's roles: {listing})", hints)
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
        if e.name == "role" and self.names.sizes is not None and not self.names.roles:
            self.err("unknown-name", e.pos, "this edition declares no player roles, so players "
                                            "have no 'role' (declare them under roles:)")
            return ROLE               # (the role compared with is then not reported again)
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
        spec = FUNCTIONS.get(e.name) or self.names.functions.get(e.name)
        if spec is None:
            for a in e.args:
                self.expr(a)
            if (self.lookup_local(e.name) or e.name in self.ctx.names or e.name in PLAYER_ATTRS
                    or e.name in self.names.spaces):
                self.err("type-error", e.pos, f"'{e.name}' is not a function and cannot be "
                                              f"called")
            elif (other := plugin_functions().get(e.name)) is not None:
                self.err("unknown-name", e.pos, f"'{e.name}' is a function of the plugin '{other.plugin}', "
                                                f"which this edition does not declare: add it to the "
                                                f"edition's `plugins:` list")
            else:
                known = FUNCTIONS.keys() | self.names.functions.keys()
                hint = suggest(e.name, known, n=3, listing="known here")
                hints = close_names(e.name, known)
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
            return spec.returns or self._result_on_error(e.name)
        if spec.impure and (self.ctx.pure or self.pure_here):
            self.err("not-allowed-here", e.pos, f"{e.name}() changes the game, so it cannot be "
                                                f"used in " + ("a condition that is only "
                                                "checked ('when', 'bot', 'where')"
                                                if self.pure_here else
                                                f"{self.ctx.summary}, which is only checked"))
        if spec.plugin:
            return self._plugin_call(e, spec)
        return getattr(self, "f_" + e.name)(e)

    def _plugin_call(self, e: n.Call, spec: FunctionSpec) -> Type:
        """A plugin's function: each argument of its declared type; the result of its own."""
        for i, (a, t) in enumerate(zip(e.args, spec.params or (), strict=True)):
            self.need(a, t, self._arg_name(e, i))
        return spec.returns or ANY

    @staticmethod
    def _result_on_error(name: str) -> Type:
        return {"roll": ROLL, "has_flag": BOOL, "use_flag": BOOL, "completes_group": BOOL,
                "owned_in": INT, "counter": INT, "holds": INT, "treasury": INT,
                "built": INT, "cards_in": INT, "unowned": INT, "rent_of": INT, "floor": INT, "ceil": INT,
                "round": INT}.get(name, ANY)

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
        self.need_target(e.args[0], self._arg_name(e, 0))
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

    def f_counter(self, e):
        self.need_target(e.args[0], self._arg_name(e, 0))
        c = e.args[1]
        if not isinstance(c, n.Name):
            self.expr(c)
            self.err("type-error", c.pos, "the second argument of counter() is a counter name, "
                                          "as in counter(me, visits)")
            return INT
        c.type = ANY
        c.res = ("flag", c.name)
        self._flag_name(c.name, c.pos)
        return INT

    def f_treasury(self, e):
        return INT

    def f_unowned(self, e):
        return INT

    def f_holds(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        u = e.args[1]
        if not isinstance(u, n.Name) or not _ID.match(u.name):
            self.expr(u)
            self.err("type-error", u.pos, "the second argument of holds() is the use of a kept "
                                          "card, as in holds(me, get_out_of_jail)")
            return INT
        u.type = ANY
        u.res = ("flag", u.name)
        return INT

    def f_cards_in(self, e):
        d = e.args[0]
        if not isinstance(d, n.Name) or d.name not in self.names.decks:
            if not isinstance(d, n.Name):
                self.expr(d)
            known = ", ".join(sorted(self.names.decks)) or "none"
            self.err("unknown-name", d.pos, f"cards_in() takes a deck of the edition (decks: {known})")
            return INT
        d.type = ANY
        d.res = ("flag", d.name)
        return INT

    def f_built(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        u = e.args[1]
        if not isinstance(u, n.Name) or not _ID.match(u.name):
            self.expr(u)
            self.err("type-error", u.pos, "the second argument of built() is a kind of building, "
                                          "as in built(me, hotel)")
            return INT
        u.type = ANY
        u.res = ("flag", u.name)
        return INT

    def f_rent_of(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        self.need(e.args[1], SPACE, self._arg_name(e, 1))
        return INT

    def f_completes_group(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        self.need(e.args[1], SPACE, self._arg_name(e, 1))
        return BOOL

    def f_space_ahead(self, e):
        self.need(e.args[0], PLAYER, self._arg_name(e, 0))
        self.need(e.args[1], INT, self._arg_name(e, 1))
        return SPACE

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
# (treasury() is money too, but one factor of it is no more than one of cash)


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

