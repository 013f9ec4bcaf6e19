"""The basic bot's promise after landing (decisions.Calm): it names what its answer read, the
engine then skips the window, and the games are those of a bot that promises nothing."""

from __future__ import annotations

import io

from magie.engine.agents import BasicBot
from magie.engine.game.decisions import Calm
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable


class _Counting(BasicBot):
    """The basic bot, counting its `idle` calls after landing and checking each promise."""

    promise = True

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0
        self.promises = 0

    def idle(self, game, p, window):
        r = super().idle(game, p, window)
        if window != "between_turns":
            self.calls += 1
            if isinstance(r, Calm):
                self.promises += 1
                # what the bot's next answer reads, as it is now: cash below the trigger, the look
                # at trades not due before the named turn, nothing else changed
                assert (r.version, r.deeds) == (p.version, game.deeds_version)
                assert p.cash < r.wake == self._trigger and game.turns < r.turn == self._next_look
                if not self.promise:
                    return True
        return r


class _NoPromise(_Counting):
    promise = False


def _play(cls, seed: int, edition: str = "classic") -> tuple[bytes, int, int]:
    ed = playable(edition)
    bots = [cls(seed * 4 + k) for k in range(4)]
    out = io.StringIO()
    Game(ed, [(f"b{k}", b) for k, b in enumerate(bots)], seed=seed, log=EventLog(stream=out),
         record=False, max_rounds=300).play()
    return out.getvalue().encode(), sum(b.calls for b in bots), sum(b.promises for b in bots)


def test_a_card_played_for_a_throw_leaves_the_promise():
    """Mega's bus tickets are played instead of a throw, never in a manage window: the bot still
    promises, in both its windows (before the roll and after landing), and the game is the same."""
    for seed in (1, 2):
        log, calls, promises = _play(_Counting, seed, "mega")
        log_plain, calls_plain, _ = _play(_NoPromise, seed, "mega")
        assert log == log_plain
        assert promises > 0
        assert calls < calls_plain


def test_the_promise_skips_windows_and_changes_no_game():
    for seed in (1, 2, 3):
        log, calls, promises = _play(_Counting, seed)
        log_plain, calls_plain, promises_plain = _play(_NoPromise, seed)
        assert log == log_plain                      # the same game, event for event
        assert promises > 0 and promises_plain > 0
        assert calls < calls_plain                   # windows skipped while a promise held
