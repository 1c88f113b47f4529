// The replay page (/replay/{game_id}) of an ended game: the game as a chosen viewer lived it up to a chosen
// point (its feed's lines, its seats and the roles it knew, what it was asked), "what really happened" (the
// moderator's view at the same point), jumps to each day and night, and a link to the point; below, the
// log's verification. The address holds the point: ?as=<seat|spectator|moderator>&at=<events>[&truth=1].
// DOM hooks (data-testid): viewer-select, truth, showing, jump (data-at, data-phase, data-day), jump-end,
// step-back, step-forward, replay-slider, replay-at, share-link, replay-feed, feed-item, verify-result, seed,
// head, replay-view-json, not-ended (a feed item told from the seat's own answer has data-own), and the view's hooks (role, phase, day, step, seat-<n>, decisions…).
import { LANGS, Problem, api, feedItem, gameIdFromPath, gameWords, h, langLinks, ready, renderDecisions, renderView, t } from "./common.js";

const game = gameIdFromPath();
const app = document.getElementById("app");
const query = new URLSearchParams(location.search);
const given = LANGS.includes(query.get("lang")) ? query.get("lang") : null;
const fill = (text, args) => text.replace(/\{(\w+)\}/g, (_, k) => args[k]);
const name = (table, id) => (table && table[id]) || String(id);

// the audience of an audited event: absent when public
const sees = (to, who) => to === undefined || to === "public" || who === "moderator" || (Array.isArray(to) && to.includes(+who));

// the viewer's feed up to the point, every page of it
async function replayed(at, who, lang) {
  const items = [];
  let after = 0;
  for (;;) {
    const r = await api(`/games/${game}/replay?at=${at}&as=${who}&after=${after}&limit=500`, { lang });
    items.push(...r.events);
    after = r.next;
    if (!r.more) return { view: r.view, items };
  }
}

