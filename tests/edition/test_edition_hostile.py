"""Hostile and odd input to the edition reader and loader: never a traceback, always a
problem with a position, in bounded time."""

from __future__ import annotations

import yaml
from edition_helpers import problems_of, where

from magie.engine.edition.loader import load_edition
from magie.engine.edition.validate import validate_paths
from magie.engine.edition.yamlload import MAX_DEPTH, MAX_EVENTS, MAX_INT, MAX_ITEMS, read_yaml


def test_an_integer_of_5000_digits_is_a_problem_at_its_line(write):
    path = write("big.yaml", "id: x\nname: X\nstart: " + "9" * 5000 + "\n")
    yf = read_yaml(path)
    assert where(yf.problems) == [("number-out-of-range", 3, 8)]
    assert "5000 characters" in yf.problems[0].message


def test_money_beyond_the_range_is_a_problem_and_the_bound_itself_is_not(write):
    yf = read_yaml(write("a.yaml", f"a: {MAX_INT}\nb: -{MAX_INT}\nc: {MAX_INT + 1}\nd: 0x{MAX_INT * 16:x}\n"))
    assert where(yf.problems) == [("number-out-of-range", 3, 4), ("number-out-of-range", 4, 4)]
    assert yf.tree["a"] == MAX_INT and yf.tree["b"] == -MAX_INT


def test_a_control_character_is_reported_at_its_own_line_and_column(write):
    path = write("c.yaml", 'id: x\nboard:\n  - id: a\n    name: "b\x07"\n')
    yf = read_yaml(path)
    assert where(yf.problems) == [("yaml-syntax", 4, 13)]
    assert "U+0007" in yf.problems[0].message


def test_a_huge_list_is_refused_at_the_event_limit_without_building_it(write, monkeypatch):
    # the bound is the work done, not the time (which depends on the machine's load): the parser
    # is stopped at event MAX_EVENTS + 1 of 300,000, and the tree is never composed
    path = write("huge.yaml", "id: x\nboard:\n" + "".join(f"  - {i}\n" for i in range(300_000)))
    pulled = [0]
    real_parse = yaml.parse

    def counted(*args, **kw):
        for event in real_parse(*args, **kw):
            pulled[0] += 1
            yield event

    def composed(*args, **kw):
        raise AssertionError("a file over the limit was composed")

    monkeypatch.setattr(yaml, "parse", counted)
    monkeypatch.setattr(yaml, "compose", composed)
    yf = read_yaml(path)
    assert [p.code for p in yf.problems] == ["file-too-large"]
    assert f"{MAX_EVENTS:,}" in yf.problems[0].message
    assert pulled[0] == MAX_EVENTS + 1
    # 7 events before the list's items (stream, document, map, id, x, board, list), items from line 3
    assert (yf.problems[0].line, yf.problems[0].col) == (MAX_EVENTS + 1 - 8 + 3, 5)


def test_a_map_with_too_many_keys_is_refused_at_the_map(write):
    path = write("keys.yaml", "id: x\nparams:\n" + "".join(f"  k{i}: 1\n" for i in range(MAX_ITEMS + 1)))
    yf = read_yaml(path)
    assert where(yf.problems) == [("file-too-large", 3, 3)]


def test_extends_a_file_that_is_not_yaml_never_echoes_it(write, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:TOP-SECRET\n")
    path = write("e.yaml", f"id: e\nextends: {secret}\n")
    ps = problems_of(load_edition, str(path))
    assert where(ps) == [("file-not-found", 2, 10)]
    assert "ends in .yaml" in ps[0].message and "TOP-SECRET" not in ps[0].message


def test_a_yaml_file_that_is_not_a_map_is_not_echoed(write):
    path = write("s.yaml", "root:x:0:0:TOP-SECRET and more\n")
    (p,) = read_yaml(path).problems
    assert p.code == "not-a-mapping" and "TOP-SECRET" not in p.message


def test_overlong_paths_are_problems_not_errors(write, tmp_path):
    long_name = "a" * 300
    path = write("e.yaml", f"id: e\nextends: ./{long_name}.yaml\n")
    ps = problems_of(load_edition, str(path))
    assert where(ps) == [("file-not-found", 2, 10)] and "255 bytes" in ps[0].message
    assert [p.code for p in problems_of(load_edition, "classic", [f"./{long_name}.yaml"])] == ["file-not-found"]
    assert [p.code for p in problems_of(load_edition, "a/" * 3000)] == ["file-not-found"]
    assert [p.code for p in validate_paths([long_name, "b/" * 3000])] == ["file-not-found"] * 2
    ov = write("o.yaml", f"overlay: true\nid: o\nbase: ./{long_name}.yaml\n")
    assert where(validate_paths([ov])) == [("file-not-found", 3, 7)]


def test_a_schema_error_does_not_hide_the_dsl_errors_of_other_parts(write):
    path = write("a.yaml", """\
        id: a
        extends: classic
        name: A
        rules:
          jail: {fine: "lots"}
          salary: cash +
        decks:
          - id: chance
            cards:
              - {id: chance_go, do: "pay bank nowhere", colour: red}
              - {id: chance_dividend, do: "collect zzz from bank"}
        """)
    ps = problems_of(load_edition, str(path))
    codes = sorted((p.code, p.pointer) for p in ps)
    assert ("wrong-type", "/rules/jail/fine") in codes
    assert ("dsl-syntax", "/rules/salary") in codes            # another part of rules: checked
    # a card whose schema is right is checked; the card with an unknown key is a broken part
    assert [p.message for p in ps if p.code == "unknown-name"] == ["unknown name 'zzz'"]


def test_deep_nesting_is_refused_at_its_line_and_column_before_composing(write):
    # 100,000 brackets in 200 kB: refused at the bracket that is one too deep (the top map counts),
    # not by a RecursionError at 1:1
    yf = read_yaml(write("deep.yaml", "id: x\nparams: " + "[" * 100_000 + "]" * 100_000 + "\n"))
    assert where(yf.problems) == [("unsupported-yaml", 2, 8 + MAX_DEPTH)]
    assert f"nested more than {MAX_DEPTH} deep" in yf.problems[0].message
    yf = read_yaml(write("ok.yaml", "id: x\nparams: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n"))
    assert yf.problems == []


def test_a_board_that_is_not_a_list_over_a_base_with_decks_is_a_problem(write):
    # the base's decks are checked for endless draws against the board the file sets
    path = write("b.yaml", "id: x\nextends: classic\nboard: 5\n")
    problems = validate_paths([str(path)])
    assert ("wrong-type", 3, 8) in where(problems)


def test_an_id_that_is_a_list_or_a_map_is_a_problem_not_a_traceback(write):
    # ids of spaces and of declared space kinds are gathered into sets by the checks of meaning
    from magie.engine.paths import EDITIONS_DIR

    classic = (EDITIONS_DIR / "classic.yaml").read_text(encoding="utf-8")
    space = write("space.yaml", classic.replace("{id: zhitnaya, kind: street,", "{id: [], kind: street,", 1))
    assert where(problems_of(load_edition, str(space))) == [("wrong-type", 38, 10)]
    mega = (EDITIONS_DIR / "mega.yaml").read_text(encoding="utf-8")
    line = mega[:mega.index("  - id: auction_space")].count("\n") + 1
    kind = write("kind.yaml", mega.replace("  - id: auction_space", "  - id: {a: 1}", 1))
    assert ("wrong-type", line, 9) in where(problems_of(load_edition, str(kind)))
