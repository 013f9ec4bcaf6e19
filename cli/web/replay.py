"""A saved game as it stands: replay the save's answers and stop where they end."""

from __future__ import annotations

from typing import Any

from magie.engine.agents import make_bot
from magie.engine.edition.model import Edition
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.saves import SaveGame

from ..render import seat_names
from .narrate import Words
from .view import public_state


class _End(BaseException):
    """The recorded answers are used up: the replay stops here."""


class _Replayer:
    """A seat during a replay: bots are asked (their state moves on as in the game), nobody is
    asked once the recorded answers are used up."""

    def __init__(self, bot: Any | None, name: str):
        self.bot = bot
        self.name = name
        self.human = bot is None

    def __getattr__(self, name: str) -> Any:
        if self.bot is None:
            raise AttributeError(name)
        return getattr(self.bot, name)

    def decide(self, game, d):
        if not game.replaying:
            raise _End()
        return self.bot.decide(game, d) if self.bot is not None else None

    def rejected(self, d, reason: str) -> None:
        pass


def state_of_save(ed: Edition, save: SaveGame, lang: str = "en") -> dict:
    """The public state (as `view.public_state` gives it) of the game `save` holds, at the last
    recorded answer. Raises the engine's `GameError` when the save does not fit the edition."""
    names = seat_names(save.seats, lang)       # "Bot 1" is "Бот 1" in Russian, as in the game's room
    agents = [(names[k], _Replayer(None if s.agent == "human" else make_bot(s.agent, save.seed, k), names[k]))
              for k, s in enumerate(save.seats)]
    game = Game(ed, agents, seed=save.seed, log=EventLog(), replay=save.decisions,
                max_rounds=save.options.get("max_rounds"), start=False)
    try:
        game.start()
        while not game.over and game.replaying:
            game.play_turn()
    except _End:
        pass
    return public_state(game, Words(ed, lang, dict(enumerate(names))))