async function main() {
  let audit;
  try {
    audit = await api(`/games/${game}/audit`);
  } catch (e) {
    if (!(e instanceof Problem)) throw e;
    app.replaceChildren(h("h1", {}, "Grimoire"), h("p", { testid: "not-ended", class: "note" }, t("not_ended")), h("p", {}, h("a", { href: `/watch/${game}` }, t("watch"))), langLinks());
    ready();
    return;
  }
  const events = audit.events;
  const total = events.length;
  const end = await api(`/games/${game}/replay?at=${total}&as=spectator&limit=1`);
  const lang = given || end.view.lang;
  const words = await gameWords(end.view.ruleset, lang);
  const names = end.view.names;
  const check = await api(`/games/${game}/audit/verify`);
  const marks = end.phases;
  const asked = query.get("as") || "";
  const at = Number.parseInt(query.get("at"), 10);
  const state = {
    as: ["spectator", "moderator"].includes(asked) || (+asked >= 1 && +asked <= names.length) ? asked : "spectator",
    at: Number.isInteger(at) && at >= 0 && at <= total ? at : total,
    truth: query.get("truth") === "1",
  };
  const who = () => (state.truth ? "moderator" : state.as);
  const whoName = (v) => (v === "spectator" || v === "moderator" ? t(v) : `${v}. ${names[v - 1]}`);
  const markLabel = (m) => fill(t("phase_of_day"), { phase: name(words.phases, m.phase), day: m.day });

  const viewer = h(
    "select",
    { testid: "viewer-select", "aria-label": t("viewer") },
    names.map((nm, i) => h("option", { value: String(i + 1) }, whoName(i + 1))),
    h("option", { value: "spectator" }, t("spectator")),
    h("option", { value: "moderator" }, t("moderator")),
  );
  viewer.value = state.as;
  const truth = h("button", { type: "button", testid: "truth", class: "truth" }, t("truth"));
  const jumps = marks.map((m) =>
    h("button", { type: "button", testid: "jump", class: `jump ${m.phase}`, "data-at": m.at, "data-phase": m.phase, "data-day": m.day, onclick: () => go(m.at) }, markLabel(m)),
  );
  jumps.push(h("button", { type: "button", testid: "jump-end", class: "jump", "data-at": total, onclick: () => go(total) }, t("the_end")));
  const slider = h("input", { type: "range", testid: "replay-slider", "aria-label": t("event"), min: 0, max: total, value: state.at, step: 1 });
  const atShown = h("b", { testid: "replay-at" });
  const where = h("span", {});
  const back = h("button", { type: "button", testid: "step-back", class: "step", "aria-label": t("prev_line"), title: t("prev_line") }, "◀");
  const forward = h("button", { type: "button", testid: "step-forward", class: "step", "aria-label": t("next_line"), title: t("next_line") }, "▶");
  const share = h("a", { testid: "share-link", class: "button" }, t("share_point"));
  const showing = h("p", { testid: "showing", class: "showing" });
  const shown = h("div", {});
  const owed = h("div", {}); // what the viewer was asked at the point, after the story
  const feed = h("ol", { testid: "replay-feed", class: "feed story", reversed: true });
  const json = h("pre", { testid: "replay-view-json" });
  const langs = h("div", {});

  // a seat's own answer without words (a vote, a night action) told from the game's labels, as its page did
  const told = (item, view) => {
    if (item.text || item.type !== "act" || item.data.seat !== view.seat) return item;
    const a = item.data.action || {};
    const chosen = [a.target ? names[a.target - 1] : "", ...(a.targets || []).map((s) => names[s - 1]), a.option ? name(words.choices, a.option) : ""];
    return { ...item, own: true, text: `${t("answered")}: ${name(words.actions, a.kind)} ${chosen.filter(Boolean).join(", ")}`.trim() };
  };

  const line = (item, n) => {
    const li = feedItem(item, n);
    if (item.own) li.dataset.own = "1";
    return li;
  };

  const address = () => {
    const q = new URLSearchParams({ as: state.as, at: String(state.at) });
    if (state.truth) q.set("truth", "1");
    if (given) q.set("lang", given);
    return `${location.pathname}?${q}`;
  };

  let asking = 0;
  const update = async () => {
    const v = who();
    const point = state.at;
    slider.value = String(point);
    atShown.textContent = String(point);
    const current = marks.filter((m) => m.at <= point).pop();
    where.textContent = current ? ` · ${markLabel(current)}` : "";
    const here = point === total ? jumps.length - 1 : marks.indexOf(current);
    jumps.forEach((b, i) => b.setAttribute("aria-current", String(i === here)));
    truth.setAttribute("aria-pressed", String(state.truth));
    history.replaceState(null, "", address());
    share.href = location.origin + address();
    langs.replaceChildren(langLinks());
    const mine = ++asking;
    const r = await replayed(point, v, lang);
    if (mine !== asking) return; // a later choice answered first
    showing.textContent = state.truth ? t("truth_note") : fill(t("as_lived"), { who: whoName(v) });
    showing.classList.toggle("real", state.truth);
    shown.replaceChildren(renderView(r.view, words, false));
    owed.replaceChildren(r.view.decisions.length ? renderDecisions(r.view, words, null) : "");
    const lines = r.items.map((item) => told(item, r.view));
    const numbered = (all) => {
      let n = 0;
      return all.map((l) => line(l, l.text ? ++n : 0));
    };
    feed.replaceChildren(...(lines.some((l) => l.text) ? numbered(lines).reverse() : [h("li", { class: "muted" }, t("nothing_yet"))]));
    json.textContent = JSON.stringify(r.view, null, 1);
    document.body.dataset.replayed = `${point}:${v}`;
  };
  const go = (point) => {
    state.at = Math.max(0, Math.min(total, point));
    return update();
  };

  // the previous line drops the viewer's latest event; the next one brings its next event in
  back.addEventListener("click", () => {
    let i = state.at - 1;
    while (i >= 0 && !sees(events[i].event.to, who())) i--;
    go(Math.max(0, i));
  });
  forward.addEventListener("click", () => {
    let i = state.at;
    while (i < total && !sees(events[i].event.to, who())) i++;
    go(i + 1);
  });
  let pause = null;
  slider.addEventListener("input", () => {
    clearTimeout(pause);
    pause = setTimeout(() => go(+slider.value), 120);
  });
  viewer.addEventListener("change", () => {
    state.as = viewer.value;
    update();
  });
  truth.addEventListener("click", () => {
    state.truth = !state.truth;
    update();
  });

  app.replaceChildren(
    h("h1", {}, `${words.info.name} · ${t("replay")}`),
    h(
      "section",
      { class: "replay-controls" },
      h("div", { class: "row" }, h("label", {}, h("span", {}, t("viewer")), viewer), truth),
      h("nav", { class: "jumps", "aria-label": t("jump_to") }, jumps),
      h("div", { class: "stepper" }, back, slider, forward),
      h("p", { class: "muted" }, `${t("event")} `, atShown, ` / ${total}`, where),
      share,
    ),
    showing,
    shown,
    h("section", {}, h("h2", {}, t("feed")), feed),
    owed,
    h(
      "section",
      { testid: "verify-result", "data-ok": String(check.ok), class: check.ok ? "ok" : "problem" },
      h("h2", {}, t("verification"), ": ", check.ok ? t("verified") : t("failed")),
      check.problems.length ? h("ul", {}, check.problems.map((p) => h("li", {}, p))) : null,
      h("p", { class: "mono" }, `${t("seed")}: `, h("span", { testid: "seed" }, audit.seed || "")),
      h("p", { class: "mono" }, `${t("head")}: `, h("span", { testid: "head" }, audit.head)),
    ),
    h("details", {}, h("summary", {}, t("view_json")), json),
    langs,
  );
  await update();
  ready();
}

main();
