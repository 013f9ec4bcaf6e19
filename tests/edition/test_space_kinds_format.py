"""Kinds of space declared by an edition (`space_kinds:`): bad input is a located problem."""

from __future__ import annotations

from edition_helpers import problems_of

from magie.engine.edition.loader import load_edition
from magie.engine.edition.playable import load_playable

HEAD = "id: a\nextends: classic\nname: A\n"


def problems(write, body: str, *, play: bool = False):
    path = write("a.yaml", HEAD + body)
    return problems_of(load_playable if play else load_edition, str(path))


def errors(ps):
    return [p for p in ps if p.severity == "error"]


GIFT_SPACE = "board:\n  - {id: free_parking, kind: gift, name: {en: Gift, ru: Подарок}}\n"


def test_a_space_kind_with_no_effect_is_an_error_at_the_kind(write):
    [p] = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n" + GIFT_SPACE))
    assert (p.code, p.line, p.col, p.pointer) == ("kind-without-effect", 5, 5, "/space_kinds/0")
    assert "space kind 'gift' has no effect" in p.message
    assert "on_land, on_pass, on_leave, on_turn_start" in p.message


def test_a_hook_on_an_unknown_event_is_an_error_at_its_key_with_a_suggestion(write):
    [p] = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n"
                                 "    on_lands: collect 100 from bank\n" + GIFT_SPACE))
    assert (p.code, p.line, p.col, p.pointer) == ("unknown-key", 7, 5, "/space_kinds/0/on_lands")
    assert "did you mean 'on_land'" in p.message and "on_pass, on_leave, on_turn_start" in p.message


def test_a_space_of_an_undeclared_kind_is_an_error_with_a_suggestion(write):
    [p] = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n"
                                 "    on_land: collect 100 from bank\n"
                                 "board:\n  - {id: free_parking, kind: gfit, name: {en: G, ru: П}}\n"))
    assert (p.code, p.line, p.pointer) == ("unknown-kind", 9, "/board/20/kind")
    assert "did you mean 'gift'" in p.message


def test_a_misspelt_built_in_kind_is_still_suggested(write):
    [p] = errors(problems(write, "board:\n  - {id: arbat, kind: streeet}\n"))
    assert (p.code, p.line, p.col) == ("unknown-kind", 5, 23)
    assert "did you mean 'street'" in p.message


def test_a_declared_kind_may_not_take_a_built_in_name(write):
    ps = errors(problems(write, "space_kinds:\n  - id: tax\n    name: T\n    on_land: pass\n"))
    assert [(p.code, p.line, p.pointer) for p in ps] == [("kind-name-taken", 5, "/space_kinds/0/id")]


def test_a_declared_space_has_no_keys_of_other_kinds(write):
    [p] = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n"
                                 "    on_land: collect 100 from bank\n"
                                 "board:\n  - {id: free_parking, kind: gift, name: {en: G, ru: П}, price: 10}\n"))
    assert p.code == "unknown-key" and "a gift space has: id, kind, name" in p.message


def test_a_hook_is_checked_as_dsl_at_its_position(write):
    ps = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n"
                                "    on_land: collect 100 from bnak\n" + GIFT_SPACE, play=True))
    [p] = ps
    assert (p.code, p.line, p.col, p.pointer) == ("unknown-name", 7, 31, "/space_kinds/0/on_land")


def test_a_placeholder_without_a_value_in_a_kind_text(write):
    [p] = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n"
                                 "    text: 'Collect {gift}.'\n    on_land: collect 100 from bank\n" + GIFT_SPACE))
    assert (p.code, p.pointer) == ("unknown-placeholder", "/space_kinds/0/text")
    assert "the kind has no value 'gift'" in p.message


def test_an_unused_kind_is_a_warning(write):
    ps = problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n    on_land: pass\n"
                         "  - id: oops\n    name: O\n    on_land: pass\n" + GIFT_SPACE
                  + "players: {min: 5, max: 2}\n")    # an error, so the warning is raised with it
    assert [(p.code, p.severity, p.pointer) for p in ps if p.code == "unused-kind"] == \
        [("unused-kind", "warning", "/space_kinds/1")]


def test_keep_is_refused_in_hooks(write):
    ps = errors(problems(write, "space_kinds:\n  - id: gift\n    name: Gift\n"
                                "    on_land: keep as get_out_of_jail\n" + GIFT_SPACE, play=True))
    assert [(p.code, p.pointer) for p in ps] == [("not-allowed-here", "/space_kinds/0/on_land")]
    assert "only for card effects" in ps[0].message
