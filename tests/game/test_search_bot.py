"""The search bot and the bot registry: levels, determinism, forks that cannot peek at the real
future, legal answers in every edition, and a choice the rollouts must get right."""

from __future__ import annotations

import copy
import sys
from collections import deque

import pytest

from magie.engine.agents import BOTS, LEVELS, BasicBot, EasyBot, SearchBot, StrongBot, make_bot
from magie.engine.agents.search import _value, earning_power, rollout_bots
from magie.engine.game import forks
from magie.engine.game.decisions import Decision
from magie.engine.game.dice import ForcedDice
from magie.engine.game.game import Game
from magie.engine.game.player import WOKEN, Player
from magie.engine.game.state import FIELDS
from tests.game.helpers import playable


def _fork(g: Game, seed: int) -> Game:
    """The search bot's fork of `g`: basic bots in every seat (GameView.fork)."""
    return g.fork(seed, rollout_bots(seed, len(g.players)))


def small(seed: int = 0, name: str = "s") -> SearchBot:
    return SearchBot(seed=seed, name=name, rollouts=2, horizon=8)


def test_levels_are_in_the_registry():
    assert LEVELS == ("easy", "basic", "hard")
    assert set(LEVELS) | {"search", "random"} == set(BOTS)
    assert isinstance(make_bot("easy", 1, 0), EasyBot)
    hard = make_bot("hard", 1, 2)
    assert isinstance(hard, StrongBot) and hard.name == "hard-3"


def test_easy_keeps_twice_the_reserve_and_proposes_no_trade():
    ed = playable("classic")
    g = Game(ed, [(f"p{i}", BasicBot()) for i in range(4)], seed=1)
    easy = EasyBot()
    assert easy.reserve(g) == 2 * BasicBot().reserve(g) == 2 * (ed.setup.start_cash // 15)
    assert easy._propose(g, g.players[0], "after_landing", 0) is None


@pytest.mark.parametrize("edition", ["classic", "biznespolia"])
def test_a_game_with_a_search_bot_is_a_function_of_its_seed(edition):
    ed = playable(edition)

    def run() -> Game:
        players = [("s", small(3)), ("b1", BasicBot(1)), ("b2", BasicBot(2)), ("b3", BasicBot(3))]
        g = Game(ed, players, seed=5, record=True, max_rounds=12, check_invariants=True)
        return g.play()
    a, b = run(), run()
    assert a.answers == b.answers
    assert [p.cash for p in a.players] == [p.cash for p in b.players]
    assert sum(c for c, _ in a.agents[0].timing.values()) > 0


def test_a_fork_cannot_peek_at_the_real_dice_or_deck():
    ed = playable("classic")
    g = Game(ed, [(f"b{i}", BasicBot(i)) for i in range(4)], seed=2, record=True)
    g.play(max_turns=20)
    state = g.rng.getstate()
    decks = {k: [c.id for c in dq] for k, dq in g.decks.items()}
    clone = _fork(g, 99)
    assert g.rng.getstate() == state                    # forking does not move the real generator
    assert clone.rng.getstate() != state                # the fork throws other dice
    real = [g.dice.throw(2).total for _ in range(12)]
    seen = [clone.dice.throw(2).total for _ in range(12)]
    assert real != seen
    for k, ids in decks.items():                        # same cards, shuffled anew
        assert sorted(c.id for c in clone.decks[k]) == sorted(ids)
    assert any([c.id for c in clone.decks[k]] != ids for k, ids in decks.items())
    assert clone.ed is g.ed and clone.spaces is g.spaces          # the edition is shared
    assert clone.players[0] is not g.players[0] and clone.owner is not g.owner
    assert all(type(a).__name__ == "BasicBot" for a in clone.agents)
    assert clone.answers == [] and not clone.record


def _fingerprint(g: Game) -> tuple:
    """What a game's play shows: turns, cash, positions, deeds, owners, levels, mortgages, decks."""
    return (g.turns, g.round, g.over, [(p.cash, p.pos, sorted(p.deeds), p.alive, p.in_jail) for p in g.players],
            [o.seat if o else None for o in g.owner], list(g.level), list(g.mortgaged),
            {k: [c.id for c in dq] for k, dq in g.decks.items()}, g.bank_in, g.bank_out)


def _played(edition: str, turns: int, seed: int = 2) -> Game:
    ed = playable(edition)
    g = Game(ed, [(f"b{i}", BasicBot(i)) for i in range(4)], seed=seed, record=True)
    return g.play(max_turns=turns)


@pytest.mark.parametrize("edition", ["classic", "biznespolia"])
def test_a_fork_holds_the_games_state_and_shares_the_editions_tables(edition):
    g = _played(edition, 40)
    clone = _fork(g, 7)
    own = {"rng", "dice", "agents", "decks", "record", "answers", "agent_idle", "agent_hints", "log",
           "between_awake", "between_bound"}   # (the promises between turns: the agents')
    assert g.agent_hints == [frozenset()] * 4                       # recorded: every decision asked
    assert clone.agent_hints == [BasicBot.takes_hints] * 4          # the fork's own bots' standing answers
    for name in FIELDS:                                 # every field but the fork's own equal in value
        if name not in own:
            assert _plain(getattr(clone, name), clone) == _plain(getattr(g, name), g), name
    assert [{**vars_of(p), "wake": 0} for p in clone.players] == [{**vars_of(p), "wake": 0} for p in g.players]
    assert all(q.seat == k and q is not g.players[k] for k, q in enumerate(clone.players))
    assert clone.current is clone.players[g.current.seat] and clone.order[0] is clone.players[g.order[0].seat]
    shared = ("ed", "rules", "spaces", "rent_fns", "nearest_cache", "space_sets", "card_labels", "card_plays",
              "kinds", "land_handlers", "land_codes")
    for name in shared:                                 # the edition's tables are the same objects
        assert getattr(clone, name) is getattr(g, name), name
    for name in ("owner", "level", "mortgaged", "stock", "decks", "landings", "counters", "players"):
        assert getattr(clone, name) is not getattr(g, name), name


def test_a_forks_idle_answers_are_its_own_bots_not_the_real_games():
    """A fork asks its own rollout bots' `idle`: on the compiled build `copy.deepcopy` kept a
    compiled bot's bound method as it was, so rollouts called (and moved on) the real game's bots
    and the search bot played other games there than in pure Python (tools/compiled_check.py runs
    this file on the compiled build)."""
    ed = playable("classic")
    g = Game(ed, [(f"b{k}", make_bot(kind, 3, k)) for k, kind in enumerate(("random", "search", "basic", "basic"))],
             seed=3, max_rounds=100)
    g.play(max_turns=12)
    clone = _fork(g, 7)
    for k, m in enumerate(clone.agent_idle):
        if g.agent_idle[k] is None:
            assert m is None
        else:
            assert m.__self__ is clone.agents[k] and m.__self__ is not g.agents[k]


def _plain(x, g: Game):
    """`x` with each player of `g` as ("seat", k), and a player of another game as itself."""
    if isinstance(x, Player):
        return ("seat", x.seat) if g.players[x.seat] is x else x
    if isinstance(x, list | tuple | deque):
        return [_plain(v, g) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v, g) for k, v in x.items()}
    return x


