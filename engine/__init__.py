"""magie's rules engine: edition loading and validation, the effect DSL, the game, bots and simulation."""

__version__ = "0.1.0"
