"""The readable game log: one line per meaningful event, in the edition's language.

`Names` turns the engine's ids and amounts into player-facing text (space, group, deck and
card names and card texts from the edition in the chosen language, money in the edition's
currency format). `EventRenderer` is an `EventLog` listener that prints the events as they
happen with rich: turn headers, rolls and moves, purchases, auctions (one line each, not every
bid), payments, cards, jail, buildings, mortgages, trades and bankruptcies. Payments that
another line already tells (a purchase price, a building's cost, a mortgage) are folded into
that line.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.markup import escape

from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.game.decisions import DECISION_KINDS, Deal, TradeOffer

_ID = re.compile(r"\b[a-z][a-z0-9_]*\b")
"""A word that may be an edition id (space and group ids are lower-case words)."""

_ID_BEFORE = ("own ", "on ", "group ")

_FOLDED = frozenset({"purchase", "auction", "build", "sell_building", "mortgage", "unmortgage",
                     "salary", "trade", "sell_deed", "fine"})
"""Payment reasons whose amount appears in the line of the event that goes with them."""

_HOW_LEFT = {"paid": "pays the fine and leaves jail", "card": "uses a get-out-of-jail card and leaves jail",
             "doubles": "throws doubles and leaves jail", "served": "has served the sentence and leaves jail",
             "forced": "leaves jail after the last try"}

_REASONS = {"last_standing": "the last player left", "round_limit": "the round limit was reached",
            "time_limit": "time ran out", "condition": "the edition's end condition was met"}


class Names:
    """Player-facing names and amounts for one edition and language.

    `players` maps seat numbers to names (set when the game starts)."""

    def __init__(self, edition: Edition, lang: str = "en"):
        self.ed = edition
        self.lang = lang
        self.players: dict[int, str] = {}
        self._cards = {(d.id, c.id): c for d in edition.decks.values() for c in d.cards}

    def money(self, amount: int) -> str:
        """An amount in the edition's currency format, e.g. '1500k ₽'."""
        return escape(self.ed.currency.show(amount, self.lang))

    def player(self, seat: int | str | None) -> str:
        """A player's name in bold, 'the bank' for None, 'the treasury' for 'treasury'."""
        if seat is None:
            return "the bank"
        if isinstance(seat, str):          # the treasury
            return "the treasury"
        return f"[bold]{escape(self.players.get(seat, f'seat {seat}'))}[/]"

    def rents(self, sp) -> str:
        """A deed's rent table in words: money for streets and railroads ('2k ₽ / 10k ₽'),
        dice multipliers for utilities ('4× / 10× the dice'), whose rent is the throw times
        the multiplier ([000] 9.3)."""
        if sp.kind == "utility":
            return " / ".join(f"{r}×" for r in sp.rent) + " the dice"
        return " / ".join(self.money(r) for r in sp.rent)

    def ids_to_names(self, text: str) -> str:
        """`text` (an engine message) with the space and group ids in it replaced by their
        names in this language: 'street_id already has a hotel' -> 'Its Name already ...'."""
        def name(m: re.Match) -> str:
            word = m.group(0)
            # an id that is also an English word ("jail", "bank") is taken as an id only where
            # the engine's messages put a deed: at the start, after "own "/"on "/"group "
            before = text[:m.start()]
            if "_" not in word and before.strip() and not before.endswith(_ID_BEFORE):
                return word
            if word in self.ed.space_index:
                return self.space(word)
            if word in self.ed.group_by_id:
                return self.group(word)
            return word
        return _ID.sub(name, text)

    def who(self, seat: int | str | None) -> str:
        """A player as the subject of a log line: 'Anna:' (a colon, so that the verb after it
        reads right for any name, also a player named "You": "You: rolls 3 + 4")."""
        return f"{self.player(seat)}:"

    def plain_player(self, seat: int) -> str:
        return self.players.get(seat, f"seat {seat}")

    def space(self, space: int | str, color: bool = True) -> str:
        """A space's name (by index or id), in its group's color."""
        i = space if isinstance(space, int) else self.ed.space_index.get(space)
        if i is None:
            return escape(str(space))
        sp = self.ed.spaces[i]
        name = escape(text_in(sp.name, self.lang) or sp.id)
        if color and sp.group_index >= 0:
            return f"[{self.ed.groups[sp.group_index].color}]{name}[/]"
        return name

    def group(self, group_id: str | None, color: bool = True) -> str:
        g = self.ed.group_by_id.get(group_id) if group_id else None
        if g is None:
            return escape(str(group_id or ""))
        name = escape(text_in(g.name, self.lang) or g.id)
        return f"[{g.color}]{name}[/]" if color else name

    def deck(self, deck_id: str) -> str:
        d = self.ed.decks.get(deck_id)
        return escape(text_in(d.name, self.lang) or deck_id) if d else escape(deck_id)

    def card_text(self, deck_id: str, card_id: str) -> str:
        c = self._cards.get((deck_id, card_id))
        return escape(c.shown(self.ed.currency, self.lang) if c else card_id)

    def symbol(self, symbol: str) -> str:
        """The name of a symbol face of the edition's own dice, in this language."""
        s = self.ed.symbols.get(symbol)
        return escape(text_in(s.name, self.lang) if s else symbol)

    def source_text(self, source: str) -> str:
        """The text of the card or action with id `source` (a choice's source)."""
        for (_, card_id), c in self._cards.items():
            if card_id == source:
                return escape(c.shown(self.ed.currency, self.lang))
        a = next((a for a in self.ed.actions if a.id == source), None)
        if a is not None:
            return escape(text_in(a.text, self.lang))
        k = next((k for k in self.ed.space_kinds if k.id == source), None)
        if k is not None:
            return escape(self.ed.currency.render(text_in(k.text, self.lang) or text_in(k.name, self.lang),
                                                  k.values, self.lang))
        return escape(source)

    def labels_of(self, source: str):
        """The option texts of the card or action `source` (label -> text)."""
        for (_, card_id), c in self._cards.items():
            if card_id == source:
                return c.labels
        a = next((a for a in self.ed.actions if a.id == source), None)
        if a is not None:
            return a.labels
        k = next((k for k in self.ed.space_kinds if k.id == source), None)
        return k.labels if k else {}

    def label(self, source: str, labels, label: str) -> str:
        """The text of a choice's option: the edition's label text in this language (with its
        amounts), else the label with spaces."""
        values: dict = next((c.values for (_, cid), c in self._cards.items() if cid == source),
                            next((k.values for k in self.ed.space_kinds if k.id == source), {}))
        text = text_in(labels.get(label), self.lang) if label in labels else ""
        return self.ed.currency.render(text, values, self.lang) if text else label.replace("_", " ")

    def held_card(self, held) -> str:
        """A held card (deck id, card id), e.g. 'Chance: “Get out of jail free.”' (first sentence)."""
        deck_id, card_id = held
        text = self.card_text(deck_id, card_id)
        first = text.split(". ")[0].rstrip(".")
        return f"{self.deck(deck_id)} card “{first}”"

    def side(self, deeds, cash: int, cards) -> str:
        """One side of a trade: 'Polyanka Street, 100k ₽ and a Chance card' ('nothing')."""
        parts = [self.space(i) for i in deeds]
        if cash:
            parts.append(self.money(cash))
        parts += [self.held_card(c) for c in cards]
        if not parts:
            return "nothing"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def offer(self, offer: TradeOffer) -> str:
        """A trade in words: 'Anna → Boris: X and 100k ₽ for Y' (what the proposer gives first)."""
        return (f"{self.player(offer.proposer)} → {self.player(offer.partner)}: "
                f"{self.side(offer.give_deeds, offer.give_cash, offer.give_cards)} for "
                f"{self.side(offer.get_deeds, offer.get_cash, offer.get_cards)}")

    def deal(self, deal: Deal) -> str:
        """A deal of several parties in words, leg by leg: 'Anna → Boris: X; Boris → Clara: 100k ₽'."""
        return "; ".join(f"{self.player(leg.giver)} → {self.player(leg.taker)}: "
                         f"{self.side(leg.deeds, leg.cash, leg.cards)}" for leg in deal.legs)

    def reason(self, end_reason: str) -> str:
        return _REASONS.get(end_reason, end_reason)


