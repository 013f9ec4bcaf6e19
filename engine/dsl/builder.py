"""Building the syntax tree of `nodes.py` from lark's reductions.

`Builder` is used inline by the LALR parser (no recursion over lark trees); each node records its
nesting depth so that input beyond `vocabulary.LIMITS` can be refused before any recursive pass.
Limits found while building are collected as issues, not raised.
"""

from __future__ import annotations

from lark import Token, Transformer

from . import nodes as n
from .issues import Issue
from .vocabulary import LIMITS


def token_pos(tok: Token) -> n.Pos:
    """The (line, col) of a token, 1-based (lark leaves them None only on tokens it makes up)."""
    return (tok.line or 1, tok.column or 1)


_pos = token_pos


def _d(*items) -> int:
    """1 + the deepest of `items` (nodes or lists of nodes)."""
    best = 0
    for it in items:
        if isinstance(it, list):
            for x in it:
                best = max(best, x.depth)
        elif it is not None and hasattr(it, "depth"):
            best = max(best, it.depth)
    return best + 1


def _flatten(children) -> list[n.Stmt]:
    out: list[n.Stmt] = []
    for c in children:
        if isinstance(c, list):
            out.extend(c)
        elif isinstance(c, n.Stmt):
            out.append(c)
    return out


class Builder(Transformer):
    """Builds `nodes` from lark's reductions (used inline by the LALR parser): one method per
    grammar rule or alias of grammar.lark, taking the rule's children. Limits that are found
    while building are collected in `self.issues`, not raised."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self.issues: list[Issue] = []

    def _limit(self, pos, message):
        self.issues.append(Issue("dsl-limit", message, pos))

    # ---- start symbols
    def effect(self, ch):
        body = _flatten(ch)
        return n.Effect((1, 1), body, depth=max((s.depth for s in body), default=1))

    def formula(self, ch):
        expr = ch[0]
        return n.Formula(expr.pos, expr, depth=expr.depth)

    # ---- statements
    def simple_stmts(self, ch):
        return [c for c in ch if not isinstance(c, Token)]

    def suite(self, ch):
        return _flatten(ch)

    def pay_bank(self, ch):
        return n.Pay(_pos(ch[0]), "bank", ch[2], depth=_d(ch[2]))

    def treasury_to_bank(self, ch):
        return n.Pay(_pos(ch[0]), "treasury_to_bank", ch[1], depth=_d(ch[1]))

    def pay_treasury(self, ch):
        return n.Pay(_pos(ch[0]), "treasury", ch[2], depth=_d(ch[2]))

    def collect_treasury(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], "treasury", depth=_d(ch[1]))

    def pay_each(self, ch):
        return n.Pay(_pos(ch[0]), "each", ch[4], depth=_d(ch[4]))

    def pay_player(self, ch):
        return n.Pay(_pos(ch[0]), ch[1], ch[2], depth=_d(ch[1], ch[2]))

    def collect_bank(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], "bank", depth=_d(ch[1]))

    def collect_each(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], "each", depth=_d(ch[1]))

    def collect_player(self, ch):
        return n.Collect(_pos(ch[0]), ch[1], ch[3], depth=_d(ch[1], ch[3]))

    def _move(self, ch, how, arg, arg_pos):
        opts = ch[-1] if isinstance(ch[-1], list) else []
        return n.Move(_pos(ch[0]), how, arg, arg_pos, opts,
                      depth=_d(arg if isinstance(arg, n.Node) else None, opts))

    def move_to(self, ch):
        return self._move(ch, "to", ch[2], ch[2].pos)

    def move_nearest(self, ch):
        return self._move(ch, "nearest", str(ch[3]), _pos(ch[3]))

    def move_nearest_group(self, ch):
        return self._move(ch, "nearest_group", str(ch[4]), _pos(ch[4]))

    def move_forward(self, ch):
        return self._move(ch, "forward", ch[2], ch[2].pos)

    def move_back(self, ch):
        return self._move(ch, "back", ch[2], ch[2].pos)

    def move_back_to(self, ch):
        return self._move(ch, "back_to", ch[3], ch[3].pos)

    def with_opts(self, ch):
        return [c for c in ch if isinstance(c, n.Option)]

    def opt_rent(self, ch):
        return n.Option(_pos(ch[0]), "rent", ch[2], depth=_d(ch[2]))

    def opt_dice(self, ch):
        return n.Option(_pos(ch[0]), "dice", ch[2], depth=_d(ch[2]))

    def opt_salary(self, ch):
        return n.Option(_pos(ch[0]), "salary", ch[2], depth=_d(ch[2]))

    def opt_no_salary(self, ch):
        return n.Option(_pos(ch[0]), "no_salary", None)

    def jail_stmt(self, ch):
        return n.GoToJail(_pos(ch[0]))

    def holding_stmt(self, ch):
        return n.GoToJail(_pos(ch[0]), str(ch[3]), _pos(ch[3]))

    def keep_stmt(self, ch):
        return n.Keep(_pos(ch[0]), str(ch[2]), _pos(ch[2]))

    def draw_stmt(self, ch):
        return n.Draw(_pos(ch[0]), str(ch[2]), _pos(ch[2]))

    def let_stmt(self, ch):
        return n.Let(_pos(ch[0]), str(ch[1]), _pos(ch[1]), ch[3], depth=_d(ch[3]))

    def set_flag_stmt(self, ch):
        until, duration = ch[5] if len(ch) > 5 else ("used", None)
        return n.SetFlag(_pos(ch[0]), str(ch[2]), _pos(ch[2]), ch[4], until, duration,
                         depth=_d(ch[4], duration))

    def until_used(self, ch):
        return ("used", None)

    def until_end_of_turn(self, ch):
        return ("end_of_turn", None)

    def until_next_move(self, ch):
        return ("next_move", None)

    def for_period(self, ch):
        period = str(ch[2])
        return (period if period.endswith("s") else period + "s", ch[1])

    def add_counter(self, ch):
        return n.Counter(_pos(ch[0]), "add", str(ch[4]), _pos(ch[4]), ch[6], ch[1],
                         depth=_d(ch[1], ch[6]))

    def clear_counter(self, ch):
        return n.Counter(_pos(ch[0]), "clear", str(ch[2]), _pos(ch[2]), ch[4], None,
                         depth=_d(ch[4]))

    def assign_stmt(self, ch):
        return n.Assign(_pos(ch[0]), str(ch[0]), ch[2], depth=_d(ch[2]))

    def pass_stmt(self, ch):
        return n.Pass(_pos(ch[0]))

    def release_stmt(self, ch):
        return n.Release(_pos(ch[0]))

    def discard_stmt(self, ch):
        return n.Discard(_pos(ch[0]), str(ch[1]), _pos(ch[1]))

    def choose_stmt(self, ch):
        options = [c for c in ch if isinstance(c, n.OptionClause)]
        return n.Choose(_pos(ch[0]), options, depth=_d(options))

    def option_clause(self, ch):
        when = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "when"), None)
        bot = next((c[1] for c in ch if isinstance(c, tuple) and c[0] == "bot"), None)
        body = ch[-1]
        return n.OptionClause(_pos(ch[1]), str(ch[1]), when, bot, body,
                              depth=_d(when, bot, body))

    def option_when(self, ch):
        return ("when", ch[1])

    def option_bot(self, ch):
        return ("bot", ch[1])

    def with_stmt(self, ch):
        return n.With(_pos(ch[0]), ch[1], ch[3], depth=_d(ch[1], ch[3]))

    # ---- sets and filters
    def set_others(self, ch):
        return n.SetRef(_pos(ch[0]), "others")

    def set_players(self, ch):
        return n.SetRef(_pos(ch[0]), "players")

    def set_groups(self, ch):
        return n.SetRef(_pos(ch[0]), "groups")

    def set_named(self, ch):
        return n.SetRef(_pos(ch[0]), "named", str(ch[0]))

    def where_clause(self, ch):
        return ("where", ch[1])

    @staticmethod
    def _filter(set_ref, name_tok, rest) -> n.Filter:
        where = next((c[1] for c in rest if isinstance(c, tuple) and c[0] == "where"), None)
        return n.Filter(set_ref.pos, set_ref, str(name_tok), _pos(name_tok), where,
                        depth=_d(where))

    def for_set(self, ch):
        f = self._filter(ch[2], ch[3], ch[4:-2])
        body = ch[-1]
        return n.ForEach(_pos(ch[0]), False, f.name, f.name_pos, body, f, depth=_d(f, body))

    def move_nearest_where(self, ch):
        f = self._filter(ch[3], ch[4], [("where", ch[6])])
        opts = ch[-1] if isinstance(ch[-1], list) else []
        return n.Move(_pos(ch[0]), "nearest_where", f, f.pos, opts, depth=_d(f, opts))

    def agg_items(self, ch):
        f = self._filter(ch[3], ch[4], ch[5:-1])
        return n.Agg(_pos(ch[0]), str(ch[0]), None, f, depth=_d(f))

    def agg_values(self, ch):
        f = self._filter(ch[5], ch[6], ch[7:-1])
        return n.Agg(_pos(ch[0]), str(ch[0]), ch[2], f, depth=_d(ch[2], f))

    def clear_flag_stmt(self, ch):
        return n.ClearFlag(_pos(ch[0]), str(ch[2]), _pos(ch[2]), ch[4], depth=_d(ch[4]))

    def offer_build(self, ch):
        return n.OfferBuild(_pos(ch[0]), ch[4], depth=_d(ch[4]))

    def offer_buy(self, ch):
        return n.OfferBuy(_pos(ch[0]), ch[2], ch[4], depth=_d(ch[2], ch[4]))

    def auction_stmt(self, ch):
        return n.Auction(_pos(ch[0]), ch[1], depth=_d(ch[1]))

    def transfer_stmt(self, ch):
        return n.Transfer(_pos(ch[0]), ch[1], ch[3], depth=_d(ch[1], ch[3]))

    def transfer_bank(self, ch):
        return n.Transfer(_pos(ch[0]), ch[1], None, depth=_d(ch[1]))

    def path(self, ch):
        names = [c for c in ch if c.type == "NAME"]
        node: n.Expr = n.Name(_pos(names[0]), str(names[0]))
        for tok in names[1:]:
            node = n.Attr(_pos(tok), node, str(tok), depth=node.depth + 1)
        return node

    def if_stmt(self, ch):
        branches = [(ch[1], ch[3])]
        orelse = None
        for c in ch[4:]:
            if c[0] == "elif":
                branches.append((c[1], c[2]))
            else:
                orelse = c[1]
        if len(branches) > LIMITS["branches"]:
            self._limit(_pos(ch[0]), f"this 'if' has {len(branches) - 1} 'elif' branches; "
                                     f"at most {LIMITS['branches']} are allowed")
        depth = _d([b[0] for b in branches], *[b[1] for b in branches], orelse or [])
        return n.If(_pos(ch[0]), branches, orelse, depth=depth)

    def elif_clause(self, ch):
        return ("elif", ch[1], ch[3])

    def else_clause(self, ch):
        return ("else", ch[2])

    def for_players(self, ch):
        other = any(isinstance(c, Token) and c.type == "OTHER" for c in ch)
        name = [c for c in ch if isinstance(c, Token) and c.type == "NAME"][0]
        body = ch[-1]
        return n.ForEach(_pos(ch[0]), other, str(name), _pos(name), body, depth=_d(body))

    # ---- expressions
    def conditional(self, ch):
        then, _if, cond, _else, other = ch
        return n.Cond(_pos(_if), then, cond, other, depth=_d(then, cond, other))

    def _boolop(self, ch, op):
        operands = [c for c in ch if not isinstance(c, Token)]
        if len(operands) > LIMITS["chain"]:
            self._limit(operands[0].pos, f"this chain of '{op}' has {len(operands)} operands; "
                                         f"at most {LIMITS['chain']} are allowed")
        return n.BoolOp(operands[0].pos, op, operands, depth=_d(operands))

    def or_test(self, ch):
        return self._boolop(ch, "or")

    def and_test(self, ch):
        return self._boolop(ch, "and")

    def not_op(self, ch):
        return n.Not(_pos(ch[0]), ch[1], depth=_d(ch[1]))

    def compare(self, ch):
        left, op, right = ch
        return n.Compare(_pos(op), str(op), left, right, depth=_d(left, right))

    def _chain(self, ch):
        first = ch[0]
        rest = [(str(ch[i]), _pos(ch[i]), ch[i + 1]) for i in range(1, len(ch), 2)]
        if len(rest) + 1 > LIMITS["chain"]:
            self._limit(first.pos, f"this chain of operators has {len(rest) + 1} operands; "
                                   f"at most {LIMITS['chain']} are allowed")
        return n.Chain(first.pos, first, rest, depth=_d(first, [r[2] for r in rest]))

    arith = _chain
    term = _chain

    def neg(self, ch):
        return n.Neg(_pos(ch[0]), ch[1], depth=_d(ch[1]))

    def attr(self, ch):
        return n.Attr(_pos(ch[2]), ch[0], str(ch[2]), depth=_d(ch[0]))

    def index(self, ch):
        return n.Index(_pos(ch[1]), ch[0], ch[2], depth=_d(ch[0], ch[2]))

    def call(self, ch):
        args = [c for c in ch[2:] if not isinstance(c, Token)]
        return n.Call(_pos(ch[0]), str(ch[0]), args, depth=_d(args))

    def number(self, ch):
        tok = ch[0]
        digits = tok.value.replace("_", "")
        if len(digits) > LIMITS["digits"]:
            self._limit(_pos(tok), f"this number has {len(digits)} digits; "
                                   f"at most {LIMITS['digits']} are allowed")
            return n.Num(_pos(tok), 0)
        return n.Num(_pos(tok), int(digits))

    def decimal(self, ch):
        return n.Decimal(_pos(ch[0]), ch[0].value)

    def name(self, ch):
        return n.Name(_pos(ch[0]), str(ch[0]))

    def true(self, ch):
        return n.Bool(_pos(ch[0]), True)

    def false(self, ch):
        return n.Bool(_pos(ch[0]), False)

    def none(self, ch):
        return n.NoneLit(_pos(ch[0]))

    def paren(self, ch):
        inner = ch[1]
        inner.depth += 1
        return inner

    def list(self, ch):
        items = [c for c in ch[1:-1] if not isinstance(c, Token)]
        if len(items) > LIMITS["list_items"]:
            self._limit(_pos(ch[0]), f"this list has {len(items)} items; "
                                     f"at most {LIMITS['list_items']} are allowed")
        return n.ListLit(_pos(ch[0]), items, depth=_d(items))
