"""Reading a save back: a hardened reader that refuses a bad file with located problems.

`read_save` reads a file in steps, each bounding what the next may cost:

1. the bytes (jsontext.py `read_bytes`): a regular file of at most `MAX_SAVE_BYTES`, read in
   pieces; a FIFO or a device is never opened and a byte JSON never holds ends the reading;
2. the text (`decode`, `parse`): UTF-8, nesting at most `MAX_DEPTH` deep (counted before parsing,
   so the parser never recurses deeply), parsed with whole numbers over `MAX_NUMBER_DIGITS` digits
   kept unconverted, NaN and Infinity refused and keys given twice in one object found;
3. the head: the `format` key says it is a save, and its `version` is one this code reads;
4. the document against the JSON Schema `schema/save.schema.json` (every field's type and range,
   the recorded answers' shapes): one problem per schema error, with the field's path and JSON
   pointer, what the schema's `description` of the field says is expected, and what was found,
   located at file:line:col; every problem of the file in one run (at most `MAX_PROBLEMS`);
5. what a schema cannot say: a seat's agent is one of the kinds the caller allows (the bot
   registry is not the saves' to know), and each seat's name is its own (ignoring case).

Versions: `SAVE_VERSION` is the newest format this code reads and writes; a newer file is refused
with a message that says to update magie. A format change adds a step that turns a save of the
version before into the new one, run before the schema check, so old saves keep loading.

Speed: jsonschema checks the document but the items of its long lists (`LONG_LISTS`: the recorded
answers, a playthrough's events), which it would check at 0.1 to 0.3 ms each (a 3,000-turn game's
save holds 8,000 answers, and checking them took longer than replaying the game). Each item goes
first through the quick yes of `accepts.py`, made from the same schema's definition, which accepts
only what the schema accepts, in microseconds; an item it does not accept goes to jsonschema,
whose errors are the verdict and the message.

`check_edition` refuses a save whose edition content changed.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import islice
from pathlib import Path
from typing import Any

from ..paths import SAVE_SCHEMA_PATH
from ..problems import Problem, ProblemsError
from .accepts import accepts
from .format import SAVE_FORMAT, SAVE_VERSION, Playthrough, SaveGame, Seat
from .jsontext import BigNumber, Locator, decode, parse, path_words, read_bytes

AGENT_KINDS = ("human", "basic", "random")
"""Who can sit at a seat by default: a human or one of the first bots. Front ends pass the whole
bot registry to `read_save(agents=...)`, so a new bot needs no change here (and saves do not
import the agents)."""

PLUGIN_KIND = re.compile(r"(?:[A-Za-z_][\w.]*:[A-Za-z_]\w*|cmd:[^\x00-\x1f\x7f]+)\Z")
"""A seat's agent written as `module:Class` (a user's agent class) or `cmd:PROGRAM ARGS` (a
program, docs/agents.md): always accepted (front ends run one only when the person allows it)."""

MAX_DECISIONS = 5_000_000
"""Most recorded answers in a save (the schema's `maxItems` of `decisions`)."""

MAX_TEXT = 4096
"""Longest text in a save (an edition path; the schema's `maxLength`)."""

MAX_PROBLEMS = 100
"""Most problems one save is refused with, and a last one saying there are more (a file of a
million bad answers is told by its first ones)."""


def read_save(path: str | os.PathLike[str], *, agents: Sequence[str] = AGENT_KINDS) -> SaveGame:
    """Read and check a save file; `agents` are the seat kinds allowed (front ends pass
    `("human", *BOTS)`). Raises `ProblemsError` (problems located at file:line:col
    where that applies) when the file cannot be read (not a regular file, over MAX_SAVE_BYTES),
    is not JSON, is not a magie save, was written by a newer format, has a key twice in one
    object, nests deeper than MAX_DEPTH, or has a part of the wrong type or out of range."""
    path = Path(path)
    name = str(path) if len(str(path)) <= 200 else str(path)[:197] + "..."
    text = decode(read_bytes(path, name), name)
    data = parse(text, name)
    where = Locator(name, text)
    _check_head(where, data)
    problems = list(islice(_schema_problems(where, data), MAX_PROBLEMS + 1))
    problems += _seat_problems(where, data, tuple(agents))
    if len(problems) > MAX_PROBLEMS:
        problems[MAX_PROBLEMS:] = [Problem("error", "save-more-problems",
                                           f"has more problems than these first {MAX_PROBLEMS}", name)]
    if problems:
        raise ProblemsError(problems)
    edition, progress = data["edition"], data.get("progress", {})
    return SaveGame(
        edition_ref=edition["ref"], edition_id=edition["id"], variants=tuple(edition["variants"]),
        content_hash=edition["content_hash"], seed=data["seed"],
        seats=tuple(Seat(s["name"], s["agent"]) for s in data["seats"]), options=dict(data.get("options", {})),
        decisions=data["decisions"], round=progress.get("round", 1), turns=progress.get("turns", 0),
        edition_content=edition.get("content"), playthrough=_playthrough(data.get("playthrough")))


def _playthrough(part: dict[str, Any] | None) -> Playthrough | None:
    """The `playthrough` part of a checked save, or None when it has none."""
    if part is None:
        return None
    return Playthrough(tuple(part["events"]), part.get("time_up_round"))


def check_edition(save: SaveGame, content_hash: str, file: str = "") -> None:
    """Raise `ProblemsError` when the edition loaded for `save` is not the one it was played
    with (its content hash differs): the recorded decisions would not fit."""
    if save.content_hash != content_hash:
        variants = f" with {', '.join(save.variants)}" if save.variants else ""
        raise ProblemsError([Problem(
            "error", "save-edition-changed",
            f"this game was played with edition '{save.edition_id}'{variants} as it was then "
            f"(content {save.content_hash[:12]}); that edition has changed since (now "
            f"{content_hash[:12]}), so the recorded game cannot be replayed on it. Restore the "
            f"edition file ({save.edition_ref}) as it was when the game was saved, or start a new game",
            file)])


def answer_problem(value: Any) -> str | None:
    """Why `value` cannot be a recorded answer (as `decisions.encode_answer` writes them), in
    words with the path inside the answer, or None when it can be one."""
    for err in _answer_validator().iter_errors(value):
        at = path_words(err.absolute_path)
        return f"{at}: {_message(err)}" if at else _message(err)
    return None


# ---------------------------------------------------------------------- the head
def _check_head(where: Locator, data: Any) -> None:
    """Raise ProblemsError unless `data` is a magie save of a version this code reads."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ProblemsError([where.problem(
            [], "save-not-a-save", f'is not a magie save: expected a JSON object with "format": "{SAVE_FORMAT}" '
            f"(saves are written by `magie play`)")])
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ProblemsError([where.problem(
            ["version"], "save-wrong-type",
            f"expected the save format version (a whole number from 1), found {_found(version)}")])
    if version > SAVE_VERSION:
        raise ProblemsError([where.problem(
            ["version"], "save-newer-format",
            f"this save has format version {version}, written by a newer magie; this one reads "
            f"versions up to {SAVE_VERSION}: update magie to resume it")])


# ---------------------------------------------------------------------- the schema
@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    """The save schema, parsed from `schema/save.schema.json`."""
    schema: dict[str, Any] = json.loads(SAVE_SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


@lru_cache(maxsize=1)
def _strict() -> Any:
    """The Draft 7 validator class for which a whole number is an int (not a float such as 5.0,
    not true or false), as for editions. jsonschema is imported on first use."""
    from ..edition.schema_validator import PlainValidator

    return PlainValidator


LONG_LISTS = ((("decisions",), "answer", "save-bad-decision"), (("playthrough", "events"), "event", ""))
"""The long lists of a save: (path, the schema's definition of an item, the code of an item's
problem, or "" for the code of its kind). Their items are checked one by one (see Speed above)."""


@lru_cache(maxsize=1)
def _validator() -> Any:
    """The validator of a save document but the items of its long lists, checked as lists here and
    item by item in `_schema_problems`."""
    schema = _schema()

    def without_items(node: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
        props = dict(node["properties"])
        props[path[0]] = ({k: v for k, v in props[path[0]].items() if k != "items"} if len(path) == 1
                          else without_items(props[path[0]], path[1:]))
        return {**node, "properties": props}
    for path, _, _ in LONG_LISTS:
        schema = without_items(schema, path)
    return _strict()(schema)


@cache
def _item_check(definition: str) -> tuple[Callable[[Any], bool], Any]:
    """The quick yes (accepts.py) and the validator of an item of the schema's `definition`."""
    defs = _schema()["definitions"]
    return accepts(defs[definition], defs), _strict()({"$ref": f"#/definitions/{definition}", "definitions": defs})


def _answer_validator() -> Any:
    """The validator of one recorded answer (the schema's `answer`)."""
    return _item_check("answer")[1]


def _schema_problems(where: Locator, data: dict[str, Any]) -> Iterator[Problem]:
    """One problem per schema error of `data`, located in the file."""
    for err in _validator().iter_errors(data):
        yield where.problem(list(err.absolute_path), _code(err), _message(err))
    for path, definition, code in LONG_LISTS:
        items: Any = data
        for key in path:
            items = items.get(key) if isinstance(items, dict) else None
        if isinstance(items, list) and len(items) <= MAX_DECISIONS:
            fits, validator = _item_check(definition)
            for k, value in enumerate(items):
                if not fits(value):
                    for err in validator.iter_errors(value):
                        yield where.problem([*path, k, *err.absolute_path], code or _code(err), _message(err))


def _code(err: Any) -> str:
    return "save-missing-key" if err.validator == "required" else (
        "save-wrong-type" if err.validator == "type" else "save-bad-value")


def _message(err: Any) -> str:
    """What a schema error says: what is missing, or what was expected (the `description` of the
    field in the schema) and what was found; inside a recorded answer, led by the path there."""
    if err.validator == "required":
        key = next((k for k in err.validator_value if k not in err.instance and repr(k) in err.message),
                   err.validator_value[0])
        expected = _schema_of(err.schema["properties"][key]).get("description", "a value")
        return f"'{key}' is missing: expected {expected}"
    return f"expected {err.schema.get('description', err.message)}, found {_found(err.instance)}"


def _schema_of(node: dict[str, Any]) -> dict[str, Any]:
    """`node`, or the definition its `$ref` names."""
    ref = node.get("$ref")
    return _schema()["definitions"][ref.rsplit("/", 1)[-1]] if ref else node


def _found(value: Any) -> str:
    """A JSON value in words, short whatever its size."""
    if isinstance(value, BigNumber):
        return f"a number of {value.digits:,} digits"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {json.dumps(value, ensure_ascii=False)[:40]}"
    if isinstance(value, list):
        return f"a list of {len(value):,} item{'s' if len(value) != 1 else ''}"
    return "an object" if value else "an empty object"


# ---------------------------------------------------------------------- the seats
def _seat_problems(where: Locator, data: dict[str, Any], kinds: tuple[str, ...]) -> list[Problem]:
    """What the schema cannot check of the seats: each agent is one of `kinds` or module:Class,
    and each name is one of its own (not blank, not another seat's, ignoring case)."""
    out: list[Problem] = []
    seats = data.get("seats")
    names: set[str] = set()
    for k, seat in enumerate(seats[:MAX_PROBLEMS] if isinstance(seats, list) else ()):
        name, agent = (seat.get("name"), seat.get("agent")) if isinstance(seat, dict) else (None, None)
        if isinstance(agent, str) and agent not in kinds and not PLUGIN_KIND.match(agent):
            out.append(where.problem(["seats", k, "agent"], "save-bad-value",
                                     f"expected one of {', '.join(kinds)} or module:Class, "
                                     f"found {json.dumps(agent)[:80]}"))
        if isinstance(name, str) and (not name.strip() or name.casefold() in names):
            out.append(where.problem(["seats", k, "name"], "save-bad-value",
                                     f"expected a name of its own for each seat, found {json.dumps(name)[:80]}"))
        if isinstance(name, str):
            names.add(name.casefold())
    return out
