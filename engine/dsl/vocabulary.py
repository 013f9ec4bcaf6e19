"""Everything the DSL knows by name: limits, built-in functions, attributes, space kinds, the
uses of a kept card, and the statement forms. docs/dsl.md documents each entry; a test fails
when one is missing there.

Attribute entries carry the Python code that reads them (`{x}` is the object, `g` the game),
using only what `runtime.GameRuntime` offers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .. import kinds as _kinds
from .typesys import BOOL, GROUP, INT, KIND, PLAYER, ROLE, SPACE, Type, list_of

# ------------------------------------------------------------------ limits

#: Input limits. Input beyond them is a `dsl-limit` problem, never a crash or a hang.
MONEY_LIMIT = 10**12
"""Money a formula or an effect may produce, in units of the edition's currency: a result outside
±MONEY_LIMIT stops the game with an error naming the formula (the edition files' own numbers have
the same range)."""

LIMITS = {
    "chars": 10_000,      # characters in one snippet
    "depth": 32,          # nesting: brackets, calls, operators, conditionals, blocks
    "chain": 50,          # operands in one chain of `+ -`, of `* / // %`, of `and`, of `or`
    "list_items": 100,    # items in one list literal
    "branches": 32,       # `elif` branches of one `if`
    "digits": 18,         # digits in one number
    "dice": 100,          # dice in one roll(n)
    "loop_work": 100_000,  # elements one evaluation may visit in its loops (loops.work_bound)
}

ID_PATTERN = r"^[a-z][a-z0-9_]*$"

# ------------------------------------------------------------------ kinds and uses

#: The kinds of space an edition's board may use, and what a kept card can be used for
#: (`keep as USE`): engine/kinds.py lists both.
SPACE_KINDS = _kinds.SPACE_KINDS
KEEP_USES = _kinds.KEEP_USES


# ------------------------------------------------------------------ functions

@dataclass(frozen=True, slots=True)
class FunctionSpec:
    """A function: arity bounds (max None = any number), a call example, a summary.
    `impure` functions change the game (dice, flags): not allowed in conditions that are
    only checked (action `when`/`bot`, end conditions, score). A plugin's function
    (`plugin_functions`) also has its parameter and result types, the plugin's name and its
    whole docstring (`doc`); a built-in one is checked by its own method of the checker."""

    name: str
    min_args: int
    max_args: int | None
    signature: str
    summary: str
    impure: bool = False
    params: tuple[Type, ...] | None = None
    returns: Type | None = None
    plugin: str = ""
    doc: str = ""


FUNCTIONS: dict[str, FunctionSpec] = {f.name: f for f in (
    FunctionSpec("min", 2, None, "min(a, b, ...)", "the smallest of its arguments"),
    FunctionSpec("max", 2, None, "max(a, b, ...)", "the largest of its arguments"),
    FunctionSpec("floor", 1, 1, "floor(x)", "x rounded down to a whole number"),
    FunctionSpec("ceil", 1, 1, "ceil(x)", "x rounded up to a whole number"),
    FunctionSpec("round", 1, 1, "round(x)", "x rounded to the nearest whole number, halves up"),
    FunctionSpec("abs", 1, 1, "abs(x)", "x without its sign"),
    FunctionSpec("roll", 1, 1, "roll(n)", "throws n dice now (not a movement throw)", impure=True),
    FunctionSpec("has_flag", 2, 2, "has_flag(p, f)", "does player p carry flag f?"),
    FunctionSpec("use_flag", 2, 2, "use_flag(p, f)",
                 "does player p carry flag f? the flag is removed", impure=True),
    FunctionSpec("completes_group", 2, 2, "completes_group(p, space)",
                 "would owning space give p its whole group?"),
    FunctionSpec("owned_in", 2, 2, "owned_in(p, group)", "how many deeds of group p owns"),
    FunctionSpec("counter", 2, 2, "counter(x, c)",
                 "the value of counter c on player or space x (0 when never added to)"),
    FunctionSpec("holds", 2, 2, "holds(p, use)", "how many kept cards of that use p holds"),
    FunctionSpec("treasury", 0, 0, "treasury()", "the money in the treasury (0 without one)"),
    FunctionSpec("space_ahead", 2, 2, "space_ahead(p, n)",
                 "the space n steps ahead of player p's token (behind it for a negative n)"),
    FunctionSpec("rent_of", 2, 2, "rent_of(p, space)",
                 "the rent p would pay on landing on space now (0: unowned, its own or mortgaged; "
                 "a utility counts the last throw)"),
    FunctionSpec("cards_in", 1, 1, "cards_in(deck)", "how many cards are left to draw in the deck"),
    FunctionSpec("unowned", 0, 0, "unowned()", "how many deeds nobody owns (the bank holds them)"),
    FunctionSpec("built", 2, 2, "built(p, kind)",
                 "how many buildings of that kind (house, hotel, or a kind of the edition's "
                 "ladders) p has on its deeds"),
)}

_PLUGIN_TYPES = {"int": INT, "bool": BOOL, "player": PLAYER, "space": SPACE, "group": GROUP}


def plugin_functions(plugins: Iterable[str] | None = None) -> dict[str, FunctionSpec]:
    """The DSL functions of installed plugins (engine/plugins.py) as `FunctionSpec`s, by name:
    of every plugin (`plugins` None), or of the plugins named (as an edition's `plugins:` does,
    compared as distribution names are). A name the DSL uses itself (a function, an aggregate, a
    set, a reserved word) is never a plugin's: told on stderr once, and left out."""
    from .. import plugins as registry

    wanted = None if plugins is None else {registry.normalize(p) for p in plugins}
    out = {}
    for f in registry.functions().values():
        if f.name in FUNCTIONS or f.name in AGGREGATES or f.name in SETS or f.name in RESERVED:
            registry.tell(f.plugin, f"DSL function {f.name!r}: a word of the DSL")
            continue
        if wanted is not None and registry.normalize(f.plugin) not in wanted:
            continue
        summary = f.doc.split("\n\n", 1)[0].replace("\n", " ") or "(no docstring)"
        out[f.name] = FunctionSpec(f.name, len(f.params), len(f.params),
                                   f"{f.name}({', '.join(f.params)}) -> {f.returns}", summary,
                                   params=tuple(_PLUGIN_TYPES[t] for t in f.params),
                                   returns=_PLUGIN_TYPES[f.returns], plugin=f.plugin, doc=f.doc)
    return out


