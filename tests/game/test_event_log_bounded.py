"""The in-memory event log of a long game is bounded; the stream gets every event."""

from __future__ import annotations

import io

from magie.engine.agents import make_bot
from magie.engine.game.events import KEEP_EVENTS, EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable


def test_the_log_keeps_the_latest_events_and_streams_them_all():
    stream = io.StringIO()
    log = EventLog(stream=stream, keep=50)
    g = Game(playable("classic"), [(f"r{i}", make_bot("random", 2, i)) for i in range(3)],
             seed=2, log=log, max_rounds=30)
    g.play()
    written = stream.getvalue().splitlines()
    assert len(written) > 200 and len(log.events) == 50
    assert log.lines() == written[-50:]


def test_the_default_bound():
    assert EventLog().events.maxlen == KEEP_EVENTS and EventLog(keep=None).events.maxlen is None
