"""`magie play --lang ru` at the terminal says everything in Russian: every prompt (bid, jail,
raise, tax, claim, redeem, ...), the event log, the status views and the trade builder come from
the one catalogue (cli/i18n.py). What may stay in Latin letters: player names, the keys
shown before options and in the help (s, m, h, d, t, ...; the Russian words and the ЙЦУКЕН keys
answer too), Enter, file names and the building marks of the compact views (h houses, H hotel,
M mortgaged); bots magie named are "Бот 1", "Бот 2"."""

from __future__ import annotations

import io
import re
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from magie.cli.app import app
from magie.cli.human import HumanAgent
from magie.cli.render import EventRenderer, Names
from magie.cli.terminal import Terminal
from magie.engine.agents import Scripted
from magie.engine.game.decisions import BANKRUPT, Decision, TradeOffer
from magie.engine.game.dice import ForcedDice
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable

ALLOWED = {"Anna", "Enter",
           "magie", "play", "resume", "json", "Ctrl-C"}
"""Latin words a Russian terminal may show: names, the commands a person types, `magie play`."""


def english(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The lines of `text` with a Latin word that is not allowed (what a person typed, after
    the prompt's " > ", is left out; so are the marks of the board views: owner, hhh/H, M)."""
    bad = []
    for line in text.splitlines():
        shown = line.split(" > ")[0]
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z_-]+", shown)
                 if w not in ALLOWED | names and not re.fullmatch(r"[AB]?[hH]*M?", w)]
        if words:
            bad.append(line)
    return bad


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_whole_game_at_the_terminal_in_russian_has_no_english_line():
    # one person and two bots, seeded dice; the answers cycle through the status views, the
    # help, buying, bids, passes, the trade builder (opened and cancelled) and the neutral answers
    cycle = "s\nfull\nm\nh\n1\n\nm\np\n1\n2\nt\n1\n\n\n\n\n\n\nc\nfixed\nkeep\nrelease\n"
    r = CliRunner().invoke(app, ["play", "classic", "--players", "Anna", "--bots", "2", "--seed", "3",
                                 "--max-rounds", "12", "--lang", "ru"], input=cycle * 150)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert english(out) == []
    # it went through the parts of a game (so the scan read them)
    for seen in ("Классическая игра · сид 3", "Порядок ходов:", "Круг 1 · ", "Anna: бросает", "продаётся: цена",
                 "Аукцион", "Сводка" if "Сводка" in out else "Круг 1, ход", "Банк: в запасе",
                 "С кем меняться?", "Обмен отменён.", "В любом вопросе", "Итоговая таблица", "Победитель: "):
        assert seen in out, seen
    assert re.search(r"Бот \d: (покупает|платит|бросает)", out) and "Bot" not in out
    assert "(достигнут предел кругов; 12 кругов, 36 ходов, сид 3)" in out


def _table(monkeypatch, answers: str, dice=()):
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    ed = playable("classic")
    names = Names(ed, "ru")
    human = HumanAgent("Anna", Terminal(console, interactive=False), names)
    game = Game(ed, [("Anna", human), ("Bot", Scripted(name="Bot"))], seed=1, dice=ForcedDice(list(dice)),
                first=0, record=True, log=EventLog(listener=EventRenderer(console, names)))
    return game, human, out


def test_every_prompt_in_russian_with_forced_dice(monkeypatch):
    # Anna (seat 0) on the classic board: 1 Zhitnaya and 3 Nagatinskaya (brown, 60), 5 Riga railway
    answers = "\n".join(["p",               # bid: pass
                         "1",               # jail: pay the fine
                         "1", "1",          # raise: the first deed, then its mortgage
                         "2",               # tax: the alternative amount
                         "1",               # claim: yes
                         "1",               # redeem it
                         "2",               # inherited mortgage: keep it
                         "1",               # place the building
                         "2",               # trade offer: reject
                         "p",               # play card: pay the rent
                         "", "1", "", ""])  # a turn: roll (1+2 to Nagatinskaya), buy, end
    game, human, out = _table(monkeypatch, answers + "\n", dice=[(1, 2)])
    anna, bot = game.players
    game.set_owner(1, anna)
    game.set_owner(5, bot)
    ask = human.decide
    assert ask(game, Decision("bid", anna, space=3, min=11, max=None, price=10, high_bidder=1,
                              still_in=[0, 1])) is None
    assert ask(game, Decision("jail", anna, ("pay", "roll"), attempts=1, fine=50)) == "pay"
    assert ask(game, Decision("raise", anna, (("mortgage", 1), BANKRUPT), window="raise", amount=2000,
                              creditor=1, reason="rent")) == ("mortgage", 1)
    assert ask(game, Decision("tax", anna, ("fixed", "alternative"), space=4, fixed=200)) == "alternative"
    assert ask(game, Decision("claim", anna, (True, False), space=1, amount=4, payer=1)) is True
    assert ask(game, Decision("redeem", anna, ("redeem", "release"), space=1, cost=33)) == "redeem"
    assert ask(game, Decision("inherited_mortgage", anna, ("lift", "keep"), space=5, value=100,
                              interest=10)) == "keep"
    assert ask(game, Decision("place", anna, (1, None), reason="shortage")) == 1
    offer = TradeOffer(1, 0, give_deeds=(5,), get_cash=150)
    assert ask(game, Decision("trade", anna, ("accept", "reject"), offer=offer)) == "reject"
    assert ask(game, Decision("play_card", anna, (("chance", "x"), None), owner=1, amount=20)) is None
    game.play_turn()
    text = out.getvalue()
    assert game.owner[3] is anna and anna.cash == 1500 - 60
    assert english(text, frozenset({"Bot"})) == [], english(text)     # "Bot" is a name given here
    for seen in ("Аукцион", "ставка", "Вы в тюрьме", "заплатить штраф 50 тыс. ₽", "Вы должны 2000 тыс. ₽",
                 "(рента)", "фиксированную сумму (200 тыс. ₽)", "потребовать ренту", "выкупить (33 тыс. ₽)",
                 "оставить в залоге", "Вы выиграли постройку на аукционе", "предлагает вам обмен",
                 "заплатить ренту", "Anna: бросает 1 + 2 = 3 → ", "Anna: покупает поле «Нагатинская улица» за",
                 "  1  Житная улица (Коричневые): заложить +30 тыс. ₽",
                 "Номер участка открывает, как с его помощью собрать деньги.", "  0  назад в меню"):
        assert seen in text, seen
