"""`magie simulate`: many bot games of an edition, with a progress bar and a summary with
confidence intervals; per-game records (`--out`), an HTML report (`--report`), Ray (`--backend`)."""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, NoReturn, TypeVar

import typer

from magie.engine.agents import BOT_KINDS, make_bot
from magie.engine.edition.text import text_in
from magie.engine.errors import MagieError
from magie.engine.limits import MAX_ROUNDS, MAX_SEATS, MAX_SEED, MIN_SEED
from magie.engine.problems import ProblemsError

from .bounds import number_option
from .i18n import LANGUAGES, _, n_, use_language
from .options import (
    BACKENDS,
    MAX_GAMES,
    MAX_JOBS,
    AddressOpt,
    BackendOpt,
    CheckInvariantsOpt,
    ClaimAttentionOpt,
    ConfidenceOpt,
    EditionArg,
    JobsOpt,
    MaxRoundsOpt,
    SetOpt,
    VariantOpt,
)

if TYPE_CHECKING:
    from rich.table import Table

    from magie.engine.edition.model import Edition
    from magie.engine.sim.batch import BatchSpec, Summary
    from magie.engine.sim.config import Sets

T = TypeVar("T")

# The game engine (magie.engine.game, the DSL), the edition model, the configuration and rich's
# progress bars are imported when a command runs, not for `magie --help` (start-up time).


GamesOpt = Annotated[str, number_option("-n", "--games", least=1, most=MAX_GAMES, help="Number of games to play.")]
SeedOpt = Annotated[str, number_option(
    least=MIN_SEED, most=MAX_SEED, in_help=True, metavar="<int>",
    help="Seed of the batch; game k gets a seed derived from it, so the summary is the same for "
         "any --jobs.")]
PlayersOpt = Annotated[str | None, number_option(
    least=1, most=MAX_SEATS, help="Number of bots at the table (default: 4, or one per kind given by --bot).")]
BotOpt = Annotated[str, typer.Option(
    help=f"Bot kind for every seat: {', '.join(BOT_KINDS)}, your own agent class as module:Class "
         "or a program as cmd:PROGRAM (docs/agents.md), or an installed plugin's bot by its name "
         "(docs/plugins.md); or a comma-separated list, one per seat.")]
SummaryLangOpt = Annotated[str, typer.Option(
    "--lang", "-l", help="Language of the summary: its words and the edition's names (the edition's "
                         "languages; words without a translation stay English).")]
OutOpt = Annotated[Path | None, typer.Option(
    help="Write one record per game to this file: .jsonl, .csv or .parquet (parquet needs "
         "magie[parquet]). Checked before the games start.")]
ReportOpt = Annotated[Path | None, typer.Option(
    help="Write an HTML report with plots (landing heat map on the board, game lengths, win rates, "
         "rent by group) to this folder; needs magie[analysis].")]
CountersOpt = Annotated[bool, typer.Option(
    "--counters/--no-counters",
    help="Count landings per roll and per turn, rent and buildings by group, events by kind (about "
         "a fifth more per turn with four basic bots, docs/scale.md; --no-counters for raw speed).")]
WarmUpOpt = Annotated[str, number_option(
    least=1, most=MAX_ROUNDS,
    help="Count landings per roll and per turn from this round on (all tokens start on the start "
         "space; 8 or so makes them comparable with `magie analyze`).")]


