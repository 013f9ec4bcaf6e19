"""Generators of edition constructs for the construct fuzzer (test_fuzz_constructs.py).

A mutant is a child edition of a built-in base (`BASES`: mega, landlords_game, uk, and classic with
the speed die) that adds or changes a few constructs: each generator of `GENERATORS` draws the
top-level parts of one construct (choices, loops, flags, kept cards, declared kinds of space, the
edition's own dice, building ladders, loans, the treasury, rule switches, end conditions), mostly
well formed and now and then with an edge value, so that most mutants validate and are played.

A new construct gets a generator here: a function `(draw, base) -> dict` of the top-level parts
it adds (merged into the child edition with `merge_parts`), registered with `@construct("name")`.
DSL text comes from `effect(draw, base, ...)` and `condition(draw, base)`; `base` holds the base
edition's ids (spaces by kind, decks, groups, its own kinds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import yaml
from hypothesis import strategies as st

from .support import EDITIONS

Draw = Callable[..., Any]
Generator = Callable[[Draw, "Base"], dict]

GENERATORS: dict[str, Generator] = {}
"""Every construct the fuzzer knows, by name: `(draw, base) -> top-level parts`."""


def construct(name: str) -> Callable[[Generator], Generator]:
    """Register the generator of construct `name`."""
    def register(fn: Generator) -> Generator:
        GENERATORS[name] = fn
        return fn
    return register


# ------------------------------------------------------------------ the bases

@dataclass(frozen=True)
class Base:
    """A base edition of mutants: `header` opens the child edition (id, name, extends and what the
    base brings of its own), the ids its generators may name."""

    name: str
    header: dict
    spaces: dict[str, list[str]] = field(default_factory=dict)     # kind -> space ids
    decks: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()                                    # its own declared kinds
    cards: dict[str, tuple[str, ...]] = field(default_factory=dict)  # deck -> card ids
    group_of: dict[str, str] = field(default_factory=dict)          # space id -> group id
    treasury: bool = False

    @property
    def deeds(self) -> list[str]:
        return [s for k in ("street", "railroad", "utility") for s in self.spaces.get(k, [])]

    @property
    def all_spaces(self) -> list[str]:
        return [s for ids in self.spaces.values() for s in ids]


def _load(name: str) -> dict:
    return yaml.safe_load((EDITIONS / f"{name}.yaml").read_text(encoding="utf-8"))


@cache
def bases() -> tuple[Base, ...]:
    """The bases of mutants (read once)."""
    out = []
    for name in ("mega", "landlords_game", "uk", "speed-die"):
        if name == "speed-die":
            tree = _load("classic")
            overlay = yaml.safe_load((EDITIONS / "variants" / "speed-die.yaml").read_text(encoding="utf-8"))
            header = {"extends": "classic", "setup": overlay["setup"], "dice": overlay["dice"]}
        else:
            tree = _load(name)
            header = {"extends": name}
        spaces: dict[str, list[str]] = {}
        for sp in tree["board"]:
            spaces.setdefault(sp["kind"], []).append(sp["id"])
        rules = tree.get("rules") or {}
        out.append(Base(
            name=name, header=header, spaces=spaces, decks=tuple(d["id"] for d in tree.get("decks", [])),
            groups=tuple(g["id"] for g in tree.get("groups", [])),
            kinds=tuple(k["id"] for k in tree.get("space_kinds") or []),
            cards={d["id"]: tuple(c["id"] for c in d["cards"]) for d in tree.get("decks", [])},
            group_of={sp["id"]: sp["group"] for sp in tree["board"] if sp.get("group")},
            treasury=bool(rules.get("treasury"))))
    return tuple(out)


def merge_parts(into: dict, parts: dict) -> dict:
    """Merge top-level `parts` into `into` (maps merged key by key, lists appended)."""
    for key, value in parts.items():
        old = into.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            merge_parts(old, value)
        elif isinstance(old, list) and isinstance(value, list):
            old.extend(value)
        else:
            into[key] = value
    return into


# ------------------------------------------------------------------ DSL text

AMOUNTS = [0, 1, 5, 10, 50, 100, 200, 1000]
EDGE_AMOUNTS = [-5, 10**6, 10**12]
STEPS = [0, 1, 2, 3, 7, 13, 40, 52]
FLAGS = ["shield", "lucky", "marked"]
COUNTERS = ["visits", "score"]


def amount(draw: Draw) -> str:
    """A sum of money: usually a plain one, now and then a formula or an edge value."""
    kind = draw(st.sampled_from(["plain"] * 6 + ["formula", "edge"]))
    if kind == "plain":
        return str(draw(st.sampled_from(AMOUNTS)))
    if kind == "edge":
        return str(draw(st.sampled_from(EDGE_AMOUNTS)))
    return draw(st.sampled_from(["cash // 10", "10 * count(each player p)", "min(cash, 100)",
                                 "5 * counter(me, visits)", "cash // 2 + 1"]))


def condition(draw: Draw, base: Base) -> str:
    """A condition for the current player."""
    return draw(st.sampled_from([
        "cash > 100", "cash < 50", "counter(me, visits) > 1", "laps >= 1",
        "count(each deed d where d.owner == me) > 2", "true", "false", "in_jail",
        f"me.position == {draw(st.sampled_from(base.all_spaces))}",
        "holds(me, get_out_of_jail) > 0"]))


def simple(draw: Draw, base: Base, *, card: bool = False, treasury: bool = False) -> str:
    """One simple statement of an effect (`card`: `keep as` allowed; `treasury`: payments into
    and out of the treasury)."""
    forms = ["pay", "collect", "move_steps", "move_to", "flag", "counter", "jail", "offer", "auction",
             "each_pays", "nearest", "pass", "release"]
    forms += ["keep"] if card else []
    forms += ["treasury_in", "treasury_out"] if treasury else []
    form = draw(st.sampled_from(forms))
    sp = draw(st.sampled_from(base.all_spaces))
    deed = draw(st.sampled_from(base.deeds))
    flag = draw(st.sampled_from(FLAGS))
    return {
        "pay": lambda: f"pay bank {amount(draw)}",
        "collect": lambda: f"collect {amount(draw)} from bank",
        "move_steps": lambda: f"move {draw(st.sampled_from(['forward', 'back']))} {draw(st.sampled_from(STEPS))}",
        "move_to": lambda: f"move to {sp}" + draw(st.sampled_from(["", " with no salary", " with rent = 2 * rent"])),
        "flag": lambda: draw(st.sampled_from([
            f"set flag {flag} on me", f"set flag {flag} on me for {draw(st.sampled_from([1, 2, 3]))} turns",
            f"set flag {flag} on me until end of turn", f"set flag {flag} on me for 2 rounds",
            f"set flag {flag} on me for 1 laps", f"set flag {flag} on {sp} for 2 turns"])),
        "counter": lambda: f"add {draw(st.sampled_from([1, -1, 3]))} to counter "
                           f"{draw(st.sampled_from(COUNTERS))} on me",
        "jail": lambda: "go to jail",
        "offer": lambda: f"offer buy {deed} at {amount(draw)}",
        "auction": lambda: f"auction {deed}",
        "each_pays": lambda: f"collect {draw(st.sampled_from(AMOUNTS))} from each other player",
        "nearest": lambda: draw(st.sampled_from([
            "move to nearest street s where s.owner == none", "move to nearest railroad",
            "move to nearest deed d where d.owner != none and d.owner != me"])),
        "pass": lambda: "pass",
        "release": lambda: "release from jail",
        "keep": lambda: "keep as get_out_of_jail",
        "treasury_in": lambda: f"pay treasury {draw(st.sampled_from(AMOUNTS))}",
        "treasury_out": lambda: draw(st.sampled_from([
            "if treasury() >= 50: collect 50 from treasury", "collect 1 from treasury to bank"])),
    }[form]()


def effect(draw: Draw, base: Base, *, card: bool = False, treasury: bool = False, depth: int = 2,
           labels: list[str] | None = None) -> str:
    """An effect of one to three statements, some of them blocks (`if`, `choose:`, `for each`,
    `with`) down to `depth`. The labels of its choices are added to `labels` when given."""
    lines: list[str] = []
    keeps = 0
    for _ in range(draw(st.integers(1, 3))):
        block = draw(st.sampled_from(["simple"] * 4 + (["if", "choose", "loop", "with"] if depth > 0 else [])))
        may_keep = card and keeps == 0
        if block == "simple":
            stmt = simple(draw, base, card=may_keep, treasury=treasury)
            keeps += stmt.startswith("keep")
            lines.append(stmt)
            continue
        if block in ("if", "with"):
            body = _indent(effect(draw, base, treasury=treasury, depth=depth - 1, labels=labels))
            lines.append(f"if {condition(draw, base)}:\n{body}" if block == "if" else f"with me:\n{body}")
        if block == "if" and draw(st.booleans()):
            lines.append("else:\n" + _indent(effect(draw, base, treasury=treasury, depth=depth - 1,
                                                    labels=labels)))
        elif block == "choose":
            names = draw(st.lists(st.sampled_from(["yes", "no", "maybe", "detour", "stay"]),
                                  min_size=2, max_size=3, unique=True))
            if labels is not None:
                labels.extend(n for n in names if n not in labels)
            opts = []
            for k, name in enumerate(names):
                when = f" when {condition(draw, base)}" if k and draw(st.booleans()) else ""
                bot = f" bot {condition(draw, base)}" if draw(st.booleans()) else ""
                opts.append(f"  option {name}{when}{bot}:\n" + _indent(
                    simple(draw, base, treasury=treasury), 4))
            lines.append("choose:\n" + "\n".join(opts))
        elif block == "loop":
            lines.append(draw(st.sampled_from([
                f"for each other player p:\n{_indent('with p: pay bank 1')}",
                f"for each deed d where d.owner == me:\n{_indent('pay bank 1')}",
                f"for each player p:\n{_indent('add 1 to counter visits on p')}"])))
    return "\n".join(lines)


def _indent(text: str, n: int = 2) -> str:
    return "\n".join(" " * n + line for line in text.split("\n"))


def labels_of(names: list[str], draw: Draw) -> dict:
    """Texts for the options `names` (now and then one left out, or one misspelt)."""
    out = {n: {"en": n.capitalize(), "ru": n} for n in names}
    if names and draw(st.integers(0, 9)) == 0:
        out.pop(draw(st.sampled_from(names)))
    return out


# ------------------------------------------------------------------ the constructs

@construct("choices")
def _choices(draw: Draw, base: Base) -> dict:
    """A card of a base deck that asks a choice (with its labels)."""
    deck = draw(st.sampled_from(base.decks))
    names = draw(st.lists(st.sampled_from(["pay", "move", "draw", "keep_cash"]), min_size=2, max_size=3,
                          unique=True))
    do = "choose:\n" + "\n".join(f"  option {n}:\n" + _indent(effect(draw, base, depth=0), 4) for n in names)
    card = {"id": "fuzz_choice", "text": {"en": "Choose.", "ru": "Выберите."}, "labels": labels_of(names, draw),
            "do": do}
    return {"decks": [{"id": deck, "cards": [card]}]}


@construct("loops")
def _loops(draw: Draw, base: Base) -> dict:
    """A card whose effect loops over players, deeds or spaces."""
    deck = draw(st.sampled_from(base.decks))
    do = draw(st.sampled_from([
        "for each other player p:\n  with p: pay me {a}",
        "for each deed d where d.owner == me and d.level > 0:\n  pay bank {a}",
        "let n = count(each street s where s.owner == none)\nif n > 0: collect {a} from bank",
        "for each group g:\n  if count(each deed d where d.group == g and d.owner == me) > 1: pay bank {a}",
        "for each player p:\n  for each deed d where d.owner == p:\n    add 1 to counter visits on p"]))
    return {"decks": [{"id": deck, "cards": [{"id": "fuzz_loop", "text": {"en": "Loop.", "ru": "Цикл."},
                                               "do": do.replace("{a}", str(draw(st.sampled_from(AMOUNTS))))}]}]}


@construct("flags")
def _flags(draw: Draw, base: Base) -> dict:
    """A card that sets a flag, and one that reads or uses it."""
    deck = draw(st.sampled_from(base.decks))
    flag = draw(st.sampled_from(FLAGS))
    setting = draw(st.sampled_from([f"set flag {flag} on me", f"set flag {flag} on me for 2 turns",
                                    f"set flag {flag} on me until next move",
                                    f"set flag {flag} on me for {draw(st.sampled_from([1, 3]))} rounds"]))
    reading = draw(st.sampled_from([f"if use_flag(me, {flag}): collect 50 from bank",
                                    f"if has_flag(me, {flag}): pay bank 10\nclear flag {flag} on me"]))
    cards = [{"id": "fuzz_flag_set", "text": {"en": "Set.", "ru": "Флаг."}, "do": setting},
             {"id": "fuzz_flag_read", "text": {"en": "Read.", "ru": "Флаг?"}, "do": reading}]
    return {"decks": [{"id": deck, "cards": cards}]}


@construct("kept cards")
def _kept(draw: Draw, base: Base) -> dict:
    """A card kept for an edition's own use (with `play:`), or for getting out of jail."""
    deck = draw(st.sampled_from(base.decks))
    if draw(st.booleans()):
        card = {"id": "fuzz_kept", "text": {"en": "Keep.", "ru": "Оставьте."},
                "do": draw(st.sampled_from(["keep as get_out_of_jail",
                                            "if cash > 100: keep as get_out_of_jail\nelse: pay bank 10"]))}
    else:
        card = {"id": "fuzz_kept", "text": {"en": "Ticket.", "ru": "Билет."}, "do": "keep as fuzz_ticket",
                "play": {"when": draw(st.sampled_from(["before_roll", "after_landing", "roll"])),
                         "after": draw(st.sampled_from(["deck", "out"])), "do": effect(draw, base, depth=0)}}
    return {"decks": [{"id": deck, "cards": [card]}]}


