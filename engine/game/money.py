"""Money: payments, raising money while in debt, and bankruptcy.

Every transfer has a payer and a payee, the bank included (`None`), so money is conserved:
the players' cash changes only by what the bank pays out (`bank_out`) or takes in (`bank_in`).
Rule sources: ../shared/rules/classic.md sections 23-24 ([000] is the Russian rule book).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import GameError, IllegalDecision
from .decisions import Decision

if TYPE_CHECKING:
    from .state import Player


class MoneyMixin:
    """Payments and bankruptcy for `Game`."""

    def bank_pays(self, p: "Player", amount: int, reason: str) -> None:
        """The bank pays `amount` to `p` (the bank's money is unlimited, [000] 2.12)."""
        p.cash += amount
        self.bank_out += amount
        if self.log is not None:
            self.emit("pay", payer=None, payee=p.seat, amount=amount, reason=reason)

    def pay(self, payer: "Player", payee: "Player | None", amount: int, reason: str) -> None:
        """`payer` pays `amount` to `payee` (either may be None: the bank). A payer short of cash must raise
        it by selling buildings and mortgaging ([000] 23.4); one who cannot goes bankrupt to
        the payee ([000] 24.1) and the payee gets what the bankruptcy rules give instead."""
        if amount <= 0:
            if amount < 0:
                raise GameError(f"negative payment of {amount} ({reason})")
            return
        if payer is None:
            if payee is not None:
                self.bank_pays(payee, amount, reason)
            return
        if not payer.alive:
            return
        if payer.cash < amount and not self.raise_funds(payer, amount, payee, reason):
            return
        payer.cash -= amount
        if payee is None:
            self.bank_in += amount
            self._bank_receives(payer, amount, reason)
        else:
            payee.cash += amount
        if self.log is not None:
            self.emit("pay", payer=payer.seat, payee=None if payee is None else payee.seat,
                      amount=amount, reason=reason)

    def _bank_receives(self, payer: "Player", amount: int, reason: str) -> None:
        """Hook for house rules that divert money paid to the bank (a jackpot)."""

    def pay_each_other(self, payer: "Player", amount: int, reason: str) -> None:
        """`payer` pays `amount` to every other player still in the game, in seat order."""
        for q in self.others(payer):
            if not payer.alive:
                return
            self.pay(payer, q, amount, reason)

    def collect_each_other(self, payee: "Player", amount: int, reason: str) -> None:
        """Every other player still in the game pays `amount` to `payee`, in seat order."""
        for q in self.others(payee):
            self.pay(q, payee, amount, reason)

    # ------------------------------------------------------------------ debt
    def liquidation_value(self, p: "Player") -> int:
        """The most `p` can raise from the bank: every building sold back, every unmortgaged
        deed mortgaged (or sold to the bank where that pays more)."""
        total = 0
        for i in p.deeds:
            total += self.building_refund(i, self.level[i])
            if not self.mortgaged[i]:
                total += max(self.spaces[i].mortgage, self.bank_sale_value(i))
        return total

    def raise_funds(self, p: "Player", amount: int, creditor: "Player | None", reason: str) -> bool:
        """Let `p`, short of cash, raise `amount` ([000] 23.4, 24.1). Returns True when `p` can
        now pay; False when `p` went bankrupt. Bankruptcy is declared only when everything `p`
        has cannot cover the debt (C28)."""
        self.debtor = p
        self._debt = amount
        try:
            while p.cash < amount:
                if p.cash + self.liquidation_value(p) < amount:
                    self.bankrupt(p, creditor, amount)
                    return False
                action = self.ask(Decision("raise", p, game=self, window="raise", amount=amount,
                                           creditor=None if creditor is None else creditor.seat,
                                           reason=reason))
                if action[0] == "bankrupt":
                    self.bankrupt(p, creditor, amount)
                    return False
                self.apply_action(p, action, "raise")
            return True
        finally:
            self.debtor = None
            self._debt = None

    def bankrupt(self, p: "Player", creditor: "Player | None", debt: int) -> None:
        """`p` cannot pay `debt` to `creditor` (None: the bank) and leaves the game.

        To the bank ([000] 24.3-24.4): buildings go back to the bank, the cash to the bank, held
        cards to the bottom of their decks, deeds are freed of mortgages and auctioned
        (`bankruptcy.to_bank: auction`) or left for sale (`free`, [001b]).
        To a player, `to_player: creditor` ([000] 24.5-24.6): buildings are sold to the bank at
        the sell-back price, the creditor gets all the cash, the deeds (paying the interest on
        mortgaged ones at once) and held cards. `to_player: bank_settles` ([001b] 19; Biznespolia
        9.3'): the bank pays the creditor the whole debt and takes everything, as to the bank
        but without an auction."""
        from .game import GameOver

        self.emit("bankrupt", player=p.seat, creditor=None if creditor is None else creditor.seat,
                  debt=debt)
        p.alive = False
        self.bankruptcies += 1
        r = self.rules
        to_player = creditor is not None and r.bankruptcy_to_player == "creditor"
        deeds = sorted(p.deeds)
        for i in deeds:
            if self.level[i]:
                refund = self._return_buildings(i)
                if to_player:
                    p.cash += refund
                    self.bank_out += refund
        if to_player:
            cash = p.cash
            p.cash = 0
            creditor.cash += cash
            if self.log is not None:
                self.emit("pay", payer=p.seat, payee=creditor.seat, amount=cash, reason="bankruptcy")
            for held in p.held_cards:
                creditor.held_cards.append(held)
            p.held_cards = []
            for i in deeds:
                self.transfer_deed(i, creditor)
        else:
            if creditor is not None:   # bank_settles: the bank pays the creditor the whole debt
                self.bank_pays(creditor, debt, "bankruptcy")
            self.bank_in += p.cash
            p.cash = 0
            for held in p.held_cards:
                self._return_card(held)
            p.held_cards = []
            for i in deeds:
                self.set_owner(i, None)
                self.mortgaged[i] = False
        alive = [q for q in self.order if q.alive]
        if len(alive) <= 1:
            self._finish_last()
            raise GameOver
        self._check_end()
        if self.over:
            raise GameOver
        if creditor is None and r.bankruptcy_to_bank == "auction":
            for i in deeds:
                self.auction(i, opener=p)
                if self.over:
                    raise GameOver
