"""Dice: seeded random throws for play, forced throws for tests and replays of scripted cases."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..dsl.runtime import Roll
from ..errors import GameError

_PAIRS: dict[int, list[list[Roll]]] = {}
"""The sides * sides possible throws of two dice, by sides (rolls are immutable: every game
shares them, so a game does not build them anew)."""


def _pairs(sides: int) -> list[list[Roll]]:
    pairs = _PAIRS.get(sides)
    if pairs is None:
        pairs = _PAIRS[sides] = [[Roll((a, b), a + b, a == b) for b in range(1, sides + 1)]
                                 for a in range(1, sides + 1)]
    return pairs


class Dice:
    """Throws `sides`-sided dice from the game's seeded random generator."""

    __slots__ = ("rng", "sides", "_pairs")

    def __init__(self, rng: random.Random, sides: int = 6):
        self.rng = rng
        self.sides = sides
        self._pairs = _pairs(sides)     # the hot path throws two dice

    def throw(self, n: int) -> Roll:
        """Throw `n` dice. Doubles: at least two dice, all equal."""
        rnd = self.rng.random
        s = self.sides
        if n == 2:
            return self._pairs[int(rnd() * s)][int(rnd() * s)]
        dice = tuple(int(rnd() * s) + 1 for _ in range(n))
        return Roll(dice, sum(dice), n >= 2 and len(set(dice)) == 1)


class ForcedDice:
    """Throws given in advance, consumed in order, for tests: `ForcedDice([(3, 4), (5, 5)])`.

    Every throw the engine makes takes the next entry whatever its purpose (a move, a jail
    attempt, a utility re-roll, a card's roll). A throw of a different number of dice than the
    entry, or a throw after the list is used up, is a `GameError`: a scripted case must consume
    exactly the throws it lists. `left` says how many are unused."""

    __slots__ = ("throws", "pos", "sides")

    def __init__(self, throws: Iterable[Iterable[int]], sides: int = 6):
        self.throws = [tuple(t) for t in throws]
        self.pos = 0
        self.sides = sides

    @property
    def left(self) -> int:
        """Forced throws not used yet."""
        return len(self.throws) - self.pos

    def throw(self, n: int) -> Roll:
        if self.pos >= len(self.throws):
            raise GameError(f"forced dice used up: throw {self.pos + 1} of {n} dice was not scripted")
        dice = self.throws[self.pos]
        if len(dice) != n:
            raise GameError(f"forced throw {self.pos + 1} has {len(dice)} dice, the engine threw {n}")
        self.pos += 1
        return Roll(dice, sum(dice), n >= 2 and len(set(dice)) == 1)
