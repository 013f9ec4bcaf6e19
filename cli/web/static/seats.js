// Timers and absent players on the game page: the time left to each waiting seat's decision,
// the seats a bot answers for ("answered by a bot"), the button that takes one's own seat back,
// the host's switches that hand a person's seat to a bot and back (the host's token comes in the
// address's fragment, #host=...), and the link for spectators. game.js feeds it the state.
"use strict";
magie.seats = (function () {
  const { el, t, api } = magie;
  const host = new URLSearchParams(location.hash.slice(1)).get("host");
  let ctx = null;            // { gameId, state(), tokenOf, seatName }
  const since = {};          // seat -> when this page saw its decision asked (ms)

  function init(c) {
    ctx = c;
    setInterval(tick, 250);
  }

  // A state came: each seat it says waits was (re)asked now (the server sends a state with each
  // question to a person).
  function stateArrived(state) {
    const now = Date.now();
    for (const k of Object.keys(since)) delete since[k];
    for (const w of (state && state.waiting) || []) since[w.seat] = now;
  }

  const absentOf = state => new Map(((state && state.absent) || []).map(a => [a.seat, a.why]));

  function left(state, seat) {
    if (!state.decision_time || since[seat] === undefined) return null;
    return Math.max(0, Math.ceil(state.decision_time - (Date.now() - since[seat]) / 1000));
  }

  function tick() {
    const state = ctx && ctx.state();
    const box = document.getElementById("timers");
    if (!box || !state || state.over) return;
    const lines = (state.waiting || []).filter(w => left(state, w.seat) !== null && !absentOf(state).has(w.seat))
      .map(w => `${ctx.seatName(w.seat)}: ${left(state, w.seat)} ${t("s left")}`);
    box.textContent = lines.join(" · ");
  }

  async function hand(seat, bot, token) {
    const r = await api("POST", `/api/games/${encodeURIComponent(ctx.gameId)}/seats/${seat}?token=${encodeURIComponent(token)}`,
                        { bot });
    if (!r.ok) document.getElementById("refusal").textContent = (r.data && r.data.error) || String(r.status);
  }

  function render() {
    const state = ctx && ctx.state();
    const box = document.getElementById("seats-box");
    if (!state || !state.players || state.over) { box.hidden = true; return; }
    box.hidden = false;
    const absent = absentOf(state);
    // rebuilt only when what it shows changes (a button is not replaced under a click)
    const people = state.players.filter(p => p.kind === "human" && !p.bankrupt).map(p => [p.seat, p.name]);
    const key = JSON.stringify([[...absent], people, Object.keys(ctx.tokenOf), magie.lang]);
    if (box.dataset.key === key) { tick(); return; }
    box.dataset.key = key;
    const parts = [el("p", { id: "timers", class: "timers", "aria-live": "off" })];
    for (const [seat, token] of Object.entries(ctx.tokenOf).map(([s, tk]) => [Number(s), tk])) {
      if (!absent.has(seat)) continue;
      parts.push(el("p", { class: "absent-note" }, t("A bot answers for you while you are away") +
        (Object.keys(ctx.tokenOf).length > 1 ? ` (${ctx.seatName(seat)}) ` : " "),
        el("button", { type: "button", class: "take-back primary", "data-seat": seat, text: t("Take my seat back"),
                       onclick: () => hand(seat, false, token) })));
    }
    if (host) {
      const people = state.players.filter(p => p.kind === "human" && !p.bankrupt);
      const open = !!(document.getElementById("host-seats") || {}).open;
      parts.push(el("details", { id: "host-seats", open }, el("summary", { text: t("Seats (host)") }),
        ...people.map(p => el("p", { class: "host-seat", "data-seat": p.seat },
          p.name + (absent.has(p.seat) ? " · " + t("answered by a bot") + " " : " "),
          el("button", { type: "button", class: "hand", "data-seat": p.seat,
                         text: absent.has(p.seat) ? t("Hand the seat back") : t("Hand the seat to a bot"),
                         onclick: () => hand(p.seat, !absent.has(p.seat), host) })))));
    }
    const watch = `${location.origin}/games/${encodeURIComponent(ctx.gameId)}`;
    parts.push(el("p", { class: "dim" }, t("Link for spectators") + ": ",
      el("a", { id: "watch-link", href: watch, text: watch })));
    box.replaceChildren(...parts);
    tick();
  }

  return { init, stateArrived, render, absentOf };
})();