PLAYER_FIELDS = getattr(Player, "__slots__", None) or Player.__mypyc_attrs__
"""A player's fields (a compiled class keeps its attributes' names in `__mypyc_attrs__`)."""


def test_a_fork_asks_its_own_bots_between_turns_not_after_the_real_agents_promises():
    """The real game's agents promised to pass between turns (`Player.wake`, the seats' bits in
    `between_awake`); the fork's rollout bots are others (basic bots, here in the seats of easy
    bots, whose larger reserve makes their cash trigger higher), so the fork forgets the promises
    and its first window asks every rollout bot but the player who just played."""
    ed = playable("classic")
    g = Game(ed, [(f"b{k}", make_bot("easy", 5, k)) for k in range(4)], seed=5, max_rounds=100)
    g.play(max_turns=60)
    assert any(p.wake > WOKEN for p in g.players) and g.between_awake != 15     # promises were made
    clone = _fork(g, 7)
    assert all(q.wake == WOKEN for q in clone.players)
    assert clone.between_awake == 15 and clone.between_bound == 0
    asked = []

    def recording(k, idle):
        return lambda game, p, window: asked.append(k) or idle(game, p, window)
    clone.agent_idle = [recording(k, m) for k, m in enumerate(clone.agent_idle)]
    last = clone.order[clone.turn_idx - 1]
    clone.between_turns(last)
    alive = [q.seat for q in clone.players if q.alive and q is not last]
    assert not clone.between_needs_deeds and sorted(asked) == alive


