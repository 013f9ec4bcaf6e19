"""Problems of edition files in the interface's language (`magie validate --lang`), and the engine's
messages `magie play --lang` tells (an unknown overlay or bot kind, a save it cannot read).

The checks (engine/edition, engine/dsl) write every problem in English, the stable text tools and
tests read. For a person, `format_problem` tells a problem in the language of
`i18n.use_language`: the severity word and the fixed parts of the message come from the one
catalogue (cli/locale) through the message `TEMPLATES` below; the file, line, column, the code
and everything a template leaves to a placeholder (ids, field paths, values, lists of names) stay
as they are. A template is the English message with `{name}` where the check put a value; the
values of the placeholders in `WORDY` are words themselves and are told through the templates in
turn ("expected {expected}, found {found}" with "an integer", "the text {text}"). A message no
template matches is told in English, as before."""

from __future__ import annotations

import re
from functools import cache
from string import Formatter

from magie.engine.problems import Problem

from .i18n import _
from .render import N_

SEVERITIES = {"error": N_("error"), "warning": N_("warning")}
"""The severity words of a problem line."""

TEMPLATES: tuple[str, ...] = (
    # the schema (engine/edition/schema.py)
    N_("{where}'{key}' is required{for_what}"),
    N_("{where}'{prop}' needs '{need}' too"),
    N_("{where}'{key}' does not belong here: only {owners} have '{key}' (a {kind} space has: {allowed})"),
    N_("{where}unknown key '{key}'{hint} (allowed here: {allowed})"),
    N_("{where}'{key}' does not belong here: {reason}"),
    N_("{where}the key '{key}' is not allowed here: {meaning}"),
    N_("{where}the key '{key}' is not allowed here"),
    N_("{where}expected {expected}, found {found}{hint}"),
    N_("{where}{found} is not one of: {options}{hint}"),
    N_("{where}{value} is not allowed: {meaning}"),
    N_("{where}{value} is too small (the least allowed is {least})"),
    N_("{where}{value} is too large (the most allowed is {most})"),
    N_("{where}needs at least {n} item"),
    N_("{where}needs at least {n} items"),
    N_("{where}has {n} items; at most {most} are allowed"),
    N_("{where}must not be empty"),
    # reading the file (engine/edition/yamlload.py, loader.py)
    N_("YAML syntax error: {detail}"),
    N_("a tab is used for indentation; YAML indents with spaces only"),
    N_("key '{key}' appears twice in this map (first at line {line}); YAML would silently keep only one"),
    N_("the file is empty (or only comments); an edition is a map with keys such as id, name, board"),
    N_("the top level of the file must be a map of keys (id, name, board, ...), not {what}"),
    N_("unsupported tag {tag}; only plain YAML is read"),
    N_("byte {byte} is not valid UTF-8; save the file as UTF-8"),
    N_("{number} is out of range: whole numbers in an edition lie between {least} and {most}"),
    N_("this text holds the control character {char} (a terminal escape?); texts are printed to players' "
       "terminals, so only new lines and tabs are allowed"),
    N_("the file expands to more than {n} values (aliases used in a loop?)"),
    N_("the YAML is nested too deeply"),
    N_("no such file or folder: {path}"),
    N_("no such file or folder, and no built-in edition '{edition}' (built-in editions: {editions})"),
    N_("no such file: {path}"),
    N_("cannot read {path}: {why}"),
    N_("cannot use {path}: {why}"),
    N_("{path} is a folder, not a YAML file"),
    N_("{path} is not a regular file (a pipe or a device?), not a YAML file"),
    N_("the folder {path} has no .yaml files"),
    N_("file is {size}; edition files are limited to {most}"),
    N_("file is over {most}, the limit for edition files"),
    N_("the file has more than {n} values (maps, lists and scalars); edition files are limited to that"),
    N_("this list has {n} items; at most {most} are allowed"),
    N_("this map has {n} keys; at most {most} are allowed"),
    N_("unknown edition '{edition}' (built-in editions: {editions}; to use your own file give its path, "
       "e.g. {example})"),
    N_("edition '{edition}': no such file {path}"),
    N_("editions extend each other in a loop: {chain}"),
    N_("an overlay cannot use 'extends:'; it applies to the edition it is used with"),
    N_("an item with 'delete: true' has only 'id' and 'delete'; remove {keys} (or drop 'delete' to patch the "
       "item)"),
    # the meaning (engine/edition/semantic.py)
    N_("{what} id '{id}' is used twice{at}"),
    N_("space '{space}' names group '{group}', which is not defined{hint} (defined: {names})"),
    N_("space '{space}' draws from deck '{deck}', which is not defined{hint} (defined: {names})"),
    N_("space '{space}' has kind '{kind}', which is neither built in nor declared under space_kinds{hint} "
       "(kinds: {names})"),
    N_("group '{group}' builds on ladder '{ladder}', which is not defined{hint} (defined: {names})"),
    N_("the supply names '{kind}', which no ladder builds{hint} (kinds: {names})"),
    N_("the personal supply names '{kind}', which no ladder builds{hint} (kinds: {names})"),
    N_("the cap names group '{group}', which is not defined{hint} (defined: {names})"),
    N_("the table has no amount for these numbers of players: {counts}; the edition allows {least} to {most} "
       "(players.min, players.max)"),
    N_("the table names numbers of players the edition does not allow ({least} to {most}): {counts}; no game "
       "reads them"),
    N_("the bank holds {have}, less than the start cash of {n} players ({n} × {each} = {total}); "
       "setup.bank.cash is all the money of the game, and the start cash is dealt from it"),
    N_("die '{die}' has the face '{face}', which is not a symbol of dice.symbols{hint} (symbols: {names})"),
    N_("group '{group}' has no spaces on the board"),
    N_("the board has more than one start space: {spaces}"),
    N_("the board has more than one jail: {spaces}"),
    N_("street '{street}' is in group '{group}', which has no house_cost; streets belong to groups that can "
       "be built on"),
    N_("street '{street}': the mortgage value {mortgage} must be below the price {price}"),
    N_("street '{street}': rents must rise with each building, but {rent} ({level}) is not above {below} "
       "({below_level})"),
    N_("street '{street}' has {n} rents, expected at least {least}: {why}"),
    N_("ladder '{ladder}': its levels do not rise: '{kind}' comes back after '{other}' (each kind of building "
       "is one run of levels, lowest first)"),
    N_("ladder '{ladder}': its levels do not rise: '{kind}' needs '{share}' of the group, less than the level "
       "below it ('{below}')"),
    N_("group '{group}' builds a '{kind}' (ladder '{ladder}', level {level}) but has no price for it: give the "
       "group costs: {{{kind}: N}}, a house_cost, or the ladder step a cost"),
    N_("{layer} patches {part} item '{id}', which {target} does not have{hint}; to add a new item instead, "
       "give all its required keys (missing: {keys})"),
    N_("{layer} changes {path} in {languages} but not in {stale}, which keeps {text}; give every language, "
       "or delete a stale one with {language}: null"),
    N_("players.min ({least}) is greater than players.max ({most})"),
    N_("space kind '{kind}' has no effect: give it at least one hook ({hooks}) or make it a deed (`deed:`)"),
    N_("rules.{section}.{key} names '{name}', which is neither a kind of deed nor a group{hint} (kinds of deed: "
       "{kinds}; groups: {names})"),
    N_("{kind} '{space}' has no mortgage value: give `mortgage` (below the price), or name the deed's kind or "
       "group in rules.mortgage.unavailable"),
    N_("{kind} '{space}' is a title deed (space kind '{kind}' has `deed:`) and needs `{key}`"),
    N_("space '{space}': '{key}' belongs to title deeds, and space kind '{kind}' is no deed (a {kind} space has: "
       "id, kind, name; `deed: count` or `deed: flat` on the kind makes its spaces deeds)"),
    N_("{kind} '{space}' has {n} rents, expected 1: kind '{kind}' has a flat rent (deed: flat)"),
    N_("roles.balance 'each' needs every role taken, but {n} roles cannot all be taken by {least} players "
       "(players.min): raise players.min to {n}, or choose balance 'even' or 'free'"),
    N_("role id '{role}' is used twice (first as role {first})"),
    N_("role '{role}' has the name of a word of the DSL, so `p.role == {role}` could not name it; choose another id"),
    N_("space kind '{kind}' has the name of a built-in kind of space; choose another id"),
    N_("space kind '{kind}' has the name of a set of the DSL; choose another id"),
    N_("symbol '{symbol}' does nothing: give it 'instead' (replaces the move) or 'after' (after the landing)"),
    N_("no card space draws from deck '{deck}', so its cards can never be drawn"),
    N_("no space of the board has kind '{kind}'"),
    N_("no face of dice.extra shows symbol '{symbol}'"),
    N_("'jail' is the jail's own id; a holding space beside it needs another id"),
    N_("holding space '{holding}' stands on space '{space}', which the board does not have{hint}"),
    N_("doubles send players to the holding space '{holding}', which is neither the jail nor one of "
       "rules.holdings{hint}"),
    N_("board_layout gives both 'sides' and 'cells': give only one of them"),
    N_("board_layout gives neither 'sides' nor 'cells': give one of them"),
    N_("the sides {sides} add up to {total} spaces, the board has {n}: each side counts the corner that opens it"),
    N_("board_layout places '{space}', which is not a space of the board{hint}"),
    N_("'{space}' is placed on column {column}, row {row}, where '{other}' already is"),
    N_("spaces without a cell in board_layout ({n}; every space needs one): {spaces}"),
    N_("the text shows {{{name}}}, but the card has no value '{value}' (its values: {names}); add it under "
       "'values:'"),
    N_("the edition needs the plugin '{plugin}', which is not installed (install it: pip install {plugin}; "
       "plugins installed: {plugins})"),
    # the DSL (engine/dsl)
    N_("unknown name '{name}'{hint}"),
    N_("'{name}' is a function of the plugin '{plugin}', which this edition does not declare: add it to the "
       "edition's `plugins:` list"),
    N_("unknown holding space '{holding}': neither the jail nor one of rules.holdings{hint}"),
    N_("unknown role '{role}'{hint} (the edition's roles: {roles})"),
    N_("this edition declares no player roles, so players have no 'role' (declare them under roles:)"),
    # what `magie play` is told by the engine (an overlay, a bot kind, a save file: engine/saves/reader.py)
    N_("unknown variant '{variant}' (built-in overlays: {overlays}; to use your own overlay give its path, "
       "e.g. {example})"),
    N_("unknown bot '{kind}' (known: {kinds}, or module:Class for your own)"),
    N_("no such save file"),
    N_("is a folder, not a save file"),
    N_("is not a regular file (a pipe or a device?), not a save file"),
    N_("cannot be read: {why}"),
    N_("is not a magie save: not UTF-8 text (a save is a JSON file)"),
    N_("is not a magie save: not valid JSON ({detail})"),
    N_('is not a magie save: expected a JSON object with "format": "{format}" (saves are written by '
       '`magie play`)'),
    N_("is empty, not a save file (a save is a JSON object)"),
    N_("is not a complete save file: it ends before its JSON does (cut short?)"),
    N_("is not a magie save: lists and objects nest {depth} deep; a save nests at most {most} deep"),
    # a save that does not fit the game (engine/game/asking.py), one whose edition file changed
    # (cli/saved_edition.py)
    N_("the save does not fit this game: a recorded answer to '{kind}' for {player} is not allowed here "
       "({why})"),
    N_("edition '{edition}' cannot be loaded now: the game goes on with the edition as it was when the game "
       "was saved (carried in the save)"),
    N_("edition '{edition}' has changed since: the game goes on with the edition as it was when the game "
       "was saved (carried in the save)"),
)
"""The English messages of the checks that are told in the interface's language, most specific
first where two could match (`{where}` is a field path and ': ', or nothing)."""

