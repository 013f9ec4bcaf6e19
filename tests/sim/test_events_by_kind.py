"""`magie simulate --json` counts each rule's use (`events` by kind, with the counters
on by default), so that a simulation of each edition can be shown to exercise its distinctive
rules; bots' attention to rent claims (`--claim-attention`)."""

import json

from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.sim.batch import BatchSpec, simulate


def _events(edition: str, *variants: str, n: int = 12, **kw) -> dict[str, int]:
    spec = BatchSpec(edition=edition, variants=variants, seed=3, max_rounds=150, **kw)
    return simulate(spec, n).events


def test_biznespolia_simulation_exercises_courts_inflation_and_lap_end_redemption():
    # the same 12 games of classic never see these kinds: they are Biznespolia's own rules
    ev, classic = _events("biznespolia"), _events("classic")
    assert ev["action"] == 8 and "action" not in classic          # courts ([002] D11: `sue`)
    assert ev["released"] == 66 and "released" not in classic      # lap-end redemption (D8): taken by the bank
    assert ev["sell_deed"] == 94 and "sell_deed" not in classic    # 9/1.2: the basic bot sells lone lots
    assert ev["trade"] > 0


def _logged_game(edition: str, k: int, listen=None):
    """Game `k` of the seed-3 batch of four basic bots (as `simulate` plays it), with its whole
    event log: (game, events). `listen(game, event)` sees each event as it comes."""
    from magie.engine.agents import make_bot
    from magie.engine.game.events import EventLog
    from magie.engine.game.game import Game
    from magie.engine.sim.batch import game_seed
    from tests.game.helpers import playable

    seed = game_seed(3, k)
    made: list[Game] = []                   # the game, once made (its set-up emits events too)
    log = EventLog(keep=None, listener=None if listen is None else lambda e: made and listen(made[0], e))
    g = Game(playable(edition, ()), [(f"basic-{i + 1}", make_bot("basic", seed, i)) for i in range(4)],
             seed=seed, max_rounds=150, log=log)
    made.append(g)
    g.play()
    return g, list(log.events)


def test_biznespolia_bots_draw_the_inflation_cards_and_pay_what_they_say():
    # game 0 ([002] notices 03 and 04): "pay exactly 200 for every 1000 you hold" and "if you
    # hold more than 1000, pay 10% of your cash", each read at the draw
    inflation = ("notice_03", "notice_04")
    drawn: list[tuple[str, int]] = []                     # (card, the drawer's cash at the draw)

    def listen(g, e: dict) -> None:
        if e["e"] == "card" and e["card"] in inflation:
            drawn.append((e["card"], g.players[e["player"]].cash))
    _, events = _logged_game("biznespolia", 0, listen)
    paid = [nxt["amount"] if nxt["e"] == "pay" and nxt["reason"] == "card" else 0
            for e, nxt in zip(events, events[1:], strict=False) if e["e"] == "card" and e["card"] in inflation]
    assert drawn == [("notice_04", 1768), ("notice_03", 80), ("notice_04", 146)]
    assert paid == [176, 0, 0]                      # 10% of 1,768; 200 x 0 thousands; 146 is not over 1,000


def test_classic_simulation_with_six_players_auctions_the_last_houses():
    # [000] 18.3: scarce buildings wanted by several players are auctioned; with six basic bots
    # the bank runs short in games 0 and 2 of the seed-3 batch (1 + 4 auctions); Biznespolia
    # has no building supply, so never
    ev = _events("classic", n=3, bots=("basic",) * 6)
    assert ev["shortage_auction"] == 5
    assert "shortage_auction" not in _events("biznespolia", n=3, bots=("basic",) * 6)


