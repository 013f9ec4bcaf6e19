"""Room settings: the rule parameters a new game on `magie serve` may set, as `--set` sets them.

A setting is a dotted path of the merged edition (`rules.jail.fine`, `setup.start_cash`, the
paths `magie simulate --set` takes; engine/sim/config.py) and a JSON value. The form offers the
plain values of the sections `setup`, `rules`, `end` and `params` of the edition with its
overlays (`parameters`): booleans, whole numbers with the schema's range, and the schema's
choices, each described by its schema description and grouped by the section that holds it; a
DSL formula, a list or a table by the number of players is not offered (`--set` takes them).

A game's settings are applied to the merged tree and the tree is checked again like any edition
file (`configure`): schema, meaning, DSL. Each problem is told at the setting it comes from
(`settings.PATH`), so a bad value is a 400 naming the field. The set tree is what the game
plays and what its save embeds; the save's `options.settings` keeps what differs from the
edition's defaults (`[{path, value, default}]`), shown to every seat (`rules_of_table`).
"""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from magie.engine.edition.loader import content_hash
from magie.engine.edition.model import Edition
from magie.engine.problems import ProblemsError
from magie.engine.sim.config import MAX_SET_PATH, SetError, _field_schema, _set_pointer, _value_at, apply_set

from ..amounts import N_
from ..i18n import gettext_for
from ..saved_edition import load_embedded
from .errors import HTTPProblem

SECTIONS = ("setup", "rules", "end", "params")
"""The sections of an edition whose plain values the form offers, in the form's order."""

MAX_SETTINGS = 64
"""Most settings one new game may give."""

MAX_PARAMETERS = 400
"""Most parameters the form lists for one edition (the built-in ones have about 50)."""

MAX_PROBLEMS = 50
"""Most problems one refusal lists."""

MAX_TEXT = 200
"""Most characters of a setting's text value (a choice's word)."""

RULES_TITLE = N_("General rules")
"""The title of the group of the plain values directly under `rules` (the schema's description
of `rules` speaks of the engine, not of the game)."""

CONSTANTS_TITLE = N_("Edition constants")
"""The title of the group of `params` (the edition's constants read by its formulas)."""

TRANSLATED = (
    N_("How a game starts."), N_("What rolling doubles does."), N_("Buying an unowned deed landed on."),
    N_("How auctions run."), N_("How rent is computed and collected."), N_("Getting out of jail."),
    N_("Houses and hotels."), N_("Mortgaging title deeds."), N_("Trading between players."),
    N_("What happens to a bankrupt player's property."), N_("When the game ends and how players are ranked."),
    N_("The cash each player starts with: a number, or a table by the number of players "
       "({by_players: {2: 600, 3: 500, 4: 400}})."),
    N_("Paid on passing or landing on the start space: an integer (0 or more) or a DSL formula."),
    N_("A player who rolls doubles rolls again."),
    N_("The doubles in a row that send a player to jail instead of moving; null or absent: never."),
    N_("What happens to a deed the lander does not buy: auction (auctioned at once) or none (stays with the bank)."),
    N_("Each bid beats the last by at least this."), N_("The player who declined to buy may bid in the auction."),
    N_("An owner in jail still collects rent."), N_("The fine paid to leave jail."),
    N_("How many turns a player may try to roll doubles to leave."),
    N_("Houses in the bank at the start: a number, or a table by the number of players."),
    N_("Hotels in the bank at the start: a number, or a table by the number of players."),
    N_("Houses on every lot of the group before a hotel can replace a lot's houses; street rent tables have "
       "at least this + 2 entries (the hotel rent is the last)."),
    N_("Buildings sell back to the bank at this percentage of their cost."),
    N_("Lifting a mortgage costs its value plus this percentage."),
    N_("A player who receives a mortgaged deed pays the interest at once."),
    N_("Players may trade."), N_("Mortgaged deeds may be traded."),
)
"""The schema's descriptions the interface's catalogue translates: the groups' titles and the
most common parameters (start cash, salary, doubles, auctions, jail, buildings, mortgages,
trades). The others are shown in English in every language."""

_CACHE_SIZE = 32
_configured: OrderedDict[tuple[str, tuple[tuple[str, str], ...]], tuple[Edition, dict]] = OrderedDict()
_lock = threading.Lock()


def _leaves(node: Any, path: str, pointer: str) -> Iterator[tuple[str, str, Any]]:
    """(dotted path, JSON pointer, value) of every value under `node` reached through maps with
    text keys (a list, or a table keyed by numbers, is not walked: no form control fits it)."""
    if isinstance(node, Mapping):
        for k, v in node.items():
            if isinstance(k, str) and "." not in k:
                yield from _leaves(v, f"{path}.{k}", f"{pointer}/{k.replace('~', '~0').replace('/', '~1')}")
    elif not isinstance(node, list):
        yield path, pointer, node


