"""Programs as agents (`cmd:PROGRAM`, engine/agents/external.py): the example agent of
docs/examples/agents plays whole games, the same as the same rule played in-process, the same
game twice; a program that crashes, is silent, prints garbage, prints an over-long line or
answers illegally is reported with its command and the decision and leaves no process behind;
at the command line a game plays and a missing program is one line."""

from __future__ import annotations

import gc
import json
import os
import re
import shlex
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from magie.cli.app import app
from magie.engine import load_playable, make_bot
from magie.engine.agents import bot_factory, is_plugin
from magie.engine.agents.external import ExternalAgent, ExternalAgentError, close_agents, decision_message
from magie.engine.game.decisions import DONE, Decision, FunctionAgent
from magie.engine.game.game import Game
from magie.engine.saves import read_save
from magie.engine.sim.batch import BatchSpec, play_one
from tests.game.helpers import playable

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "agents" / "thrifty.py"
PY = shlex.quote(sys.executable)
KIND = f"cmd:{PY} {shlex.quote(str(EXAMPLE))}"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts children in /proc")


def children() -> list[int]:
    """The processes whose parent is this one, zombies included (read from /proc). Tests compare
    them with those at their start: the browser tests share one Chromium for the session."""
    me, out = os.getpid(), []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == me:
                out.append(int(entry))
    return out


def living(group: int) -> list[int]:
    """The processes of process group `group` that are not zombies (read from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                out.append(int(entry))
    return out


def thrifty(game, d: Decision):
    """The example program's rule, in-process (docs/examples/agents/thrifty.py)."""
    if d.kind == "buy":
        return "buy" if "buy" in d.options and d.player.cash - d.price >= 200 else "decline"
    if d.kind == "manage":
        return DONE
    if d.kind == "bid":
        return None
    if d.kind in ("trade", "deal"):
        return "reject"
    return d.options[0] if d.options else None


def play(agents, seed: int = 5, rounds: int = 25) -> Game:
    ed = load_playable("classic")
    g = Game(ed, [(f"P{k + 1}", a) for k, a in enumerate(agents)], seed=seed, max_rounds=rounds, record=True,
             start=False)
    try:
        g.start()
        g.play()
    finally:
        close_agents(agents, g)
    return g


def outcome(g: Game) -> tuple:
    return (g.end_reason, [p.seat for p in g.winners], [p.cash for p in g.players],
            [None if o is None else o.seat for o in g.owner], g.answers)


def test_the_example_plays_the_game_its_rule_plays_in_process_and_the_same_game_twice():
    before = children()
    first = play([make_bot(KIND, 5, k) for k in range(3)])
    assert children() == before                      # every program told the end and reaped
    second = play([make_bot(KIND, 5, k) for k in range(3)])
    inproc = play([FunctionAgent(f"t{k}", thrifty) for k in range(3)])
    assert outcome(first) == outcome(second)
    assert outcome(first) == outcome(inproc)
    assert first.end_reason == "round_limit" and first.round == 26
    owned = [o for o in first.owner if o is not None]
    assert len(owned) >= 6                           # its answers took effect: it bought deeds


def test_a_batch_game_of_programs_tells_each_the_end_and_equals_itself():
    before = children()
    spec = BatchSpec(edition="classic", bots=(KIND, KIND, KIND), max_rounds=8, seed=2)
    a, b = play_one(spec, 0), play_one(spec, 0)
    assert (a.reason, a.winners, a.cash, a.worth) == (b.reason, b.winners, b.cash, b.worth)
    assert a.reason == "round_limit" and a.rounds == 8
    assert children() == before


BAD = {
    "crash": "import sys; sys.stdin.readline(); sys.stdin.readline(); sys.exit(3)",
    "silent": "import sys, time\nfor line in sys.stdin: time.sleep(60)",
    "garbage": "import sys\nfor line in sys.stdin:\n    if '\"decision\"' in line: print('hello there', flush=True)",
    "illegal": "import sys\nfor line in sys.stdin:\n    if '\"decision\"' in line: print('{\"answer\": \"maybe\"}', "
               "flush=True)",
    "long": "import sys\nfor line in sys.stdin:\n    if '\"decision\"' in line: print('x' * 5000, flush=True)",
    "not_an_object": "import sys\nfor line in sys.stdin:\n    if '\"decision\"' in line: print('[1, 2]', flush=True)",
}
SAID = {"crash": "exited (code 3) without answering", "silent": "gave no answer within 0.5 s",
        "garbage": "printed a line that is not JSON: 'hello there'",
        "illegal": "answered illegally '{\"answer\": \"maybe\"}': an action is a tuple",
        "long": "printed a line longer than 1000 bytes",
        "not_an_object": "printed '[1, 2]', not an object"}


