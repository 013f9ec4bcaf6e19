"""Per-game records straight into pandas, for notebooks and scripts: `run(edition, n, seed=...)`.

`run` plays the games `magie simulate EDITION -n N --seed S --bot BOTS` plays (game k seeded
`batch.game_seed(S, k)`, so the result does not depend on `jobs`) and returns their records, the
rows `simulate --out games.parquet` writes (the columns of `records.RecordLayout`: game, seed,
players, bots, rounds, turns, reason, capped, winners, cash_i, worth_i, bankruptcies, trades,
rent_<group>, builds_<group>, the edition's actions), as a pandas DataFrame in game order. Needs
pandas and pyarrow (the `analysis` extra). docs/results.md has a worked example.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .batch import BatchSpec, stream
from .records import PARQUET_BATCH, RecordLayout

MAX_GAMES = 10**8
"""Most games one `run` plays (as `magie simulate`)."""


def run(edition: str, n: int = 1000, *, seed: int = 0, bots: str | Sequence[str] = "basic",
        players: int | None = None, variants: Sequence[str] = (), sets: Mapping[str, Any] | None = None,
        max_rounds: int | None = None, jobs: int = 1, counters: bool = True) -> Any:
    """Play `n` games of `edition` (a built-in id or an edition file) with `variants` (overlays)
    and `sets` (parameter -> value, as `--set`) applied, and return one record per game as a
    pandas DataFrame (n rows, in game order; money in integer units of the edition's currency).

    `bots`: one kind for every seat ('basic'), a comma-separated kind per seat ('basic,random'),
    or a sequence of kinds; `players` seats (default: 4, or one per kind listed). `max_rounds`
    caps a game (default: the edition's limit, else 1000; then the richest wins). `jobs` worker
    processes (the records are the same for any number). `counters=False` plays faster but leaves
    the rent, builds and trades columns at 0.

    Raises ValueError for a bad number or bot kind, `ProblemsError` for an edition, overlay or set
    that does not load, ImportError when pandas or pyarrow is missing."""
    try:
        import pandas  # noqa: F401  (to_pandas needs it)
        import pyarrow as pa
    except ImportError as e:
        from ..extras import install_hint

        raise ImportError(f"magie's results as a DataFrame need pandas and pyarrow ({e}): "
                          f"{install_hint('analysis')}") from None
    spec = _spec(edition, n, seed, bots, players, variants, sets, max_rounds, jobs, counters)
    layout = RecordLayout(spec, spec.edition_model())
    schema = layout.arrow_schema()
    batches, rows = [], []
    for (game,) in stream((spec,), n, jobs):
        rows.append(layout.row(game))
        if len(rows) >= PARQUET_BATCH:
            batches.append(pa.RecordBatch.from_pylist(rows, schema=schema))
            rows = []
    batches.append(pa.RecordBatch.from_pylist(rows, schema=schema))
    return pa.Table.from_batches(batches, schema=schema).to_pandas()


def _spec(edition: str, n: int, seed: int, bots: str | Sequence[str], players: int | None,
          variants: Sequence[str], sets: Mapping[str, Any] | None, max_rounds: int | None, jobs: int,
          counters: bool) -> BatchSpec:
    """The batch `run` plays, its numbers and bot kinds checked (ValueError), its edition loaded
    (ProblemsError) and its table checked against the edition's number of players."""
    from ..agents import make_bot
    from ..limits import MAX_SEATS
    from .config import ConfigError, seat_kinds

    for name, value, least, most in (("n", n, 1, MAX_GAMES), ("jobs", jobs, 1, 256),
                                     ("players", players, 1, MAX_SEATS), ("max_rounds", max_rounds, 1, None)):
        if value is None and name in ("players", "max_rounds"):
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < least or (most and value > most):
            bound = f"{least} to {most:,}" if most else f"{least} or more"
            raise ValueError(f"{name} is a whole number from {bound}, not {value!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed is a whole number, not {seed!r}")
    try:
        kinds = seat_kinds(bots if isinstance(bots, str) else ",".join(bots), players, 4, "bots", "players")
    except ConfigError as e:
        raise ValueError(str(e)) from None
    for kind in dict.fromkeys(kinds):
        make_bot(kind)             # an unknown kind or a plug-in that cannot play: ValueError
    spec = BatchSpec(edition=edition, variants=tuple(variants), bots=kinds, max_rounds=max_rounds, seed=seed,
                     sets=tuple((k, str(v)) for k, v in (sets or {}).items()), counters=counters)
    ed = spec.edition_model()
    if not ed.players_min <= len(kinds) <= ed.players_max:
        raise ValueError(f"{ed.id} is played by {ed.players_min} to {ed.players_max} players, not {len(kinds)}")
    return spec
