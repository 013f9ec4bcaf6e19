"""Agents answer the engine's decisions: bots here, the human at the terminal in `magie.cli`.

`make_bot(kind, seed, seat)` builds a bot by name. The registry `BOTS` maps each name to a
factory `(seed, name) -> agent`; `LEVELS` are the names offered to people (terminal, browser):

| kind | what it is |
|---|---|
| `easy` | a timid basic bot: bigger cash reserve, lower valuations, no trade proposals |
| `basic` | a sensible heuristic player, fast enough for large simulations |
| `hard` | the strong bot: the basic bot's play with trades, building and bids that beat it (strong/) |
| `search` | the search bot (rollouts with the engine, basic bots as the rollout policy) |
| `random` | any legal answer, for fuzzing |

A kind may also name a user's own agent class as `module:Class` (a plug-in, see docs/agents.md):
the class is imported and called as `Class(seed=..., name=...)`. The bots of installed plugins
(`magie.bots` entry points, docs/plugins.md) are in `BOTS` under their own names and are made as
`module:Class` plug-ins are. A kind `cmd:PROGRAM ARGS` is a program in any language that answers
over JSON lines (external.py).

The bot classes are imported on first use, so that `BOT_KINDS` (for help texts) costs nothing.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

BOT_KINDS = ("easy", "basic", "hard", "search", "random")
"""The built-in bot kinds, in the order of `BOTS` (a tuple that imports no bot)."""

_WHERE = {"BasicBot": ".basic", "EasyBot": ".easy", "AgentError": ".guard", "Guarded": ".guard",
          "RandomBot": ".random_bot", "Scripted": ".scripted", "SearchBot": ".search",
          "StrongBot": ".strong", "hard_bot": ".strong", "search_bot": ".search"}
_FACTORIES = {"easy": "EasyBot", "basic": "BasicBot", "hard": "hard_bot", "search": "search_bot",
              "random": "RandomBot"}

if TYPE_CHECKING:
    from .basic import BasicBot
    from .easy import EasyBot
    from .guard import AgentError, Guarded
    from .random_bot import RandomBot
    from .scripted import Scripted
    from .search import SearchBot
    from .strong import StrongBot

    BOTS: dict[str, Callable[..., Any]]
    """Bot kinds by name: a factory called as `factory(seed=..., name=...)`."""


def __getattr__(name: str) -> Any:
    """The bot classes and `BOTS` (kind -> factory), imported on first use (PEP 562)."""
    if name == "BOTS":
        value: Any = {kind: __getattr__(attr) for kind, attr in _FACTORIES.items()}
        value.update(_plugin_bots())
    elif name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def _get(name: str) -> Any:
    """A lazy name of this module from inside it (module globals do not go through `__getattr__`)."""
    return globals()[name] if name in globals() else __getattr__(name)


LEVELS = ("easy", "basic", "hard")
"""The strength levels offered to people, weakest first."""


class PluginError(ValueError):
    """A `module:Class` bot kind that cannot be loaded (the message says why)."""


def is_plugin(kind: str) -> bool:
    """Does `kind` name a plug-in agent (`module:Class`, or an installed plugin's bot) rather
    than a built-in bot?"""
    return ":" in kind or (kind not in BOT_KINDS and kind in _plugin_bots())


def _plugin_bots() -> dict[str, Callable[..., Any]]:
    """The installed plugins' bots by kind (engine/plugins.py; looked up once a process); one
    named as a built-in kind is told on stderr and left out."""
    from .. import plugins

    def checked() -> dict[str, Callable[..., Any]]:
        out = {}
        for kind, (dist, factory) in plugins.bots().items():
            if kind in BOT_KINDS:
                plugins.tell(dist, f"bot {kind!r} is a built-in bot's name")
            else:
                out[kind] = factory
        return out
    found: dict[str, Callable[..., Any]] = plugins.remember("agents", checked)
    return found


def bot_factory(kind: str) -> Callable[..., Any]:
    """The factory of bot `kind`: a built-in name, or `module:Class` (imported). Raises
    `ValueError` (a `PluginError` for plug-ins) with a message for an unknown kind."""
    bots: dict[str, Callable[..., Any]] = _get("BOTS")
    if kind in bots:
        return bots[kind]
    if kind.startswith("cmd:"):         # a program in any language (external.py)
        from .external import command_factory
        return command_factory(kind)
    if not is_plugin(kind):
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(bots)}, or module:Class for your own)")
    module, _, attr = kind.partition(":")
    try:
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module.partition(".")[0] or os.getcwd() in sys.path:
                raise
            sys.path.insert(0, os.getcwd())    # a module in the current folder, as `python -m` finds it
            mod = importlib.import_module(module)
    except Exception as e:     # any import failure of user code is reported, not a traceback
        raise PluginError(f"bot {kind!r}: cannot import module {module!r}: {type(e).__name__}: {e}") from None
    cls: Any = getattr(mod, attr, None)
    if cls is None or not callable(cls):
        raise PluginError(f"bot {kind!r}: module {module!r} has no class {attr!r}")
    factory: Callable[..., Any] = cls
    return factory


_BUILT_IN: dict[str, tuple[Callable[..., Any], bool]] = {}
"""The built-in kinds `make_bot` has made, each with its factory (the class or function of
`_FACTORIES`, whose first parameters are `seed, name`) and whether it takes `claim_attention`
(the basic bot's own class): looked up once per kind, not per bot (a game's set-up makes four)."""


def make_bot(kind: str, seed: int = 0, seat: int = 0, claim_attention: float = 1.0) -> Any:
    """A bot of `kind` (see `BOTS`, or `module:Class`) with its own generator seeded from
    (seed, seat), named '<kind>-<seat + 1>' (a plug-in keeps a name of its own). A plug-in is
    created as `Class(seed=..., name=...)` (or `Class()` if it takes neither), must have
    `decide(game, decision)`, and is wrapped in `Guarded` so that an exception it raises is an
    `AgentError` naming it and the decision. `claim_attention` (0..1) is the share of rents a
    basic bot claims where owners must claim. Raises `ValueError` (`PluginError`) with a message."""
    if kind.startswith("cmd:"):         # a program: its own errors name it, no `Guarded`
        return bot_factory(kind)(seed=seed * 1009 + seat, name=kind)
    made = _BUILT_IN.get(kind)
    # (a kind made before is in BOTS; the check keeps a factory put in its place in force)
    if made is not None and globals()["BOTS"].get(kind) is made[0]:
        built_in, basic = made
        if basic:
            return built_in(seed * 1009 + seat, f"{kind}-{seat + 1}", claim_attention)
        return built_in(seed * 1009 + seat, f"{kind}-{seat + 1}")
    factory = bot_factory(kind)
    if kind in _FACTORIES and factory is _get(_FACTORIES[kind]):
        _BUILT_IN[kind] = (factory, factory is _get("BasicBot"))
    label = kind.rpartition(":")[2] if is_plugin(kind) else kind
    try:
        if factory is _get("BasicBot"):
            bot = factory(seed=seed * 1009 + seat, name=f"{label}-{seat + 1}", claim_attention=claim_attention)
        else:
            bot = factory(seed=seed * 1009 + seat, name=f"{label}-{seat + 1}")
    except TypeError:
        if not is_plugin(kind):
            raise
        try:
            bot = factory()
        except Exception as e:
            raise PluginError(f"bot {kind!r}: cannot create it: {type(e).__name__}: {e}") from None
    except Exception as e:
        if not is_plugin(kind):
            raise
        raise PluginError(f"bot {kind!r}: cannot create it: {type(e).__name__}: {e}") from None
    if not is_plugin(kind):
        return bot
    if not callable(getattr(bot, "decide", None)):
        raise PluginError(f"bot {kind!r}: it has no decide(game, decision) method")
    if getattr(bot, "human", False):
        raise PluginError(f"bot {kind!r}: a plug-in plays as a bot (its `human` must be False)")
    if not isinstance(getattr(bot, "name", None), str):
        try:
            bot.name = f"{label}-{seat + 1}"
        except AttributeError:
            pass
    return _get("Guarded")(bot, kind)


__all__ = ["AgentError", "Guarded", "BasicBot", "EasyBot", "RandomBot", "SearchBot", "StrongBot", "Scripted",
           "make_bot", "bot_factory", "is_plugin", "BOTS", "BOT_KINDS", "LEVELS", "PluginError"]
