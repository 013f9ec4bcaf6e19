"""One game at the terminal: seats and agents, replaying a save, the turn loop with the time
limit, saving (on `w`, on quit, on Ctrl-C) and the final standings.

Exit codes of a session: 0 when the game ends or the player quits with `q`; 130 after Ctrl-C
(the game is saved first); 1 when input ends before the game does (saved) or the game cannot
go on (an error in the edition's rules or a save that does not fit; the game so far is saved
unless it was still replaying a save).
"""

from __future__ import annotations

import json
import signal
import time
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import typer
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.table import Table

from magie.engine.agents import make_bot
from magie.engine.agents.external import close_agents
from magie.engine.edition.model import Edition
from magie.engine.errors import BotFault, EffectError, GameError, ReplayMismatch
from magie.engine.game.events import EventLog, dumps
from magie.engine.game.game import Game
from magie.engine.saves import Playthrough, SaveGame, write_save

from .app import OUTPUT_ERRNOS
from .human import HumanAgent
from .i18n import number, words_of
from .problem_words import translate
from .render import EventRenderer, Names, seat_names
from .terminal import ANSWERS, QuitGame, Terminal

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_INTERRUPTED = 130


class PlaySession:
    """Plays the game described by `base` (a save: seats, seed, options, and the decisions to
    replay first) on `edition`, printing events unless `quiet`, writing JSON lines to
    `log_stream`, saving to `save_path`, and, with `record_path`, writing the whole game there as
    a playthrough when the session ends (engine/sim/playthrough.py)."""

    clock = staticmethod(time.monotonic)
    """The wall clock of the time limit (seconds; tests replace it)."""

    def __init__(self, edition: Edition, base: SaveGame, *, console: Console, term: Terminal,
                 lang: str = "en", save_path: Path, quiet: bool = False,
                 log_stream: TextIO | None = None, decision_timeout: float | None = None,
                 time_limit: float | None = None, check_invariants: bool = False,
                 record_path: Path | None = None):
        self.ed = edition
        self.record_path = record_path
        self.recorded: list[str] = []          # every event as logged, for the playthrough
        self.time_up_round: int | None = None
        self.check_invariants = check_invariants
        self.base = base
        self.console = console
        self.term = term
        self.save_path = Path(save_path)
        self.quiet = quiet
        self.time_limit = time_limit
        self.names = Names(edition, lang)
        self.renderer = EventRenderer(console, self.names)
        self.bankrupt_rounds: dict[int, int] = {}
        self._round = 1
        self.renderer.enabled = not quiet and not base.decisions
        self.live_since = self.clock()
        self.elapsed_before = float(base.options.get("elapsed", 0.0))
        auto_claim = bool(base.options.get("auto_claim", False))
        players = []
        shown = seat_names(base.seats, lang)       # "Bot 1" is "Бот 1" in a Russian game
        for k, seat in enumerate(base.seats):
            if seat.agent == "human":
                agent = HumanAgent(seat.name, term, self.names, auto_claim=auto_claim,
                                   timeout=decision_timeout, on_save=self.save_command)
            else:
                try:
                    agent = make_bot(seat.agent, base.seed, k)
                except ValueError as e:      # a plug-in that cannot be loaded (any more)
                    raise GameError(f"seat {k + 1} ({seat.name}): {e}") from None
            players.append((shown[k], agent))
        self.players = players
        self.log = EventLog(listener=self._listen, stream=log_stream)
        self.game: Game | None = None

    # ------------------------------------------------------------------ events
    def _listen(self, event: dict) -> None:
        if self.record_path is not None:
            self.recorded.append(dumps(event))
        e = event["e"]
        if e == "turn":
            self._round = event["round"]
        elif e == "bankrupt":
            self.bankrupt_rounds[event["player"]] = self._round
        self.renderer(event)

    def _replay_done(self) -> None:
        self.live_since = self.clock()
        if not self.quiet:
            self.renderer.enabled = True
            g = self.game
            _ = self.names._
            where = _("round {round}, turn {turn}").format(round=g.round, turn=g.turns) if g is not None \
                else _("the start")
            self.console.rule(_("Resumed the saved game at {where}").format(where=where), style="bold")

    # ------------------------------------------------------------------ saving
    def snapshot(self) -> SaveGame:
        """The save of the game as it stands (at the decision being asked)."""
        g = self.game
        decisions = g.saved_decisions() if g is not None else list(self.base.decisions)
        return self.base.at(decisions, round=g.round if g else 1,
                            turns=g.turns if g else 0, elapsed=round(self.elapsed(), 1),
                            time_limit=self.time_limit)

    def save(self, path: Path | None = None) -> Path:
        """Write the save (atomically) and return its path. Raises OSError."""
        return write_save(path or self.save_path, self.snapshot())

    def save_command(self, game) -> str:
        """The `w` command at a prompt: save and say where (or why not)."""
        try:
            path = self.save(self.save_path)
        except OSError as e:
            return "[red]" + self.names._("Could not save to {path}: {why}").format(
                path=escape(str(self.save_path)), why=escape(e.strerror or str(e))) + "[/]"
        return self.names._("Saved to {path} (resume with: magie play --resume {file})").format(
            path=f"[bold]{escape(str(path))}[/]", file=escape(str(path)))

    def elapsed(self) -> float:
        """Seconds of play so far, earlier sessions included (replay time excluded)."""
        if self.game is None or self.game.replaying:
            return self.elapsed_before
        return self.elapsed_before + self.clock() - self.live_since

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        """Play to the end (or until the player quits), write the playthrough if asked; return
        the exit code (1 when the playthrough cannot be written)."""
        code = self._play()
        if self.record_path is not None and self.game is not None:
            try:
                path = write_save(self.record_path, replace(self.snapshot(), playthrough=Playthrough(
                    tuple(json.loads(line) for line in self.recorded), self.time_up_round)))
            except OSError as e:
                typer.echo("magie: " + self.names._("could not write the playthrough {path}: {why}").format(
                    path=self.record_path, why=e.strerror or e), err=True)
                return code or EXIT_ERROR
            self.console.print(self.names._("Playthrough written to {path} (check it with: magie check "
                                            "EDITION --playthrough {file})").format(
                path=f"[bold]{escape(str(path))}[/]", file=escape(str(path))), highlight=False)
        return code

    def _play(self) -> int:
        try:
            self.game = Game(self.ed, self.players, seed=self.base.seed, log=self.log, record=True,
                             max_rounds=self.base.options.get("max_rounds"),
                             replay=self.base.decisions, on_replay_done=self._replay_done,
                             check_invariants=self.check_invariants, start=False)
            game = self.game
            game.start()         # may ask decisions already (a start auction): saves can see them
            while not game.over:
                before = game.round
                game.play_turn()
                if (not game.over and game.round > before and self.time_limit is not None
                        and not game.replaying and self.elapsed() >= self.time_limit * 60):
                    self.renderer.say("[bold]" + self.names._("Time is up") + "[/]: "
                                      + self.names._("the round is over and the richest player wins."))
                    self.time_up_round = before
                    game.finish_richest("time_limit")
        except QuitGame:
            return self._stop(self.names._("You quit the game."), EXIT_OK)
        except KeyboardInterrupt:
            return self._stop(self.names._("Interrupted (Ctrl-C)."), EXIT_INTERRUPTED)
        except EOFError:
            return self._stop(self.names._("The input ended before the game did."), EXIT_ERROR, ask=False)
        except GameError as e:
            return self._failed(e)
        except OSError as e:    # the output cannot be written (`> /dev/full`): app.main tells it in one line
            if e.errno in OUTPUT_ERRNOS:
                raise
            return self._failed(GameError(f"{type(e).__name__}: {e}"))
        except Exception as e:  # noqa: BLE001 - a bug in the engine: said so, the game kept for a report
            return self._failed(GameError(f"{type(e).__name__}: {e}"))
        finally:                # the programs of `cmd:` seats: told the result, stopped
            close_agents([agent for _, agent in self.players], self.game)
        self.print_result()
        return EXIT_OK

    def _failed(self, e: GameError) -> int:
        _ = self.names._
        # the engine's words through problem_words' templates (English where none matches)
        if (self.game is not None and self.game.replaying) or isinstance(e, ReplayMismatch):
            why = translate(str(e)) if isinstance(e, ReplayMismatch) else _(
                "the save does not fit this game: a recorded answer is not allowed here ({why})").format(
                why=translate(str(e)))
            typer.echo("magie: " + _("the game cannot go on: {why}").format(why=why), err=True)
            typer.echo("magie: " + _("the save could not be replayed; it was left as it is"), err=True)
            return EXIT_ERROR
        typer.echo("magie: " + _("the game cannot go on: {why}").format(why=translate(str(e))), err=True)
        if isinstance(e, BotFault):          # a bot of the user's own (module:Class or a plugin's)
            typer.echo("magie: " + _("this is a fault of that bot, not of magie's engine; the saved game "
                                     "below replays it for its author"), err=True)
        elif not isinstance(e, EffectError):   # an EffectError names the edition's snippet (file:line:col)
            typer.echo("magie: " + _("this is a bug in magie's engine, not in the edition; please report it "
                                     "with the saved game below"), err=True)
        return self._stop(_("The game so far is kept for a bug report."), EXIT_ERROR, ask=False,
                          resumable=False)

    def _stop(self, why: str, code: int, *, ask: bool = True, resumable: bool = True) -> int:
        if ask and self.term.interactive:
            return self._save_and_say(why, code, ask=ask, resumable=resumable)
        # nobody to ask: a second Ctrl-C must not stop the save
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            return self._save_and_say(why, code, ask=ask, resumable=resumable)
        finally:
            signal.signal(signal.SIGINT, previous)

    def _save_and_say(self, why: str, code: int, *, ask: bool, resumable: bool) -> int:
        """Save the game and return `code`. A person at a terminal is asked first (save here,
        elsewhere, or not at all; a failed save asks again); otherwise the game is saved to the
        default file. Exit code 1 if it could not be saved."""
        self.renderer.flush()
        self.console.print(f"\n{why}", highlight=False)
        interactive = ask and self.term.interactive
        path = self.save_path
        _ = self.names._
        while True:
            if interactive:
                try:
                    raw = self.term.read(_("Save the game to {path}?").format(path=f"[bold]{escape(str(path))}[/]")
                                         + " [dim]" + _("(Enter or y: yes; n: no; or type another file name)")
                                         + "[/] ")
                except KeyboardInterrupt:
                    raw = ""
                except EOFError:
                    raw, interactive = "", False
                if raw.lower() in words_of(ANSWERS["no"], self.names.lang):
                    self.console.print(_("The game was not saved."), highlight=False)
                    return code
                if raw and raw.lower() not in words_of(ANSWERS["yes"], self.names.lang):
                    path = Path(raw).expanduser()
            try:
                written = self.save(path)
            except OSError as e:
                typer.echo("magie: " + _("could not save to {path}: {why}").format(path=path, why=e.strerror or e),
                           err=True)
                if interactive:
                    continue
                return EXIT_ERROR
            if resumable:
                self.console.print(_("Game saved to {path}. Resume it with:").format(
                    path=f"[bold]{escape(str(written))}[/]") + f"\n  magie play --resume {escape(str(written))}",
                    highlight=False)
            else:
                self.console.print(_("Game saved to {path}.").format(path=f"[bold]{escape(str(written))}[/]"),
                                   highlight=False)
            return code

    # ------------------------------------------------------------------ the end
    def print_result(self) -> None:
        """The winner(s) and the final standings (printed even when quiet)."""
        self.renderer.flush()
        g = self.game
        assert g is not None, "the game has started"
        n = self.names
        rounds = self._round          # the round of the last turn played
        _ = n._
        self.console.rule(_("Game over"), style="bold")
        names = _(" and ").join(f"[bold]{escape(p.name)}[/]" for p in g.winners)
        title = _("Winner") if len(g.winners) == 1 else _("Winners (tie)")
        played = n.n_("{rounds} round", "{rounds} rounds", rounds).format(rounds=number(rounds, n.lang))
        turns = n.n_("{turns} turn", "{turns} turns", g.turns).format(turns=number(g.turns, n.lang))
        self.console.print(f"{title}: {names} (" + _("{reason}; {rounds}, {turns}, seed {seed}").format(
            reason=n.reason(g.end_reason), rounds=played, turns=turns, seed=g.seed) + ")", highlight=False)
        self.console.print(standings_table(g, n, self.bankrupt_rounds))


