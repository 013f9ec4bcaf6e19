"""Statements and expressions in the checker: choices, subjects, loops and
filters, aggregates, variables, timed flags, counters, offers to buy and kept cards of an
edition's own use. Every bad input is a problem with its code and its file position."""

from __future__ import annotations

import textwrap

import pytest

from magie.engine.dsl import check_snippet
from tests.dsl.conftest import MINI_LINES, problems

CARD_LINE = MINI_LINES + 5     # the line of `do:` in block()
BLOCK_COL = 10                 # the column where a block line's text starts


def block(dsl: str, extra: str = "") -> str:
    """A deck `chest` with one card `c` whose `do:` is the block `dsl`."""
    body = textwrap.indent(textwrap.dedent(dsl).strip("\n"), " " * (BLOCK_COL - 1))
    return ("decks:\n  - id: chest\n    cards:\n      - id: c\n        do: |\n" + body + "\n"
            + extra)


def at(ps, code):
    """(line, col) in the file of the problems with `code`, relative to the first DSL line
    (1, 1)."""
    return [(p.line - CARD_LINE, p.col - BLOCK_COL + 1) for p in ps if p.code == code]


def codes(ps):
    return sorted(p.code for p in ps)


def test_a_choice_with_no_options():
    ps = problems(block("choose:\ncollect 1 from bank"))
    assert at(ps, "empty-choice") == [(1, 1)]
    assert "has no options" in ps[0].message


def test_a_choice_with_one_option():
    ps = problems(block("choose:\n  option only: pay bank 5"))
    assert at(ps, "empty-choice") == [(1, 1)]
    assert "at least two options" in ps[0].message


def test_duplicate_labels():
    ps = problems(block("choose:\n  option pay: pay bank 5\n  option pay: pass"))
    assert at(ps, "duplicate-name") == [(3, 10)]
    # the first label's place in the file, not in the snippet (line 2, column 10 of the block)
    assert "used twice" in ps[0].message and f"line {CARD_LINE + 2}, column {BLOCK_COL + 9}" in ps[0].message


def test_options_must_be_inside_the_choice():
    ps = problems(block("choose:\n  pay bank 5\n  option b: pass"))
    assert codes(ps) == ["dsl-syntax"]
    assert "'option'" in ps[0].message


def test_choice_conditions_are_only_checked():
    ps = problems(block("choose:\n  option a when roll(2).total > 6: pass\n  option b: pass"))
    assert at(ps, "not-allowed-here") == [(2, 17)]


def test_a_loop_over_an_unknown_set():
    ps = problems(block("for each stret s where s.owner == none:\n  pay bank 1"))
    assert at(ps, "unknown-name") == [(1, 10)]
    assert ps[0].message.startswith("unknown set 'stret' to go over; did you mean 'street'")


def test_a_filter_over_an_unknown_set():
    ps = problems(block("pay bank count(each lots s)"))
    assert at(ps, "unknown-name") == [(1, 21)]


def test_a_variable_used_before_it_is_set():
    ps = problems(block("pay bank x\nlet x = 5"))
    assert at(ps, "used-before-set") == [(1, 10)]
    assert f"'x' is used before it is set: its 'let' (line {CARD_LINE + 2})" in ps[0].message   # the file's line


def test_a_variable_changed_without_let():
    ps = problems(block("total = 5"))
    assert at(ps, "used-before-set") == [(1, 1)]
    assert "make it first with 'let total = ...'" in ps[0].message


def test_assignment_keeps_the_type():
    ps = problems(block("let t = 0\nt = cash / 3\nt = me"))
    assert at(ps, "fractional-money") == [(2, 5)]
    assert at(ps, "type-error") == [(3, 5)]


def test_a_loop_variable_cannot_change():
    ps = problems(block("for each player p:\n  p = me"))
    assert at(ps, "not-allowed-here") == [(2, 3)]


@pytest.mark.parametrize("duration, col", [("0", 25), ("-2", 25)])
def test_a_flag_duration_that_is_not_positive(duration, col):
    ps = problems(block(f"set flag shield on me for {duration} turns"))
    assert at(ps, "not-positive") == [(1, 27)]


