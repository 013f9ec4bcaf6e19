"""The read-only view agents and front ends read a game through (engine/game/view.py): it shows
the game's real state after forced moves, nothing can be set through it (mypy refuses it), and
engine/agents and the browser's view of a game (cli/web/view.py) read no name of a game or
player outside it (by the source)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from magie.engine import GameView, PlayerView
from magie.engine.agents.search import rollout_bots
from magie.engine.game import view as view_module
from magie.engine.game.view import Simulation

from ..game.helpers import edition, game, player, space, turn

REPO = Path(__file__).resolve().parents[2]
GAME_NAMES = frozenset(n for n in vars(GameView) if not n.startswith("_"))
PLAYER_NAMES = frozenset(n for n in vars(PlayerView) if not n.startswith("_"))
SIMULATION_NAMES = GAME_NAMES | frozenset(n for n in vars(Simulation) if not n.startswith("_"))


def test_the_view_shows_a_purchase_and_the_rent_paid_on_it():
    g = game(edition(), {"A": {"script": {"buy": ["buy"]}}, "B": {}}, dice=[(1, 2), (1, 2)], first="A")
    view: GameView = g
    i = space(g.ed, "nagatinskaya")
    deeds = view.deeds_version
    turn(g)                                 # A throws 3: buys Nagatinskaya Street for 60
    a, b = view.players
    assert view.owner[i] is a and i in a.deeds and a.cash == 1500 - 60
    assert view.deeds_version > deeds and view.turns == 1 and a.pos == i
    turn(g)                                 # B throws 3: the rent of a lone brown lot, 4
    assert (a.cash, b.cash) == (1440 + 4, 1500 - 4) and b.pos == i
    assert view.current is b and isinstance(view, GameView) and isinstance(a, PlayerView)


def test_the_view_shows_a_build_and_a_mortgage():
    g = game(edition(), {"A": {"owns": {"zhitnaya": 0, "nagatinskaya": 0}}, "B": {}})
    view: GameView = g
    p = player(g, "A")
    i, j = space(g.ed, "nagatinskaya"), space(g.ed, "zhitnaya")
    houses, buildings, version = view.stock["house"], view.buildings_version, p.version
    assert view.build_problem(p, i, "any") is None
    g.build(p, i)                           # a house on Nagatinskaya Street: 50
    assert view.level[i] == 1 and view.stock["house"] == houses - 1 and p.cash == 1500 - 50
    assert view.buildings_version > buildings and p.version > version
    assert view.build_problem(p, i, "any") is not None          # built unevenly: Zhitnaya first
    assert not view.mortgaged[j] and view.unmortgage_cost(j) == 33
    g.mortgage(p, j)                        # Zhitnaya Street mortgaged: the bank pays 30
    assert view.mortgaged[j] and p.cash == 1450 + 30
    assert view.owned_in_group(p, "brown") == 2 and view.completes_group(player(g, "B"), j) is False


def test_the_game_and_its_players_have_every_name_of_the_view():
    g = game(edition(), ["A", "B"])
    for name in GAME_NAMES:
        assert hasattr(g, name), name
    for name in PLAYER_NAMES:
        assert hasattr(g.players[0], name), name
    assert {"owner", "level", "mortgaged", "stock", "deeds_version", "buildings_version", "players",
            "card_plays", "discards", "cards_in", "ed", "rules"} <= GAME_NAMES
    assert {"cash", "pos", "deeds", "held_cards", "version"} <= PLAYER_NAMES


def test_nothing_can_be_set_through_the_view(tmp_path):
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "writes.py"
    snippet.write_text(textwrap.dedent("""\
        from engine.game.view import GameView, PlayerView


        def write(v: GameView, p: PlayerView) -> None:
            v.turns = 3
            v.deeds_version += 1
            p.cash = 0
            v.owner[0] = None
            v.level[0] = 2
            v.stock["house"] = 3
            p.deeds.add(1)
            print(v.level[0], p.cash)
        """), encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nfollow_imports = skip\nexplicit_package_bases = True\n"
                      "[mypy-engine.game.view]\nfollow_imports = normal\n", encoding="utf-8")
    out, _err, status = api.run([str(snippet), "--config-file", str(config), "--no-incremental",
                                 "--cache-dir", str(tmp_path / "cache")])
    lines = {int(line.split(":")[1]) for line in out.splitlines() if line.startswith(str(snippet))}
    assert status == 1 and lines == {5, 6, 7, 8, 9, 10, 11}, out


def test_holding_of_and_action_targets_answer_for_the_view():
    g = game(edition(), {"A": {"jail": True}, "B": {}})
    assert view_module.holding_of(g, player(g, "A")).fine == 50          # classic's jail fine
    court = game(edition("biznespolia"), ["A", "B"])
    sue = next(a for a in court.ed.actions if a.id == "sue")        # an action on a deed: every deed
    assert view_module.action_targets(court, sue) == [s.index for s in court.spaces if s.is_deed]
    assert len(view_module.action_targets(court, sue)) == sum(1 for s in court.spaces if s.is_deed) > 20


def test_a_fork_is_a_simulation_that_leaves_the_game_alone():
    g = game(edition(), {"A": {"script": {"buy": ["buy"]}}, "B": {}}, dice=[(1, 2)], first="A")
    view: GameView = g
    turn(g)                                 # A throws 3: buys Nagatinskaya Street
    j = space(g.ed, "zhitnaya")
    clone = view.fork(5, rollout_bots(5, 2))
    assert isinstance(clone, Simulation) and clone is not g and clone.owner is not g.owner
    a = clone.players[0]
    clone.offer_purchase(a, j)              # the fork's basic bot buys Zhitnaya Street for 60
    assert clone.owner[j] is a and a.cash == 1440 - 60
    assert g.owner[j] is None and g.players[0].cash == 1440 and g.deeds_version != clone.deeds_version
    assert clone.order[clone.turn_idx] is clone.players[1] and g.order[g.turn_idx] is g.players[1]
    clone.stop_turn()                       # the turn ends where it stands: B's passes, A plays next
    assert clone.order[clone.turn_idx] is a and g.order[g.turn_idx] is g.players[1]
    assert (clone.round, g.round) == (g.round + 1, 1)
    with pytest.raises(ValueError, match="one agent per seat"):
        view.fork(5, rollout_bots(5, 3))


def test_deed_problems_give_every_deed_action_and_the_deeds_own_reason():
    g = game(edition(), {"A": {"owns": {"zhitnaya": 0, "nagatinskaya": 0}}, "B": {}})
    p = player(g, "A")
    i, j = space(g.ed, "nagatinskaya"), space(g.ed, "zhitnaya")
    g.build(p, i)                           # a house on Nagatinskaya Street
    problems = g.deed_problems(p, "raise")
    assert list(problems) == [j, i]         # board order
    assert problems[i] == {"build": "build evenly: another lot of the group has fewer buildings",
                           "sell": None, "mortgage": "sell the buildings of the whole group first",
                           "unmortgage": "nagatinskaya is not mortgaged",
                           "sell_deed": "the bank does not buy title deeds in this edition"}
    assert problems[j]["build"] is None     # the debt window's own refusal is the check's, not the deed's
    assert g.closed_actions(p, "raise")[0] == (("build", j), "no building while in debt")


# --------------------------------------------------------------- engine/agents reads through it
ENGINE_USERS = {
    "guard.py:save_failed_game": "the CLI's save of a failed game, not an agent's read",
    "random_bot.py:_pick": "hands its player to the engine's listings of legal actions",
}
"""Where engine/agents may read names of the game or a player outside the view, and why."""

CONCRETE = {
    "basic/": "compiled with mypyc, which reads a field of the concrete class directly and a "
              "protocol's member by the generic attribute lookup (about a fifth of a compiled turn)",
    "easy.py": "a subclass of the basic bot: its overrides take and pass on what the basic bot's take",
    "search.py": "hands the game it is asked about to the basic bot (typed so, above)",
    "strong/": "a subclass of the basic bot: its overrides take and pass on what the basic bot's take",
}
"""Where a game or player is annotated with the engine's own classes (`Game`, `Player`) rather
than the view's protocols, and why. There the source check alone keeps to the view: only its
names are read, and nothing is written through them."""

CHECKED = [*sorted((REPO / "engine" / "agents").rglob("*.py")), REPO / "cli" / "web" / "view.py"]
"""The modules whose functions read a game only through the view: the agents, and what the
browser sees of a game."""

MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "add", "discard", "update",
                      "setdefault", "popitem", "sort", "reverse", "appendleft", "popleft", "extendleft",
                      "rotate", "difference_update", "intersection_update", "symmetric_difference_update"})
"""The methods of lists, sets, dicts and deques that change them."""


def _agent_functions():
    for path in CHECKED:
        rel = path.relative_to(REPO / "engine" / "agents").as_posix() if "agents" in path.parts else "cli/web/view.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                yield rel, fn


def _typed_params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    args = fn.args
    return {a.arg: ast.unparse(a.annotation).strip("'\"") if a.annotation is not None else ""
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}


def _reads(fn: ast.AST, name: str) -> list[str]:
    return [n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == name]


def _root(node: ast.AST) -> str | None:
    """The name an attribute or item chain starts from (`game` of `game.owner[i]`), or None."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _aliases(fn: ast.AST, name: str) -> set[str]:
    """`name` and the local names bound to a part of it (`owner = game.owner`, `for q in
    game.players`), and to a part of those."""
    names = {name}
    for _ in range(3):
        for n in ast.walk(fn):
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                target, value = n.targets[0], n.value
            elif isinstance(n, ast.For | ast.comprehension) and isinstance(n.target, ast.Name):
                target, value = n.target, n.iter
            else:
                continue
            if isinstance(value, ast.Attribute | ast.Subscript) and _root(value) in names:
                names.add(target.id)
    return names


