"""Playthroughs: a recorded game kept as a regression test of an edition, without Python.

`magie play --record FILE` writes a save of the whole game that also holds the game's event log
(`SaveGame.playthrough`). `check(ed, save)` replays the recorded answers on `ed` (the edition as
it is now, which may have been edited since) and compares the new event log with the recorded
one, event by event: the same game, or the first event that differs, or the answer that no
longer fits. Only the recorded answers are replayed: where the game asks for more (an edit made
it longer), the replay stops and the logs are compared as far as they go.

A game is a function of edition, seed and decisions, so an unchanged edition always gives the
same log byte for byte; a changed one shows where its change reaches this game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import make_bot
from ..edition.model import Edition
from ..errors import GameError, MagieError
from ..game.decisions import Decision
from ..game.events import EventLog, dumps
from ..game.game import Game
from ..saves import SaveGame


@dataclass(frozen=True)
class Verdict:
    """The result of checking one playthrough: `same` when the replay gave the recorded log;
    `events` and `replayed` (the lengths of the recorded and the new log); `at` (1-based) the first
    event that differs with both texts (`recorded`, `now`: '' past the end of a log); `stopped`
    why the replay ended early (an answer that does not fit, an error of the edition), or ''.
    `edition_changed` when the edition's content hash is not the one the game was recorded on."""

    same: bool
    events: int
    replayed: int
    at: int | None = None
    recorded: str = ""
    now: str = ""
    stopped: str = ""
    edition_changed: bool = False


class _ReplayDone(Exception):
    """Raised when every recorded answer is used: the replay goes no further."""


class _Departed:
    """A person's seat in a replay: answered from the record only (the engine never asks a
    `human` agent while replaying); asked beyond it, the replay ends. `windows` (a function of the
    game, as `Agent.windows`) names the manage windows the person was asked in when the game was
    recorded: the front end's, so that the replay asks the same decisions."""

    human = True

    def __init__(self, name: str, windows: Callable[[Any], frozenset[str]] | None):
        self.name = name
        self.asked: Decision | None = None          # the decision asked beyond the record
        if windows is not None:
            self.windows = windows

    def decide(self, game: Any, decision: Decision) -> Any:
        self.asked = decision
        raise _ReplayDone

    def rejected(self, decision: Decision, reason: str) -> None:
        raise _ReplayDone


def check(ed: Edition, save: SaveGame, person_windows: Callable[[Any], frozenset[str]] | None = None) -> Verdict:
    """Replay `save` (a playthrough: a save with `playthrough` set) on `ed` and compare its event
    log with the recorded one. Bot seats are rebuilt from their kinds and the save's seed, as a
    resumed game's are; people's seats answer from the record, asked in `person_windows(game)`
    (the manage windows of the front end that recorded the game; None: every window). Raises
    ValueError when `save` holds no playthrough; an answer that no longer fits or an error of the
    edition while replaying is a `Verdict` with `stopped` set."""
    if save.playthrough is None:
        raise ValueError("the save holds no playthrough (record one with `magie play --record FILE`)")
    recorded = [dumps(e) for e in save.playthrough.events]
    lines: list[str] = []
    agents, _people = _seats(save, person_windows, None)
    stopped = ""
    done = False

    def replay_done() -> None:
        nonlocal done
        done = True

    try:
        game = Game(ed, agents, seed=save.seed, log=EventLog(listener=lambda e: lines.append(dumps(e)), keep=0),
                    max_rounds=save.options.get("max_rounds"), replay=list(save.decisions),
                    on_replay_done=replay_done, start=False)
        game.start()
        while not game.over:
            before = game.round
            game.play_turn()
            if not game.over and game.round > before and save.playthrough.time_up_round == before:
                game.finish_richest("time_limit")
            if done and not game.over and len(lines) >= len(recorded):
                break       # every answer used and the recorded log reached: nothing more to compare
    except _ReplayDone:
        pass
    except MagieError as e:
        stopped = str(e)
    except RecursionError as e:        # an edition's runaway rule: told, not raised
        stopped = str(GameError(f"{type(e).__name__}: {e}"))
    return _compare(recorded, lines, stopped, save.content_hash != ed.content_hash)


def position(ed: Edition, save: SaveGame, person_windows: Callable[[Any], frozenset[str]] | None = None,
             names: Sequence[str] | None = None) -> tuple[Game, Decision | None]:
    """The game of `save` replayed on `ed` up to where it was saved: (the game, the decision a
    person's seat is asked next, or None when the game is over or no person is asked). Bots are
    rebuilt as `check` rebuilds them and answer on past the record until a person is asked (a
    game of bots only plays on to its end); `names` are the players' names as shown (default:
    the save's). Raises `MagieError` when the save does not fit `ed`."""
    agents, people = _seats(save, person_windows, names)
    game = Game(ed, agents, seed=save.seed, max_rounds=save.options.get("max_rounds"),
                replay=list(save.decisions), start=False)
    try:
        game.start()
        while not game.over:
            game.play_turn()
    except _ReplayDone:
        pass
    return game, next((p.asked for p in people if p.asked is not None), None)


def _seats(save: SaveGame, person_windows: Callable[[Any], frozenset[str]] | None,
           names: Sequence[str] | None) -> tuple[list[tuple[str, Any]], list[_Departed]]:
    """The seats of `save` for a replay: (name, agent) each, bots rebuilt from their kinds and the
    save's seed as a resumed game's are, people answering from the record (also listed apart)."""
    agents: list[tuple[str, Any]] = []
    people: list[_Departed] = []
    for k, seat in enumerate(save.seats):
        name = names[k] if names is not None else seat.name
        if seat.agent == "human":
            people.append(_Departed(name, person_windows))
            agents.append((name, people[-1]))
        else:
            agents.append((name, make_bot(seat.agent, save.seed, k)))
    return agents, people


def _compare(recorded: Sequence[str], now: Sequence[str], stopped: str, changed: bool) -> Verdict:
    at = next((i for i, (a, b) in enumerate(zip(recorded, now, strict=False)) if a != b), None)
    if at is None and len(recorded) != len(now):
        at = min(len(recorded), len(now))
    if at is None and not stopped:
        return Verdict(True, len(recorded), len(now), edition_changed=changed)
    return Verdict(False, len(recorded), len(now), None if at is None else at + 1,
                   recorded[at] if at is not None and at < len(recorded) else "",
                   now[at] if at is not None and at < len(now) else "", stopped, changed)
