"""Bots that decline every offer between turns, for measuring what the window costs the engine
(the window must not slow simulations measurably when bots decline).

Each is the basic bot in everything but its `idle` between turns, which passes there without
looking: so a table of them plays the same games, event for event, with `rules.between_turns`
on and off (tests/game/test_between_turns.py checks it), and the difference of the instructions
per turn of the two is exactly what the window costs the engine when agents decline. They are
not in `magie.engine.agents.BOTS`: `benchmarks/bench_sim.py --bots KIND` knows them by the
names of `ANSWERS`, e.g.

    python benchmarks/bench_sim.py --callgrind --bots basic-quiet --vs-set rules.between_turns=false

The ways of declining (decisions.Quiet):
- `basic-never`: its `windows(game)` leaves 'between_turns' out: it is never asked there (an
  agent that never manages between turns says so once, at set-up);
- `basic-quiet`: `QUIET`, quiet until a deed changes hands anywhere;
- `basic-still`: `Quiet(NO_WAKE)`, quiet until its own deeds, buildings, mortgages or loans change;
- `basic-whole`: `Quiet(NO_WAKE, whole=True)`, as `basic-still` but a deed bought or sold ends it
  only where one of its color groups becomes whole or stops being whole (the basic bot's own
  answer while it has nothing to build on);
- `basic-pass`: True, no promise: asked again at every window (the most the window can cost).
"""

from __future__ import annotations

from functools import cache
from typing import Any

ANSWERS = {"basic-never": "(not asked)", "basic-quiet": "QUIET", "basic-still": "Quiet(NO_WAKE)",
           "basic-whole": "Quiet(NO_WAKE, whole=True)", "basic-pass": "True"}
"""The declining kinds and what each answers between turns."""


@cache
def declining(kind: str) -> type:
    """The class of declining bot `kind` (a key of `ANSWERS`): a `BasicBot` whose `idle` between
    turns returns its answer at once. Made on first use, so that this module imports no engine
    (a `--baseline` tree may have none of these names)."""
    from magie.engine.agents.basic import BasicBot
    from magie.engine.game.decisions import QUIET, Quiet
    from magie.engine.game.player import NO_WAKE

    basic_idle = BasicBot.idle
    basic_windows = BasicBot.windows
    if kind == "basic-never":
        def windows(self: Any, game: Any) -> frozenset:
            return basic_windows(self, game) - {"between_turns"}
        return type("Declining", (BasicBot,), {"windows": windows, "__doc__": "The basic bot, never asked between "
                                                                              "turns (its windows leave it out)."})
    answer = {"basic-quiet": QUIET, "basic-still": Quiet(NO_WAKE), "basic-whole": Quiet(NO_WAKE, whole=True),
              "basic-pass": True}[kind]

    def idle(self: Any, game: Any, p: Any, window: str) -> Any:
        if window == "between_turns":
            return answer
        return basic_idle(self, game, p, window)

    return type("Declining", (BasicBot,), {"idle": idle, "__doc__": f"The basic bot, passing between turns "
                                                                    f"with {ANSWERS[kind]}."})


def make(kind: str, seed: int, seat: int) -> Any:
    """Bot `kind` for seat `seat` of the game of `seed`: one of `ANSWERS` (seeded and named as
    `make_bot` does), else `make_bot(kind, seed, seat)`."""
    if kind in ANSWERS:
        return declining(kind)(seed=seed * 1009 + seat, name=f"{kind}-{seat + 1}")
    from magie.engine.agents import make_bot
    return make_bot(kind, seed, seat)
