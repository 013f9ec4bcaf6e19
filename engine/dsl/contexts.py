"""Where the DSL is used in an edition, and what each use offers.

`POINTERS` maps the JSON pointers of the edition tree that hold DSL to a `Context`. A context
fixes the signature of the compiled function (the engine calls exactly these) and the names the
snippet may use besides the built-ins:

| pointer                                        | kind   | signature                        |
|------------------------------------------------|--------|----------------------------------|
| /decks/*/cards/*/do                            | effect | fn(g, me)                        |
| /decks/*/cards/*/play/do                       | effect | fn(g, me, owner, rent)           |
| /decks/*/cards/*/play/bot                      | bool   | fn(g, me, owner, rent)           |
| /actions/*/do                                  | effect | fn(g, me, target)                |
| /actions/*/when, /actions/*/bot                | bool   | fn(g, me, target)                |
| /rules/salary                                  | int    | fn(g, me)                        |
| /rules/rent/street, /railroad, /utility        | int    | fn(g, me, space, owner, roll)    |
| /board/*/tax, /board/*/tax_alternative         | int    | fn(g, me)                        |
| /rules/auction/start, /setup/auction_deeds/start | int  | fn(g, space)                     |
| /end/when, /end/when/*                         | bool   | fn(g)                            |
| /end/score                                     | int    | fn(g, me)                        |
| /end/when/*/condition, /switches/*/when               | bool   | fn(g)                            |
| /end/vote/bot, /switches/*/vote/bot            | bool   | fn(g, me)                        |
| /rules/rent/public/*                           | int    | fn(g, me, space, owner, roll)    |
| /rules/rent/unbought                           | int    | fn(g, me, space)                 |
| /rules/treasury/spend/do                       | effect | fn(g, me)                        |
| /space_kinds/*/on_land, on_pass, on_leave, on_turn_start | effect | fn(g, me, space)    |
| /dice/extra/*/when                             | bool   | fn(g, me)                        |
| /dice/symbols/*/instead, /after, /dice/all_alike/do | effect | fn(g, me, roll)         |
| /board/*/rent_tables/*/when                    | bool   | fn(g, me, space, owner)          |
| /board/*/decks/*/when, /rules/jail/fines/*/when | bool  | fn(g, me, space)                 |
| /rules/buildings/ladders/*/*/allowed_if        | bool   | fn(g, me, space)                 |

`params.NAME` (a constant of the edition's top-level `params:` map) works everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .typesys import BOOL, INT, PLAYER, ROLL, SPACE, Type, list_of


@dataclass(frozen=True, slots=True)
class ContextName:
    """A name a context offers. `code` is the Python expression computing it inside the compiled
    function: parameters are `v_<name>`; `{other}` stands for another context name of the same
    context (its value, computed once or inlined). `nonneg`: never negative (an index needs no
    check on the low side)."""

    name: str
    type: Type
    code: str
    summary: str
    example: str
    nonneg: bool = False


@dataclass(frozen=True, slots=True)
class Context:
    """One use of the DSL.

    id:      short name ('card', 'action', 'rent', ...), accepted by `check_snippet`;
    kind:    'effect' (statements), 'int' or 'bool' (a formula of that type);
    params:  the compiled function's parameters after `g`, in order;
    names:   the names offered (parameters included);
    me:      a bare player attribute (`cash`) means `me.cash`;
    pure:    functions that change the game (roll, use_flag) are not allowed;
    reason:  the payment reason effects pass to `g.pay` ('card', 'action');
    hidden:  player attributes not offered here (the score cannot use net_worth);
    summary: plain words for messages ('a card effect').
    """

    id: str
    kind: str
    params: tuple[str, ...]
    names: dict[str, ContextName]
    me: bool
    pure: bool
    summary: str
    reason: str = ""
    hidden: frozenset[str] = field(default=frozenset())

    @property
    def signature(self) -> str:
        """'fn(g, me, target)': the compiled function's signature, as written in the docs."""
        return "fn(" + ", ".join(("g",) + self.params) + ")"


def _names(*items: ContextName) -> dict[str, ContextName]:
    return {i.name: i for i in items}


