"""Users' own agents behind a guard: a plug-in that raises is reported as a `BotFault` naming
the agent and the decision it was asked (the engine already reports an illegal answer with the
bot's name and the decision), so the CLI can print it and save the game instead of a traceback."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BotFault, MagieError
from ..game.decisions import Decision

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.view import GameView


class AgentError(BotFault):
    """A user's agent raised an exception while deciding."""


def describe(d: Decision) -> str:
    """A decision in a few words for error messages: kind, player and its details."""
    ctx = ", ".join(f"{k}={v!r}" for k, v in d.ctx.items() if k not in ("offer",))
    if "offer" in d.ctx:
        ctx = (ctx + ", " if ctx else "") + f"offer={d.ctx['offer']}"
    return f"'{d.kind}' for {d.player.name} (seat {d.player.seat})" + (f" [{ctx}]" if ctx else "")


class Guarded:
    """`agent` (a plug-in named `kind`, e.g. 'mybots:Greedy') with its exceptions turned into
    `AgentError`. Exposes the agent's `windows` when it has one. `own` marks a bot of the
    user's own: the engine reports its illegal answers as a `BotFault`."""

    human = False
    own = True

    def __init__(self, agent: Any, kind: str) -> None:
        self.agent = agent
        self.kind = kind
        self.name = str(getattr(agent, "name", kind))
        if callable(getattr(agent, "windows", None)):
            self.windows = agent.windows

    def decide(self, game: GameView, d: Decision) -> Any:
        try:
            return self.agent.decide(game, d)
        except MagieError:
            raise
        except Exception as e:
            raise AgentError(f"bot {self.name!r} ({self.kind}) raised {type(e).__name__}: {e} "
                             f"when asked {describe(d)}") from e

    def rejected(self, d: Decision, reason: str) -> None:
        fn = getattr(self.agent, "rejected", None)
        if callable(fn):
            fn(d, reason)


def save_failed_game(game: Game, edition_ref: str, variants: tuple[str, ...], kinds: list[str] | tuple[str, ...],
                     folder: str | os.PathLike[str] = ".") -> Path:
    """Write the game so far (it must have been recorded: `Game(record=True)`) as a save named
    magie-failed-EDITION-seedSEED.json in `folder` (-2, -3... if taken) and return its path;
    `kinds` are the seats' agent kinds. Raises `OSError`."""
    from ..saves import SaveGame, Seat, write_save
    ed = game.ed
    seats = tuple(Seat(p.name, kind) for p, kind in zip(game.players, kinds, strict=True))
    save = SaveGame(edition_ref=edition_ref, edition_id=ed.id, variants=tuple(variants),
                    content_hash=ed.content_hash, seed=game.seed, seats=seats,
                    options={"max_rounds": game.max_rounds, "time_limit": None, "elapsed": 0.0,
                             "auto_claim": True},
                    decisions=game.saved_decisions(), round=game.round, turns=game.turns)
    base = Path(folder) / f"magie-failed-{ed.id}-seed{game.seed}.json"
    path, k = base, 2
    while path.exists():
        path = base.with_name(f"{base.stem}-{k}.json")
        k += 1
    return write_save(path, save)
