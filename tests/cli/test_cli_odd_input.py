"""Odd and hostile input to the commands (markup-like edition texts, unwritable save paths, bad
--set values, saves naming other files, Python tags, unknown overlays): each test runs the
command and checks the answer a person should get."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from magie.cli.app import app

# Edition texts that look like rich markup: "[/]" has nothing to close, "[link=...]" a link.
MARKUP = """\
id: markup
extends: classic
name: {en: "[/]bad[red", ru: "[bold]x"}
board:
  - {id: arbat, name: {en: "[/] Arbat [link=file:///etc/passwd]x[/link]", ru: "[/]"}}
decks:
  - id: chance
    cards:
      - {id: chance_dividend, text: {en: "[/]Dividend {x", ru: "[/]"}}
"""


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("command", [
    ["show", "{path}", "--cards"],
    ["analyze", "{path}", "--economics"],
    ["simulate", "{path}", "-n", "2", "--jobs", "1"],
    ["compare", "{path}", "classic", "-n", "2", "--jobs", "1"],
])
def test_edition_texts_that_look_like_markup_are_printed_as_written(tmp_path, command):
    path = tmp_path / "markup.yaml"
    path.write_text(MARKUP, encoding="utf-8")
    result = run(*[a.replace("{path}", str(path)) for a in command])
    assert result.exit_code == 0, result.output
    if command[0] != "compare":                      # compare names configurations, not spaces
        assert "[/] Arbat" in result.output and "[/]bad[red" in result.output


def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    # found at the start, not when the person saves after an hour of play
    base = ["play", "classic", "--players", "Anna", "--bots", "1", "--max-rounds", "1", "--save-to"]
    folder = tmp_path / "a-folder"
    folder.mkdir()
    for target, words in ((folder, "it is a folder"),
                          (tmp_path / "nowhere" / "s.json", "there is no folder")):
        result = run(*base, str(target))
        assert result.exit_code == 1, result.output
        assert f"--save-to {target}: {words}" in result.output
        assert "Round 1" not in result.output          # no game was started
    result = CliRunner().invoke(app, [*base, str(tmp_path / "s.json")], input="q\n")
    assert result.exit_code == 0 and (tmp_path / "s.json").is_file()


@pytest.mark.parametrize("value, problem", [
    ("abc", "--set rules.salary=abc: error[unknown-name]: unknown name 'abc'"),
    ("[1, 2]", "--set rules.salary=[1, 2]: error[wrong-type]: rules.salary: expected an integer or text, found a list"),
])
def test_a_bad_set_value_is_told_at_the_set_not_in_the_edition_file(value, problem):
    result = run("simulate", "classic", "--set", f"rules.salary={value}", "-n", "1", "--jobs", "1")
    assert result.exit_code == 1
    assert problem in result.output and "classic.yaml" not in result.output


def test_a_bad_set_value_inside_a_list_is_told_at_the_set():
    from magie.engine.problems import ProblemsError
    from magie.engine.sim.config import load_config
    with pytest.raises(ProblemsError) as e:
        load_config("classic", (), (("board.arbat.price", "x"),))
    assert [p.format() for p in e.value.problems] == [
        "--set board.arbat.price=x: error[wrong-type]: board[39] (arbat).price: expected an integer, "
        "found the text 'x'"]


def _save(tmp_path):
    import json
    path = tmp_path / "s.json"
    result = CliRunner().invoke(app, ["play", "classic", "--players", "Anna", "--bots", "1", "--seed", "3",
                                      "--save-to", str(path)], input="q\n")
    assert result.exit_code == 0 and path.is_file(), result.output
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_a_save_naming_a_file_that_is_not_an_edition_file_does_not_read_it(tmp_path):
    # a save is a file anyone can send: the edition it names is read only if it is a .yaml file
    import json
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    path, data = _save(tmp_path)
    data["edition"]["ref"] = str(secret)
    content = data["edition"].pop("content")
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("play", "--resume", str(path))
    assert result.exit_code == 1
    assert "which is not an edition file (.yaml or .yml): it is not read" in result.output
    assert "hunter2" not in result.output and "password" not in result.output
    # with the copy the save carries, the game goes on with it (the file is still not read)
    data["edition"]["content"] = content
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["play", "--resume", str(path)], input="q\n")
    assert result.exit_code == 0, result.output
    assert "cannot be loaded now: the game goes on with the edition as it was" in result.output
    assert "hunter2" not in result.output


def test_a_name_longer_than_the_limit_is_refused_with_a_message(tmp_path):
    from magie.engine.limits import MAX_NAME
    long = "A" * 4_000_000
    result = run("play", "classic", "--players", f"{long},Boris", "--bots", "1")
    assert result.exit_code == 1
    assert (f"--players: name 1 has 4,000,000 characters; a name has at most {MAX_NAME} characters"
            in result.output)
    assert len(result.output) < 1000                     # the name is not echoed back
    assert run("play", "classic", "--players", "", "--bots", "1").exit_code == 1
    ok = CliRunner().invoke(app, ["play", "classic", "--players", "B" * MAX_NAME, "--bots", "1",
                                  "--save-to", str(tmp_path / "s.json")], input="q\n")
    assert ok.exit_code == 0, ok.output


@pytest.mark.parametrize("value", ['!!python/object/apply:os.system ["ls"]', "!!python/object:os.system {}",
                                   "!!python/name:os.system ''"])
def test_a_python_tag_gives_one_error_at_the_tag(tmp_path, value):
    path = tmp_path / "tagged.yaml"
    path.write_text(f"id: tagged\nextends: classic\nname: {value}\n", encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if "error[" in line]
    assert len(errors) == 1 and "tagged.yaml:3:7: error[unsupported-yaml]: unsupported tag !!python/" in errors[0]


def test_an_unknown_variant_is_told_by_magie():
    result = run("play", "classic", "--variant", "nosuch", "--bots", "2")
    assert result.exit_code == 1
    assert result.output.startswith("magie: error[unknown-variant]: unknown variant 'nosuch'")


@pytest.mark.parametrize("args, english, russian", [
    (["play", "classic"], "magie: who plays? Give --players", "magie: кто играет? Дайте --players"),
    (["play"], "magie: which edition? Give an edition id", "magie: какое издание? Дайте id издания"),
    (["play", "classic", "--players", "Anna,anna"], "magie: two players are called 'anna'",
     "magie: двух игроков зовут «anna»: у каждого игрока должно быть своё имя"),
    (["play", "classic", "--bots", "99"], "magie: --bots must be from 0 to 12, not 99",
     "magie: --bots должно быть от 0 до 12, а не 99"),
    (["play", "classic", "--bots", "1"], "magie: edition 'classic' is for 2 to 8 players, not 1",
     "magie: в издание 'classic' играют от 2 до 8 игроков, а не 1"),
    (["play", "classic", "--players", "A,,B"], 'magie: --players "A,,B": name 2 is empty',
     'magie: --players "A,,B": имя 2 пустое'),
])
def test_the_commons_errors_of_play_speak_the_language_of_lang(args, english, russian):
    assert english in run(*args).output
    result = run(*args, "--lang", "ru")
    assert result.exit_code == 1 and russian in result.output, result.output
    assert english in run(*args).output                     # and English again without --lang


def test_a_sweep_of_one_value_says_so():
    # not "give two or more configurations to compare (or one with --sweep)", which would answer
    # a configuration given with --sweep
    result = run("compare", "classic", "--sweep", "rules.salary=300", "-n", "2")
    assert result.exit_code == 1
    assert "magie: --sweep 'rules.salary=300' gives one value; a sweep needs two or more, " \
           "e.g. rules.salary=100..400:50 or rules.salary=200,300" in result.output


def test_an_invalid_configuration_stops_the_comparison_without_saying_skipped():
    # not "nosuch: not a valid edition (1 problem(s)); skipped", after which nothing is compared
    result = run("compare", "classic", "nosuch", "-n", "2")
    assert result.exit_code == 1
    assert "skipped" not in result.output and "problem(s)" not in result.output
    assert result.output.startswith("magie: configuration 'nosuch': error[unknown-edition]: unknown edition "
                                    "'nosuch'")
    assert result.output.count("magie:") == 1            # s5: one message for one error
