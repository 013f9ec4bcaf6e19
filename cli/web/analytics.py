"""Analytics on the board of a game on `magie serve`: the exact landing odds of every space and the
payback of every deed, for the rule set being played (engine/analysis: the Markov chain of
`magie analyze` and its economics), computed on the server once per rule set.

The work (under half a second for the built-in editions) runs in one worker thread of its own, so
that analyses never take more than one core from the games, and is cached by the edition's
content hash: every game of one rule set shares it. A request waits at most `WAIT` seconds;
one that waits longer is told to come back (503) while the analysis goes on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from magie.engine.analysis.economics import DeedEconomics, economics
from magie.engine.analysis.markov import landing_odds
from magie.engine.edition.model import Edition
from magie.engine.errors import MagieError

from ..i18n import gettext_for
from .errors import HTTPProblem

WAIT = 20.0
"""Seconds a request waits for an analysis before it is answered 503 (the analysis goes on)."""

JAIL_POLICY = "long"
"""The chain's jail policy: a jailed player throws for doubles and leaves as the edition says
after the last failure (`magie analyze`'s default)."""

CACHE_SIZE = 16
"""Analyses kept (one per rule set)."""

_worker = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="magie-analysis")
_done: OrderedDict[str, concurrent.futures.Future] = OrderedDict()
_lock = threading.Lock()


def _compute(ed: Edition, tree: Mapping[str, Any]) -> dict[str, Any]:
    """The odds and economics of `ed` as plain data; raises `MagieError` (an `AnalysisError` for
    an edition the chain cannot model)."""
    odds = landing_odds(ed, tree, JAIL_POLICY)
    econ = economics(ed, odds)
    return {"rolls_per_turn": odds.rolls_per_turn, "per_roll": dict(odds.per_roll),
            "per_turn": dict(odds.per_turn), "deeds": econ.deeds,
            "not_modelled": [{"card": c, "reason": r} for c, r in odds.unknown]}


def _future(ed: Edition, tree: Mapping[str, Any]) -> concurrent.futures.Future:
    """The analysis of `ed`, running or done (one per content hash)."""
    with _lock:
        fut = _done.get(ed.content_hash)
        if fut is None:
            fut = _worker.submit(_compute, ed, tree)
            _done[ed.content_hash] = fut
            while len(_done) > CACHE_SIZE:
                _done.popitem(last=False)
        else:
            _done.move_to_end(ed.content_hash)
        return fut


def _level_name(name: str, lang: str) -> str:
    """A level of engine/analysis/economics.py ('lot', 'group', '2 houses', 'hotel', '1 of 4') in
    `lang`."""
    tr = gettext_for(lang)
    head, _, rest = name.partition(" ")
    if name == "lot":
        return tr.gettext("alone")
    if name == "group":
        return tr.gettext("the whole group")
    if name == "hotel":
        return tr.gettext("hotel")
    if head.isdigit() and rest.startswith("house"):
        return tr.ngettext("{n} house", "{n} houses", int(head)).replace("{n}", head)
    if head.isdigit() and rest.startswith("of "):
        return tr.gettext("{n} of {m}").replace("{n}", head).replace("{m}", rest[3:])
    return name


def _deed(d: DeedEconomics, per_round: float, lang: str) -> dict[str, Any]:
    def rounds(rolls: float | None) -> float | None:
        return None if rolls is None or per_round <= 0 else round(rolls / per_round, 1)
    levels: list[dict[str, Any]] = [
        {"level": lv.name, "name": _level_name(lv.name, lang), "rent": round(lv.rent, 2), "cost": lv.cost,
         "payback_rolls": None if lv.payback_rolls is None else round(lv.payback_rolls, 1),
         "payback_rounds": rounds(lv.payback_rolls)} for lv in d.levels]
    paying = [lv for lv in levels if lv["payback_rounds"] is not None]
    best = min(paying, key=lambda lv: lv["payback_rounds"]) if paying else None
    return {"space": d.space, "group": d.group, "price": d.price, "levels": levels,
            "best": None if best is None else {"level": best["level"], "name": best["name"],
                                               "payback_rounds": best["payback_rounds"]}}


async def board_analytics(ed: Edition, tree: Mapping[str, Any] | None, players: int, lang: str) -> dict[str, Any]:
    """The analytics of a game of `ed` (its merged tree `tree`, as the save embeds it) with
    `players` seats, in `lang`: `spaces` (space id -> {per_roll, per_turn}, probabilities),
    `in_jail`, `rolls_per_turn`, `players`, `deeds` (space id -> {levels: [{level, name, rent,
    cost, payback_rolls, payback_rounds}], best: the level of the shortest payback}), payback in
    rounds of `players` seats (the `players - 1` opponents each throw `rolls_per_turn` times a
    round), and `not_modelled` (cards treated as not moving). Raises `HTTPProblem` 422 for an
    edition the chain cannot model, 503 when the analysis takes longer than `WAIT` seconds."""
    if tree is None:
        raise HTTPProblem(422, "this game's save carries no copy of its edition to analyse")
    fut = _future(ed, tree)
    try:
        data = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(fut)), WAIT)
    except TimeoutError:
        raise HTTPProblem(503, f"the analysis of this rule set takes longer than {WAIT:.0f} s; "
                               f"it goes on, ask again later") from None
    except MagieError as e:
        raise HTTPProblem(422, f"the landing odds of this rule set cannot be computed: {e}") from None
    k = max(2, players)
    per_round = (k - 1) * data["rolls_per_turn"]
    per_roll, per_turn = data["per_roll"], data["per_turn"]
    return {"jail_policy": JAIL_POLICY, "players": k, "rolls_per_turn": round(data["rolls_per_turn"], 6),
            "spaces": {sp.id: {"per_roll": round(per_roll.get(sp.id, 0.0), 8),
                               "per_turn": round(per_turn.get(sp.id, 0.0), 8)} for sp in ed.spaces},
            "in_jail": {"per_roll": round(per_roll.get("in_jail", 0.0), 8),
                        "per_turn": round(per_turn.get("in_jail", 0.0), 8)},
            "deeds": {d.space: _deed(d, per_round, lang) for d in data["deeds"]},
            "not_modelled": data["not_modelled"]}