@construct("declared kinds")
def _kinds(draw: Draw, base: Base) -> dict:
    """A kind of space of the edition's own, with hooks, on the free-parking space."""
    names: list[str] = []
    hooks = draw(st.lists(st.sampled_from(["on_land", "on_pass", "on_leave", "on_turn_start"]),
                          min_size=1, max_size=2, unique=True))
    kind: dict[str, Any] = {"id": "fuzz_kind", "name": {"en": "Fuzz", "ru": "Фузз"}}
    for hook in hooks:
        kind[hook] = effect(draw, base, depth=1 if hook == "on_land" else 0, treasury=base.treasury,
                            labels=names)
    if names:
        kind["labels"] = labels_of(names, draw)
    space = draw(st.sampled_from(base.spaces["free_parking"]))
    return {"space_kinds": [kind], "board": [{"id": space, "kind": "fuzz_kind"}]}


@construct("dice")
def _dice(draw: Draw, base: Base) -> dict:
    """An extra die of numbers and symbols, with what its symbols do."""
    faces = draw(st.lists(st.sampled_from([0, 1, 2, 3, 6, "fuzz_star"]), min_size=1, max_size=8))
    die: dict[str, Any] = {"id": "fuzz_die", "name": {"en": "Fuzz die", "ru": "Кубик"}, "faces": faces}
    if draw(st.booleans()):
        die["when"] = draw(st.sampled_from(["laps >= 1", "cash > 500", "true"]))
    symbol: dict[str, Any] = {"id": "fuzz_star", "name": {"en": "Star", "ru": "Звезда"}}
    symbol[draw(st.sampled_from(["instead", "after"]))] = effect(draw, base, depth=0)
    return {"dice": {"extra": [die], "symbols": [symbol]}}


