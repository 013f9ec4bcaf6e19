"""The basic bot: a sensible heuristic player, fast enough for large simulations.

It keeps a cash reserve that grows with the buildings on the board; buys when it can keep the
reserve (always when a deed completes its group); bids up to a valuation; builds evenly on its
whole groups while the reserve holds; proposes trades that complete a group and accepts those
that pay it a fair value (its own valuation of what it gives, plus a premium when the trade
completes the other player's group); mortgages deeds outside whole groups first when in debt;
leaves jail early in the game and stays late; takes an edition action, on any deed (its own
included), when the edition's `bot` hint says so. All money is integer units of the edition's currency.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from ..game.debt import default_raise_action
from ..game.decisions import DONE, Calm, Deal, DealLeg, Decision, Quiet, TradeOffer
from ..game.edition_actions import action_targets
from ..game.jail import holding_of
from ..game.player import NO_WAKE

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.player import Player

INF = 1 << 60
ASK: tuple[str, ...] = ("ask",)  # not tuple[str]: mypyc would box a new tuple per return (`is ASK`)
"""What `_develop` and `_propose` return in a dry run (no window) where the answer depends on
the window's legality check: the engine has to ask."""
UNTIL_CHANGED = Quiet(NO_WAKE)
"""idle's answer between turns while the bot has nothing to build on, on a board whose whole
groups are not by counts alone (majority or single-deed groups): a cash level no player reaches,
so it passes until its own deeds, buildings or mortgages change (`player.version`), not at every
deed that changes hands."""
UNTIL_WHOLE = Quiet(NO_WAKE, whole=True)
"""The same answer on the other boards, where `_whole` follows the counts of its deeds per group
alone: it passes until a color group becomes whole for it or stops being whole; nothing else of
its holdings ends it (`_between_turns` answers done while `_whole` is empty, whatever its other
deeds, mortgages or loans: it neither trades nor lifts mortgages there)."""


_REACH: list = [None, []]
"""`BasicBot._reach_from`'s table: [edition, from each space the bits a throw reaches]."""


_RESERVE: list = [None, None, -1, None, 0]
"""The last reserve a bot worked out: [its class, the game's owner list, buildings_version,
rules, reserve], shared by the bots of one class at a table (`BasicBot._reserve`)."""


class _LiftCosts(dict):
    """What lifting each mortgage costs (space -> money) in the game whose `owner` list is
    `board`, under `rules`; filled on use by `BasicBot._steps`."""

    def __init__(self, board, rules) -> None:
        super().__init__()
        self.board = board
        self.rules = rules


