"""The game: a thin front that wires the mechanisms onto the state.

A `Game` is a `GameState` (state.py: everything a game holds) whose methods are the
procedures of the mechanism modules, one module per mechanism (docs/architecture.md has the
map). It is a function of (edition, seed, decisions): it throws dice from its own seeded
generator, shuffles decks with it, and asks every choice through `ask()` (asking.py), which
records the answers (for saves) and can replay them. It implements the DSL's `GameRuntime`
(engine/dsl/runtime.py): compiled card effects and formulas call these methods.

Mechanism modules call each other through this front (`g.pay(...)`), so none imports another
procedure module that could import it back; the modules that never ask a decision (state,
ledger, holdings, events, decisions) are imported directly.

Rule sources are cited as in ../shared/rules/classic.md: [000] is the Russian rule book.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..edition.model import Edition
from ..errors import GameError
from . import (
    asking,
    bank,
    between_turns,
    buildings,
    buying,
    cards,
    choices,
    debt,
    deeds,
    edition_actions,
    ending,
    forks,
    holdings,
    invariants,
    jail,
    ledger,
    limits,
    loans,
    manage,
    mortgages,
    movement,
    rent,
    roles,
    start,
    switches,
    trades,
    treasury,
    turn,
)
from .decisions import Agent
from .events import EventLog
from .landing import land, wire_spaces
from .state import GameState

_EVERY_WINDOW: Final = frozenset({"before_roll", "after_landing"})
_NO_HINTS: Final[frozenset[str]] = frozenset()


class Game(GameState):
    """One game of an edition.

    `players` is a list of (name, agent) in seat order. `seed` drives dice, shuffles and the
    bots' randomness. Test hooks: `dice` (e.g. `ForcedDice`), `first` (seat that starts,
    skipping the order roll), `deal=False` (skip dealing/auctioning deeds at setup).
    `log` receives events (None: no events are built, for speed). `record=True` keeps every
    answer in `self.answers` (for saves); `replay` is a list of recorded answers to give
    before asking agents live: bots are still asked (their answers dropped) so that their own
    state moves on as in the recorded game; `on_replay_done()` is called once, as the last
    recorded answer is given. `start=False` leaves the set-up (which may ask decisions) to a
    later `start()`. `check_invariants=True` checks the invariants after every turn
    (raises `GameError` naming the broken one). `max_rounds` overrides the edition's round limit
    (`end.max_rounds`); a game that reaches the limit ends with reason 'round_limit'.
    Raises `GameError` for a number of players the edition does not allow."""

    __slots__ = ()

    def __init__(self, edition: Edition, players: Sequence[tuple[str, Agent]], seed: int = 0, *,
                 dice: Any = None, first: int | None = None, deal: bool = True,
                 log: EventLog | None = None, record: bool = False,
                 replay: Sequence[Any] | None = None, check_invariants: bool = False,
                 max_rounds: int | None = None,
                 on_replay_done: Callable[[], None] | None = None, start: bool = True):
        if not edition.players_min <= len(players) <= edition.players_max:
            raise GameError(f"{edition.id} is for {edition.players_min} to {edition.players_max} "
                            f"players, not {len(players)}")
        super().__init__(edition, [name for name, _ in players], [agent for _, agent in players], seed,
                         dice=dice, first=first, deal=deal, log=log, record=record, replay=replay,
                         check_invariants=check_invariants, max_rounds=max_rounds,
                         on_replay_done=on_replay_done)
        wire_spaces(self)
        # people are asked in every window, between turns too where the edition has it (their
        # front end answers done there unless the person asked for it), so that a save made at
        # one front end replays at another
        people = _EVERY_WINDOW | {"between_turns"} if self.rules.between_turns else _EVERY_WINDOW
        self.agent_windows = [a.windows(self) if hasattr(a, "windows")
                              else people if getattr(a, "human", False) else _EVERY_WINDOW
                              for a in self.agents]
        self.wants_before_roll = ["before_roll" in w for w in self.agent_windows]
        # a save records every answer, so a recorded game asks every window; so does a replayed one
        # (the recorded answers are those of the decisions asked), to its end
        self.agent_idle = [None if record or replay else getattr(a, "idle", None) for a in self.agents]
        # (the same for the decisions an agent answers with their hint: asked when recorded or replayed)
        self.agent_hints = [_NO_HINTS if record or replay else getattr(a, "takes_hints", _NO_HINTS)
                            for a in self.agents]
        between_turns.wire(self)
        if start:
            self.start()

    # the start, the turn machine, decisions
    start = start.start             # the name is the module's until here
    assign_roles = roles.assign_roles
    play = turn.play
    play_turn = turn.play_turn
    from_the_throw = turn.from_the_throw
    ask = asking.ask
    # movement, landing, jail
    move_by = movement.move_by
    move_to = movement.move_to
    nearest = movement.nearest
    roll = movement.roll
    space_ahead = movement.space_ahead
    land = land
    go_to_jail = jail.go_to_jail
    go_to_holding = jail.go_to_holding
    # cards and flags
    draw = cards.draw
    keep_card = cards.keep_card
    return_card = cards.return_card
    set_flag = cards.set_flag
    clear_flag = cards.clear_flag
    has_flag = cards.has_flag
    use_flag = cards.use_flag
    add_counter = cards.add_counter
    clear_counter = cards.clear_counter
    counter = cards.counter
    holds = cards.holds
    playable = cards.playable
    play_card = cards.play_card
    rent_play = cards.rent_play
    roll_play = cards.roll_play
    rent_due = rent.rent_due
    discard_kept = cards.discard_kept
    cards_in = cards.cards_in
    bot_play = cards.bot_play
    # choices and offers of the DSL
    choose = choices.choose
    pick = choices.pick
    auction_deed = buying.auction_deed
    offer_buy = buying.offer_buy
    release = jail.release_by_effect
    # money: the ledger, debt and bankruptcy
    bank_pays = ledger.bank_pays
    pay = debt.pay
    pay_each_other = debt.pay_each_other
    collect_each_other = debt.collect_each_other
    liquidation_value = debt.liquidation_value
    raise_funds = debt.raise_funds
    default_raise_action = debt.default_raise_action
    bankrupt = debt.bankrupt
    # the treasury and bank loans
    pay_treasury = treasury.pay_treasury
    treasury_pays = treasury.treasury_pays
    loan_problem = loans.loan_problem
    take_loan = loans.take_loan
    repay_problem = loans.repay_problem
    repay_loan = loans.repay_loan
    loan_capacity = loans.loan_capacity
    # rule switches and votes
    propose_problem = switches.propose_problem
    propose = switches.propose
    # deeds, buying and auctions
    set_owner = deeds.set_owner
    transfer_deed = deeds.transfer_deed
    return_deed = deeds.return_deed
    owns_group = deeds.owns_group
    bank_sale_value = deeds.bank_sale_value
    sell_deed_problem = deeds.sell_deed_problem
    sell_deed = deeds.sell_deed
    offer_purchase = buying.offer_purchase
    auction = buying.auction
    cap_problem = limits.cap_problem
    bidding = buying.bidding
    # mortgages
    interest = mortgages.interest
    unmortgage_cost = mortgages.unmortgage_cost
    mortgage_problem = mortgages.mortgage_problem
    unmortgage_problem = mortgages.unmortgage_problem
    mortgage = mortgages.mortgage
    unmortgage = mortgages.unmortgage
    redeem_at_lap_end = mortgages.redeem_at_lap_end
    # buildings
    group_levels = buildings.group_levels
    build_problem = buildings.build_problem
    build_stamp = buildings.build_stamp
    next_rung = buildings.next_rung
    request_building = buildings.request_building
    building_spots = buildings.building_spots
    build = buildings.build
    offer_build = buildings.offer_build
    sell_problem = buildings.sell_problem
    sell_value = buildings.sell_value
    sell_building = buildings.sell_building
    building_refund = buildings.building_refund
    return_buildings = buildings.return_buildings
    sell_all = buildings.sell_all
    # the manage window, trades, edition actions
    before_roll_window = manage.before_roll_window
    legal_actions = manage.legal_actions
    closed_actions = manage.closed_actions
    deed_problems = manage.deed_problems
    check_action = manage.check_action
    apply_action = manage.apply_action
    _carry_out = manage.carry_out
    offer_window = manage.offer_window
    manage = manage.manage          # last: the name is the module's until here
    trade_window_problem = trades.trade_window_problem
    trade_problem = trades.trade_problem
    propose_trade = trades.propose_trade
    between_turns = between_turns.between_turns
    action_problem = edition_actions.action_problem
    action_ready = edition_actions.action_ready
    run_action = edition_actions.run_action
    # the end
    check_end = ending.check_end
    ends_now = ending.ends_now
    finish_after_bankruptcy = ending.finish_after_bankruptcy
    finish_richest = ending.finish_richest
    check_invariants = invariants.check_invariants
    # forks for rollouts (the view's one way to step a game)
    fork = forks.fork
    stop_turn = forks.stop_turn
    manage_with = forks.manage_with
    # what players hold (the read side of the DSL runtime)
    houses_of = holdings.houses_of
    hotels_of = holdings.hotels_of
    built_of = holdings.built_of
    building_on = holdings.building_on
    deeds_of = holdings.deeds_of
    deed_prices = holdings.deed_prices
    mortgaged_prices = holdings.mortgaged_prices
    building_costs = holdings.building_costs
    industries = holdings.industries
    monopolies = holdings.monopolies
    net_worth = holdings.net_worth
    bank_cash = bank.bank_cash
    owned_in_group = holdings.owned_in_group
    completes_group = holdings.completes_group
    rent_level = holdings.rent_level
    rent_table = holdings.rent_table
    group_mortgaged = holdings.group_mortgaged
    group_built = holdings.group_built
    built_in_group = holdings.built_in_group
    group_size = holdings.group_size
    max_net_worth = holdings.max_net_worth
    max_cash = holdings.max_cash
    min_cash = holdings.min_cash
    max_laps = holdings.max_laps
    min_laps = holdings.min_laps
    group_ids = holdings.group_ids
    spaces_of = holdings.spaces_of
    ahead = holdings.ahead
    unowned_deeds = holdings.unowned_deeds