@construct("ladders")
def _ladders(draw: Draw, base: Base) -> dict:
    """A building ladder of the edition's own on a group of streets, with its prices and rents
    long enough for its levels."""
    shares = sorted(draw(st.lists(st.sampled_from(["any", "all_but_one", "all"]), min_size=3, max_size=3)),
                    key=["any", "all_but_one", "all"].index)
    steps: list[dict[str, Any]] = [{"kind": "house", "count": draw(st.integers(1, 4)), "owned": shares[0]}]
    if draw(st.booleans()):
        steps.append({"kind": "hotel", "owned": shares[1]})
    if draw(st.booleans()):
        steps.append({"kind": "tower", "cost": draw(st.sampled_from([1, 50, 400])), "owned": shares[2]})
    levels = sum(s.get("count", 1) for s in steps)
    streets = base.spaces.get("street", [])
    group = draw(st.sampled_from(sorted({base.group_of[s] for s in streets})))
    grp = {"id": group, "ladder": "fuzz_ladder", "house_cost": draw(st.sampled_from([1, 50, 150])),
           "hotel_cost": draw(st.sampled_from([1, 50, 150]))}
    rent = [2 * (k + 1) ** 2 for k in range(levels + 1 + draw(st.sampled_from([0, 0, 0, 2])))]
    supply = {"tower": draw(st.sampled_from([0, 1, 8]))} if len(steps) == 3 else {}
    return {"groups": [grp], "board": [{"id": s, "rent": rent} for s in streets if base.group_of[s] == group],
            "rules": {"buildings": {"ladders": {"fuzz_ladder": steps}, **({"supply": supply} if supply else {})}}}


