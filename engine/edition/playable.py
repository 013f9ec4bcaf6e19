"""From an edition reference to a playable `Edition`: load, merge, validate, compile, build."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from ..dsl import compile_edition
from .loader import LoadedEdition, load_edition
from .model import Edition, build_edition, build_switch, switch_raw


def load_playable(ref: str, variants: Sequence[str] = ()) -> Edition:
    """Load the edition `ref` (a built-in id such as 'classic', or a path) with the overlays
    `variants` applied in order, validate it, compile its DSL and build the immutable model.

    Raises `ProblemsError` carrying every problem found when the edition is not valid. Warnings
    (two overlays setting one parameter differently...) are kept in `Edition.warnings`."""
    return build_playable(load_edition(ref, tuple(variants)))


def build_playable(loaded: LoadedEdition) -> Edition:
    """The playable `Edition` of an edition already loaded and merged (`load_edition`): compile
    its DSL and build the model. Raises `ProblemsError` for DSL errors."""
    compiled = compile_edition(loaded.tree, loaded.locate, loaded.dsl)
    ed = build_edition(loaded.tree, compiled, content_hash=loaded.content_hash,
                       variants=tuple(loaded.variants), warnings=tuple(loaded.warnings))
    if loaded.switches:
        # each rule switch plays the edition with its overlays: compiled now, swapped in by the game
        switches = tuple(build_switch(compiled, i, raw, replace(build_playable(sub), content_hash=ed.content_hash))
                         for i, (raw, sub) in enumerate(zip(switch_raw(loaded.tree), loaded.switches, strict=True)))
        ed = replace(ed, switches=switches)
    return ed


@lru_cache(maxsize=16)
def load_playable_cached(ref: str, variants: tuple[str, ...] = ()) -> Edition:
    """`load_playable`, cached per process (for simulations and tests). Editions are immutable."""
    return load_playable(ref, variants)
