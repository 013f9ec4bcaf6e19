"""Generators of edition constructs for the construct fuzzer (test_fuzz_constructs.py).

A mutant is a child edition of a built-in base (`BASES`: mega, landlords_game, uk, and classic with
the speed die) that adds or changes a few constructs: each generator of `GENERATORS` draws the
top-level parts of one construct (choices, loops, flags, kept cards, declared kinds of space, the
edition's own dice, building ladders, loans, the treasury, rule switches, end conditions,
compulsory purchase, deeds without buildings or mortgage, set-up amounts by the number of players,
per-player limits, a finite bank, player roles, several rent tables, jail fines, board layouts,
holding spaces, deck discard piles), mostly well formed and now and then with an edge value or a
slip an author makes (a count missing from a `by_players` table, a misspelt role or group), so
that most mutants validate and are played and the others are refused with positioned problems.

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
    players: tuple[int, int] = (2, 8)                               # players.min, players.max
    street_ladder: tuple[dict, ...] = ()                            # its street ladder's steps

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
        buildings = rules.get("buildings") or {}
        ladder = (buildings.get("ladders") or {}).get("street") or [
            {"kind": "house", "count": buildings.get("houses_before_hotel", 4)}, {"kind": "hotel"}]
        out.append(Base(
            name=name, header=header, spaces=spaces, decks=tuple(d["id"] for d in tree.get("decks", [])),
            groups=tuple(g["id"] for g in tree.get("groups", [])),
            kinds=tuple(k["id"] for k in tree.get("space_kinds") or []),
            cards={d["id"]: tuple(c["id"] for c in d["cards"]) for d in tree.get("decks", [])},
            group_of={sp["id"]: sp["group"] for sp in tree["board"] if sp.get("group")},
            treasury=bool(rules.get("treasury")),
            players=(tree["players"]["min"], tree["players"]["max"]), street_ladder=tuple(ladder)))
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
             "each_pays", "nearest", "pass", "release", "transfer"]
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
        "transfer": lambda: f"transfer {deed} to {draw(st.sampled_from(['me', 'bank']))}",
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


# ------------------------------------------------------------------ rule books as data, part two

def per_players(draw: Draw, base: Base, values: list[Any]) -> Any:
    """A set-up amount: a plain number, or a table by the number of players (now and then missing
    a count the base allows, or naming one it does not)."""
    if draw(st.booleans()):
        return draw(st.sampled_from(values))
    lo, hi = base.players
    table = {n: draw(st.sampled_from(values)) for n in range(lo, hi + 1)}
    slip = draw(st.integers(0, 9))
    if slip == 8:
        table.pop(draw(st.sampled_from(sorted(table))))
    elif slip == 9:
        table[hi + 1] = values[0]
    return {"by_players": table}


def deed_set(draw: Draw, base: Base, own: tuple[str, ...] = ()) -> Any:
    """A set of deeds: `true` (every deed) or a list of deed kinds (`own`: declared ones) and
    group ids, now and then with a misspelt name."""
    if draw(st.integers(0, 3)) == 0:
        return True
    names = ["street", "railroad", "utility", *own, *base.groups]
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
    if draw(st.integers(0, 9)) == 9:
        chosen.append(chosen[0] + "s")
    return chosen


def _plain_groups(base: Base) -> list[str]:
    """The groups of the base's railroads and utilities (deeds without buildings)."""
    return sorted({base.group_of[s] for k in ("railroad", "utility") for s in base.spaces.get(k, [])})


@construct("compulsory purchase")
def _compulsory(draw: Draw, base: Base) -> dict:
    """Deeds the lander must buy (all, or some kinds and groups), beside a purchase reading."""
    purchase: dict[str, Any] = {"compulsory": deed_set(draw, base)}
    if draw(st.booleans()):
        purchase["declined"] = draw(st.sampled_from(["auction", "none"]))
    return {"rules": {"purchase": purchase}}


