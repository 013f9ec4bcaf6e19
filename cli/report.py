"""HTML reports with plots (matplotlib, optional extra `magie[analysis]`): a landing heat map
drawn on the edition's board, game lengths, win rates with error bars, rent by group, payback
heat maps, comparison and sweep plots. Each report names the magie version, the edition's
content hash, the seeds and the number of games, so that it can be reproduced.

matplotlib is imported only here, when a report is written (the 'Agg' backend: no display).
The board is drawn as cells placed by the edition's `board_layout:` (engine/edition/layout.py; by
default a square ring in board order, start at the bottom right, play running clockwise, as on
the printed board), coloured by value, with the group colour as a strip; any number of spaces
fits (44 as well as 40).
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from magie.engine.edition.layout import Plan, plan
from magie.engine.edition.model import Edition, text_in


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def board_cells(board: Plan) -> list[tuple[int, int]]:
    """(x, y) grid cells of the spaces of `board` (engine/edition/layout.py) in board order, y
    counted upwards from the bottom row as matplotlib draws: the default square puts space 0 at
    the bottom right, then runs leftwards along the bottom, up the left, rightwards along the top
    and down the right side."""
    return [(p.column, board.rows - 1 - p.row) for p in board.places]


def draw_board(ax: Any, ed: Edition, values: Mapping[str, float], *, lang: str = "en", title: str = "",
               fmt: str = "{:.2%}", centre: str = "", cmap: str = "YlOrRd") -> None:
    """Draw the heat map of `values` (space id -> value; missing ids are grey) on `ax`."""
    import matplotlib as mpl
    board = plan(ed.board_layout, len(ed.spaces))
    cells = board_cells(board)
    # zeros (a go-to-jail space: a token never stays there) would flatten the scale: drawn grey
    present = [v for v in values.values() if v is not None and not math.isnan(v) and v > 0]
    lo, hi = (min(present), max(present)) if present else (0.0, 1.0)
    norm = mpl.colors.Normalize(vmin=lo, vmax=hi if hi > lo else lo + 1e-9)
    cm = mpl.colormaps[cmap]
    groups = {g.id: g.color for g in ed.groups}
    for i, (sp, (x, y)) in enumerate(zip(ed.spaces, cells, strict=True)):
        v = values.get(sp.id)
        face = cm(norm(v)) if v is not None and v > 0 else (0.9, 0.9, 0.9, 1.0)
        ax.add_patch(mpl.patches.Rectangle((x, y), 1, 1, facecolor=face, edgecolor="black", linewidth=0.5))
        if sp.group in groups:
            ax.add_patch(mpl.patches.Rectangle((x, y + 0.82), 1, 0.18, facecolor=groups[sp.group],
                                               edgecolor="black", linewidth=0.3))
        name = text_in(sp.name, lang)
        short = name if len(name) <= 14 else name[:13] + "…"
        ax.text(x + 0.5, y + 0.55, short, ha="center", va="center", fontsize=4.2, wrap=True)
        if v is not None:
            ax.text(x + 0.5, y + 0.25, fmt.format(v), ha="center", va="center", fontsize=5, weight="bold")
        ax.text(x + 0.06, y + 0.06, str(i), fontsize=3.5, color="#444444")
    below = 0 if board.ring or not centre else 1     # no middle: the centre text goes below
    if centre:
        ax.text(board.columns / 2, board.rows / 2 if board.ring else -0.5, centre, ha="center", va="center",
                fontsize=8)
    ax.set_xlim(0, board.columns)
    ax.set_ylim(-below, board.rows)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=9)
    sm = mpl.cm.ScalarMappable(norm=norm, cmap=cm)
    ax.figure.colorbar(sm, ax=ax, fraction=0.035, pad=0.02)


def web_board(folder: Path, name: str, ed: Edition, values: Mapping[str, float], lang: str) -> str:
    """The heat map drawn by the web board renderer (`magie.cli.web.board.board_svg`), when it is
    installed, as an extra picture next to the matplotlib one; '' when it is not there."""
    try:
        from magie.cli.web.board import board_svg  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return ""
    try:
        top = max((v for v in values.values() if v), default=0.0) or 1.0
        svg = board_svg(ed, lang=lang, state=None, heat={k: v / top for k, v in values.items()})  # in [0, 1]
    except Exception:      # another version of the renderer: the matplotlib map is enough
        return ""
    (folder / name).write_text(str(svg), encoding="utf-8")
    return f"<img src='{name}' alt='board heat map'>"


def _version() -> str:
    try:
        from magie.engine import __version__
        return str(__version__)
    except ImportError:  # pragma: no cover
        return "?"


def _page(title: str, blocks: Sequence[str], facts: Mapping[str, Any]) -> str:
    rows = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in facts.items())
    body = "\n".join(blocks)
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
            "img{max-width:100%;border:1px solid #ddd;margin:.5em 0}table{border-collapse:collapse;margin:1em 0}"
            "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left;font-size:90%}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><table>{rows}</table>{body}</body></html>\n")


def _save(fig: Any, folder: Path, name: str) -> str:
    fig.savefig(folder / name, dpi=150, bbox_inches="tight")
    _plt().close(fig)
    return f"<img src='{name}' alt='{html.escape(name)}'>"


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def write_simulation_report(folder: Path, data: Mapping[str, Any], ed: Edition, lang: str = "en") -> Path:
    """Write `folder/index.html` and its plots for a simulation summary (`Summary.to_json()`)."""
    plt = _plt()
    folder.mkdir(parents=True, exist_ok=True)
    blocks = []
    measure = "landing_per_roll" if "landing_per_roll" in data else "landing_frequency"
    fig, ax = plt.subplots(figsize=(8, 8))
    jail = data.get(measure, {}).get("in_jail")
    draw_board(ax, ed, {k: v for k, v in data[measure].items() if k != "in_jail"}, lang=lang,
               title=f"landing frequency ({measure.replace('landing_', '').replace('_', ' ')}), {data['games']} games",
               centre=f"in jail: {jail:.2%}" if jail is not None else "")
    blocks.append("<h2>Landing heat map</h2>" + _save(fig, folder, "landing.png")
                  + web_board(folder, "landing.svg", ed, data[measure], lang))
    hist = data["rounds"]["histogram"]
    fig, ax = plt.subplots(figsize=(8, 3.5))
    if hist:
        ax.bar([(a + b) / 2 for a, b, _ in hist], [c for _, _, c in hist],
               width=[(b - a + 1) * 0.9 for a, b, _ in hist], color="#4477aa")
    r = data["rounds"]
    for q, style in (("p50", "-"), ("p5", ":"), ("p95", ":")):
        ax.axvline(r[q], color="black", linestyle=style, linewidth=0.8)
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(f"game length: mean {r['mean']}, median {r['p50']:g}, 5-95% [{r['p5']:g}, {r['p95']:g}]")
    blocks.append("<h2>Game length</h2>" + _save(fig, folder, "length.png"))
    fig, ax = plt.subplots(figsize=(8, 3.5))
    seats = data["win_by_seat"]
    xs = list(range(1, len(seats) + 1))
    ax.bar(xs, [s["rate"] for s in seats], color="#66aa55",
           yerr=[[s["rate"] - s["low"] for s in seats], [s["high"] - s["rate"] for s in seats]], capsize=4)
    ax.axhline(1 / len(seats), color="black", linestyle="--", linewidth=0.8)
    ax.set_xticks(xs, [f"seat {i} ({s['bot']})" for i, s in zip(xs, seats, strict=True)])
    ax.set_ylabel("win rate")
    ax.set_title(f"win rate by seat, {data['confidence']:.0%} Wilson intervals (dashed: 1/players)")
    blocks.append("<h2>Win rates</h2>" + _save(fig, folder, "wins.png"))
    if data.get("rent_by_group"):
        names = {g.id: text_in(g.name, lang) for g in ed.groups}
        colours = {g.id: g.color for g in ed.groups}
        items = list(data["rent_by_group"].items())
        fig, ax = plt.subplots(figsize=(8, 3.5))
        ax.bar(range(len(items)), [v / max(1, data["games"]) for _, v in items],
               color=[colours.get(k, "#888888") for k, _ in items])
        ax.set_xticks(range(len(items)), [names.get(k, k) for k, _ in items], rotation=30, ha="right")
        ax.set_ylabel("rent per game")
        ax.set_title("rent collected by group, per game")
        blocks.append("<h2>Rent by group</h2>" + _save(fig, folder, "rent.png"))
    facts = {"magie": _version(), "edition": data["edition"], "variants": ", ".join(data["variants"]) or "none",
             "sets": json.dumps(data.get("sets", {})), "content hash": data.get("content_hash", ""),
             "seed": data["seed"], "games": f"{data['games']} of {data['asked']}", "bots": ", ".join(data["bots"]),
             "round cap": data["max_rounds"],
             "reproduce": _command("simulate", data)}
    (folder / "summary.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    blocks.append("<p>The full summary: <a href='summary.json'>summary.json</a>.</p>")
    index = folder / "index.html"
    index.write_text(_page(f"magie simulate: {text_in(ed.name, lang)}", blocks, facts), encoding="utf-8")
    return index


def _command(cmd: str, data: Mapping[str, Any]) -> str:
    parts = ["magie", cmd, str(data["edition"]), "-n", str(data["asked"]), "--seed", str(data["seed"])]
    for v in data.get("variants", []):
        parts += ["--variant", v]
    for k, v in (data.get("sets") or {}).items():
        parts += ["--set", f"{k}={v}"]
    parts += ["--bot", ",".join(data["bots"]), "--max-rounds", str(data["max_rounds"])]
    return " ".join(parts)


def write_analysis_report(folder: Path, odds: Any, econ: Any, ed: Edition, lang: str = "en") -> Path:
    """Write `folder/index.html` with the exact odds (both measures) and the payback heat map."""
    plt = _plt()
    folder.mkdir(parents=True, exist_ok=True)
    blocks = []
    for measure in ("per_roll", "per_turn"):
        values = getattr(odds, measure)
        fig, ax = plt.subplots(figsize=(8, 8))
        draw_board(ax, ed, {k: v for k, v in values.items() if k != "in_jail"}, lang=lang,
                   title=f"exact landing odds {measure.replace('_', ' ')}, jail policy '{odds.jail_policy}'",
                   centre=f"in jail: {values.get('in_jail', 0):.2%}")
        blocks.append(f"<h2>Landing odds {measure.replace('_', ' ')}</h2>" + _save(fig, folder, f"{measure}.png")
                      + web_board(folder, f"{measure}.svg", ed, values, lang))
    if econ is not None:
        pay: dict[str, float] = {}
        for d in econ.deeds:
            lv = next((x for x in d.levels if x.name == "3 houses"), d.levels[-1] if d.levels else None)
            if lv is not None and lv.payback_rolls:
                pay[d.space] = lv.payback_rolls
        fig, ax = plt.subplots(figsize=(8, 8))
        draw_board(ax, ed, pay, lang=lang, fmt="{:.0f}", cmap="RdYlGn_r",
                   title="opponent rolls to pay back price + 3 houses (railroads, utilities: the whole group held)",
                   centre="green: pays back fastest")
        blocks.append("<h2>Payback</h2>" + _save(fig, folder, "payback.png"))
        rows = [(g.group, g.level, g.cost, f"{g.per_roll:.2f}",
                 "-" if g.payback_rolls is None else f"{g.payback_rolls:.0f}",
                 *("-" if g.payback_rounds.get(k) is None else f"{g.payback_rounds[k]:.1f}" for k in econ.players))
                for g in econ.groups]
        blocks.append("<h2>Payback by group</h2>" + _table(
            ["group", "level", "cost", "rent per opponent roll", "payback (opponent rolls)",
             *(f"rounds, {k} players" for k in econ.players)], rows))
    rows = [(i, text_in(sp.name, lang), f"{odds.per_roll[sp.id]:.3%}", f"{odds.per_turn[sp.id]:.3%}")
            for i, sp in enumerate(ed.spaces)]
    rows.append(("", "in jail", f"{odds.per_roll.get('in_jail', 0):.3%}", f"{odds.per_turn.get('in_jail', 0):.3%}"))
    blocks.append("<h2>Odds by space</h2>" + _table(["#", "space", "per roll", "per turn"], rows))
    facts = {"magie": _version(), "edition": ed.id, "variants": ", ".join(ed.variants) or "none",
             "content hash": ed.content_hash, "jail policy": odds.jail_policy,
             "rolls per turn": f"{odds.rolls_per_turn:.4f}",
             "not modelled": "; ".join(f"{c}: {r}" for c, r in odds.unknown) or "nothing"}
    index = folder / "index.html"
    index.write_text(_page(f"magie analyze: {text_in(ed.name, lang)}", blocks, facts), encoding="utf-8")
    return index


def write_compare_report(folder: Path, data: Mapping[str, Any], sweep: str | None = None) -> Path:
    """Write `folder/index.html` for a comparison (`Comparison.to_json()`): game length and
    first-player wins by configuration with intervals; for a sweep, the same against the value."""
    plt = _plt()
    folder.mkdir(parents=True, exist_ok=True)
    configs = data["configs"]
    labels = [c["label"] for c in configs]
    blocks = []
    xs: list[float] = list(range(len(configs)))
    numeric = False
    if sweep is not None:
        try:
            xs = [float(label.rpartition("=")[2]) for label in labels]
            numeric = True
        except ValueError:
            pass
    for key, title, pick in (
            ("rounds", "mean game length (rounds)", lambda c: (c["rounds"]["mean"], c["rounds"]["sd"], c["games"])),
            ("ended", "games ended by the rules",
             lambda c: (c["end_rate"]["rate"], c["end_rate"]["low"], c["end_rate"]["high"])),
            ("first", "first player's win rate", lambda c: (c["first_player"]["rate"], c["first_player"]["low"],
                                                            c["first_player"]["high"]))):
        fig, ax = plt.subplots(figsize=(8, 3.5))
        ys, lo, hi = [], [], []
        for c in configs:
            a, b, m = pick(c)
            if key == "rounds":
                half = 1.96 * b / math.sqrt(max(1, m))
                ys.append(a)
                lo.append(half)
                hi.append(half)
            else:
                ys.append(a)
                lo.append(a - b)
                hi.append(m - a)
        if numeric:
            ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=4)
            ax.set_xlabel(sweep.partition("=")[0] if sweep else "")
        else:
            ax.bar(xs, ys, yerr=[lo, hi], capsize=4, color="#4477aa")
            ax.set_xticks(xs, labels, rotation=20, ha="right")
        ax.set_title(title)
        blocks.append(f"<h2>{html.escape(title)}</h2>" + _save(fig, folder, f"{key}.png"))
    rows = [(d["label"], d["rounds"]["verdict"], d["ended"]["verdict"], d["first_wins"]["verdict"])
            for d in data["differences"]]
    blocks.append("<h2>Differences from the baseline (paired games)</h2>"
                  + _table(["configuration", "length", "ended", "first player"], rows))
    (folder / "comparison.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    facts = {"magie": _version(), "baseline": labels[0], "configurations": len(labels),
             "content hashes": ", ".join(sorted({c["content_hash"][:12] for c in configs})),
             "seed": data["seed"], "games per configuration": configs[0]["games"] if configs else 0,
             "sweep": sweep or "none"}
    index = folder / "index.html"
    index.write_text(_page("magie compare", blocks, facts), encoding="utf-8")
    return index
