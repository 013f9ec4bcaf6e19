"""Everything a game holds, declared in one place: `GameState`.

The mechanism modules (turn.py, movement.py, landing.py, ...) read and write these fields and
nothing else; `Game` (game.py) is a `GameState` plus the mechanisms wired on as methods. The
class has `__slots__`, so a field that is not declared here cannot be set on a game.

Board arrays are indexed by space: `owner[i]` (None: the bank), `level[i]` (0 .. hotel_level,
see buildings.py), `mortgaged[i]`. The bank: `stock[kind]` the buildings of each kind left in
its supply (a kind absent: unlimited; `houses`/`hotels` read the default ladder's two),
`bank_out`/`bank_in` the money it paid out and took in, `jackpot` the money in the pot of the
free-parking house rule, `treasury` the money in the treasury (treasury.py); money moves only
through ledger.py, so the players' cash plus the pot and the treasury is always
`start_total + bank_out - bank_in`. `pledged[i]`: the deed is security for a bank loan (loans.py).

Set-up amounts read for this game's number of players (edition/per_player.py): `start_cash`;
`bank_start` the finite bank's money after the start cash was dealt (None: the bank never runs
out; its cash is `bank_start + bank_in - bank_out`, below 0 the IOUs it issued), `bank_broke`
(it could not pay in full under `when_empty: end`); `caps` the deed caps as tuples (kind,
group, most) and `own_supply` each player's own buildings by kind (limits.py); `supply_start` the
bank's buildings at the start by kind (`rules.buildings.supply`).
"""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from ..edition.model import Card, Edition, Rules, Space
from ..edition.per_player import for_players
from ..errors import GameError
from .dice import Dice, Throws
from .events import KIND_INDEX, KINDS, EventLog
from .player import Player

if TYPE_CHECKING:
    from .debt import RaiseOrder
    from .decisions import Agent

E_TURN: Final = KIND_INDEX["turn"]
E_ROLL: Final = KIND_INDEX["roll"]
E_MOVE: Final = KIND_INDEX["move"]
E_PAY: Final = KIND_INDEX["pay"]
E_BUILD: Final = KIND_INDEX["build"]
E_LAP: Final = KIND_INDEX["lap"]
E_CARD: Final = KIND_INDEX["card"]
E_BID: Final = KIND_INDEX["bid"]
E_DEED: Final = KIND_INDEX["deed"]
E_BUY: Final = KIND_INDEX["buy"]
"""The indexes in `event_counts` and `log_full` of the event kinds that come most often (several
a turn), for their call sites. Here, not in events.py (which is not compiled): a `Final` of a
compiled module is a direct load in the compiled build, a name of another module a dict lookup
at each event."""

LandHandler = Callable[..., None]
"""A space kind's landing procedure: `(game, player, space, rent, dice) -> None` (landing.py)."""


def _no_rent(g: Any, p: Player, i: int, owner: Player, dice: Any) -> int:
    raise GameError(f"space {i} has no rent formula for its kind")


def _card_index(edition: Edition) -> tuple[dict[str, Any], dict[str, Any], frozenset[str], frozenset[str]]:
    """`GameState.index_cards`'s tables of `edition`: labels, plays, the ids of the cards played
    instead of rent, and of those played instead of a throw."""
    labels: dict[str, Any] = {}
    plays: dict[str, Any] = {}
    for deck in edition.decks.values():
        for c in deck.cards:
            if c.labels:
                labels[c.id] = c.labels
            if c.play is not None:
                plays[c.id] = c.play
    for act in edition.actions:
        if act.labels:
            labels.setdefault(act.id, act.labels)
    for kind in edition.space_kinds:
        if kind.labels:
            labels.setdefault(kind.id, kind.labels)
    for sym in edition.symbols.values():
        if sym.labels:
            labels.setdefault(sym.id, sym.labels)
    if edition.all_alike_labels:
        labels.setdefault("all_alike", edition.all_alike_labels)
    return (labels, plays, frozenset(c for c, pl in plays.items() if pl.window == "rent"),
            frozenset(c for c, pl in plays.items() if pl.window == "roll"))


