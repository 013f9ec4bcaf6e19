"""The simulation path plays the golden games too: a `Game` with no recorded answers (as
`magie simulate` and the benchmarks run it, where the engine skips the manage windows a bot
says it would pass) gives the same event log as `magie play --log`, byte for byte."""

from __future__ import annotations

import io

import pytest

from magie.engine.agents import make_bot
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable

from .corpus import MAX_ROUNDS, cases, name, stored


def sim_log(edition: str, overlay: str | None, kind: str, seed: int) -> bytes:
    """The log of one corpus game played without recording answers."""
    ed = playable(edition, (overlay,) if overlay else ())
    players = [(f"Bot {k + 1}", make_bot(kind, seed, k)) for k in range(4)]
    out = io.StringIO()
    Game(ed, players, seed=seed, log=EventLog(stream=out), record=False, max_rounds=MAX_ROUNDS).play()
    return out.getvalue().encode()


def _param(case):
    slow = case[3] != 1
    return pytest.param(*case, id=name(*case).removesuffix(".jsonl.gz"),
                        marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize(("edition", "overlay", "kind", "seed"), [_param(c) for c in cases()])
def test_unrecorded_game_matches_the_corpus(edition, overlay, kind, seed):
    got = sim_log(edition, overlay, kind, seed)
    want = stored(edition, overlay, kind, seed)
    if got != want:
        a, b = got.splitlines(), want.splitlines()
        k = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
        pytest.fail(f"log differs from line {k + 1} ({len(a)} lines now, {len(b)} stored):\n"
                    f"now:    {a[k] if k < len(a) else '<end>'}\nstored: {b[k] if k < len(b) else '<end>'}")
