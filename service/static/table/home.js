// The home page (/): create a game, the host's panel (join link and QR code, the seats, start, force a
// deadline, abort), the lobby, and links to the docs and the OpenAPI document.
// DOM hooks (data-testid): ruleset-select, ruleset-note, preset-select, players-input, game-lang-select, option-<id>,
// seats-mode-open, seats-mode-named, names-input, named-warning, creation-token-input, create-submit,
// problem, game-id, loopback-warning, join-link, join-qr, watch-link, host-seats, host-seat, open-seats, host-status, start,
// host-now (the phase, step and time left), force-deadline, abort, abort-confirm, abort-yes, abort-no,
// release-<n>, seat-link-<n>, lobby, lobby-game, lobby-join, lobby-watch, lobby-replay,
// docs-link, openapi-link.
import { LANG, LANGS, Problem, api, follow, gameWords, h, keep, keepToken, kept, publicUrl, ready, renderHeader, setClock, t } from "./common.js";

const app = document.getElementById("app");
const HOST_GAME = "grimoire:host-game";

function field(label, input) {
  return h("label", {}, h("span", {}, label), input);
}

async function createForm(rulesets, onCreated) {
  const problem = h("p", { testid: "problem", class: "problem", role: "alert" });
  const rulesetSelect = h("select", { testid: "ruleset-select" }, rulesets.map((r) => h("option", { value: r.id }, r.name)));
  const presetSelect = h("select", { testid: "preset-select" });
  const players = h("input", { type: "number", testid: "players-input" });
  const gameLang = h(
    "select",
    { testid: "game-lang-select" },
    LANGS.map((l) => h("option", { value: l, selected: l === LANG }, { en: "English", ja: "日本語", "zh-Hans": "简体中文", "zh-Hant": "繁體中文" }[l])),
  );
  const options = h("div", { class: "options" });
  const note = h("p", { testid: "ruleset-note", class: "warning" });
  const openMode = h("input", { type: "radio", name: "mode", value: "open", checked: true, testid: "seats-mode-open" });
  const namedMode = h("input", { type: "radio", name: "mode", value: "named", testid: "seats-mode-named" });
  const names = h("textarea", { testid: "names-input", rows: 5 });
  const warning = h("p", { testid: "named-warning", class: "warning" }, t("named_warning"));
  const named = h("div", { hidden: true }, field(t("names"), names), warning);
  const creationToken = h("input", { testid: "creation-token-input", type: "password", autocomplete: "off" });
  const tokenField = h("div", { hidden: true }, field(t("creation_token"), creationToken));
  const inputs = {};
  let ruleset = rulesets[0];
  // a preset plays with its own option values: they are the form's defaults while it is chosen
  const presetDefault = (id) => (ruleset.preset_options[presetSelect.value] || {})[id] ?? ruleset.options[id].default;
  const showValue = (input, o, value) => {
    if (o.type === "bool") input.checked = value;
    else input.value = value;
  };

  const fill = () => {
    ruleset = rulesets.find((r) => r.id === rulesetSelect.value);
    note.textContent = ruleset.note;
    note.hidden = !ruleset.note;
    presetSelect.replaceChildren(
      h("option", { value: "" }, t("by_players")),
      ...Object.entries(ruleset.preset_seats).map(([p, n]) => h("option", { value: p }, `${p} (${n})`)),
    );
    presetSelect.value = Object.keys(ruleset.preset_seats)[0] || "";
    Object.assign(players, { min: ruleset.min_seats, max: ruleset.max_seats, value: ruleset.preset_seats[presetSelect.value] || ruleset.min_seats });
    players.disabled = presetSelect.value !== "";
    for (const k of Object.keys(inputs)) delete inputs[k];
    options.replaceChildren(
      ...Object.entries(ruleset.options).map(([id, o]) => {
        let input;
        if (o.type === "bool") input = h("input", { type: "checkbox", testid: `option-${id}`, checked: o.default });
        else if (o.type === "choice") input = h("select", { testid: `option-${id}` }, o.choices.map((c) => h("option", { value: c, selected: c === o.default }, o.choice_names[c] || c)));
        else input = h("input", { type: "number", testid: `option-${id}`, value: o.default, min: o.minimum ?? null, max: o.maximum ?? null, step: o.type === "int" ? 1 : "any" });
        inputs[id] = [input, o];
        showValue(input, o, presetDefault(id));
        return h("label", { class: "option" }, h("span", {}, o.name), input, h("small", {}, o.help));
      }),
    );
  };
  rulesetSelect.addEventListener("change", fill);
  presetSelect.addEventListener("change", () => {
    players.disabled = presetSelect.value !== "";
    if (presetSelect.value) players.value = ruleset.preset_seats[presetSelect.value];
    for (const [id, [input, o]] of Object.entries(inputs)) showValue(input, o, presetDefault(id));
  });
  for (const r of [openMode, namedMode]) r.addEventListener("change", () => (named.hidden = !namedMode.checked));
  fill();

  const submit = async (ev) => {
    ev.preventDefault();
    problem.textContent = "";
    const body = { ruleset: ruleset.id, lang: gameLang.value, options: {} };
    if (presetSelect.value) body.preset = presetSelect.value;
    if (namedMode.checked) body.names = names.value.split("\n").map((s) => s.trim()).filter(Boolean);
    else if (!presetSelect.value) body.seats = +players.value;
    if (namedMode.checked && !presetSelect.value) body.seats = body.names.length;
    for (const [id, [input, o]] of Object.entries(inputs)) {
      const value = o.type === "bool" ? input.checked : o.type === "choice" ? input.value : Number(input.value);
      if (value !== presetDefault(id)) body.options[id] = value;
    }
    const headers = creationToken.value ? { "X-Creation-Token": creationToken.value } : {};
    try {
      onCreated(await api("/games", { method: "POST", body, headers, lang: gameLang.value }));
    } catch (e) {
      if (e instanceof Problem && e.code && e.code.startsWith("creation_token")) tokenField.hidden = false;
      problem.textContent = e.message;
    }
  };
  return h(
    "form",
    { class: "card-box", onsubmit: submit },
    h("h2", {}, t("new_game")),
    field(t("ruleset"), rulesetSelect),
    note,
    h("div", { class: "row" }, field(t("preset"), presetSelect), field(t("players"), players)),
    field(t("game_lang"), gameLang),
    h("fieldset", {}, h("label", { class: "inline" }, openMode, t("seats_open")), h("label", { class: "inline" }, namedMode, t("seats_named"))),
    named,
    h("details", {}, h("summary", {}, t("options")), options),
    tokenField,
    h("button", { type: "submit", testid: "create-submit", class: "primary" }, t("create")),
    problem,
  );
}

