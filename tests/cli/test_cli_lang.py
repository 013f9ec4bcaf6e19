"""`--lang` of simulate, compare, ladder and validate: their own words follow it as play's do
(the interface catalogue, cli/locale), and an unknown language is a message."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from magie.cli.app import app

runner = CliRunner()


def test_simulate_speaks_russian_with_lang_ru():
    r = runner.invoke(app, ["simulate", "classic", "-n", "2", "-j", "1", "--max-rounds", "30", "--lang", "ru"])
    assert r.exit_code == 0, r.output
    assert "закончены по правилам" in r.output and "частота попаданий" in r.output
    assert "Житная улица" in r.output                       # the edition's own names, as before
    assert "ended by the rules" not in r.output
    r = runner.invoke(app, ["simulate", "classic", "-n", "2", "-j", "1", "--max-rounds", "30"])
    assert "ended by the rules" in r.output and "Zhitnaya Street" in r.output


def test_compare_and_ladder_speak_russian_with_lang_ru(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["compare", "classic", "quick", "-n", "2", "-j", "1", "--max-rounds", "30",
                            "--lang", "ru"])
    assert r.exit_code == 0, r.output
    assert "конфигурация" in r.output and "configuration" not in r.output
    assert "нет явной разницы в раундах с classic" in r.output or "раунда короче, чем classic" in r.output
    r = runner.invoke(app, ["compare", "classic", "quick", "-n", "2", "-j", "1", "--max-rounds", "30",
                            "--lang", "ru", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["configs"][0]["label"] == "classic"   # data stays data
    r = runner.invoke(app, ["ladder", "classic", "--bot", "basic,random", "-n", "2", "-j", "1",
                            "--max-rounds", "30", "--lang", "ru"])
    assert r.exit_code == 0, r.output
    assert "рейтинг" in r.output and "Записано в" in r.output


def test_validate_speaks_russian_with_lang_ru():
    r = runner.invoke(app, ["validate", "classic", "--lang", "ru"])
    assert r.exit_code == 0, r.output
    assert "проверен 1 файл: проблем нет" in r.output


def test_an_unknown_language_is_a_message():
    for cmd in (["compare", "classic", "quick", "-n", "1"], ["ladder", "classic", "-n", "1"], ["validate", "classic"],
                ["simulate", "classic", "-n", "1"]):
        r = runner.invoke(app, [*cmd, "--lang", "xx"])
        assert r.exit_code == 1, cmd
        assert "unknown language 'xx'" in r.output and "Traceback" not in r.output, (cmd, r.output)


def test_ladder_titles_name_the_edition_in_the_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from tests.game.helpers import playable
    name = playable("classic").name
    for lang in ("ru", "en"):
        r = runner.invoke(app, ["ladder", "classic", "--bot", "basic,random", "-n", "2", "-j", "1",
                                "--max-rounds", "20", "--lang", lang])
        assert r.exit_code == 0, r.output
        assert f"{name[lang]}: " in r.output and "classic: " not in r.output, r.output


@pytest.mark.slow     # every fixture edition three times; test_validate_speaks_russian_with_lang_ru is the short one
def test_validate_tells_problems_in_russian_with_lang_ru_keeping_places_codes_and_values():
    import re
    from pathlib import Path
    folder = str(Path(__file__).resolve().parents[1] / "fixtures" / "editions")
    en = runner.invoke(app, ["validate", folder]).output.splitlines()[:-1]
    ru = runner.invoke(app, ["validate", folder, "--lang", "ru"]).output.splitlines()[:-1]
    assert len(en) == len(ru) > 40
    head = re.compile(r"^(.*?: )(error|warning)(\[[a-z0-9-]+\]: )")
    for e, r in zip(en, ru, strict=True):
        he = head.match(e)
        assert he, e
        place, severity, code = he.groups()
        assert r.startswith(f"{place}{ {'error': 'ошибка', 'warning': 'предупреждение'}[severity]}{code}"), (e, r)
        assert r != e.replace(severity, "", 1), e                            # the words are Russian
        assert re.search("[а-яё]{3}", r.split(code, 1)[1]), (e, r)
        for quoted in re.findall(r"'[^']*'", e.split(code, 1)[1]):          # ids and values stay as written
            assert quoted in r, (quoted, r)
    assert ("board[39] (arbat).price: ожидалось целое число, а найдено: текст '400'" in "\n".join(ru))
    assert "ошибка[unknown-key]: board[39] (arbat): неизвестный ключ 'pricee'; может быть, 'price'?" in "\n".join(ru)
    # --format json stays English: the stable text tools read
    js = runner.invoke(app, ["validate", folder, "--lang", "ru", "--format", "json"]).output
    assert "ожидалось" not in js and "expected an integer" in js


def test_numbers_in_russian_messages_group_thousands_with_a_space():
    nb = "\u00a0"
    r = runner.invoke(app, ["play", "classic", "--lang", "ru", "--bots", "100000", "--max-rounds", "99999999999"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert f"--bots должно быть от 0 до 12, а не 100{nb}000" in r.output
    assert f"--max-rounds должно быть от 1 до 1{nb}000{nb}000, а не 99{nb}999{nb}999{nb}999" in r.output
    r = runner.invoke(app, ["play", "classic", "--bots", "100000"])
    assert "--bots must be from 0 to 12, not 100,000" in r.output
    r = runner.invoke(app, ["play", "classic", "--lang", "ru", "--bots", "2", "--players", "x" * 2000])
    assert r.exit_code == 1 and f"--players: имя 1 длиной 2{nb}000 зн.; в имени не больше 64 знаков" in r.output