_ME = ContextName("me", PLAYER, "v_me", "the current player (in rent formulas: the payer)",
                  "me.cash")
_TARGET = ContextName("target", SPACE, "v_target",
                      "the space the action is aimed at (none when the action has no target)",
                      "target.owner")
_LANDED = ContextName("landed", SPACE, "g.landed()",
                      "where the player's last move this turn ended (none before any move)",
                      "landed == jail")
_SPACE = ContextName("space", SPACE, "v_space", "the space (deed) concerned", "space.mortgaged")
_PRICE = ContextName("price", INT, "g.spaces[v_space].price", "the deed's printed price",
                     "price // 2", True)

_RENT_NAMES = _names(
    _ME,
    _SPACE,
    _PRICE,
    ContextName("owner", PLAYER, "v_owner", "the deed's owner (paid the rent)", "owner.monopolies"),
    ContextName("roll", ROLL, "v_roll", "the roll that moved the payer (or a card's dice)",
                "roll.total"),
    # (a deed without rent_tables reads its rent at once: no call on every rent)
    ContextName("table", list_of(INT), "(g.rent_table(v_space, v_me, v_owner) if g.spaces[v_space].rent_tables "
                "else g.spaces[v_space].rent)",
                "the deed's rent list (of its `rent_tables`, the first whose `when` holds)",
                "table[level]"),
    ContextName("level", INT, "g.rent_level(v_space)",
                "index into `table`: the building level; a street's top level uses the last rent",
                "level == 0", True),
    ContextName("owned", INT, "g.owned_in_group(v_owner, g.spaces[v_space].group)",
                "deeds of this group the owner has", "table[owned - 1]", True),
    ContextName("owned_unmortgaged", INT, "_owned_unmortgaged(g, v_owner, v_space)",
                "deeds of this group the owner has, not mortgaged", "table[owned_unmortgaged - 1]",
                True),
    ContextName("group_size", INT, "g.group_size(v_space)", "deeds in this group",
                "owned == group_size", True),
    ContextName("complete", BOOL, "({owned} == {group_size})",
                "the owner has the whole group (owned == group_size)", "complete"),
    ContextName("group_mortgaged", BOOL, "g.group_mortgaged(v_space)",
                "is any deed of the group mortgaged?", "not group_mortgaged"),
    ContextName("group_built", BOOL, "g.group_built(v_space)",
                "has any lot of the group a building?", "group_built"),
)

_RENT_TABLE_NAMES = {k: v for k, v in _RENT_NAMES.items() if k not in ("roll", "table", "level")}
"""What a rent table's `when` offers: the rent formula's names but the roll and the table."""

_WHEN_NAMES = _names(
    ContextName("me", PLAYER, "v_me", "the player concerned: who builds, draws, or pays the "
                "jail fine", "me.role != space.owner.role"),
    ContextName("space", SPACE, "v_space", "the space concerned: the lot, the card space, the "
                "jail", "space.group == utilities"),
)
"""What a condition choosing a rule part for a player offers (a ladder step's `allowed_if`, a
card space's `decks`, `rules.jail.fines`)."""

_END_NAMES = _names(
    ContextName("round", INT, "g.round", "the current round, from 1", "round > 100", True),
    ContextName("bankruptcies", INT, "g.bankruptcies", "players gone bankrupt so far",
                "bankruptcies >= 2", True),
    ContextName("players_left", INT, "_len(g.alive_players())", "players still in the game",
                "players_left <= 2", True),
    ContextName("max_net_worth", INT, "g.max_net_worth()", "the highest net worth",
                "max_net_worth >= 10_000"),
    ContextName("max_cash", INT, "g.max_cash()", "the most cash any player holds",
                "max_cash >= 5000"),
    ContextName("min_cash", INT, "g.min_cash()", "the least cash any player still in holds",
                "min_cash >= 2 * params.start"),
    ContextName("max_laps", INT, "g.max_laps()", "the most laps any player still in has completed",
                "max_laps >= 5", True),
    ContextName("min_laps", INT, "g.min_laps()", "the fewest laps any player still in has completed",
                "min_laps >= 5", True),
    ContextName("start_cash", INT, "g.start_cash", "the cash each player started with (setup.start_cash "
                "for this game's number of players)", "min_cash >= 2 * start_cash", True),
)