// The host's panel: the join link and its QR code, the seats as they fill, and the host's commands.
// `join` is the create reply's join link and whether the server found its host to be this machine itself.
function hostPanel(game, hostToken, seatLinks, join) {
  const link = join.link;
  const seats = h("ul", { testid: "host-seats", class: "names" });
  const open = h("b", { testid: "open-seats" });
  const status = h("span", { testid: "host-status", class: "chip" });
  const problem = h("p", { testid: "problem", class: "problem", role: "alert" });
  const command = (name, label) =>
    h(
      "button",
      {
        type: "button",
        testid: name,
        onclick: async () => {
          problem.textContent = "";
          try {
            await api(`/games/${game}/${name === "force-deadline" ? "deadline" : name}`, { method: "POST", token: hostToken });
            refresh();
          } catch (e) {
            problem.textContent = e.message;
          }
        },
      },
      label,
    );
  const start = command("start", t("start"));
  // a seat whose player lost the device: released, its token stops working and the seat is taken back once
  // from the join link (the host never sees the seat's token or role)
  const releaseButton = (seat) =>
    h("button", {
      type: "button",
      testid: `release-${seat}`,
      class: "small",
      onclick: async () => {
        if (!window.confirm(t("release_confirm"))) return;
        problem.textContent = "";
        try {
          await api(`/games/${game}/seats/${seat}/release`, { method: "POST", token: hostToken });
        } catch (e) {
          problem.textContent = e.message;
        }
      },
    }, t("release"));
  const force = command("force-deadline", t("force_deadline"));
  force.disabled = true; // until the game runs: the lobby has no step to end
  // aborting asks first: a second, plain question under the button, never a slip
  const abort = h("button", { type: "button", testid: "abort", onclick: () => (confirm.hidden = false) }, t("abort"));
  const abortNow = command("abort", t("abort_yes"));
  abortNow.dataset.testid = "abort-yes";
  abortNow.classList.add("danger");
  abortNow.addEventListener("click", () => (confirm.hidden = true));
  const confirm = h(
    "div",
    { testid: "abort-confirm", class: "confirm", role: "alertdialog", hidden: true },
    h("p", {}, t("abort_confirm")),
    h("div", { class: "row" }, abortNow, h("button", { type: "button", testid: "abort-no", onclick: () => (confirm.hidden = true) }, t("abort_no"))),
  );
  const now = h("div", { testid: "host-now" }); // what "end this step now" would end
  let view = null;
  let words = null;
  const refresh = async () => {
    const reply = await api(`/games/${game}/view`);
    view = reply.view;
    setClock(reply.now);
    words ??= await gameWords(view.ruleset, LANG);
    status.dataset.status = view.status;
    status.textContent = t("status_" + view.status);
    const live = view.status !== "ended" && view.status !== "aborted";
    now.replaceChildren(view.status === "running" ? renderHeader(view, words) : "");
    seats.replaceChildren(
      ...view.names.map((n, i) => h("li", { testid: "host-seat" }, h("span", { class: "num" }, `${i + 1}`), " ", n, live ? releaseButton(i + 1) : null)),
    );
    open.textContent = String(view.seats - view.names.length);
    start.disabled = view.status !== "lobby" || view.names.length < view.seats;
    force.disabled = view.status !== "running";
    abort.disabled = view.status === "ended" || view.status === "aborted";
    if (abort.disabled) confirm.hidden = true;
  };
  refresh();
  follow(game, null, LANG, () => refresh(), () => {}, () => view && view.status === "ended");
  return h(
    "section",
    { class: "card-box host" },
    h("h2", {}, t("host"), " ", status),
    h("p", { class: "mono" }, h("span", { testid: "game-id" }, game)),
    join.loopback ? h("div", { testid: "loopback-warning", class: "warning", role: "alert" }, h("p", {}, h("strong", {}, t("loopback"))), h("p", {}, t("loopback_fix").split(/(grimoire serve(?: --lan| --host 0\.0\.0\.0)?|GRIMOIRE_PUBLIC_URL)/).map((s, i) => (i % 2 ? h("code", {}, s) : s)))) : null,
    h("div", { class: "join" },
      h("img", { testid: "join-qr", src: `/play/${game}/qr.svg`, alt: t("scan"), width: 220, height: 220 }),
      h("div", {},
        h("p", {}, t("join_link"), ": ", h("a", { testid: "join-link", href: link }, link)),
        h("p", {}, t("open_seats"), ": ", open),
        seats,
      ),
    ),
    seatLinks.length
      ? h("div", {}, h("p", { class: "warning" }, t("named_warning")), h("h3", {}, t("seat_links")), h("ul", { class: "names" }, seatLinks.map((s) => h("li", {}, h("a", { testid: `seat-link-${s.seat}`, href: `/play/${game}#token=${encodeURIComponent(s.token)}`, target: "_blank" }, `${s.seat}. ${s.name}`)))))
      : null,
    now,
    h("div", { class: "row" }, start, force, abort),
    confirm,
    problem,
    h("p", {}, h("a", { testid: "watch-link", href: `/watch/${game}` }, t("watch")), " · ", h("a", { href: `/replay/${game}` }, t("replay"))),
    h("p", { class: "muted" }, t("host_note")),
  );
}

