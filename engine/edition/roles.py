"""Checks of meaning for player roles and the rule parts chosen by a condition.

`role_problems(tree, deck_ids)` checks the `roles` section (unique ids that are not words of the
DSL, a balance rule that the
edition's player counts can meet) and the decks that card spaces choose by condition (`decks`);
the DSL conditions themselves (an unknown role in `p.role == ID`) are the DSL checker's.
Parts of the wrong shape are skipped: the schema reports them.
"""

from __future__ import annotations

from typing import Any

from ..dsl.vocabulary import RESERVED
from ..hints import id_list_text, suggest
from ..problems import Problem
from .pointers import locate


def role_ids(tree: Any) -> list[tuple[int, str]]:
    """(index, id) of each role of `roles.list` that has a text id."""
    roles = tree.get("roles") if isinstance(tree, dict) else None
    items = roles.get("list") if isinstance(roles, dict) else None
    if not isinstance(items, list):
        return []
    return [(k, r["id"]) for k, r in enumerate(items) if isinstance(r, dict) and isinstance(r.get("id"), str)]


def choice_decks(board: list[tuple[int, dict]]) -> list[str]:
    """The deck ids that card spaces name in their `decks` choices."""
    out = []
    for _, s in board:
        choices = s.get("decks")
        for c in choices if isinstance(choices, list) else []:
            if isinstance(c, dict) and isinstance(c.get("deck"), str):
                out.append(c["deck"])
    return out


def role_problems(tree: Any, deck_ids: list[str]) -> list[Problem]:
    """The problems of meaning of the roles section and of card spaces' `decks` (see the module
    docstring), each located in `tree`."""
    out: list[Problem] = []

    def add(pointer: str, code: str, message: str) -> None:
        out.append(Problem.at(locate(tree, pointer), "error", code, message, pointer))

    ids = role_ids(tree)
    first: dict[str, int] = {}
    for k, rid in ids:
        if rid in RESERVED or rid in ("true", "false", "params"):
            add(f"/roles/list/{k}/id", "role-name-taken",
                f"role '{rid}' has the name of a word of the DSL, so `p.role == {rid}` could not name "
                f"it; choose another id")
        if rid in first:
            add(f"/roles/list/{k}/id", "duplicate-id", f"role id '{rid}' is used twice (first as role {first[rid]})")
        first.setdefault(rid, k)
    roles = tree.get("roles") if isinstance(tree, dict) else None
    players = tree.get("players") if isinstance(tree, dict) else None
    least = players.get("min") if isinstance(players, dict) else None
    if isinstance(roles, dict) and roles.get("balance") == "each" and type(least) is int and least < len(first):
        add("/roles/balance", "role-balance",
            f"roles.balance 'each' needs every role taken, but {len(first)} roles cannot all be taken "
            f"by {least} players (players.min): raise players.min to {len(first)}, or choose "
            f"balance 'even' or 'free'")
    board = tree.get("board") if isinstance(tree, dict) else None
    if isinstance(board, list) and isinstance(tree.get("decks"), list):
        for i, s in enumerate(board):
            choices = s.get("decks") if isinstance(s, dict) else None
            for k, c in enumerate(choices if isinstance(choices, list) else []):
                d = c.get("deck") if isinstance(c, dict) else None
                if isinstance(d, str) and d not in deck_ids:
                    add(f"/board/{i}/decks/{k}/deck", "unknown-deck",
                        f"space '{s.get('id', f'#{i}')}' draws from deck '{d}', which is not defined"
                        f"{suggest(d, deck_ids)} (defined: {id_list_text(deck_ids)})")
    return out
