"""Per-game records (`simulate --out`): one row per game in jsonl, csv or parquet, matching the
summary; a path that cannot be written fails before any game is played."""

import json

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.sim.batch import BatchSpec, simulate
from magie.engine.sim.records import RecordsError, RecordWriter, read_records

runner = CliRunner()
SPEC = BatchSpec(edition="classic", seed=4, max_rounds=200)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_one_row_per_game_matching_the_summary(tmp_path, suffix):
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    path = tmp_path / f"games{suffix}"
    with RecordWriter(path, SPEC, SPEC.edition_model()) as w:
        summary = simulate(SPEC, 12, on_game=w.write)
    rows = read_records(path)
    assert len(rows) == 12
    assert [int(r["game"]) for r in rows] == list(range(12))
    assert sum(int(r["rounds"]) for r in rows) == sum(x * c for x, c in summary.rounds.counts.items())
    assert sum(int(r["turns"]) for r in rows) == summary.turns
    assert sum(int(r["trades"]) for r in rows) == summary.events.get("trade", 0)
    assert sum(int(r["rent_orange"]) for r in rows) == summary.rent_by_group.get("orange", 0)
    for r in rows:
        winners = [int(w) for w in str(r["winners"]).split(",")]
        if r["reason"] == "last_standing":     # the winner is the only one with money left
            assert len(winners) == 1 and int(r[f"worth_{winners[0]}"]) > 0
            assert sum(int(r[f"cash_{i}"]) > 0 for i in range(1, 5)) <= 1
        assert r["bots"] == "basic,basic,basic,basic"


def test_biznespolia_records_count_court_suits(tmp_path):
    spec = BatchSpec(edition="biznespolia", seed=2, max_rounds=150)
    path = tmp_path / "b.jsonl"
    with RecordWriter(path, spec, spec.edition_model()) as w:
        summary = simulate(spec, 6, on_game=w.write)
    rows = read_records(path)
    assert "sue" in rows[0] and "sue_deeds" in rows[0]
    assert sum(r["sue"] for r in rows) == summary.extra.get("sue", 0)


def test_bad_paths_fail_before_the_games(tmp_path):
    with pytest.raises(RecordsError, match="unknown format"):
        RecordWriter(tmp_path / "games.txt", SPEC, SPEC.edition_model())
    with pytest.raises(RecordsError, match="cannot write"):
        RecordWriter(tmp_path / "no" / "such" / "games.csv", SPEC, SPEC.edition_model())
    r = runner.invoke(app, ["simulate", "classic", "-n", "100000", "--out", str(tmp_path / "no" / "g.jsonl")])
    assert r.exit_code == 1 and "cannot write" in r.output


def test_simulate_cli_prints_intervals_and_writes_records(tmp_path):
    out = tmp_path / "g.jsonl"
    r = runner.invoke(app, ["simulate", "classic", "-n", "8", "--seed", "3", "--jobs", "1",
                            "--max-rounds", "150", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "95% Wilson" in r.stdout and "percentiles 5 / 25 / 75 / 95" in r.stdout
    assert "per roll" in r.stdout and "in jail" in r.stdout
    assert len(out.read_text().splitlines()) == 8
    r = runner.invoke(app, ["simulate", "classic", "-n", "8", "--seed", "3", "--jobs", "1",
                            "--max-rounds", "150", "--json", "--confidence", "0.9"])
    data = json.loads(r.stdout)
    assert data["confidence"] == 0.9
    fp = data["first_player"]
    assert fp["low"] <= fp["rate"] <= fp["high"] and fp["expected"] == 0.25
    assert set(data["rounds"]) >= {"p5", "p25", "p50", "p75", "p95", "histogram"}
    assert sum(data["landing_per_roll"].values()) == pytest.approx(1.0, abs=1e-4)
