"""Load on one `magie serve` process: many concurrent games paced as people see them, and how fast
the server still answers a game's state, with its memory and CPU.

The script starts `magie serve` on a free port of this computer (a new, empty data folder, so
every game is saved as in use), creates `--games` games of four basic bots (a round cap so none
ends during the run) with `--bot-delay` seconds before each bot's turn (0.6 s, the server's
default, is the pace people follow), waits `--warmup` seconds, then for `--seconds` seconds
reads `GET /api/games/{game}` of random games from `--clients` client threads as fast as the
server answers. It reports the latency of those requests (median, p90, p99, max), the server's
resident memory (RSS, from /proc) before the games and at the end, its CPU share during the
measurement, and the turns the games played (how far the pace held).

Run: `python benchmarks/bench_serve.py [--games 200] [--seconds 30] [--clients 8]`
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

BOTS = [{"name": f"Bot {k}", "kind": "bot", "bot": "basic"} for k in range(1, 5)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, timeout: float = 30.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return bytes(r.read())


def _post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return dict(json.loads(r.read()))


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(port: int, data: Path, games: int, bot_delay: float) -> subprocess.Popen:
    magie = Path(sys.executable).with_name("magie")
    cmd = [str(magie), "serve", "--port", str(port), "--data", str(data), "--bot-delay", str(bot_delay),
           "--max-games", str(games + 10)]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            _get(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("magie serve did not answer within 60 s")


def _measure(base: str, ids: list[str], seconds: float, clients: int) -> list[float]:
    """Latencies (seconds) of state requests of random games from `clients` threads."""
    latencies: list[float] = []
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def client(k: int) -> None:
        rng = random.Random(k)
        mine: list[float] = []
        while time.monotonic() < end:
            t = time.perf_counter()
            _get(f"{base}/api/games/{rng.choice(ids)}")
            mine.append(time.perf_counter() - t)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies


def _turns(base: str, ids: list[str]) -> int:
    return sum(int(json.loads(_get(f"{base}/api/games/{g}"))["turns"]) for g in ids)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games of four bots held at once")
    ap.add_argument("--seconds", type=float, default=30.0, help="length of the measurement")
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds between creating the games and measuring")
    ap.add_argument("--clients", type=int, default=8, help="client threads reading states")
    ap.add_argument("--bot-delay", type=float, default=0.6, help="seconds before each bot's turn")
    ap.add_argument("--edition", default="classic")
    args = ap.parse_args()
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        server = _start(port, Path(tmp), args.games, args.bot_delay)
        try:
            rss_idle = _rss_mb(server.pid)
            t = time.monotonic()
            ids = [_post(f"{base}/api/games", {"edition": args.edition, "seed": k + 1, "seats": BOTS,
                                               "max_rounds": 100000})["game"] for k in range(args.games)]
            created = time.monotonic() - t
            time.sleep(args.warmup)
            turns0, cpu0, t0 = _turns(base, ids), _cpu_seconds(server.pid), time.monotonic()
            lat = sorted(_measure(base, ids, args.seconds, args.clients))
            turns1, cpu1, t1 = _turns(base, ids), _cpu_seconds(server.pid), time.monotonic()
            rss_end = _rss_mb(server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
    ms = [x * 1000 for x in lat]
    pace = args.games * (t1 - t0) / args.bot_delay if args.bot_delay else float("nan")
    print(f"{args.games} games of 4 basic bots ({args.edition}), bot delay {args.bot_delay:g} s; "
          f"{args.clients} clients for {args.seconds:g} s; load average {os.getloadavg()[0]:.1f}")
    print(f"created in {created:.1f} s")
    print(f"state requests: {len(ms)} ({len(ms) / args.seconds:.0f}/s); latency ms: "
          f"median {statistics.median(ms):.1f}, p90 {ms[int(0.90 * (len(ms) - 1))]:.1f}, "
          f"p99 {ms[int(0.99 * (len(ms) - 1))]:.1f}, max {ms[-1]:.1f}")
    print(f"server RSS: {rss_idle:.0f} MB without games, {rss_end:.0f} MB with them "
          f"({(rss_end - rss_idle) / args.games:.2f} MB a game)")
    print(f"server CPU: {(cpu1 - cpu0) / (t1 - t0):.0%} of one core during the measurement")
    print(f"turns played during it: {turns1 - turns0} (at most {pace:.0f} at the pace of the bot delay)")


if __name__ == "__main__":
    main()
