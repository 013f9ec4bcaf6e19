"""The read-only view of a game that agents and front ends read: `GameView` and `PlayerView`.

An agent's `decide(game, decision)` receives the game itself; agents (engine/agents) and the
front ends' renderers (cli/) read the game through these protocols' names only. Typed against
them, `mypy --strict` refuses a name the view does not offer and any assignment to one (every
member is a read-only property or a query method); tests/agents/test_view.py refuses, by the
source, a read of any other name of the game in engine/agents and cli/web/view.py, and any write
through a game or player there. The view costs nothing at run time (the game is its own view:
`Game` has every name, which `_conforms` checks with mypy); a wrapper object with a property per
name costs about seven times a plain read, which the bots' hot paths cannot afford.

The basic bot, compiled with mypyc for simulations, is annotated with the concrete `Game` and
`Player` instead (and so are the bots that subclass it or hand it the game): mypyc reads a field
of a native class directly but a protocol's member through the generic attribute lookup, which
cost about a fifth of a compiled turn of four basic bots. The view stays its contract: it reads
the view's names only and writes nothing, which the source check holds it to.

What the view offers:
- the edition: `ed` (spaces, groups, decks, ladders, actions, switches), `rules`, `spaces`, `n`
  (the number of spaces);
- the seats: `players` in seat order, `order` the order of play, `turn_idx` the index in it of
  the player whose turn it is, `current` that player (None before the first turn);
- the board: `owner[i]` (None: the bank), `level[i]` (0 .. the top rung of the space's ladder),
  `mortgaged[i]`, by space index;
- the bank: `stock[kind]` the buildings of each kind left in its supply (a kind absent:
  unlimited), `houses`/`hotels` the default ladder's two (None: unlimited), `hotel_level` the
  level of a hotel, `start_cash` the cash each player started with (integer money);
- the decks' known state: each player's kept cards (`PlayerView.held_cards`), `cards_in(deck)`
  the cards left to draw, `discards[deck]` the discard pile of a reshuffled deck (cards seen,
  oldest first), `removed_cards` the (deck, card) out of the game; `card_plays` the kept cards
  that can be played, by card id;
- progress: `turns` (player turns so far), `round`, `max_rounds` the round cap (None: none),
  `over`, `winners`, `end_reason`; `replaying` while a resumed game gives its recorded answers;
- cache keys, each a counter that moves whenever what it names changes: `deeds_version` (who
  holds which deed), `buildings_version` (the buildings on the board and in the bank);
  `PlayerView.version` (that player's deeds, buildings, mortgages and loans); `owner` is the
  same list object for the whole game, so `view.owner is key` tells one game from another
  without holding a reference to the game;
- queries, the engine's own answers: why an action would be refused (`build_problem`,
  `trade_problem`, `sell_deed_problem`, `action_problem`, `propose_problem`; None: allowed),
  `action_ready`, `unmortgage_cost`, `bank_sale_value`, `completes_group`, `owned_in_group`,
  `net_worth`, `others`, `default_raise_action` (the engine's liquidation order), `bot_play`
  (a kept card's bot hint), `trade_window_problem`, `closed_actions` (the actions on a player's
  deeds not open now, each with why), `interest`, `next_rung`, `sell_value`,
  `building_refund`, `deed_problems` (each action on each of a player's deeds with the deed's
  own reason, the browser's deed panel); `holding_of(view, p)` the holding space a player is
  held in, `action_targets(view, action)` the targets of an edition action, `rent_formula(view, i)` the
  rent an owned deed's formula gives now and `rent_at(view, i, level)` the rent at a level;
- one way to step a game: `fork(seed, agents)`, a determinised copy with the given agents in
  its seats (engine/game/forks.py), typed `Simulation`: the view plus the moves a rollout makes
  on its own copy (play turns, end a turn where it stands, offer a purchase, propose a trade,
  carry out a checked manage action, pay, give a deed). The game forked is never changed: an
  agent that looks ahead (the search bot) plays on forks only.

The decision being asked is the `Decision` the agent is handed (its kind, player, options and
context); the view is the rest of the table. Sequences and mappings the view returns are the
game's own, live: read them, never change them. Money is integer units of the edition's currency.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence, Set
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from .edition_actions import action_targets as _targets

if TYPE_CHECKING:
    from ..dsl.runtime import Roll
    from ..edition.model import Action, Card, Edition, Holding, Rules, Rung, Space
    from .decisions import Agent
    from .game import Game
    from .player import Player


@runtime_checkable
class PlayerView(Protocol):
    """What the view shows of one seat. `cash` integer money; `pos` the board index of the
    token; `deeds` the board indices of its title deeds; `groups[g]` how many deeds of group `g`
    it holds; `held_cards` its kept cards as (deck id, card id); `loans` its bank loans not
    repaid (one item per unit: the deeds pledged for it); `held` the holding space it is (or
    was last) held in; `jail_attempts` the throws it has failed there; `kind` 'human' for a
    person's seat, else 'bot'; `version` moves whenever its deeds, buildings, mortgages or loans do."""

    @property
    def seat(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def cash(self) -> int: ...
    @property
    def pos(self) -> int: ...
    @property
    def alive(self) -> bool: ...
    @property
    def in_jail(self) -> bool: ...
    @property
    def jail_attempts(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def held(self) -> str: ...
    @property
    def deeds(self) -> Set[int]: ...
    @property
    def groups(self) -> Sequence[int]: ...
    @property
    def held_cards(self) -> Sequence[tuple[str, str]]: ...
    @property
    def loans(self) -> Sequence[Any]: ...
    @property
    def laps(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def role(self) -> str | None: ...


@runtime_checkable
class GameView(Protocol):
    """The read-only view of a game (see the module docstring). A player argument of a query is
    one the view or a decision gave (typed Any: the game's own methods take its `Player`)."""

    @property
    def ed(self) -> Edition: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def spaces(self) -> Sequence[Space]: ...
    @property
    def n(self) -> int: ...
    @property
    def players(self) -> Sequence[PlayerView]: ...
    @property
    def order(self) -> Sequence[PlayerView]: ...
    @property
    def turn_idx(self) -> int: ...
    @property
    def current(self) -> PlayerView | None: ...
    @property
    def owner(self) -> Sequence[PlayerView | None]: ...
    @property
    def level(self) -> Sequence[int]: ...
    @property
    def mortgaged(self) -> Sequence[bool]: ...
    @property
    def stock(self) -> Mapping[str, int]: ...
    @property
    def start_cash(self) -> int: ...
    @property
    def houses(self) -> int | None: ...
    @property
    def hotels(self) -> int | None: ...
    def bank_cash(self) -> int | None:
        """The finite bank's cash now (below 0: the IOUs it has out), or None when it is unlimited."""
    @property
    def hotel_level(self) -> int: ...
    @property
    def discards(self) -> Mapping[str, Sequence[Card]]: ...
    @property
    def removed_cards(self) -> Sequence[tuple[str, str]]: ...
    @property
    def card_plays(self) -> Mapping[str, Any]: ...
    @property
    def turns(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def max_rounds(self) -> int | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def winners(self) -> Sequence[PlayerView]: ...
    @property
    def end_reason(self) -> str: ...
    @property
    def deeds_version(self) -> int: ...
    @property
    def buildings_version(self) -> int: ...
    @property
    def replaying(self) -> bool:
        """True while a resumed game replays its recorded answers (an agent's answer is dropped)."""

    def cards_in(self, deck: str) -> int: ...
    def build_problem(self, p: Any, i: int, window: str) -> str | None: ...
    def trade_problem(self, offer: Any, window: str) -> str | None: ...
    def trade_window_problem(self, window: str) -> str | None: ...
    def closed_actions(self, p: Any, window: str) -> Sequence[tuple[tuple[Any, ...], str]]: ...
    def sell_deed_problem(self, p: Any, i: int) -> str | None: ...
    def action_ready(self, p: Any, a: Action) -> bool: ...
    def action_problem(self, p: Any, a: Action, target: Any) -> str | None: ...
    def propose_problem(self, p: Any, switch: str, window: str) -> str | None: ...
    def unmortgage_cost(self, i: int) -> int: ...
    def interest(self, i: int) -> int: ...
    def next_rung(self, i: int) -> Rung | None: ...
    def sell_value(self, i: int) -> int: ...
    def building_refund(self, i: int, level: int) -> int: ...
    def bank_sale_value(self, i: int) -> int: ...
    def completes_group(self, p: Any, space: int) -> bool: ...
    def owned_in_group(self, p: Any, group: str) -> int: ...
    def net_worth(self, p: Any) -> int: ...
    def others(self, p: Any) -> Sequence[PlayerView]: ...
    def default_raise_action(self, p: Any) -> tuple[Any, ...]: ...
    def bot_play(self, p: Any, window: str) -> tuple[str, str, str] | None: ...
    def deed_problems(self, p: Any, window: str) -> Mapping[int, Mapping[str, str | None]]:
        """For each deed of `p` (board order), each action on one deed (manage.DEED_ACTIONS) with
        why the deed's own rules refuse it in `window` now (None: they allow it)."""
    def fork(self, seed: int, agents: Sequence[Agent]) -> Simulation:
        """A determinised copy of the game with `agents` in its seats, to play on (forks.fork):
        the game itself is not changed."""


@runtime_checkable
class Simulation(GameView, Protocol):
    """A fork of a game (`GameView.fork`) that its maker plays on: the view, and the moves a
    rollout makes. `agents` the seats' agents (one may be swapped for a while); `play` plays
    turns; `stop_turn` ends the current turn where it stands and passes the turn on;
    `from_the_throw` plays the rest of a turn from the jail question or the first throw;
    `manage_with` plays a manage window with a given agent answering; the others carry out what
    a decision would (a purchase offer, a trade proposal, a checked manage action, a payment,
    a deed given). A player argument is one of the fork's own players."""

    @property
    def agents(self) -> MutableSequence[Agent]: ...
    def play(self, max_turns: int | None = None) -> Any: ...
    def stop_turn(self) -> None: ...
    def from_the_throw(self, p: Any) -> None: ...
    def manage_with(self, p: Any, window: str, agent: Agent, limit: int) -> None: ...
    def offer_purchase(self, p: Any, i: int) -> None: ...
    def propose_trade(self, offer: Any) -> Any: ...
    def apply_action(self, p: Any, action: Any, window: str) -> None: ...
    def pay(self, payer: Any, payee: Any, amount: int, reason: str) -> Any: ...
    def set_owner(self, i: int, p: Any) -> None: ...
    def transfer_deed(self, i: int, p: Any) -> None: ...


def holding_of(view: GameView, p: PlayerView) -> Holding:
    """The holding space `p` is (or was last) held in: its exit rules (the fine, the throws)."""
    return view.ed.holdings[p.held]


def action_targets(view: GameView, a: Action) -> list[int | None]:
    """Every target edition action `a` could take: each title deed, or just None."""
    return _targets(cast("Game", view), a)


def rent_formula(view: GameView, i: int, payer: PlayerView | None = None, throw: Roll | None = None) -> int:
    """What the edition's rent formula of owned deed `i` gives now (integer money), as `payer`
    (default: its owner, as any visitor) would owe it after `throw` (default: none). Raises what
    the formula raises where it reads the dice and there is no throw."""
    game = cast("Game", view)
    owner = game.owner[i]
    return int(game.rent_fns[i](game, owner if payer is None else payer, i, owner, throw))


def rent_at(view: GameView, i: int, level: int) -> int | None:
    """The rent a visitor would owe on deed `i` if it had `level` buildings, by the edition's own
    rent formula (a doubled rent of a whole group included); None when there is no owner, the
    deed is mortgaged or the formula needs a throw of the dice. (The formula reads the level
    from the game: it is set for the call and put back at once.)"""
    game = cast("Game", view)
    owner = game.owner[i]
    if owner is None or game.mortgaged[i] or not 0 <= level < len(game.spaces[i].rent):
        return None
    now = game.level[i]
    game.level[i] = level
    try:
        return rent_formula(view, i)
    except Exception:               # a formula that reads the dice: no amount before the throw
        return None
    finally:
        game.level[i] = now


if TYPE_CHECKING:
    def _conforms(g: Game, p: Player) -> tuple[GameView, PlayerView, Simulation]:
        """mypy checks here that the game and its players are their own views, and that a game
        is a simulation (what `fork` gives)."""
        return g, p, g
