"""The decision protocol: what the engine asks players, and the shape of their answers.

The engine asks every choice as a `Decision`; humans (the CLI) and bots answer through the same
`Agent.decide(game, decision)` call. The engine checks every answer and rejects an illegal one
with a reason (`IllegalDecision`), never applying it.

Kinds and answers:

| kind | asked when | answer |
|---|---|---|
| `buy` | landing on an unowned deed | `'buy'` or `'decline'` |
| `bid` | in an auction; `min`/`max` bound the bid | an int in [min, max], or `None` to pass (final) |
| `jail` | start of a turn in jail; `options` ⊆ pay, card, roll | one of `options` |
| `manage` | before rolling (`window='before_roll'`) and after each landing (`'after_landing'`; `more_rolls` says whether a double gives another throw) | an action tuple (below) or `('done',)` |
| `raise` | the player owes `amount` to `creditor` and lacks the cash | an action tuple that raises money, or `('bankrupt',)` when even everything cannot pay |
| `trade` | another player offers `offer` | `'accept'` or `'reject'` |
| `tax` | a tax space with two amounts; `options` = fixed, alternative; `fixed` is the fixed amount (the alternative is counted after the choice) | one of `options` |
| `claim` | rent is due and the edition makes owners claim it | `True` (claim) or `False` |
| `inherited_mortgage` | a mortgaged deed passed to the player | `'lift'` (pay value + interest now) or `'keep'` (interest now, again when lifted) |
| `redeem` | lap end with a mortgaged deed, in editions that force the choice | `'redeem'` or `'release'` (the bank takes it) |
| `place` | choose a lot for a building (card or shortage auction); `options` = legal spaces | a space index from `options`, or `None` if `optional` |

Action tuples (answers to `manage` and `raise`): `('build', space)`, `('sell', space)` (one
level), `('sell_all', group_id)` (every building of the group at once), `('mortgage', space)`,
`('unmortgage', space)`, `('sell_deed', space)` (to the bank, editions that allow it),
`('trade', TradeOffer)`, `('act', action_id, space_or_None)` (an edition action),
`('done',)`, `('bankrupt',)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

BUY_OPTIONS = ("buy", "decline")
TRADE_OPTIONS = ("accept", "reject")
DONE = ("done",)
BANKRUPT = ("bankrupt",)

DEFAULT_ANSWERS = {"buy": "decline", "bid": None, "jail": "roll", "manage": DONE, "trade": "reject",
                   "tax": "fixed", "claim": True, "inherited_mortgage": "keep", "redeem": "release"}
"""The answer taken when a human lets a decision time out (and the rules do not bankrupt them)."""


class Decision:
    """One question to one player. `kind` is from the table in this module's docstring;
    `player` is the `Player` asked; `options` the legal answers where they can be listed
    (computed on first access for `manage` and `raise`); `ctx` holds the kind's details
    (`space`, `amount`, `creditor`, `min`, `max`, `offer`, `window`, `high_bidder`, ...)."""

    __slots__ = ("kind", "player", "_options", "game", "ctx")

    def __init__(self, kind: str, player, options=None, game=None, **ctx: Any):
        self.kind = kind
        self.player = player
        self._options = options
        self.game = game
        self.ctx = ctx

    @classmethod
    def of(cls, kind: str, player, options, game, ctx: dict) -> Decision:
        """The same as `Decision(kind, player, options, game, **ctx)`, without copying `ctx`
        (the engine's hot paths: the manage window after every landing)."""
        d = object.__new__(cls)
        d.kind = kind
        d.player = player
        d._options = options
        d.game = game
        d.ctx = ctx
        return d

    @property
    def options(self) -> list | tuple:
        """The legal answers (for manage/raise: every legal action tuple, then done/bankrupt,
        listed on first access from `game`)."""
        if self._options is None and self.game is not None:
            self._options = self.game.legal_actions(self.player, self.ctx["window"])
        return self._options if self._options is not None else ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self.ctx[name]
        except KeyError:
            raise AttributeError(name) from None

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

    def to_json(self) -> dict:
        """The offer as plain JSON data (seats, space indices, cash, cards)."""
        return {"proposer": self.proposer, "partner": self.partner,
                "give_deeds": list(self.give_deeds), "give_cash": self.give_cash,
                "give_cards": [list(c) for c in self.give_cards],
                "get_deeds": list(self.get_deeds), "get_cash": self.get_cash,
                "get_cards": [list(c) for c in self.get_cards]}

    @classmethod
    def from_json(cls, d: dict) -> TradeOffer:
        """The inverse of `to_json`."""
        return cls(proposer=d["proposer"], partner=d["partner"],
                   give_deeds=tuple(d.get("give_deeds", ())), give_cash=d.get("give_cash", 0),
                   give_cards=tuple(tuple(c) for c in d.get("give_cards", ())),
                   get_deeds=tuple(d.get("get_deeds", ())), get_cash=d.get("get_cash", 0),
                   get_cards=tuple(tuple(c) for c in d.get("get_cards", ())))


class Agent(Protocol):
    """Anything that answers decisions: a bot or a human at the terminal.

    `name` identifies it in errors; `human` agents are re-asked after an illegal answer
    (with `rejected(decision, reason)` called first), bots' illegal answers stop the game."""

    name: str
    human: bool

    def decide(self, game, decision: Decision) -> Any: ...

    def rejected(self, decision: Decision, reason: str) -> None: ...


def encode_answer(answer: Any) -> Any:
    """An answer as plain JSON data (for saves and the event log)."""
    if isinstance(answer, tuple):
        return [encode_answer(a) for a in answer]
    if isinstance(answer, TradeOffer):
        return {"trade": answer.to_json()}
    return answer


def decode_answer(data: Any) -> Any:
    """The inverse of `encode_answer`."""
    if isinstance(data, list):
        return tuple(decode_answer(a) for a in data)
    if isinstance(data, dict) and "trade" in data:
        return TradeOffer.from_json(data["trade"])
    return data
