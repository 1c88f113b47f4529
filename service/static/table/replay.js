// The replay page (/replay/{game_id}) of an ended game: a slider over its events and a choice of viewer
// answer "what did seat 4 see at event 120" with the API's own replay, beside the verification's result.
// DOM hooks (data-testid): replay-slider, replay-at, viewer-select, replay-event, replay-view-json,
// verify-result, seed, head, not-ended, and the view's hooks (role, phase, day, step, seat-<n>, decisions…).
import { Problem, api, gameIdFromPath, gameWords, h, langLinks, ready, renderDecisions, renderView, t } from "./common.js";

const game = gameIdFromPath();
const app = document.getElementById("app");

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
  const total = audit.events.length;
  const last = (await api(`/games/${game}/replay?at=${total}&as=spectator`)).view;
  const words = await gameWords(last.ruleset, last.lang);
  const check = await api(`/games/${game}/audit/verify`);
  const slider = h("input", { type: "range", testid: "replay-slider", min: 0, max: total, value: total, step: 1 });
  const atShown = h("b", { testid: "replay-at" }, String(total));
  const viewer = h(
    "select",
    { testid: "viewer-select" },
    h("option", { value: "spectator" }, t("spectator")),
    h("option", { value: "moderator" }, t("moderator")),
    last.names.map((nm, i) => h("option", { value: String(i + 1) }, `${i + 1}. ${nm}`)),
  );
  const eventLine = h("p", { testid: "replay-event", class: "muted" });
  const shown = h("div", {});
  const json = h("pre", { testid: "replay-view-json" });
  let asked = 0;
  const update = async () => {
    const at = +slider.value;
    atShown.textContent = String(at);
    const e = at ? audit.events[at - 1].event : null;
    eventLine.textContent = e ? `#${at} ${e.type}${e.seat ? " · " + (last.names[e.seat - 1] || e.seat) : ""}` : "—";
    const mine = ++asked;
    const r = await api(`/games/${game}/replay?at=${at}&as=${viewer.value}`);
    if (mine !== asked) return; // a later choice answered first
    shown.replaceChildren(renderView(r.view, words, false), r.view.decisions.length ? renderDecisions(r.view, words, null) : "");
    json.textContent = JSON.stringify(r.view, null, 1);
    document.body.dataset.replayed = `${at}:${viewer.value}`;
  };
  slider.addEventListener("input", update);
  viewer.addEventListener("change", update);
  app.replaceChildren(
    h("h1", {}, `${words.info.name} · ${t("replay")}`),
    h(
      "section",
      { testid: "verify-result", "data-ok": String(check.ok), class: check.ok ? "ok" : "problem" },
      h("h2", {}, t("verification"), ": ", check.ok ? t("verified") : t("failed")),
      check.problems.length ? h("ul", {}, check.problems.map((p) => h("li", {}, p))) : null,
      h("p", { class: "mono" }, `${t("seed")}: `, h("span", { testid: "seed" }, audit.seed || "")),
      h("p", { class: "mono" }, `${t("head")}: `, h("span", { testid: "head" }, audit.head)),
    ),
    h("div", { class: "controls" }, h("label", {}, t("viewer"), " ", viewer), h("label", { class: "grow" }, `${t("event")} `, atShown, ` / ${total}`, slider)),
    eventLine,
    shown,
    h("details", {}, h("summary", {}, t("view_json")), json),
    langLinks(),
  );
  await update();
  ready();
}

main();