#: Aggregates over a filter (`count(each street s where ...)`, `sum(s.price for each ...)`).
AGGREGATES = {
    "count": "count(each SET x where COND): how many elements pass the filter",
    "first": "first(each SET x where COND): the first element that passes, or none",
    "nearest": "nearest(each SET s where COND): the first space ahead of the subject that "
               "passes, or none",
    "sum": "sum(VALUE for each SET x where COND): the sum of VALUE (0 for none)",
    "max": "max(VALUE for each SET x where COND): the largest VALUE (0 for none)",
    "min": "min(VALUE for each SET x where COND): the smallest VALUE (0 for none)",
    "most": "most(VALUE for each SET x where COND): the element with the largest VALUE (the "
            "first on ties), or none",
    "least": "least(VALUE for each SET x where COND): the element with the smallest VALUE, or "
             "none",
    "pick": "pick(each SET s where COND) or pick(VALUE for each SET s where COND): the subject "
            "picks one of the spaces that pass (a `pick` decision; bots take the largest VALUE, "
            "else the first), or none",
}

#: Sets to loop over and filter, besides the kinds of space.
SETS = {
    "player": "the players still in the game, in seat order",
    "other player": "the other players, starting after the subject",
    "group": "the edition's groups",
    "space": "every space of the board, in board order",
    "deed": "the spaces with a title deed",
}


# ------------------------------------------------------------------ attributes

@dataclass(frozen=True, slots=True)
class AttrSpec:
    """An attribute of a player, a space or a roll: its type, the Python code reading it
    (`{x}` is the object), and whether it is never negative (lets `table[level]` index
    without a range check on the low side)."""

    name: str
    type: Type
    code: str
    summary: str
    nonneg: bool = False


PLAYER_ATTRS: dict[str, AttrSpec] = {a.name: a for a in (
    AttrSpec("cash", INT, "{x}.cash", "money in hand", True),
    AttrSpec("position", SPACE, "{x}.pos", "the space the token is on", True),
    AttrSpec("in_jail", BOOL, "{x}.in_jail", "is the player in jail?"),
    AttrSpec("houses", INT, "g.houses_of({x})", "houses the player has built", True),
    AttrSpec("hotels", INT, "g.hotels_of({x})", "hotels the player has built", True),
    AttrSpec("deeds", INT, "g.deeds_of({x})", "number of title deeds owned", True),
    AttrSpec("deed_prices", INT, "g.deed_prices({x})",
             "sum of the printed prices of the player's deeds", True),
    AttrSpec("mortgaged_prices", INT, "g.mortgaged_prices({x})",
             "sum of the printed prices of the player's mortgaged deeds", True),
    AttrSpec("building_costs", INT, "g.building_costs({x})",
             "what the player's buildings cost to buy", True),
    AttrSpec("industries", INT, "g.industries({x})",
             "groups in which the player owns at least one deed", True),
    AttrSpec("monopolies", INT, "g.monopolies({x})", "groups the player owns whole", True),
    AttrSpec("net_worth", INT, "g.net_worth({x})", "the edition's score (end.score)"),
    AttrSpec("seat", INT, "{x}.seat", "0-based table seat (not the place in the order of play)", True),
    AttrSpec("laps", INT, "{x}.laps", "laps completed (salaries received)", True),
    AttrSpec("loans", INT, "_len({x}.loans)", "units borrowed from the bank, not yet repaid", True),
    AttrSpec("role", ROLE, "{x}.role",
             "the player's role (editions that declare `roles`), compared with a role id"),
)}

