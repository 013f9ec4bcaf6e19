// The page that creates a game: edition, house rules, language, seed, seats (people and bots).
"use strict";
(function () {
  const { el, t, api } = magie;
  let editions = [], bots = ["basic"];

  function seatRow(name, kind, bot) {
    const kindSel = el("select", { class: "seat-kind" },
      el("option", { value: "human", text: t("person") }), el("option", { value: "bot", text: t("bot") }),
      el("option", { value: "open", text: t("open seat (the lobby)") }));
    kindSel.value = kind;
    const botSel = el("select", { class: "seat-bot" }, ...bots.map(b => el("option", { value: b, text: b })));
    botSel.value = bot || "basic";
    botSel.disabled = kind !== "bot";
    kindSel.addEventListener("change", () => { botSel.disabled = kindSel.value !== "bot"; });
    const row = el("tr", { class: "seat" },
      el("td", {}, el("input", { class: "seat-name", value: name, maxlength: "40", required: true })),
      el("td", {}, kindSel), el("td", {}, botSel),
      el("td", {}, el("button", { type: "button", class: "remove-seat", text: "×", onclick: () => row.remove() })));
    return row;
  }

  // A bot magie names is shown in the page's language ("Бот 1") and sent as "Bot 1", the name
  // saves keep (the server shows it in the game's language); a name typed over it is sent as typed.
  const botName = n => t("Bot {n}").replace("{n}", n);
  function botRow(n) {
    const row = seatRow(botName(n), "bot");
    const input = row.querySelector(".seat-name");
    input.dataset.magie = String(n);
    input.dataset.shown = input.value;
    return row;
  }

  async function preview() {
    magie.settings.load();
    const ed = document.getElementById("edition").value;
    const vs = [...document.querySelectorAll("#overlays input:checked")].map(i => "variant=" + encodeURIComponent(i.value));
    const r = await fetch(`/api/editions/${encodeURIComponent(ed)}/board.svg?lang=${magie.lang}&${vs.join("&")}`);
    const box = document.getElementById("board-preview");
    if (r.ok) box.innerHTML = await r.text();   // our own SVG: every edition text in it is escaped
    else box.textContent = ((await r.json()) || {}).error || "";
  }

  async function load(lang) {
    await magie.loadWords(lang);
    const r = await api("GET", "/api/editions?lang=" + lang);
    editions = r.data.editions; bots = r.data.bots;
    const sel = document.getElementById("edition");
    const keep = sel.value || "classic";
    sel.replaceChildren(...editions.map(e => el("option", { value: e.id, text: `${e.name} (${e.id})` })));
    sel.value = editions.some(e => e.id === keep) ? keep : editions[0].id;
    const box = document.getElementById("overlays");
    const checked = new Set([...box.querySelectorAll("input:checked")].map(i => i.value));
    box.replaceChildren(el("legend", { text: t("House rules") }), ...r.data.overlays.map(o =>
      el("label", { title: o.description }, el("input", { type: "checkbox", value: o.id, checked: checked.has(o.id) }),
        " " + o.name)));
    box.addEventListener("change", preview);
    const seats = document.querySelector("#seats tbody");
    if (!seats.children.length) {
      seats.append(seatRow(t("Player"), "human"), botRow(1), botRow(2), botRow(3));
    }
    for (const input of seats.querySelectorAll(".seat-name[data-magie]")) {
      if (input.value === input.dataset.shown) input.value = input.dataset.shown = botName(input.dataset.magie);
    }
    preview();
  }

  async function create(ev) {
    ev.preventDefault();
    const seats = [...document.querySelectorAll("#seats tr.seat")].map((r, k) => {
      const kind = r.querySelector(".seat-kind").value;
      const input = r.querySelector(".seat-name");
      const given = kind === "open" ? `open ${k + 1}` :      // an open seat is named by who joins it
        input.dataset.magie && input.value === input.dataset.shown ? `Bot ${input.dataset.magie}` : input.value;
      const s = { name: given, kind };
      if (kind === "bot") s.bot = r.querySelector(".seat-bot").value;
      return s;
    });
    const seed = document.getElementById("seed").value;
    const body = {
      edition: document.getElementById("edition").value,
      variants: [...document.querySelectorAll("#overlays input:checked")].map(i => i.value),
      lang: magie.lang, seats,
    };
    if (seed !== "") body.seed = Number(seed);
    body.settings = magie.settings.values();
    const time = document.getElementById("decision-time").value;
    if (time !== "") body.decision_time = Number(time);
    const r = await api("POST", "/api/games", body);
    const err = document.getElementById("form-error");
    magie.settings.showErrors(r.ok ? null : r.data);
    if (!r.ok) { err.textContent = (r.data && r.data.error) || String(r.status); return; }
    err.textContent = "";
    if (r.data.lobby) magie.lobby.wait(r.data.game, r.data.host, () => showLinks(r.data));
    else showLinks(r.data);
  }

  // The links to the seats of a new game; the first person's (and everybody's at this browser)
  // carries the host's token, with which the game's page hands seats to a bot and back.
  function showLinks(data) {
    const people = data.seats.filter(s => s.token);
    const url = (tokens, host) => `/games/${data.game}#token=${tokens.join(",")}` + (host ? `&host=${data.host}` : "");
    if (people.length <= 1) { location.href = people.length ? url([people[0].token], true) : `/games/${data.game}#host=${data.host}`; return; }
    document.getElementById("created").hidden = false;
    document.getElementById("seat-links").replaceChildren(...people.map((s, k) =>
      el("li", {}, el("a", { href: url([s.token], k === 0), class: "seat-link", text: s.name }))));
    document.getElementById("hotseat-link").href = url(people.map(s => s.token), true);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const langSel = document.getElementById("ui-lang");
    langSel.value = (navigator.language || "en").startsWith("ru") ? "ru" : "en";
    langSel.addEventListener("change", () => load(langSel.value));
    document.getElementById("edition").addEventListener("change", preview);
    document.getElementById("add-seat").addEventListener("click", () => {
      const n = document.querySelectorAll("#seats tr.seat").length;
      document.querySelector("#seats tbody").append(botRow(n));
    });
    document.getElementById("new-game").addEventListener("submit", create);
    load(langSel.value);
  });
})();
