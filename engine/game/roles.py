"""Player roles: classes of player with different rules (`roles` in an edition), given at the
start of a game after the order of play.

Roles are chosen in order of play (a `role` decision, its options the roles the balance rule
still allows) or dealt at random from the game's seed. The balance rules (`roles.balance`):
`even`, at most ceil(n / k) players per role for n players and k roles; `each`, every role is
taken by someone (a choice that would leave too few players for the roles nobody has yet is
refused); `free`, any role. Rule source: ../shared/rules/variants.md (a game of two roles with
their own rules, [000-P], [003]); the texts give no procedure for handing roles out, so
both are parameters and the balance rules are our choice (docs/rules.md, "Player roles").

The rule parts a role changes are conditions of the edition read where each part is decided:
a deed's `rent_tables` (holdings.rent_table), a ladder step's `allowed_if`
(buildings.build_problem), a card space's `decks` (landing.py), `rules.jail.fines`
(jail.jail_fine), and the end conditions and score, which are DSL formulas already.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ..errors import IllegalDecision
from .decisions import Decision

if TYPE_CHECKING:
    from ..edition.model import Roles
    from .game import Game
    from .player import Player


def taken(g: Game) -> dict[str, int]:
    """How many players hold each role so far (every role of the edition, 0 when nobody)."""
    roles = g.ed.roles
    counts = dict.fromkeys(roles.ids, 0) if roles is not None else {}
    for p in g.players:
        if p.role is not None:
            counts[p.role] += 1
    return counts


def role_problem(roles: Roles, counts: dict[str, int], left: int, role: str) -> str | None:
    """Why `role` may not be taken now, or None: `counts` are the roles held so far, `left` the
    players still to get a role, this one included (n = sum(counts) + left)."""
    if role not in counts:
        return f"'{role}' is not a role of this edition (roles: {', '.join(roles.ids)})"
    n = sum(counts.values()) + left
    if roles.balance == "even":
        most = -(-n // len(roles.ids))
        if counts[role] >= most:
            return (f"{role} is taken by {counts[role]} already: of {n} players at most {most} "
                    f"may take each role (roles.balance: even)")
    elif roles.balance == "each":
        missing = [r for r, c in counts.items() if c == 0 and r != role]
        if len(missing) >= left:
            return (f"{', '.join(missing)} must still be taken by someone and only {left - 1} "
                    f"player(s) would be left (roles.balance: each)")
    return None


def assign_roles(g: Game) -> None:
    """Give every player a role (nothing when the edition has none): dealt from the game's
    random stream, or chosen in order of play as `role` decisions. Emits a `role` event each."""
    roles = g.ed.roles
    if roles is None:
        return
    if roles.assign == "deal":
        ids = list(roles.ids)
        g.rng.shuffle(ids)
        for k, p in enumerate(g.order):   # in turn over the shuffled roles: every balance holds
            _give(g, p, ids[k % len(ids)], "dealt")
        return
    for k, p in enumerate(g.order):
        left = len(g.order) - k
        counts = taken(g)
        options = [r for r in roles.ids if role_problem(roles, counts, left, r) is None]
        answer = g.ask(Decision.of("role", p, options, None, {"taken": counts, "left": left}),
                       partial(_check_role, roles))
        _give(g, p, answer, "chosen")


def _check_role(roles: Roles, d: Decision, answer: Any) -> None:
    """Refuse a `role` answer the balance rule does not allow, with the reason."""
    why = role_problem(roles, d.ctx["taken"], d.ctx["left"], answer) if isinstance(answer, str) else \
        f"{answer!r} is not a role (roles: {', '.join(roles.ids)})"
    if why is not None:
        raise IllegalDecision(why)


def _give(g: Game, p: Player, role: str, how: str) -> None:
    p.role = role
    if g.log is not None:
        g.emit("role", player=p.seat, role=role, how=how)
