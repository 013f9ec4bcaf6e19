// Analytics on the board: a switch that colours every space by its exact long-run landing odds
// per throw and writes each deed's shortest payback in rounds (GET /api/games/ID/analytics: the
// Markov chain and economics of `magie analyze`, for the rule set of this game), with the deeds
// listed by payback. The board is redrawn as the game goes on; the colours follow it.
"use strict";
magie.analytics = (function () {
  const { el, t, api } = magie;
  const gameId = decodeURIComponent(location.pathname.split("/").pop());
  const SVG = "http://www.w3.org/2000/svg";
  let data = null, names = {};

  const pct = p => (100 * p).toFixed(2) + "%";
  const on = () => { const s = document.getElementById("analytics-toggle"); return !!(s && s.checked); };

  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Colour the board's spaces by their odds (white: the least likely, red: the most) and write the
  // odds and, on a deed, its shortest payback in rounds; a space's tooltip tells the details.
  function paint() {
    for (const old of document.querySelectorAll("#board .odds")) old.remove();
    if (!on() || !data) return;
    const odds = Object.values(data.spaces).map(s => s.per_roll);
    const low = Math.min(...odds), high = Math.max(...odds);
    for (const g of document.querySelectorAll("#board g.space")) {
      const s = data.spaces[g.dataset.space], cell = g.querySelector("rect.cell");
      if (!s || !cell) continue;
      const v = high > low ? (s.per_roll - low) / (high - low) : 0;
      const w = Number(cell.getAttribute("width")), h = Number(cell.getAttribute("height"));
      const shade = cell.cloneNode(false);
      shade.setAttribute("class", "odds");
      shade.setAttribute("fill", `rgb(${Math.round(255 - 40 * v)},${Math.round(250 - 210 * v)},${Math.round(235 - 215 * v)})`);
      shade.setAttribute("fill-opacity", "0.72");
      shade.setAttribute("data-per-roll", String(s.per_roll));
      const deed = data.deeds[g.dataset.space];
      const tip = [`${names[g.dataset.space] || g.dataset.space}: ${pct(s.per_roll)} ${t("per throw")}`];
      if (deed && deed.best) tip.push(t("Payback in rounds: {n}").replace("{n}", `${deed.best.payback_rounds} (${deed.best.name})`));
      shade.append(svg("title", {}, tip.join("\n")));
      cell.after(shade);
      const size = Math.min(12, Math.max(6, Math.min(w, h) / 5.5));
      const label = svg("text", { class: "odds odds-label", x: (w / 2).toFixed(1), y: (h * 0.6).toFixed(1), "font-size": size.toFixed(1),
                                  "text-anchor": "middle", "data-space": g.dataset.space }, pct(s.per_roll));
      g.append(label);
      if (deed && deed.best) {
        g.append(svg("text", { class: "odds odds-payback", x: (w / 2).toFixed(1), y: (h * 0.6 + size * 1.1).toFixed(1),
                               "font-size": (size * 0.9).toFixed(1), "text-anchor": "middle" }, "↻" + deed.best.payback_rounds));
      }
    }
  }

  // The deeds by shortest payback, with the odds; a row's tooltip gives the payback at each level.
  function list() {
    const box = document.getElementById("analytics");
    if (!on() || !data) { box.replaceChildren(); return; }
    const deeds = Object.values(data.deeds).filter(d => d.best).sort((a, b) => a.best.payback_rounds - b.best.payback_rounds);
    const head = [t("Title deeds"), t("per throw"), t("Payback in rounds")];
    const levels = d => d.levels.filter(l => l.payback_rounds !== null).map(l => `${l.name}: ${l.payback_rounds}`).join("\n");
    box.replaceChildren(
      el("p", { class: "dim", text: t("Exact long-run odds of ending a throw on each space; payback: the rounds until a deed's rent from the other players repays its price and buildings.")
                                    + " (" + t("players at the table") + ": " + data.players + ")" }),
      el("div", { class: "scroll" }, el("table", { id: "paybacks" },
        el("tr", {}, ...head.map(h => el("th", { text: h }))),
        ...deeds.map(d => el("tr", { "data-space": d.space, title: levels(d) },
          el("td", { text: names[d.space] || d.space }), el("td", { text: pct(data.spaces[d.space].per_roll) }),
          el("td", { text: `${d.best.payback_rounds} (${d.best.name})` }))))));
  }

  async function toggle() {
    const status = document.getElementById("analytics-status");
    if (on() && !data) {
      status.textContent = t("Computing…");
      const [r, info] = await Promise.all([api("GET", `/api/games/${encodeURIComponent(gameId)}/analytics`),
                                           api("GET", `/api/games/${encodeURIComponent(gameId)}/info`)]);
      if (!r.ok) {
        status.textContent = (r.data && r.data.error) || String(r.status);
        document.getElementById("analytics-toggle").checked = false;
        return;
      }
      data = r.data;
      if (info.ok) names = Object.fromEntries(info.data.spaces.map(s => [s.id, s.name]));
    }
    status.textContent = "";
    paint(); list();
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.getElementById("analytics-toggle").addEventListener("change", toggle);
    // the board is drawn anew as the game goes on: colour each new drawing
    new MutationObserver(() => { if (on() && data && !document.querySelector("#board .odds")) paint(); })
      .observe(document.getElementById("board"), { childList: true });
  });
  return { paint };
})();
