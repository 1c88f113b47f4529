// A spectator's page (/watch/{game_id}): what the public sees, live; roles only once the game has ended.
// DOM hooks (data-testid): status, phase, day, step, deadline, connection, seat-<n>, seat-name-<n>, feed,
// feed-item, result, winners, replay-link.
import { api, followInto, gameIdFromPath, gameWords, h, langLinks, ready, renderView, setClock, t } from "./common.js";

const game = gameIdFromPath();
const app = document.getElementById("app");

async function main() {
  const reply = await api(`/games/${game}/view`);
  let view = reply.view;
  setClock(reply.now);
  const words = await gameWords(view.ruleset, view.lang);
  const top = h("div", {});
  const feed = h("ol", { testid: "feed", class: "feed", reversed: true });
  const connection = h("span", { testid: "connection", "data-state": "reconnecting", class: "conn" }, t("reconnecting"));
  const replay = h("p", {});
  const show = (next) => {
    view = next;
    top.replaceChildren(renderView(view, words));
    document.body.dataset.phase = view.status === "running" ? view.phase : "";
    connection.hidden = view.status === "ended" || view.status === "aborted";
    replay.replaceChildren(
      view.status === "ended" ? h("a", { href: `/replay/${game}`, testid: "replay-link", class: "button" }, t("replay")) : "",
    );
  };
  // one view read for a burst of items, and another when items arrived while it was in flight
  let refreshing = null;
  let stale = false;
  const refresh = () => {
    stale = true;
    refreshing ??= (async () => {
      try {
        while (stale) {
          stale = false;
          await new Promise((r) => setTimeout(r, 100));
          const r = await api(`/games/${game}/view`);
          setClock(r.now);
          show(r.view);
        }
      } finally {
        refreshing = null;
      }
    })();
  };
  app.replaceChildren(
    h("div", { class: "topline" }, h("h1", {}, `${words.info.name} · ${t("spectator")}`), connection),
    top,
    replay,
    h("section", {}, h("h2", {}, t("feed")), feed),
    langLinks(),
  );
  show(view);
  followInto(game, null, view.lang, feed, connection, refresh, () => view.status === "ended" || view.status === "aborted");
  ready();
}

main();
