"""Hand-written policies over the action slots, the floors a trained policy must beat.

A policy is a callable `(observation, mask) -> slot` (the observation vector and the int8 or bool
action mask of `MagieGym`); it answers only slots the mask allows.
"""

from __future__ import annotations

import numpy as np

from .encoding import Actions

BUY_THROW_DONE = ("buy", "roll", "done", "pass", "reject", "decline", "pay")
"""The preference of `BuyThrowDone`: buy every deed offered, throw the dice (in jail too), end
every manage window at once; pass in auctions, reject trades, decline what can be declined, pay."""


class BuyThrowDone:
    """Answers the first slot of `BUY_THROW_DONE` the mask allows, else the lowest legal slot (in
    debt: the first building to sell or deed to mortgage, in board order). `actions` is the
    environment's `Actions` (`env.aec.act_enc` of a `MagieGym`)."""

    def __init__(self, actions: Actions):
        self.slots = [actions.names.index(name) for name in BUY_THROW_DONE]

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        for slot in self.slots:
            if mask[slot]:
                return slot
        return int(np.flatnonzero(mask)[0])


class RandomMasked:
    """Picks uniformly among the legal slots (seeded by `seed`)."""

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.rng.choice(np.flatnonzero(mask)))
