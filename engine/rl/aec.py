"""Any edition as a PettingZoo AEC environment: every seat is an agent of the environment.

`MagieAEC(edition, variants=(), players=4, seed=None)`: agents are 'player_0' ... in seat order;
`agent_selection` is the seat the game is asking. Observations are dicts
{'observation': float32 vector, 'action_mask': int8 vector} (see `encoding`); actions are slots of
a `Discrete` space. Rewards: +1 to the winner (1/k each on a k-way tie), -1 to every other player,
given when the game ends (a bankrupt player gets its -1 when it goes out); `shaping` > 0 adds,
after every step, `shaping` x the change of each agent's share of the net worth of every seat at
the table (bot seats included).

`window_actions` (default `WINDOW_ACTIONS`) bounds the actions an agent takes in one manage window:
once it has taken that many (building, selling, mortgaging, lifting, trading, edition actions),
the mask of that window offers only 'done', so a policy cannot loop (mortgage, lift, mortgage...)
inside one window. The game's rules are unchanged: the bound is the environment's, for its agents
only (bots and people are not bound); None lifts it.

An action that is not legal for the decision (its mask is 0) is replaced by the decision's neutral
answer (decline, pass, done...) and counted in `infos[agent]['illegal']`; `illegal_penalty` is
added to that agent's reward. The game records every answer: `save()` gives a magie save that
`magie play --resume` (or `Game(replay=...)`) replays into the same game, event for event.
"""

from __future__ import annotations

import io
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from magie.engine.edition.playable import load_playable_cached
from magie.engine.game.decisions import DONE
from magie.engine.game.events import EventLog
from magie.engine.game.game import Game
from magie.engine.saves import SaveGame, Seat
from magie.engine.sim.batch import DEFAULT_CAP

from .driver import GameDriver
from .encoding import Actions, Observation

WINDOW_ACTIONS = 8
"""The default bound on an agent's actions in one manage window (enough to build a color group
up a level or two, or to mortgage what a purchase needs; the window's own rules allow more)."""

RENDER_MODES = ("ansi", "rgb_array")


