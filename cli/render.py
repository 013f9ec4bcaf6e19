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
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from magie.engine.edition.model import Edition
from magie.engine.edition.text import text_in
from magie.engine.game.decisions import DECISION_KINDS, Deal, TradeOffer
from magie.engine.game.view import GameView
from magie.engine.game.view import rent_at as view_rent_at

from .i18n import gettext_for, plural

_ID = re.compile(r"\b[a-z][a-z0-9_]*\b")
"""A word that may be an edition id (space and group ids are lower-case words)."""

_ID_BEFORE = ("own ", "on ", "group ", ": ", ", ")
"""Where the engine's messages put a space or group id: an id that is also a word ("jail",
"yellow") is taken as an id only after one of these."""

_FOLDED = frozenset({"purchase", "auction", "build", "sell_building", "mortgage", "unmortgage",
                     "salary", "trade", "sell_deed", "fine"})
"""Payment reasons whose amount appears in the line of the event that goes with them."""

def N_(message: str) -> str:
    """Marks a message for the catalogue where it is translated later (at use, with `_`)."""
    return message


_HOW_LEFT = {"paid": N_("pays the fine and leaves jail"), "card": N_("uses a get-out-of-jail card and leaves jail"),
             "doubles": N_("throws doubles and leaves jail"), "served": N_("has served the sentence and leaves jail"),
             "forced": N_("leaves jail after the last try")}

_REASONS = {"last_standing": N_("the last player left"), "round_limit": N_("the round limit was reached"),
            "time_limit": N_("time ran out"), "condition": N_("the edition's end condition was met"),
            "bank_empty": N_("the bank ran out of money")}

SILENT_EVENTS = frozenset({"order_roll", "auction", "bid", "trade_offer", "deal_offer", "flag", "end"})
"""Event kinds that get no line of their own: the lines of the events after them tell them
(the order, the auction's result with its bids, the trade)."""


