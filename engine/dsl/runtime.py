"""The interface between compiled DSL code and the game: what generated code may call.

Compiled effects and formulas are plain Python functions generated from the checked DSL tree.
They receive the game object `g` and call only the members listed in `GameRuntime` (and read
the attributes listed in `PlayerRuntime` and `SpaceModel`). The engine's `Game` implements this
protocol; tests of the DSL use a small fake that does too. Nothing else is reachable from DSL
code: no Python builtins, no modules, no attributes beyond these.

Conventions:
- money is `int`, in units of the edition's currency;
- a space is its board index (`int`, 0 = first space in the edition's `board` list);
- a player is a `PlayerRuntime` object; "no player" is `None`;
- the bank is `None` wherever a payer or payee is expected;
- a roll is a `Roll`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol


class Roll(NamedTuple):
    """One throw of `len(dice)` dice. `total` is their sum; `doubles` is true when there are at
    least two dice and all show the same face.

    A move's throw with the edition's own dice (`dice.extra`) has them last: `extra` says how
    many, `faces` what each showed (a number, or the id of a symbol, which counts 0 in `dice`
    and `total`), and `doubles` looks at the base dice only."""

    dice: tuple[int, ...]
    total: int
    doubles: bool
    faces: tuple[int | str, ...] = ()
    extra: int = 0

    @property
    def base_total(self) -> int:
        """The sum of the base dice (`dice.count`), without the edition's own dice."""
        return sum(self.dice[:len(self.dice) - self.extra]) if self.extra else self.total


class PlayerRuntime(Protocol):
    """The attributes of a player that compiled code reads directly."""

    seat: int          # 0-based table seat (not the place in the order of play)
    cash: int          # money in hand
    pos: int           # board index of the token
    in_jail: bool
    alive: bool        # False once bankrupt
    laps: int          # laps completed (salaries received)
    loans: list        # the bank loans not yet repaid (one item per unit)
    role: str | None   # the player's role id (None: the edition declares no roles)


class SpaceModel(Protocol):
    """The static facts of a board space (from the edition; never change during a game)."""

    index: int
    id: str
    kind: str                 # a built-in kind (engine/kinds.py SPACE_KINDS) or a declared one
    group: str | None         # group id, for deeds
    price: int                # printed price (0 when not a deed)
    mortgage: int             # mortgage value (0 when not a deed)
    rent: tuple[int, ...]     # the deed's rent table (streets: by level; railroads/utilities: by count owned)
    house_cost: int           # the group's house cost (0 when not buildable)
    hotel_cost: int


# A rent override: called with the normal rent (already computed for the landing) and returns
# the rent to charge. Called only when rent is actually due.
# A compiled override carries `needs_rent` (bool): False when it ignores the normal rent
# (`with rent = 10 * roll(2).total`); the engine may then call it with 0 instead of computing the
# normal rent, so no dice are thrown for a rent that is not used.
RentOverride = Callable[[int], int]


