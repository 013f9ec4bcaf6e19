"""Work that never ends or cannot end in time, found at load: card draws that never end,
landing hooks that never end, and snippets whose nested loops visit too many elements.

Endless draws.

A card whose effect, unconditionally, moves the player to a card space (`move to chance_2`) or
draws (`draw from chest`) makes the player draw again. When every card of a deck does so, into
decks whose every card does so too, drawing never ends, whatever the shuffle: the checker refuses
such an edition (`endless-draws`), naming the cards. A loop that depends on conditions is left to
the engine, which stops it with an error naming the cards.

Endless hooks. An `on_land` of a declared kind of space whose first unconditional move lands the
player on a known space (a constant number of steps, a named space) whose kind's `on_land` moves
it on again, round to a space already passed, never ends (`move forward 0` is the shortest such
cycle): the checker refuses it (`endless-hooks`) at the move. Cycles that depend on conditions or
cards are left to the engine, which stops them past `landing.MAX_HOOK_DEPTH` hooks in a row.

The work of a loop. One evaluation of a snippet visits at most `work_bound` elements: a loop
(`for each`, an aggregate `count(each ...)`, `move to nearest SET s where ...`) visits each
element of its set once and runs its `where`, value and body for each, so nested loops multiply
the sizes of their sets and loops one after the other add up. A set's size is the edition's
(board spaces, deeds, spaces of a kind, groups, `players.max` players); for a snippet checked
without an edition, `UNKNOWN_SIZES`. The checker refuses a snippet whose bound exceeds
`LIMITS["loop_work"]` (`dsl-limit`, at the loop that crosses it), so no formula can keep a game
busy for hours (`count` of six loops over 40 spaces is 40^6 = 4.1e9 visits).
"""

from __future__ import annotations

from typing import Any

from ..problems import Problem
from . import nodes as n
from .issues import Issue
from .vocabulary import LIMITS

#: Set sizes for a snippet checked without an edition: the most players the edition format
#: allows (players.max <= 12); boards have no size limit, so 100 of each kind of space.
UNKNOWN_SIZES = {"player": 12, "group": 100}
_UNKNOWN_SPACES = 100


def _redraws(body: list[n.Stmt], card_deck_of: dict[int, str]) -> str | None:
    """The deck an effect surely draws from again (first unconditional move to a card space or
    `draw from`), or None."""
    for s in body:
        if isinstance(s, n.Draw):
            return s.deck
        if isinstance(s, n.Move) and s.how in ("to", "back_to") and isinstance(s.arg, n.Name):
            res = getattr(s.arg, "res", None)
            if isinstance(res, tuple) and res[0] == "space" and res[1] in card_deck_of:
                return card_deck_of[res[1]]
        if isinstance(s, (n.Move, n.GoToJail)):
            return None     # the player is elsewhere now: what follows is not sure to run there
    return None


def endless_draws(tree: Any, cards: list[tuple[str, int, str, Any]]) -> list[Problem]:
    """Problems for decks whose draws never end. `cards` lists (deck id, deck index, card id,
    checked Effect or None) for every card of the edition."""
    board = tree.get("board") if isinstance(tree, dict) else None
    card_deck_of = {i: sp["deck"] for i, sp in enumerate(board if isinstance(board, list) else [])
                    if isinstance(sp, dict) and sp.get("kind") == "card" and isinstance(sp.get("deck"), str)}
    by_deck: dict[str, list[tuple[str, str | None]]] = {}
    index: dict[str, int] = {}
    for deck, i, card, effect in cards:
        target = _redraws(effect.body, card_deck_of) if isinstance(effect, n.Effect) else None
        by_deck.setdefault(deck, []).append((card, target))
        index.setdefault(deck, i)
    endless = {d for d, cs in by_deck.items() if cs and all(t is not None for _, t in cs)}
    changed = True
    while changed:      # keep the decks whose cards all lead into endless decks
        changed = False
        for d in sorted(endless):
            if any(t not in endless for _, t in by_deck[d]):
                endless.discard(d)
                changed = True
    out = []
    for d in sorted(endless):
        chain = ", ".join(f"'{c}' draws from '{t}'" for c, t in by_deck[d][:6])
        more = f", ... ({len(by_deck[d])} cards)" if len(by_deck[d]) > 6 else ""
        out.append(Problem("error", "endless-draws",
                           f"deck '{d}': every card sends the player to draw again ({chain}{more}), "
                           f"so drawing from it never ends; give one card an effect that stays",
                           pointer=f"/decks/{index[d]}"))
    return out


