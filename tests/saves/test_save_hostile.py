"""Hostile save files: regular files only, a size cap, depth and number limits,
duplicate keys, every field in range; each refused with a message, never a traceback or a hang."""

from __future__ import annotations

import json
import os
import threading

import pytest

from magie.engine.saves import jsontext, read_save, write_save

from .support import problems, sample


def edited(tmp_path, change) -> list:
    """The problems of a valid save after `change(data)` edits its JSON."""
    path = write_save(tmp_path / "game.json", sample())
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return problems(path)


def test_a_seed_of_thousands_of_digits(tmp_path):
    path = write_save(tmp_path / "game.json", sample())
    path.write_text(path.read_text(encoding="utf-8").replace('"seed": 7', '"seed": ' + "9" * 5000))
    [p] = problems(path)
    assert (p.code, p.pointer) == ("save-wrong-type", "/seed")
    assert "a number of 5,000 digits" in p.message and p.line > 1


def test_decisions_nested_2000_deep(tmp_path):
    path = write_save(tmp_path / "game.json", sample())
    deep = "[" * 2000 + "]" * 2000
    path.write_text(path.read_text(encoding="utf-8").replace('"buy"', deep))
    [p] = problems(path)
    assert p.code == "save-not-json" and "nest" in p.message


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_is_not_read():
    [p] = problems("/dev/zero")
    assert p.code == "save-unreadable" and "not a regular file" in p.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_block(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result: list = []
    reader = threading.Thread(target=lambda: result.append(problems(fifo)), daemon=True)
    reader.start()
    reader.join(5)
    assert result, "reading a FIFO blocked"
    assert result[0][0].code == "save-unreadable"


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(jsontext, "MAX_SAVE_BYTES", 100)
    path = write_save(tmp_path / "game.json", sample())
    [p] = problems(path)
    assert p.code == "save-unreadable" and "limited to 100" in p.message


def test_an_overlong_path_is_a_message(tmp_path):
    [p] = problems(tmp_path / ("a" * 300))
    assert p.code == "save-unreadable" and "longer than the file system allows" in p.message


def test_duplicate_keys_are_refused_at_the_second(tmp_path):
    path = write_save(tmp_path / "game.json", sample())
    text = path.read_text(encoding="utf-8").replace('"seed": 7,', '"seed": 7,\n  "seed": 8,')
    path.write_text(text, encoding="utf-8")
    [p] = problems(path)
    assert p.code == "save-duplicate-key" and '"seed"' in p.message
    assert text.splitlines()[p.line - 1][p.col - 1:].startswith('"seed": 8')


@pytest.mark.parametrize(("change", "pointer", "words"), [
    (lambda d: d["options"].update(elapsed=-5), "/options/elapsed", "0 or more"),
    (lambda d: d["options"].update(max_rounds=10**18), "/options/max_rounds", "at most 1,000,000"),
    (lambda d: d["options"].update(time_limit=1e300), "/options/time_limit", "at most"),
    (lambda d: d.update(seed=2**63), "/seed", "between"),
    (lambda d: d["seats"][0].update(name="Anna\x1b[2J"), "/seats/0/name", "control characters"),
    (lambda d: d.update(seats=[{"name": f"P{i}", "agent": "basic"} for i in range(13)]), "/seats", "1 to 12"),
    (lambda d: d.update(seats=[]), "/seats", "1 to 12"),
    (lambda d: d["progress"].update(round=-1), "/progress/round", "a count"),
    (lambda d: d["decisions"].append(10**15), "/decisions/4", "up to 10**12"),
    (lambda d: d["edition"].update(ref=""), "/edition/ref", "1 to 4096"),
])
def test_every_field_is_checked(tmp_path, change, pointer, words):
    [p] = edited(tmp_path, change)
    assert p.pointer == pointer and words in p.message, p.format()
    assert p.line > 0


def test_nan_and_infinity_are_not_json_numbers_of_a_save(tmp_path):
    path = write_save(tmp_path / "game.json", sample())
    path.write_text(path.read_text(encoding="utf-8").replace('"elapsed": 12.5', '"elapsed": NaN'))
    [p] = problems(path)
    assert p.code == "save-not-json" and "NaN" in p.message


def test_a_good_save_still_reads(tmp_path):
    assert read_save(write_save(tmp_path / "game.json", sample())) == sample()


def test_a_file_of_zeros_is_refused_at_its_first_byte_without_reading_the_rest(tmp_path):
    # 60 MB of zeros took 6 s and 166 MB before "not valid JSON"
    import tracemalloc
    path = tmp_path / "zeros.json"
    path.write_bytes(bytes(30 * 2**20))
    tracemalloc.start()
    try:
        [p] = problems(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (p.code, p.line, p.col) == ("save-not-json", 1, 1)
    assert "not valid JSON (the control byte 0x00; a save is JSON text)" in p.message
    assert peak < 4 * 2**20                       # the first piece of 1 MB, not the file


@pytest.mark.parametrize("text, line, col", [
    ('{"format": "magie-save",\n  "x": "a\x01"}', 2, 10),
    ("\n" * 3 + "  \x1f", 4, 3),
])
def test_a_control_byte_is_told_at_its_line_and_column(tmp_path, text, line, col):
    path = tmp_path / "s.json"
    path.write_bytes(text.encode())
    [p] = problems(path)
    assert (p.code, p.line, p.col) == ("save-not-json", line, col) and "control byte" in p.message


def test_a_control_byte_after_the_first_piece_is_placed_across_pieces(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"{" + b"\n" * 5 + b" " * (2**20 + 10) + b"\x00")
    [p] = problems(path)
    assert (p.line, p.col) == (6, 2**20 + 11)


@pytest.mark.parametrize("text, depth", [
    ('{"a": "[[[{{"}', 1),
    ('{"a": "\\"[[", "b": [[1]]}', 3),
    ('{"a": "\\\\", "b": [[1]]}', 3),        # an escaped backslash ends the string's escapes
    ('[[{"k": "]]]]"}, []]]', 3),
    ('{"a": "unclosed [[[[', 1),
    ("   ", 0),
])
def test_nesting_skips_brackets_inside_strings(text, depth):
    assert jsontext.nesting(text) == depth
