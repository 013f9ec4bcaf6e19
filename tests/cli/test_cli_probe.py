"""What a fresh new user and an attacker found in the merged main (the probe session): each
test runs the command that showed the problem and checks the answer a person should get."""

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
    for target, words in ((folder, "it exists and is not a regular file"),
                          (tmp_path / "nowhere" / "s.json", "there is no folder")):
        result = run(*base, str(target))
        assert result.exit_code == 1, result.output
        assert f"--save-to {target}: {words}" in result.output
        assert "Round 1" not in result.output          # no game was started
    result = CliRunner().invoke(app, [*base, str(tmp_path / "s.json")], input="q\n")
    assert result.exit_code == 0 and (tmp_path / "s.json").is_file()
