// A deed's panel: opened by clicking a space on the board or a deed in the players' list. It shows
// the deed (group, price, rent at each level, building costs, mortgage value, owner) and, for a
// deed of a seat at this browser, its actions: build, sell, mortgage, lift the mortgage, sell to
// the bank, sell the group's buildings, an edition action on it, and "build evenly to N". An
// action the seat's decision does not offer is a disabled button with the reason: the engine's
// (the decision's `deeds`), else "not your turn" when the seat has no decision to manage in.
"use strict";
magie.deeds = (function () {
  const { el, t } = magie;
  const KINDS = ["build", "sell", "mortgage", "unmortgage", "sell_deed"];
  let ctx = null;      // {info, state(), decisions, money, seatName, send(seat, answer, d), mine(seat)}
  let open = null;     // the space id shown
  let plan = null;     // a "build evenly" under way: {seat, group, level}
  let opener = null;   // {id, element}: where the panel was opened from, to give the keyboard back

  const space = id => ctx.info.spaces.find(s => s.id === id);
  const isDeedAction = o => Array.isArray(o) && (KINDS.includes(o[0]) || o[0] === "sell_all" ||
                                                  (o[0] === "act" && Number.isInteger(o[2])));

  // The space an option of a manage or raise decision acts on (null: not a deed's action).
  function target(o) {
    if (!isDeedAction(o)) return null;
    if (o[0] === "sell_all") return null;
    const s = ctx.info.spaces[o[0] === "act" ? o[2] : o[1]];
    return s ? s.id : null;
  }

  // The decision of a seat at this browser that may act on the deeds of `owner`.
  function managing(owner) {
    const d = ctx.decisions[owner];
    return d && (d.kind === "manage" || d.kind === "raise") ? d : null;
  }

  function rentRows(sp, deed, level) {
    const ladder = deed ? deed.ladder : [];
    const money = ctx.money;
    if (!ladder.length) {     // a rent by how many of the group one owns, or a multiple of the throw
      const utility = sp.kind === "utility";        // a multiple of the throw
      return [el("tr", {}, el("th", { text: utility ? t("Rent, times the throw") : t("Rent") }),
                 el("td", { text: sp.rent.map(r => utility ? "×" + r : money(r)).join(" · ") }))];
    }
    return sp.rent.slice(0, ladder.length + 1).map((r, k) => {
      const rung = ladder[k - 1];
      const what = k === 0 ? t("no buildings") : `${t(rung.name)} ×${rung.count}`;
      return el("tr", { class: k === level ? "now" : "" }, el("th", { text: what }), el("td", { text: money(r) }));
    });
  }

  // "Build evenly to N": the group's lots raised level by level, lowest first, as the rules ask.
  function evenly(sp, deed, owner, d) {
    const group = ctx.info.spaces.filter(s => s.group === sp.group && s.deed);
    const state = ctx.state();
    if (!deed.ladder.length || deed.ladder.some(r => r.owned !== "all")) return [];
    if (!group.every(s => state.owners[s.id] === owner)) return [];
    if (!d.options.some(o => o[0] === "build" && group.some(s => s.index === o[1]))) return [];
    const levels = group.map(s => state.levels[s.id] || 0);
    const out = [];
    for (let n = Math.max(...levels, 0) + 1; n <= deed.ladder.length; n++) {
      let cost = 0;
      for (const [k, s] of group.entries()) {
        const ladder = ctx.info.deeds[s.id].ladder;
        for (let l = levels[k]; l < n; l++) cost += ladder[l].cost;
      }
      const name = t(deed.ladder[n - 1].name);
      out.push(el("button", { type: "button", class: "evenly", "data-level": n,
        text: t("Build evenly to {n}").replace("{n}", n === deed.ladder.length ? name : String(n)) + ` (${ctx.money(cost)})`,
        onclick: () => { plan = { seat: owner, group: sp.group, level: n }; next(owner); } }));
    }
    return out;
  }

  // The next build of a "build evenly" under way, on the seat's new decision; false when it is done.
  function next(seat) {
    if (!plan || plan.seat !== seat) return false;
    const d = managing(seat);
    const state = ctx.state();
    const builds = d ? d.options.filter(o => o[0] === "build" && ctx.info.spaces[o[1]].group === plan.group
                                             && (state.levels[ctx.info.spaces[o[1]].id] || 0) < plan.level) : [];
    if (!builds.length) { plan = null; return false; }
    builds.sort((a, b) => (state.levels[ctx.info.spaces[a[1]].id] || 0) - (state.levels[ctx.info.spaces[b[1]].id] || 0));
    ctx.send(seat, builds[0], d);
    return true;
  }

  function actions(sp, owner) {
    const d = managing(owner);
    const state = ctx.state();
    const deed = ctx.info.deeds[sp.id];
    const mortgaged = state.mortgaged.includes(sp.id);
    const kinds = [...(deed.ladder.length ? ["build", "sell"] : []), mortgaged ? "unmortgage" : "mortgage"];
    const names = { build: t("Build"), sell: t("Sell a building"), mortgage: t("Mortgage"),
                    unmortgage: t("Lift the mortgage"), sell_deed: t("Sell to the bank") };
    const out = [];
    const offered = d ? d.options.map((o, k) => [o, d.labels[k]]).filter(([o]) => target(o) === sp.id) : [];
    const group = d ? d.options.map((o, k) => [o, d.labels[k]]).filter(([o]) => o[0] === "sell_all" && o[1] === sp.group) : [];
    for (const kind of kinds.concat(offered.some(([o]) => o[0] === "sell_deed") ? ["sell_deed"] : [])) {
      const hit = offered.find(([o]) => o[0] === kind);
      if (hit) {
        out.push(el("button", { type: "button", class: "option", "data-answer": JSON.stringify(hit[0]), text: hit[1],
                                onclick: () => ctx.send(owner, hit[0], d) }));
        continue;
      }
      const why = d ? ((d.deeds || {})[sp.id] || {})[kind] || t("not in this decision")
        : ctx.decisions[owner] ? t("answer the question above first") : t("not your turn");
      out.push(el("div", { class: "closed" },
        el("button", { type: "button", class: "option", disabled: true, "data-kind": kind, "aria-describedby": `why-${kind}`, text: names[kind] }),
        el("span", { class: "why", id: `why-${kind}`, text: why })));
    }
    for (const [o, label] of offered.filter(([o]) => o[0] === "act").concat(group)) {
      out.push(el("button", { type: "button", class: "option", "data-answer": JSON.stringify(o), text: label,
                              onclick: () => ctx.send(owner, o, d) }));
    }
    if (d) out.push(...evenly(sp, deed, owner, d));
    return out;
  }

  function render() {
    const panel = document.getElementById("deed-panel");
    const sp = open && space(open);
    const state = ctx.state();
    if (!sp || !state) { panel.hidden = true; return; }
    const deed = ctx.info.deeds[sp.id];
    const owner = state.owners[sp.id];
    const level = state.levels[sp.id] || 0;
    const parts = [el("button", { type: "button", class: "close", "aria-label": t("Close"), text: "×",
                                  onclick: close }),
      el("h2", { class: "deed-name", id: "deed-name", text: sp.name })];
    parts[1].style.borderTopColor = sp.color || "#ccc";
    const group = ctx.info.groups.find(g => g.id === sp.group);
    const facts = [];
    if (group) facts.push(group.name);
    if (sp.price) facts.push(t("Price") + " " + ctx.money(sp.price));
    if (deed && deed.mortgage) facts.push(t("Mortgage value") + " " + ctx.money(deed.mortgage));
    if (deed && deed.ladder.length) {       // each kind of building once: "house 50, hotel 50"
      const costs = new Map(deed.ladder.map(r => [t(r.name), ctx.money(r.cost)]));
      facts.push(t("Building costs") + ": " + [...costs].map(([k, c]) => `${k} ${c}`).join(", "));
    }
    parts.push(el("p", { class: "facts", text: facts.join(" · ") }));
    parts.push(el("p", { class: "owner", "data-owner": owner === undefined ? "" : owner,
      text: owner === undefined ? (deed ? t("The bank holds it") : "") :
        t("Owner") + ": " + ctx.seatName(owner) + (state.mortgaged.includes(sp.id) ? " · " + t("mortgaged") : "") }));
    if (deed) {
      parts.push(el("table", { class: "rents", "data-level": level }, ...rentRows(sp, deed, level)));
      if (owner !== undefined && ctx.mine(owner)) parts.push(el("div", { class: "deed-actions" }, ...actions(sp, owner)));
    }
    // the keyboard stays where it was across a new drawing (the same action, else the close button)
    const focused = panel.contains(document.activeElement) ? document.activeElement.getAttribute("data-answer") : undefined;
    panel.replaceChildren(...parts);
    panel.dataset.space = sp.id;
    panel.hidden = false;
    if (focused !== undefined) {
      const same = focused && [...panel.querySelectorAll("button[data-answer]")].find(b => b.getAttribute("data-answer") === focused);
      (same && !same.disabled ? same : panel.querySelector("button.close")).focus();
    }
  }

  // Close the panel; the keyboard goes back to the space (or deed) it was opened from.
  function close() {
    const id = open;
    open = null;
    render();
    if (opener && id === opener.id) {
      const back = opener.element.isConnected ? opener.element
        : document.querySelector(`#board g.space[data-space="${CSS.escape(id)}"]`);
      if (back) back.focus();
    }
    opener = null;
  }

  return {
    init(c) { ctx = c; },
    show(id) {
      open = id;
      opener = { id, element: document.activeElement || document.body };
      render();
      const panel = document.getElementById("deed-panel");
      panel.scrollIntoView({ block: "nearest" });
      panel.querySelector("button.close").focus({ preventScroll: true });
    },
    close,
    render, next, isDeedAction,
    // the spaces where a decision of this browser has an action, to mark them on the board
    actionable(decisions) {
      const out = new Set();
      for (const d of Object.values(decisions)) {
        if (!d || !d.options) continue;
        for (const o of d.options) {
          const id = target(o);
          if (id) out.add(id);
          if (Array.isArray(o) && o[0] === "sell_all") ctx.info.spaces.filter(s => s.group === o[1]).forEach(s => out.add(s.id));
        }
      }
      return out;
    },
    stop() { plan = null; },
  };
})();
