"""The random bot reaches every kind of manage action (fuzzing must reach every kind of legal
action): over seeded games of the editions that offer them, each kind of `MANAGE_ACTIONS` is
answered at least once (but bankruptcy, which the engine declares itself), every answer checked
by the engine and every invariant after each turn."""

from __future__ import annotations

from collections import Counter

from magie.engine.agents import make_bot
from magie.engine.game.decisions import FunctionAgent
from magie.engine.game.game import Game
from magie.engine.game.manage import MANAGE_ACTIONS, pickable_kinds
from tests.game.helpers import edition

BAIL = [{"id": "t_bail", "text": {"en": "Bail: play it before you roll to leave jail."},
         "do": "keep as bail", "play": {"when": "before_roll", "do": "release from jail"}}]
TABLES = {   # where each kind can happen: classic's buildings, mortgages, trades, bankruptcy;
    "classic": edition("classic"),
    "biznespolia": edition("biznespolia"),                 # deeds sold to the bank, the court
    "landlords_game": edition("landlords_game"),           # loans, a vote on a rule switch
    "bail": edition("classic", decks=[{"id": "chance", "cards": BAIL}]),   # a kept card played
}


def _kinds_taken(ed, games: int, rounds: int = 100) -> Counter:
    taken: Counter = Counter()
    for seed in range(games):
        seats = []
        for i in range(4):
            bot = make_bot("random", seed, i)

            def decide(game, d, bot=bot):
                answer = bot.decide(game, d)
                if d.kind in ("manage", "raise"):
                    taken[answer[0]] += 1
                return answer
            seats.append((f"r{i}", FunctionAgent("random", decide)))
        g = Game(ed, seats, seed=seed, max_rounds=rounds, check_invariants=True)
        g.play()
        assert g.over
    return taken


def test_the_random_bot_takes_every_kind_of_manage_action():
    taken = {name: _kinds_taken(ed, 12) for name, ed in TABLES.items()}
    every = sum(taken.values(), Counter())
    # 'bankrupt' is never a legal answer to a raise the engine asks: it declares bankruptcy itself,
    # before asking, when everything the player has cannot pay (debt.raise_funds)
    kinds = set(MANAGE_ACTIONS) - {"bankrupt"}
    assert set(every) == kinds, f"never taken: {kinds - set(every)}"
    assert taken["biznespolia"]["sell_deed"] and taken["biznespolia"]["act"]
    assert taken["landlords_game"]["loan"] and taken["landlords_game"]["repay"]
    assert taken["bail"]["play"]


def test_it_picks_only_among_the_kinds_the_game_offers():
    names = {name: [k.name for k in pickable_kinds(Game(ed, [("a", make_bot("random", 0, 0)),
                                                             ("b", make_bot("random", 0, 1))]))]
             for name, ed in TABLES.items()}
    assert names["classic"] == ["build", "sell", "mortgage", "unmortgage", "sell_all"]
    assert names["biznespolia"] == ["build", "sell", "mortgage", "unmortgage", "sell_deed", "sell_all", "act"]
    assert names["landlords_game"] == ["build", "sell", "mortgage", "unmortgage", "sell_all", "loan", "repay",
                                       "propose"]
    assert names["bail"] == ["build", "sell", "mortgage", "unmortgage", "sell_all", "play"]
