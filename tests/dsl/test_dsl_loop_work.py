"""The work of one evaluation is bounded at check time (loops.work_bound, LIMITS["loop_work"]):
nested loops multiply the sizes of their sets, and a snippet over the limit is a `dsl-limit`
problem at the loop that crosses it, in the same run as every other problem; never a game that
runs for hours. The edition of the test: six `count(each space ...)` nested in classic's salary."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.dsl import check_snippet
from magie.engine.dsl.loops import work_bound
from magie.engine.dsl.names import EditionNames
from magie.engine.dsl.parser import parse
from magie.engine.dsl.vocabulary import LIMITS
from tests.dsl.conftest import MINI_LINES, problems
from tests.runners import run_magie


def nested(depth: int, inner: str = "f{d}.price >= 0", set_name: str = "space") -> str:
    """`count(each SET a where count(each SET b where ... ) >= 0) >= 0`, `depth` loops."""
    text = inner.format(d=depth)
    for d in range(depth, 0, -1):
        text = f"count(each {set_name} f{d} where {text})" + (" >= 0" if d > 1 else "")
    return text


NEST = ('200 + count(each space a where count(each space b where count(each space c where '
        'count(each space d where count(each space e where count(each space f where f.price >= 0) '
        '>= 0) >= 0) >= 0) >= 0) >= 0) * 0')

NEST_YAML = f'id: nest\nextends: classic\nrules:\n  salary: "{NEST}"\n'


def test_the_bound_is_the_product_of_the_nested_sets():
    names = EditionNames.from_tree({"board": [{"id": f"s{i}", "kind": "street"} for i in range(40)],
                                    "players": {"min": 2, "max": 6}, "groups": [{"id": "g"}]})
    assert names.sizes == {"space": 40, "deed": 40, "street": 40, "group": 1, "player": 6}
    def bound(text: str) -> int:
        return work_bound(parse(text, "formula"), names.sizes)[0]
    assert bound("count(each space a)") == 40
    assert bound(nested(2)) == 40 * (1 + 40) == 1_640
    assert bound(nested(3)) == 40 * (1 + 1_640) == 65_640
    # loops one after the other add up; players count players.max, others one fewer
    assert bound("count(each space a) + count(each deed b) + count(each group c)") == 81
    assert bound("sum(p.cash for each player p) + count(each other player q)") == 6 + 5
    assert bound("count(each railroad r)") == 0     # no railroad on this board


def test_on_a_small_board_six_levels_pass_seven_are_refused_at_the_loop_that_crosses():
    # the mini board of conftest: 6 spaces
    ok = problems(f'rules:\n  salary: "200 + {nested(6)} * 0"\n')
    assert ok == []
    ps = problems(f'rules:\n  salary: "200 + {nested(7)} * 0"\n')
    assert [(p.code, p.line) for p in ps] == [("dsl-limit", MINI_LINES + 2)]
    # 6 spaces: 6, 42, 258, 1,554, 9,330, 55,986, 335,922 (the first loop, the seventh level, crosses)
    p = ps[0]
    assert p.col == 12 + len("200 + ")     # the text starts at column 12, after the quote
    assert p.message == ("this loop may visit 335,922 elements in one evaluation (nested loops multiply "
                         "the sizes of their sets: " + " x ".join(["6 spaces"] * 7) + "), more than the "
                         "limit of 100,000; loop over a smaller set (a kind of space, deeds) or nest "
                         "fewer loops")


def test_the_innermost_loop_over_the_limit_is_named_once():
    # without an edition every set of spaces counts 100: d 100, c 10,100, b 1,010,100 (b crosses,
    # a is over too but is not named again)
    text = ("count(each space a where count(each space b where count(each space c where "
            "count(each space d where true) > 0) > 0) > 0) > 0")
    ps = check_snippet(text, "end_when")
    assert [(p.code, p.line, p.col) for p in ps] == [("dsl-limit", 1, 26)]
    assert "1,010,100 elements" in ps[0].message and "100 spaces x 100 spaces x 100 spaces" in ps[0].message


def test_loops_one_after_another_that_cross_only_together():
    one = nested(2)          # 100 * 101 = 10,100 without an edition
    text = " + ".join([one] * 10)
    assert work_bound(parse(text, "formula"), None)[0] == 101_000 > LIMITS["loop_work"]
    (p,) = check_snippet(text, "salary")
    assert (p.code, p.line, p.col) == ("dsl-limit", 1, 1)
    assert p.message == ("the loops of this snippet may visit 101,000 elements in one evaluation, "
                         "more than the limit of 100,000; use fewer loops or smaller sets")
    assert check_snippet(" + ".join([one] * 9), "salary") == []


def test_statement_loops_and_nearest_count_too():
    body = "for each space a:\n  for each space b:\n    for each space c where c.price > 0:\n      pay bank 1\n"
    (p,) = check_snippet(body, "card")
    assert (p.code, p.line, p.col) == ("dsl-limit", 1, 1)
    assert "100 spaces x 100 spaces x 100 spaces" in p.message
    move = "for each space a:\n  for each space b:\n    move to nearest space s where s.price > count(each deed d)\n"
    (p,) = check_snippet(move, "card")
    assert (p.code, p.line, p.col) == ("dsl-limit", 2, 3)
    assert check_snippet("for each player p:\n  for each space s where s.owner == p:\n    pay bank 1\n",
                         "card") == []


def test_the_limit_is_reported_with_every_other_problem_of_the_file():
    ps = problems(f'rules:\n  salary: "{nested(7)} + cahs"\n')
    assert sorted(p.code for p in ps) == ["dsl-limit", "unknown-name"]


def test_validate_refuses_the_nested_loops_edition_at_file_line_column(tmp_path, monkeypatch):
    (tmp_path / "nest.yaml").write_text(NEST_YAML, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["validate", "nest.yaml"])
    assert r.exit_code == 1, r.output
    first, summary = r.stdout.strip().splitlines()
    col = 12 + NEST.index("count(each space c")
    assert first == (f"nest.yaml:4:{col}: error[dsl-limit]: this loop may visit 2,625,640 elements in one "
                     "evaluation (nested loops multiply the sizes of their sets: 40 spaces x 40 spaces x "
                     "40 spaces x 40 spaces), more than the limit of 100,000; loop over a smaller set (a "
                     "kind of space, deeds) or nest fewer loops")
    assert summary == "checked 1 file: 1 error"


def test_two_nested_loops_over_the_board_still_validate(tmp_path, monkeypatch):
    two = "200 + count(each space a where count(each space b where b.price > a.price) > 0) * 0"
    (tmp_path / "two.yaml").write_text(f'id: two\nextends: classic\nrules:\n  salary: "{two}"\n',
                                       encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["validate", "two.yaml"])
    assert r.exit_code == 0, r.output


def test_play_of_the_nested_loops_edition_stops_at_once_with_the_message(tmp_path):
    path = Path(tmp_path) / "nest.yaml"
    path.write_text(NEST_YAML, encoding="utf-8")
    # before the bound this game never ended (40^6 visits a salary): the timeout fails the test
    r = run_magie("play", "./nest.yaml", "--bots", "2", "--seed", "1", "-q", cwd=tmp_path, timeout=60)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "nest.yaml:4:" in r.stderr and "error[dsl-limit]" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""


# ---------------------------------------------------------------- formulas that run formulas

def test_a_rent_formula_calling_rent_of_is_refused_as_endless_recursion():
    # it used to stop the game with a RecursionError reported as a bug of the engine
    ps = problems('rules:\n  rent:\n    street: "rent_of(me, space) + 1"\n')
    assert [(p.code, p.line, p.col) for p in ps] == [("endless-recursion", MINI_LINES + 3, 14)]
    assert ps[0].message.startswith("rent_of() in a rent formula: rent_of() computes a rent by the rent "
                                    "formulas, so this formula may run itself without end")


def test_a_net_worth_in_rent_while_the_score_calls_rent_of_is_refused():
    cycle = ('rules:\n  rent:\n    street: "table[level] + net_worth * 0"\n'
             'end:\n  score: "cash + rent_of(me, position)"\n')
    ps = problems(cycle)
    assert [(p.code, p.pointer, p.col) for p in ps] == [("endless-recursion", "/rules/rent/street", 29)]
    # either half alone is fine
    assert problems('rules:\n  rent:\n    street: "table[level] + net_worth * 0"\n') == []
    assert problems('end:\n  score: "cash + rent_of(me, position)"\n') == []


def test_a_snippet_counts_the_work_of_the_formulas_it_runs():
    # the rent formula: 6 * (1 + 6) = 42 on the mini board; a salary running it in three nested
    # loops: 6 * (1 + 6 * (1 + 6 * (1 + 42))) = 9,330; in five: 335,922
    rent = ('rules:\n  rent:\n    street: "table[level] + count(each space a where count(each space b '
            'where true) > 0) * 0"\n')
    inner = nested(3, "rent_of(me, f{d}) >= 0")
    assert problems(rent + f'  salary: "200 + {inner} * 0"\n') == []
    deep = nested(5, "rent_of(me, f{d}) >= 0")
    ps = problems(rent + f'  salary: "200 + {deep} * 0"\n')
    assert [p.code for p in ps] == ["dsl-limit"], [p.format() for p in ps]
    assert "rent_of(), the rent formulas (42)" in ps[0].message
    # without the rent formula's loops the same salary passes
    assert problems(f'rules:\n  salary: "200 + {deep} * 0"\n') == []
