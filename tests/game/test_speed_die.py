"""The `speed-die` overlay (editions/variants/speed-die.yaml) on the classic board, with forced
dice: a move's throw lists the white dice, then the speed die's face (`(1, 2, "bus")`).
Rule numbers are those of ../shared/rules/editions/speed-die.md.
classic: 0 go, 3 nagatinskaya, 5 riga_railway, 6 varshavskoe, 10 jail, 12 power_station,
13 sretenka, 30 go_to_jail, 39 arbat."""

from __future__ import annotations

from collections import Counter

import pytest

from magie.engine.agents import make_bot
from magie.engine.errors import GameError
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import cash, edition, game, owner_of, player, turn

ED = edition("classic", "speed-die")
DEEDS = [s.id for s in ED.spaces if s.is_deed]


def speedy(players, dice, **kw):
    """A game whose players have all completed a lap already (the speed die is in play)."""
    g = game(ED, players, dice=dice, **kw)
    for p in g.players:
        p.laps = 1
    return g


def events(g, kind):
    return [e for e in g.log.events if e["e"] == kind]


def test_the_start_cash_is_1000_more_and_the_die_waits_for_the_first_salary():
    g = game(ED, {"ann": {"pos": 38}, "bob": {}}, dice=[(1, 2), (1, 2, 3)])
    assert cash(g) == {"ann": 2500, "bob": 2500}                          # [1.3]
    turn(g, "ann")                    # two dice only [1.4]: 38 + 3 = 1, past GO: the salary
    assert player(g, "ann").pos == 1 and player(g, "ann").laps == 1 and cash(g)["ann"] == 2700
    turn(g, "ann")                    # now three: 1 + 1 + 2 + 3 = 7
    assert player(g, "ann").pos == 7 and g.dice.left == 0


@pytest.mark.parametrize("face", [1, 2, 3])
def test_a_number_face_adds_to_the_white_dice(face):
    g = speedy({"ann": {}, "bob": {}}, [(2, 5, face)])
    turn(g, "ann")
    assert player(g, "ann").pos == 7 + face                                # [2.2]


def test_mr_monopoly_moves_on_to_the_next_deed_the_bank_holds_after_the_landing():
    g = speedy({"ann": {"script": {"buy": ["decline", "buy"]}}, "bob": {}}, [(1, 2, "mr_monopoly")],
               log=EventLog())
    turn(g, "ann")            # 3: nagatinskaya declined (auction: nobody bids), then 5: bought [2.4]
    assert player(g, "ann").pos == 5 and owner_of(g, "riga_railway") == "ann"
    assert owner_of(g, "nagatinskaya") is None and cash(g)["ann"] == 2500 - 200
    assert [e["symbol"] for e in events(g, "symbol")] == ["mr_monopoly"]
    assert events(g, "roll")[0]["faces"] == ["mr_monopoly"] and events(g, "roll")[0]["dice"] == [1, 2, 0]


def test_a_declined_mr_monopoly_deed_is_auctioned():
    g = speedy({"ann": {"script": {"buy": ["decline", "decline"]}},
                "bob": {"script": {"bid": [None, 150]}}}, [(1, 2, "mr_monopoly")])
    turn(g, "ann")
    assert owner_of(g, "riga_railway") == "bob" and cash(g)["bob"] == 2350


def test_mr_monopoly_when_the_bank_holds_nothing_goes_to_the_next_rent_owed():
    owns = {d: 0 for d in DEEDS if d not in ("nagatinskaya", "riga_railway", "kursk_railway")}
    g = speedy({"ann": {"owns": owns}, "bob": {"owns": {"nagatinskaya": 0, "riga_railway": 0,
                                                        "kursk_railway": {"mortgaged": True}}}},
               [(1, 2, "mr_monopoly")])
    turn(g, "ann")            # 3: rent 4 to bob; then 5: bob's railway, 2 owned: 50 [2.4]
    assert player(g, "ann").pos == 5 and cash(g) == {"ann": 2500 - 4 - 50, "bob": 2500 + 54}


