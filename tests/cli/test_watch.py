"""`magie watch`: validate on every save, replay the seeded games, say what the edit changed."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from magie.cli.watch import Watch, run

EDITION = """id: mine
extends: classic
name: {{en: Mine, ru: Моя}}
rules:
  salary: {salary}
"""


def _write(path: Path, salary: object) -> None:
    path.write_text(EDITION.format(salary=salary), encoding="utf-8")
    st = path.stat()                      # a later mtime even on a coarse clock
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))


def _watch(path: Path, **kw) -> tuple[Watch, list[str]]:
    said: list[str] = []
    args = {"seeds": (1,), "bots": 4, "kind": "basic", "batch": 0, **kw}
    return Watch(str(path), (), say=said.append, **args), said


def test_an_edit_is_told_by_the_first_line_of_the_game_that_differs(tmp_path):
    path = tmp_path / "mine.yaml"
    _write(path, 200)
    w, said = _watch(path)
    assert w.check()
    # the game `magie play classic --bots 4 --seed 1` plays, with the same salary
    assert said == ["no problems", "seed 1: 62 rounds, 228 turns, won by Bot 1 (the last player left)"]
    said.clear()
    _write(path, 300)
    assert w.check()
    assert said[1].startswith("seed 1: 62 rounds, 228 turns, won by Bot 1 (the last player left)  ->  ")
    assert said[2] == "  first difference in Round 1 · Bot 2 · 1500k ₽ · GO:"
    assert said[3:5] == ["    before: Bot 2: lands on GO: collects 200k ₽",
                         "    after:  Bot 2: lands on GO: collects 300k ₽"]


def test_problems_are_told_as_validate_tells_them_and_the_last_good_edition_is_kept(tmp_path):
    path = tmp_path / "mine.yaml"
    _write(path, 300)
    w, said = _watch(path)
    assert w.check()
    said.clear()
    _write(path, "x")
    assert not w.check()
    assert said == [f"{path}:5:11: error[unknown-name]: unknown name 'x'",
                    "1 error: the games are not replayed until it validates"]
    said.clear()
    _write(path, 300)                      # back as it was: compared with the last edition that validated
    assert w.check()
    assert said[1] == "seed 1: the same game (44 rounds, 172 turns, won by Bot 1 (the last player left))"


def test_balance_figures_with_intervals_beside_those_before_the_edit(tmp_path):
    path = tmp_path / "mine.yaml"
    _write(path, 200)
    w, said = _watch(path, batch=12)
    assert w.check()
    figures = said[said.index("balance over 12 games, 4 basic bots:") + 1:]
    assert [f.split()[0:3] for f in figures[:4]] == [["seat", str(k), "wins"] for k in range(1, 5)]
    assert all("[" in f and "->" not in f for f in figures) and all("%" in f for f in figures[:4])
    said.clear()
    _write(path, 1000)
    assert w.check()
    after = said[said.index("balance over 12 games, 4 basic bots:") + 1:]
    rounds = next(f for f in after if f.strip().startswith("rounds"))
    assert "->" in rounds                  # a salary of 1000 makes different games


def test_the_loop_checks_again_after_each_save(tmp_path):
    path = tmp_path / "mine.yaml"
    _write(path, 200)
    lines: queue.Queue[str] = queue.Queue()
    w = Watch(str(path), (), (1,), 4, "basic", 0, say=lines.put)
    worker = threading.Thread(target=run, args=(w, 0.05), kwargs={"cycles": 1}, daemon=True)
    worker.start()
    seen = []
    deadline = time.monotonic() + 120
    while not any(s.startswith("watching") for s in seen):
        seen.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
    assert seen[-1] == "watching 2 files (Ctrl-C to stop)"       # the file and the classic edition it extends
    _write(path, 300)
    worker.join(timeout=120)
    assert not worker.is_alive()
    rest = []
    while not lines.empty():
        rest.append(lines.get())
    assert rest[0].startswith("--- ") and rest[0].endswith(" mine.yaml changed ---")
    assert "    after:  Bot 2: lands on GO: collects 300k ₽" in rest


def test_wrong_arguments_are_told_together(tmp_path):
    run_ = subprocess.run([sys.executable, "-m", "magie.cli.app", "watch", str(tmp_path / "x.yaml"), "--games", "0",
                           "-n", "many", "--bot-kind", "clever"], capture_output=True, text=True, timeout=120)
    assert run_.returncode == 1 and "Traceback" not in run_.stderr
    for part in ("--games must be from 1 to 20, not 0", "-n takes a whole number from 0 to 100,000, not 'many'",
                 "--bot-kind takes one of easy, basic"):
        assert part in run_.stderr
