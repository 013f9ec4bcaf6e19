"""The human agent at a scripted terminal: every kind of decision, on the classic board.

Each test builds a two-player game (the human "Anna" at seat 0, a scripted bot at seat 1)
with forced dice, feeds Anna's answers on stdin and checks the game state afterwards.
Classic board: 1 Zhitnaya (brown, 60), 3 Nagatinskaya (brown, 60), 4 income tax (200),
5 Riga railway (200, mortgage 100), 10 jail, 20 free parking.
"""

from __future__ import annotations

import io
import os
import sys

import pytest
from rich.console import Console

from magie.cli.human import HumanAgent
from magie.cli.render import EventRenderer, Names
from magie.cli.terminal import LineReader, QuitGame, Terminal
from magie.engine.agents import Scripted
from magie.engine.errors import DecisionTimeout, IllegalDecision
from magie.engine.game.decisions import Decision, TradeOffer
from magie.engine.game.dice import ForcedDice
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import edition, playable


@pytest.fixture
def classic():
    return playable("classic")


class Table:
    """A game of Anna (human) against a scripted bot, with her answers on stdin."""

    def __init__(self, edition, monkeypatch, answers: str, dice=(), bot=None, first=0, lang="en"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
        self.out = io.StringIO()
        console = Console(file=self.out, width=200, color_system=None)
        self.term = Terminal(console, interactive=False)
        names = Names(edition, lang)
        self.human = HumanAgent("Anna", self.term, names)
        self.bot = bot or Scripted(name="bot")
        self.game = Game(edition, [("Anna", self.human), ("Bot", self.bot)], seed=1,
                         dice=ForcedDice(dice), first=first, record=True,
                         log=EventLog(listener=EventRenderer(console, names)))
        self.anna, self.other = self.game.players

    def turn(self):
        self.game.play_turn()
        return self

    @property
    def text(self) -> str:
        return self.out.getvalue()


def test_buy(classic, monkeypatch):
    t = Table(classic, monkeypatch, "\n1\n\n", dice=[(1, 2)]).turn()
    assert t.game.owner[3] is t.anna
    assert t.anna.cash == 1440
    assert "Nagatinskaya Street (Brown) is for sale: price 60k ₽; you have 1500k ₽" in t.text
    assert "Anna: buys Nagatinskaya Street for 60k ₽" in t.text
    assert t.game.answers == [["done"], "buy", ["done"]]


def test_an_answer_not_offered_is_asked_again(classic, monkeypatch):
    t = Table(classic, monkeypatch, "\n9\nbuy\n\n", dice=[(1, 2)]).turn()
    assert "Please answer 1-2." in t.text
    assert t.game.owner[3] is t.anna


def test_decline_and_win_the_auction(classic, monkeypatch):
    bot = Scripted(name="bot", bid=[10, None])
    t = Table(classic, monkeypatch, "\n2\n5\n25\n\n", dice=[(1, 2)], bot=bot).turn()
    assert "The bid must be at least 11k ₽." in t.text          # 5 is refused locally, then 25
    assert "highest bid 10k ₽ by Bot" in t.text
    assert t.game.owner[3] is t.anna
    assert t.anna.cash == 1475
    assert "Auction of Nagatinskaya Street: sold to Anna for 25k ₽ (2 bids from 2 players" in t.text


def test_build_on_a_whole_group(classic, monkeypatch):
    # the deeds are the menu's lines (1: Zhitnaya, 2: Nagatinskaya); a deed's number opens its
    # actions, building first; the deeds keep their numbers after a step
    t = Table(classic, monkeypatch, "1\n1\n2\n1\n\n\n", dice=[(1, 2)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.anna)
    t.turn()
    assert "  1  Zhitnaya Street (Brown): build 50k ₽ · mortgage +30k ₽" in t.text
    assert "  2  Nagatinskaya Street (Brown): build 50k ₽\n" in t.text     # no mortgage beside a house
    assert "  1  Build a house on Zhitnaya Street (50k ₽; it has 0; rent 4k ₽ → 10k ₽)" in t.text
    assert "  1  Zhitnaya Street (Brown; ⌂): sell a building +25k ₽" in t.text
    assert t.game.level[1] == 1 and t.game.level[3] == 1
    assert t.anna.cash == 1400
    assert t.game.houses == 30


def test_mortgage_then_lift(classic, monkeypatch):
    t = Table(classic, monkeypatch, "1\n1\n\n1\n1\n\n", dice=[(3, 1)])
    t.game.set_owner(5, t.anna)
    t.turn()
    assert "1  Riga Railway Station (Railway stations): mortgage +100k ₽" in t.text
    assert "1  Riga Railway Station (Railway stations; mortgaged): lift the mortgage 110k ₽" in t.text
    assert "Mortgage Riga Railway Station (+100k ₽)" in t.text
    assert "Lift the mortgage on Riga Railway Station (110k ₽)" in t.text
    assert t.anna.cash == 1500 + 100 - 200 - 110          # mortgage, income tax, lift
    assert not t.game.mortgaged[5]


def test_raise_money_when_in_debt(classic, monkeypatch):
    t = Table(classic, monkeypatch, "\n1\n1\n\n", dice=[(2, 3)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(5, t.other)
    t.anna.cash = 20
    t.other.cash = 2980                                     # keeps the money total unchanged
    t.turn()
    assert "You owe 25k ₽ to Bot (rent) and have 20k ₽: raise 5k ₽ more" in t.text
    assert "declare bankruptcy" not in t.text               # not offered while assets can pay
    assert t.game.mortgaged[1]
    assert t.anna.cash == 20 + 30 - 25
    assert t.other.cash == 2980 + 25


def test_propose_a_trade_to_a_bot(classic, monkeypatch):
    bot = Scripted(name="bot", trade=["accept"])
    answers = "t\n1\n\n1\n100\n\np\n\n\n"   # partner, give none, get deed 1, give 100, get 0, propose
    t = Table(classic, monkeypatch, answers, dice=[(4, 6)], bot=bot)
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.other)
    t.turn()
    assert "Your offer to Bot" in t.text
    assert t.game.owner[3] is t.anna
    assert t.anna.cash == 1400 and t.other.cash == 1600
    assert "Bot accepts the trade: Anna → Bot: 100k ₽ for Nagatinskaya Street" in t.text
    offer = bot.asked[0].offer
    assert offer == TradeOffer(0, 1, give_cash=100, get_deeds=(3,))


def test_trade_builder_shows_the_engines_reason(classic, monkeypatch):
    answers = "t\n1\n\n\n\n\np\nc\n\n\n"    # an empty offer: refused, then cancelled
    t = Table(classic, monkeypatch, answers, dice=[(4, 6)])
    t.turn()
    assert "This offer cannot be made: the trade is empty" in t.text
    assert "Trade cancelled." in t.text
    assert t.anna.cash == 1500


def test_answer_a_bots_trade_offer(classic, monkeypatch):
    offer = TradeOffer(1, 0, give_cash=80, get_deeds=(1,))
    bot = Scripted(name="bot", manage=[("trade", offer)])
    t = Table(classic, monkeypatch, "2\n", dice=[(4, 6)], bot=bot, first=1)
    t.game.set_owner(1, t.anna)
    t.turn()
    assert "Bot offers you a trade" in t.text
    assert "you get:  80k ₽" in t.text and "you give: Zhitnaya Street" in t.text
    assert t.game.owner[1] is t.anna                       # rejected
    assert "Anna: rejects the offer of Bot" in t.text


def test_jail_pay_the_fine(classic, monkeypatch):
    t = Table(classic, monkeypatch, "\n1\n\n", dice=[(4, 6)])
    t.game.go_to_jail(t.anna)
    t.turn()
    assert "pay the fine of 50k ₽ and move" in t.text
    assert not t.anna.in_jail
    assert t.anna.cash == 1450 and t.anna.pos == 20


def test_jail_roll_and_stay(classic, monkeypatch):
    t = Table(classic, monkeypatch, "\nroll\n", dice=[(1, 2)])
    t.game.go_to_jail(t.anna)
    t.turn()
    assert t.anna.in_jail and t.anna.jail_attempts == 1
    assert "Anna: stays in jail (try 1)" in t.text


def test_status_and_help_at_a_prompt(classic, monkeypatch):
    t = Table(classic, monkeypatch, "full\nh\n\n\n", dice=[(4, 6)])
    t.game.set_owner(1, t.anna)
    t.turn()
    assert "Players" in t.text and "Title deeds" in t.text
    assert "Bank: 32 houses and 12 hotels left" in t.text
    assert "s, status" in t.text


def test_quit_raises_quitgame(classic, monkeypatch):
    t = Table(classic, monkeypatch, "q\n", dice=[(4, 6)])
    with pytest.raises(QuitGame):
        t.turn()
    assert t.game.answers == []


def test_an_answer_the_engine_rejects_is_asked_again_with_the_reason(classic, monkeypatch):
    t = Table(classic, monkeypatch, "15\n20\n")

    def even(d, bid):     # ask calls check(decision, answer)
        if bid % 2:
            raise IllegalDecision("bids are even in this test")

    d = Decision("bid", t.anna, space=3, min=1, max=1500, price=None, high_bidder=None)
    assert t.game.ask(d, check=even) == 20
    assert "Not allowed: bids are even in this test" in t.text
    assert t.game.answers == [20]


def test_no_answer_in_time_is_a_timeout_the_engine_answers(classic, monkeypatch):
    t = Table(classic, monkeypatch, "")
    r, w = os.pipe()
    try:
        t.term.reader = LineReader(r)
        t.human.timeout = 0.05
        d = Decision("buy", t.anna, ("buy", "decline"), space=3, price=60)
        assert t.game.ask(d) == "decline"
        assert "No answer within 0.05 s." in t.text
        assert "Anna: did not answer in time (whether to buy)" in t.text
        assert t.game.answers == [{"timeout": True}]
    finally:
        os.close(r)
        os.close(w)


def test_line_reader_reads_lines_times_out_and_ends():
    r, w = os.pipe()
    reader = LineReader(r)
    os.write(w, "1\nзаём\n".encode())
    assert reader.readline(None) == "1"
    assert reader.readline(None) == "заём"     # already buffered: no select needed
    import time
    with pytest.raises(DecisionTimeout):
        reader.readline(time.monotonic() + 0.05)
    os.write(w, b"last")
    os.close(w)
    assert reader.readline(None) == "last"
    with pytest.raises(EOFError):
        reader.readline(None)
    os.close(r)


def test_a_save_in_the_middle_of_a_manage_window_comes_back_to_the_same_prompt(classic, monkeypatch):
    t = Table(classic, monkeypatch, "1\n1\nq\n", dice=[(1, 2)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.anna)
    with pytest.raises(QuitGame):       # built a house, then quit at the next prompt of the window
        t.turn()
    assert t.game.answers == [["build", 1]]

    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\n"))
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    names = Names(classic)
    human = HumanAgent("Anna", Terminal(console, interactive=False), names)
    g = Game(classic, [("Anna", human), ("Bot", Scripted(name="bot"))], seed=1,
             dice=ForcedDice([(1, 2)]), first=0, record=True, replay=t.game.answers)
    g.set_owner(1, g.players[0])
    g.set_owner(3, g.players[0])
    g.play_turn()
    assert g.level[1] == 1 and g.players[0].cash == 1450
    first_prompt = out.getvalue().split("Anna (")[0]
    assert "2  Nagatinskaya Street (Brown): build 50k ₽" in first_prompt
    assert "1  Zhitnaya Street (Brown; ⌂): sell a building +25k ₽" in first_prompt   # even building
    assert g.answers == [["build", 1], ["done"], ["done"]]


@pytest.mark.parametrize("kind, options, ctx, answer, expected, shown", [
    ("tax", ("fixed", "alternative"), {"space": 4, "fixed": 200}, "2", "alternative",
     "Income Tax: choose how to pay before counting (you have 1500k ₽)"),
    ("claim", (True, False), {"space": 3, "amount": 4, "payer": 1}, "2", False,
     "Bot is on your Nagatinskaya Street: rent 4k ₽."),
    ("inherited_mortgage", ("lift", "keep"), {"space": 5, "interest": 10, "value": 100}, "keep", "keep",
     "lift the mortgage now (110k ₽: value plus interest)"),
    ("redeem", ("redeem", "release"), {"space": 5, "cost": 110}, "2", "release",
     "Lap end: Riga Railway Station is mortgaged"),
    ("place", [1, 3, None], {"optional": True, "reason": "card"}, "n", None,
     "A card lets you build: choose the lot."),
    ("vote", ("yes", "no"), {"topic": "end", "proposer": None, "hint": "no"}, "n", "no", "Vote: end the game now?"),
])
def test_every_other_decision_kind(classic, monkeypatch, kind, options, ctx, answer, expected, shown):
    t = Table(classic, monkeypatch, answer + "\n")
    t.human.auto_claim = False
    assert t.game.ask(Decision(kind, t.anna, options, **ctx)) == expected
    assert shown in t.text


def test_rent_claims_are_answered_yes_without_asking_with_auto_claim(classic, monkeypatch):
    t = Table(classic, monkeypatch, "")
    t.human.auto_claim = True
    assert t.game.ask(Decision("claim", t.anna, (True, False), space=3, amount=4, payer=1)) is True
    assert t.text.endswith("Order of play: Anna, Bot\n")        # nothing asked


def test_rent_claims_are_asked_by_default(classic, monkeypatch):
    # a forgetful owner loses the rent, so people are asked unless --auto-claim
    t = Table(classic, monkeypatch, "n\n")
    assert t.human.auto_claim is False
    assert t.game.ask(Decision("claim", t.anna, (True, False), space=3, amount=4, payer=1)) is False
    assert "rent" in t.text.lower()


def test_the_trade_builder_makes_a_deal_of_three_players(monkeypatch):
    # where trade.parties allows (here 3, on the classic board), `8` adds a
    # hand-over between any two players and the offer becomes a Deal that every party accepts
    ed = edition("classic", rules={"trade": {"parties": 3}})
    answers = ("t\n1\n1\n\n\n"        # partner Bot, get Nagatinskaya (Anna has no deed), no cash either way
               "8\n2\n2\n2\n\n"       # a hand-over: Bot gives Cleo the Riga railway, no cash
               "8\n3\n1\n50\n"        # a hand-over: Cleo (no deeds) gives Anna 50
               "p\n\n\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    term = Terminal(console, interactive=False)
    names = Names(ed)
    bot, cleo = Scripted(name="bot", deal=["accept"]), Scripted(name="cleo", deal=["accept"])
    game = Game(ed, [("Anna", HumanAgent("Anna", term, names)), ("Bot", bot), ("Cleo", cleo)], seed=1,
                dice=ForcedDice([(4, 6)]), first=0, record=True, log=EventLog(listener=EventRenderer(console, names)))
    anna, b, c = game.players
    game.set_owner(3, b)
    game.set_owner(5, b)
    game.play_turn()
    text = out.getvalue()
    assert "Your deal with Bot, Cleo" in text
    assert game.owner[3] is anna and game.owner[5] is c
    assert (anna.cash, c.cash) == (1550, 1450)
    assert bot.asked[-1].kind == "deal" and cleo.asked[-1].kind == "deal"
    assert "Deal: Bot → Anna: Nagatinskaya Street; Bot → Cleo: Riga Railway Station; Cleo → Anna: 50k ₽" in text


def test_a_person_is_asked_between_turns_only_after_the_i_key(classic, monkeypatch):
    # classic has the interval window; Anna is not asked there by default,
    # `i` at a manage prompt turns it on, after which the interval after Bot's turn asks her
    answers = "i\n\n\n" + "1\n1\n\n" + "\n" * 10  # i, end turn ... then in the interval: build (1 1), done
    t = Table(classic, monkeypatch, answers, dice=[(4, 6), (1, 2), (5, 6)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.anna)
    assert "between_turns" in t.human.windows(t.game)
    t.turn()                                               # Anna: i, then ends her turn
    assert "manage between the other players' turns (off: i turns it on)" in t.text
    assert t.human.between_turns
    t.turn()                                               # Bot's turn, then the interval: Anna builds
    assert "between turns (next: Anna)" in t.text
    assert t.game.level[1] + t.game.level[3] == 1


def test_no_question_between_turns_by_default(classic, monkeypatch):
    t = Table(classic, monkeypatch, "\n" * 10, dice=[(4, 6), (1, 2)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.anna)
    t.turn()
    t.turn()
    assert "between turns" not in t.text


def test_the_play_help_says_what_the_prompts_take(classic, monkeypatch):
    import re

    from typer.testing import CliRunner

    from magie.cli.app import app
    said = re.sub(r"[\s│]+", " ", CliRunner().invoke(app, ["play", "--help"]).output)
    assert "by number" not in said
    assert "the key shown before an option: a number or a letter" in said
    assert "r or Enter rolls" in said and "d or Enter ends the turn" in said
    # the keys it names: the pre-roll prompt takes r, the buy question 1, the turn's end d
    t = Table(classic, monkeypatch, "r\n1\nd\n", dice=[(1, 2)]).turn()
    assert t.game.owner[3] is t.anna
    assert t.game.answers == [["done"], "buy", ["done"]]


def test_buying_a_deed_without_mortgage_says_so_and_a_compulsory_one_asks_nothing(monkeypatch):
    plain = edition("classic", rules={"mortgage": {"unavailable": ["brown"]}})
    t = Table(plain, monkeypatch, "\n1\n\n", dice=[(1, 2)]).turn()
    assert "rents: 4k ₽ / 20k ₽ / 60k ₽ / 180k ₽ / 320k ₽ / 450k ₽; it cannot be mortgaged" in t.text
    assert t.game.owner[3] is t.anna
    must = edition("classic", rules={"purchase": {"compulsory": ["brown"]}})
    t = Table(must, monkeypatch, "\n\n", dice=[(1, 2)]).turn()
    assert "is for sale" not in t.text and "Anna: buys Nagatinskaya Street for 60k ₽" in t.text
    assert t.game.answers == [["done"], ["done"]] and t.anna.cash == 1440
