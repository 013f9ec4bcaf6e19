"""Decision timers and absent players of `magie serve`.

A game may have a decision time (`POST /api/games` `decision_time`, in seconds; none by default).
When a person's seat is asked, the room arms a timer (`Timers.arm`): one asyncio task on the
server's event loop, which sleeps the decision time and then tells the room (`Room.time_out`);
an answer in time, or the room's stop, cancels it (`Timers.disarm`, `Timers.stop`). No thread
sleeps for a timer, and the game's thread never waits on the event loop.

A seat whose time ran out, or that the host (or the person) handed to a bot, is *absent*
(`StandIns`): from then on its decisions are answered at once by a basic bot (`make_bot("basic",
seed, seat)`, the bot a bot seat of the game would have) until the person is back (an answer, the
switch between turns, a WebSocket opened with the seat's token, or `POST .../seats/{seat}` with
`{"bot": false}`). The bot's answers go through the engine like a person's and are recorded in the
save like any other, so a replay gives the same log whoever answered.

After a restart a pending decision is asked again by the replay, and its timer starts again from
the whole decision time (our choice: the person may have waited on the restart itself, and the
server keeps no clock across a restart); the absent seats are kept in the save (`options.web.absent`)
and stay absent until their person is back.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from magie.engine.agents import make_bot
from magie.engine.game.decisions import DECISION_KINDS, Decision

from ..i18n import gettext_for

MIN_DECISION_TIME = 0.05
"""The shortest decision time a game may have, in seconds (tests use it; people choose more)."""
MAX_DECISION_TIME = 86400.0
"""The longest decision time, in seconds (a day)."""
STAND_IN = "basic"
"""The bot that answers for an absent person."""

WHY = ("time", "host", "self")
"""Why a seat is absent: its decision time ran out, the host handed it to a bot, or its person
did."""


class Timers:
    """The decision timers of one server: at most one asyncio task per (game, seat), on the event
    loop `loop()` gives (None: timers are off, e.g. while the server starts or stops). `arm` and
    `disarm` may be called from any thread (the games' threads call them)."""

    def __init__(self, loop: Callable[[], asyncio.AbstractEventLoop | None]):
        self._loop = loop
        self._tasks: dict[tuple[str, int], asyncio.Task] = {}

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self._loop()
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):       # the loop closed meanwhile
            loop.call_soon_threadsafe(fn, *args)

    def arm(self, game: str, seat: int, seconds: float, fire: Callable[[], None]) -> None:
        """Call `fire()` in a worker thread in `seconds` seconds unless `disarm(game, seat)` (or
        another `arm` of the same seat) comes first."""
        self._call(self._arm, (game, seat), seconds, fire)

    def disarm(self, game: str, seat: int) -> None:
        """Cancel the seat's timer, if it runs."""
        self._call(self._cancel, (game, seat))

    def running(self, game: str) -> list[int]:
        """The seats of `game` whose timer runs (on the event loop's thread)."""
        return sorted(seat for (g, seat), task in self._tasks.items() if g == game and not task.done())

    def stop(self) -> None:
        """Cancel every timer (on the event loop's thread, when the server stops)."""
        for task in list(self._tasks.values()):
            task.cancel()
        self._tasks.clear()

    def _arm(self, key: tuple[str, int], seconds: float, fire: Callable[[], None]) -> None:
        self._cancel(key)
        self._tasks[key] = asyncio.get_running_loop().create_task(self._run(key, seconds, fire))

    def _cancel(self, key: tuple[str, int]) -> None:
        task = self._tasks.pop(key, None)
        if task is not None:
            task.cancel()

    async def _run(self, key: tuple[str, int], seconds: float, fire: Callable[[], None]) -> None:
        await asyncio.sleep(seconds)
        if self._tasks.get(key) is asyncio.current_task():
            del self._tasks[key]
        await asyncio.to_thread(fire)       # (it may save the game: not on the event loop)


class StandIns:
    """The absent seats of one game (seat -> why, one of `WHY`) and the bots answering for them,
    made on first use with the game's seed and the seat, as a bot seat's would be."""

    def __init__(self, seed: int, absent: dict[int, str] | None = None):
        self.seed = seed
        self.absent: dict[int, str] = dict(absent or {})
        self._bots: dict[int, Any] = {}
        self._refused: set[int] = set()

    def answer(self, game: Any, d: Decision) -> Any:
        """The stand-in bot's answer to `d` for its absent seat (in the game's thread); the
        decision kind's neutral answer (`DECISION_KINDS`) when the engine refused the bot's last
        answer to it, so that a bot's mistake cannot loop."""
        seat = d.player.seat
        if seat in self._refused:
            self._refused.discard(seat)
            return DECISION_KINDS[d.kind].default(game, d)
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = make_bot(STAND_IN, self.seed, seat)
        return bot.decide(game, d)

    def refused(self, seat: int) -> None:
        """The engine refused the stand-in's answer for `seat`: the next one is the neutral one."""
        if seat in self.absent:
            self._refused.add(seat)


def seat_note(lang: str, name: str, why: str | None) -> str:
    """The line the event feed shows when the seat of `name` goes to its stand-in bot (`why`, one
    of `WHY`) or back to its person (None), in `lang`."""
    t = gettext_for(lang)
    if why == "time":
        text = t.gettext("{name}: the time ran out; a bot answers for {name} until they are back")
    elif why == "host":
        text = t.gettext("{name}: the host handed the seat to a bot")
    elif why == "self":
        text = t.gettext("{name}: handed the seat to a bot")
    else:
        text = t.gettext("{name} is back and answers again")
    return text.replace("{name}", name)


def saved_absent(value: Any, humans: set[int]) -> dict[int, str]:
    """The absent seats kept in a save (`options.web.absent`, {"seat": why}), people's seats only;
    anything else in it is left out (an old or edited save)."""
    if not isinstance(value, dict):
        return {}
    out = {}
    for k, why in value.items():
        with contextlib.suppress(ValueError, TypeError):
            seat = int(k)
            if seat in humans and why in WHY:
                out[seat] = why
    return out


def saved_decision_time(value: Any) -> float | None:
    """The decision time kept in a save (`options.web.decision_time`), or None when it has none or
    one out of range."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and MIN_DECISION_TIME <= value <= MAX_DECISION_TIME:
        return float(value)
    return None


__all__ = ["Timers", "StandIns", "seat_note", "saved_absent", "saved_decision_time", "MIN_DECISION_TIME",
           "MAX_DECISION_TIME", "STAND_IN", "WHY"]
