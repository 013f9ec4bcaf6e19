"""Exceptions shared by every part of magie.

Input problems (bad YAML, schema, DSL, saves) are reported as `Problem`s, not raised one by one;
see `engine.problems`. The exceptions here are for a game that cannot go on.
"""


class MagieError(Exception):
    """Base class of magie's own errors. The CLI prints its message and exits with code 1."""


class GameError(MagieError):
    """A game cannot go on: a rule formula or card effect failed at run time (division by zero,
    an index out of range), or an agent returned an answer the rules do not allow."""


class BotFault(GameError):
    """A bot of the user's own (a `module:Class` agent or a plugin's bot) failed: it raised, or
    it gave an answer the rules do not allow. The fault is the bot's, not magie's engine's."""


class EffectError(GameError):
    """A compiled DSL effect or formula failed while running.

    `where` names the card, action or formula and its position in the edition file,
    e.g. "card 'inflation_1' (editions/x.yaml:120:9)".
    """

    def __init__(self, where: str, message: str):
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")

    def __reduce__(self):   # so that it crosses from a simulation worker to the main process
        return (type(self), (self.where, self.message))


class EditionFault(GameError):
    """A DSL effect asked the engine for what the edition does not allow at run time (paying
    into a treasury the edition does not have, keeping a card that is already kept). The DSL's
    run-time locator (engine/dsl/failures.py) turns it into an `EffectError` at the DSL text that
    asked; raised outside a DSL effect it stays a `GameError`."""


class IllegalDecision(GameError):
    """An agent answered a decision with an option the rules do not allow.

    Human agents catch it and ask again with the reason; for a bot it is a bug and stops the game.
    """

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)

    def __reduce__(self):
        return (type(self), (self.reason,))


class ReplayMismatch(GameError):
    """A recorded answer does not fit the game being replayed (a hand-edited or damaged save,
    or a save of another version of the rules)."""


class DecisionTimeout(MagieError):
    """Raised by a human agent whose player let a decision time out. The engine then takes the
    default answer or, where the edition says so (`rules.decision_timeout: bankrupt`, the online
    rules), makes the player bankrupt to the bank."""
