"""Plugins: editions, overlays, bots and DSL functions from installed packages, through entry points.

A package extends magie by declaring entry points (in its pyproject.toml) in three groups:

- `magie.editions`: each entry point loads to a folder laid out like magie's own `editions/`
  (editions `*.yaml` at the top, overlays in `variants/*.yaml`), to one `.yaml` file (an overlay
  when it says `overlay: true`), or to a list of these (`str` or `os.PathLike` paths). Its
  editions and overlays are then named by their file stem wherever a built-in id is taken.
- `magie.bots`: the entry point's name is the bot kind (`--bot NAME`); it loads to an agent class
  or factory called as `factory(seed=..., name=...)` (or `factory()`), whose result has
  `decide(game, decision)`, exactly as a `module:Class` agent (docs/agents.md).
- `magie.dsl`: the entry point's name is the DSL function's name; it loads to a Python function
  declared with `dsl_function(params=..., returns=...)`. It is called as `fn(game, *args)` with
  the game to read (never to change) and the arguments as compiled DSL code holds them (a
  player object or None, a space's board index or None, a group id or None, an int, a bool);
  its docstring is its documentation. An edition that calls one declares the plugin (the
  distribution's name) under `plugins:`; a declared plugin that is not installed is a
  `missing-plugin` problem at that line.

This module reads the entry points and loads what they name; the layers above make use of it:
engine/edition/plugin_files.py (the editions and overlays, the `missing-plugin` check),
engine/dsl/vocabulary.py (`plugin_functions`, typed for the checker) and prelude.py (the
checked call), engine/agents (the bots in `BOTS`). It imports nothing of magie but its errors.

Everything is looked up once per process, on first use (`reset` forgets it, for tests). A plugin
that cannot be used (its module does not import, an entry point names the wrong kind of object,
an id already taken) is one line on stderr naming it, once, and is left out: the rest works.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .errors import EditionFault

EDITIONS_GROUP = "magie.editions"
BOTS_GROUP = "magie.bots"
DSL_GROUP = "magie.dsl"
GROUPS = (EDITIONS_GROUP, BOTS_GROUP, DSL_GROUP)
"""The entry-point groups magie reads."""

DSL_TYPES = ("int", "bool", "player", "space", "group")
"""The DSL types a plugin function may take and return (docs/plugins.md)."""

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class PluginFault(EditionFault):
    """A plugin's DSL function failed or returned a value of the wrong type during a game; the
    DSL's run-time locator (dsl/failures.py) reports it at the call in the edition, naming the
    plugin, and the game stops as for any failing effect."""


@dataclass(frozen=True)
class PluginFunction:
    """A DSL function a plugin provides: its DSL name, the plugin's name, the parameter and
    result type names (of `DSL_TYPES`), the Python function, and its docstring."""

    name: str
    plugin: str
    params: tuple[str, ...]
    returns: str
    fn: Callable[..., Any]
    doc: str


def dsl_function(*, params: Iterable[str], returns: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare a Python function as a DSL function: `params` are the DSL types of its arguments
    after the game (each of `DSL_TYPES`), `returns` the type of its result. The function is
    returned unchanged, marked with `__magie_dsl__ = (params, returns)`; the types are checked when
    magie loads it (a wrong one is a line on stderr naming the plugin, and the function is left out)."""
    declared = (tuple(params), returns)

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__magie_dsl__ = declared  # type: ignore[attr-defined]
        return fn
    return mark


def normalize(name: str) -> str:
    """A distribution's name as packaging compares them: lower case, runs of `-_.` as one `-`."""
    return re.sub(r"[-_.]+", "-", name).lower()


_found: dict[str, Any] = {}
"""What was looked up (`remember`), by key: 'entry points', 'bots', 'functions', and what the
layers above keep."""
_told: set[str] = set()
"""The lines told on stderr (each once a process)."""


def reset() -> None:
    """Forget every lookup (entry points are read again on next use) and the lines told."""
    _found.clear()
    _told.clear()


def remember(key: str, make: Callable[[], Any]) -> Any:
    """What `make()` gives, made once a process under `key` (forgotten by `reset`): the layers
    above keep here what they make of the plugins (their edition files, their checked bots)."""
    if key not in _found:
        _found[key] = make()
    return _found[key]


def tell(plugin: str, what: str) -> None:
    """Say on stderr, once a process, that something of `plugin` cannot be used."""
    line = f"magie: plugin {plugin!r}: {what}; left out"
    if line not in _told:
        _told.add(line)
        sys.stderr.write(line + "\n")


def _entry_points() -> dict[str, list[tuple[str, Any]]]:
    """The entry points of `GROUPS`, each as (distribution name, entry point), sorted by
    distribution then entry-point name (the order in which ids are claimed)."""
    out: dict[str, list[tuple[str, Any]]] = {g: [] for g in GROUPS}
    if not _may_have_plugins():
        return out
    from importlib.metadata import entry_points

    try:
        for group in GROUPS:
            for ep in entry_points(group=group):
                dist = getattr(ep, "dist", None)
                name = dist.name if dist is not None and dist.name else ep.value.partition(":")[0]
                out[group].append((str(name), ep))
            out[group].sort(key=lambda item: (normalize(item[0]), item[1].name))
    except Exception as e:   # a garbled installation's metadata: no plugins, said once
        tell("?", f"cannot read the installed packages' entry points: {type(e).__name__}: {e}")
    return out


