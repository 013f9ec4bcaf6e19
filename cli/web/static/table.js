// The table around the board: the dice in the board's centre, the token stepping from space to
// space, a drawn card, money changes beside the players, the feed of the latest events, and at
// the end the net worth chart and the landings heat map. Everything here only shows what the
// events and the state say; game.js feeds it. Motion is skipped where the person asked for less
// (prefers-reduced-motion) and when the page falls behind the game.
"use strict";
magie.table = (function () {
  const { el, t } = magie;
  const COLORS = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324"];
  const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  const STEP_MS = 140, DELTA_MS = 3500, FEED = 6;
  const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const wait = ms => new Promise(r => setTimeout(r, ms));
  let chain = Promise.resolve(), queued = 0;
  const moving = new Set();            // seats whose token is walking (the board's token is hidden)
  const deltas = [];                   // {seat, amount, at}: money changes still fading
  let ctx = null;                      // {info, money(n), seatName(s)} from game.js

  // Run the effects one after the other, in the order of the events; when more than a few wait,
  // the page is behind the game and a walk is skipped (the token jumps).
  function queue(fn) {
    queued++;
    chain = chain.then(fn).catch(() => {}).finally(() => { queued--; });
  }
  const behind = () => queued > 3;

  function die(face, extra) {
    const d = el("div", { class: "die" + (extra ? " extra" : ""), "data-face": String(face) });
    if (typeof face === "string") {            // a symbol face of the edition's own dice
      d.classList.add("symbol");
      d.textContent = (ctx.info.symbols || {})[face] || face;
    } else if (PIPS[face]) {
      for (let k = 0; k < 9; k++) d.append(el("span", { class: PIPS[face].includes(k) ? "pip" : "" }));
    } else {
      d.classList.add("number");
      d.textContent = String(face);
    }
    return d;
  }

  // A throw: the base dice, then the edition's own dice (their faces: numbers or symbols).
  function showDice(ev, animate) {
    const faces = ev.faces || [];
    const base = ev.dice.slice(0, ev.dice.length - faces.length);
    const box = document.getElementById("dice");
    box.replaceChildren(...base.map(f => die(f, false)), ...faces.map(f => die(f, true)));
    box.dataset.dice = JSON.stringify(ev.dice);
    box.dataset.player = String(ev.player);
    box.title = ctx.seatName(ev.player);
    box.setAttribute("aria-label", t("Dice") + ": " + ev.dice.map(f => (ctx.info.symbols || {})[f] || f).join(", ") +
                     " (" + ctx.seatName(ev.player) + ")");
    box.classList.toggle("rolling", animate && !reduced());
    document.getElementById("card").hidden = true;
  }

  function showCard(ev) {
    const deck = (ctx.info.decks || {})[ev.deck] || { name: ev.deck, cards: {} };
    const card = document.getElementById("card");
    card.replaceChildren(el("p", { class: "deck", text: deck.name }),
      el("p", { class: "text", text: deck.cards[ev.card] || ev.card }),
      el("p", { class: "who", text: ctx.seatName(ev.player) }));
    card.dataset.deck = ev.deck;
    card.dataset.card = ev.card;
    card.hidden = false;
  }

  // The middle of space `index` in the table's pixels (the board scales with the window).
  function centreOf(index) {
    const cell = document.querySelector(`#board g.space[data-index="${index}"] rect.cell`);
    if (!cell) return null;
    const r = cell.getBoundingClientRect(), box = document.getElementById("table").getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
  }

  function hideMoving() {
    for (const tok of document.querySelectorAll("#board circle.token")) {
      tok.style.visibility = moving.has(Number(tok.dataset.seat)) ? "hidden" : "";
    }
  }

  // A move of `steps` spaces (negative: back) ending on space id `to`: the token walks there.
  async function walk(ev) {
    const spaces = ctx.info.spaces, n = spaces.length;
    const to = spaces.findIndex(s => s.id === ev.to);
    const count = Math.abs(ev.steps || 0);
    if (to < 0 || !count || count >= n || reduced() || behind()) return;
    const dir = Math.sign(ev.steps);
    const path = [];
    for (let k = count; k >= 0; k--) path.push((((to - dir * k) % n) + n) % n);
    const walker = el("div", { class: "walker", "data-seat": ev.player });
    walker.style.background = COLORS[ev.player % COLORS.length];
    const place = i => {
      const c = centreOf(i);
      if (c) { walker.style.left = c[0] + "px"; walker.style.top = c[1] + "px"; }
    };
    place(path[0]);
    document.getElementById("table").dataset.walked = JSON.stringify(path);   // the spaces stepped on, for tests
    document.getElementById("table").append(walker);
    moving.add(ev.player);
    hideMoving();
    try {
      for (const i of path.slice(1)) { await wait(STEP_MS); place(i); }
      await wait(STEP_MS);
    } finally {
      walker.remove();
      moving.delete(ev.player);
      hideMoving();
    }
  }

  // Money an event moves, by seat, for the changes shown beside the players.
  function moneyOf(ev) {
    const out = [];
    const add = (seat, amount) => { if (Number.isInteger(seat) && amount) out.push([seat, amount]); };
    switch (ev.e) {
      case "pay": add(ev.payer, -ev.amount); add(ev.payee, ev.amount); break;
      case "lap": add(ev.player, ev.salary); break;
      case "buy": add(ev.player, -ev.price); break;
      case "sold": add(ev.player, -ev.price); break;
      case "build": add(ev.player, -ev.cost); break;
      case "sell_deed": add(ev.player, ev.value); break;
      case "jackpot": add(ev.player, ev.amount); break;
    }
    return out;
  }

  let known = null;     // seat -> cash the page has accounted for (the last state plus the changes shown since)

  function addDelta(seat, amount) {
    deltas.push({ seat, amount, at: performance.now() });
    if (known) known[seat] = (known[seat] || 0) + amount;
  }

  // A new state: what changed the cash beyond the events' changes (a sale, a mortgage) is shown too.
  function reconcile(state) {
    const now = {};
    for (const p of state.players) now[p.seat] = p.cash;
    if (known) {
      for (const p of state.players) {
        const rest = p.cash - (known[p.seat] || 0);
        if (rest) deltas.push({ seat: p.seat, amount: rest, at: performance.now() });
      }
    }
    known = now;
  }

  // The fading changes of one player's cash, to put beside it (re-drawn rows keep their place in
  // the fade: the animation starts as far back as the change is old).
  function deltasOf(seat) {
    const now = performance.now();
    while (deltas.length && now - deltas[0].at > DELTA_MS) deltas.shift();
    return deltas.filter(d => d.seat === seat).slice(-3).map(d => {
      const span = el("span", { class: "delta " + (d.amount > 0 ? "up" : "down"),
        text: (d.amount > 0 ? "+" : "−") + ctx.money(Math.abs(d.amount)) });
      span.style.animationDelay = -(now - d.at) + "ms";
      return span;
    });
  }

  function feed(text) {
    const list = document.getElementById("feed");
    list.append(el("li", { text }));
    while (list.children.length > FEED) list.firstChild.remove();
  }

  // One event as it happens (`live`), or from the history sent at connection (shown at rest).
  function event(item, live) {
    const ev = item.event;
    if (item.text) feed(item.text);
    for (const [seat, amount] of live ? moneyOf(ev) : []) addDelta(seat, amount);
    if (ev.e === "roll" && !ev.extra && ev.dice && ev.dice.length) {
      if (live) queue(() => { showDice(ev, true); return wait(reduced() ? 0 : 400); });
      else showDice(ev, false);
    } else if (ev.e === "move" && live) {
      queue(() => walk(ev));
    } else if (ev.e === "card") {
      if (live) queue(() => showCard(ev)); else showCard(ev);
    }
  }

  // The net worth of each player round by round, as an SVG line chart.
  function chart(worth, players) {
    const NS = "http://www.w3.org/2000/svg", W = 320, H = 150, PAD = 28;
    const svg = document.createElementNS(NS, "svg");
    const node = (tag, attrs) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      return e;
    };
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("id", "worth-chart");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("Net worth by round"));
    const values = worth.flatMap(r => r[1]);
    const top = Math.max(1, ...values), low = Math.min(0, ...values);
    const x = k => PAD + (worth.length > 1 ? k * (W - PAD - 8) / (worth.length - 1) : 0);
    const y = v => H - PAD + 8 - (v - low) * (H - PAD - 8) / (top - low || 1);
    svg.append(node("line", { x1: PAD, y1: y(low), x2: W - 8, y2: y(low), stroke: "#999" }),
               node("line", { x1: PAD, y1: 8, x2: PAD, y2: y(low), stroke: "#999" }));
    const label = (text, attrs) => { const e = node("text", { "font-size": 10, fill: "#555", ...attrs }); e.textContent = text; return e; };
    svg.append(label(ctx.money(top), { x: 2, y: 14 }), label(ctx.money(low), { x: 2, y: y(low) }),
               label(t("Round") + " " + worth[0][0], { x: PAD, y: H - 4 }),
               label(String(worth[worth.length - 1][0]), { x: W - 8, y: H - 4, "text-anchor": "end" }));
    for (const p of players) {
      const points = worth.map((r, k) => `${x(k).toFixed(1)},${y(r[1][p.seat] || 0).toFixed(1)}`).join(" ");
      const line = node("polyline", { points, fill: "none", stroke: COLORS[p.seat % COLORS.length], "stroke-width": 2,
                                      "data-seat": p.seat });
      const title = node("title", {}); title.textContent = p.name; line.append(title);
      svg.append(line);
    }
    return svg;
  }

  // The landings per space over the board: pale yellow (rarely) to red (most often).
  function heat(landings) {
    const most = Math.max(1, ...Object.values(landings));
    for (const g of document.querySelectorAll("#board g.space")) {
      const cell = g.querySelector("rect.cell");
      const n = landings[g.dataset.space] || 0;
      if (!cell || g.querySelector("rect.heat")) continue;
      const v = n / most;
      const r = cell.cloneNode(false);
      r.setAttribute("class", "heat");
      r.setAttribute("fill", `rgb(255,${Math.round(245 - 200 * v)},${Math.round(200 - 190 * v)})`);
      r.setAttribute("fill-opacity", "0.75");
      r.setAttribute("data-landings", String(n));
      cell.after(r);
    }
  }

  return { init(c) { ctx = c; }, event, reconcile, deltasOf, hideMoving, chart, heat, feed, COLORS };
})();
