"""`magie play`: a game at the terminal, for people and bots, with saves and a game log.

This module reads the options, checks them (bad input gives a message and exit code 1, never
a traceback), loads the edition, sets the seats and hands the game to `session.PlaySession`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from magie.engine.limits import MAX_ROUNDS, MAX_SEATS, MAX_SEED, MIN_SEED
from magie.engine.problems import ProblemsError

from .bounds import number_option
from .i18n import _, grouped, use_language
from .options import CheckInvariantsOpt, VariantOpt
from .outputs import log_problem, open_log, output_problem, replace_problem, same_file

if TYPE_CHECKING:
    from rich.console import Console

    from magie.engine.edition.model import Edition
    from magie.engine.saves import SaveGame, Seat

# The engine, the session and rich are imported when a command runs, not for `magie --help`
# (start-up time).

BOT_TABLE_CAP = 1000
"""Rounds after which a game with no human at the table stops (the richest wins), unless
--max-rounds or the edition says otherwise: random bots may never bankrupt each other."""



def _fail(message: str) -> NoReturn:
    typer.echo(f"magie: {message}", err=True)
    raise typer.Exit(1)


def _problems(e: ProblemsError, hint: str = "") -> NoReturn:
    from .problem_words import format_problem

    for p in e.problems:
        typer.echo(format_problem(p), err=True)
    if hint:
        typer.echo(hint, err=True)
    raise typer.Exit(1)


def parse_players(players: str | None) -> list[str]:
    """The human players' names from `--players "Anna,Boris"` (trimmed). Raises ValueError
    with a message for an empty list, an empty name, or one longer than `MAX_NAME` characters."""
    from magie.engine.limits import MAX_NAME

    if players is None:
        return []
    names = [n.strip() for n in players.split(",")]
    if not any(names):
        raise ValueError(_('--players needs names separated by commas, e.g. --players "Anna,Boris"'))
    shown = players if len(players) <= 80 else players[:77] + "..."
    for k, name in enumerate(names):
        if not name:
            raise ValueError(_('--players "{players}": name {k} is empty; give a name for each player, '
                               'separated by commas, e.g. --players "Anna,Boris"').format(players=shown, k=k + 1))
        if len(name) > MAX_NAME:
            raise ValueError(_("--players: name {k} has {count} characters; a name has at most {most} "
                               "characters").format(k=k + 1, count=grouped(len(name), _), most=MAX_NAME))
        if any(not ch.isprintable() for ch in name):
            raise ValueError(_("--players: name {k} has a control character (a new line, a tab, an escape "
                               "code): names are printed, give plain text").format(k=k + 1))
    return names


def make_seats(humans: list[str], bots: int, bot_kind: str, lo: int, hi: int, edition: str) -> list[Seat]:
    from magie.engine.saves import Seat

    """Humans first, then bots named 'Bot 1', 'Bot 2', ... Raises ValueError with a message for
    duplicate names or a number of players the edition does not allow."""
    seats = [Seat(n, "human") for n in humans] + [Seat(f"Bot {k + 1}", bot_kind) for k in range(bots)]
    if not seats:
        raise ValueError(_('who plays? Give --players "Anna,Boris" for people at this terminal '
                           "and/or --bots N for computer players"))
    seen: dict[str, str] = {}
    for s in seats:
        key = s.name.casefold()
        if key in seen:
            raise ValueError(_("two players are called '{name}': each player needs a different name").format(
                name=s.name) + (_(" (bots are called 'Bot 1', 'Bot 2', ...)") if s.agent != "human" else ""))
        seen[key] = s.name
    if not lo <= len(seats) <= hi:
        raise ValueError(_("edition '{edition}' is for {lo} to {hi} players, not {n} ({humans} from --players "
                           "and {bots} from --bots)").format(edition=edition, lo=lo, hi=hi, n=len(seats),
                                                             humans=len(humans), bots=bots))
    return seats


def _languages(edition) -> list[str]:
    return sorted({"en"} | set(edition.name))


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else 100)


EditionOrResumeArg = Annotated[str | None, typer.Argument(
    metavar="EDITION", help="A built-in edition id (see `magie editions`) or a path to your edition file. "
                            "Leave it out with --resume.", show_default=False)]
PlayersOpt = Annotated[str | None, typer.Option(
    "--players", "-p", metavar="NAMES",
    help='People playing at this terminal, separated by commas: "Anna,Boris". They sit first.')]
BotsOpt = Annotated[str | None, number_option(
    "--bots", "-b", metavar="N", least=0, most=MAX_SEATS, in_help=True,
    help="Computer players, named Bot 1, Bot 2, ... after the people.")]
BotKindOpt = Annotated[str | None, typer.Option(
    "--bot-kind", "--bot", metavar="KIND",
    help="The computer players' level: easy (timid), basic (sensible), hard (trades and "
         "builds to beat basic); also search (searches ahead), random (any legal move), "
         "your own agent class as module:Class (see docs/agents.md), a program in any language as "
         "\"cmd:PROGRAM ARGS\" (docs/agents.md), or an installed plugin's bot by its name "
         "(docs/plugins.md). [default: basic] "
         "With --resume: the save's own agent classes you allow to run (a save never runs code "
         "by itself).",
    show_default=False)]
SeedOpt = Annotated[str | None, number_option(
    "--seed", "-s", least=MIN_SEED, most=MAX_SEED, in_help=True, metavar="SEED",
    help="Seed of dice, shuffles and bots: the same seed and answers give the same game. Default: a "
         "random seed, printed.")]
TextLangOpt = Annotated[str, typer.Option(
    "--lang", "-l", help="Language of the edition's names and card texts (falls back to en).")]
LogOpt = Annotated[Path | None, typer.Option(
    "--log", metavar="FILE", help="Write every event as JSON lines to FILE (with --resume: the "
                                  "whole game from the start).")]
ResumeOpt = Annotated[Path | None, typer.Option(
    "--resume", "-r", metavar="SAVE", help="Continue a saved game (its edition, players, seed and "
                                           "options come from the save).")]
SaveToOpt = Annotated[Path | None, typer.Option(
    "--save-to", metavar="FILE", help="Where to save (on w, q or Ctrl-C). Default: the file "
                                      "resumed, else magie-EDITION-seedSEED.json here (with -2, "
                                      "-3... if that file exists).")]
RoundCapOpt = Annotated[str | None, number_option(
    "--max-rounds", metavar="N", least=1, most=MAX_ROUNDS, in_help=True,
    help=f"End after N rounds (the richest wins), instead of the edition's limit. A table of bots only "
         f"stops after {BOT_TABLE_CAP} rounds unless this says otherwise.")]
TimeLimitOpt = Annotated[str | None, typer.Option(
    "--time-limit", metavar="MINUTES", help="Timed game: when the time is up the round is played "
                                            "out and the richest wins.")]
DecisionTimeoutOpt = Annotated[str | None, typer.Option(
    "--decision-timeout", metavar="SECONDS", help="A person who does not answer in time gets the "
                                                  "neutral answer (decline, pass, done...), or goes "
                                                  "bankrupt where the edition says so.")]
AutoClaimOpt = Annotated[bool | None, typer.Option(
    "--auto-claim/--no-auto-claim", help="In editions where owners must claim rent (rent-must-be-claimed), "
                                         "claim it for the people automatically. By default people are "
                                         "asked: a forgetful owner loses the rent, which is the rule's point. "
                                         "[default: ask]",
    show_default=False)]
RecordOpt = Annotated[Path | None, typer.Option(
    "--record", metavar="FILE", help="When the game ends, write it to FILE as a playthrough: a save "
                                     "with every event, which `magie check EDITION --playthrough FILE` "
                                     "replays to show what an edit of the edition changes.")]


def play(
    edition: EditionOrResumeArg = None,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    bot_kind: BotKindOpt = None,
    seed: SeedOpt = None,
    variant: VariantOpt = None,
    lang: TextLangOpt = "en",
    log: LogOpt = None,
    resume: ResumeOpt = None,
    save_to: SaveToOpt = None,
    max_rounds: RoundCapOpt = None,
    time_limit: TimeLimitOpt = None,
    decision_timeout: DecisionTimeoutOpt = None,
    auto_claim: AutoClaimOpt = None,
    record: RecordOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    check_invariants: CheckInvariantsOpt = False,
) -> None:
    """Play a game at the terminal: people and bots, with a readable log, saves and resume.

    People named by --players sit first, then --bots computer players; the engine's order roll
    then decides who starts. Each event is printed as one line (rolls, moves, purchases,
    auctions, rent, cards, jail, buildings, mortgages, trades, bankruptcies), and the winner
    and final standings at the end. A person answers each prompt with the key shown before an
    option: a number or a letter (or its word: buy, pass, roll, end). In the turn's menu a number
    opens a deed (its actions, costs, why others are closed; 0 back); t trades, e builds evenly, i
    asks between turns too; r or Enter rolls, d or Enter ends the turn. Buying short of cash asks
    first. In an auction m bids the least, a number bids that much, p passes.
    At any prompt `s` shows the status (players, deeds, buildings), `m` the board, `w` saves,
    `h` helps (in the turn's menu, also why the actions not offered are closed), `q` quits.
    Quitting or Ctrl-C offers to save (a run without a terminal saves by itself); resume with
    --resume. Exit codes: 0 game over or quit, 1 bad input or the game cannot go on,
    130 interrupted by Ctrl-C (the game is saved).

    Examples:

    \b
      magie play classic --bots 4 --seed 1
      magie play classic --players "Anna,Boris" --bots 2 --lang ru
      magie play classic --players Anna --bots 3 --time-limit 60 --save-to game.json
      magie play classic --bots 6 --bot-kind random --quiet --log game.jsonl --record game.json
      magie play classic --players Anna --bots 3 --bot hard
      magie play classic --bots 4 --bot mybots:Greedy --quiet
      magie play --resume game.json
      magie play ./my_edition.yaml --variant ID --players "Anna,Boris"
    """
    from .simulate import fail_all

    use_language(lang)     # the words of play's messages (cli/locale)

    wrong: list[str] = []               # every problem of the command line in one run
    n_bots, cap, game_seed, minutes, seconds = _numbers(bots, max_rounds, seed, time_limit, decision_timeout, wrong)
    trusted = [k for k in (bot_kind or "").split(",") if k]
    if resume is None:
        _new_game_problems(edition, bot_kind, wrong)
    else:
        _resume_problems({"EDITION": edition, "--players": players, "--bots": n_bots, "--bot-kind": bot_kind,
                          "--seed": game_seed, "--variant": variant, "--max-rounds": cap}, trusted, wrong)
    wrong += _file_problems(log, save_to, resume, record)
    if resume is not None:
        fail_all(wrong)
        ed, base = _resumed(resume, trusted)
        if lang not in _languages(ed):
            _fail(_language_problem(lang, ed))
        base = base.at(base.decisions, round=base.round, turns=base.turns,
                       **{k: v for k, v in (("time_limit", minutes), ("auto_claim", auto_claim)) if v is not None})
        save_path = save_to or resume
    else:
        if edition is None:
            fail_all(wrong)
        assert edition is not None          # told above
        bots_wrong = bots is not None and n_bots is None     # told: the seats are not counted
        ed, base = _new_game(edition, variant or [], players, None if bots_wrong else n_bots or 0,
                             bot_kind or "basic", game_seed,
                             {"max_rounds": cap, "time_limit": minutes, "elapsed": 0.0,
                              "auto_claim": auto_claim is True}, lang, wrong)
        save_path = save_to or _free_save_path(ed.id, base.seed)
    _run(ed, base, save_path, lang=lang, log=log, quiet=quiet, seconds=seconds, check_invariants=check_invariants,
         record=record)


def _numbers(bots: str | None, max_rounds: str | None, seed: str | None, time_limit: str | None,
             decision_timeout: str | None, wrong: list[str]
             ) -> tuple[int | None, int | None, int | None, float | None, float | None]:
    """--bots, --max-rounds, --seed, --time-limit (minutes) and --decision-timeout (seconds) read
    and bounded before anything is allocated (--bots 10**20 would build that many seats): each
    None when not given, or wrong (its problem added to `wrong`)."""
    from magie.engine.limits import MAX_SECONDS
    from magie.engine.sim.config import PLAIN_DECIMAL

    from .bounds import whole

    n_bots = whole(bots, "--bots", 0, MAX_SEATS, wrong, None, _)
    cap = whole(max_rounds, "--max-rounds", 1, MAX_ROUNDS, wrong, None, _)
    game_seed = whole(seed, "--seed", MIN_SEED, MAX_SEED, wrong, None, _)
    limits: list[float | None] = []
    for opt, text, top in (("--time-limit", time_limit, MAX_SECONDS / 60),
                           ("--decision-timeout", decision_timeout, 86400.0)):
        limit = None if text is None or not PLAIN_DECIMAL.fullmatch(text.strip()) else float(text)
        if text is not None and (limit is None or not 0 < limit <= top):
            wrong.append(_("{opt} must be more than 0 and at most {most}, not {value}").format(
                opt=opt, most=f"{top:,g}", value=text[:40] if limit is None else f"{limit:g}"))
            limit = None
        limits.append(limit)
    return n_bots, cap, game_seed, limits[0], limits[1]


def _new_game_problems(edition: str | None, bot_kind: str | None, wrong: list[str]) -> None:
    """A new game needs an edition and a bot kind that exists; the problems added to `wrong`."""
    from magie.engine.agents import bot_factory

    if edition is None:
        wrong.append(_("which edition? Give an edition id (see `magie editions`) or a path, e.g. "
                       "`magie play classic --bots 4`, or --resume SAVE"))
    try:
        bot_factory(bot_kind or "basic")
    except ValueError as e:
        from .problem_words import translate
        wrong.append(translate(str(e)))


def _resume_problems(given: dict[str, object], trusted: list[str], wrong: list[str]) -> None:
    """--resume continues the save with its own edition, seats, seed and options: each of `given`
    that is set is a problem (--bot-kind only allows the save's own bot classes, module:Class, to be
    run: the `trusted` ones)."""
    from magie.engine.agents import is_plugin

    if all(is_plugin(k) for k in trusted):
        given = {**given, "--bot-kind": None}
    extra = [k for k, v in given.items() if v is not None]
    if extra:
        wrong.append(_("--resume continues the saved game with its own edition, players, seed and options; "
                       "leave out {options} (with --resume, --bot only allows the save's own bot classes, "
                       "module:Class)").format(options=", ".join(extra)))


def _file_problems(log: Path | None, save_to: Path | None, resume: Path | None, record: Path | None) -> list[str]:
    """The files written, checked before the game (a log that cannot be written failed after it:
    /proc/version): the log, the save, the playthrough, and the log being neither the save's file nor
    the playthrough's."""
    wrong = []
    if log is not None and (why := log_problem(log) or replace_problem(log, "log")) is not None:
        wrong.append(_("cannot write the log {path}: {why}").format(path=log, why=why))
    if save_to is not None and (why := output_problem(save_to) or replace_problem(save_to, "save")) is not None:
        wrong.append(f"--save-to {save_to}: {why}")
    if record is not None and (why := output_problem(record) or replace_problem(record, "save")) is not None:
        wrong.append(f"--record {record}: {why}")
    if log is not None and (saved := save_to or resume) is not None and same_file(log, saved):
        wrong.append(f"--log {log} and {'--save-to' if save_to is not None else '--resume'} {saved} name the "
                     f"same file: the save would be written over the log; give the log another path")
    if log is not None and record is not None and same_file(log, record):
        wrong.append(f"--log {log} and --record {record} name the same file: the playthrough would be "
                     f"written over the log; give the log another path")
    return wrong


def _run(ed: Edition, base: SaveGame, save_path: Path, *, lang: str, log: Path | None, quiet: bool,
         seconds: float | None, check_invariants: bool, record: Path | None) -> NoReturn:
    """Play the game at the terminal, writing the event log to `log` and the playthrough to
    `record`; exit with the session's code."""
    from magie.engine.errors import MagieError

    from .session import PlaySession
    from .terminal import Terminal

    why = output_problem(Path(save_path))
    if why is not None:     # found now, not when the person saves after an hour of play
        typer.echo("magie: " + _("the game cannot be saved to {path} ({why}); give --save-to FILE").format(
            path=save_path, why=why), err=True)
    console = _console()
    log_stream = None
    if log is not None:
        try:
            log_stream = open_log(log)
        except OSError as e:
            _fail(_("cannot write the log {path}: {why}").format(path=log, why=e.strerror or e))
    term = Terminal(console, timeouts=seconds is not None)
    if seconds is not None and not term.timeouts:
        typer.echo("magie: " + _("--decision-timeout is ignored: this input cannot be waited on with a "
                                 "time limit"), err=True)
    try:
        session = PlaySession(ed, base, console=console, lang=lang, save_path=save_path, quiet=quiet,
                              term=term,
                              log_stream=log_stream, decision_timeout=seconds,
                              time_limit=base.options.get("time_limit"),
                              check_invariants=check_invariants, record_path=record)
        code = session.run()
    except MagieError as e:
        from .problem_words import translate
        _fail(translate(str(e)))
    finally:
        log_error = None
        if log_stream is not None:
            try:
                log_stream.close()
            except OSError as e:
                log_error = e
    log_error = session.log.error or log_error
    if log_error is not None:
        typer.echo("magie: " + _("the event log {path} could not be written ({why}); it is incomplete").format(
            path=log, why=log_error.strerror or log_error), err=True)
        raise typer.Exit(code or 1)
    if log is not None and not quiet:
        console.print(_("Event log written to {path}").format(path=log), highlight=False)
    raise typer.Exit(code)


def _free_save_path(edition_id: str, seed: int) -> Path:
    """magie-EDITION-seedS.json in this folder, or -2, -3... when that name is taken, so that a
    new game never overwrites the save of another."""
    path = Path(f"magie-{edition_id}-seed{seed}.json")
    k = 2
    while path.exists():
        path = Path(f"magie-{edition_id}-seed{seed}-{k}.json")
        k += 1
    return path


def _ref(ref: str) -> str:
    from magie.engine.edition.loader import is_path_ref

    """An edition or overlay reference as a save keeps it: a path made absolute (so the game
    can be resumed from another folder), a built-in id as it is."""
    return str(Path(ref).resolve()) if is_path_ref(ref) else ref


def _new_game(edition: str, variants: list[str], players: str | None, bots: int | None, bot_kind: str,
              seed: int | None, options: dict, lang: str, wrong: list[str]):
    """Load the edition and set the table for a new game: (edition, the empty save). The problems
    of the command line in `wrong` are told with those found here (the players' names, the seats,
    the language; when an overlay or the edition cannot be loaded, the seats and the language are
    checked on the edition without the overlays), and exit 1 when there is any. `bots` None: the
    number given was wrong (told), so the seats are not counted."""
    from magie.engine.saves import SaveGame

    from .saved_edition import load_with_content
    from .simulate import fail_all

    try:
        humans: list[str] | None = parse_players(players)
    except ValueError as e:
        wrong.append(str(e))
        humans = None

    def table_problems(ed) -> list[str]:
        out = [] if lang in _languages(ed) else [_language_problem(lang, ed)]
        if humans is not None and bots is not None:
            try:
                make_seats(humans, bots, bot_kind, ed.players_min, ed.players_max, ed.id)
            except ValueError as e:
                out.append(str(e))
        return out

    try:
        ed, content = load_with_content(edition, tuple(variants))
    except ProblemsError as e:
        if variants:                        # the edition alone tells the seats and the language
            from magie.engine.edition.playable import load_playable
            try:
                wrong += table_problems(load_playable(edition, ()))
            except ProblemsError:
                pass
        for message in wrong:
            typer.echo(f"magie: {message}", err=True)
        _problems(e)
    wrong += table_problems(ed)
    fail_all(wrong)
    from .problem_words import format_problem
    for w in ed.warnings:
        typer.echo(format_problem(w), err=True)
    assert humans is not None and bots is not None      # told above
    seats = make_seats(humans, bots, bot_kind, ed.players_min, ed.players_max, ed.id)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    if not humans and options["max_rounds"] is None and ed.end.max_rounds is None:
        options = {**options, "max_rounds": BOT_TABLE_CAP}    # bots may never finish (random ones)
    return ed, SaveGame(edition_ref=_ref(edition), edition_id=ed.id,
                        variants=tuple(_ref(v) for v in variants), content_hash=ed.content_hash,
                        seed=seed, seats=tuple(seats), options=options, edition_content=content)


def _language_problem(lang: str, ed) -> str:
    return _("unknown language '{lang}' (edition '{edition}' is written in: {languages})").format(
        lang=lang, edition=ed.id, languages=", ".join(_languages(ed)))


def _resumed(path: Path, plugins: list[str]):
    """Read a save and load its edition, refusing a save whose edition changed, or that seats a
    bot class (module:Class) not in `plugins`: (edition, save)."""
    from .saved_edition import edition_for_save, read_game_save

    try:
        base = read_game_save(path, plugins)
    except ProblemsError as e:
        _problems(e)
    try:
        ed, note = edition_for_save(base)
    except ProblemsError as e:
        changed = any(p.code == "save-edition-changed" for p in e.problems)
        _problems(e, "" if changed else "magie: " + (
            _("the save {path} was played with edition '{edition}' and variants {variants}, which cannot be "
              "loaded now") if base.variants else
            _("the save {path} was played with edition '{edition}', which cannot be loaded now")).format(
                path=path, edition=base.edition_ref, variants=", ".join(base.variants)))
    if note:
        from .problem_words import translate
        typer.echo(f"magie: {translate(note)}", err=True)
    if not ed.players_min <= len(base.seats) <= ed.players_max:
        _fail(_("the save {path} has {n} seats; edition '{edition}' is for {lo} to {hi}").format(
            path=path, n=len(base.seats), edition=ed.id, lo=ed.players_min, hi=ed.players_max))
    return ed, base


def register(app: typer.Typer) -> None:
    """Add `magie play` to the `magie` app."""
    app.command()(play)
