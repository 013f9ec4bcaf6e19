"""What a bot reads of kept cards cheaply gives the same answers: alike cards (one snippet
repeated through a YAML anchor) share one compiled hint, asked once per call (cards._hint);
the speed die's throws come from a table made once (dice.Dice.throw_move)."""

from __future__ import annotations

import dataclasses
import random

from magie.engine.dsl.runtime import Roll
from magie.engine.edition.model import ExtraDie
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.cards import _hint, bot_play
from magie.engine.game.dice import Dice, with_faces

from .helpers import game, player

MEGA = load_playable_cached("mega", ())
TICKETS = ("bus_2", "bus_3", "bus_4")


def test_alike_tickets_share_one_hint_and_keep_their_own_effects():
    cards = MEGA.decks["bus_tickets"].cards
    hints = [c.play.bot for c in cards]
    assert len(cards) == 16 and len({id(h) for h in hints}) == 16     # each card its own function
    assert all(h.twin is hints[0] for h in hints)                       # ... of one code
    # each ticket's move names its own card (the pick's source): no twins there
    assert len({id(c.play.effect.twin) for c in cards}) == 16


def _holding(calls: list[str], result: bool, twins: bool):
    """A game where ann holds three tickets whose hints record their calls in `calls`."""
    g = game(MEGA, {"ann": {"cards": list(TICKETS)}, "bob": {}})
    ann = player(g, "ann")
    plays = dict(g.card_plays)
    first = None
    for c in TICKETS:
        def hint(g, p, owner, amount, c=c):
            calls.append(c)
            return result
        first = first or hint
        hint.twin = first if twins else hint   # type: ignore[attr-defined]
        plays[c] = dataclasses.replace(plays[c], bot=hint)
    g.card_plays = plays
    return g, ann


def test_a_failed_hint_is_not_asked_again_through_its_twins():
    calls: list[str] = []
    g, ann = _holding(calls, False, twins=True)
    held = [("bus_tickets", c) for c in TICKETS]
    assert _hint(g, ann, held, None, 0) is None and calls == ["bus_2"]
    assert bot_play(g, ann, "roll") is None and calls == ["bus_2", "bus_2"]
    assert bot_play(g, ann, "after_landing") is None and calls == ["bus_2", "bus_2"]   # no card plays there


def test_hints_of_different_code_are_each_asked_and_a_hint_that_holds_is_played():
    calls: list[str] = []
    g, ann = _holding(calls, False, twins=False)
    assert _hint(g, ann, [("bus_tickets", c) for c in TICKETS], None, 0) is None
    assert calls == list(TICKETS)
    calls.clear()
    g, ann = _holding(calls, True, twins=True)
    assert bot_play(g, ann, "roll") == ("play", "bus_tickets", "bus_2") and calls == ["bus_2"]


def test_the_speed_die_table_gives_the_throw_made_die_by_die():
    faces = MEGA.extra_dice[0].faces
    dice, ref = Dice(random.Random(7)), random.Random(7)
    seen = set()
    for _ in range(500):
        a, b = int(ref.random() * 6) + 1, int(ref.random() * 6) + 1
        want = with_faces(Roll((a, b), a + b, a == b), (faces[int(ref.random() * len(faces))],))
        got = dice.throw_move(2, MEGA.extra_dice)
        assert got == want
        seen.add(got.faces)
    assert seen == {(f,) for f in faces}


def test_own_dice_of_other_faces_each_throw_their_own():
    """A game's dice keep the table of the last own die thrown: a die of other faces (a rule
    switch's edition) throws from its own table, die by die as before."""
    mega, other = MEGA.extra_dice[0], ExtraDie("odd", MEGA.extra_dice[0].name, (1, 3, 5))
    dice, ref = Dice(random.Random(11)), random.Random(11)
    for die in (mega, other, other, mega, other):
        a, b = int(ref.random() * 6) + 1, int(ref.random() * 6) + 1
        want = with_faces(Roll((a, b), a + b, a == b), (die.faces[int(ref.random() * len(die.faces))],))
        assert dice.throw_move(2, (die,)) == want
