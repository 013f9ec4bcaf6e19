"""Biznespolia as data: seeded random-bot games with every invariant checked after every turn,
basic-bot games that end with a winner, the edition files validate, and the engine and CLI hold
no Biznespolia fact (DESIGN.md property 1)."""

import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine.agents import make_bot
from magie.engine.game.game import Game
from tests.game.helpers import playable

REPO = Path(__file__).resolve().parents[2]
GAMES = 1000
CHUNKS = 20
# game k: seed k, 2 + k % 4 players; k % 5 picks the edition (3 of 5 the full board)
EDITIONS = [("biznespolia", ()), ("biznespolia", ()), ("biznespolia", ()),
            ("biznespolia_short", ()), ("biznespolia", ("start-auction",))]


# chunk 0 in the quick loop (-m "not slow"), every chunk in CI
@pytest.mark.parametrize("chunk", [pytest.param(c, marks=[pytest.mark.slow] if c else []) for c in range(CHUNKS)])
def test_random_games_keep_every_invariant(chunk):
    per = GAMES // CHUNKS
    seen = Counter()
    for seed in range(chunk * per, (chunk + 1) * per):
        ref, variants = EDITIONS[seed % 5]
        ed = playable(ref, variants)
        n = 2 + seed % 4
        g = Game(ed, [(f"r{i}", make_bot("random", seed, i)) for i in range(n)], seed=seed,
                 max_rounds=60, check_invariants=True)
        g.play()
        assert g.over and g.winners
        seen.update(g.stats)
        seen["jailed"] += any(p.in_jail for p in g.players)
        seen["mortgaged"] += any(g.mortgaged)
    # the random bot reaches the edition's mechanisms: suits filed and won, jail, mortgages
    assert seen["sue"] > seen["sue_deeds"] > 0 and seen["jailed"] > 0 and seen["mortgaged"] > 0


# seeds 1-5 in the quick loop, 6-20 in CI as well
@pytest.mark.parametrize("seeds", [pytest.param(range(1, 6), id="1-5"),
                                   pytest.param(range(6, 21), id="6-20", marks=pytest.mark.slow)])
@pytest.mark.parametrize("ref, variants", [("biznespolia", ()), ("biznespolia_short", ()),
                                           ("biznespolia", ("start-auction",)),
                                           ("biznespolia", ("standard-cards",))])
def test_basic_bots_finish_with_a_winner(ref, variants, seeds):
    ed = playable(ref, variants)
    ended = 0
    for seed in seeds:
        g = Game(ed, [(f"b{i}", make_bot("basic", seed, i)) for i in range(4)], seed=seed,
                 max_rounds=1000, check_invariants=True)
        g.play()
        ended += g.end_reason == "last_standing"
        assert len(g.winners) >= 1
    assert ended == len(seeds)


def test_the_play_command_seed_1_finishes_with_a_winner():
    # what `magie play biznespolia --bots 4 --seed 1` plays: bots seated by the CLI
    ed = playable("biznespolia")
    g = Game(ed, [(f"Bot {i + 1}", make_bot("basic", 1, i)) for i in range(4)], seed=1)
    g.play()
    assert g.over and g.end_reason == "last_standing" and len(g.winners) == 1


def test_magie_validate_passes_the_start_auction_overlay():
    # every shipped edition and overlay, without warnings: tests/edition/test_edition_loader.py
    r = CliRunner().invoke(app, ["validate", str(REPO / "editions" / "variants" / "start-auction.yaml")])
    assert r.exit_code == 0 and "no problems" in r.output


def test_engine_and_cli_hold_no_biznespolia_fact():
    # `grep -ri biznespolia engine/ cli/`, and the Russian name
    pattern = re.compile(r"biznespolia|бизнесполи", re.IGNORECASE)
    hits = []
    for folder in ("engine", "cli"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                text = path.read_text(encoding="utf-8", errors="replace")
                hits += [f"{path.relative_to(REPO)}:{n}" for n, line in enumerate(text.splitlines(), 1)
                         if pattern.search(line)]
    assert hits == []
