"""The interactive trade builder behind `t` in a manage window of `magie play`.

The human picks a partner, then the title deeds to give and to get (only deeds the rules let
change hands now are listed), cash each way and held cards; a summary follows with a menu to
change any part, propose, or cancel. Before proposing, the engine checks the offer
(`game.trade_problem`); its reason is shown and the human can fix the offer.

Where the edition allows deals of more than two players (`trade.parties`, [002] 9/1.3), the
summary menu also offers `8`: add a hand-over between any two players (who gives, to whom, which
deeds, cash and cards), and `9`: clear them; the offer is then a `Deal` of every hand-over.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from magie.engine.game.decisions import Deal, DealLeg, Offer, TradeOffer
from magie.engine.game.trades import legs_problem

from .amounts import amount_forms, parse_amount
from .i18n import layout_twin
from .terminal import Prompter


class TradeBuilder:
    """Builds one `TradeOffer` for `me` in `window` by asking through `prompter`."""

    def __init__(self, prompter: Prompter, game: Any, me: Any, window: str):
        self.prompter = prompter
        self.game = game
        self.me = me
        self.window = window
        self.names = prompter.names
        self._ = prompter.names._       # the interface's words (cli/i18n.py)
        self.partner: Any = None
        self.give_deeds: list[int] = []
        self.get_deeds: list[int] = []
        self.give_cash = 0
        self.get_cash = 0
        self.give_cards: list[tuple[str, str]] = []
        self.get_cards: list[tuple[str, str]] = []
        self.extra_legs: list[DealLeg] = []      # hand-overs beyond the two-party part (deals)
        lang = self.names.lang
        twins = {k: layout_twin(k, lang) for k in "cp"}      # the keys on this language's keyboard
        self._cancel = frozenset(prompter.words("cancel") + tuple(w for w in (twins["c"],) if w))
        self._propose = frozenset(prompter.words("propose") + tuple(w for w in (twins["p"],) if w))

    # ------------------------------------------------------------------ reading
    def _read(self, prompt: str, answers: frozenset[str] = frozenset()) -> str:
        """One answer (global commands handled, except on the words of `answers`; `c` cancels
        the builder)."""
        while True:
            raw = self.prompter.line(f"{prompt} [dim]({self._('c cancels')})[/] > ", taken=self._cancel | answers)
            if raw is None:
                continue
            if raw.lower() in self._cancel:
                raise _Cancel()
            return raw

    def _number_from_1(self, most: int) -> str:
        """Type a number from 1 to `most` (said as the one number when it is 1)."""
        if most == 1:
            return self._("Type 1: it is the only number here.")
        return self._("Type a number from 1 to {most}.").format(most=most)

    def _pick_many(self, title: str, items: list, label) -> list:
        """Choose any of `items` by number ('1 3'); Enter for none."""
        if not items:
            return []
        self.prompter.say(title)
        for k, it in enumerate(items):
            self.prompter.say(f"  [bold cyan]{k + 1}[/]  {label(it)}")
        while True:
            raw = self._read(self._("numbers separated by spaces, Enter for none"))
            try:
                picks = [int(x) for x in raw.replace(",", " ").split()]
            except ValueError:
                self.prompter.say(f"[red]{self._('Type the numbers of the items, e.g. 1 3.')}[/]")
                continue
            if any(not 1 <= k <= len(items) for k in picks):
                self.prompter.say("[red]" + self._number_from_1(len(items)) + "[/]")
                continue
            return [items[k - 1] for k in dict.fromkeys(picks)]

    def _amount(self, title: str, most: int) -> int:
        while True:
            raw = self._read((self._("{title} (0 to {most}, Enter for 0)") if most else
                              self._("{title} (only 0: Enter)")).format(title=title, most=most))
            if raw == "":
                return 0
            try:
                value = parse_amount(raw, self.names.ed.currency, self.names.lang)
            except ValueError:
                self.prompter.say("[red]" + self._("Type a whole amount (as {forms}).").format(
                    forms=amount_forms(self.names.ed.currency, self.names.lang)) + "[/]")
                continue
            if not 0 <= value <= most:
                self.prompter.say("[red]" + (self._("The amount goes from 0 to {most}.") if most else
                                             self._("The amount can only be 0.")).format(most=most) + "[/]")
                continue
            return value

    # ------------------------------------------------------------------ what can be traded
    def tradable(self, who) -> list[int]:
        """`who`'s deeds that may change hands now, by the engine's own check."""
        other = self.partner if who is self.me else self.me
        out = []
        for i in sorted(who.deeds):
            offer = (TradeOffer(self.me.seat, other.seat, give_deeds=(i,)) if who is self.me
                     else TradeOffer(self.me.seat, who.seat, get_deeds=(i,)))
            if self.game.trade_problem(offer, self.window) is None:
                out.append(i)
        return out

    def _deed_label(self, i: int) -> str:
        n = self.names
        sp = self.game.spaces[i]
        mort = f" [red]{self._('mortgaged')}[/]" if self.game.mortgaged[i] else ""
        return self._("{space} ({group}, price {price})").format(space=n.space(i), group=n.group(sp.group),
                                                                price=n.money(sp.price)) + mort

    # ------------------------------------------------------------------ steps
    def _choose_partner(self) -> None:
        others = self.game.others(self.me)
        n = self.names
        self.prompter.say(f"[bold]{self._('Trade with whom?')}[/]")
        for k, q in enumerate(others):
            deeds = n.n_("{count} title deed", "{count} title deeds", len(q.deeds)).format(count=len(q.deeds))
            self.prompter.say(f"  [bold cyan]{k + 1}[/]  {n.player(q.seat)} ({n.money(q.cash)}, {deeds})")
        while True:
            raw = self._read(self._("a number"))
            if raw.isdigit() and 1 <= int(raw) <= len(others):
                new = others[int(raw) - 1]
                if new is not self.partner:
                    self.get_deeds, self.get_cash, self.get_cards = [], 0, []
                self.partner = new
                return
            self.prompter.say("[red]" + self._number_from_1(len(others)) + "[/]")

    def _step(self, part: str) -> None:
        q = self.partner
        rules = self.game.rules
        _ = self._
        name = escape(q.name)
        if part == "give_deeds":
            deeds = self.tradable(self.me)
            if not deeds:
                self.prompter.say(_("You have no title deeds that can be traded now."))
            self.give_deeds = self._pick_many(f"[bold]{_('Title deeds you give')}[/]", deeds, self._deed_label)
        elif part == "get_deeds":
            deeds = self.tradable(q)
            if not deeds:
                self.prompter.say(_("{player} has no title deeds that can be traded now.").format(player=name))
            self.get_deeds = self._pick_many("[bold]" + _("Title deeds you get from {player}").format(player=name)
                                             + "[/]", deeds, self._deed_label)
        elif part == "give_cash":
            self.give_cash = self._amount(_("Cash you give (you have {cash})").format(
                cash=self.names.money(self.me.cash)), self.me.cash)
        elif part == "get_cash":
            self.get_cash = self._amount(_("Cash you get ({player} has {cash})").format(
                player=name, cash=self.names.money(q.cash)), q.cash)
        elif part == "give_cards" and rules.trade_cards:
            self.give_cards = self._pick_many(f"[bold]{_('Cards you give')}[/]", list(self.me.held_cards),
                                              self.names.held_card)
        elif part == "get_cards" and rules.trade_cards:
            self.get_cards = self._pick_many("[bold]" + _("Cards you get from {player}").format(player=name) + "[/]",
                                             list(q.held_cards), self.names.held_card)

    def _cards_possible(self) -> bool:
        return self.game.rules.trade_cards and bool(self.me.held_cards or self.partner.held_cards)

    def _many_parties(self) -> bool:
        """Does the edition allow deals of more than two players, with someone left to add?"""
        most = self.game.rules.trade_parties
        return (most is None or most > 2) and len(self.game.others(self.me)) >= 2

    def _pick_player(self, title: str, players: list) -> Any:
        n = self.names
        self.prompter.say(title)
        for k, q in enumerate(players):
            self.prompter.say(f"  [bold cyan]{k + 1}[/]  {n.player(q.seat)} ({n.money(q.cash)})")
        while True:
            raw = self._read(self._("a number"))
            if raw.isdigit() and 1 <= int(raw) <= len(players):
                return players[int(raw) - 1]
            self.prompter.say("[red]" + self._number_from_1(len(players)) + "[/]")

    def _add_leg(self) -> None:
        """One hand-over of a deal: giver, taker, the giver's deeds, cash and cards."""
        players = [q for q in self.game.players if q.alive]
        giver = self._pick_player("[bold]" + self._("Who gives?") + "[/]", players)
        taker = self._pick_player("[bold]" + self._("To whom?") + "[/]", [q for q in players if q is not giver])
        deeds = [i for i in sorted(giver.deeds)
                 if legs_problem(self.game, ((giver.seat, taker.seat, (i,), 0, ()),), 2) is None]
        n, _ = self.names, self._
        who, whom = escape(giver.name), escape(taker.name)
        title = _("Title deeds {giver} gives {taker}").format(giver=who, taker=whom)
        picked = self._pick_many("[bold]" + title + "[/]", deeds, self._deed_label)
        cash = self._amount(_("Cash {giver} gives ({cash} in hand)").format(giver=who, cash=n.money(giver.cash)),
                            giver.cash)
        cards: list = []
        if self.game.rules.trade_cards:
            cards = self._pick_many("[bold]" + _("Cards {giver} gives").format(giver=who) + "[/]",
                                    list(giver.held_cards), self.names.held_card)
        self.extra_legs.append(DealLeg(giver.seat, taker.seat, tuple(picked), cash, tuple(cards)))

    def offer(self) -> Offer:
        """The offer as built so far: a `TradeOffer`, or a `Deal` once hand-overs were added."""
        two = self._two_party()
        if not self.extra_legs:
            return two
        legs = tuple(leg for leg in two.legs if leg.deeds or leg.cash or leg.cards) + tuple(self.extra_legs)
        return Deal(self.me.seat, legs)

    def _two_party(self) -> TradeOffer:
        return TradeOffer(self.me.seat, self.partner.seat, give_deeds=tuple(self.give_deeds),
                          give_cash=self.give_cash, give_cards=tuple(self.give_cards),
                          get_deeds=tuple(self.get_deeds), get_cash=self.get_cash,
                          get_cards=tuple(self.get_cards))

    def _summary(self) -> None:
        o = self._two_party()
        n = self.names
        _ = self._
        if self.extra_legs:
            deal = self.offer()
            assert isinstance(deal, Deal)
            self.prompter.say("[bold]" + _("Your deal with {players}").format(
                players=", ".join(n.player(s) for s in deal.parties[1:])) + "[/]\n"
                f"  {n.deal(deal)}\n  " + _("(it happens only if every player in it accepts)"))
            return
        self.prompter.say("[bold]" + _("Your offer to {player}").format(player=n.player(o.partner)) + "[/]\n  "
                          + _("you give: {items}").format(items=n.side(o.give_deeds, o.give_cash, o.give_cards))
                          + "\n  " + _("you get:  {items}").format(items=n.side(o.get_deeds, o.get_cash, o.get_cards)))

    # ------------------------------------------------------------------ the builder
    def run(self) -> Offer | None:
        """Build and check an offer; None if the human cancels."""
        term = self.prompter
        _ = self._
        if not self.game.others(self.me):
            term.say(_("There is nobody to trade with."))
            return None
        parts = ["give_deeds", "get_deeds", "give_cash", "get_cash", "give_cards", "get_cards"]
        try:
            self._choose_partner()
            for part in parts:
                self._step(part)
            menu = {"1": "partner", "2": "give_deeds", "3": "get_deeds", "4": "give_cash",
                    "5": "get_cash", "6": "give_cards", "7": "get_cards"}
            while True:
                self._summary()
                line = _("  [bold cyan]p[/] propose   change: [bold cyan]1[/] partner  [bold cyan]2[/] deeds you give"
                         "  [bold cyan]3[/] deeds you get  [bold cyan]4[/] cash you give  [bold cyan]5[/] cash you get")
                if self._cards_possible():
                    line += _("  [bold cyan]6[/] cards you give  [bold cyan]7[/] cards you get")
                if self._many_parties():
                    line += _("  [bold cyan]8[/] add a hand-over between players")
                    if self.extra_legs:
                        line += _("  [bold cyan]9[/] clear the hand-overs")
                term.say(line)
                raw = self._read(_("p to propose, or what to change"), self._propose).lower()
                if raw in self._propose:
                    problem = self.game.trade_problem(self.offer(), self.window)
                    if problem is None:
                        return self.offer()
                    term.say(f"[red]{_('This offer cannot be made:')}[/] {self.names.ids_to_names(escape(problem))}")
                elif raw == "1":
                    self._choose_partner()
                elif raw == "8" and self._many_parties():
                    self._add_leg()
                elif raw == "9" and self.extra_legs:
                    self.extra_legs = []
                elif raw in menu:
                    self._step(menu[raw])
                else:
                    term.say(f"[red]{_('Type p, or a number from the list.')}[/]")
        except _Cancel:
            term.say(_("Trade cancelled."))
            return None


class _Cancel(Exception):
    """The human cancelled the trade builder."""
