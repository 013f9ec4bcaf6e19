"""`magie check`: an edition's generic self-tests (engine/sim/selfcheck.py, cli/check.py)."""

from __future__ import annotations

import json

from typer.testing import CliRunner, Result

from magie.cli.app import app
from magie.engine.agents import BasicBot
from magie.engine.sim.selfcheck import closed, self_check
from tests.game.helpers import playable


class Crashing(BasicBot):
    """A bot that fails on its twentieth decision (a plug-in with a bug)."""

    def __init__(self, seed: int = 0, name: str = "crashing"):
        super().__init__(seed=seed, name=name)
        self.asked = 0

    def decide(self, game, d):
        self.asked += 1
        if self.asked == 20:
            raise RuntimeError("the plug-in's own bug")
        return super().decide(game, d)


def test_games_are_played_checked_replayed_and_counted():
    ed = playable("classic")
    r = self_check(ed, 4, seed=1)
    assert (r.games, r.replayed, r.failures) == (4, 2, [])
    assert len(r.rounds) == 4 and r.rounds[1] == 47         # seed 2, basic bots: as `magie simulate` plays it
    cov = r.coverage
    assert cov.events["start"] == 4 and cov.events["end"] == 4
    assert cov.decisions["buy"] > 0 and cov.landings["street"] > cov.landings["go_to_jail"] > 0
    assert sum(cov.cards.values()) == cov.events["card"]
    never = cov.never(ed)
    assert never["kinds of space"] == [] and never["actions"] == []
    assert "timeout" in never["events"] and "claim" in never["decisions"]


def test_a_failing_game_is_reported_with_its_seed_and_the_others_go_on():
    ed = playable("classic")
    r = self_check(ed, 3, seed=5, kinds=("basic", f"{__name__}:Crashing"))
    assert r.games == 3 and len(r.rounds) == 2
    (f,) = r.failures
    assert (f.seed, f.what) == (6, "game") and "the plug-in's own bug" in f.message


def test_what_an_edition_cannot_produce_is_named_with_the_rule_that_closes_it():
    classic = closed(playable("classic"))
    assert classic["decisions"]["claim"] == "rent is paid without a claim (rules.rent.claim: automatic)"
    assert "deal" in classic["decisions"] and "loan" in classic["events"]
    claimed = closed(playable("classic", ("rent-must-be-claimed",)))
    assert "claim" not in claimed["decisions"] and "rent_unclaimed" not in claimed["events"]
    lg = closed(playable("landlords_game"))
    assert "loan" not in lg["events"] and "vote" not in lg["decisions"]


def _magie(*args: str) -> Result:
    """`magie ARGS...` in this process (the command's own work, not the process, is tested)."""
    return CliRunner().invoke(app, list(args))


def test_the_command_prints_the_check_as_json():
    run = _magie("check", "classic", "-n", "2", "--json")
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert (data["edition"], data["games"], data["replayed"], data["failures"]) == ("classic", 2, 2, [])
    assert data["coverage"]["kinds of space"]["of"] == 9
    claim = next(x for x in data["coverage"]["decisions"]["never"] if x["name"] == "claim")
    assert claim["closed"].startswith("rent is paid without a claim")
    rows = {r["name"]: r for r in data["coverage"]["decisions"]["rows"]}
    assert rows["claim"]["status"] == "not in this edition" and rows["buy"]["status"] == "fired in play"
    assert rows["buy"]["count"] > 0 and len(rows) == 17
    assert {r["status"] for r in data["coverage"]["manage actions"]["rows"]} <= {
        "fired in play", "forced", "not in this edition"}


def test_wrong_arguments_are_told_together_without_a_traceback():
    run = _magie("check", "-n", "0", "--seed", "x")
    # an exception other than the exit would be a traceback at the command line
    assert run.exit_code == 1 and isinstance(run.exception, SystemExit | None), run.exception
    for part in ("which edition?", "-n must be from 1", "--seed takes a whole number"):
        assert part in run.stderr


def test_an_edition_without_mortgages_names_the_rule_that_closes_them():
    from tests.game.helpers import edition
    off = closed(edition("classic", rules={"mortgage": {"unavailable": True}}))
    why = "no deed can be mortgaged (rules.mortgage.unavailable)"
    assert off["events"]["mortgage"] == off["events"]["unmortgage"] == off["decisions"]["inherited_mortgage"] == why
    some = closed(edition("classic", rules={"mortgage": {"unavailable": ["railroad"]}}))
    assert "mortgage" not in some["events"] and "mortgage" not in closed(playable("classic"))["events"]


