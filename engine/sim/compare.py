"""Comparisons of configurations on common random numbers (`magie compare`).

Every configuration plays the same games 0..n-1 with the same game seeds, so the dice, the
shuffles and the bots' own randomness start alike and the differences between configurations
are measured on paired games: the interval of a difference comes from the per-game
differences (mean and variance kept as running sums), which is much narrower than comparing two
independent batches when the configurations are alike. The first configuration is the baseline.

A configuration is written `EDITION[+OVERLAY...][:KEY=VALUE...]` where KEY is `bots` (one kind,
or a comma-separated kind per seat), `players`, `max_rounds` or any parameter path accepted by
`--set` (`classic:rules.salary=300`). A piece between colons without `=` continues the value
before it, so a plug-in bot keeps its `module:Class` (`classic:bots=mybots:Greedy,basic:players=2`).
A sweep `PATH=LOW..HIGH:STEP` makes one configuration per
value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..analysis.stats import Moments
from .batch import BatchSpec, GameStats, Summary, stream
from .config import PLAIN_DECIMAL, ConfigError, Sets, describe, seat_kinds

METRICS = {
    "rounds": ("rounds", "rounds", "shorter", "longer"),
    "turns": ("turns", "turns", "fewer", "more"),
    "ended": ("games ended by the rules", "points", "less often", "more often"),
    "first_wins": ("first player's wins", "points", "less often", "more often"),
    "bankruptcies": ("bankruptcies per game", "bankruptcies", "fewer", "more"),
}
"""Paired metrics: key -> (what, unit, word when lower, word when higher)."""


def _verdict_texts() -> dict[tuple[str, str], str]:
    texts = {("", "none"): "{b}: no games"}
    for metric, (what, unit, lower, higher) in METRICS.items():
        for side, word in (("lower", lower), ("higher", higher)):
            texts[metric, side] = (f"{{b}} is {{n}} ± {{half}} {unit} {word} than {{a}}" if metric == "rounds"
                                   else f"{{b}}: {what} {{n}} ± {{half}} {unit} {word} than {{a}}")
        texts[metric, "same"] = f"{{b}}: no clear difference in {what} from {{a}} ({{mean}} ± {{half}} {unit})"
    return texts


VERDICTS = _verdict_texts()
"""The sentences of a verdict: (metric, lower | higher | same) -> text with {a} the baseline,
{b} the configuration, {n} the difference, {half} the half-width of its interval, {mean} the
signed difference; ("", "none") when no game was played. English, the message ids of a
translation (`Comparison.verdict`'s `words`)."""


def parse_config(text: str, base: BatchSpec) -> tuple[str, BatchSpec]:
    """(label, spec) of a configuration string (see the module docstring); unset parts come
    from `base`. The seats follow `seat_kinds`, the rule of `simulate --bot/--players`; `players`
    and `max_rounds` are bounded like simulate's options. Raises `ConfigError` naming the
    configuration and its key."""
    from ..limits import MAX_ROUNDS, MAX_SEATS

    shown = text if len(text) <= 80 else f"{text[:77]}..."

    def bad(message: str, kinds: Sequence[str] = ()) -> ConfigError:
        return ConfigError(f"configuration {shown!r}: {message}"[:500], kinds)

    head, *pieces = text.split(":")
    parts: list[str] = []
    for piece in pieces:        # no `=`: the rest of a value holding a colon (module:Class)
        if parts and "=" not in piece:
            parts[-1] += ":" + piece
        else:
            parts.append(piece)
    if not head:
        raise bad("it must start with an edition")
    edition, *variants = head.split("+")
    bots: str | None = None
    players: int | None = None
    max_rounds = base.max_rounds
    sets: list[tuple[str, str]] = list(base.sets)
    given: dict[str, str] = {}
    for part in parts:
        key, eq, value = (x.strip() for x in part.partition("="))
        if not eq or not key:
            raise bad(f"{part!r} is not KEY=VALUE (bots=KINDS, players=N, max_rounds=N or a parameter "
                      f"path such as rules.salary=300)")
        if key in given:
            raise bad(f"{key} is given twice ({key}={given[key]} and {key}={value}); give it once")
        given[key] = value
        if key == "bots":
            bots = value
        elif key in ("players", "max_rounds"):
            most = MAX_SEATS if key == "players" else MAX_ROUNDS
            if not (value.isascii() and value.isdigit() and len(value) <= 20 and 1 <= int(value) <= most):
                raise bad(f"{key} must be a whole number from 1 to {most:,}, not {value[:40]!r}")
            if key == "players":
                players = int(value)
            else:
                max_rounds = int(value)
        elif not value:
            raise bad(f"{key}: no value given (e.g. {key}=300)")
        else:
            sets.append((key, value))
    table = bots if bots is not None else (base.bots[0] if len(set(base.bots)) == 1 else ",".join(base.bots))
    try:
        kinds = seat_kinds(table, players, max(len(base.bots), 1), "bots" if bots is not None else "--bot",
                           "players")
    except ConfigError as e:
        raise bad(str(e), e.kinds) from None
    spec = replace(base, edition=edition, variants=tuple(variants) + base.variants, bots=kinds,
                   max_rounds=max_rounds, sets=tuple(sets))
    return text, spec


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """'rules.salary=100..400:50' -> ('rules.salary', ['100', '150', ..., '400']); a list
    'rules.salary=100,200,300' works too. Raises `ConfigError`."""
    path, eq, rng = text.partition("=")
    if not eq or not path:
        raise ConfigError(f"--sweep {text!r}: expected PATH=LOW..HIGH:STEP, e.g. rules.salary=100..400:50")
    if ".." in rng:
        span, _, step_text = rng.partition(":")
        lo_text, _, hi_text = span.partition("..")
        if not all(PLAIN_DECIMAL.fullmatch(t.strip()) for t in (lo_text, hi_text, step_text or "1")):
            raise ConfigError(f"--sweep {text!r}: LOW, HIGH and STEP must be plain decimal numbers, "
                              f"e.g. rules.salary=100..400:50")
        lo, hi = float(lo_text), float(hi_text)
        step = float(step_text) if step_text else 1.0
        if step <= 0 or hi < lo:
            raise ConfigError(f"--sweep {text!r}: need LOW <= HIGH and a positive STEP")
        count = int((hi - lo) / step + 1e-9) + 1
        if count > 200:
            raise ConfigError(f"--sweep {text!r}: {count} values; at most 200")
        whole = all(float(x).is_integer() for x in (lo, hi, step))
        points = [lo + i * step for i in range(count)]
        return path.strip(), [str(int(v)) if whole else f"{v:g}" for v in points]
    values = [v.strip() for v in rng.split(",") if v.strip()]
    if not values:
        raise ConfigError(f"--sweep {text!r}: no values")
    return path.strip(), values


@dataclass
class Comparison:
    """Summaries of each configuration and the paired differences of each one from the first.
    `diffs[i][metric]` are `Moments` of (config i - config 0) per game, i >= 1."""

    labels: list[str]
    summaries: list[Summary]
    diffs: list[dict[str, Moments]] = field(default_factory=list)
    confidence: float = 0.95

    def clear(self, i: int, metric: str) -> bool:
        """Whether the interval of the difference of configuration i in `metric` excludes 0."""
        m = self.diffs[i][metric]
        lo, hi = m.interval(self.confidence)
        return m.n > 0 and (lo > 0 or hi < 0)

    def verdict(self, i: int, metric: str, words: Callable[[str], str] = str) -> str:
        """A sentence on the difference of configuration i from the baseline in `metric`, from
        `VERDICTS` through `words` (a catalogue's gettext; English by default)."""
        unit = METRICS[metric][1]
        m = self.diffs[i][metric]
        lo, hi = m.interval(self.confidence)
        scale = 100.0 if unit == "points" else 1.0
        mean, half = m.mean * scale, (hi - lo) / 2 * scale
        a, b = self.labels[0], self.labels[i]
        if m.n == 0:
            return words(VERDICTS["", "none"]).format(b=b)
        if self.clear(i, metric):
            digits = 1 if metric == "rounds" else 2
            return words(VERDICTS[metric, "higher" if mean > 0 else "lower"]).format(
                a=a, b=b, n=f"{abs(mean):.{digits}f}", half=f"{half:.{digits}f}")
        return words(VERDICTS[metric, "same"]).format(a=a, b=b, mean=f"{mean:+.2f}", half=f"{half:.2f}")

    def to_json(self) -> dict[str, Any]:
        """Plain data for `magie compare --json`."""
        configs = []
        for label, s in zip(self.labels, self.summaries, strict=True):
            d = s.to_json()
            configs.append({"label": label, "edition": d["edition"], "variants": d["variants"],
                            "sets": d["sets"], "bots": d["bots"], "content_hash": d["content_hash"],
                            "games": d["games"], "rounds": d["rounds"], "end_rate": d["end_rate_interval"],
                            "first_player": d["first_player"], "win_by_seat": d["win_by_seat"],
                            "bankruptcies_per_game": d["bankruptcies_per_game"],
                            **({"claim_attention": d["claim_attention"]} if "claim_attention" in d else {})})
        diffs = []
        for i in range(1, len(self.labels)):
            row: dict[str, Any] = {"label": self.labels[i], "baseline": self.labels[0]}
            for metric, m in self.diffs[i].items():
                lo, hi = m.interval(self.confidence)
                row[metric] = {"mean": round(m.mean, 4), "low": round(lo, 4), "high": round(hi, 4),
                               "verdict": self.verdict(i, metric)}
            diffs.append(row)
        return {"confidence": self.confidence, "seed": self.summaries[0].spec.seed if self.summaries else 0,
                "configs": configs, "differences": diffs}


def _metrics(s: GameStats) -> dict[str, float]:
    return {"rounds": s.rounds, "turns": s.turns, "ended": 0.0 if s.capped else 1.0,
            "first_wins": (1 / len(s.winners)) if s.first in s.winners else 0.0,
            "bankruptcies": s.bankruptcies}


def compare(labels: Sequence[str], specs: Sequence[BatchSpec], n: int, jobs: int = 1, *,
            backend: str = "process", address: str | None = None, confidence: float = 0.95,
            progress: Callable[[int], None] | None = None) -> Comparison:
    """Play games 0..n-1 of every spec (the same seeds) and compare them with the first.
    A KeyboardInterrupt stops and returns the comparison of the games finished."""
    summaries = [Summary(spec=s, asked=n, confidence=confidence) for s in specs]
    diffs: list[dict[str, Moments]] = [{}] + [{m: Moments() for m in METRICS} for _ in specs[1:]]
    games = stream(specs, n, jobs, backend=backend, address=address)
    done = 0
    try:
        for row in games:
            base = _metrics(row[0])
            for i, s in enumerate(row):
                summaries[i].add(s)
                if i:
                    mine = _metrics(s)
                    for m in METRICS:
                        diffs[i][m].add(mine[m] - base[m])
            done += 1
            if progress:
                progress(done)
    except KeyboardInterrupt:
        pass
    finally:
        games.close()
    return Comparison(labels=list(labels), summaries=summaries, diffs=diffs, confidence=confidence)


def sweep_specs(base_label: str, base: BatchSpec, path: str, values: Sequence[str]) -> list[tuple[str, BatchSpec]]:
    """One (label, spec) per value of a sweep of parameter `path` on `base`."""
    out = []
    for v in values:
        sets: Sets = tuple(base.sets) + ((path, v),)
        spec = replace(base, sets=sets)
        out.append((f"{path}={v}", spec))
    return out


__all__ = ["Comparison", "ConfigError", "METRICS", "compare", "describe", "parse_config", "parse_sweep",
           "sweep_specs"]
