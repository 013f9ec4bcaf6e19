"""Issue 11: `magie simulate --count-events` counts each rule's use, so that a simulation of each
edition can be shown to exercise its distinctive rules; bots' attention to rent claims."""

import json

from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.sim.batch import BatchSpec, simulate


def _events(edition: str, *variants: str, n: int = 12, **kw) -> dict[str, int]:
    spec = BatchSpec(edition=edition, variants=variants, seed=3, max_rounds=150, **kw)
    return simulate(spec, n).events


def test_biznespolia_simulation_exercises_courts_inflation_and_lap_end_redemption():
    ev = _events("biznespolia")
    assert ev["action"] > 0                                      # courts ([002] D11)
    assert ev["card"] > 0
    assert ev["released"] > 0 or ev["unmortgage"] > 0             # lap-end redemption (D8)
    assert ev["trade"] > 0
    assert ev["sell_deed"] > 0                                   # 9/1.2: the basic bot sells lone lots


def test_start_auction_simulation_auctions_deeds_before_the_first_turn():
    ev = _events("biznespolia", "start-auction", n=4)
    plain = _events("biznespolia", n=4)
    assert ev["auction"] > plain["auction"]


def test_quick_simulation_deals_deeds():
    ev = _events("quick", n=4)
    assert ev["deal"] == 4 * 8                                   # two deeds for each of 4 players


def test_rent_must_be_claimed_measures_something_with_inattentive_bots():
    # issue 11 item 4: with bots that always claim the house rule is classic, event for event
    attentive = _events("classic", "rent-must-be-claimed", n=6)
    classic = _events("classic", n=6)
    assert attentive == classic and "rent_unclaimed" not in attentive
    forgetful = _events("classic", "rent-must-be-claimed", n=6, claim_attention=0.7)
    assert forgetful["rent_unclaimed"] > 0 and forgetful != classic


def test_simulate_json_reports_events_by_kind():
    r = CliRunner().invoke(app, ["simulate", "classic", "-n", "2", "-j", "1", "--max-rounds", "30",
                                 "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["events"]["turn"] == data["turns"] and data["events"]["start"] == 2