def test_a_lap_flag_on_a_space():
    ps = problems(block("set flag closed on lot_a for 2 laps"))
    assert at(ps, "not-allowed-here") == [(1, 1)]


def test_flags_and_counters_need_a_player_or_a_space():
    ps = problems(block("add 1 to counter visits on reds\nset flag f on reds"))
    assert at(ps, "type-error") == [(1, 28), (2, 15)]


def test_a_kept_card_of_an_edition_use_needs_a_play_section():
    ps = problems(block("keep as rent_pass"))
    assert at(ps, "not-allowed-here") == [(1, 9)]
    assert "needs a 'play:' section" in ps[0].message
    ok = problems(block("keep as rent_pass", "        play: {when: rent, do: pay owner rent // 2}\n"))
    assert ok == []


def test_offer_buy_needs_a_deed_and_whole_money():
    ps = problems(block("offer buy chest_1 at 10\noffer buy lot_a at cash / 2"))
    assert at(ps, "type-error") == [(1, 11)]
    assert at(ps, "fractional-money") == [(2, 20)]


def test_aggregates_need_the_right_form():
    ps = problems(block("let a = sum(each player p)\nlet b = count(p.cash for each player p)\n"
                        "let c = total(p.cash for each player p)\n"
                        "let d = nearest(each player p)"))
    assert at(ps, "type-error") == [(1, 9), (2, 9), (4, 9)]
    assert at(ps, "unknown-name") == [(3, 9)]


def test_subject_must_be_a_player():
    ps = problems(block("with lot_a: pay bank 5"))
    assert at(ps, "type-error") == [(1, 6)]


def test_move_to_nearest_filter_over_players_is_an_error():
    ps = problems(block("move to nearest player p where p.cash > 0"))
    assert at(ps, "type-error") == [(1, 17)]


def test_the_new_forms_check_clean():
    text = textwrap.dedent("""\
        let total = 0
        for each deed d where d.owner == me: total = total + d.price
        let richest = most(p.cash for each player p)
        with richest: pay me min(10, richest.cash)
        choose:
          option pay_fine when cash >= 10: pay bank 10
          option take_chance bot cash < 100: draw from chest
          option nothing: pass
        move to nearest street s where s.owner == none
        set flag shield on me for 2 rounds
        set flag closed on lot_a for 3 turns
        add count(each street s where s.owner == me) to counter streets on me
        if counter(me, streets) > 2 and holds(me, get_out_of_jail) == 0: release from jail
        offer buy nearest(each street s where s.owner == none) at 50
        """)
    labels = "        labels: {pay_fine: {en: Pay}, take_chance: {en: Take}, nothing: {en: Stay}}\n"
    assert problems(block(text).replace("        do: |", labels + "        do: |")) == []


def test_names_in_filters_do_not_leak():
    ps = check_snippet("let k = count(each player p where p.cash > 0)\npay bank p.cash", "card")
    assert [p.code for p in ps] == ["unknown-name"]


# ---------------------------------------------------------------- running on the fake game

LOT_A, CHEST, LOT_B, STATION, JAIL = 1, 2, 3, 4, 5


@pytest.fixture
def fake():
    import dataclasses

    from magie.engine.dsl import EditionNames
    from tests.dsl.conftest import mini_edition
    from tests.dsl.fake import FakeGame, spaces_from_tree
    tree = mini_edition("")[0]
    names = dataclasses.replace(EditionNames.from_tree(tree), decks=frozenset({"chest"}))
    g = FakeGame(spaces_from_tree(tree), players=3)

    def run(text, ctx="card"):
        from magie.engine.dsl import compile_snippet
        fn = compile_snippet(textwrap.dedent(text), ctx, names, label="card 'c'", card_id="c")
        return fn(g, g.players[0])
    return g, run