def _first_move(body: list[n.Stmt], at: int, spaces: int) -> tuple[n.Move, int] | None:
    """The first unconditional move of an effect run for a player on space `at`, and the space
    it surely lands on (a constant number of steps, or a named space); None when the effect may
    go elsewhere first (a card drawn, jail) or its move's end is not known at load."""
    for s in body:
        if isinstance(s, (n.Draw, n.GoToJail)):
            return None
        if not isinstance(s, n.Move):
            continue
        if s.how in ("forward", "back") and isinstance(s.arg, n.Num):
            return s, (at + (s.arg.value if s.how == "forward" else -s.arg.value)) % spaces
        res = getattr(s.arg, "res", None) if s.how in ("to", "back_to") else None
        if isinstance(s.arg, n.Name) and isinstance(res, tuple) and res[0] == "space":
            return s, res[1]
        return None
    return None


def endless_hooks(tree: Any, hooks: dict[str, tuple[str, Any]]) -> list[tuple[str, Issue]]:
    """Landing hooks of declared kinds of space that never end: an `on_land` whose first
    unconditional move lands the player on a space whose own `on_land` moves it on, and so on
    back to a space already passed (`move forward 0` lands on the hook's own space again).
    `hooks` maps a kind id to (the pointer of its `on_land`, its checked Effect or None).
    Returns (pointer, issue at the move) for one move of each such cycle."""
    board = tree.get("board") if isinstance(tree, dict) else None
    board = board if isinstance(board, list) else []
    ids = [sp["id"] if isinstance(sp, dict) and isinstance(sp.get("id"), str) else f"#{k}"
           for k, sp in enumerate(board)]
    nxt: dict[int, tuple[n.Move, int, str]] = {}     # space -> (its hook's move, where it lands, kind)
    for k, sp in enumerate(board):
        kind = sp.get("kind") if isinstance(sp, dict) else None
        hook = hooks.get(kind) if isinstance(kind, str) else None
        if kind is not None and hook is not None and isinstance(hook[1], n.Effect):
            first = _first_move(hook[1].body, k, len(board))
            if first is not None and 0 <= first[1] < len(board):
                nxt[k] = (first[0], first[1], kind)
    out: list[tuple[str, Issue]] = []
    done: set[int] = set()
    for start in nxt:
        path: list[int] = []
        at = start
        while at in nxt and at not in done and at not in path:
            path.append(at)
            at = nxt[at][1]
        done.update(path)
        if at not in path:
            continue
        cycle = path[path.index(at):]
        move, _, kind = nxt[cycle[0]]
        if len(cycle) == 1:
            what = f"lands the player on '{ids[cycle[0]]}' (kind '{kind}') again"
        else:
            what = "lands the player on " + ", then ".join(
                f"'{ids[k]}' (kind '{nxt[k][2]}')" for k in cycle[1:]) \
                + f", whose on_land moves it on to '{ids[cycle[0]]}' again"
        out.append((hooks[kind][0], Issue(
            "endless-hooks", f"this move {what}, so the on_land hooks never end; make the move "
                             f"depend on a condition, or end elsewhere", move.pos)))
    return out