def simulate_command(
    edition: EditionArg = None,
    n: GamesOpt = "1000",
    seed: SeedOpt = "0",
    jobs: JobsOpt = None,
    variant: VariantOpt = None,
    players: PlayersOpt = None,
    bot: BotOpt = "basic",
    max_rounds: MaxRoundsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    lang: SummaryLangOpt = "en",
    check_invariants: CheckInvariantsOpt = False,
    sets: SetOpt = None,
    claim_attention: ClaimAttentionOpt = None,
    confidence: ConfidenceOpt = "0.95",
    out: OutOpt = None,
    report: ReportOpt = None,
    counters: CountersOpt = True,
    warm_up: WarmUpOpt = "1",
    backend: BackendOpt = "process",
    address: AddressOpt = None,
) -> None:
    """Play many games with bots and report statistics with confidence intervals.

    Prints how many games ended and how many hit the round cap, game length (mean, median,
    percentiles, histogram), win rates by seat and by bot kind, the first player's advantage
    tested against 1/players, bankruptcies by round, rent and buildings by group, trades and
    edition actions (court suits), and how often each space is landed on, by the two measures of
    `magie analyze` (per roll and per turn), so a simulation can be checked against the exact
    odds. The same --seed gives the same summary whatever --jobs or --backend.
    Ctrl-C stops early and prints the summary of the games finished so far.

    Examples:

    \b
      magie simulate classic -n 10000 --jobs 2
      magie simulate classic --variant free-parking-jackpot -n 2000 --seed 7 --json
      magie simulate classic -n 100000 --out games.parquet --report report/
      magie simulate classic --set rules.salary=300 -n 2000
      magie simulate quick --bot random -n 500 --max-rounds 200
      magie simulate classic -V rent-must-be-claimed --claim-attention 0.8 -n 1000
    """
    from magie.engine.sim.batch import BatchSpec, default_jobs, simulate

    from .bounds import choice, edition_problem, whole

    use_language(lang)
    # bounds first, before anything is allocated (--players 10**12 would build that many seats);
    # every problem of the command line is told in one run
    wrong: list[str] = []
    games, batch_seed, workers, seats, cap, level, share = batch_numbers(
        n, seed, jobs, players, max_rounds, confidence, claim_attention, wrong)
    warm = whole(warm_up, "--warm-up", 1, MAX_ROUNDS, wrong, 1)
    kinds = parse_bots(bot, seats, wrong)
    variants = tuple(variant or ())
    set_values = parse_sets(sets, wrong)
    wrong += records_problems(out) + report_problems(report)
    backend_name = choice(backend, "--backend", BACKENDS, wrong, "process")
    if (missing := edition_problem(edition, "magie simulate classic -n 1000")) is not None:
        fail_all([*wrong, missing])
    assert edition is not None
    ed = load_or_exit(edition, variants, set_values, wrong,
                      lambda ed: table_problems(ed, len(kinds), lang, share))
    spec = BatchSpec(edition=edition, variants=variants, bots=tuple(kinds), max_rounds=cap, seed=batch_seed,
                     check_invariants=check_invariants, sets=set_values, counters=counters,
                     claim_attention=share, warm_up=warm)
    writer = open_records(out, spec, ed)
    if report is not None:
        make_report_dir(report)
    try:
        summary = with_progress("simulating", games, lambda progress: simulate(
            spec, games, jobs=workers or default_jobs(), progress=progress,
            on_game=writer.write if writer else None, backend=backend_name, address=address, confidence=level))
    finally:
        if writer is not None:
            writer.close()
    _tell_summary(summary, games, ed, lang, report, as_json)


def _tell_summary(summary: Summary, games: int, ed: Edition, lang: str, report: Path | None, as_json: bool) -> None:
    """Print the summary of `magie simulate` (a table, or JSON) and write its report; exit 130
    when Ctrl-C stopped the batch before its `games` games."""
    from rich.console import Console

    err = Console(stderr=True)
    if summary.games < games:
        signal.signal(signal.SIGINT, signal.SIG_IGN)     # more Ctrl-C: let the summary print
        err.print("[yellow]" + _("interrupted: summary of the first {done} of {n} games").format(
            done=summary.games, n=games) + "[/]")
    data = summary.to_json()
    if report is not None:
        from magie.cli.report import write_simulation_report
        index = write_simulation_report(report, data, ed, lang)
        err.print(_("report: {path}").format(path=index))
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print_summary(summary, data, ed, lang)
    if summary.games < games:
        raise typer.Exit(130)


