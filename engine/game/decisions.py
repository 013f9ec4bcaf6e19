"""The decision protocol: what the engine asks players, and the shape of their answers.

The engine asks every choice as a `Decision`; humans (the CLI) and bots answer through the same
`Agent.decide(game, decision)` call. The engine checks every answer and rejects an illegal one
with a reason (`IllegalDecision`), never applying it.

The kinds, what each asks, the shape of its answer, its default and its label are in the
registry `DECISION_KINDS` (a new kind is a row there, an answer in each bot, a prompt in
cli/prompts.py; tests check all three).

Action tuples (answers to `manage` and `raise`): `('build', space)`, `('sell', space)` (one
level), `('sell_all', group_id)` (every building of the group at once), `('mortgage', space)`,
`('unmortgage', space)`, `('sell_deed', space)` (to the bank, editions that allow it),
`('trade', TradeOffer)` (two parties), `('trade', Deal)` (any number of parties, editions with
`trade.parties` above 2), `('act', action_id, space_or_None)` (an edition action),
`('loan',)` (borrow a unit from the bank), `('repay',)` (repay one), `('propose', switch_id)`
(a vote on a rule switch), `('done',)`, `('bankrupt',)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol, final

if TYPE_CHECKING:
    from .player import Player

BUY_OPTIONS: Final = ("buy", "decline")
TRADE_OPTIONS: Final = ("accept", "reject")


def _answer(word: str) -> tuple[str, ...]:
    return (word,)


# DONE and BANKRUPT are compared by identity (`is DONE`) with what agents return, interpreted
# ones too. Final, so the compiled build loads them directly (not from the module's dict at each
# use), and made by a call: mypyc would make its own object of a Final tuple written as a
# literal, which interpreted code's `DONE` would not be. (tuple[str, ...], not tuple[str]: mypyc
# would box a new tuple per return.)
DONE: Final = _answer("done")
BANKRUPT: Final = _answer("bankrupt")


class Quiet:
    """What an agent's `idle(game, player, 'between_turns')` may return instead of True: it
    passes now, and says until when it will go on passing there, so that the engine does not
    call its `idle` in that window again until then (between_turns.py checks the condition with
    a few integer comparisons). Truthy, like True. Three forms:

    - `QUIET` (`wake` None): it passes until a deed changes hands (deeds.set_owner) or its
      player's buildings, mortgages or loans change (`player.version`);
    - `Quiet(cash)`: it passes until its player's cash reaches `cash` (integer money) at a
      window between turns or at any manage window the agent is consulted in (its own turn's
      too: manage.py), or its player's deeds, buildings or mortgages change (`player.version`).
      An agent that may change its mind in a manage window with less cash answers True instead.
      `Quiet(player.NO_WAKE)`: until its player's deeds, buildings, mortgages or loans change;
    - `Quiet(cash, whole=True)`: it passes until its player's cash reaches `cash` (as above), or
      a color group becomes whole for its player or stops being whole (every deed of the group
      held: `player.groups` against the group's size); nothing else of its holdings ends it
      (deeds that make no group whole, buildings, mortgages, loans). For an agent whose answer
      there reads only its cash and which of its groups are whole (the basic bot with nothing to
      build on).

    Either way the engine asks it again at the first window after the condition is met, so an
    agent that answers these exactly as its `decide` would (as the basic bot does) plays the
    same games with or without them (tests/golden/test_sim_path.py)."""

    __slots__ = ("wake", "whole")

    def __init__(self, cash: int | None = None, whole: bool = False):
        self.wake = cash              # (not .cash: money moves only in ledger.py)
        self.whole = whole

    def __repr__(self) -> str:
        if self.wake is None:
            return "QUIET"
        return f"Quiet(cash={self.wake}, whole=True)" if self.whole else f"Quiet(cash={self.wake})"


QUIET: Final = Quiet()
"""`Quiet()`: passes between turns until the ownership of deeds changes (see `Quiet`)."""


class Calm:
    """What an agent's `idle(game, player, window)` may return instead of True for a window that
    `manage` offers (the player's own 'before_roll' and 'after_landing'; not 'between_turns',
    which has `Quiet`, nor 'raise'): it passes now, and promises to pass in every such window of
    its player while all of these hold (manage.py and the turn loop check them with four integer
    comparisons, and the edition's actions if it has any, and then call neither `idle` nor build
    a decision; the engine may ask `idle` anyway, which is always correct: it does so in every
    window but the turn's windows after a landing):

    - `player.version == version` (the player's deeds, buildings, mortgages and loans are as
      they were; `Player.version`);
    - `player.cash < cash` (integer money, kept as `wake`; `player.NO_WAKE`: any cash);
    - `game.deeds_version == deeds` (no deed changed hands);
    - `game.turns < turn` (the game's turn counter; `player.NO_WAKE`: any turn);
    - in an edition with actions, none is open to the player (`edition_actions.actions_open`:
      each one's limit is used up or its condition that reads no target is false), which the
      engine checks itself: the agent promises to pass while no action is open, not that none
      will open.

    Truthy, like True (an engine that ignores it sees True). The agent must answer these
    windows exactly as its `decide` would while the promise holds, whatever it learns in other
    decisions meanwhile (its own state moved by another window is the agent's to cover: if it
    may, it returns True instead); the engine asks `idle` again at the first window after any of
    these ends, and forgets the promise when `idle` answers anything else. A fork of a game
    (`Player.__deepcopy__`) drops it: asking `idle` again is always correct."""

    __slots__ = ("version", "wake", "deeds", "turn")

    def __init__(self, version: int, cash: int, deeds: int, turn: int):
        self.version = version
        self.wake = cash              # (not .cash: money moves only in ledger.py)
        self.deeds = deeds
        self.turn = turn

    def __repr__(self) -> str:
        return f"Calm(version={self.version}, cash={self.wake}, deeds={self.deeds}, turn={self.turn})"


NO_CALM: Final = Calm(-1, -(1 << 29), -1, 0)
"""`Player.calm` when the agent promised nothing: no version is -1, so it never holds (small
numbers: comparisons of one-digit ints are the interpreter's fast ones)."""


@final
class Decision:
    """One question to one player. `kind` is a key of `DECISION_KINDS`;
    `player` is the `Player` asked; `options` the legal answers where they can be listed
    (computed on first access for `manage` and `raise`); `ctx` holds the kind's details
    (`space`, `amount`, `creditor`, `min`, `max`, `offer`, `window`, `high_bidder`, ...).
    The details the engine gives are read-only attributes too (`d.space` is `d.ctx["space"]`,
    an `AttributeError` where the decision has none); any other key is read from `ctx`.

    Two constructors, one for each side: the engine builds every decision it asks with
    `Decision.of(kind, player, options, game, ctx)` (engine/ and cli/ use no other), and agents'
    tests and user code with the keyword form `Decision(kind, player, options, game, **ctx)`.
    They make the same object; `of` takes the dict as it is, which costs about 1,450
    instructions less a decision (4,000 against 5,450 in CPython 3.11, counted with callgrind)."""

    __slots__ = ("kind", "player", "listed", "game", "ctx")

    def __init__(self, kind: str, player: Player, options: Sequence[Any] | None = None, game: Any = None,
                 **ctx: Any):
        self.kind = kind
        self.player = player
        self.listed = options
        self.game = game
        self.ctx = ctx

    @classmethod
    def of(cls, kind: str, player: Player, options: Sequence[Any] | None, game: Any, ctx: dict[str, Any]
           ) -> Decision:
        """The same as `Decision(kind, player, options, game, **ctx)`, without copying `ctx` (the
        decision keeps this dict: the caller gives it a new one): the engine's one constructor.
        Built by naming the class, not through `cls` (a call of a type object, whose keyword
        parsing cost about 600 instructions a decision in the compiled build, where `Decision(...)`
        is a direct call of the native constructor), nor `object.__new__`, which a class compiled
        with mypyc refuses (tools/mypyc_build.py). `Decision` has no subclasses."""
        d = Decision(kind, player, options, game)
        d.ctx = ctx
        return d

    @property
    def options(self) -> Sequence[Any]:
        """The legal answers (for manage/raise: every legal action tuple, then done/bankrupt,
        listed on first access from `game`). `listed` holds them once known (None before)."""
        if self.listed is None and self.game is not None:
            self.listed = self.game.legal_actions(self.player, self.ctx["window"])
        return self.listed if self.listed is not None else ()

    def _detail(self, name: str) -> Any:
        ctx = self.ctx
        if name in ctx:
            return ctx[name]
        raise AttributeError(f"a {self.kind!r} decision has no {name!r}")

    # The details as properties, not a `__getattr__` hook on `ctx`: in CPython a class with that
    # hook takes the slow path on every attribute read of its objects (`d.kind`, `d.player` too).
    @property
    def amount(self) -> Any: return self._detail("amount")
    @property
    def attempts(self) -> Any: return self._detail("attempts")
    @property
    def building(self) -> Any: return self._detail("building")
    @property
    def cost(self) -> Any: return self._detail("cost")
    @property
    def creditor(self) -> Any: return self._detail("creditor")
    @property
    def fine(self) -> Any: return self._detail("fine")
    @property
    def fixed(self) -> Any: return self._detail("fixed")
    @property
    def holding(self) -> Any: return self._detail("holding")
    @property
    def high_bidder(self) -> Any: return self._detail("high_bidder")
    @property
    def hint(self) -> Any: return self._detail("hint")
    @property
    def interest(self) -> Any: return self._detail("interest")
    @property
    def labels(self) -> Any: return self._detail("labels")
    @property
    def left(self) -> Any: return self._detail("left")
    @property
    def max(self) -> Any: return self._detail("max")
    @property
    def min(self) -> Any: return self._detail("min")
    @property
    def more_rolls(self) -> Any: return self._detail("more_rolls")
    @property
    def offer(self) -> Any: return self._detail("offer")
    @property
    def optional(self) -> Any: return self._detail("optional")
    @property
    def owner(self) -> Any: return self._detail("owner")
    @property
    def payer(self) -> Any: return self._detail("payer")
    @property
    def price(self) -> Any: return self._detail("price")
    @property
    def proposer(self) -> Any: return self._detail("proposer")
    @property
    def reask(self) -> Any: return self._detail("reask")
    @property
    def reason(self) -> Any: return self._detail("reason")
    @property
    def source(self) -> Any: return self._detail("source")
    @property
    def space(self) -> Any: return self._detail("space")
    @property
    def still_in(self) -> Any: return self._detail("still_in")
    @property
    def taken(self) -> Any: return self._detail("taken")

    @property
    def topic(self) -> Any: return self._detail("topic")
    @property
    def value(self) -> Any: return self._detail("value")
    @property
    def window(self) -> Any: return self._detail("window")

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.player.name!r}, {self.ctx!r})"


@dataclass(frozen=True)
class TradeOffer:
    """A two-party trade: `proposer` gives `give_*` and receives `get_*` from `partner`.

    Deeds are board indices; cash is integer money; cards are (deck id, card id) held cards.
    Players are seat numbers (so offers serialise into saves)."""

    proposer: int
    partner: int
    give_deeds: tuple[int, ...] = ()
    give_cash: int = 0
    give_cards: tuple[tuple[str, str], ...] = ()
    get_deeds: tuple[int, ...] = ()
    get_cash: int = 0
    get_cards: tuple[tuple[str, str], ...] = ()

    def __init__(self, proposer: int, partner: int, give_deeds: tuple[int, ...] = (), give_cash: int = 0,
                 give_cards: tuple[tuple[str, str], ...] = (), get_deeds: tuple[int, ...] = (),
                 get_cash: int = 0, get_cards: tuple[tuple[str, str], ...] = ()) -> None:
        # Written out, as the dataclass would generate it (each field through object.__setattr__,
        # past the frozen class's refusal): a dataclass's generated methods stay interpreted in
        # the compiled build, where this `__init__` is compiled (about 9,500 instructions an
        # offer less; the bots make offers and the engine splits them into legs on many turns).
        set_field = object.__setattr__
        set_field(self, "proposer", proposer)
        set_field(self, "partner", partner)
        set_field(self, "give_deeds", give_deeds)
        set_field(self, "give_cash", give_cash)
        set_field(self, "give_cards", give_cards)
        set_field(self, "get_deeds", get_deeds)
        set_field(self, "get_cash", get_cash)
        set_field(self, "get_cards", get_cards)

    def to_json(self) -> dict[str, Any]:
        """The offer as plain JSON data (seats, space indices, cash, cards)."""
        return {"proposer": self.proposer, "partner": self.partner,
                "give_deeds": list(self.give_deeds), "give_cash": self.give_cash,
                "give_cards": [list(c) for c in self.give_cards],
                "get_deeds": list(self.get_deeds), "get_cash": self.get_cash,
                "get_cards": [list(c) for c in self.get_cards]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TradeOffer:
        """The inverse of `to_json`."""
        return cls(proposer=d["proposer"], partner=d["partner"],
                   give_deeds=tuple(d.get("give_deeds", ())), give_cash=d.get("give_cash", 0),
                   give_cards=tuple(tuple(c) for c in d.get("give_cards", ())),
                   get_deeds=tuple(d.get("get_deeds", ())), get_cash=d.get("get_cash", 0),
                   get_cards=tuple(tuple(c) for c in d.get("get_cards", ())))


    @property
    def legs(self) -> tuple[DealLeg, DealLeg]:
        """The offer as the two legs of a `Deal`: proposer to partner, then partner to proposer."""
        return (DealLeg(self.proposer, self.partner, self.give_deeds, self.give_cash, self.give_cards),
                DealLeg(self.partner, self.proposer, self.get_deeds, self.get_cash, self.get_cards))

    @property
    def parties(self) -> tuple[int, ...]:
        """The seats taking part: the proposer, then the partner."""
        return (self.proposer, self.partner)


@dataclass(frozen=True)
class DealLeg:
    """What one party hands to another in a `Deal`: `giver` gives `taker` the deeds (board
    indices), `cash` (integer money, 0 or more) and held cards ((deck id, card id) pairs)."""

    giver: int
    taker: int
    deeds: tuple[int, ...] = ()
    cash: int = 0
    cards: tuple[tuple[str, str], ...] = ()

    def __init__(self, giver: int, taker: int, deeds: tuple[int, ...] = (), cash: int = 0,
                 cards: tuple[tuple[str, str], ...] = ()) -> None:
        set_field = object.__setattr__      # written out, compiled: see TradeOffer.__init__
        set_field(self, "giver", giver)
        set_field(self, "taker", taker)
        set_field(self, "deeds", deeds)
        set_field(self, "cash", cash)
        set_field(self, "cards", cards)

    def to_json(self) -> dict[str, Any]:
        """The leg as plain JSON data."""
        return {"giver": self.giver, "taker": self.taker, "deeds": list(self.deeds), "cash": self.cash,
                "cards": [list(c) for c in self.cards]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DealLeg:
        """The inverse of `to_json`."""
        return cls(giver=d["giver"], taker=d["taker"], deeds=tuple(d.get("deeds", ())), cash=d.get("cash", 0),
                   cards=tuple(tuple(c) for c in d.get("cards", ())))


@dataclass(frozen=True)
class Deal:
    """A deal among any number of parties ([002] 9/1.3: "a deal may involve any number of players
    and any amount of property"): `proposer` (a seat, who must take part) and `legs`, each one
    party handing deeds, cash and held cards to another. The parties are the proposer and every
    seat in a leg; every party but the proposer is asked (decision kind `deal`) and all must
    accept; the deal is checked as a whole and carried out at once (`trades.propose_deal`).
    A two-party trade is a `TradeOffer` (its `legs` are the same two legs)."""

    proposer: int
    legs: tuple[DealLeg, ...]

    @property
    def parties(self) -> tuple[int, ...]:
        """The seats taking part: the proposer, then the others in the order they first appear."""
        seen = [self.proposer]
        for leg in self.legs:
            for s in (leg.giver, leg.taker):
                if s not in seen:
                    seen.append(s)
        return tuple(seen)

    def gives(self, seat: int) -> tuple[tuple[int, ...], int, tuple[tuple[str, str], ...]]:
        """What `seat` gives in all: (deeds, cash, cards)."""
        legs = [leg for leg in self.legs if leg.giver == seat]
        return (tuple(i for leg in legs for i in leg.deeds), sum(leg.cash for leg in legs),
                tuple(c for leg in legs for c in leg.cards))

    def gets(self, seat: int) -> tuple[tuple[int, ...], int, tuple[tuple[str, str], ...]]:
        """What `seat` receives in all: (deeds, cash, cards)."""
        legs = [leg for leg in self.legs if leg.taker == seat]
        return (tuple(i for leg in legs for i in leg.deeds), sum(leg.cash for leg in legs),
                tuple(c for leg in legs for c in leg.cards))

    def to_json(self) -> dict[str, Any]:
        """The deal as plain JSON data: {"proposer": seat, "legs": [leg, ...]}."""
        return {"proposer": self.proposer, "legs": [leg.to_json() for leg in self.legs]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Deal:
        """The inverse of `to_json`."""
        return cls(proposer=d["proposer"], legs=tuple(DealLeg.from_json(x) for x in d.get("legs", ())))


Offer = TradeOffer | Deal
"""What a `('trade', offer)` action carries."""


class Agent(Protocol):
    """Anything that answers decisions: a bot or a human at the terminal.

    `name` identifies it in errors; `human` agents are re-asked after an illegal answer
    (with `rejected(decision, reason)` called first), bots' illegal answers stop the game.

    Optional, for speed: `windows(game)`, the manage windows the agent wants to be asked in
    (a frozenset of window names; others are answered done for it); `idle(game, player,
    window)`, True when the agent would answer done to that manage window now, so that no
    decision is built (it must answer as `decide` would; in 'between_turns' it may return a
    `Quiet`, `QUIET` or `Quiet(cash)`: it passes, and says until when it will go on passing
    there; in the windows `manage` offers it may return a `Calm`: it passes, and promises to go
    on passing there until something the `Calm` names changes). Neither is used while answers
    are recorded or replayed. `skip_forced` (default
    False): True lets the engine answer for the agent every decision whose `options` are listed
    and hold exactly one answer (a deed it cannot afford: decline; jail without the fine or a
    card: roll), without calling `decide` (asking.py); the answer is recorded like any other.
    The bots set it; people's agents do not, so a person is still asked and sees the one answer
    there is. `takes_hints` (default empty): a frozenset of decision kinds among 'choice', 'pick'
    and 'play_card' that the agent always answers with the decision's `hint` (the option the
    edition's bot hint names), reading and changing nothing: a standing answer, so the engine
    takes the hint without building the decision or calling `decide` (choices.py, cards.py),
    while answers are neither recorded nor replayed (then it asks, as for `idle`)."""

    name: str

    @property
    def human(self) -> bool: ...        # (read-only: a class's constant will do)

    def decide(self, game: Any, decision: Decision) -> Any: ...

    def rejected(self, decision: Decision, reason: str) -> None: ...


class FunctionAgent:
    """An `Agent` made of a function: the one way to set up a seat whose answers come from
    elsewhere (a person over HTTP, an RL driver, a search fork's forced answer).
    `decide(game, decision)` gives the answer; `rejected(decision, reason)` (default: nothing)
    hears why an answer was refused; `human` as in `Agent`."""

    __slots__ = ("name", "human", "_decide", "_rejected")

    def __init__(self, name: str, decide: Callable[[Any, Decision], Any], *, human: bool = False,
                 rejected: Callable[[Decision, str], None] | None = None):
        self.name = name
        self.human = human
        self._decide = decide
        self._rejected = rejected

    def decide(self, game: Any, decision: Decision) -> Any:
        return self._decide(game, decision)

    def rejected(self, decision: Decision, reason: str) -> None:
        if self._rejected is not None:
            self._rejected(decision, reason)


def encode_answer(answer: Any) -> Any:
    """An answer as plain JSON data (for saves and the event log)."""
    if isinstance(answer, tuple):
        return [encode_answer(a) for a in answer]
    if isinstance(answer, TradeOffer):
        return {"trade": answer.to_json()}
    if isinstance(answer, Deal):
        return {"deal": answer.to_json()}
    return answer


def decode_answer(data: Any) -> Any:
    """The inverse of `encode_answer`."""
    if isinstance(data, list):
        return tuple(decode_answer(a) for a in data)
    if isinstance(data, dict) and "trade" in data:
        return TradeOffer.from_json(data["trade"])
    if isinstance(data, dict) and "deal" in data:
        return Deal.from_json(data["deal"])
    return data


# ---------------------------------------------------------------------- the registry of kinds
@dataclass(frozen=True)
class DecisionKind:
    """One kind of decision: `name`; `asked` says when; `answer` the shape of a legal answer;
    `default(game, decision)` the answer taken when a human lets it time out (scripted agents
    use it too); `label` what is being decided, for people ("No answer to a bid")."""

    name: str
    asked: str
    answer: str
    default: Callable[[Any, Decision], Any]
    label: str


def _const(value: Any) -> Callable[[Any, Decision], Any]:
    return lambda game, d: value


def _raise_default(game: Any, d: Decision) -> Any:
    return BANKRUPT if not d.player.alive else game.default_raise_action(d.player)


def _jail_default(game: Any, d: Decision) -> Any:
    return "roll" if "roll" in d.options else d.options[0]


def _place_default(game: Any, d: Decision) -> Any:
    return None if d.ctx.get("optional", True) else d.options[0]


DECISION_KINDS: dict[str, DecisionKind] = {k.name: k for k in (
    DecisionKind("buy", "landing on an unowned deed", "'buy' or 'decline'", _const("decline"),
                 "whether to buy"),
    DecisionKind("bid", "in an auction; `min`/`max` bound the bid",
                 "an int in [min, max], or `None` to pass (final)", _const(None), "a bid"),
    DecisionKind("jail", "start of a turn in jail or another holding space (`holding`: its id, `jail` for "
                 "the jail; `fine` and `attempts` are its); `options` among pay, card, roll; after the last "
                 "failed throw with `card_after_attempts`, pay or card (no roll)", "one of `options`",
                 _jail_default, "how to leave jail"),
    DecisionKind("manage", "before rolling (`window='before_roll'`) and after each landing "
                 "(`'after_landing'`; `more_rolls` says whether a double gives another throw)",
                 "an action tuple (below) or `('done',)`", _const(DONE), "what to do before or after the roll"),
    DecisionKind("raise", "the player owes `amount` to `creditor` and lacks the cash",
                 "an action tuple that raises money, or `('bankrupt',)` when even everything cannot pay",
                 _raise_default, "how to raise money"),
    DecisionKind("trade", "another player offers `offer`", "'accept' or 'reject'", _const("reject"),
                 "a trade offer"),
    DecisionKind("deal", "another player proposes `offer`, a `Deal` among several parties; every party "
                 "but the proposer is asked in turn and all must accept", "'accept' or 'reject'",
                 _const("reject"), "a deal among several players"),
    DecisionKind("tax", "a tax space with two amounts; `options` = fixed, alternative; `fixed` is the "
                 "fixed amount (the alternative is counted after the choice)", "one of `options`",
                 _const("fixed"), "how to pay the tax"),
    DecisionKind("claim", "rent is due and the edition makes owners claim it", "`True` (claim) or `False`",
                 _const(True), "whether to claim rent"),
    DecisionKind("inherited_mortgage", "a mortgaged deed passed to the player",
                 "'lift' (pay value + interest now) or 'keep' (interest now, again when lifted)",
                 _const("keep"), "an inherited mortgage"),
    DecisionKind("redeem", "lap end with a mortgaged deed, in editions that force the choice",
                 "'redeem' or 'release' (the bank takes it)", _const("release"), "a mortgage to redeem"),
    DecisionKind("place", "choose a lot for a building (card or shortage auction); `options` = legal spaces",
                 "a space index from `options`, or `None` if `optional`", _place_default, "where to build"),
    DecisionKind("choice", "a card's or action's `choose:`; `options` = the labels offered, `hint` the bot's "
                 "pick, `labels` their texts, `source` the card or action id", "one of `options`",
                 lambda game, d: d.ctx["hint"], "a choice"),
    DecisionKind("vote", "a vote: on ending the game (`topic='end'`) or on a rule switch (`topic` its id, "
                 "`proposer` the seat who proposed it); `hint` the bot's pick", "'yes' or 'no'", _const("no"),
                 "a vote"),
    DecisionKind("pick", "the DSL's `pick(...)`: `options` = the spaces that pass its filter (indices, in "
                 "set order), `hint` the bot's pick (the largest value), `source` the card, action or "
                 "kind of space", "a space index from `options`", lambda game, d: d.ctx["hint"],
                 "a space to pick"),
    DecisionKind("play_card", "rent is due (`amount` to seat `owner`) and the player holds cards played "
                 "instead (`window='rent'`); `options` = those cards, then `None`; `hint` the bot's pick",
                 "a held card (deck id, card id) from `options`, or `None` to pay", _const(None),
                 "whether to play a kept card"),
    DecisionKind("role", "at the start, in order of play, in editions whose roles are chosen; `options` = "
                 "the roles the balance rule allows, `taken` the players per role so far, `left` the "
                 "players still to choose (this one included)", "a role id from `options`",
                 lambda game, d: d.options[0], "a role"),
)}
"""The registry of decision kinds, by name."""
