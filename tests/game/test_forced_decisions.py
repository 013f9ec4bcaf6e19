"""Decisions with one legal answer (asking.py): the engine answers them for agents with
`skip_forced` (the bots) without asking, records the answer as if asked, and replays saves
recorded either way byte for byte; agents without it (people, scripted agents) are asked."""

from __future__ import annotations

import io

from magie.engine.agents import make_bot
from magie.engine.agents.basic import BasicBot
from magie.engine.game.decisions import Decision
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import edition, game, owner_of, player


class _Counting(BasicBot):
    """The basic bot, noting every decision it is asked."""

    def __init__(self) -> None:
        super().__init__(0, "counting")
        self.asked: list[Decision] = []

    def decide(self, game, d: Decision):
        self.asked.append(d)
        return super().decide(game, d)


def test_a_bot_is_not_asked_to_decline_a_deed_it_cannot_pay_for_and_the_answer_is_recorded():
    bot = _Counting()
    # A has 10 and nothing to sell: on Nagatinskaya (60) 'decline' is the only answer
    g = game(edition(), {"A": {"cash": 10, "agent": bot}, "B": {"script": {"bid": [60]}}},
             dice=[(1, 2)], record=True)
    g.play_turn()
    assert player(g, "A").pos == 3 and owner_of(g, "nagatinskaya") == "B" and player(g, "B").cash == 1440
    assert [d.kind for d in bot.asked if d.kind == "buy"] == []
    assert "decline" in g.answers          # recorded as if asked: a save replays it


def test_a_scripted_agent_is_still_asked_the_forced_decision():
    g = game(edition(), {"A": {"cash": 10}, "B": {"script": {"bid": [60]}}}, dice=[(1, 2)])
    g.play_turn()
    (buy,) = [d for d in g.agents[0].asked if d.kind == "buy"]
    assert tuple(buy.options) == ("decline",)


def test_a_bot_in_jail_without_the_fine_or_a_card_just_throws():
    bot = _Counting()
    g = game(edition(), {"A": {"cash": 0, "jail": True, "agent": bot}, "B": {}}, dice=[(1, 2)])
    g.play_turn()
    assert player(g, "A").in_jail and player(g, "A").jail_attempts == 1
    assert [d for d in bot.asked if d.kind == "jail"] == []


def _play(agents, seed: int, **kw) -> tuple[str, Game]:
    stream = io.StringIO()
    g = Game(edition(), agents, seed=seed, log=EventLog(stream=stream), max_rounds=300, **kw)
    g.play()
    return stream.getvalue(), g


class _AskedEverything:
    """A bot of `kind` asked every decision, forced ones too, as before `skip_forced` (in the
    same manage windows)."""

    human = False

    def __init__(self, kind: str, seed: int, seat: int) -> None:
        self.bot = make_bot(kind, seed, seat)
        self.name = kind
        self.forced = 0
        if hasattr(self.bot, "windows"):
            self.windows = self.bot.windows

    def decide(self, game, d: Decision):
        self.forced += d.listed is not None and len(d.listed) == 1
        return self.bot.decide(game, d)


def test_answers_recorded_before_forced_decisions_were_skipped_replay_byte_for_byte():
    forced = 0
    for kind, seed in (("random", 5), ("basic", 1), ("basic", 2)):
        old_log, old = _play([(f"p{i}", _AskedEverything(kind, seed, i)) for i in range(4)], seed, record=True)
        # today's bots, seeded to answer otherwise: the recorded answers, forced ones included, decide
        log, _ = _play([(f"p{i}", make_bot(kind, 99, i)) for i in range(4)], seed, replay=old.answers)
        assert log == old_log and len(log.splitlines()) > 100
        forced += sum(a.forced for a in old.agents)
        # and the other way round: a save of today's bots replays where every decision is asked
        new_log, new = _play([(f"p{i}", make_bot(kind, seed, i)) for i in range(4)], seed, record=True)
        log, _ = _play([(f"p{i}", _AskedEverything(kind, 99, i)) for i in range(4)], seed, replay=new.answers)
        assert log == new_log
        if kind == "basic":     # it gives the one answer when asked: skipping changes none of its games
            assert new_log == old_log and new.answers == old.answers
    assert forced > 0            # the records hold forced answers (the basic bot in jail without 50)
