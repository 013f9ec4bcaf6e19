"""Saves: the file format, atomic writing, refusing bad files with positions, and replay."""

from __future__ import annotations

import json
import os

import pytest

from magie.engine.agents import make_bot
from magie.engine.errors import GameError, ReplayMismatch
from magie.engine.game.decisions import TradeOffer, encode_answer
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.problems import ProblemsError
from magie.engine.saves import SAVE_VERSION, SaveGame, Seat, check_edition, read_save, write_save
from magie.engine.saves import format as save_format
from tests.game.helpers import playable

from . import support
from .support import problems


def sample(**kw) -> SaveGame:
    """The shared sample with an overlay, a name in Cyrillic and every kind of answer."""
    return support.sample(**{"variants": ("x",), "seats": (Seat("Анна", "human"), Seat("Bot 1", "basic")),
                             "decisions": ["buy", ["done"], None, 25, True, ["build", 3],
                                           encode_answer(("trade", TradeOffer(
                                               0, 1, give_cash=10, get_deeds=(3,),
                                               get_cards=(("chance", "chance_jail_free"),))))],
                             **kw})


# ---------------------------------------------------------------------- format and writing
def test_write_then_read_gives_the_same_save(tmp_path):
    s = sample()
    path = write_save(tmp_path / "game.json", s)
    assert read_save(path) == s
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]     # no temporary file left


def test_the_file_is_versioned_json_with_one_decision_per_line(tmp_path):
    path = write_save(tmp_path / "game.json", sample())
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "magie-save" and data["version"] == SAVE_VERSION
    assert data["edition"] == {"ref": "classic", "id": "classic", "variants": ["x"],
                               "content_hash": "ab" * 32}
    assert data["seats"][0] == {"name": "Анна", "agent": "human"}
    assert '    ["build", 3],\n' in text and "Анна" in text
    assert data["progress"] == {"round": 3, "turns": 8}


def test_an_empty_game_saves(tmp_path):
    path = write_save(tmp_path / "game.json", sample(decisions=[]))
    assert read_save(path).decisions == []


def test_a_failed_write_keeps_the_old_save_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = write_save(tmp_path / "game.json", sample())
    before = path.read_bytes()

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save_format.os, "replace", fail)
    with pytest.raises(OSError):
        write_save(path, sample(seed=8))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_writing_into_a_missing_folder_raises_oserror(tmp_path):
    with pytest.raises(OSError):
        write_save(tmp_path / "nope" / "game.json", sample())


# ---------------------------------------------------------------------- bad files
def test_not_json_is_reported_at_its_line_and_column(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "format": "magie-save",\n  "seed": 1,,\n}\n', encoding="utf-8")
    [p] = problems(path)
    assert p.code == "save-not-json"
    assert (p.line, p.col) == (3, 13)     # the second comma
    assert p.format().startswith(f"{path}:3:13: error[save-not-json]: is not a magie save: not valid JSON")


def test_binary_and_empty_files(tmp_path):
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "empty").write_bytes(b"")
    assert problems(tmp_path / "bin")[0].code == "save-not-json"
    [p] = problems(tmp_path / "empty")
    assert (p.code, p.line, p.col) == ("save-not-json", 1, 1)


@pytest.mark.parametrize("text", ['[1, 2]', '{"a": 1}', '{"format": "something-else"}', '"magie-save"'])
def test_foreign_json_is_not_a_save(tmp_path, text):
    path = tmp_path / "other.json"
    path.write_text(text, encoding="utf-8")
    [p] = problems(path)
    assert p.code == "save-not-a-save"
    assert 'expected a JSON object with "format": "magie-save"' in p.message


def test_a_newer_format_is_refused(tmp_path):
    path = tmp_path / "new.json"
    path.write_text('{\n  "format": "magie-save",\n  "version": 99\n}\n', encoding="utf-8")
    [p] = problems(path)
    assert p.code == "save-newer-format"
    assert (p.line, p.col) == (3, 14)
    assert "format version 99" in p.message and "update magie" in p.message