@construct("plain deeds")
def _plain_deeds(draw: Draw, base: Base) -> dict:
    """A declared deed kind (`deed: count` or `flat`) on the railroads or utilities, as cheap as
    1 now and then, and mortgages switched off for all deeds, the kind or a group (or not)."""
    group = draw(st.sampled_from(_plain_groups(base)))
    whole = [s for s in base.all_spaces if base.group_of.get(s) == group]
    # one keeps its kind (the base's cards seek the nearest railroad), or none does
    members = whole[1:] if draw(st.integers(0, 3)) < 3 else whole
    rule = draw(st.sampled_from(["count", "flat"]))
    size = len(whole) if rule == "count" else 1
    size += draw(st.integers(0, 9)) == 9                  # now and then a table of the wrong length
    rent = [draw(st.sampled_from([1, 10, 25])) * (k + 1) for k in range(size)]
    kind: dict[str, Any] = {"id": "fuzz_deed", "name": {"en": "Fuzz deed", "ru": "Фузз"}, "deed": rule}
    if draw(st.booleans()):
        kind["on_land"] = effect(draw, base, depth=0)
    board = [{"id": s, "kind": "fuzz_deed", "rent": list(rent), "price": draw(st.sampled_from([150, 1, 2]))}
             for s in members]
    parts: dict[str, Any] = {"space_kinds": [kind], "board": board}
    off = draw(st.sampled_from(["none", "all", "kind", "group", "other"]))
    if off != "none":
        unavailable = {"all": True, "kind": ["fuzz_deed"], "group": [group]}.get(off) or deed_set(
            draw, base, ("fuzz_deed",))
        parts["rules"] = {"mortgage": {"unavailable": unavailable}}
    return parts


@construct("set-up by players")
def _setup_by_players(draw: Draw, base: Base) -> dict:
    """Start cash, dealt and auctioned deeds and the bank's buildings by the number of players."""
    setup: dict[str, Any] = {"start_cash": per_players(draw, base, [1500, 600, 300, 0])}
    if draw(st.booleans()):
        each = "all" if draw(st.integers(0, 4)) == 4 else per_players(draw, base, [1, 2, 3, 0])
        setup["deal_deeds"] = {"each": each, "pay": draw(st.booleans())}
    if draw(st.booleans()):
        setup["auction_deeds"] = {"count": per_players(draw, base, [1, 2, 4]), "start": 10}
    parts: dict[str, Any] = {"setup": setup}
    if draw(st.booleans()):
        parts["rules"] = {"buildings": {"supply": {"houses": per_players(draw, base, [32, 8, 0]),
                                                   "hotels": per_players(draw, base, [12, 1, 0])}}}
    return parts


@construct("limits")
def _limits(draw: Draw, base: Base) -> dict:
    """Caps on the deeds one player owns (by kind, group or all), what happens at a cap, and a
    personal supply of buildings."""
    caps = []
    for _ in range(draw(st.integers(1, 3))):
        cap: dict[str, Any] = {"max": per_players(draw, base, [2, 1, 6, 0])}
        which = draw(st.sampled_from(["kind", "group", "all"]))
        if which == "kind":
            cap["kind"] = draw(st.sampled_from(["street", "railroad", "utility"]))
        elif which == "group":
            cap["group"] = draw(st.sampled_from([*base.groups, "no_such_group"]))
        caps.append(cap)
    limits: dict[str, Any] = {"deeds": caps, "at_cap": draw(st.sampled_from(["auction", "declined"]))}
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["house", "hotel", "house", "castle"]))   # castle: no such building
        limits["buildings"] = {kind: per_players(draw, base, [8, 1, 0])}
    return {"rules": {"limits": limits}}


@construct("finite bank")
def _bank(draw: Draw, base: Base) -> dict:
    """A bank with a finite amount of money (sometimes less than the start cash it deals) and
    what it does when empty, and a card that drains it."""
    bank = {"cash": per_players(draw, base, [10**6, 20580, 50_000, 1000, 0]),
            "when_empty": draw(st.sampled_from(["iou", "partial", "end"]))}
    deck = draw(st.sampled_from(base.decks))
    card = {"id": "fuzz_bank", "text": {"en": "Collect.", "ru": "Получите."},
            "do": f"collect {draw(st.sampled_from([200, 1000, 5000]))} from bank"}
    return {"setup": {"bank": bank}, "decks": [{"id": deck, "cards": [card]}]}


ROLES = ["landlord", "tenant", "broker"]


