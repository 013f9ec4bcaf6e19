"""A baseline that learns: MaskablePPO at seat 0 of classic, trained on CPU for a bounded time,
then evaluated against three random bots and against three basic bots (docs/rl.md "A baseline
that learns").

Training (`magie.rl.train`): one environment per entry of `--opponents` (the bot kind of its three
other seats), stepped in one process, one torch thread; `--later SHARE:KINDS` is the curriculum
(from SHARE of the budget on, the environments play against KINDS); it stops when another PPO
iteration as long as the longest so far would pass `--minutes` of the `--clock` ('wall' or 'cpu':
this process's CPU time).
The trained policy is saved to `--model` (under /tmp: no model is kept in the repository).

Evaluation: `--games` games against each bot kind, game k seeded `--eval-seed` + k, the
deterministic policy answering only masked slots; `--jobs` processes share the games (the figures
do not depend on it). A shared win counts as a fraction; 95% Wilson intervals; 25% is parity.

Writes the figures and the learning curve (the win share of the last 200 training games against
each bot kind, and PPO's losses, per iteration) as JSON to `--out`, and the curve as a PNG to
`--plot` (matplotlib).

Run: `OMP_NUM_THREADS=1 python benchmarks/rl_maskable_ppo.py [--minutes 30] [--games 400]`
(`--minutes 3 --games 50` for a short look). `--evaluate-only` evaluates the model saved at
`--model` again.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from magie.rl.train import Curve, TrainConfig, evaluate, model_policy, train

REPO = Path(__file__).resolve().parents[1]
WINDOW = 200       # training games per point of the curve


def _evaluate_part(model_path: str, opponents: str, games: int, seed: int, max_rounds: int) -> dict[str, Any]:
    """One process's share of an evaluation: games seed .. seed + games - 1."""
    import torch
    from sb3_contrib import MaskablePPO
    torch.set_num_threads(1)
    model = MaskablePPO.load(model_path, device="cpu")
    return evaluate(model_policy(model), "classic", opponents, games, seed=seed, max_rounds=max_rounds)


def evaluate_model(model_path: str, opponents: str, games: int, seed: int, max_rounds: int, jobs: int) -> dict:
    """`evaluate` of the saved model, its games split over `jobs` processes; the parts' counts are
    summed and the interval worked out on the whole."""
    from magie.engine.analysis.stats import wilson
    cuts = [games * j // jobs for j in range(jobs + 1)]
    started = time.monotonic()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_evaluate_part, [model_path] * jobs, [opponents] * jobs,
                              [cuts[j + 1] - cuts[j] for j in range(jobs)], [seed + cuts[j] for j in range(jobs)],
                              [max_rounds] * jobs))
    out: dict[str, Any] = {k: sum(p[k] for p in parts) for k in ("games", "won", "capped", "steps", "illegal")}
    out["rate"] = out["won"] / games
    out["low"], out["high"] = wilson(out["won"], games)
    out["wall_s"] = round(time.monotonic() - started, 1)
    out["seeds"] = f"{seed}..{seed + games - 1}"
    return out


def curve_points(curve: Curve, kinds: list[str]) -> list[dict[str, Any]]:
    """Per PPO iteration: the timesteps, the seconds, the losses, and for each bot kind the win
    share of the last `WINDOW` training games against it (None before the first)."""
    points = []
    for ts, loss, pg, vf, ent in curve.losses:
        games = [g for g in curve.games if g[0] <= ts]
        row: dict[str, Any] = {"timesteps": ts, "loss": loss, "policy_gradient_loss": pg, "value_loss": vf,
                               "entropy_loss": ent, "games": len(games)}
        if games:
            row["wall_s"], row["cpu_s"] = round(games[-1][1], 1), round(games[-1][2], 1)
        for kind in kinds:
            last = [g[4] for g in games if g[3] == kind][-WINDOW:]
            row[f"won_{kind}"] = sum(last) / len(last) if last else None
        points.append(row)
    return points


