"""Agents in any language: a program that answers decisions over JSON lines (`cmd:PROGRAM`).

`ExternalAgent` starts the program once, at the first decision it is asked (no shell: the
command is split as a POSIX shell would split it, `shlex.split`, and run in the current
folder), and talks to it over its standard input and output, one JSON object a line in UTF-8:

- magie sends `hello` once (the protocol version, the edition, the seat, the players and the
  board), then one `decision` per decision (its kind, its options encoded as saves encode
  answers, its details, a compact state and a plain English text of it all for language
  models), and `end` when the game is over (`close`);
- the program answers each `decision` with one line `{"answer": ...}`: one of the options as
  listed, or for a manage window an action (a trade offer included); nothing else.

docs/agents.md ("Programs in any language") is the protocol's reference with an example of every
message. A program that exits, prints a line that is not such an object, answers what the rules
do not allow, prints a line longer than `MAX_LINE` bytes or is silent past `timeout` seconds is
stopped (its process group killed and reaped, its pipes closed) and reported as an
`ExternalAgentError` naming the command and the decision, which the front ends handle like any
`GameError` (the terminal saves the game). The program's standard error is the terminal's.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import IO, Any

from ..errors import IllegalDecision
from ..game.decisions import Deal, Decision, TradeOffer, decode_answer, encode_answer
from ..game.view import GameView
from .decision_text import decision_text
from .guard import AgentError, describe

PREFIX = "cmd:"
"""How a bot kind names a program: `cmd:python3 my_agent.py`."""

PROTOCOL = 1
"""The protocol version sent in `hello`; a change a program must know of raises it."""

DEFAULT_TIMEOUT = 10.0
"""Seconds a program may take to answer one decision."""

MAX_LINE = 1 << 20
"""The longest line a program may print, in bytes with its newline (1 MiB)."""

END_GRACE = 2.0
"""Seconds a program is given to exit after `end` before it is killed."""


class ExternalAgentError(AgentError):
    """A program playing through `cmd:` failed: it exited, printed what is not an answer,
    answered illegally or was silent past its timeout (the message names the command and the
    decision)."""


def is_command(kind: str) -> bool:
    """Does the bot kind name a program (`cmd:PROGRAM ARGS...`)?"""
    return kind.startswith(PREFIX)


def command_words(kind: str) -> list[str]:
    """The program and its arguments of bot kind `cmd:...`, split as a POSIX shell splits
    (quotes kept together). Raises `ValueError` for bad quoting, no program, or a program that
    is neither on PATH nor an executable file."""
    text = kind[len(PREFIX):]
    try:
        words = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"bot {kind!r}: cannot split the command: {e}") from None
    if not words:
        raise ValueError(f"bot {kind!r}: no program given (e.g. cmd:python3 my_agent.py)")
    if shutil.which(words[0]) is None:
        raise ValueError(f"bot {kind!r}: program {words[0]!r} not found (not on PATH, or not an "
                         f"executable file)")
    return words


def command_factory(kind: str) -> Callable[..., ExternalAgent]:
    """The factory of bot kind `cmd:...`: `factory(seed=..., name=...)` makes an
    `ExternalAgent` (no process is started before its first decision). Raises `ValueError`
    as `command_words` does."""
    words = command_words(kind)

    def factory(seed: int = 0, name: str | None = None) -> ExternalAgent:
        return ExternalAgent(words, seed=seed, name=name, kind=kind)
    return factory


class _Child:
    """A running program: the process (its own process group), and a thread that reads its
    output lines into `lines` (b'' at the end of the output; a line cut at `cap` bytes when
    longer, and then nothing more is read)."""

    def __init__(self, words: Sequence[str], cap: int):
        self.proc = subprocess.Popen(list(words), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None,
                                     start_new_session=os.name == "posix")
        self.lines: queue.Queue[bytes] = queue.Queue()
        out = self.proc.stdout
        assert out is not None
        self.reader = threading.Thread(target=self._pump, args=(out, cap), daemon=True)
        self.reader.start()

    def _pump(self, out: IO[bytes], cap: int) -> None:
        try:
            while True:
                line = out.readline(cap + 1)
                self.lines.put(line)
                if not line or len(line) > cap:
                    return
        except (OSError, ValueError):     # the pipe closed under it (`stop`)
            self.lines.put(b"")

    def stop(self, grace: float = 0.0) -> int | None:
        """End the program (killing its process group after `grace` seconds), reap it, close
        the pipes; its exit code (negative: killed by that signal)."""
        proc = self.proc
        if proc.stdin is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
        try:
            proc.wait(timeout=grace) if grace > 0 else None
        except subprocess.TimeoutExpired:
            pass
        self._kill()
        code = proc.wait()
        self.reader.join(timeout=1.0)
        if proc.stdout is not None and not self.reader.is_alive():   # (a close would wait on its read)
            proc.stdout.close()
        return code

    def _kill(self) -> None:
        proc = self.proc
        try:
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGKILL)    # its children too (a shell script's)
            elif proc.poll() is None:
                proc.kill()
        except (ProcessLookupError, PermissionError):
            pass


def _stop_quietly(child: _Child) -> None:
    """The finaliser of an agent dropped without `close`: its program is killed and reaped."""
    if child.proc.returncode is None:
        child.stop()


class ExternalAgent:
    """A program that answers decisions over JSON lines (see the module docstring).

    `command` is the program and its arguments (a list, or a string split with `shlex`);
    `seed` is sent in `hello` (for the program's own randomness); `name` labels it (default:
    the command); `kind` is the bot kind it was made from (`cmd:...`, for messages); `timeout`
    is the seconds allowed per decision; `max_line` the longest line read (bytes). The program
    is started at the first decision; `close(game)` sends `end` and stops it (a finaliser
    kills it if the agent is dropped without). Decisions with one legal answer are answered by
    the engine without asking it (`skip_forced`, as the built-in bots)."""

    human = False
    skip_forced = True

    def __init__(self, command: str | Sequence[str], seed: int = 0, name: str | None = None, *,
                 kind: str | None = None, timeout: float = DEFAULT_TIMEOUT, max_line: int = MAX_LINE):
        self.words = shlex.split(command) if isinstance(command, str) else list(command)
        self.kind = kind or PREFIX + shlex.join(self.words)
        self.name = name or self.kind
        self.seed = seed
        self.timeout = timeout
        self.max_line = max_line
        self.child: _Child | None = None
        self.closed = False

    # ------------------------------------------------------------------ the decisions
    def decide(self, game: GameView, d: Decision) -> Any:
        """Send `d` and return the program's answer, checked. Raises `ExternalAgentError`."""
        if self.closed:
            raise self._fail(d, "was asked after its game was closed")
        if self.child is None:
            self._start(game, d)
        self._send(d, decision_message(game, d))
        raw = self._read(d)
        try:
            message = json.loads(raw)
        except ValueError:
            raise self._fail(d, f"printed a line that is not JSON: {_clip(raw)}") from None
        if not isinstance(message, dict) or "answer" not in message:
            raise self._fail(d, f'printed {_clip(raw)}, not an object {{"answer": ...}}')
        try:
            answer = decode_answer(message["answer"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise self._fail(d, f"answered {_clip(raw)}, which is not an answer: {e}") from None
        problem = _problem(d, answer)
        if problem is not None:
            raise self._fail(d, f"answered illegally {_clip(raw)}: {problem}")
        return answer

    def rejected(self, d: Decision, reason: str) -> None:  # pragma: no cover - bots are never re-asked
        pass

    def close(self, game: GameView | None = None) -> None:
        """Tell the program the result (`end`, when `game` is over) and stop it: it is given
        `END_GRACE` seconds to exit, then killed. Safe to call more than once."""
        self.closed = True
        child, self.child = self.child, None
        if child is None:
            return
        if game is not None and getattr(game, "over", False) and child.proc.poll() is None:
            try:
                self._write(child, end_message(game))
            except OSError:
                pass
        child.stop(END_GRACE)

    # ------------------------------------------------------------------ the pipes
    def _start(self, game: GameView, d: Decision) -> None:
        try:
            child = _Child(self.words, self.max_line)
        except OSError as e:
            raise self._fail(d, f"could not be started: {e.strerror or e}") from None
        self.child = child
        weakref.finalize(self, _stop_quietly, child)
        self._send(d, hello_message(game, d.player.seat, self.seed))

    def _send(self, d: Decision, message: dict[str, Any]) -> None:
        assert self.child is not None
        try:
            self._write(self.child, message)
        except OSError:
            raise self._fail(d, "closed its input (it has exited?)") from None

    @staticmethod
    def _write(child: _Child, message: dict[str, Any]) -> None:
        stdin = child.proc.stdin
        assert stdin is not None
        stdin.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
        stdin.flush()

    def _read(self, d: Decision) -> str:
        assert self.child is not None
        try:
            line = self.child.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fail(d, f"gave no answer within {self.timeout:g} s") from None
        if not line:
            try:
                code = self.child.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                raise self._fail(d, "closed its output without answering") from None
            raise self._fail(d, f"exited (code {code}) without answering")
        if len(line) > self.max_line:
            raise self._fail(d, f"printed a line longer than {self.max_line} bytes")
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            raise self._fail(d, f"printed a line that is not UTF-8: {line[:80]!r}") from None

    def _fail(self, d: Decision, what: str) -> ExternalAgentError:
        """Stop the program and build the error that names it and the decision."""
        child, self.child = self.child, None
        self.closed = True
        if child is not None:
            child.stop()
        return ExternalAgentError(f"bot {self.name!r} {what} when asked {describe(d)}")


def _clip(text: str, most: int = 120) -> str:
    text = text.strip()
    return repr(text if len(text) <= most else text[:most] + "...")


def _problem(d: Decision, answer: Any) -> str | None:
    """Why `answer` is not legal for `d` (None: legal, or left to the engine's own check): a
    manage or raise action is checked by the engine's `check_action` (through `d.game`, the game
    that lists such a decision's options), an answer to a decision with listed options must be
    one of them; a bid is checked by the engine as it is asked."""
    try:
        if d.game is not None:
            d.game.check_action(d.player, answer, d.ctx["window"])
        elif d.listed is not None and answer not in d.listed:
            return f"not one of {json.dumps(encode_answer(list(d.listed)))}"
    except IllegalDecision as e:
        return str(e)
    except TypeError:              # an unhashable answer compared with the options
        return "not an answer of this kind"
    return None


# ---------------------------------------------------------------------- the messages
def plain(value: Any) -> Any:
    """`value` (a decision's detail) as JSON data: offers as saves encode them, players as
    their seats, tuples as lists, anything else of no JSON type as its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (TradeOffer, Deal)):
        return encode_answer(value)
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    seat = getattr(value, "seat", None)
    return seat if isinstance(seat, int) else str(value)


def hello_message(game: GameView, seat: int, seed: int) -> dict[str, Any]:
    """The first line to a program: the protocol version, the edition, the program's seat and
    seed, the players (seat, name) and the board (each space's index, id, English name, kind,
    group, price, mortgage value and rent table; money in units of the edition's currency)."""
    from ..edition.text import text_in
    ed = game.ed
    return {"type": "hello", "protocol": PROTOCOL, "edition": ed.id, "seat": seat, "seed": seed,
            "currency": ed.currency.code,
            "players": [{"seat": p.seat, "name": p.name} for p in game.players],
            "board": [{"index": s.index, "id": s.id, "name": text_in(s.name), "kind": s.kind, "group": s.group,
                       "price": s.price, "mortgage": s.mortgage, "rent": list(s.rent),
                       "house_cost": s.house_cost}
                      for s in ed.spaces],
            "groups": [{"id": g.id, "name": text_in(g.name), "spaces": list(g.spaces)} for g in ed.groups]}


def state_of(game: GameView) -> dict[str, Any]:
    """The compact state sent with each decision: the round, the turns played, the seat whose
    turn it is, each player (cash, position, alive, in jail, deeds, held cards), and per space
    the owner's seat (null: the bank), the building level and whether it is mortgaged; the
    buildings left in the bank by kind (absent: unlimited)."""
    current = game.current
    return {"round": game.round, "turns": game.turns, "turn": None if current is None else current.seat,
            "players": [{"seat": p.seat, "name": p.name, "cash": p.cash, "position": p.pos, "alive": p.alive,
                         "in_jail": p.in_jail, "deeds": sorted(p.deeds),
                         "cards": [list(c) for c in p.held_cards]} for p in game.players],
            "owner": [None if o is None else o.seat for o in game.owner],
            "level": list(game.level), "mortgaged": list(game.mortgaged),
            "bank_buildings": dict(game.stock)}


def decision_message(game: GameView, d: Decision) -> dict[str, Any]:
    """The line sent for decision `d`: its kind, the seat asked, the options (encoded as saves
    encode answers; empty for a bid, whose bounds are in `details`), the details, for a manage
    or raise decision the closed actions on the player's deeds with the engine's reason for each
    (`Game.closed_actions`), the state and the English text of it all."""
    message = {"type": "decision", "kind": d.kind, "seat": d.player.seat,
               "options": [encode_answer(o) for o in d.options],
               "details": {k: plain(v) for k, v in d.ctx.items()}}
    if d.game is not None:
        message["closed"] = [{"action": encode_answer(a), "why": why}
                             for a, why in game.closed_actions(d.player, d.ctx["window"])]
    message["state"] = state_of(game)
    message["text"] = decision_text(game, d)
    return message


def end_message(game: GameView) -> dict[str, Any]:
    """The last line: why the game ended, the winners' seats, the rounds and turns played, each
    player's cash and whether it is still in the game."""
    return {"type": "end", "reason": game.end_reason, "winners": [p.seat for p in game.winners],
            "round": game.round, "turns": game.turns,
            "players": [{"seat": p.seat, "cash": p.cash, "alive": p.alive} for p in game.players]}


def close_agents(agents: Sequence[Any], game: GameView | None = None) -> None:
    """Close every agent in `agents` that has `close(game)`: the programs of `cmd:` seats are
    told the result (when `game` is over) and stopped. For the front ends, in a `finally` after
    a game, so that no program outlives its game."""
    for agent in agents:
        fn = getattr(agent, "close", None)
        if callable(fn):
            fn(game)