async function lobby() {
  const box = h("ul", { testid: "lobby", class: "lobby" });
  const fill = async () => {
    const games = (await api("/games?limit=200")).games.slice(-30).reverse();
    box.replaceChildren(
      ...(games.length ? [] : [h("li", { class: "muted" }, t("no_games"))]),
      ...games.map((g) =>
        h(
          "li",
          { testid: "lobby-game", "data-game-id": g.game_id, "data-status": g.status },
          h("span", { class: "chip" }, t("status_" + g.status)),
          ` ${g.ruleset}${g.preset ? " " + g.preset : ""} · ${g.seats - g.open_seats}/${g.seats} · ${g.names.join(", ")} `,
          g.status === "lobby" && g.open_seats ? h("a", { testid: "lobby-join", href: `/play/${g.game_id}`, class: "button" }, t("join")) : null,
          g.status === "running" || g.status === "lobby" ? h("a", { testid: "lobby-watch", href: `/watch/${g.game_id}` }, t("watch")) : null,
          g.status === "ended" || g.status === "aborted" ? h("a", { testid: "lobby-replay", href: `/replay/${g.game_id}` }, t("replay")) : null,
        ),
      ),
    );
  };
  await fill();
  setInterval(() => document.visibilityState === "visible" && fill().catch(() => {}), 5000);
  return h("section", { class: "card-box" }, h("h2", {}, t("lobby"), " ", h("button", { type: "button", onclick: fill }, t("refresh"))), box);
}

async function main() {
  const rulesets = await api("/rulesets", { lang: LANG });
  const host = h("div", {});
  const showHost = (game, links = []) => {
    const token = localStorage.getItem(`grimoire:${game}:host`);
    const join = kept(game, "join") || { link: `${publicUrl()}/play/${game}`, loopback: false };
    if (token) host.replaceChildren(hostPanel(game, token, links, join));
  };
  const created = (reply) => {
    keepToken(reply.game_id, reply.host_token, "host");
    keep(reply.game_id, "join", { link: reply.join_link, loopback: reply.join_link_loopback });
    localStorage.setItem(HOST_GAME, reply.game_id);
    showHost(reply.game_id, reply.seats);
    host.scrollIntoView();
  };
  const last = localStorage.getItem(HOST_GAME);
  if (last) showHost(last);
  app.replaceChildren(
    h("h1", {}, "Grimoire"),
    host,
    await createForm(rulesets, created),
    await lobby(),
    h("p", {}, h("a", { testid: "docs-link", href: "/docs" }, t("docs")), " · ", h("a", { testid: "openapi-link", href: "/docs/openapi.json" }, t("openapi"))),
  );
  ready();
}

main();
