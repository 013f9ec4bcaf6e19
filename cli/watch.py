"""`magie watch`: the author's loop. Every time an edition file (or a file it extends, or an
overlay) is saved, validate it as `magie validate` does; when it validates, replay seeded bot
games and say what the edit changed: each game's length, winner and end, the first line of the
game's story that differs, and, with `-n`, balance figures with intervals from a batch of games.

The files are polled (their modification time and size, every `--interval` seconds): no
platform file-watching service is needed, and an editor that saves by writing a new file and
renaming it over the old one is seen like any other.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from magie.engine.limits import MAX_SEATS, MAX_SEED, MIN_SEED

from .bounds import decimal, edition_argument, number_option, whole

if TYPE_CHECKING:
    from magie.engine.edition.model import Edition
    from magie.engine.sim.batch import Summary

GAMES_MOST = 20
"""Most seeded games replayed on each save (`--games`)."""

BATCH_MOST = 100_000
"""Most games of the balance batch (`-n`)."""

ROUND_CAP = 1000
"""Rounds after which a replayed game stops when the edition sets no limit (as `magie play`
does for a table of bots)."""


@dataclass(frozen=True)
class Story:
    """One seeded bot game as the watch tells it: `rounds` and `turns` played, the `winners`' names,
    the `reason` it ended (in words), and its narration, one `(line, header)` a line as `magie
    play` prints it (plain text; a header opens a turn). `stopped` holds the message when the
    game could not go on (an edition's run-time problem), else ''."""

    seed: int
    rounds: int
    turns: int
    winners: tuple[str, ...]
    reason: str
    lines: tuple[tuple[str, bool], ...]
    stopped: str = ""


def play_story(ed: Edition, seed: int, bots: int, kind: str) -> Story:
    """Play the game `magie play EDITION --bots BOTS --bot-kind KIND --seed SEED` plays (the same
    seats, names and round cap) and tell it. A positioned stop of the edition (`MagieError`) ends
    the story with its message."""
    from rich.text import Text

    from magie.engine.agents import make_bot
    from magie.engine.errors import MagieError
    from magie.engine.game.events import EventLog
    from magie.engine.game.game import Game

    from .render import EventRenderer, Names

    lines: list[tuple[str, bool]] = []
    names = Names(ed, "en")
    renderer = EventRenderer(None, names, sink=lambda line, header: lines.append((Text.from_markup(line).plain,
                                                                                  header)))
    players = [(f"Bot {k + 1}", make_bot(kind, seed, k)) for k in range(bots)]
    game = Game(ed, players, seed=seed, log=EventLog(listener=renderer, keep=0),
                max_rounds=None if ed.end.max_rounds is not None else ROUND_CAP, start=False)
    stopped = ""
    try:
        game.start()
        while not game.over:
            game.play_turn()
    except MagieError as e:
        stopped = str(e)
    renderer.flush()
    return Story(seed, game.round, game.turns, tuple(p.name for p in game.winners),
                 names.reason(game.end_reason) if game.over else "", tuple(lines), stopped)


def first_difference(before: Story, after: Story) -> tuple[str, str, str] | None:
    """Where two stories part: (the last turn header before it, the line before, the line after;
    '' where one story has ended), or None when they are the same."""
    header = ""
    for k in range(max(len(before.lines), len(after.lines))):
        old = before.lines[k] if k < len(before.lines) else ("", False)
        new = after.lines[k] if k < len(after.lines) else ("", False)
        if old != new:
            return header, old[0], new[0]
        if old[1]:
            header = old[0]
    return None


def _outcome(s: Story) -> str:
    if s.stopped:
        return f"stopped after {s.turns} turns: {s.stopped}"
    who = ", ".join(s.winners) or "nobody"
    return f"{s.rounds} rounds, {s.turns} turns, won by {who} ({s.reason})"


def story_lines(before: Story | None, after: Story) -> list[str]:
    """What to say of one seeded game: its outcome, and, beside the game before the edit, what
    changed and the first line that differs."""
    head = f"seed {after.seed}: "
    if before is None:
        return [head + _outcome(after)]
    where = first_difference(before, after)
    if where is None:
        return [head + "the same game (" + _outcome(after) + ")"]
    out = [head + _outcome(before) + "  ->  " + _outcome(after)]
    header, old, new = where
    out.append(f"  first difference{' in ' + header if header else ' at the start'}:")
    out.append(f"    before: {old or '(the game had ended)'}")
    out.append(f"    after:  {new or '(the game has ended)'}")
    return out


def balance(ref: str, variants: Sequence[str], n: int, seed: int, bots: int, kind: str) -> Summary:
    """A batch of `n` games as `magie simulate` plays it (counters off), for the balance figures.
    The batch loads editions through per-process caches keyed by file name; they are emptied
    first, for the file has changed since the last batch."""
    from magie.engine.edition.playable import load_playable_cached
    from magie.engine.sim.batch import BatchSpec, simulate
    from magie.engine.sim.config import load_config

    load_config.cache_clear()
    load_playable_cached.cache_clear()
    return simulate(BatchSpec(edition=ref, variants=tuple(variants), bots=(kind,) * bots, seed=seed,
                              counters=False), n)


def _rate(r: dict) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}-{100 * r['high']:.1f}]"