_PLAY_NAMES = _names(
    _ME,
    ContextName("owner", PLAYER, "v_owner",
                "in the 'rent' window: the owner the rent is due to (none elsewhere)", "owner"),
    ContextName("rent", INT, "v_rent", "in the 'rent' window: the rent due (0 elsewhere)",
                "rent // 2", True),
)

CONTEXTS: dict[str, Context] = {c.id: c for c in (
    Context("card", "effect", ("me",), _names(_ME), me=True, pure=False,
            summary="a card effect", reason="card"),
    Context("action", "effect", ("me", "target"), _names(_ME, _TARGET), me=True, pure=False,
            summary="an action effect", reason="action"),
    Context("action_when", "bool", ("me", "target"), _names(_ME, _TARGET, _LANDED), me=True,
            pure=True, summary="an action's 'when' condition"),
    Context("action_bot", "bool", ("me", "target"), _names(_ME, _TARGET, _LANDED), me=True,
            pure=True, summary="an action's 'bot' hint"),
    Context("salary", "int", ("me",), _names(_ME), me=True, pure=False,
            summary="the salary formula"),
    Context("rent", "int", ("me", "space", "owner", "roll"), _RENT_NAMES, me=True, pure=False,
            summary="a rent formula"),
    Context("tax", "int", ("me",), _names(_ME), me=True, pure=False, summary="a tax formula"),
    Context("auction_start", "int", ("space",), _names(_SPACE, _PRICE), me=False, pure=False,
            summary="an auction's opening bid"),
    Context("end_when", "bool", (), _END_NAMES, me=False, pure=True,
            summary="an end condition"),
    Context("card_play", "effect", ("me", "owner", "rent"), _PLAY_NAMES, me=True, pure=False,
            summary="the effect of playing a kept card", reason="card"),
    Context("card_play_bot", "bool", ("me", "owner", "rent"), _PLAY_NAMES, me=True, pure=True,
            summary="the bot hint of a kept card"),
    Context("score", "int", ("me",), _names(_ME), me=True, pure=True,
            summary="the score formula", hidden=frozenset({"net_worth"})),
    Context("vote_bot", "bool", ("me",), _names(_ME), me=True, pure=True,
            summary="a vote's bot hint"),
    Context("unbought", "int", ("me", "space"), _names(
        _ME, _SPACE, _PRICE,
        ContextName("table", list_of(INT), "g.spaces[v_space].rent", "the deed's rent list", "table[0]")),
        me=True, pure=False, summary="the rent of a deed nobody bought"),
    Context("rent_table", "bool", ("me", "space", "owner"), _RENT_TABLE_NAMES, me=True, pure=True,
            summary="the 'when' of a rent table"),
    Context("player_when", "bool", ("me", "space"), _WHEN_NAMES, me=True, pure=True,
            summary="a condition on the player concerned"),
    Context("treasury_spend", "effect", ("me",), _names(_ME), me=True, pure=False,
            summary="the treasury's spending", reason="treasury"),
    Context("space_hook", "effect", ("me", "space"),
            _names(_ME, ContextName("space", SPACE, "v_space",
                                    "the space of the declared kind the hook runs for",
                                    "counter(space, visits)")),
            me=True, pure=False, summary="a hook of a kind of space", reason="space"),
    Context("die_when", "bool", ("me",), _names(_ME), me=True, pure=True,
            summary="the 'when' of a die"),
    Context("symbol", "effect", ("me", "roll"),
            _names(_ME, ContextName("roll", ROLL, "v_roll", "the move's throw (base dice first; "
                                    "a symbol counts 0)", "roll.dice[0]")),
            me=True, pure=False, summary="the effect of a die's face", reason="dice"),
)}


@dataclass(frozen=True, slots=True)
class PointerRule:
    """A pattern of JSON pointer segments ('*' = any list index or map key), the context of
    the snippets found there, and how to name them in messages: `label` is formatted with
    the ids (or keys/indices) of the items matched by the '*'s, in order."""

    pattern: tuple[str, ...]
    context: str
    label: str


