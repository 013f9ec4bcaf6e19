"""A loop of card draws the checker cannot see (it depends on a condition) stops the game with an
error at the card that names the cards of the loop, never a bare "more than 20 draws"."""

from __future__ import annotations

import pytest
import yaml

from magie.engine.agents import make_bot
from magie.engine.edition.playable import load_playable
from magie.engine.errors import EffectError
from magie.engine.game.cards import MAX_DRAW_DEPTH, draw
from magie.engine.game.game import Game
from tests.dsl.conftest import REPO


def test_a_conditional_loop_of_draws_names_its_cards(tmp_path):
    classic = yaml.safe_load((REPO / "editions" / "classic.yaml").read_text(encoding="utf-8"))
    chance = next(d for d in classic["decks"] if d["id"] == "chance")
    lines = ["id: loop", "extends: classic", "name: Loop", "decks:", "  - id: chance", "    cards:"]
    lines += [f"      - {{id: {c['id']}, do: 'if cash >= 0: move to chance_2'}}" for c in chance["cards"]]
    path = tmp_path / "loop.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ed = load_playable(str(path))      # the checker cannot know cash >= 0 holds
    g = Game(ed, [(f"b{i}", make_bot("basic", 1, i)) for i in range(2)], seed=1)
    with pytest.raises(EffectError) as info:
        draw(g, g.players[0], "chance")
    message = str(info.value)
    assert f"more than {MAX_DRAW_DEPTH} draws in a row" in message and "keep sending the player" in message
    assert "loop.yaml:" in info.value.where
    assert sum(f"'{c['id']}'" in message for c in chance["cards"]) >= 8
    assert g.drawing == []
