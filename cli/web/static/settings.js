// The new-game form's room settings: the edition's rule parameters (GET /api/editions/ID/settings,
// the paths `magie simulate --set` takes), grouped and described in the page's language. A rule
// changed from the edition's default is marked and sent in the new game's `settings`; a value the
// server refuses is told at its control.
"use strict";
magie.settings = (function () {
  const { el, t, api } = magie;
  let shown = null;              // edition|overlays|language of the controls shown
  const chosen = {};             // path -> value the person set (kept across a change of language)

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  // The value a control holds now: a boolean, a whole number (or null where none is allowed),
  // a choice; text the server will refuse when it is not a whole number.
  function valueOf(p, input) {
    if (p.type === "boolean") return input.checked;
    if (p.type === "choice") {
      const v = input.value;
      return p.choices.find(c => String(c) === v) ?? v;
    }
    const v = input.value.trim();
    if (v === "") return p.nullable ? null : p.default;
    const n = Number(v);
    return Number.isInteger(n) ? n : v;
  }

  function control(p) {
    const id = "setting-" + p.path.replace(/[^a-zA-Z0-9_-]/g, "-");
    const now = p.path in chosen ? chosen[p.path] : p.default;
    let input;
    if (p.type === "boolean") {
      input = el("input", { type: "checkbox", id, checked: !!now });
    } else if (p.type === "choice") {
      input = el("select", { id }, ...p.choices.map(c => el("option", { value: String(c), text: String(c) })));
      input.value = String(now);
    } else {
      input = el("input", { type: "number", id, step: "1", min: p.minimum, max: p.maximum,
                            value: now === null ? "" : String(now), placeholder: p.nullable ? "—" : null });
    }
    input.classList.add("setting-input");
    input.dataset.path = p.path;
    const row = el("div", { class: "setting", "data-path": p.path },
      el("label", { for: id }, el("code", { text: p.path }), " ", el("span", { class: "about", text: p.description })),
      input, el("span", { class: "field-error", role: "alert" }));
    const mark = () => {
      const v = valueOf(p, input);
      if (same(v, p.default)) delete chosen[p.path]; else chosen[p.path] = v;
      row.classList.toggle("changed", p.path in chosen);
      row.classList.remove("invalid");
      row.querySelector(".field-error").textContent = "";
      const group = row.closest("details");
      if (group) group.classList.toggle("changed", !!group.querySelector(".setting.changed"));
    };
    input.addEventListener("change", mark);
    input.addEventListener("input", mark);
    row._param = p;
    row.classList.toggle("changed", p.path in chosen);
    return row;
  }

  // Load and draw the parameters of the edition and overlays chosen in the form (once per choice).
  async function load() {
    const ed = document.getElementById("edition").value;
    const vs = [...document.querySelectorAll("#overlays input:checked")].map(i => i.value);
    const key = [ed, vs.join(","), magie.lang].join("|");
    if (!ed || key === shown) return;
    shown = key;
    const q = vs.map(v => "&variant=" + encodeURIComponent(v)).join("");
    const r = await api("GET", `/api/editions/${encodeURIComponent(ed)}/settings?lang=${magie.lang}${q}`);
    if (key !== shown) return;                    // another choice was made meanwhile
    const box = document.getElementById("settings");
    const parts = [el("legend", { text: t("Rules of the game") })];
    if (!r.ok) {
      parts.push(el("p", { class: "error", text: (r.data && r.data.error) || String(r.status) }));
    } else {
      const known = new Set(r.data.groups.flatMap(g => g.parameters.map(p => p.path)));
      for (const path of Object.keys(chosen)) if (!known.has(path)) delete chosen[path];
      parts.push(el("p", { class: "dim", text: t("Change a rule from the edition's default; a changed rule is marked and every seat sees it.") }));
      for (const g of r.data.groups) {
        const rows = g.parameters.map(control);
        const group = el("details", { class: "setting-group", "data-group": g.id },
          el("summary", { text: g.title }), ...rows);
        group.classList.toggle("changed", rows.some(row => row.classList.contains("changed")));
        parts.push(group);
      }
    }
    box.replaceChildren(...parts);
  }

  // The settings of the new game: the rules changed from the edition's defaults.
  function values() {
    const out = {};
    for (const row of document.querySelectorAll("#settings .setting.changed")) out[row.dataset.path] = chosen[row.dataset.path];
    return out;
  }

  // A refusal of the server: each problem of a setting told at its control (its group opened).
  function showErrors(data) {
    for (const row of document.querySelectorAll("#settings .setting.invalid")) {
      row.classList.remove("invalid");
      row.querySelector(".field-error").textContent = "";
    }
    let first = null;
    for (const p of (data && data.problems) || []) {
      if (!p.field || !p.field.startsWith("settings.")) continue;
      const path = p.field.slice("settings.".length);
      const row = [...document.querySelectorAll("#settings .setting")].find(r => r.dataset.path === path);
      if (!row) continue;
      row.classList.add("invalid");
      row.querySelector(".field-error").textContent = p.message;
      row.closest("details").open = true;
      first = first || row;
    }
    if (first) first.querySelector(".setting-input").focus();
    return !!first;
  }

  return { load, values, showErrors };
})();