POINTERS: tuple[PointerRule, ...] = (
    PointerRule(("decks", "*", "cards", "*", "do"), "card", "card '{1}'"),
    PointerRule(("decks", "*", "cards", "*", "play", "do"), "card_play", "play of card '{1}'"),
    PointerRule(("decks", "*", "cards", "*", "play", "bot"), "card_play_bot",
                "bot hint of card '{1}'"),
    PointerRule(("actions", "*", "do"), "action", "action '{0}'"),
    PointerRule(("actions", "*", "when"), "action_when", "'when' of action '{0}'"),
    PointerRule(("actions", "*", "bot"), "action_bot", "'bot' of action '{0}'"),
    PointerRule(("rules", "salary"), "salary", "formula rules.salary"),
    PointerRule(("rules", "rent", "street"), "rent", "formula rules.rent.street"),
    PointerRule(("rules", "rent", "railroad"), "rent", "formula rules.rent.railroad"),
    PointerRule(("rules", "rent", "utility"), "rent", "formula rules.rent.utility"),
    PointerRule(("board", "*", "tax"), "tax", "tax of space '{0}'"),
    PointerRule(("board", "*", "tax_alternative"), "tax", "alternative tax of space '{0}'"),
    PointerRule(("rules", "auction", "start"), "auction_start", "formula rules.auction.start"),
    PointerRule(("setup", "auction_deeds", "start"), "auction_start",
                "formula setup.auction_deeds.start"),
    PointerRule(("end", "when"), "end_when", "end condition end.when"),
    PointerRule(("end", "when", "*"), "end_when", "end condition end.when[{0}]"),
    PointerRule(("end", "when", "*", "condition"), "end_when", "end condition end.when[{0}]"),
    PointerRule(("end", "score"), "score", "formula end.score"),
    PointerRule(("end", "vote", "bot"), "vote_bot", "bot hint end.vote.bot"),
    PointerRule(("rules", "rent", "public", "*"), "rent", "formula rules.rent.public.{0}"),
    PointerRule(("rules", "rent", "unbought"), "unbought", "formula rules.rent.unbought"),
    PointerRule(("rules", "treasury", "spend", "do"), "treasury_spend", "rules.treasury.spend.do"),
    PointerRule(("switches", "*", "when"), "end_when", "'when' of switch '{0}'"),
    PointerRule(("switches", "*", "vote", "bot"), "vote_bot", "bot hint of switch '{0}'"),
    PointerRule(("space_kinds", "*", "on_land"), "space_hook", "on_land of space kind '{0}'"),
    PointerRule(("space_kinds", "*", "on_pass"), "space_hook", "on_pass of space kind '{0}'"),
    PointerRule(("space_kinds", "*", "on_leave"), "space_hook", "on_leave of space kind '{0}'"),
    PointerRule(("space_kinds", "*", "on_turn_start"), "space_hook",
                "on_turn_start of space kind '{0}'"),
    PointerRule(("dice", "extra", "*", "when"), "die_when", "'when' of die '{0}'"),
    PointerRule(("dice", "symbols", "*", "instead"), "symbol", "'instead' of symbol '{0}'"),
    PointerRule(("dice", "symbols", "*", "after"), "symbol", "'after' of symbol '{0}'"),
    PointerRule(("dice", "all_alike", "do"), "symbol", "dice.all_alike"),
    PointerRule(("board", "*", "rent_tables", "*", "when"), "rent_table",
                "'when' of rent table {1} of '{0}'"),
    PointerRule(("board", "*", "decks", "*", "when"), "player_when",
                "'when' of deck choice {1} of space '{0}'"),
    PointerRule(("rules", "buildings", "ladders", "*", "*", "allowed_if"), "player_when",
                "'allowed_if' of step {1} of ladder '{0}'"),
    PointerRule(("rules", "jail", "fines", "*", "when"), "player_when", "'when' of jail fine {0}"),
)


def context(ctx: str | Context) -> Context:
    """The `Context` named `ctx` (or `ctx` itself). Raises KeyError for an unknown name."""
    if isinstance(ctx, Context):
        return ctx
    return CONTEXTS[ctx]
