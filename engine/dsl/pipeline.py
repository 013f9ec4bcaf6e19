"""Checking and compiling the DSL of an edition, or of a single snippet.

    check_edition(tree, locate)   -> list[Problem]            every problem of every snippet
    compile_edition(tree, locate) -> dict[pointer, function]   one module, one compile() call
    check_snippet(text, context, names=None, ...)   -> list[Problem]
    compile_snippet(text, context, names=None, ...) -> function

`tree` is the merged edition (a dict from YAML); `locate(pointer)` returns the `Mark` of a node
(see engine/problems.py), so every problem is placed at file:line:col inside the YAML
file. The snippets are found at the pointers of `contexts.POINTERS`; a YAML integer at a formula
location is a constant formula (a boolean, at a condition).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..problems import Mark, Problem, ProblemsError
from . import nodes as n
from .checker import Checker
from .codegen import ModuleBuilder, Unit
from .contexts import POINTERS, Context
from .contexts import context as get_context
from .issues import DslError, Issue
from .labels import label_problems
from .loops import endless_draws, endless_hooks, formula_calls
from .names import EditionNames, item_id, items_of
from .parser import parse
from .positions import file_position, format_position


@dataclass
class Snippet:
    """One piece of DSL (or a constant formula) found in an edition.

    pointer:    JSON pointer of the node ('/decks/0/cards/3/do');
    context:    the `Context` of that location;
    value:      the node's value: DSL text, or an int / bool constant;
    mark:       where the node is in the YAML file (None when unknown);
    label:      how messages name it ("card 'chance_go'");
    card_id:    the card's id, for `keep as` (cards only), and the source of a `choose:`'s
                labels (the card, action or declared kind of space);
    has_target: False for an action whose `target` is none.
    """

    pointer: str
    context: Context
    value: Any
    mark: Mark | None = None
    label: str = "snippet"
    card_id: str = ""
    has_target: bool = True

    def where(self, pos: tuple[int, int] = (1, 1)) -> str:
        """"card 'x' (file:line:col)" for a DSL position of this snippet."""
        return f"{self.label} ({format_position(self.mark, *pos)})"

    def problem(self, issue: Issue) -> Problem:
        """The `Problem` of an issue of this snippet, located in the YAML file."""
        f, line, col = file_position(self.mark, *issue.pos)
        message = issue.text(lambda pos: file_position(self.mark, *pos)[1:])
        return Problem(issue.severity, issue.code, message, f, line, col, self.pointer, issue.hints)


@dataclass
class Analysed:
    """A snippet after parsing and checking."""

    snippet: Snippet
    tree: Any = None                  # nodes.Effect | nodes.Formula | None
    checker: Checker | None = None
    constant: Any = None              # for a constant formula
    problems: list[Problem] = field(default_factory=list)


# ------------------------------------------------------------------ finding snippets

def _escape(seg: str) -> str:
    return seg.replace("~", "~0").replace("/", "~1")


def _walk(node, pattern, i, path, ids) -> Iterator[tuple[list[str], list[str], Any]]:
    if i == len(pattern):
        yield path, ids, node
        return
    seg = pattern[i]
    if seg == "*":
        for key, item in items_of(node):
            yield from _walk(item, pattern, i + 1, path + [key], ids + [item_id(key, item)])
    elif isinstance(node, dict) and seg in node:
        yield from _walk(node[seg], pattern, i + 1, path + [seg], ids)


def _safe_locate(locate, pointer: str) -> Mark | None:
    if locate is None:
        return None
    try:
        return locate(pointer)
    except (KeyError, LookupError, ValueError, TypeError):
        return None


def find_snippets(tree: Any, locate: Callable[[str], Mark | None] | None) -> list[Snippet]:
    """Every DSL location of `tree` that holds a value (in `contexts.POINTERS` order)."""
    out: list[Snippet] = []
    if not isinstance(tree, dict):
        return out
    for rule in POINTERS:
        ctx = get_context(rule.context)
        for path, ids, value in _walk(tree, rule.pattern, 0, [], []):
            if value is None:
                continue
            if isinstance(value, list) and any(r.pattern == rule.pattern + ("*",)
                                               for r in POINTERS):
                continue            # end.when as a list: each item is its own snippet
            if isinstance(value, dict):
                continue            # an end condition {condition: ..., rank: ...}: its `condition` is the snippet
            pointer = "/" + "/".join(_escape(p) for p in path)
            label = rule.label.format(*ids)
            card_id = ids[1] if rule.pattern[0] == "decks" and len(ids) > 1 else \
                (ids[0] if rule.pattern[0] in ("actions", "space_kinds") and ids else "")
            if rule.pattern[:2] == ("dice", "symbols") and ids:
                card_id = ids[0]
            elif rule.pattern[:2] == ("dice", "all_alike"):
                card_id = "all_alike"
            has_target = True
            if rule.pattern[0] == "actions":
                action = _walk_get(tree, path[:2])
                if isinstance(action, dict) and "target" in action and \
                        action["target"] in (None, "none"):
                    has_target = False
            out.append(Snippet(pointer, ctx, value, _safe_locate(locate, pointer), label,
                               card_id, has_target))
    return out


def _walk_get(tree, path):
    node = tree
    for seg in path:
        if isinstance(node, list):
            node = node[int(seg)]
        else:
            node = node[seg]
    return node


# ------------------------------------------------------------------ analysis

def collect_flags(stmts: list[n.Stmt]) -> set[str]:
    """The flags that `set flag` statements in `stmts` set."""
    out: set[str] = set()
    for s in stmts:
        if isinstance(s, n.SetFlag):
            out.add(s.flag)
        elif isinstance(s, n.If):
            for _, body in s.branches:
                out |= collect_flags(body)
            if s.orelse:
                out |= collect_flags(s.orelse)
        elif isinstance(s, (n.ForEach, n.With)):
            out |= collect_flags(s.body)
        elif isinstance(s, n.Choose):
            for opt in s.options:
                out |= collect_flags(opt.body)
    return out


def _constant(sn: Snippet, a: Analysed) -> None:
    v, ctx = sn.value, sn.context
    where = sn.mark
    def bad(code, msg):
        p = Problem.at(where, "error", code, msg, sn.pointer)
        a.problems.append(p)
    if ctx.kind == "effect":
        bad("type-error", f"{sn.label}: expected statements (text), found {v!r}")
    elif ctx.kind == "int" and isinstance(v, int) and not isinstance(v, bool):
        a.constant = v
    elif ctx.kind == "bool" and isinstance(v, bool):
        a.constant = v
    elif ctx.kind == "int" and isinstance(v, float):
        bad("fractional-money", f"{sn.label}: money is whole units; {v!r} is not a whole number")
    else:
        want = "a formula (text) or a whole number" if ctx.kind == "int" else \
            "a condition (text) or true/false"
        bad("type-error", f"{sn.label}: expected {want}, found {v!r}")


def analyse(snippets: list[Snippet], names: EditionNames) -> list[Analysed]:
    """Parse and check every snippet; all problems of all snippets are collected."""
    done: list[Analysed] = []
    flags = set(names.flags)
    for sn in snippets:
        a = Analysed(sn)
        done.append(a)
        if not isinstance(sn.value, str):
            _constant(sn, a)
            continue
        start = "effect" if sn.context.kind == "effect" else "formula"
        try:
            a.tree = parse(sn.value, start)
        except DslError as e:
            a.problems.extend(sn.problem(i) for i in e.issues)
            continue
        if isinstance(a.tree, n.Effect):
            flags |= collect_flags(a.tree.body)
    checked_names = names.with_flags(flags)
    for a in done:
        if a.tree is None:
            continue
        a.checker = Checker(a.snippet.context, checked_names, has_target=a.snippet.has_target,
                            card_id=a.snippet.card_id)
        a.problems.extend(a.snippet.problem(i) for i in a.checker.check(a.tree))
    _formula_calls(done, checked_names)
    return done


def _formula_calls(done: list[Analysed], names: EditionNames) -> None:
    """The problems of snippets that run other formulas (`loops.formula_calls`): a rent formula
    that may run itself, a bound over the limit counting the formulas a snippet runs. Only
    snippets without errors take part (a snippet over the limit on its own is reported once)."""
    ok = {a.snippet.pointer: a.tree for a in done
          if a.tree is not None and not any(p.severity == "error" for p in a.problems)}
    found, _ = formula_calls(ok, names.sizes)
    for a in done:
        a.problems.extend(a.snippet.problem(i) for i in found.get(a.snippet.pointer, ()))


def _reads(ctx: Context, name: str, stack: tuple[str, ...] = ()) -> bool:
    """Does context name `name` read the parameter `target` (itself or through its code)?"""
    if name == "target":
        return True
    code = ctx.names[name].code
    return "v_target" in code or any(d not in stack and _reads(ctx, d, stack + (name,))
                                     for d in re.findall(r"\{(\w+)\}", code))


def target_free_part(a: Analysed) -> n.Expr | None:
    """The conjuncts of a checked condition over a target (an action's `when` or `bot`) that do
    not read `target`, joined by `and`; None when every conjunct reads it (or it is no such
    condition). Where that part is false, the condition is false for every target: a caller
    learns it once instead of once per target (both are pure, so the answers are the same)."""
    ctx = a.snippet.context
    if ctx.kind != "bool" or "target" not in ctx.params or not isinstance(a.tree, n.Formula):
        return None
    e = a.tree.expr
    parts = e.operands if isinstance(e, n.BoolOp) and e.op == "and" else [e]
    free = [x for x in parts
            if not any(isinstance(m, n.Name) and m.res and m.res[0] == "ctx"
                       and _reads(ctx, m.res[1]) for m in n.walk(x))]
    if not free:
        return None
    return free[0] if len(free) == 1 else n.BoolOp(e.pos, "and", free, type=e.type)


def _uses(e: n.Expr) -> Counter:
    """How often `e` uses each context name (what the checker counts for a whole snippet)."""
    return Counter(m.res[1] for m in n.walk(e)
                   if isinstance(m, n.Name) and m.res and m.res[0] == "ctx")


def _compile(analysed: list[Analysed], label: str) -> dict[str, Callable]:
    """One module for every snippet. A condition over a target also gets the function of its
    `target_free_part` as its attribute `ready` (same signature, called with target None)."""
    builder = ModuleBuilder(label)
    for fid, a in enumerate(analysed):
        sn = a.snippet
        builder.add(Unit(fid, a.tree, a.checker, sn.context, a.constant, sn.card_id, sn.where))
    ready: dict[int, int] = {}
    for fid, a in enumerate(analysed):
        part = target_free_part(a)
        if part is not None:
            ready[fid] = rid = len(analysed) + len(ready)
            builder.add(Unit(rid, n.Formula(part.pos, part), None, a.snippet.context,
                             card_id=a.snippet.card_id, where=a.snippet.where, uses=_uses(part)))
    fns = builder.build()
    for fid, rid in ready.items():
        fns[fid].ready = fns[rid]  # type: ignore[attr-defined]
    return {a.snippet.pointer: fns[fid] for fid, a in enumerate(analysed)}


# ------------------------------------------------------------------ public entry points

@dataclass
class EditionAnalysis:
    """The DSL of an edition parsed and checked once (`analyse_edition`): `problems` is what
    `check_edition` reports; `analysed` is what `compile_edition` compiles, valid for the tree
    it was made from as long as that tree is not changed."""

    analysed: list[Analysed]
    problems: list[Problem]


def analyse_edition(tree: Any, locate: Callable[[str], Mark | None] | None) -> EditionAnalysis:
    """Parse and check every DSL snippet of an edition once, for `check_edition` and then
    `compile_edition` (a load checks the edition, then compiles it). Never raises on bad input."""
    names = EditionNames.from_tree(tree)
    problems: list[Problem] = []
    analysed = analyse(find_snippets(tree, locate), names)
    for a in analysed:
        problems.extend(a.problems)
    problems += _endless(tree, analysed, locate)
    problems += label_problems(tree, [(a.snippet, a.tree) for a in analysed
                                      if isinstance(a.tree, n.Effect)], locate)
    return EditionAnalysis(analysed, problems)


def check_edition(tree: Any, locate: Callable[[str], Mark | None] | None) -> list[Problem]:
    """Every DSL problem of an edition, each located inside the YAML file.

    `tree` is the merged edition; `locate(pointer)` the Mark of a node (may return None).
    Never raises on bad input."""
    return analyse_edition(tree, locate).problems


def _endless(tree: Any, analysed: list[Analysed], locate: Callable[[str], Mark | None] | None) -> list[Problem]:
    """`loops.endless_draws` over the edition's cards, located at each deck, and
    `loops.endless_hooks` over its landing hooks, located at the move."""
    cards = []
    for a in analysed:
        parts = a.snippet.pointer.split("/")
        if a.snippet.context.id == "card" and len(parts) == 6 and parts[1] == "decks":
            deck = _walk_get(tree, parts[1:3])
            deck_id = deck.get("id") if isinstance(deck, dict) else None
            if isinstance(deck_id, str):
                cards.append((deck_id, int(parts[2]), a.snippet.card_id, a.tree if not a.problems else None))
    out = []
    for p in endless_draws(tree, cards):
        mark = _safe_locate(locate, p.pointer)
        out.append(Problem.at(mark, p.severity, p.code, p.message, p.pointer))
    hooks, by_pointer = {}, {}
    for a in analysed:
        parts = a.snippet.pointer.split("/")
        if a.snippet.context.id == "space_hook" and len(parts) == 4 and parts[3] == "on_land":
            kind = _walk_get(tree, parts[1:3])
            if isinstance(kind, dict) and isinstance(kind.get("id"), str):
                hooks[kind["id"]] = (a.snippet.pointer, a.tree if not a.problems else None)
                by_pointer[a.snippet.pointer] = a.snippet
    out += [by_pointer[ptr].problem(issue) for ptr, issue in endless_hooks(tree, hooks)]
    return out


def compile_edition(tree: Any, locate: Callable[[str], Mark | None] | None,
                    analysis: EditionAnalysis | None = None) -> dict[str, Callable]:
    """Compile every DSL snippet (and constant formula) of an edition into Python functions.

    Returns {JSON pointer: function}; each function has the signature of its context
    (contexts.CONTEXTS) and a `where` attribute ("card 'x' (file:line:col)"). All snippets
    are generated into one module and compiled with one `compile()` call. `analysis` is the
    tree's `analyse_edition`, when the caller has it already (it is not parsed again).
    Raises `ProblemsError` (with every problem) when the edition's DSL has errors."""
    if analysis is None:
        analysed = analyse(find_snippets(tree, locate), EditionNames.from_tree(tree))
    else:
        analysed = analysis.analysed
    problems = [p for a in analysed for p in a.problems] + _endless(tree, analysed, locate)
    if any(p.severity == "error" for p in problems):
        raise ProblemsError(problems)
    label = tree.get("id", "edition") if isinstance(tree, dict) else "edition"
    return _compile(analysed, str(label))


def _snippet(text, ctx, mark, pointer, label, card_id, has_target) -> Snippet:
    c = get_context(ctx)
    return Snippet(pointer, c, text, mark, label or f"{c.id} snippet", card_id, has_target)


def check_snippet(text: Any, context: str | Context, names: EditionNames | None = None, *,
                  mark: Mark | None = None, pointer: str = "", label: str | None = None,
                  card_id: str = "", has_target: bool = True) -> list[Problem]:
    """The problems of one snippet (DSL text, or an int / bool constant) in `context`
    ('card', 'action', 'action_when', 'action_bot', 'salary', 'rent', 'tax', 'auction_start',
    'end_when', 'score'), resolving ids with `names` (default: none). Flags the snippet sets
    itself count as set. Raises KeyError for an unknown context."""
    sn = _snippet(text, context, mark, pointer, label, card_id, has_target)
    return [p for a in analyse([sn], names or EditionNames()) for p in a.problems]


def compile_snippet(text: Any, context: str | Context, names: EditionNames | None = None, *,
                    mark: Mark | None = None, pointer: str = "", label: str | None = None,
                    card_id: str = "", has_target: bool = True) -> Callable:
    """Compile one snippet into a function with its context's signature (for tests and for the
    engine's own rule defaults). Raises `ProblemsError` when the snippet has problems."""
    sn = _snippet(text, context, mark, pointer, label, card_id, has_target)
    analysed = analyse([sn], names or EditionNames())
    problems = [p for a in analysed for p in a.problems]
    if any(p.severity == "error" for p in problems):
        raise ProblemsError(problems)
    return _compile(analysed, sn.label)[sn.pointer]
