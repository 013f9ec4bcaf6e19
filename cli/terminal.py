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

from .i18n import gettext_for, layout_twin, words_of
from .render import N_, Names
from .ring import ring_view
from .status import compact_view, status_view

HELP = N_("[bold]At any prompt[/]")
"""The first line of the help (`Prompter.help_text` writes the rest from `COMMANDS` and the
prompt's options)."""

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("status", N_("s, status"), N_("the status on one screen: players, each group's deeds with owners and rents")),
    ("full", N_("full, ss"), N_("the full status tables")),
    ("map", N_("m, map, board"), N_("the board: the ring of spaces with owners, buildings and tokens")),
    ("save", N_("w, save"), N_("save the game now and go on playing")),
    ("help", N_("h, ?, help"), N_("this help")),
    ("quit", N_("q, quit, exit"), N_("quit the game (you are offered to save it first)")),
)
"""The commands of every prompt: (command, the words that call it, what it does). The words are
a catalogue id (English) whose translation adds the language's own (Russian: с, сводка); the
first one's key in the language's keyboard layout works too (s -> ы). An option of the prompt
that claims a word beats the command (the auction's m bids the minimum)."""

ANSWERS: dict[str, str] = {
    "yes": N_("yes, y"), "no": N_("no, n"),
    "buy": N_("buy, b"), "decline": N_("decline, do not buy"),
    "roll": N_("roll, r, throw"), "end": N_("end, done, e"),
    "min": N_("min, minimum"), "pass": N_("pass, p"),
    "pay": N_("pay, pay it"), "card": N_("card, c"),
    "accept": N_("accept, a"), "reject": N_("reject, r"),
    "claim": N_("claim, claim it"), "let go": N_("let go, let it go"),
    "fixed": N_("fixed, fixed amount"), "alternative": N_("alternative, other"),
    "lift": N_("lift, lift it"), "keep": N_("keep, keep it"),
    "redeem": N_("redeem, redeem it"), "release": N_("release, release it"),
    "cancel": N_("cancel, c"), "none": N_("none, no building"), "back": N_("back"),
    "trade": N_("trade, t"), "evenly": N_("evenly, e"), "interval": N_("interval, i"),
    "bankrupt": N_("bankrupt, bankruptcy"), "counter": N_("counter, c"),
    "propose": N_("propose, p"),
    "pass up": N_("pass, skip"),       # a purchase passed up (its words without a letter of their own)
}
"""The words a person may type for an answer, by what they mean: a catalogue id (the English
words, comma-separated) whose translation lists the language's words, its synonyms and
first letters (Russian: бросить, бросок, кинуть, б). Prompts name the meanings
(`Prompter.words`); no prompt lists words of its own."""


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
    """One option of a prompt: typed as `key` (or one of `words`, or the key's twin on the
    language's keyboard layout), answers `answer`."""

    key: str
    label: str
    answer: Any
    words: tuple[str, ...] = ()



