"""Bad set-up amounts, caps, own supplies and bank settings: every problem positioned, all of a
file in one run, exit code 1 and no traceback (edition/per_player.py, the schema)."""

from __future__ import annotations

from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.edition.validate import validate_paths

BAD = """\
id: bad_limits
extends: classic
players: {min: 2, max: 4}
setup:
  start_cash: {by_players: {2: 600, x: 500, 4: -400}}
  bank: {cash: 20000, when_empty: maybe}
  deal_deeds: {each: {by_players: {2: 3, 3: 2}}, pay: false}
rules:
  limits:
    deeds:
      - {group: browns, max: 1}
      - {kind: tax, max: 1}
      - {max: {by_players: {2: 1, 3: 1, 4: 1, 5: 1}}}
    buildings: {castle: 2}
    at_cap: refuse
"""


def test_every_problem_of_the_file_is_reported_at_its_place(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    got = sorted((p.line, p.col, p.severity, p.code) for p in validate_paths([path]))
    assert got == [
        (5, 37, "error", "bad-value"),             # the key x is not a number of players
        (5, 48, "error", "bad-value"),             # -400
        (6, 35, "error", "bad-value"),             # when_empty: maybe
        (7, 35, "error", "players-table"),         # no entry for 4 players
        (11, 17, "error", "unknown-group"),        # browns
        (12, 16, "error", "unknown-kind"),         # a tax space is not a deed
        (13, 50, "warning", "players-table-extra"),  # 5 players: never read
        (14, 25, "error", "unknown-building"),     # castle
        (15, 13, "error", "bad-value"),            # at_cap: refuse
    ]
    messages = {p.code: p.message for p in validate_paths([path])}
    assert "numbers of players: 4;" in messages["players-table"]
    assert "did you mean 'brown'" in messages["unknown-group"]


def test_the_command_says_where_and_exits_1_without_a_traceback(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}:7:35: error[players-table]" in result.output
    play = CliRunner().invoke(app, ["play", str(path), "--bots", "2", "--quiet"])
    assert play.exit_code == 1 and "Traceback" not in play.output and "players-table" in play.output


def test_a_bank_smaller_than_the_start_cash_and_wrong_types(tmp_path):
    path = tmp_path / "small.yaml"
    path.write_text("id: small\nextends: classic\nsetup:\n  start_cash: lots\n  bank: {cash: [1]}\n"
                    "  auction_deeds: {count: {by_players: {2: 1}}, start: 1}\n", encoding="utf-8")
    got = sorted((p.line, p.col, p.code) for p in validate_paths([path]))
    assert got == [(4, 15, "wrong-type"), (5, 16, "wrong-type"), (6, 39, "players-table")]
    path.write_text("id: small\nextends: classic\nplayers: {min: 2, max: 3}\n"
                    "setup: {start_cash: 1500, bank: {cash: 4000}}\n", encoding="utf-8")
    (p,) = validate_paths([path])
    assert (p.line, p.col, p.code) == (4, 40, "bank-too-small") and "3 players (3 × 1500 = 4500)" in p.message
