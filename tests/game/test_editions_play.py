"""Every built-in edition and overlay plays to the end with basic bots."""

import pytest

from magie.engine.agents import make_bot
from magie.engine.edition.listing import list_builtin
from magie.engine.game.game import Game
from tests.game.helpers import playable

BUILTIN = list_builtin()
EDITIONS = [b.id for b in BUILTIN if b.kind == "edition"]
OVERLAYS = [b.id for b in BUILTIN if b.kind == "overlay"]


def _base(overlay_id: str) -> str:
    import yaml
    info = next(b for b in BUILTIN if b.id == overlay_id)
    return yaml.safe_load(info.path.read_text(encoding="utf-8")).get("base", "classic")


@pytest.mark.parametrize("ref, variants", [(e, ()) for e in EDITIONS] + [(_base(o), (o,)) for o in OVERLAYS])
def test_plays_to_the_end_with_bots(ref, variants):
    ed = playable(ref, variants)
    for seed in range(10):     # the first seed whose game ends by the rules within 400 rounds
        g = Game(ed, [(f"b{i}", make_bot("basic", seed, i)) for i in range(4)], seed=seed,
                 max_rounds=ed.end.max_rounds or 400, check_invariants=True)
        g.play()
        if g.end_reason != "round_limit" or ed.end.max_rounds:
            break
    assert g.over and g.winners
    # an end condition may name itself (`{condition: ..., id: five_wages}`)
    ends = {"last_standing", "condition", "vote"} | {c.id for c in ed.end.when}
    assert g.end_reason in ends or ed.end.max_rounds
