"""The basic bot in the manage windows: its answer (`_manage`: a card play, an edition action, a
rule switch, a loan repaid, a build or a lift, a trade) and the idle protocol, the same answer's
dry run (`idle`) that tells the engine when it need not ask, with the promises it keeps
(decisions.Quiet, decisions.Calm). All money is integer units of the edition's currency."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...game.decisions import DONE, Calm, Quiet
from ...game.view import action_targets
from .building import Building

if TYPE_CHECKING:
    from ...game.game import Game
    from ...game.player import Player


_MANAGE_WINDOWS: Final = ("before_roll", "after_landing")
"""The windows `idle` is asked in that a kept card may be played in (bot_play)."""


class Managing(Building):
    """The basic bot's manage windows (see the module docstring)."""

    def __init__(self, seed: int = 0, name: str = "basic", claim_attention: float = 1.0) -> None:
        super().__init__(seed, name, claim_attention)
        self._dver = -1        # the deeds version when trades were last considered
        self._next_look = 0    # game turn from which trades are worth another look anyway
        self._simple: object = None  # the owner list of a game with no cards played here or switches
        self._quiet = Quiet(0)  # idle's last Quiet(_trigger) between turns, made again when _trigger moves
        self._calm = Calm(-1, 0, -1, 0)  # idle's promise in its own windows (decisions.Calm), renewed in place

    LOOK_AGAIN: ClassVar[int] = 40
    """Game turns after which the bot looks at trades again though no deed changed hands."""

    def idle(self, game: Game, p: Player, window: str) -> bool | Quiet | Calm:
        """Would the bot answer done to the manage window `window` now? A dry run of `_manage`
        that needs no legality check: it stops (False: the engine asks the decision) where an
        answer would need the window's check, and otherwise keeps the same bookkeeping as
        `_manage` and answers True (the engine then does not build the decision), or after landing
        in a game whose answer reads nothing else a `Calm` naming what it read. Either way the
        answers the bot gives are those of `_manage` alone (tests/golden/test_sim_path.py)."""
        if window == "between_turns":    # _between_turns' first answers, without its call
            if p.version != self._pver:
                self._refresh(game, p)
            if not self._whole:
                return self._idle_quiet  # nothing to build on until its own deeds change
            if p.cash < self._trigger:   # until it has that cash (_develop, which moves _trigger, needs it)
                if self._quiet.wake != self._trigger:
                    self._quiet = Quiet(self._trigger)
                return self._quiet
            return self._between_turns(game, p, dry=True) is DONE
        if self._simple is not game.owner:    # a game with kept cards to play here or switches
            if game.ed.switches:
                return False
            if p.held_cards and game.card_plays and game.bot_play(p, window) is not None:
                return False     # (pure, as below: the card's bot hint reads the game only)
            if not any(pl.window in _MANAGE_WINDOWS for pl in game.card_plays.values()):
                self._simple = game.owner    # (a card played elsewhere, as a ticket for a throw, is no answer here)
        if game.ed.actions and self._edition_action(game, p) is not None:
            return False     # (pure: its hint and the action's check read the game only)
        if p.loans:
            return False
        if p.version != self._pver:
            self._refresh(game, p)
        if p.cash >= self._trigger:
            act, trigger = self._develop(game, p, None)
            if act is not None:
                return False
            self._trigger = trigger
        if game.deeds_version != self._dver or game.turns >= self._next_look:
            c = self._cands   # (no look while p's candidates at its version say no trade completes a group of it)
            if ((not self._plain or c.held is not None or c.version != p.version or c.player is not p
                 or c.board is not game.owner) and self._look_at_trades(game, p, None) is not None):
                return False
            self._dver = game.deeds_version
            self._next_look = game.turns + self.LOOK_AGAIN
        if self._simple is not game.owner:
            return True
        # Everything this answer read is named: its player's version (the lots it builds on,
        # the plan, the candidates; a loan moves it too), the cash trigger (below it nothing
        # is worth building or lifting), the deeds version and the turn of the next look at
        # trades; the game has no kept cards to play or switches (_simple). Until one
        # of those moves this answer is True again, so it is a promise (decisions.Calm). An
        # edition action is no answer while none is open, which the engine checks itself before
        # keeping the promise (edition_actions.actions_open).
        calm = self._calm    # (one per bot, renewed in place: the engine keeps the latest; no allocation)
        calm.version = p.version
        calm.wake = self._trigger
        calm.deeds = self._dver
        calm.turn = self._next_look
        return calm

    def _manage(self, game: Game, p: Player, window: str) -> Any:
        if window == "between_turns":
            return self._between_turns(game, p)
        act: Any        # the first answer found: a play, an action, a proposal, a repayment, a build, ...
        if p.held_cards and game.card_plays and self._simple is not game.owner:   # (_simple: none played here)
            act = game.bot_play(p, window)
            if act is not None:
                return act
        if game.ed.actions:
            act = self._edition_action(game, p)
            if act is not None:
                return act
        if game.ed.switches:
            act = self._propose_switch(game, p, window)
            if act is not None:
                return act
        if p.loans and window != "raise":
            lo = game.rules.loans
            # a loan costs interest every lap: repay it once the cash would stay above the reserve
            if lo is not None and p.cash - lo.unit >= self._reserve(game) + lo.unit // 2:
                return ("repay",)
        self._refresh(game, p)
        if p.cash >= self._trigger:
            act, self._trigger = self._develop(game, p, window)
            if act is not None:
                return act
        if game.deeds_version != self._dver or game.turns >= self._next_look:
            # Look at trades when ownership changed, and again every LOOK_AGAIN turns when it
            # did not: on a board where every deed is owned and no group is whole nothing
            # changes ownership any more, yet an offer refused (or not affordable) earlier may
            # be worth making now that cash has grown; without this the table stalls to the
            # round cap.
            self._dver = game.deeds_version
            self._next_look = game.turns + self.LOOK_AGAIN
            offer = self._look_at_trades(game, p, window)
            if offer is not None:
                return ("trade", offer)
        return DONE

    def windows(self, game: Game) -> frozenset[str]:
        """The manage windows this bot wants to be asked in: it does its building and trading
        after landing, unless the rules allow them only before rolling."""
        r = game.rules
        between = {"between_turns"} if r.between_turns else set()
        if (r.build_window == "any" and r.trade_window == "any" and not game.ed.actions
                and not game.card_plays):
            return frozenset({"after_landing"} | between)
        return frozenset({"before_roll", "after_landing"} | between)

    @staticmethod
    def _propose_switch(game: Game, p: Player, window: str) -> tuple[str, str] | None:
        """Propose a rule switch whose vote's bot formula holds for this bot (once a turn)."""
        for sw in game.ed.switches:
            if (sw.vote is not None and sw.vote.bot is not None and sw.vote.bot(game, p)
                    and game.propose_problem(p, sw.id, window) is None):
                return ("propose", sw.id)
        return None

    def _edition_action(self, game: Game, p: Player) -> tuple[str, str, int | None] | None:
        """The first edition action whose `bot` hint holds and which is legal now, as
        ('act', id, target): the targets of a deed action are every deed, in board order (its
        own, others' and the bank's: the hint and the action's `when` say which are meant), or
        None."""
        for a in game.ed.actions:
            if a.bot is None or not game.action_ready(p, a):
                continue
            for t in action_targets(game, a):
                # the cheap hint first: the legality check walks the rules (same result, both pure)
                if a.bot(game, p, t) and game.action_problem(p, a, t) is None:
                    return ("act", a.id, t)
        return None