def test_mr_monopoly_counts_no_unowned_deed_on_the_space_it_leaves():
    """The one deed the bank holds is the one just landed on (declined, unsold at the auction):
    Mr. Monopoly goes on to the next rent owed, as when the bank holds nothing."""
    owns = {d: 0 for d in DEEDS if d not in ("nagatinskaya", "riga_railway")}
    g = speedy({"ann": {"owns": owns, "script": {"buy": ["decline"], "bid": [None]}},
                "bob": {"owns": {"riga_railway": 0}, "script": {"bid": [None]}}}, [(1, 2, "mr_monopoly")])
    turn(g, "ann")            # 3: declined, unsold; then 5: bob's railway, 1 owned: 25 [2.4]
    assert owner_of(g, "nagatinskaya") is None
    assert player(g, "ann").pos == 5 and cash(g) == {"ann": 2500 - 25, "bob": 2500 + 25}


def test_mr_monopoly_does_nothing_when_every_rival_deed_is_mortgaged():
    owns = {d: 0 for d in DEEDS if d != "riga_railway"}
    g = speedy({"ann": {"owns": owns}, "bob": {"owns": {"riga_railway": {"mortgaged": True}}}},
               [(1, 2, "mr_monopoly")])
    turn(g, "ann")
    assert player(g, "ann").pos == 3 and cash(g)["ann"] == 2500             # [S2] no-op


def test_mr_monopoly_is_not_taken_after_going_to_jail():
    g = speedy({"ann": {"pos": 27}, "bob": {}}, [(1, 2, "mr_monopoly")], log=EventLog())
    turn(g, "ann")                                                         # [4.1]
    assert player(g, "ann").in_jail and events(g, "symbol") == []


def test_the_bus_moves_one_white_die_or_the_sum_as_the_player_chooses():
    for label, pos in (("first_die", 1), ("second_die", 5), ("both", 6)):
        g = speedy({"ann": {"script": {"choice": [label]}}, "bob": {}}, [(1, 5, "bus")])
        turn(g, "ann")                                                     # [2.3]
        assert player(g, "ann").pos == pos, label
        d = next(d for d in g.agents[0].asked if d.kind == "choice")
        assert d.options == ("both", "first_die", "second_die") and d.source == "bus"


def test_the_bus_with_equal_white_dice_offers_one_die_once_and_throws_again():
    g = speedy({"ann": {"script": {"choice": ["first_die"]}}, "bob": {}}, [(2, 2, "bus"), (1, 2, 1)])
    turn(g, "ann")            # 2: one die of a double; doubles still throw again [3.3]: 2 + 4 = 6
    assert player(g, "ann").pos == 6 and g.dice.left == 0
    d = next(d for d in g.agents[0].asked if d.kind == "choice")
    assert d.options == ("both", "first_die")


def test_a_bot_takes_the_bus_to_an_unowned_deed_and_away_from_rent():
    bot = make_bot("basic", 0, 0)
    g = speedy({"ann": {"agent": bot}, "bob": {}}, [(1, 5, "bus")])
    turn(g, "ann")                          # the sum reaches varshavskoe, unowned: the sum
    assert player(g, "ann").pos == 6 and owner_of(g, "varshavskoe") == "ann"
    g = speedy({"ann": {"agent": make_bot("basic", 0, 0)},
                "bob": {"owns": {"varshavskoe": 3}}}, [(1, 5, "bus")])
    turn(g, "ann")                          # the sum owes rent: the first die, zhitnaya (unowned)
    assert player(g, "ann").pos == 1 and owner_of(g, "zhitnaya") == "ann"


def test_triples_move_anywhere_end_the_turn_and_cancel_two_doubles():
    arbat = ED.space_index["arbat"]
    g = speedy({"ann": {"script": {"pick": [arbat]}}, "bob": {}},
               [(2, 2, 1), (3, 3, 2), (1, 1, 1)], log=EventLog())
    turn(g, "ann")            # doubles to 5, doubles to 13, then triples: to arbat [3.2, S3]
    ann = player(g, "ann")
    assert ann.pos == arbat and not ann.in_jail and g.dice.left == 0 and ann.doubles == 0
    assert len(events(g, "all_alike")) == 1
    d = next(d for d in g.agents[0].asked if d.kind == "pick")
    assert len(d.options) == 39 and ED.space_index["sretenka"] not in d.options


