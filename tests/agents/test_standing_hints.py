"""The basic bot's standing answers (decisions.Agent `takes_hints`): the choices, picks and card
plays it answers with the decision's hint are given that hint without a decision while answers
are not recorded, and the game is the same as when each is asked and recorded (Mega: bus
tickets offered at each throw, the bus face's choice, picks of a ticket's ride)."""

from __future__ import annotations

import io
from collections import Counter

from magie.engine.agents import BasicBot
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable


class _Counting(BasicBot):
    """The basic bot, counting the decisions it is asked by kind."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.kinds: Counter[str] = Counter()

    def decide(self, game, d):
        self.kinds[d.kind] += 1
        return super().decide(game, d)


def _play(seed: int, record: bool) -> tuple[bytes, Counter[str]]:
    bots = [_Counting(seed * 4 + k) for k in range(4)]
    out = io.StringIO()
    Game(playable("mega"), [(f"b{k}", b) for k, b in enumerate(bots)], seed=seed, log=EventLog(stream=out),
         record=record, max_rounds=200).play()
    return out.getvalue().encode(), sum((b.kinds for b in bots), Counter())


def test_hinted_decisions_are_not_built_unless_answers_are_recorded():
    for seed in (1, 2):
        log, asked = _play(seed, record=False)
        log_recorded, asked_recorded = _play(seed, record=True)
        assert log == log_recorded                   # the same game, event for event
        assert asked_recorded["play_card"] > 0 and asked_recorded["choice"] > 0
        assert asked["play_card"] == asked["choice"] == asked["pick"] == 0
        assert asked["bid"] == asked_recorded["bid"] > 0     # other kinds are asked as before