def standings(game, bankrupt_rounds: dict[int, int]) -> list:
    """Players from first to last: those left by net worth (ties in turn order), then the
    bankrupt ones, the last to go bankrupt first."""
    alive = sorted((p for p in game.order if p.alive), key=lambda p: -game.net_worth(p))
    gone = [p for p in game.order if not p.alive]
    order = {seat: k for k, seat in enumerate(bankrupt_rounds)}
    gone.sort(key=lambda p: -order.get(p.seat, -1))
    return alive + gone


def standings_table(game, names: Names, bankrupt_rounds: dict[int, int]) -> Table:
    """The final standings as a table: place, player, cash, net worth, how they ended."""
    _ = names._
    t = Table(title=_("Final standings"), title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (("#", "right"), (_("player"), "left"), (_("cash"), "right"),
                                                      (_("net worth"), "right"), ("", "left"))
    for col, just in columns:
        t.add_column(col, justify=just)
    winners = {p.seat for p in game.winners}
    for k, p in enumerate(standings(game, bankrupt_rounds)):
        if p.alive:
            note = f"[bold green]{_('winner')}[/]" if p.seat in winners else ""
            t.add_row(str(k + 1), escape(p.name), names.money(p.cash), names.money(game.net_worth(p)), note)
        else:
            r = bankrupt_rounds.get(p.seat)
            t.add_row(str(k + 1), escape(p.name), "", "",
                      _("bankrupt in round {round}").format(round=r) if r else _("bankrupt"))
    return t

