"""The engine's own kinds, listed once: every other list of them is derived from these or
checked against them by a test (tests/game/test_registries.py).

- `SPACE_KINDS`: the kinds of space an edition's board may use without declaring them (an
  edition declares more under `space_kinds:`, docs/authoring.md). What each does when a token
  stops on, passes or leaves it is engine/game/landing.py's registry of the same name; the
  schema's enum of `kind` (schema/edition.schema.json, `definitions/space/properties/kind`, and
  the list of kinds that are not built in) must equal this list, as the test checks.
- `DEED_KINDS`: those of them whose spaces carry a title deed (a declared kind with `deed:` does
  too).
- `KEEP_USES`: what a card kept by a player can be used for (`keep as USE` in the DSL;
  engine/game/cards.py's `KEPT_CARD_USES` says how each is played).

This module sits below the edition, the DSL and the game, so that each of them can import it.
"""

from __future__ import annotations

SPACE_KINDS: tuple[str, ...] = ("start", "street", "railroad", "utility", "tax", "card", "jail", "go_to_jail",
                                "free_parking", "court", "plain")
"""The built-in kinds of space, in the order the schema and the docs list them."""

DEED_KINDS: tuple[str, ...] = ("street", "railroad", "utility")
"""The built-in kinds of space that carry a title deed."""

KEEP_USES: tuple[str, ...] = ("get_out_of_jail",)
"""The uses of a kept card (`keep as USE`)."""
