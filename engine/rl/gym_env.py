"""One learner against magie bots, as a Gymnasium environment with action masks.

`MagieGym(edition, seat=0, opponents='basic', players=4)`: the learner plays `seat`; the other
seats are magie bots (one kind for all, or one per seat). Observations are the float32 vector of
`encoding.Observation`; `action_masks()` (the convention of sb3-contrib's MaskablePPO) and
`info['action_mask']` give the legal slots of the decision asked. Rewards are those of the AEC
environment for the learner: +1 for a win (1/k on a tie), -1 for a loss, at the end; optional
shaping (the change of the learner's share of the net worth of all seats). An illegal action is
replaced by the neutral answer and counted in `info['illegal']`. The learner's actions in one
manage window are bounded (`window_actions`, see `aec.MagieAEC`).

Seeding: `reset(seed=s)` plays the game of seed `s` (dice, shuffles and the bots); `reset()`
without a seed plays the constructor's `seed` first, then a new seed derived from the previous
one, so a run of episodes is a function of its first seed. `gymnasium.make` ids are registered by
`import magie.rl` (`registry.py`).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from .aec import RENDER_MODES, MagieAEC


class MagieGym(gymnasium.Env):
    """See the module docstring. Other keyword arguments go to `MagieAEC` (max_rounds, shaping,
    illegal_penalty, events, window_actions). Raises ValueError when `opponents` does not fill
    the other seats or `seat` is not one of them."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, edition: str, variants: tuple[str, ...] | list[str] = (), *, seat: int = 0,
                 opponents: str | list[str] = "basic", players: int = 4, seed: int | None = None,
                 render_mode: str | None = None, **kwargs: Any):
        kinds = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(kinds)}")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not one of 0..{players - 1}")
        others = [s for s in range(players) if s != seat]
        self.aec = MagieAEC(edition, variants, players, seed, bots=dict(zip(others, kinds, strict=True)),
                            render_mode=render_mode, **kwargs)
        self.agent = f"player_{seat}"
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)["observation"]
        self.action_space = self.aec.action_space(self.agent)

    def _obs(self) -> tuple[np.ndarray, dict]:
        obs = self.aec.observe(self.agent)
        info = {"action_mask": obs["action_mask"], "illegal": self.aec.infos.get(self.agent, {}).get("illegal", 0)}
        return obs["observation"], info

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._illegal = 0
        return self._obs()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        aec = self.aec
        before = aec.infos[self.agent]["illegal"]
        aec.step(action)
        reward = aec._cumulative_rewards.get(self.agent, 0.0)
        aec._cumulative_rewards[self.agent] = 0.0
        terminated = aec.terminations.get(self.agent, True)
        obs, info = self._obs()
        info["illegal"] = aec.infos[self.agent]["illegal"] - before
        if terminated:
            info["winners"] = [p.seat for p in aec.game.winners]
            info["action_mask"] = np.zeros_like(info["action_mask"])
        return obs, float(reward), bool(terminated), False, info

    def action_masks(self) -> np.ndarray:
        """The legal slots of the decision asked (bool), for MaskablePPO."""
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def render(self) -> Any:
        """The table as text ('ansi') or as the board picture ('rgb_array', an (H, W, 3) uint8
        array); see `MagieAEC.render`."""
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
