"""The bounds of a game that a save holds and every command checks, in a module of their own: the
commands' `--help` shows them without importing the game engine (engine/game/save.py, which checks
saves against them, imports them from here)."""

MAX_SEATS = 12
"""Most seats at a table (the schema's largest `players.max`)."""

MAX_DIE_FACES = 100
"""Most faces of one of an edition's own dice (the schema's `maxItems` of `dice.extra[].faces`):
the throw's table and every face's check stay small."""

MAX_ROUNDS = 1_000_000
"""Largest round limit (`max_rounds`) a game may have; the CLI's --max-rounds has the same bound."""

MIN_SEED, MAX_SEED = -2**63, 2**63 - 1
"""The seeds a save holds (and every command takes): a signed 64-bit number."""
