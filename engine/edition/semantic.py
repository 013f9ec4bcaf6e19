"""Checks of meaning that a JSON Schema cannot express: ids, references, rent tables, the board.

`semantic_problems(tree)` runs on a merged tree (schema-valid or not: parts of the wrong shape
are skipped, the schema check reports them) and returns located problems, each with a code
from `codes.CODES`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TypeGuard

from ..hints import id_list_text, suggest
from ..kinds import DEED_KINDS, SPACE_KINDS
from ..limits import MAX_DIE_FACES
from ..problems import Problem, Severity
from .layout import layout_problems
from .model import PLACEHOLDER, SHARES, covers, group_ladder_id, step_cost
from .pointers import locate
from .roles import choice_decks, role_problems

DEEDS = DEED_KINDS
BUILTIN_KINDS = SPACE_KINDS
"""The engine's own kinds of space (engine/kinds.py)."""
HOOK_EVENTS = ("land", "pass", "leave", "turn_start")
"""The events a declared kind of space has hooks for (`on_land`, ...)."""
_DSL_SETS = ("space", "deed", "player", "group")
_DRAW = re.compile(r"\bdraw\s+from\s+([a-z][a-z0-9_]*)")
_HOUSES = "/rules/buildings/houses_before_hotel"


def _items(tree, key: str) -> list[tuple[int, dict]]:
    """(index, item) for the map items of a top-level list (other items are skipped)."""
    value = tree.get(key) if isinstance(tree, dict) else None
    if not isinstance(value, list):
        return []
    return [(i, it) for i, it in enumerate(value) if isinstance(it, dict)]


def _text(v) -> str | None:
    """`v` when it is a string, else None (values of the wrong type are the schema's to report)."""
    return v if isinstance(v, str) else None


