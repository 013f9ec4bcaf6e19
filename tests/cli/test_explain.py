"""`magie explain SAVE`: the decision a saved game stopped at, and why each action on the
person's deeds that is not open is closed."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from magie.cli.app import app

runner = CliRunner()


def _saved(tmp_path: Path) -> Path:
    """Anna and two bots, seed 3: Anna buys Ogaryova Street and Smolenskaya Square, then quits at
    her turn's menu in round 5 (throws, buys, ends turns, passes in auctions)."""
    save = tmp_path / "anna.json"
    keys = "\n".join((["", "1", "d", "p"] * 4) + ["q"]) + "\n"
    r = runner.invoke(app, ["play", "classic", "--players", "Anna", "--bots", "2", "--seed", "3",
                            "--save-to", str(save)], input=keys)
    assert r.exit_code == 0 and save.is_file(), r.output
    return save


def test_explain_tells_what_is_open_and_why_the_rest_is_not(tmp_path):
    save = _saved(tmp_path)
    said = " ".join(runner.invoke(app, ["explain", str(save)]).output.split())
    assert "Anna is asked what to do before or after the roll (round 5, turn 14)." in said
    assert "Open now: Mortgage Ogaryova Street (+50k ₽) Mortgage Smolenskaya Square (+140k ₽)" in said
    assert ("Anna does not own the whole group Light blue: Varshavskoye Highway belongs to Bot 2, "
            "First Parkovaya Street belongs to Bot 1") in said
    assert "Anna does not own the whole group Yellow: Gruzinsky Val Street is the bank's" in said


def test_explain_speaks_russian_and_names_the_bots_so(tmp_path):
    said = " ".join(runner.invoke(app, ["explain", str(_saved(tmp_path)), "--lang", "ru"]).output.split())
    assert "Anna: вопрос — что делать до или после броска (круг 5, ход 14)." in said and "Доступно сейчас:" in said
    assert "у игрока Anna нет всей группы «Голубые»: «Варшавское шоссе» принадлежит игроку Бот 2" in said


def test_a_file_that_is_not_a_save_is_one_message(tmp_path):
    r = runner.invoke(app, ["explain", str(tmp_path / "nosuch.json")])
    assert r.exit_code == 1 and "no such save file" in r.output and "Traceback" not in r.output


def test_a_language_the_edition_is_not_written_in_is_refused_as_play_refuses_it(tmp_path):
    r = runner.invoke(app, ["explain", str(_saved(tmp_path)), "--lang", "zz"])
    assert r.exit_code == 1
    assert "unknown language 'zz' (edition 'classic' is written in: en, ru)" in r.output
