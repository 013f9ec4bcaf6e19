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


class BuyTradeBuild(BuyThrowDone):
    """`BuyThrowDone`, except in a manage window: first the cheapest offer that completes a color
    group (the `trade` slots, lowest group and price first), then a house or hotel on the highest
    space where one can be built, and only then done. Against random bots, half of whose answers
    to an offer are yes, it completes groups and builds on them."""

    def __init__(self, actions: Actions):
        super().__init__(actions)
        blocks = {name: (start, size) for name, start, size in actions.layout}
        trade, build = blocks["trade"], blocks["build"]
        self.first = [*range(trade[0], trade[0] + trade[1]), *reversed(range(build[0], build[0] + build[1]))]
        self.buy = actions.names.index("buy")

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        if mask[self.buy]:
            return self.buy
        for slot in self.first:
            if mask[slot]:
                return slot
        return super().__call__(observation, mask)


class RandomMasked:
    """Picks uniformly among the legal slots (seeded by `seed`)."""

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.rng.choice(np.flatnonzero(mask)))
