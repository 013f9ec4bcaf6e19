"""Shared helpers of the Biznespolia tests (test_biznespolia_*.py); no tests here.

Spaces of the full board (editions/biznespolia.yaml), by index:
 0 start, 1 poultry_farm, 2 notice_a, 3 dairy_farm, 4 grain_elevator, 5 sc_north,
 6 sewing_factory, 7 water, 8 shoe_factory, 9 notice_b, 10 textile_mill, 11 jail (and court),
 12 bakery, 13 notice_c, 14 meat_plant, 15 confectionery, 16 sc_east, 17 brickworks,
 18 electricity, 19 cement_works, 20 notice_d, 21 housing_works, 22 parking, 23 newspaper,
 24 notice_e, 25 radio_station, 26 tv_channel, 27 sc_south, 28 ore_mine, 29 gas, 30 steelworks,
 31 notice_f, 32 engineering_works, 33 arrested, 34 oil_well, 35 notice_g, 36 oil_pipeline,
 37 oil_refinery, 38 sc_west, 39 savings_bank, 40 heating, 41 commercial_bank, 42 notice_h,
 43 central_bank.
"""

from __future__ import annotations

from magie.engine.agents import Scripted
from magie.engine.game.decisions import DONE

from .helpers import edition, game

START_CASH = 2500


def bz(*variants: str, **kw):
    """The Biznespolia edition (with overlays, or a reading selected by `rules=`)."""
    return edition("biznespolia", *variants, **kw)


def short(*variants: str, **kw):
    return edition("biznespolia_short", *variants, **kw)


def bgame(players, ed=None, **kw):
    """A forced game of Biznespolia (see helpers.game). Players are past their introductory lap
    unless their state says `intro: True`."""
    ed = ed or bz()
    states = players if isinstance(players, dict) else {n: {} for n in players}
    g = game(ed, {n: {k: v for k, v in st.items() if k != "intro"} for n, st in states.items()}, **kw)
    for p in g.players:
        p.intro = bool(states[p.name].get("intro", False))
    return g


class Recorder:
    """A `Scripted` default that answers every decision as `Scripted` would and records the
    options of each manage decision when it is asked: `windows` is a list of (window, options)."""

    def __init__(self):
        self.windows: list[tuple[str, list]] = []

    def __call__(self, g, d):
        if d.kind == "manage":
            self.windows.append((d.window, list(d.options)))
            return DONE
        fallback = Scripted()
        return fallback.decide(g, d)


def sue(target_index: int) -> tuple:
    return ("act", "sue", target_index)
