"""The human at the terminal: an `Agent` that asks every decision as a prompt.

Each decision kind of `engine.game.decisions` is shown with the numbers that matter (price,
cash, rent, bids, what a trade gives and takes) and its legal options, numbered; the answer is
a number (or one of the option's words). At any prompt: `s` shows the status view, `w` saves the
game and goes on, `h` or `?` helps, `q` quits (offering to save). In another language the words
of that language answer too, and the keys on its keyboard layout (Russian: бросить, да, с, п, в
for d; terminal.py `COMMANDS` and `ANSWERS`, the words in the locale). An answer the engine
rejects is shown with the engine's reason and asked again.

The manage and raise prompts are grouped by deed (deed_menu.py): a number opens a deed's own
menu of actions. The prompt of each decision kind is a row of `PROMPTS` (a test checks every kind
of `DECISION_KINDS` has one); reading, menus and the commands of any prompt are in terminal.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from magie.engine.edition.text import text_in
from magie.engine.errors import DecisionTimeout
from magie.engine.game.decisions import BANKRUPT, DONE, Deal, Decision, TradeOffer

from .amounts import amount_forms, parse_amount
from .deed_menu import by_deed, closed_on, deed_header, deed_line
from .i18n import gettext_for
from .reasons import reason_in
from .render import N_, Names, describe_action
from .terminal import Opt, Prompter, Terminal
from .trade_builder import TradeBuilder

if TYPE_CHECKING:
    from magie.engine.game.view import GameView

DEBT_REASONS = (N_("rent"), N_("tax"), N_("fine"), N_("interest"), N_("auction"), N_("purchase"), N_("card"),
                N_("build"), N_("unmortgage"), N_("trade"), N_("salary"))
"""What a debt is for, as the engine names it (shown translated in the raise prompt)."""


def person_windows(game) -> frozenset[str]:
    """The manage windows a person at the terminal is asked in: the own turn's, and between
    other players' turns where the edition has that window (rules.between_turns); there the
    person is asked only after turning it on with `i` at a manage prompt, so no question is added
    to every turn. A playthrough's replay asks people's seats in the same windows."""
    own = frozenset({"before_roll", "after_landing"})
    return own | {"between_turns"} if game.rules.between_turns else own


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
        self.between_turns = False    # asked between other players' turns (the `i` key turns it on)

    def windows(self, game: GameView) -> frozenset:
        """The manage windows a person is asked in (`person_windows`)."""
        return person_windows(game)

    # ------------------------------------------------------------------ protocol
    def decide(self, game: GameView, d: Decision) -> Any:
        """Ask the human `d` at the terminal and return the answer."""
        if d.kind == "claim" and self.auto_claim:
            return True
        self.prompter.game = game
        self.prompter.deadline = time.monotonic() + self.timeout if self.timeout else None
        try:
            return PROMPTS.get(d.kind, HumanAgent._ask_other)(self, game, d)
        except DecisionTimeout:
            late = self._("No answer within {seconds} s.").format(seconds=f"{self.timeout:g}")
            self.term.say(f"\n[yellow]{late}[/]")
            raise

    def rejected(self, d: Decision, reason: str) -> None:
        """The engine refused the last answer: say why (the engine asks again)."""
        self.term.say(f"[red]{self._('Not allowed:')}[/] {self.names.ids_to_names(escape(reason))}")

    # ------------------------------------------------------------------ the decisions
    def _cash(self, p) -> str:
        return self._("you have {cash}").format(cash=self.names.money(p.cash))

    def _ask_buy(self, game: GameView, d):
        n = self.names
        _ = self._
        sp = game.spaces[d.space]
        lines = [_("{space} ({group}) is for sale: price {price}; {cash}.").format(
            space=f"[bold]{n.space(d.space)}[/]", group=n.group(sp.group), price=n.money(d.price),
            cash=self._cash(d.player))]
        if sp.rent and not sp.mortgageable:
            lines.append("  " + _("rents: {rents}; it cannot be mortgaged").format(rents=n.rents(sp)))
        elif sp.rent:
            lines.append("  " + _("rents: {rents}; mortgage value {value}").format(
                rents=n.rents(sp), value=n.money(sp.mortgage)))
        opts = []
        auctioned = game.rules.purchase_declined == "auction"
        auction = _("the bank auctions it") if auctioned else _("it stays with the bank")
        if "buy" in d.options:
            opts.append(Opt("1", _("buy it for {price}").format(price=n.money(d.price)), "buy",
                            self.prompter.words("buy", "yes")))
        else:
            lines.append(f"  [red]{_('You cannot afford it.')}[/]")
        opts.append(Opt(str(len(opts) + 1), _("do not buy ({what_then})").format(what_then=auction), "decline",
                        self.prompter.words("decline", "no", "pass up")))
        short = d.price - d.player.cash
        if "buy" in d.options and short > 0:
            lines.append("  [yellow]" + _("You are {more} short: buying means raising it by selling or mortgaging.")
                         .format(more=n.money(short)) + "[/]")
        while True:
            answer = self.prompter.choose(lines, opts)
            if answer != "buy" or short <= 0 or self._confirm_short_buy(d, short):
                return answer

    def _confirm_short_buy(self, d, short: int) -> bool:
        """Ask a player short of a deed's price whether to buy and raise the money: once bought
        there is no going back (the engine then asks to raise it); False goes back to the buy
        prompt, where declining sends the deed where the rules say (an auction)."""
        n = self.names
        _ = self._
        lines = [_("To buy {space} you must raise {more} by selling buildings or mortgaging; once you buy "
                   "there is no going back.").format(space=n.space(d.space), more=n.money(short))]
        return bool(self.prompter.choose(lines, [
            Opt("1", _("buy it and raise the money"), True, self.prompter.words("buy", "yes")),
            Opt("0", _("back to the offer"), False, self.prompter.words("back", "no"))], default="0"))

    def _ask_bid(self, game: GameView, d):
        n = self.names
        _ = self._
        if d.ctx.get("space") is not None:
            sp = game.spaces[d.space]
            what = _("{space} (printed price {price})").format(space=n.space(d.space), price=n.money(sp.price))
        elif d.ctx.get("building") == "hotel":
            what = _("a hotel from the bank")
        else:
            what = _("a house from the bank")
        high = d.ctx.get("high_bidder")
        if d.ctx.get("price") is None or high is None:
            state = _("no bids yet")
        else:
            state = _("highest bid {amount} by {player}").format(amount=n.money(d.price), player=n.player(high))
        lines = ["[bold]" + _("Auction") + "[/] " + _("of {what}: {state}; {cash}.").format(
            what=what, state=state, cash=self._cash(d.player))]
        still = d.ctx.get("still_in")
        if still:
            lines.append("  " + _("still in: {players}").format(players=", ".join(n.player(s) for s in still)))
        history = auction_bids(game)
        if history:
            lines.append("  " + _("bids so far: {bids}").format(
                bids=", ".join(f"{n.player(s)} {n.money(m)}" for s, m in history)))
        if d.max is not None:
            lines.append("  " + _("Type a bid of at least {least}, at most {most}, [bold]m[/] to bid the minimum, "
                                  "or [bold]p[/] to pass (a pass is final).").format(least=n.money(d.min),
                                                                                     most=n.money(d.max)))
        else:
            lines.append("  " + _("Type a bid of at least {least}, [bold]m[/] to bid the minimum, "
                                  "or [bold]p[/] to pass (a pass is final).").format(least=n.money(d.min)))
            lines.append("  [yellow]" + _("Bids are binding:") + "[/] "
                         + _("if you win and cannot raise the money, you go bankrupt."))

        def money(amount: int) -> str:
            return n.ed.currency.show(amount, n.lang)

        def parse(text: str):
            try:
                bid = parse_amount(text.rstrip().rstrip("!"), n.ed.currency, n.lang)
            except ValueError:
                raise ValueError(_("A bid is a whole amount of at least {least} (as {forms}), m or p.").format(
                    least=money(d.min), forms=amount_forms(n.ed.currency, n.lang))) from None
            if bid < d.min:
                raise ValueError(_("The bid must be at least {least}.").format(least=money(d.min)))
            if d.max is not None and bid > d.max:
                raise ValueError(_("The bid may not be more than {most}.").format(most=money(d.max)))
            if d.max is None and bid > d.player.cash and not text.rstrip().endswith("!"):
                raise ValueError(_("You have {cash}: if you win {bid} and cannot raise it, you go bankrupt. "
                                   "Type {number}! to bid it anyway.").format(
                                       cash=money(d.player.cash), bid=money(bid), number=bid))
            return bid

        opts = [Opt("m", _("bid {amount}").format(amount=n.money(d.min)), d.min, self.prompter.words("min")),
                Opt("p", _("pass"), None, self.prompter.words("pass"))]
        return self.prompter.choose(lines, opts, parse=parse,
                                    hint=_("a bid from {least}, m or p").format(least=money(d.min)))

    def _ask_jail(self, game: GameView, d):
        n = self.names
        h = game.ed.holdings[d.ctx.get("holding", "jail")]   # (no detail: the jail)
        _ = self._
        tries = _("(failed tries so far: {tries} of {most}); {cash}.").format(
            tries=d.attempts, most=h.attempts, cash=self._cash(d.player))
        held = _("You are in jail") if h.id == "jail" else _("You are held in {place}").format(place=n.holding(h.id))
        lines = ["[bold]" + held + "[/] " + tries]
        words = self.prompter.words
        labels = {"pay": (_("pay the fine of {amount} and move").format(amount=n.money(d.fine)), words("pay")),
                  "card": (_("use your get-out-of-jail card"), words("card")),
                  "roll": (_("roll for doubles"), words("roll"))}
        opts = [Opt(str(k + 1), labels.get(o, (str(o), ()))[0], o, labels.get(o, ("", (str(o),)))[1])
                for k, o in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_manage(self, game: GameView, d):
        p = d.player
        if d.window == "between_turns" and not self.between_turns:
            return DONE
        when = {"before_roll": self._("before rolling"),
                "after_landing": self._("after your move"),
                "between_turns": self._("between turns (next: {player})").format(
                    player=self.names.player(game.order[game.turn_idx].seat))}.get(d.window, d.window)
        if d.window == "between_turns":
            done = self._("done")
        elif d.window == "before_roll" and p.in_jail and not getattr(p, "free_next_turn", False):
            # the throw is not the next thing: the jail's own question (pay, a card, roll) is
            done = (self._("go on to the jail's choice: pay the fine or roll for doubles") if p.held == "jail"
                    else self._("go on to getting out of {place}: pay or roll for doubles").format(
                        place=self.names.holding(p.held)))
        elif d.window == "before_roll" or d.more_rolls:
            done = self._("roll the dice")
        else:
            done = self._("end your turn")
        lines = [self._("{player}, {when}: {cash}, on {space}.").format(
            player=f"[bold]{escape(p.name)}[/]", when=when, cash=self._cash(p), space=self.names.space(p.pos))]
        # an edition action offered now: say what it does (its rules text, from the edition)
        for a in game.ed.actions:
            if any(o[0] == "act" and o[1] == a.id for o in d.options):
                lines.append(f"  [dim]{escape(text_in(a.name, self.names.lang))}: "
                             f"{escape(text_in(a.text, self.names.lang))}[/]")
        return self._manage(game, d, lines, done)

    def _ask_raise(self, game: GameView, d):
        p = d.player
        n = self.names
        _ = self._
        owe = _("You owe {amount} to {creditor}").format(amount=n.money(d.amount), creditor=n.player(d.creditor))
        lines = [f"[bold red]{owe}[/] ({escape(_(str(d.reason)))}) " + _(
            "and have {cash}: raise {more} more by selling or mortgaging.").format(
                cash=n.money(p.cash), more=n.money(d.amount - p.cash))]
        return self._manage(game, d, lines, None)

    def _manage(self, game: GameView, d, lines, done: str | None):
        p = d.player
        n = self.names
        acts = [a for a in d.options if a[0] not in ("done", "bankrupt")]
        step = self._evenly_step(game, d, acts)
        if step is not None:
            self._last_action = step
            return step
        deeds, others = by_deed(game, acts)
        # the same deed (or action) keeps its number for the whole window: a step does not renumber the menu
        key = (game.turns, d.window, p.seat)
        if key != self._numbers_key:
            self._numbers_key, self._numbers = key, {}
        for target in [("deed", i) for i in deeds] + others:
            self._numbers.setdefault(target, len(self._numbers) + 1)
        opts = sorted([Opt(str(self._numbers[("deed", i)]), deed_line(n, game, i, on, p), ("deed", i))
                       for i, on in deeds.items()]
                      + [Opt(str(self._numbers[a]), self.describe(game, a), a) for a in others],
                      key=lambda o: int(o.key))
        last = self._last_action
        lines = list(lines)
        counter = self._trade_refused(game, d, lines) if last and last[0] == "trade" else None
        if counter is not None:
            opts.append(Opt("c", self._("propose the counter-offer: {offer}").format(offer=n.offer(counter)),
                            ("trade", counter), self.prompter.words("counter")))
        if last and last[0] == "build" and not any(a[0] == "build" for a in acts):
            # asked of the group's lowest lot: the others' reason would be evenness, not the cause
            lots = [j for j in game.ed.group_by_id[game.spaces[last[1]].group].spaces if game.owner[j] is p]
            low = min(lots or [last[1]], key=lambda j: (game.level[j], j))
            why = game.build_problem(p, low, d.window) or self._("no lot can take another building now")
            lines.append(f"[yellow]{self._('No more building for now:')}[/] {reason_in(n, why)}.")
        if deeds:
            lines.append("  [dim]" + (self._("A deed's number opens what can be done on it.") if d.window != "raise"
                                      else self._("A deed's number opens how it can raise money.")) + "[/]")
        raising = d.window == "raise"
        evenly = Opt("e", self._("build evenly on a group, up to N houses (N = {top}: hotels)").format(
            top=game.hotel_level), "evenly", self.prompter.words("evenly"))
        if any(a[0] == "build" for a in acts):
            opts.append(evenly)
        if game.others(p) and game.trade_window_problem(d.window) is None:
            opts.append(Opt("t", self._("propose a trade"), "trade", self.prompter.words("trade")))
        if game.rules.between_turns and not raising:
            state = self._("on: i turns it off") if self.between_turns else self._("off: i turns it on")
            opts.append(Opt("i", self._("manage between the other players' turns ({state})").format(state=state),
                            "interval", self.prompter.words("interval")))
        if raising and BANKRUPT in d.options:
            opts.append(Opt("b", f"[red]{self._('declare bankruptcy')}[/]", BANKRUPT, self.prompter.words("bankrupt")))
        finish = Opt("d", done, DONE, self.prompter.words("roll", "end")) if done else None
        if finish is not None:   # roll (before the throw) and end (after it) both answer it
            opts.append(finish)
        while True:
            answer = self.prompter.choose(lines, opts, default="d" if done else None,
                                          closed=lambda: self._closed(game, p, d.window))
            if isinstance(answer, tuple) and answer[0] == "deed":
                answer = self._deed_menu(game, d, lines[0], answer[1], deeds[answer[1]], evenly, finish)
                if answer is None:
                    continue
            self._last_action = answer if isinstance(answer, tuple) else None
            if answer == "interval":
                self.between_turns = not self.between_turns
                self.term.say(self._("You will be asked between the other players' turns (i again stops it).")
                              if self.between_turns else self._("No more questions between the other players' turns."))
                continue
            if answer == "evenly":
                step = self._start_evenly(game, d, acts)
                if step is not None:
                    return step
                continue
            if isinstance(answer, tuple) and answer[0] == "evenly":     # from a deed's menu: its group
                step = self._start_evenly(game, d, [a for a in acts if a[0] == "build"
                                                    and game.spaces[a[1]].group == answer[1]])
                if step is not None:
                    return step
                continue
            if answer != "trade":
                return answer
            offer = TradeBuilder(self.prompter, game, p, d.window).run()
            if offer is not None:
                self._last_action = ("trade", offer)
                return ("trade", offer)

    def _deed_menu(self, game: GameView, d, first: str, i: int, acts: list[tuple], evenly: Opt,
                   finish: Opt | None) -> Any:
        """A deed's own menu: its state and rents, its actions with their money, the actions
        closed on it with their reasons, `e` to build evenly on its group, 0 (or Enter) back to
        the turn's menu (answers None), and `finish` (roll or end) as in the turn's menu."""
        n = self.names
        _ = self._
        lines = [first, "  " + deed_header(n, game, i, d.player)]
        closed = closed_on(n, game, d.player, d.window, i)
        if closed:
            lines.append("  " + _("[bold]Not open now[/], and why:"))
            lines.extend(f"    [dim]{line}[/]" for line in closed)
        opts = [Opt(str(k + 1), self.describe(game, a), a) for k, a in enumerate(acts)]
        group = game.spaces[i].group
        if any(a[0] == "build" for a in acts):
            opts.append(Opt("e", _("build evenly on {group}, up to N houses (N = {top}: hotels)").format(
                group=n.group(group), top=game.hotel_level), ("evenly", group), evenly.words))
        opts.append(Opt("0", _("back to the menu"), None, self.prompter.words("back")))
        if finish is not None:
            opts.append(finish)
        return self.prompter.choose(lines, opts, default="0")

    def _closed(self, game: GameView, p, window: str) -> list[str]:
        """The actions on `p`'s deeds not open in `window` now, each with its reason, in words."""
        n = self.names
        return [f"{self.describe(game, a)}: {reason_in(n, why)}"
                for a, why in game.closed_actions(p, window)]

    def _trade_refused(self, game: GameView, d, lines: list) -> TradeOffer | None:
        """After a trade the partner rejected: add its reason to `lines` (a bot that can say
        why) and return its counter-offer, if it makes one."""
        log = getattr(game, "log", None)
        if log is None or not log.events or log.events[-1]["e"] != "trade_rejected":
            return None
        offer = self._last_action[1] if self._last_action else None
        if not isinstance(offer, TradeOffer):
            return None
        # the partner's agent, if it can say why (the basic bot): the game's, beyond what the view shows
        agents: Any = getattr(game, "agents", None)
        bot: Any = agents[offer.partner] if agents is not None else None
        if not hasattr(bot, "trade_reason"):
            return None
        partner = game.players[offer.partner]
        parts = bot.trade_reason_parts(game, partner, offer) if hasattr(bot, "trade_reason_parts") else None
        why = (self._(parts[0]).format(amount=self.names.money(parts[1]["amount"])) if parts
               else escape(bot.trade_reason(game, partner, offer)))
        if why:
            lines.append("[yellow]" + self._("{player} says no:").format(player=self.names.player(partner.seat))
                         + f"[/] {why}.")
        counter = bot.counter_offer(game, partner, offer, d.window)
        if counter is not None:
            lines.append("  " + self._("{player} would accept: {offer}").format(
                player=self.names.player(partner.seat), offer=self.names.offer(counter)))
        return counter

    def _start_evenly(self, game: GameView, d, acts) -> tuple | None:
        """Ask which group and up to how many houses, then take the first step (None: cancelled)."""
        n = self.names
        groups: list[str] = []
        for a in acts:
            g = game.spaces[a[1]].group if a[0] == "build" else None
            if g is not None and g not in groups:
                groups.append(g)
        _ = self._
        cancel = Opt("c", _("cancel"), None, self.prompter.words("cancel"))
        opts = [Opt(str(k + 1), n.group(g), g) for k, g in enumerate(groups)] + [cancel]
        group = self.prompter.choose([_("Build evenly on which group?")], opts) if len(groups) > 1 else groups[0]
        if group is None:
            return None
        top = game.hotel_level

        def parse(text: str) -> int:
            wrong = (_("Type a number of houses from 1 to {top} ({top} = a hotel), or c.") if top > 1
                     else _("Type 1 (a hotel), or c.")).format(top=top)
            try:
                k = int(text)
            except ValueError:
                raise ValueError(wrong) from None
            if not 1 <= k <= top:
                raise ValueError(wrong)
            return k

        level = self.prompter.choose(
            [_("Up to how many houses on each lot of {group}? ({top} = a hotel)").format(group=n.group(group),
                                                                                         top=top)],
            [cancel], parse=parse, hint=_("1-{top} or c").format(top=top) if top > 1 else _("1 or c"))
        if level is None:
            return None
        self._evenly = (group, level)
        return self._evenly_step(game, d, acts)

    def _evenly_step(self, game: GameView, d, acts) -> tuple | None:
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
                self.term.say(self._("Built evenly: every lot of {group} has {level}.").format(
                    group=self.names.group(group), level=level))
            else:
                self.term.say("[yellow]" + self._("Building evenly stops here:") + "[/] " + self._(
                    "no more building on {group} is allowed now.").format(group=self.names.group(group)))
            return None
        return min(steps, key=lambda a: (game.level[a[1]], a[1]))

    def describe(self, game: GameView, action: tuple) -> str:
        """A manage or raise action in words (see `render.describe_action`)."""
        return describe_action(self.names, game, action)

    def _ask_trade(self, game: GameView, d):
        n = self.names
        o: TradeOffer = d.offer
        _ = self._
        lines = ["[bold]" + _("{player} offers you a trade").format(player=n.player(o.proposer))
                 + f"[/] ({self._cash(d.player)}):",
                 "  " + _("you get:  {items}").format(items=n.side(o.give_deeds, o.give_cash, o.give_cards)),
                 "  " + _("you give: {items}").format(items=n.side(o.get_deeds, o.get_cash, o.get_cards))]
        for i in o.give_deeds:
            if game.mortgaged[i] and game.rules.transfer_interest:
                lines.append("  [yellow]" + _("{space} is mortgaged: you would pay {amount} interest at once").format(
                    space=n.space(i), amount=n.money(game.interest(i))) + "[/]")
        return self.prompter.choose(lines, self._accept_or_reject())

    def _ask_deal(self, game: GameView, d):
        n = self.names
        deal: Deal = d.offer
        me = d.player.seat
        get_deeds, get_cash, get_cards = deal.gets(me)
        give_deeds, give_cash, give_cards = deal.gives(me)
        _ = self._
        lines = ["[bold]" + _("{player} proposes a deal of {players}").format(
                     player=n.player(deal.proposer), players=", ".join(n.player(s) for s in deal.parties))
                 + f"[/] ({self._cash(d.player)}):",
                 "  " + _("you get:  {items}").format(items=n.side(get_deeds, get_cash, get_cards)),
                 "  " + _("you give: {items}").format(items=n.side(give_deeds, give_cash, give_cards)),
                 "  " + _("the whole deal: {deal}").format(deal=n.deal(deal)),
                 "  " + _("(it happens only if every player in it accepts)")]
        for i in get_deeds:
            if game.mortgaged[i] and game.rules.transfer_interest:
                lines.append("  [yellow]" + _("{space} is mortgaged: you would pay {amount} interest at once").format(
                    space=n.space(i), amount=n.money(game.interest(i))) + "[/]")
        return self.prompter.choose(lines, self._accept_or_reject())

    def _ask_tax(self, game: GameView, d):
        n = self.names
        p = d.player
        _ = self._
        lines = [_("{space}: choose how to pay before counting ({cash}).").format(
            space=f"[bold]{n.space(d.space)}[/]", cash=self._cash(p))]
        words = self.prompter.words
        return self.prompter.choose(lines, [
            Opt("1", _("the fixed amount ({amount})").format(amount=n.money(d.fixed)), "fixed", words("fixed")),
            Opt("2", _("the alternative amount (counted after you choose)"), "alternative", words("alternative"))])

    def _ask_claim(self, game: GameView, d):
        n = self.names
        _ = self._
        lines = [_("{player} is on your {space}: rent {amount}.").format(
            player=n.player(d.payer), space=n.space(d.space), amount=n.money(d.amount))]
        return self.prompter.choose(lines, [Opt("1", _("claim the rent"), True, self.prompter.words("claim", "yes")),
                                    Opt("2", _("let it go"), False, self.prompter.words("let go", "no"))])

    def _ask_inherited_mortgage(self, game: GameView, d):
        n = self.names
        _ = self._
        lines = [_("{space} came to you mortgaged ({cash}).").format(space=n.space(d.space), cash=self._cash(d.player))]
        return self.prompter.choose(lines, [
            Opt("1", _("lift the mortgage now ({amount}: value plus interest)").format(
                amount=n.money(d.value + d.interest)), "lift", self.prompter.words("lift")),
            Opt("2", _("keep it mortgaged (pay {amount} interest now, and again when lifted)").format(
                amount=n.money(d.interest)), "keep", self.prompter.words("keep"))])

    def _ask_redeem(self, game: GameView, d):
        n = self.names
        _ = self._
        short = "; " + _("you will be asked to raise the money") if d.player.cash < d.cost else ""
        lines = [_("Lap end: {space} is mortgaged: redeem it for {amount} or the bank takes it back ({cash}).").format(
            space=n.space(d.space), amount=n.money(d.cost), cash=self._cash(d.player) + short)]
        opts = []
        words = self.prompter.words
        if "redeem" in d.options:
            opts.append(Opt("1", _("redeem it ({amount})").format(amount=n.money(d.cost)), "redeem", words("redeem")))
        opts.append(Opt(str(len(opts) + 1), _("release it (the bank takes it back)"), "release", words("release")))
        return self.prompter.choose(lines, opts)

    def _ask_place(self, game: GameView, d):
        n = self.names
        _ = self._
        why = {"shortage": _("You won the building at auction"), "card": _("A card lets you build")}
        lines = [_("{why}: choose the lot.").format(why=why.get(d.ctx.get("reason"), _("Place a building")))]
        opts = []
        for i in d.options:
            if i is None:
                opts.append(Opt("n", _("no building"), None, self.prompter.words("none", "no")))
            else:
                label = _("{space} (has {level})").format(space=n.space(i), level=game.level[i])
                opts.append(Opt(str(len(opts) + 1), label, i))
        return self.prompter.choose(lines, opts)

    def _ask_choice(self, game: GameView, d):
        """A card's or action's choice: its labels in the player's language."""
        n = self.names
        lines = [f"{n.source_text(d.source)}", self._("Choose ({cash}):").format(cash=self._cash(d.player))]
        opts = [Opt(str(k + 1), escape(n.label(d.source, d.labels, o)), o, (o,))
                for k, o in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_role(self, game: GameView, d):
        """A role at the start: the roles the balance rule allows, with how many hold each."""
        n = self.names
        _ = self._
        lines = [_("Choose your role:")]
        opts = [Opt(str(k + 1), _("{role} ({count} so far)").format(role=n.role(r), count=d.taken[r]), r, (r,))
                for k, r in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_pick(self, game: GameView, d):
        """A space to pick (the DSL's `pick(...)`): the spaces by name."""
        n = self.names
        lines = [f"{n.source_text(d.source)}", self._("Pick a space ({cash}):").format(cash=self._cash(d.player))]
        opts = [Opt(str(k + 1), n.space(i), i, (game.spaces[i].id,)) for k, i in enumerate(d.options)]
        return self.prompter.choose(lines, opts)

    def _ask_play_card(self, game: GameView, d):
        """A kept card that may be played instead of paying rent."""
        n = self.names
        _ = self._
        lines = [_("You owe {player} rent of {amount} ({cash}).").format(
            player=n.player(d.owner), amount=n.money(d.amount), cash=self._cash(d.player))]
        opts = [Opt(str(k + 1), _("play {card}").format(card=n.held_card(h)), h) for k, h in enumerate(d.options)
                if h is not None]
        opts.append(Opt("p", _("pay the rent"), None, self.prompter.words("pay")))
        return self.prompter.choose(lines, opts)

    def _ask_vote(self, game: GameView, d):
        """A vote: on ending the game, or on a rule switch someone proposed."""
        n = self.names
        _ = self._
        if d.topic == "end":
            line = _("Vote: end the game now?")
        else:
            sw = next((s for s in game.ed.switches if s.id == d.topic), None)
            line = _("Vote: turn on {topic}?").format(
                topic=escape(text_in(sw.name, n.lang)) if sw is not None else escape(d.topic))
        proposer = d.ctx.get("proposer")
        if proposer is not None:
            line += " " + _("({player} proposes it)").format(player=n.player(proposer))
        words = self.prompter.words
        return self.prompter.choose([line], [Opt("1", _("yes"), "yes", words("yes")),
                                             Opt("2", _("no"), "no", words("no"))])

    def _accept_or_reject(self) -> list[Opt]:
        """The two answers to an offer (a trade, a deal)."""
        words = self.prompter.words
        return [Opt("1", self._("accept"), "accept", words("accept", "yes")),
                Opt("2", self._("reject"), "reject", words("reject", "no"))]

    def _ask_other(self, game: GameView, d):
        """A decision kind this terminal does not know: its options as they are."""
        lines = [self._("Decision {kind}: {details}").format(kind=f"[bold]{escape(d.kind)}[/]",
                                                              details=escape(str(d.ctx)))]
        opts = [Opt(str(k + 1), escape(repr(o)), o) for k, o in enumerate(d.options)]
        return self.prompter.choose(lines, opts)


def auction_bids(game: GameView) -> list[tuple[int, int]]:
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
    "role": HumanAgent._ask_role,
    "pick": HumanAgent._ask_pick,
    "play_card": HumanAgent._ask_play_card,
    "vote": HumanAgent._ask_vote,
}
"""The prompt of each decision kind (engine DECISION_KINDS); others are shown as they are."""