class _Work:
    """Computes a snippet's work bound and records the loops that cross the limit. `weights`:
    the work of one `rent_of()` ('rent_of') and of one net worth ('net_worth'), the bounds of
    the formulas they run (see `formula_calls`); absent, they count 0."""

    def __init__(self, sizes: dict[str, int] | None, limit: int, weights: dict[str, int] | None = None):
        self.sizes = sizes
        self.limit = limit
        self.weights = weights or {}
        self.issues: list[Issue] = []

    def size(self, ref: n.SetRef) -> tuple[int, str]:
        """(elements, how a message names them) of the set of a loop."""
        sizes = self.sizes
        if ref.kind in ("players", "others"):
            most = sizes.get("player", 12) if sizes is not None else UNKNOWN_SIZES["player"]
            k = most - 1 if ref.kind == "others" else most
            return max(k, 0), f"{max(k, 0)} {'other players' if ref.kind == 'others' else 'players'}"
        if ref.kind == "groups":
            k = sizes.get("group", 0) if sizes is not None else UNKNOWN_SIZES["group"]
            return k, f"{k} groups"
        k = sizes.get(ref.name, 0) if sizes is not None else _UNKNOWN_SPACES
        what = "spaces" if ref.name == "space" else "deeds" if ref.name == "deed" else \
            f"spaces of kind {ref.name}"
        return k, f"{k} {what}"

    def board(self) -> int:
        """The spaces of the board (what `nearest` goes round)."""
        return self.sizes.get("space", 0) if self.sizes is not None else _UNKNOWN_SPACES

    def loop(self, node: n.Node, size: int, label: str, inner: list[n.Node | None],
             extra: int = 0) -> tuple[int, list[str]]:
        """(bound, the sizes along its deepest chain) of a loop over `size` elements running
        `inner` for each; records an issue when the bound first crosses the limit here."""
        before = len(self.issues)
        parts = [self.node(x) for x in inner if x is not None]
        inner_work = sum(b for b, _ in parts)
        chain = max((c for _, c in parts), key=len, default=[])
        bound = size * (1 + inner_work) + extra
        labels = [label] + chain
        if bound > self.limit and len(self.issues) == before:
            self.issues.append(Issue(
                "dsl-limit", f"this loop may visit {bound:,} elements in one evaluation (nested "
                f"loops multiply the sizes of their sets: {' x '.join(labels)}), more than the "
                f"limit of {self.limit:,}; loop over a smaller set (a kind of space, deeds) or "
                f"nest fewer loops", node.pos))
        return bound, labels

    def node(self, x: n.Node) -> tuple[int, list[str]]:
        """(work bound, sizes along the deepest chain of loops) of a node."""
        if isinstance(x, n.Agg):
            f = x.filter
            size, label = self.size(f.set)
            extra = self.board() if x.func == "nearest" else 0   # goes round the whole board
            return self.loop(x, size, label, [f.where, x.value], extra)
        if isinstance(x, n.ForEach):
            if x.filter is not None:
                size, label = self.size(x.filter.set)
                return self.loop(x, size, label, [x.filter.where, *x.body])
            size, label = self.size(n.SetRef(x.pos, "others" if x.other else "players"))
            return self.loop(x, size, label, list(x.body))
        if isinstance(x, n.Move) and x.how == "nearest_where":
            size, label = self.size(x.arg.set)
            rest = self.sum(list(x.options))     # `with rent = ...` runs once
            bound, labels = self.loop(x, size, label, [x.arg.where], self.board())
            return bound + rest[0], labels
        if self.weights:
            call = _calls(x)
            if call is not None and self.weights.get(call[0]):
                k = self.size(n.SetRef(x.pos, "players"))[0] if call[1] else 1
                own = self.weights[call[0]] * k
                inner, chain = self.sum(n.children(x))
                what = "rent_of(), the rent formulas" if call[0] == "rent_of" else "net worth, end.score"
                times = f"{k} players' " if call[1] else ""
                return own + inner, [f"{times}{what} ({self.weights[call[0]]:,})"] + chain
        return self.sum(n.children(x))

    def sum(self, xs: list) -> tuple[int, list[str]]:
        """(work bound, deepest chain) of nodes run one after the other."""
        total, chain = 0, list[str]()
        for c in xs:
            b, ch = self.node(c)
            total += b
            if len(ch) > len(chain):
                chain = ch
        return total, chain


