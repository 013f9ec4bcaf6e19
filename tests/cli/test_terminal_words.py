"""What a person at the terminal reads: the words of each prompt, event and status.

Classic board (the Table of test_play_human): 1 Zhitnaya, 3 Nagatinskaya (brown, 60, houses 50),
12 Power Station and 28 Waterworks (utilities, rent 4× / 10× the dice), 0 GO (salary 200).
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from magie.cli.render import EventRenderer, Names
from magie.cli.ring import ring_view
from magie.cli.status import compact_view
from magie.engine.agents import Scripted
from magie.engine.edition.layout import plan
from magie.engine.game.decisions import Decision
from tests.cli.test_play_human import Table
from tests.game.helpers import playable


@pytest.fixture
def classic():
    return playable("classic")


def render(edition, events, players=("You", "Bot")):
    out = io.StringIO()
    r = EventRenderer(Console(file=out, width=200, color_system=None), Names(edition))
    r({"e": "start", "players": list(players), "seed": 1})
    for ev in events:
        r(ev)
    r.flush()
    return out.getvalue()


def test_utility_rents_are_dice_multipliers(classic, monkeypatch):
    t = Table(classic, monkeypatch, "2\n", dice=[])
    t.game.ask(Decision("buy", t.anna, ("buy", "decline"), space=12, price=150))
    assert "rents: 4× / 10× the dice" in t.text
    assert "4k ₽" not in t.text


def test_a_player_named_you_reads_right(classic):
    text = render(classic, [{"e": "roll", "player": 0, "dice": [3, 4]},
                            {"e": "move", "player": 0, "to": "chance_1", "steps": 7},
                            {"e": "buy", "player": 0, "space": "zhitnaya", "price": 60}])
    assert "You: rolls 3 + 4 = 7" in text
    assert "You: buys Zhitnaya Street for 60k ₽" in text
    assert "You rolls" not in text and "You buys" not in text


def test_landing_exactly_on_go_is_not_passing_it(classic):
    text = render(classic, [{"e": "move", "player": 0, "to": "go", "steps": 4},
                            {"e": "lap", "player": 0, "salary": 200},
                            {"e": "move", "player": 1, "to": "zhitnaya", "steps": 3},
                            {"e": "lap", "player": 1, "salary": 200}])
    assert "You: lands on GO: collects 200k ₽" in text
    assert "Bot: passes GO: collects 200k ₽" in text
    assert "You: passes" not in text


def test_a_card_with_no_effect_still_prints_its_text(classic):
    deck = classic.decks["chance"]
    card = deck.cards[0]
    text = render(classic, [{"e": "card", "player": 0, "deck": "chance", "card": card.id},
                            {"e": "turn", "player": 1, "round": 1, "cash": 1500, "pos": "go"}])
    assert card.text["en"] in text
    assert "Chance: no effect" in text


def test_auction_shows_who_is_still_in_and_the_bids(classic, monkeypatch):
    bot = Scripted(name="bot", bid=[10, None])
    t = Table(classic, monkeypatch, "\n2\n25\n\n", dice=[(1, 2)], bot=bot).turn()
    assert "still in: Anna, Bot" in t.text or "still in: Bot, Anna" in t.text
    assert "bids so far: Bot 10k ₽" in t.text
    assert "(2 bids from 2 players: Bot 10k ₽, Anna 25k ₽)" in t.text
    assert t.game.owner[3] is t.anna and t.anna.cash == 1475


def test_bid_messages_carry_the_unit(classic, monkeypatch):
    bot = Scripted(name="bot", bid=[None])
    t = Table(classic, monkeypatch, "\n2\n5000\n0\n30\n\n", dice=[(1, 2)], bot=bot).turn()
    assert "The bid may not be more than 1500k ₽." in t.text
    assert "The bid must be at least 1k ₽." in t.text
    assert t.game.owner[3] is t.anna


def test_the_helps_words_work_at_the_prompt(classic, monkeypatch):
    t = Table(classic, monkeypatch, "roll\nbuy\nend\n", dice=[(1, 2)]).turn()
    assert t.game.owner[3] is t.anna
    assert "Please answer" not in t.text
    assert t.game.answers == [["done"], "buy", ["done"]]


def test_engine_ids_become_names(classic, monkeypatch):
    t = Table(classic, monkeypatch, "", dice=[])
    t.human.rejected(Decision("manage", t.anna, ()),
                     "Anna does not own the whole group brown; first_parkovaya already has a hotel")
    assert "Anna does not own the whole group Brown; First Parkovaya Street already has a hotel" in t.text
    assert "first_parkovaya" not in t.text
    t.human.rejected(Decision("manage", t.anna, ()), "a player in jail cannot build; go first")
    assert "a player in jail cannot build; go first" in t.text     # ids that are words stay words


def test_menu_numbers_stay_after_a_step(classic, monkeypatch):
    # the deeds are the menu's lines: 1 Zhitnaya, 2 Riga. Anna (no cash) mortgages Zhitnaya
    # (1, then its 1); lifting it costs 33k ₽ of her 30k ₽, so Zhitnaya has nothing left to do
    # and leaves the menu, but Riga keeps its number 2 (not renumbered to 1) within the window
    t = Table(classic, monkeypatch, "1\n1\n2\n1\n\n\n", dice=[(4, 6)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(5, t.anna)
    t.other.cash += t.anna.cash
    t.anna.cash = 0
    t.turn()
    assert t.game.mortgaged[1] and t.game.mortgaged[5]
    assert t.text.count("  2  Riga Railway Station (Railway stations): mortgage +100k ₽") == 2
    assert "  1  Riga Railway Station" not in t.text


def test_build_evenly_up_to_n_houses(classic, monkeypatch):
    t = Table(classic, monkeypatch, "e\n3\n\n\n", dice=[(1, 2)])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.anna)
    t.turn()
    assert t.game.level[1] == 3 and t.game.level[3] == 3
    assert t.anna.cash == 1500 - 6 * 50
    assert t.game.houses == 32 - 6
    assert "Built evenly: every lot of Brown has 3." in t.text


def test_compact_status_fits_and_has_rents(classic, monkeypatch):
    t = Table(classic, monkeypatch, "", dice=[])
    t.game.set_owner(1, t.anna)
    t.game.set_owner(3, t.anna)
    t.game.set_owner(12, t.other)
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(compact_view(t.game, t.human.names))
    text = out.getvalue()
    assert len(text.splitlines()) <= 16
    assert "Zhitnaya Street Anna rent 4k ₽" in text          # double rent on a whole unbuilt group
    assert "Power Station Bot rent 4× dice" in text


def test_ring_board_on_a_key(classic, monkeypatch):
    cells = [(p.row, p.column) for p in plan(None, 40).places]
    assert cells[0] == (10, 10) and cells[10] == (10, 0) and cells[20] == (0, 0) and cells[30] == (0, 10)
    t = Table(classic, monkeypatch, "m\n\n", dice=[(4, 6)])
    t.game.set_owner(1, t.anna)
    t.game.level[1] = 0
    t.game.players[1].pos = 1
    t.game.ask(Decision("manage", t.anna, ("done",), window="before_roll"))
    lines = t.text.splitlines()
    board = [ln for ln in lines if "Zhitna" in ln]
    assert board, t.text
    row = lines.index(board[0])
    assert "A*B" in lines[row + 1]          # Anna owns Zhitnaya, Bot stands on it
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(ring_view(t.game, t.human.names))
    assert len(out.getvalue().splitlines()) == 22


def test_a_bot_says_why_it_rejects_and_counters(classic, monkeypatch):
    from magie.engine.agents.basic import BasicBot
    from magie.engine.game.decisions import TradeOffer

    bot = BasicBot()
    t = Table(classic, monkeypatch, "c\n\n", dice=[(1, 2)], bot=bot)
    t.game.set_owner(1, t.other)                       # Bot holds Zhitnaya (60)
    offer = TradeOffer(0, 1, give_cash=1, get_deeds=(1,))
    assert t.game.propose_trade(offer) is False        # 1k ₽ for a 60k ₽ deed: rejected
    why = bot.trade_reason(t.game, t.other, offer)
    assert why.startswith("what it gets is worth") and why.endswith("less to it than what it gives")
    counter = bot.counter_offer(t.game, t.other, offer)
    assert counter is not None and counter.get_deeds == (1,) and counter.give_cash > 1
    assert bot.decide(t.game, Decision("trade", t.other, ("accept", "reject"), offer=counter)) == "accept"
    # at the terminal: the reason, the counter, and "c" proposes it (the bot accepts)
    t.human._last_action = ("trade", offer)
    answer = t.human.decide(t.game, Decision("manage", t.anna, ("done",), window="before_roll"))
    assert answer == ("trade", counter)
    assert "Bot says no: what it gets is worth" in t.text
    assert f"Bot would accept: Anna → Bot: {counter.give_cash}k ₽ for Zhitnaya Street" in t.text


def test_lang_ru_prompts_come_from_the_catalogue(classic, monkeypatch):
    from magie.cli.i18n import gettext_for
    from magie.cli.terminal import HELP

    t = Table(classic, monkeypatch, "h\nкупить\n", dice=[])
    t.human.names.lang = "ru"
    from magie.cli.human import HumanAgent
    t.human = HumanAgent("Anna", t.term, t.human.names)
    t.game.agents[0] = t.human
    assert t.human.decide(t.game, Decision("buy", t.anna, ("buy", "decline"), space=3, price=60)) == "buy"
    assert "продаётся: цена 60 тыс. ₽; у вас 1500 тыс. ₽." in t.text
    assert "купить за 60 тыс. ₽" in t.text and "с сводка, п поле, ? справка" in t.text
    assert gettext_for("ru").gettext(HELP).splitlines()[0] == "[bold]В любом вопросе[/]"
    assert "В любом вопросе" in t.text


def test_m_at_an_auction_bids_the_minimum_and_does_not_show_the_map(classic, monkeypatch):
    # the auction's own "m" (bid the minimum) beats the global "m" (the map) of every prompt
    bot = Scripted(name="bot", bid=[10, None])
    t = Table(classic, monkeypatch, "\n2\nm\n\n", dice=[(1, 2)], bot=bot).turn()
    assert "s status, map, h help" in t.text          # the hint no longer offers m for the map
    assert "Free P" not in t.text                       # no ring board was drawn
    assert t.game.owner[3] is t.anna and t.anna.cash == 1500 - 11


@pytest.mark.parametrize("lang, houses, one", [
    ("en", "Bank: 1 house and 1 hotel left  (type full for the whole tables)", "Anna 1500k ₽ · GO · 1 deed ·"),
    ("ru", "Банк: в запасе 1 дом и 1 отель  (полные таблицы: введите «таблицы»)",
     "Anna 1500 тыс. ₽ · Вперёд · 1 участок ·"),
])
def test_counts_take_the_plural_form_of_their_number(classic, monkeypatch, lang, houses, one):
    t = Table(classic, monkeypatch, "", dice=[])
    t.human.names.lang = lang
    t.game.set_owner(1, t.anna)
    t.game.stock["house"], t.game.stock["hotel"] = 1, 1
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(compact_view(t.game, t.human.names))
    assert houses in out.getvalue() and one in out.getvalue(), out.getvalue()
    t.game.stock["house"], t.game.stock["hotel"] = 5, 2
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(compact_view(t.game, t.human.names))
    assert ("Bank: 5 houses and 2 hotels left" if lang == "en" else "Банк: в запасе 5 домов и 2 отеля") \
        in out.getvalue()


def test_the_help_speaks_of_the_keys_the_prompt_offers(classic, monkeypatch):
    t = Table(classic, monkeypatch, "h\nbuy\n", dice=[])
    assert t.human.decide(t.game, Decision("buy", t.anna, ("buy", "decline"), space=3, price=60)) == "buy"
    assert "Answer with the key before an option (a number or a letter) or one of its words" in t.text
    assert "  1  buy, b, yes, y" in t.text and "  2  decline, do not buy, no, n" in t.text
    assert "the number of an option" not in t.text


def test_the_help_at_a_manage_prompt_says_why_the_other_actions_are_closed(classic, monkeypatch):
    t = Table(classic, monkeypatch, "?\n\n\n\n", dice=[(1, 2)])
    t.game.set_owner(1, t.anna)                     # Zhitnaya: Anna's; Nagatinskaya: the bot's
    t.game.set_owner(3, t.other)
    assert t.game.closed_actions(t.anna, "before_roll") == [
        (("build", 1), "Anna does not own the whole group brown: nagatinskaya belongs to Bot")]
    t.turn()
    said = " ".join(t.text.split())
    assert "Not open now, and why:" in said
    assert "Anna does not own the whole group Brown: Nagatinskaya Street belongs to Bot" in said
    t.game.set_owner(3, None)
    t.game.mortgaged[1] = True
    assert t.game.closed_actions(t.anna, "before_roll") == [
        (("build", 1), "Anna does not own the whole group brown: nagatinskaya is the bank's")]


def test_the_russian_map_drops_the_first_word_many_names_share_and_marks_houses_alike():
    from magie.cli.ring import short_names
    from tests.game.helpers import game
    ed = playable("classic")
    g = game(ed, {"Anna": {"owns": {"polyanka": 2}}, "Boris": {}})
    short = short_names(g, Names(ed, "ru"))
    assert short[ed.space_index["polyanka"]] == "Полянка"              # «Улица Полянка»: «Улица» begins many
    assert short[ed.space_index["arbat"]] == "Арбат"
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(ring_view(g, Names(ed, "ru")))
    assert "Полянк" in out.getvalue() and "A⌂⌂" in out.getvalue()
    assert "⌂ дом, О отель, × залог, *A кто стоит" in out.getvalue()       # Anna's own mark, A