class MagieAEC(AECEnv):
    """See the module docstring. `max_rounds` caps a game (default: the edition's limit, else
    `DEFAULT_CAP`), after which the richest player wins; `events=True` keeps the event log
    (`events()` gives its JSON lines). `render_mode` 'ansi' renders the table as text, 'rgb_array'
    as the board picture (`picture`). Raises ValueError for a number of players the edition does
    not seat, a negative `window_actions` or an unknown render mode."""

    agent_selection: Any  # the seat asked, or None once the game is over (AECEnv types it loosely)
    metadata = {"name": "magie_v0", "render_modes": list(RENDER_MODES), "render_fps": 4, "is_parallelizable": False}

    def __init__(self, edition: str, variants: tuple[str, ...] | list[str] = (), players: int = 4,
                 seed: int | None = None, *, max_rounds: int | None = None, shaping: float = 0.0,
                 illegal_penalty: float = 0.0, events: bool = False, render_mode: str | None = None,
                 bots: dict[int, str] | None = None, window_actions: int | None = WINDOW_ACTIONS):
        super().__init__()
        self.edition_ref = edition
        self.variants = tuple(variants)
        self.ed = load_playable_cached(edition, self.variants)
        if not self.ed.players_min <= players <= self.ed.players_max:
            raise ValueError(f"{self.ed.id} is for {self.ed.players_min} to {self.ed.players_max} players, "
                             f"not {players}")
        if window_actions is not None and window_actions < 0:
            raise ValueError(f"window_actions is a number of actions (0 or more) or None, not {window_actions}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)} (or None), not {render_mode!r}")
        self.window_actions = window_actions
        self.n_players = players
        self.bots = dict(bots or {})          # seats played by magie bots (the single-agent wrapper)
        self.seed = seed
        self.max_rounds = max_rounds if max_rounds is not None else (self.ed.end.max_rounds or DEFAULT_CAP)
        self.shaping = shaping
        self.illegal_penalty = illegal_penalty
        self.keep_events = events
        self.render_mode = render_mode
        self.obs_enc = Observation(self.ed, players)
        self.act_enc = Actions(self.ed)
        self.possible_agents = [f"player_{s}" for s in range(players) if s not in self.bots]
        self._seat_of = {a: int(a.split("_")[1]) for a in self.possible_agents}
        self._obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (self.obs_enc.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.act_enc.size,), np.int8)})
        self._act_space = gymnasium.spaces.Discrete(self.act_enc.size)
        self.driver: GameDriver | None = None
        self._legal: dict[int, Any] = {}
        self._game_seed = 0
        self._acted = [0] * players       # actions of each seat in its current manage window
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._act_space

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The game being played (a `Game`)."""
        assert self.driver is not None, "call reset() first"
        return self.driver.game

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game. `seed` (else the constructor's, else a fresh one from the previous
        game's seed) seeds dice, shuffles and the bots."""
        self.close()
        if seed is not None:
            self._game_seed = seed
        elif self.seed is not None and self.driver is None and self._game_seed == 0:
            self._game_seed = self.seed
        else:
            self._game_seed = (self._game_seed * 6364136223846793005 + 1442695040888963407) % (1 << 63)
        from magie.engine.agents import make_bot
        s = self._game_seed
        others = {seat: make_bot(kind, s, seat) for seat, kind in self.bots.items()}
        names = [f"player_{k}" for k in range(self.n_players)]
        self._log = EventLog() if self.keep_events else None

        def make(agents: list) -> Game:
            return Game(self.ed, list(zip(names, agents, strict=True)), seed=s, record=True, log=self._log,
                        max_rounds=self.max_rounds, start=False)
        self.driver = GameDriver(make, self.n_players, {self._seat_of[a] for a in self.possible_agents},
                                 others, names)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {"illegal": 0} for a in self.agents}
        self._shares = {a: 0.0 for a in self.agents}
        self._acted = [0] * self.n_players
        self._skip_agent_selection = None
        self.driver.start()
        self._shares = self._net_shares()
        self._after_move()
        if self.driver.over and not self.agents:
            self.agent_selection = None

    def _net_shares(self) -> dict[str, float]:
        """Each agent's share of the net worth of every seat at the table (bots included; a
        player out of the game has none)."""
        g = self.game
        worth = [max(0, g.net_worth(p)) if p.alive else 0 for p in g.players]
        total = sum(worth)
        return {a: (worth[self._seat_of[a]] / total if total > 0 else 0.0) for a in self.agents}

    def _after_move(self) -> None:
        """After the game moved on: rewards, terminations, the next agent to act."""
        g = self.game
        if self.shaping:
            shares = self._net_shares()
            for a in self.agents:
                self.rewards[a] += self.shaping * (shares[a] - self._shares.get(a, 0.0))
            self._shares = shares
        winners = {w.seat for w in g.winners} if g.over else set()
        for a in self.agents:
            if self.terminations[a]:
                continue
            p = g.players[self._seat_of[a]]
            if g.over:
                self.rewards[a] += (1.0 / len(winners)) if p.seat in winners else -1.0
                self.terminations[a] = True
            elif not p.alive:
                self.rewards[a] += -1.0
                self.terminations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        pending = self.driver.pending if self.driver is not None else None
        if pending is not None:
            seat, d = pending
            self.agent_selection = f"player_{seat}"
            self._legal = self.act_enc.legal(g, d)
            if d.kind == "manage" and self.window_actions is not None and self._acted[seat] >= self.window_actions:
                self._legal = self.act_enc.only_done(self._legal)
        else:
            self._legal = {}
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if pending is None:
                self.agent_selection = dead[0]
            else:
                self._deads_step_first()

    # ------------------------------------------------------------------ the AEC protocol
    def observe(self, agent: str) -> dict:
        seat = self._seat_of[agent]
        d = None
        pending = self.driver.pending if self.driver is not None else None
        if pending is not None and pending[0] == seat and agent == self.agent_selection:
            d = pending[1]
        mask = self.act_enc.mask(self._legal) if d is not None else np.zeros(self.act_enc.size, np.int8)
        return {"observation": self.obs_enc.encode(self.game, seat, d), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            if self.agents and self.driver is not None and self.driver.pending is not None \
                    and not any(self.terminations[a] for a in self.agents):
                self.agent_selection = f"player_{self.driver.pending[0]}"
            return
        assert self.driver is not None and self.driver.pending is not None
        seat, d = self.driver.pending
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        slot = int(action) if action is not None else -1
        if slot not in self._legal:
            self.infos[agent]["illegal"] += 1
            self.rewards[agent] += self.illegal_penalty
            slot = self.act_enc.default(self.game, d, self._legal)
        answer = self._legal[slot]
        if d.kind == "manage":    # a window ends with done; every other answer is an action in it
            self._acted[seat] = 0 if answer == DONE else self._acted[seat] + 1
        self.driver.answer(answer)
        self._after_move()

    def render(self) -> Any:
        """The table in the render mode: 'ansi' as text (`text()`), 'rgb_array' as the board
        picture (`picture()`); None without a render mode or before `reset`."""
        if self.driver is None or self.render_mode is None:
            return None
        return self.picture() if self.render_mode == "rgb_array" else self.text()

    def text(self) -> str:
        """The table as text: the round, then a line per player (cash, where its token is, deeds,
        jail), the one asked marked with '>', then the decision asked."""
        g = self.game
        pending = self.driver.pending if self.driver is not None else None
        asked = pending[0] if pending is not None else None
        lines = [f"round {g.round}" + (" (over)" if g.over else "")]
        for p in g.players:
            where = "out" if not p.alive else g.spaces[p.pos].id + (", in jail" if p.in_jail else "")
            mortgaged = sum(1 for i in p.deeds if g.mortgaged[i])
            lines.append(f"{'>' if p.seat == asked else ' '} {p.name}: {p.cash} cash, {where}; "
                         f"{len(p.deeds)} deeds ({mortgaged} mortgaged), net worth {g.net_worth(p) if p.alive else 0}")
        if pending is not None:
            lines.append(f"asked: {pending[1].kind} {pending[1].ctx.get('window') or ''}".rstrip())
        return "\n".join(lines)

    def picture(self, size: int = 600) -> np.ndarray:
        """The board as it stands (owners, buildings, mortgages, tokens), `size` x `size` pixels:
        a uint8 array of shape (size, size, 3). Drawn from magie's board picture with cairosvg;
        raises gymnasium's `DependencyNotInstalled` naming the `web` extra when it is missing, and
        ValueError for a size outside 16..8000."""
        if not 16 <= size <= 8000:
            raise ValueError(f"the picture is 16 to 8000 pixels wide, not {size}")
        try:
            import cairosvg
            from PIL import Image

            from magie.cli.web.board import board_svg
            from magie.cli.web.narrate import Words
            from magie.cli.web.view import public_state
        except (ImportError, OSError) as e:
            from magie.engine.extras import install_hint

            raise gymnasium.error.DependencyNotInstalled(
                f"render_mode='rgb_array' draws the board with cairosvg ({e}): {install_hint('web')} "
                "(and on Debian: apt-get install libcairo2), or use render_mode='ansi'") from None
        g = self.game
        state = public_state(g, Words(self.ed, "en", {p.seat: p.name for p in g.players}))
        png = cairosvg.svg2png(bytestring=board_svg(self.ed, state=state).encode("utf-8"),
                               output_width=size, output_height=size)
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.uint8)

    def close(self) -> None:
        if self.driver is not None:
            self.driver.close()

    # ------------------------------------------------------------------ saves
    def save(self) -> SaveGame:
        """The game so far as a magie save. A learner's seat is saved as a person ('human'), so
        `magie play --resume` lets someone take it over; bot seats keep their kind."""
        g = self.game
        seats = tuple(Seat(f"player_{s}", self.bots.get(s, "human")) for s in range(self.n_players))
        return SaveGame(edition_ref=self.edition_ref, edition_id=self.ed.id, variants=self.variants,
                        content_hash=self.ed.content_hash, seed=self._game_seed, seats=seats,
                        options={"max_rounds": self.max_rounds, "time_limit": None, "elapsed": 0.0,
                                 "auto_claim": False},
                        decisions=g.saved_decisions(), round=g.round, turns=g.turns)

    def events(self) -> list[str]:
        """The event log as JSON lines (needs `events=True`)."""
        return self._log.lines() if self._log is not None else []


def env(edition: str, variants: tuple[str, ...] | list[str] = (), players: int = 4,
        seed: int | None = None, **kwargs: Any) -> MagieAEC:
    """The PettingZoo AEC environment of `edition` (see `MagieAEC`)."""
    return MagieAEC(edition, variants, players, seed, **kwargs)