def _writes(fn: ast.AST, name: str) -> list[str]:
    """What `fn` changes through `name` (or a local bound to a part of it): an attribute or
    item stored or deleted, or a list, set, dict or deque changed by its method."""
    names = _aliases(fn, name)
    out = []
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign | ast.Delete):
            targets = n.targets
        elif isinstance(n, ast.AugAssign | ast.AnnAssign):
            targets = [n.target]
        else:
            targets = []
        for t in targets:
            for el in t.elts if isinstance(t, ast.Tuple | ast.List) else [t]:
                if isinstance(el, ast.Attribute | ast.Subscript) and _root(el) in names:
                    out.append(ast.unparse(el))
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in MUTATORS
                and _root(n.func.value) in names):
            out.append(ast.unparse(n.func))
    return out


VIEWS = {"GameView": GAME_NAMES, "PlayerView": PLAYER_NAMES, "Simulation": SIMULATION_NAMES,
         "Game": GAME_NAMES, "Player": PLAYER_NAMES}
"""The names each annotation of a game or player may read: the view's (a `Simulation`, a fork,
also the moves its maker plays there)."""


def test_agents_read_the_game_and_its_players_only_through_the_view():
    outside, untyped, writes = [], [], []
    for rel, fn in _agent_functions():
        for name, annotation in _typed_params(fn).items():
            where = f"{rel}:{fn.name}({name})"
            annotation = annotation.removesuffix(" | None")      # an optional view is a view
            if rel in ENGINE_USERS or f"{rel}:{fn.name}" in ENGINE_USERS:
                continue
            if annotation in ("Game", "Player") and not any(rel.startswith(k) for k in CONCRETE):
                untyped.append(f"{where}: {annotation}")
            if annotation in VIEWS:
                outside += [f"{where}.{attr}" for attr in _reads(fn, name) if attr not in VIEWS[annotation]]
                if annotation != "Simulation":
                    writes += [f"{where}: {w}" for w in _writes(fn, name)]
            elif name in ("game", "g", "view", "p", "q", "player", "clone"):
                untyped.append(f"{where}: {annotation or 'no annotation'}")
    assert outside == [], "names read outside the view"
    assert untyped == [], "a game or player held as something other than the view"
    assert writes == [], "a game or player changed through the view"