class EventRenderer:
    """Prints game events as readable lines (use as `EventLog(listener=renderer)`).

    Set `enabled = False` to follow the game silently (while a save is replayed)."""

    def __init__(self, console: Console, names: Names):
        self.console = console
        self.names = names
        self.enabled = True
        self._stash: dict[str, int] = {}       # folded payment amounts, by reason
        self._where: dict[int, str] = {}       # the space each player last moved to
        self._bidding: dict[str, Any] | None = None
        self._roll_line: tuple[int, int, str] | None = None   # (player, total, line) not yet printed
        self._offer: TradeOffer | None = None
        self._deal: Deal | None = None
        self._trading = False
        self._jailed: set[int] = set()
        self._card_open: str | None = None    # the card just drawn, until something follows it
        self._hotel = edition_hotel_level(names.ed)

    def __call__(self, event: dict) -> None:
        e = event["e"]
        handler = getattr(self, "_on_" + e, None)
        if e == "start":     # names are needed even when replaying silently
            self.names.players = dict(enumerate(event["players"]))
        if self._card_open is not None and e not in ("card", "flag"):
            # the turn went on (a new turn, the next throw, the end) and the card did nothing
            quiet = e in ("turn", "end") or (e == "roll" and not event.get("extra"))
            if quiet:
                self.say(f"  [dim]{self._card_open}: no effect[/]")
            self._card_open = None
        pending = self._roll_line
        if pending is not None:
            self._roll_line = None
            if e == "move" and event["player"] == pending[0] and event["steps"] == pending[1]:
                self._where[event["player"]] = event["to"]
                self.say(f"{pending[2]} → {self.names.space(event['to'])}")
                return
            self.say(pending[2])
        line = handler(event) if handler is not None else self._other(event)
        if e not in ("pay", "deed", "unmortgage"):
            self._trading = e in ("trade", "deal_accepted")
        if line:
            self.say(line)

    def flush(self) -> None:
        """Print a roll held back to share its line with the move that follows."""
        if self._roll_line is not None:
            self.say(self._roll_line[2])
            self._roll_line = None

    def say(self, line: str) -> None:
        """Print a line (markup allowed): an event's, or one of the CLI's own; nothing while
        the renderer is disabled (a silent replay)."""
        if self.enabled:
            self.console.print(line, highlight=False, soft_wrap=True)

    # ------------------------------------------------------------------ events
    def _on_start(self, ev):
        n = self.names
        name = escape(text_in(n.ed.name, n.lang) or n.ed.id)
        return f"[bold]{name}[/] · seed {ev['seed']}"

    def _on_order(self, ev):
        return "Order of play: " + ", ".join(self.names.player(s) for s in ev["order"])

    def _on_order_roll(self, ev):
        return None

    def _on_deal(self, ev):
        n = self.names
        line = f"{n.space(ev['space'])} is dealt to {n.player(ev['player'])}"
        if n.ed.setup.deal_pay:
            line += f" for {n.money(n.ed.spaces[n.ed.space_index[ev['space']]].price)}"
        return line

    def _on_turn(self, ev):
        n = self.names
        seat = ev["player"]
        where = n.space(ev["pos"])
        jail = " [red](in jail)[/]" if seat in self._jailed else ""
        self._bidding = None
        self.flush()
        if self.enabled:
            self.console.rule(f"Round {ev['round']} · {n.player(seat)} · {n.money(ev['cash'])} · {where}{jail}",
                              align="left", style="dim")
        return None

    def _on_roll(self, ev):
        p = self.names.who(ev["player"]) if ev["player"] >= 0 else "The dice:"
        dice = ev["dice"]
        shown = " + ".join(map(str, dice))
        if ev.get("faces"):       # the edition's own dice: their faces (symbols by name)
            base = dice[:len(dice) - len(ev["faces"])]
            faces = [self.names.symbol(f) if isinstance(f, str) else str(f) for f in ev["faces"]]
            shown = " + ".join(map(str, base)) + " + " + " + ".join(faces)
            double = " [yellow](doubles)[/]" if len(base) > 1 and len(set(base)) == 1 else ""
            self._roll_line = (ev["player"], sum(dice), f"{p} rolls {shown}{double}")
            return None
        total = f" = {sum(dice)}" if len(dice) > 1 else ""
        double = " [yellow](doubles)[/]" if len(dice) > 1 and len(set(dice)) == 1 else ""
        if ev.get("extra"):     # a card's or a court's dice: not always the current player's
            return f"The dice show {shown}{total}"
        if ev.get("jail"):
            return f"{p} throws {shown}{total} in jail{double}"
        self._roll_line = (ev["player"], sum(dice), f"{p} rolls {shown}{total}{double}")
        return None

    def _on_intro_reroll(self, ev):
        dice = ev["dice"]
        line = (f"{self.names.who(ev['player'])} is on the introductory lap and rolls again: "
                f"{' + '.join(map(str, dice))} = {sum(dice)}")
        self._roll_line = (ev["player"], sum(dice), line)
        return None

    def _on_jackpot(self, ev):
        return f"{self.names.who(ev['player'])} takes the jackpot: {self.names.money(ev['amount'])}"

    def _on_timeout(self, ev):
        kind = DECISION_KINDS.get(ev["decision"])
        what = kind.label if kind is not None else ev["decision"]
        return (f"{self.names.who(ev['player'])} [yellow]did not answer in time[/] "
                f"({escape(str(what))})")

    def _on_move(self, ev):
        self._where[ev["player"]] = ev["to"]
        steps = ev["steps"]
        to = self.names.space(ev["to"])
        if steps < 0:
            return f"{self.names.who(ev['player'])} moves back {-steps} to {to}"
        return f"{self.names.who(ev['player'])} moves to {to}"

    def _on_lap(self, ev):
        n = self.names
        start = n.space(n.ed.start_index)
        amount = ev["salary"]
        # the move came first: ending the move on the start space is landing on it, not passing
        on_start = self._where.get(ev["player"]) == n.ed.spaces[n.ed.start_index].id
        verb = "lands on" if on_start else "passes"
        if amount > 0:
            return f"{n.who(ev['player'])} {verb} {start}: collects {n.money(amount)}"
        if amount < 0:
            return f"{n.who(ev['player'])} {verb} {start}: pays {n.money(-amount)}"
        return f"{n.who(ev['player'])} {verb} {start}: nothing to collect"

    def _on_buy(self, ev):
        n = self.names
        return f"{n.who(ev['player'])} buys {n.space(ev['space'])} for {n.money(ev['price'])}"

    def _on_decline(self, ev):
        n = self.names
        return f"{n.who(ev['player'])} does not buy {n.space(ev['space'])}"

    def _on_auction(self, ev):
        self._bidding = {"space": ev["space"], "bids": 0, "bidders": set()}
        return None

    def _on_shortage_auction(self, ev):
        self._bidding = {"space": None, "bids": 0, "bidders": set()}
        what = "house" if ev["building"] == "house" else "hotel"
        return (f"The bank has only {ev['stock']} {what}{'s' if ev['stock'] != 1 else ''} left and "
                f"several players want them: the {what} goes to auction")

    def _on_bid(self, ev):
        if self._bidding is not None:
            self._bidding["bids"] += 1
            self._bidding["bidders"].add(ev["player"])
            self._bidding.setdefault("history", []).append((ev["player"], ev["amount"]))
        return None

    def bid_history(self) -> list[tuple[int, int]]:
        """The bids of the auction under way, oldest first: (seat, amount)."""
        return list((self._bidding or {}).get("history", ()))

    def _bids(self) -> str:
        a = self._bidding or {"bids": 0, "bidders": ()}
        k, b = a["bids"], len(a["bidders"])
        line = f"{k} bid{'s' if k != 1 else ''} from {b} player{'s' if b != 1 else ''}"
        history = a.get("history", [])
        if history:
            line += ": " + ", ".join(f"{self.names.player(s)} {self.names.money(m)}" for s, m in history[-8:])
        return line

    def _on_sold(self, ev):
        n = self.names
        line = (f"Auction of {n.space(ev['space'])}: sold to {n.player(ev['player'])} for "
                f"{n.money(ev['price'])} ({self._bids()})")
        self._bidding = None
        return line

    def _on_unsold(self, ev):
        self._bidding = None
        return f"Auction of {self.names.space(ev['space'])}: no bids; it stays with the bank"

    def _on_pay(self, ev):
        n = self.names
        reason, amount = ev["reason"], ev["amount"]
        payer, payee = ev["payer"], ev["payee"]
        if reason in _FOLDED:
            self._stash[reason] = amount
            return None
        money = n.money(amount)
        if reason == "rent":
            where = self._where.get(payer)
            at = f" for {n.space(where)}" if where else ""
            return f"{n.who(payer)} pays {n.player(payee)} {money} rent{at}"
        if reason == "tax":
            where = self._where.get(payer)
            return f"{n.who(payer)} pays {money}" + (f" ({n.space(where)})" if where else " tax")
        if reason == "interest":
            return f"{n.who(payer)} pays {money} interest on an inherited mortgage"
        if reason == "bankruptcy":
            if payer is None:
                return f"The bank pays {n.player(payee)} {money} of the bankrupt player's debt"
            return f"{n.who(payee)} takes {n.player(payer)}'s remaining {money}"
        if payer is None:
            return f"{n.who(payee)} receives {money} from the bank"
        if payee is None:
            return f"{n.who(payer)} pays {money} to the bank"
        if payee == "treasury":
            return f"{n.who(payer)} pays {money} into the treasury"
        if payer == "treasury":
            return f"{n.who(payee)} receives {money} from the treasury"
        return f"{n.who(payer)} pays {n.player(payee)} {money}"

    def _on_card(self, ev):
        n = self.names
        text = n.card_text(ev["deck"], ev["card"]) or escape(ev["card"])
        self._card_open = n.deck(ev["deck"])
        return f"{n.who(ev['player'])} draws {n.deck(ev['deck'])}: [italic]“{text}”[/]"

    def _on_card_kept(self, ev):
        return f"{self.names.who(ev['player'])} keeps the card"

    def _on_deck_empty(self, ev):
        return f"The {self.names.deck(ev['deck'])} deck is empty: nothing happens"

    def _on_jail(self, ev):
        self._jailed.add(ev["player"])
        return f"{self.names.who(ev['player'])} [red]goes to jail[/]"

    def _on_doubles_jail(self, ev):
        return f"{self.names.who(ev['player'])} throws doubles for the third time in a row"

    def _on_jail_leave(self, ev):
        self._jailed.discard(ev["player"])
        fine = self._stash.pop("fine", None)
        how = ev["how"]
        text = _HOW_LEFT.get(how, f"leaves jail ({how})")
        if how == "paid" and fine:
            text = f"pays the {self.names.money(fine)} fine and leaves jail"
        elif how == "forced" and fine:
            text = f"pays the {self.names.money(fine)} fine after the last try and leaves jail"
        return f"{self.names.who(ev['player'])} {text}"

    def _on_jail_stay(self, ev):
        return f"{self.names.who(ev['player'])} stays in jail (try {ev['attempts']})"

    def _on_build(self, ev):
        n = self.names
        lvl = ev["level"]
        sp = n.ed.spaces[n.ed.space_index[ev["space"]]]
        kind = (sp.building_at(lvl) or ("house", lvl))[0]
        if kind != "house":          # a hotel, or a kind of the edition's ladders
            return f"{n.who(ev['player'])} builds a {kind} on {n.space(ev['space'])} for {n.money(ev['cost'])}"
        return (f"{n.who(ev['player'])} builds a house on {n.space(ev['space'])} for "
                f"{n.money(ev['cost'])} ({lvl} house{'s' if lvl != 1 else ''} there)")

    def _on_sell(self, ev):
        n = self.names
        lvl = ev["level"]
        got = self._stash.pop("sell_building", None)
        sp = n.ed.spaces[n.ed.space_index[ev["space"]]]
        sold = (sp.building_at(lvl + 1) or ("house", 1))[0]
        what = "a house" if sold == "house" else f"the {sold}"
        left = f" ({lvl} left)" if sold == "house" else ""
        price = f" for {n.money(got)}" if got is not None else ""
        return f"{n.who(ev['player'])} sells {what} on {n.space(ev['space'])}{price}{left}"

    def _on_sell_all(self, ev):
        n = self.names
        got = self._stash.pop("sell_building", None)
        price = f" for {n.money(got)}" if got is not None else ""
        return f"{n.who(ev['player'])} sells every building of the {n.group(ev['group'])} group{price}"

    def _on_mortgage(self, ev):
        n = self.names
        got = self._stash.pop("mortgage", None)
        price = f" for {n.money(got)}" if got is not None else ""
        return f"{n.who(ev['player'])} mortgages {n.space(ev['space'])}{price}"

    def _on_unmortgage(self, ev):
        n = self.names
        cost = self._stash.pop("unmortgage", None)
        price = f" for {n.money(cost)}" if cost is not None else ""
        return f"{n.who(ev['player'])} lifts the mortgage on {n.space(ev['space'])}{price}"

    def _on_sell_deed(self, ev):
        n = self.names
        return f"{n.who(ev['player'])} sells {n.space(ev['space'])} to the bank for {n.money(ev['value'])}"

    def _on_released(self, ev):
        n = self.names
        return f"{n.space(ev['space'])} goes back to the bank ({n.player(ev['player'])} did not redeem it)"

    def _on_deed(self, ev):
        if self._trading:
            return None
        n = self.names
        return f"{n.space(ev['space'])} passes from {n.player(ev['frm'])} to {n.player(ev['to'])}"

    def _on_trade_offer(self, ev):
        self._offer = TradeOffer.from_json(ev)
        return None

    def _on_trade(self, ev):
        offer = self._offer
        self._offer = None
        if offer is None:
            return f"Trade between {self.names.player(ev['proposer'])} and {self.names.player(ev['partner'])}"
        return f"Trade: {self.names.offer(offer)}"

    def _on_trade_rejected(self, ev):
        offer = self._offer
        self._offer = None
        n = self.names
        text = f" ({n.offer(offer)})" if offer else ""
        return f"{n.who(ev['partner'])} rejects the offer of {n.player(ev['proposer'])}{text}"

    def _on_deal_offer(self, ev):
        self._deal = Deal.from_json(ev)
        return None

    def _on_deal_accepted(self, ev):
        deal = self._deal
        self._deal = None
        n = self.names
        if deal is None:
            return "Deal between " + ", ".join(n.player(s) for s in ev["parties"])
        return f"Deal: {n.deal(deal)}"

    def _on_deal_rejected(self, ev):
        deal = self._deal
        self._deal = None
        n = self.names
        text = f" ({n.deal(deal)})" if deal else ""
        return f"{n.who(ev['by'])} rejects the deal of {n.player(ev['proposer'])}{text}"

    def _on_bankrupt(self, ev):
        n = self.names
        self._jailed.discard(ev["player"])
        who = f"{n.who(ev['player'])} [bold red]is bankrupt[/]"
        if not ev.get("debt"):
            return f"{who} and leaves the game"
        return f"{who}, owing {n.money(ev['debt'])} to {n.player(ev['creditor'])}"

    def _on_action(self, ev):
        n = self.names
        a = next((a for a in n.ed.actions if a.id == ev["action"]), None)
        name = escape(text_in(a.name, n.lang) or a.id) if a else escape(ev["action"])
        target = f" on {n.space(ev['target'])}" if ev.get("target") else ""
        return f"{n.who(ev['player'])} uses {name}{target}"

    def _on_rent_unclaimed(self, ev):
        n = self.names
        return (f"{n.who(ev['owner'])} does not claim the rent on {n.space(ev['space'])} "
                f"from {n.player(ev['player'])}")

    def _on_flag(self, ev):
        return None

    def _on_choice(self, ev):
        labels = self.names.labels_of(ev["source"])
        if ev["label"] not in labels and ev["label"] in self.names.ed.space_index:   # a pick(...)
            label = self.names.space(ev["label"])
        else:
            label = self.names.label(ev["source"], labels, ev["label"])
        return f"{self.names.player(ev['player'])} chooses: {label}"

    def _on_symbol(self, ev):
        return f"{self.names.player(ev['player'])}'s die shows {self.names.symbol(ev['symbol'])}"

    def _on_all_alike(self, ev):
        return f"{self.names.player(ev['player'])} throws the same number on every die"

    def _on_card_played(self, ev):
        return f"{self.names.player(ev['player'])} plays a kept card"

    def _on_card_discarded(self, ev):
        return f"{self.names.player(ev['player'])} loses a kept card"

    def _on_end(self, ev):
        return None

    def _on_loan(self, ev):
        n = self.names
        pledged = ", ".join(n.space(i) for i in ev["pledged"])
        return f"{n.who(ev['player'])} borrows {n.money(ev['amount'])} from the bank on {pledged} ({ev['loans']} held)"

    def _on_repay(self, ev):
        n = self.names
        return f"{n.who(ev['player'])} repays a bank loan of {n.money(ev['amount'])} ({ev['loans']} left)"

    def _on_vote(self, ev):
        n = self.names
        what = "ending the game" if ev["topic"] == "end" else f"the rule switch {escape(ev['topic'])}"
        yes = ", ".join(n.plain_player(s) for s in ev["yes"]) or "nobody"
        return f"Vote on {what}: yes from {escape(yes)}; " + ("carried" if ev["carried"] else "not carried")

    def _on_rule_switch(self, ev):
        return f"[bold]The rules change[/]: {escape(ev['switch'])} is in force from now on"

    def _other(self, ev):
        """An event this renderer does not know (a newer engine): shown as its fields."""
        fields = ", ".join(f"{k}={v}" for k, v in ev.items() if k not in ("e", "turn"))
        return f"[dim]{escape(ev['e'])}: {escape(fields)}[/]"


def edition_hotel_level(edition: Edition) -> int:
    """The building level of a hotel (one more than the most houses on a lot)."""
    return edition.rules.houses_before_hotel + 1
