// A seat's page (/play/{game_id}): join under a name when the tab holds no token, then the seat's own view,
// its feed as it arrives and the decisions it owes, with the receipts its actions earned.
// DOM hooks (data-testid): join-name, join-submit, problem, my-seat, my-name, role, phase, day, step,
// deadline, status, connection, seat-<n>, seat-name-<n>, decisions, decision-<kind>, choice-<value>,
// text-input, submit, answered, hand, card-<id>, offer, today, sheriff, lover, candidates, potions,
// wolf-target, feed, feed-item, receipts-count, receipts-download, result, winners, watch-link,
// role-card (the seat's own role card), role-info (the card of a role tapped in play), role-info-close,
// your-turn (the seat owes an answer: with the time left, your-turn-left), dead-banner (what the dead may still
// do; dead-see-all where the dead see every role), receipts (the menu that holds the receipts), abstain.
// transfer-box, transfer-start, transfer-qr, transfer-link (moving the seat), claim-seat-number, claim-submit.
import {
  Problem,
  act,
  api,
  countdown,
  decisionsKey,
  followInto,
  gameIdFromPath,
  gameWords,
  h,
  dropToken,
  keepToken,
  owes,
  langLinks,
  ready,
  renderDecisions,
  renderView,
  setClock,
  t,
  takeToken,
} from "./common.js";

const game = gameIdFromPath();
const app = document.getElementById("app");
let token = takeToken(game);

// A seat moved here from another device: its transfer code arrives in the fragment (#transfer=…), leaves the
// address bar at once and is claimed for a new token, kept like any seat's.
async function claimTransfer() {
  const code = new URLSearchParams(location.hash.slice(1)).get("transfer");
  if (!code) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    return await claimSeat({ code });
  } catch (e) {
    return e;
  }
}

async function claimSeat(body) {
  const claimed = await api(`/games/${game}/claim`, { method: "POST", body });
  keepToken(game, claimed.token);
  token = claimed.token;
  return null;
}

// a seat released by the host, taken back from the join link by its number
function claimForm(problem) {
  const number = h("input", { testid: "claim-seat-number", type: "number", min: 1, max: 100, required: true, inputmode: "numeric" });
  return h(
    "form",
    {
      class: "card-box",
      onsubmit: async (ev) => {
        ev.preventDefault();
        try {
          await claimSeat({ seat: Number(number.value) });
          seatPage();
        } catch (e) {
          problem.textContent = e.message;
        }
      },
    },
    h("label", {}, t("seat_number"), number),
    h("button", { type: "submit", testid: "claim-submit" }, t("claim_seat")),
  );
}

