"""The command-line options several `magie` commands take, each declared once as an `Annotated`
alias (its flags, metavar, bounds and help), so that the commands say the same thing the same way.

An option that only one command takes is declared beside that command. Light on purpose: this
module is imported for `magie COMMAND --help` (start-up time), so it imports typer and the
bounds helpers only.
"""

from __future__ import annotations

from typing import Annotated

import typer

from magie.engine.limits import MAX_ROUNDS

from .bounds import choice_option, edition_argument, number_option
from .i18n import LANGUAGES

MAX_GAMES = 10**8
"""Most games one `magie simulate`, `compare` (per configuration) or `ladder` plays."""

MAX_JOBS = 256
"""Most worker processes."""

BACKENDS = ("process", "ray")
"""Where games are played (`--backend`)."""

EditionArg = Annotated[str | None, edition_argument(
    help="A built-in edition id (see `magie editions`) or the path of an edition file.")]
VariantOpt = Annotated[list[str] | None, typer.Option(
    "--variant", "-V", metavar="OVERLAY",
    help="Apply an overlay (a built-in id from `magie editions`, or a path to an overlay file). "
         "Repeat to apply several, in order.")]
NamesLangOpt = Annotated[str, typer.Option("--lang", "-l", help="Language of the names (falls back to en).")]
LangOpt = Annotated[str, typer.Option(
    "--lang", "-l", help=f"Language of the command's words ({', '.join(LANGUAGES)}; --json stays as it is).")]
JobsOpt = Annotated[str | None, number_option(
    "--jobs", "-j", least=1, most=MAX_JOBS, help="Worker processes (default: the CPUs available).")]
MaxRoundsOpt = Annotated[str | None, number_option(
    least=1, most=MAX_ROUNDS,
    help="Stop a game after this many rounds and rank the players by net worth (default: the "
         "edition's own round limit, else 1000).")]
SetOpt = Annotated[list[str] | None, typer.Option(
    "--set", metavar="PATH=VALUE",
    help="Set a rule parameter of the edition (after overlays), e.g. rules.salary=300 or "
         "rules.jail.fine=100; repeat for several. The value is read as YAML and checked like the "
         "edition's own; a problem with it is told at the --set.")]
BackendOpt = Annotated[str, choice_option(
    "--backend", choices=BACKENDS,
    help="Where games are played: local worker processes (--jobs), or Ray (needs magie[ray]; "
         "a local Ray with --jobs CPUs, or a cluster given by --address / RAY_ADDRESS).")]
AddressOpt = Annotated[str | None, typer.Option(
    help="Ray cluster to join (e.g. ray://head:10001 or auto); default: $RAY_ADDRESS, else a local Ray.")]
ClaimAttentionOpt = Annotated[list[str] | None, typer.Option(
    "--claim-attention", metavar="SHARE", show_default=False,
    help="Where rent must be claimed (rules.rent.claim: owner_claims, the rent-must-be-claimed "
         "overlay): the share of rents, from 0 to 1, that basic bots remember to claim; each rent "
         "is claimed with that probability and lost otherwise; a plain decimal (0.8, .5, 1). 1 (the "
         "default): every rent, so the overlay plays like classic; 0.8: one rent in five forgotten. "
         "Other bots and editions where rent is automatic ignore it.")]
ConfidenceOpt = Annotated[str, number_option(
    least=0.5, most=0.999, decimal=True, help="Confidence level of every interval (Wilson intervals for rates).")]
CheckInvariantsOpt = Annotated[bool, typer.Option(
    "--check-invariants",
    help="Check the game's invariants (money conserved, one owner per deed, building supply, even "
         "building...) after every turn (slower); for debugging an edition or the engine.")]

__all__ = ["MAX_GAMES", "MAX_JOBS", "BACKENDS", "EditionArg", "VariantOpt", "NamesLangOpt", "LangOpt", "JobsOpt",
           "MaxRoundsOpt", "SetOpt", "BackendOpt", "AddressOpt", "ClaimAttentionOpt", "ConfidenceOpt",
           "CheckInvariantsOpt"]