class Names:
    """Player-facing names and amounts for one edition and language.

    `markup` False gives plain text (the web's, which the page escapes) instead of rich markup.
    `players` maps seat numbers to names (set when the game starts). `_(message)` is the
    interface's catalogue (cli/i18n.py) in this language, `n_(one, many, n)` its plurals."""

    def __init__(self, edition: Edition, lang: str = "en", *, markup: bool = True):
        self.ed = edition
        self.lang = lang
        self.markup = markup
        self._esc: Callable[[str], str] = escape if markup else str
        self.players: dict[int, str] = {}
        self._cards = {(d.id, c.id): c for d in edition.decks.values() for c in d.cards}

    def _(self, message: str) -> str:
        """`message` (an English message id of the catalogue) in this language."""
        return gettext_for(self.lang).gettext(message)

    def n_(self, one: str, many: str, n: int) -> str:
        """The singular or plural message for `n`, in this language (`i18n.plural`)."""
        return plural(self.lang, one, many, n)

    def money(self, amount: int) -> str:
        """An amount in the edition's currency format, e.g. '1500k ₽'."""
        return self._esc(self.ed.currency.show(amount, self.lang))

    def player(self, seat: int | str | None) -> str:
        """A player's name in bold, 'the bank' for None, 'the treasury' for 'treasury'."""
        if seat is None:
            return self._("the bank")
        if isinstance(seat, str):          # the treasury
            return self._("the treasury")
        name = self._esc(self.players.get(seat, f"seat {seat}"))
        return f"[bold]{name}[/]" if self.markup else name

    def rents(self, sp) -> str:
        """A deed's rent table in words: money for streets and railroads ('2k ₽ / 10k ₽'),
        dice multipliers for utilities ('4× / 10× the dice'), whose rent is the throw times
        the multiplier ([000] 9.3). A deed with more tables (`rent_tables`) lists each after
        the plain one with when it applies: '... (when the owner is a ROLE: 1k ₽ / 5k ₽)'."""
        def table(rent) -> str:
            if sp.kind == "utility":
                return " / ".join(f"{r}×" for r in rent) + " " + self._("the dice")
            return " / ".join(self.money(r) for r in rent)
        more = "".join(f" ({self._esc(text_in(t.text, self.lang))}: {table(t.rent)})" for t in sp.rent_tables)
        return table(sp.rent) + more

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

    def space(self, space: int | str | None, color: bool = True) -> str:
        """A space's name (by index or id), in its group's color."""
        if space is None:
            return ""
        i = space if isinstance(space, int) else self.ed.space_index.get(space)
        if i is None or not 0 <= i < len(self.ed.spaces):
            return self._esc(str(space))
        sp = self.ed.spaces[i]
        name = self._esc(text_in(sp.name, self.lang) or sp.id)
        if color and self.markup and sp.group_index >= 0:
            return f"[{self.ed.groups[sp.group_index].color}]{name}[/]"
        return name

    def group(self, group_id: str | None, color: bool = True) -> str:
        g = self.ed.group_by_id.get(group_id) if group_id else None
        if g is None:
            return self._esc(str(group_id or ""))
        name = self._esc(text_in(g.name, self.lang) or g.id)
        return f"[{g.color}]{name}[/]" if color and self.markup else name

    def role(self, role_id: str) -> str:
        """The name of a player role of the edition, in this language (its id when unknown)."""
        roles = self.ed.roles
        r = next((r for r in roles.list if r.id == role_id), None) if roles is not None else None
        return self._esc(text_in(r.name, self.lang) or role_id) if r else self._esc(role_id)

    def deck(self, deck_id: str) -> str:
        d = self.ed.decks.get(deck_id)
        return self._esc(text_in(d.name, self.lang) or deck_id) if d else self._esc(deck_id)

    def holding(self, holding_id: str) -> str:
        """A holding space's name (`rules.holdings`; `jail` is the jail's space)."""
        h = self.ed.holdings.get(holding_id)
        return self._esc(text_in(h.name, self.lang) or holding_id) if h else self._esc(holding_id)

    def card_text(self, deck_id: str, card_id: str) -> str:
        c = self._cards.get((deck_id, card_id))     # stripped: a YAML block keeps its last line break
        return self._esc(c.shown(self.ed.currency, self.lang).strip() if c else card_id)

    def symbol(self, symbol: str) -> str:
        """The name of a symbol face of the edition's own dice, in this language."""
        s = self.ed.symbols.get(symbol)
        return escape(text_in(s.name, self.lang) if s else symbol)

    def source_text(self, source: str) -> str:
        """The text of the card or action with id `source` (a choice's source)."""
        for (_, card_id), c in self._cards.items():
            if card_id == source:
                return self._esc(c.shown(self.ed.currency, self.lang).strip())
        a = next((a for a in self.ed.actions if a.id == source), None)
        if a is not None:
            return self._esc(text_in(a.text, self.lang))
        k = next((k for k in self.ed.space_kinds if k.id == source), None)
        if k is not None:
            return self._esc(self.ed.currency.render(text_in(k.text, self.lang) or text_in(k.name, self.lang),
                                                  k.values, self.lang))
        return self._esc(source)

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
        return self._("{deck} card “{text}”").format(deck=self.deck(deck_id), text=first)

    def side(self, deeds, cash: int, cards) -> str:
        """One side of a trade: 'Polyanka Street, 100k ₽ and a Chance card' ('nothing')."""
        parts = [self.space(i) for i in deeds]
        if cash:
            parts.append(self.money(cash))
        parts += [self.held_card(c) for c in cards]
        if not parts:
            return self._("nothing")
        if len(parts) == 1:
            return parts[0]
        return self._("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])

    def offer(self, offer: TradeOffer) -> str:
        """A trade in words: 'Anna → Boris: X and 100k ₽ for Y' (what the proposer gives first)."""
        return self._("{proposer} → {partner}: {give} for {get}").format(
            proposer=self.player(offer.proposer), partner=self.player(offer.partner),
            give=self.side(offer.give_deeds, offer.give_cash, offer.give_cards),
            get=self.side(offer.get_deeds, offer.get_cash, offer.get_cards))

    def deal(self, deal: Deal) -> str:
        """A deal of several parties in words, leg by leg: 'Anna → Boris: X; Boris → Clara: 100k ₽'."""
        return "; ".join(f"{self.player(leg.giver)} → {self.player(leg.taker)}: "
                         f"{self.side(leg.deeds, leg.cash, leg.cards)}" for leg in deal.legs)

    def reason(self, end_reason: str) -> str:
        """Why the game ended, in words."""
        return self._(_REASONS[end_reason]) if end_reason in _REASONS else end_reason


class EventRenderer:
    """The narrator of a game: turns events into readable lines (use as `EventLog(listener=...)`).

    Both front ends tell a game with it: the terminal prints the lines with rich (`console`),
    the web collects them as plain text (`sink(line, header)` is called for each line instead,
    `header` True for a turn's header, which the terminal draws as a rule). Lines are rich
    markup. Set `enabled = False` to follow the game silently (while a save is replayed)."""

    def __init__(self, console: Console | None, names: Names,
                 sink: Callable[[str, bool], None] | None = None):
        self.console = console
        self.names = names
        self.sink = sink
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
                self.say("  [dim]" + self.names._("{deck}: no effect").format(deck=self._card_open) + "[/]")
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

    def say(self, line: str, header: bool = False) -> None:
        """Print a line (markup allowed): an event's, or one of the CLI's own; nothing while
        the renderer is disabled (a silent replay). A `header` is drawn as a rule."""
        if not self.enabled:
            return
        if self.sink is not None:
            self.sink(line, header)
        elif self.console is not None:
            if header:
                self.console.rule(line, align="left", style="dim")
            else:
                self.console.print(line, highlight=False, soft_wrap=True)

    # ------------------------------------------------------------------ events
    def _on_start(self, ev):
        n = self.names
        name = escape(text_in(n.ed.name, n.lang) or n.ed.id)
        return f"[bold]{name}[/] · " + n._("seed {seed}").format(seed=ev["seed"])

    def _on_order(self, ev):
        return self.names._("Order of play: {order}").format(order=", ".join(self.names.player(s) for s in ev["order"]))

    def _on_role(self, ev):
        n = self.names
        if ev["how"] == "dealt":
            return n._("{who} is dealt the role {role}").format(who=n.who(ev["player"]), role=n.role(ev["role"]))
        return n._("{who} takes the role {role}").format(who=n.who(ev["player"]), role=n.role(ev["role"]))

    def _on_order_roll(self, ev):
        return None

    def _on_deal(self, ev):
        n = self.names
        if n.ed.setup.deal_pay:
            return n._("{space} is dealt to {player} for {amount}").format(
                space=n.space(ev["space"]), player=n.player(ev["player"]),
                amount=n.money(n.ed.spaces[n.ed.space_index[ev["space"]]].price))
        return n._("{space} is dealt to {player}").format(space=n.space(ev["space"]), player=n.player(ev["player"]))

    def _on_turn(self, ev):
        n = self.names
        seat = ev["player"]
        where = n.space(ev["pos"])
        jail = " [red](" + n._("in jail") + ")[/]" if seat in self._jailed else ""
        self._bidding = None
        self.flush()
        self.say(f"{n._('Round {round}').format(round=ev['round'])} · {n.player(seat)} · {n.money(ev['cash'])} · "
                 f"{where}{jail}", header=True)
        return None

    def _on_roll(self, ev):
        n = self.names
        p = n.who(ev["player"]) if ev["player"] >= 0 else n._("The dice:")
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
        double = " [yellow](" + n._("doubles") + ")[/]" if len(dice) > 1 and len(set(dice)) == 1 else ""
        if ev.get("extra"):     # a card's or a court's dice: not always the current player's
            return n._("The dice show {dice}").format(dice=shown + total)
        if ev.get("jail"):
            return n._("{who} throws {dice} in jail").format(who=p, dice=shown + total) + double
        line = n._("{who} rolls {dice}").format(who=p, dice=shown + total) + double
        self._roll_line = (ev["player"], sum(dice), line)
        return None

    def _on_intro_reroll(self, ev):
        n = self.names
        dice = ev["dice"]
        line = n._("{who} is on the introductory lap and rolls again: {dice}").format(
            who=n.who(ev["player"]), dice=f"{' + '.join(map(str, dice))} = {sum(dice)}")
        self._roll_line = (ev["player"], sum(dice), line)
        return None

    def _on_jackpot(self, ev):
        n = self.names
        return n._("{who} takes the jackpot: {amount}").format(who=n.who(ev["player"]), amount=n.money(ev["amount"]))

    def _on_bank_empty(self, ev):
        n = self.names
        payee = ev["payee"]
        who = n._("the pot") if payee is None else n.player(payee)
        if ev["reading"] == "iou":
            line = n._("The bank is out of money: it pays {amount} to {who}, {iou} of it in IOUs").format(
                who=who, amount=n.money(ev["owed"]), iou=n.money(ev["owed"] - max(0, ev["had"])))
        else:
            line = n._("The bank is out of money: it pays only {paid} of {owed} to {who}").format(
                who=who, paid=n.money(ev["paid"]), owed=n.money(ev["owed"]))
        if ev["reading"] == "end":
            line += "; " + n._("the game ends after this turn")
        return "[yellow]" + line + "[/]"

    def _on_cap_refused(self, ev):
        n = self.names
        return n._("{who} may own no more deeds like {space}: no purchase").format(
            who=n.who(ev["player"]), space=n.space(ev["space"]))

    def _on_timeout(self, ev):
        n = self.names
        kind = DECISION_KINDS.get(ev["decision"])
        what = kind.label if kind is not None else ev["decision"]
        return (f"{n.who(ev['player'])} [yellow]{n._('did not answer in time')}[/] "
                f"({escape(n._(str(what)))})")

    def _on_move(self, ev):
        n = self.names
        self._where[ev["player"]] = ev["to"]
        steps = ev["steps"]
        to = n.space(ev["to"])
        if steps < 0:
            return n.n_("{who} moves back {steps} space to {space}", "{who} moves back {steps} spaces to {space}",
                        -steps).format(who=n.who(ev["player"]), steps=-steps, space=to)
        return n._("{who} moves to {space}").format(who=n.who(ev["player"]), space=to)

    def _on_lap(self, ev):
        n = self.names
        start = n.space(n.ed.start_index)
        amount = ev["salary"]
        who = n.who(ev["player"])
        # the move came first: ending the move on the start space is landing on it, not passing
        on_start = self._where.get(ev["player"]) == n.ed.spaces[n.ed.start_index].id
        if amount > 0:
            line = n._("{who} lands on {space}: collects {amount}") if on_start else \
                n._("{who} passes {space}: collects {amount}")
            return line.format(who=who, space=start, amount=n.money(amount))
        if amount < 0:
            line = n._("{who} lands on {space}: pays {amount}") if on_start else \
                n._("{who} passes {space}: pays {amount}")
            return line.format(who=who, space=start, amount=n.money(-amount))
        line = n._("{who} lands on {space}: nothing to collect") if on_start else \
            n._("{who} passes {space}: nothing to collect")
        return line.format(who=who, space=start)

    def _on_buy(self, ev):
        n = self.names
        return n._("{who} buys {space} for {amount}").format(who=n.who(ev["player"]), space=n.space(ev["space"]),
                                                            amount=n.money(ev["price"]))

    def _on_decline(self, ev):
        n = self.names
        return n._("{who} does not buy {space}").format(who=n.who(ev["player"]), space=n.space(ev["space"]))

    def _on_auction(self, ev):
        self._bidding = {"space": ev["space"], "bids": 0, "bidders": set()}
        return None

    def _on_shortage_auction(self, ev):
        n = self.names
        self._bidding = {"space": None, "bids": 0, "bidders": set()}
        if ev["building"] == "house":
            line = n.n_("The bank has only {stock} house left and several players want it: the house goes to auction",
                        "The bank has only {stock} houses left and several players want them: the house goes "
                        "to auction", ev["stock"])
        else:
            line = n.n_("The bank has only {stock} hotel left and several players want it: the hotel goes to auction",
                        "The bank has only {stock} hotels left and several players want them: the hotel goes "
                        "to auction", ev["stock"])
        return line.format(stock=ev["stock"])

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
        n = self.names
        a = self._bidding or {"bids": 0, "bidders": ()}
        k, b = a["bids"], len(a["bidders"])
        line = n.n_("{bids} bid", "{bids} bids", k).format(bids=k) + " " + \
            n.n_("from {players} player", "from {players} players", b).format(players=b)
        history = a.get("history", [])
        if history:
            line += ": " + ", ".join(f"{n.player(s)} {n.money(m)}" for s, m in history[-8:])
        return line

    def _on_sold(self, ev):
        n = self.names
        line = n._("Auction of {space}: sold to {player} for {amount} ({bids})").format(
            space=n.space(ev["space"]), player=n.player(ev["player"]), amount=n.money(ev["price"]), bids=self._bids())
        self._bidding = None
        return line

    def _on_unsold(self, ev):
        self._bidding = None
        return self.names._("Auction of {space}: no bids; it stays with the bank").format(
            space=self.names.space(ev["space"]))

    def _on_pay(self, ev):
        n = self.names
        _ = n._
        reason, amount = ev["reason"], ev["amount"]
        payer, payee = ev["payer"], ev["payee"]
        if reason in _FOLDED:
            self._stash[reason] = amount
            return None
        money = n.money(amount)
        if reason == "rent":
            where = self._where.get(payer)
            if where:
                return _("{who} pays {payee} {amount} rent for {space}").format(
                    who=n.who(payer), payee=n.player(payee), amount=money, space=n.space(where))
            return _("{who} pays {payee} {amount} rent").format(who=n.who(payer), payee=n.player(payee), amount=money)
        if reason == "tax":
            where = self._where.get(payer)
            if where:
                return _("{who} pays {amount} ({space})").format(who=n.who(payer), amount=money, space=n.space(where))
            return _("{who} pays {amount} tax").format(who=n.who(payer), amount=money)
        if reason == "interest":
            return _("{who} pays {amount} interest on an inherited mortgage").format(who=n.who(payer), amount=money)
        if reason == "bankruptcy":
            if payer is None:
                return _("The bank pays {payee} {amount} of the bankrupt player's debt").format(
                    payee=n.player(payee), amount=money)
            return _("{who} takes {payer}'s remaining {amount}").format(who=n.who(payee), payer=n.player(payer),
                                                                       amount=money)
        if payer is None:
            return _("{who} receives {amount} from the bank").format(who=n.who(payee), amount=money)
        if payee is None:
            return _("{who} pays {amount} to the bank").format(who=n.who(payer), amount=money)
        if payee == "treasury":
            return _("{who} pays {amount} into the treasury").format(who=n.who(payer), amount=money)
        if payer == "treasury":
            return _("{who} receives {amount} from the treasury").format(who=n.who(payee), amount=money)
        return _("{who} pays {payee} {amount}").format(who=n.who(payer), payee=n.player(payee), amount=money)

    def _on_card(self, ev):
        n = self.names
        text = n.card_text(ev["deck"], ev["card"]) or escape(ev["card"])
        self._card_open = n.deck(ev["deck"])
        return n._("{who} draws {deck}: {text}").format(who=n.who(ev["player"]), deck=n.deck(ev["deck"]),
                                                       text=f"[italic]“{text}”[/]")

    def _on_card_kept(self, ev):
        return self.names._("{who} keeps the card").format(who=self.names.who(ev["player"]))

    def _on_deck_empty(self, ev):
        return self.names._("The {deck} deck is empty: nothing happens").format(deck=self.names.deck(ev["deck"]))

    def _on_deck_reshuffled(self, ev):
        return self.names._("The {deck} deck is shuffled again from its {cards} discarded cards").format(
            deck=self.names.deck(ev["deck"]), cards=ev["cards"])

    def _on_jail(self, ev):
        self._jailed.add(ev["player"])
        if ev.get("holding", "jail") != "jail":
            went = self.names._("is sent to {place}").format(place=self.names.holding(ev["holding"]))
            return f"{self.names.who(ev['player'])} [red]{went}[/]"
        return f"{self.names.who(ev['player'])} [red]{self.names._('goes to jail')}[/]"

    def _on_doubles_jail(self, ev):
        return self.names._("{who} throws doubles for the third time in a row").format(who=self.names.who(ev["player"]))

    def _on_jail_leave(self, ev):
        n = self.names
        self._jailed.discard(ev["player"])
        fine = self._stash.pop("fine", None)
        how = ev["how"]
        text = n._(_HOW_LEFT[how]) if how in _HOW_LEFT else n._("leaves jail ({how})").format(how=how)
        if how == "paid" and fine:
            text = n._("pays the {amount} fine and leaves jail").format(amount=n.money(fine))
        elif how == "forced" and fine:
            text = n._("pays the {amount} fine after the last try and leaves jail").format(amount=n.money(fine))
        if ev.get("holding", "jail") != "jail":
            text = n._("leaves {place} ({how})").format(place=n.holding(ev["holding"]), how=how)
        return f"{n.who(ev['player'])} {text}"

    def _on_jail_stay(self, ev):
        n = self.names
        if ev.get("holding", "jail") != "jail":
            return n._("{who} stays in {place} (try {attempts})").format(
                who=n.who(ev["player"]), place=n.holding(ev["holding"]), attempts=ev["attempts"])
        return n._("{who} stays in jail (try {attempts})").format(who=n.who(ev["player"]), attempts=ev["attempts"])

    def _on_build(self, ev):
        n = self.names
        lvl = ev["level"]
        sp = n.ed.spaces[n.ed.space_index[ev["space"]]]
        kind = (sp.building_at(lvl) or ("house", lvl))[0]
        if kind == "hotel":
            return n._("{who} builds a hotel on {space} for {amount}").format(
                who=n.who(ev["player"]), space=n.space(ev["space"]), amount=n.money(ev["cost"]))
        if kind != "house":          # a kind of the edition's ladders
            return n._("{who} builds a {kind} on {space} for {amount}").format(
                who=n.who(ev["player"]), kind=n._(kind), space=n.space(ev["space"]), amount=n.money(ev["cost"]))
        return n.n_("{who} builds a house on {space} for {amount} ({level} house there)",
                    "{who} builds a house on {space} for {amount} ({level} houses there)", lvl).format(
            who=n.who(ev["player"]), space=n.space(ev["space"]), amount=n.money(ev["cost"]), level=lvl)

    def _on_sell(self, ev):
        n = self.names
        lvl = ev["level"]
        got = self._stash.pop("sell_building", None)
        sp = n.ed.spaces[n.ed.space_index[ev["space"]]]
        sold = (sp.building_at(lvl + 1) or ("house", 1))[0]
        if sold == "house":
            line = n._("{who} sells a house on {space} for {amount}") if got is not None else \
                n._("{who} sells a house on {space}")
        elif sold == "hotel":
            line = n._("{who} sells the hotel on {space} for {amount}") if got is not None else \
                n._("{who} sells the hotel on {space}")
        else:
            line = n._("{who} sells the {kind} on {space} for {amount}") if got is not None else \
                n._("{who} sells the {kind} on {space}")
        left = " (" + n._("{level} left").format(level=lvl) + ")" if sold == "house" else ""
        return line.format(who=n.who(ev["player"]), space=n.space(ev["space"]), kind=n._(sold),
                           amount=n.money(got) if got is not None else "") + left

    def _on_sell_all(self, ev):
        n = self.names
        got = self._stash.pop("sell_building", None)
        if got is not None:
            return n._("{who} sells every building of the {group} group for {amount}").format(
                who=n.who(ev["player"]), group=n.group(ev["group"]), amount=n.money(got))
        return n._("{who} sells every building of the {group} group").format(who=n.who(ev["player"]),
                                                                              group=n.group(ev["group"]))

    def _on_mortgage(self, ev):
        n = self.names
        got = self._stash.pop("mortgage", None)
        if got is not None:
            return n._("{who} mortgages {space} for {amount}").format(who=n.who(ev["player"]),
                                                                     space=n.space(ev["space"]), amount=n.money(got))
        return n._("{who} mortgages {space}").format(who=n.who(ev["player"]), space=n.space(ev["space"]))

    def _on_unmortgage(self, ev):
        n = self.names
        cost = self._stash.pop("unmortgage", None)
        if cost is not None:
            return n._("{who} lifts the mortgage on {space} for {amount}").format(
                who=n.who(ev["player"]), space=n.space(ev["space"]), amount=n.money(cost))
        return n._("{who} lifts the mortgage on {space}").format(who=n.who(ev["player"]), space=n.space(ev["space"]))

    def _on_sell_deed(self, ev):
        n = self.names
        return n._("{who} sells {space} to the bank for {amount}").format(
            who=n.who(ev["player"]), space=n.space(ev["space"]), amount=n.money(ev["value"]))

    def _on_released(self, ev):
        n = self.names
        return n._("{space} goes back to the bank ({player} did not redeem it)").format(
            space=n.space(ev["space"]), player=n.player(ev["player"]))

    def _on_deed(self, ev):
        if self._trading:
            return None
        n = self.names
        return n._("{space} passes from {giver} to {taker}").format(
            space=n.space(ev["space"]), giver=n.player(ev["frm"]), taker=n.player(ev["to"]))

    def _on_trade_offer(self, ev):
        self._offer = TradeOffer.from_json(ev)
        return None

    def _on_trade(self, ev):
        n = self.names
        offer = self._offer
        self._offer = None
        if offer is None:
            return n._("Trade between {proposer} and {partner}").format(proposer=n.player(ev["proposer"]),
                                                                       partner=n.player(ev["partner"]))
        return n._("{player} accepts the trade: {offer}").format(player=n.player(ev["partner"]), offer=n.offer(offer))

    def _on_trade_rejected(self, ev):
        offer = self._offer
        self._offer = None
        n = self.names
        text = f" ({n.offer(offer)})" if offer else ""
        return n._("{who} rejects the offer of {proposer}").format(who=n.who(ev["partner"]),
                                                                  proposer=n.player(ev["proposer"])) + text

    def _on_deal_offer(self, ev):
        self._deal = Deal.from_json(ev)
        return None

    def _on_deal_accepted(self, ev):
        deal = self._deal
        self._deal = None
        n = self.names
        if deal is None:
            return n._("Deal between {players}").format(players=", ".join(n.player(s) for s in ev["parties"]))
        return n._("Deal: {deal}").format(deal=n.deal(deal))

    def _on_deal_rejected(self, ev):
        deal = self._deal
        self._deal = None
        n = self.names
        text = f" ({n.deal(deal)})" if deal else ""
        return n._("{who} rejects the deal of {proposer}").format(who=n.who(ev["by"]),
                                                                 proposer=n.player(ev["proposer"])) + text

    def _on_bankrupt(self, ev):
        n = self.names
        self._jailed.discard(ev["player"])
        who = f"{n.who(ev['player'])} [bold red]{n._('is bankrupt')}[/]"
        if not ev.get("debt"):
            return n._("{who} and leaves the game").format(who=who)
        return n._("{who}, owing {amount} to {creditor}").format(who=who, amount=n.money(ev["debt"]),
                                                                creditor=n.player(ev["creditor"]))

    def _on_action(self, ev):
        n = self.names
        a = next((a for a in n.ed.actions if a.id == ev["action"]), None)
        name = escape(text_in(a.name, n.lang) or a.id) if a else escape(ev["action"])
        if ev.get("target"):
            return n._("{who} uses {action} on {space}").format(who=n.who(ev["player"]), action=name,
                                                               space=n.space(ev["target"]))
        return n._("{who} uses {action}").format(who=n.who(ev["player"]), action=name)

    def _on_rent_unclaimed(self, ev):
        n = self.names
        return n._("{who} does not claim the rent on {space} from {player}").format(
            who=n.who(ev["owner"]), space=n.space(ev["space"]), player=n.player(ev["player"]))

    def _on_flag(self, ev):
        return None

    def _on_choice(self, ev):
        n = self.names
        labels = n.labels_of(ev["source"])
        if ev["label"] not in labels and ev["label"] in n.ed.space_index:   # a pick(...)
            label = n.space(ev["label"])
        else:
            label = n.label(ev["source"], labels, ev["label"])
        return n._("{who} chooses: {option}").format(who=n.who(ev["player"]), option=label)

    def _on_symbol(self, ev):
        n = self.names
        return n._("{who} the die shows {symbol}").format(who=n.who(ev["player"]), symbol=n.symbol(ev["symbol"]))

    def _on_all_alike(self, ev):
        return self.names._("{who} throws the same number on every die").format(who=self.names.who(ev["player"]))

    def _on_card_played(self, ev):
        return self.names._("{who} plays a kept card").format(who=self.names.who(ev["player"]))

    def _on_card_discarded(self, ev):
        return self.names._("{who} loses a kept card").format(who=self.names.who(ev["player"]))

    def _on_end(self, ev):
        return None

    def _on_loan(self, ev):
        n = self.names
        pledged = ", ".join(n.space(i) for i in ev["pledged"])
        return n._("{who} borrows {amount} from the bank on {pledged} ({loans} held)").format(
            who=n.who(ev["player"]), amount=n.money(ev["amount"]), pledged=pledged, loans=ev["loans"])

    def _on_repay(self, ev):
        n = self.names
        return n._("{who} repays a bank loan of {amount} ({loans} left)").format(
            who=n.who(ev["player"]), amount=n.money(ev["amount"]), loans=ev["loans"])

    def _on_vote(self, ev):
        n, _ = self.names, self.names._
        what = _("ending the game") if ev["topic"] == "end" else \
            _("the rule switch {switch}").format(switch=escape(ev["topic"]))
        yes = ", ".join(n.plain_player(s) for s in ev["yes"]) or _("nobody")
        line = _("Vote on {what}: yes from {yes}").format(what=what, yes=escape(yes))
        return line + "; " + (_("carried") if ev["carried"] else _("not carried"))

    def _on_rule_switch(self, ev):
        n = self.names
        return "[bold]" + n._("The rules change") + "[/]: " + n._("{switch} is in force from now on").format(
            switch=escape(ev["switch"]))

    def _other(self, ev):
        """An event this renderer does not know (a newer engine): shown as its fields."""
        fields = ", ".join(f"{k}={v}" for k, v in ev.items() if k not in ("e", "turn"))
        return f"[dim]{escape(ev['e'])}: {escape(fields)}[/]"


def rent_at(game: GameView, i: int, level: int) -> int | None:
    """The rent a visitor would owe on deed `i` at `level` buildings (`view.rent_at`)."""
    return view_rent_at(game, i, level)


def describe_action(n: Names, game: GameView, action: tuple) -> str:
    """A manage or raise action in words, with its money and, for buildings, the rent it leads
    to: 'Build a house on X (50k ₽; it has 1; rent 10k ₽ → 30k ₽)'. Both front ends label their
    menus with it (markup or plain text, as `n` gives)."""
    _ = n._
    kind = action[0]
    if kind == "done":
        return _("Done")
    if kind == "bankrupt":
        return _("Declare bankruptcy")
    if kind in ("build", "sell", "mortgage", "unmortgage", "sell_deed"):
        i = action[1]
        sp = game.spaces[i]
        where = n.space(i)
        lvl = game.level[i]
        hotel = game.hotel_level

        def rents(a: int, b: int) -> str:
            before, after = rent_at(game, i, a), rent_at(game, i, b)
            if sp.kind == "utility" or before is None or after is None:
                return ""
            return "; " + _("rent {before} → {after}").format(before=n.money(before), after=n.money(after))
        if kind == "build":
            rung = game.next_rung(i)
            if rung is not None and rung.kind not in ("house", "hotel"):    # a kind of the edition's ladders
                return (_("Build a {kind} on {space}").format(kind=n._esc(rung.kind), space=where)
                        + f" ({n.money(rung.cost)}{rents(lvl, lvl + 1)})")
            if lvl == hotel - 1:
                return (_("Build a hotel on {space}").format(space=where)
                        + f" ({n.money(sp.hotel_cost)}{rents(lvl, lvl + 1)})")
            return (_("Build a house on {space}").format(space=where)
                    + f" ({n.money(sp.house_cost)}; {_('it has {level}').format(level=lvl)}{rents(lvl, lvl + 1)})")
        if kind == "sell":
            on = sp.building_at(lvl)
            if on is not None and on[0] not in ("house", "hotel"):
                what = _("Sell the {kind} on {space}").replace("{kind}", n._esc(on[0]))
            else:
                what = _("Sell the hotel on {space}") if lvl == hotel else _("Sell a house on {space}")
            return what.format(space=where) + f" (+{n.money(game.sell_value(i))}{rents(lvl, lvl - 1)})"
        if kind == "mortgage":
            return _("Mortgage {space}").format(space=where) + f" (+{n.money(sp.mortgage)})"
        if kind == "unmortgage":
            return _("Lift the mortgage on {space}").format(space=where) + f" ({n.money(game.unmortgage_cost(i))})"
        return _("Sell {space} to the bank").format(space=where) + f" (+{n.money(game.bank_sale_value(i))})"
    if kind == "sell_all":
        g = game.ed.group_by_id[action[1]]
        total = sum(game.building_refund(j, game.level[j]) for j in g.spaces)
        return _("Sell every building of the {group} group").format(group=n.group(g.id)) + f" (+{n.money(total)})"
    if kind == "act":
        a = next((a for a in game.ed.actions if a.id == action[1]), None)
        name = n._esc(text_in(a.name, n.lang) or a.id) if a else n._esc(str(action[1]))
        if len(action) > 2 and action[2] is not None:
            return _("{action} on {space}").format(action=name, space=n.space(action[2]))
        return name
    lo = game.rules.loans
    if kind == "loan" and lo is not None:
        text = _("Borrow {amount} from the bank (interest {interest} per {event}; deeds worth {pledge} pledged)")
        return text.format(
            amount=n.money(lo.unit), interest=n.money(lo.interest), event=_(lo.charged_on),
            pledge=n.money(lo.unit + lo.margin))
    if kind == "repay" and lo is not None:
        held = len(game.current.loans) if game.current else 0
        return _("Repay a bank loan ({amount}; {held} held)").format(amount=n.money(lo.unit), held=held)
    if kind == "propose":
        sw = next((s for s in game.ed.switches if s.id == action[1]), None)
        name = n._esc(text_in(sw.name, n.lang)) if sw is not None else n._esc(str(action[1]))
        return _("Propose a vote: {name}").format(name=name)
    return n._esc(str(action))


HOUSE_MARK = "\u2302"
"""The mark of one house on the terminal's boards (⌂); other buildings are marked by the first
letter of their name in the game's language (a hotel: H, отель: О)."""

MORTGAGE_MARK = "\u00d7"
"""The mark of a mortgaged deed on the terminal's boards (×)."""


def building_mark(names: Names, building: tuple[str, int] | None) -> str:
    """The buildings on a lot as marks, one a building (`building`: (kind, count) as
    `Space.building_at` gives it, or None): '⌂⌂' for two houses, 'H' for a hotel."""
    if building is None:
        return ""
    kind, count = building
    return (HOUSE_MARK if kind == "house" else (names._(kind)[:1] or kind[:1]).upper()) * count


def seat_names(seats, lang: str) -> list[str]:
    """The players' names for a game shown in `lang`, seat by seat (`seats`: the save's, with
    `.name` and `.agent`): a bot magie named ("Bot 2", as saves keep it) is called by this
    language's word ("Бот 2"); a name a person gave stays as given, and so does a bot's whose
    translated name is another player's. The save keeps the names as they were, so a game saved
    in one language resumes in another."""
    given = [s.name for s in seats]
    out = []
    for s in seats:
        m = re.fullmatch(r"Bot ([0-9]+)", s.name)
        shown = gettext_for(lang).gettext("Bot {n}").format(n=m.group(1)) if m and s.agent != "human" else s.name
        out.append(s.name if shown != s.name and shown.casefold() in (g.casefold() for g in given) else shown)
    return out


def edition_hotel_level(edition: Edition) -> int:
    """The building level of a hotel (one more than the most houses on a lot)."""
    return edition.rules.houses_before_hotel + 1