// the seat's own transfer: a one-time code drawn as its link's QR code on this screen (POSTed, never in a URL)
function transferBox() {
  const box = h("div", { testid: "transfer-box" });
  const button = h("button", {
    type: "button",
    testid: "transfer-start",
    onclick: async () => {
      const { code } = await api(`/games/${game}/seats/me/transfer`, { method: "POST", token });
      const link = `${location.origin}/play/${game}#transfer=${code}`;
      const svg = await fetch(`/play/${game}/qr.svg`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
      const img = h("img", { testid: "transfer-qr", src: URL.createObjectURL(await svg.blob()), alt: t("move_seat"), width: 220, height: 220 });
      box.replaceChildren(img, h("p", {}, t("move_hint")), h("a", { testid: "transfer-link", href: link }, t("move_seat")));
    },
  }, t("move_seat"));
  box.replaceChildren(button);
  return box;
}

async function joinForm() {
  const spectator = await api(`/games/${game}/view`);
  const v = spectator.view;
  const problem = h("p", { testid: "problem", class: "problem", role: "alert" });
  const nameInput = h("input", { testid: "join-name", maxlength: 40, required: true, autocomplete: "nickname", placeholder: t("your_name") });
  const open = v.status === "lobby" && v.names.length < v.seats;
  app.replaceChildren(
    h("h1", {}, "Grimoire"),
    h("p", {}, `${v.ruleset} · ${v.names.length}/${v.seats}`),
    open
      ? h(
          "form",
          {
            class: "card-box",
            onsubmit: async (ev) => {
              ev.preventDefault();
              try {
                const joined = await api(`/games/${game}/seats`, { method: "POST", body: { name: nameInput.value.trim() }, lang: v.lang });
                keepToken(game, joined.token);
                token = joined.token;
                seatPage();
              } catch (e) {
                problem.textContent = e.message;
              }
            },
          },
          h("label", {}, t("your_name"), nameInput),
          h("button", { type: "submit", testid: "join-submit", class: "primary" }, t("join")),
          problem,
        )
      : h("p", {}, t("not_joinable")),
    v.status !== "ended" && v.status !== "aborted" ? claimForm(problem) : null,
    open ? null : problem,
    h("p", {}, h("a", { href: `/watch/${game}`, testid: "watch-link" }, t("watch"))),
    langLinks(),
  );
  ready();
}

const receiptsKey = (seat) => `grimoire:${game}:receipts:${seat}`;
const receiptsOf = (seat) => JSON.parse(localStorage.getItem(receiptsKey(seat)) || "[]");

async function seatPage() {
  let reply;
  try {
    reply = await api(`/games/${game}/view`, { token });
  } catch (e) {
    if (e instanceof Problem && e.status === 401) {
      dropToken(game);
      token = null;
      return joinForm();
    }
    throw e;
  }
  let view = reply.view;
  setClock(reply.now);
  const lang = view.lang;
  const words = await gameWords(view.ruleset, lang);
  const top = h("div", {});
  const decisions = h("div", {});
  const feed = h("ol", { testid: "feed", class: "feed", reversed: true });
  const connection = h("span", { testid: "connection", "data-state": "reconnecting", class: "conn" }, t("reconnecting"));
  const receiptsCount = h("span", { testid: "receipts-count" }, "0");
  const download = h("a", { testid: "receipts-download", class: "button" }, t("download"));
  let shownKey = "";
  // on the seat's own turn, pinned to the top of the screen: "your turn" and the time left, a tap away from the form
  const turn = h("button", { type: "button", testid: "your-turn", class: "your-turn", hidden: true, onclick: () => decisions.scrollIntoView({ block: "start" }) });
  const dead = h("div", { testid: "dead-banner", class: "dead-banner", role: "status", hidden: true });
  const showTurn = () => {
    const mine = owes(view);
    turn.hidden = !mine;
    document.body.dataset.phase = view.status === "running" ? view.phase : "";
    if (!mine) return;
    const left = view.deadline ? h("b", { testid: "your-turn-left", "data-deadline": view.deadline }, countdown(view.deadline)) : null;
    turn.replaceChildren(h("strong", {}, t("your_turn")), ...(left ? [" · ", t("time_left"), " ", left] : []));
  };
  const showDead = () => {
    const gone = view.status === "running" && view.seat && view.alive[view.seat - 1] === false;
    dead.hidden = !gone;
    if (!gone) return;
    const everyRole = new Set([...Object.keys(view.roles), ...Object.keys(view.knowledge)]).size >= view.seats; // learned at death
    dead.replaceChildren(
      h("strong", {}, t("dead_banner")),
      h("p", {}, view.decisions.length ? t("dead_act") : t("dead_feed")),
      everyRole ? h("p", { testid: "dead-see-all" }, t("dead_roles")) : "",
    );
  };

  // role cards (GET /rulesets/{id}): the seat's own under its role, and any role tapped in play
  const cards = Object.fromEntries([...words.info.roles, ...(words.info.states || [])].map((r) => [r.id, r]));
  const ownCard = h("details", { testid: "role-card", class: "role-card", open: true }); // open at first; a tap on its name folds it
  const roleInfo = h("aside", { testid: "role-info", class: "role-info", hidden: true });
  const showCard = (id) => {
    const r = cards[id];
    if (!r) return;
    const close = h("button", { type: "button", testid: "role-info-close", "aria-label": "×", onclick: () => (roleInfo.hidden = true) }, "×");
    roleInfo.replaceChildren(close, h("h3", {}, r.name), h("p", {}, r.card));
    roleInfo.dataset.role = id;
    roleInfo.hidden = false;
  };
  // witch_trial deals cards, not roles: a seat is a prisoner, and a witch while it holds the witch killer
  const ownId = (v) => v.role || (cards.prisoner ? ((v.private || {}).hand || []).includes("witch_killer") ? "witch" : "prisoner" : null);
  const showOwnCard = () => {
    const id = ownId(view);
    const me = top.querySelector(".me"); // under the seat's own role
    if (me) me.after(ownCard);
    if (ownCard.dataset.card === (id || "")) return;
    ownCard.dataset.card = id || "";
    const r = cards[id];
    ownCard.hidden = !r;
    ownCard.replaceChildren(...(r ? [h("summary", {}, r.name), h("p", {}, r.card)] : []));
  };
  top.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-role], .hand .card[data-testid^='card-']");
    if (el) showCard(el.dataset.role || el.dataset.testid.slice(5));
  });

  const showReceipts = () => {
    const kept = receiptsOf(view.seat);
    receiptsCount.textContent = String(kept.length);
    URL.revokeObjectURL(download.href);
    download.href = URL.createObjectURL(new Blob([JSON.stringify(kept, null, 1)], { type: "application/json" }));
    download.download = `receipts-${game}-seat${view.seat}.json`;
  };

  const send = async (decision, action) => {
    const answer = await act(game, token, action, lang);
    if (answer.receipt) {
      const kept = receiptsOf(view.seat);
      if (!kept.some((r) => r.n === answer.receipt.n)) kept.push(answer.receipt);
      localStorage.setItem(receiptsKey(view.seat), JSON.stringify(kept));
    }
    setClock(answer.now);
    show(answer.view, true);
  };

  const show = (next, force = false) => {
    view = next;
    top.replaceChildren(renderView(view, words));
    showOwnCard();
    const key = decisionsKey(view);
    if (force || key !== shownKey) {
      shownKey = key;
      const waiting = view.status === "lobby" ? h("p", { class: "note" }, t("waiting")) : "";
      decisions.replaceChildren(view.status === "running" ? renderDecisions(view, words, send) : waiting);
    }
    showReceipts();
    showTurn();
    showDead();
    connection.hidden = view.status === "ended" || view.status === "aborted";
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
          const r = await api(`/games/${game}/view`, { token });
          setClock(r.now);
          show(r.view);
        }
      } finally {
        refreshing = null;
      }
    })();
  };

  app.replaceChildren(
    h("div", { class: "topline" }, h("h1", {}, words.info.name), connection),
    turn,
    dead,
    top,
    roleInfo,
    decisions,
    h("section", {}, h("h2", {}, t("feed")), feed),
    h("details", { testid: "receipts", class: "receipts menu" }, h("summary", {}, t("receipts"), " (", receiptsCount, ")"), h("p", {}, download)),
    view.status !== "ended" && view.status !== "aborted" ? transferBox() : null,
    langLinks(),
  );
  show(view, true);
  // the seat moved to another device or was released: this page's token no longer works
  const lost = (e) => {
    if (e.status !== 401) return;
    dropToken(game);
    token = null;
    joinForm();
  };
  followInto(game, token, lang, feed, connection, refresh, () => view.status === "ended" || view.status === "aborted", lost);
  ready();
}

claimTransfer().then((failed) => {
  if (token) seatPage();
  else joinForm().then(() => failed && (document.querySelector("[data-testid=problem]").textContent = failed.message));
});
