"""Per-game records of a simulation (`magie simulate --out FILE`): one row per game, written as
the games come, so memory stays constant however many games are played.

Formats by file suffix: `.jsonl` (one JSON object a line), `.csv` (a header, then one line a
game), `.parquet` (pyarrow, optional extra `magie[parquet]`; rows are written in row groups of
`PARQUET_BATCH`). Columns (fixed for an edition, so every row has the same ones): `game` (k),
`seed`, `players`, `bots` (comma-separated kinds by seat), `rounds`, `turns`, `reason`,
`capped`, `winners` (seats from 1, comma-separated), `cash_1..P` and `worth_1..P` (final cash
and net worth by seat), `bankruptcies`, `trades`, `rent_<group>` and `builds_<group>` for each
group of the edition, and `<action>` / `<action>_deeds` for each edition action (e.g. court
suits and the deeds they won).
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any, TextIO

from ..edition.model import Edition
from ..errors import MagieError
from .batch import BatchSpec, GameStats

FORMATS = (".jsonl", ".csv", ".parquet")
PARQUET_BATCH = 2000
"""Rows buffered before a parquet row group is written."""


class RecordsError(MagieError):
    """The records file cannot be written (a bad suffix, a missing folder, no permission,
    pyarrow missing for parquet)."""


class RecordLayout:
    """The columns of the records of a batch (`spec`, of the playable edition `ed`; see the module
    docstring) and the record of one game: what `RecordWriter` writes and `results.run` returns."""

    def __init__(self, spec: BatchSpec, ed: Edition):
        self.spec = spec
        self.groups = [g.id for g in ed.groups]
        self.actions = [a.id for a in ed.actions]
        seats = len(spec.bots)
        self.columns = (["game", "seed", "players", "bots", "rounds", "turns", "reason", "capped", "winners"]
                        + [f"cash_{i + 1}" for i in range(seats)] + [f"worth_{i + 1}" for i in range(seats)]
                        + ["bankruptcies", "trades"] + [f"rent_{g}" for g in self.groups]
                        + [f"builds_{g}" for g in self.groups]
                        + [c for a in self.actions for c in (a, f"{a}_deeds")])

    def arrow_schema(self) -> Any:
        """The columns as a pyarrow schema (text for bots, reason and winners, a bool for capped,
        int64 for the others). Needs pyarrow."""
        import pyarrow as pa
        return pa.schema([(c, _arrow_type(pa, c)) for c in self.columns])

    def row(self, s: GameStats) -> dict[str, Any]:
        """The record of one game (column -> value)."""
        seats = len(self.spec.bots)
        r: dict[str, Any] = {
            "game": s.k, "seed": s.seed, "players": seats, "bots": ",".join(self.spec.bots),
            "rounds": s.rounds, "turns": s.turns, "reason": s.reason, "capped": s.capped,
            "winners": ",".join(str(w + 1) for w in s.winners)}
        for i in range(seats):
            r[f"cash_{i + 1}"] = s.cash[i] if i < len(s.cash) else 0
        for i in range(seats):
            r[f"worth_{i + 1}"] = s.worth[i] if i < len(s.worth) else 0
        r["bankruptcies"] = s.bankruptcies
        r["trades"] = s.events.get("trade", 0)
        for g in self.groups:
            r[f"rent_{g}"] = s.rent_by_group.get(g, 0)
        for g in self.groups:
            r[f"builds_{g}"] = s.builds_by_group.get(g, 0)
        for a in self.actions:
            r[a] = s.extra.get(a, 0)
            r[f"{a}_deeds"] = s.extra.get(f"{a}_deeds", 0)
        return r


def _arrow_type(pa: Any, column: str) -> Any:
    if column in ("bots", "reason", "winners"):
        return pa.string()
    if column == "capped":
        return pa.bool_()
    return pa.int64()


class RecordWriter:
    """Writes one row per game to `path`. Opens (and so checks) the file at once, before any
    game is played; `close()` finishes it. Use as a context manager."""

    def __init__(self, path: str | os.PathLike, spec: BatchSpec, ed: Edition):
        self.path = Path(path)
        self.suffix = self.path.suffix.lower()
        if self.suffix not in FORMATS:
            raise RecordsError(f"--out {self.path}: unknown format '{self.suffix or '(none)'}'; "
                               f"use a file ending in {', '.join(FORMATS)}")
        self.layout = RecordLayout(spec, ed)
        self.columns = self.layout.columns
        self._rows: list[dict[str, Any]] = []
        self._pq: Any = None
        self._pa: Any = None
        if self.suffix == ".parquet":
            try:
                import pyarrow as pa
                import pyarrow.parquet as pq
            except ImportError:
                from ..extras import install_hint

                raise RecordsError(f"--out *.parquet needs pyarrow: {install_hint('parquet')} "
                                   "(or write .jsonl or .csv)") from None
            self._pa, self._pqmod = pa, pq
            self._schema = self.layout.arrow_schema()
        self._file: TextIO | None = None
        try:
            if self.suffix == ".parquet":
                self._pq = self._pqmod.ParquetWriter(str(self.path), self._schema)
            else:
                self._file = open(self.path, "w", encoding="utf-8", newline="")
        except OSError as e:
            raise RecordsError(f"--out {self.path}: cannot write it ({e.strerror or e})") from None
        self._csv: Any = None
        if self.suffix == ".csv" and self._file is not None:
            self._csv = csv.writer(self._file)
            self._csv.writerow(self.columns)

    def write(self, s: GameStats) -> None:
        """Write the record of game `s`. Raises `RecordsError` when the disk is full."""
        r = self.layout.row(s)
        try:
            if self.suffix == ".jsonl" and self._file is not None:
                self._file.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
            elif self._csv is not None:
                self._csv.writerow([r[c] for c in self.columns])
            else:
                self._rows.append(r)
                if len(self._rows) >= PARQUET_BATCH:
                    self._flush()
        except OSError as e:
            raise RecordsError(f"--out {self.path}: writing failed ({e.strerror or e})") from None

    def _flush(self) -> None:
        if self._rows and self._pq is not None:
            table = self._pa.Table.from_pylist(self._rows, schema=self._schema)
            self._pq.write_table(table)
            self._rows = []

    def close(self) -> None:
        """Finish the file (the last parquet row group, the footer)."""
        try:
            if self._pq is not None:
                self._flush()
                self._pq.close()
                self._pq = None
            if self._file is not None:
                self._file.close()
                self._file = None
        except OSError as e:
            raise RecordsError(f"--out {self.path}: writing failed ({e.strerror or e})") from None

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_records(path: str | os.PathLike) -> list[dict[str, Any]]:
    """Read a records file back (for tests and small analyses): a list of rows."""
    p = Path(path)
    if p.suffix == ".jsonl":
        return [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line]
    if p.suffix == ".csv":
        return list(csv.DictReader(io.StringIO(p.read_text(encoding="utf-8"))))
    import pyarrow.parquet as pq
    return pq.read_table(str(p)).to_pylist()