class Prompter:
    """Asks one person at the terminal: `line` reads an answer and handles the commands that
    work at any prompt (`COMMANDS`: s status, h help, q quit, w save, and their words in the
    person's language), `choose` shows a numbered menu whose options are answered by their key,
    their words (`ANSWERS`) and the key's twin on the language's keyboard.
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

    def words(self, *meanings: str) -> tuple[str, ...]:
        """The words that answer with `meanings` (keys of `ANSWERS`), English and this language's."""
        return tuple(dict.fromkeys(w for m in meanings for w in words_of(ANSWERS[m], self.names.lang)))

    def command_words(self, taken: frozenset[str] = frozenset()) -> dict[str, str]:
        """word -> command (a key of `COMMANDS`) at a prompt whose options claim `taken`: the
        words of each command, this language's first, and its key's twin in the keyboard layout."""
        lang = self.names.lang
        out: dict[str, str] = {}
        for cmd, words, _what in COMMANDS:
            english = words_of(words, "en")
            own = [w for w in words_of(words, lang) if w not in english]
            for w in (*own, *english, layout_twin(english[0], lang)):
                if w and w not in taken:
                    out.setdefault(w, cmd)
        return out

    def command_key(self, cmd: str, taken: frozenset[str]) -> str:
        """The shortest word that calls `cmd` at a prompt whose options claim `taken`, this
        language's own first (shown in the prompt's hint)."""
        words = [w for w, c in self.command_words(taken).items() if c == cmd]
        foreign = self.names.lang != "en"      # a one-letter key first, then this language's words
        # the key's twin in the keyboard layout (ы for s on ЙЦУКЕН) works but reads as nonsense
        # beside the word it stands for ("ы сводка"): shown only when nothing else calls `cmd`
        english = next(words_of(w, "en")[0] for c, w, _what in COMMANDS if c == cmd)
        twin = layout_twin(english, self.names.lang)
        # a Latin letter in another language's prompt reads as a stray: its own word comes first
        return min(words, key=lambda w: (w == twin, foreign and w.isascii() and w.isalpha(), len(w) != 1,
                                         len(w))) if words else ""

    def help_text(self, options: Sequence[Opt] = (), keys: dict[str, Opt] | None = None,
                  taken: frozenset[str] = frozenset(), closed: Callable[[], list[str]] | None = None) -> str:
        """The help: every command with the words that call it at this prompt, then the options
        of the prompt with every key and word that answers each (`keys`: word -> option), then
        `closed()`: what is not open at this prompt and why, a line each."""
        _ = self._
        english = {w for _cmd, words, _what in COMMANDS for w in words_of(words, "en")} | {
            w for o in options for w in o.words if w.isascii()}

        def shown(w: str) -> bool:      # another language's help leaves out the English words (they work)
            return self.names.lang == "en" or len(w) == 1 or w not in english

        calls: dict[str, list[str]] = {}
        for w, cmd in self.command_words(taken).items():
            if shown(w):
                calls.setdefault(cmd, []).append(w)
        rows = [(calls.get(cmd, ["—"]), _(what)) for cmd, _words, what in COMMANDS]
        width = max(len(", ".join(ws)) for ws, _what in rows)
        lines = [_(HELP)]
        for ws, what in rows:
            called = ", ".join(f"[bold]{escape(w)}[/]" if len(w) == 1 else escape(w) for w in ws)
            lines.append(f"  {called}{' ' * (width - len(', '.join(ws)))}   {what}")
        if options and keys is not None:
            lines.append(_("Here each option is answered by its key or by:"))
            for o in options:
                more = [w for w, picked in keys.items() if picked is o and w != o.key.lower() and shown(w)]
                if more:
                    lines.append(f"  [bold cyan]{escape(o.key)}[/]  " + ", ".join(escape(w) for w in more))
        lines.append(_("Answer with the key before an option (a number or a letter) or one of its words; "
                       "Enter takes the default the prompt names."))
        why = closed() if closed is not None else []
        if why:
            lines.append(_("[bold]Not open now[/], and why:"))
            lines.extend(f"  {line}" for line in why)
        return "\n".join(lines)

    def line(self, prompt: str, on_status: Callable[[], None] | None = None,
             taken: frozenset[str] = frozenset(), help_text: Callable[[], str] | None = None) -> str | None:
        """Read one answer; handle the global commands (returning None after one). A word in
        `taken` (an option's own key, such as the auction's m for the minimum bid) is returned as
        the answer instead of running the global command of that word. `help_text` writes the
        help of this prompt (default: the commands only)."""
        raw = self.term.read(prompt, self.deadline)
        word = raw.lower()
        if word in taken:
            return raw
        cmd = self.command_words(taken).get(word)
        if cmd in ("status", "full", "map"):
            view = {"status": compact_view, "full": status_view, "map": ring_view}[cmd]
            self.term.say(view(self.game, self.names))
            if on_status:
                on_status()
            return None
        if cmd == "help":
            self.term.say(help_text() if help_text else self.help_text(taken=taken))
            return None
        if cmd == "quit":
            raise QuitGame()
        if cmd == "save":
            self.term.say(self.on_save(self.game) if self.on_save else self._("Saving is not available here."))
            return None
        return raw

    def answer_keys(self, options: Sequence[Opt]) -> tuple[dict[str, Opt], frozenset[str]]:
        """What answers each option: word -> option (its key, its words, and its key's twin in
        this language's keyboard layout: d -> в), and the words two options claim, which answer
        neither (no two actions on one key; an option's own key always wins)."""
        keys = {o.key.lower(): o for o in options}
        claims: dict[str, list[Opt]] = {}
        for o in options:
            for w in (*o.words, layout_twin(o.key, self.names.lang)):
                if w and w.lower() not in keys:
                    mine = claims.setdefault(w.lower(), [])
                    if not any(x is o for x in mine):
                        mine.append(o)
        blocked = frozenset(w for w, os in claims.items() if len(os) > 1)
        keys.update((w, os[0]) for w, os in claims.items() if len(os) == 1)
        return keys, blocked

    def commands_hint(self, taken: frozenset[str]) -> str:
        """The commands part of a prompt's hint: the shortest word of status, map and help that
        works here ("s status, m map, h help"; in an auction, where m bids, "map")."""
        parts = []
        for cmd, shown in (("status", N_("{key} status")), ("map", N_("{key} map")), ("help", N_("{key} help"))):
            key = self.command_key(cmd, taken)
            if key:
                parts.append(self._(shown).format(key=key) if len(key) <= 2 else key)
        return ", ".join(parts)

    def choose(self, lines: Sequence[str], options: Sequence[Opt], *, default: str | None = None,
               parse: Callable[[str], Any] | None = None, hint: str = "",
               closed: Callable[[], list[str]] | None = None) -> Any:
        """Show `lines` and `options`; return the chosen option's answer (or `parse(text)` for
        free input such as a bid; `parse` raises ValueError with a message to ask again).
        Empty input picks the option keyed `default`. An option is answered by its key, its
        words and its key's twin on this language's keyboard (see `answer_keys`). The help
        (h, ?) ends with `closed()`: what is not open here and why."""
        by_key, blocked = self.answer_keys(options)
        taken = frozenset(by_key) | blocked

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
        prompt = f"[bold]{escape(self.name)}[/] [dim]({hint}{enter}; {self.commands_hint(taken)})[/] > "
        while True:
            raw = self.line(prompt, on_status=show, taken=taken,
                            help_text=lambda: self.help_text(options, by_key, taken, closed))
            if raw is None:
                continue
            if raw == "" and (default or len(options) == 1):
                return (by_key[default] if default else options[0]).answer
            picked = by_key.get(raw.lower())
            if picked is not None:
                return picked.answer
            if raw.lower() in blocked:
                both = [o.key for o in options if raw.lower() in (w.lower() for w in o.words)
                        or layout_twin(o.key, self.names.lang) == raw.lower()]
                self.term.say("[red]" + _("“{word}” could answer {keys}: type the key.").format(
                    word=escape(raw), keys=" / ".join(both)) + "[/]")
                continue
            if parse is not None and raw:
                try:
                    return parse(raw)
                except ValueError as e:
                    self.term.say(f"[red]{escape(str(e))}[/]")
                    continue
            again = _("Please answer {hint} (or press Enter).") if default else _("Please answer {hint}.")
            self.term.say(f"[red]{again.format(hint=hint)}[/]")
