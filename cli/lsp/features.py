"""The answers of the language server, from a `Document` and a position: completion, hover, go
to definition and the outline. Protocol-free (plain data); server.py turns them into LSP
messages.

Inside a DSL snippet (a card's `do:`, a rent formula, ... : the places of
`engine/dsl/contexts.py`) the words come from the DSL's own vocabulary (statements, functions,
aggregates, the names the context offers, attributes of players, spaces and rolls) and from
the ids of the merged edition; elsewhere, from the JSON Schema of editions (keys, by space kind
on the board) and the ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from magie.engine.dsl import Snippet, find_snippets, vocabulary
from magie.engine.dsl.names import item_id, items_of
from magie.engine.dsl.vocabulary import (
    AGGREGATES,
    ATTRS_BY_TYPE,
    FUNCTIONS,
    PLAYER_ATTRS,
    SPACE_ATTRS,
    SPACE_KINDS,
    STATEMENT_FORMS,
    FunctionSpec,
)
from magie.engine.edition.pointers import locate

from .document import Document, Position
from .index import SECTIONS, Definition, Index, item_mark
from .keys import describe, flow_path, key_path, keys_at, rule_note


@dataclass(frozen=True)
class Item:
    """A completion: the `label` shown, its `kind` ('keyword', 'function', 'field', 'variable',
    'value', 'property'), a one-line `detail`, its `doc`, and the text inserted (`insert`,
    default the label)."""

    label: str
    kind: str
    detail: str = ""
    doc: str = ""
    insert: str | None = None


@dataclass(frozen=True)
class Symbol:
    """An outline entry: `name`, `detail`, `kind` ('section', 'space', 'deck', 'card', ...), the
    lines it spans [`start`, `end`] (0-based, inclusive), where its name is (`at`), and its
    `children`."""

    name: str
    detail: str
    kind: str
    start: int
    end: int
    at: Position
    children: list[Symbol] = field(default_factory=list)


def functions_of(doc: Document) -> dict[str, FunctionSpec]:
    """The DSL's functions with those of the plugins the edition declares (`plugins:`, in the
    open file or the edition it builds on), by name."""
    declared: list[str] = []
    base = doc.base
    for tree in (doc.tree, base.tree if base is not None else None):
        named = tree.get("plugins") if isinstance(tree, dict) else None
        declared += [p for p in named if isinstance(p, str)] if isinstance(named, list) else []
    return FUNCTIONS | (vocabulary.plugin_functions(declared) if declared else {})


def index_of(doc: Document) -> Index:
    """The ids of the open file and of the edition it builds on."""
    base = doc.base
    return Index(doc.tree, base.tree if base is not None else None)


def snippet_at(doc: Document, pos: Position) -> Snippet | None:
    """The DSL snippet of the open file that holds the position, or None."""
    tree = doc.tree
    if not isinstance(tree, dict):
        return None
    line, col = pos
    for sn in find_snippets(tree, lambda pointer: locate(tree, pointer)):
        m = sn.mark
        if m is None or not isinstance(sn.value, str):
            continue
        first = m.line - 1
        if m.style in ("|", ">"):
            if first < line <= first + max(sn.value.rstrip("\n").count("\n") + 1, 1):
                return sn
        elif m.chars and first < line <= max(at[0] for row in m.chars for at in row) - 1:
            return sn                         # a later line of a plain or quoted string over lines
        elif line == first and col >= m.col - 1 + (1 if m.style else 0):
            return sn
    return None


_ATTR = re.compile(r"([A-Za-z_]\w*)\.(\w*)$")


def _statement_items() -> list[Item]:
    out = []
    for form in STATEMENT_FORMS:
        words = []
        for w in form.split():
            if w.isupper() or w in ("...", "=") or w.endswith(":"):
                break
            words.append(w)
        insert = " ".join(words) or form
        out.append(Item(form, "keyword", "statement", "A statement of the effect DSL: " + form, insert))
    return out


def _dsl_items(sn: Snippet, index: Index, prefix: str, functions: dict[str, FunctionSpec]) -> list[Item]:
    """What may be written at the end of `prefix` (the snippet's line up to the cursor), with the
    functions `functions` (the DSL's and the declared plugins')."""
    ctx = sn.context
    attr = _ATTR.search(prefix)
    if attr is not None:
        return _attribute_items(attr.group(1), sn, index)
    items: list[Item] = []
    if ctx.kind == "effect":
        items += _statement_items()
    for f in functions.values():
        if not (ctx.pure and f.impure):
            doc = f"{f.summary} (plugin {f.plugin})" if f.plugin else f.summary
            items.append(Item(f.name, "function", f.signature, doc, f.name + "("))
    for name, text in AGGREGATES.items():
        if name not in FUNCTIONS:
            items.append(Item(name, "function", text.split(":")[0], text, name + "("))
    for name, cn in ctx.names.items():
        items.append(Item(name, "variable", f"{cn.type.name} ({ctx.id})", f"{cn.summary}; e.g. `{cn.example}`"))
    if ctx.me:
        items += [Item(a.name, "field", f"me.{a.name}: {a.type.name}", a.summary)
                  for a in PLAYER_ATTRS.values() if a.name not in ctx.hidden]
    for what in ("space", "group", "deck", "card", "kind", "role"):
        for iid in index.ids(what):
            items.append(Item(iid, "value", what, _id_doc(index, index.find(iid))))
    for kind in SPACE_KINDS:
        if index.find(kind) is None:
            items.append(Item(kind, "value", "kind of space", "a built-in kind of space"))
    items.append(Item("params", "variable", "the edition's params", "params.NAME: a constant of `params:`"))
    return items


def _attribute_items(name: str, sn: Snippet, index: Index) -> list[Item]:
    """The fields after `name.`: a param's, a context name's by its type, a space id's."""
    if name == "params":
        return [Item(i, "field", f"params.{i}", _id_doc(index, index.find(i))) for i in index.ids("param")]
    cn = sn.context.names.get(name)
    d = index.find(name)
    type_name = cn.type.name if cn is not None else ("space" if d is not None and d.what == "space" else "")
    attrs = ATTRS_BY_TYPE.get(type_name) or (PLAYER_ATTRS | SPACE_ATTRS)
    return [Item(a.name, "field", f"{type_name or name}.{a.name}: {a.type.name}", a.summary)
            for a in attrs.values()]


def completions(doc: Document, pos: Position) -> list[Item]:
    """The completions at `pos`: DSL words inside a snippet, else the YAML keys the schema
    allows in the map there (by space kind on the board; in a block map, or a flow map on one
    line), else the edition's ids."""
    lines = doc.lines
    line = lines[pos[0]] if 0 <= pos[0] < len(lines) else ""
    prefix = line[:pos[1]]
    sn = snippet_at(doc, pos)
    index = index_of(doc)
    if sn is not None:
        return _dsl_items(sn, index, prefix, functions_of(doc))
    flow = flow_path(lines, pos[0], pos[1])
    if flow is not None:             # a key being written in a flow map: `- {kind: street, pr`
        path, values = flow
        return [Item(k, "property", "/".join(path) or "edition", d, k + ": ")
                for k, d in keys_at(path, values).items() if k not in values]
    typed = re.match(r"^( *)((?:- +)?)([A-Za-z_][\w-]*)?$", prefix)
    if typed is not None:           # a key being written
        indent = len(typed.group(1)) + len(typed.group(2))
        path, values = key_path(lines, pos[0], indent)
        return [Item(k, "property", "/".join(path) or "edition", d, k + ": ")
                for k, d in keys_at(path, values).items() if k not in values]
    return [Item(iid, "value", d.what, _id_doc(index, d)) for iid, ds in sorted(index.by_id.items()) for d in ds[:1]]


def _text(value: Any) -> str:
    """A text of the edition in English (or its first language), or the value itself."""
    if isinstance(value, dict):
        return str(value.get("en", next(iter(value.values()), "")))
    return "" if value is None else str(value)


def _id_doc(index: Index, d: Definition | None) -> str:
    """What hover says of an id: a space's name, kind, price and rents; a card's text; a
    param's value; the name of anything else."""
    if d is None:
        return ""
    item = index.merged_item(d.id, d.what) if d.what != "param" else {}
    if d.what == "param":
        return f"param `{d.id}` = {d.item!r}"
    lines = [f"**{_text(item.get('name')) or d.id}** ({d.what} `{d.id}`)"]
    if d.what == "space":
        lines.append(f"kind: {item.get('kind', '?')}" + (f", group: {item['group']}" if "group" in item else ""))
        for key in ("price", "mortgage", "tax"):
            if key in item:
                lines.append(f"{key}: {item[key]}")
        if "rent" in item:
            lines.append(f"rent: {', '.join(str(r) for r in item['rent'])}" if isinstance(item["rent"], list)
                         else f"rent: {item['rent']}")
    elif d.what == "card" and "text" in item:
        lines.append(_text(item["text"]))
    return "\n\n".join(lines)


def _word_at(line: str, col: int) -> tuple[str, int, int]:
    for m in re.finditer(r"[A-Za-z_][\w-]*", line):
        if m.start() <= col <= m.end():
            return m.group(), m.start(), m.end()
    return "", col, col


def hover(doc: Document, pos: Position) -> tuple[str, Position, Position] | None:
    """Markdown about the word at `pos` and its span: a DSL function, aggregate, statement word,
    context name or attribute with its docs; an id with what it is (a space: name, price,
    rents); a YAML key with the schema's description (a rule parameter's, with its rule
    source). None when there is nothing to say."""
    lines = doc.lines
    if not 0 <= pos[0] < len(lines):
        return None
    line = lines[pos[0]]
    word, start, end = _word_at(line, pos[1])
    if not word:
        return None
    span = ((pos[0], start), (pos[0], end))
    sn = snippet_at(doc, pos)
    index = index_of(doc)
    if sn is not None:
        text = _dsl_hover(sn, index, line[:start], word, functions_of(doc))
        return (text, *span) if text else None
    after = line[end:]
    if re.match(r"\s*:", after):            # a key
        indent = start
        path, values = key_path(lines, pos[0], indent)
        text = describe(path, word, values)
        note = rule_note(path, word)
        if note:
            text = f"{text}\n\n{note}" if text else note
        return (f"`{'.'.join([*path, word]).replace('.*', '[]')}`\n\n{text}", *span) if text else None
    d = index.find(word)
    return (_id_doc(index, d), *span) if d is not None else None


def _dsl_hover(sn: Snippet, index: Index, before: str, word: str, functions: dict[str, FunctionSpec]) -> str | None:
    ctx = sn.context
    attr = re.search(r"([A-Za-z_]\w*)\.$", before)
    if attr is not None:
        owner = attr.group(1)
        if owner == "params":
            d = index.find(word)
            return _id_doc(index, d) if d is not None else None
        cn = ctx.names.get(owner)
        kinds = [cn.type.name] if cn is not None else ["player", "space", "roll"]
        for k in kinds:
            a = ATTRS_BY_TYPE.get(k, {}).get(word)
            if a is not None:
                return f"`{k}.{a.name}`: {a.type.name}\n\n{a.summary}"
    if word in functions and not before.rstrip().endswith("."):
        f = functions[word]
        if f.plugin:
            return f"`{f.signature}` (plugin {f.plugin})\n\n{f.doc or f.summary}"
        extra = "\n\n" + AGGREGATES[word] if word in AGGREGATES else ""
        return f"`{f.signature}`\n\n{f.summary}" + (" (changes the game)" if f.impure else "") + extra
    if word in AGGREGATES:
        return f"`{AGGREGATES[word].split(':')[0]}`\n\n{AGGREGATES[word]}"
    if word in ctx.names:
        cn = ctx.names[word]
        return f"`{word}`: {cn.type.name} (in {ctx.summary}, `{ctx.signature}`)\n\n{cn.summary}; e.g. `{cn.example}`"
    d = index.find(word)
    if d is not None:
        return _id_doc(index, d)
    if ctx.me and word in PLAYER_ATTRS:
        a = PLAYER_ATTRS[word]
        return f"`me.{a.name}`: {a.type.name}\n\n{a.summary}"
    forms = [f for f in STATEMENT_FORMS if f.split()[0] == word]
    return "Statements:\n\n" + "\n".join(f"- `{f}`" for f in forms) if forms else None


def definition(doc: Document, pos: Position) -> tuple[str, int, int] | None:
    """Where the id at `pos` is defined: (file name, line, col), 1-based, in this file or in the
    edition it builds on; None for a word that is no id."""
    lines = doc.lines
    if not 0 <= pos[0] < len(lines):
        return None
    word, _start, _end = _word_at(lines[pos[0]], pos[1])
    d = index_of(doc).find(word) if word else None
    if d is None or d.mark is None:
        return None
    return d.mark.file, d.mark.line, d.mark.col


_KINDS = dict(SECTIONS)


def outline(doc: Document) -> list[Symbol]:
    """The outline of the file: each top-level key (a section), and under board, groups, decks
    (with their cards), space_kinds, actions and switches their items by id and name."""
    tree = doc.tree
    if not isinstance(tree, dict) or not hasattr(tree, "key_marks"):
        return []
    last = len(doc.lines) - 1
    keys = [(k, tree.key_marks[k]) for k in tree if k in tree.key_marks]
    keys.sort(key=lambda km: km[1].line)
    out = []
    for i, (key, km) in enumerate(keys):
        end = keys[i + 1][1].line - 2 if i + 1 < len(keys) else last
        children = _items(tree.get(key), _KINDS.get(key), end) if key in _KINDS else []
        out.append(Symbol(key, "", "section", km.line - 1, max(end, km.line - 1), (km.line - 1, km.col - 1), children))
    return out


def _items(node: Any, what: str | None, end: int) -> list[Symbol]:
    """The outline entries of the items of a section (a deck's cards under it)."""
    found = []
    for key, item in items_of(node):
        mark = item_mark(node, key, item)
        if mark is not None:
            found.append((item_id(key, item), item, mark))
    out = []
    for i, (iid, item, mark) in enumerate(found):
        stop = found[i + 1][2].line - 2 if i + 1 < len(found) else end
        stop = max(stop, mark.line - 1)
        detail = _text(item.get("name")) if isinstance(item, dict) else ""
        cards = _items(item.get("cards"), "card", stop) if what == "deck" and isinstance(item, dict) else []
        out.append(Symbol(iid, detail, what or "item", mark.line - 1, stop, (mark.line - 1, mark.col - 1), cards))
    return out

