"""Terminal I/O for people: printing, reading answers (with deadlines), the commands that work
at any prompt, and numbered menus. The prompts for each decision are in human.py.

`Terminal` reads the answers: with `--decision-timeout`, through `select` on stdin when it is
a real file descriptor; a human who does not answer in time raises the engine's
`DecisionTimeout`, and the engine takes the neutral answer or, where the edition says so,
makes the player bankrupt (`rules.decision_timeout`).
"""

from __future__ import annotations

import io
import os
import select
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape

from magie.engine.errors import DecisionTimeout

from .i18n import gettext_for
from .render import N_, Names
from .ring import ring_view
from .status import compact_view, status_view

HELP = N_("""[bold]At any prompt[/]
  [bold]s[/], status   the status on one screen: players, each group's deeds with owners and rents
  [bold]full[/]        the full status tables
  [bold]m[/], map      the board: the ring of spaces with owners, buildings and tokens
  [bold]w[/], save     save the game now and go on playing
  [bold]h[/], ?        this help
  [bold]q[/], quit     quit the game (you are offered to save it first)
Answer with the key before an option, a number or a letter (or its word: buy, pass, roll, end, ...);
Enter takes the default the prompt names.""")


class QuitGame(Exception):
    """The human asked to quit (`q`): the session offers to save, then stops."""


