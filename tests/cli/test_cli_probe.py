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
