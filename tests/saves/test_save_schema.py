"""The save schema: its bounds are the engine's, its quick yes agrees with jsonschema, and its
errors come one per problem, each at its field, all in one run (and no more than a cap)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magie.engine.game.trades import MAX_DEAL_LEGS
from magie.engine.limits import MAX_NAME, MAX_ROUNDS, MAX_SEATS, MAX_SECONDS, MAX_SEED, MIN_SEED
from magie.engine.saves import Seat, jsontext, read_save, write_save
from magie.engine.saves import reader as save_reader
from magie.engine.saves.accepts import accepts

from .support import problems, sample


def schema() -> dict:
    return save_reader._schema()


def test_the_schema_bounds_are_the_engine_bounds():
    s, defs = schema()["properties"], schema()["definitions"]
    assert (s["seats"]["minItems"], s["seats"]["maxItems"]) == (1, MAX_SEATS)
    assert defs["seat_number"]["maximum"] == MAX_SEATS - 1
    assert (s["seed"]["minimum"], s["seed"]["maximum"]) == (MIN_SEED, MAX_SEED)
    assert defs["seat"]["properties"]["name"]["maxLength"] == MAX_NAME
    options = s["options"]["properties"]
    assert options["max_rounds"]["maximum"] == MAX_ROUNDS
    assert options["time_limit"]["maximum"] == options["elapsed"]["maximum"] == MAX_SECONDS
    assert s["decisions"]["maxItems"] == save_reader.MAX_DECISIONS
    assert defs["deal"]["properties"]["legs"]["maxItems"] == MAX_DEAL_LEGS
    assert defs["answer"]["maxLength"] == s["edition"]["properties"]["ref"]["maxLength"] == save_reader.MAX_TEXT


def test_the_schema_ships_with_the_package():
    text = open("pyproject.toml", encoding="utf-8").read()
    assert '"magie.schema" = ["*.json"]' in text and save_reader.SAVE_SCHEMA_PATH.parent.name == "schema"


# ---------------------------------------------------------------------- the quick yes
words = st.sampled_from(["buy", "done", "", "x" * 4096, "x" * 4097, "trade", "chance"])
numbers = st.sampled_from([0, -1, 11, 12, 10**12, 10**12 + 1, -10**12 - 1, 1.5, 2.0, True, False, None])
plain = st.one_of(words, numbers)
legs = st.fixed_dictionaries({"giver": numbers, "taker": numbers},
                             optional={"cash": numbers, "deeds": st.lists(numbers, max_size=3),
                                       "cards": st.lists(st.lists(words, max_size=3), max_size=2)})
offers = st.one_of(
    st.fixed_dictionaries({"proposer": numbers, "partner": numbers},
                          optional={"give_cash": numbers, "get_deeds": st.lists(numbers, max_size=3),
                                    "get_cards": st.lists(st.lists(words, max_size=3), max_size=2),
                                    "odd": numbers}),
    st.fixed_dictionaries({"proposer": numbers}, optional={"legs": st.one_of(numbers, st.lists(legs, max_size=3))}),
    st.dictionaries(words, numbers, max_size=2))
answers = st.recursive(
    st.one_of(plain, st.dictionaries(st.sampled_from(["trade", "deal", "timeout", "other"]),
                                     st.one_of(offers, numbers), min_size=0, max_size=2)),
    lambda inner: st.lists(inner, max_size=4), max_leaves=12)


def _agree(kind: str, values, budget: int) -> None:
    """The quick yes of `kind` and jsonschema agree on `budget` values drawn from `values`."""
    fits, validator = save_reader._item_check(kind)

    @settings(max_examples=budget, deadline=None)
    @given(values)
    def agree(value):
        assert fits(value) == validator.is_valid(value), value
    agree()


@pytest.mark.parametrize("budget", [100, pytest.param(400, marks=pytest.mark.slow)])
def test_the_quick_yes_agrees_with_jsonschema(budget):
    _agree("answer", answers, budget)


# a save's JSON holds no infinity or NaN (the reader refuses them), so no event value is one
events = st.dictionaries(st.sampled_from(["e", "player", "cash", "deeds"]),
                         st.recursive(st.one_of(plain, st.floats(allow_nan=False, allow_infinity=False)),
                                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner,
                                                                                                  max_size=2),
                                      max_leaves=6), max_size=4)


@pytest.mark.parametrize("budget", [75, pytest.param(300, marks=pytest.mark.slow)])
def test_the_quick_yes_of_events_agrees_with_jsonschema(budget):
    _agree("event", events, budget)


def test_an_event_with_a_number_too_long_to_read_is_refused():
    fits, validator = save_reader._item_check("event")
    event = {"e": "move", "to": [1, jsontext.BigNumber("9" * 30)]}
    assert not fits(event)
    [err] = validator.iter_errors(event)
    assert list(err.absolute_path) == ["to", 1] and "31" not in save_reader._message(err)
    assert save_reader._message(err).endswith("found a number of 30 digits")


def test_the_quick_yes_refuses_a_keyword_it_does_not_know():
    check = accepts({"type": "string", "pattern": "^a$"}, {})
    assert not check("a") and not check("b")
    assert accepts({"type": "string", "maxLength": 2}, {})("ab")


@pytest.mark.parametrize(("version", "words"), [("1", 'found the string "1"'), (0, "found the number 0"),
                                                 (2, "update magie")])
def test_a_version_this_code_does_not_read_is_told(tmp_path, version, words):
    path = write_save(tmp_path / "game.json", sample())
    path.write_text(path.read_text(encoding="utf-8").replace('"version": 1', f'"version": {json.dumps(version)}'))
    [p] = problems(path)
    assert p.pointer == "/version" and words in p.message and p.line == 3


def test_a_recorded_trade_is_checked_field_by_field():
    trade = {"trade": {"proposer": 0, "partner": 1, "give_cash": 10, "get_cards": [["chance", "jail_free"]]}}
    assert save_reader.answer_problem(["trade", trade]) is None
    bad = {"trade": {"proposer": 0, "partner": 12, "give_cash": 10}}
    assert save_reader.answer_problem(["trade", bad]) == ("[1].trade.partner: expected a seat number (0 to 11), "
                                                          "found the number 12")
    assert "'partner' is missing" in save_reader.answer_problem({"trade": {"proposer": 0}})


# ---------------------------------------------------------------------- problems
def test_a_bad_trade_in_a_save_is_told_at_its_field(tmp_path):
    bad = {"trade": {"proposer": 0, "partner": 1, "get_deeds": [3, "x"]}}
    path = write_save(tmp_path / "game.json", sample(decisions=["buy", ["trade", bad]]))
    [p] = problems(path)
    assert (p.code, p.pointer) == ("save-bad-decision", "/decisions/1/1/trade/get_deeds/1")
    assert p.message == ('decisions[1][1].trade.get_deeds[1]: expected a space number (a whole number from 0), '
                         'found the string "x"')
    assert path.read_text(encoding="utf-8").splitlines()[p.line - 1][p.col - 1:].startswith('"x"')


def test_every_problem_is_told_in_one_run_up_to_a_cap(tmp_path):
    path = write_save(tmp_path / "game.json", sample(seed="7", seats=(Seat("Anna", "human"), Seat("anna", "x")),
                                                      decisions=[1.5] * 3))
    found = sorted(p.pointer for p in problems(path))
    assert found == ["/decisions/0", "/decisions/1", "/decisions/2", "/seats/1/agent", "/seats/1/name", "/seed"]
    path = write_save(tmp_path / "game.json", sample(decisions=[1.5] * 1000))
    found = problems(path)
    assert len(found) == save_reader.MAX_PROBLEMS + 1 and found[-2].pointer == "/decisions/99"
    assert (found[-1].code, found[-1].message) == ("save-more-problems", "has more problems than these first 100")


def test_an_unknown_option_is_kept_and_a_missing_one_is_not_needed(tmp_path):
    path = write_save(tmp_path / "game.json", sample(options={"future": [1, 2]}))
    assert read_save(path).options == {"future": [1, 2]}
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["options"], data["progress"]
    path.write_text(json.dumps(data), encoding="utf-8")
    back = read_save(path)
    assert (back.options, back.round, back.turns) == ({}, 1, 0)