def test_biznespolia_simulation_makes_a_multi_party_deal():
    # [002] 9/1.3: in game 15 player 3 proposes a three-way swap (each gives
    # one deed, and 30 in cash besides) and both others accept; the batch counts it, and classic
    # (`trade.parties: 2`) never offers one
    _, events = _logged_game("biznespolia", 15)
    deals = [e for e in events if e["e"].startswith("deal_")]
    assert [e["e"] for e in deals] == ["deal_offer", "deal_accepted"] and deals[1]["parties"] == [2, 3, 1]
    assert [(leg["giver"], leg["taker"], leg["cash"]) for leg in deals[0]["legs"]] == [
        (3, 2, 0), (1, 3, 0), (2, 1, 0), (2, 1, 30)]
    assert _events("biznespolia", n=16)["deal_accepted"] == 1
    assert "deal_offer" not in _events("classic", n=16)


def test_start_auction_simulation_auctions_deeds_before_the_first_turn():
    ev = _events("biznespolia", "start-auction", n=4)
    plain = _events("biznespolia", n=4)
    assert ev["auction"] > plain["auction"]


def test_quick_simulation_deals_deeds():
    ev = _events("quick", n=4)
    assert ev["deal"] == 4 * 8                                   # two deeds for each of 4 players


def test_rent_must_be_claimed_measures_something_with_inattentive_bots():
    # with bots that always claim the house rule is classic, event for event
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


def _claimed(share: str) -> dict:
    r = CliRunner().invoke(app, ["simulate", "classic", "-V", "rent-must-be-claimed", "-n", "4", "-j", "1",
                                 "--max-rounds", "40", "--claim-attention", share, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_simulate_claim_attention_makes_forgetful_bots_lose_rents_on_the_same_seeds():
    # half the rents forgotten. Games 0-3 (capped at 40 rounds) with bots that
    # claim every rent pay 891 times (23,913 in rent); forgetting about half of them, 153 rents
    # go unclaimed and the games pay 685 times (14,489 in rent) though they last 627 turns, not 581.
    attentive, forgetful = _claimed("1"), _claimed("0.5")
    assert "rent_unclaimed" not in attentive["events"] and "claim_attention" not in attentive
    assert forgetful["claim_attention"] == 0.5
    assert forgetful["events"]["rent_unclaimed"] == 153
    assert (attentive["events"]["pay"], forgetful["events"]["pay"]) == (891, 685)
    assert (sum(attentive["rent_by_group"].values()), sum(forgetful["rent_by_group"].values())) == (23_913, 14_489)


def test_compare_claim_attention_applies_to_every_configuration():
    # the overlay against classic on games 0-3: the same games with attentive bots; with bots
    # that forget half the rents the games last 11.5 turns longer on average
    # (the share is recorded in each configuration of --json where it is not 1)
    def turns(share: str) -> tuple[float, list[float | None]]:
        r = CliRunner().invoke(app, ["compare", "classic", "classic+rent-must-be-claimed", "-n", "4", "-j", "1",
                                     "--max-rounds", "40", "--claim-attention", share, "--json"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        return (data["differences"][0]["turns"]["mean"],
                [c.get("claim_attention") for c in data["configs"]])
    assert turns("1") == (0.0, [None, None])
    assert turns("0.5") == (11.5, [0.5, 0.5])


def test_no_counters_leaves_out_the_bankruptcies_by_round_instead_of_an_empty_list():
    # with `--no-counters`, "bankruptcies_by_round" would be an empty list beside
    # "bankruptcies_per_game": 3.0; like the other counter-only fields it is left out
    def run(*extra: str) -> dict:
        r = CliRunner().invoke(app, ["simulate", "classic", "-n", "6", "--seed", "3", "--jobs", "1",
                                     "--json", *extra])
        assert r.exit_code == 0, r.output
        return json.loads(r.output)
    on, off = run(), run("--no-counters")
    assert on["bankruptcies_per_game"] == off["bankruptcies_per_game"] > 0
    assert sum(c for _, _, c in on["bankruptcies_by_round"]) == round(on["bankruptcies_per_game"] * 6)
    assert "bankruptcies_by_round" not in off and "events" not in off
    r = CliRunner().invoke(app, ["simulate", "classic", "-n", "2", "--seed", "3", "--jobs", "1", "--no-counters"])
    assert r.exit_code == 0 and "bankruptcies" in r.output
