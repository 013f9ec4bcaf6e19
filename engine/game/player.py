"""A player's state during a game."""

from __future__ import annotations

from typing import Any, Final

from .decisions import NO_CALM, Calm

NO_WAKE: Final = (1 << 30) - 1
"""A `Player.wake` no cash of a real game reaches: `Quiet(NO_WAKE)` passes between turns until the
player's deeds, buildings or mortgages change (decisions.Quiet). The largest int of one 30-bit
digit, so that CPython compares it with cash on its fast path (1 << 62 took the slow one on every
credit and window); a cash past it would only end the promise early, and the engine may always
ask `idle` again (docs/agents.md): the same game."""

WOKEN: Final = -NO_WAKE
"""`Player.wake` when the agent is not quiet until a cash level: every cash reaches it (cash is
never negative, invariants.py). One 30-bit digit, as NO_WAKE."""


class Player:
    """One seat at the table.

    `cash` is integer money; `pos` the board index of the token; `deeds` the set of board
    indices whose title deeds the player holds; `held_cards` the cards kept out of their decks
    (get out of jail free), as (deck id, card id); `flags` maps a flag name to its lifetime
    ('used' or 'end_of_turn'). `jail_attempts` counts failed rolls in jail; `free_next_turn`
    marks a player who leaves jail at the start of the next turn (three-cell jail). `held` is
    the holding space the player is (or was last) held in: `jail`, or an id of `rules.holdings`.
    `version` changes whenever the player's deeds, buildings, mortgages or loans do (bots cache on
    it; moved only by changes.holdings_changed);
    `groups[g]` counts the deeds the player holds in group `g`.
    `intro` is true while the player is on the introductory lap (editions with one).
    `laps` counts the laps completed (salaries received); `loans` the bank loans not repaid,
    one item per unit: the deeds pledged for it (loans.py). `wake`: the agent said it passes
    between turns while the player's cash is below `wake` (decisions.Quiet(cash); QUIET is NO_WAKE
    until a deed changes hands, between_turns.py); WOKEN when it did not, or when that ended:
    where `version` moves, where a deed changes hands for a QUIET one, and in a manage window
    consulted with `wake` or more. `bit`: `1 << seat` when the agent is asked between turns (0:
    it is not), the player's bit in `GameState.between_awake`, set where its quiet may end;
    `rest` is `~bit` (the turn loop's test of whether anyone else is to be looked at).
    `holdings_bit`: the bit a change of its buildings, mortgages, loans or deeds sets there:
    `bit`, but 0 while its agent's `Quiet(cash, whole=True)` holds, which only its whole groups
    end among its holdings (changes.deed_changed).
    `calm`: the agent's promise to pass in its own manage windows (decisions.Calm; NO_CALM: none,
    manage.py). `role`: the player's role id (editions with `roles`, roles.py), else None."""

    __slots__ = ("seat", "name", "cash", "pos", "in_jail", "jail_attempts", "free_next_turn",
                 "alive", "deeds", "held_cards", "flags", "doubles", "intro",
                 "built_this_turn", "built_groups", "actions_used", "kind", "version", "groups",
                 "laps", "loans", "wake", "bit", "rest", "holdings_bit", "calm", "held",
                 "role")

    def __init__(self, seat: int, name: str, cash: int, kind: str = "bot", n_groups: int = 0):
        self.seat = seat
        self.name = name
        self.cash = cash
        self.pos = 0
        self.in_jail = False
        self.jail_attempts = 0
        self.free_next_turn = False
        self.alive = True
        self.deeds: set[int] = set()
        self.held_cards: list[tuple[str, str]] = []
        self.flags: dict[str, str] = {}
        self.doubles = 0
        self.intro = False
        self.built_this_turn = 0
        self.built_groups: dict[str, int] = {}
        self.actions_used: dict[str, int] = {}
        self.kind = kind
        self.version = 0     # bumped when this player's deeds, buildings or mortgages change
        self.groups = [0] * n_groups   # deeds held, by group index
        self.laps = 0
        self.loans: list[tuple[int, ...]] = []
        self.wake = WOKEN    # Quiet(cash) between turns: quiet while cash < wake (WOKEN: not quiet)
        self.bit = 0         # 1 << seat when asked between turns (between_turns.wire)
        self.rest = -1       # ~bit: every seat's bit but its own
        self.holdings_bit = 0  # the bit a change of its holdings sets: `bit`, 0 in a whole quiet
        self.calm: Calm = NO_CALM   # the agent's promise for its own manage windows (none)
        self.held = "jail"   # the holding space in_jail refers to (jail.py)
        self.role: str | None = None  # the role id given at the start (roles.py); None: no roles

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        """A copy of this player (for a game's fork, state.GameState.copy_from): every field, its
        containers new (their items are numbers, strings and tuples of them, so a shallow copy of
        each is a deep one). Written out rather than left to `copy`'s generic way, which the
        compiled build cannot take (the compiled class runs `__init__` in `__new__`)."""
        q = Player(self.seat, self.name, self.cash, self.kind)
        memo[id(self)] = q
        q.pos = self.pos
        q.in_jail = self.in_jail
        q.jail_attempts = self.jail_attempts
        q.free_next_turn = self.free_next_turn
        q.held = self.held
        q.alive = self.alive
        q.deeds = set(self.deeds)
        q.held_cards = list(self.held_cards)
        q.flags = dict(self.flags)
        q.doubles = self.doubles
        q.intro = self.intro
        q.built_this_turn = self.built_this_turn
        q.built_groups = dict(self.built_groups)
        q.actions_used = dict(self.actions_used)
        q.version = self.version
        q.groups = list(self.groups)
        q.laps = self.laps
        q.loans = list(self.loans)
        q.wake = self.wake
        q.bit = self.bit
        q.rest = self.rest
        q.holdings_bit = self.holdings_bit
        q.calm = NO_CALM     # the fork's agents are others: they are asked again
        q.role = self.role
        return q

    def __repr__(self) -> str:
        return f"Player({self.seat}, {self.name!r}, cash={self.cash}, pos={self.pos})"