def _may_have_plugins() -> bool:
    """False when no installed distribution can have a magie entry point: no
    `*.dist-info/entry_points.txt` or `*.egg-info/entry_points.txt` in a folder of `sys.path`
    mentions a `[magie.` group. A look at a few small files, where importing `importlib.metadata`
    and reading every distribution's metadata costs about 45 ms of CPU, a quarter of `magie
    editions`. True whenever it cannot tell (a `sys.path` entry that is a zip file)."""
    for entry in sys.path:
        folder = entry or "."
        try:
            with os.scandir(folder) as it:
                names = [e.name for e in it if e.name.endswith((".dist-info", ".egg-info"))]
        except NotADirectoryError:
            return True                   # a zip file: let importlib.metadata look inside
        except OSError:
            continue                      # a folder that does not exist: nothing there
        for name in names:
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), "rb") as f:
                    if b"[magie." in f.read(1 << 20):
                        return True
            except OSError:
                continue
    return False


def entries(group: str) -> list[tuple[str, Any]]:
    """The entry points of `group` (one of `GROUPS`), each as (distribution name, entry point),
    sorted by distribution then entry-point name."""
    found: dict[str, list[tuple[str, Any]]] = remember("entry points", _entry_points)
    return found[group]


def installed() -> dict[str, str]:
    """The plugins installed: normalized name -> name as the distribution spells it (every
    distribution with an entry point in `GROUPS`, whether or not it loads)."""
    return {normalize(dist): dist for group in GROUPS for dist, _ in entries(group)}


def load(dist: str, ep: Any, what: str) -> Any:
    """The object entry point `ep` names, or None (told) when loading it raises."""
    try:
        return ep.load()
    except BaseException as e:   # any failure of a plugin's code, even SystemExit, leaves it out
        if isinstance(e, KeyboardInterrupt):
            raise
        tell(dist, f"{what} {ep.name!r} ({ep.value}) cannot be loaded: {type(e).__name__}: {e}")
        return None


def bots() -> dict[str, tuple[str, Callable[..., Any]]]:
    """The plugins' bots: kind -> (plugin name, factory). A kind another plugin (earlier by
    name) claimed, one that is not a lower-case name, or an object that cannot be called is told
    and left out (the agents' registry leaves out the built-in kinds, engine/agents)."""
    return remember("bots", _bots)


def _bots() -> dict[str, tuple[str, Callable[..., Any]]]:
    out: dict[str, tuple[str, Callable[..., Any]]] = {}
    for dist, ep in entries(BOTS_GROUP):
        if ep.name in out:
            tell(dist, f"bot {ep.name!r} is {out[ep.name][0]!r}'s already")
            continue
        if not re.match(r"^[a-z][a-z0-9_-]*$", ep.name):
            tell(dist, f"bot {ep.name!r}: a bot's name is lower case letters, digits, - and _")
            continue
        factory = load(dist, ep, "bot")
        if factory is None:
            continue
        if not callable(factory):
            tell(dist, f"bot {ep.name!r} ({ep.value}) is {type(factory).__name__}, not an agent class or factory")
            continue
        out[ep.name] = (dist, factory)
    return out


def functions() -> dict[str, PluginFunction]:
    """The plugins' DSL functions by name. One another plugin (earlier by name) claimed, whose
    name is not lower case letters, digits and _, that is not a function marked by
    `dsl_function`, or whose declared types are not of `DSL_TYPES` is told and left out (the
    DSL's vocabulary leaves out the names it uses itself, engine/dsl/vocabulary.py)."""
    return remember("functions", _functions)


def _functions() -> dict[str, PluginFunction]:
    out: dict[str, PluginFunction] = {}
    for dist, ep in entries(DSL_GROUP):
        if not _NAME.match(ep.name) or ep.name in out:
            why = ("a DSL function's name is lower case letters, digits and _" if not _NAME.match(ep.name)
                   else f"{out[ep.name].plugin!r}'s already")
            tell(dist, f"DSL function {ep.name!r}: {why}")
            continue
        fn = load(dist, ep, "DSL function")
        if fn is None:
            continue
        declared = getattr(fn, "__magie_dsl__", None)
        problem = _declaration_problem(fn, declared)
        if problem:
            tell(dist, f"DSL function {ep.name!r} ({ep.value}): {problem}")
            continue
        params, returns = declared  # type: ignore[misc]
        out[ep.name] = PluginFunction(ep.name, dist, tuple(params), returns, fn, _doc(fn))
    return out


def _declaration_problem(fn: Any, declared: Any) -> str:
    """What is wrong with a DSL function's declaration ('' when nothing)."""
    if not callable(fn):
        return f"it is {type(fn).__name__}, not a function"
    if declared is None:
        return "it is not declared with magie.engine.plugins.dsl_function(params=..., returns=...)"
    if not (isinstance(declared, tuple) and len(declared) == 2 and isinstance(declared[0], tuple)):
        return "its declaration is not (params, returns)"
    params, returns = declared
    wrong = [t for t in (*params, returns) if t not in DSL_TYPES]
    if wrong:
        return f"type {wrong[0]!r} is not one of {', '.join(DSL_TYPES)}"
    if len(params) > 8:
        return "it takes more than 8 arguments"
    return ""


def _doc(fn: Any) -> str:
    """The docstring of `fn`, dedented ('' for none)."""
    import inspect

    return inspect.cleandoc(fn.__doc__) if isinstance(getattr(fn, "__doc__", None), str) else ""
