// Shared by the pages: the interface's words (from /api/ui) and small DOM helpers.
// Texts from editions and players are always set as text (textContent), never as HTML.
"use strict";
const magie = {
  words: {},
  lang: "en",
  async loadWords(lang) {
    magie.lang = lang;
    const r = await fetch("/api/ui?lang=" + encodeURIComponent(lang));
    magie.words = (await r.json()).messages;
    document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = magie.t(el.dataset.t);
    for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", magie.t(el.dataset.tLabel));
  },
  t(msg) { return magie.words[msg] || msg; },
  el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  },
  async api(method, url, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
    const r = await fetch(url, opts);
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    return { status: r.status, ok: r.ok, data };
  },
};
