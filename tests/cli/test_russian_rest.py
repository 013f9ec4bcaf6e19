"""The last English words of a Russian game: money grouped in Russian (`Currency.show`), the
messages of `magie play --lang ru` on stderr through the catalogue or problem_words' templates."""

from __future__ import annotations

from tests.game.helpers import playable


def test_russian_money_groups_from_ten_thousand_with_a_no_break_space():
    biz = playable("biznespolia").currency       # units of 1: "{n} β"
    assert biz.show(15000, "ru") == "15\u00a0000 β"
    assert biz.show(1_234_567, "ru") == "1\u00a0234\u00a0567 β"
    assert biz.show(-15000, "ru") == "-15\u00a0000 β"
    assert biz.show(9999, "ru") == "9999 β" and biz.show(1500, "ru") == "1500 β"   # four digits stay whole
    classic = playable("classic").currency          # units of 1,000 ₽
    assert classic.show(15000, "ru") == "15\u00a0000 тыс. ₽"
    assert classic.render("Получите {fine}", {"fine": 20000}, "ru") == "Получите 20\u00a0000 тыс. ₽"


def test_english_money_is_written_whole_as_before():
    assert playable("biznespolia").currency.show(15000, "en") == "15000 β"
    assert playable("classic").currency.show(15000) == "15000k ₽"
    assert playable("classic").currency.show(1_234_567, "en") == "1234567k ₽"


# ---------------------------------------------------------------------- stderr of a Russian game
import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from magie.cli.app import app  # noqa: E402

runner = CliRunner()


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def play(*args: str, input: str | None = None):
    return runner.invoke(app, ["play", *args], input=input)


@pytest.mark.parametrize("content, said", [
    ("", "s.json:1:1: ошибка[save-not-json]: пуст, это не файл сохранения (сохранение — это объект JSON)"),
    ('{"format": "mag', "s.json:1:12: ошибка[save-not-json]: не полный файл сохранения: он кончается раньше, "
                        "чем его JSON (обрезан?)"),
], ids=["empty", "cut-short"])
def test_an_empty_or_cut_save_is_told_in_russian(in_tmp, content, said):
    (in_tmp / "s.json").write_text(content, encoding="utf-8")
    r = play("--resume", "s.json", "--lang", "ru")
    assert r.exit_code == 1
    assert r.stderr.strip() == said


def test_a_save_that_does_not_fit_is_told_in_russian(in_tmp):
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "1", "--save-to", "s.json", input="q\n")
    assert r.exit_code == 0, r.output
    data = json.loads((in_tmp / "s.json").read_text(encoding="utf-8"))
    assert data["decisions"][0] == "buy"        # seed 1: the bot buys the first deed it lands on
    data["decisions"][0] = ["build", 39]
    (in_tmp / "s.json").write_text(json.dumps(data), encoding="utf-8")
    r = play("--resume", "s.json", "--quiet", "--lang", "ru")
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [
        "magie: игра не может продолжаться: сохранение не подходит к этой игре: записанный ответ на «buy» для игрока "
        "Бот 1 здесь недопустим (('build', 39) is not one of ['buy', 'decline'])",
        "magie: сохранение не удалось воспроизвести; оно оставлено как есть"]


def test_an_engine_bug_is_told_in_russian(in_tmp, monkeypatch):
    from magie.engine.game.game import Game

    def broken(self):
        raise KeyError("somewhere inside")
    monkeypatch.setattr(Game, "play_turn", broken)
    r = play("classic", "--bots", "2", "--seed", "1", "--quiet", "--lang", "ru")
    assert r.exit_code == 1
    assert r.stderr.splitlines()[:2] == [
        "magie: игра не может продолжаться: KeyError: 'somewhere inside'",
        "magie: это ошибка в движке magie, а не в издании; пожалуйста, сообщите о ней и приложите сохранённую "
        "игру ниже"]


