"""Building forced game states for rule tests: editions with selected readings, players with
given cash, positions, deeds and buildings, forced dice and stacked decks.

Space names in tests are the classic edition's ids; the rule cases in ../shared/cases number
spaces on the US board, which has the same layout (0 = start, 39 = arbat = Boardwalk).
"""

from __future__ import annotations

import hashlib
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from magie.engine.agents import Scripted
from magie.engine.edition.model import Edition
from magie.engine.edition.playable import load_playable
from magie.engine.game.dice import ForcedDice
from magie.engine.game.game import Game

OVERLAY_DIR = Path(tempfile.mkdtemp(prefix="magie-readings-"))


def edition(ref: str = "classic", *variants: str, rules: dict | None = None, **top: Any):
    """A playable edition: `ref` with the named overlays, then an overlay made of `rules`
    (merged into the rules section) and other top-level parts, to select a reading."""
    extra: tuple[str, ...] = ()
    if rules or top:
        body = {"overlay": True, "id": "test_reading", "name": "test reading",
                "description": "a reading selected by a test"}
        if rules:
            body["rules"] = rules
        body.update(top)
        text = yaml.safe_dump(body, allow_unicode=True, sort_keys=True)
        path = OVERLAY_DIR / f"reading_{hashlib.sha1(text.encode()).hexdigest()[:12]}.yaml"
        if not path.exists():
            path.write_text(text, encoding="utf-8")
        extra = (str(path),)
    return playable(ref, tuple(variants) + extra)


@cache
def playable(ref: str, variants: tuple[str, ...] = ()) -> Edition:
    """`load_playable(ref, variants)`, loaded once per test session. Editions are immutable, so
    every test may share one; the engine's own cache (`load_playable_cached`) keeps 16, fewer
    than the suite's readings, and would load the common editions again and again. `ref` is a
    built-in id or a file no test rewrites (the readings' files are named by their content)."""
    return load_playable(ref, variants)


def game(ed, players: dict[str, dict] | list[str], *, dice=(), first: str | None = None,
         houses: int | None = None, hotels: int | None = None, seed: int = 0, **kw) -> Game:
    """A game in a forced state. `players` maps a name to its state:
    `cash`, `pos` (space id or index), `owns` (space id -> level, or a dict with `level` and
    `mortgaged`), `jail` (attempts so far, or True), `cards` (held card ids), `agent`
    (default: a `Scripted` agent with the answers given as `script={kind: [...]}`).
    Unlisted players start as the edition says. `dice` are the forced throws; `first` who
    plays first. The bank's stock is the supply minus what is on the board unless
    `houses`/`hotels` say otherwise. Money conservation is measured from this state."""
    if isinstance(players, list):
        players = {name: {} for name in players}
    agents = {}
    for name, st in players.items():
        agents[name] = st.get("agent") or Scripted(name=name, **st.get("script", {}))
    names = list(players)
    g = Game(ed, [(n, agents[n]) for n in names], seed=seed, dice=ForcedDice(dice),
             first=names.index(first) if first else 0, deal=False, **kw)
    for p, name in zip(g.players, names, strict=True):
        st = players[name]
        if "cash" in st:
            p.cash = st["cash"]
        if "pos" in st:
            p.pos = space(ed, st["pos"])
        for sid, what in (st.get("owns") or {}).items():
            i = space(ed, sid)
            g.set_owner(i, p)
            if isinstance(what, dict):
                g.level[i] = what.get("level", 0)
                g.mortgaged[i] = what.get("mortgaged", False)
            else:
                g.level[i] = what
        if st.get("jail") is not None and st.get("jail") is not False:
            p.in_jail = True
            p.pos = ed.jail_index
            p.jail_attempts = 0 if st["jail"] is True else st["jail"]
        for card_id in st.get("cards") or ():
            hold(g, p, card_id)
    for kind, start in g.supply_start.items():       # the supply minus what is on the board
        on_board = sum(b[1] for i in range(g.n) if (b := g.building_on(i)) and b[0] == kind)
        g.stock[kind] = start - on_board
    if houses is not None and g.houses is not None:
        g.houses = houses
    if hotels is not None and g.hotels is not None:
        g.hotels = hotels
    g.start_total = sum(p.cash for p in g.players)
    g.bank_in = g.bank_out = 0
    return g


def space(ed, ref) -> int:
    """A space index from an id or an index."""
    return ref if isinstance(ref, int) else ed.space_index[ref]


def player(g: Game, name: str):
    return next(p for p in g.players if p.name == name)


def hold(g: Game, p, card_id: str, use: str = "get_out_of_jail") -> None:
    """Take `card_id` out of its deck and give it to `p`, kept for `use` (a card held since earlier)."""
    for deck_id, dq in g.decks.items():
        for c in dq:
            if c.id == card_id:
                dq.remove(c)
                p.held_cards.append((deck_id, card_id))
                g.kept_uses[(deck_id, card_id)] = use
                return
    raise KeyError(card_id)


def stack(g: Game, deck: str, *card_ids: str) -> None:
    """Put the named cards on top of `deck`, in the order given (first = drawn first)."""
    dq = g.decks[deck]
    cards = [next(c for c in dq if c.id == cid) for cid in card_ids]
    for c in cards:
        dq.remove(c)
    for c in reversed(cards):
        dq.appendleft(c)


def turn(g: Game, name: str | None = None) -> None:
    """Play one turn, of `name` if given (else of whoever is next)."""
    if name is not None:
        p = player(g, name)
        g.turn_idx = g.order.index(p)
    g.play_turn()


def deck_ids(g: Game, deck: str) -> list[str]:
    return [c.id for c in g.decks[deck]]


def cash(g: Game) -> dict[str, int]:
    return {p.name: p.cash for p in g.players}


def owner_of(g: Game, sid: str) -> str | None:
    o = g.owner[g.ed.space_index[sid]]
    return None if o is None else o.name