class GameRuntime(Protocol):
    """What compiled DSL code may call on the game object `g`."""

    spaces: Sequence[SpaceModel]
    """Static board facts, by index."""

    owner: list  # list[PlayerRuntime | None], by space index
    level: list  # list[int], by space index: 0..houses_before_hotel houses, then hotel
    mortgaged: list  # list[bool], by space index
    round: int
    """1-based number of the current round (a round = every player once)."""

    # ---- money (all amounts are int >= 0; negative amounts are a GameError) ----
    def pay(self, payer: PlayerRuntime, payee: PlayerRuntime | None, amount: int, reason: str) -> None:
        """`payer` pays `amount` to `payee` (None = the bank). If the payer lacks the cash, they
        raise it (sell, mortgage) or go bankrupt to the payee, as the rules say. `reason` is a
        short tag for the event log and house rules: 'card', 'tax', 'rent', 'fine', 'action'."""

    def pay_treasury(self, payer: PlayerRuntime, amount: int, reason: str) -> None:
        """`payer` pays `amount` into the treasury (raising it or going bankrupt to the
        bank when short, as `pay`). Raises `GameError` in an edition without a treasury."""

    def treasury_pays(self, payee: PlayerRuntime | None, amount: int, reason: str) -> None:
        """The treasury pays `amount` to `payee` (None: the bank). Raises `GameError` when it
        holds less."""

    treasury: int      # the money in the treasury

    def pay_each_other(self, payer: PlayerRuntime, amount: int, reason: str) -> None:
        """`payer` pays `amount` to every other player still in the game, in seat order."""

    def collect_each_other(self, payee: PlayerRuntime, amount: int, reason: str) -> None:
        """Every other player still in the game pays `amount` to `payee`, in seat order."""

    # ---- movement ----
    def move_to(self, p: PlayerRuntime, space: int, *, forward: bool = True,
                salary: int | None = None, rent: RentOverride | None = None,
                dice: Callable[[], Roll] | None = None) -> None:
        """Move `p`'s token to `space` and resolve the landing (buy/auction, rent, card, tax...).
        `forward=True`: the token travels forward and passing or reaching the start space
        completes a lap (salary). `forward=False`: it travels backwards; no lap.
        `salary`: None = the edition's normal lap settlement; an int = pay exactly this instead
        of the salary for a lap completed on this move (the lap still counts as completed).
        `rent`: if rent is due on landing, charge `rent(normal_rent)` instead.
        `dice`: a function returning the roll the rent formula sees as `roll`, called only if
        rent is due (default: the roll that moved the player)."""

    def move_by(self, p: PlayerRuntime, steps: int, *, salary: int | None = None,
                rent: RentOverride | None = None, dice: Callable[[], Roll] | None = None) -> None:
        """Move `p` by `steps` spaces (negative = backwards; no lap when moving backwards) and
        resolve the landing, as `move_to`."""

    def nearest(self, p: PlayerRuntime, kind: str | None = None, group: str | None = None) -> int:
        """The index of the first space ahead of `p` (not counting its own space) of `kind`
        or in `group`. The DSL checker guarantees such a space exists."""

    def go_to_jail(self, p: PlayerRuntime) -> None:
        """Send `p` straight to jail: no lap, no salary; ends their turn."""

    def go_to_holding(self, p: PlayerRuntime, holding: str) -> None:
        """Send `p` straight to the holding space `holding` (`jail` or an id of `rules.holdings`),
        held there as in jail: no lap, no salary; ends their turn."""

    # ---- cards and dice ----
    def keep_card(self, p: PlayerRuntime, card: str, use: str) -> None:
        """`p` keeps the card being resolved (out of its deck) for `use` ('get_out_of_jail')."""

    def draw(self, p: PlayerRuntime, deck: str) -> None:
        """`p` draws the top card of `deck` and resolves it."""

    def roll(self, n: int) -> Roll:
        """Throw `n` dice (the edition's die size). Not a movement throw: it gives no extra turn
        and does not count towards doubles."""

    # ---- flags and counters on players and spaces (a space is its index) ----
    def set_flag(self, p: PlayerRuntime | int, name: str, until: str, count: int = 0) -> None:
        """Set flag `name` on player or space `p`. `until` is 'used' (until `use_flag`
        consumes it), 'end_of_turn' (cleared when the current turn ends), 'next_move' (cleared
        when `p` next moves, or when the turn ends), or 'turns' / 'rounds' / 'laps' with
        `count` >= 1: cleared after that many turns of the flagged player (of any player for a
        space), rounds, or laps completed by the flagged player."""

    def clear_flag(self, p: PlayerRuntime | int, name: str) -> None: ...

    def has_flag(self, p: PlayerRuntime | int, name: str) -> bool: ...

    def use_flag(self, p: PlayerRuntime | int, name: str) -> bool:
        """True if `p` has flag `name`; the flag is removed."""

    def add_counter(self, p: PlayerRuntime | int, name: str, amount: int) -> None:
        """Add `amount` (may be negative) to counter `name` of player or space `p`."""

    def clear_counter(self, p: PlayerRuntime | int, name: str) -> None:
        """Set counter `name` of `p` back to 0."""

    def counter(self, p: PlayerRuntime | int, name: str) -> int:
        """The value of counter `name` of `p` (0 when never added to)."""

    # ---- choices, offers, jail ----
    def choose(self, p: PlayerRuntime, options: list[str], hint: str | None,
               source: str) -> str | None:
        """Ask `p` to pick one of `options` (labels, in the order written; only those whose
        `when` holds) as a `choice` decision; `hint` is the label a bot takes (the first whose
        `bot` hint holds; None: the first option). `source` is the id of the card or action,
        whose `labels:` give the texts humans see. Returns the label, or None when `options`
        is empty. One option is taken without asking."""

    def offer_buy(self, p: PlayerRuntime, space: int, price: int) -> None:
        """If deed `space` has no owner, offer `p` to buy it at `price` (a `buy` decision);
        declining leaves it with the bank (no auction)."""

    def space_ahead(self, p: PlayerRuntime, steps: int) -> int:
        """The space `steps` ahead of `p`'s token (behind it when negative), round the board."""

    def auction_deed(self, p: PlayerRuntime, space: int) -> None:
        """If deed `space` has no owner, the bank auctions it (bidding starts after `p`)."""

    def pick(self, p: PlayerRuntime, pairs: Iterable[tuple[Any, int]], source: str) -> int | None:
        """Ask `p` to pick one of the spaces of `pairs` ((bot value, space), in set order) as a
        `pick` decision; bots take the space of the largest value (the first on ties). `source`
        is the card, action or kind of space asking. Returns the space, None when there is
        none; one space is taken without asking."""

    def release(self, p: PlayerRuntime) -> None:
        """`p` leaves jail or the holding space it is held in (staying on its space); nothing if
        `p` is not held."""

    def holds(self, p: PlayerRuntime, use: str) -> int:
        """How many kept cards of `use` `p` holds."""

    def discard_kept(self, p: PlayerRuntime, use: str) -> None:
        """`p` loses every card it keeps for `use`, out of the game."""

    def rent_due(self, p: PlayerRuntime, space: int) -> int:
        """The rent `p` would pay on landing on `space` now (0 when none is due)."""

    def cards_in(self, deck: str) -> int:
        """How many cards are left to draw in `deck`."""

    def unowned_deeds(self) -> int:
        """How many deeds nobody owns (the bank holds them)."""

    def built_of(self, p: PlayerRuntime, kind: str) -> int:
        """How many buildings of `kind` (a kind of the edition's ladders) are on `p`'s deeds."""

    # ---- sets for loops and filters ----
    def group_ids(self) -> Sequence[str]:
        """The edition's group ids, in edition order."""

    def spaces_of(self, kind: str | None) -> Sequence[int]:
        """Board indices in board order: every space (None), the spaces with a title deed
        ('deed'), or the spaces of a kind."""

    def ahead(self, p: PlayerRuntime, kind: str | None = None) -> Iterable[int]:
        """Every board index (None), the spaces with a title deed ('deed') or the spaces of a
        kind, in the order met moving forward from `p`'s space (its own space last); iterated
        once."""

    # ---- property ----
    def offer_build(self, p: PlayerRuntime, cost: Callable[[int], int]) -> None:
        """Offer `p` to build one house on a lot where a house is legal now, at `cost(space)`
        instead of the house cost; `p` may decline. Does not count towards per-turn limits."""

    def transfer_deed(self, space: int, to: PlayerRuntime) -> None:
        """Give the title deed of `space` (with its mortgage, if any) to `to`."""

    def return_deed(self, space: int) -> None:
        """The title deed of `space` goes back to the bank, free of mortgage and buildings."""

    # ---- queries on players ----
    def others(self, p: PlayerRuntime) -> list:
        """The other players still in the game, in seat order starting after `p`."""

    def alive_players(self) -> list:
        """The players still in the game, in seat order."""

    def houses_of(self, p: PlayerRuntime) -> int: ...
    def hotels_of(self, p: PlayerRuntime) -> int: ...
    def deeds_of(self, p: PlayerRuntime) -> int:
        """Number of title deeds `p` owns."""
    def deed_prices(self, p: PlayerRuntime) -> int:
        """Sum of the printed prices of `p`'s deeds, mortgaged or not."""
    def mortgaged_prices(self, p: PlayerRuntime) -> int:
        """Sum of the printed prices of `p`'s mortgaged deeds."""
    def building_costs(self, p: PlayerRuntime) -> int:
        """What `p`'s buildings cost to buy (a hotel counts with the houses it replaced)."""
    def industries(self, p: PlayerRuntime) -> int:
        """Number of groups in which `p` owns at least one deed (mortgaged or not)."""
    def monopolies(self, p: PlayerRuntime) -> int:
        """Number of groups `p` owns whole."""
    def net_worth(self, p: PlayerRuntime) -> int:
        """The edition's score formula (`end.score`) for `p`."""
    def owned_in_group(self, p: PlayerRuntime, group: str) -> int:
        """How many deeds of `group` `p` owns."""
    def completes_group(self, p: PlayerRuntime, space: int) -> bool:
        """Would owning `space` give `p` the whole group of `space`?"""

    # ---- queries for rent formulas ----
    def rent_level(self, space: int) -> int:
        """Index into the deed's rent table for streets: the number of houses, or the last
        index of the table when the lot has a hotel."""
    def rent_table(self, space: int, payer: Any, owner: Any) -> tuple[int, ...]:
        """The deed's rent list: of its `rent_tables` the first whose `when` holds, else its
        `rent`."""
    def group_mortgaged(self, space: int) -> bool:
        """Is any lot of the group of `space` mortgaged?"""
    def group_built(self, space: int) -> bool:
        """Has any lot of the group of `space` a building?"""
    def group_size(self, space: int) -> int: ...

    # ---- game-level queries for end conditions ----
    bankruptcies: int
    """Players gone bankrupt so far."""
    def max_net_worth(self) -> int: ...
    def max_cash(self) -> int: ...
    def min_cash(self) -> int: ...
    def max_laps(self) -> int: ...
    def min_laps(self) -> int: ...
    start_cash: int
    """The cash each player started with (`setup.start_cash` for the game's number of players)."""

    def landed(self) -> int | None:
        """The space where the current player's last move this turn ended, or None."""
