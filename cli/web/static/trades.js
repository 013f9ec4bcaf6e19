// The trades of the game in a table: each offer with what goes either way (deeds, cash, kept
// cards) and its state (open, accepted, rejected), from the trade events; and an offer made to a
// seat of this browser drawn with both sides.
"use strict";
magie.trades = (function () {
  const { el, t } = magie;
  const SHOWN = 8;
  const offers = [];       // {n, offer, state}: the latest offers, oldest first
  let ctx = null;          // {info, money, seatName}

  // What one side hands over: deed names, the cash, the kept cards' texts.
  function side(deeds, cash, cards) {
    const parts = deeds.map(i => (ctx.info.spaces[i] || { name: String(i) }).name);
    if (cash) parts.push(ctx.money(cash));
    for (const [deck, card] of cards || []) parts.push(((ctx.info.decks[deck] || { cards: {} }).cards[card]) || card);
    return parts.length ? parts.join(", ") : "—";
  }

  // Both sides of a two-player offer, as a small table: who gives what.
  function both(o) {
    return el("table", { class: "offer-sides" },
      el("tr", {}, el("th", { text: ctx.seatName(o.proposer) + " " + t("gives") }),
                   el("td", { class: "gives", text: side(o.give_deeds, o.give_cash, o.give_cards) })),
      el("tr", {}, el("th", { text: ctx.seatName(o.partner) + " " + t("gives") }),
                   el("td", { class: "gets", text: side(o.get_deeds, o.get_cash, o.get_cards) })));
  }

  function event(item) {
    const ev = item.event;
    if (ev.e === "trade_offer") {
      offers.push({ n: item.n, offer: ev, state: "open" });
      while (offers.length > SHOWN) offers.shift();
    } else if (ev.e === "trade" || ev.e === "trade_rejected") {
      const o = [...offers].reverse().find(x => x.state === "open" && x.offer.proposer === ev.proposer && x.offer.partner === ev.partner);
      if (o) o.state = ev.e === "trade" ? "accepted" : "rejected";
    } else {
      return false;
    }
    return true;
  }

  function render() {
    const box = document.getElementById("trades-box");
    box.hidden = !offers.length;
    const words = { open: t("waiting for the answer"), accepted: t("accepted"), rejected: t("rejected") };
    document.getElementById("trades").replaceChildren(...[...offers].reverse().map(({ n, offer, state }) =>
      el("li", { class: "trade " + state, "data-n": n, "data-state": state },
        el("p", { class: "parties", text: `${ctx.seatName(offer.proposer)} → ${ctx.seatName(offer.partner)} · ${words[state]}` }),
        both(offer))));
  }

  return { init(c) { ctx = c; }, event, render, both };
})();
