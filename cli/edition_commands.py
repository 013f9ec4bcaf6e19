"""Commands about edition files: validate, editions, show, diff, schema.

Problems are printed like a compiler (`file:line:col: severity[code]: message`); bad input
ends with exit code 1 and a message, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from magie.engine.edition.text import languages, text_in
from magie.engine.paths import SCHEMA_PATH
from magie.engine.problems import Problem, ProblemsError

from .bounds import choice_option
from .options import NamesLangOpt, VariantOpt

if TYPE_CHECKING:
    from rich.console import Console, JustifyMethod
    from rich.table import Table

    from magie.engine.edition.loader import LoadedEdition

# The loader, YAML and the differ are imported by the commands that use them, so that
# `magie COMMAND --help` starts fast.


FORMATS = ("text", "json")
"""The forms of `magie validate --format`."""



def _out() -> Console:
    """The console of the edition commands: a terminal sets the width; piped output (files,
    tests) gets room for the whole board table. No markup, highlighting or emoji codes: edition
    text is printed as written."""
    from rich.console import Console
    return Console(highlight=False, markup=False, emoji=False, width=None if sys.stdout.isatty() else 120)


def _fail(message: str) -> NoReturn:
    typer.echo(f"magie: {message}", err=True)
    raise typer.Exit(1)


def _print_problems(problems: list[Problem], err: bool = True) -> None:
    """One line per problem, in the language of `use_language` (cli/problem_words.py)."""
    from .problem_words import format_problem

    for p in problems:
        typer.echo(format_problem(p), err=err)


def _load(ref: str, variants: list[str]) -> LoadedEdition:
    """Load an edition for a command, or print its problems and exit 1."""
    from magie.engine.edition.loader import load_edition

    try:
        return load_edition(ref, variants)
    except ProblemsError as e:
        _print_problems(e.problems)
        raise typer.Exit(1) from None


def _summary(problems: list[Problem], n_files: int) -> str:
    from .i18n import _, n_

    errors = sum(p.severity == "error" for p in problems)
    warnings = len(problems) - errors
    checked = n_("checked {n} file", "checked {n} files", n_files).format(n=n_files)
    if not problems:
        return _("{checked}: no problems").format(checked=checked)
    parts = [n_("{n} error", "{n} errors", errors).format(n=errors)] if errors else []
    parts += [n_("{n} warning", "{n} warnings", warnings).format(n=warnings)] if warnings else []
    return _("{checked}: {problems}").format(checked=checked, problems=", ".join(parts))




def validate(
    paths: Annotated[list[str] | None, typer.Argument(
        metavar="PATH...",
        help="Edition or overlay files, folders (every .yaml file under a folder is checked), "
             "or built-in edition ids.",
        show_default=False)] = None,
    format: Annotated[str, choice_option("--format", "-f", choices=FORMATS, help="text: one line per problem; "
                                         "json: a JSON list of problems.")] = "text",
    variant: VariantOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="Fail (exit 1) on warnings too.")] = False,
    lang: Annotated[str, typer.Option(
        "--lang", "-l", help="Language of the problems and the summary line (en, ru): the severity and the "
                             "fixed words of each message; file, line, column, the code, ids and values stay "
                             "as written (--format json stays English).")] = "en",
) -> None:
    """Check edition and overlay files: YAML, schema, meaning, and DSL code.

    Every problem of every file is reported in one run, one line each, as
    `file:line:col: severity[code]: message`, sorted by file and position, then a summary line.
    A PATH may also be a built-in edition id. An overlay file is checked by applying it to the
    edition named by its `base:` key (default: classic); `--variant` applies overlays to every
    edition checked, to check overlays together (conflicts between them are warnings).
    The exit code is 1 when there is an error (or, with --strict, a warning).
    docs/authoring.md lists every code.

    Examples:

    \b
      magie validate editions/
      magie validate my_edition.yaml my_overlay.yaml
      magie validate --format json my_edition.yaml
      magie validate classic --variant ./house_rules.yaml --variant ./more_rules.yaml
    """
    from magie.engine.edition.validate import expand_paths, validate_paths

    from .bounds import choice
    from .simulate import fail_all, interface_language

    wrong: list[str] = []               # every problem of the command line in one run
    interface_language(lang, wrong)
    form = choice(format, "--format", FORMATS, wrong, "text")
    if not paths:
        wrong.append("what to check? Give edition or overlay files, folders or edition ids, "
                     "e.g. `magie validate editions/`")
    fail_all(wrong)
    assert paths
    files, _folders = expand_paths(paths)
    problems = validate_paths(paths, variant or [])
    if form == "json":
        typer.echo(json.dumps([p.to_json() for p in problems], indent=2, ensure_ascii=False))
    else:
        _print_problems(problems, err=False)
        typer.echo(_summary(problems, len(files)))
    errors = any(p.severity == "error" for p in problems)
    if errors or (strict and problems):
        raise typer.Exit(1)


def editions() -> None:
    """List the built-in editions and overlays with a one-line description of each.

    The editions and overlays of installed plugins (docs/plugins.md) follow, with the plugin's
    name. Use an edition's id with `magie show`, `magie play` and `magie diff`; apply an overlay
    (house rules) with `--variant ID`. Your own files are used by their path instead of an id.

    Examples:

    \b
      magie editions
      magie show classic --variant ID
    """
    from rich.table import Table

    from magie.engine.edition.listing import list_builtin, list_plugins
    plugged = list_plugins()
    table = Table(title="Built-in editions and overlays" + (", and the plugins'" if plugged else ""),
                  title_justify="left")
    for column in ("kind", "id", "name", "description") + (("plugin",) if plugged else ()):
        table.add_column(column, style="bold" if column == "id" else None)
    for info in list_builtin() + plugged:
        table.add_row(info.kind, info.id, info.name,
                      "(cannot be read: run magie validate)" if info.broken else info.description,
                      *((info.plugin,) if plugged else ()))
    _out().print(table)


def _check_lang(loaded: LoadedEdition, lang: str) -> None:
    langs = languages(loaded.tree)
    if lang not in langs:
        _fail(f"unknown language '{lang}' (edition '{loaded.id}' is written in: {', '.join(langs)})")


def show(
    edition: Annotated[str, typer.Argument(help="A built-in edition id or a path to an edition file.",
                                           show_default=False)],
    variant: VariantOpt = None,
    lang: NamesLangOpt = "en",
    merged: Annotated[bool, typer.Option("--merged", help="Print the whole merged edition as YAML "
                                         "(extends and overlays applied) instead of the board.")] = False,
    cards: Annotated[bool, typer.Option("--cards", help="Also list the card decks with every card's "
                                        "text.")] = False,
    code: Annotated[bool, typer.Option("--code", help="Also list every piece of DSL code of the "
                                       "edition (cards, actions, rules, kinds of space, dice) with "
                                       "its file:line:col, for review.")] = False,
) -> None:
    """Show an edition's board as a table, or the whole merged edition as YAML.

    The table lists each space: its index, name, kind, group, price, rents (for a tax space its
    tax, for a card space its deck) and mortgage value. --cards lists the decks too; --code
    lists every DSL snippet (a card's effect, a formula, a hook) with where it is written.
    With --merged, the edition is printed as one YAML file with `extends:` and every overlay
    applied and schema defaults filled in; overlay conflicts are reported on stderr.

    Examples:

    \b
      magie show classic
      magie show classic --lang ru --cards
      magie show classic --cards --code            # review what every card does
      magie show classic --variant ID --merged > merged.yaml
      magie show ./my_edition.yaml
    """
    loaded = _load(edition, variant or [])
    _check_lang(loaded, lang)
    _print_problems(loaded.warnings)
    if merged:
        _print_merged(loaded)
        return
    tree = loaded.tree
    title = text_in(tree.get("name"), lang)
    if variant:
        title += " + " + ", ".join(variant)
    out = _out()
    out.print(_board_table(tree, title, lang))
    roles = tree.get("roles")
    if roles:
        names = ", ".join(f"{text_in(r.get('name'), lang) or r['id']} ({r['id']})" for r in roles.get("list", []))
        how = "chosen in order of play" if roles.get("assign", "choose") == "choose" else "dealt at random"
        out.print(f"Roles: {names}; {how}, balance {roles.get('balance', 'even')}", soft_wrap=True)
    for line in _conditional_rules(tree, lang):
        out.print(line, soft_wrap=True)
    if cards:
        _print_cards(tree, lang, out)
    if code:
        _print_code(loaded, out)


def _print_merged(loaded: LoadedEdition) -> None:
    """The whole merged edition as one YAML file, after a comment naming its files."""
    import yaml

    from magie.engine.edition.yamlload import display_path, to_plain

    header = (f"# {loaded.id}: merged by magie from "
              + ", ".join(display_path(f) for f in loaded.files) + "\n")
    text = yaml.safe_dump(to_plain(loaded.tree), allow_unicode=True, sort_keys=False, width=100)
    sys.stdout.flush()
    typer.echo(header + text, nl=False)


def _board_table(tree: dict, title: str, lang: str) -> Table:
    """The board as a table: each space's index, name, kind, group, price, rents (a tax space's
    tax, a card space's deck) and mortgage value."""
    from rich.table import Table

    from magie.engine.edition.model import covers

    groups = {g["id"]: g for g in tree.get("groups", [])}
    table = Table(title=title, title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"), ("name", "left"), ("kind", "left"), ("group", "left"),
        ("price", "right"), ("rents", "left"), ("mortgage", "right"))
    for col, just in columns:
        table.add_column(col, justify=just, no_wrap=col in ("#", "kind", "price", "mortgage"),
                         min_width={"name": 14, "group": 9, "rents": 12}.get(col))
    decks = {d["id"]: d for d in tree.get("decks", [])}
    unavailable = tree.get("rules", {}).get("mortgage", {}).get("unavailable")
    for i, space in enumerate(tree.get("board", [])):
        group = groups.get(space.get("group"))
        # a deed the rules allow no mortgage on shows none, whatever value it prints
        mortgage = ("none" if "price" in space and covers(unavailable, space.get("kind", ""), space.get("group"))
                    else _num(space.get("mortgage")))
        table.add_row(
            str(i), text_in(space.get("name"), lang), space.get("kind", ""),
            text_in(group.get("name"), lang) if group else "",
            _num(space.get("price")), _what(space, decks, lang), mortgage)
    return table


def _print_cards(tree: dict, lang: str, out: Console) -> None:
    """Each deck as a table of its cards' ids and texts, as players read them."""
    from rich.table import Table

    from magie.engine.edition.model import Currency

    cur = tree.get("currency", {})
    money = Currency(cur.get("code", ""), cur.get("symbol", ""), cur.get("unit", 1), cur.get("format", "{n}"))
    for deck in tree.get("decks", []):
        t = Table(title=f"{text_in(deck.get('name'), lang)} ({len(deck.get('cards', []))} cards)",
                  title_justify="left")
        t.add_column("id", no_wrap=True)
        t.add_column("text")
        for card in deck.get("cards", []):
            # as players read it: {fine} with values {fine: 10} shown as money
            t.add_row(card.get("id", ""),
                      money.render(text_in(card.get("text"), lang), card.get("values") or {}, lang))
        out.print(t)


def _print_code(loaded: LoadedEdition, out: Console) -> None:
    """Every DSL snippet of the edition: its label and file:line:col, then its text indented
    (printed as is: the console takes no markup)."""
    from magie.engine.dsl import find_snippets

    out.print("DSL code", soft_wrap=True)
    for sn in find_snippets(loaded.tree, loaded.locate):
        text = sn.value if isinstance(sn.value, str) else repr(sn.value)
        out.print(sn.where(), soft_wrap=True)
        for line in text.rstrip("\n").splitlines():
            out.print("    " + line, soft_wrap=True)


def _what(space, decks, lang: str) -> str:
    """The rents column: the rent table, or what a tax or card space does."""
    kind = space.get("kind")
    if kind == "tax":
        alt = space.get("tax_alternative")
        return f"tax {space.get('tax')}" + (f" or {alt}" if alt is not None else "")
    if kind == "card":
        def deck_name(d):
            deck = decks.get(d)
            return text_in(deck.get("name"), lang) if deck else str(d)
        chosen = [f"; {deck_name(c.get('deck'))} when {c.get('when')}" for c in space.get("decks") or ()]
        return "draws " + deck_name(space.get("deck")) + "".join(chosen)

    def rents(rent) -> str:
        if kind == "utility":
            return " ".join(f"{r}×" for r in rent) + " roll"
        return " ".join(str(r) for r in rent)
    # more tables, each with when it applies (the first that applies is used)
    tables = [f"; {text_in(t.get('text'), lang) or t.get('when')}: {rents(t.get('rent') or [])}"
              for t in space.get("rent_tables") or ()]
    return rents(space.get("rent", [])) + "".join(tables)


def _conditional_rules(tree, lang: str) -> list[str]:
    """The rules that hold only for some players, in words: ladder steps with `allowed_if`, jail
    fines by condition (rent tables and decks by condition are in the board's table)."""
    out = []
    rules = tree.get("rules") or {}
    for lid, steps in ((rules.get("buildings") or {}).get("ladders") or {}).items():
        for st in steps:
            if st.get("allowed_if"):
                why = text_in(st.get("refused"), lang)
                out.append(f"Ladder {lid}, {st['kind']}: only where {st['allowed_if']}" + (f" ({why})" if why else ""))
    jail = rules.get("jail") or {}
    for f in jail.get("fines") or ():
        out.append(f"Jail fine {f['fine']} where {f['when']} (else {jail.get('fine')})")
    return out


def _item_ids(tree, pointer: str) -> list[str]:
    """The ids of the list items a pointer passes through: /decks/0/cards/3 -> [chance, chance_go]."""
    from magie.engine.edition.pointers import split

    ids, node = [], tree
    for token in split(pointer):
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
            if isinstance(node, dict) and isinstance(node.get("id"), str):
                ids.append(node["id"])
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            break
    return ids


def _num(v) -> str:
    return "" if v is None else str(v)


def _value(v) -> str:
    from magie.engine.edition.yamlload import to_plain

    text = json.dumps(to_plain(v), ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def diff(
    a: Annotated[str, typer.Argument(help="The first edition (id or path).", show_default=False)],
    b: Annotated[str, typer.Argument(help="The second edition (id or path).", show_default=False)],
    variant: VariantOpt = None,
    a_variant: Annotated[list[str] | None, typer.Option(
        "--a-variant", metavar="OVERLAY", help="Apply an overlay to A (repeatable).")] = None,
) -> None:
    """Show what differs between two editions after merging, by JSON pointer.

    Both editions are fully merged (extends, overlays, defaults) and compared: each line is
    `added`, `removed` or `changed` (old -> new) with the pointer and a readable name of the
    node. Items with ids (spaces, groups, decks, cards) are matched by id. `--variant` applies
    to B, `--a-variant` to A, so `magie diff classic classic --variant X` shows what overlay X
    changes. The exit code is 0 whether or not they differ.

    Examples:

    \b
      magie diff classic ./my_edition.yaml
      magie diff classic classic --variant ID
    """
    ea = _load(a, a_variant or [])
    eb = _load(b, variant or [])
    _print_problems(ea.warnings + eb.warnings)
    from magie.engine.edition.diff import diff_trees
    from magie.engine.edition.yamlload import to_plain

    diffs = diff_trees(to_plain(ea.tree), to_plain(eb.tree))
    for d in diffs:
        tree = ea.tree if d.kind == "removed" else eb.tree
        ids = _item_ids(tree, d.pointer)
        where = (d.pointer or "/") + (f" [{'.'.join(ids)}]" if ids else "")
        if d.kind == "changed":
            typer.echo(f"changed   {where}: {_value(d.old)} -> {_value(d.new)}")
        elif d.kind == "added":
            typer.echo(f"added     {where}: {_value(d.new)}")
        elif d.kind == "removed":
            typer.echo(f"removed   {where}: {_value(d.old)}")
        else:
            typer.echo(f"reordered {where}: {_value(d.old)} -> {_value(d.new)}")
    n = len(diffs)
    typer.echo(f"{n} difference{'s' if n != 1 else ''} between {a} and {b}" if n else
               f"no differences between {a} and {b}")


def schema(
    path: Annotated[bool, typer.Option("--path", help="Print the schema file's path instead of its text.")] = False,
    patch: Annotated[bool, typer.Option("--patch", help="The patch schema (for files with `extends:` "
                                        "or `overlay: true`) instead of the edition schema.")] = False,
    write: Annotated[str | None, typer.Option(
        "--write", metavar="DIR", help="Copy both schemas (edition.schema.json, patch.schema.json) into "
        "the folder DIR (created if needed), next to your editions, and print the $schema lines to use.")] = None,
) -> None:
    """Print the JSON Schema of edition files, or its path (for editor setup).

    Put `# yaml-language-server: $schema=PATH` on the first line of an edition to get
    completion, descriptions and checks in VS Code (YAML extension). Use the patch schema
    (`--patch`) for overlays and editions with `extends:`, which give only what they change.
    `--write DIR` copies both schemas next to your own editions, so that a relative
    `$schema=` line works outside magie's repository and survives a new virtual environment.

    Examples:

    \b
      magie schema --write ./schema
      magie schema --path
      magie schema --patch --path
      magie schema > edition.schema.json
    """
    from magie.engine.edition.schema import PATCH_SCHEMA_PATH, patch_schema_text  # jsonschema

    if write is not None:
        _write_schemas(write)
        return
    file = PATCH_SCHEMA_PATH if patch else SCHEMA_PATH
    if path:
        typer.echo(str(file))
        return
    text = file.read_text(encoding="utf-8") if file.exists() else patch_schema_text()
    typer.echo(text, nl=False)


def _write_schemas(folder: str) -> None:
    """Copy the edition and patch schemas into `folder`, or fail with a message."""
    from magie.engine.edition.schema import PATCH_SCHEMA_PATH, patch_schema_text  # jsonschema
    from magie.engine.edition.yamlload import display_path

    from .outputs import folder_problem

    target = Path(folder)
    bad = folder_problem(target)
    if bad is not None:
        _fail(f"cannot write the schemas into {folder}: {bad}")
    texts = {SCHEMA_PATH.name: SCHEMA_PATH.read_text(encoding="utf-8"),
             PATCH_SCHEMA_PATH.name: patch_schema_text()}
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name, text in texts.items():
            tmp = target / f".{name}.tmp"
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(target / name)
    except OSError as e:
        _fail(f"cannot write the schemas into {folder}: {e.strerror or e}")
    shown = display_path(target)
    typer.echo(f"wrote {shown}/{SCHEMA_PATH.name} and {shown}/{PATCH_SCHEMA_PATH.name}")
    where = display_path(target.resolve().parent)
    typer.echo(f"the first line of an edition file in {where}:")
    typer.echo(f"  # yaml-language-server: $schema=./{target.name}/{SCHEMA_PATH.name}")
    typer.echo("of an overlay, or an edition with extends:")
    typer.echo(f"  # yaml-language-server: $schema=./{target.name}/{PATCH_SCHEMA_PATH.name}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `magie` app."""
    app.command()(validate)
    app.command()(editions)
    app.command()(show)
    app.command()(diff)
    app.command()(schema)