def test_choose_asks_the_options_whose_when_holds_with_the_bot_hint(fake):
    g, run = fake
    g.players[0].cash = 50
    run("""\
        choose:
          option rich when cash >= 100: collect 1 from bank
          option pay_fine bot cash > 1000: pay bank 10
          option take_card bot cash < 100: draw from chest
        """)
    assert g.calls[0] == ("choose", 0, ("pay_fine", "take_card"), "take_card", "c")
    assert g.calls[1:] == [("draw", 0, "chest")]


def test_choose_runs_the_answered_option_only(fake):
    g, run = fake
    g.answers = ["pay_fine"]
    run("choose:\n  option pay_fine: pay bank 10\n  option take_card: draw from chest\n"
        "collect 1 from bank")
    assert g.calls[1:] == [("pay", 0, None, 10, "card"), ("pay", None, 0, 1, "card")]
    assert g.players[0].cash == 1500 - 10 + 1


def test_no_option_left_does_nothing(fake):
    g, run = fake
    run("choose:\n  option a when cash > 10_000: pay bank 1\n  option b when cash < 0: pass")
    assert g.calls == [("choose", 0, (), None, "c")]


def test_with_makes_another_player_the_subject(fake):
    g, run = fake
    g.owner[LOT_A] = g.players[2]
    g.players[1].cash = 2000
    run("""\
        with lot_a.owner: pay me 50
        with most(p.cash for each player p):
          pay bank 100
          go to jail
        """)
    assert g.calls == [("pay", 2, 0, 50, "card"), ("pay", 1, None, 100, "card"),
                       ("go_to_jail", 1)]
    assert [p.cash for p in g.players] == [1550, 1900, 1450]


def test_with_skips_a_subject_that_is_out(fake):
    g, run = fake
    g.players[1].cash = 30
    run("with first(each other player p):\n  pay bank 100\n  pay bank 5\ncollect 7 from bank")
    assert g.calls == [("pay", 1, None, 100, "card"), ("pay", None, 0, 7, "card")]
    assert not g.players[1].alive


