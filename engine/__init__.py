"""magie's rules engine: edition loading and validation, the effect DSL, the game, bots and simulation.

The public face (`from magie.engine import Game, load_playable, make_bot`): the game and its
state, the read-only view agents and front ends read it through (`GameView`, `PlayerView`),
decisions and their kinds, the agents protocol and the built-in bots, the event log, loading
and validating editions, problems and errors. Subpackages: `game` (the engine, see
docs/architecture.md), `edition` (files, validation, the model), `dsl` (the effect language),
`agents` (bots), `sim` (batch simulation).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The public names are imported on first use (PEP 562), so that `import magie.engine.X` and
# `magie --help` do not pay for the whole engine, jsonschema and lark.
_WHERE = {
    "BOTS": ".agents", "make_bot": ".agents",
    "load_edition": ".edition.loader",
    "Edition": ".edition.model",
    "load_playable": ".edition.playable", "load_playable_cached": ".edition.playable",
    "Problem": ".problems", "ProblemsError": ".problems",
    "validate_file": ".edition.validate", "validate_paths": ".edition.validate",
    **{name: ".errors" for name in ("DecisionTimeout", "EffectError", "GameError", "IllegalDecision",
                                     "MagieError", "ReplayMismatch")},
    **{name: ".game" for name in ("DECISION_KINDS", "EVENT_KINDS", "Agent", "Deal", "DealLeg", "Decision",
                                   "EventLog", "ForcedDice", "Game", "GameState", "Player", "TradeOffer")},
    "GameView": ".game.view", "PlayerView": ".game.view",
}

if TYPE_CHECKING:
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
    from .game.view import GameView, PlayerView
    from .problems import Problem, ProblemsError

    __version__: str


def __getattr__(name: str) -> Any:
    """Import a public name on first use (and `__version__` from the installed metadata)."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version
        try:
            value = version("magie")
        except PackageNotFoundError:     # running from a source tree that is not installed
            value = "0+unknown"
    elif name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE) | {"__version__"})


__all__ = [
    "BOTS", "DECISION_KINDS", "EVENT_KINDS", "Agent", "Deal", "DealLeg", "Decision", "DecisionTimeout",
    "Edition", "EffectError", "EventLog", "ForcedDice", "Game", "GameError", "GameState", "GameView", "IllegalDecision",
    "MagieError", "Player", "PlayerView", "Problem", "ProblemsError", "ReplayMismatch", "TradeOffer", "__version__",
    "load_edition", "load_playable", "load_playable_cached", "make_bot", "validate_file", "validate_paths",
]