def with_progress(label: str, total: int, work: Callable[[Callable[[int], None]], T]) -> T:
    """`work(progress)` run under a progress bar of `total` games on stderr, named `label` (none
    when stderr is not a terminal); `progress(done)` moves the bar. A `MagieError` of the work is
    told (exit 1)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    with Progress(TextColumn(f"[bold]{label}[/]"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=total)
        try:
            return work(lambda done: progress.update(task, completed=done))
        except MagieError as e:
            fail(str(e))


# ------------------------------------------------------------------ shared with compare / analyze


class BatchNumbers(NamedTuple):
    """The numbers of a batch of games as `simulate` and `compare` take them."""
    games: int
    seed: int
    jobs: int | None
    players: int | None
    max_rounds: int | None
    confidence: float
    claim_attention: float


def batch_numbers(n: str, seed: str, jobs: str | None, players: str | None, max_rounds: str | None,
                  confidence: str, claim_attention: list[str] | None, wrong: list[str]) -> BatchNumbers:
    """The options --games, --seed, --jobs, --players, --max-rounds, --confidence and
    --claim-attention (given at most once; 1 when not given) read and bounded (before anything is
    allocated: --players 10**12 would build that many seats); each problem is added to `wrong`
    (then a value that hides no other problem is used in its place)."""

    from .bounds import decimal, given_once, whole

    return BatchNumbers(whole(n, "--games", 1, MAX_GAMES, wrong, 1),
                        whole(seed, "--seed", MIN_SEED, MAX_SEED, wrong, 0),
                        whole(jobs, "--jobs", 1, MAX_JOBS, wrong, None),
                        whole(players, "--players", 1, MAX_SEATS, wrong, None),
                        whole(max_rounds, "--max-rounds", 1, MAX_ROUNDS, wrong, None),
                        decimal(confidence, "--confidence", 0.5, 0.999, wrong, 0.95),
                        read_share(given_once(claim_attention, "--claim-attention", wrong, "1"), wrong))


def table_problems(ed: Edition, seats: int, lang: str, share: float = 1.0) -> list[str]:
    """What the command line asks that the edition `ed` cannot give: a language it is not
    written in, a table of `seats` players outside its range, a `--claim-attention` share below
    1 where rent is not claimed (the option would change nothing, and the figures would pass
    for those of the rule)."""
    out = []
    if lang not in ed.name and lang != "en":
        out.append(_("unknown language '{lang}' (edition '{edition}' is written in: {languages})").format(
            lang=lang, edition=ed.id, languages=", ".join(sorted(ed.name))))
    if not ed.players_min <= seats <= ed.players_max:
        out.append(f"{ed.id} is played by {ed.players_min} to {ed.players_max} players, not {seats}")
    if share != 1.0 and not claims_rent(ed):
        out.append(claim_attention_unused(share, ed.id))
    return out


def claims_rent(ed: Edition) -> bool:
    """Whether owners must claim their rent in `ed` (rules.rent.claim: owner_claims), the one rule
    `--claim-attention` plays on."""
    return ed.rules.rent_claim == "owner_claims"


def claim_attention_unused(share: float, where: str) -> str:
    """The message of a `--claim-attention` share where no rent is claimed by its owner."""
    return (f"--claim-attention {share:g} changes nothing: in {where} rent is paid without a claim; it is "
            f"the share of rents bots claim where rules.rent.claim is owner_claims (the "
            f"rent-must-be-claimed overlay)")


def parse_bots(bot: str, players: int | None, wrong: list[str] | None = None) -> list[str]:
    """The bot kind of every seat from --bot and --players (the rule of `config.seat_kinds`),
    each kind checked, also when the seats do not fit. A problem is added to `wrong` (the
    command's list, told together), or without it told at once (exit 1)."""
    from magie.engine.sim.config import ConfigError, seat_kinds

    told: list[str] = []
    try:
        kinds = list(seat_kinds(bot, players, 4))
    except ConfigError as e:
        told.append(str(e))
        told += bot_problems(e.kinds)
        kinds = ["basic"] * 4
    else:
        told += bot_problems(kinds)
    if wrong is None:
        fail_all(told)
    else:
        wrong += told
    return kinds


def bot_problems(kinds: Sequence[str], where: str = "") -> list[str]:
    """Create each bot kind once (a plug-in is imported and checked: decide, human, name); the
    message, after `where`, of each kind that cannot play."""
    out = []
    for k in dict.fromkeys(kinds):
        try:
            make_bot(k)
        except ValueError as e:
            out.append(f"{where}{e}")
    return out


def check_bots(kinds: Sequence[str], where: str = "") -> None:
    """`bot_problems` told and exit 1 when there is one."""
    fail_all(bot_problems(kinds, where))


def read_share(text: str, wrong: list[str], opt: str = "--claim-attention") -> float:
    """The share given as `text` to `opt` (0 to 1, a plain decimal: no `_`, exponent, inf or
    nan; -0 is 0); its problem is added to `wrong` (then 1.0 is returned)."""
    from magie.engine.sim.config import PLAIN_DECIMAL

    from .bounds import claim_attention_problem

    if not PLAIN_DECIMAL.fullmatch(text.strip()):
        wrong.append(f"{opt} takes a plain decimal number from 0 to 1 such as 0.8, not {text[:40]!r}")
        return 1.0
    share = float(text) + 0.0           # + 0.0: -0 is 0
    if problem := claim_attention_problem(share, opt):
        wrong.append(problem)
        return 1.0
    return share


def parse_sets(sets: list[str] | None, wrong: list[str] | None = None) -> Sets:
    """--set values as (path, value) pairs; a malformed one, and a path given twice (the later
    value would replace the earlier one silently; refused as a configuration's key given twice,
    and each value's own problems are told too), is added to `wrong` (told together with the
    command's other problems), or without it told at once (exit 1)."""
    from magie.engine.sim.config import SetError, parse_set

    out: list[tuple[str, str]] = []
    told: list[str] = []
    given: dict[str, str] = {}
    for s in sets or ():
        try:
            path, value = parse_set(s)
        except SetError as e:
            told.append(str(e))
            continue
        if path in given:
            told.append(f"--set {told_path(path)} is given twice ({told_path(path)}={given[path][:40]} and "
                        f"{told_path(path)}={value[:40]}); give it once")
        given.setdefault(path, value)
        out.append((path, value))       # kept: the problems of each value are told too
    if wrong is None:
        fail_all(told)
    else:
        wrong += told
    return tuple(out)


def told_path(path: str) -> str:
    """A `--set` path as a message shows it (cut to 80 characters)."""
    return path if len(path) <= 80 else f"{path[:77]}..."


def load_or_exit(edition: str, variants: tuple[str, ...], sets: Sets = (), wrong: Sequence[str] = (),
                 checks: Callable[[Edition], list[str]] | None = None) -> Edition:
    """The playable configuration, or its problems printed and exit 1; the problems of the
    command line in `wrong` are told first, then those `checks` finds in the edition (a table
    size, a language), and exit 1 when there is any. When the sets make the configuration
    invalid, `checks` looks at the edition without them, so that their problems hide no other.
    Warnings are printed."""
    from magie.engine.sim.config import load_config

    from .problem_words import problem_line

    try:
        ed = load_config(edition, variants, sets)
    except ProblemsError as e:
        told = list(wrong)
        if checks is not None and sets:
            try:
                told += checks(load_config(edition, variants))
            except ProblemsError:
                pass
        for message in told:
            typer.echo(f"magie: {message}", err=True)
        for p in e.problems:
            typer.echo(problem_line(p), err=True)
        raise typer.Exit(1) from None
    fail_all([*wrong, *(checks(ed) if checks is not None else ())])
    for w in ed.warnings:
        typer.echo(problem_line(w), err=True)
    return ed


def records_problems(out: Path | None) -> list[str]:
    """The problems of `--out FILE` (its format, and whether it can be written: cli/outputs.py),
    found before the games."""
    from magie.engine.sim.records import FORMATS

    from .outputs import output_problem

    if out is None:
        return []
    if out.suffix.lower() not in FORMATS:
        return [f"--out {out}: unknown format '{out.suffix.lower() or '(none)'}'; use a file ending in "
                f"{', '.join(FORMATS)}"]
    why = output_problem(out)
    return [] if why is None else [f"--out {out}: cannot write it ({why})"]


def open_records(out: Path | None, spec: BatchSpec, ed: Edition):
    """The per-game record writer for --out (None without it); exits 1 if it cannot be written."""
    if out is None:
        return None
    from magie.engine.sim.records import RecordWriter
    try:
        return RecordWriter(out, spec, ed)
    except MagieError as e:
        fail(str(e))


def report_problems(path: Path | None) -> list[str]:
    """The problems of `--report FOLDER` found before any work: matplotlib missing, a folder that
    cannot be written (a file there: cli/outputs.py `folder_problem`)."""
    from .outputs import folder_problem

    if path is None:
        return []
    out = []
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        from magie.engine.extras import install_hint

        out.append(f"--report needs matplotlib: {install_hint('analysis')}")
    if (why := folder_problem(path)) is not None:
        out.append(f"--report {path}: {why}")
    return out


def make_report_dir(path: Path) -> None:
    """Make the report folder (checked by `report_problems`), or fail."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"--report {path}: the folder cannot be made ({e.strerror or e})")


def fail(message: str) -> NoReturn:
    """Tell `message` (after `magie: `) on stderr and exit 1."""
    typer.echo(f"magie: {message}", err=True)
    raise typer.Exit(1)


def fail_all(messages: Sequence[str], end: bool = True) -> None:
    """Tell every message (a command line's problems, all in one run) and exit 1; nothing when
    there is none. `end` False: told, and the caller tells more before it exits."""
    for message in messages:
        typer.echo(f"magie: {message}", err=True)
    if messages and end:
        raise typer.Exit(1)


def interface_language(lang: str, wrong: list[str] | None = None) -> None:
    """`use_language(lang)` for a command whose words are the interface's only (no edition's
    names). A language the interface does not speak is added to `wrong` (the command's problems,
    told together), or without it told at once (exit 1)."""
    if lang in LANGUAGES:
        use_language(lang)
        return
    problem = f"unknown language '{lang}' (the interface speaks: {', '.join(LANGUAGES)})"
    if wrong is None:
        fail(problem)
    wrong.append(problem)


_fail = fail


def _ci(r: dict[str, Any]) -> str:
    return f"{r['rate']:.1%}  [{r['low']:.1%}, {r['high']:.1%}]"


def print_summary(summary: Summary, data: dict[str, Any], ed: Edition, lang: str) -> None:
    """The human-readable summary (tables): the batch's figures, game lengths, groups and
    bankruptcies, landing frequencies, events."""
    from rich.console import Console

    out = Console(highlight=False, markup=False, width=None if sys.stdout.isatty() else 110)
    for table in (_figures_table(summary, data, ed, lang), *_counter_tables(data, ed, lang),
                  _landing_table(data, ed, lang)):
        out.print(table)
    if data.get("events"):
        games = max(1, data["games"])
        out.print(_("events per game: ") + ", ".join(f"{k} {v / games:.1f}" for k, v in data["events"].items()))


def _figures_table(summary: Summary, data: dict[str, Any], ed: Edition, lang: str) -> Table:
    """The batch's figures: games ended, lengths, wins by seat and kind, trades, actions."""
    from rich.table import Table

    conf = f"{data['confidence']:.0%}"
    t = Table(title=_("{edition}: {games} games, seed {seed} (intervals: {conf} Wilson)").format(
        edition=text_in(ed.name, lang), games=data["games"], seed=data["seed"], conf=conf), show_header=False)
    t.add_row(_("ended by the rules"), f"{data['ended']} ({_ci(data['end_rate_interval'])})")
    if ed.end.max_rounds is not None and data["max_rounds"] == ed.end.max_rounds:
        t.add_row(_("round limit (a rule of the edition)"),
                  n_("{n} round", "{n} rounds", data["max_rounds"]).format(n=data["max_rounds"]))
    else:
        t.add_row(_("stopped by the simulation's cap of {n} rounds").format(n=data["max_rounds"]),
                  str(data["capped"]))
    r = data["rounds"]
    t.add_row(_("rounds, mean (sd) / median"), f"{r['mean']} ({r['sd']}) / {r['p50']}")
    t.add_row(_("rounds, percentiles 5 / 25 / 75 / 95"), f"{r['p5']:g} / {r['p25']:g} / {r['p75']:g} / {r['p95']:g}")
    t.add_row(_("turns played"), str(data["turns"]))
    t.add_row(_("bankruptcies per game"), str(data["bankruptcies_per_game"]))
    fp = data["first_player"]
    t.add_row(_("first player wins"), _("{ci}; against 1/{players} = {expected}: z = {z}, p = {p}").format(
        ci=_ci(fp), players=len(summary.spec.bots), expected=f"{fp['expected']:.1%}", z=f"{fp['z']:.2f}",
        p=f"{fp['p_value']:.3g}"))
    for seat, rate in enumerate(data["win_by_seat"]):
        t.add_row(_("seat {seat} ({bot}) wins").format(seat=seat + 1, bot=rate["bot"]), _ci(rate))
    if len(data["win_by_kind"]) > 1:
        for kind, rate in data["win_by_kind"].items():
            t.add_row(_("a {kind} bot wins ({seats} seats, fair share {share})").format(
                kind=kind, seats=rate["seats"], share=f"{rate['fair_share']:.0%}"), _ci(rate))
    if "trades" in data:
        t.add_row(_("trades per game"), f"{data['trades'] / max(1, data['games']):.2f}")
    actions = {a.id for a in ed.actions}
    for key, value in data["extra"].items():
        if key in actions:
            label = _("action '{action}' taken").format(action=key)
        elif key.endswith("_deeds") and key[:-6] in actions:
            label = _("deeds moved by action '{action}'").format(action=key[:-6])
        else:
            label = key.replace("_", " ")
        t.add_row(label, _("{n} ({per} per game)").format(n=value, per=f"{value / max(1, data['games']):.2f}"))
    return t


def _counter_tables(data: dict[str, Any], ed: Edition, lang: str) -> list[Table]:
    """The histogram of game lengths, rent and buildings by group, bankruptcies by round (each
    when the summary has it)."""
    from rich.table import Table

    tables = []
    hist = data["rounds"]["histogram"]
    if hist:
        ht = Table(title=_("game length (rounds)"))
        ht.add_column(_("rounds"))
        ht.add_column(_("games"), justify="right")
        ht.add_column("")
        top = max(c for *_span, c in hist) or 1
        for a, b, c in hist:
            ht.add_row(f"{a}-{b}" if a != b else str(a), str(c), "█" * round(30 * c / top))
        tables.append(ht)
    if data.get("rent_by_group"):
        gt = Table(title=_("by group, per game"))
        gt.add_column(_("group"))
        gt.add_column(_("rent collected"), justify="right")
        gt.add_column(_("buildings bought"), justify="right")
        games = max(1, data["games"])
        for g in ed.groups:
            if g.id in data["rent_by_group"] or g.id in data["builds_by_group"]:
                gt.add_row(text_in(g.name, lang), f"{data['rent_by_group'].get(g.id, 0) / games:.0f}",
                           f"{data['builds_by_group'].get(g.id, 0) / games:.1f}")
        tables.append(gt)
    if data.get("bankruptcies_by_round"):   # counters only
        bt = Table(title=_("bankruptcies by round"))
        bt.add_column(_("rounds"))
        bt.add_column(_("bankruptcies"), justify="right")
        for a, b, c in data["bankruptcies_by_round"]:
            bt.add_row(f"{a}-{b}" if a != b else str(a), str(c))
        tables.append(bt)
    return tables


def _landing_table(data: dict[str, Any], ed: Edition, lang: str) -> Table:
    """How often each space is stopped on, with the measures of `magie analyze` when counted."""
    from rich.table import Table

    lt = Table(title=_("landing frequency (per roll and per turn: the measures of `magie analyze`)")
               if "landing_per_roll" in data else _("landing frequency"))
    lt.add_column("#", justify="right")
    lt.add_column(_("space"))
    lt.add_column(_("every stop"), justify="right")
    if "landing_per_roll" in data:
        lt.add_column(_("per roll"), justify="right")
        lt.add_column(_("per turn"), justify="right")
    for i, sp in enumerate(ed.spaces):
        row = [str(i), text_in(sp.name, lang), f"{data['landing_frequency'][sp.id]:.2%}"]
        if "landing_per_roll" in data:
            row += [f"{data['landing_per_roll'][sp.id]:.2%}", f"{data['landing_per_turn'][sp.id]:.2%}"]
        lt.add_row(*row)
    if "landing_per_roll" in data:
        lt.add_row("", _("in jail"), "", f"{data['landing_per_roll']['in_jail']:.2%}",
                   f"{data['landing_per_turn']['in_jail']:.2%}")
    return lt


def register(app: typer.Typer) -> None:
    """Add `magie simulate` to the app."""
    app.command("simulate")(simulate_command)
