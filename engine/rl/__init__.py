"""magie for reinforcement learning: any edition as a PettingZoo AEC environment (`env`,
`MagieAEC`) and as a single-agent Gymnasium environment against magie bots (`MagieGym`), with
action masks. Needs the optional extra `rl` (pettingzoo, gymnasium, numpy): README, "Install".
See docs/rl.md."""

from .aec import MagieAEC, env
from .encoding import Actions, Observation
from .gym_env import MagieGym

raw_env = MagieAEC

__all__ = ["env", "raw_env", "MagieAEC", "MagieGym", "Observation", "Actions"]
