"""A new player's terminal: the turn's menu by deed, the way back from a purchase without the
cash, the jail's menu, a bot's answer to a trade, and Russian names that need no case form.

Each test answers the prompts on stdin with forced dice and reads the screen, in English and
Russian where words are shown. Biznespolia: 1 Poultry Farm, 3 Dairy Farm, 4 Grain Elevator
(the Kolkhoz, 60/60/80, offices 50), 5 North Shopping Centre (200), 6 Sewing Factory and
8 Shoe Factory (Light industry, with 10 Textile Mill), 11 jail / court; at most two offices a
turn; the bank buys deeds back at the mortgage value. Classic: 1 Zhitnaya and 3 Nagatinskaya
(brown, 60), 5 Riga railway (200), 10 jail.
"""

from __future__ import annotations

import re

import pytest

from magie.engine.agents.basic import BasicBot
from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.decisions import TradeOffer
from tests.cli.test_play_human import Table


@pytest.fixture
def biz():
    return load_playable_cached("biznespolia")


@pytest.fixture
def classic():
    return load_playable_cached("classic")


def _menus(text: str) -> list[list[str]]:
    """The numbered lines of each menu on the screen, menu by menu."""
    out: list[list[str]] = []
    for block in re.split(r"\n\S[^\n]*> [^\n]*\n", text):
        out.append(re.findall(r"^  \d+  .*$", block, re.M))
    return out