FIELDS: tuple[str, ...] = (
    "ed", "rules", "spaces", "n", "seed", "rng", "dice", "players", "agents",
    "owner", "level", "mortgaged", "deeds_version", "buildings_version", "build_passed", "raise_order",
    "stock", "hotel_level",
    "bank_in", "bank_out", "jackpot", "start_total",
    "decks", "kept_uses", "round", "turns", "bankruptcies", "over", "winners", "end_reason",
    "order", "turn_idx", "current", "landed_at", "last_roll", "more_rolls", "drawing",
    "in_card", "debt", "acting", "turn_flags",
    "log", "log_full", "log_pays", "event_counts", "record", "answers", "replay_queue", "on_replay_done",
    "check_each_turn", "max_rounds",
    "landings", "stats", "land_handlers", "land_codes", "move_hooks", "rent_fns", "agent_windows", "wants_before_roll",
    "agent_idle", "between_seats", "between_needs_deeds", "between_awake", "between_bound",
    "agent_hints",
    "start_index", "nearest_cache", "group_sizes", "first", "deal", "started",
    "space_flags", "counters", "timed_flags", "card_labels", "card_plays", "rent_plays",
    "roll_plays", "removed_cards", "discards",
    "space_sets", "kinds", "turn_hooks", "treasury", "pledged", "switched", "spending", "own_dice",
    "start_cash", "bank_start", "bank_broke", "caps", "own_supply", "supply_start",
    "hooking",
)
"""Every field of a game (`GameState.__slots__`), in the order `copy_from` copies them."""


