"""The answers of the `magie` command that need no typer (start-up time, issue 15): `magie`,
`magie --help` / `-h`, `magie --version` and `magie editions`, exactly as they are typed.

`import typer` alone costs about as much as the rest of `magie --help` (its vendored click, its
coercion layer, inspect, subprocess...). What the top-level help prints is all here: the app's
help (`HELP`), its two options and `COMMANDS`, the commands with their one-line helps; `help_text`
lays them out as click's plain help does (cli/commands.py builds the typer app from the same
names; tests/cli/test_quick.py compares the two at every width click uses). `magie editions`
runs its table (`print_editions`) without typer too. Any other command line, and anything
typed differently (`magie --help --version`, `magie nosuch`, an unknown option), goes to the
typer app, which prints what it always printed (usage errors included).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

TYPE_CHECKING = False   # not typing's: importing typing costs start-up (mypy reads this name the same)
if TYPE_CHECKING:
    from rich.console import Console

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("magie.cli.edition_commands",
                 "Check edition and overlay files: YAML, schema, meaning, and DSL code."),
    "editions": ("magie.cli.edition_commands",
                 "List the built-in editions and overlays with a one-line description of each."),
    "show": ("magie.cli.edition_commands",
             "Show an edition's board as a table, or the whole merged edition as YAML."),
    "diff": ("magie.cli.edition_commands",
             "Show what differs between two editions after merging, by JSON pointer."),
    "schema": ("magie.cli.edition_commands",
               "Print the JSON Schema of edition files, or its path (for editor setup)."),
    "watch": ("magie.cli.watch",
              "Validate an edition on every save and replay seeded games: what did the edit change?"),
    "check": ("magie.cli.check",
              "Self-test an edition: bot games with every invariant, replays, and what never fired."),
    "play": ("magie.cli.play",
             "Play a game at the terminal: people and bots, with a readable log, saves and resume."),
    "simulate": ("magie.cli.simulate",
                 "Play many games with bots and report statistics with confidence intervals."),
    "analyze": ("magie.cli.analyze",
                "Exact long-run landing odds of an edition, solved as a Markov chain (no simulation)."),
    "compare": ("magie.cli.compare",
                "Compare configurations on the same seeds: differences with confidence intervals."),
    "ladder": ("magie.cli.ladder",
               "Rate bot kinds against each other: round-robin tables over many seeds, openskill "
               "ratings."),
    "board": ("magie.cli.web_commands",
              "Draw the board of an edition: spaces as it lays them out, colour bands, names, prices."),
    "serve": ("magie.cli.web_commands",
              "Play in the browser: people at several browsers (or sharing one) and bots at one "
              "table."),
}
"""Command name -> (the module whose `register(app)` adds it, its one-line help), in the order
`magie --help` lists them (cli/commands.py registers them lazily from here)."""

HELP = ("magie: Monopoly-family board games from YAML editions.\n\n"
        "Editions (boards, deeds, cards, rules) are YAML files checked by a JSON Schema; "
        "overlays add house rules. Start with `magie editions` and `magie show classic`.")
"""The help of the `magie` app (`magie --help`)."""

VERSION_HELP = "Print magie's version and exit."
"""The help of `--version`."""

HELP_OPTIONS = ("-h", "--help")
"""The names of the help option (the app's `help_option_names`)."""

_HELP_OPTION_HELP = "Show this message and exit."     # click's own


def program_name() -> str:
    """The name `magie` was started by, as click tells it in a usage line (its
    `_detect_program_name`): the file's name, or `python -m PACKAGE.MODULE`."""
    path = sys.argv[0]
    package = getattr(sys.modules.get("__main__"), "__package__", None)
    if package in (None, ""):
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def help_width() -> int:
    """The width click lays its help out in: the terminal's columns (`$COLUMNS` first, as
    `shutil.get_terminal_size` reads them), at most 80, less 2, at least 50."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return max(min(columns, 80) - 2, 50)


def help_text(prog: str, width: int) -> str:
    """`magie --help` as click lays it out (`Group.format_help` with `rich_markup_mode=None`):
    the usage line, the app's help, its options and its commands, `width` columns wide."""
    from textwrap import TextWrapper

    def wrap(text: str, w: int, first: str = "", rest: str = "") -> str:
        return TextWrapper(w, initial_indent=first, subsequent_indent=rest, replace_whitespace=False).fill(text)

    out: list[str] = []
    usage, args = f"Usage: {prog} ", "[OPTIONS] COMMAND [ARGS]..."
    if width >= len(usage) + 20:
        out.append(wrap(args, width, usage, " " * len(usage)))
    else:
        out += [usage, "\n", wrap(args, width, " " * 11, " " * 11)]
    out.append("\n\n")
    out.append("\n\n".join(wrap(p.replace("\n", " "), width, "  ", "  ") for p in HELP.split("\n\n")))
    out.append("\n")

    def section(title: str, rows: list[tuple[str, str]]) -> None:
        out.append(f"\n{title}:\n")
        first_col = min(max(len(r[0]) for r in rows), 30) + 2
        for first, second in rows:
            out.append(f"  {first}")
            out.append(" " * (first_col - len(first)) if len(first) <= first_col - 2
                       else "\n" + " " * (first_col + 2))
            lines = wrap(second, max(width - first_col - 2, 10)).splitlines()
            out.append("".join([f"{lines[0]}\n", *(f"{'':>{first_col + 2}}{line}\n" for line in lines[1:])]))

    section("Options", [("--version", VERSION_HELP), (", ".join(HELP_OPTIONS), _HELP_OPTION_HELP)])
    section("Commands", [(name, one_line) for name, (_, one_line) in COMMANDS.items()])
    return "".join(out).rstrip("\n") + "\n"


def version_line() -> str:
    """`magie --version`: the version and whether the engine runs compiled."""
    from magie.engine import __version__

    compiled = compiled_modules()
    build = f"compiled with mypyc: {len(compiled)} modules" if compiled else "pure Python"
    return f"magie {__version__} ({build})"


def compiled_modules() -> list[str]:
    """The engine modules this install runs compiled (the opt-in mypyc build, README): those with
    an extension module beside their source; [] for the default pure-Python install. Looks at
    files only, so that it imports nothing."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import magie.engine
    root = os.path.dirname(os.path.abspath(magie.engine.__file__ or ""))
    found = set()
    for folder, _dirs, files in os.walk(root):
        for f in files:
            if any(f.endswith(suffix) for suffix in EXTENSION_SUFFIXES):
                rel = os.path.relpath(os.path.join(folder, f), root)
                found.add(rel.split(".")[0].replace(os.sep, "."))
    return sorted(found)


def console() -> Console:
    """The console of the edition commands: a terminal sets the width; piped output (files,
    tests) gets room for the whole board table. No markup, highlighting or emoji codes: edition
    text is printed as written."""
    from rich.console import Console

    return Console(highlight=False, markup=False, emoji=False, width=None if sys.stdout.isatty() else 120)


EDITIONS_TITLE = "Built-in editions and overlays"
EDITIONS_COLUMNS = ("kind", "id", "name", "description")
EDITIONS_BOLD = 1
"""The table of `magie editions`: its title, its columns and the one in bold (the id)."""


def editions_rows() -> list[tuple[str, str, str, str]]:
    """The rows of `magie editions`: kind, id, name and description of each built-in edition
    and overlay (engine/edition/listing.py)."""
    from magie.engine.edition.listing import list_builtin

    return [(info.kind, info.id, info.name,
             "(cannot be read: run magie validate)" if info.broken else info.description)
            for info in list_builtin()]


def print_editions() -> None:
    """`magie editions`: the table of the built-in editions and overlays. Drawn by `plain_table`
    where that gives exactly what rich would print (output that is not a terminal: no styles,
    120 columns; a terminal that is not dumb: bold and italic at its width), else by rich."""
    rows = editions_rows()
    output = _output()
    text = None
    if output == "plain":
        text = plain_table(EDITIONS_TITLE, EDITIONS_COLUMNS, rows, 120)
    elif output == "terminal":
        text = plain_table(EDITIONS_TITLE, EDITIONS_COLUMNS, rows, _rich_width(), bold=EDITIONS_BOLD)
    if text is not None:
        sys.stdout.write(text)
        return
    from rich.table import Table

    table = Table(title=EDITIONS_TITLE, title_justify="left")
    for n, name in enumerate(EDITIONS_COLUMNS):
        table.add_column(name, style="bold" if n == EDITIONS_BOLD else None)
    for row in rows:
        table.add_row(*row)
    console().print(table)


_RICH_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
"""Variables by which rich treats an output that is not a terminal as one (styles, colours)."""


def _output() -> str | None:
    """How rich's `console()` would print to this standard output, where this module can print
    the same: "plain" (not a terminal and not told it is one: no style, 120 columns), "terminal"
    (a terminal that is not dumb: bold and italic, the terminal's width), None otherwise (rich
    draws). Both need a UTF encoding on POSIX and none of the variables that change rich's mind."""
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    if (os.name != "posix" or not encoding.startswith("utf") or any(k in os.environ for k in _RICH_ENV)
            or getattr(sys.stdin, "__module__", "").startswith("idlelib")):
        return None
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        return None
    if not tty:
        return "plain"
    if os.environ.get("TERM", "").lower() in ("dumb", "unknown") or "JUPYTER_COLUMNS" in os.environ:
        return None
    return "terminal"


def _rich_width() -> int:
    """The width rich gives a console on a terminal (`Console.size`): `$COLUMNS` when it is
    digits, else the size of the first of stdin, stdout and stderr that is a terminal, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return int(columns)
    for fd in (0, 1, 2):
        try:
            return os.get_terminal_size(fd).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


def plain_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], width: int,
                bold: int | None = None) -> str | None:
    """What rich prints for `Table(title=title, title_justify="left")` with these columns (all
    defaults) and rows on a `width`-column console without styles; None when the table needs what
    this does not do (text other than printable ASCII, a word cut with an ellipsis, a header or
    the title wrapped), for which rich must draw it. Mirrors rich's layout: each column as wide as
    its longest cell plus padding, the widest ones narrowed in turn to fit (`Table._collapse_widths`),
    cells wrapped at spaces; tests/cli/test_quick.py compares the two. With `bold` (a column's
    index) the table is styled as rich styles it on a terminal: the title in italic, the headers
    and that column in bold (SGR codes)."""
    cells = [list(headers), *([*r] for r in rows)]
    if any(not (c.isascii() and c.isprintable()) for row in cells for c in row):
        return None
    n = len(headers)
    extra = n + 1                                 # the borders: both edges and a divider between columns
    room = width - extra
    if room < 1:
        return None
    widths = [min(max(len(row[i]) for row in cells) + 2, room) or 1 for i in range(n)]
    if sum(widths) > room:
        widths = _collapse(widths, room)
        if sum(widths) > room:
            widths = _reduce(sum(widths) - room, [1] * n, widths, widths)
    table_width = sum(widths) + extra
    if len(title) > table_width or any(len(h) + 2 > w for h, w in zip(headers, widths, strict=True)):
        return None
    def b(text: str) -> str:        # rich's bold segment
        return f"\x1b[1m{text}\x1b[0m"

    def cell(text: str, w: int, styled: bool) -> str:
        return f"{b(' ')}{b(f'{text:<{w - 2}}')}{b(' ')}" if styled else f" {text:<{w - 2}} "

    styled = bold is not None
    line = title + " " * (table_width - len(title))
    out = [(f"\x1b[3m{line}\x1b[0m" if styled else line) + "\n"]
    out.append("\u250f" + "\u2533".join("\u2501" * w for w in widths) + "\u2513\n")
    out.append("\u2503" + "\u2503".join(cell(h, w, styled) for h, w in zip(headers, widths, strict=True))
               + "\u2503\n")
    out.append("\u2521" + "\u2547".join("\u2501" * w for w in widths) + "\u2529\n")
    for row in rows:
        lines = []
        for text, w in zip(row, widths, strict=True):
            wrapped = _wrap(text, w - 2)
            if wrapped is None:
                return None
            lines.append(wrapped)
        for k in range(max(len(c) for c in lines)):
            out.append("\u2502" + "\u2502".join(
                (cell(c[k], w, n == bold) if k < len(c) else b(" " * w) if n == bold else " " * w)
                for n, (c, w) in enumerate(zip(lines, widths, strict=True))) + "\u2502\n")
    out.append("\u2514" + "\u2534".join("\u2500" * w for w in widths) + "\u2518\n")
    return "".join(out)


def _wrap(text: str, width: int) -> list[str] | None:
    """`text` (printable ASCII) in lines as rich wraps a cell `width` wide (`rich._wrap.divide_line`
    over words with the spaces after them, then `Text.rstrip_end`); None when a word is longer than
    `width` (rich cuts it with an ellipsis)."""
    if width < 1:
        return None
    starts: list[int] = []
    offset = pos = 0
    end = len(text)
    while True:
        start = i = pos
        while i < end and text[i] == " ":
            i += 1
        if i == end:                      # no word left
            break
        while i < end and text[i] != " ":
            i += 1
        word_length = i - start           # the word without the spaces after it
        while i < end and text[i] == " ":
            i += 1
        pos = i
        if width - offset >= word_length:
            offset += pos - start
        elif word_length > width:
            return None
        elif offset and start:
            starts.append(start)
            offset = pos - start
    lines = []
    for a, b in zip([0, *starts], [*starts, end], strict=True):
        line = text[a:b]
        if len(line) > width:            # spaces past the width are dropped
            line = line[:len(line) - min(len(line) - len(line.rstrip(" ")), len(line) - width)]
            if len(line) > width:
                return None
        lines.append(line)
    return lines


def _collapse(widths: list[int], room: int) -> list[int]:
    """rich's `Table._collapse_widths` for columns that all wrap: narrow the widest columns to the
    next widest, in turn, until the table fits in `room`."""
    total = sum(widths)
    excess = total - room
    while total and excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        difference = widest - second
        ratios = [1 if w == widest else 0 for w in widths]
        if not difference:
            break
        widths = _reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
        total = sum(widths)
        excess = total - room
    return widths


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's `_ratio.ratio_reduce`: take `total` off `values` in proportion to `ratios`, at most
    `maximums` each."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    out = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            distributed = min(maximum, round(ratio * total / total_ratio))
            out.append(value - distributed)
            total -= distributed
            total_ratio -= ratio
        else:
            out.append(value)
    return out


def _print_help() -> None:
    sys.stdout.write(help_text(program_name(), help_width()))


def _print_usage_help() -> None:      # a bare `magie`: the help on stderr, exit code 2 (click's way)
    sys.stdout.flush()
    sys.stderr.write(help_text(program_name(), help_width()))
    raise SystemExit(2)


def _print_version() -> None:
    sys.stdout.write(version_line() + "\n")


ANSWERS: dict[tuple[str, ...], Callable[[], None]] = {
    (): _print_usage_help, ("--help",): _print_help, ("-h",): _print_help,
    ("--version",): _print_version, ("editions",): print_editions,
}
"""The command lines (without the program name) answered here, and what answers each."""


def answer(args: list[str]) -> Callable[[], None] | None:
    """What answers the command line `args` without typer, or None when it is the typer app's
    to run: any other command line, or shell completion asked for (a `_..._COMPLETE` variable,
    which click answers before anything else)."""
    found = ANSWERS.get(tuple(args))
    if found is None or any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return None
    return found


def run(answering: Callable[[], None]) -> None:
    """Run `answering` as click would run a command: a closed pipe (`magie editions | head -1`)
    ends quietly with exit code 1, Ctrl-C with 130."""
    try:
        answering()
        sys.stdout.flush()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except BrokenPipeError:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        raise SystemExit(1) from None
