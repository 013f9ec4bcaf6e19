"""HTML reports with plots: simulate, analyze and compare write a page that names what is needed
to reproduce it; `magie --help` imports none of the heavy plotting or numeric packages."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from magie.cli.app import app

pytest.importorskip("matplotlib")
runner = CliRunner()


def test_simulate_report(tmp_path):
    r = runner.invoke(app, ["simulate", "classic", "-n", "4", "--seed", "2", "--max-rounds", "120", "--jobs", "1",
                            "--report", str(tmp_path)])
    assert r.exit_code == 0, r.output
    page = (tmp_path / "index.html").read_text()
    for img in ("landing.png", "length.png", "wins.png", "rent.png"):
        assert f"src='{img}'" in page and (tmp_path / img).stat().st_size > 5000
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["content_hash"] in page and "magie simulate classic -n 4 --seed 2" in page


def test_analyze_report_has_the_board_heat_maps(tmp_path):
    r = runner.invoke(app, ["analyze", "biznespolia", "--report", str(tmp_path)])
    assert r.exit_code == 0, r.output
    page = (tmp_path / "index.html").read_text()
    assert "per_roll.png" in page and "payback.png" in page and "Payback by group" in page
    assert (tmp_path / "per_turn.png").exists()


def test_compare_sweep_report(tmp_path):
    r = runner.invoke(app, ["compare", "classic", "--sweep", "rules.salary=100,300", "-n", "2",
                            "--max-rounds", "40", "--jobs", "1", "--report", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "rounds.png").exists() and "rules.salary=100..." not in (tmp_path / "index.html").read_text()


def test_board_cells_form_a_ring():
    from magie.cli.report import board_cells
    from magie.engine.edition.layout import plan
    cells = board_cells(plan(None, 44))
    assert len(set(cells)) == 44
    assert cells[0] == (11, 0) and cells[11] == (0, 0) and cells[22] == (0, 11) and cells[33] == (11, 11)


def test_help_imports_no_heavy_package():
    code = ("import sys; from magie.cli.app import app; from typer.testing import CliRunner; "
            "CliRunner().invoke(app, ['--help']); "
            "print(sorted(m for m in ('matplotlib', 'numpy', 'ray', 'pyarrow') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