# ---------------------------------------------------------------------- reading answers
class LineReader:
    """Reads lines from a file descriptor with a deadline, using `select`: raises
    `DecisionTimeout` when the deadline passes, `EOFError` at the end of input. It keeps its
    own buffer, so lines already read count as ready (unlike `select` on a buffered stream)."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buf = b""

    def readline(self, deadline: float | None) -> str:
        while b"\n" not in self.buf:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise DecisionTimeout()
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                raise DecisionTimeout()
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if self.buf:
                    line, self.buf = self.buf, b""
                    return line.decode("utf-8", "replace").rstrip("\r")
                raise EOFError
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")


def _stdin_fd() -> int | None:
    """The file descriptor of stdin if `select` can wait on it, else None."""
    try:
        fd = sys.stdin.fileno()
        select.select([fd], [], [], 0)
        return fd
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None


class Terminal:
    """Prompts and answers on the console. `interactive` (default: stdin is a terminal) says
    whether a person can answer questions such as "save before quitting?"; `timeouts` makes
    reads honour a deadline (see `LineReader`)."""

    def __init__(self, console: Console, *, interactive: bool | None = None, timeouts: bool = False):
        self.console = console
        if interactive is None:
            try:
                interactive = sys.stdin.isatty()
            except (AttributeError, ValueError):
                interactive = False
        self.interactive = interactive
        fd = _stdin_fd() if timeouts else None
        self.reader = LineReader(fd) if fd is not None else None

    @property
    def timeouts(self) -> bool:
        """True when reads can time out."""
        return self.reader is not None

    def say(self, text: Any = "") -> None:
        """Print markup text (or a rich renderable)."""
        self.console.print(text, highlight=False, soft_wrap=isinstance(text, str))

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """Show `prompt`, return the answer line stripped. Raises `EOFError` at the end of
        input, `DecisionTimeout` after `deadline` (time.monotonic) when timeouts are on."""
        self.console.print(prompt, end="", highlight=False, soft_wrap=True)
        if self.reader is not None:
            self.console.file.flush()
            line = self.reader.readline(deadline)
        else:
            line = self.console.input("")
        if not self.interactive:   # show the answer, so a transcript reads like a session
            self.console.print(escape(line), highlight=False)
        return line.strip()


# ---------------------------------------------------------------------- menus
@dataclass
class Opt:
    """One option of a prompt: typed as `key` (or one of `words`), answers `answer`."""

    key: str
    label: str
    answer: Any
    words: tuple[str, ...] = ()



class Prompter:
    """Asks one person at the terminal: `line` reads an answer and handles the commands that
    work at any prompt (s status, h help, q quit, w save), `choose` shows a numbered menu.
    `name` is the person's name in the prompt; `game` (set by the agent before asking) is shown
    by the status command; `deadline` (time.monotonic, or None) bounds each read; `on_save(game)`
    saves and returns a message."""

    def __init__(self, term: Terminal, name: str, names: Names, on_save: Callable[[Any], str] | None = None):
        self.term = term
        self.name = name
        self.names = names
        self.on_save = on_save
        self.game: Any = None
        self.deadline: float | None = None
        self._ = self.gettext = gettext_for(names.lang).gettext    # the interface's words (cli/i18n.py)

    def say(self, text: Any = "") -> None:
        """Print markup text (or a rich renderable)."""
        self.term.say(text)

    def line(self, prompt: str, on_status: Callable[[], None] | None = None,
             taken: frozenset[str] = frozenset()) -> str | None:
        """Read one answer; handle the global commands (returning None after one). A word in
        `taken` (an option's own key, such as the auction's m for the minimum bid) is returned as
        the answer instead of running the global command of that letter."""
        raw = self.term.read(prompt, self.deadline)
        word = raw.lower()
        if word in taken:
            return raw
        if word in ("s", "status"):
            self.term.say(compact_view(self.game, self.names))
            if on_status:
                on_status()
            return None
        if word in ("full", "ss"):
            self.term.say(status_view(self.game, self.names))
            if on_status:
                on_status()
            return None
        if word in ("m", "map", "board"):
            self.term.say(ring_view(self.game, self.names))
            if on_status:
                on_status()
            return None
        if word in ("h", "?", "help"):
            self.term.say(self.gettext(HELP))   # not _(): the help is a constant, not a literal for extraction
            return None
        if word in ("q", "quit", "exit"):
            raise QuitGame()
        if word in ("w", "save"):
            self.term.say(self.on_save(self.game) if self.on_save else self._("Saving is not available here."))
            return None
        return raw

    def choose(self, lines: Sequence[str], options: Sequence[Opt], *, default: str | None = None,
                parse: Callable[[str], Any] | None = None, hint: str = "") -> Any:
        """Show `lines` and `options`; return the chosen option's answer (or `parse(text)` for
        free input such as a bid; `parse` raises ValueError with a message to ask again).
        Empty input picks the option keyed `default`."""
        by_key = {}
        for o in options:
            by_key[o.key.lower()] = o
            for w in o.words:
                by_key.setdefault(w.lower(), o)

        def show() -> None:
            for line in lines:
                self.term.say(line)
            for o in options:
                self.term.say(f"  [bold cyan]{escape(o.key)}[/]  {o.label}")

        show()
        keys = [o.key for o in options]
        numbers = [k for k in keys if k.isdigit()]
        letters = [k for k in keys if not k.isdigit()]
        nums = sorted(int(k) for k in numbers)
        choices = ([f"{nums[0]}-{nums[-1]}" if len(nums) > 1 else numbers[0]] if numbers else []) + letters
        hint = hint or "/".join(choices)
        _ = self._
        enter = _(", Enter = {key}").format(key=by_key[default].key) if default else ""
        # an option's key beats the global command of the same letter (the auction's m bids)
        commands = _("s status, map, h help") if "m" in by_key else _("s status, m map, h help")
        prompt = f"[bold]{escape(self.name)}[/] [dim]({hint}{enter}; {commands})[/] > "
        while True:
            raw = self.line(prompt, on_status=show, taken=frozenset(by_key))
            if raw is None:
                continue
            if raw == "" and (default or len(options) == 1):
                return (by_key[default] if default else options[0]).answer
            picked = by_key.get(raw.lower())
            if picked is not None:
                return picked.answer
            if parse is not None and raw:
                try:
                    return parse(raw)
                except ValueError as e:
                    self.term.say(f"[red]{escape(str(e))}[/]")
                    continue
            again = _("Please answer {hint} (or press Enter).") if default else _("Please answer {hint}.")
            self.term.say(f"[red]{again.format(hint=hint)}[/]")

