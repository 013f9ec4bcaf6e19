"""Dice: seeded random throws for play, forced throws for tests and replays of scripted cases."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from ..dsl.runtime import Roll
from ..errors import GameError

_PAIRS: Final[dict[int, list[list[Roll]]]] = {}
"""The sides * sides possible throws of two dice, by sides (rolls are immutable: every game
shares them, so a game does not build them anew)."""


def _pairs(sides: int) -> list[list[Roll]]:
    pairs = _PAIRS.get(sides)
    if pairs is None:
        pairs = _PAIRS[sides] = [[Roll((a, b), a + b, a == b) for b in range(1, sides + 1)]
                                 for a in range(1, sides + 1)]
    return pairs


_WITH_ONE: Final[dict[tuple[int, tuple[int | str, ...]], list[list[list[Roll]]]]] = {}
"""The throws of two `sides`-sided dice and one own die of `faces`, by (sides, faces), indexed
[first die - 1][second die - 1][face index] (shared by every game, as `_PAIRS`)."""


def _with_one(sides: int, faces: tuple[int | str, ...]) -> list[list[list[Roll]]]:
    table = _WITH_ONE.get((sides, faces))
    if table is None:
        table = _WITH_ONE[(sides, faces)] = [[[with_faces(r, (f,)) for f in faces] for r in row]
                                             for row in _pairs(sides)]
    return table


class Throws:
    """What the engine asks of a game's dice (`GameState.dice`): `Dice` in play, `ForcedDice` in
    tests and scripted cases. A base class, not a protocol: in the compiled build a call of a
    method of a native class goes through its method table, where a protocol's method is looked
    up by name on each throw."""

    __slots__ = ()

    def throw(self, n: int) -> Roll:
        """Throw `n` dice."""
        raise NotImplementedError

    def throw_move(self, n: int, extra: Sequence[Any]) -> Roll:
        """A move's throw: `n` base dice and one face of each of the edition's own dice `extra`."""
        raise NotImplementedError


class Dice(Throws):
    """Throws `sides`-sided dice from the game's seeded random generator.

    `_draw` is the `random` method of the generator's class, called as `_draw(rng)`: the number
    `rng.random()` gives, without looking the method up on the generator for each die (in the
    compiled build that lookup and the bound method it made were about 370 instructions of the
    410 a die cost; the method, taken from the class, is shared by copies of the game)."""

    __slots__ = ("rng", "sides", "_pairs", "_draw", "_faces", "_one")

    def __init__(self, rng: random.Random, sides: int = 6):
        self.rng = rng
        self.sides = sides
        self._pairs = _pairs(sides)     # the hot path throws two dice
        self._draw: Callable[[random.Random], float] = type(rng).random
        self._faces: tuple[int | str, ...] | None = None    # the last own die's faces thrown,
        self._one: list[list[list[Roll]]] = []               # and their `_with_one` table

    def throw(self, n: int) -> Roll:
        """Throw `n` dice. Doubles: at least two dice, all equal."""
        rng = self.rng
        draw = self._draw
        s = self.sides
        if n == 2:
            return self._pairs[int(draw(rng) * s)][int(draw(rng) * s)]
        dice = tuple(int(draw(rng) * s) + 1 for _ in range(n))
        return Roll(dice, sum(dice), n >= 2 and len(set(dice)) == 1)

    def throw_move(self, n: int, extra: Sequence[Any]) -> Roll:
        """A move's throw: `n` base dice, then one face of each of the edition's own dice
        `extra` (model.ExtraDie), each face equally likely."""
        rng = self.rng
        draw = self._draw
        if n == 2 and len(extra) == 1:    # one own die: one of the rolls made in advance
            s = self.sides
            faces = extra[0].faces
            if faces is not self._faces:  # (the table's key, a tuple, is hashed anew at each look-up)
                self._one = _with_one(s, faces)
                self._faces = faces
            a = int(draw(rng) * s)
            b = int(draw(rng) * s)        # (the same draws, in the same order, as below)
            return self._one[a][b][int(draw(rng) * len(faces))]
        base = self.throw(n)
        return with_faces(base, tuple(d.faces[int(draw(rng) * len(d.faces))] for d in extra))


class ForcedDice(Throws):
    """Throws given in advance, consumed in order, for tests: `ForcedDice([(3, 4), (5, 5)])`.

    Every throw the engine makes takes the next entry whatever its purpose (a move, a jail
    attempt, a utility re-roll, a card's roll). A throw of a different number of dice than the
    entry, or a throw after the list is used up, is a `GameError`: a scripted case must consume
    exactly the throws it lists. `left` says how many are unused."""

    __slots__ = ("throws", "pos", "sides")

    def __init__(self, throws: Iterable[Iterable[int | str]], sides: int = 6):
        self.throws: list[tuple[Any, ...]] = [tuple(t) for t in throws]
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

    def throw_move(self, n: int, extra: Sequence[Any]) -> Roll:
        """A move's throw with the edition's own dice: the entry lists the `n` base dice, then
        one face of each die of `extra` (a number or a symbol id, one of the die's faces):
        `(3, 4, "bus")`. Raises `GameError` for a wrong length or a face the die lacks."""
        if self.pos >= len(self.throws):
            raise GameError(f"forced dice used up: throw {self.pos + 1} of {n} dice and "
                            f"{', '.join(d.id for d in extra)} was not scripted")
        entry = self.throws[self.pos]
        if len(entry) != n + len(extra):
            raise GameError(f"forced throw {self.pos + 1} has {len(entry)} faces, the engine threw "
                            f"{n} dice and {', '.join(d.id for d in extra)}")
        faces = entry[n:]
        for d, f in zip(extra, faces, strict=True):
            if f not in d.faces:
                raise GameError(f"forced throw {self.pos + 1}: die '{d.id}' has no face {f!r}")
        self.pos += 1
        base = entry[:n]
        return with_faces(Roll(base, sum(base), n >= 2 and len(set(base)) == 1), faces)


def with_faces(base: Roll, faces: tuple[int | str, ...]) -> Roll:
    """`base` (the base dice) with the faces of the edition's own dice added: a number adds to
    the total, a symbol counts 0; doubles stay those of the base dice."""
    nums = tuple(f if isinstance(f, int) else 0 for f in faces)
    dice = base.dice + nums
    return Roll(dice, base.total + sum(nums), base.doubles, faces, len(faces))