@pytest.mark.parametrize("what", sorted(BAD))
def test_a_failing_program_is_named_with_the_decision_and_leaves_no_process(tmp_path, what):
    script = tmp_path / f"{what}.py"
    script.write_text(BAD[what], encoding="utf-8")
    command = f"{PY} {shlex.quote(str(script))}"
    bad = ExternalAgent(command, timeout=0.5 if what == "silent" else 30, max_line=1000)
    before = children()
    with pytest.raises(ExternalAgentError) as e:
        play([bad, FunctionAgent("t2", thrifty), FunctionAgent("t3", thrifty)])
    message = str(e.value)
    assert message.startswith(f"bot 'cmd:{command}' {SAID[what]}"), message
    assert "when asked 'manage' for P1 (seat 0) [window='before_roll'" in message
    assert bad.child is None and children() == before


def test_a_program_that_started_others_is_stopped_with_them(tmp_path):
    before = children()
    (tmp_path / "silent.py").write_text(BAD["silent"], encoding="utf-8")
    silent = shlex.quote(str(tmp_path / "silent.py"))
    shell = f"echo $$ > {shlex.quote(str(tmp_path / 'group'))}; sleep 120 & exec {PY} {silent}"
    with pytest.raises(ExternalAgentError, match="gave no answer within 0.5 s"):
        play([ExternalAgent(["sh", "-c", shell], timeout=0.5), FunctionAgent("t2", thrifty)])
    group = int((tmp_path / "group").read_text())
    deadline = time.monotonic() + 10                 # the background sleep went with it (killed at
    while living(group) and time.monotonic() < deadline:    # once; gone as soon as the kernel is done)
        time.sleep(0.05)
    assert living(group) == []
    assert children() == before


def test_a_program_that_closes_its_output_is_named(tmp_path):
    before = children()
    (tmp_path / "mute.py").write_text("import os, sys, time\nos.close(1)\ntime.sleep(60)\n", encoding="utf-8")
    with pytest.raises(ExternalAgentError, match="closed its output without answering when asked 'manage'"):
        play([ExternalAgent([sys.executable, str(tmp_path / "mute.py")]), FunctionAgent("t2", thrifty)])
    assert children() == before


def answering(tmp_path: Path, name: str, answer: str, after: str = "") -> Path:
    """A program NAME.py that answers each decision with the Python expression `answer` (over
    the message `m`), then runs `after` (Python statements) at the end message."""
    script = tmp_path / f"{name}.py"
    script.write_text("import sys, json, time\nfor line in sys.stdin:\n    m = json.loads(line)\n"
                      f"    if m['type'] == 'decision':\n"
                      f"        print(json.dumps({{'answer': {answer}}}), flush=True)\n"
                      f"    if m['type'] == 'end':\n        {after or 'pass'}\n", encoding="utf-8")
    return script


def test_an_illegal_answer_among_listed_options_names_the_options(tmp_path):
    before = children()
    script = answering(tmp_path, "buyer", "['done'] if m['kind'] == 'manage' else 'maybe'")
    with pytest.raises(ExternalAgentError, match=r"answered illegally '\{\"answer\": \"maybe\"\}': not one of "
                                                 r"\[\"buy\", \"decline\"\] when asked 'buy' for P1"):
        play([ExternalAgent([sys.executable, str(script)]), FunctionAgent("t2", thrifty),
              FunctionAgent("t3", thrifty)])
    assert children() == before


def test_a_dropped_agent_has_its_program_killed(tmp_path):
    before = children()
    script = answering(tmp_path, "slow", "['done'] if m['kind'] == 'manage' else (m['options'] or [None])[0]",
                       "time.sleep(60)")
    agent = ExternalAgent([sys.executable, str(script)])
    g = Game(playable("classic"), [("a", agent), ("b", FunctionAgent("b", thrifty))], seed=1, max_rounds=1)
    g.play()
    assert len(children()) == len(before) + 1        # still running: nobody closed it
    del agent, g
    gc.collect()
    assert children() == before


def test_the_decision_line_carries_options_details_state_and_text():
    g = Game(playable("classic"), [("Anna", FunctionAgent("a", thrifty)), ("Boris", FunctionAgent("b", thrifty))],
             seed=1, start=False)
    d = Decision.of("buy", g.players[0], ("buy", "decline"), None, {"space": 1, "price": 60})
    m = json.loads(json.dumps(decision_message(g, d)))
    assert m["kind"] == "buy" and m["seat"] == 0 and m["options"] == ["buy", "decline"]
    assert m["details"] == {"space": 1, "price": 60}
    assert m["state"]["players"][0]["cash"] == 1500 and m["state"]["owner"][1] is None
    assert "You are Anna (seat 0): cash 1500" in m["text"]
    assert "Details: space: Zhitnaya Street (1); price: 60" in m["text"]
    assert '1. buy: "buy"' in m["text"]


