"""Rule readings at the command line: `magie diff` shows each rule parameter that picks between
readings of the rule texts where an edition or overlay sets it, and `magie play` asks people to
claim rent unless `--auto-claim`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from magie.cli import session as session_mod
from magie.cli.app import app
from magie.engine.saves import read_save

runner = CliRunner()

# (the editions compared, --variant, the lines `magie diff` must print): an overlay is compared
# with the edition it patches (`magie diff classic classic --variant online`); `magie diff classic
# online` is refused, online being an overlay and not an edition
READING_DIFFS = [
    (("classic", "classic"), "online", ['changed   /rules/mortgage/lift_base: "mortgage" -> "price"']),
    (("classic", "classic"), "first-broke-ends", [
        'changed   /end/when: [] -> ["bankruptcies >= 1"]',
        'changed   /end/condition_rank: "score" -> "cash"']),
    (("classic", "classic"), "rent-must-be-claimed", ['changed   /rules/rent/claim: "automatic" -> "owner_claims"']),
    (("classic", "biznespolia"), None, [
        'changed   /rules/auction/reask: false -> true',
        'changed   /rules/jail/card_after_attempts: true -> false',
        'changed   /rules/buildings/hotel_sale: "together" -> "one_by_one"',
        'changed   /rules/trade/parties: 2 -> null',
        'changed   /rules/between_turns: true -> false']),
    (("classic", "uk"), None, [
        'changed   /rules/jail/card_after_attempts: true -> false',
        'changed   /rules/buildings/hotel_sale: "together" -> "one_by_one"',
        'changed   /rules/between_turns: true -> false']),
    (("biznespolia", "biznespolia"), "standard-cards", [
        'changed   /board/2/deck [notice_a]: "notice" -> "chest"',
        'changed   /board/9/deck [notice_b]: "notice" -> "chance"']),
]


@pytest.mark.parametrize("editions, variant, lines", READING_DIFFS,
                         ids=[f"{e[1]}{'+' + v if v else ''}" for e, v, _ in READING_DIFFS])
def test_diff_shows_the_rule_reading_parameters(editions, variant, lines):
    r = runner.invoke(app, ["diff", *editions, *(["--variant", variant] if variant else [])])
    assert r.exit_code == 0, r.output
    out = r.stdout.splitlines()
    assert all(line in out for line in lines), [line for line in lines if line not in out]


def test_diff_of_an_edition_with_an_overlay_name_is_refused_in_one_line():
    r = runner.invoke(app, ["diff", "classic", "online"])
    assert r.exit_code == 1 and "error[unknown-edition]" in r.stderr and "'online'" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.output


@pytest.mark.parametrize("flags, auto", [((), False), (("--no-auto-claim",), False), (("--auto-claim",), True)])
def test_play_asks_people_to_claim_rent_unless_auto_claim(tmp_path, monkeypatch, flags, auto):
    # the person's agent is made without auto-claim by default (it then asks:
    # tests/cli/test_play_human.py::test_rent_claims_are_asked_by_default), and the save keeps
    # the choice for --resume
    made: list[bool] = []

    class Recording(session_mod.HumanAgent):
        def __init__(self, *a, **kw):
            made.append(kw["auto_claim"])
            super().__init__(*a, **kw)

    monkeypatch.setattr(session_mod, "HumanAgent", Recording)
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["play", "classic", "-V", "rent-must-be-claimed", "--players", "Anna", "--bots", "1",
                            "--seed", "2", "--save-to", "s.json", *flags], input="q\n")
    assert r.exit_code == 0, r.output
    assert made == [auto]
    assert read_save(tmp_path / "s.json").options["auto_claim"] is auto