WORDS = {
    "en": {"line": "  4  North Shopping Centre (Shopping centres): mortgage +100 β · sell to the bank +100 β",
           "open": "  1  Mortgage Sewing Factory (+50 β)\n  2  Sell Sewing Factory to the bank (+50 β)\n"
                   "  0  back to the menu",
           "closed": "Build a house on Sewing Factory (50 β; it has 0; rent 6 β → 30 β): Anna does not own the "
                     "whole group Light industry: Textile Mill is the bank's",
           "cap": "No more building for now: at most 2 buildings per turn.",
           "after": "  1  Poultry Farm (Kolkhoz; ⌂): sell a building +25 β"},
    "ru": {"line": "  4  ТЦ Северный (Торговые центры): заложить +100 β · продать банку +100 β",
           "open": "  1  Заложить поле «Швейная фабрика» (+50 β)\n  2  Продать банку поле «Швейная фабрика» (+50 β)\n"
                   "  0  назад в меню",
           "closed": "Построить дом на поле «Швейная фабрика» (50 β; сейчас 0; рента 6 β → 30 β): у игрока Anna "
                     "нет всей группы «Лёгкая промышленность»: «Текстильный комбинат» у банка",
           "cap": "Больше строить сейчас нельзя: построек за ход: не больше 2.",
           "after": "  1  Птицеферма (Колхоз; ⌂): продать постройку +25 β"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_turns_menu_is_one_line_a_deed_and_a_deed_opens_its_actions(biz, monkeypatch, lang):
    # 5: the Sewing Factory's menu, 0: back, e 1: build evenly on the Kolkhoz up to one office
    # (the two-a-turn cap stops it after two), Enter: roll 2+3 onto her own North Shopping
    # Centre, Enter: end the turn
    t = Table(biz, monkeypatch, "5\n0\ne\n1\n\n\n", dice=[(2, 3)], lang=lang)
    for i in (1, 3, 4, 5, 6, 8):
        t.game.set_owner(i, t.anna)
    t.anna.intro = t.other.intro = False
    t.turn()
    w = WORDS[lang]
    first = _menus(t.text)[0]
    assert len(first) == 6          # six deeds: not a line for each mortgage and each sale to the bank
    assert w["line"] in first
    assert w["open"] in t.text
    assert w["closed"] in t.text
    assert [t.game.level[i] for i in (1, 3, 4)] == [1, 1, 0]      # evenly, two offices this turn
    assert t.anna.cash == 2500 - 2 * 50
    assert w["cap"] in t.text
    assert w["after"] in t.text
    assert t.anna.pos == 5


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_raising_money_lists_the_deeds_that_can_raise_it(classic, monkeypatch, lang):
    # Anna (20k ₽) pays Bot's Riga railway 25k ₽: the raise menu lists her Zhitnaya (a mortgage
    # raises 30k ₽); 1 opens it, 1 mortgages it
    t = Table(classic, monkeypatch, "\n1\n1\n\n", dice=[(2, 3)], lang=lang)
    t.game.set_owner(1, t.anna)
    t.game.set_owner(5, t.other)
    t.anna.cash = 20
    t.other.cash = 2980
    t.turn()
    line = {"en": "  1  Zhitnaya Street (Brown): mortgage +30k ₽",
            "ru": "  1  Житная улица (Коричневые): заложить +30 тыс. ₽"}[lang]
    hint = {"en": "A deed's number opens how it can raise money.",
            "ru": "Номер участка открывает, как с его помощью собрать деньги."}[lang]
    assert line in t.text and hint in t.text
    assert t.game.mortgaged[1]
    assert (t.anna.cash, t.other.cash) == (20 + 30 - 25, 2980 + 25)


SHORT = {
    "en": ("You are 20k ₽ short: buying means raising it by selling or mortgaging.",
           "To buy Nagatinskaya Street you must raise 20k ₽ by selling buildings or mortgaging; once you buy "
           "there is no going back.", "  0  back to the offer", "Anna: does not buy Nagatinskaya Street",
           "Auction of Nagatinskaya Street: sold to Bot for 10k ₽"),
    "ru": ("Не хватает 20 тыс. ₽: чтобы купить, придётся продать постройки или заложить участки.",
           "Чтобы купить поле «Нагатинская улица», нужно собрать 20 тыс. ₽: продать постройки или заложить участки; "
           "после покупки передумать нельзя.", "  0  назад к предложению",
           "Anna: не покупает поле «Нагатинская улица»",
           "Аукцион: Нагатинская улица — продано игроку Bot за 10 тыс. ₽"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_purchase_without_the_cash_can_go_back_to_the_auction(classic, monkeypatch, lang):
    from magie.engine.agents import Scripted

    # Anna has 40k ₽ and Riga railway (a mortgage would raise the 60k ₽): she picks buy (1),
    # is told what it means, goes back (0), declines (2) and passes in the auction (p): Bot
    # buys it there for 10k ₽
    bot = Scripted(name="bot", bid=[10])
    t = Table(classic, monkeypatch, "\n1\n0\n2\np\n\n", dice=[(1, 2)], bot=bot, lang=lang)
    t.game.set_owner(5, t.anna)
    t.other.cash += t.anna.cash - 40
    t.anna.cash = 40
    t.turn()
    for seen in SHORT[lang]:
        assert seen in t.text, seen
    assert t.game.owner[3] is t.other
    assert t.anna.cash == 40 and not t.game.mortgaged[5]


def test_a_purchase_without_the_cash_confirmed_raises_the_price(classic, monkeypatch):
    # 1: buy, 1: buy it and raise the money; the raise menu: 1 (Riga), 1 (mortgage it)
    t = Table(classic, monkeypatch, "\n1\n1\n1\n1\n\n", dice=[(1, 2)])
    t.game.set_owner(5, t.anna)
    t.other.cash += t.anna.cash - 40
    t.anna.cash = 40
    t.turn()
    assert t.game.owner[3] is t.anna and t.game.mortgaged[5]
    assert t.anna.cash == 40 + 100 - 60


@pytest.mark.parametrize("lang, label, asked", [
    ("en", "  d  go on to the jail's choice: pay the fine or roll for doubles", "You are in jail"),
    ("ru", "  d  дальше — как выйти из тюрьмы: заплатить штраф или бросать на дубль", "Вы в тюрьме"),
])
def test_in_jail_the_menu_says_the_jails_choice_comes_next(classic, monkeypatch, lang, label, asked):
    # d leaves the menu; the jail's question follows, where r rolls for doubles (1+2: stays)
    t = Table(classic, monkeypatch, "d\nr\n", dice=[(1, 2)], lang=lang)
    t.game.go_to_jail(t.anna)
    t.turn()
    assert label in t.text
    assert t.text.index(label) < t.text.index(asked)
    assert t.anna.in_jail and t.anna.jail_attempts == 1


@pytest.mark.parametrize("lang, refused, accepted", [
    ("en", "Bot says no: what it gets is worth {short}k ₽ less to it than what it gives.",
     "Bot accepts the trade: Anna → Bot: {price}k ₽ for Zhitnaya Street"),
    ("ru", "Bot отказывается: получаемое стоит для него на {short} тыс. ₽ меньше отдаваемого.",
     "Bot принимает сделку: Anna → Bot: отдаёт: {price} тыс. ₽; взамен: Житная улица"),
])
def test_a_bot_says_why_it_refuses_and_an_accepted_trade_is_announced(classic, monkeypatch, lang, refused,
                                                                     accepted):
    # t: a trade with Bot (the only partner): 10k ₽ for its Zhitnaya; refused with the reason
    # and a counter-offer; c proposes the counter, which Bot accepts
    bot = BasicBot()
    t = Table(classic, monkeypatch, "t\n1\n1\n10\n\np\nc\n\n\n", dice=[(4, 6)], bot=bot, lang=lang)
    t.game.set_owner(1, t.other)
    offer = TradeOffer(0, 1, give_cash=10, get_deeds=(1,))
    counter = bot.counter_offer(t.game, t.other, offer)
    assert counter is not None and counter.give_cash > 10
    t.turn()
    assert refused.format(short=counter.give_cash - 10) in t.text
    assert accepted.format(price=counter.give_cash) in t.text
    assert t.game.owner[1] is t.anna and t.anna.cash == 1500 - counter.give_cash


NAMES = r"\{(space|player|giver|taker|payee|partner|proposer|creditor|group)\}"
NEEDS_A_CASE = re.compile(r"(?:^|\s)(за|на|в|во|с|со|к|ко|от|до|из|у|для|о|об|по|при|про|без|над|под|через|как"
                          r"|покупает|закладывает|выкупает|продаёт|купить|заложить|выкупить|продать|Заложить"
                          r"|Выкупить|Продать|Купить) $")


def test_no_russian_name_stands_where_it_would_need_a_case_form():
    # names are never declined: a name stands after a colon, at the start, in quotes after
    # «поле», after «игрок»/«группа» (docs/cli.md, Languages); a preposition or a transitive verb
    # right before it would need its case ("за Улица Полянка")
    from babel.messages.pofile import read_po

    from magie.cli.i18n import LOCALE_DIR

    with open(LOCALE_DIR / "ru" / "LC_MESSAGES" / "magie.po", "rb") as f:
        catalogue = read_po(f)
    wrong = []
    for m in catalogue:
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            for name in re.finditer(NAMES, text or ""):
                if NEEDS_A_CASE.search(text[:name.start()]):
                    wrong.append(text)
    assert wrong == []


def test_russian_prompts_name_the_status_by_its_own_word(biz, monkeypatch):
    # the level prompt of "build evenly" has c (cancel), whose Cyrillic twin с is the status
    # key elsewhere: the hint names the status by its word, not by a Latin s or by ы
    t = Table(biz, monkeypatch, "e\nc\n\n\n", dice=[(2, 3)], lang="ru")
    for i in (1, 3, 4, 5):
        t.game.set_owner(i, t.anna)
    t.anna.intro = t.other.intro = False
    t.turn()
    assert "(1-5 или c; сводка, п поле, ? справка) > " in t.text
    assert "ы сводка" not in t.text and "s сводка" not in t.text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_text_with_a_last_line_break_is_one_line(classic, lang):
    # a YAML block (`text: |`) keeps its last line break: the drawn card's line closes its quote
    # on the same line
    import dataclasses
    import io

    from rich.console import Console

    from magie.cli.render import EventRenderer, Names

    names = Names(classic, lang)
    card = classic.decks["chance"].cards[0]
    names._cards[("chance", card.id)] = dataclasses.replace(
        card, text={k: v + "\n" for k, v in card.text.items()})
    out = io.StringIO()
    r = EventRenderer(Console(file=out, width=400, color_system=None), names)
    r({"e": "start", "players": ["Anna", "Bot"], "seed": 1})
    r({"e": "card", "player": 0, "deck": "chance", "card": card.id})
    r.flush()
    shown = card.shown(classic.currency, lang)
    assert f"“{shown}”" in out.getvalue()
    assert "\n”" not in out.getvalue()
