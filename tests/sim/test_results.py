"""`magie.engine.sim.run`: the per-game records of a batch as a pandas DataFrame, the very rows
`magie simulate --out games.parquet` writes for the same seed."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from typer.testing import CliRunner  # noqa: E402

from magie.cli.app import app  # noqa: E402
from magie.engine.problems import ProblemsError  # noqa: E402
from magie.engine.sim import run  # noqa: E402


def test_run_gives_the_records_simulate_writes_for_the_same_seed(tmp_path):
    out = tmp_path / "games.parquet"
    r = CliRunner().invoke(app, ["simulate", "classic", "-n", "20", "--seed", "1", "--jobs", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    df = run("classic", n=20, seed=1)
    assert len(df) == 20 and list(df["game"]) == list(range(20))
    pd.testing.assert_frame_equal(df, pd.read_parquet(out))
    assert df["rounds"].dtype == "int64" and df["capped"].dtype == bool
    assert set(df["bots"]) == {"basic,basic,basic,basic"}
    assert (df["worth_1"] >= 0).all() and df["rent_orange"].sum() > 0


def test_the_records_do_not_depend_on_the_workers():
    one = run("classic", n=6, seed=3, bots="basic,random,basic", max_rounds=80)
    two = run("classic", n=6, seed=3, bots=["basic", "random", "basic"], max_rounds=80, jobs=2)
    pd.testing.assert_frame_equal(one, two)
    assert list(one.columns[:9]) == ["game", "seed", "players", "bots", "rounds", "turns", "reason",
                                     "capped", "winners"]
    assert "cash_3" in one.columns and "cash_4" not in one.columns
    assert (one["players"] == 3).all() and (one["rounds"] <= 80).all()


def test_overlays_and_sets_reach_the_games():
    plain = run("classic", n=3, seed=2, max_rounds=30)
    richer = run("classic", n=3, seed=2, max_rounds=30, sets={"rules.salary": 400})
    assert plain["worth_1"].sum() != richer["worth_1"].sum()
    court = run("biznespolia", n=2, seed=2, max_rounds=40)
    assert {"sue", "sue_deeds"} <= set(court.columns)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"n": 0}, "n is a whole number from 1"),
    ({"n": "10"}, "n is a whole number"),
    ({"jobs": 0}, "jobs is a whole number from 1"),
    ({"bots": "basic,,random"}, "seat 2 has no bot"),
    ({"bots": "no-such-bot"}, "no-such-bot"),
    ({"players": 9}, "classic is played by 2 to"),
    ({"max_rounds": -1}, "max_rounds is a whole number"),
])
def test_bad_arguments_are_refused_with_a_message(kwargs, message):
    with pytest.raises(ValueError, match=message):
        run("classic", **kwargs)


def test_an_unknown_edition_is_a_problem_not_a_traceback():
    with pytest.raises(ProblemsError):
        run("no-such-edition", n=1)


def test_without_pandas_the_error_names_the_extra(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"\[analysis\]'"):
        run("classic", n=1)