SPACE_ATTRS: dict[str, AttrSpec] = {a.name: a for a in (
    AttrSpec("index", INT, "{x}", "the space's place on the board, from 0 (the first space)", True),
    AttrSpec("price", INT, "g.spaces[{x}].price", "printed price (0 when not a deed)", True),
    AttrSpec("mortgage", INT, "g.spaces[{x}].mortgage", "mortgage value (0 where the rules allow none)", True),
    AttrSpec("owner", PLAYER, "g.owner[{x}]", "the owning player, or none"),
    AttrSpec("mortgaged", BOOL, "g.mortgaged[{x}]", "is the deed mortgaged?"),
    AttrSpec("level", INT, "g.level[{x}]", "buildings: the level on the group's ladder (houses, then the hotel level, "
             "then any level above)", True),
    AttrSpec("kind", KIND, "g.spaces[{x}].kind", "the kind of space"),
    AttrSpec("group", GROUP, "g.spaces[{x}].group", "the group, or none"),
    AttrSpec("house_cost", INT, "g.spaces[{x}].house_cost", "the group's house cost", True),
)}

ROLL_ATTRS: dict[str, AttrSpec] = {a.name: a for a in (
    AttrSpec("total", INT, "{x}.total", "sum of the dice", True),
    AttrSpec("doubles", BOOL, "{x}.doubles", "two or more dice, all alike"),
    AttrSpec("dice", list_of(INT), "{x}.dice", "the faces, as a list"),
    AttrSpec("base_total", INT, "{x}.base_total",
             "sum of the base dice (without the edition's own dice of `dice.extra`)", True),
)}

ATTRS_BY_TYPE = {"player": PLAYER_ATTRS, "space": SPACE_ATTRS, "roll": ROLL_ATTRS}


# ------------------------------------------------------------------ statements

#: The statement forms, as docs/dsl.md writes them (a test checks each is documented).
STATEMENT_FORMS = (
    "pay bank AMOUNT",
    "pay each other player AMOUNT",
    "pay PLAYER AMOUNT",
    "collect AMOUNT from bank",
    "collect AMOUNT from each other player",
    "collect AMOUNT from PLAYER",
    "move to SPACE",
    "move to nearest KIND",
    "move to nearest group GROUP",
    "move forward N",
    "move back N",
    "move back to SPACE",
    "go to jail",
    "go to holding ID",
    "keep as USE",
    "draw from DECK",
    "let NAME = EXPR",
    "if COND: ... elif COND: ... else: ...",
    "for each player as NAME: ...",
    "for each other player as NAME: ...",
    "set flag NAME on PLAYER",
    "clear flag NAME on PLAYER",
    "offer build house at COST",
    "transfer SPACE to PLAYER",
    "NAME = EXPR",
    "pass",
    "release from jail",
    "choose: option LABEL: ...",
    "with PLAYER: ...",
    "for each SET NAME where COND: ...",
    "move to nearest SET NAME where COND",
    "set flag NAME on X for N turns",
    "add N to counter NAME on X",
    "clear counter NAME on X",
    "offer buy SPACE at PRICE",
    "pay treasury AMOUNT",
    "collect AMOUNT from treasury",
    "collect AMOUNT from treasury to bank",
    "auction SPACE",
    "discard USE",
)