def test_triples_to_go_to_jail_pay_no_salary_and_to_another_space_past_go_do():
    g = speedy({"ann": {"pos": 35, "script": {"pick": [30]}}, "bob": {}}, [(2, 2, 2)])
    turn(g, "ann")
    assert player(g, "ann").in_jail and cash(g)["ann"] == 2500             # [S5]
    g = speedy({"ann": {"pos": 35, "script": {"pick": [5]}}, "bob": {}}, [(3, 3, 3)])
    turn(g, "ann")
    assert player(g, "ann").pos == 5 and cash(g)["ann"] == 2700            # past GO (ours, [3.2])


def test_a_bot_takes_triples_to_the_deed_that_completes_its_group():
    g = speedy({"ann": {"agent": make_bot("basic", 0, 0), "owns": {"zhitnaya": 0}}, "bob": {}},
               [(1, 1, 1)])
    turn(g, "ann")
    assert player(g, "ann").pos == 3 and owner_of(g, "nagatinskaya") == "ann"


def test_leaving_jail_throws_the_white_dice_only():
    g = speedy({"ann": {"jail": True}, "bob": {}}, [(3, 3)])
    turn(g, "ann")                              # a 2-dice throw; doubles free: 10 + 6 = 16 [4.2]
    assert not player(g, "ann").in_jail and player(g, "ann").pos == 16
    g = speedy({"ann": {"jail": True}, "bob": {}}, [(3, 3, 1)])
    with pytest.raises(GameError, match="has 3 dice, the engine threw 2"):
        turn(g, "ann")


def test_utility_rent_counts_all_three_dice_with_symbols_as_0():
    g = speedy({"ann": {"pos": 6}, "bob": {"owns": {"power_station": 0}}}, [(2, 1, 3)])
    turn(g, "ann")                              # 6 + 6 = 12: 4 x (2 + 1 + 3) [5.1]
    assert cash(g)["bob"] == 2500 + 24
    g = speedy({"ann": {"pos": 9}, "bob": {"owns": {"power_station": 0}}}, [(1, 2, "mr_monopoly")])
    turn(g, "ann")                              # 4 x (1 + 2 + 0), then Mr. Monopoly to sretenka
    assert cash(g)["bob"] == 2500 + 12 and player(g, "ann").pos == 13


def test_uk_takes_the_overlay_too():
    uk = edition("uk", "speed-die")
    g = game(uk, {"ann": {}, "bob": {}}, dice=[(1, 2, 3)])
    player(g, "ann").laps = 1
    turn(g, "ann")
    assert player(g, "ann").pos == 6 and cash(g)["ann"] == 2500


def test_in_simulations_every_face_comes_up_and_the_symbols_act():
    """Bots with the overlay: the faces come up about as often as they are printed (1/6 each,
    Mr. Monopoly 2/6), Mr. Monopoly and the bus act, triples happen and the bots pick."""
    faces: Counter = Counter()
    acts: Counter = Counter()
    for seed in range(8):
        log = EventLog(keep=None)
        g = Game(ED, [(f"b{k}", make_bot("basic", k, seed)) for k in range(3)], seed=seed, log=log,
                 check_invariants=True)
        g.play(max_turns=1000)
        for e in log.events:
            if e["e"] == "roll" and "faces" in e:
                faces.update(e["faces"])
            elif e["e"] in ("symbol", "all_alike"):
                acts[e.get("symbol", e["e"])] += 1
            elif e["e"] == "choice" and e["source"] in ("bus", "all_alike"):
                acts["choice:" + e["source"]] += 1
    thrown = sum(faces.values())
    assert thrown > 500 and set(faces) == {1, 2, 3, "mr_monopoly", "bus"}
    assert abs(faces["mr_monopoly"] / thrown - 2 / 6) < 0.06
    for face in (1, 2, 3, "bus"):
        assert abs(faces[face] / thrown - 1 / 6) < 0.05, face
    # the bus always acts (unless a third double jails first); Mr. Monopoly unless the move jailed
    assert faces["bus"] >= acts["bus"] >= 0.9 * faces["bus"]
    assert faces["mr_monopoly"] >= acts["mr_monopoly"] >= 0.8 * faces["mr_monopoly"]
    assert acts["all_alike"] > 0 and acts["choice:all_alike"] == acts["all_alike"]
    assert acts["choice:bus"] > 0