def balance_lines(before: Summary | None, after: Summary) -> list[str]:
    """The balance figures of a batch (win rate by seat with Wilson intervals, the mean game
    length with a 95% interval, how games ended), each beside the figure before the edit."""
    from magie.engine.analysis.stats import z_value

    def figures(s: Summary) -> dict[str, str]:
        data = s.to_json()
        mean, half = s.rounds.mean(), z_value(0.95) * s.rounds.sd() / max(1, s.rounds.n) ** 0.5
        lo, hi = mean - half, mean + half
        out = {f"seat {k + 1} wins": _rate(r) for k, r in enumerate(data["win_by_seat"])}
        out["rounds"] = f"{s.rounds.mean():.1f} [{lo:.1f}-{hi:.1f}]"
        out["ended by the rules"] = _rate(data["end_rate_interval"])
        return out

    now = figures(after)
    was = figures(before) if before is not None else {}
    width = max(len(k) for k in now)
    return [f"  {key:<{width}}  {was[key] + '  ->  ' if key in was and was[key] != value else ''}{value}"
            for key, value in now.items()]


def _stamp(files: Sequence[Path]) -> tuple[tuple[int, int] | None, ...]:
    """Each file's (modification time, size), None for a file that cannot be read now."""
    out: list[tuple[int, int] | None] = []
    for f in files:
        try:
            st = f.stat()
            out.append((st.st_mtime_ns, st.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


@dataclass
class Watch:
    """The state of a watch: what it replays, and the last results of an edition that validated
    (what the next edit is compared with)."""

    ref: str
    variants: tuple[str, ...]
    seeds: tuple[int, ...]
    bots: int | None
    kind: str
    batch: int
    say: Callable[[str], None]
    stories: dict[int, Story] | None = None
    summary: Summary | None = None
    files: tuple[Path, ...] = ()

    def check(self) -> bool:
        """Validate, and if the edition validates, replay and report. Returns whether it
        validated. Problems are printed as `magie validate` prints them (in English, as the
        watch's other words)."""
        from magie.engine.edition.loader import load_edition
        from magie.engine.edition.playable import build_playable
        from magie.engine.problems import ProblemsError

        from .problem_words import problem_line

        given = [Path(r).resolve() for r in (self.ref, *self.variants) if Path(r).suffix in (".yaml", ".yml")]
        try:
            loaded = load_edition(self.ref, self.variants)
            ed = build_playable(loaded)
        except ProblemsError as e:
            for p in e.problems:
                self.say(problem_line(p))
            errors = sum(p.severity == "error" for p in e.problems)
            self.say(f"{errors} error{'s' if errors != 1 else ''}: the games are not replayed until it validates")
            self.files = tuple(dict.fromkeys([*self.files, *given]))
            return False
        self.files = tuple(dict.fromkeys([*given, *(Path(f).resolve() for f in loaded.files)]))
        for w in ed.warnings:
            self.say(problem_line(w))
        warned = len(ed.warnings)
        self.say(f"{warned} warning{'s' if warned != 1 else ''}" if warned else "no problems")
        bots = max(ed.players_min, min(self.bots or 4, ed.players_max))
        stories = {s: play_story(ed, s, bots, self.kind) for s in self.seeds}
        for s, story in stories.items():
            for line in story_lines(self.stories.get(s) if self.stories else None, story):
                self.say(line)
        self.stories = stories
        if self.batch:
            summary = balance(self.ref, self.variants, self.batch, self.seeds[0], bots, self.kind)
            self.say(f"balance over {self.batch} games, {bots} {self.kind} bots:")
            for line in balance_lines(self.summary, summary):
                self.say(line)
            self.summary = summary
        return True


def run(w: Watch, interval: float, settle: float = 0.2, cycles: int | None = None) -> None:
    """Check once, then poll the files and check again after each change (once the files have
    kept still for `settle` seconds), `cycles` times (None: until interrupted)."""
    w.say(f"magie watch: {w.ref}" + "".join(f" --variant {v}" for v in w.variants))
    w.check()
    stamp = _stamp(w.files)
    w.say(f"watching {len(w.files)} file{'s' if len(w.files) != 1 else ''} (Ctrl-C to stop)")
    done = 0
    while cycles is None or done < cycles:
        time.sleep(interval)
        now = _stamp(w.files)
        if now == stamp:
            continue
        while True:                      # an editor may write a file in several steps
            time.sleep(settle)
            later = _stamp(w.files)
            if later == now:
                break
            now = later
        changed = [f.name for f, a, b in zip(w.files, stamp, now, strict=True) if a != b]
        w.say(f"--- {time.strftime('%H:%M:%S')} {', '.join(changed)} changed ---")
        w.check()
        stamp = _stamp(w.files)
        done += 1


def watch(
    edition: Annotated[str, edition_argument(help="The edition to watch: a file (or a built-in id with "
                                                   "--variant files).")],
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", "-V", metavar="OVERLAY", help="Apply an overlay (a built-in id or a file, watched too); "
                                                   "repeat for several.")] = None,
    seed: Annotated[str, number_option("--seed", "-s", least=MIN_SEED, most=MAX_SEED, in_help=True,
                                       metavar="SEED", help="The first seed of the replayed games.")] = "1",
    games: Annotated[str, number_option("--games", "-g", least=1, most=GAMES_MOST,
                                        help="How many seeded games to replay on each save (seeds SEED, "
                                             "SEED+1, ...).")] = "1",
    n: Annotated[str, number_option("-n", least=0, most=BATCH_MOST,
                                    help="Also play a batch of N games on each save and show balance figures "
                                         "with intervals (0: none).")] = "0",
    bots: Annotated[str | None, number_option("--bots", "-b", least=1, most=MAX_SEATS,
                                              help="Bots at the table (default 4, within the edition's "
                                                   "player count).")] = None,
    bot_kind: Annotated[str, typer.Option("--bot-kind", "--bot", metavar="KIND",
                                          help="The bots' kind (`magie play --help` lists them).")] = "basic",
    interval: Annotated[str, number_option("--interval", least=0.1, most=60, decimal=True,
                                           help="Seconds between looks at the files.")] = "0.5",
) -> None:
    """Validate an edition on every save and replay seeded games: what did the edit change?

    Checks the edition now and after every save of its file, of the files it extends and of
    the overlay files given. Problems are printed as `magie validate` prints them. When the
    edition validates, the seeded bot games are played again (the games `magie play EDITION
    --bots 4 --seed SEED` plays) and each is compared with the same game before the edit: its
    length, winner and end, and the first line of its story that differs. With `-n`, a batch of
    games gives balance figures with intervals (win rate by seat, game length, games ended by
    the rules) beside those before the edit. Ctrl-C stops.

    Examples:

    \b
      magie watch my_edition.yaml
      magie watch my_edition.yaml --games 3 -n 200
      magie watch classic --variant ./house_rules.yaml
    """
    from magie.engine.agents import BOTS

    from .simulate import fail_all

    wrong: list[str] = []
    first = whole(seed, "--seed", MIN_SEED, MAX_SEED, wrong, 1)
    count = whole(games, "--games", 1, GAMES_MOST, wrong, 1)
    batch = whole(n, "-n", 0, BATCH_MOST, wrong, 0)
    seats = whole(bots, "--bots", 1, MAX_SEATS, wrong, None)
    every = decimal(interval, "--interval", 0.1, 60, wrong, 0.5)
    if bot_kind not in BOTS:         # the built-in kinds and the installed plugins' bots
        wrong.append(f"--bot-kind takes one of {', '.join(BOTS)}, not {bot_kind!r}")
    fail_all(wrong)
    w = Watch(edition, tuple(variant or ()), tuple(range(first, first + count)), seats, bot_kind, batch,
              say=lambda line: typer.echo(line))
    try:
        run(w, every)
    except KeyboardInterrupt:
        typer.echo("magie watch: stopped")


def register(app: typer.Typer) -> None:
    """Add `magie watch` to the app."""
    app.command()(watch)
