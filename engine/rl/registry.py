"""`gymnasium.make` ids for magie (registered by `import magie.rl`).

`magie/<Edition>-v0` for each built-in edition, its id in CamelCase (`magie/Classic-v0`; an id
some_edition would give `magie/SomeEdition-v0`), and `magie/Edition-v0`, which takes any edition
(a built-in id or the path of an edition file) by keyword: `gymnasium.make("magie/Edition-v0",
edition=...)`. Every other keyword goes to `MagieGym` (variants, seat, opponents, players, seed, shaping,
window_actions, render_mode, ...).
"""

from __future__ import annotations

import gymnasium

from magie.engine.edition.loader import builtin_ids

NAMESPACE = "magie"
ENTRY_POINT = "magie.rl.gym_env:MagieGym"


def env_id(edition: str) -> str:
    """The `gymnasium.make` id of a built-in edition: 'magie/' + its id in CamelCase + '-v0'."""
    return f"{NAMESPACE}/{''.join(part.capitalize() for part in edition.split('_'))}-v0"


def register_envs() -> list[str]:
    """Register the ids (once; registering again changes nothing) and return them."""
    ids = []
    for edition in builtin_ids()[0]:
        ids.append(_register(env_id(edition), {"edition": edition}))
    ids.append(_register(f"{NAMESPACE}/Edition-v0", {}))
    return ids


def _register(name: str, kwargs: dict) -> str:
    if name not in gymnasium.registry:
        gymnasium.register(name, entry_point=ENTRY_POINT, kwargs=kwargs)
    return name