@construct("roles")
def _roles(draw: Draw, base: Base) -> dict:
    """Player roles (assigned by choice or deal, with a balance rule) and the rule parts that
    read them: a card, an end condition, a rent table, a card space's decks, jail fines and a
    ladder step's `allowed_if` (now and then a misspelt role)."""
    roles = ROLES[:draw(st.sampled_from([2, 3, 2, 3, 1]))]      # one role is too few
    parts: dict[str, Any] = {"roles": {
        "list": [{"id": r, "name": {"en": r.capitalize(), "ru": r}} for r in roles],
        "assign": draw(st.sampled_from(["choose", "deal"])),
        "balance": draw(st.sampled_from(["even", "each", "free"]))}}
    role = draw(st.sampled_from(roles + (["tennant"] if draw(st.integers(0, 9)) == 9 else [])))
    test = f"me.role == {role}"
    uses = draw(st.lists(st.sampled_from(["card", "end", "rent", "decks", "fines", "ladder"]),
                         min_size=1, max_size=3, unique=True))
    if "card" in uses:
        merge_parts(parts, {"decks": [{"id": draw(st.sampled_from(base.decks)), "cards": [
            {"id": "fuzz_role", "text": {"en": "Role.", "ru": "Роль."},
             "do": f"if {test}:\n{_indent(effect(draw, base, depth=0))}\nelse: collect 10 from bank"}]}]})
    if "end" in uses:
        merge_parts(parts, {"end": {"when": [f"count(each player p where p.role == {role}) == 0"]}})
    if "rent" in uses:
        merge_parts(parts, {"board": [_rent_tables(draw, base, f"owner.role == {role}")]})
    if "decks" in uses:
        space = draw(st.sampled_from(base.spaces["card"]))
        merge_parts(parts, {"board": [{"id": space, "decks": [
            {"when": test, "deck": draw(st.sampled_from([*base.decks, "no_such_deck"]))}]}]})
    if "fines" in uses:
        merge_parts(parts, {"rules": {"jail": {"fines": [
            {"when": test, "fine": draw(st.sampled_from([0, 10, 25, 10**6]))}]}}})
    if "ladder" in uses:
        merge_parts(parts, {"rules": {"buildings": {"ladders": {"street": _ladder_allowed_if(draw, base, test)}}}})
    return parts


def _rent_tables(draw: Draw, base: Base, when: str) -> dict:
    """A street of the base with a second rent table chosen by `when`: as long as its ladder
    needs, rising or (now and then) not."""
    street = draw(st.sampled_from(base.spaces["street"]))
    levels = sum(s.get("count", 1) for s in base.street_ladder) + 1
    rent = [5 * (k + 1) ** 2 for k in range(levels)]
    slip = draw(st.integers(0, 9))
    if slip == 8:
        rent = rent[:-1]                                   # too short
    elif slip == 9:
        rent[-1] = rent[0]                                 # does not rise
    return {"id": street, "rent_tables": [{"when": when, "rent": rent,
                                           "text": {"en": "when it holds", "ru": "когда"}}]}


def _ladder_allowed_if(draw: Draw, base: Base, when: str) -> list[dict]:
    """The base's street ladder with `allowed_if` (and now and then `refused`) on one step."""
    steps = [dict(s) for s in base.street_ladder]
    step = steps[draw(st.integers(0, len(steps) - 1))]
    step["allowed_if"] = when
    if draw(st.booleans()):
        step["refused"] = {"en": "not for you", "ru": "не для вас"}
    return steps


@construct("rent tables")
def _rent_tables_construct(draw: Draw, base: Base) -> dict:
    """A second rent table on a street, chosen by a condition on the deed, its owner or the payer."""
    when = draw(st.sampled_from(["complete", "owned >= 2", "me.cash > 500", "group_built",
                                 "owner.cash < 100", "space.level > 1", "false",
                                 "owner.role == landlord"]))          # no roles declared
    return {"board": [_rent_tables(draw, base, when)]}


@construct("jail fines")
def _jail_fines(draw: Draw, base: Base) -> dict:
    """Jail fines by a condition on the jailed player (the first that holds)."""
    fines = [{"when": condition(draw, base), "fine": draw(st.sampled_from([0, 10, 100, 10**6]))}
             for _ in range(draw(st.integers(1, 2)))]
    return {"rules": {"jail": {"fines": fines}}}