WORDS: tuple[str, ...] = (
    N_(" for a {kind} space"),
    N_("{a} or {b}"),
    N_("an integer"), N_("text"), N_("a map"), N_("a list"), N_("true or false"),
    N_("nothing (null)"),
    N_("the integer {value}"), N_("the number {value}"), N_("the text {value}"),
    N_(' (write it in quotes: "{value}")'), N_(" (amounts are whole numbers)"),
    N_("; did you mean {alternatives}?"),
    N_("ids are lowercase letters, digits and '_', starting with a letter"),
    N_("languages are two-letter codes such as en, ru"),
    N_("colours are written #rrggbb"),
    N_("expected a number or 'all'"),
    N_("the pattern must contain {n} where the amount goes"),
    N_("overlay ids are lowercase letters, digits, '_' and '-', starting with a letter"),
    N_("expected text matching {pattern}"),
    N_(" (first at line {line})"),
    N_("space"), N_("group"), N_("deck"), N_("card"), N_("action"), N_("space kind"), N_("die"), N_("symbol"),
)
"""The parts of messages a `WORDY` placeholder holds (never a whole message)."""

WORDY = frozenset({"for_what", "expected", "found", "hint", "meaning", "a", "b", "what", "at", "alternatives"})
"""Placeholders whose values are words (told through `TEMPLATES` in turn), not data."""

