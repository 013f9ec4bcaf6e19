"""Every problem code the edition tooling reports, with its one-line meaning.

Codes are stable: tests, tools and docs/authoring.md rely on them. The DSL checker
(`magie.engine.dsl.check_edition`) reports codes of its own, listed in its module.
"""

CODES: dict[str, str] = {
    # reading files
    "file-not-found": "a file or folder named on the command line, in `extends:` or `--variant` does not exist",
    "file-too-large": "a file is over the 5 MB limit for edition files (refused without reading it), or has more "
                      "than 50,000 values, or a list or map has more than 5,000 items",
    "control-character": "a text holds a control character (a terminal escape such as \\e[2J); only new lines "
                         "and tabs are allowed",
    "number-out-of-range": "a whole number is outside -10^12..10^12, the range of money and counts in an edition",
    "not-utf8": "a file has bytes that are not UTF-8 (the message says where)",
    "yaml-syntax": "the YAML cannot be parsed (a missing bracket, a bad indent, ...)",
    "yaml-tab": "a tab is used for indentation (YAML indents with spaces only)",
    "duplicate-key": "a map has the same key twice (YAML would silently keep one)",
    "empty-file": "a file is empty or only comments",
    "not-a-mapping": "the top level of a file is not a map of keys",
    "unsupported-yaml": "YAML outside the safe subset: a tag such as !!python/object, a map used as a key, "
                        "an alias loop, or a file that expands to too many values",
    "no-yaml-files": "a folder given to `magie validate` has no .yaml files",
    # editions, extends and overlays
    "unknown-edition": "an edition id (on the command line or in `extends:`) is neither built in nor a file",
    "unknown-variant": "a `--variant` id is not a built-in overlay",
    "extends-cycle": "editions extend each other in a loop",
    "wrong-file-kind": "an overlay used as an edition, an edition used as an overlay, or `extends:` in an overlay",
    "unknown-target": "an overlay or child edition patches or deletes an item id the edition it changes does not have",
    "bad-delete": "an item with `delete: true` has keys other than `id` and `delete`",
    "missing-plugin": "a plugin the edition declares under `plugins:` is not installed (docs/plugins.md)",
    "partial-translation": "(warning) a patch changes a text in some languages and not in the others, which keep "
                           "the old text",
    "overlay-conflict": "(warning) two overlays set the same value differently; the later one wins",
    "overlay-base": "(warning) an overlay is applied to an edition that does not build on the edition it names "
                    "in `base:`",
    # schema
    "missing-key": "a required key is missing",
    "unknown-key": "a key is not allowed here (misspelt, or it belongs to another kind of space)",
    "wrong-type": "a value has the wrong type (text where an integer is expected, ...)",
    "bad-value": "a value is not allowed: not one of the choices, out of range, a malformed id or colour, "
                 "an empty list",
    # meaning
    "duplicate-id": "two spaces, groups, decks, cards (across all decks) or actions share an id",
    "unknown-group": "a space (or a cap of rules.limits.deeds) names a group that is not defined",
    "unknown-deck": "a card space names a deck that is not defined",
    "start-space": "the board does not have exactly one start space",
    "jail-space": "the board has more than one jail, or a go_to_jail space but no jail",
    "unknown-placeholder": "a card text shows `{name}` but the card has no value of that name under `values:`",
    "rent-length": "a rent table has the wrong number of entries for its kind",
    "rent-not-rising": "a street's rents do not rise strictly with each building",
    "mortgage-too-high": "a deed's mortgage value is not below its price",
    "unknown-deed-set": "rules.purchase.compulsory or rules.mortgage.unavailable names something that is neither a "
                        "kind of deed nor a group",
    "empty-group": "a group has no spaces",
    "group-kind": "a street is in a group without house costs, or another deed is in a buildable group",
    "ladder-order": "a building ladder's levels do not rise: a kind of building comes back after another, or a "
                    "level needs less of its group than the level below",
    "unknown-ladder": "a group names a building ladder that rules.buildings.ladders does not define",
    "building-cost": "a group builds a level of a ladder but has no price for it (costs, house_cost or the "
                     "step's cost)",
    "unknown-building": "rules.buildings.supply (or rules.limits.buildings) names a kind of building that no "
                        "ladder builds",
    "players-range": "players.min is greater than players.max",
    "role-name-taken": "a role's id is a word of the DSL (none, true, pay, ...), which `p.role == ID` cannot name",
    "role-balance": "roles.balance cannot be met for the edition's player counts ('each' with fewer players "
                    "than roles)",
    "unused-deck": "(warning) no card space (nor a hook of a declared kind of space) draws from a deck",
    "unknown-kind": "a space's kind is neither built in nor declared under `space_kinds` (or a cap of "
                    "`rules.limits.deeds` names no kind of deed)",
    "kind-name-taken": "a declared kind of space has the id of a built-in kind or of a DSL set (space, deed, "
                       "player, group)",
    "kind-without-effect": "a declared kind of space has no hook (on_land, on_pass, on_leave, on_turn_start) and is "
                           "no deed (`deed:`)",
    "unused-kind": "(warning) no space of the board has a declared kind",
    "unknown-symbol": "a face of a die of `dice.extra` names a symbol that `dice.symbols` does not declare",
    "symbol-without-effect": "a symbol of `dice.symbols` has neither `instead` nor `after`",
    "unused-symbol": "(warning) no face of the edition's dice shows a declared symbol",
    "holding-space": "a holding space of `rules.holdings` stands on a space the board does not have, or takes "
                     "the jail's id `jail`",
    "unknown-holding": "`rules.doubles.holding` names a holding space that is neither the jail nor one of "
                       "`rules.holdings`",
    "players-table": "a `{by_players: ...}` amount has no entry for a player count from players.min to "
                     "players.max",
    "players-table-extra": "(warning) a `{by_players: ...}` amount names a player count outside players.min.."
                           "players.max, which no game reads",
    "bank-too-small": "setup.bank.cash is less than the start cash of the most players the edition allows",
    "board-layout": "`board_layout` does not place every space once: its sides do not add up to the number of "
                    "spaces, a cell names an unknown space, two spaces share a cell, a space has no cell, or it "
                    "gives both or neither of `sides` and `cells`",
}

WARNING_CODES = frozenset({"overlay-conflict", "overlay-base", "unused-deck", "partial-translation",
                           "unused-kind", "unused-symbol", "players-table-extra"})