def dump(results: dict[str, Any], rows: int = 150) -> str:
    """The results as JSON, the curve thinned to about `rows` points (its last one kept) and
    written one point a line, so the file stays small and readable."""
    curve = results["curve"]
    every = max(1, -(-len(curve) // rows))
    kept = curve[::every] + ([curve[-1]] if (len(curve) - 1) % every else [])
    rounded = [{k: round(v, 5) if isinstance(v, float) else v for k, v in row.items()} for row in kept]
    head = json.dumps({k: v for k, v in results.items() if k != "curve"}, indent=1)
    points = ",\n  ".join(json.dumps(row) for row in rounded)
    return f'{head[:-2]},\n "curve": [\n  {points}\n ]\n}}\n'


def plot(points: list[dict[str, Any]], kinds: list[str], results: dict[str, Any], path: Path) -> None:
    """The learning curve: the training win share per bot kind, and the value loss and entropy."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True, height_ratios=(3, 2))
    xs = [p["timesteps"] for p in points]
    for kind in kinds:
        ys = [p[f"won_{kind}"] for p in points]
        top.plot(xs, [float("nan") if y is None else y for y in ys],
                 label=f"training games against three {kind} bots (last {WINDOW})")
    for kind, color in (("random", "C0"), ("basic", "C1")):
        ev = results.get("evaluation", {}).get(kind)
        if ev:
            err = [[max(0.0, ev["rate"] - ev["low"])], [max(0.0, ev["high"] - ev["rate"])]]
            top.errorbar([xs[-1]], [ev["rate"]], yerr=err,
                         fmt="o", color=color, capsize=4,
                         label=f"evaluation, {ev['games']} games against {kind} bots (95% interval)")
    for ts, phase_kinds in results.get("phases", []):
        top.axvline(ts, color="black", linewidth=0.8)
        top.annotate(" from here: " + ", ".join(phase_kinds), (ts, 0.97), fontsize=7, va="top")
    top.axhline(0.25, color="grey", linestyle=":", label="parity (25%)")
    top.axhline(0.9, color="grey", linestyle="--", linewidth=0.8, label="90%")
    top.set_ylim(-0.02, 1.04)
    top.set_ylabel("win share")
    top.legend(fontsize=8, loc="center right")
    top.set_title(f"MaskablePPO at seat 0 of classic, {results['training']['wall_s'] / 60:.0f} min of training")
    bottom.plot(xs, [p["value_loss"] for p in points], label="value loss", color="C2")
    bottom.set_ylabel("value loss")
    twin = bottom.twinx()
    twin.plot(xs, [-p["entropy_loss"] for p in points], label="entropy", color="C3")
    twin.set_ylabel("entropy")
    bottom.set_xlabel("environment steps (the learner's decisions)")
    bottom.legend(loc="upper left", fontsize=8)
    twin.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=30.0, help="training budget")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--opponents", default=",".join(TrainConfig.opponents),
                    help="the bot kind of each training environment (comma-separated)")
    ap.add_argument("--later", action="append", default=None, metavar="SHARE:KINDS",
                    help="from SHARE of the budget on, the environments' bot kinds (comma-separated); "
                         "repeatable; 'none' for no curriculum (default: "
                         + " ".join(f"{share:g}:{','.join(kinds)}" for share, kinds in TrainConfig.later) + ")")
    ap.add_argument("--shaping", type=float, default=TrainConfig.shaping)
    ap.add_argument("--max-rounds", type=int, default=TrainConfig.max_rounds, help="training and evaluation")
    ap.add_argument("--n-steps", type=int, default=TrainConfig.n_steps)
    ap.add_argument("--gamma", type=float, default=TrainConfig.gamma)
    ap.add_argument("--ent-coef", type=float, default=TrainConfig.ent_coef)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=400, help="evaluation games against each bot kind")
    ap.add_argument("--eval-seed", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=2, help="evaluation processes")
    ap.add_argument("--model", default="/tmp/magie_maskable_ppo.zip")
    ap.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results" / "rl_maskable_ppo.json")
    ap.add_argument("--plot", type=Path, default=REPO / "docs" / "rl-curve.png")
    ap.add_argument("--evaluate-only", action="store_true", help="evaluate the model at --model, no training")
    a = ap.parse_args()
    pairs = (x.partition(":") for x in (a.later or []) if x != "none")
    later = TrainConfig.later if a.later is None else tuple((float(s), tuple(k.split(","))) for s, _, k in pairs)
    config = TrainConfig(edition="classic", opponents=tuple(a.opponents.split(",")), later=later,
                         shaping=a.shaping, max_rounds=a.max_rounds, n_steps=a.n_steps, gamma=a.gamma,
                         ent_coef=a.ent_coef, seed=a.seed)
    kinds = list(dict.fromkeys([*config.opponents, *(k for _, ks in config.later for k in ks)]))
    results: dict[str, Any] = json.loads(a.out.read_text()) if a.evaluate_only else {}
    if not a.evaluate_only:
        load = os.getloadavg()
        started = time.monotonic()

        def progress(curve: Curve, ts: int) -> None:
            last = curve.losses[-1]
            shares = " ".join(f"{k} {sum(w) / len(w):.0%}" for k in kinds
                              if (w := [g[4] for g in curve.games if g[3] == k][-WINDOW:]))
            print(f"{ts:>8} steps {time.monotonic() - started:7.0f} s wall {time.process_time():7.0f} s cpu "
                  f"{len(curve.games):>5} games  won (last {WINDOW}): {shares or '-'}  loss {last[1]:.3f}",
                  flush=True)

        model, curve = train(config, a.minutes * 60, clock=a.clock, on_iteration=progress)
        wall, cpu = time.monotonic() - started, time.process_time()
        model.save(a.model)
        points = curve_points(curve, kinds)
        results = {
            "command": "OMP_NUM_THREADS=1 python benchmarks/rl_maskable_ppo.py " + " ".join(sys.argv[1:]),
            "config": config.as_dict(),
            "versions": _versions(),
            "training": {"budget_minutes": a.minutes, "clock": a.clock, "timesteps": model.num_timesteps,
                         "games": len(curve.games), "wall_s": round(curve.wall_s, 1), "cpu_s": round(curve.cpu_s, 1),
                         "script_wall_s": round(wall, 1), "script_cpu_s": round(cpu, 1),
                         "steps_per_wall_s": round(model.num_timesteps / curve.wall_s), "load_before": load,
                         "load_after": os.getloadavg()},
            "curve": points,
            "phases": curve.phases,
        }
    results["evaluation"] = {}
    for opponents in ("random", "basic"):
        ev = evaluate_model(a.model, opponents, a.games, a.eval_seed, a.max_rounds, a.jobs)
        results["evaluation"][opponents] = ev
        print(f"against three {opponents} bots: won {ev['won']:g} of {ev['games']} = {ev['rate']:.1%} "
              f"(95% {ev['low']:.1%} - {ev['high']:.1%}); {ev['capped']} at the round cap; "
              f"{ev['illegal']} illegal answers; {ev['wall_s']:.0f} s", flush=True)
    results["evaluation"]["load_after"] = os.getloadavg()
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(dump(results))
    plot(results["curve"], kinds, results, a.plot)
    print(f"wrote {a.out} and {a.plot}")


def _versions() -> dict[str, str]:
    import sb3_contrib
    import stable_baselines3
    import torch
    return {"python": platform.python_version(), "torch": torch.__version__,
            "stable_baselines3": stable_baselines3.__version__, "sb3_contrib": sb3_contrib.__version__}


if __name__ == "__main__":
    main()