def _int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, tree):
        self.tree = tree
        self.problems: list[Problem] = []

    def add(self, pointer: str, code: str, message: str, severity: Severity = "error") -> None:
        self.problems.append(Problem.at(locate(self.tree, pointer), severity, code, message, pointer))

    def unique_ids(self, what: str, entries: list[tuple[str, object]]) -> None:
        """entries: (pointer of the item, its id)."""
        first: dict[str, str] = {}
        for ptr, iid in entries:
            if not isinstance(iid, str):
                continue
            if iid in first:
                m = locate(self.tree, first[iid])
                at = f" (first at line {m.line})" if m else ""
                self.add(ptr + "/id", "duplicate-id", f"{what} id '{iid}' is used twice{at}")
            else:
                first[iid] = ptr

    def run(self) -> list[Problem]:
        t = self.tree
        board = _items(t, "board")
        groups = _items(t, "groups")
        decks = _items(t, "decks")
        actions = _items(t, "actions")
        cards = [(f"/decks/{d}/cards/{c}", card) for d, deck in decks
                 if isinstance(deck.get("cards"), list)
                 for c, card in enumerate(deck["cards"]) if isinstance(card, dict)]

        self.unique_ids("space", [(f"/board/{i}", s.get("id")) for i, s in board])
        self.unique_ids("group", [(f"/groups/{i}", g.get("id")) for i, g in groups])
        self.unique_ids("deck", [(f"/decks/{i}", d.get("id")) for i, d in decks])
        self.unique_ids("card", [(p, c.get("id")) for p, c in cards])
        self.unique_ids("action", [(f"/actions/{i}", a.get("id")) for i, a in actions])
        kinds = _items(t, "space_kinds")
        self.unique_ids("space kind", [(f"/space_kinds/{i}", k.get("id")) for i, k in kinds])

        group_by_id = {g["id"]: g for _, g in groups if isinstance(g.get("id"), str)}
        deck_ids = [d["id"] for _, d in decks if isinstance(d.get("id"), str)]
        self.references(board, group_by_id, deck_ids)
        self.declared_kinds(board, kinds)
        self.dice()
        self.special_spaces(board)
        self.holdings(board)
        self.ladders(groups)
        self.deeds(board, group_by_id)
        self.declared_deeds(board)
        self.deed_sets(group_by_id)
        self.group_use(board, groups)
        self.deck_use(board, decks)
        self.placeholders(cards + [(f"/space_kinds/{i}", k) for i, k in kinds])
        self.players()
        self.board_layout(board)
        self.problems += role_problems(self.tree, deck_ids)
        return self.problems

    def board_layout(self, board) -> None:
        """The `board_layout:` places every space once: sides adding up to the board, or one
        cell per space id, no two on one cell (engine/edition/layout.py)."""
        ids = [s["id"] for _, s in board if isinstance(s.get("id"), str)]
        for pointer, message in layout_problems(self.tree.get("board_layout"), ids):
            self.add(pointer, "board-layout", message)

    def declared_kinds(self, board, kinds) -> None:
        """Kinds of space declared by the edition (`space_kinds`): each has an id that is not a
        built-in kind nor a DSL set, and at least one hook; every space's kind is built in or
        declared."""
        declared = {}
        for i, k in kinds:
            kid = _text(k.get("id"))
            if kid is None:
                continue
            declared[kid] = i
            if kid in BUILTIN_KINDS or kid in _DSL_SETS:
                what = "a built-in kind of space" if kid in BUILTIN_KINDS else "a set of the DSL"
                self.add(f"/space_kinds/{i}/id", "kind-name-taken",
                         f"space kind '{kid}' has the name of {what}; choose another id")
            # a misspelt hook (`on_lands`) is the schema's unknown-key, not a second problem
            misspelt = any(isinstance(key, str) and key.startswith("on_") for key in k)
            if not any(k.get("on_" + ev) is not None for ev in HOOK_EVENTS) and not misspelt \
                    and k.get("deed") is None:
                self.add(f"/space_kinds/{i}", "kind-without-effect",
                         f"space kind '{kid}' has no effect: give it at least one hook ("
                         + ", ".join("on_" + ev for ev in HOOK_EVENTS) + ") or make it a deed (`deed:`)")
        if not isinstance(self.tree.get("space_kinds", []), list):
            return
        known = list(BUILTIN_KINDS) + list(declared)
        for i, s in board:
            kind = _text(s.get("kind"))
            if kind is not None and kind not in BUILTIN_KINDS and kind not in declared:
                self.add(f"/board/{i}/kind", "unknown-kind",
                         f"space '{s.get('id', f'#{i}')}' has kind '{kind}', which is neither "
                         f"built in nor declared under space_kinds{suggest(kind, known)} "
                         f"(kinds: {', '.join(known)})")
        used = {_text(s.get("kind")) for _, s in board}
        for kid, i in declared.items():
            if kid not in used:
                self.add(f"/space_kinds/{i}", "unused-kind",
                         f"no space of the board has kind '{kid}'", severity="warning")

    def dice(self) -> None:
        """The edition's own dice (`dice.extra`) and symbols (`dice.symbols`): every symbol face
        is declared, every symbol does something, and is on some face."""
        dice = self.tree.get("dice")
        if not isinstance(dice, dict):
            return
        extra = [(i, d) for i, d in enumerate(dice.get("extra") or []) if isinstance(d, dict)] \
            if isinstance(dice.get("extra"), list) else []
        symbols = [(i, s) for i, s in enumerate(dice.get("symbols") or []) if isinstance(s, dict)] \
            if isinstance(dice.get("symbols"), list) else []
        self.unique_ids("die", [(f"/dice/extra/{i}", d.get("id")) for i, d in extra])
        self.unique_ids("symbol", [(f"/dice/symbols/{i}", s.get("id")) for i, s in symbols])
        declared = [s["id"] for _, s in symbols if isinstance(s.get("id"), str)]
        used: set[str] = set()
        for i, d in extra:
            faces = d.get("faces")
            if not isinstance(faces, list):
                continue
            if len(faces) > MAX_DIE_FACES:      # the schema's to report; its symbols count as shown
                used |= {f for f in faces if isinstance(f, str)}
                continue
            for j, face in enumerate(faces):
                if not isinstance(face, str):
                    continue
                if face not in declared and face not in used:    # each unknown face told once
                    self.add(f"/dice/extra/{i}/faces/{j}", "unknown-symbol",
                             f"die '{d.get('id', f'#{i}')}' has the face '{face}', which is not a "
                             f"symbol of dice.symbols{suggest(face, declared)} "
                             f"(symbols: {id_list_text(declared)})")
                used.add(face)
        for i, s in symbols:
            sid = s.get("id", f"#{i}")
            if s.get("instead") is None and s.get("after") is None:
                self.add(f"/dice/symbols/{i}", "symbol-without-effect",
                         f"symbol '{sid}' does nothing: give it 'instead' (replaces the move) or "
                         f"'after' (after the landing)")
            if isinstance(sid, str) and sid not in used:
                self.add(f"/dice/symbols/{i}", "unused-symbol",
                         f"no face of dice.extra shows symbol '{sid}'", severity="warning")

    def placeholders(self, cards) -> None:
        """Every `{name}` in a card's (or a declared space kind's) texts and labels names one
        of its `values`."""
        for pointer, card in cards:
            values = card.get("values") if isinstance(card.get("values"), dict) else {}
            texts = [("text", card.get("text"))] + [
                (f"labels/{k}", v) for k, v in (card.get("labels") or {}).items()] \
                if isinstance(card.get("labels") or {}, dict) else [("text", card.get("text"))]
            for where, text in texts:
                by_lang = text.items() if isinstance(text, dict) else [("", text)]
                for lang, t in by_lang:
                    if not isinstance(t, str):
                        continue
                    what = "kind" if pointer.startswith("/space_kinds") else "card"
                    for name in PLACEHOLDER.findall(t.replace("{{", "").replace("}}", "")):
                        if not name.isdigit() and name not in values:
                            sub = f"/{where}" + (f"/{lang}" if lang else "")
                            known = ", ".join(sorted(values)) or "none"
                            self.add(pointer + sub, "unknown-placeholder",
                                     f"the text shows {{{name}}}, but the {what} has no value "
                                     f"'{name}' (its values: {known}); add it under 'values:'")

    def references(self, board, group_by_id, deck_ids) -> None:
        # a `groups` or `decks` that is not a list is a schema error already: do not also
        # report every reference to it
        groups_ok = isinstance(self.tree.get("groups"), list)
        decks_ok = isinstance(self.tree.get("decks"), list)
        for i, s in board:
            name = s.get("id", f"#{i}")
            g = s.get("group")
            if groups_ok and isinstance(g, str) and g not in group_by_id:
                self.add(f"/board/{i}/group", "unknown-group",
                         f"space '{name}' names group '{g}', which is not defined{suggest(g, group_by_id)} "
                         f"(defined: {id_list_text(group_by_id)})")
            d = s.get("deck")
            if decks_ok and isinstance(d, str) and d not in deck_ids:
                self.add(f"/board/{i}/deck", "unknown-deck",
                         f"space '{name}' draws from deck '{d}', which is not defined{suggest(d, deck_ids)} "
                         f"(defined: {id_list_text(deck_ids)})")

    def special_spaces(self, board) -> None:
        if not board:
            return
        starts = [i for i, s in board if s.get("kind") == "start"]
        if not starts:
            self.add("/board", "start-space", "the board has no start space (a space with kind: start)")
        for i in starts[1:]:
            self.add(f"/board/{i}/kind", "start-space",
                     f"the board has more than one start space: '{board_id(board, starts[0])}' and "
                     f"'{board_id(board, i)}'")
        jails = [i for i, s in board if s.get("kind") == "jail"]
        for i in jails[1:]:
            self.add(f"/board/{i}/kind", "jail-space",
                     f"the board has more than one jail: '{board_id(board, jails[0])}' and '{board_id(board, i)}'")
        if not jails:
            for i, s in board:
                if s.get("kind") == "go_to_jail":
                    self.add(f"/board/{i}/kind", "jail-space",
                             f"space '{s.get('id')}' sends players to jail, but the board has no jail "
                             f"(a space with kind: jail)")

    def holdings(self, board) -> None:
        """`rules.holdings`: each on a space of the board, none named `jail` (the jail's own id);
        `rules.doubles.holding` names one of them, or the jail on a board that has one."""
        rules = self.tree.get("rules")
        if not isinstance(rules, dict):
            return
        held = rules.get("holdings")
        held = held if isinstance(held, dict) else {}
        ids = {s.get("id") for _, s in board if isinstance(s.get("id"), str)}   # others: the schema's
        for hid, h in held.items():
            if hid == "jail":
                self.add("/rules/holdings/jail", "holding-space",
                         "'jail' is the jail's own id; a holding space beside it needs another id")
            space = h.get("space") if isinstance(h, dict) else None
            if isinstance(space, str) and space not in ids:
                hint = suggest(space, sorted(i for i in ids if isinstance(i, str)), n=3)
                self.add(f"/rules/holdings/{hid}/space", "holding-space",
                         f"holding space '{hid}' stands on space '{space}', which the board does not have{hint}")
        doubles = rules.get("doubles")
        to = doubles.get("holding") if isinstance(doubles, dict) else None
        known = set(held) | ({"jail"} if any(s.get("kind") == "jail" for _, s in board) else set())
        # the default `jail` on a board without one is told where the jail is needed, not here
        written = to != "jail" or locate(self.tree, "/rules/doubles/holding") is not None
        if isinstance(to, str) and to not in known and written:
            hint = suggest(to, sorted(known), n=3)
            self.add("/rules/doubles/holding", "unknown-holding",
                     f"doubles send players to the holding space '{to}', which is neither the jail nor "
                     f"one of rules.holdings{hint}")

    def deeds(self, board, group_by_id) -> None:
        rules = self.tree.get("rules")
        rules = rules if isinstance(rules, dict) else {}
        buildings = rules.get("buildings")
        buildings = buildings if isinstance(buildings, dict) else {}
        houses = buildings.get("houses_before_hotel")
        plain = self._deed_kinds()
        deeds = DEEDS + tuple(plain)
        in_group = Counter(_text(s.get("group")) for _, s in board if s.get("kind") in deeds)
        mortgages = rules.get("mortgage")
        unavailable = mortgages.get("unavailable") if isinstance(mortgages, dict) else None
        for i, s in board:
            kind, sid = _text(s.get("kind")), s.get("id", f"#{i}")
            if kind not in deeds:
                continue
            price, mortgage, rent = s.get("price"), s.get("mortgage"), s.get("rent")
            mortgageable = not covers(unavailable, kind, s.get("group"))   # else any price from 1
            if mortgageable and mortgage is None:
                self.add(f"/board/{i}", "missing-key",
                         f"{kind} '{sid}' has no mortgage value: give `mortgage` (below the price), or "
                         f"name the deed's kind or group in rules.mortgage.unavailable")
            elif mortgageable and _int(price) and _int(mortgage) and mortgage >= price:
                self.add(f"/board/{i}/mortgage", "mortgage-too-high",
                         f"{kind} '{sid}': the mortgage value {mortgage} must be below the price {price}")
            group = group_by_id.get(_text(s.get("group")))
            buildable = isinstance(group, dict) and "house_cost" in group
            laddered = isinstance(group, dict) and group_ladder_id(group) is not None
            if group is not None:
                if kind == "street" and not laddered:
                    self.add(f"/board/{i}/group", "group-kind",
                             f"street '{sid}' is in group '{group['id']}', which has no house_cost; "
                             f"streets belong to groups that can be built on")
                elif kind != "street" and buildable:
                    self.add(f"/board/{i}/group", "group-kind",
                             f"{kind} '{sid}' is in group '{group['id']}', which has house costs; "
                             f"only streets can be in a group that can be built on")
            # the deed's rent and each of its rent_tables: each table is checked alone (tables
            # chosen by a condition need not rise across each other)
            for at, rent in self.rent_tables_of(i, s):
                if not (isinstance(rent, list) and all(_int(r) for r in rent)):
                    continue
                top = self.ladder_top(group) if isinstance(group, dict) else None
                if kind == "street" and top is not None and top != (houses + 1 if _int(houses) else None):
                    if len(rent) < top + 1:
                        self.add(at, "rent-length",
                                 f"street '{sid}' has {len(rent)} rents, expected at least {top + 1}: the base "
                                 f"rent and one for each of the {top} levels of ladder "
                                 f"'{group_ladder_id(group)}'")
                elif kind == "street" and _int(houses):
                    want = houses + 2
                    # longer is fine: the hotel rent is the last entry, and the rents for more
                    # houses than a hotel needs go unused (the quick game keeps classic deeds)
                    if len(rent) < want:
                        rent_at, set_at = locate(self.tree, at), locate(self.tree, _HOUSES)
                        where = f", set at {set_at}" if set_at and rent_at and set_at.file != rent_at.file else ""
                        self.add(at, "rent-length",
                                 f"street '{sid}' has {len(rent)} rents, expected at least {want}: the base rent, "
                                 f"rents with 1 to {houses} houses, and with a hotel (last) "
                                 f"(rules.buildings.houses_before_hotel is {houses}{where})")
                    for j in range(1, len(rent)):
                        if rent[j] <= rent[j - 1]:
                            self.add(f"{at}/{j}", "rent-not-rising",
                                     f"street '{sid}': rents must rise with each building, but {rent[j]} "
                                     f"({_level(j, len(rent), want)}) is not above {rent[j - 1]} "
                                     f"({_level(j - 1, len(rent), want)})")
                            break
                elif plain.get(kind) == "flat" and len(rent) != 1:
                    self.add(at, "rent-length",
                             f"{kind} '{sid}' has {len(rent)} rents, expected 1: kind '{kind}' has a flat rent "
                             f"(deed: flat)")
                elif (kind in ("railroad", "utility") or plain.get(kind) == "count") and group is not None:
                    n = in_group[_text(s.get("group"))]
                    if len(rent) != n:
                        what = "dice multipliers" if kind == "utility" else "rents"
                        self.add(at, "rent-length",
                                 f"{kind} '{sid}' has {len(rent)} {what}, expected {n}: one for each number of "
                                 f"deeds of group '{group['id']}' owned (the group has {n})")

    @staticmethod
    def rent_tables_of(i: int, s: dict) -> list[tuple[str, object]]:
        """(pointer, rent list) of a deed's `rent` and of each of its `rent_tables`."""
        out: list[tuple[str, object]] = [(f"/board/{i}/rent", s.get("rent"))]
        tables = s.get("rent_tables")
        for k, t in enumerate(tables if isinstance(tables, list) else []):
            if isinstance(t, dict):
                out.append((f"/board/{i}/rent_tables/{k}/rent", t.get("rent")))
        return out

    def _deed_kinds(self) -> dict[str, str]:
        """The declared kinds that are deeds: id -> their rent (`deed:` count or flat)."""
        return {k["id"]: k["deed"] for _, k in _items(self.tree, "space_kinds")
                if isinstance(k.get("id"), str) and isinstance(k.get("deed"), str)}

    def declared_deeds(self, board) -> None:
        """A space of a declared deed kind has the deed's keys (group, price, rent); a space of
        a declared kind that is no deed has none of them (the schema lets both kinds' spaces
        have them, not knowing which kinds are deeds)."""
        plain = self._deed_kinds()
        declared = {k["id"] for _, k in _items(self.tree, "space_kinds") if isinstance(k.get("id"), str)} - set(plain)
        for i, s in board:
            kind, sid = _text(s.get("kind")), s.get("id", f"#{i}")
            if kind in plain:
                for key in ("group", "price", "rent"):
                    if key not in s:
                        self.add(f"/board/{i}", "missing-key",
                                 f"{kind} '{sid}' is a title deed (space kind '{kind}' has `deed:`) and "
                                 f"needs `{key}`")
            elif kind in declared:
                for key in ("group", "price", "mortgage", "rent"):
                    if key in s:
                        self.add(f"/board/{i}/{key}", "unknown-key",
                                 f"space '{sid}': '{key}' belongs to title deeds, and space kind '{kind}' is "
                                 f"no deed (a {kind} space has: id, kind, name; `deed: count` or `deed: "
                                 f"flat` on the kind makes its spaces deeds)")

    def deed_sets(self, group_by_id) -> None:
        """The deed sets of the rules (`purchase.compulsory`, `mortgage.unavailable`) name only
        kinds of deed and groups."""
        rules = self.tree.get("rules")
        kinds = list(DEEDS) + list(self._deed_kinds())
        for section, key in (("purchase", "compulsory"), ("mortgage", "unavailable")):
            part = rules.get(section) if isinstance(rules, dict) else None
            value = part.get(key) if isinstance(part, dict) else None
            if not isinstance(value, list):
                continue
            for k, name in enumerate(value):
                if isinstance(name, str) and name not in kinds and name not in group_by_id:
                    known = kinds + list(group_by_id)
                    self.add(f"/rules/{section}/{key}/{k}", "unknown-deed-set",
                             f"rules.{section}.{key} names '{name}', which is neither a kind of deed nor "
                             f"a group{suggest(name, known)} (kinds of deed: {', '.join(kinds)}; groups: "
                             f"{id_list_text(list(group_by_id))})")

    def _ladders(self) -> dict:
        b = self.tree.get("rules")
        b = b.get("buildings") if isinstance(b, dict) else None
        lad = b.get("ladders") if isinstance(b, dict) else None
        return lad if isinstance(lad, dict) else {}

    def ladder_top(self, group: dict) -> int | None:
        """The number of levels of the ladder `group` builds on (None: none, or unknown)."""
        lid = group_ladder_id(group)
        if lid is None:
            return None
        steps = self._ladders().get(lid)
        if not isinstance(steps, list):      # the default ladder (checked by houses_before_hotel)
            return None
        return sum(st.get("count", 1) if _int(st.get("count", 1)) else 1 for st in steps if isinstance(st, dict))

    def ladders(self, groups) -> None:
        """Ladders rise: a kind does not come back after another, and no level needs less of
        the group than the one below; groups name known ladders; every level has a price on
        every group that builds it; supply names only kinds the ladders use."""
        ladders = self._ladders()
        base = "/rules/buildings/ladders"
        kinds = {"house", "hotel"}
        for lid, steps in ladders.items():
            if not isinstance(steps, list):
                continue
            seen: list[str] = []
            last_share = 0
            for k, st in enumerate(steps):
                if not isinstance(st, dict) or not isinstance(st.get("kind"), str):
                    continue
                kind = st["kind"]
                kinds.add(kind)
                if kind in seen and seen[-1] != kind:
                    self.add(f"{base}/{lid}/{k}/kind", "ladder-order",
                             f"ladder '{lid}': its levels do not rise: '{kind}' comes back after "
                             f"'{seen[-1]}' (each kind of building is one run of levels, lowest first)")
                seen.append(kind)
                share = st.get("owned", "all")
                if share in SHARES:
                    if SHARES.index(share) < last_share:
                        self.add(f"{base}/{lid}/{k}/owned", "ladder-order",
                                 f"ladder '{lid}': its levels do not rise: '{kind}' needs '{share}' of the "
                                 f"group, less than the level below it ('{SHARES[last_share]}')")
                    last_share = max(last_share, SHARES.index(share))
        for gi, grp in groups:
            lid = grp.get("ladder")
            if isinstance(lid, str) and lid not in ladders and lid != "street":
                self.add(f"/groups/{gi}/ladder", "unknown-ladder",
                         f"group '{grp.get('id')}' builds on ladder '{lid}', which is not defined"
                         f"{suggest(lid, ladders)} (defined: {id_list_text(list(ladders) or ['street'])})")
                continue
            lid = group_ladder_id(grp)
            steps = ladders.get(lid) if lid else None
            if not isinstance(steps, list):
                continue
            for k, st in enumerate(steps):
                if isinstance(st, dict) and isinstance(st.get("kind"), str) and _prices_typed(grp, st) \
                        and step_cost(grp, st) is None:
                    self.add(f"/groups/{gi}", "building-cost",
                             f"group '{grp.get('id')}' builds a '{st['kind']}' (ladder '{lid}', level "
                             f"{k + 1}) but has no price for it: give the group costs: {{{st['kind']}: N}}, "
                             f"a house_cost, or the ladder step a cost")
        rules = self.tree.get("rules")
        b = rules.get("buildings") if isinstance(rules, dict) else None
        supply = b.get("supply") if isinstance(b, dict) else None
        if isinstance(supply, dict):
            for key in supply:
                if key not in ("houses", "hotels") and key not in kinds:
                    self.add(f"/rules/buildings/supply/{key}", "unknown-building",
                             f"the supply names '{key}', which no ladder builds{suggest(key, kinds)} "
                             f"(kinds: {id_list_text(sorted(kinds))})")

    def group_use(self, board, groups) -> None:
        used = {_text(s.get("group")) for _, s in board}
        for i, g in groups:
            if isinstance(g.get("id"), str) and g["id"] not in used:
                self.add(f"/groups/{i}", "empty-group", f"group '{g['id']}' has no spaces on the board")

    def deck_use(self, board, decks) -> None:
        used = {_text(s.get("deck")) for _, s in board if s.get("kind") == "card"}
        used |= set(choice_decks(board))
        for _, k in _items(self.tree, "space_kinds"):   # hooks may draw (`draw from DECK`)
            for ev in HOOK_EVENTS:
                text = k.get("on_" + ev)
                if isinstance(text, str):
                    used |= set(_DRAW.findall(text))
        for i, d in decks:
            if isinstance(d.get("id"), str) and d["id"] not in used:
                self.add(f"/decks/{i}", "unused-deck",
                         f"no card space draws from deck '{d['id']}', so its cards can never be drawn",
                         severity="warning")

    def players(self) -> None:
        p = self.tree.get("players")
        if isinstance(p, dict) and _int(p.get("min")) and _int(p.get("max")) and p["min"] > p["max"]:
            self.add("/players/min", "players-range",
                     f"players.min ({p['min']}) is greater than players.max ({p['max']})")


def board_id(board, index: int) -> str:
    """The id of the space at board index `index` (from _items pairs)."""
    return next((s.get("id", f"#{i}") for i, s in board if i == index), f"#{index}")


def _prices_typed(group: dict, step: dict) -> bool:
    """True when every price `step_cost` may read for `step` on `group` is absent or a whole
    number (a price of the wrong type is the schema's to report, not a missing price)."""
    costs = group.get("costs")
    values = [group.get("house_cost"), group.get("hotel_cost"), step.get("cost")]
    if costs is not None and not isinstance(costs, dict):
        return False
    values += list((costs or {}).values())
    return all(v is None or _int(v) for v in values)


def _level(j: int, n: int, want: int) -> str:
    if j == 0:
        return "base"
    if j == n - 1 and n == want:
        return "hotel"
    return f"{j} house{'s' if j > 1 else ''}"


def semantic_problems(tree) -> list[Problem]:
    """Every problem of meaning in a merged edition tree (see the module docstring)."""
    if not isinstance(tree, dict):
        return []
    return _Checker(tree).run()

