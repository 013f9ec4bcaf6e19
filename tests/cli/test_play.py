"""`magie play` from the command line: bot games, the log, saves and resume, bad input."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import magie.cli.terminal as terminal_mod
from magie.cli import session as session_mod
from magie.cli.app import app
from magie.cli.human import HumanAgent
from magie.cli.terminal import QuitGame, Terminal
from magie.engine.errors import DecisionTimeout
from magie.engine.game.debt import default_raise_action as raise_money_action
from magie.engine.game.decisions import DECISION_KINDS
from magie.engine.paths import EDITIONS_DIR
from magie.engine.saves import read_save
from tests.runners import run_magie

runner = CliRunner()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Every test runs in its own folder (default save files land there)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def play(*args: str, input: str | None = None):
    return runner.invoke(app, ["play", *args], input=input)


def events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def winner_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(("Winner: ", "Winners (tie): ")))


# ---------------------------------------------------------------------- bot games
def test_a_whole_bot_game_prints_the_log_and_the_winner(in_tmp):
    r = play("classic", "--bots", "4", "--seed", "1", "--log", "game.jsonl")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Classic · seed 1\nOrder of play:" in out
    assert re.search(r"Round 1 · Bot \d · 1500k ₽ · GO", out)
    assert re.search(r"Bot \d: rolls \d \+ \d = \d+", out)
    assert re.search(r"Bot \d: buys .+ for \d+k ₽", out)
    assert "Final standings" in out
    log = events(in_tmp / "game.jsonl")
    end = log[-1]
    assert end["e"] == "end"
    start = next(e for e in log if e["e"] == "start")
    names = start["players"]
    winner = names[end["winners"][0]]
    assert winner_line(out).startswith(f"Winner: {winner} (")
    rounds = max(e["round"] for e in log if e["e"] == "turn")
    assert f"{rounds} rounds, {sum(e['e'] == 'turn' for e in log)} turns, seed 1" in winner_line(out)
    bankrupt = [names[e["player"]] for e in log if e["e"] == "bankrupt"]
    for name in bankrupt:
        assert re.search(rf"│ \d │ {name} .*bankrupt in round \d+", out)


def test_quiet_prints_only_the_result():
    r = play("classic", "--bots", "3", "--seed", "2", "--quiet")
    assert r.exit_code == 0, r.output
    assert "rolls" not in r.stdout and "Round 1" not in r.stdout
    assert winner_line(r.stdout)
    assert len(r.stdout.splitlines()) < 15


def test_the_log_is_json_lines_and_the_same_seed_gives_the_same_bytes(in_tmp):
    for name in ("a.jsonl", "b.jsonl"):
        r = play("classic", "--bots", "3", "--bot-kind", "random", "--seed", "5", "--max-rounds", "40",
                 "--quiet", "--log", name)
        assert r.exit_code == 0, r.output
    a, b = (in_tmp / "a.jsonl").read_bytes(), (in_tmp / "b.jsonl").read_bytes()
    assert a == b
    log = events(in_tmp / "a.jsonl")
    assert next(e for e in log if e["e"] == "start")["seed"] == 5
    assert log[-1] == {**log[-1], "e": "end", "reason": "round_limit"}
    play("classic", "--bots", "3", "--bot-kind", "random", "--seed", "6", "--max-rounds", "40",
         "--quiet", "--log", "c.jsonl")
    assert (in_tmp / "c.jsonl").read_bytes() != a


def test_max_rounds_overrides_the_edition():
    r = play("classic", "--bots", "2", "--seed", "3", "--max-rounds", "3", "--quiet")
    assert r.exit_code == 0, r.output
    assert "(the round limit was reached; 3 rounds, 6 turns, seed 3)" in winner_line(r.stdout)


def test_time_limit_ends_the_game_when_the_round_is_over(in_tmp, monkeypatch):
    clock = iter(range(0, 10**9, 7))           # every look at the clock: 7 s later
    monkeypatch.setattr(session_mod.PlaySession, "clock", staticmethod(lambda: next(clock)))
    r = play("classic", "--bots", "3", "--seed", "4", "--time-limit", "1", "--log", "t.jsonl")
    assert r.exit_code == 0, r.output
    assert "Time is up" in r.stdout
    assert "(time ran out;" in winner_line(r.stdout)
    log = events(in_tmp / "t.jsonl")
    assert log[-1]["e"] == "end" and log[-1]["reason"] == "time_limit"
    turns = [e for e in log if e["e"] == "turn"]
    order = next(e for e in log if e["e"] == "order")["order"]
    assert turns[-1]["player"] == order[-1] or any(e["e"] == "bankrupt" for e in log)


def test_lang_ru_shows_the_edition_in_russian():
    r = play("classic", "--bots", "2", "--seed", "1", "--max-rounds", "2", "--lang", "ru")
    assert r.exit_code == 0, r.output
    assert "Классическая игра · сид 1" in r.stdout
    assert "1500 тыс. ₽ · Вперёд" in r.stdout


# ---------------------------------------------------------------------- a human on stdin
def test_a_human_plays_from_stdin_to_the_end(in_tmp):
    # Words the prompts accept; an answer a prompt does not take is re-asked with a message,
    # so this cycle answers any sequence of prompts.
    answers = "decline\n\nroll\np\nreject\n1\nkeep\nfixed\n" * 200
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", "--max-rounds", "4",
             input=answers)
    assert r.exit_code == 0, r.output
    assert "Anna, before rolling: you have 1500k ₽, on GO." in r.stdout
    assert "Anna (t/i/d, Enter = d; s status, m map, h help) >" in r.stdout
    assert winner_line(r.stdout)


def test_w_saves_at_a_prompt_and_play_goes_on(in_tmp):
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", "--save-to", "here.json",
             input="w\nq\n")
    assert r.exit_code == 0, r.output
    assert "Saved to here.json (resume with: magie play --resume here.json)" in r.stdout
    assert read_save(in_tmp / "here.json").seats[0].name == "Anna"


# ---------------------------------------------------------------------- saves and resume
def neutral(game, d):
    """The answer of a player who does nothing special: decline, pass, roll, done, reject..."""
    if d.kind == "raise":
        return raise_money_action(game, d.player)
    if d.kind == "place":
        return None if d.ctx.get("optional") else d.options[0]
    return DECISION_KINDS[d.kind].default(game, d)


def _scripted_human(monkeypatch, stop_at: int | None = None, stop=QuitGame, timeout_every: int = 0):
    """Humans answer `neutral`ly (every `timeout_every`-th question they let time out); the
    `stop_at`-th question raises `stop` instead."""
    calls = {"n": 0}

    def decide(self, game, d):
        calls["n"] += 1
        if stop_at is not None and calls["n"] == stop_at:
            raise stop()
        if timeout_every and calls["n"] % timeout_every == 0:
            raise DecisionTimeout()
        return neutral(game, d)

    monkeypatch.setattr(HumanAgent, "decide", decide)
    return calls


GAME = ("classic", "--players", "Anna,Boris", "--bots", "2", "--bot-kind", "random", "--seed", "11",
        "--max-rounds", "30", "--quiet")


def test_save_then_resume_ends_exactly_like_the_uninterrupted_game(in_tmp, monkeypatch):
    _scripted_human(monkeypatch)
    whole = play(*GAME, "--log", "whole.jsonl")
    assert whole.exit_code == 0, whole.output

    _scripted_human(monkeypatch, stop_at=40)
    quit_ = play(*GAME, "--save-to", "game.json")
    assert quit_.exit_code == 0, quit_.output
    assert "You quit the game." in quit_.stdout
    assert "Game saved to game.json. Resume it with:\n  magie play --resume game.json" in quit_.stdout
    saved = read_save(in_tmp / "game.json")
    assert [s.agent for s in saved.seats] == ["human", "human", "random", "random"]
    assert 0 < len(saved.decisions)

    _scripted_human(monkeypatch)
    resumed = play("--resume", "game.json", "--log", "resumed.jsonl", "--quiet")
    assert resumed.exit_code == 0, resumed.output
    assert (in_tmp / "resumed.jsonl").read_bytes() == (in_tmp / "whole.jsonl").read_bytes()
    assert winner_line(resumed.stdout) == winner_line(whole.stdout)


def test_ctrl_c_saves_and_exits_130(in_tmp, monkeypatch):
    _scripted_human(monkeypatch, stop_at=25, stop=KeyboardInterrupt)
    r = play(*GAME)
    assert r.exit_code == 130
    assert "Interrupted (Ctrl-C)." in r.stdout
    assert "Game saved to magie-classic-seed11.json" in r.stdout
    _scripted_human(monkeypatch)
    resumed = play("--resume", "magie-classic-seed11.json", "--quiet")
    assert resumed.exit_code == 0, resumed.output
    _scripted_human(monkeypatch)
    whole = play(*GAME)
    assert winner_line(resumed.stdout) == winner_line(whole.stdout)


def test_ctrl_c_while_a_bot_thinks_saves_too(in_tmp, monkeypatch):
    from magie.engine.agents.basic import BasicBot

    real = BasicBot.decide
    calls = {"n": 0}

    def decide(self, game, d):
        calls["n"] += 1
        if calls["n"] == 50:
            raise KeyboardInterrupt
        return real(self, game, d)

    monkeypatch.setattr(BasicBot, "decide", decide)
    r = play("classic", "--bots", "3", "--seed", "9", "--quiet")
    assert r.exit_code == 130
    assert len(read_save(in_tmp / "magie-classic-seed9.json").decisions) == 49


def test_input_ending_saves_and_exits_1(in_tmp):
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", input="\n")
    assert r.exit_code == 1
    assert "The input ended before the game did." in r.stdout
    assert (in_tmp / "magie-classic-seed2.json").exists()


class Interactive(Terminal):
    def __init__(self, console, **kw):
        super().__init__(console, interactive=True, **kw)


def test_quitting_at_a_terminal_asks_where_to_save(in_tmp, monkeypatch):
    monkeypatch.setattr(terminal_mod, "Terminal", Interactive)   # play imports it when run
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", input="q\nmine.json\n")
    assert r.exit_code == 0, r.output
    assert "Save the game to magie-classic-seed2.json?" in r.stdout
    assert (in_tmp / "mine.json").exists() and not (in_tmp / "magie-classic-seed2.json").exists()
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", input="q\nn\n")
    assert "The game was not saved." in r.stdout
    assert not (in_tmp / "magie-classic-seed2.json").exists()


# ---------------------------------------------------------------------- bad input
def test_unknown_edition_lists_the_known_ones():
    r = play("nosuch", "--bots", "2")
    assert r.exit_code == 1
    assert "unknown edition 'nosuch' (built-in editions: " in r.stderr and "classic" in r.stderr
    assert "Traceback" not in r.output


def test_unknown_variant_lists_the_known_ones():
    r = play("classic", "--bots", "2", "--variant", "nosuch")
    assert r.exit_code == 1
    assert "unknown variant 'nosuch' (built-in overlays: " in r.stderr


@pytest.mark.parametrize("args, message", [
    (["--bots", "9"], "edition 'classic' is for 2 to 8 players, not 9 (0 from --players and 9 from --bots)"),
    (["--players", "Anna"], "edition 'classic' is for 2 to 8 players, not 1"),
    (["--players", "Anna,Boris,anna"], "two players are called 'anna'"),
    (["--players", "Anna,,Boris"], 'name 2 is empty'),
    (["--players", " , "], "--players needs names separated by commas"),
    (["--players", ""], '--players needs names separated by commas'),
    (["--players", "Bot 1", "--bots", "1"], "two players are called 'Bot 1'"),
    ([], "who plays? Give --players"),
    (["--bots", "-1"], "--bots must be from 0 to 12, not -1"),
    (["--bots", "2", "--max-rounds", "0"], "--max-rounds must be from 1 to 1,000,000, not 0"),
    (["--bots", "2", "--time-limit", "0"], "--time-limit must be more than 0"),
    (["--bots", "2", "--lang", "xx"], "unknown language 'xx' (edition 'classic' is written in: en, ru)"),
    (["--bots", "2", "--log", "no/such/folder/log.jsonl"], "cannot write the log no/such/folder/log.jsonl"),
])
def test_bad_options_say_what_was_expected(args, message):
    r = play("classic", *args)
    assert r.exit_code == 1, r.output
    assert message in r.stderr
    assert "Traceback" not in r.output


def test_no_edition_and_resume_conflicts(in_tmp):
    r = play("--bots", "2")
    assert r.exit_code == 1 and "which edition?" in r.stderr
    (in_tmp / "s.json").write_text("{}", encoding="utf-8")
    r = play("classic", "--resume", "s.json", "--seed", "3")
    assert r.exit_code == 1
    assert "leave out EDITION, --seed" in r.stderr


@pytest.mark.parametrize("content, expected", [
    ("{not json", "s.json:1:2: error[save-not-json]: is not a magie save: not valid JSON"),
    ('{"name": "a config file"}', 'error[save-not-a-save]: is not a magie save: expected a JSON object'),
    ('{"format": "magie-save", "version": 2}', "error[save-newer-format]"),
    ('{"format": "magie-save", "version": 1, "edition": 3}',
     "s.json:1:51: error[save-wrong-type]: edition: expected an object with ref, id, variants, "
     "content_hash, found the number 3"),
])
def test_a_corrupt_or_foreign_save_is_refused(in_tmp, content, expected):
    (in_tmp / "s.json").write_text(content, encoding="utf-8")
    r = play("--resume", "s.json")
    assert r.exit_code == 1
    assert expected in r.stderr
    assert "Traceback" not in r.output


def test_a_save_whose_edition_changed_resumes_with_the_edition_it_carries(in_tmp, monkeypatch):
    mine = in_tmp / "mine.yaml"
    mine.write_text((EDITIONS_DIR / "classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    _scripted_human(monkeypatch, stop_at=3)
    r = play("./mine.yaml", "--players", "Anna", "--bots", "1", "--seed", "1", "--save-to", "s.json")
    assert r.exit_code == 0, r.output
    saved = read_save(in_tmp / "s.json")
    assert saved.edition_ref == str(mine) and saved.edition_content["id"] == "classic"
    mine.write_text(mine.read_text(encoding="utf-8").replace("salary: 200", "salary: 250"),
                    encoding="utf-8")
    r = play("--resume", "s.json", "--quiet")
    assert r.exit_code == 0, r.output
    assert f"edition '{mine}' has changed since: the game goes on with the edition as it was" in r.stderr
    mine.unlink()
    r = play("--resume", "s.json", "--quiet")
    assert r.exit_code == 0, r.output
    assert f"edition '{mine}' cannot be loaded now" in r.stderr


def test_a_save_without_its_edition_whose_edition_changed_is_refused(in_tmp, monkeypatch):
    mine = in_tmp / "mine.yaml"
    mine.write_text((EDITIONS_DIR / "classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    _scripted_human(monkeypatch, stop_at=3)
    r = play("./mine.yaml", "--players", "Anna", "--bots", "1", "--seed", "1", "--save-to", "s.json")
    assert r.exit_code == 0, r.output
    data = json.loads((in_tmp / "s.json").read_text(encoding="utf-8"))
    del data["edition"]["content"]          # a save written before saves carried their edition
    (in_tmp / "s.json").write_text(json.dumps(data), encoding="utf-8")
    mine.write_text(mine.read_text(encoding="utf-8").replace("salary: 200", "salary: 250"),
                    encoding="utf-8")
    r = play("--resume", "s.json")
    assert r.exit_code == 1
    assert "error[save-edition-changed]: this game was played with edition 'classic'" in r.stderr
    assert f"Restore the edition file ({mine})" in r.stderr


def test_a_hand_edited_save_that_does_not_fit_stops_without_touching_it(in_tmp, monkeypatch):
    _scripted_human(monkeypatch, stop_at=3)
    play("classic", "--players", "Anna", "--bots", "1", "--seed", "1", "--save-to", "s.json")
    data = json.loads((in_tmp / "s.json").read_text(encoding="utf-8"))
    data["decisions"][0] = ["build", 39]
    (in_tmp / "s.json").write_text(json.dumps(data), encoding="utf-8")
    before = (in_tmp / "s.json").read_bytes()
    r = play("--resume", "s.json", "--quiet")
    assert r.exit_code == 1
    assert "magie: the game cannot go on: the save does not fit this game" in r.stderr
    assert "the save could not be replayed; it was left as it is" in r.stderr
    assert (in_tmp / "s.json").read_bytes() == before


def test_help_teaches_with_examples():
    r = runner.invoke(app, ["play", "--help"])
    assert r.exit_code == 0
    for text in ("--players", "--resume", "--decision-timeout", "magie play classic --bots 4 --seed 1",
                 "magie play --resume game.json"):
        assert text in r.stdout


def test_a_failed_save_at_a_terminal_asks_again(in_tmp, monkeypatch):
    monkeypatch.setattr(terminal_mod, "Terminal", Interactive)   # play imports it when run
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2",
             input="q\nno/such/dir/x.json\nok.json\n")
    assert r.exit_code == 0, r.output
    assert "magie: could not save to no/such/dir/x.json" in r.stderr
    assert read_save(in_tmp / "ok.json").seed == 2


def test_a_save_that_cannot_be_written_without_a_terminal_exits_1(in_tmp, monkeypatch):
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", "--save-to", "no/dir/s.json",
             input="q\n")
    assert r.exit_code == 1                               # refused before the game starts
    assert "magie: --save-to no/dir/s.json: there is no folder no/dir" in r.stderr
    # a folder that goes away during the game
    import magie.cli.play as play_module
    monkeypatch.setattr(play_module, "output_problem", lambda path: None)
    r = play("classic", "--players", "Anna", "--bots", "1", "--seed", "2", "--save-to", "no/dir/s.json",
             input="q\n")
    assert r.exit_code == 1
    assert "magie: could not save to no/dir/s.json" in r.stderr


def test_timeouts_are_logged_saved_and_replayed(in_tmp, monkeypatch):
    _scripted_human(monkeypatch, timeout_every=7)
    whole = play(*GAME, "--log", "whole.jsonl")
    assert whole.exit_code == 0, whole.output
    log = events(in_tmp / "whole.jsonl")
    assert any(e["e"] == "timeout" for e in log)
    _scripted_human(monkeypatch, stop_at=60, timeout_every=7)
    play(*GAME, "--save-to", "t.json")
    assert {"timeout": True} in read_save(in_tmp / "t.json").decisions
    calls = _scripted_human(monkeypatch, timeout_every=7)
    calls["n"] = 59               # the count goes on where the interrupted game stopped
    resumed = play("--resume", "t.json", "--log", "resumed.jsonl", "--quiet")
    assert resumed.exit_code == 0, resumed.output
    assert (in_tmp / "resumed.jsonl").read_bytes() == (in_tmp / "whole.jsonl").read_bytes()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_log_to_a_fifo_nobody_reads_is_refused_without_waiting(in_tmp):
    # --log FIFO waited for a reader before the game began
    os.mkfifo(in_tmp / "fifo")
    r = run_magie("play", "quick", "--bots", "2", "--seed", "1", "--quiet", "--log", str(in_tmp / "fifo"),
                  timeout=60)
    assert r.returncode == 1
    assert r.stderr.strip() == f"magie: cannot write the log {in_tmp / 'fifo'}: it is a pipe that no program reads"
    r = play("quick", "--bots", "2", "--seed", "1", "--quiet", "--log", str(in_tmp), "--save-to", "s.json")
    assert r.exit_code == 1 and "it is a folder" in r.stderr


def test_a_log_to_a_device_or_a_read_pipe_is_written(in_tmp):
    r = play("quick", "--bots", "2", "--seed", "1", "--quiet", "--log", "/dev/null")
    assert r.exit_code == 0, r.output
    # the process's own standard output (in this process, pytest's capture would hold it)
    r = run_magie("play", "quick", "--bots", "2", "--seed", "1", "--quiet", "--log", "/dev/stdout", timeout=60)
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    assert events and events[0]["e"] == "start" and events[0]["seed"] == 1


def test_a_log_over_an_older_file_replaces_it(in_tmp):
    # an older, longer log (a file play did not make is not replaced: test_cli_outputs_kept.py)
    (in_tmp / "g.jsonl").write_text('{"e":"start"}\n' + '{"e":"x"}\n' * 10_000, encoding="utf-8")
    r = play("quick", "--bots", "2", "--seed", "1", "--quiet", "--log", "g.jsonl", "--save-to", "s.json")
    assert r.exit_code == 0, r.output
    log = events(in_tmp / "g.jsonl")            # the old text is gone (the file is cut, then written)
    assert log[0]["e"] == "start" and log[-1]["e"] != "start"