def test_wrong_types_are_located(tmp_path):
    path = write_save(tmp_path / "game.json", sample())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seed"] = "seven"
    data["seats"][1]["agent"] = "wizard"
    data["decisions"][2] = 1.5
    del data["edition"]["content_hash"]
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    found = {p.code: p for p in problems(path)}
    assert set(found) == {"save-wrong-type", "save-bad-value", "save-bad-decision", "save-missing-key"}
    seed = found["save-wrong-type"]
    assert seed.message == ('seed: expected the game\'s seed (a whole number between -2**63 and 2**63 - 1), '
                            'found the string "seven"')
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[seed.line - 1][seed.col - 1:].startswith('"seven"')
    agent = found["save-bad-value"]
    assert text[agent.line - 1][agent.col - 1:].startswith('"wizard"')
    assert "seats[1].agent" in agent.message
    assert found["save-bad-decision"].pointer == "/decisions/2"
    assert "'content_hash' is missing" in found["save-missing-key"].message


def test_a_folder_or_a_missing_file(tmp_path):
    assert "is a folder" in problems(tmp_path)[0].message
    assert problems(tmp_path / "none.json")[0].message == "no such save file"


def test_a_changed_edition_is_refused_by_name():
    s = sample()
    check_edition(s, "ab" * 32)          # same content: fine
    with pytest.raises(ProblemsError) as info:
        check_edition(s, "cd" * 32, "game.json")
    [p] = info.value.problems
    assert p.code == "save-edition-changed"
    assert "edition 'classic' with x" in p.message and "has changed since" in p.message
    assert "start a new game" in p.message


# ---------------------------------------------------------------------- replay
def _play(kind: str, seed: int, replay=None, max_rounds=120, on_replay_done=None):
    ed = playable("classic")
    log = EventLog()
    players = [(f"b{i}", make_bot(kind, seed, i)) for i in range(3)]
    g = Game(ed, players, seed=seed, log=log, record=True, max_rounds=max_rounds, replay=replay,
             on_replay_done=on_replay_done)
    return g, log


@pytest.mark.parametrize("kind", ["random", "basic"])
def test_replaying_a_prefix_continues_exactly_as_the_uninterrupted_game(kind):
    g, log = _play(kind, 3)
    g.play()
    for cut in (0, 1, len(g.answers) // 3, len(g.answers) - 1):
        g2, log2 = _play(kind, 3, g.answers[:cut])
        g2.play()
        assert log2.lines() == log.lines()
        assert g2.answers == g.answers
        assert [p.cash for p in g2.players] == [p.cash for p in g.players]


def test_a_save_made_while_replaying_keeps_every_recorded_decision():
    g, _ = _play("random", 4)
    g.play(max_turns=30)
    recorded = list(g.answers)
    g2, _ = _play("random", 4, recorded)
    g2.play(max_turns=2)
    assert g2.replaying and len(g2.answers) < len(recorded)
    assert g2.saved_decisions() == recorded
    g2.play(max_turns=40)
    assert not g2.replaying and g2.saved_decisions()[:len(recorded)] == recorded


def test_replay_done_is_called_once_when_the_last_recorded_answer_is_given():
    g, _ = _play("basic", 5)
    g.play(max_turns=10)
    calls = []
    g2, _ = _play("basic", 5, g.answers, on_replay_done=lambda: calls.append(len(g2.answers)))
    g2.play(max_turns=20)
    assert calls == [len(g.answers) - 1]      # the last answer is being handed out


class Absent:
    """A human who is never asked during a replay."""

    name = "Anna"
    human = True

    def decide(self, game, d):
        raise AssertionError("a replayed human is not asked")

    def rejected(self, d, reason):
        raise AssertionError("not reached: the replay raises first")


def test_an_illegal_recorded_answer_for_a_human_is_a_save_mismatch():
    ed = playable("classic")
    players = [("Anna", Absent()), ("Bot", make_bot("basic", 0, 1))]
    # Anna owns nothing: she cannot build
    g = Game(ed, players, seed=1, first=0, record=True, replay=[["build", 1]])
    with pytest.raises(ReplayMismatch, match="the save does not fit this game.*'manage' for Anna"):
        g.play_turn()
    assert isinstance(ReplayMismatch("x"), GameError)


def test_a_save_survives_a_trip_through_the_file(tmp_path):
    g, log = _play("random", 6, max_rounds=40)
    g.play()
    s = sample(variants=(), seats=tuple(Seat(p.name, "random") for p in g.players),
               decisions=g.answers[: len(g.answers) // 2], seed=6)
    back = read_save(write_save(tmp_path / "g.json", s))
    g2, log2 = _play("random", 6, back.decisions, max_rounds=40)
    g2.play()
    assert log2.lines() == log.lines()
    assert os.path.getsize(tmp_path / "g.json") > 0