def _parameter(path: str, pointer: str, value: Any) -> dict[str, Any] | None:
    """The form's description of the value at `path` (JSON: path, type boolean/integer/choice,
    default, description, and minimum, maximum, nullable or choices), or None when no simple
    control fits it (a formula, a table, an absent section)."""
    field = _field_schema(pointer) or {}
    types = field.get("type", [])
    types = types if isinstance(types, list) else [types]
    out: dict[str, Any] = {"path": path, "default": value, "description": field.get("description", "")}
    if isinstance(field.get("enum"), list) and value in field["enum"]:
        out.update(type="choice", choices=[c for c in field["enum"] if isinstance(c, (str, int))])
    elif isinstance(value, bool):
        out["type"] = "boolean"
    elif (isinstance(value, int) or (value is None and "null" in types)) and "integer" in types:
        out.update(type="integer", nullable="null" in types)
        if isinstance(field.get("minimum"), int):
            out["minimum"] = field["minimum"]
        if isinstance(field.get("exclusiveMinimum"), int):
            out["minimum"] = field["exclusiveMinimum"] + 1
        if isinstance(field.get("maximum"), int):
            out["maximum"] = field["maximum"]
    else:
        return None
    return out


@lru_cache(maxsize=32)
def _groups_of(content_json: str) -> tuple[dict[str, Any], ...]:
    content = json.loads(content_json)
    groups: dict[str, dict[str, Any]] = {}
    count = 0
    for section in SECTIONS:
        node = content.get(section)
        if not isinstance(node, Mapping):
            continue
        for path, pointer, value in _leaves(node, section, f"/{section}"):
            param = _parameter(path, pointer, value)
            if param is None or count >= MAX_PARAMETERS:
                continue
            count += 1
            gid = ".".join(path.split(".")[:2]) if path.count(".") >= 2 else section
            if gid not in groups:
                title = {"rules": RULES_TITLE, "params": CONSTANTS_TITLE}.get(gid) or \
                    (_field_schema("/" + gid.replace(".", "/")) or {}).get("description", gid)
                groups[gid] = {"id": gid, "title": title, "parameters": []}
            groups[gid]["parameters"].append(param)
    for g in groups.values():
        g["parameters"].sort(key=lambda p: _rank(p["path"]))
    return tuple(sorted(groups.values(), key=lambda g: _rank(g["id"])))


def _rank(path: str) -> tuple[int, ...]:
    """Where the schema lists `path` (its sections and their keys in the schema's order), to
    sort the form's groups and parameters as docs/rules.md reads."""
    out = []
    parent = _field_schema("") or {}
    pointer = ""
    for key in path.split("."):
        keys = list(parent.get("properties") or {})
        out.append(keys.index(key) if key in keys else len(keys))
        pointer += "/" + key
        parent = _field_schema(pointer) or {}
    return tuple(out)