def test_the_source_check_sees_a_read_outside_the_view_and_a_write():
    fn = ast.parse("def f(game: GameView, p: PlayerView):\n    return game.agents, p.wake, game.owner\n").body[0]
    assert isinstance(fn, ast.FunctionDef)
    params = _typed_params(fn)
    assert params == {"game": "GameView", "p": "PlayerView"}
    assert [a for a in _reads(fn, "game") if a not in GAME_NAMES] == ["agents"]
    assert [a for a in _reads(fn, "p") if a not in PLAYER_NAMES] == ["wake"]
    fn = ast.parse(textwrap.dedent("""\
        def f(game: Game, p: Player):
            game.level[3] += 1
            p.cash, x = 0, 1
            owner = game.owner
            owner[0] = p
            for q in game.players:
                q.deeds.add(3)
            del game.stock["house"]
            game.others(p).sort()          # a new list of the view's: not a write
            seen = [q.cash for q in game.players]
            seen.append(p.pos)
        """)).body[0]
    assert _writes(fn, "game") == ['game.level[3]', 'owner[0]', 'game.stock[\'house\']', 'q.deeds.add']
    assert _writes(fn, "p") == ["p.cash"]


def test_every_action_on_a_deed_says_the_deeds_own_reason():
    from magie.engine.game.manage import DEED_ACTIONS, MANAGE_ACTIONS
    assert DEED_ACTIONS == tuple(k.name for k in MANAGE_ACTIONS.values() if k.on_space is not None)
    assert DEED_ACTIONS == ("build", "sell", "mortgage", "unmortgage", "sell_deed")