def vars_of(p: Player) -> dict:
    return {name: getattr(p, name) for name in PLAYER_FIELDS}


def test_a_copied_player_has_every_field_and_containers_of_its_own():
    p = Player(2, "ann", 1234, kind="human", n_groups=3)
    for k, name in enumerate(PLAYER_FIELDS):         # a distinct value in every field
        value = getattr(p, name)
        if isinstance(value, bool):
            setattr(p, name, not value)
        elif isinstance(value, int):
            setattr(p, name, value + 100 + k)
    p.deeds.update({1, 3})
    p.held_cards.append(("chance", "jail_free"))
    p.flags["x"] = "used"
    p.built_groups["red"] = 1
    p.actions_used["court"] = 2
    p.groups[1] = 2
    p.loans.append((1, 3))
    q = copy.deepcopy(p)
    assert vars_of(q) == vars_of(p)
    for name in ("deeds", "held_cards", "flags", "built_groups", "actions_used", "groups", "loans"):
        assert getattr(q, name) is not getattr(p, name), name
    q.deeds.add(5)
    q.groups[0] = 9
    assert 5 not in p.deeds and p.groups[0] == 0


@pytest.mark.parametrize("edition", ["classic", "biznespolia"])
def test_a_fork_plays_on_as_a_generic_deep_copy_and_leaves_the_game_untouched(edition):
    """The fork (a game built anew, its state copied in) plays as `copy.deepcopy` of the whole
    game did before (pure Python only: the compiled Game cannot be deep-copied whole), and the
    real game goes on as its twin that was never forked."""
    g, twin = _played(edition, 40), _played(edition, 40)
    if not sys.modules[Game.__module__].__file__.endswith(".py"):     # pragma: no cover - compiled
        pytest.skip("the compiled Game cannot be deep-copied whole")
    for seed in (3, 11):
        clone = _fork(g, seed)
        memo = forks._shared(g)
        memo.update({id(a): BasicBot(seed=seed + k, name=f"rollout-{k + 1}") for k, a in enumerate(g.agents)})
        memo.update({id(g.answers): [], id(g.replay_queue): deque()})
        generic = copy.deepcopy(g, memo)
        generic.record = clone.record
        generic.check_each_turn = clone.check_each_turn
        generic.rng.setstate(clone.rng.getstate())
        generic.dice = type(clone.dice)(generic.rng, g.ed.dice_sides)
        for k, dq in clone.decks.items():           # the cards are the edition's: shared by both
            generic.decks[k] = deque(dq)
        assert _fingerprint(generic) == _fingerprint(clone)
        clone.play(max_turns=60)
        generic.play(max_turns=60)
        assert _fingerprint(generic) == _fingerprint(clone) and clone.turns > g.turns
    assert _fingerprint(g) == _fingerprint(twin) and g.rng.getstate() == twin.rng.getstate()
    g.play(max_turns=60)
    twin.play(max_turns=60)
    assert _fingerprint(g) == _fingerprint(twin) and g.answers == twin.answers


def test_forks_of_one_seed_play_alike_and_forks_of_two_seeds_differ():
    g = _played("classic", 30)
    a, b, c = _fork(g, 5), _fork(g, 5), _fork(g, 6)
    for fork in (a, b, c):
        fork.play(max_turns=80)
    assert _fingerprint(a) == _fingerprint(b) != _fingerprint(c)


def test_searching_does_not_change_the_real_game():
    ed = playable("classic")
    g = Game(ed, [(f"b{i}", BasicBot(i)) for i in range(4)], seed=4)
    g.play(max_turns=30)
    cash = [p.cash for p in g.players]
    owner = list(g.owner)
    bot = small()
    p = g.players[0]
    deed = next(i for i, o in enumerate(g.owner) if o is None and g.spaces[i].is_deed) \
        if None in g.owner else None
    if deed is None:
        pytest.skip("every deed is owned")
    bot.decide(g, Decision("buy", p, ("buy", "decline"), space=deed, price=g.spaces[deed].price))
    assert [q.cash for q in g.players] == cash and g.owner == owner