def parameters(content: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """The groups of parameters the new-game form offers for the merged edition `content`, in
    `lang` (the titles and descriptions through the interface's catalogue; English where it has
    no translation): `[{id, title, parameters: [{path, type, default, description, ...}]}]`,
    at most `MAX_PARAMETERS` parameters. Cached per edition content."""
    t = gettext_for(lang).gettext
    groups = _groups_of(json.dumps(content, sort_keys=True, ensure_ascii=False))
    return [{**g, "title": t(g["title"]),
             "parameters": [{**p, "description": t(p["description"]) if p["description"] else ""}
                            for p in g["parameters"]]} for g in groups]


def _value_text(value: Any) -> str:
    """A setting's JSON value as the YAML text `--set` takes (JSON is YAML)."""
    return json.dumps(value, ensure_ascii=False)


def configure(content: Mapping[str, Any], settings: Mapping[str, Any]) -> tuple[Edition, dict, list[dict]]:
    """The playable edition of the merged tree `content` with `settings` (dotted path -> JSON
    value) set, the set tree (plain JSON data, what the save embeds), and the settings that
    differ from `content` (`[{path, value, default}]`, what the save keeps and the rules panel
    shows). The tree is checked again like any edition file. Raises `HTTPProblem` 400 whose
    `field` is the first setting at fault (`settings.PATH`) and whose `problems` list every
    problem (`{field, message}`). Cached by content and settings (an `Edition` is read-only)."""
    if len(settings) > MAX_SETTINGS:
        raise HTTPProblem(400, f"settings: at most {MAX_SETTINGS} settings", field="settings")
    tree = copy.deepcopy(dict(content))
    problems: list[dict[str, str]] = []
    pointers: dict[str, str] = {}
    changed: list[dict[str, Any]] = []
    for path, value in settings.items():
        where = f"settings.{path[:MAX_SET_PATH]}"
        if len(path) > MAX_SET_PATH or (isinstance(value, str) and len(value) > MAX_TEXT):
            problems.append({"field": where, "message": f"{where}: a path of at most {MAX_SET_PATH} characters "
                                                        f"and a value of at most {MAX_TEXT}"})
            continue
        try:
            pointer = apply_set(tree, path, _value_text(value))
        except SetError as e:
            problems.append({"field": where, "message": f"{where}: {str(e).removeprefix(f'--set {path}: ')}"})
            continue
        pointers[path] = pointer
        before = _value_at(content, pointer)
        if before != value or type(before) is not type(value):
            changed.append({"path": path, "value": value, "default": before})
    key = (content_hash(content), tuple(sorted((c["path"], _value_text(c["value"])) for c in changed)))
    with _lock:
        hit = None if problems else _configured.get(key)
        if hit is not None:
            _configured.move_to_end(key)
            return hit[0], hit[1], changed
    try:        # checked also when a setting named no parameter: every problem in one answer
        ed = load_embedded(tree, file="settings")
    except ProblemsError as e:
        for p in e.problems:
            if p.severity != "error":
                continue
            # the setting whose value is at fault, or (a problem found elsewhere, such as a rent
            # table too short for more houses) the one the message names
            at = next((s for s, ptr in pointers.items() if p.pointer == ptr or p.pointer.startswith(ptr + "/")),
                      None) or next((s for s in pointers if f"{s} is" in p.message), None)
            if at is None:
                problems.append({"field": "settings", "message": f"settings: {p.message}"})
            else:
                message = p.message if p.message.startswith(at) else f"{at}: {p.message}"
                problems.append({"field": f"settings.{at}", "message": f"settings.{message}"})
        raise _refused(problems) from None
    if problems:
        raise _refused(problems)
    with _lock:
        _configured[key] = (ed, tree)
        while len(_configured) > _CACHE_SIZE:
            _configured.popitem(last=False)
    return ed, tree, changed


def _refused(problems: list[dict[str, str]]) -> HTTPProblem:
    problems = sorted(problems, key=lambda p: p["field"] == "settings")[:MAX_PROBLEMS]     # a named field first
    return HTTPProblem(400, problems[0]["message"], field=problems[0]["field"], problems=problems)


def resumed(content: Mapping[str, Any], saved: Any, content_hash: str) -> Edition | None:
    """The edition a saved game with settings resumes on: `content` (the edition with its
    overlays as it is now) with the save's `options.settings` set, when that is still the rule
    set the game was played with (`content_hash`); None otherwise (the save's own copy is used)."""
    if not isinstance(saved, list) or len(saved) > MAX_SETTINGS or \
            not all(isinstance(s, dict) and isinstance(s.get("path"), str) for s in saved):
        return None
    try:
        ed, _, _ = configure(content, {s["path"]: s.get("value") for s in saved})
    except HTTPProblem:
        return None
    return ed if ed.content_hash == content_hash else None


def rules_of_table(saved: Any, content: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """The settings of a game (its save's `options.settings`) for the rules panel, in `lang`:
    `[{path, value, default, description}]`, the description from the schema through the
    interface's catalogue (`content`, the game's tree, locates the path). A setting the game
    does not play (a path `content` lacks, or another value there: a save from elsewhere may
    say anything, and its game goes on with the edition it carries) is left out."""
    t = gettext_for(lang).gettext
    out = []
    for s in saved[:MAX_SETTINGS] if isinstance(saved, list) else ():      # a save from elsewhere may hold more
        if not isinstance(s, dict) or not isinstance(s.get("path"), str):
            continue
        try:
            pointer = _set_pointer(content, s["path"])
            played = _value_at(content, pointer)
        except (KeyError, IndexError, ValueError, TypeError, SetError):
            continue
        if (type(played), played) != (type(s.get("value")), s.get("value")):    # true is not 1
            continue
        about = (_field_schema(pointer) or {}).get("description", "")
        out.append({"path": s["path"], "value": s.get("value"), "default": s.get("default"),
                    "description": t(about) if about else ""})
    return out


def with_settings(ed: Edition, content: Mapping[str, Any],
                  settings: Mapping[str, Any]) -> tuple[Edition, dict, list[dict]]:
    """`configure`, keeping `ed` and `content` themselves when no setting differs from them (a
    game whose settings change nothing plays, and saves, the edition as it is). Raises
    `HTTPProblem` 400 like `configure`."""
    configured, tree, changed = configure(content, settings)
    return (configured, tree, changed) if changed else (ed, dict(content), [])
