"""The basic bot's valuations: the cash reserve it keeps, what a deed is worth to a player, how
far the game is (deeds nobody holds), and the groups a player's counts give (`Valuation`, the
first class of the bot's chain: valuation, trading, building, the manage windows, answers).
All money is integer units of the edition's currency."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from .board import Lots, board_of

if TYPE_CHECKING:
    from ...edition.model import Group
    from ...game.game import Game
    from ...game.player import Player


class Memo:
    """One value the bot worked out for a game, with what it read: `board` the game's `owner`
    list (a key that holds no reference to the game, so no cycle keeps games alive), `version`
    the game's counter it follows (-1: none yet), `rules` the rules it read (None: none);
    `value` the answer. Filled in place (`Valuation._reserve`, `Valuation._unowned`)."""

    __slots__ = ("board", "version", "rules", "value")

    def __init__(self) -> None:
        self.board: object = None
        self.version = -1
        self.rules: object = None
        self.value = 0


class GroupsMemo:
    """`Board.of_counts`'s last answer for the bot (`Valuation._groups_of`): `board` the game's
    `owner` list, `counts` a copy of the player's group counts asked for, `answer` its answer."""

    __slots__ = ("board", "counts", "answer")

    def __init__(self) -> None:
        self.board: object = None
        self.counts: Sequence[int] | None = None
        self.answer: tuple[tuple[Group, ...], tuple[Lots, ...]] = ((), ())


class Valuation:
    """The valuations of the basic bot (see the module docstring); `seed` drives its (rare)
    random choices, `name` labels it, `claim_attention` is the share of rents it claims."""

    def __init__(self, seed: int = 0, name: str = "basic", claim_attention: float = 1.0) -> None:
        self._seed = seed
        self._rng: random.Random | None = None   # made on first use (`rng`): seeding costs ~26,000 instructions
        self.name = name
        self.claim_attention = claim_attention   # the share of rents it claims (rent-must-be-claimed)
        self._res = Memo()        # the reserve, keyed on the rules and buildings_version
        self._free = Memo()       # the deeds nobody holds, keyed on the deeds version
        self._gc = GroupsMemo()   # the groups of the player's counts

    @property
    def rng(self) -> random.Random:
        """The bot's generator, `random.Random(seed)`, made when first asked for: most games
        never draw from it (only a rent claimed with `claim_attention` below 1 does)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return rng

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
        the state's `houses`/`hotels` setters bump it too)."""
        c = self._res
        if c.version == game.buildings_version and c.board is game.owner and c.rules is game.rules:
            return c.value
        res = self.reserve(game)
        if self.RESERVE_BY_STOCK:
            c.board, c.version, c.rules, c.value = game.owner, game.buildings_version, game.rules, res
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

    def _unowned(self, game: Game) -> int:
        """How many deeds nobody holds yet (memoised on the deeds version)."""
        c = self._free
        if c.board is not game.owner or c.version != game.deeds_version:
            c.board, c.version = game.owner, game.deeds_version
            c.value = game.owner.count(None) - board_of(game.ed).non_deeds   # (a space that is no deed has no owner)
        return c.value

    def _groups_of(self, game: Game, p: Player) -> tuple[tuple[Group, ...], tuple[Lots, ...]]:
        """`board_of(game.ed).of_counts(p.groups)`, kept on the bot while the counts are the same
        (they change only with `p`'s deeds)."""
        c = self._gc
        if c.counts == p.groups and c.board is game.owner:
            return c.answer
        r = board_of(game.ed).of_counts(p.groups)
        c.board, c.counts, c.answer = game.owner, p.groups[:], r
        return r