@construct("loans")
def _loans(draw: Draw, base: Base) -> dict:
    """Bank loans (units of money borrowed against interest)."""
    loans: dict[str, Any] = {"unit": draw(st.sampled_from([1, 50, 100, 500])),
                             "interest": draw(st.sampled_from([0, 1, 10, 50])),
                             "charged_on": draw(st.sampled_from(["lap", "turn"]))}
    if draw(st.booleans()):
        loans["margin"] = draw(st.sampled_from([0, 10, 100]))
    if draw(st.booleans()):
        loans["max_units"] = draw(st.sampled_from([1, 3, 20]))
    return {"rules": {"loans": loans}}


@construct("treasury")
def _treasury(draw: Draw, base: Base) -> dict:
    """A public treasury: what it receives, its start, its spending; and a card paying into it."""
    receives = draw(st.lists(st.sampled_from(["purchase", "auction", "tax", "fine", "rent", "card", "build"]),
                             min_size=1, max_size=4, unique=True))
    t: dict[str, Any] = {"receives": receives, "start": draw(st.sampled_from([0, 100, 1000]))}
    if draw(st.booleans()):
        t["spend"] = {"at": draw(st.sampled_from([1, 50, 500])),
                      "do": draw(st.sampled_from(["collect 50 from treasury to bank",
                                                  "if treasury() >= 10: collect 10 from treasury",
                                                  "for each player p:\n  if treasury() >= 5:\n"
                                                  "    with p: collect 5 from treasury"]))}
    deck = draw(st.sampled_from(base.decks))
    card = {"id": "fuzz_tax", "text": {"en": "Pay.", "ru": "Платите."},
            "do": effect(draw, base, depth=1, treasury=True)}
    return {"rules": {"treasury": t}, "decks": [{"id": deck, "cards": [card]}]}


