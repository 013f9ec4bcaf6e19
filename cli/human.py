"""The human at the terminal: an `Agent` that asks every decision as a prompt.

Each decision kind of `engine.game.decisions` is shown with the numbers that matter (price,
cash, rent, bids, what a trade gives and takes) and its legal options, numbered; the answer is
a number (or the option's word). At any prompt: `s` shows the status view, `w` saves the game
and goes on, `h` or `?` helps, `q` quits (offering to save). An answer the engine rejects is
shown with the engine's reason and asked again.

The prompt of each decision kind is a row of `PROMPTS` (a test checks every kind of
`DECISION_KINDS` has one); reading, menus and the commands of any prompt are in terminal.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.markup import escape

from magie.engine.edition.text import text_in
from magie.engine.errors import DecisionTimeout
from magie.engine.game.decisions import BANKRUPT, DONE, Deal, Decision, TradeOffer

from .amounts import parse_amount
from .i18n import gettext_for
from .render import Names
from .terminal import Opt, Prompter, Terminal
from .trade_builder import TradeBuilder


class HumanAgent:
    """The human player at the terminal (the `Agent` protocol of engine/game/decisions.py).

    `names` renders the edition's names in the chosen language. `auto_claim` answers
    rent claims (editions where owners must claim rent) with yes without asking. `timeout`
    (seconds) bounds each decision; when it runs out `DecisionTimeout` is raised to the engine.
    `on_save(game)` saves the game (the `w` command) and returns a message to show."""

    human = True

    def __init__(self, name: str, term: Terminal, names: Names, *, auto_claim: bool = False,
                 timeout: float | None = None, on_save: Callable[[Any], str] | None = None):
        self.name = name
        self.term = term
        self.names = names
        self.auto_claim = auto_claim
        self.timeout = timeout if term.timeouts else None
        self.prompter = Prompter(term, name, names, on_save)
        self._ = gettext_for(names.lang).gettext    # the interface's words (cli/i18n.py)
        self._last_action: tuple | None = None    # the last manage answer (to explain a menu that changed)
        self._numbers: dict[tuple, int] = {}       # manage action -> its menu number in this window
        self._numbers_key: tuple | None = None     # (turn, window, seat) the numbers belong to
        self._evenly: tuple[str, int] | None = None   # (group id, level): "build evenly" under way

    # ------------------------------------------------------------------ protocol
    def decide(self, game, d: Decision) -> Any:
        """Ask the human `d` at the terminal and return the answer."""
        if d.kind == "claim" and self.auto_claim:
            return True
        self.prompter.game = game
        self.prompter.deadline = time.monotonic() + self.timeout if self.timeout else None
        try:
            return PROMPTS.get(d.kind, HumanAgent._ask_other)(self, game, d)
        except DecisionTimeout:
            self.term.say(f"\n[yellow]No answer within {self.timeout:g} s.[/]")
            raise

    def rejected(self, d: Decision, reason: str) -> None:
        """The engine refused the last answer: say why (the engine asks again)."""
        self.term.say(f"[red]Not allowed:[/] {self.names.ids_to_names(escape(reason))}")

    # ------------------------------------------------------------------ the decisions
    def _cash(self, p) -> str:
        return self._("you have {cash}").format(cash=self.names.money(p.cash))

    def _ask_buy(self, game, d):
        n = self.names
        _ = self._
        sp = game.spaces[d.space]
        lines = [_("{space} ({group}) is for sale: price {price}; {cash}.").format(
            space=f"[bold]{n.space(d.space)}[/]", group=n.group(sp.group), price=n.money(d.price),
            cash=self._cash(d.player))]
        if sp.rent:
            lines.append("  " + _("rents: {rents}; mortgage value {value}").format(
                rents=n.rents(sp), value=n.money(sp.mortgage)))
        opts = []
        auctioned = game.rules.purchase_declined == "auction"
        auction = _("the bank auctions it") if auctioned else _("it stays with the bank")
        if "buy" in d.options:
            opts.append(Opt("1", _("buy it for {price}").format(price=n.money(d.price)), "buy",
                            ("buy", "b", "y", "yes", _("buy"))))
        else:
            lines.append(f"  [red]{_('You cannot afford it.')}[/]")
        opts.append(Opt(str(len(opts) + 1), _("do not buy ({what_then})").format(what_then=auction), "decline",
                        ("decline", "no", "n")))
        return self.prompter.choose(lines, opts)

    def _ask_bid(self, game, d):
        n = self.names
        if d.ctx.get("space") is not None:
            sp = game.spaces[d.space]
            what = f"{n.space(d.space)} (printed price {n.money(sp.price)})"
        else:
            what = f"a {d.ctx.get('building', 'building')} from the bank"
        high = d.ctx.get("high_bidder")
        if d.ctx.get("price") is None or high is None:
            state = "no bids yet"
        else:
            state = f"highest bid {n.money(d.price)} by {n.player(high)}"
        top = f", at most {n.money(d.max)}" if d.max is not None else ""
        lines = [f"[bold]Auction[/] of {what}: {state}; {self._cash(d.player)}."]
        still = d.ctx.get("still_in")
        if still:
            lines.append("  still in: " + ", ".join(n.player(s) for s in still))
        history = auction_bids(game)
        if history:
            lines.append("  bids so far: " + ", ".join(f"{n.player(s)} {n.money(m)}" for s, m in history))
        lines += [
                 f"  Type a bid of at least {n.money(d.min)}{top}, [bold]m[/] to bid the minimum, "
                 f"or [bold]p[/] to pass (a pass is final)."]
        if d.max is None:
            lines.append("  [yellow]Bids are binding:[/] if you win and cannot raise the money, you go bankrupt.")

        def money(amount: int) -> str:
            return n.ed.currency.show(amount, n.lang)

        def parse(text: str):
            try:
                bid = parse_amount(text.rstrip().rstrip("!"))
            except ValueError:
                raise ValueError(f"A bid is a whole number (at least {money(d.min)}), m or p.") from None
            if bid < d.min:
                raise ValueError(f"The bid must be at least {money(d.min)}.")
            if d.max is not None and bid > d.max:
                raise ValueError(f"The bid may not be more than {money(d.max)}.")
            if d.max is None and bid > d.player.cash and not text.rstrip().endswith("!"):
                raise ValueError(f"You have {money(d.player.cash)}: if you win {money(bid)} and cannot raise "
                                 f"it, you go bankrupt. Type {bid}! to bid it anyway.")
            return bid

        opts = [Opt("m", f"bid {n.money(d.min)}", d.min, ("min",)),
                Opt("p", "pass", None, ("pass",))]
        return self.prompter.choose(lines, opts, parse=parse, hint=f"a bid from {money(d.min)}, m or p")

    def _ask_jail(self, game, d):
        n = self.names
        r = game.rules
        lines = [f"[bold]You are in jail[/] (failed tries so far: {d.attempts} of {r.jail_attempts}); "
                 f"{self._cash(d.player)}."]
        labels = {"pay": (f"pay the fine of {n.money(d.fine)} and move", ("pay",)),
                  "card": ("use your get-out-of-jail card", ("card", "c")),
                  "roll": ("roll for doubles", ("roll", "r"))}
        opts = [Opt(str(k + 1), labels.get(o, (str(o), ()))[0], o, labels.get(o, ("", (str(o),)))[1])
                for k, o in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_manage(self, game, d):
        p = d.player
        when = {"before_roll": "before rolling", "after_landing": "after your move"}.get(d.window, d.window)
        if d.window == "before_roll" or d.more_rolls:
            done = self._("roll the dice")
        else:
            done = self._("end your turn")
        lines = [f"[bold]{escape(p.name)}[/], {when}: {self._cash(p)}, on {self.names.space(p.pos)}."]
        # an edition action offered now: say what it does (its rules text, from the edition)
        for a in game.ed.actions:
            if any(o[0] == "act" and o[1] == a.id for o in d.options):
                lines.append(f"  [dim]{escape(text_in(a.name, self.names.lang))}: "
                             f"{escape(text_in(a.text, self.names.lang))}[/]")
        return self._manage(game, d, lines, done)

    def _ask_raise(self, game, d):
        p = d.player
        n = self.names
        creditor = n.player(d.creditor) if d.creditor is not None else "the bank"
        lines = [f"[bold red]You owe {n.money(d.amount)} to {creditor}[/] ({escape(str(d.reason))}) and have "
                 f"{n.money(p.cash)}: raise {n.money(d.amount - p.cash)} more by selling or mortgaging."]
        return self._manage(game, d, lines, None)

    def _manage(self, game, d, lines, done: str | None):
        p = d.player
        n = self.names
        # a stable order, so that a number does not turn into the opposite action after a step:
        # building first, then lifting mortgages, edition actions, mortgaging, selling
        order = {"build": 0, "unmortgage": 1, "act": 2, "mortgage": 3, "sell_deed": 4, "sell": 5, "sell_all": 6}
        acts = sorted((a for a in d.options if a[0] not in ("done", "bankrupt")),
                      key=lambda a: order.get(a[0], 9))
        step = self._evenly_step(game, d, acts)
        if step is not None:
            self._last_action = step
            return step
        # the same action keeps its number for the whole window: a step does not renumber the menu
        key = (game.turns, d.window, p.seat)
        if key != self._numbers_key:
            self._numbers_key, self._numbers = key, {}
        for a in acts:
            self._numbers.setdefault(a, len(self._numbers) + 1)
        acts.sort(key=lambda a: self._numbers[a])
        opts = [Opt(str(self._numbers[a]), self.describe(game, a), a) for a in acts]
        last = self._last_action
        counter = self._trade_refused(game, d, lines) if last and last[0] == "trade" else None
        if counter is not None:
            lines = list(lines)
            opts.append(Opt("c", f"propose the counter-offer: {n.offer(counter)}", ("trade", counter),
                            ("counter",)))
        if last and last[0] == "build" and not any(a[0] == "build" for a in acts):
            why = game.build_problem(p, last[1], d.window) or "no lot can take another building now"
            lines = list(lines) + [f"[yellow]No more building for now:[/] {n.ids_to_names(escape(why))}."]
        raising = d.window == "raise"
        if any(a[0] == "build" for a in acts):
            opts.append(Opt("e", f"build evenly on a group, up to N houses (N = {game.hotel_level}: hotels)",
                            "evenly", ("evenly",)))
        if game.others(p) and game.trade_window_problem(d.window) is None:
            opts.append(Opt("t", self._("propose a trade"), "trade", ("trade",)))
        if raising and BANKRUPT in d.options:
            opts.append(Opt("b", "[red]declare bankruptcy[/]", BANKRUPT, ("bankrupt",)))
        if done:   # the help's words: roll (before the throw), end (after it)
            opts.append(Opt("d", done, DONE, ("done", "roll", "r", "end", "e")))
        while True:
            answer = self.prompter.choose(lines, opts, default="d" if done else None)
            self._last_action = answer if isinstance(answer, tuple) else None
            if answer == "evenly":
                step = self._start_evenly(game, d, acts)
                if step is not None:
                    return step
                continue
            if answer != "trade":
                return answer
            offer = TradeBuilder(self.prompter, game, p, d.window).run()
            if offer is not None:
                self._last_action = ("trade", offer)
                return ("trade", offer)

    def _trade_refused(self, game, d, lines: list) -> TradeOffer | None:
        """After a trade the partner rejected: add its reason to `lines` (a bot that can say
        why) and return its counter-offer, if it makes one."""
        log = getattr(game, "log", None)
        if log is None or not log.events or log.events[-1]["e"] != "trade_rejected":
            return None
        offer = self._last_action[1] if self._last_action else None
        if not isinstance(offer, TradeOffer):
            return None
        bot = game.agents[offer.partner]
        if not hasattr(bot, "trade_reason"):
            return None
        partner = game.players[offer.partner]
        why = bot.trade_reason(game, partner, offer)
        if why:
            lines.append(f"[yellow]{self.names.player(partner.seat)} says no:[/] {escape(why)}.")
        counter = bot.counter_offer(game, partner, offer, d.window)
        if counter is not None:
            lines.append(f"  {self.names.player(partner.seat)} would accept: {self.names.offer(counter)}")
        return counter

    def _start_evenly(self, game, d, acts) -> tuple | None:
        """Ask which group and up to how many houses, then take the first step (None: cancelled)."""
        n = self.names
        groups: list[str] = []
        for a in acts:
            g = game.spaces[a[1]].group if a[0] == "build" else None
            if g is not None and g not in groups:
                groups.append(g)
        opts = [Opt(str(k + 1), n.group(g), g) for k, g in enumerate(groups)] + [Opt("c", "cancel", None, ("cancel",))]
        group = self.prompter.choose(["Build evenly on which group?"], opts) if len(groups) > 1 else groups[0]
        if group is None:
            return None
        top = game.hotel_level

        def parse(text: str) -> int:
            try:
                k = int(text)
            except ValueError:
                raise ValueError(f"Type a number of houses from 1 to {top} ({top} = a hotel), or c.") from None
            if not 1 <= k <= top:
                raise ValueError(f"Type a number of houses from 1 to {top} ({top} = a hotel), or c.")
            return k

        level = self.prompter.choose([f"Up to how many houses on each lot of {n.group(group)}? ({top} = a hotel)"],
                                     [Opt("c", "cancel", None, ("cancel",))], parse=parse, hint=f"1-{top} or c")
        if level is None:
            return None
        self._evenly = (group, level)
        return self._evenly_step(game, d, acts)

    def _evenly_step(self, game, d, acts) -> tuple | None:
        """The next build of a "build evenly" under way: on the group's lowest lot below the level
        (None, ending it, when it is reached or no build there is allowed now)."""
        if self._evenly is None:
            return None
        group, level = self._evenly
        steps = [a for a in acts if a[0] == "build" and game.spaces[a[1]].group == group
                 and game.level[a[1]] < level]
        if not steps:
            self._evenly = None
            lots = game.ed.group_by_id[group].spaces
            if all(game.level[i] >= level for i in lots):
                self.term.say(f"Built evenly: every lot of {self.names.group(group)} has {level}.")
            else:
                self.term.say(f"[yellow]Building evenly stops here:[/] no more building on "
                              f"{self.names.group(group)} is allowed now.")
            return None
        return min(steps, key=lambda a: (game.level[a[1]], a[1]))

    def describe(self, game, action: tuple) -> str:
        """A manage or raise action in words, with its money: 'Build a house on X (50k ₽)'."""
        n = self.names
        kind = action[0]
        if kind in ("build", "sell", "mortgage", "unmortgage", "sell_deed"):
            i = action[1]
            sp = game.spaces[i]
            where = n.space(i)
            lvl = game.level[i]
            hotel = game.hotel_level
            if kind == "build":
                if lvl == hotel - 1:
                    return f"Build a hotel on {where} ({n.money(sp.hotel_cost)})"
                return f"Build a house on {where} ({n.money(sp.house_cost)}; it has {lvl})"
            if kind == "sell":
                what = "the hotel" if lvl == hotel else "a house"
                return f"Sell {what} on {where} (+{n.money(game.sell_value(i))})"
            if kind == "mortgage":
                return f"Mortgage {where} (+{n.money(sp.mortgage)})"
            if kind == "unmortgage":
                return f"Lift the mortgage on {where} ({n.money(game.unmortgage_cost(i))})"
            return f"Sell {where} to the bank (+{n.money(game.bank_sale_value(i))})"
        if kind == "sell_all":
            g = game.ed.group_by_id[action[1]]
            total = sum(game.building_refund(j, game.level[j]) for j in g.spaces)
            return f"Sell every building of the {n.group(g.id)} group (+{n.money(total)})"
        if kind == "act":
            a = next((a for a in game.ed.actions if a.id == action[1]), None)
            name = escape(text_in(a.name, n.lang) or a.id) if a else escape(str(action[1]))
            target = f" on {n.space(action[2])}" if action[2] is not None else ""
            return f"{name}{target}"
        lo = game.rules.loans
        if kind == "loan" and lo is not None:
            return (f"Borrow {n.money(lo.unit)} from the bank (interest {n.money(lo.interest)} "
                    f"per {lo.charged_on}; deeds worth {n.money(lo.unit + lo.margin)} pledged)")
        if kind == "repay" and lo is not None:
            return f"Repay a bank loan ({n.money(lo.unit)}; {len(game.current.loans) if game.current else 0} held)"
        if kind == "propose":
            sw = next((s for s in game.ed.switches if s.id == action[1]), None)
            name = escape(text_in(sw.name, n.lang)) if sw is not None else escape(str(action[1]))
            return f"Propose a vote: {name}"
        return escape(str(action))

    def _ask_trade(self, game, d):
        n = self.names
        o: TradeOffer = d.offer
        lines = [f"[bold]{n.player(o.proposer)} offers you a trade[/] ({self._cash(d.player)}):",
                 f"  you get:  {n.side(o.give_deeds, o.give_cash, o.give_cards)}",
                 f"  you give: {n.side(o.get_deeds, o.get_cash, o.get_cards)}"]
        for i in o.give_deeds:
            if game.mortgaged[i] and game.rules.transfer_interest:
                lines.append(f"  [yellow]{n.space(i)} is mortgaged: you would pay "
                             f"{n.money(game.interest(i))} interest at once[/]")
        return self.prompter.choose(lines, [Opt("1", self._("accept"), "accept", ("accept", "a", "yes", "y")),
                                    Opt("2", self._("reject"), "reject", ("reject", "r", "no", "n"))])

    def _ask_deal(self, game, d):
        n = self.names
        deal: Deal = d.offer
        me = d.player.seat
        get_deeds, get_cash, get_cards = deal.gets(me)
        give_deeds, give_cash, give_cards = deal.gives(me)
        lines = [f"[bold]{n.player(deal.proposer)} proposes a deal of "
                 f"{', '.join(n.player(s) for s in deal.parties)}[/] ({self._cash(d.player)}):",
                 f"  you get:  {n.side(get_deeds, get_cash, get_cards)}",
                 f"  you give: {n.side(give_deeds, give_cash, give_cards)}",
                 f"  the whole deal: {n.deal(deal)}",
                 "  (it happens only if every player in it accepts)"]
        for i in get_deeds:
            if game.mortgaged[i] and game.rules.transfer_interest:
                lines.append(f"  [yellow]{n.space(i)} is mortgaged: you would pay "
                             f"{n.money(game.interest(i))} interest at once[/]")
        return self.prompter.choose(lines, [Opt("1", self._("accept"), "accept", ("accept", "a", "yes", "y")),
                                    Opt("2", self._("reject"), "reject", ("reject", "r", "no", "n"))])

    def _ask_tax(self, game, d):
        n = self.names
        p = d.player
        lines = [f"[bold]{n.space(d.space)}[/]: choose how to pay before counting "
                 f"({self._cash(p)})."]
        return self.prompter.choose(lines, [Opt("1", f"the fixed amount ({n.money(d.fixed)})", "fixed", ("fixed",)),
                                    Opt("2", "the alternative amount (counted after you choose)",
                                        "alternative", ("alternative",))])

    def _ask_claim(self, game, d):
        n = self.names
        lines = [f"{n.player(d.payer)} is on your {n.space(d.space)}: rent {n.money(d.amount)}."]
        return self.prompter.choose(lines, [Opt("1", "claim the rent", True, ("claim", "yes", "y")),
                                    Opt("2", "let it go", False, ("no", "n"))])

    def _ask_inherited_mortgage(self, game, d):
        n = self.names
        lines = [f"{n.space(d.space)} came to you mortgaged ({self._cash(d.player)})."]
        return self.prompter.choose(lines, [
            Opt("1", f"lift the mortgage now ({n.money(d.value + d.interest)}: value plus interest)",
                "lift", ("lift",)),
            Opt("2", f"keep it mortgaged (pay {n.money(d.interest)} interest now, and again when lifted)",
                "keep", ("keep",))])

    def _ask_redeem(self, game, d):
        n = self.names
        lines = [f"Lap end: {n.space(d.space)} is mortgaged: redeem it for {n.money(d.cost)} or the bank "
                 f"takes it back ({self._cash(d.player)}"
                 + ("; you will be asked to raise the money" if d.player.cash < d.cost else "") + ")."]
        opts = []
        if "redeem" in d.options:
            opts.append(Opt("1", f"redeem it ({n.money(d.cost)})", "redeem", ("redeem",)))
        opts.append(Opt(str(len(opts) + 1), "release it (the bank takes it back)", "release", ("release",)))
        return self.prompter.choose(lines, opts)

    def _ask_place(self, game, d):
        n = self.names
        why = {"shortage": "You won the building at auction", "card": "A card lets you build"}
        lines = [f"{why.get(d.ctx.get('reason'), 'Place a building')}: choose the lot."]
        opts = []
        for i in d.options:
            if i is None:
                opts.append(Opt("n", "no building", None, ("none", "no")))
            else:
                opts.append(Opt(str(len(opts) + 1), f"{n.space(i)} (has {game.level[i]})", i))
        return self.prompter.choose(lines, opts)

    def _ask_choice(self, game, d):
        """A card's or action's choice: its labels in the player's language."""
        n = self.names
        lines = [f"{n.source_text(d.source)}", f"Choose ({self._cash(d.player)}):"]
        opts = [Opt(str(k + 1), escape(n.label(d.source, d.labels, o)), o, (o,))
                for k, o in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_pick(self, game, d):
        """A space to pick (the DSL's `pick(...)`): the spaces by name."""
        n = self.names
        lines = [f"{n.source_text(d.source)}", f"Pick a space ({self._cash(d.player)}):"]
        opts = [Opt(str(k + 1), n.space(i), i, (game.spaces[i].id,)) for k, i in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_play_card(self, game, d):
        """A kept card that may be played instead of paying rent."""
        n = self.names
        lines = [f"You owe {n.player(d.owner)} rent of {n.money(d.amount)} ({self._cash(d.player)})."]
        opts = [Opt(str(k + 1), "play " + n.held_card(h), h) for k, h in enumerate(d.options)
                if h is not None]
        opts.append(Opt("p", "pay the rent", None, ("pay",)))
        return self.prompter.choose(lines, opts)

    def _ask_vote(self, game, d):
        """A vote: on ending the game, or on a rule switch someone proposed."""
        n = self.names
        if d.topic == "end":
            what = "end the game now"
        else:
            sw = next((s for s in game.ed.switches if s.id == d.topic), None)
            what = "turn on " + (escape(text_in(sw.name, n.lang)) if sw is not None else escape(d.topic))
        proposer = d.ctx.get("proposer")
        by = f" ({n.player(proposer)} proposes it)" if proposer is not None else ""
        lines = [f"Vote: {what}{by}?"]
        return self.prompter.choose(lines, [Opt("y", "yes", "yes", ("yes",)), Opt("n", "no", "no", ("no",))])

    def _ask_other(self, game, d):
        """A decision kind this terminal does not know: its options as they are."""
        lines = [f"Decision [bold]{escape(d.kind)}[/]: {escape(str(d.ctx))}"]
        opts = [Opt(str(k + 1), escape(repr(o)), o) for k, o in enumerate(d.options)]
        return self.prompter.choose(lines, opts)


def auction_bids(game) -> list[tuple[int, int]]:
    """The bids of the auction under way, oldest first, as (seat, amount), from the event log
    (empty without a log)."""
    log = getattr(game, "log", None)
    if log is None:
        return []
    bids: list[tuple[int, int]] = []
    for ev in reversed(log.events):
        e = ev["e"]
        if e == "bid":
            bids.append((ev["player"], ev["amount"]))
        elif e != "flag":
            break
    return bids[::-1]


PROMPTS: dict[str, Callable[[HumanAgent, Any, Decision], Any]] = {
    "buy": HumanAgent._ask_buy,
    "bid": HumanAgent._ask_bid,
    "jail": HumanAgent._ask_jail,
    "manage": HumanAgent._ask_manage,
    "raise": HumanAgent._ask_raise,
    "trade": HumanAgent._ask_trade,
    "deal": HumanAgent._ask_deal,
    "tax": HumanAgent._ask_tax,
    "claim": HumanAgent._ask_claim,
    "inherited_mortgage": HumanAgent._ask_inherited_mortgage,
    "redeem": HumanAgent._ask_redeem,
    "place": HumanAgent._ask_place,
    "choice": HumanAgent._ask_choice,
    "pick": HumanAgent._ask_pick,
    "play_card": HumanAgent._ask_play_card,
    "vote": HumanAgent._ask_vote,
}
"""The prompt of each decision kind (engine DECISION_KINDS); others are shown as they are."""
