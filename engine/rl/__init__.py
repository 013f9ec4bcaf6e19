"""magie for reinforcement learning: any edition as a PettingZoo AEC environment (`env`,
`MagieAEC`) and as a single-agent Gymnasium environment against magie bots (`MagieGym`), with
action masks. Needs the optional extra `rl` (pettingzoo, gymnasium, numpy): README, "Install".
Importing it registers the `gymnasium.make` ids `magie/Classic-v0` ... and `magie/Edition-v0`
(`registry.py`). `magie.rl.train` trains MaskablePPO against magie bots (the `rl-train` extra).
See docs/rl.md."""

from .aec import WINDOW_ACTIONS, MagieAEC, env
from .encoding import Actions, Observation
from .gym_env import MagieGym
from .registry import register_envs

raw_env = MagieAEC
ENV_IDS = register_envs()

__all__ = ["env", "raw_env", "MagieAEC", "MagieGym", "Observation", "Actions", "ENV_IDS", "WINDOW_ACTIONS"]
