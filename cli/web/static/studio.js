// The studio: an edition's text checked as it is typed (problems marked at their lines in the
// gutter and listed below), its board, a seeded bot game stepped turn by turn, a balance report.
// Texts from editions come back from the server escaped in its SVG or are set as text.
"use strict";
(function () {
  const { el, t, api } = magie;
  const $ = id => document.getElementById(id);
  const CHECK_DELAY = 300;          // ms after the last keystroke before the text is checked
  let draft = null;                 // the id of the text that checked last (null: it has errors)
  let checking = 0, timer = null;   // the newest check's number: older answers are dropped
  let game = null, step = 0;        // the game shown and its step
  let problems = [], refusal = null;   // the text's problems; the server's refusal of the request

  const fmt = (msg, vals) => t(msg).replace(/\{(\w+)\}/g, (m, k) => (k in vals ? vals[k] : m));
  const pct = x => (100 * x).toFixed(1) + "%";

  // ---- the editor: line numbers, problem markers, checking as one types
  function drawGutter() {
    const text = $("source").value;
    const count = text.split("\n").length;
    const at = new Map();
    for (const p of problems) {
      const seen = at.get(p.line);
      if (!seen || (seen.severity !== "error" && p.severity === "error")) at.set(p.line, p);
    }
    const lines = [];
    for (let k = 1; k <= count; k++) {
      const p = at.get(k);
      const title = p ? problems.filter(q => q.line === k).map(q => `${q.severity}[${q.code}]: ${q.message}`).join("\n") : null;
      lines.push(el("span", { class: "line" + (p ? " " + p.severity : ""), "data-line": String(k), title, text: String(k) }));
    }
    $("gutter").replaceChildren(...lines);
    $("gutter").scrollTop = $("source").scrollTop;
  }

  function showProblems() {
    const errors = refusal ? 1 : problems.filter(p => p.severity === "error").length;
    const status = $("check-status");
    status.className = "status " + (errors ? "bad" : "ok");
    const warnings = problems.length - (refusal ? 0 : errors);
    if (refusal) status.textContent = refusal;
    else if (errors) status.textContent = fmt("Errors: {n}", { n: errors }) + (warnings ? " · " + fmt("Warnings: {n}", { n: warnings }) : "");
    else status.textContent = warnings ? fmt("No errors · Warnings: {n}", { n: warnings }) : t("No problems");
    status.dataset.errors = String(errors);
    $("problems").replaceChildren(...problems.map(p => el("li", {
      class: p.severity, "data-line": String(p.line), onclick: () => goTo(p.line, p.col),
    }, el("span", { class: "where", text: `${p.line}:${p.col} ` }), `${t(p.severity)}[${p.code}]: ${p.message}`,
    p.where ? el("span", { class: "dim", text: ` (${p.where})` }) : null)));
    drawGutter();
  }

  function goTo(line, col) {
    const area = $("source");
    const lines = area.value.split("\n");
    let pos = 0;
    for (let k = 0; k < line - 1 && k < lines.length; k++) pos += lines[k].length + 1;
    pos += Math.max(0, Math.min(col - 1, (lines[line - 1] || "").length));
    area.focus();
    area.setSelectionRange(pos, pos);
    area.scrollTop = Math.max(0, (line - 5) * 18);
  }

  function later() {
    clearTimeout(timer);
    drawGutter();
    timer = setTimeout(check, CHECK_DELAY);
  }

  async function check() {
    const n = ++checking;
    $("check-status").textContent = t("Checking…");
    const r = await api("POST", "/api/studio/check?lang=" + magie.lang,
      { name: $("file-name").value || "edition.yaml", text: $("source").value });
    if (n !== checking) return;                 // a newer text is being checked
    refusal = r.ok ? null : (r.data && r.data.error) || String(r.status);
    problems = r.ok ? r.data.problems : [];
    showProblems();
    if (!r.ok) { draft = null; $("play").disabled = $("run-report").disabled = true; return; }
    const changed = r.data.draft !== draft;
    draft = r.data.draft;
    $("play").disabled = $("run-report").disabled = !draft;
    if (draft && changed) {
      const ed = r.data.edition;
      $("game-players").min = ed.players.min; $("game-players").max = ed.players.max;
      const n0 = Number($("game-players").value);
      if (n0 < ed.players.min || n0 > ed.players.max) $("game-players").value = Math.min(Math.max(4, ed.players.min), ed.players.max);
      if (game) play(step);           // the same game on the edited text, at the same step
      else board();
    }
    $("studio-board").classList.toggle("stale", !draft);
  }

  async function board() {
    if (!draft) return;
    const r = await fetch(`/api/studio/drafts/${draft}/board.svg?lang=${magie.lang}`);
    if (r.ok && !game) $("studio-board").innerHTML = await r.text();   // our own SVG: edition texts escaped
  }

  // ---- opening an edition: built-in or uploaded (by id) or a file of one's own
  async function openEdition() {
    const id = $("source-edition").value;
    const r = await api("GET", "/api/studio/source/" + encodeURIComponent(id));
    if (!r.ok) { $("check-status").textContent = (r.data && r.data.error) || String(r.status); return; }
    setText(r.data.name, r.data.text);
  }

  function setText(name, text) {
    $("file-name").value = name;
    $("source").value = text;
    $("source").scrollTop = 0;
    game = null; draft = null;
    showGame();
    later();
  }

  function openFile(ev) {
    const file = ev.target.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setText(file.name, String(reader.result));
    reader.readAsText(file);
  }

  function download() {
    const blob = new Blob([$("source").value], { type: "application/x-yaml" });
    const a = el("a", { href: URL.createObjectURL(blob), download: $("file-name").value || "edition.yaml" });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  // ---- a seeded game, step by step
  async function play(at) {
    if (!draft) return;
    $("game-error").textContent = "";
    const q = new URLSearchParams({ seed: $("game-seed").value || "0", players: $("game-players").value,
      bot: $("game-bot").value, lang: magie.lang });
    $("step-info").textContent = t("Playing…");
    const r = await api("GET", `/api/studio/drafts/${draft}/game?${q}`);
    if (!r.ok) { $("game-error").textContent = (r.data && r.data.error) || String(r.status); $("step-info").textContent = ""; return; }
    game = r.data;
    step = Math.min(at || 0, game.steps.length - 1);
    showGame();
  }

  async function showGame() {
    const box = $("game-box");
    box.dataset.step = game ? String(step) : "";
    for (const id of ["step-first", "step-back", "step-next", "step-end"]) $(id).disabled = !game;
    if (!game) { $("step-lines").replaceChildren(); $("step-seats").tBodies[0].replaceChildren(); $("step-info").textContent = ""; return; }
    const s = game.steps[step], last = game.steps.length - 1;
    $("step-back").disabled = $("step-first").disabled = step === 0;
    $("step-next").disabled = $("step-end").disabled = step === last;
    let info = fmt("Step {k} of {n}", { k: step, n: last }) + " · " + t("Round") + " " + s.round;
    if (step === last) {
      const names = game.end.winners.map(w => game.steps[0].players[w].name).join(", ");
      info += " · " + (game.end.over ? `${t("Game over")}: ${t("Winner")} ${names}` : t("stopped by the studio's limit"));
    }
    $("step-info").textContent = info;
    $("step-lines").replaceChildren(...s.lines.map(line => el("li", { text: line })));
    const head = el("tr", {}, ...["Player", "Cash", "Where", "Title deeds", "Net worth"].map(w => el("th", { text: t(w) })));
    $("step-seats").tBodies[0].replaceChildren(head, ...s.players.map(p => el("tr", { class: p.bankrupt ? "out" : null },
      el("td", { text: p.name }), el("td", { text: String(p.cash) }), el("td", { text: p.where + (p.in_jail ? " (" + t("in jail") + ")" : "") }),
      el("td", { text: String(p.deeds) }), el("td", { text: String(p.net_worth) }))));
    const g = game, k = step;
    const q = new URLSearchParams({ seed: g.seed, players: g.players, bot: g.bot, lang: magie.lang, turn: k });
    const r = await fetch(`/api/studio/drafts/${g.draft}/board.svg?${q}`);
    if (game !== g || step !== k) return;        // stepped on meanwhile
    if (r.ok) { $("studio-board").innerHTML = await r.text(); $("studio-board").dataset.step = String(k); }
    else $("game-error").textContent = ((await r.json()) || {}).error || String(r.status);
  }

  function go(to) {
    if (!game) return;
    step = Math.max(0, Math.min(game.steps.length - 1, to));
    showGame();
  }

  // ---- the balance report
  async function report() {
    if (!draft) return;
    $("report-error").textContent = "";
    $("report-status").textContent = t("Playing…");
    $("run-report").disabled = true;
    const body = { games: Number($("report-games").value) || 100, seed: Number($("game-seed").value) || 0,
      players: Number($("game-players").value), bot: $("game-bot").value, lang: magie.lang };
    const r = await api("POST", `/api/studio/drafts/${draft}/report`, body);
    $("run-report").disabled = !draft;
    $("report-status").textContent = "";
    if (!r.ok) { $("report-error").textContent = (r.data && r.data.error) || String(r.status); return; }
    showReport(r.data);
  }

  function table(head, rows) {
    return el("table", { class: "report-table" }, el("tr", {}, ...head.map(h => el("th", { text: h }))),
      ...rows.map(row => el("tr", {}, ...row.map(c => el("td", { text: String(c) })))));
  }

  function showReport(d) {
    const ci = x => `${pct(x.rate)} [${pct(x.low)}–${pct(x.high)}]`;
    const heat = el("div", { class: "board heat" });
    heat.innerHTML = d.heat;                     // our own SVG: edition texts escaped
    const parts = [
      el("p", { id: "report-games-played", text: fmt("Games played: {n} of {asked} (seed {seed}, {bot})", { ...d, n: d.games }) }),
      el("h3", { text: t("Win rate by seat") }),
      table([t("Player"), t("Win rate") + " (95%)"], d.win_by_seat.map(w => [w.name, ci(w)])),
      el("p", { text: `${t("First player")}: ${ci(d.first_player)} · ${t("expected")} ${pct(d.first_player.expected)}` }),
      el("h3", { text: t("Game length (rounds)") }),
      el("p", { text: `${t("mean")} ${d.rounds.mean} [${d.rounds.low}–${d.rounds.high}] · ${t("median")} ${d.rounds.p50}` +
        ` · ${d.rounds.p25}–${d.rounds.p75} · ${d.rounds.min}…${d.rounds.max}` }),
      el("p", { class: "dim", text: d.end_reasons.map(r => `${r.words}: ${r.games}`).join(" · ") }),
      el("h3", { text: t("Landings on the board (heat map)") }), heat,
      el("h3", { text: t("Payback by group (rounds)") }),
      d.payback.length ? table([t("Group"), t("deeds only"), t("soonest"), t("Cost")],
        d.payback.map(p => [p.name, p.deeds_rounds ?? "–", p.best_rounds === null ? "–" : `${p.best_rounds} (${p.best_level})`,
          p.best_cost ?? "–"])) : el("p", { class: "dim", text: d.payback_note || "" }),
      el("h3", { text: t("Rent paid") }),
      table([t("Group"), t("Rent")], d.rent_by_group.map(g => [g.name, g.rent])),
    ];
    $("report").replaceChildren(...parts);
    $("report").dataset.games = String(d.games);
  }

  // ---- start
  async function load(lang) {
    await magie.loadWords(lang);
    const [eds, conf] = await Promise.all([api("GET", "/api/editions?lang=" + lang), api("GET", "/api/studio")]);
    const sel = $("source-edition");
    const keep = sel.value || "classic";
    sel.replaceChildren(...eds.data.editions.map(e => el("option", { value: e.id, text: `${e.name} (${e.id})` })),
      ...eds.data.uploaded.map(e => el("option", { value: e.id, text: `${e.name} (${t("uploaded")})` })));
    sel.value = [...sel.options].some(o => o.value === keep) ? keep : sel.options[0].value;
    const bot = $("game-bot").value || "basic";
    $("game-bot").replaceChildren(...conf.data.bots.map(b => el("option", { value: b, text: b })));
    $("game-bot").value = conf.data.bots.includes(bot) ? bot : conf.data.bots[0];
    $("report-games").max = conf.data.max_report_games;
    if (draft && game) play(step);
    else if (draft) board();
    if ($("check-status").dataset.errors !== undefined) showProblems();   // in the new language
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const langSel = $("ui-lang");
    langSel.value = (navigator.language || "en").startsWith("ru") ? "ru" : "en";
    langSel.addEventListener("change", () => load(langSel.value));
    $("source").addEventListener("input", later);
    $("source").addEventListener("scroll", () => { $("gutter").scrollTop = $("source").scrollTop; });
    $("file-name").addEventListener("change", later);
    $("open-edition").addEventListener("click", openEdition);
    $("open-file").addEventListener("change", openFile);
    $("download").addEventListener("click", download);
    $("play").addEventListener("click", () => play(0));
    $("step-first").addEventListener("click", () => go(0));
    $("step-back").addEventListener("click", () => go(step - 1));
    $("step-next").addEventListener("click", () => go(step + 1));
    $("step-end").addEventListener("click", () => go(Infinity));
    $("run-report").addEventListener("click", report);
    $("play").disabled = $("run-report").disabled = true;
    showGame();
    await load(langSel.value);
    drawGutter();
    document.body.dataset.ready = "1";
  });
})();
