"""Events and decisions in words for the browser: plain text (the page escapes it), in the game's
language, from the interface catalogue (`magie.cli.i18n`) and the edition's own names.

`Words` names things (players, spaces, groups, money, cards, trades); `narrate(event)` gives
one line per event worth a line (None for bookkeeping events); `describe_action` labels a manage
or raise action with its money and the rent it leads to.
"""

from __future__ import annotations

import re
from typing import Any

from magie.engine.edition.model import Edition, text_in
from magie.engine.game.decisions import Deal, TradeOffer

from ..i18n import gettext_for


class Words:
    """Names and amounts for one edition in one language (texts are plain, not markup).
    `players` maps seats to names."""

    def __init__(self, edition: Edition, lang: str, players: dict[int, str]):
        self.ed = edition
        self.lang = lang
        self.players = players
        t = gettext_for(lang)
        self._ = t.gettext
        self.n_ = t.ngettext
        self._cards = {(d.id, c.id): c for d in edition.decks.values() for c in d.cards}
        self.hotel_level = edition.rules.houses_before_hotel + 1
        self._space_names = {s.id: f"«{text_in(s.name, lang) or s.id}»" for s in edition.spaces if s.is_deed}

    def plain(self, text: str) -> str:
        """An engine message with the space ids in it replaced by the spaces' names."""
        return re.sub(r"\b[a-z][a-z0-9_]*\b", lambda m: self._space_names.get(m.group(0), m.group(0)), text)

    def money(self, amount: int) -> str:
        return self.ed.currency.show(amount, self.lang)

    def player(self, seat: int | str | None) -> str:
        if seat is None:
            return self._("the bank")
        if isinstance(seat, str):          # the treasury
            return self._("the treasury")
        return self.players.get(seat, f"#{seat}")

    def space(self, space: int | str | None) -> str:
        if space is None:
            return ""
        i = space if isinstance(space, int) else self.ed.space_index.get(space)
        if i is None or not 0 <= i < len(self.ed.spaces):
            return str(space)
        sp = self.ed.spaces[i]
        return text_in(sp.name, self.lang) or sp.id

    def group(self, group_id: str) -> str:
        g = self.ed.group_by_id.get(group_id)
        return (text_in(g.name, self.lang) or g.id) if g else str(group_id)

    def deck(self, deck_id: str) -> str:
        d = self.ed.decks.get(deck_id)
        return (text_in(d.name, self.lang) or deck_id) if d else deck_id

    def card(self, deck_id: str, card_id: str) -> str:
        c = self._cards.get((deck_id, card_id))
        return text_in(c.text, self.lang) if c else card_id

    def action_name(self, action_id: str) -> str:
        a = next((a for a in self.ed.actions if a.id == action_id), None)
        return (text_in(a.name, self.lang) or a.id) if a else action_id

    def side(self, deeds, cash: int, cards) -> str:
        parts = [self.space(i) for i in deeds]
        if cash:
            parts.append(self.money(cash))
        parts += [f"{self.deck(d)}: {self.card(d, c)}" for d, c in cards]
        return ", ".join(parts) if parts else self._("nothing")

    def offer(self, o: TradeOffer) -> str:
        return self._("{proposer} gives {give} to {partner} for {get}").format(
            proposer=self.player(o.proposer), partner=self.player(o.partner),
            give=self.side(o.give_deeds, o.give_cash, o.give_cards),
            get=self.side(o.get_deeds, o.get_cash, o.get_cards))


    def deal(self, deal: Deal) -> str:
        return "; ".join(self._("{giver} gives {what} to {taker}").format(
            giver=self.player(leg.giver), taker=self.player(leg.taker),
            what=self.side(leg.deeds, leg.cash, leg.cards)) for leg in deal.legs)


_FOLDED = frozenset({"purchase", "auction", "build", "sell_building", "mortgage", "unmortgage",
                     "salary", "trade", "sell_deed"})
"""Payments whose amount the line of another event already tells."""


SILENT_EVENTS = frozenset({"order_roll", "flag", "choice", "card_played", "card_discarded"})
"""Event kinds that get no line of their own (the order line and the card lines tell them)."""


