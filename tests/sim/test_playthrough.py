"""Playthroughs: `magie play --record FILE` keeps a whole game; `magie check EDITION
--playthrough FILE` replays its answers on the edition as it is now and shows the first event
that an edit changed."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from magie.cli.app import app
from magie.cli.human import person_windows
from magie.cli.session import PlaySession
from magie.engine.edition.playable import load_playable
from magie.engine.saves import read_save
from magie.engine.sim.playthrough import check

runner = CliRunner()

EDITION = """id: mine
extends: classic
name: {{en: Mine, ru: Моя}}
rules:
  salary: {salary}
"""


def _record(tmp_path: Path, *extra: str, salary: int = 200) -> tuple[Path, Path]:
    edition = tmp_path / "mine.yaml"
    edition.write_text(EDITION.format(salary=salary), encoding="utf-8")
    out = tmp_path / "seed3.json"
    r = runner.invoke(app, ["play", str(edition), "--bots", "3", "--seed", "3", "--max-rounds", "25",
                            "--quiet", "--save-to", str(tmp_path / "save.json"), "--record", str(out), *extra])
    assert r.exit_code == 0, r.output
    assert f"Playthrough written to {out}" in " ".join(r.output.split())
    return edition, out


def test_a_recorded_game_replays_the_same_on_the_same_edition(tmp_path):
    edition, out = _record(tmp_path)
    events = json.loads(out.read_text(encoding="utf-8"))["playthrough"]["events"]
    assert events[0]["e"] == "start" and events[0]["seed"] == 3 and events[-1]["e"] == "end"
    r = runner.invoke(app, ["check", str(edition), "--playthrough", str(out)])
    assert r.exit_code == 0, r.output
    assert f"same {out}: {len(events)} events replayed" in " ".join(r.output.split())


def test_an_edit_shows_the_first_event_it_changed(tmp_path):
    edition, out = _record(tmp_path)
    first_lap = next(e for e in json.loads(out.read_text(encoding="utf-8"))["playthrough"]["events"]
                     if e["e"] == "lap")
    edition.write_text(EDITION.format(salary=210), encoding="utf-8")
    r = runner.invoke(app, ["check", str(edition), "--playthrough", str(out), "--json"])
    assert r.exit_code == 1
    row = json.loads(r.output)["playthroughs"][0]
    assert row["same"] is False and row["edition_changed"] is True
    assert json.loads(row["recorded"]) == first_lap and first_lap["salary"] == 200
    assert json.loads(row["now"]) == {**first_lap, "salary": 210}
    text = runner.invoke(app, ["check", str(edition), "--playthrough", str(out)]).output
    assert "DIFFERS" in text and f"from event {row['at']} of" in " ".join(text.split())


def test_a_persons_game_at_the_terminal_replays_and_a_shorter_record_differs(tmp_path):
    edition = tmp_path / "mine.yaml"
    edition.write_text(EDITION.format(salary=200), encoding="utf-8")
    out = tmp_path / "anna.json"
    keys = "\n".join(["", "2", "p", "d", "1"] * 1200) + "\n"     # throws, declines, passes, ends turns
    r = runner.invoke(app, ["play", str(edition), "--players", "Anna", "--bots", "2", "--seed", "3",
                            "--max-rounds", "8", "--quiet", "--save-to", str(tmp_path / "s.json"),
                            "--record", str(out)], input=keys)
    assert r.exit_code == 0, r.output
    save = read_save(out, agents=("human", "basic"))
    assert save.seats[0].agent == "human" and save.playthrough is not None
    assert save.playthrough.events[-1]["reason"] == "round_limit"
    assert runner.invoke(app, ["check", str(edition), "-p", str(out)]).exit_code == 0
    ed = load_playable(str(edition))
    cut = check(ed, replace(save, decisions=save.decisions[:-10]), person_windows)
    assert not cut.same and cut.replayed < cut.events and cut.now == ""


def test_a_game_ended_by_its_time_limit_replays_to_the_same_end(tmp_path, monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(PlaySession, "clock", staticmethod(lambda: 60.0 * next(ticks)))   # a minute a look
    edition, out = _record(tmp_path, "--time-limit", "1")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["playthrough"]["time_up_round"] == 1
    assert data["playthrough"]["events"][-1]["reason"] == "time_limit"
    r = runner.invoke(app, ["check", str(edition), "--playthrough", str(out)])
    assert r.exit_code == 0, r.output


def test_files_that_are_not_playthroughs_of_the_edition_are_told_each(tmp_path):
    edition, out = _record(tmp_path)
    data = json.loads(out.read_text(encoding="utf-8"))
    plain = tmp_path / "save.json"
    plain.write_text(json.dumps({k: v for k, v in data.items() if k != "playthrough"}))
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**data, "playthrough": {**data["playthrough"], "events": [1, 2]}}))
    big = tmp_path / "big.json"
    big.write_text(out.read_text(encoding="utf-8").replace('"version": 1, "time_up_round"',
                                                           '"version": 1' + "0" * 30 + ', "time_up_round"'))
    r = runner.invoke(app, ["check", str(edition), "-p", str(plain), "-p", str(broken),
                            "-p", str(big), "-p", str(tmp_path / "nosuch.json")])
    said = " ".join(r.output.split())
    assert r.exit_code == 1 and "Traceback" not in said
    assert "save.json: a save, not a playthrough" in said
    assert "playthrough.events[0]" in said and 'expected an event (an object with its kind in "e")' in said
    assert "playthrough.version" in said and "a number of 31 digits" in said
    assert "nosuch.json" in said
    other = runner.invoke(app, ["check", "classic", "-p", str(out)])
    assert other.exit_code == 1 and "recorded on edition 'mine', not 'classic'" in " ".join(other.output.split())