def test_the_search_bot_buys_the_deed_that_completes_its_group():
    """Seat 0 holds two of a three-street group and lands on the third with plenty of cash:
    every rollout says buy (a declined deed goes to auction, where the others may take it)."""
    ed = playable("classic")
    grp = next(gr for gr in ed.groups if gr.buildable and len(gr.spaces) == 3)
    a, b, c = grp.spaces
    bot = SearchBot(seed=1, rollouts=4, horizon=40)
    start = ed.start_index
    # from the start space, a throw of (x, y) lands on c (non-doubles, 3..11 steps)
    steps = (c - start) % len(ed.spaces)
    if not 3 <= steps <= 11:
        pytest.skip("the group is out of one throw's reach from the start")
    x, y = steps // 2, steps - steps // 2
    if x == y:                      # no doubles: the turn is one throw
        x, y = x - 1, y + 1
    g = Game(ed, [("s", bot), ("b1", BasicBot(1)), ("b2", BasicBot(2)), ("b3", BasicBot(3))], seed=1,
             dice=ForcedDice([(x, y)]), first=0, deal=False)
    p = g.players[0]
    g.set_owner(a, p)
    g.set_owner(b, p)
    asked = []
    real = bot.decide

    def spy(game, d):
        answer = real(game, d)
        asked.append((d.kind, answer))
        return answer
    bot.decide = spy        # type: ignore[method-assign]
    g.play_turn()
    assert ("buy", "buy") in asked
    assert g.owner[c] is p
    built = sum(g.level[j] * ed.spaces[j].house_cost for j in grp.spaces)   # it may build at once
    assert p.cash == ed.setup.start_cash - ed.spaces[c].price - built


def _monopoly_position(cash: int = 1500):
    """Classic in seat 0's turn, seat 0 holding the whole orange group (unbuilt) with `cash`,
    the others nothing."""
    ed = playable("classic")
    g = Game(ed, [(f"b{i}", BasicBot(i)) for i in range(4)], seed=7, first=0, deal=False)
    p = g.players[0]
    for j in ed.group_by_id["orange"].spaces:
        g.set_owner(j, p)
    p.cash = cash
    g.current = p                            # in seat 0's turn
    return g, p


def test_earning_power_counts_the_rent_due_now_times_the_landings_to_expect():
    g, p = _monopoly_position()
    orange = g.ed.group_by_id["orange"].spaces
    # whole group unbuilt: double rent (14 + 14 + 16) * 2 = 88; 3 opponents, 40 spaces, 10 rounds
    assert earning_power(g, p, 10) == pytest.approx(88 * 10 * 3 / 40)
    for j in orange:
        g.level[j] = 2
    assert earning_power(g, p, 10) == pytest.approx((200 + 200 + 220) * 10 * 3 / 40)
    g.mortgaged[orange[0]] = True            # no rent on a mortgaged deed
    assert earning_power(g, p, 10) == pytest.approx((200 + 220) * 10 * 3 / 40)
    assert earning_power(g, p, 0) == 0.0
    assert earning_power(g, g.players[1], 10) == 0.0


def test_the_horizon_value_counts_earning_power_with_net_worth():
    g, p = _monopoly_position(cash=1000)
    worth = [g.net_worth(q) for q in g.players]
    assert _value(g, 0) == pytest.approx(worth[0] / sum(worth))       # plain net-worth share
    rent = 88 * 10 * 3 / 40
    assert _value(g, 0, 10) == pytest.approx((worth[0] + rent) / (sum(worth) + rent))
    assert _value(g, 1, 10) == pytest.approx(worth[1] / (sum(worth) + rent))


@pytest.mark.parametrize(("rent_rounds", "plan"), [(0.0, "basic"), (10.0, "bold")])
def test_a_build_plan_is_chosen_for_the_rent_it_will_earn(rent_rounds, plan):
    """Seat 0 holds a whole group and 1500 in a manage window. Building does not change net worth
    (buildings count at cost), so with a one-turn horizon and a plain net-worth value no plan
    clearly beats the basic bot's and its plan stands; valued with the rent the houses will earn,
    the bold plan (which builds the most) is clearly better and is taken."""
    g, p = _monopoly_position()
    bot = SearchBot(seed=3, rollouts=4, horizon=1, rent_rounds=rent_rounds)
    g.agents[0] = bot
    d = Decision.of("manage", p, None, g, {"window": "after_landing", "more_rolls": False})
    answer = bot.decide(g, d)
    assert answer[0] == "build" and answer[1] in g.ed.group_by_id["orange"].spaces
    assert list(bot._plans.values()) == [plan]
    assert bot.overturned["manage"] == [1, 0]          # the first build is the same either way