class GameState:
    """The whole state of one game (see the module docstring for the money and board fields).

    Seats and turns: `players` in seat order, `agents[seat]` answers for them, `order` the order
    of play, `turn_idx` the index in `order` of the player whose turn it is (`current`),
    `round` (from 1), `turns` (turns played), `bankruptcies`. The end: `over`, `winners`,
    `end_reason`. Decks: `decks[deck_id]` the cards in draw order. Answers: `answers` the
    recorded ones (for saves, when `record`), `replay_queue` those still to replay.
    The turn in progress: `landed_at` (the last space moved to this turn), `last_roll`,
    `more_rolls` (doubles give another throw), `in_card`/`drawing` (card effects being
    resolved), `hooking` (the hooks of declared kinds of space being carried out), `debt` (the
    amount owed while raising money), `acting` (the edition action being carried out),
    `turn_flags` (players holding flags that end with the turn).
    Statistics: `landings[i]`, `stats` (edition actions taken and the deeds they moved).
    The log (events.py, "The log protocol"): `log`; by kind index (`events.KINDS`) `log_full[i]`
    (the log takes that kind in full) and `event_counts[i]` (the events of that kind, given in
    full or not); `log_pays` the reasons of the pay events it takes when it does not take all.
    Wiring, fixed at the start: `kinds` (the registry of space kinds: landing.SPACE_KINDS plus
    the edition's own), `land_handlers[i]`, `land_codes[i]` and `rent_fns[i]` per space, `move_hooks` (a space kind
    acts when passed or left), `turn_hooks` (one acts when a turn starts on it), `own_dice`
    (the edition has dice of its own, own_dice.py),
    `agent_windows[seat]` and `wants_before_roll[seat]` (the manage windows each agent uses),
    `agent_idle[seat]` (the agent's `idle(game, player, window)`, None when it has none or answers are
    recorded or replayed), `agent_hints[seat]` (the decision kinds the agent answers with their hint
    unasked: its `takes_hints`, empty when answers are recorded or replayed),
    `between_seats[seat]` (the agent is asked between turns), `between_needs_deeds` (a
    player without deeds can do nothing there; between_turns.wire),
    `between_awake` (a bit `Player.bit` per seat whose quiet there may have ended: set by the hook
    where holdings change, changes.py, and cleared by the window; the turn loop skips the window while no seat but the
    last player's has its bit) and `between_bound` (the bits of the seats quiet until a deed
    changes hands, decisions.QUIET),
    `nearest_cache`, `group_sizes` (the deeds of each group, by group index: the edition's),
    `kept_uses` (what each kept card is for, by (deck, card)); `raise_order`
    (the last player in debt, the deeds version and its deeds in price order, all, outside and
    in whole groups: debt.by_price).
    The DSL's flags and counters (cards.py): `space_flags[(space, name)]` (a flag's lifetime),
    `counters[((kind, seat or space), name)]`, `timed_flags` (flags lasting N turns, rounds or
    laps: [target, name, period, left, turn set]); `card_labels[source]` the texts of a card's
    or action's choice options, `card_plays[card id]` how a kept card of an edition's own use is
    played, `rent_plays`/`roll_plays` (the ids of the cards played instead of rent / of a throw),
    `removed_cards` the cards out of the game (played with `after: out`, or discarded); `space_sets` (cached board
    subsets for loops). Rule switches (switches.py): `switched` the ids turned on, in order;
    `spending` is true while the treasury's spending runs (it does not run inside itself)."""

    __slots__ = FIELDS

    def __init__(self, edition: Edition, names: Sequence[str], agents: Sequence[Agent], seed: int, *,
                 dice: Any, first: int | None, deal: bool, log: EventLog | None, record: bool,
                 replay: Sequence[Any] | None, check_invariants: bool, max_rounds: int | None,
                 on_replay_done: Callable[[], None] | None):
        self.ed: Edition = edition
        self.rules: Rules = edition.rules
        self.spaces: tuple[Space, ...] = edition.spaces
        self.n: int = len(edition.spaces)
        self.seed: int = seed
        self.rng: random.Random = random.Random(seed)
        self.dice: Throws = dice if dice is not None else Dice(self.rng, edition.dice_sides)
        count = len(names)
        self.start_cash: int = for_players(edition.setup.start_cash, count)
        self.players: list[Player] = [Player(i, name, self.start_cash, n_groups=len(edition.groups))
                                      for i, name in enumerate(names)]
        bank = edition.setup.bank
        self.bank_start: int | None = (None if bank is None
                                       else for_players(bank.cash, count) - count * self.start_cash)
        self.bank_broke: bool = False
        limits = edition.rules.limits
        self.caps: tuple[tuple[str | None, str | None, int], ...] = (   # plain data: a search fork copies it
            () if limits is None else tuple((c.kind, c.group, for_players(c.most, count)) for c in limits.deeds))
        self.own_supply: dict[str, int] = (
            {} if limits is None or not limits.buildings
            else {k: for_players(v, count) for k, v in limits.buildings.items()})
        self.agents: list[Agent] = list(agents)
        for p, a in zip(self.players, self.agents, strict=True):
            p.kind = "human" if getattr(a, "human", False) else "bot"
        n = self.n
        r = self.rules
        self.owner: list[Player | None] = [None] * n
        self.level: list[int] = [0] * n
        self.mortgaged: list[bool] = [False] * n
        self.deeds_version: int = 0          # bumped when a deed changes hands
        self.buildings_version: int = 0      # bumped when a building level or the bank's stock changes
        self.build_passed: tuple[object, ...] | None = None   # the last build check passed: buildings.build_stamp
        self.raise_order: RaiseOrder = (None, -1, (), (), ())  # the last debtor's deeds by price: debt.by_price
        self.supply_start: dict[str, int] = {k: for_players(v, count) for k, v in r.supply.items()}
        self.stock: dict[str, int] = dict(self.supply_start)   # building kind -> left in the bank (absent: unlimited)
        self.hotel_level: int = r.houses_before_hotel + 1
        self.bank_in: int = 0
        self.bank_out: int = 0
        self.jackpot: int = 0
        self.start_total: int = sum(p.cash for p in self.players)
        self.decks: dict[str, deque[Card]] = {}
        self.kept_uses: dict[tuple[str, str], str] = {}
        self.round: int = 1
        self.turns: int = 0
        self.bankruptcies: int = 0
        self.over: bool = False
        self.winners: list[Player] = []
        self.end_reason: str = ""
        self.order: list[Player] = list(self.players)
        self.turn_idx: int = 0
        self.current: Player | None = None
        self.landed_at: int | None = None
        self.last_roll: Any = None
        self.more_rolls: bool = False
        self.drawing: list[str] = []     # ids of the cards being carried out, outermost first
        self.hooking: list[str] = []     # the declared kinds whose hooks are running, outermost first
        self.in_card: int = 0
        self.debt: int | None = None
        self.acting: str | None = None
        self.turn_flags: list[Player] = []
        self.log: EventLog | None = log
        wants = frozenset() if log is None else getattr(log, "wants", None)   # events.py, "The log protocol"
        if wants is None:
            wants = frozenset(KINDS)
        self.log_full: list[bool] = [k in wants for k in KINDS] if wants else [False] * len(KINDS)
        self.log_pays: frozenset[str] = frozenset(w[4:] for w in wants if w.startswith("pay:"))
        self.event_counts: list[int] = [0] * len(KINDS)
        self.record: bool = record
        self.answers: list[Any] = []
        self.replay_queue: deque[Any] = deque(replay or ())
        self.on_replay_done: Callable[[], None] | None = on_replay_done
        self.check_each_turn: bool = check_invariants
        self.max_rounds: int | None = max_rounds if max_rounds is not None else edition.end.max_rounds
        self.landings: list[int] = [0] * n
        self.stats: dict[str, int] = {}
        self.land_handlers: list[LandHandler | None] = [None] * n
        self.land_codes: list[int] = [0] * n
        self.move_hooks: bool = False
        self.turn_hooks: bool = False
        self.own_dice: bool = bool(edition.extra_dice)
        self.kinds: dict[str, Any] = {}
        self.rent_fns: list[Callable[..., int]] = edition.shared(   # one list for every game of the edition
            "rent_fns", lambda: [r.rent_formulas.get(s.kind, _no_rent) for s in edition.spaces])
        self.agent_windows: list[frozenset[str]] = []
        self.wants_before_roll: list[bool] = []
        self.agent_idle: list[Callable[[Any, Any, str], object] | None] = []
        self.agent_hints: list[frozenset[str]] = []
        self.between_seats: list[bool] = []     # between_turns.wire
        self.between_needs_deeds: bool = False
        self.between_awake: int = 0             # the bits of the seats to look at between turns (between_turns.wire)
        self.between_bound: int = 0             # the bits of the seats QUIET until a deed changes hands
        self.start_index: int = edition.start_index
        self.nearest_cache: dict[tuple[str | None, str | None], list[int]] = edition.shared("nearest", dict)
        self.group_sizes: list[int] = edition.shared("group_sizes", lambda: [len(gr.spaces) for gr in edition.groups])
        self.first: int | None = first
        self.deal: bool = deal
        self.started: bool = False
        self.space_flags: dict[tuple[int, str], str] = {}
        self.counters: dict[tuple[Any, str], int] = {}
        self.timed_flags: list[list[Any]] = []
        self.card_labels: dict[str, Any] = {}
        self.card_plays: dict[str, Any] = {}
        self.rent_plays: frozenset[str] = frozenset()
        self.roll_plays: frozenset[str] = frozenset()
        self.index_cards(edition)
        self.removed_cards: list[tuple[str, str]] = []   # (deck, card) out of the game
        self.discards: dict[str, list[Card]] = {}   # a `reshuffle` deck's discard pile, oldest first
        self.space_sets: dict[str | None, tuple[int, ...]] = edition.shared("space_sets", dict)
        self.treasury: int = 0
        self.pledged: list[bool] = [False] * n
        self.switched: list[str] = []
        self.spending: bool = False
        if r.intro_reroll is not None:
            for p in self.players:
                p.intro = True
        follow = getattr(log, "follow", None)      # events.py, "The log protocol"
        if follow is not None:
            follow(self)

    def index_cards(self, edition: Edition) -> None:
        """Fill `card_labels` (bot hints and labels by card, action, space kind and die symbol
        id), `card_plays` (the `play:` section of each kept card that has one) and
        `rent_plays`/`roll_plays` from `edition`: at set-up, and again after a rule switch.
        The two dicts are the edition's own (`Edition.shared`), the same for all its games."""
        self.card_labels, self.card_plays, self.rent_plays, self.roll_plays = edition.shared(
            "cards", lambda: _card_index(edition))

    def copy_from(self, other: GameState, memo: dict[int, Any]) -> None:
        """Make this game a deep copy of `other`, field by field (`FIELDS`), through `copy.deepcopy`
        with `memo`: what `memo` maps is taken as it maps it (the search bot's fork shares the
        edition and its `Edition.shared` tables, and puts its own agents in; forks.py), the
        players are copied by `Player.__deepcopy__`, and `other` itself stands for this game.
        This game must be a game of the same class (its own state is overwritten; only its
        identity is kept). `copy.deepcopy` of a whole game does not do: the compiled build's
        `Game` runs `__init__` in `__new__`, so the copy is made into a game built the usual way."""
        memo[id(other)] = self
        for windows in other.agent_windows:     # frozensets are shared (deepcopy would rebuild each
            if type(windows) is frozenset:      # through __reduce_ex__: 29 -> 3 us a fork of 4 seats)
                memo[id(windows)] = windows
        deepcopy = copy.deepcopy
        for name in FIELDS:
            setattr(self, name, deepcopy(getattr(other, name), memo))

    @property
    def houses(self) -> int | None:
        """Houses left in the bank (None: unlimited)."""
        return self.stock.get("house")

    @houses.setter
    def houses(self, value: int | None) -> None:
        self._set_stock("house", value)

    @property
    def hotels(self) -> int | None:
        """Hotels left in the bank (None: unlimited)."""
        return self.stock.get("hotel")

    @hotels.setter
    def hotels(self, value: int | None) -> None:
        self._set_stock("hotel", value)

    def _set_stock(self, kind: str, value: int | None) -> None:
        self.buildings_version += 1          # what the bank holds changed (bots memoise on it; buildings.build_stamp)
        if value is None:
            self.stock.pop(kind, None)
        else:
            self.stock[kind] = value

    def emit(self, e: str, **fields: Any) -> None:
        """Count an event of kind `e` (events.EVENT_KINDS) in `event_counts` and give it to the
        log if the log wants that kind (events.py, "The log protocol"); no-op without a log."""
        log = self.log
        if log is not None:
            i = KIND_INDEX[e]
            self.event_counts[i] += 1
            if self.log_full[i]:
                log.add({"e": e, "turn": self.turns, **fields})

    def others(self, p: Player) -> list[Player]:
        """The other players still in the game, in turn order starting after `p`."""
        order = self.order
        try:
            k = order.index(p)        # (every player is in `order`, bankrupt ones too: one scan)
        except ValueError:
            k = 0
        return [q for q in order[k + 1:] + order[:k] if q.alive]

    def alive_players(self) -> list[Player]:
        """The players still in the game, in turn order."""
        return [q for q in self.order if q.alive]

    def landed(self) -> int | None:
        """The space where the current player's last move this turn ended, or None."""
        return self.landed_at

    @property
    def replaying(self) -> bool:
        """True while recorded answers remain to be given."""
        return bool(self.replay_queue)

    def saved_decisions(self) -> list[Any]:
        """The answers a save must hold now: those given so far and, while replaying, the
        recorded ones not yet reached (a save made during a replay loses nothing)."""
        return list(self.answers) + list(self.replay_queue)

    def pot(self) -> int:
        """Money lying in the jackpot (house rule), 0 without one."""
        return self.jackpot


__all__ = ["FIELDS", "GameState", "LandHandler"]