#: What each statement form does (the DSL reference, docs/reference/dsl.md, shows them).
STATEMENT_DOCS: dict[str, str] = {
    'pay bank AMOUNT': 'the current player pays the bank',
    'pay each other player AMOUNT': 'pays AMOUNT to every other player still in the game, in seat order',
    'pay PLAYER AMOUNT': 'pays one player',
    'collect AMOUNT from bank': 'the bank pays the current player',
    'collect AMOUNT from each other player': 'every other player pays AMOUNT, in seat order',
    'collect AMOUNT from PLAYER': 'one player pays',
    'move to SPACE': 'moves forward to a space; passing or reaching the start space completes a lap',
    'move to nearest KIND': 'forward to the first space of that kind ahead',
    'move to nearest group GROUP': 'forward to the first space of that group ahead',
    'move forward N': 'N spaces forward',
    'move back N': 'N spaces backwards: no lap',
    'move back to SPACE': 'backwards to a space: no lap, no salary',
    'go to jail': 'straight to jail: no lap, no salary; ends the turn',
    'go to holding ID':
        'straight to the holding space ID of `rules.holdings` (or `jail`), held there as in jail and '
        'leaving by its own rules: no lap, no salary; ends the turn. An ID that is neither is '
        '`unknown-name`',
    'keep as USE':
        'the player keeps the card being resolved, out of its deck (cards only); the only use is '
        '`get_out_of_jail`',
    'draw from DECK': 'the player draws the top card of a deck and resolves it',
    'let NAME = EXPR': 'names a value for the rest of the block',
    'if COND: ... elif COND: ... else: ...': 'runs the first block whose condition is true',
    'for each player as NAME: ...':
        'runs the block for every player still in the game (the current player included), in seat order',
    'for each other player as NAME: ...': 'the same, for the other players, starting after the current one',
    'set flag NAME on PLAYER':
        'marks a player; add `until used` (the default: until `use_flag` consumes it), `until end of '
        'turn`, or `until next move` (cleared when that player next moves, or at the end of the turn)',
    'clear flag NAME on PLAYER': 'removes a flag',
    'offer build house at COST':
        'the player may build one house on a lot where one is legal now, paying COST instead of the house'
        " cost; inside COST, `house_cost` is that lot's house cost",
    'transfer SPACE to PLAYER': 'the title deed of SPACE (with its mortgage, if any) changes owner',
    'NAME = EXPR': 'gives a variable made by `let` a new value (same type; a whole number stays whole)',
    'pass': 'does nothing (an option that changes nothing)',
    'release from jail':
        'the subject leaves jail, or the holding space it is held in, and stays on that space; nothing if'
        ' not held',
    'choose: option LABEL: ...': 'the subject picks one of the options, asked as a `choice` decision',
    'with PLAYER: ...': 'the statements of the block act for PLAYER',
    'for each SET NAME where COND: ...': 'runs the block for each element of SET that passes COND',
    'move to nearest SET NAME where COND':
        'forward to the first space ahead in SET that passes COND; nothing if none does',
    'set flag NAME on X for N turns':
        'a flag on a player or a space that lasts N turns (also `rounds`, `laps`; see Flags and counters)',
    'add N to counter NAME on X': 'adds N (may be negative) to a counter of a player or a space',
    'clear counter NAME on X': 'sets the counter back to 0',
    'offer buy SPACE at PRICE':
        'if SPACE has no owner, the subject may buy it at PRICE (a `buy` decision); declined, it stays '
        'with the bank (no auction)',
    'pay treasury AMOUNT':
        'the subject pays into the treasury (`rules.treasury`; in an edition without one the '
        'checker refuses it, unless a rule switch may bring one: then paying before the switch stops the '
        'game with an error at the statement)',
    'collect AMOUNT from treasury': 'the treasury pays the subject; it must hold AMOUNT (check `treasury()`)',
    'collect AMOUNT from treasury to bank': 'the treasury pays the bank (no player pays or receives)',
    'auction SPACE':
        'if the deed SPACE has no owner, the bank auctions it at once by `rules.auction` (the subject '
        'bids too; bidding starts after them); nothing when it has an owner',
    'discard USE':
        'the subject loses every card it keeps for USE, out of the game (the card being resolved is not '
        'held yet, so `discard` then `keep as` keeps only it: tickets that expire)',
}

#: `with` options of moves.
MOVE_OPTIONS = ("rent", "dice", "salary", "no salary")

#: Words that can never name a variable (`let`, `for ... as`).
RESERVED = frozenset({
    "pay", "bank", "each", "other", "player", "collect", "from", "move", "to", "nearest", "group",
    "forward", "back", "with", "rent", "dice", "salary", "no", "go", "jail", "keep", "as", "draw",
    "let", "set", "flag", "on", "until", "used", "end", "of", "turn", "clear", "offer", "build",
    "house", "at", "transfer", "if", "elif", "else", "for", "and", "or", "not", "true", "false",
    "none", "params", "where", "add", "counter", "buy", "pass", "release", "choose", "option",
    "when", "bot", "auction", "discard", "holding",
})

#: Words that start a statement (used to word "a statement where a value is expected").
STATEMENT_WORDS = frozenset({
    "pay", "collect", "move", "go", "keep", "draw", "let", "set", "clear", "offer", "transfer",
    "choose", "with", "pass", "release", "add", "auction", "discard",
})