def test_an_ignored_decision_timeout_is_told_in_russian(in_tmp):
    # the test runner's input is no file descriptor: it cannot be waited on with a time limit
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "1", "--decision-timeout", "5",
             "--lang", "ru", input="q\n")
    assert "magie: --decision-timeout не действует: этот ввод нельзя ждать с ограничением времени" \
        in r.stderr.splitlines()


def test_an_editions_warning_is_told_in_russian(in_tmp):
    (in_tmp / "w.yaml").write_text(
        "id: warned\nextends: classic\nname: {en: Warned, ru: Предупреждённое}\ndecks:\n  - id: lonely\n"
        "    name: Lonely\n    cards:\n      - id: c1\n        text: Hi\n        do: collect 1 from bank\n",
        encoding="utf-8")
    r = play("./w.yaml", "--bots", "2", "--seed", "1", "--quiet", "--max-rounds", "1", "--lang", "ru")
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines() == ["w.yaml:5:5: предупреждение[unused-deck]: ни одна клетка не берёт карты из "
                                     "колоды 'lonely', так что их никогда не вытянут"]


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="needs Linux's /proc/version")
def test_a_save_to_the_system_refuses_is_told_in_russian(in_tmp):
    r = play("classic", "--bots", "2", "--seed", "1", "--quiet", "--save-to", "/proc/version", "--lang", "ru")
    assert r.exit_code == 1
    assert r.stderr.startswith("magie: --save-to /proc/version: система не даёт его записать (")


def test_a_folder_where_a_file_is_is_told_in_russian(in_tmp):
    from magie.cli.i18n import use_language
    from magie.cli.outputs import folder_problem

    (in_tmp / "f").write_text("x", encoding="utf-8")
    use_language("ru")
    try:
        assert folder_problem(in_tmp / "f" / "out") == f"нужна папка, а {in_tmp / 'f'} — файл"
    finally:
        use_language("en")
    assert folder_problem(in_tmp / "f" / "out") == f"a folder is expected, and {in_tmp / 'f'} is a file"


def test_a_save_whose_edition_cannot_be_loaded_is_told_in_russian(in_tmp):
    from magie.engine.paths import EDITIONS_DIR

    mine = in_tmp / "mine.yaml"
    mine.write_text((EDITIONS_DIR / "classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    r = play("./mine.yaml", "--players", "Anna", "--bots", "1", "--seed", "1", "--save-to", "s.json", input="q\n")
    assert r.exit_code == 0, r.output
    mine.unlink()
    r = play("--resume", "s.json", "--quiet", "--lang", "ru", input="q\n")
    assert f"magie: издание «{mine}» сейчас не загружается: игра продолжается с изданием, каким оно было при " \
           "сохранении (оно хранится в сохранении)" in r.stderr.splitlines()


def test_too_many_seats_for_the_edition_is_told_in_russian(in_tmp):
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "1", "--save-to", "s.json", input="q\n")
    assert r.exit_code == 0, r.output
    from magie.cli.saved_edition import load_embedded

    data = json.loads((in_tmp / "s.json").read_text(encoding="utf-8"))
    data["edition"]["ref"] = str(in_tmp / "gone.yaml")         # the copy the save carries is played
    data["edition"]["content"]["players"] = {"min": 3, "max": 6}
    data["edition"]["content_hash"] = load_embedded(data["edition"]["content"]).content_hash
    (in_tmp / "s.json").write_text(json.dumps(data), encoding="utf-8")
    r = play("--resume", "s.json", "--quiet", "--lang", "ru")
    assert r.exit_code == 1
    assert "в сохранении s.json мест: 2; издание «classic» — для 3–6 игроков" in r.stderr


def test_a_save_that_cannot_be_written_is_told_in_russian(in_tmp, monkeypatch):
    import magie.cli.play as play_module
    monkeypatch.setattr(play_module, "output_problem", lambda path: None)   # a folder gone during the game
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", "--save-to", "no/dir/s.json",
             "--lang", "ru", input="q\n")
    assert r.exit_code == 1
    assert r.stderr.startswith("magie: не удалось сохранить в no/dir/s.json: ")
