// The game page: the board, the players, the log, and the decision of this browser's seat(s).
// table.js draws the dice, the walking tokens, cards, money changes and the feed; deeds.js a
// deed's panel, where building, selling and mortgaging happen; trades.js the trades' table.
// Tokens come in the address's fragment (#token=A or #token=A,B for people sharing a browser), so
// they never reach a server log. Live updates arrive over one WebSocket per seat (or one for a
// spectator); a dropped connection reconnects and gets the whole view again.
"use strict";
(function () {
  const { el, t, api } = magie;
  const COLORS = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324"];
  // the main answer of a decision, drawn as the primary button
  // (in jail: the first of these the decision offers)
  const PRIMARY = { manage: ["done"], buy: "buy", jail: ["card", "pay", "roll"], tax: "fixed", trade: "accept",
                    redeem: "redeem" };
  const MORE = 4;          // buttons beyond these (not the deeds' own) fold under "More actions"
  const gameId = decodeURIComponent(location.pathname.split("/").pop());
  const tokens = (new URLSearchParams(location.hash.slice(1)).get("token") || "").split(",").filter(Boolean);
  let info = null, state = null;
  const seenEvents = new Set();
  const decisions = {};      // seat -> decision (or null)
  const tokenOf = {};        // seat -> token
  const between = {};        // seat -> asked between the other players' turns (the switch; off by default)
  const counters = {};       // seat -> a counter-offer waiting for the seat's next chance to trade
  let boardTimer = null, shown = null;

  const money = n => (info ? info.money : "{n}").replace("{n}", String(n));
  const spaceName = id => { const s = info && info.spaces.find(x => x.id === id); return s ? s.name : id; };
  const seatName = s => (state && state.players[s]) ? state.players[s].name : (info ? info.seats[s].name : "#" + s);

  function refreshBoard() {
    clearTimeout(boardTimer);
    boardTimer = setTimeout(async () => {
      const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/board.svg`);
      if (r.ok) {
        document.getElementById("board").innerHTML = await r.text();   // our SVG, texts escaped
        decorateBoard();
      }
    }, 120);
  }

  // The board's spaces open their deed's panel (by click or keyboard); those where a decision of
  // this browser has an action are marked; at the end, the landings heat map.
  function decorateBoard() {
    const marked = info ? magie.deeds.actionable(decisions) : new Set();
    for (const g of document.querySelectorAll("#board g.space")) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", spaceLabel(g.dataset.space));
      g.classList.toggle("actionable", marked.has(g.dataset.space));
    }
    magie.table.hideMoving();
    const heat = document.getElementById("heat-toggle");
    if (state && state.over && state.figures && (!heat || heat.checked)) magie.table.heat(state.figures.landings);
  }

  // What a screen reader says of a space: its name, its owner, its buildings, who stands there.
  function spaceLabel(id) {
    const parts = [spaceName(id)];
    if (state) {
      const owner = state.owners[id];
      if (owner !== undefined) parts.push(t("Owner") + ": " + seatName(owner) + (state.mortgaged.includes(id) ? ", " + t("mortgaged") : ""));
      if (state.levels[id]) parts.push(t("Buildings") + ": " + state.levels[id]);
      const here = state.players.filter(p => p.position === id && !p.bankrupt).map(p => p.name);
      if (here.length) parts.push(t("Here") + ": " + here.join(", "));
    }
    return parts.join(". ");
  }

  function renderStatus() {
    if (!state || !info) return;
    const st = document.getElementById("status");
    if (state.over) {
      const names = state.winners.map(seatName).join(", ");
      st.textContent = t("Game over") + ". " + t("Winner") + ": " + names;
      st.dataset.over = "1";
    } else {
      st.textContent = `${t("Round")} ${state.round} · ${state.turn === null ? "" : seatName(state.turn)}`;
    }
    if (state.error) st.textContent += " · " + state.error;
  }

  function renderPlayers() {
    if (!state || !info) return;
    const groupColor = id => { const s = info.spaces.find(x => x.id === id); return (s && s.color) || "#ccc"; };
    const rows = [el("tr", {}, ...["", t("Cash"), t("Where"), t("Title deeds"), ""].map(h => el("th", { text: h })))];
    for (const p of state.players) {
      const deeds = p.deeds.map(d => {
        const lvl = p.buildings[d] || 0;
        const label = spaceName(d) + (lvl ? (lvl >= state.hotel_level ? " ▣" : " " + "▪".repeat(lvl)) : "");
        const sp = info.spaces.find(x => x.id === d);
        const span = el("button", { type: "button", class: "deed" + (p.mortgaged.includes(d) ? " mortgaged" : ""), "data-space": d,
                                    "data-group": sp ? sp.group : null,
                                    text: label, onclick: () => magie.deeds.show(d) });
        span.style.borderLeftColor = groupColor(d);
        return span;
      });
      const notes = [];
      if (p.role_name) notes.push(p.role_name);
      if (p.in_jail) notes.push(t("in jail"));
      if (p.bankrupt) notes.push(t("bankrupt"));
      if (magie.seats.absentOf(state).has(p.seat)) notes.push(t("answered by a bot"));
      for (const c of p.cards) notes.push("🂠 " + c.text);
      const chip = el("span", { class: "chip" }); chip.style.background = COLORS[p.seat % COLORS.length];
      rows.push(el("tr", { class: (p.seat === state.turn ? "current " : "") + (p.bankrupt ? "out" : ""), "data-seat": p.seat },
        el("td", {}, chip, p.name + (p.kind === "bot" ? " (" + t("bot") + ")" : "")),
        el("td", { class: "cash" }, el("span", { class: "amount", text: money(p.cash) }), ...magie.table.deltasOf(p.seat)),
        el("td", { text: spaceName(p.position) }),
        el("td", {}, ...deeds),
        el("td", { class: "notes", text: notes.join("; ") })));
    }
    const bank = state.bank && state.bank.cash;
    if (typeof bank === "number") {          // a finite bank: its cash, and the IOUs it has out
      rows.push(el("tr", { class: "bank" }, el("td", { text: t("Bank") }),
        el("td", { class: "cash", text: money(Math.max(0, bank)) }), el("td", {}), el("td", {}),
        el("td", { class: "notes", text: bank < 0 ? t("IOUs out") + ": " + money(-bank) : "" })));
    }
    document.getElementById("players").replaceChildren(...rows);
  }

  function renderAuction() {
    const box = document.getElementById("auction-box");
    const a = state && state.auction;
    box.hidden = !a;
    if (!a) return;
    const bids = a.bids.map(b => el("li", { text: `${seatName(b.player)}: ${money(b.amount)}` }));
    const still = state.players.filter(p => !p.bankrupt && !a.out.includes(p.seat)).map(p => p.name);
    document.getElementById("auction").replaceChildren(
      el("p", { text: `${spaceName(a.space)} · ${t("from")} ${money(a.start)}` }),
      el("ol", { id: "bids" }, ...bids),
      el("p", { id: "still-in", text: t("Still in") + ": " + still.join(", ") }));
  }

  function addEvent(item, live) {
    if (seenEvents.has(item.n)) return;
    seenEvents.add(item.n);
    magie.table.event(item, live);
    if (magie.trades.event(item)) magie.trades.render();
    if (!item.text) return;
    const log = document.getElementById("log");
    log.append(el("li", { "data-e": item.event.e, text: item.text }));
    while (log.children.length > 400) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  async function send(seat, answer, d) {
    decisions[seat] = null;
    renderDecision();
    magie.deeds.render();
    const r = await api("POST", `/api/games/${encodeURIComponent(gameId)}/answer?token=${encodeURIComponent(tokenOf[seat])}`,
                        { answer, decision: d.id });
    const refusal = document.getElementById("refusal");
    refusal.textContent = r.ok ? "" : (r.data && r.data.error) || String(r.status);
    if (!r.ok) magie.deeds.stop();
    if (!r.ok && r.status === 409) {   // someone else answered first: ask again what is waiting
      const q = await api("GET", `/api/games/${encodeURIComponent(gameId)}/decision?token=${encodeURIComponent(tokenOf[seat])}`);
      if (q.ok) { decisions[seat] = q.data.decision; renderDecision(); }
    }
  }

  function isPrimary(d, answer) {
    const main = PRIMARY[d.kind];
    if (main === undefined) return false;
    if (d.kind === "jail") return answer === main.find(m => d.options.includes(m));
    return JSON.stringify(answer) === JSON.stringify(main);
  }

  function optionButton(seat, d, answer, label, primary) {
    return el("button", { type: "button", class: "option" + (primary ? " primary" : ""), "data-answer": JSON.stringify(answer),
                          text: label, onclick: () => send(seat, answer, d) });
  }

  function tradeForm(seat, d) {
    const me = state.players[seat];
    const others = state.players.filter(p => p.seat !== seat && !p.bankrupt);
    if (!others.length) return null;
    const partner = el("select", { id: "trade-partner" }, ...others.map(p => el("option", { value: p.seat, text: p.name })));
    const idx = id => info.spaces.find(s => s.id === id).index;
    const deedBoxes = (p, cls) => p.deeds.map(id => el("label", {}, el("input", { type: "checkbox", class: cls, value: idx(id) }), " " + spaceName(id)));
    const cardBoxes = (p, cls) => info.trade.cards ? p.cards.map(c => el("label", {}, el("input", { type: "checkbox", class: cls, value: JSON.stringify([c.deck, c.card]) }), " " + c.text)) : [];
    const theirs = el("div", { id: "trade-theirs" });
    const fillTheirs = () => {
      const p = state.players[Number(partner.value)];
      theirs.replaceChildren(el("strong", { text: t("You get") }), ...deedBoxes(p, "get-deed"), ...cardBoxes(p, "get-card"),
        el("label", {}, t("Cash") + " ", el("input", { type: "number", id: "get-cash", min: "0", value: "0" })));
    };
    partner.addEventListener("change", fillTheirs);
    fillTheirs();
    const picked = (cls, root) => [...(root || document.getElementById("trade-form")).querySelectorAll("." + cls + ":checked")].map(i => JSON.parse(i.value));
    // editions whose deals may have more than two players: more partners, each with what goes each way
    const many = info.trade.parties === null || info.trade.parties > 2;
    const extras = el("div", { id: "trade-extras" });
    const alsoBoxes = many ? others.map(p => el("label", {}, el("input", { type: "checkbox", class: "also-partner", value: p.seat,
      onchange: () => fillExtras() }), " " + p.name)) : [];
    const fillExtras = () => {
      const seats = [...document.querySelectorAll("#trade-form .also-partner:checked")].map(i => Number(i.value))
        .filter(s => s !== Number(partner.value));
      extras.replaceChildren(...seats.map(s => {
        const p = state.players[s];
        return el("div", { class: "cols trade-extra", "data-seat": s },
          el("div", {}, el("strong", { text: t("You give to") + " " + p.name }), ...deedBoxes(me, "give-deed"),
            el("label", {}, t("Cash") + " ", el("input", { type: "number", class: "give-cash", min: "0", value: "0" }))),
          el("div", {}, el("strong", { text: t("You get from") + " " + p.name }), ...deedBoxes(p, "get-deed"),
            el("label", {}, t("Cash") + " ", el("input", { type: "number", class: "get-cash", min: "0", value: "0" }))));
      }));
    };
    const offer = () => {
      const trade = {
        proposer: seat, partner: Number(partner.value),
        give_deeds: picked("give-deed", document.getElementById("trade-mine")), give_cash: Number(document.getElementById("give-cash").value || 0), give_cards: picked("give-card"),
        get_deeds: picked("get-deed", document.getElementById("trade-theirs")), get_cash: Number(document.getElementById("get-cash").value || 0), get_cards: picked("get-card"),
      };
      const blocks = [...document.querySelectorAll("#trade-extras .trade-extra")];
      if (!blocks.length) { send(seat, ["trade", { trade }], d); return; }
      // a deal: what goes to and comes from the partner, then from each other player
      const legs = [
        { giver: seat, taker: trade.partner, deeds: trade.give_deeds, cash: trade.give_cash, cards: trade.give_cards },
        { giver: trade.partner, taker: seat, deeds: trade.get_deeds, cash: trade.get_cash, cards: trade.get_cards }];
      for (const b of blocks) {
        const other = Number(b.dataset.seat);
        legs.push({ giver: seat, taker: other, deeds: picked("give-deed", b), cash: Number(b.querySelector(".give-cash").value || 0), cards: [] },
                  { giver: other, taker: seat, deeds: picked("get-deed", b), cash: Number(b.querySelector(".get-cash").value || 0), cards: [] });
      }
      const used = legs.filter(l => l.deeds.length || l.cash || l.cards.length);
      send(seat, ["trade", { deal: { proposer: seat, legs: used } }], d);
    };
    partner.addEventListener("change", fillExtras);
    const form = el("details", { id: "trade-form" }, el("summary", { text: t("Propose a trade") }),
      el("label", {}, t("Partner") + " ", partner),
      ...(many ? [el("p", { id: "trade-also" }, t("Also with") + ": ", ...alsoBoxes)] : []),
      el("div", { class: "cols" },
        el("div", { id: "trade-mine" }, el("strong", { text: t("You give") }), ...deedBoxes(me, "give-deed"), ...cardBoxes(me, "give-card"),
          el("label", {}, t("Cash") + " ", el("input", { type: "number", id: "give-cash", min: "0", value: "0" }))),
        theirs),
      extras,
      el("button", { type: "button", id: "offer-trade", text: t("Offer the trade"), onclick: offer }));
    const counter = counters[seat];
    if (counter && others.some(p => p.seat === counter.partner)) {     // a counter-offer, ready to change and send
      delete counters[seat];
      partner.value = String(counter.partner);
      fillTheirs();
      const tick = (root, cls, values) => {
        const want = new Set(values.map(v => JSON.stringify(v)));
        for (const i of root.querySelectorAll("." + cls)) i.checked = want.has(JSON.stringify(JSON.parse(i.value)));
      };
      tick(form, "give-deed", counter.give_deeds); tick(form, "give-card", counter.give_cards);
      tick(theirs, "get-deed", counter.get_deeds); tick(theirs, "get-card", counter.get_cards);
      form.querySelector("#give-cash").value = String(counter.give_cash);
      theirs.querySelector("#get-cash").value = String(counter.get_cash);
      form.open = true;
      form.dataset.counter = "1";
    }
    return form;
  }

  // A counter-offer to an offer made to `seat`: the offer is rejected, and the seat's next chance
  // to trade opens the trade form with the offer turned round (the engine asks for a trade only
  // in its proposer's window), to be changed and sent.
  function counterOffer(seat, d) {
    const o = d.details.offer;
    counters[seat] = { partner: o.proposer, give_deeds: o.get_deeds, give_cash: o.get_cash, give_cards: o.get_cards,
                       get_deeds: o.give_deeds, get_cash: o.give_cash, get_cards: o.give_cards };
    send(seat, "reject", d);
  }

  function renderDecision() {
    const box = document.getElementById("decision");
    const seat = Object.keys(decisions).map(Number).find(s => decisions[s]);
    if (seat === undefined) {
      shown = null;
      delete box.dataset.decision;
      box.replaceChildren(el("p", { class: "dim", text: tokens.length ? t("Nothing to decide now.") : t("You are watching this game.") }));
      return;
    }
    const d = decisions[seat];
    if (shown === d.id) return;        // do not rebuild a form the person is filling in
    shown = d.id;
    box.dataset.decision = JSON.stringify(d);     // this seat's own decision, for scripts and tests
    const parts = [el("p", { class: "who", text: seatName(seat) }), el("p", { class: "question", "data-kind": d.kind, text: d.text })];
    if (d.kind === "trade") {
      parts.push(el("p", { class: "offer", text: d.details.description }), magie.trades.both(d.details.offer));
      if (info.trade.enabled && d.details.offer && d.details.offer.partner === seat) {
        parts.push(el("p", { class: "hint", text: t("A counter-offer rejects this one and opens the trade form with it turned round at your next move") }));
      }
    }
    if (d.kind === "bid") {
      const input = el("input", { type: "number", id: "bid-amount", min: d.details.min, value: d.details.min });
      if (d.details.max !== null && d.details.max !== undefined) input.max = d.details.max;
      parts.push(el("div", {}, input,
        el("button", { type: "button", id: "bid-button", class: "primary", text: t("Bid"), onclick: () => send(seat, Number(input.value), d) }),
        el("button", { type: "button", id: "pass-button", text: t("Pass"), onclick: () => send(seat, null, d) })));
    } else {
      // a deed's actions are on its panel; here the main answer first, then at most a few others
      const here = d.options.map((o, k) => [o, d.labels[k]]).filter(([o]) => !magie.deeds.isDeedAction(o));
      here.sort(([a], [b]) => isPrimary(d, b) - isPrimary(d, a));
      const buttons = here.map(([o, label]) => optionButton(seat, d, o, label, isPrimary(d, o)));
      if (d.kind === "trade" && info.trade.enabled && d.details.offer && d.details.offer.partner === seat) {
        buttons.push(el("button", { type: "button", id: "counter-offer", text: t("Counter-offer"), onclick: () => counterOffer(seat, d) }));
      }
      parts.push(el("div", { class: "options" }, ...buttons.slice(0, MORE + 1)));
      if (buttons.length > MORE + 1) {
        parts.push(el("details", { class: "more" }, el("summary", { text: t("More actions") }), ...buttons.slice(MORE + 1)));
      }
      const onDeeds = d.options.length - here.length;
      if (onDeeds) parts.push(el("p", { class: "hint", text: t("Build, sell or mortgage on a deed's panel: click a marked space or a deed") +
                                         ` (${onDeeds})` }));
      if (d.trade) { const f = tradeForm(seat, d); if (f) parts.push(f); }
    }
    box.replaceChildren(...parts);
  }

  // At the end: standings by net worth, the net worth over the rounds, rents paid and received,
  // and the landings as a heat map on the board.
  function renderOver() {
    const box = document.getElementById("game-over");
    box.hidden = !(state && state.over);
    document.getElementById("decision-box").hidden = !box.hidden;
    if (box.hidden || box.dataset.turns === String(state.turns)) return;
    box.dataset.turns = String(state.turns);
    const f = state.figures || { worth: [], rent_paid: [], rent_received: [], landings: {} };
    const ranked = [...state.players].sort((a, b) => (a.bankrupt - b.bankrupt) || (b.net_worth - a.net_worth));
    const head = ["", t("Player"), t("Cash"), t("Net worth"), t("Rent paid"), t("Rent received")];
    const rows = ranked.map((p, k) => {
      const chip = el("span", { class: "chip" }); chip.style.background = COLORS[p.seat % COLORS.length];
      return el("tr", { class: (state.winners.includes(p.seat) ? "winner " : "") + (p.bankrupt ? "out" : ""), "data-seat": p.seat },
        el("td", { text: state.winners.includes(p.seat) ? "★" : String(k + 1) }), el("td", {}, chip, p.name),
        el("td", { class: "cash", text: money(p.cash) }), el("td", { class: "worth", text: money(p.net_worth) }),
        el("td", { text: money(f.rent_paid[p.seat] || 0) }), el("td", { text: money(f.rent_received[p.seat] || 0) }));
    });
    const heat = el("input", { type: "checkbox", id: "heat-toggle", checked: true, onchange: refreshBoard });
    box.replaceChildren(el("h2", { text: t("Game over") }),
      el("p", { class: "winners", text: t("Winner") + ": " + state.winners.map(seatName).join(", ") }),
      el("div", { class: "scroll" }, el("table", { id: "standings" }, el("tr", {}, ...head.map(h => el("th", { text: h }))), ...rows)),
      ...(f.worth.length ? [el("h3", { text: t("Net worth by round") }), magie.table.chart(f.worth, state.players)] : []),
      el("label", {}, heat, " " + t("Landings on the board (heat map)")));
  }

  // The switch of the window between the other players' turns (rules.between_turns), one per seat
  // of this browser, as the terminal's `i` key: off by default, so nobody is asked at every turn.
  function renderBetween() {
    const box = document.getElementById("between-turns");
    const seats = Object.keys(tokenOf).map(Number).sort((a, b) => a - b);
    box.hidden = !(info && info.between_turns && seats.length);
    if (box.hidden) return;
    box.replaceChildren(...seats.map(seat => {
      const input = el("input", { type: "checkbox", class: "between-toggle", "data-seat": seat, checked: !!between[seat] });
      input.addEventListener("change", async () => {
        const r = await api("POST", `/api/games/${encodeURIComponent(gameId)}/between-turns?token=${encodeURIComponent(tokenOf[seat])}`,
                            { on: input.checked });
        if (r.ok) between[seat] = r.data.between_turns;
        else document.getElementById("refusal").textContent = (r.data && r.data.error) || String(r.status);
        input.checked = !!between[seat];
        // switched off, a question of the interval still shown was answered "done" by the server
        const d = decisions[seat];
        if (r.ok && !between[seat] && d && d.details && d.details.window === "between_turns") {
          decisions[seat] = null;
          renderDecision();
        }
      });
      const who = seats.length > 1 ? " (" + seatName(seat) + ")" : "";
      return el("label", { class: "between" }, input, " " + t("Manage between the other players' turns") + who);
    }));
  }

  function connect(token) {
    const q = token ? "?token=" + encodeURIComponent(token) : "";
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}${q}`);
    const conn = document.getElementById("connection");
    ws.onmessage = async m => {
      const msg = JSON.parse(m.data);
      if (msg.type === "hello") {
        conn.textContent = "";
        if (!info) {
          info = msg.info;
          const context = { info, money, seatName };
          magie.table.init(context);
          magie.trades.init(context);
          document.getElementById("table").classList.toggle("cells", !info.layout.sides);
          magie.deeds.init({ ...context, state: () => state, decisions, send, mine: seat => seat in tokenOf });
          magie.seats.init({ gameId, seatName, tokenOf, state: () => state });
          await magie.loadWords(info.lang);
          document.getElementById("title").textContent = info.name;
          document.title = info.name + " · magie";
          if (info.note) document.getElementById("refusal").textContent = info.note;
        }
        if (msg.seat !== null) {
          tokenOf[msg.seat] = token;
          decisions[msg.seat] = msg.decision;
          between[msg.seat] = !!msg.between_turns;
          renderBetween();
          const link = document.getElementById("save-link");
          link.hidden = false;
          link.href = `/api/games/${encodeURIComponent(gameId)}/save?token=${encodeURIComponent(token)}`;
        }
        state = msg.state && msg.state.players ? msg.state : state;
        magie.seats.stateArrived(state);
        msg.events.forEach(item => addEvent(item, false));
        if (state) magie.table.reconcile(state);
      } else if (msg.type === "event") {
        addEvent(msg, true);
        return;
      } else if (msg.type === "state") {
        state = msg.state;
        magie.seats.stateArrived(state);
        magie.table.reconcile(state);
      } else if (msg.type === "seat") {      // a seat went to a bot (its decision answered) or came back
        magie.table.feed(msg.text);
        document.getElementById("log").append(el("li", { "data-e": "seat", text: msg.text }));
        if (msg.bot && msg.seat in decisions) { decisions[msg.seat] = null; shown = null; }
      } else if (msg.type === "refused") {
        document.getElementById("refusal").textContent = msg.error;
        return;
      } else if (msg.type === "decision") {
        decisions[msg.decision.seat] = msg.decision;
        shown = null;
        if (magie.deeds.next(msg.decision.seat)) return;     // a "build evenly" goes on
      }
      renderStatus(); renderPlayers(); renderAuction(); renderDecision(); renderOver(); magie.deeds.render(); magie.seats.render();
      refreshBoard();
    };
    ws.onclose = ev => {
      if (ev.code === 4403 || ev.code === 4404) { conn.textContent = ev.reason; return; }
      conn.textContent = t("Reconnecting…");
      setTimeout(() => connect(token), 1000);
    };
  }

  document.addEventListener("DOMContentLoaded", () => {
    const board = document.getElementById("board");
    const openSpace = ev => {
      const g = ev.target.closest && ev.target.closest("g.space");
      if (g && info && (ev.type === "click" || ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); magie.deeds.show(g.dataset.space); }
    };
    board.addEventListener("click", openSpace);
    board.addEventListener("keydown", openSpace);
    // Escape closes a deed's panel; Enter outside a control gives the decision's main answer (a control
    // takes its own Enter)
    document.addEventListener("keydown", ev => {
      if (ev.key === "Escape" && !document.getElementById("deed-panel").hidden) { ev.preventDefault(); magie.deeds.close(); return; }
      if (ev.key !== "Enter" || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const at = document.activeElement;
      if (at && at !== document.body && at.closest("button, a, input, select, textarea, summary, [tabindex]")) return;
      const main = document.querySelector("#decision button.primary");
      if (main && !main.disabled) { ev.preventDefault(); main.click(); }
    });
    setInterval(() => { if (state && document.querySelector("#players .delta")) renderPlayers(); }, 1000);
    if (tokens.length) tokens.forEach(connect); else connect(null);
    refreshBoard();
  });
})();
