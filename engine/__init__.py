"""magie's rules engine: edition loading and validation, the effect DSL, the game, bots and simulation.

The public face (`from magie.engine import Game, load_playable, make_bot`): the game and its
state, decisions and their kinds, the agents protocol and the built-in bots, the event log,
loading and validating editions, problems and errors. Subpackages: `game` (the engine, see
docs/architecture.md), `edition` (files, validation, the model), `dsl` (the effect language),
`agents` (bots), `sim` (batch simulation).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("magie")
except PackageNotFoundError:     # running from a source tree that is not installed
    __version__ = "0+unknown"

from .agents import BOTS, make_bot
from .edition.loader import load_edition
from .edition.model import Edition
from .edition.playable import load_playable, load_playable_cached
from .edition.validate import validate_file, validate_paths
from .errors import DecisionTimeout, EffectError, GameError, IllegalDecision, MagieError, ReplayMismatch
from .game import (
    DECISION_KINDS,
    EVENT_KINDS,
    Agent,
    Deal,
    DealLeg,
    Decision,
    EventLog,
    ForcedDice,
    Game,
    GameState,
    Player,
    TradeOffer,
)
from .problems import Problem, ProblemsError

__all__ = [
    "BOTS", "DECISION_KINDS", "EVENT_KINDS", "Agent", "Deal", "DealLeg", "Decision", "DecisionTimeout",
    "Edition", "EffectError", "EventLog", "ForcedDice", "Game", "GameError", "GameState", "IllegalDecision",
    "MagieError", "Player", "Problem", "ProblemsError", "ReplayMismatch", "TradeOffer", "__version__",
    "load_edition", "load_playable", "load_playable_cached", "make_bot", "validate_file", "validate_paths",
]
