"""`magie compare`: two or more configurations played on the same seeds (common random numbers),
reported as differences with confidence intervals and a verdict in words; `--sweep` for a
parameter sweep."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from magie.cli.bounds import number_option
from magie.cli.i18n import _
from magie.cli.options import (
    MAX_GAMES,
    AddressOpt,
    BackendOpt,
    ClaimAttentionOpt,
    ConfidenceOpt,
    JobsOpt,
    LangOpt,
    MaxRoundsOpt,
    SetOpt,
)
from magie.cli.simulate import fail, interface_language, parse_bots, parse_sets, with_progress
from magie.engine.limits import MAX_SEATS, MAX_SEED, MIN_SEED

if TYPE_CHECKING:
    from magie.engine.edition.model import Edition
    from magie.engine.problems import ProblemsError
    from magie.engine.sim.batch import BatchSpec
    from magie.engine.sim.compare import Comparison


ConfigsArg = Annotated[list[str] | None, typer.Argument(
    metavar="CONFIG...",
    help="Configurations: EDITION[+OVERLAY...][:KEY=VALUE...], KEY being bots (one kind, or one per "
         "seat, comma-separated; your own agent class as module:Class: classic:bots=mybots:Greedy,basic), "
         "players, max_rounds or a parameter path (classic:rules.salary=300). The first is the baseline.")]
GamesOpt = Annotated[str, number_option(
    "-n", "--games", least=1, most=MAX_GAMES, help="Games per configuration (the same seeds for each).")]
SeedOpt = Annotated[str, number_option(
    least=MIN_SEED, most=MAX_SEED, in_help=True, metavar="<int>",
    help="Seed of the batch (game k gets the same seed in every configuration).")]
EveryVariantOpt = Annotated[list[str] | None, typer.Option(
    "--variant", "-V", help="Overlay applied to every configuration (after each one's own).")]
PlayersOpt = Annotated[str | None, number_option(
    least=1, most=MAX_SEATS, help="Bots at the table when a configuration does not say (default 4).")]
BotOpt = Annotated[str, typer.Option(
    help="Bot kinds when a configuration does not say: one kind, or one per seat (module:Class for "
         "your own).")]
SweepOpt = Annotated[list[str] | None, typer.Option(
    "--sweep", metavar="PATH=LOW..HIGH:STEP",
    help="Sweep one parameter of the (single) configuration: one configuration per value, e.g. "
         "rules.salary=100..400:50 or rules.jail.fine=0,50,100. Given once: a sweep varies one "
         "parameter.")]
ReportOpt = Annotated[Path | None, typer.Option(
    help="Write an HTML report with plots to this folder (needs magie[analysis]).")]


def compare_command(
    configs: ConfigsArg = None,
    n: GamesOpt = "1000",
    seed: SeedOpt = "0",
    jobs: JobsOpt = None,
    variant: EveryVariantOpt = None,
    players: PlayersOpt = None,
    bot: BotOpt = "basic",
    max_rounds: MaxRoundsOpt = None,
    sets: SetOpt = None,
    claim_attention: ClaimAttentionOpt = None,
    sweeps: SweepOpt = None,
    confidence: ConfidenceOpt = "0.95",
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
    report: ReportOpt = None,
    backend: BackendOpt = "process",
    address: AddressOpt = None,
    lang: LangOpt = "en",
) -> None:
    """Compare configurations on the same seeds: differences with confidence intervals.

    Every configuration plays games 0..N-1 with the same game seeds (common random numbers), so
    differences are measured game by game: game length, games ended by the rules, the first
    player's wins, bankruptcies. Each difference from the first configuration gets an interval
    and a verdict ("quick is 13.6 ± 1.2 rounds shorter than classic").

    Examples:

    \b
      magie compare classic quick -n 2000
      magie compare classic classic+free-parking-jackpot classic:rules.salary=300
      magie compare classic:bots=basic,basic,basic,random classic -n 1000
      magie compare classic classic:bots=mybots:Greedy,basic   (your own bot class)
      magie compare classic --sweep rules.salary=100..400:50 -n 500 --report sweep/
    """
    from magie.engine.sim.batch import BatchSpec, default_jobs
    from magie.engine.sim.compare import compare

    from .bounds import choice, given_once
    from .simulate import BACKENDS, batch_numbers, claim_attention_unused, fail_all, make_report_dir, report_problems

    # every problem of the command line is told in one run: the options', then each configuration's
    wrong: list[str] = []
    interface_language(lang, wrong)
    backend_name = choice(backend, "--backend", BACKENDS, wrong, "process")
    games, batch_seed, workers, seats, cap, level, share = batch_numbers(
        n, seed, jobs, players, max_rounds, confidence, claim_attention, wrong)
    configs = list(configs or [])
    sweep = given_once(sweeps, "--sweep", wrong, None,
                       "a sweep varies one parameter (to vary two, give each configuration, e.g. "
                       "classic:rules.salary=100:rules.jail.fine=0 classic:rules.salary=200:rules.jail.fine=0)")
    kinds = tuple(parse_bots(bot, seats, wrong))
    base = BatchSpec(edition="", variants=tuple(variant or ()), bots=kinds, max_rounds=cap, seed=batch_seed,
                     sets=parse_sets(sets, wrong), counters=False, claim_attention=share)
    parsed = _parsed(configs, base, kinds, wrong)
    if sweep is not None:
        parsed = _swept(sweep, configs, parsed, base, wrong)
    elif len(configs) < 2:
        wrong.append("give two or more configurations to compare (or one with --sweep)")
    checked = _Checked(configs, base, kinds, sweep, wrong)
    checked.load(parsed)
    if share != 1.0 and parsed and len(parsed) >= len(configs) and not checked.claimed:
        wrong.append(claim_attention_unused(share, "every configuration"))
    wrong += report_problems(report)
    fail_all(wrong)
    checked.enough()
    if report is not None:
        make_report_dir(report)
    labels = [label for label, _spec in checked.valid]
    specs = [spec for _label, spec in checked.valid]
    result = with_progress("comparing", games, lambda progress: compare(
        labels, specs, games, workers or default_jobs(), backend=backend_name, address=address,
        confidence=level, progress=progress))
    _tell(result, sweep, report, as_json)


def _tell(result: Comparison, sweep: str | None, report: Path | None, as_json: bool) -> None:
    """Print the comparison (a table, or JSON) and write its report."""
    data = result.to_json()
    if sweep is not None:
        data["sweep"] = sweep
    if report is not None:
        from rich.console import Console

        from magie.cli.report import write_compare_report
        index = write_compare_report(report, data, sweep)
        Console(stderr=True).print(_("report: {path}").format(path=index))
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _print(result, data)


def _parsed(configs: list[str], base: BatchSpec, kinds: tuple[str, ...], wrong: list[str]
            ) -> list[tuple[str, BatchSpec]]:
    """Each configuration given, read on top of the options (`base`): (label, spec) pairs; a
    configuration that cannot be read adds its problems (and its bots') to `wrong`."""
    from magie.engine.errors import MagieError
    from magie.engine.sim.compare import parse_config
    from magie.engine.sim.config import ConfigError

    from .simulate import bot_problems

    parsed = []
    for c in configs:
        try:
            parsed.append(parse_config(c, base))
        except ConfigError as e:
            wrong.append(str(e))
            wrong += bot_problems([b for b in e.kinds if b not in kinds], f"configuration {c!r}: ")
        except MagieError as e:
            wrong.append(str(e))
    return parsed


def _swept(sweep: str, configs: list[str], parsed: list[tuple[str, BatchSpec]], base: BatchSpec,
           wrong: list[str]) -> list[tuple[str, BatchSpec]]:
    """The configurations of `--sweep` over the one configuration given (one per value), or
    `parsed` as it is with the problems added to `wrong`."""
    from magie.engine.errors import MagieError
    from magie.engine.sim.compare import parse_sweep, sweep_specs

    from .simulate import told_path

    if len(configs) != 1:
        wrong.append("--sweep varies one configuration: give exactly one CONFIG")
    try:
        path, values = parse_sweep(sweep)
    except MagieError as e:
        wrong.append(str(e))
        return parsed
    if len(values) < 2:
        wrong.append(f"--sweep {sweep!r} gives one value; a sweep needs two or more, "
                     f"e.g. {path}=100..400:50 or {path}=200,300")
    if len(parsed) == 1:
        # the sweep's value would replace a value set for the same path (its --set dropped)
        own = {p: v for p, v in parsed[0][1].sets[len(base.sets):]}
        for where, given in (("--set ", dict(base.sets)), (f"configuration {configs[0]!r} sets ", own)):
            if path in given:
                wrong.append(f"{where}{told_path(path)}={given[path][:40]} and --sweep {sweep[:80]} "
                             f"both set {told_path(path)}; the sweep would replace the set value: "
                             f"give one of them")
    if len(values) >= 2 and len(parsed) == 1 and not wrong:
        return sweep_specs(parsed[0][0], parsed[0][1], path, values)
    return parsed


class _Checked:
    """The configurations of a `magie compare` loaded and checked: `valid` ((label, spec) pairs
    that can be played), `first_problem` (the problems of the first invalid one), `claimed`
    (whether rent is claimed in one of them, for --claim-attention); every problem that stops the
    command is added to `wrong`, a sweep's invalid value is skipped with a warning."""

    def __init__(self, configs: list[str], base: BatchSpec, kinds: tuple[str, ...], sweep: str | None,
                 wrong: list[str]):
        self.configs = configs
        self.base = base
        self.kinds = kinds
        self.sweep = sweep
        self.wrong = wrong
        self.valid: list[tuple[str, BatchSpec]] = []
        self.first_problem: ProblemsError | None = None
        self.told: set[str] = set()     # problem lines told already (those of the --sets of all)
        self.claimed = False

    def load(self, parsed: list[tuple[str, BatchSpec]]) -> None:
        """Load the edition of each configuration and check its table."""
        from magie.engine.errors import MagieError
        from magie.engine.problems import ProblemsError
        from magie.engine.sim.config import load_config

        from .problem_words import problem_line
        from .simulate import bot_problems, claims_rent

        for label, spec in parsed:
            if self.sweep is None or label == parsed[0][0]:
                self.wrong += bot_problems([b for b in spec.bots if b not in self.kinds], f"configuration {label!r}: ")
            try:
                ed = load_config(spec.edition, spec.variants, spec.sets)
            except ProblemsError as e:
                if self._invalid(label, spec, e):
                    break
                continue
            except MagieError as e:
                self.wrong.append(f"configuration {label!r}: {e}")
                continue
            self.wrong += self._seat_problems(ed, label, spec.bots)
            self.claimed = self.claimed or claims_rent(ed)
            for w in ed.warnings:
                typer.echo(problem_line(w), err=True)
            self.valid.append((label, spec))

    def _invalid(self, label: str, spec: BatchSpec, e: ProblemsError) -> bool:
        """Tell the problems of a configuration whose edition does not validate; True when the
        configuration as given is wrong in every value of a sweep (no use loading the others)."""
        from dataclasses import replace

        from magie.engine.errors import MagieError
        from magie.engine.sim.config import load_config, told_at

        from .problem_words import problem_line
        from .simulate import claims_rent

        self.first_problem = self.first_problem or e
        if spec.sets and self.sweep is None:     # the table checked all the same, on the edition without sets
            try:
                plain = load_config(spec.edition, spec.variants)
            except MagieError:
                pass
            else:
                self.wrong += self._seat_problems(plain, label, spec.bots)
                self.claimed = self.claimed or claims_rent(plain)
        count = f"{len(e.problems)} problem" + ("" if len(e.problems) == 1 else "s")
        if all(not p.file for p in e.problems):
            # no place in a file (an unknown edition or overlay): the configuration as given is
            # wrong, in every value of a sweep alike; one line per problem, named by it
            name = self.configs[0] if self.sweep else label
            self.wrong += [f"configuration {name!r}: {p.severity}[{p.code}]: {p.message}" for p in e.problems]
            return bool(self.sweep)
        if self.sweep is None:           # every configuration given is compared, or none
            own = {told_at(p, v): f"configuration {label!r}, {p}={v}" for p, v in spec.sets[len(self.base.sets):]}
            lines = [problem_line(replace(p, file=own.get(p.file, p.file))) for p in e.problems]
            new = [line for line in lines if line not in self.told]     # a --set's problem is told once
            self.told.update(new)
            more = "" if len(new) == len(lines) else f"; {len(lines) - len(new)} told above"
            self.wrong.append("\n".join([f"configuration {label!r}: not a valid edition ({count}{more})"
                                          + (":" if new else ""), *new]))
            return False
        typer.echo(f"magie: {label}: not a valid edition ({count}); skipped", err=True)
        return False

    @staticmethod
    def _seat_problems(ed: Edition, label: str, bots: tuple[str, ...]) -> list[str]:
        if ed.players_min <= len(bots) <= ed.players_max:
            return []
        return [f"configuration {label!r}: {ed.id} is played by {ed.players_min} to {ed.players_max} "
                f"players, not {len(bots)}"]

    def enough(self) -> None:
        """Exit 1 unless two configurations or more can be compared (a sweep whose values are all
        invalid: the problems of the first)."""
        from .problem_words import problem_line

        if len(self.valid) >= 2:
            return
        if self.first_problem is not None:
            typer.echo("magie: no valid edition in the sweep; the problems of the first invalid one:", err=True)
            for p in self.first_problem.problems:
                typer.echo(problem_line(p), err=True)
            raise typer.Exit(1)
        fail("fewer than two valid configurations")


def _print(result, data) -> None:
    from rich.console import Console
    from rich.table import Table
    out = Console(highlight=False, markup=False, width=None if sys.stdout.isatty() else 120)
    conf = f"{data['confidence']:.0%}"
    games = result.summaries[0].games
    long_names = any(len(c["label"]) > 20 for c in data["configs"])    # folded: a line between rows
    t = Table(title=_("{games} games per configuration, seed {seed} (common random numbers; {conf} intervals)")
              .format(games=games, seed=data["seed"], conf=conf), show_lines=long_names)
    # a long configuration's name folds onto more lines: cut with "…", two names could look the same
    t.add_column(_("configuration"), overflow="fold")
    t.add_column(_("rounds mean"), justify="right")
    t.add_column(_("median [p5, p95]"), justify="right")
    t.add_column(_("ended by the rules"), justify="right")
    t.add_column(_("first player wins"), justify="right")
    t.add_column(_("bankruptcies / game"), justify="right")
    for c in data["configs"]:
        r, e, f = c["rounds"], c["end_rate"], c["first_player"]
        t.add_row(c["label"], f"{r['mean']:.1f}", f"{r['p50']:g} [{r['p5']:g}, {r['p95']:g}]",
                  f"{e['rate']:.1%} [{e['low']:.1%}, {e['high']:.1%}]",
                  f"{f['rate']:.1%} [{f['low']:.1%}, {f['high']:.1%}]", str(c["bankruptcies_per_game"]))
    out.print(t)
    d = Table(title=_("differences from {baseline} (paired, per game)").format(baseline=data["configs"][0]["label"]))
    d.add_column(_("configuration"), overflow="fold")
    d.add_column(_("rounds"), justify="right")
    d.add_column(_("ended (points)"), justify="right")
    d.add_column(_("first player (points)"), justify="right")
    for row in data["differences"]:
        r, e, f = row["rounds"], row["ended"], row["first_wins"]
        d.add_row(row["label"], f"{r['mean']:+.1f} ± {(r['high'] - r['low']) / 2:.1f}",
                  f"{100 * e['mean']:+.1f} ± {50 * (e['high'] - e['low']):.1f}",
                  f"{100 * f['mean']:+.1f} ± {50 * (f['high'] - f['low']):.1f}")
    out.print(d)
    for i in range(1, len(data["configs"])):
        out.print(result.verdict(i, "rounds", _))
        for metric in ("ended", "first_wins"):
            if result.clear(i, metric):
                out.print("  " + result.verdict(i, metric, _))


def register(app: typer.Typer) -> None:
    """Add `magie compare` to the app."""
    app.command("compare")(compare_command)