def narrate(w: Words, ev: dict[str, Any]) -> str | None:
    """One event as a sentence, or None for events that need no line of their own."""
    _ = w._
    e = ev["e"]
    p = w.player(ev.get("player")) if "player" in ev else ""
    if e == "start":
        return _("New game of {edition}, seed {seed}").format(edition=text_in(w.ed.name, w.lang), seed=ev["seed"])
    if e == "order":
        return _("Order of play: {order}").format(order=", ".join(w.player(s) for s in ev["order"]))
    if e == "turn":
        return _("Round {round}: {player}'s turn").format(round=ev["round"], player=p)
    if e == "roll":
        shown = list(map(str, ev["dice"]))
        if ev.get("faces"):      # the edition's own dice: symbols by name
            symbols = w.ed.symbols
            shown = shown[:len(shown) - len(ev["faces"])] + [
                text_in(symbols[f].name, w.lang) if isinstance(f, str) and f in symbols else str(f)
                for f in ev["faces"]]
        dice = " + ".join(shown)
        if ev.get("extra") or ev["player"] < 0:
            return _("The dice show {dice}").format(dice=dice)
        return _("{player} rolls {dice}").format(player=p, dice=dice)
    if e == "symbol":
        s = w.ed.symbols.get(ev["symbol"])
        name = text_in(s.name, w.lang) if s else ev["symbol"]
        return _("{player}'s die shows {symbol}").format(player=p, symbol=name)
    if e == "all_alike":
        return _("{player} throws the same number on every die").format(player=p)
    if e == "move":
        return _("{player} moves to {space}").format(player=p, space=w.space(ev["to"]))
    if e == "lap":
        if ev["salary"] > 0:
            return _("{player} completes a lap and collects {amount}").format(player=p, amount=w.money(ev["salary"]))
        if ev["salary"] < 0:
            return _("{player} completes a lap and pays {amount}").format(player=p, amount=w.money(-ev["salary"]))
        return None
    if e == "buy":
        return _("{player} buys {space} for {amount}").format(player=p, space=w.space(ev["space"]),
                                                              amount=w.money(ev["price"]))
    if e == "decline":
        return _("{player} does not buy {space}").format(player=p, space=w.space(ev["space"]))
    if e == "auction":
        return _("Auction of {space}, from {amount}").format(space=w.space(ev["space"]), amount=w.money(ev["start"]))
    if e == "bid":
        return _("{player} bids {amount}").format(player=p, amount=w.money(ev["amount"]))
    if e == "sold":
        return _("{player} wins the auction of {space} for {amount}").format(
            player=p, space=w.space(ev["space"]), amount=w.money(ev["price"]))
    if e == "unsold":
        return _("Nobody bids for {space}: it stays with the bank").format(space=w.space(ev["space"]))
    if e == "deal":
        return _("{space} is dealt to {player}").format(space=w.space(ev["space"]), player=p)
    if e == "pay":
        if ev["reason"] in _FOLDED:
            return None
        payer, payee, amount = ev["payer"], ev["payee"], w.money(ev["amount"])
        if ev["reason"] == "rent":
            return _("{payer} pays {payee} {amount} rent").format(payer=w.player(payer), payee=w.player(payee),
                                                                  amount=amount)
        if payer is None:
            return _("{payee} receives {amount} from the bank").format(payee=w.player(payee), amount=amount)
        return _("{payer} pays {amount} to {payee}").format(payer=w.player(payer), payee=w.player(payee),
                                                            amount=amount)
    if e == "card":
        return _("{player} draws {deck}: “{text}”").format(player=p, deck=w.deck(ev["deck"]),
                                                           text=w.card(ev["deck"], ev["card"]))
    if e == "card_kept":
        return _("{player} keeps the card").format(player=p)
    if e == "jail":
        return _("{player} goes to jail").format(player=p)
    if e == "jail_leave":
        return _("{player} leaves jail").format(player=p)
    if e == "jail_stay":
        return _("{player} stays in jail (try {attempts})").format(player=p, attempts=ev["attempts"])
    if e == "build":
        if ev["level"] >= w.hotel_level:
            return _("{player} builds a hotel on {space} for {amount}").format(
                player=p, space=w.space(ev["space"]), amount=w.money(ev["cost"]))
        return _("{player} builds a house on {space} for {amount}").format(
            player=p, space=w.space(ev["space"]), amount=w.money(ev["cost"]))
    if e == "sell":
        return _("{player} sells a building on {space}").format(player=p, space=w.space(ev["space"]))
    if e == "sell_all":
        return _("{player} sells every building of {group}").format(player=p, group=w.group(ev["group"]))
    if e == "mortgage":
        return _("{player} mortgages {space}").format(player=p, space=w.space(ev["space"]))
    if e == "unmortgage":
        return _("{player} lifts the mortgage on {space}").format(player=p, space=w.space(ev["space"]))
    if e == "sell_deed":
        return _("{player} sells {space} to the bank for {amount}").format(
            player=p, space=w.space(ev["space"]), amount=w.money(ev["value"]))
    if e == "deed":
        return _("{space} passes to {player}").format(space=w.space(ev["space"]), player=w.player(ev["to"]))
    if e == "trade_offer":
        return _("Trade offer: {offer}").format(offer=w.offer(TradeOffer.from_json(ev)))
    if e == "trade":
        return _("{partner} accepts the trade").format(partner=w.player(ev["partner"]))
    if e == "trade_rejected":
        return _("{partner} rejects the trade").format(partner=w.player(ev["partner"]))
    if e == "deal_offer":
        return _("Deal offer: {deal}").format(deal=w.deal(Deal.from_json(ev)))
    if e == "deal_accepted":
        return _("Every party accepts the deal: {players}").format(
            players=", ".join(w.player(s) for s in ev["parties"]))
    if e == "deal_rejected":
        return _("{player} rejects the deal").format(player=w.player(ev["by"]))
    if e == "bankrupt":
        return _("{player} is bankrupt").format(player=p)
    if e == "action":
        return _("{player} uses {action}").format(player=p, action=w.action_name(ev["action"]))
    if e == "intro_reroll":
        return _("{player} is on the introductory lap and moves again: {dice}").format(
            player=p, dice=" + ".join(map(str, ev["dice"])))
    if e == "jackpot":
        return _("{player} takes the jackpot: {amount}").format(player=p, amount=w.money(ev["amount"]))
    if e == "shortage_auction":
        return _("The bank's last buildings go to auction ({stock} left)").format(stock=ev["stock"])
    if e == "deck_empty":
        return _("The {deck} deck is empty: nothing happens").format(deck=w.deck(ev["deck"]))
    if e == "doubles_jail":
        return _("{player} throws doubles too many times in a row").format(player=p)
    if e == "released":
        return _("{space} goes back to the bank: {player} did not redeem it").format(
            space=w.space(ev["space"]), player=p)
    if e == "rent_unclaimed":
        return _("{owner} does not claim the rent on {space}").format(owner=w.player(ev["owner"]),
                                                                      space=w.space(ev["space"]))
    if e == "timeout":
        return _("{player} did not answer in time").format(player=p)
    if e == "loan":
        return _("{player} borrows {amount} from the bank").format(player=p, amount=w.money(ev["amount"]))
    if e == "repay":
        return _("{player} repays a bank loan of {amount}").format(player=p, amount=w.money(ev["amount"]))
    if e == "vote":
        if ev["carried"]:
            return _("The vote on {topic} carries").format(topic=ev["topic"])
        return _("The vote on {topic} fails").format(topic=ev["topic"])
    if e == "rule_switch":
        return _("The rules change: {switch} from now on").format(switch=ev["switch"])
    if e == "end":
        return _("The game is over")
    return None


