"""`magie show` of an edition with roles: the roles, each deed's rent tables with when they
apply, the decks chosen by condition, and the rules that hold only for some players."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from magie.cli.app import app

EXAMPLE = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "roles.yaml")


def test_show_tells_the_roles_and_the_rules_that_depend_on_them():
    r = CliRunner().invoke(app, ["show", EXAMPLE])
    assert r.exit_code == 0, r.output
    out = r.output
    # the rents column, its wrapped lines joined
    rents = " ".join(" ".join(line.split("│")[6].split()) for line in out.splitlines() if line.count("│") == 8)
    assert "50 200 600 1400 1700 2000; when a tenant owns it: 25 100 300 700 850 1000" in rents
    assert "draws Chance; Community Chest when me.role == tenant" in rents
    assert "Roles: Landlord (landlord), Tenant (tenant); chosen in order of play, balance even" in out
    assert "Ladder street, hotel: only where me.role == landlord (only landlords build hotels)" in out
    assert "Jail fine 25 where me.role == tenant (else 50)" in out
