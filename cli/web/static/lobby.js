// The lobby on the start page: the games waiting for players (GET /api/lobby), joining one by
// name (a seat's token comes back), and waiting until the game starts: then the page goes to the
// seat's link. The host of a game waiting here may start it with bots in the seats still open.
"use strict";
magie.lobby = (function () {
  const { el, t, api } = magie;
  const EVERY = 3000;        // ms between two looks at the lobby
  let waiting = null;        // { game, host, ready }: the game this page waits for

  async function refresh() {
    const r = await api("GET", "/api/lobby");
    if (r.ok) render(r.data.games);
    if (!waiting) setTimeout(refresh, EVERY);
  }

  // One row a game; a row already shown is kept (with the name being typed in it), its text renewed.
  function render(games) {
    const list = document.getElementById("lobby-games");
    const shown = new Map([...list.children].map(li => [li.dataset.game, li]));
    const rows = games.map(g => {
      const seats = g.seats.map(s => s.kind === "open" ? "…" : s.name + (s.kind === "bot" ? " (" + t("bot") + ")" : ""));
      const timer = g.decision_time ? ` · ${t("Decision time (seconds)")}: ${g.decision_time}` : "";
      const text = ` · ${seats.join(", ")} · ${t("Open seats")}: ${g.open}${timer}`;
      const li = shown.get(g.game);
      if (li) { li.querySelector(".about").textContent = text; return li; }
      const name = el("input", { class: "join-name", maxlength: "40", required: true, "aria-label": t("Your name"),
                                 placeholder: t("Your name") });
      return el("li", { class: "lobby-game", "data-game": g.game },
        el("strong", { text: g.name }), el("span", { class: "about", text }),
        el("form", { class: "join", onsubmit: ev => { ev.preventDefault(); join(g.game, name.value); } },
          name, el("button", { type: "submit", class: "join-button", text: t("Join") })));
    });
    // the same rows in the same order stay where they are (a field being typed in keeps its focus)
    if (rows.length !== list.children.length || rows.some((li, k) => list.children[k] !== li)) list.replaceChildren(...rows);
    document.getElementById("lobby-empty").hidden = games.length > 0;
  }

  async function join(game, name) {
    const r = await api("POST", `/api/lobby/${encodeURIComponent(game)}/join`, { name });
    const err = document.getElementById("lobby-error");
    if (!r.ok) { err.textContent = (r.data && r.data.error) || String(r.status); return; }
    err.textContent = "";
    const go = () => { location.href = `/games/${encodeURIComponent(game)}#token=${r.data.token}`; };
    if (r.data.started) go(); else wait(game, null, go);
  }

  // Wait for `game` to start, then `ready()`; `host`: the host's token (a "start now" button).
  function wait(game, host, ready) {
    waiting = { game, host, ready };
    document.getElementById("new-game").hidden = true;
    document.getElementById("lobby").hidden = true;
    document.getElementById("waiting").hidden = false;
    const start = document.getElementById("start-now");
    start.hidden = !host;
    start.onclick = async () => {
      const r = await api("POST", `/api/lobby/${encodeURIComponent(game)}/start?token=${encodeURIComponent(host)}`);
      if (!r.ok) document.getElementById("waiting-text").textContent = (r.data && r.data.error) || String(r.status);
      else look();
    };
    look();
  }

  async function look() {
    const w = waiting;
    const r = await api("GET", `/api/lobby/${encodeURIComponent(w.game)}`);
    const text = document.getElementById("waiting-text");
    if (r.ok && r.data.started) {
      document.getElementById("waiting").hidden = true;
      if (!w.done) { w.done = true; w.ready(); }
      return;
    }
    if (!r.ok) { text.textContent = (r.data && r.data.error) || String(r.status); return; }
    const seated = r.data.seats.filter(s => s.kind !== "open").map(s => s.name);
    text.textContent = `${t("Open seats")}: ${r.data.open} · ${t("Players")}: ${seated.join(", ")}`;
    text.dataset.open = String(r.data.open);
    setTimeout(look, 1000);
  }

  document.addEventListener("DOMContentLoaded", refresh);
  return { wait, refresh };
})();
