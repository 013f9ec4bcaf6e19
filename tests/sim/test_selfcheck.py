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
    from collections import Counter

    from magie.engine.sim import selfcheck
    ed = playable("biznespolia")     # a jail without the fine, a deed beyond reach: one answer
    plain = selfcheck._play(ed, 2, "random", 4, None, None)[1]
    counts: Counter[str] = Counter()
    assert selfcheck._play(ed, 2, "random", 4, None, counts)[1] == plain     # the same game, counted
    monkeypatch.setattr(selfcheck._Counting, "skip_forced", True)           # asked only: one answer not counted
    asked: Counter[str] = Counter()
    assert selfcheck._play(ed, 2, "random", 4, None, asked)[1] == plain
    assert counts["jail"] + counts["buy"] >= asked["jail"] + asked["buy"] + 10
