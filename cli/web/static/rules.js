// The game page's "Rules of this table": the edition, the overlays played and every rule the
// game's settings changed from the edition's default (GET /api/games/ID/rules), the same for
// every seat and spectator.
"use strict";
magie.rules = (function () {
  const { el, t, api } = magie;
  const gameId = decodeURIComponent(location.pathname.split("/").pop());
  // a word of the interface, translated again when the page's words arrive (data-t)
  const word = msg => el("span", { "data-t": msg, text: t(msg) });
  const shownValue = v => v === true ? word("yes") : v === false ? word("no") : el("span", { text: v === null ? "—" : String(v) });

  async function load() {
    const r = await api("GET", `/api/games/${encodeURIComponent(gameId)}/rules`);
    const box = document.getElementById("table-rules");
    if (!r.ok) { box.replaceChildren(el("p", { class: "error", text: (r.data && r.data.error) || String(r.status) })); return; }
    const parts = [el("p", {}, word("Edition"), ": " + r.data.name)];
    if (r.data.overlays.length) {
      parts.push(el("p", {}, word("House rules"), ": " + r.data.overlays.map(o => o.name).join(", ")));
    }
    if (!r.data.settings.length) {
      parts.push(el("p", { class: "dim unchanged" }, word("The edition's rules, no setting changed.")));
    } else {
      parts.push(el("ul", { id: "changed-rules" }, ...r.data.settings.map(s =>
        el("li", { "data-path": s.path },
          el("span", { class: "about", text: s.description || s.path }), " ",
          el("code", { text: s.path }), ": ", el("b", { class: "value" }, shownValue(s.value)),
          el("span", { class: "dim" }, " (", word("edition's default"), ": ", shownValue(s.default), ")")))));
    }
    box.replaceChildren(...parts);
  }

  document.addEventListener("DOMContentLoaded", load);
  return { load };
})();
