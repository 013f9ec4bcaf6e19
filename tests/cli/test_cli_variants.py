"""The variants from the command line: `magie diff classic quick` lists exactly the quick game's
differences; an overlay that does not fit an edition is an error naming both."""

import textwrap

from typer.testing import CliRunner

from magie.cli.app import app

runner = CliRunner()


def test_diff_classic_quick_lists_exactly_the_quick_game_differences():
    r = runner.invoke(app, ["diff", "classic", "quick"])
    assert r.exit_code == 0, r.output
    pointers = sorted(line.split()[1].rstrip(":") for line in r.output.splitlines()
                      if line.startswith(("changed", "added", "removed")))
    assert pointers == sorted([
        "/id", "/name/en", "/name/ru", "/description/en", "/description/ru",
        "/setup/deal_deeds", "/rules/buildings/houses_before_hotel",
        "/rules/bankruptcy/final_estate", "/end/when"])


def test_an_overlay_that_patches_a_missing_space_is_an_error_naming_it():
    r = runner.invoke(app, ["validate", "editions/biznespolia.yaml", "--variant", "income-tax-choice"])
    assert r.exit_code == 1
    assert "income-tax-choice" in r.output and "income_tax" in r.output


def test_two_overlays_setting_one_parameter_the_later_wins_with_a_warning(tmp_path):
    for name, fine in (("a", 100), ("b", 300)):
        (tmp_path / f"{name}.yaml").write_text(textwrap.dedent(f"""\
            overlay: true
            id: fine_{name}
            name: fine {name}
            description: a jail fine of {fine}
            rules: {{jail: {{fine: {fine}}}}}
            """), encoding="utf-8")
    r = runner.invoke(app, ["show", "classic", "--merged", "-V", str(tmp_path / "a.yaml"),
                            "-V", str(tmp_path / "b.yaml")])
    assert r.exit_code == 0
    assert "fine: 300" in r.stdout
    assert "warning[overlay-conflict]" in r.output