class _Board:
    """What the bot reads of an edition's groups and ladders, worked out once per edition
    (`board_of`): `majority` (group index, size - 1) of each group whose first level needs all
    but one lot; `single` the lots whose first level needs no other lot of the group (`owned:
    any`); `halves` (group, half of its size rounded up, size) of every group, in index order;
    `non_deeds` the spaces that are no deed."""


    def __init__(self, ed) -> None:
        self.ed = ed
        groups = ed.groups
        self.majority = tuple((g.index, len(g.spaces) - 1) for g in groups
                              if g.ladder and g.ladder[0].owned == "all_but_one")
        self.single = frozenset(j for g in groups if g.ladder and g.ladder[0].owned == "any"
                                for j in g.spaces)
        self.halves = tuple((g, (len(g.spaces) + 1) // 2, len(g.spaces)) for g in groups)
        self.non_deeds = sum(1 for s in ed.spaces if not s.is_deed)

    def of_counts(self, counts: list[int]) -> tuple[tuple, tuple]:
        """For a player whose deeds in each group are `counts` (`Player.groups`): the groups it
        holds at least half of but not all (`near_groups`), and the lots of each buildable
        group it holds whole, in the edition's order. (The bot keeps its last answer:
        `BasicBot._groups_of`.)"""
        near = []
        whole = []
        k = 0
        for g, half, size in self.halves:
            c = counts[k]
            k += 1
            if c >= half:
                if c < size:
                    near.append(g)
                elif g.ladder:
                    whole.append(g.spaces)
        return (tuple(near), tuple(whole))


_BOARDS: dict[int, _Board] = {}


def board_of(ed) -> _Board:
    """The `_Board` of edition `ed` (kept for the last few editions used)."""
    b = _BOARDS.get(id(ed))
    if b is None or b.ed is not ed:
        if len(_BOARDS) >= 8:
            _BOARDS.clear()
        b = _BOARDS[id(ed)] = _Board(ed)
    return b


def near_groups(game: Game, p: Player) -> tuple:
    """The groups `p` holds at least half of but not all, in the edition's order: those a trade
    could complete for `p` (they change only with `p`'s deeds)."""
    return board_of(game.ed).of_counts(p.groups)[0]


def groups_held_by_one(game: Game, p: Player, near: tuple | None = None) -> list:
    """The color groups `p` holds at least half of but not all, whose missing lots one other
    player holds: [(group, missing lots (space indices), that player)], in the edition's order
    (the trades that would complete a group of `p`). `near`: `near_groups(game, p)`, if the
    caller has it."""
    out = []
    owner = game.owner
    for grp in near_groups(game, p) if near is None else near:
        lots = [j for j in grp.spaces if owner[j] is not p]
        q = owner[lots[0]]
        if q is None:
            continue
        for j in lots:
            if owner[j] is not q:
                break
        else:
            out.append((grp, tuple(lots), q))
    return out


class BasicBot:
    """See the module docstring. `seed` drives its (rare) random choices; `name` labels it."""

    human: ClassVar[bool] = False
    skip_forced: ClassVar[bool] = True      # the engine answers decisions with one legal answer (decisions.Agent)
    LOOK_AGAIN: ClassVar[int] = 40
    """Game turns after which the bot looks at trades again though no deed changed hands."""

    def __init__(self, seed: int = 0, name: str = "basic", claim_attention: float = 1.0):
        self._seed = seed
        self._rng: random.Random | None = None   # made on first use (`rng`): seeding costs ~26,000 instructions
        self.name = name
        self.claim_attention = claim_attention   # the share of rents it claims (rent-must-be-claimed)
        self._pver = -1        # the player's version when _trigger was computed
        self._trigger = 0      # cash from which developing is worth a look
        self._dver = -1        # the deeds version when trades were last considered
        self._whole: list | tuple = []  # the sets of lots the player builds on (as of _wver)
        self._wver = -1        # the deeds version when _whole was computed
        self._idle_quiet = UNTIL_CHANGED  # idle's answer between turns while _whole is empty (_refresh)
        self._offers: dict[tuple, int] = {}
        self._next_look = 0    # game turn from which trades are worth another look anyway
        # Pure caches (same answers as recomputing; each keyed on what it reads, the game by its
        # `owner` list: a key that holds no reference to the game, so no cycle keeps games alive):
        self._mask = 0         # the bits (1 << space) of the lots in _whole
        self._res: tuple = (None, -1)  # (game's owner list, buildings_version, rules, reserve)
        self._plan: tuple = (None, -1, None, (), INF, ())  # (owner list, player version, _whole, the steps
        #   of _develop, the least cash to spare they need, the index in _whole each step is of (-1: none))
        self._built: tuple = (-1, 0, 0, 0)  # (plan version, step index, lot, its level) of the last build answered
        self._simple: Any = None  # the owner list of a game with no kept cards to play, switches or actions
        self._cands: tuple = (None, None, -1, (), -1, (), None, None)  # (owner list, player, deeds version,
        #   the offers of _propose, the player's version, its near_groups, a getter of their lots' holders, those)
        cls = type(self)
        self._plain = (cls._propose is BasicBot._propose and cls._propose_deal is BasicBot._propose_deal
                       and cls._new_candidates is BasicBot._new_candidates)
        """The proposals are this class's, which find nothing while the player holds no group a
        trade could complete (`_look_at_trades` skips them then)."""
        self._free: tuple = (None, -1, 0)  # (owner list, deeds version, unowned deeds)
        self._lift = _LiftCosts(None, None)
        self._gc: tuple = (None, None, ((), ()))  # (owner list, the counts `of_counts` was asked for, its answer)
        self._quiet = Quiet(0)  # idle's last Quiet(_trigger) between turns, made again when _trigger moves
        self._calm = Calm(-1, 0, -1, 0)  # idle's promise after landing (decisions.Calm), renewed in place

    @property
    def rng(self) -> random.Random:
        """The bot's generator, `random.Random(seed)`, made when first asked for: most games
        never draw from it (only a rent claimed with `claim_attention` below 1 does)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return rng

    # ------------------------------------------------------------------ valuations
    def reserve(self, game: Game) -> int:
        """Cash to keep: a base of 1/15 of the start cash plus 1/75 of it per house on the board
        (a hotel counts 4), capped at 40% of the start cash."""
        start = game.start_cash
        r = game.rules
        stock = game.stock      # (GameState.houses/hotels read the same, through a property call each)
        houses, hotels = stock.get("house"), stock.get("hotel")
        if r.houses_supply is not None and r.hotels_supply is not None and houses is not None and hotels is not None:
            built = (r.houses_supply - houses) + 4 * (r.hotels_supply - hotels)
        else:
            built = sum(game.level)
        return min(start * 2 // 5, start // 15 + built * start // 75)

    RESERVE_BY_STOCK: ClassVar[bool] = True
    """`reserve` reads only the rules and the buildings (left in the bank, or on the board) (as this class's, a
    multiple of it in EasyBot and BoldBot): the bot memoises it on the game's `buildings_version`.
    A subclass whose reserve reads more sets this False."""

    def _reserve(self, game: Game) -> int:
        """`self.reserve(game)`, memoised on the game's rules and `buildings_version` (the
        buildings on the board and in the bank change only with it: buildings._set_level, and
        the state's `houses`/`hotels` setters bump it too), by the bot and for the bots of its
        class (`_RESERVE`: `reserve` reads no state of the bot)."""
        c = self._res
        if c[1] == game.buildings_version and c[0] is game.owner and c[2] is game.rules:
            return c[3]
        if not self.RESERVE_BY_STOCK:
            return self.reserve(game)
        m = _RESERVE     # another bot of this class at the table may have worked it out already
        if m[2] == game.buildings_version and m[1] is game.owner and m[3] is game.rules and m[0] is type(self):
            res = m[4]
        else:
            res = self.reserve(game)
            _RESERVE[:] = [type(self), game.owner, game.buildings_version, game.rules, res]
        self._res = (game.owner, game.buildings_version, game.rules, res)
        return res

    def value(self, game: Game, p: Player, i: int) -> int:
        """What deed `i` is worth to `p`: its price, doubled if it would complete `p`'s group,
        +30% if `p` already has part of the group, +30% if it blocks another player's group
        (one other player holds all its other lots)."""
        sp = game.spaces[i]
        v = sp.price
        g = sp.group_index
        if g < 0:
            return v
        members = game.ed.groups[g].spaces
        owner = game.owner
        mine = 0
        one = None        # the one other player holding every other lot so far
        blocks = True     # every other lot is `one`'s
        for j in members:
            if j != i:
                o = owner[j]
                if o is p:
                    mine += 1
                    blocks = False
                elif o is None:
                    blocks = False
                elif one is None:
                    one = o
                elif o is not one:
                    blocks = False
        size = len(members)
        if mine + 1 == size:
            v = v * 2
        elif mine:
            v = v * 13 // 10
        if blocks and (one is not None or size == 1):
            v = v * 13 // 10
        return v

    # ------------------------------------------------------------------ decisions
    def decide(self, game: Game, d: Decision) -> Any:
        """Answer `d` (every kind of `DECISION_KINDS` has a row in `ANSWERS`)."""
        kind = d.kind
        if kind == "manage":        # the hot path: after every landing
            return self._manage(game, d.player, d.ctx["window"])
        if kind == "buy":           # the next commonest, as their rows of ANSWERS answer them
            return self._answer_buy(game, d)
        if kind == "bid":
            return self._bid(game, d.player, d)
        if kind == "raise":
            return self._answer_raise(game, d)
        return self.ANSWERS[kind](self, game, d)

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
        if self._simple is not game.owner:    # a game with kept cards to play, switches or actions
            if game.card_plays or game.ed.switches:
                return False
            if game.ed.actions:
                if self._edition_action(game, p) is not None:
                    return False     # (pure: its hint and the action's check read the game only)
            else:
                self._simple = game.owner
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
            if ((not self._plain or c[6] is not None or c[4] != p.version or c[1] is not p
                 or c[0] is not game.owner) and self._look_at_trades(game, p, None) is not None):
                return False
            self._dver = game.deeds_version
            self._next_look = game.turns + self.LOOK_AGAIN
        if self._simple is not game.owner:
            return True
        # Everything this answer read is named: its player's version (the lots it builds on,
        # the plan, the candidates; a loan moves it too), the cash trigger (below it nothing
        # is worth building or lifting), the deeds version and the turn of the next look at
        # trades; the game has no kept cards to play, switches or actions (_simple). Until one
        # of those moves this answer is True again, so it is a promise (decisions.Calm).
        calm = self._calm    # (one per bot, renewed in place: the engine keeps the latest; no allocation)
        calm.version = p.version
        calm.wake = self._trigger
        calm.deeds = self._dver
        calm.turn = self._next_look
        return calm

    def _answer_buy(self, game: Game, d: Decision) -> str:
        ctx = d.ctx      # (not d.space: a miss of the slots costs an exception in Decision.__getattr__)
        return self._buy(game, d.player, ctx["space"], ctx["price"]) if "buy" in d.options else "decline"

    def _answer_tax(self, game: Game, d: Decision) -> str:
        sp = game.spaces[d.ctx["space"]]
        return "fixed" if sp.tax(game, d.player) <= sp.tax_alternative(game, d.player) else "alternative"

    def _answer_inherited_mortgage(self, game: Game, d: Decision) -> str:
        cost = game.unmortgage_cost(d.ctx["space"])
        return "lift" if d.player.cash - cost >= self._reserve(game) else "keep"

    def _answer_redeem(self, game: Game, d: Decision) -> str:
        ok = "redeem" in d.options and d.player.cash - d.ctx["cost"] >= self._reserve(game) // 2
        return "redeem" if ok else "release"

    ANSWERS: ClassVar[dict[str, Callable[[BasicBot, Any, Decision], Any]]] = {
        "manage": lambda self, game, d: self.decide(game, d),
        "buy": lambda self, game, d: self._answer_buy(game, d),
        "bid": lambda self, game, d: self._bid(game, d.player, d),
        "raise": lambda self, game, d: self._answer_raise(game, d),
        "jail": lambda self, game, d: self._jail(game, d.player, d.options),
        "trade": lambda self, game, d: "accept" if self._fair(game, d.player, d.ctx["offer"]) else "reject",
        "deal": lambda self, game, d: "accept" if self._fair_deal(game, d.player, d.ctx["offer"]) else "reject",
        "tax": lambda self, game, d: self._answer_tax(game, d),
        "claim": lambda self, game, d: self._claim_rent(),
        "inherited_mortgage": lambda self, game, d: self._answer_inherited_mortgage(game, d),
        "redeem": lambda self, game, d: self._answer_redeem(game, d),
        "place": lambda self, game, d: d.options[0],
        "choice": lambda self, game, d: d.hint,       # the edition's hint (else its first option)
        "pick": lambda self, game, d: d.hint,         # the space of the largest value the edition gives
        "play_card": lambda self, game, d: d.hint,    # the card's bot hint (None: pay)
        "vote": lambda self, game, d: d.hint,         # the vote's bot formula (none: no)
        "role": lambda self, game, d: _least_taken_role(d),
    }
    """How the bot answers each decision kind (a new kind needs a row: tests/agents check it)."""

    def _buy(self, game: Game, p: Player, i: int, price: int) -> str:
        left = p.cash - price
        if game.completes_group(p, i) and left >= 0:
            return "buy"
        return "buy" if left >= self._reserve(game) else "decline"

    def _bid(self, game: Game, p: Player, d: Decision):
        ctx = d.ctx       # (the least of two by comparisons: a call of min costs more)
        lo = ctx["min"]
        if ctx.get("building"):
            limit = p.cash - self._reserve(game)
            most = lo * 3 // 2
        else:
            limit = self.value(game, p, ctx["space"])
            most = p.cash - self._reserve(game) // 2
        if most < limit:
            limit = most
        hi = ctx["max"]
        if hi is not None and hi < limit:
            limit = hi
        if lo > limit:
            return None
        return lo + (limit - lo) // 2

    def _jail(self, game: Game, p: Player, options) -> str:
        if "roll" not in options:        # the forced fine after the last throw: a kept card saves it
            return self._jail_forced_fine(game, p, options)
        if self._unowned(game) >= 6:     # early in the game
            if "card" in options:
                return "card"
            if "pay" in options and p.cash - holding_of(game, p).fine >= self._reserve(game):
                return "pay"
        return "roll"

    def _answer_raise(self, game: Game, d: Decision) -> tuple:
        act = default_raise_action(game, d.player)     # the engine's order, read once for both
        return self._pay_in_deeds(game, d, act) or self._raise_money(game, d.player, act)

    @staticmethod
    def _raise_money(game: Game, p: Player, act: tuple | None = None) -> tuple:
        """The engine's liquidation order, except that where the bank buys deeds and takes
        unredeemed mortgages at the lap end ([002] 9/1.2, D8), a lone lot (the only one of its
        group the player owns) is sold to the bank rather than mortgaged: the money is the same
        or more, and the mortgage would only be lost or cost 10% more at the next lap. `act`:
        the engine's `default_raise_action`, if the caller has it."""
        if act is None:
            act = default_raise_action(game, p)
        r = game.rules
        if act[0] != "mortgage" or r.bank_buys_percent is None or not r.redeem_at_lap_end:
            return act
        i = act[1]
        sp = game.spaces[i]
        lone = sp.group_index < 0 or game.owned_in_group(p, sp.group) == 1
        if lone and game.sell_deed_problem(p, i) is None and game.bank_sale_value(i) >= sp.mortgage:
            return ("sell_deed", i)
        return act

    def _pay_in_deeds(self, game: Game, d: Decision, act: tuple | None = None) -> tuple | None:
        """A debt to a player paid partly in a deed ([000] 23.1, `trade.while_in_debt`): where
        the engine's liquidation order would mortgage a lone deed (no other lot of its group is
        the debtor's, no buildings), offer it to the creditor at its printed price instead. The
        debtor gets the full price rather than half, and the creditor takes the deed against the
        debt. Never a deed that would complete the creditor's group; each deed offered to a
        creditor once per turn (a refusal is not re-asked). None: no such offer. `act`: the
        engine's `default_raise_action`, if the caller has it."""
        r = game.rules
        creditor = d.ctx["creditor"]
        if creditor is None or not r.trade_enabled or not r.trade_while_in_debt:
            return None
        p, q = d.player, game.players[creditor]
        if act is None:
            act = default_raise_action(game, p)
        if act[0] != "mortgage" or not q.alive:
            return None
        i = act[1]
        sp = game.spaces[i]
        if game.level[i] or (sp.group_index >= 0 and game.owned_in_group(p, sp.group) != 1):
            return None
        if sp.group_index >= 0 and all(game.owner[j] is q for j in game.ed.groups[sp.group_index].spaces
                                       if j != i):
            return None
        key = ("debt", q.seat, i)
        if self._offers.get(key) == game.turns or q.cash < sp.price:
            return None
        offer = TradeOffer(p.seat, q.seat, give_deeds=(i,), get_cash=sp.price)
        if game.trade_problem(offer, "raise") is not None:
            return None
        self._offers[key] = game.turns
        return ("trade", offer)

    def _unowned(self, game: Game) -> int:
        """How many deeds nobody holds yet (memoised on the deeds version)."""
        c = self._free
        if c[0] is not game.owner or c[1] != game.deeds_version:
            n = game.owner.count(None) - board_of(game.ed).non_deeds    # (a space that is no deed has no owner)
            c = self._free = (game.owner, game.deeds_version, n)
        return c[2]

    def _claim_rent(self) -> bool:
        """Claim the rent (`rent.claim: owner_claims`) with probability `claim_attention`:
        a bot that always claims plays the house rule exactly as classic."""
        return self.claim_attention >= 1.0 or self.rng.random() < self.claim_attention

    def _jail_forced_fine(self, game: Game, p: Player, options) -> str:
        """After the last failed throw (`jail.card_after_attempts`): the kept card saves the fine."""
        return "card" if "card" in options else "pay"

    # ------------------------------------------------------------------ manage
    SHORTAGE: ClassVar[int] = 6
    """Houses left in the bank at which the bot builds between turns wherever it can."""

    def _groups_of(self, game: Game, p: Player) -> tuple[tuple, tuple]:
        """`board_of(game.ed).of_counts(p.groups)`, kept on the bot while the counts are the same
        (they change only with `p`'s deeds)."""
        c = self._gc
        if c[1] == p.groups and c[0] is game.owner:
            return c[2]
        r = board_of(game.ed).of_counts(p.groups)
        self._gc = (game.owner, p.groups[:], r)
        return r

    def _refresh(self, game: Game, p: Player) -> None:
        """Forget the cash trigger when `p` changed, and recompute the lots it builds on when
        ownership changed (whole groups change only then)."""
        if p.version != self._pver:
            self._pver = p.version
            self._trigger = 0
            if game.deeds_version != self._wver:
                self._wver = game.deeds_version
                b = board_of(game.ed)
                if b.majority or b.single:
                    whole = self._whole_groups(game, p)
                    self._idle_quiet = UNTIL_CHANGED
                else:           # the whole groups alone: they follow the counts
                    whole = self._groups_of(game, p)[1]
                    self._idle_quiet = UNTIL_WHOLE
                    if whole is self._whole:
                        return
                self._whole = whole
                mask = 0
                for lots in whole:
                    for j in lots:
                        mask |= 1 << j
                self._mask = mask

    @staticmethod
    def _reach_from(game: Game) -> list[int]:
        """For each space, the bits (1 << space) of the spaces one throw of the edition's dice
        takes a token from there to (dice_count to dice_count x sides steps ahead): the bits of
        those steps from space 0, rotated. Kept for the last edition asked (`_REACH`), so that
        the table is made once per simulation, not once per bot and game."""
        ed = game.ed
        c = _REACH
        if c[0] is ed:
            return c[1]
        n = game.n
        base = 0
        for k in range(ed.dice_count, ed.dice_count * ed.dice_sides + 1):
            base |= 1 << (k % n)
        full = (1 << n) - 1
        reach = [((base << pos) | (base >> (n - pos))) & full for pos in range(n)]
        _REACH[:] = [ed, reach]
        return reach

    def _between_turns(self, game: Game, p: Player, dry: bool = False):
        """In the interval between other players' turns ([000], rules.between_turns): build only
        where building now rather than on its own turn pays: the next player's throw may land on
        one of its whole groups (dice_count to dice_count x sides steps ahead), or the bank's
        houses are running short (at most SHORTAGE left: another player could take them first).
        It neither trades nor lifts mortgages there (its own turn does those as well). A `dry`
        run (idle) answers `ASK` where a build would need the window's check."""
        if p.version != self._pver:
            self._refresh(game, p)
        if not self._whole or p.cash < self._trigger:
            return DONE
        houses = game.stock.get("house")
        if not (houses is not None and houses <= self.SHORTAGE):
            if not self._mask & self._reach_from(game)[game.order[game.turn_idx].pos]:
                return DONE
        act, trigger = self._develop(game, p, None if dry else "between_turns")
        if act is ASK:
            return ASK
        if act is None or act[0] != "build":
            self._trigger = trigger if act is None else self._trigger
            return DONE
        return act

    def _manage(self, game: Game, p: Player, window: str):
        if window == "between_turns":
            return self._between_turns(game, p)
        act: Any        # the first answer found: a play, an action, a proposal, a repayment, a build, ...
        if p.held_cards and game.card_plays:
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

    def _develop(self, game: Game, p: Player, window: str | None) -> tuple:
        """The next build or unmortgage worth doing, or (None, the cash at which one would be;
        NO_WAKE: none until the plan changes with `p`'s holdings).
        With no window (a dry run) an affordable build is (`ASK`, 0): its check needs the window.
        The candidates, in order: for each set of lots of `_whole`, its first mortgaged lot to
        lift, else the next even build; then each mortgaged deed of `p` to lift with twice its
        cost to spare (`_steps`)."""
        plan = self._plan
        if plan[1] != p.version or plan[0] is not game.owner or plan[2] is not self._whole:
            if not self._whole and not any(game.mortgaged):   # (any: a truth test a lot, not a comparison)
                return None, NO_WAKE    # no candidate: _steps would find none (the plan is left as it was)
            b = self._built
            if (b[0] == plan[1] and plan[1] + 1 == p.version and plan[0] is game.owner
                    and plan[2] is self._whole and game.level[b[2]] == b[3] + 1):
                plan = self._plan = self._after_build(game, plan, b[1], p.version)
            else:
                steps, where, lowest = self._steps(game, p)
                plan = self._plan = (game.owner, p.version, self._whole, steps, lowest, where)
        if plan[4] == INF:         # no candidate (the reserve does not matter)
            return None, NO_WAKE   # (as a cash trigger: a one-digit int, compared on CPython's fast path)
        reserve = self._reserve(game)
        spare = p.cash - reserve
        if spare < plan[4]:        # nothing affordable: the loop below would find the same
            return None, plan[4] + reserve
        trigger = INF
        k = 0
        for need, act in plan[3]:
            if need <= spare:
                if act[0] == "unmortgage":
                    return act, 0
                if window is None:
                    return ASK, 0
                j = act[1]
                if game.build_problem(p, j, window) is None:
                    self._built = (plan[1], k, j, game.level[j])
                    return act, 0
                trigger = 0      # blocked by a limit or the supply: look again next time
            elif need + reserve < trigger:
                trigger = need + reserve
            k += 1
        return None, trigger

    def _steps(self, game: Game, p: Player) -> tuple[tuple, tuple, int]:
        """`_develop`'s candidates as (cash to spare, action), the index in `_whole` of the lots
        each is of (-1: a mortgaged deed outside them), and the least cash to spare of any (INF:
        none); they change only with `p`'s version (its deeds, levels and mortgages) and `_whole`."""
        out = []
        where = []
        lowest = INF
        level = game.level
        mortgaged = game.mortgaged
        spaces = game.spaces
        t = 0
        for lots in self._whole:
            low = INF
            j = -1
            for k in lots:
                if mortgaged[k]:
                    cost = self._lift_cost(game, k)
                    out.append((cost, ("unmortgage", k)))
                    where.append(t)
                    if cost < lowest:
                        lowest = cost
                    break
                if level[k] < low:
                    low = level[k]
                    j = k
            else:
                ladder = spaces[lots[0]].ladder
                if low < len(ladder):
                    cost = ladder[low].cost
                    out.append((cost, ("build", j)))
                    where.append(t)
                    if cost < lowest:
                        lowest = cost
            t += 1
        if any(mortgaged):         # (a scan in C: most of a game has no mortgage at all)
            for i in p.deeds:
                if mortgaged[i]:
                    cost = self._lift_cost(game, i) * 2
                    out.append((cost, ("unmortgage", i)))
                    where.append(-1)
                    if cost < lowest:
                        lowest = cost
        return tuple(out), tuple(where), lowest

    def _after_build(self, game: Game, plan: tuple, k: int, version: int) -> tuple:
        """`plan` after the build of its step `k` and nothing else (the player's version moved by
        one, the lot's level by one): only that step's lots have a new next build (none of them
        is mortgaged: the step was a build), so only that step is worked out again."""
        steps = list(plan[3])
        where = list(plan[5])
        lots = self._whole[where[k]]
        level = game.level
        low = INF
        j = -1
        for x in lots:
            if level[x] < low:
                low = level[x]
                j = x
        ladder = game.spaces[lots[0]].ladder
        if low < len(ladder):
            steps[k] = (ladder[low].cost, ("build", j))
        else:
            del steps[k]
            del where[k]
        lowest = INF
        for need, _act in steps:
            if need < lowest:
                lowest = need
        return (plan[0], version, plan[2], tuple(steps), lowest, tuple(where))

    def _lift_cost(self, game: Game, i: int) -> int:
        """`game.unmortgage_cost(i)`, memoised for the game's rules (`_lift_costs`)."""
        lift = self._lift_costs(game)
        cost = lift.get(i)
        if cost is None:
            cost = lift[i] = game.unmortgage_cost(i)
        return cost

    def _lift_costs(self, game: Game) -> _LiftCosts:
        """`game.unmortgage_cost(i)` by space, memoised for the game's rules (it reads only them
        and the deed)."""
        c = self._lift
        if c.board is not game.owner or c.rules is not game.rules:
            c = self._lift = _LiftCosts(game.owner, game.rules)
        return c

    @classmethod
    def _whole_groups(cls, game: Game, p: Player) -> list | tuple:
        """The sets of lots `p` builds on evenly: the buildable groups it owns whole, then its
        lots of groups it may build on from majority ownership, then each deed that takes a
        building of its own (the ladders' `owned` share)."""
        b = board_of(game.ed)
        whole = b.of_counts(p.groups)[1]
        if b.majority or b.single:
            return list(whole) + cls._majority_lots(game, p) + cls._single_lots(game, p)
        return whole

    @staticmethod
    def _majority_lots(game: Game, p: Player) -> list:
        """`p`'s lots of each group it holds all but one of, where the ladder's first level
        needs only that (building from majority ownership, a ladder with `owned: all_but_one`)."""
        pg = p.groups
        owner = game.owner
        groups = game.ed.groups
        return [tuple(j for j in groups[gi].spaces if owner[j] is p)
                for gi, need in board_of(game.ed).majority if pg[gi] == need and need > 0]

    @staticmethod
    def _single_lots(game: Game, p: Player) -> list:
        """Each deed of `p` whose ladder needs no other deed of the group (`owned: any`, as a
        building on a railroad): built on its own."""
        return [(i,) for i in sorted(p.deeds & board_of(game.ed).single)]

    def windows(self, game: Game) -> frozenset:
        """The manage windows this bot wants to be asked in: it does its building and trading
        after landing, unless the rules allow them only before rolling."""
        r = game.rules
        between = {"between_turns"} if r.between_turns else set()
        if (r.build_window == "any" and r.trade_window == "any" and not game.ed.actions
                and not game.card_plays):
            return frozenset({"after_landing"} | between)
        return frozenset({"before_roll", "after_landing"} | between)

    @staticmethod
    def _propose_switch(game: Game, p: Player, window: str):
        """Propose a rule switch whose vote's bot formula holds for this bot (once a turn)."""
        for sw in game.ed.switches:
            if (sw.vote is not None and sw.vote.bot is not None and sw.vote.bot(game, p)
                    and game.propose_problem(p, sw.id, window) is None):
                return ("propose", sw.id)
        return None

    def _edition_action(self, game: Game, p: Player):
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

    # ------------------------------------------------------------------ trades
    def _look_at_trades(self, game: Game, p: Player, window: str | None) -> Any:
        """`_propose`'s offer, else `_propose_deal`'s, else None. For this class's proposals
        (`_plain`) neither is asked when it would find nothing: `_propose` when its candidates
        (`_cands`, for the deeds version) are none, `_propose_deal` when the rules allow no deal
        of three or `p` holds no group a trade could complete (a deal's group lacks one lot)."""
        if self._plain:
            c = self._cands
            if c[2] != game.deeds_version or c[0] is not game.owner or c[1] is not p:
                c = self._cands = self._new_candidates(game, p, c)
            if not c[3]:
                if c[6] is None:
                    return None
                most = game.rules.trade_parties
                if most is not None and most < 3:
                    return None
        reserve = self._reserve(game)
        return self._propose(game, p, window, reserve) or self._propose_deal(game, p, window, reserve)

    def _propose(self, game: Game, p: Player, window: str | None, reserve: int) -> Any:
        """Offer cash for the deeds that would complete one of `p`'s groups, when one other
        player holds them all: their value to that player plus a premium of half their price.
        With no window (a dry run) an offer worth checking is `ASK`: its check needs the window."""
        if not game.rules.trade_enabled:
            return None
        c = self._cands
        if c[0] is not game.owner or c[1] is not p or c[2] != game.deeds_version:
            c = self._cands = self._new_candidates(game, p, c)
        for q, missing, cash, key in c[3]:
            if p.cash - cash < reserve:
                continue
            if game.turns - self._offers.get(key, -INF) < 40:
                continue
            if window is None:
                return ASK
            offer = TradeOffer(p.seat, q.seat, give_cash=cash, get_deeds=missing)
            if game.trade_problem(offer, window) is None:
                self._offers[key] = game.turns
                return offer
        return None

    def _new_candidates(self, game: Game, p: Player, c: tuple) -> tuple:
        """`_cands` for the game's deeds version. The groups a trade could complete change only
        with `p`'s deeds (its version, then its group counts), and without them there is no
        offer; the offers (their deeds, and the holder's value of them) read only who holds the
        lots of those groups, so they are kept while the holders are the same (`c[7]`, read by
        `c[6]`)."""
        owner, version = game.owner, p.version
        if c[0] is owner and c[1] is p and (c[4] == version or self._groups_of(game, p)[0] == c[5]):
            near, held = c[5], c[6]
            if held is None:
                return (owner, p, game.deeds_version, (), version, near, None, None)
            holders = held(owner)
            if holders == c[7]:
                return (owner, p, game.deeds_version, c[3], version, near, held, holders)
        else:
            near = self._groups_of(game, p)[0]
            if not near:
                return (owner, p, game.deeds_version, (), version, near, None, None)
            held = itemgetter(*[j for g in near for j in g.spaces])
            holders = held(owner)
        return (owner, p, game.deeds_version, self._candidates(game, p, near), version, near, held, holders)

    def _candidates(self, game: Game, p: Player, near: tuple | None = None) -> list:
        """`_propose`'s offers as (holder, deeds, cash, key): they change only with ownership.
        `near`: `near_groups(game, p)`, if the caller has it."""
        out = []
        spaces = game.spaces
        for _grp, missing, q in groups_held_by_one(game, p, near):
            price = worth = 0
            for j in missing:
                price += spaces[j].price
                worth += self.value(game, q, j)
            cash = worth * 11 // 10 + price // 2
            out.append((q, missing, cash, (q.seat, missing, cash)))
        return out

    def _fair(self, game: Game, p: Player, offer: TradeOffer) -> bool:
        """Accept when what `p` receives is worth at least what it gives, counting a premium
        of half the price of a deed whose loss completes the other player's group."""
        me_proposer = offer.proposer == p.seat
        other = game.players[offer.partner if me_proposer else offer.proposer]
        give = offer.give_deeds if me_proposer else offer.get_deeds
        get = offer.get_deeds if me_proposer else offer.give_deeds
        cash_out = offer.give_cash if me_proposer else offer.get_cash
        cash_in = offer.get_cash if me_proposer else offer.give_cash
        gain = cash_in - cash_out + sum(self.value(game, p, j) for j in get)
        after = other.deeds | set(give)
        for j in give:
            gain -= self.value(game, p, j)
            g = game.spaces[j].group_index
            if g >= 0 and all(k in after for k in game.ed.groups[g].spaces):
                gain -= game.spaces[j].price // 2
        return gain >= 0 and p.cash - cash_out >= self._reserve(game) // 2

    # ------------------------------------------------------------------ deals of several parties
    def deal_balance(self, game: Game, p: Player, deal: Deal) -> int:
        """What `deal` is worth to `p` in money by `_fair`'s measure: the cash and the value of
        the deeds it gets, less the cash and value of those it gives, less half the price of a
        given deed whose group the deal completes for another player."""
        give, cash_out, _ = deal.gives(p.seat)
        get, cash_in, _ = deal.gets(p.seat)
        gain = cash_in - cash_out + sum(self.value(game, p, j) for j in get)
        after: dict[int, set[int]] = {}
        for leg in deal.legs:
            if leg.taker != p.seat:
                after.setdefault(leg.taker, set(game.players[leg.taker].deeds)).update(leg.deeds)
        for j in give:
            gain -= self.value(game, p, j)
            g = game.spaces[j].group_index
            taker = next(leg.taker for leg in deal.legs if j in leg.deeds)
            if g >= 0 and all(k in after.get(taker, ()) for k in game.ed.groups[g].spaces):
                gain -= game.spaces[j].price // 2
        return gain

    def _fair_deal(self, game: Game, p: Player, deal: Deal) -> bool:
        """Accept a deal of several parties on the same terms as a two-party trade: worth at least
        what it costs `p`, and the cash it pays leaves half the reserve."""
        cash_out = deal.gives(p.seat)[1]
        return self.deal_balance(game, p, deal) >= 0 and p.cash - cash_out >= self._reserve(game) // 2

    def _propose_deal(self, game: Game, p: Player, window: str | None, reserve: int) -> Any:
        """A three-way swap that completes `p`'s group where no two-party trade does ([002] 9/1.3):
        `p` lacks one deed X of a group, held by q; q lacks one deed Y of its group, held by r;
        r lacks one deed Z of its group, held by `p`. Legs: q gives X to `p`, r gives Y to q, `p`
        gives Z to r, with cash from `p` to any party the swap leaves short by this bot's
        valuation, up to what X is worth to `p` (when `p` keeps its reserve)."""
        most = game.rules.trade_parties
        if not game.rules.trade_enabled or (most is not None and most < 3):
            return None
        players = game.players
        for x, q in self._missing_one(game, p):
            for y, r in self._missing_one(game, q):
                if r is p:
                    continue
                zs = [z for z, holder in self._missing_one(game, r) if holder is p]
                if not zs:
                    continue
                z = zs[0]
                legs = [DealLeg(q.seat, p.seat, deeds=(x,)), DealLeg(r.seat, q.seat, deeds=(y,)),
                        DealLeg(p.seat, r.seat, deeds=(z,))]
                deal = Deal(p.seat, tuple(legs))
                extra = []
                for other in (q, r):
                    short = -self.deal_balance(game, other, deal)
                    if short > 0:
                        extra.append(DealLeg(p.seat, other.seat, cash=short))
                cash = sum(leg.cash for leg in extra)
                if p.cash - cash < reserve or cash > self.value(game, p, x):
                    continue
                deal = Deal(p.seat, tuple(legs + extra))
                key = ("deal", tuple(seat for seat in deal.parties), (x, y, z), cash)
                if game.turns - self._offers.get(key, -INF) < 40:
                    continue
                if all(self._fair_deal(game, players[s], deal) for s in deal.parties[1:]):
                    if window is None:      # a dry run (idle): the check needs the window
                        return ASK
                    if game.trade_problem(deal, window) is None:
                        self._offers[key] = game.turns
                        return deal
        return None

    @staticmethod
    def _missing_one(game: Game, p: Player) -> list:
        """(deed, holder) for each buildable group `p` lacks exactly one deed of, held by another
        living player and free of buildings."""
        out = []
        for grp, mine in zip(game.ed.groups, p.groups, strict=True):
            if not grp.buildable or mine != len(grp.spaces) - 1:
                continue
            j = next(j for j in grp.spaces if game.owner[j] is not p)
            q = game.owner[j]
            if q is not None and q.alive and not any(game.level[k] for k in grp.spaces):
                out.append((j, q))
        return out

    # ---------------------------------------------- why a trade is refused (for the front ends)
    def trade_balance(self, game: Game, p: Player, offer: TradeOffer) -> int:
        """What `offer` is worth to `p` by `_fair`'s measure, in money (negative: `p` loses)."""
        me_proposer = offer.proposer == p.seat
        other = game.players[offer.partner if me_proposer else offer.proposer]
        give = offer.give_deeds if me_proposer else offer.get_deeds
        get = offer.get_deeds if me_proposer else offer.give_deeds
        gain = ((offer.get_cash if me_proposer else offer.give_cash)
                - (offer.give_cash if me_proposer else offer.get_cash)
                + sum(self.value(game, p, j) for j in get))
        after = other.deeds | set(give)
        for j in give:
            gain -= self.value(game, p, j)
            g = game.spaces[j].group_index
            if g >= 0 and all(k in after for k in game.ed.groups[g].spaces):
                gain -= game.spaces[j].price // 2
        return gain

    def trade_reason(self, game: Game, p: Player, offer: TradeOffer) -> str:
        """Why `p` (this bot, the partner) rejects `offer`, in English ('' if it would accept)."""
        parts = self.trade_reason_parts(game, p, offer)
        return parts[0].format(**parts[1]) if parts else ""

    def trade_reason_parts(self, game: Game, p: Player, offer: TradeOffer) -> tuple[str, dict[str, int]] | None:
        """`trade_reason` as an English message with `{amount}` in it and the amount (integer
        money), so a front end can translate the message and show the amount in the currency;
        None if `p` would accept."""
        if self._fair(game, p, offer):
            return None
        cash_out = offer.give_cash if offer.proposer == p.seat else offer.get_cash
        if cash_out and p.cash - cash_out < self._reserve(game) // 2:
            return "paying {amount} would leave too little cash in reserve", {"amount": cash_out}
        short = -self.trade_balance(game, p, offer)
        return "what it gets is worth {amount} less to it than what it gives", {"amount": short}

    def counter_offer(self, game: Game, p: Player, offer: TradeOffer, window: str = "any") -> TradeOffer | None:
        """The same trade with the cash changed so that `p` (the partner) would accept it, or
        None (no cash moves it, or the counter is not a legal trade)."""
        if offer.partner != p.seat or self._fair(game, p, offer):
            return None
        short = -self.trade_balance(game, p, offer)
        give_cash, get_cash = offer.give_cash, offer.get_cash
        if get_cash >= short:           # ask less of p
            get_cash -= short
        else:                           # the proposer adds cash
            give_cash += short - get_cash
            get_cash = 0
        counter = TradeOffer(offer.proposer, offer.partner, give_deeds=offer.give_deeds,
                             give_cash=give_cash, give_cards=offer.give_cards,
                             get_deeds=offer.get_deeds, get_cash=get_cash, get_cards=offer.get_cards)
        if not self._fair(game, p, counter) or game.trade_problem(counter, window) is not None:
            return None
        if game.players[offer.proposer].cash < give_cash:
            return None
        return counter

    def rejected(self, d: Decision, reason: str) -> None:  # pragma: no cover
        pass


def _least_taken_role(d: Decision) -> str:
    """A `role` answer: of the roles the balance rule allows, the one fewest players hold so
    far (the edition's first on ties), so that every class of player is in the game: the roles'
    rules differ, and a role nobody plays leaves its rules untested by the table."""
    taken = d.ctx["taken"]
    return min(d.options, key=lambda r: taken[r])