def work_bound(tree: n.Node, sizes: dict[str, int] | None, limit: int | None = None,
               weights: dict[str, int] | None = None) -> tuple[int, list[Issue]]:
    """(bound, issues): at most how many elements one evaluation of a checked snippet visits
    in its loops (see the module's doc), and a `dsl-limit` issue at each loop whose bound
    crosses `limit` (default `LIMITS["loop_work"]`) while its inner loops do not, plus one
    at the first loop when only their sum does. `sizes` as `EditionNames.sizes`; `weights` the
    work of the formulas a call runs (`_Work`)."""
    w = _Work(sizes, LIMITS["loop_work"] if limit is None else limit, weights)
    bound, _ = w.node(tree)
    if bound > w.limit and not w.issues:
        first = next((x for x in n.walk(tree) if isinstance(x, (n.Agg, n.ForEach))
                      or (isinstance(x, n.Move) and x.how == "nearest_where")), tree)
        w.issues.append(Issue(
            "dsl-limit", f"the loops of this snippet may visit {bound:,} elements in one "
            f"evaluation, more than the limit of {w.limit:,}; use fewer loops or smaller "
            f"sets", first.pos))
    return bound, w.issues


#: The pointers of the formulas `rent_of()` runs (`GameRuntime.rent_due`: a deed's kind's rent
#: formula) and of the one a net worth runs.
RENT_POINTERS = ("/rules/rent/street", "/rules/rent/railroad", "/rules/rent/utility")
SCORE_POINTER = "/end/score"


def _calls(x: n.Node) -> tuple[str, bool] | None:
    """('rent_of' | 'net_worth', once per player?) when node `x` runs another formula: a call of
    rent_of(), a player's `net_worth` (once) or `max_net_worth` (once per player)."""
    res: Any = getattr(x, "res", None)
    if isinstance(x, n.Call) and x.name == "rent_of" and res is not None:
        return "rent_of", False
    if isinstance(x, (n.Name, n.Attr)) and isinstance(res, tuple) and len(res) >= 2:
        if res[0] in ("me_attr", "attr") and getattr(res[1], "name", None) == "net_worth":
            return "net_worth", False
        if res[0] == "ctx" and res[1] == "max_net_worth":
            return "net_worth", True
    return None


def _first_call(tree: n.Node, what: str) -> n.Node | None:
    return next((x for x in n.walk(tree) if (_calls(x) or ("",))[0] == what), None)


def formula_calls(trees: dict[str, n.Node], sizes: dict[str, int] | None
                  ) -> tuple[dict[str, list[Issue]], dict[str, int]]:
    """Formulas that run other formulas: `rent_of()` runs the rent formulas, a net worth the
    score. `trees`: pointer -> checked tree of every snippet of an edition without errors.

    Returns ({pointer: issues}, weights): an `endless-recursion` issue where a rent formula may
    run itself (rent_of() in a rent formula, or net_worth there while the score calls rent_of()),
    and a `dsl-limit` issue where a snippet's bound, counting the work of the formulas it runs,
    crosses the limit; `weights` as `_Work`'s."""
    out: dict[str, list[Issue]] = {}
    rents = {p: t for p, t in trees.items() if p in RENT_POINTERS}
    score = trees.get(SCORE_POINTER)
    score_rent = _first_call(score, "rent_of") if score is not None else None
    for p, t in rents.items():
        call = _first_call(t, "rent_of")
        if call is not None:
            out.setdefault(p, []).append(Issue(
                "endless-recursion", "rent_of() in a rent formula: rent_of() computes a rent by "
                "the rent formulas, so this formula may run itself without end; compute the rent "
                "from table, level, owned and the deed's attributes", call.pos))
        worth = _first_call(t, "net_worth")
        if worth is not None and score_rent is not None:
            out.setdefault(p, []).append(Issue(
                "endless-recursion", "a net worth in a rent formula, while end.score calls "
                "rent_of(): the score runs the rent formulas, which run the score, without end; "
                "drop one of the two", worth.pos))
    if out:
        return out, {}
    weights: dict[str, int] = {}
    order = ("rent", "score") if score_rent is not None else ("score", "rent")
    for which in order:
        if which == "score" and score is not None:
            weights["net_worth"] = work_bound(score, sizes, limit=10**18, weights=weights)[0]
        elif which == "rent":
            weights["rent_of"] = max((work_bound(t, sizes, limit=10**18, weights=weights)[0]
                                      for t in rents.values()), default=0)
    for p, t in trees.items():
        if any(_calls(x) for x in n.walk(t)):
            issues = work_bound(t, sizes, weights=weights)[1]
            if issues:
                out[p] = issues
    return out, weights
