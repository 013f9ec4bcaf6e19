"""Exact landing odds: the Markov chain built from an edition's data."""

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.analysis.markov import (
    JAIL,
    AnalysisError,
    Chain,
    build_chain,
    closed_class,
    dice_outcomes,
    landing_odds,
    move_outcomes,
)
from magie.engine.analysis.movement import Step, card_moves, card_steps
from magie.engine.edition.loader import load_edition
from magie.engine.edition.playable import load_playable
from tests.game.helpers import playable

FIXTURES = Path(__file__).parent / "fixtures"


def odds(ref, policy="long"):
    return landing_odds(playable(ref), load_edition(ref).tree, policy)


def test_two_dice_outcomes():
    out = dice_outcomes(2, 6)
    assert sum(p for _, _, p in out) == pytest.approx(1.0)
    assert dict(((t, d), p) for t, d, p in out)[(7, False)] == pytest.approx(6 / 36)
    assert dict(((t, d), p) for t, d, p in out)[(8, True)] == pytest.approx(1 / 36)
    assert dict(((t, d), p) for t, d, p in out)[(8, False)] == pytest.approx(4 / 36)
    three = dice_outcomes(3, 6)
    assert sum(p for t, d, p in three if d) == pytest.approx(6 / 216)


def test_card_movements_come_from_the_syntax_tree():
    idx = {"go": 0, "arbat": 39, "jail": 10}
    names = {"start": 0, "jail": 10}
    assert card_steps("move to arbat", idx, names) == ((Step("to", 39),), None)
    assert card_steps("move back 3", idx, names) == ((Step("by", -3),), None)
    assert card_steps("collect 20 from bank; move back to start", idx, names) == ((Step("to", 0),), None)
    assert card_steps("move to nearest railroad with rent = 2 * rent", idx, names) == \
        ((Step("nearest", ("railroad", None)),), None)
    assert card_steps("collect 100 from bank; go to jail", idx, names) == ((Step("jail"),), None)
    assert card_steps("draw from chance", idx, names) == ((Step("draw", "chance"),), None)
    assert card_steps("pay bank 15", idx, names) == ((), None)
    steps, reason = card_steps("if cash < 100: move to go", idx, names)
    assert steps == () and "condition" in reason


def test_classic_cards_are_all_derived():
    ed = playable("classic")
    moves = card_moves(load_edition("classic").tree, ed.space_index, ed.start_index, ed.jail_index)
    assert moves.unknown == []
    chance = dict(zip([c.id for c in ed.decks["chance"].cards], moves.decks["chance"], strict=True))
    assert chance["chance_back_3"] == (Step("by", -3),)
    assert chance["chance_jail"] == (Step("jail"),)
    assert sum(1 for steps in moves.decks["chance"] if steps) == 10      # 10 of 16 chance cards move


def test_classic_matches_the_published_tables():
    """Collins' tables for the US board (the same layout and cards): long stay in jail 9.39%,
    Illinois Avenue (Mayakovsky Square) 2.99%, GO 2.91%; short stay in jail 3.94%, Illinois 3.18%."""
    long, short = odds("classic", "long"), odds("classic", "short")
    assert long.per_roll["in_jail"] == pytest.approx(0.0939, abs=0.0005)
    assert long.per_roll["mayakovsky"] == pytest.approx(0.0299, abs=0.0003)
    assert long.per_roll["go"] == pytest.approx(0.0291, abs=0.0003)
    assert short.per_roll["in_jail"] == pytest.approx(0.0394, abs=0.0005)
    assert short.per_roll["mayakovsky"] == pytest.approx(0.0318, abs=0.0003)
    for o in (long, short):
        assert sum(o.per_roll.values()) == pytest.approx(1.0)
        assert sum(o.per_turn.values()) == pytest.approx(1.0)
        assert o.per_roll["go_to_jail"] == 0.0 and o.per_turn["go_to_jail"] == 0.0
    top = sorted(long.per_roll, key=lambda s: -long.per_roll[s])[:3]
    assert top == ["in_jail", "mayakovsky", "go"]
    # a doubles run adds throws: 1 + 1/6 + 1/36 (fewer: jail ends runs, jail throws are single)
    assert 1.15 < long.rolls_per_turn < 1.1944


def test_a_board_moved_only_by_the_dice_is_uniform():
    path = str(FIXTURES / "uniform.yaml")
    o = landing_odds(load_playable(path), load_edition(path).tree, "long")
    assert o.per_roll["in_jail"] == 0.0
    for sid, p in o.per_roll.items():
        if sid != "in_jail":
            assert p == pytest.approx(1 / 40, abs=1e-12), sid
            assert o.per_turn[sid] == pytest.approx(1 / 40, abs=1e-12), sid
    assert o.rolls_per_turn == pytest.approx(1 / (1 - 1 / 6))    # doubles without end: 6/5 throws


def test_biznespolia_three_cell_jail_and_44_spaces():
    long, short = odds("biznespolia", "long"), odds("biznespolia", "short")
    assert len(long.per_roll) == 45
    assert long.unknown == []
    # two throws in jail, then out next turn: in jail at the end of a turn ~ 3 turns per visit
    assert long.per_turn["in_jail"] > 2 * short.per_turn["in_jail"]
    assert sum(long.per_roll.values()) == pytest.approx(1.0)
    assert long.per_roll["arrested"] == 0.0


