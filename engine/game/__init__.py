"""The game engine: one generic engine that plays any edition (map: docs/architecture.md).

`Game` (game.py) is the front: a `GameState` (state.py) with the mechanisms wired on. The
registries: `SPACE_KINDS` (landing.py), `DECISION_KINDS` (decisions.py), `MANAGE_ACTIONS`
(manage.py), `EVENT_KINDS` (events.py), `KEPT_CARD_USES` (cards.py).
"""

from .cards import KEPT_CARD_USES, KeptCardUse
from .decisions import DECISION_KINDS, Agent, Deal, DealLeg, Decision, DecisionKind, TradeOffer
from .dice import Dice, ForcedDice
from .events import EVENT_KINDS, EventKind, EventLog
from .game import Game
from .landing import SPACE_KINDS, SpaceKind
from .manage import MANAGE_ACTIONS, ManageAction
from .player import Player
from .state import GameState

__all__ = [
    "DECISION_KINDS", "EVENT_KINDS", "KEPT_CARD_USES", "MANAGE_ACTIONS", "SPACE_KINDS", "Agent", "Deal",
    "DealLeg", "Decision", "DecisionKind", "Dice", "EventKind", "EventLog", "ForcedDice", "Game", "GameState",
    "KeptCardUse", "ManageAction", "Player", "SpaceKind", "TradeOffer",
]
