"""Games on the server: each game runs in its own thread on the engine's decision protocol.

A `Room` holds one game: its seats (people, with long random tokens, and bots from the bot
registry), the event log, the public state, and the decision each person's seat is waiting on.
The engine is synchronous: a person's seat (`Room._person`) blocks the game's thread until an answer
arrives over HTTP (`Room.submit`); the engine then checks it, and the answer's verdict (accepted,
or the engine's reason for refusing it) goes back to the request that sent it. Bots answer in the
game's thread. The server's event loop never waits on a game.

Games outlive connections: the game's save (`SaveGame`, atomically written into the data folder
at every decision a person is asked and at the end) is the whole game, and a server that
restarts replays each save to where it stood (`server.Server.wake`). A finished game's save also
keeps its final public state (`options.web.final`): after a restart it is shown from there, and
the game is replayed only when someone asks for its event log (`Room.need_events`). Tokens are
kept only as SHA-256 digests, in the save's `options.web`, and compared in constant time.

A game may have a decision time: a person's seat whose time runs out, or that the host hands to a
bot, is answered by a basic bot until its person is back (`Room.set_absent`, timers.py).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import hmac
import secrets
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from magie.engine.agents import make_bot
from magie.engine.agents.external import close_agents
from magie.engine.edition.model import Edition
from magie.engine.errors import DecisionTimeout, GameError
from magie.engine.game.decisions import DONE, Decision, FunctionAgent, decode_answer
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.saves import SaveGame, write_save

from ..render import seat_names
from .figures import Tally
from .narrate import Narrator, Words
from .timers import StandIns, Timers, saved_absent, saved_decision_time, seat_note
from .uploads import public_text
from .view import decision_json, edition_info, public_state

TOKEN_BYTES = 32
"""Seat tokens are this many random bytes (URL-safe base64, 43 characters)."""

QUEUE_SIZE = 512
"""Messages waiting for one WebSocket client; a client that falls this far behind is dropped."""

SAVE_EVERY = 2.0
"""Seconds between saves while only bots play (a person's decision always saves)."""

STOP_WAIT = 5.0
"""Seconds a stopping server (or room) waits, in all, for its game threads to finish."""


class Stopped(BaseException):
    """The room is closing (the server stops): raised in the game's thread to unwind it. A
    BaseException so that no engine `except Exception` can swallow it."""


class Conflict(Exception):
    """An answer that cannot be taken: no decision is waiting for the seat, another answer to
    it is already being checked, or it answers an older decision (HTTP 409)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Pending:
    """The decision a seat is waiting on; `answer` is set once by `Room.submit`, `verdict` is
    resolved with None (accepted) or the engine's reason."""

    id: int
    decision: Decision
    json: dict
    answer: Any = None
    taken: bool = False
    verdict: concurrent.futures.Future | None = None


@dataclass(eq=False)
class Subscriber:
    """One WebSocket client: `seat` None for a spectator; a bounded queue of messages."""

    seat: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(QUEUE_SIZE))
    dropped: bool = False


class BotSeat:
    """A bot from the registry, watched so that the room knows when an answer was taken and who
    passed in an auction; everything else (e.g. `windows`) goes to the bot."""

    human = False

    def __init__(self, room: Room, bot: Any):
        self.room = room
        self.bot = bot
        self.name = bot.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def decide(self, game, d: Decision) -> Any:
        if not game.replaying:
            self.room.settle()
        answer = self.bot.decide(game, d)
        if d.kind == "bid" and answer is None and not game.replaying:
            self.room.passed(d.player.seat)
        return answer

    def rejected(self, d: Decision, reason: str) -> None:
        hook = getattr(self.bot, "rejected", None)
        if hook is not None:
            hook(d, reason)


