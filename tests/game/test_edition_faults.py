"""What the checker cannot decide at load stops the game at the edition's DSL text (file:line:col),
never as "a bug in magie's engine": a cycle of landing hooks under a condition, a payment into a
treasury an edition lacks (a switch might have brought one), a card kept when it is no longer in
its deck, an auction's start formula that goes negative."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable
from magie.engine.errors import EffectError
from magie.engine.game.game import Game
from magie.engine.game.landing import MAX_HOOK_DEPTH

from .helpers import game, player

MEGA = "id: x\nname: X\nextends: mega\n"
PLACE = re.compile(r"x\.yaml:(\d+):(\d+)")


def load(tmp_path: Path, text: str):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    return load_playable(str(path))


def placed(e: EffectError) -> tuple[int, int]:
    m = PLACE.search(e.where)
    assert m, e.where
    return int(m.group(1)), int(m.group(2))


def test_a_conditional_cycle_of_hooks_stops_at_the_move(tmp_path):
    ed = load(tmp_path, MEGA + "space_kinds:\n  - id: gift_space\n    on_land: 'if cash > 0: move forward 0'\n")
    g = game(ed, {"a": {"pos": "go", "cash": 500}, "b": {}}, dice=[(20, 27, 0)])   # 47: Birthday Gift
    with pytest.raises(EffectError) as info:
        g.move_by(player(g, "a"), 47)
    assert placed(info.value) == (6, 28)           # `move forward 0`
    assert f"more than {MAX_HOOK_DEPTH} hooks in a row" in info.value.message
    assert "gift_space.on_land" in info.value.message
    assert g.hooking == []                          # unwound


def test_a_payment_into_a_missing_treasury_stops_at_the_payment(tmp_path):
    # a switch brings the treasury later, so the checker lets the payment be; before it, the
    # payment stops the game at its text
    later = tmp_path / "treasury.yaml"
    later.write_text("overlay: true\nid: treasury\nname: {en: Treasury}\ndescription: {en: A treasury.}\n"
                     "base: mega\nrules:\n  treasury: {start: 0, receives: [tax]}\n", encoding="utf-8")
    text = MEGA + (f"switches:\n  - id: later\n    name: {{en: Later}}\n    overlays: ['{later}']\n"
                   "    when: round > 100\n"
                   "space_kinds:\n  - id: gift_space\n    on_land: |\n      pay bank 1\n      pay treasury 50\n")
    ed = load(tmp_path, text)
    g = game(ed, {"a": {"pos": "go", "cash": 500}, "b": {}})
    with pytest.raises(EffectError) as info:
        g.move_by(player(g, "a"), 47)
    assert placed(info.value) == (13, 7)
    assert "no treasury" in info.value.message
    assert player(g, "a").cash == 499               # the first payment was made
    # without the switch, the checker refuses it (tests/edition/test_new_construct_checks.py)


def test_a_card_kept_twice_stops_at_the_keep(tmp_path):
    ed = load(tmp_path, MEGA)
    g = game(ed, {"a": {}, "b": {}})
    card = next(c for c in ed.decks["chance"].cards if c.id == "chance_jail_free")
    card.effect(g, player(g, "a"))
    assert player(g, "a").held_cards == [("chance", "chance_jail_free")]
    with pytest.raises(EffectError) as info:
        card.effect(g, player(g, "b"))              # no longer in its deck
    assert "mega.yaml:" in info.value.where and "cannot be kept" in info.value.message
    assert player(g, "b").held_cards == []


def test_an_auction_start_below_zero_stops_at_the_formula(tmp_path):
    ed = load(tmp_path, MEGA + "rules:\n  auction:\n    start: price - 1000\n")
    g = game(ed, {"a": {}, "b": {}})
    with pytest.raises(EffectError) as info:
        g.auction(ed.space_index["boardwalk"])
    assert placed(info.value) == (6, 12)
    assert "an amount of money cannot be negative (it is -600)" in info.value.message
    assert g.owner[ed.space_index["boardwalk"]] is None


def test_play_tells_a_run_time_fault_as_the_editions(tmp_path, monkeypatch):
    path = tmp_path / "x.yaml"
    path.write_text(MEGA + "space_kinds:\n  - id: gift_space\n    on_land: 'if cash > 0: move forward 0'\n",
                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["play", str(path), "--bots", "4", "--seed", "1", "--quiet",
                                      "--max-rounds", "300"])
    assert "x.yaml:6:28" in result.output, result.output[-2000:]
    assert "bug in magie's engine" not in result.output
    assert not isinstance(result.exception, RecursionError)


def test_a_bot_game_of_the_runtime_fault_editions_never_says_engine_bug(tmp_path):
    ed = load(tmp_path, MEGA + "rules:\n  auction:\n    start: price - 1000\n")
    g = Game(ed, [(f"r{i}", make_bot("random", 1, i)) for i in range(3)], seed=1, max_rounds=200)
    with pytest.raises(EffectError) as info:
        g.play()
    assert placed(info.value) == (6, 12)