SHAPES = {
    "where": r"(?:[^:\n]+: )?",
    "hint": r"(?:; did you mean .+\?| \(write it in quotes: \".*\"\)| \(amounts are whole numbers\))?",
    "for_what": r"(?: for a \S+ space)?",
    "at": r"(?: \(first at line \d+\))?",
}
"""What the placeholders that may be empty or run into their neighbours look like (any other
placeholder is the shortest text that makes the whole message match)."""


@cache
def _patterns(words: bool) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each of `TEMPLATES` (or of `WORDS`) as a regular expression of the whole text, with its
    message id."""
    out = []
    for template in WORDS if words else TEMPLATES:
        parts, seen = [], set()
        for literal, name, _spec, _conv in Formatter().parse(template):
            parts.append(re.escape(literal))
            if name is not None:
                parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{SHAPES.get(name, '.*?')})")
                seen.add(name)
        out.append((re.compile("".join(parts), re.DOTALL), template))
    return tuple(out)


def translate(message: str, depth: int = 0) -> str:
    """`message` (an English problem message) in the language of `use_language`: the first
    template that matches the whole message gives the words, its placeholders keep their values
    (the `WORDY` ones translated in turn); a message no template matches stays as it is."""
    if depth > 4 or _("error") == "error":      # English (or a language without the catalogue)
        return message
    for pattern, template in _patterns(depth > 0):
        m = pattern.fullmatch(message)
        if m is None:
            continue
        values = {k: translate(v, depth + 1) if k in WORDY and v else v for k, v in m.groupdict().items()}
        return _(template).format(**values)
    return message


def format_problem(p: Problem) -> str:
    """`problem_line(p)` in the language of `use_language`: `file:line:col: severity[code]: message`
    with the severity word and the message's fixed parts translated (English: exactly
    `problem_line(p)`)."""
    severity = SEVERITIES.get(p.severity, p.severity)
    if _(severity) == severity:
        return problem_line(p)
    head = problem_line(p).removesuffix(f"{p.severity}[{p.code}]: {p.message}")
    return f"{head}{_(severity)}[{p.code}]: {translate(p.message)}"


def problem_line(p: Problem) -> str:
    """The line that tells `p` (English): `p.format()`, after `magie: ` when it is told at a place
    of the command line (engine/sim/config.py `told_at`: `--set PATH=VALUE`; compare's
    `configuration 'C', PATH=VALUE`), not of a file, as every other problem of the command line is."""
    line = p.format()
    return f"magie: {line}" if not p.line and p.file.startswith(("--set ", "configuration '")) else line
