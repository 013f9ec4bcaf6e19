"""Money: payments, raising money while in debt, and bankruptcy.

Every transfer has a payer and a payee, the bank included (`None`), so money is conserved:
the players' cash changes only by what the bank pays out (`bank_out`) or takes in (`bank_in`).
Rule sources: ../shared/rules/classic.md sections 23-24 ([000] is the Russian rule book).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import GameError
from .decisions import Decision

if TYPE_CHECKING:
    from .state import Player


class MoneyMixin:
    """Payments and bankruptcy for `Game`."""

    def bank_pays(self, p: Player, amount: int, reason: str) -> None:
        """The bank pays `amount` to `p` (the bank's money is unlimited, [000] 2.12)."""
        p.cash += amount
        self.bank_out += amount
        if self.log is not None:
            self.emit("pay", payer=None, payee=p.seat, amount=amount, reason=reason)

    def pay(self, payer: Player, payee: Player | None, amount: int, reason: str) -> None:
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

    def _bank_receives(self, payer: Player, amount: int, reason: str) -> None:
        """Money paid to the bank for a reason the jackpot house rule collects goes into the
        pot instead ([004] V4: taxes, fines, cards)."""
        jp = self.rules.jackpot
        if jp is not None and reason in jp.sources:
            self.bank_in -= amount
            self.jackpot += amount

    def pay_each_other(self, payer: Player, amount: int, reason: str) -> None:
        """`payer` pays `amount` to every other player still in the game, in seat order."""
        for q in self.others(payer):
            if not payer.alive:
                return
            self.pay(payer, q, amount, reason)

    def collect_each_other(self, payee: Player, amount: int, reason: str) -> None:
        """Every other player still in the game pays `amount` to `payee`, in seat order."""
        for q in self.others(payee):
            self.pay(q, payee, amount, reason)

    def _hand_over(self, p: Player, creditor: Player, deeds: list[int], transfer: bool = False) -> None:
        """Give `p`'s cash, held cards and deeds to `creditor`; `transfer=True` passes the deeds
        by the usual rules (interest on mortgaged ones), else as they stand."""
        cash = p.cash
        p.cash = 0
        creditor.cash += cash
        if self.log is not None:
            self.emit("pay", payer=p.seat, payee=creditor.seat, amount=cash, reason="bankruptcy")
        creditor.held_cards.extend(p.held_cards)
        p.held_cards = []
        for i in deeds:
            if transfer:
                self.transfer_deed(i, creditor)
            else:
                self.set_owner(i, creditor)

    def _ends_now(self) -> bool:
        """Would the game end now (one player left, or an end condition holds)?"""
        if sum(1 for q in self.order if q.alive) <= 1:
            return True
        return any(cond(self) for cond in self.ed.end.when)

    def _finish_after_bankruptcy(self) -> None:
        if sum(1 for q in self.order if q.alive) <= 1:
            self._finish_last()
        else:
            self._check_end()

    # ------------------------------------------------------------------ debt
    def liquidation_value(self, p: Player) -> int:
        """The most `p` can raise from the bank: every building sold back, every unmortgaged
        deed mortgaged (or sold to the bank where that pays more)."""
        total = 0
        for i in p.deeds:
            total += self.building_refund(i, self.level[i])
            if not self.mortgaged[i]:
                total += max(self.spaces[i].mortgage, self.bank_sale_value(i))
        return total

    def raise_funds(self, p: Player, amount: int, creditor: Player | None, reason: str) -> bool:
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
                if not p.alive:
                    return False
                if action[0] == "bankrupt":
                    self.bankrupt(p, creditor, amount)
                    return False
                self.apply_action(p, action, "raise")
            return True
        finally:
            self.debtor = None
            self._debt = None

    def bankrupt(self, p: Player, creditor: Player | None, debt: int) -> None:
        """`p` cannot pay `debt` to `creditor` (None: the bank) and leaves the game.

        To the bank ([000] 24.3-24.4): buildings go back to the bank, the cash to the bank, held
        cards to the bottom of their decks, deeds are freed of mortgages and auctioned
        (`bankruptcy.to_bank: auction`) or left for sale (`free`, [001b]).
        To a player, `to_player: creditor` ([000] 24.5-24.6): buildings are sold to the bank at
        the sell-back price, the creditor gets all the cash, the deeds (paying the interest on
        mortgaged ones at once) and held cards. `to_player: bank_settles` ([001b] 19; [002]
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
        if to_player and r.final_estate == "intact" and self._ends_now():
            # the quick game's last bankruptcy: everything passes, buildings standing ([000-Q] Q3.3)
            self._hand_over(p, creditor, deeds)
            self._finish_after_bankruptcy()
            raise GameOver
        for i in deeds:
            if self.level[i]:
                refund = self._return_buildings(i)
                if to_player:
                    p.cash += refund
                    self.bank_out += refund
        if to_player:
            self._hand_over(p, creditor, deeds, transfer=True)
        else:
            if creditor is not None:   # bank_settles: the bank pays the creditor the whole debt
                self.bank_pays(creditor, debt, "bankruptcy")
            self.bank_in += p.cash
            p.cash = 0
            for held in p.held_cards:
                self._return_card(held)
            p.held_cards = []
            keep = (r.bankruptcy_mortgages == "kept" and creditor is None
                    and r.bankruptcy_to_bank == "auction" and not self._ends_now())
            for i in deeds:
                self.set_owner(i, None)
                if not keep:
                    self.mortgaged[i] = False
        self._finish_after_bankruptcy()
        if self.over:
            raise GameOver
        if creditor is None and r.bankruptcy_to_bank == "auction":
            for i in deeds:
                if self.auction(i, opener=p) is None:
                    self.mortgaged[i] = False     # unsold: back with the bank, free of mortgage
                if self.over:
                    raise GameOver
