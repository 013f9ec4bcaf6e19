"""Bad input around player roles and rent tables: every problem positioned in the file, with
what was expected, and found in one run (engine/edition/roles.py, semantic.py, the DSL checker)."""

from __future__ import annotations

from magie.engine.edition.validate import validate_paths

ROLES = """\
id: t
extends: classic
name: T
roles:
  list: [{id: landlord}, {id: tenant}]
"""


def _problems(write, text: str):
    return [(p.code, p.line, p.col, p.message) for p in validate_paths([write("t.yaml", text)])]


def test_an_unknown_role_in_the_dsl_is_a_positioned_problem_with_a_suggestion(write):
    got = _problems(write, ROLES + "end:\n  when: ['count(each player p where p.role == tennant) == 0']\n")
    [(code, line, col, message)] = got
    assert (code, line) == ("unknown-name", 7) and col > 10
    assert "unknown role 'tennant'" in message and "tenant" in message
    assert "the edition's roles: landlord, tenant" in message


def test_a_role_where_the_edition_declares_none_is_refused(write):
    got = _problems(write, "id: t\nextends: classic\nname: T\nend:\n  when: ['me.role == x']\n".replace(
        "me.role == x", "count(each player p where p.role == x) > 0"))
    assert [c for c, *_ in got] == ["unknown-name"]
    assert "declares no player roles" in got[0][3] and got[0][1] == 5


def test_a_rent_table_of_the_wrong_length_is_reported_at_its_place(write):
    got = _problems(write, ROLES + """\
board:
  - id: arbat
    rent_tables:
      - {when: "owner.role == tenant", rent: [25, 100, 300]}
""")
    [(code, line, col, message)] = got
    assert (code, line, col) == ("rent-length", 9, 46)
    assert "street 'arbat' has 3 rents, expected at least 6" in message


def test_tables_rise_within_themselves_only(write):
    # the tenant table is below the deed's rent everywhere: allowed; its own fall is not
    got = _problems(write, ROLES + """\
board:
  - id: arbat
    rent_tables:
      - {when: "owner.role == tenant", rent: [5, 10, 20, 30, 40, 50]}
      - {when: "owner.role == landlord", rent: [60, 200, 600, 500, 1700, 2000]}
""")
    [(code, line, col, message)] = got
    assert (code, line) == ("rent-not-rising", 10) and "500" in message and "600" in message


def test_a_balance_rule_the_player_counts_cannot_meet(write):
    got = _problems(write, ROLES.replace("{id: tenant}]", "{id: tenant}, {id: broker}]")
                    + "  balance: each\nplayers: {min: 2, max: 6}\n")
    [(code, line, col, message)] = got
    assert (code, line, col) == ("role-balance", 6, 12)
    assert "3 roles cannot all be taken by 2 players" in message


def test_duplicate_roles_an_unknown_deck_and_a_bad_assign_are_all_reported_in_one_run(write):
    got = _problems(write, ROLES.replace("{id: tenant}]", "{id: tenant}, {id: tenant}]") + """\
  assign: lottery
board:
  - id: chance_1
    decks: [{when: "me.role == tenant", deck: chets}]
""")
    codes = sorted(c for c, *_ in got)
    assert codes == ["bad-value", "duplicate-id", "unknown-deck"]
    unknown = next(m for c, _l, _c, m in got if c == "unknown-deck")
    assert "did you mean chest" in unknown or "chest" in unknown