@construct("board layout")
def _layout(draw: Draw, base: Base) -> dict:
    """A board layout: four sides adding up to the spaces (now and then not), or a cell for every
    space (now and then one shared, missing, unknown or off the grid)."""
    spaces = base.all_spaces
    n = len(spaces)
    if draw(st.booleans()):
        a = draw(st.integers(2, n // 2 - 2))
        b = n // 2 - a
        sides = [a, b, a, n - 2 * a - b]
        if draw(st.integers(0, 9)) == 9:
            sides[draw(st.integers(0, 3))] += draw(st.sampled_from([-1, 1]))
        return {"board_layout": {"sides": sides}}
    width = draw(st.sampled_from([11, 13, 20, 40]))
    cells: dict[str, Any] = {s: [k % width, k // width] for k, s in enumerate(spaces)}
    slip = draw(st.integers(0, 15))
    victim = draw(st.sampled_from(spaces))
    if slip == 12:
        cells[victim] = [0, 0] if victim != spaces[0] else [0, 1]
    elif slip == 13:
        del cells[victim]
    elif slip == 14:
        cells["no_such_space"] = [39, 39]
    elif slip == 15:
        cells[victim] = [40, 0]
    return {"board_layout": {"cells": cells}}


@construct("holdings")
def _holdings(draw: Draw, base: Base) -> dict:
    """A second holding space (a jail of its own way out), the doubles or a card sending there
    (now and then on a space the board does not have, or under the jail's own id)."""
    hid = "jail" if draw(st.integers(0, 9)) == 9 else "poor_house"
    space = draw(st.sampled_from(base.spaces["free_parking"] + base.spaces["jail"]))
    hold: dict[str, Any] = {"space": space + ("_typo" if draw(st.integers(0, 9)) == 9 else ""),
                            "name": {"en": "Poor House", "ru": "Богадельня"}}
    for key, values in (("fine", [0, 50, 10**6]), ("attempts", [1, 3]),
                        ("after_attempts", ["pay_and_move", "move", "leave_next_turn"]),
                        ("doubles_roll_again", [False, True]), ("paid_exit", ["normal", "one_throw"]),
                        ("card_after_attempts", [False, True]), ("cards", [[], ["get_out_of_jail"]])):
        if draw(st.booleans()):
            hold[key] = draw(st.sampled_from(values))
    rules: dict[str, Any] = {"holdings": {hid: hold}}
    if draw(st.booleans()):
        rules["doubles"] = {"roll_again": True, "jail_after": draw(st.sampled_from([3, 1, 2])), "holding": hid}
    deck = draw(st.sampled_from(base.decks))
    release = draw(st.sampled_from(["", "\nif in_jail: release from jail", "\nkeep as get_out_of_jail"]))
    card = {"id": "fuzz_hold", "text": {"en": "Go.", "ru": "Идите."}, "do": f"go to holding {hid}{release}"}
    return {"rules": rules, "decks": [{"id": deck, "cards": [card]}]}


@construct("deck discards")
def _discards(draw: Draw, base: Base) -> dict:
    """A small deck with a discard pile (`reshuffle`) on a card space, its cards now and then all
    kept (a draw from an empty deck and an empty pile), or a base deck switched to a pile."""
    if draw(st.booleans()):
        return {"decks": [{"id": draw(st.sampled_from(base.decks)), "reshuffle": True}]}
    cards = [{"id": f"fuzz_discard_{k}", "text": {"en": "Card.", "ru": "Карта."},
              "do": draw(st.sampled_from(["pay bank 10", "keep as get_out_of_jail", "collect 20 from bank",
                                          "move forward 1"]))}
             for k in range(draw(st.integers(1, 3)))]
    deck = {"id": "fuzz_deck", "name": {"en": "Fuzz", "ru": "Фузз"}, "reshuffle": True,
            "shuffle": draw(st.booleans()), "cards": cards}
    space = draw(st.sampled_from(base.spaces["card"]))
    return {"decks": [deck], "board": [{"id": space, "deck": "fuzz_deck"}]}


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
