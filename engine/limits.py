"""The bounds of a game that a save holds and every command checks, in a module of their own: the
commands' `--help` shows them without importing the game engine. A save's schema
(schema/save.schema.json) repeats them; tests/saves/test_save_schema.py keeps the two equal."""

MAX_SEATS = 12
"""Most seats at a table (the schema's largest `players.max`)."""

MAX_DIE_FACES = 100
"""Most faces of one of an edition's own dice (the schema's `maxItems` of `dice.extra[].faces`):
the throw's table and every face's check stay small."""

MAX_ROUNDS = 1_000_000
"""Largest round limit (`max_rounds`) a game may have; the CLI's --max-rounds has the same bound."""

MIN_SEED, MAX_SEED = -2**63, 2**63 - 1
"""The seeds a save holds (and every command takes): a signed 64-bit number."""

MAX_SECONDS = 10**7
"""Largest time limit or elapsed time of a game, in seconds (about 115 days)."""

MAX_NAME = 64
"""Longest player name, in characters: in a save, at `magie play --players` and in the web's seats
(a name is printed on every line of the log)."""