def describe_action(w: Words, game, action: tuple) -> str:
    """A manage or raise action in words, with its money and, for buildings, the rent it leads
    to: 'Build a house on X (50k ₽; rent 10k ₽ → 30k ₽)'."""
    _ = w._
    kind = action[0]
    if kind == "done":
        return _("Done")
    if kind == "bankrupt":
        return _("Declare bankruptcy")
    if kind in ("build", "sell", "mortgage", "unmortgage", "sell_deed"):
        i = action[1]
        sp = game.spaces[i]
        where = w.space(i)
        lvl = game.level[i]
        rent = sp.rent

        def rents(a: int, b: int) -> str:
            if 0 <= a < len(rent) and 0 <= b < len(rent):
                return "; " + _("rent {before} → {after}").format(before=w.money(rent[a]), after=w.money(rent[b]))
            return ""
        if kind == "build":
            cost = sp.hotel_cost if lvl == w.hotel_level - 1 else sp.house_cost
            what = _("Build a hotel on {space}") if lvl == w.hotel_level - 1 else _("Build a house on {space}")
            return what.format(space=where) + f" ({w.money(cost)}{rents(lvl, lvl + 1)})"
        if kind == "sell":
            return (_("Sell a building on {space}").format(space=where)
                    + f" (+{w.money(game.sell_value(i))}{rents(lvl, lvl - 1)})")
        if kind == "mortgage":
            return _("Mortgage {space}").format(space=where) + f" (+{w.money(sp.mortgage)})"
        if kind == "unmortgage":
            return _("Lift the mortgage on {space}").format(space=where) + f" ({w.money(game.unmortgage_cost(i))})"
        return _("Sell {space} to the bank").format(space=where) + f" (+{w.money(game.bank_sale_value(i))})"
    if kind == "sell_all":
        g = game.ed.group_by_id[action[1]]
        total = sum(game.building_refund(j, game.level[j]) for j in g.spaces)
        return _("Sell every building of {group}").format(group=w.group(g.id)) + f" (+{w.money(total)})"
    if kind == "act":
        target = f": {w.space(action[2])}" if len(action) > 2 and action[2] is not None else ""
        return w.action_name(action[1]) + target
    lo = game.rules.loans
    if kind == "loan" and lo is not None:
        return _("Borrow {amount} from the bank").format(amount=w.money(lo.unit))
    if kind == "repay" and lo is not None:
        return _("Repay a bank loan ({amount})").format(amount=w.money(lo.unit))
    if kind == "propose":
        return _("Propose a vote: {topic}").format(topic=action[1])
    return str(action)