def test_a_manage_decision_line_says_why_each_closed_action_is_closed():
    g = Game(playable("classic"), [("Anna", FunctionAgent("a", thrifty)), ("Boris", FunctionAgent("b", thrifty))],
             seed=1, start=False)
    anna = g.players[0]
    g.set_owner(1, anna)                             # one of the two brown deeds
    d = Decision.of("manage", anna, None, g, {"window": "before_roll", "more_rolls": False})
    m = decision_message(g, d)
    assert m["options"] == [["mortgage", 1], ["done"]]
    assert m["closed"] == [{"action": ["build", 1],
                            "why": "Anna does not own the whole group brown: nagatinskaya is the bank's"}]
    assert "Not open now:\n- build on Zhitnaya Street (1): Anna does not own the whole group brown" in m["text"]


def test_a_kind_naming_a_missing_program_is_refused_before_the_game():
    assert is_plugin("cmd:python3 x.py")
    with pytest.raises(ValueError, match="program 'no-such-program-here' not found"):
        bot_factory("cmd:no-such-program-here --fast")
    with pytest.raises(ValueError, match="no program given"):
        make_bot("cmd:  ")
    with pytest.raises(ValueError, match="cannot split the command"):
        make_bot("cmd:python3 'unclosed")


runner = CliRunner()


def test_play_at_the_command_line_with_programs(tmp_path, monkeypatch):
    before = children()
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["play", "classic", "--bots", "3", "--bot-kind", KIND, "--seed", "4",
                            "--max-rounds", "6", "--quiet"])
    assert r.exit_code == 0, r.output
    assert "Winner" in r.output
    r = runner.invoke(app, ["play", "classic", "--bots", "3", "--bot-kind", "cmd:no-such-program-here",
                            "--seed", "4", "--quiet"])
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        "magie: bot 'cmd:no-such-program-here': program 'no-such-program-here' not found (not on PATH, or not "
        "an executable file)"]
    r = runner.invoke(app, ["ladder", "classic", "--bot", f"basic,{KIND}", "-n", "2", "-j", "1", "--players", "2",
                            "--max-rounds", "5", "--out", "ladder.json"])
    assert r.exit_code == 0, r.output
    ladder = json.loads((tmp_path / "ladder.json").read_text())
    assert ladder["kinds"] == ["basic", KIND] and ladder["games"] == 2
    r = runner.invoke(app, ["serve", "--bot", "cmd:no-such-program-here", "--port", "1"])
    assert r.exit_code == 1 and "--bot: bot 'cmd:no-such-program-here': program 'no-such-program-here' not found" \
        in r.output
    assert children() == before


def test_a_crashing_program_at_the_command_line_is_named_and_the_game_saved(tmp_path, monkeypatch):
    before = children()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "crash.py").write_text(BAD["crash"], encoding="utf-8")
    kind = f"cmd:{PY} crash.py"
    r = runner.invoke(app, ["play", "classic", "--bots", "3", "--bot-kind", kind, "--seed", "4", "--quiet"])
    assert r.exit_code == 1
    assert f"bot '{kind}' exited (code 3) without answering when asked 'manage' for Bot " in r.output
    assert "bug in magie's engine" not in r.output
    save = read_save(tmp_path / "magie-classic-seed4.json")
    assert [s.agent for s in save.seats] == [kind] * 3
    r = runner.invoke(app, ["play", "--resume", "magie-classic-seed4.json"])
    assert r.exit_code == 1 and "save-plugin-bot" in r.output
    assert f"--bot {shlex.quote(kind)}" in r.output     # a command the shell passes as one argument
    r = runner.invoke(app, ["simulate", "classic", "-n", "1", "-j", "1", "--bot", f"{kind},basic,basic"])
    assert r.exit_code == 1 and "exited (code 3)" in r.output
    assert list(tmp_path.glob("magie-failed-classic-seed*.json"))
    assert children() == before


def test_the_documented_messages_have_the_keys_magie_sends():
    from magie.engine.agents.external import end_message, hello_message
    text = (Path(__file__).resolve().parents[2] / "docs" / "agents.md").read_text(encoding="utf-8")
    section = text.split("## Programs in any language", 1)[1]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    documented = {b["type"]: b for b in (json.loads(x) for x in blocks if '"type"' in x and "..." not in x)}
    g = play([FunctionAgent(f"t{k}", thrifty) for k in range(2)], rounds=2)
    for sent in (hello_message(g, 0, 7), end_message(g)):
        shown = documented[sent["type"]]
        assert set(shown) == set(sent)
        for key in ("board", "players", "groups"):
            if key in sent:
                assert set(shown[key][0]) == set(sent[key][0])
    answers = next(x for x in blocks if x.startswith('{"answer"'))
    assert all(list(json.loads(line)) == ["answer"] for line in answers.splitlines())


def test_a_save_may_seat_a_program_written_on_one_line():
    from magie.engine.saves.reader import PLUGIN_KIND
    assert PLUGIN_KIND.match("cmd:python3 'my agent.py' --fast")
    assert PLUGIN_KIND.match("mybots:Greedy")
    assert not PLUGIN_KIND.match("cmd:") and not PLUGIN_KIND.match("cmd:python3 a.py\x1b[2J")
    assert not PLUGIN_KIND.match("cmd:python3\na.py")