def _chain(T):
    n = len(T)
    return Chain(n=n, T=T, R=[{} for _ in T], rolls=[1.0] * n, labels=[f"s{i}" for i in range(n)], start=0)


def test_a_periodic_chain_is_refused():
    with pytest.raises(AnalysisError, match="periodic"):
        closed_class(_chain([{1: 1.0}, {0: 1.0}]))


def test_a_reducible_chain_is_refused():
    with pytest.raises(AnalysisError, match="no single long run"):
        closed_class(_chain([{1: 0.5, 2: 0.5}, {1: 1.0}, {2: 1.0}]))
    with pytest.raises(AnalysisError, match="can never leave"):
        closed_class(_chain([{1: 1.0}, {1: 1.0}]))


def test_jail_outcome_constant():
    assert JAIL == -1


runner = CliRunner()


@pytest.mark.parametrize("policy", ["short", "long"])
def test_analyze_json_gives_both_measures(policy):
    r = runner.invoke(app, ["analyze", "classic", "--jail-policy", policy, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["edition"] == "classic" and data["jail_policy"] == policy
    assert set(data["per_roll"]) == set(data["per_turn"]) and "in_jail" in data["per_roll"]
    assert data["rolls_per_turn"] > 1


def test_analyze_table_and_bad_input():
    r = runner.invoke(app, ["analyze", "biznespolia"])
    assert r.exit_code == 0 and "in jail" in r.stdout and "just visiting" in r.stdout
    r = runner.invoke(app, ["analyze", "nosuch"])
    assert r.exit_code == 1 and "unknown edition 'nosuch'" in r.output
    r = runner.invoke(app, ["analyze", "classic", "--set", "rules.salery=300"])
    assert r.exit_code == 1 and "rules.salary" in r.output


# ---------------------------------------------------------------- the edition's own dice
def _dice_overlay(tmp_path, dice: dict) -> str:
    """An overlay of classic with `dice`, as a file."""
    path = tmp_path / "dice.yaml"
    path.write_text(yaml.safe_dump({"overlay": True, "id": "dice_test", "name": "dice test",
                                    "description": "the edition's own dice", "dice": dice}), encoding="utf-8")
    return str(path)


def test_a_numeric_die_adds_its_face_to_the_move(tmp_path):
    """A die of numbers thrown on every move is convolved into the total: with faces 1 and 2,
    a total of 3 is base 1+1 (1/36, doubles) and a 1; doubles stay the base dice's."""
    overlay = _dice_overlay(tmp_path, {"extra": [{"id": "step", "name": "Step", "faces": [1, 2]}]})
    ed = load_playable("classic", (overlay,))
    out = {(t, d): p for t, d, p in move_outcomes(ed)}
    assert sum(out.values()) == pytest.approx(1.0)
    assert out[(3, True)] == pytest.approx(1 / 36 / 2)
    assert (3, False) not in out
    assert out[(4, True)] == pytest.approx(1 / 36 / 2)          # 1+1 and a 2
    assert out[(4, False)] == pytest.approx(2 / 36 / 2)         # 1+2, 2+1 and a 1
    assert min(t for t, _ in out) == 3 and max(t for t, _ in out) == 14
    three = landing_odds(ed, load_edition("classic", (overlay,)).tree)
    two = odds("classic")
    assert sum(three.per_turn.values()) == pytest.approx(1.0)
    # from Go the first throw lands on space 3 with a total of 3 only: 2/36 with two dice, 1+1
    # and a 1 with the third (cards and doubles runs add less than 1%)
    moves = card_moves(load_edition("classic", (overlay,)).tree, ed.space_index, ed.start_index, ed.jail_index)
    assert build_chain(ed, moves, "long").R[0][3] == pytest.approx(1 / 72, rel=0.01)
    two_ed = playable("classic")
    assert build_chain(two_ed, moves, "long").R[0][3] == pytest.approx(2 / 36, rel=0.01)
    assert three.per_roll != two.per_roll
    r = runner.invoke(app, ["analyze", "classic", "--variant", overlay, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["per_roll"]["chance_1"] == pytest.approx(three.per_roll["chance_1"], abs=1e-7)


def test_dice_the_chain_does_not_model_are_refused_by_name(tmp_path):
    with pytest.raises(AnalysisError) as e:
        move_outcomes(playable("mega"))
    msg = str(e.value)
    assert "die 'speed_die' has symbol faces with an effect: bus, mr_monopoly" in msg
    assert "dice.all_alike" in msg
    overlay = _dice_overlay(tmp_path, {"extra": [{"id": "step", "name": "Step", "faces": [1, 2],
                                                  "when": "laps >= 1"}]})
    with pytest.raises(AnalysisError, match="die 'step' is thrown under a condition of the game"):
        move_outcomes(load_playable("classic", (overlay,)))


def test_analyze_refuses_the_speed_die_with_exit_1():
    for args in (["analyze", "mega"], ["analyze", "classic", "--variant", "speed-die"]):
        r = runner.invoke(app, args)
        assert r.exit_code == 1, r.output
        assert "does not model these dice" in r.output and "speed_die" in r.output
        assert "Traceback" not in r.output