class Room:
    """One game on the server. `base` is its save (seats, seed, options, decisions to replay);
    `tokens` maps human seats to token digests; `publish(room, message, seat)` sends a message to
    the game's WebSocket clients (seat None: everybody); `data` is the folder saves go to (None:
    not saved); `bot_delay` seconds pass before each bot's turn so people can follow; `timers`
    run the decision timers (timers.py; None: no timer). The save's `options.web` holds the
    decision time (`decision_time`, seconds), the absent seats (`absent`) and the digest of the
    host's token (`host`: the creator of the game, who may hand seats to a bot)."""

    def __init__(self, game_id: str, edition: Edition, base: SaveGame, *, lang: str,
                 tokens: dict[int, str], publish: Callable[[Room, dict, int | None], None],
                 data: Path | None, bot_delay: float = 0.0, note: str | None = None,
                 timers: Timers | None = None):
        self.id = game_id
        self.ed = edition
        self.base = base
        self.lang = lang
        self.tokens = tokens
        self.publish = publish
        self.data = data
        self.bot_delay = bot_delay
        self.note = note
        # the names shown ("Bot 1" is "Бот 1" in a Russian game, as at the terminal); the save keeps
        # base.seats' names
        self.names = seat_names(base.seats, lang)
        self.words = Words(edition, lang, dict(enumerate(self.names)))
        self.narrate = Narrator(edition, lang, self.words.players)
        self.info = {**edition_info(edition, lang), "game": game_id, "lang": lang,
                     "seats": [{"seat": k, "name": self.names[k], "kind": "human" if s.agent == "human" else "bot",
                                "bot": None if s.agent == "human" else s.agent} for k, s in enumerate(base.seats)],
                     "note": note}
        self.events: list[dict] = []
        self.lines: list[str | None] = []
        self.tally = Tally()        # the figures shown at the end (figures.py)
        self.state: dict = {}
        self.auction: dict | None = None
        self.error: str | None = None
        self.cond = threading.Condition()
        self.pending: dict[int, Pending] = {}
        self._next_id = 1
        self._inflight: Pending | None = None
        self._stopping = False
        self._last_save = 0.0
        self.ready = threading.Event()      # set once the replay is over (or the game failed)
        self.game: Game | None = None
        self.thread = threading.Thread(target=self._run, name=f"magie-game-{game_id}", daemon=True)
        self._start_lock = threading.Lock()
        self._save_lock = threading.Lock()
        web = base.options.get("web") or {}
        final = web.get("final")
        # the human seats that manage between the other players' turns (the page's switch; off by
        # default, as the terminal's `i`); kept in the save so that a restart keeps the switch
        # (a save from before the switch was kept has none: off); only people's seats count
        saved = web.get("between_turns")
        self.between: set[int] = {k for k in saved if type(k) is int and k in tokens} \
            if isinstance(saved, list) else set()
        self.timers = timers
        self.host: str | None = web.get("host") if isinstance(web.get("host"), str) else None
        self.decision_time = saved_decision_time(web.get("decision_time"))
        self.stand_ins = StandIns(base.seed, saved_absent(web.get("absent"), set(tokens)))
        self.finished = isinstance(final, dict)   # over, shown from its save until the log is needed
        if isinstance(final, dict):
            self.state = final

    # ------------------------------------------------------------------ seats and tokens
    def seat_of(self, token: str | None) -> int | None:
        """The human seat whose token this is, or None (compared in constant time)."""
        if not token:
            return None
        digest = hash_token(token)
        found = None
        for seat, h in self.tokens.items():
            if hmac.compare_digest(h, digest):
                found = seat
        return found

    def is_host(self, token: str | None) -> bool:
        """Whether `token` is the host's (compared in constant time)."""
        return bool(token) and self.host is not None and hmac.compare_digest(self.host, hash_token(token or ""))

    # ------------------------------------------------------------------ the game's thread
    def start(self) -> None:
        """Run the game's thread; a finished game is not replayed now (see `need_events`)."""
        if not self.finished:
            self._start_thread()
        else:
            self.ready.set()

    def _start_thread(self) -> None:
        with self._start_lock:
            if self.thread.ident is None and not self._stopping:
                self.thread.start()

    def need_events(self, timeout: float = 60.0) -> None:
        """Make sure the events are there: a finished game resumed from its save is replayed
        once, on the first call (blocks until the replay is over, at most `timeout` seconds)."""
        if self.finished:
            self._start_thread()
            self.thread.join(timeout)

    def _run(self) -> None:
        base = self.base
        agents: list[tuple[str, Any]] = []
        for k, s in enumerate(base.seats):
            name = self.names[k]
            if s.agent == "human":
                agents.append((name, FunctionAgent(name, self._person(k), human=True, rejected=self._rejected)))
            else:
                agents.append((name, BotSeat(self, make_bot(s.agent, base.seed, k))))
        log = EventLog(listener=self._event)
        try:
            self.game = Game(self.ed, agents, seed=base.seed, log=log, record=True,
                             max_rounds=base.options.get("max_rounds"), replay=base.decisions,
                             start=False)
            game = self.game
            game.start()
            while not game.over:
                game.play_turn()
                self._snapshot()
                if time.monotonic() - self._last_save > SAVE_EVERY and not game.replaying:
                    self.save()
        except Stopped:
            return
        except GameError as e:
            self.error = public_text(str(e))
        except Exception as e:        # a bug: keep the server up and say what happened
            traceback.print_exc(file=sys.stderr)
            self.error = public_text(f"the game stopped on an internal error ({type(e).__name__}: {e})")
        finally:
            self.settle()
            close_agents([agent for _, agent in agents], self.game)   # `cmd:` programs: told the end, stopped
            self.ready.set()
        self._snapshot()
        self.save()
        self.publish(self, {"type": "state", "state": self.state}, None)

    def _rejected(self, d: Decision, reason: str) -> None:
        """The engine refused a person's seat's answer to `d` (the person's or its stand-in's)."""
        self.stand_ins.refused(d.player.seat)
        self.refuse(self.words.plain(reason))

    def _person(self, seat: int) -> Callable[[Any, Decision], Any]:
        """How a person's seat answers: it waits in the game's thread for the answer sent over
        HTTP (a rent claim is answered yes without asking, as at the terminal; the window between
        other players' turns is passed unless the seat switched it on, `set_between_turns`); an
        absent seat's stand-in bot answers at once (timers.py)."""
        def decide(game, d: Decision) -> Any:
            if d.kind == "claim" and self.base.options.get("auto_claim", True):
                self.settle()
                return True
            if d.kind == "manage" and d.ctx.get("window") == "between_turns" and seat not in self.between:
                self.settle()
                return DONE    # not asked between other players' turns unless the seat asked to be
            if seat in self.stand_ins.absent:
                self.settle()
                return self._stand_in(game, d)
            return self.wait_answer(seat, game, d)
        return decide

    def _event(self, event: dict) -> None:
        """The event log's listener (in the game's thread)."""
        self.settle()
        n = len(self.events)
        self.events.append(event)
        self.tally.event(event)
        line = self.narrate(event)
        self.lines.append(line)
        e = event["e"]
        if e == "auction":
            self.auction = {"space": event["space"], "start": event["start"], "bids": [], "out": []}
        elif e == "bid" and self.auction is not None:
            self.auction["bids"].append({"player": event["player"], "amount": event["amount"]})
        elif e in ("sold", "unsold", "turn"):
            self.auction = None
        game = self.game
        if game is None or game.replaying:
            return
        self.publish(self, {"type": "event", "n": n, "event": event, "text": line}, None)
        if e == "turn":
            self._snapshot()
            self.publish(self, {"type": "state", "state": self.state}, None)
            if self.bot_delay and (game.players[event["player"]].kind == "bot"
                                   or event["player"] in self.stand_ins.absent):
                self._sleep(self.bot_delay)

    def _sleep(self, seconds: float) -> None:
        with self.cond:
            if self.cond.wait_for(lambda: self._stopping, timeout=seconds):
                raise Stopped()

    def _snapshot(self) -> None:
        """Rebuild the public state (in the game's thread, so it is consistent)."""
        game = self.game
        if game is None:
            return
        self.tally.snapshot(game)
        if self.finished and game.replaying:   # keep the saved final state meanwhile
            return
        state = public_state(game, self.words)
        state["figures"] = self.tally.json(game) if game.over else None
        state["waiting"] = [{"seat": s, "kind": p.decision.kind} for s, p in sorted(self.pending.items())]
        state["auction"] = self.auction
        state["error"] = self.error
        with self.cond:         # (a seat handed to a bot meanwhile is in this state, or put in it after)
            state.update(self._seats_json())
            self.state = state
        if not game.replaying:
            self.ready.set()

    def passed(self, seat: int) -> None:
        """`seat` passed in the auction under way (a pass is final)."""
        if self.auction is not None and seat not in self.auction["out"]:
            self.auction["out"].append(seat)

    def settle(self) -> None:
        """The answer in flight was taken by the engine (it moved on): tell its request."""
        p = self._inflight
        if p is not None:
            self._inflight = None
            if p.verdict is not None and not p.verdict.done():
                p.verdict.set_result(None)

    def refuse(self, reason: str) -> None:
        """The engine refused the answer in flight with `reason`."""
        p = self._inflight
        self._inflight = None
        if p is not None and p.verdict is not None and not p.verdict.done():
            p.verdict.set_result(reason)

    def wait_answer(self, seat: int, game, d: Decision) -> Any:
        """Block the game's thread until the person at `seat` answers `d` (or the room stops)."""
        self.settle()
        with self.cond:
            pending = Pending(self._next_id, d, decision_json(game, d, self._next_id, self.words))
            self._next_id += 1
            self.pending[seat] = pending
        self._snapshot()
        self.ready.set()
        self.save()
        self.publish(self, {"type": "state", "state": self.state}, None)
        self.publish(self, {"type": "decision", "decision": pending.json}, seat)
        if self.decision_time is not None and self.timers is not None:
            self.timers.arm(self.id, seat, self.decision_time, lambda: self.time_out(seat, pending.id))
        with self.cond:
            while not pending.taken and seat not in self.stand_ins.absent:
                if self._stopping:
                    raise Stopped()
                self.cond.wait()
            del self.pending[seat]
            if pending.taken:
                self._inflight = pending
            why = self.stand_ins.absent.get(seat)
        if self.timers is not None:
            self.timers.disarm(self.id, seat)
        if not pending.taken:       # absent: the time ran out, or the seat was handed to a bot
            if why == "time" and self.ed.rules.decision_timeout == "bankrupt":
                raise DecisionTimeout()     # the edition's rule for a timeout (asking.timed_out)
            return self._stand_in(game, d)
        if d.kind == "bid" and pending.answer is None:
            self.passed(seat)
        return pending.answer

    # ------------------------------------------------------------------ absent players (timers.py)
    def _stand_in(self, game, d: Decision) -> Any:
        """The stand-in bot's answer to `d` for an absent person's seat (a pass in an auction
        counted, as a person's)."""
        answer = self.stand_ins.answer(game, d)
        if d.kind == "bid" and answer is None:
            self.passed(d.player.seat)
        return answer

    def _seats_json(self) -> dict:
        """The state's part about timers and absent seats: `decision_time` (seconds or None) and
        `absent` ([{seat, why}]: the seats a bot answers for)."""
        return {"decision_time": self.decision_time,
                "absent": [{"seat": k, "why": w} for k, w in sorted(self.stand_ins.absent.items())]}

    def time_out(self, seat: int, decision_id: int) -> None:
        """The decision time of decision `decision_id` ran out (in a worker thread): the seat is
        absent from now on, unless the decision was answered meanwhile."""
        with self.cond:
            p = self.pending.get(seat)
            if p is None or p.id != decision_id or p.taken:
                return
        self.set_absent(seat, "time")

    def set_absent(self, seat: int, why: str | None) -> bool:
        """Hand the person's `seat` to its stand-in bot (`why`, one of timers.WHY) or back to the
        person (`why` None), from any thread; a decision the seat waits on is answered by the bot
        at once. Everybody is told (a `seat` message and the state) and the game saved. Returns
        whether anything changed."""
        with self.cond:
            if self._stopping or seat not in self.tokens or (why is None) == (seat not in self.stand_ins.absent):
                return False
            if why is None:
                del self.stand_ins.absent[seat]
            else:
                self.stand_ins.absent[seat] = why
            self.cond.notify_all()
            parked = [s for s, p in self.pending.items() if not p.taken]
            # the game stands still on a person's decision that this change does not answer: save
            # now (else the game's thread goes on, and saves the change with its next save)
            save_now = bool(parked) and not (why is not None and seat in parked)
            self.state = {**self.state, **self._seats_json()}
        self.publish(self, {"type": "seat", "seat": seat, "bot": why is not None, "why": why,
                            "text": seat_note(self.lang, self.names[seat], why)}, None)
        self.publish(self, {"type": "state", "state": self.state}, None)
        if save_now:
            self.save()
        return True

    def back(self, seat: int) -> None:
        """The person of `seat` acted (an answer, a switch, a connection with its token): the seat
        is theirs again if a bot answered for it."""
        if seat in self.stand_ins.absent:
            self.set_absent(seat, None)

    # ------------------------------------------------------------------ requests (any thread)
    def set_between_turns(self, seat: int, on: bool) -> None:
        """Switch the window between the other players' turns on or off for the human `seat`
        (rules.between_turns): when on, the seat is asked there like on its own turn. Switched off
        while such a question waits, the question is answered "done", as if it had never been
        asked. The answers given are recorded like any other, so a replay does not depend on the
        switch. The switch is saved at once while the game's thread waits on a person (else with
        its next save, at most a turn later), so that a restart keeps it."""
        self.back(seat)
        with self.cond:
            if on:
                self.between.add(seat)
            else:
                self.between.discard(seat)
                p = self.pending.get(seat)
                if p is not None and not p.taken and p.decision.kind == "manage" \
                        and p.decision.ctx.get("window") == "between_turns":
                    p.answer = DONE
                    p.taken = True
                    self.cond.notify_all()
                    return          # the game's thread goes on and saves at its next question
            if any(not p.taken for p in self.pending.values()):
                self.save()         # the game's thread is parked in `wait_answer`: the game stands still

    def decision_for(self, seat: int) -> dict | None:
        p = self.pending.get(seat)
        return p.json if p is not None and not p.taken else None

    def submit(self, seat: int, answer: Any, decision_id: int | None) -> concurrent.futures.Future:
        """Hand `answer` (JSON data, shape already checked) to the decision `seat` waits on.
        Returns a future resolved with None (accepted) or the engine's reason. Raises `Conflict`."""
        with self.cond:
            p = self.pending.get(seat)
            if p is None:
                raise Conflict("no decision is waiting for this seat (it was answered already, "
                               "or it is not this seat's turn to decide)")
            if p.taken:
                raise Conflict("another answer to this decision is being checked")
            if decision_id is not None and decision_id != p.id:
                raise Conflict(f"this answers decision {decision_id}, but the seat now waits on decision {p.id}")
            p.answer = decode_answer(answer)
            p.taken = True
            p.verdict = concurrent.futures.Future()
            self.cond.notify_all()
            return p.verdict

    def stop(self, timeout: float = STOP_WAIT) -> None:
        """Stop the game's thread (the save stays; the game resumes when the server starts again),
        waiting for it at most `timeout` seconds."""
        self.ask_stop()
        if self.thread.is_alive():
            self.thread.join(timeout=timeout)

    def ask_stop(self) -> None:
        """Tell the game's thread to stop at its next decision or wait, without waiting for it
        (a thread busy in a long computation stops later; it is a daemon, so it never keeps the
        process alive)."""
        with self.cond:
            self._stopping = True
            self.cond.notify_all()
        if self.timers is not None:
            for seat in self.tokens:
                self.timers.disarm(self.id, seat)

    # ------------------------------------------------------------------ saving
    def snapshot_save(self, *, with_tokens: bool = True) -> SaveGame:
        """The save of the game as it stands. `with_tokens=False` leaves out the seats' token
        digests (the copy a player downloads); both hold the seats asked between the other
        players' turns (`web.between_turns`, left out when none is)."""
        g = self.game
        web: dict[str, Any] = {"lang": self.lang}
        if self.between:
            web["between_turns"] = sorted(self.between)
        if self.decision_time is not None:
            web["decision_time"] = self.decision_time
        if with_tokens:
            web["tokens"] = {str(k): v for k, v in self.tokens.items()}
            if self.host is not None:
                web["host"] = self.host
            if self.stand_ins.absent:
                web["absent"] = {str(k): w for k, w in sorted(self.stand_ins.absent.items())}
            if self.state.get("over"):
                web["final"] = self.state      # shown after a restart without replaying the game
        if g is None:
            return self.base.at(self.base.decisions, round=self.base.round, turns=self.base.turns, web=web)
        return self.base.at(g.saved_decisions(), round=g.round, turns=g.turns, web=web)

    def save(self) -> None:
        """Write the save atomically into the data folder (no-op without one)."""
        if self.data is None:
            return
        with self._save_lock:   # the game's thread and a switch (`set_between_turns`) may both save
            try:
                write_save(self.data / f"{self.id}.json", self.snapshot_save())
            except OSError as e:
                self.error = f"the game could not be saved: {e.strerror or e}"
            self._last_save = time.monotonic()


def new_tokens(seats: int, humans: list[int]) -> tuple[dict[int, str], dict[int, str]]:
    """Fresh tokens for the human seats: (seat -> token, seat -> digest)."""
    tokens = {k: secrets.token_urlsafe(TOKEN_BYTES) for k in humans}
    return tokens, {k: hash_token(t) for k, t in tokens.items()}


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


__all__ = ["Room", "Conflict", "Stopped", "BotSeat", "Subscriber", "new_tokens",
           "new_game_id", "hash_token"]