def test_what_play_did_not_reach_is_forced_and_seen(monkeypatch):
    from magie.engine.sim import selfcheck
    monkeypatch.setattr(selfcheck, "ROUND_CAP", 1)         # one round: most cards are never drawn
    ed = playable("classic")
    result = selfcheck.self_check(ed, 1, seed=5, kinds=("random",), seats=2)
    forced = result.coverage.forced
    cards = {f"{d}/{c.id}" for d, deck in ed.decks.items() for c in deck.cards}
    drawn = {f"{d}/{c}" for d, c in result.coverage.cards}
    assert result.failures == []
    assert set(forced["cards"]) == cards - drawn and len(forced["cards"]) > 20
    landed = set(result.coverage.landings)
    assert set(forced["kinds of space"]) == {s.kind for s in ed.spaces} - landed != set()
    assert result.coverage.never(ed)["cards"] == [] and result.coverage.never(ed)["kinds of space"] == []


def test_decisions_the_engine_answers_for_the_bots_are_counted(monkeypatch):
    from magie.engine.sim import selfcheck
    ed = playable("biznespolia")     # a jail without the fine, a deed beyond reach: one answer
    plain = selfcheck._play(ed, 2, "random", 4, None, None)[1]
    counts = selfcheck.Coverage()
    assert selfcheck._play(ed, 2, "random", 4, None, counts)[1] == plain     # the same game, counted
    monkeypatch.setattr(selfcheck._Counting, "skip_forced", True)           # asked only: one answer not counted
    asked = selfcheck.Coverage()
    assert selfcheck._play(ed, 2, "random", 4, None, asked)[1] == plain
    assert counts.decisions["jail"] + counts.decisions["buy"] >= asked.decisions["jail"] + asked.decisions["buy"] + 10
    assert counts.manage["done"] > counts.manage["mortgage"] > 0          # the manage answers, by kind


def _rows(ed, result, part):
    from magie.engine.sim.selfcheck import rows
    return {r.name: r for r in rows(ed, result.coverage)[part]}


def _forced_only(monkeypatch, ref, *variants, seats=None):
    """A check of one random game cut after a round: nearly everything is forced."""
    from magie.engine.sim import selfcheck
    monkeypatch.setattr(selfcheck, "ROUND_CAP", 1)
    ed = playable(ref, variants)
    result = selfcheck.self_check(ed, 1, seed=3, kinds=("random",), seats=seats)
    assert result.failures == []
    return ed, result


def test_every_decision_kind_and_action_of_classic_is_fired_forced_or_closed():
    from magie.engine.sim.selfcheck import CLOSED, FIRED, FORCED, NEVER
    ed = playable("classic")
    result = self_check(ed, 4, seed=1)
    assert result.failures == []
    dec, man = _rows(ed, result, "decisions"), _rows(ed, result, "manage actions")
    assert all(r.status != NEVER for part in ("decisions", "manage actions", "actions")
               for r in _rows(ed, result, part).values())
    assert dec["buy"].status == FIRED and dec["buy"].count == result.coverage.decisions["buy"] > 0
    assert dec["place"].status in (FIRED, FORCED)       # only a building shortage asks it
    assert dec["claim"] == dec["claim"].__class__("claim", CLOSED, 0,
                                                  "rent is paid without a claim (rules.rent.claim: automatic)")
    assert dec["choice"].why == "no card, action, kind of space or die face has a `choose:`"
    assert dec["role"].why == "the edition has no player roles (roles)"
    assert man["sell_deed"].why == "the bank buys no title deeds (rules.mortgage.bank_buys_percent)"
    assert man["loan"].status == man["repay"].status == man["act"].status == CLOSED
    assert man["bankrupt"].status == CLOSED and man["mortgage"].status == man["done"].status == FIRED


def test_what_classic_play_does_not_reach_is_forced_through_its_mechanism(monkeypatch):
    from magie.engine.sim.selfcheck import FORCED
    ed, result = _forced_only(monkeypatch, "classic")
    forced = result.coverage.forced
    # one round of random bots: no building, no mortgage, no trade yet; all forced
    assert {"build", "sell", "sell_all", "mortgage", "unmortgage", "trade"} <= set(forced["manage actions"])
    assert {"jail", "raise", "trade", "inherited_mortgage", "place"} <= set(forced["decisions"])
    assert _rows(ed, result, "decisions")["place"].status == FORCED
    assert result.coverage.unforced == {}
    assert "shortage_auction" in forced["events"]          # logged in the game that forced `place`


def test_the_forcers_of_other_mechanisms_fire_where_editions_have_them():
    from magie.engine.sim import forcing, selfcheck
    cases = [(("classic", "rent-must-be-claimed"), "decisions", {"claim"}),
             (("classic", "income-tax-choice"), "decisions", {"tax"}),
             (("classic", "speed-die"), "decisions", {"choice"}),
             (("landlords_game",), "manage actions", {"loan", "repay", "propose"}),
             (("landlords_game",), "decisions", {"vote"}),
             (("biznespolia",), "decisions", {"deal", "redeem", "bid", "buy"}),
             (("biznespolia",), "manage actions", {"sell_deed"}),
             (("biznespolia",), "actions", {"sue"}),
             (("uk",), "decisions", {"choice"}),
             (("mega",), "decisions", {"pick", "play_card", "manage"}),
             (("classic", "all-deeds-dealt"), "decisions", {"buy", "bid", "raise"}),   # deeds handed back
             (("classic", "all-deeds-dealt"), "manage actions", {"mortgage", "build"})]
    for (ref, *variants), part, names in cases:
        ed = playable(ref, tuple(variants))
        for name in sorted(names):
            forcer = (forcing.edition_action(name) if part == "actions" else
                      (forcing.DECISION_FORCERS if part == "decisions" else forcing.ACTION_FORCERS)[name])
            assert selfcheck._force_one(ed, 3, 4, part, name, forcer)[0] == "", (ref, variants, name)