def test_loops_filters_and_assignment(fake):
    g, run = fake
    g.owner[LOT_A] = g.owner[STATION] = g.players[0]
    run("""\
        let total = 0
        for each deed d where d.owner == me: total = total + d.price
        pay bank total // 10
        for each street s where s.owner == none: add 1 to counter free on s
        """)
    assert g.calls[0] == ("pay", 0, None, (60 + 200) // 10, "card")
    assert g.counters == {(("space", LOT_B), "free"): 1}


def test_counts_sums_and_players_by_value(fake):
    g, run = fake
    g.owner[LOT_A] = g.players[1]
    g.players[2].cash = 10
    run("""\
        collect count(each street s where s.owner == none) from bank
        collect sum(s.price for each deed s where s.owner != none) from bank
        with least(p.cash for each other player p): collect 3 from bank
        collect max(p.cash for each other player p where p.cash < 1000) from bank
        """)
    assert g.calls == [("pay", None, 0, 1, "card"), ("pay", None, 0, 60, "card"),
                       ("pay", None, 2, 3, "card"), ("pay", None, 0, 13, "card")]


def test_filtered_nearest_moves_to_the_first_match_ahead(fake):
    g, run = fake
    g.owner[LOT_A] = g.players[1]
    g.players[0].pos = STATION
    run("move to nearest street s where s.owner == none")
    assert g.calls[0][:3] == ("move_to", 0, LOT_B)       # past lot_a (owned), round the board
    g.calls.clear()
    g.owner[LOT_B] = g.players[1]
    run("move to nearest street s where s.owner == none\ncollect 1 from bank")
    assert g.calls == [("pay", None, 0, 1, "card")]        # none: no move


def test_nearest_expression_and_offer_buy(fake):
    g, run = fake
    run("offer buy nearest(each deed s where s.owner == none and s.price > 60) at 30")
    assert g.calls == [("offer_buy", 0, LOT_B, 30)]
    assert g.owner[LOT_B] is g.players[0] and g.players[0].cash == 1470


def test_timed_and_space_flags(fake):
    g, run = fake
    run("set flag shield on me for 3 turns\nset flag closed on lot_a for 2 rounds\n"
        "if has_flag(lot_a, closed): collect 1 from bank")
    assert g.calls == [("set_flag", 0, "shield", "turns", 3),
                       ("set_flag", ("space", LOT_A), "closed", "rounds", 2),
                       ("pay", None, 0, 1, "card")]


def test_a_computed_duration_is_checked_when_played(fake):
    from magie.engine.errors import EffectError
    g, run = fake
    with pytest.raises(EffectError, match="duration must be positive"):
        run("set flag shield on me for cash - 2000 turns")


def test_release_acts_on_the_subject(fake):
    g, run = fake
    g.players[1].in_jail = True
    run("for each other player p where p.in_jail:\n  with p: release from jail")
    assert g.calls == [("release", 1)] and not g.players[1].in_jail


# ---- pick(...) and `auction SPACE` (used by the hooks of declared kinds of space)

def test_pick_and_auction_check_clean():
    assert problems(block("""
        let d = pick(d.price for each deed d where d.owner == none)
        if d != none: auction d
        move to pick(each space s where s != me.position)
        auction pick(each deed e)
        """)) == []


def test_pick_is_not_allowed_where_it_would_only_be_checked():
    ps = problems(block("""
        if count(each deed d where pick(each deed e) == d) > 0: pass
        """))
    assert at(ps, "not-allowed-here") == [(1, 28)]
    assert "pick() asks the player to choose" in ps[0].message
    [p] = check_snippet("pick(each deed d) == none", "action_when")
    assert p.code == "not-allowed-here"


def test_pick_goes_over_spaces_only():
    ps = problems(block("let q = pick(p.cash for each player p)"))
    assert at(ps, "type-error") == [(1, 9)]
    assert "pick() goes over spaces" in ps[0].message


def test_auction_needs_a_deed():
    ps = problems(block("auction start\nauction 5"))
    assert codes(ps) == ["type-error", "type-error"]
    assert at(ps, "type-error") == [(1, 9), (2, 9)]
# ---------------------------------------------------------- discard, cards_in, built, index (mega)
def test_discard_a_use_and_count_cards_left_and_buildings(fake):
    g, run = fake
    run("if cards_in(chest) > 2 and built(me, skyscraper) == 2:\n  for each player p:\n    with p: discard ticket")
    assert g.calls == [("built_of", 0, "skyscraper"), ("discard_kept", 0, "ticket"),
                       ("discard_kept", 1, "ticket"), ("discard_kept", 2, "ticket")]


def test_space_index_is_its_place_on_the_board(fake):
    g, run = fake
    g.players[0].pos = LOT_B
    run("collect me.position.index * 10 + count(each space s where s.index < 2) from bank")
    assert g.calls[-1][3] == LOT_B * 10 + 2


def test_cards_in_needs_a_deck_of_the_edition():
    ps = problems(block("if cards_in(chance) > 0: pass"))
    assert at(ps, "unknown-name") == [(1, 13)]
    assert "cards_in() takes a deck of the edition (decks: chest)" in ps[0].message


def test_discard_and_built_take_names():
    ps = problems(block("discard Tickets\npay bank built(me, 3)"))
    assert at(ps, "dsl-syntax") == [(1, 9)] and at(ps, "type-error") == [(2, 20)]
    assert "'Tickets' is not" in ps[0].message and "a kind of building" in ps[1].message


def test_a_count_compared_with_nothing_asks_whether_any_passes(fake):
    """`count(...) > 0` and its five kin give the count's truth, with one street unowned and
    with none; they stop at the first item that passes (the docs/dsl.md note on `count`)."""
    g, run = fake
    tests = ["> 0", ">= 1", "!= 0", "== 0", "< 1", "<= 0"]
    text = "\n".join(f"if count(each street s where s.owner == none) {t}: collect {k + 1} from bank"
                     for k, t in enumerate(tests))
    g.owner[LOT_A] = g.players[1]
    run(text)                                   # lot_b is unowned: the first three hold
    assert [c[3] for c in g.calls] == [1, 2, 3]
    g.calls.clear()
    g.owner[LOT_B] = g.players[1]
    run(text)                                   # every street owned: the last three hold
    assert [c[3] for c in g.calls] == [4, 5, 6]