def _jail_position():
    """Classic in seat 0's turn, seat 0 in jail (first turn there) with 1500 and hotels on green
    and dark blue; seat 1 holds orange and red with hotels, six to nine and eleven steps past the
    jail (14 of the 36 throws from the jail land on orange, rent 950 to 1100); 17 deeds are
    unowned, so the basic bot pays the fine to leave early."""
    from magie.engine.game.jail import go_to_jail
    ed = playable("classic")
    g = Game(ed, [(f"b{i}", BasicBot(i)) for i in range(4)], seed=11, first=0, deal=False)
    p, q = g.players[0], g.players[1]
    for gid, who in (("orange", q), ("red", q), ("green", p), ("dark_blue", p)):
        for j in ed.group_by_id[gid].spaces:
            g.level[j] = g.hotel_level
            g.hotels -= 1
            g.set_owner(j, who)
    g.current = p
    go_to_jail(g, p)
    return g, p


def test_the_search_bot_stays_in_jail_while_hotels_wait_outside():
    """Seat 0 earns rent from its hotels whether in jail or not; leaving costs the fine and
    risks a hotel's rent at once. The basic bot pays (many deeds are unowned), the rollouts
    (the throw kept for the whole stay) overturn it: it throws for doubles, in 7 of 8 seeds."""
    answers = []
    for seed in range(8):
        g, p = _jail_position()
        assert p.in_jail and p.pos == 10
        assert sum(1 for o, sp in zip(g.owner, g.spaces, strict=True) if o is None and sp.is_deed) == 17
        bot = SearchBot(seed=seed, rollouts=16, horizon=8)
        g.agents[0] = bot
        d = Decision("jail", p, ["pay", "roll"], g, attempts=0, fine=50)
        assert bot.base.decide(g, d) == "pay"
        cash = [q.cash for q in g.players]
        answers.append(bot.decide(g, d))
        assert [q.cash for q in g.players] == cash and p.in_jail      # the real game did not move
    assert answers.count("roll") == 7


def test_a_kept_jail_option_lasts_the_stay():
    """`_staying`: 'roll' to every jail question of this stay (the basic bot would pay), then the
    basic bot's answers once out."""
    from magie.engine.agents.search import _staying
    g, p = _jail_position()
    basic = BasicBot(0)
    agent = _staying(basic, "roll", 0)
    for attempts in (0, 1):
        p.jail_attempts = attempts
        assert agent.decide(g, Decision("jail", p, ["pay", "roll"], g, attempts=attempts, fine=50)) == "roll"
    p.in_jail = False
    i = next(j for j, o in enumerate(g.owner) if o is None and g.spaces[j].is_deed)
    assert agent.decide(g, Decision("buy", p, ("buy", "decline"), g, space=i, price=g.spaces[i].price)) == "buy"
    p.in_jail = True                              # a later stay: the basic bot's answer again
    assert agent.decide(g, Decision("jail", p, ["pay", "roll"], g, attempts=0, fine=50)) == "pay"


def test_close_calls_get_a_second_batch_of_rollouts():
    """A candidate ahead by between 0.5 and 2 standard errors is a close call: `_sampled` runs a
    second batch (new seeds), a clear lead or a loss does not."""
    bot = SearchBot(rollouts=4)
    assert bot._is_close([[0.0, 0.2, 0.0, 0.2], [0.1, 0.1, 0.1, 0.3]], [(1, 0)])       # +0.05, se 0.05: 1 se
    assert not bot._is_close([[0.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.5, 0.5]], [(1, 0)])   # clear: se 0
    assert not bot._is_close([[0.5, 0.5, 0.5, 0.6], [0.0, 0.0, 0.0, 0.0]], [(1, 0)])   # behind
    g, p = _jail_position()
    d = Decision("jail", p, ["pay", "roll"], g, attempts=0, fine=50)
    calls = []

    def fake(game, dd, candidates, n, start=0):
        calls.append((n, start))
        close = [[0.0, 0.2, 0.0, 0.2], [0.1, 0.1, 0.1, 0.3]]
        return [v[:n] for v in close]
    bot._values = fake                                            # type: ignore[method-assign]
    values = bot._sampled(g, d, [lambda c, q: None] * 2, [(1, 0)])
    assert calls == [(4, 0), (4, 4)] and len(values[0]) == 8
    calls.clear()
    assert len(bot._sampled(g, d, [lambda c, q: None] * 2, [(1, 0)], extend=False)[0]) == 4
    assert calls == [(4, 0)]