def test_a_forced_building_shortage_is_won_and_placed_by_the_rival():
    from magie.engine.sim import forcing, selfcheck
    ed = playable("classic")
    seen = selfcheck.Coverage()
    steer: dict = {}
    g, _ = selfcheck._play(ed, 1, "random", 4, None, seen, start_only=True, steer=steer)
    g.play_turn()
    p = g.order[g.turn_idx]
    f = forcing.Forcing(g, p, seen.decisions, steer)
    assert forcing.DECISION_FORCERS["place"](f) == ""
    rival = f.others[0]
    built = {g.spaces[i].group_index: g.owner[i] for i in range(g.n) if g.level[i]}
    assert list(built.values()) == [rival]          # one house, on the rival's group, none on p's
    assert g.stock["house"] == 0 and g.supply_start["house"] == 1
    assert seen.decisions["place"] == 1 and seen.manage["build"] == 1
    g.check_invariants()


def test_a_position_that_does_not_make_it_fire_is_never_fired_with_why(monkeypatch):
    from magie.engine.sim import forcing
    from magie.engine.sim.selfcheck import NEVER
    monkeypatch.setitem(forcing.DECISION_FORCERS, "place", lambda f: "")        # builds nothing
    monkeypatch.setitem(forcing.ACTION_FORCERS, "build", lambda f: "no group here")
    ed, result = _forced_only(monkeypatch, "classic")
    place = _rows(ed, result, "decisions")["place"]
    build = _rows(ed, result, "manage actions")["build"]
    assert (place.status, place.why) == (NEVER, "not fired in the forced position")
    assert (build.status, build.why) == (NEVER, "not fired in the forced position: no group here")


def test_mega_and_biznespolia_close_what_their_data_leaves_out():
    from magie.engine.sim.forcing import dsl_calls
    mega, biz = playable("mega"), playable("biznespolia")
    assert {"choose", "pick"} <= dsl_calls(mega) and not {"choose", "pick"} & dsl_calls(biz)
    assert "offer_build" in dsl_calls(biz) and "offer_build" not in dsl_calls(playable("classic"))
    m, b = closed(mega), closed(biz)
    assert "pick" not in m["decisions"] and "play_card" not in m["decisions"]      # bus tickets at the roll
    assert m["manage actions"]["play"].startswith("no card is played in a manage window")
    assert b["decisions"]["inherited_mortgage"].endswith("(rules.mortgage.transfer_interest: false)")
    assert "place" not in b["decisions"] and "sell_deed" not in b["manage actions"]
    assert b["decisions"]["pick"] == "no card, action, kind of space or die face calls `pick(...)`"
    c = closed(playable("classic"))
    assert c["events"]["deck_empty"].startswith("no deck runs out") and "deck_empty" not in m["events"]
    assert c["events"]["flag"] == "no card, action or hook sets a flag (no `set flag`)" and "flag" not in b["events"]
    assert "card_discarded" not in m["events"] and "card_discarded" in b["events"]


def test_a_reading_that_closes_a_mechanism_closes_its_rows():
    from tests.game.helpers import edition
    assert "place" not in closed(playable("classic"))["decisions"]
    no_shortage = closed(edition("classic", rules={"buildings": {"shortage_auction": False}}))
    assert no_shortage["decisions"]["place"].startswith("no card offers a building")
    kept = closed(edition("classic", rules={"mortgage": {"transfer_interest": False}}))
    assert "inherited_mortgage" in kept["decisions"]
    assert "inherited_mortgage" not in closed(playable("classic"))["decisions"]


def test_mega_and_biznespolia_checks_leave_nothing_unexplained():
    from magie.engine.sim.selfcheck import CLOSED, FIRED, FORCED, NEVER
    for ref, games in (("mega", 3), ("biznespolia", 4)):
        ed = playable(ref)
        result = self_check(ed, games, seed=1)
        assert result.failures == []
        for part in ("decisions", "manage actions", "actions"):
            assert [r.name for r in _rows(ed, result, part).values() if r.status == NEVER] == [], (ref, part)
    mega_rows = _rows(playable("mega"), self_check(playable("mega"), 1, seed=2), "decisions")
    assert mega_rows["pick"].status in (FIRED, FORCED) and mega_rows["role"].status == CLOSED
