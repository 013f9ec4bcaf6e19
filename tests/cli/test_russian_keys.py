"""A Russian speaker at the terminal: Cyrillic keys (the ЙЦУКЕН layout and the words' first
letters), the locale's synonyms, Russian amounts, one-value ranges, plurals and bot names.

Classic board, Anna (seat 0, human) against a scripted bot: 1+2 takes her to 3 Nagatinskaya
(brown, price 60k ₽); 1500k ₽ to start.
"""

from __future__ import annotations

import io
import json
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from magie.cli.amounts import amount_forms, parse_amount
from magie.cli.app import app
from magie.cli.human import HumanAgent
from magie.cli.i18n import layout_twin, number, plural
from magie.cli.render import EventRenderer, Names
from magie.cli.terminal import Opt, Prompter, Terminal
from magie.engine.agents import Scripted
from magie.engine.game.decisions import DONE, Decision
from magie.engine.game.dice import ForcedDice
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from tests.game.helpers import playable


@pytest.fixture
def classic():
    return playable("classic")


class RussianTable:
    """Anna (human, Russian) against a scripted bot, her answers on stdin."""

    def __init__(self, edition, monkeypatch, answers: str, dice=(), bot=None, lang="ru"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
        self.out = io.StringIO()
        console = Console(file=self.out, width=200, color_system=None)
        self.names = Names(edition, lang)
        self.human = HumanAgent("Anna", Terminal(console, interactive=False), self.names)
        self.game = Game(edition, [("Anna", self.human), ("Bot", bot or Scripted(name="bot"))], seed=1,
                         dice=ForcedDice(list(dice)), first=0, record=True,
                         log=EventLog(listener=EventRenderer(console, self.names)))
        self.anna, self.other = self.game.players

    @property
    def text(self) -> str:
        return self.out.getvalue()


def test_a_turn_answered_in_russian_words_and_cyrillic_keys(classic, monkeypatch):
    # "бросить" rolls (offered as d "бросить кубики"), "д" (да) buys, "в" (the d key on ЙЦУКЕН) ends
    t = RussianTable(classic, monkeypatch, "бросить\nд\nв\n", dice=[(1, 2)])
    t.game.play_turn()
    assert t.game.owner[3] is t.anna and t.anna.cash == 1500 - 60
    assert t.game.answers == [["done"], "buy", ["done"]]
    assert "Ответьте" not in t.text


@pytest.mark.parametrize("answer, owner, cash", [
    ("купить", 0, 1440), ("к", 0, 1440), ("да", 0, 1440), ("buy", 0, 1440),
    ("не покупать", None, 1500), ("нет", None, 1500), ("н", None, 1500), ("2", None, 1500),
])
def test_buy_or_not_in_the_words_of_the_locale(classic, monkeypatch, answer, owner, cash):
    # declined: the bank auctions it and the scripted bot does not bid, so it stays with the bank
    t = RussianTable(classic, monkeypatch, f"\n{answer}\np\n\n", dice=[(1, 2)])
    t.game.play_turn()
    assert (t.game.owner[3] is t.anna) == (owner == 0) and t.anna.cash == cash, t.text


def test_commands_on_the_russian_keyboard_and_the_help_lists_them(classic, monkeypatch):
    # с and ы (the s key) show the status, п and ь (the m key) the board, ? and р (the h key) help
    t = RussianTable(classic, monkeypatch, "с\nы\nп\nь\n?\nр\nк\n")
    assert t.human.decide(t.game, Decision("buy", t.anna, ("buy", "decline"), space=3, price=60)) == "buy"
    assert t.text.count("Круг 1, ход 0") == 2                  # the compact status, twice
    assert t.text.count("Беспла") == 2                          # the ring board, twice
    assert t.text.count("В любом вопросе") == 2
    assert "(1-2; с сводка, п поле, ? справка)" in t.text
    help_text = t.text.split("В любом вопросе")[1]
    assert "с, сводка, статус, s, ы" in help_text and "п, поле, доска, m, ь" in help_text
    assert "  1  b, купить, к, куплю, покупаю, покупать, беру, взять, y, да, д, ага, конечно" in help_text
    assert "  2  не покупать, не покупаю, не буду, не надо, отказаться, n, нет, н, не" in help_text
    assert "status" not in help_text and "buy" not in help_text      # the English words work but are not listed


def test_a_letter_two_options_claim_answers_neither(classic, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("б\nd\n"))
    out = io.StringIO()
    term = Terminal(Console(file=out, width=200, color_system=None), interactive=False)
    p = Prompter(term, "Anna", Names(classic, "ru"))
    got = p.choose(["?"], [Opt("d", "бросить кубики", "roll", ("б",)), Opt("1", "без постройки", None, ("б",))])
    assert got == "roll"
    assert "«б» подходит к нескольким вариантам (d / 1): наберите клавишу варианта." in out.getvalue()


def test_an_options_key_beats_a_command_and_the_hint_says_what_still_works(classic, monkeypatch):
    # in an auction п is the pass (пас) and м the least bid, so the board is called by its word
    bot = Scripted(name="bot", bid=[10, None])
    t = RussianTable(classic, monkeypatch, "\nнет\nм\n\n", dice=[(1, 2)], bot=bot)
    t.game.play_turn()
    assert t.game.owner[3] is t.anna and t.anna.cash == 1500 - 11
    assert "с сводка, поле, ? справка" in t.text and "Беспла" not in t.text


@pytest.mark.parametrize("bid, cash", [("25 тыс.", 1475), ("25 тыс", 1475), ("25к", 1475), ("25 тысяч", 1475),
                                       ("25 тыс. ₽", 1475), ("25", 1475), ("0,03 млн", 1470)])
def test_a_bid_in_russian_forms(classic, monkeypatch, bid, cash):
    bot = Scripted(name="bot", bid=[10, None])
    t = RussianTable(classic, monkeypatch, f"\nнет\n{bid}\n\n", dice=[(1, 2)], bot=bot)
    t.game.play_turn()
    assert t.game.owner[3] is t.anna and t.anna.cash == cash, t.text


def test_a_bid_that_is_not_an_amount_says_the_forms(classic, monkeypatch):
    bot = Scripted(name="bot", bid=[10, None])
    t = RussianTable(classic, monkeypatch, "\nнет\n1,5 тыс.\nсто\n30\n\n", dice=[(1, 2)], bot=bot)
    t.game.play_turn()
    said = ("Ставка — целая сумма не меньше 11 тыс. ₽ (например: 150 тыс. ₽, 150, 150 тыс., 150к, 1,5 млн), "
            "м или п.")
    assert t.text.count(said) == 2                        # a fraction of a unit, and a word
    assert t.game.owner[3] is t.anna and t.anna.cash == 1470


@pytest.mark.parametrize("text, lang, unit, value", [
    ("100 тыс.", "ru", 1000, 100), ("100 тыс", "ru", 1000, 100), ("100к", "ru", 1000, 100),
    ("1,5 млн", "ru", 1000, 1500), ("1 500", "ru", 1000, 1500), ("1\u00a0500 тыс. ₽", "ru", 1000, 1500),
    ("1,5 тыс.", "ru", 1, 1500), ("2к", "ru", 1, 2000), ("450", "ru", 1, 450),
    ("80k ₽", "en", 1000, 80), ("1.5m", "en", 1000, 1500), ("1,500", "en", 1000, 1500),
    ("1.5 thousand", "en", 1, 1500), ("2k", "en", 1, 2000), ("-5", "en", 1, -5),
])
def test_one_reader_of_amounts(classic, text, lang, unit, value):
    import dataclasses
    currency = dataclasses.replace(classic.currency, unit=unit)
    assert parse_amount(text, currency, lang) == value


@pytest.mark.parametrize("text, lang", [("1,5 тыс.", "ru"), ("1,5", "ru"), ("1,5", "en"), ("сто", "ru"),
                                        ("100 штук", "ru"), ("", "ru"), ("1.5k", "en")])
def test_what_is_not_a_whole_amount(classic, text, lang):
    with pytest.raises(ValueError):
        parse_amount(text, classic.currency, lang)


def test_the_forms_follow_the_editions_money():
    bizn = playable("biznespolia")
    assert amount_forms(bizn.currency, "ru") == "450 β, 450, 1,5 тыс., 2к"
    classic = playable("classic").currency
    assert amount_forms(classic, "en") == "150k ₽, 150, 150 thousand, 150k, 1.5 million"


def test_trade_cash_in_russian_forms_and_a_one_value_range(classic, monkeypatch):
    # е (the t key) opens the trade builder; with one partner "1" is the only number; Anna gives
    # 0,1 млн (100k ₽) for the bot's Zhitnaya and proposes with п
    answers = "\n".join(["е", "2", "1", "1", "0,1 млн", "", "п"]) + "\n"
    t = RussianTable(classic, monkeypatch, answers)
    t.game.set_owner(1, t.other)
    answer = t.human.decide(t.game, Decision("manage", t.anna, ("done",), window="before_roll"))
    assert answer[0] == "trade" and answer[1].give_cash == 100 and answer[1].get_deeds == (1,), t.text
    assert "Введите 1: другого номера здесь нет." in t.text
    assert "от 1 до 1" not in t.text


def test_a_one_value_range_in_english_too(classic, monkeypatch):
    t = RussianTable(classic, monkeypatch, "t\n2\n1\n\n\nc\n\n", lang="en")
    assert t.human.decide(t.game, Decision("manage", t.anna, ("done",), window="before_roll")) == DONE
    assert "Type 1: it is the only number here." in t.text and "from 1 to 1" not in t.text
    assert "Trade cancelled." in t.text


def test_a_vote_in_russian(classic, monkeypatch):
    t = RussianTable(classic, monkeypatch, "да\nнет\n")
    assert t.human.decide(t.game, Decision("vote", t.anna, ("yes", "no"), topic="end", proposer=1)) == "yes"
    assert t.human.decide(t.game, Decision("vote", t.anna, ("yes", "no"), topic="end")) == "no"
    assert "Голосование: закончить игру сейчас? (предлагает Bot)" in t.text
    assert "  1  да" in t.text and "  2  нет" in t.text


@pytest.mark.parametrize("n, ru, en", [(1, "1 ход", "1 turn"), (2, "2 хода", "2 turns"), (5, "5 ходов", "5 turns"),
                                       (11, "11 ходов", "11 turns"), (21, "21 ход", "21 turns"),
                                       (22, "22 хода", "22 turns"), (112, "112 ходов", "112 turns")])
def test_one_plural_helper(n, ru, en):
    assert plural("ru", "{turns} turn", "{turns} turns", n).format(turns=n) == ru
    assert plural("en", "{turns} turn", "{turns} turns", n).format(turns=n) == en
    assert plural("ru", "{rounds} round", "{rounds} rounds", n).format(rounds=n) == ru.replace("ход", "круг")


def test_numbers_and_keys_of_the_language():
    assert number(12345, "ru") == "12\u00a0345" and number(1500, "ru") == "1\u00a0500" and number(999, "ru") == "999"
    assert number(12345, "en") == "12,345"
    assert [layout_twin(k, "ru") for k in "sdmhqwc?"] == ["ы", "в", "ь", "р", "й", "ц", "с", ","]
    assert layout_twin("d", "en") is None and layout_twin("10", "ru") is None


def _play(args, answers, tmp_path):
    return CliRunner().invoke(app, ["play", *args], input=answers)


def test_bots_are_boty_in_russian_and_saves_resume_in_either_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "g.json"
    r = _play(["classic", "--players", "Анна", "--bots", "2", "--seed", "3", "--save-to", str(save)], "\n" * 3 + "q\n",
              tmp_path)
    assert r.exit_code == 0, r.output
    assert "Bot 2: rolls" in r.output and "Бот" not in r.output
    seats = [s["name"] for s in json.loads(save.read_text(encoding="utf-8"))["seats"]]
    assert seats == ["Анна", "Bot 1", "Bot 2"]
    r = _play(["--resume", str(save), "--lang", "ru"], "1\n" + "\n" * 6 + "q\n", tmp_path)
    assert r.exit_code == 0, r.output
    assert "Бот 2: бросает" in r.output and "Bot" not in r.output
    assert [s["name"] for s in json.loads(save.read_text(encoding="utf-8"))["seats"]] == seats
    r = _play(["--resume", str(save)], "1\n" + "\n" * 6 + "q\n", tmp_path)
    assert r.exit_code == 0 and "Bot 1" in r.output and "Бот" not in r.output, r.output


def test_a_person_named_like_a_bot_keeps_the_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = _play(["classic", "--players", "Бот 1", "--bots", "1", "--seed", "3", "--lang", "ru", "--max-rounds", "1"],
              "\n" * 20, tmp_path)
    assert r.exit_code == 0, r.output
    assert "Порядок ходов: Bot 1, Бот 1" in r.output or "Порядок ходов: Бот 1, Bot 1" in r.output


def test_quitting_in_russian_with_the_russian_keys_and_da_net(tmp_path, monkeypatch):
    # й is the q key on ЙЦУКЕН; the save question takes да / нет (not as file names)
    import magie.cli.terminal as terminal_mod

    class Interactive(Terminal):
        def __init__(self, console, **kw):
            super().__init__(console, interactive=True, **kw)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(terminal_mod, "Terminal", Interactive)
    args = ["classic", "--players", "Анна", "--bots", "1", "--seed", "2", "--lang", "ru"]
    r = _play(args, "й\nнет\n", tmp_path)
    assert r.exit_code == 0, r.output
    assert "Вы вышли из игры." in r.stdout and "Игра не сохранена." in r.stdout
    assert list(tmp_path.iterdir()) == []
    r = _play(args, "выйти\nда\n", tmp_path)
    assert r.exit_code == 0, r.output
    assert [p.name for p in tmp_path.iterdir()] == ["magie-classic-seed2.json"]


def test_an_answer_not_offered_points_to_the_help(classic, monkeypatch):
    t = RussianTable(classic, monkeypatch, "ж\nк\n")
    assert t.human.decide(t.game, Decision("buy", t.anna, ("buy", "decline"), space=3, price=60)) == "buy"
    assert "Ответьте: 1-2; ? — все слова, которые здесь подходят." in t.text


def test_a_command_whose_letter_an_option_takes_is_shown_by_its_word_not_by_the_layout_twin(classic):
    # the trade builder takes с (the c of "cancel" on ЙЦУКЕН), so the status is shown by its own
    # word; ы (the same key on ЙЦУКЕН) and the Latin s still work but read as strays beside "сводка"
    p = Prompter(Terminal(Console(file=io.StringIO()), interactive=False), "Anna", Names(classic, "ru"))
    assert p.commands_hint(frozenset({"с"})) == "сводка, п поле, ? справка"
    assert p.command_words(frozenset({"с"}))["s"] == "status"
    assert p.command_words(frozenset({"с"}))["ы"] == "status"
    assert p.commands_hint(frozenset()) == "с сводка, п поле, ? справка"
