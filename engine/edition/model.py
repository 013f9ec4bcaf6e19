"""The immutable edition model the engine plays: built once from a merged, validated edition tree.

`build_edition(tree, compiled)` turns the plain tree (dicts and lists from YAML, already merged
and validated) and the compiled DSL functions (JSON pointer -> function, from
`engine.dsl.compile_edition`) into frozen objects with everything the engine needs precomputed:
space indices, group membership, rent tables as tuples, rule parameters as flat attributes.

Money is integer units of the edition's currency everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .. import kinds
from .layout import BoardLayout, read_layout
from .per_player import Amount, Bank, Limits, read_amount, read_bank, read_limits
from .text import text_in

DEED_KINDS = frozenset(kinds.DEED_KINDS)
"""Kinds of space that carry a title deed (engine/kinds.py)."""


Text = Mapping[str, str]
"""A player-facing text by language code ('en', 'ru', ...)."""


def _text(value: Any) -> Text:
    if isinstance(value, str):
        return MappingProxyType({"en": value})
    return MappingProxyType(dict(value or {}))


DIGIT_GROUPS: Mapping[str, tuple[str, int]] = MappingProxyType({"ru": ("\u00a0", 10_000)})
"""How amounts of money group their digits by language: (the mark between groups of three, the
least amount grouped). Russian typography groups with a no-break space and leaves four-digit
numbers whole (1500, 15 000: our choice of its rule); a language not listed writes the digits
whole, so English output is as it always was (1500k ₽, 15000 β). `Currency.show` is the one
place that reads it."""


@dataclass(frozen=True, slots=True)
class Currency:
    """The edition's money: `code` (e.g. 'RUB'), `symbol`, `unit` (real currency units per unit
    of game money), `format` (pattern with `{n}` by language)."""

    code: str
    symbol: str
    unit: int
    format: Text

    def show(self, amount: int, lang: str = "en") -> str:
        """`amount` (units of game money) formatted for players in `lang`, e.g. '1500k ₽'. The
        digits are grouped as `DIGIT_GROUPS` says for `lang`: Russian '15 000 ₽' (a no-break
        space, from 10 000 up: '1500 ₽' stays whole); other languages write them whole ('15000')."""
        pattern = text_in(self.format, lang) or "{n}"
        mark, least = DIGIT_GROUPS.get(lang, ("", 0))
        digits = f"{amount:,}".replace(",", mark) if mark and abs(amount) >= least else str(amount)
        return pattern.replace("{n}", digits)

    def render(self, text: str, values: Mapping[str, int], lang: str = "en") -> str:
        """A card or label text with its placeholders filled: `{name}` is the named value
        shown as money in `lang` (`{fine}` with values {fine: 10}: '10k ₽'), `{200}` the
        amount 200; `{{` and `}}` are braces. A placeholder without a value stays as written
        (the edition check reports it)."""
        def fill(m: re.Match) -> str:
            key = m.group(1)
            if key.isdigit():
                return self.show(int(key), lang)
            return self.show(values[key], lang) if key in values else m.group(0)
        out = PLACEHOLDER.sub(fill, text.replace("{{", "\x00").replace("}}", "\x01"))
        return out.replace("\x00", "{").replace("\x01", "}")


PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*|[0-9]+)\}")
"""A placeholder in a card text: `{name}` (a value of the card) or `{200}` (an amount)."""


SHARES = ("any", "all_but_one", "all")
"""How much of its group a player must own to build a level, loosest first (buildings.py)."""


@dataclass(frozen=True, slots=True)
class Rung:
    """One level of a building ladder (`rules.buildings.ladders`): at this level a lot holds
    `count` buildings of `kind` (a kind's supply is `rules.buildings.supply`); reaching it costs
    `cost` (units of money, for the lot's group) and needs `owned` of the group ('all',
    'all_but_one' or 'any', see SHARES). A rung of another kind than the one below replaces
    the buildings below, which go back to the bank (a hotel hands back its four houses)."""

    kind: str
    count: int
    cost: int
    owned: str = "all"
    name: Text = field(default_factory=dict)
    allowed: Callable | None = None   # `allowed_if`: fn(g, player, space) -> bool; None: anyone
    allowed_text: str = ""            # the condition as written (the refusal names it)
    refused: Text = field(default_factory=dict)   # `refused`: why it is refused, for players


DEFAULT_LADDER = "street"
"""The ladder id a group with a `house_cost` uses when it names none."""


@dataclass(frozen=True, slots=True)
class Group:
    """A color group ([002]: an industry). `spaces` are the board indices of its deeds;
    `ladder` the levels its lots can be built up to (empty: not buildable), with this group's
    costs; `house_cost`/`hotel_cost` the costs of the default ladder's house and hotel."""

    index: int
    id: str
    name: Text
    color: str
    house_cost: int
    hotel_cost: int
    spaces: tuple[int, ...]
    ladder: tuple[Rung, ...] = ()
    buildable: bool = field(init=False, repr=False, compare=False)   # has a ladder

    def __post_init__(self) -> None:
        # a field, not a property: read in the bots' hot loops, where a property costs a call
        object.__setattr__(self, "buildable", bool(self.ladder))


@dataclass(frozen=True, slots=True)
class RentTable:
    """One of a deed's `rent_tables`: `rent` is used instead of the deed's `rent` when `when`
    (fn(g, payer, space, owner) -> bool) holds; `text` says so to players (the condition as
    written when the edition gives no text)."""

    when: Callable
    rent: tuple[int, ...]
    text: Text = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DeckChoice:
    """One of a card space's `decks`: the player draws from `deck` when `when`
    (fn(g, player, space) -> bool) holds."""

    when: Callable
    deck: str


@dataclass(frozen=True, slots=True)
class Role:
    """A player role the edition declares (`roles.list`): its id (read by the DSL as
    `p.role == ID`) and its name for players."""

    id: str
    name: Text


@dataclass(frozen=True, slots=True)
class Roles:
    """The edition's player roles (`roles`): `list` in order; `assign` is 'choose' (each
    player picks in order of play, a `role` decision) or 'deal' (dealt at random from the
    seed); `balance` is 'even' (at most ceil(n / roles) players per role), 'each' (every role
    is taken at least once) or 'free' (no rule)."""

    list: tuple[Role, ...]
    assign: str = "choose"
    balance: str = "even"

    @property
    def ids(self) -> tuple[str, ...]:
        """The role ids, in the edition's order."""
        return tuple(r.id for r in self.list)


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the board. Deeds (street, railroad, utility, a declared kind with
    `deed:`) have a group, price, mortgage value (0 where `mortgageable` is false) and rent
    table; card spaces a deck; tax spaces one or two compiled tax formulas
    (`fn(g, player) -> int`)."""

    index: int
    id: str
    kind: str
    name: Text
    group: str | None = None
    group_index: int = -1
    price: int = 0
    mortgage: int = 0
    rent: tuple[int, ...] = ()
    house_cost: int = 0
    hotel_cost: int = 0
    deck: str | None = None
    tax: Callable | None = None
    tax_alternative: Callable | None = None
    cells: int = 1
    ladder: tuple[Rung, ...] = ()
    rent_index: tuple[int, ...] = (0,)
    declared_deed: bool = False      # of a declared kind with `deed:` (a deed without buildings)
    compulsory: bool = False         # the lander must buy it (rules.purchase.compulsory)
    mortgageable: bool = True        # it can be mortgaged (not under rules.mortgage.unavailable)
    rent_tables: tuple[RentTable, ...] = ()   # `rent_tables`: the first whose `when` holds (holdings.rent_table)
    decks: tuple[DeckChoice, ...] = ()        # `decks`: a card space's deck by condition (landing.py)
    is_deed: bool = field(init=False, repr=False, compare=False)     # street, railroad, utility or declared
    buildable: bool = field(init=False, repr=False, compare=False)   # has a ladder
    spent: tuple[int, ...] = field(init=False, repr=False, compare=False)  # [level]: the ladder's costs up to it

    def __post_init__(self) -> None:
        # fields, not properties: read in the bots' and the engine's hot loops
        object.__setattr__(self, "is_deed", self.kind in DEED_KINDS or self.declared_deed)
        object.__setattr__(self, "buildable", bool(self.ladder))
        spent = [0]
        for rung in self.ladder:
            spent.append(spent[-1] + rung.cost)
        object.__setattr__(self, "spent", tuple(spent))   # (buildings.building_refund, debt.liquidation_value)

    def building_at(self, level: int) -> tuple[str, int] | None:
        """The buildings on this lot at `level`: (kind, count), or None when bare."""
        if level <= 0 or level > len(self.ladder):
            return None
        r = self.ladder[level - 1]
        return r.kind, r.count


@dataclass(frozen=True, slots=True)
class CardPlay:
    """How a kept card is played: `window` is when (`before_roll`, `after_landing`: the
    player's manage windows; `rent`: when the holder would pay rent, which the card then
    replaces; `roll`: when the holder would throw to move, which the card replaces;
    `jail`: at the start of a turn in jail); `after` where it goes played (`deck`, `out`),
    `effect` the compiled `play.do` (`fn(g, player, owner, rent)`), `bot` the compiled
    `play.bot` hint (same signature) or None (bots play it whenever they may)."""

    window: str
    effect: Callable
    bot: Callable | None = None
    after: str = "deck"                  # deck | out: where the played card goes


@dataclass(frozen=True, slots=True)
class Card:
    """A card: `effect` is the compiled `do:` (`fn(g, player)`); `labels` the texts of its
    choice's options (label -> Text); `values` the named amounts its text shows (`{amount}`);
    `play` how it is played once kept (None: not playable, or the built-in jail use)."""

    id: str
    deck: str
    text: Text
    effect: Callable
    labels: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    play: CardPlay | None = None

    def shown(self, currency: Currency, lang: str = "en") -> str:
        """The card's text in `lang` with its amounts in the edition's currency."""
        return currency.render(text_in(self.text, lang), self.values, lang)


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck of cards; shuffled by the game's seed at the start when `shuffle` is true."""

    id: str
    name: Text
    cards: tuple[Card, ...]
    shuffle: bool = True
    reshuffle: bool = False              # drawn cards to a discard pile, shuffled back when empty


@dataclass(frozen=True, slots=True)
class Action:
    """An edition-defined action (e.g. a court where players sue, [002] rule 7). `when`, `do` and `bot` are compiled
    (`fn(g, player, target)`); `target` is 'deed' (the player picks a title deed) or 'none'.
    `ready(g, player, None)` is the part of `when` that does not read the target (None: no
    such part): where it is false, `when` is false for every target."""

    id: str
    name: Text
    text: Text
    target: str
    when: Callable
    do: Callable
    bot: Callable | None
    limit_per_turn: int | None
    labels: dict = field(default_factory=dict)
    ready: Callable | None = None


@dataclass(frozen=True, slots=True)
class DeclaredKind:
    """A kind of space the edition declares (`space_kinds`): `hooks` maps an event (`land`,
    `pass`, `leave`, `turn_start`: the keys `on_land`, ...) to its compiled DSL effect
    `fn(g, player, space)`; `labels`
    are the texts of its choices' options, `values` the amounts its texts show."""

    id: str
    name: Text
    text: Text
    hooks: Mapping[str, Callable]
    labels: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    deed: str | None = None          # count | flat: its spaces are deeds with that rent (None: no deed)


@dataclass(frozen=True, slots=True)
class ExtraDie:
    """A die of the edition's own (`dice.extra`), thrown with the base dice on a move's throw:
    `faces` are numbers or symbol ids, equally likely; `when` the compiled condition
    `fn(g, player) -> bool` (None: always thrown)."""

    id: str
    name: Text
    faces: tuple[int | str, ...]
    when: Callable | None = None


@dataclass(frozen=True, slots=True)
class DieSymbol:
    """What a symbol face does (`dice.symbols`): `instead` replaces the move, `after` runs after
    its landing; both compiled `fn(g, player, roll)` or None. `labels` are its choices' texts."""

    id: str
    name: Text
    instead: Callable | None = None
    after: Callable | None = None
    labels: dict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Holding:
    """A holding space: the jail (id `jail`, from `rules.jail`) or one of `rules.holdings`, where
    a held player's token stands (`index`) and how the player leaves: `fine` (money, 0: none),
    `attempts`, `after_attempts` (pay_and_move | move | leave_next_turn), `doubles_roll_again`,
    `paid_exit` (normal | one_throw), `card_after_attempts`, and `cards`, the kept-card uses
    that release from it. Rule source: ../shared/rules/classic.md 15 for the jail; each edition
    cites its own holding spaces."""

    id: str
    name: Text
    index: int
    fine: int
    attempts: int
    after_attempts: str
    doubles_roll_again: bool
    paid_exit: str
    card_after_attempts: bool
    cards: tuple[str, ...] = ("get_out_of_jail",)


JAIL_RULES = ("fine", "attempts", "after_attempts", "doubles_roll_again", "paid_exit", "card_after_attempts")
"""The exit rules a holding space takes from `rules.jail` when it leaves them out."""


def _holdings(tree: Mapping[str, Any], spaces: tuple[Space, ...], jail_index: int | None,
              index: Mapping[str, int]) -> dict[str, Holding]:
    """The jail (when the board has one) and the holding spaces of `rules.holdings`, by id."""
    r = tree["rules"]
    jail = {"paid_exit": "normal", "card_after_attempts": False, **r["jail"]}
    out: dict[str, Holding] = {}
    if jail_index is not None:
        out["jail"] = Holding(id="jail", name=spaces[jail_index].name, index=jail_index,
                              **{k: jail[k] for k in JAIL_RULES})
    for hid, h in (r.get("holdings") or {}).items():
        at = index[h["space"]]
        out[hid] = Holding(id=hid, name=_text(h["name"]) if "name" in h else spaces[at].name, index=at,
                           cards=tuple(h.get("cards", ("get_out_of_jail",))),
                           **{k: h.get(k, jail[k]) for k in JAIL_RULES})
    return out


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule parameter the engine reads, flattened from the edition's `rules` section.
    docs/rules.md explains each, with its source and the readings it selects. Formulas are
    compiled DSL functions; their signatures are given in engine/dsl/contexts.py."""

    turn_order: str                      # seating | ranking
    doubles_roll_again: bool
    doubles_jail_after: int | None       # None: doubles never send to jail
    salary: Callable                     # fn(g, p) -> int
    purchase_declined: str               # auction | none
    auction_start: Callable              # fn(g, space) -> int
    auction_step: int
    auction_decliner_may_bid: bool
    auction_bid_limit: str               # cash | binding
    auction_unpaid: str                  # reauction | bank: a winning bid that was not paid
    rent_formulas: Mapping[str, Callable]  # kind -> fn(g, payer, space, owner, roll) -> int
    rent_claim: str                      # automatic | owner_claims
    rent_jailed_owner_collects: bool
    jail_fine: int
    jail_attempts: int
    jail_after_attempts: str             # pay_and_move | move | leave_next_turn
    jail_doubles_roll_again: bool
    jail_paid_exit: str                  # normal | one_throw: after paying or using a card
    houses_supply: int | None            # None: unlimited, or by the number of players (GameState.supply_start)
    hotels_supply: int | None
    supply: Mapping[str, Amount]         # building kind -> the bank's stock at the start (absent: unlimited)
    houses_before_hotel: int
    sell_percent: int
    max_per_turn: int | None
    max_per_group_per_turn: int | None
    build_window: str                    # any | before_roll
    shortage_auction: bool
    interest_percent: int
    rounding: str                        # up | down | half_up
    sell_buildings_first: str            # group | lot
    transfer_interest: bool
    redeem_at_lap_end: bool
    bank_buys_percent: int | None
    trade_enabled: bool
    trade_mortgaged: bool
    trade_cards: bool
    trade_while_in_debt: bool
    trade_window: str                    # any | before_roll
    trade_parties: int | None            # most parties in one deal; None: any number
    between_turns: bool                  # others manage between turns ([000] "the interval between turns")
    bankruptcy_to_bank: str              # auction | free
    bankruptcy_to_player: str            # creditor | bank_settles
    bankruptcy_mortgages: str = "cleared"  # cleared | kept: deeds the bank auctions after a bankruptcy
    final_estate: str = "usual"          # usual | intact (the bankruptcy that ends the game)
    jackpot: Jackpot | None = None
    intro_reroll: frozenset | None = None  # kinds that give another move on the introductory lap
    decision_timeout: str = "default"    # default | bankrupt
    lift_base: str = "mortgage"          # mortgage | price: what lifting a mortgage costs
    hotel_sale: str = "one_by_one"       # together | one_by_one: hotels of a group sold back
    jail_card_after_attempts: bool = False  # a kept card may replace the forced fine
    auction_reask: bool = False          # the rivals are asked once more before the sale
    treasury: Treasury | None = None     # a public fund apart from the bank (treasury.py)
    loans: Loans | None = None           # loans from the bank (loans.py)
    rent_public: Mapping[str, Callable] = field(default_factory=dict)  # kind -> the part paid to the bank
    rent_unbought: Callable | None = None  # fn(g, me, space): what a lander who does not buy pays
    doubles_holding: str = "jail"        # where too many doubles send: jail or a holding's id
    jail_fines: tuple[tuple[Callable, int], ...] = ()  # (fn(g, p, jail) -> bool, fine): the first that holds
    limits: Limits | None = None         # what one player may own (limits.py)

    def percent(self, amount: int, percent: int) -> int:
        """`percent`% of `amount`, rounded by `rounding` (money is whole units)."""
        return round_div(amount * percent, 100, self.rounding)


@dataclass(frozen=True, slots=True)
class Jackpot:
    """The free-parking pot house rule: payments to the bank whose reason is in `sources`
    ('tax', 'fine', 'card') go into a pot; landing on a space of kind `collect_on` takes it.
    The bank puts `seed` in at the start and after each payout."""

    collect_on: str
    sources: frozenset
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Treasury:
    """A public fund apart from the bank (treasury.py): payments to the bank whose reason is in
    `receives` ('purchase', 'auction', 'tax', 'fine', 'rent', 'card', 'interest', 'build', ...)
    go into it; it holds `start` at the start (paid by the bank). `spend` (compiled effect
    `fn(g, me)`) runs whenever money came in and the treasury holds at least `spend_at`."""

    receives: frozenset
    start: int = 0
    spend_at: int | None = None
    spend: Callable | None = None


@dataclass(frozen=True, slots=True)
class Loans:
    """Loans from the bank (loans.py): borrowed in units of `unit`, each secured by deeds whose
    printed prices add up to at least `unit + margin`; `interest` per unit is charged on
    `charged_on` ('lap': each completed lap, after the salary; 'turn': at the start of each of
    the borrower's turns); `max_units` per player (None: as many as the deeds secure)."""

    unit: int
    margin: int
    interest: int
    charged_on: str = "lap"
    max_units: int | None = None


def round_div(numerator: int, denominator: int, rounding: str) -> int:
    """numerator / denominator rounded to an integer: 'down' (floor), 'up' (ceiling) or
    'half_up' (halves away from zero, for non-negative values)."""
    if rounding == "down":
        return numerator // denominator
    if rounding == "up":
        return -(-numerator // denominator)
    return (2 * numerator + denominator) // (2 * denominator)


@dataclass(frozen=True, slots=True)
class Setup:
    """How a game starts: start cash, deeds dealt (`deal_each`: an amount, 'all' or None;
    `deal_pay`: whether the players pay the printed price), deeds auctioned
    (`auction_count` deeds, opening bid `auction_start(g, space)`), and the bank's money
    (`bank`: None, unlimited). Amounts may depend on the number of players
    (per_player.for_players)."""

    start_cash: Amount
    deal_each: Amount | str | None = None
    deal_pay: bool = False
    auction_count: Amount = 0
    auction_start: Callable | None = None
    bank: Bank | None = None


@dataclass(frozen=True, slots=True)
class Vote:
    """A vote of the players still in the game (votes.py): it passes with `needs` yes votes
    (an int, 'majority' or 'all'); bots vote by `bot` (`fn(g, me) -> bool`, None: no).
    For an end vote, `every` is the number of rounds between votes and `rank` the ranking."""

    needs: int | str
    bot: Callable | None = None
    every: int = 1
    rank: str = "score"


@dataclass(frozen=True, slots=True)
class EndCondition:
    """One end condition: `test` (`fn(g) -> bool`, checked after each turn), the ranking
    when it ends the game (`rank`: score | cash | shared: every player still in wins), and the
    `id` the end event records (default 'condition')."""

    test: Callable
    rank: str = "score"
    id: str = "condition"


@dataclass(frozen=True, slots=True)
class End:
    """When the game ends besides one player being left: any `when` condition after a turn,
    an end `vote`, or `max_rounds` rounds played. Then the richest by `score`
    (`fn(g, p) -> int`) wins; ties share the win; a condition may rank otherwise."""

    when: tuple[EndCondition, ...]
    max_rounds: int | None
    score: Callable
    condition_rank: str = "score"       # score | cash: the ranking when a `when` condition ends the game
    vote: Vote | None = None


@dataclass(frozen=True)
class Switch:
    """A rule switch (switches.py): the overlays `overlays` (ids or paths, as written) turned on
    during the game, `edition` the edition with them applied (the same board, built at load);
    it turns on when `when` (`fn(g) -> bool`, after a turn) holds or a `vote` proposed by a
    player passes. `empty_treasury`: the treasury's money goes back to the bank when it does."""

    id: str
    name: Text
    overlays: tuple[str, ...]
    edition: Edition
    when: Callable | None = None
    vote: Vote | None = None
    empty_treasury: bool = False


@dataclass(frozen=True)
class Edition:
    """A playable edition. `spaces` are in board order; `space_index` maps a space id to its
    index; `content_hash` identifies the merged edition content (saves refuse another)."""

    id: str
    name: Text
    description: Text
    version: str
    currency: Currency
    players_min: int
    players_max: int
    dice_count: int
    dice_sides: int
    setup: Setup
    groups: tuple[Group, ...]
    spaces: tuple[Space, ...]
    decks: Mapping[str, Deck]
    rules: Rules
    end: End
    actions: tuple[Action, ...]
    params: Mapping[str, Any]
    content_hash: str = ""
    variants: tuple[str, ...] = ()
    roles: Roles | None = None        # the player roles (`roles`), None: the edition has none
    space_index: Mapping[str, int] = field(default_factory=dict)
    group_by_id: Mapping[str, Group] = field(default_factory=dict)
    start_index: int = 0
    jail_index: int | None = None
    warnings: tuple = ()              # Problems of severity 'warning' found when loading
    switches: tuple[Switch, ...] = ()  # rule switches (built by playable.py)
    space_kinds: tuple[DeclaredKind, ...] = ()   # kinds of space the edition declares
    extra_dice: tuple[ExtraDie, ...] = ()         # the edition's own dice (`dice.extra`)
    symbols: Mapping[str, DieSymbol] = field(default_factory=dict)   # by symbol id
    all_alike: Callable | None = None             # `dice.all_alike.do`: fn(g, player, roll)
    all_alike_labels: dict = field(default_factory=dict)
    holdings: Mapping[str, Holding] = field(default_factory=dict)   # the jail and rules.holdings, by id
    board_layout: BoardLayout | None = None       # how the board is drawn (`board_layout:`)
    tables: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    """What the engine derives from the edition alone, by name (`shared`): built by the first
    game that needs it and shared by every later game of the edition, so never changed once built."""

    def shared(self, name: str, build: Callable[[], Any]) -> Any:
        """The table `name` derived from this edition alone, built by `build()` on first use
        and shared by every game of the edition from then on (the caller must not change it)."""
        got = self.tables.get(name)
        if got is None:
            got = self.tables[name] = build()
        return got

    def deeds(self) -> list[Space]:
        """Every space with a title deed, in board order."""
        return [s for s in self.spaces if s.is_deed]


def _card_play(compiled: Mapping[str, Callable], pointer: str, play: Any) -> CardPlay | None:
    """The `play:` section of a card, compiled (None when the card has none)."""
    if not isinstance(play, dict):
        return None
    return CardPlay(window=play.get("when", "before_roll"), effect=compiled[pointer + "/do"],
                    bot=compiled.get(pointer + "/bot"), after=play.get("after", "deck"))


def _fn(compiled: Mapping[str, Callable], pointer: str, value: Any, arity: int) -> Callable:
    """The compiled function at `pointer`; a constant when the tree holds a plain number."""
    fn = compiled.get(pointer)
    if fn is not None:
        return fn
    if isinstance(value, (int, bool)) and not isinstance(value, str):
        const = value
        if arity == 1:
            return lambda g, _c=const: _c
        if arity == 2:
            return lambda g, a, _c=const: _c
        if arity == 3:
            return lambda g, a, b, _c=const: _c
        return lambda g, *a, _c=const: _c
    raise KeyError(f"no compiled DSL for {pointer}")


def _action(compiled: Mapping[str, Callable], i: int, a: Mapping[str, Any]) -> Action:
    """The `Action` of `actions[i]`, with the target-free part of its `when` (dsl.pipeline)."""
    when = _fn(compiled, f"/actions/{i}/when", a.get("when", True), 3)
    return Action(id=a["id"], name=_text(a.get("name")), text=_text(a.get("text")),
                  target=a.get("target", "none"), when=when,
                  do=compiled[f"/actions/{i}/do"],
                  bot=(_fn(compiled, f"/actions/{i}/bot", a["bot"], 3) if "bot" in a else None),
                  limit_per_turn=a.get("limit_per_turn"),
                  labels={k: _text(v) for k, v in (a.get("labels") or {}).items()},
                  ready=getattr(when, "ready", None))


def build_edition(tree: Mapping[str, Any], compiled: Mapping[str, Callable], *,
                  content_hash: str = "", variants: tuple[str, ...] = (),
                  warnings: tuple = ()) -> Edition:
    """Build the immutable `Edition` from a merged, validated tree and its compiled DSL.

    Raises KeyError only if the tree was not validated (a missing required part)."""
    groups = _groups(tree, compiled)
    group_by_id = {g.id: g for g in groups}
    deed_kinds = {k["id"]: k["deed"] for k in tree.get("space_kinds") or () if k.get("deed")}
    spaces_t = _spaces(tree, compiled, group_by_id, deed_kinds)
    rules = _build_rules(tree["rules"], compiled, deed_kinds)
    actions = tuple(_action(compiled, i, a) for i, a in enumerate(tree.get("actions") or []))
    dice = tree.get("dice") or {}
    alike = dice.get("all_alike") or {}
    start_index = next(s.index for s in spaces_t if s.kind == "start")
    jail_index = next((s.index for s in spaces_t if s.kind == "jail"), None)
    currency_raw = tree.get("currency") or {}
    players = tree.get("players") or {}
    return Edition(
        id=tree["id"], name=_text(tree.get("name")), description=_text(tree.get("description")),
        version=str(tree.get("version", "")),
        currency=Currency(code=currency_raw.get("code", ""), symbol=currency_raw.get("symbol", ""),
                          unit=int(currency_raw.get("unit", 1)),
                          format=_text(currency_raw.get("format") or "{n}")),
        players_min=int(players.get("min", 2)), players_max=int(players.get("max", 8)),
        dice_count=int(dice.get("count", 2)), dice_sides=int(dice.get("sides", 6)),
        setup=_setup(tree, compiled), groups=groups, spaces=spaces_t,
        decks=MappingProxyType(_decks(tree, compiled)),
        rules=rules, end=_end(tree, compiled), actions=actions,
        params=MappingProxyType(dict(tree.get("params") or {})),
        content_hash=content_hash, variants=variants, roles=build_roles(tree.get("roles")),
        space_index=MappingProxyType({s.id: s.index for s in spaces_t}),
        group_by_id=MappingProxyType(group_by_id),
        start_index=start_index, jail_index=jail_index, warnings=tuple(warnings),
        space_kinds=_space_kinds(tree, compiled), extra_dice=_extra_dice(dice, compiled),
        symbols=MappingProxyType(_symbols(dice, compiled)),
        all_alike=compiled.get("/dice/all_alike/do") if alike else None,
        all_alike_labels={k: _text(v) for k, v in (alike.get("labels") or {}).items()},
        holdings=MappingProxyType(_holdings(tree, spaces_t, jail_index, {s.id: s.index for s in spaces_t})),
        board_layout=read_layout(tree.get("board_layout"), [s.id for s in spaces_t]))


def _groups(tree: Mapping[str, Any], compiled: Mapping[str, Callable]) -> tuple[Group, ...]:
    """The color groups, each with its spaces in board order and its building ladder."""
    groups_raw = tree.get("groups") or []
    group_spaces: dict[str, list[int]] = {g["id"]: [] for g in groups_raw}
    for i, s in enumerate(tree["board"]):
        if s.get("group") in group_spaces:
            group_spaces[s["group"]].append(i)
    ladders = ladder_steps(tree["rules"]["buildings"])
    return tuple(
        Group(index=gi, id=g["id"], name=_text(g.get("name")), color=g.get("color", "#888888"),
              house_cost=int(g.get("house_cost") or 0),
              hotel_cost=int(g.get("hotel_cost") or g.get("house_cost") or 0),
              spaces=tuple(group_spaces[g["id"]]),
              ladder=_group_ladder(g, ladders, compiled))
        for gi, g in enumerate(groups_raw))


def _spaces(tree: Mapping[str, Any], compiled: Mapping[str, Callable], group_by_id: Mapping[str, Group],
            deed_kinds: Mapping[str, Any]) -> tuple[Space, ...]:
    """The spaces of the board in order; `deed_kinds` are the declared kinds with a title deed."""
    purchase, mortgage_rules = tree["rules"]["purchase"], tree["rules"]["mortgage"]
    spaces = []
    for i, s in enumerate(tree["board"]):
        grp = group_by_id.get(s.get("group"))
        base = f"/board/{i}"
        deed = s["kind"] in DEED_KINDS or s["kind"] in deed_kinds
        mortgageable = not (deed and covers(mortgage_rules.get("unavailable"), s["kind"], s.get("group")))
        spaces.append(Space(
            index=i, id=s["id"], kind=s["kind"], name=_text(s.get("name")),
            group=grp.id if grp else None, group_index=grp.index if grp else -1,
            price=int(s.get("price") or 0), mortgage=int(s.get("mortgage") or 0) if mortgageable else 0,
            rent=tuple(s.get("rent") or ()),
            house_cost=grp.house_cost if grp and s["kind"] == "street" else 0,
            hotel_cost=grp.hotel_cost if grp and s["kind"] == "street" else 0,
            deck=s.get("deck"),
            tax=_fn(compiled, f"{base}/tax", s["tax"], 2) if "tax" in s else None,
            tax_alternative=(_fn(compiled, f"{base}/tax_alternative", s["tax_alternative"], 2)
                             if s.get("tax_alternative") is not None else None),
            cells=int(s.get("cells") or 1),
            ladder=grp.ladder if grp else (),
            rent_index=_rent_index(s["kind"], grp.ladder if grp else (), len(s.get("rent") or ())),
            declared_deed=s["kind"] in deed_kinds,
            compulsory=deed and covers(purchase.get("compulsory"), s["kind"], s.get("group")),
            mortgageable=mortgageable,
            rent_tables=rent_tables(compiled, base, s), decks=deck_choices(compiled, base, s)))
    return tuple(spaces)


def _decks(tree: Mapping[str, Any], compiled: Mapping[str, Callable]) -> dict[str, Deck]:
    """The decks by id, their cards in the order the edition gives them."""
    decks = {}
    for di, d in enumerate(tree.get("decks") or []):
        cards = tuple(
            Card(id=c["id"], deck=d["id"], text=_text(c.get("text")),
                 effect=compiled[f"/decks/{di}/cards/{ci}/do"],
                 labels={k: _text(v) for k, v in (c.get("labels") or {}).items()},
                 values=dict(c.get("values") or {}),
                 play=_card_play(compiled, f"/decks/{di}/cards/{ci}/play", c.get("play")))
            for ci, c in enumerate(d.get("cards") or []))
        decks[d["id"]] = Deck(id=d["id"], name=_text(d.get("name")), cards=cards,
                              shuffle=bool(d.get("shuffle", True)), reshuffle=bool(d.get("reshuffle", False)))
    return decks


def _setup(tree: Mapping[str, Any], compiled: Mapping[str, Callable]) -> Setup:
    """The start of a game: cash, deeds dealt or auctioned, the bank."""
    setup_raw = tree.get("setup") or {}
    deal = setup_raw.get("deal_deeds") or {}
    auction = setup_raw.get("auction_deeds") or {}
    each = deal.get("each")
    return Setup(
        start_cash=read_amount(setup_raw["start_cash"]),
        deal_each=each if each is None or each == "all" else read_amount(each),
        deal_pay=bool(deal.get("pay", False)),
        auction_count=read_amount(auction.get("count") or 0),
        auction_start=(_fn(compiled, "/setup/auction_deeds/start", auction.get("start", 1), 2)
                       if auction else None),
        bank=read_bank(setup_raw.get("bank")))


def _end(tree: Mapping[str, Any], compiled: Mapping[str, Callable]) -> End:
    """How a game ends: its conditions, the round limit, the score and the end vote."""
    end_raw = tree.get("end") or {}
    rank = end_raw.get("condition_rank", "score")
    conditions = []
    for i, w in enumerate(end_raw.get("when") or []):
        if isinstance(w, Mapping):
            conditions.append(EndCondition(_fn(compiled, f"/end/when/{i}/condition", w["condition"], 1),
                                           rank=w.get("rank", rank), id=w.get("id", "condition")))
        else:
            conditions.append(EndCondition(_fn(compiled, f"/end/when/{i}", w, 1), rank=rank))
    vote_raw = end_raw.get("vote")
    return End(
        when=tuple(conditions),
        max_rounds=end_raw.get("max_rounds"),
        score=_fn(compiled, "/end/score", end_raw.get("score", 0), 2),
        condition_rank=rank,
        vote=_vote(compiled, "/end/vote", vote_raw) if vote_raw else None)


def _space_kinds(tree: Mapping[str, Any], compiled: Mapping[str, Callable]) -> tuple[DeclaredKind, ...]:
    """The space kinds the edition declares, with their compiled hooks."""
    return tuple(
        DeclaredKind(id=k["id"], name=_text(k.get("name")), text=_text(k.get("text")),
                     hooks=MappingProxyType({ev: compiled[f"/space_kinds/{i}/on_{ev}"]
                                             for ev in ("land", "pass", "leave", "turn_start")
                                             if k.get("on_" + ev) is not None}),
                     labels={lb: _text(v) for lb, v in (k.get("labels") or {}).items()},
                     values=dict(k.get("values") or {}), deed=k.get("deed"))
        for i, k in enumerate(tree.get("space_kinds") or []))


def _extra_dice(dice: Mapping[str, Any], compiled: Mapping[str, Callable]) -> tuple[ExtraDie, ...]:
    """The edition's own dice (`dice.extra`)."""
    return tuple(
        ExtraDie(id=d["id"], name=_text(d.get("name") or d["id"]), faces=tuple(d["faces"]),
                 when=(_fn(compiled, f"/dice/extra/{i}/when", d["when"], 2) if "when" in d else None))
        for i, d in enumerate(dice.get("extra") or []))


def _symbols(dice: Mapping[str, Any], compiled: Mapping[str, Callable]) -> dict[str, DieSymbol]:
    """The symbols on the faces of the edition's own dice, by id."""
    return {
        s["id"]: DieSymbol(id=s["id"], name=_text(s.get("name") or s["id"]),
                           instead=compiled.get(f"/dice/symbols/{i}/instead"),
                           after=compiled.get(f"/dice/symbols/{i}/after"),
                           labels={k: _text(v) for k, v in (s.get("labels") or {}).items()})
        for i, s in enumerate(dice.get("symbols") or [])}


def _vote(compiled: Mapping[str, Callable], pointer: str, raw: Mapping[str, Any]) -> Vote:
    """A `vote:` section (an end vote or a switch's), compiled."""
    bot = raw.get("bot")
    return Vote(needs=raw.get("needs", "majority"),
                bot=_fn(compiled, pointer + "/bot", bot, 2) if bot is not None else None,
                every=int(raw.get("every") or 1), rank=raw.get("rank", "score"))


def switch_raw(tree: Mapping[str, Any]) -> list:
    """The `switches:` section of a tree (a list, empty when absent)."""
    return list(tree.get("switches") or [])


def build_switch(compiled: Mapping[str, Callable], i: int, raw: Mapping[str, Any], edition: Edition) -> Switch:
    """Switch `i` of the tree, with its switched `edition` (built by playable.py)."""
    return Switch(id=raw["id"], name=_text(raw.get("name") or raw["id"]),
                  overlays=tuple(raw.get("overlays") or ()), edition=edition,
                  when=(_fn(compiled, f"/switches/{i}/when", raw["when"], 1) if raw.get("when") is not None
                        else None),
                  vote=_vote(compiled, f"/switches/{i}/vote", raw["vote"]) if raw.get("vote") else None,
                  empty_treasury=bool(raw.get("empty_treasury", False)))


def _treasury(raw: Any, compiled: Mapping[str, Callable]) -> Treasury | None:
    if not raw:
        return None
    spend = raw.get("spend") or {}
    return Treasury(receives=frozenset(raw.get("receives") or ()), start=int(raw.get("start") or 0),
                    spend_at=spend.get("at"), spend=compiled.get("/rules/treasury/spend/do"))


def _loans(raw: Any) -> Loans | None:
    if not raw:
        return None
    return Loans(unit=int(raw["unit"]), margin=int(raw.get("margin") or 0), interest=int(raw.get("interest") or 0),
                 charged_on=raw.get("charged_on") or "lap", max_units=raw.get("max_units"))


def _supply(supply: Mapping[str, Any] | None) -> dict[str, Amount]:
    """The bank's stock by building kind: `houses`/`hotels` are the default ladder's house and
    hotel kinds, any other key a kind's own id; null: every kind unlimited. An amount may be a
    table by the number of players (per_player.py), read when a game starts."""
    if not supply:
        return {}
    alias = {"houses": "house", "hotels": "hotel"}
    return {alias.get(k, k): read_amount(v) for k, v in supply.items()}


def _fixed(amount: Any) -> int | None:
    """A supply written as one number (None for a table by the number of players)."""
    return amount if isinstance(amount, int) else None


def ladder_steps(buildings: Mapping[str, Any]) -> dict[str, list[dict]]:
    """The edition's ladders as written (`rules.buildings.ladders`: id -> steps), with the
    default ladder `street` (`houses_before_hotel` houses, then a hotel) unless the edition
    writes its own."""
    ladders = {k: list(v) for k, v in (buildings.get("ladders") or {}).items()}
    ladders.setdefault(DEFAULT_LADDER, [{"kind": "house", "count": int(buildings["houses_before_hotel"])},
                                        {"kind": "hotel"}])
    return ladders


def step_cost(group: Mapping[str, Any], step: Mapping[str, Any]) -> int | None:
    """What one level of `step`'s kind costs on a lot of `group` (a raw group map): the group's
    `costs[kind]`, else its `house_cost`/`hotel_cost` for a house/hotel, else the step's own
    `cost`, else the group's house cost; None when none is given (an edition error)."""
    kind = step.get("kind")
    costs = group.get("costs") or {}
    if kind in costs:
        return int(costs[kind])
    if kind == "house" and group.get("house_cost"):
        return int(group["house_cost"])
    if kind == "hotel" and (group.get("hotel_cost") or group.get("house_cost")):
        return int(group.get("hotel_cost") or group["house_cost"])
    if step.get("cost") is not None:
        return int(step["cost"])
    return int(group["house_cost"]) if group.get("house_cost") else None


def group_ladder_id(group: Mapping[str, Any]) -> str | None:
    """The ladder a raw group builds on: its `ladder`, else the default one when it has a
    house cost, else None (not buildable)."""
    if group.get("ladder"):
        return str(group["ladder"])
    return DEFAULT_LADDER if group.get("house_cost") else None


def _group_ladder(group: Mapping[str, Any], ladders: Mapping[str, list[dict]],
                  compiled: Mapping[str, Callable]) -> tuple[Rung, ...]:
    lid = group_ladder_id(group)
    if lid is None:
        return ()
    rungs: list[Rung] = []
    for si, step in enumerate(ladders[lid]):
        cost = step_cost(group, step) or 0
        cond = step.get("allowed_if")
        allowed = _fn(compiled, f"/rules/buildings/ladders/{lid}/{si}/allowed_if", cond, 3) \
            if cond is not None else None
        for k in range(int(step.get("count") or 1)):
            rungs.append(Rung(kind=step["kind"], count=k + 1, cost=cost, owned=step.get("owned") or "all",
                              name=_text(step.get("name")), allowed=allowed, allowed_text=str(cond or ""),
                              refused=_text(step.get("refused"))))
    return tuple(rungs)


def _rent_index(kind: str, ladder: tuple[Rung, ...], rents: int) -> tuple[int, ...]:
    """Building level -> index into the rent table. A street's top level uses the last rent
    (a shorter ladder than the deed's table, e.g. the quick game's hotel after 3 houses, [000]
    deeds kept); other levels, and other deeds' levels, index directly."""
    top = len(ladder)
    if kind == "street" and top:
        return tuple(range(top)) + (max(rents - 1, top),)
    return tuple(range(top + 1))


def covers(value: Any, kind: str, group: Any) -> bool:
    """Does a deed set of the rules (`purchase.compulsory`, `mortgage.unavailable`: true,
    false/absent, or a list of deed kinds and group ids) take in a deed of `kind` in `group`?
    (The caller asks only about deeds.)"""
    if value is True:
        return True
    return isinstance(value, list) and (kind in value or group in value)


def count_rent(g: Any, me: Any, i: int, owner: Any, roll: Any) -> int:
    """The rent of a declared deed kind with `deed: count`: `rent[n - 1]`, `n` the deeds of its
    group `owner` holds (the last entry when `n` is past the table), as a railroad's."""
    table = g.spaces[i].rent
    n = g.owned_in_group(owner, g.spaces[i].group)
    return table[min(n, len(table)) - 1] if n > 0 else 0


def flat_rent(g: Any, me: Any, i: int, owner: Any, roll: Any) -> int:
    """The rent of a declared deed kind with `deed: flat`: the first entry of its rent table."""
    return g.spaces[i].rent[0]


PLAIN_RENTS: Mapping[str, Callable[..., int]] = MappingProxyType({"count": count_rent, "flat": flat_rent})
"""The rent formulas of declared deed kinds, by their `deed:` value."""


def _build_rules(r: Mapping[str, Any], compiled: Mapping[str, Callable],
                 deed_kinds: Mapping[str, str]) -> Rules:
    doubles = r["doubles"]
    auction = r["auction"]
    rent = r["rent"]
    jail = r["jail"]
    b = r["buildings"]
    supply = b.get("supply")
    m = r["mortgage"]
    t = r["trade"]
    bk = r["bankruptcy"]
    rent_formulas = {
        kind: _fn(compiled, f"/rules/rent/{kind}", rent[kind], 5)
        for kind in kinds.DEED_KINDS if kind in rent}
    rent_formulas.update({kind: PLAIN_RENTS[deed] for kind, deed in deed_kinds.items()})
    return Rules(
        turn_order=r["turn_order"],
        doubles_roll_again=bool(doubles["roll_again"]),
        doubles_jail_after=doubles.get("jail_after"),
        salary=_fn(compiled, "/rules/salary", r["salary"], 2),
        purchase_declined=r["purchase"]["declined"],
        auction_start=_fn(compiled, "/rules/auction/start", auction["start"], 2),
        auction_step=int(auction["step"]),
        auction_decliner_may_bid=bool(auction["decliner_may_bid"]),
        auction_bid_limit=auction["bid_limit"],
        auction_unpaid=auction.get("unpaid") or "reauction",
        auction_reask=bool(auction.get("reask", False)),
        rent_formulas=MappingProxyType(rent_formulas),
        rent_claim=rent["claim"],
        rent_jailed_owner_collects=bool(rent["jailed_owner_collects"]),
        jail_fine=int(jail["fine"]),
        jail_fines=tuple((_fn(compiled, f"/rules/jail/fines/{i}/when", f["when"], 3), int(f["fine"]))
                         for i, f in enumerate(jail.get("fines") or ())),
        jail_attempts=int(jail["attempts"]),
        jail_after_attempts=jail["after_attempts"],
        jail_doubles_roll_again=bool(jail["doubles_roll_again"]),
        jail_paid_exit=jail.get("paid_exit") or "normal",
        houses_supply=_fixed(supply.get("houses")) if supply else None,
        hotels_supply=_fixed(supply.get("hotels")) if supply else None,
        supply=MappingProxyType(_supply(supply)),
        houses_before_hotel=int(b["houses_before_hotel"]),
        sell_percent=int(b["sell_percent"]),
        max_per_turn=b.get("max_per_turn"),
        max_per_group_per_turn=b.get("max_per_group_per_turn"),
        build_window=b["window"],
        shortage_auction=bool(b["shortage_auction"]),
        interest_percent=int(m["interest_percent"]),
        rounding=m["rounding"],
        sell_buildings_first=m["sell_buildings_first"],
        transfer_interest=bool(m["transfer_interest"]),
        redeem_at_lap_end=bool(m["redeem_at_lap_end"]),
        bank_buys_percent=m.get("bank_buys_percent"),
        lift_base=m.get("lift_base") or "mortgage",
        hotel_sale=b.get("hotel_sale") or "one_by_one",
        jail_card_after_attempts=bool(jail.get("card_after_attempts", False)),
        doubles_holding=doubles.get("holding") or "jail",
        trade_enabled=bool(t["enabled"]),
        trade_mortgaged=bool(t["mortgaged"]),
        trade_cards=bool(t["cards"]),
        trade_while_in_debt=bool(t["while_in_debt"]),
        trade_window=t["window"],
        trade_parties=t.get("parties", 2),
        between_turns=bool(r.get("between_turns", False)),
        bankruptcy_to_bank=bk["to_bank"],
        bankruptcy_to_player=bk["to_player"],
        final_estate=bk.get("final_estate") or "usual",
        bankruptcy_mortgages=bk.get("mortgages") or "cleared",
        jackpot=(Jackpot(collect_on=r["jackpot"]["collect_on"], sources=frozenset(r["jackpot"]["sources"]),
                         seed=int(r["jackpot"].get("seed") or 0)) if r.get("jackpot") else None),
        intro_reroll=frozenset(r["intro_lap"]["reroll_on"]) if r.get("intro_lap") else None,
        decision_timeout=r.get("decision_timeout") or "default",
        treasury=_treasury(r.get("treasury"), compiled),
        loans=_loans(r.get("loans")),
        rent_public=MappingProxyType({
            kind: _fn(compiled, f"/rules/rent/public/{kind}", f, 5)
            for kind, f in (rent.get("public") or {}).items()}),
        rent_unbought=(_fn(compiled, "/rules/rent/unbought", rent["unbought"], 3)
                       if rent.get("unbought") is not None else None),
        limits=read_limits(r.get("limits")),
    )


def rent_tables(compiled: Mapping[str, Callable], base: str, space: Mapping[str, Any]) -> tuple[RentTable, ...]:
    """The `rent_tables` of the space at pointer `base`, compiled (empty when it has none)."""
    return tuple(RentTable(when=_fn(compiled, f"{base}/rent_tables/{k}/when", t["when"], 4),
                           rent=tuple(t["rent"]),
                           text=_text(t.get("text") or (t["when"] if isinstance(t["when"], str) else "")))
                 for k, t in enumerate(space.get("rent_tables") or ()))


def deck_choices(compiled: Mapping[str, Callable], base: str, space: Mapping[str, Any]) -> tuple[DeckChoice, ...]:
    """The `decks` of the card space at pointer `base`, compiled (empty when it has none)."""
    return tuple(DeckChoice(when=_fn(compiled, f"{base}/decks/{k}/when", d["when"], 3), deck=d["deck"])
                 for k, d in enumerate(space.get("decks") or ()))


def build_roles(raw: Any) -> Roles | None:
    """The `roles` section as a `Roles`, or None when the edition declares none."""
    if not raw:
        return None
    return Roles(list=tuple(Role(id=r["id"], name=_text(r.get("name") or r["id"])) for r in raw["list"]),
                 assign=raw.get("assign", "choose"), balance=raw.get("balance", "even"))