@construct("switches")
def _switches(draw: Draw, base: Base) -> dict:
    """A rule switch turning a built-in overlay on, by a condition or a vote."""
    overlay = draw(st.sampled_from(["millionaire", "free-parking-jackpot", "first-broke-ends", "start-auction"]))
    sw: dict[str, Any] = {"id": "fuzz_switch", "name": {"en": "Switch", "ru": "Переключатель"}, "overlays": [overlay]}
    if draw(st.booleans()):
        sw["when"] = draw(st.sampled_from(["round > 3", "count(each deed d where d.owner == none) < 10", "false"]))
    else:
        sw["vote"] = {"needs": draw(st.sampled_from([1, 2, "majority", "all"]))}
        if draw(st.booleans()):
            sw["vote"]["bot"] = "cash > 500"
    if base.treasury and draw(st.booleans()):
        sw["empty_treasury"] = True
    return {"switches": [sw]}


@construct("end conditions")
def _end(draw: Draw, base: Base) -> dict:
    """End conditions, a round limit and a score."""
    end: dict[str, Any] = {"when": draw(st.lists(st.sampled_from([
        "round > 20", "count(each player p where p.cash > 5000) > 0",
        {"condition": "count(each deed d where d.owner == none) == 0", "rank": "cash"},
        {"condition": "round >= 8", "id": "time_up"}]), max_size=2, unique_by=str))}
    if draw(st.booleans()):
        end["max_rounds"] = draw(st.sampled_from([1, 5, 30]))
    if draw(st.booleans()):
        end["score"] = draw(st.sampled_from(["cash", "cash + deed_prices", "cash - 100", "cash - 1000000"]))
    return {"end": end}


# ------------------------------------------------------------------ mutants

def mutant_text(base: Base, parts: list[dict]) -> str:
    """The YAML of the child edition of `base` with the constructs' `parts`."""
    tree: dict[str, Any] = {"id": "fuzzed", "name": {"en": "Fuzzed", "ru": "Фузз"}}
    merge_parts(tree, yaml.safe_load(yaml.safe_dump(base.header)))   # a copy
    for p in parts:
        merge_parts(tree, p)
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=200)


@st.composite
def mutants(draw: Draw, names: tuple[str, ...] | None = None, most: int = 3) -> str:
    """A mutant of one base with one to `most` constructs (of `names`, default any)."""
    base = draw(st.sampled_from(bases()))
    pool = sorted(names or GENERATORS)
    chosen = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=min(most, len(pool)), unique=True))
    return mutant_text(base, [GENERATORS[c](draw, base) for c in chosen])
