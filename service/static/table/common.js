// What every table page shares: the API client, tokens, the live feed, the chrome's words and the view.
// The pages are clients of the public API only; they hold no rule of any game. Every label of a game
// (decisions, choices, cards, roles, phases, steps, results) comes from GET /rulesets/{id}?lang=<game's>.
// Plain http on a LAN address is not a secure context: nothing here needs one (keys come from getRandomValues).

export const LANGS = ["en", "ja", "zh-Hans", "zh-Hant"];

// the chrome's words: [en, ja, zh-Hans, zh-Hant]
const WORDS = {
  new_game: ["New game", "新しいゲーム", "新游戏", "新遊戲"],
  ruleset: ["Ruleset", "ルール", "规则", "規則"],
  preset: ["Preset", "配役", "板子", "板子"],
  by_players: ["By player count", "人数で決める", "按人数", "按人數"],
  players: ["Players", "人数", "人数", "人數"],
  game_lang: ["Game language", "ゲームの言語", "游戏语言", "遊戲語言"],
  options: ["Options", "オプション", "选项", "選項"],
  seats_open: ["Open seats: each phone joins under its own name", "空席：各自のスマホから名前を入れて参加", "空位：每部手机用自己的名字加入", "空位：每支手機用自己的名字加入"],
  seats_named: ["Named seats, all on this device", "名前を指定した席（この端末が全員分を持つ）", "指定名字的座位（本设备持有全部）", "指定名字的座位（本裝置持有全部）"],
  names: ["Names, one a line", "名前（1行に1人）", "名字，每行一个", "名字，每行一個"],
  named_warning: ["Whoever creates a game with named seats holds every seat's token: every seat's secrets pass through this page.", "名前を指定して作ると、作成者が全員の席のトークンを持ちます。全員の秘密がこのページを通ります。", "指定名字创建的游戏，创建者持有每个座位的令牌：所有座位的秘密都会经过本页面。", "指定名字建立的遊戲，建立者持有每個座位的權杖：所有座位的秘密都會經過本頁面。"],
  creation_token: ["Creation token (from the operator)", "作成トークン（運営者から）", "创建令牌（由运营者提供）", "建立權杖（由營運者提供）"],
  create: ["Create the game", "ゲームを作成", "创建游戏", "建立遊戲"],
  join_link: ["Join link", "参加リンク", "加入链接", "加入連結"],
  scan: ["Scan to join", "読み取って参加", "扫码加入", "掃碼加入"],
  watch: ["Watch", "観戦", "观战", "觀戰"],
  replay: ["Replay", "リプレイ", "回放", "回放"],
  join: ["Join", "参加", "加入", "加入"],
  lobby: ["Lobby", "ロビー", "大厅", "大廳"],
  no_games: ["No games yet.", "ゲームはまだありません。", "还没有游戏。", "還沒有遊戲。"],
  open_seats: ["Open seats", "空席", "空位", "空位"],
  seats: ["Seats", "席", "座位", "座位"],
  start: ["Start", "開始", "开始", "開始"],
  force_deadline: ["End this step now", "この段階を今すぐ締め切る", "立即结束本阶段", "立即結束本階段"],
  abort: ["Abort the game", "ゲームを中止", "中止游戏", "中止遊戲"],
  host: ["Host", "ホスト", "房主", "房主"],
  host_note: ["This page holds only the host's token.", "このページが持つのはホストのトークンだけです。", "本页面只持有房主的令牌。", "本頁面只持有房主的權杖。"],
  loopback: ["No phone can open this join link: it points at this computer itself.", "この参加リンクはこのパソコン自身を指しているため、スマホからは開けません。", "这个加入链接指向本机自身，手机打不开。", "這個加入連結指向本機自身，手機打不開。"],
  loopback_fix: ["To play from phones on this network, restart the server with grimoire serve --lan (or grimoire serve --host 0.0.0.0 with GRIMOIRE_PUBLIC_URL set to this computer's network address): grimoire serve listens on 127.0.0.1 by default.", "同じネットワークのスマホで遊ぶには、サーバーを grimoire serve --lan で起動し直してください（または grimoire serve --host 0.0.0.0 で起動し、GRIMOIRE_PUBLIC_URL にこのパソコンのネットワーク上のアドレスを指定）。grimoire serve は初期設定では 127.0.0.1 でしか待ち受けません。", "要让同一网络中的手机加入，请用 grimoire serve --lan 重新启动服务器（或用 grimoire serve --host 0.0.0.0 启动，并把 GRIMOIRE_PUBLIC_URL 设为本机在局域网中的地址）。grimoire serve 默认只监听 127.0.0.1。", "要讓同一網路中的手機加入，請用 grimoire serve --lan 重新啟動伺服器（或用 grimoire serve --host 0.0.0.0 啟動，並把 GRIMOIRE_PUBLIC_URL 設為本機在區域網路中的位址）。grimoire serve 預設只監聽 127.0.0.1。"],
  seat_links: ["Seat links (secret: one for each player)", "席のリンク（秘密：1人に1つ）", "座位链接（保密：每人一个）", "座位連結（保密：每人一個）"],
  docs: ["API docs", "API ドキュメント", "API 文档", "API 文件"],
  openapi: ["OpenAPI document", "OpenAPI 定義", "OpenAPI 文档", "OpenAPI 文件"],
  your_name: ["Your name", "あなたの名前", "你的名字", "你的名字"],
  waiting: ["Waiting for the host to start…", "ホストの開始を待っています…", "等待房主开始…", "等待房主開始…"],
  not_joinable: ["This game has no open seat.", "このゲームに空席はありません。", "此游戏没有空位。", "此遊戲沒有空位。"],
  seat: ["Seat", "席", "座位", "座位"],
  role: ["Role", "役職", "身份", "身分"],
  time_left: ["Time left", "残り時間", "剩余时间", "剩餘時間"],
  your_move: ["Your move", "あなたの行動", "你的行动", "你的行動"],
  nothing_owed: ["Nothing to do now.", "今はすることがありません。", "现在无事可做。", "現在無事可做。"],
  answered: ["Your answer", "あなたの回答", "你的回答", "你的回答"],
  send: ["Send", "送信", "提交", "送出"],
  words: ["Your words", "発言", "你的发言", "你的發言"],
  exactly: ["Say exactly", "必ずこの通りに", "必须说", "必須說"],
  ends_with: ["End with", "文末に必ず", "必须以此结尾", "必須以此結尾"],
  pick: ["Choose", "選んでください", "请选择", "請選擇"],
  feed: ["What happened", "経過", "经过", "經過"],
  hand: ["Hand", "手札", "手牌", "手牌"],
  offer: ["Trade offer", "取引の申し出", "交易提议", "交易提議"],
  today: ["Today", "今日", "今天", "今天"],
  format: ["Vote", "投票", "投票", "投票"],
  cursed: ["Cursed", "呪い", "诅咒", "詛咒"],
  sheriff: ["Sheriff", "警長", "警长", "警長"],
  lover: ["Lover", "恋人", "情侣", "情侶"],
  candidates: ["Candidates", "候補者", "竞选者", "競選者"],
  potions: ["Potions", "薬", "药", "藥"],
  wolf_target: ["The wolves' target", "人狼の襲撃先", "狼人的目标", "狼人的目標"],
  receipts: ["Receipts", "受領証", "回执", "回執"],
  download: ["Download", "ダウンロード", "下载", "下載"],
  alive: ["alive", "生存", "存活", "存活"],
  dead: ["dead", "死亡", "死亡", "死亡"],
  you: ["you", "あなた", "你", "你"],
  winners: ["Winners", "勝者", "胜者", "勝者"],
  live: ["live", "接続中", "已连接", "已連線"],
  move_seat: ["Move this seat to another phone", "この席を別の端末に移す", "把此座位移到另一部手机", "把此座位移到另一支手機"],
  move_hint: ["Scan this on the other phone within two minutes. It works once; this page then leaves the seat.", "2分以内にもう一方の端末で読み取ってください。1回だけ使えます。使うとこのページは席を離れます。", "请在两分钟内用另一部手机扫描。只能使用一次；之后本页面将离开此座位。", "請在兩分鐘內用另一支手機掃描。只能使用一次；之後本頁面將離開此座位。"],
  claim_seat: ["Take back my seat (the host released it)", "自分の席に戻る（ホストが解放した席）", "取回我的座位（房主已释放）", "取回我的座位（房主已釋出）"],
  seat_number: ["Seat number", "席番号", "座位号", "座位號"],
  release: ["Release", "解放", "释放", "釋出"],
  release_confirm: ["Release this seat? Its player's page stops working, and the seat can be taken back once from the join link.", "この席を解放しますか？その参加者のページは使えなくなり、参加リンクから一度だけ席に戻れます。", "释放这个座位吗？该玩家的页面将失效，之后可以从加入链接取回一次。", "釋出這個座位嗎？該玩家的頁面將失效，之後可以從加入連結取回一次。"],
  reconnecting: ["reconnecting…", "再接続中…", "重新连接中…", "重新連線中…"],
  spectator: ["Spectator", "観戦者", "观众", "觀眾"],
  moderator: ["Moderator", "進行役", "主持人", "主持人"],
  viewer: ["Viewer", "視点", "视角", "視角"],
  event: ["Event", "イベント", "事件", "事件"],
  verification: ["Verification", "検証", "验证", "驗證"],
  verified: ["verified: chain and replay", "検証済み（チェーンと再生）", "已验证：哈希链与重放", "已驗證：雜湊鏈與重放"],
  failed: ["FAILED", "失敗", "失败", "失敗"],
  seed: ["Seed", "シード", "种子", "種子"],
  head: ["Chain head", "チェーンの先頭", "链头", "鏈頭"],
  not_ended: ["The game has not ended: its replay opens at the end.", "ゲームはまだ終わっていません。リプレイは終了後に開けます。", "游戏尚未结束，结束后可回放。", "遊戲尚未結束，結束後可回放。"],
  status_lobby: ["waiting for players", "参加受付中", "等待玩家", "等待玩家"],
  status_running: ["in play", "進行中", "进行中", "進行中"],
  status_ended: ["ended", "終了", "已结束", "已結束"],
  status_aborted: ["aborted", "中止", "已中止", "已中止"],
  view_json: ["The view as the API returns it", "API が返すビュー", "API 返回的视图", "API 返回的視圖"],
  truth: ["What really happened", "実際に起きたこと", "真实发生的事", "真實發生的事"],
  truth_note: ["What really happened: the moderator's view, every role and every secret.", "実際に起きたこと：進行役の視点。すべての役職と秘密が見えます。", "真实发生的事：主持人视角，所有身份和秘密都可见。", "真實發生的事：主持人視角，所有身分和秘密都看得到。"],
  as_lived: ["The game as {who} lived it", "{who}から見たゲーム", "{who}眼中的这局游戏", "{who}眼中的這局遊戲"],
  jump_to: ["Jump to", "移動", "跳转到", "跳到"],
  phase_of_day: ["{phase} {day}", "{day}日目の{phase}", "第{day}天{phase}", "第{day}天{phase}"],
  your_turn: ["Your turn", "あなたの番です", "轮到你了", "輪到你了"],
  acting: ["Their turn", "手番", "轮到此人", "輪到此人"],
  abstain: ["Abstain", "棄権する", "弃权", "棄權"],
  no_one: ["Choose no one", "誰も選ばない", "不选择任何人", "不選擇任何人"],
  say_nothing: ["Say nothing", "何も言わない", "不发言", "不發言"],
  dead_banner: ["You are dead — you may watch", "あなたは死亡しました。ここからは観戦です", "你已出局，可以继续观战", "你已出局，可以繼續觀戰"],
  dead_feed: ["You still read what happens as it happens; speaking and voting are for the living.", "経過はこのまま読めます。発言と投票は生存者だけが行います。", "你仍可实时查看对局经过；发言和投票只属于存活玩家。", "你仍可即時查看對局經過；發言和投票只屬於存活玩家。"],
  dead_act: ["You still have something to do: see below.", "まだ行動が残っています（下記）。", "你还有行动要做，见下方。", "你還有行動要做，見下方。"],
  dead_roles: ["In this game the dead see every role.", "このゲームでは死亡した人に全員の役職が公開されます。", "本局出局玩家可以查看所有人的身份。", "本局出局玩家可以查看所有人的身分。"],
  abort_confirm: ["Abort the game for everyone? It cannot be resumed.", "全員のゲームを中止しますか？再開はできません。", "要为所有人中止这局游戏吗？中止后无法恢复。", "要為所有人中止這局遊戲嗎？中止後無法恢復。"],
  abort_yes: ["Yes, abort", "中止する", "确认中止", "確認中止"],
  abort_no: ["Keep playing", "続ける", "继续游戏", "繼續遊戲"],
  the_end: ["The end", "終局", "终局", "終局"],
  prev_line: ["Previous line", "前の行へ", "上一条", "上一則"],
  next_line: ["Next line", "次の行へ", "下一条", "下一則"],
  share_point: ["Link to this point", "この場面へのリンク", "此刻的链接", "此刻的連結"],
  nothing_yet: ["Nothing yet.", "まだ何もありません。", "还没有发生任何事。", "還沒有發生任何事。"],
  refresh: ["Refresh", "更新", "刷新", "重新整理"],
};

export function chromeLang() {
  const given = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(given)) return given;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const t = tag.toLowerCase();
    if (t.startsWith("ja")) return "ja";
    if (t === "zh-tw" || t === "zh-hk" || t === "zh-mo" || t.startsWith("zh-hant")) return "zh-Hant";
    if (t.startsWith("zh")) return "zh-Hans";
    if (t.startsWith("en")) return "en";
  }
  return "en";
}

export const LANG = chromeLang();
document.documentElement.lang = LANG;

export function t(key) {
  const words = WORDS[key];
  return words ? words[LANGS.indexOf(LANG)] || words[0] : key;
}

// --- elements ----------------------------------------------------------------------------------

// h("li", {testid: "seat-3", class: "dead"}, "Ann", child…): an element; attributes named on* are listeners
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "testid") el.dataset.testid = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "value") el.value = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export function gameIdFromPath() {
  return location.pathname.split("/")[2];
}

export function publicUrl() {
  const meta = document.querySelector('meta[name="grimoire-public-url"]');
  return (meta && meta.content) || location.origin;
}

export function ready() {
  document.body.dataset.ready = "1";
}

// --- tokens: only in the Authorization header, kept per game in this browser's storage -----------
// (localStorage: a closed tab, reopened from the join link or the page's address, finds its seat)

const tokenKey = (game, kind) => `grimoire:${game}:${kind}`;

export function takeToken(game, kind = "token") {
  // a token that arrives in the fragment (#token=…) moves to storage and leaves the address bar
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) {
    localStorage.setItem(tokenKey(game, kind), hash.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(tokenKey(game, kind));
}

export function keepToken(game, token, kind = "token") {
  localStorage.setItem(tokenKey(game, kind), token);
}

export function dropToken(game, kind = "token") {
  localStorage.removeItem(tokenKey(game, kind));
}

export function kept(game, kind) {
  return JSON.parse(localStorage.getItem(tokenKey(game, kind)) || "null");
}

export function keep(game, kind, value) {
  localStorage.setItem(tokenKey(game, kind), JSON.stringify(value));
}

// a fresh Idempotency-Key: 128 random bits (crypto.getRandomValues works in an insecure context)
export function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// --- the API ----------------------------------------------------------------------------------

export class Problem extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
  }
}

// a call to the API: JSON in and out; a problem becomes a thrown Problem with the server's message
export async function api(path, { method = "GET", body, token, headers = {}, lang } = {}) {
  const url = new URL(path, location.origin);
  if (lang) url.searchParams.set("lang", lang);
  const init = { method, headers: { Accept: "application/json", ...headers }, cache: "no-store" };
  if (token) init.headers.Authorization = "Bearer " + token;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(url, init);
  const data = r.status === 204 ? null : await r.json().catch(() => null);
  if (!r.ok) throw new Problem(r.status, data);
  return data;
}

// an action, retried with its Idempotency-Key after a lost answer or a 5xx (applied at most once)
export async function act(game, token, body, lang) {
  const key = newKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await api(`/games/${game}/actions`, { method: "POST", body, token, lang, headers: { "Idempotency-Key": key } });
    } catch (e) {
      const retry = !(e instanceof Problem) || e.status >= 500 || e.code === "busy";
      if (!retry || attempt >= 4) throw e;
      await sleep(300 * (attempt + 1));
    }
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// `follow` into a page: the feed's items prepended to the list `feed` (newest first), `refresh()` after
// each batch, and the stream's state shown in `connection`.
export function followInto(game, token, lang, feed, connection, refresh, ended, lost = () => {}) {
  follow(
    game,
    token,
    lang,
    (items) => {
      for (const item of items) feed.prepend(feedItem(item, nextLine(feed)));
      refresh();
    },
    (state) => {
      connection.dataset.state = state;
      connection.textContent = t(state);
      connection.hidden = ended(); // after the end no chip says "live"
    },
    ended,
    lost,
  );
}

// The caller's feed as NDJSON read from a fetch() body, resumed with after= from the last item seen:
// no item is lost or repeated across a dropped connection. onItems(items) gets each batch, in order;
// onState("live" | "reconnecting") the connection's state. Stops when the game has ended and the stream
// closed, or when stop() is called; lost(problem) when the stream is refused (a revoked token: 401).
export function follow(game, token, lang, onItems, onState, ended, lost = () => {}) {
  let last = 0;
  let stopped = false;
  let controller = null;
  (async () => {
    let backoff = 500;
    while (!stopped) {
      controller = new AbortController();
      try {
        const url = `/games/${game}/stream?after=${last}&lang=${encodeURIComponent(lang)}`;
        const headers = { Accept: "application/x-ndjson" };
        if (token) headers.Authorization = "Bearer " + token;
        const r = await fetch(url, { headers, signal: controller.signal, cache: "no-store" });
        if (!r.ok) throw new Problem(r.status, await r.json().catch(() => null));
        onState("live");
        backoff = 500;
        const reader = r.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const lines = buffer.split("\n");
          buffer = lines.pop();
          const items = [];
          for (const line of lines) {
            if (!line.trim()) continue; // keep-alive
            const item = JSON.parse(line);
            if (item.n > last) {
              items.push(item);
              last = item.n;
            }
          }
          if (items.length) onItems(items);
        }
      } catch (e) {
        if (stopped) return;
        if (e instanceof Problem && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) {
          onState("reconnecting");
          lost(e);
          return; // a bad token or a lost game: reconnecting would not help
        }
      }
      if (stopped || ended()) return;
      onState("reconnecting");
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 5000);
    }
  })();
  return {
    stop() {
      stopped = true;
      if (controller) controller.abort();
    },
  };
}

// --- a game's words -------------------------------------------------------------------------

// the ruleset's names in the game's language: roles by id and every label the views carry
export async function gameWords(ruleset, lang) {
  const info = await api(`/rulesets/${ruleset}`, { lang });
  const roles = Object.fromEntries(info.roles.map((r) => [r.id, r.name]));
  return { info, roles, ...info.labels };
}

const name = (table, id) => (table && table[id]) || String(id);

// the server's clock: the offset from ours, read from a reply's `now`
export const clock = { offset: 0 };
export function setClock(now) {
  if (now) clock.offset = now - Date.now();
}

export function countdown(deadline) {
  const left = Math.max(0, deadline - (Date.now() + clock.offset));
  const s = Math.ceil(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
setInterval(() => {
  for (const el of document.querySelectorAll("[data-deadline]")) el.textContent = countdown(+el.dataset.deadline);
}, 250);

const seatName = (view, n) => view.names[n - 1] || String(n);

// --- the view ---------------------------------------------------------------------------------

// "{phase} {day}" as the language writes it (Night 2, 2日目の夜, 第2天夜晚), the day's number in <b data-testid="day">
export function phaseOfDay(phase, day) {
  return t("phase_of_day").split(/(\{\w+\})/).map((part) => (part === "{phase}" ? phase : part === "{day}" ? h("b", { testid: "day" }, String(day)) : part)).filter(Boolean);
}

// The status (while not in play), the phase and day in one chip that looks like its time (☀ day, ☾ night),
// the step where it says more than the phase, and the time left, live.
export function renderHeader(view, w, live = true) {
  const night = view.phase === "night";
  const phase = name(w.phases, view.phase);
  const step = view.step_name ? name(w.steps, view.step_name.split(".")[0]) : "";
  return h(
    "header",
    { class: "bar" },
    h("span", { testid: "status", "data-status": view.status, class: "chip", hidden: view.status === "running" }, t("status_" + view.status) || view.status),
    view.phase
      ? h("span", { testid: "phase", "data-phase": view.phase, class: `chip phase ${night ? "night" : "day"}` }, h("span", { "aria-hidden": "true" }, night ? "☾ " : "☀ "), phaseOfDay(phase, view.day)) // night 0 too, as the feed names it
      : null,
    step && step !== phase && view.status === "running" ? h("span", { testid: "step", "data-step": view.step_name, class: "chip" }, step) : null,
    view.deadline && live && view.status === "running"
      ? h("span", { class: "chip clock" }, `${t("time_left")} `, h("b", { testid: "deadline", "data-deadline": view.deadline }, countdown(view.deadline)))
      : null,
  );
}

// Whether the viewer's seat owes an answer now (not a free talk it may take or leave).
export function owes(view) {
  return view.status === "running" && !view.answered && view.decisions.some((d) => !d.repeatable);
}

// The header, the seats and what the viewer privately knows, from a view and the game's words.
export function renderView(view, w, live = true) {
  const p = view.private || {};
  const head = renderHeader(view, w, live);
  const me = view.seat
    ? h(
        "p",
        { class: "me" },
        h("b", { testid: "my-name" }, seatName(view, view.seat)),
        ` · ${t("seat")} `,
        h("span", { testid: "my-seat" }, String(view.seat)),
        view.role ? [" · ", t("role"), ": ", h("strong", { testid: "role", "data-role": view.role }, name(w.roles, view.role))] : null,
      )
    : null;
  const sheriff = p.sheriff;
  const lover = p.lover ? p.lover[0] : null;
  // whose turn it is: the seats a public step names, when it names some of the living (a speaker), not all
  const living = view.alive.filter((a) => a !== false).length;
  const turn = view.status === "running" && view.acting && view.acting.length < living ? view.acting : [];
  const seats = h(
    "ol",
    { class: "seats" },
    view.names.map((nm, i) => {
      const n = i + 1;
      const alive = view.alive[i] !== false;
      const role = view.roles[n] || view.roles[String(n)];
      const known = view.knowledge[n] || view.knowledge[String(n)];
      const acting = turn.includes(n);
      return h(
        "li",
        {
          testid: `seat-${n}`,
          "data-alive": String(alive),
          "data-role": role || null,
          "aria-current": acting ? "true" : null,
          class: `${alive ? "" : "dead"} ${view.winners.includes(n) ? "winner" : ""} ${acting ? "acting" : ""}`,
        },
        h("span", { class: "num" }, acting ? h("span", { title: t("acting") }, "▶") : String(n)),
        h("span", { testid: `seat-name-${n}`, class: "name" }, nm),
        n === view.seat ? h("em", {}, ` (${t("you")})`) : null,
        n === sheriff ? h("span", { title: t("sheriff") }, " ★") : null,
        n === lover ? h("span", { title: t("lover") }, " ♥") : null,
        role ? h("span", { class: "role" }, name(w.roles, role)) : null,
        known && known !== role ? h("span", { class: "known" }, name(w.knowledge, known)) : null,
        h("span", { class: "fate" }, alive ? "" : t("dead")),
      );
    }),
  );
  return h("div", {}, head, me, seats, renderPrivate(view, w), renderEnd(view, w));
}

function renderPrivate(view, w) {
  const p = view.private || {};
  const parts = [];
  if (p.hand) {
    parts.push(
      h("div", { testid: "hand", class: "hand" }, h("h3", {}, t("hand")), p.hand.map((c) => h("span", { testid: `card-${c}`, class: "card" }, name(w.cards, c)))),
    );
  }
  if (p.offer) {
    parts.push(h("p", { testid: "offer", class: "note" }, `${t("offer")}: ${seatName(view, p.offer.from)} → `, h("span", { class: "card" }, name(w.cards, p.offer.card))));
  }
  if (p.today) {
    const d = p.today;
    parts.push(
      h(
        "p",
        { testid: "today", "data-event": d.event || "", class: "note" },
        `${t("today")}: `,
        h("strong", {}, d.event ? name(w.cards, d.event) : "—"),
        d.format ? ` · ${t("format")}: ${name(w.formats, d.format)}` : "",
        d.cursed ? ` · ${t("cursed")}: ${seatName(view, d.cursed)}` : "",
        d.word ? ` · 「${d.word}」` : "",
        d.target ? ` · ${seatName(view, d.target)}` : "",
      ),
    );
  }
  if (p.sheriff !== undefined) {
    parts.push(h("p", { testid: "sheriff", "data-seat": p.sheriff ?? "", class: "note" }, `${t("sheriff")}: ${p.sheriff ? seatName(view, p.sheriff) : "—"}`));
  }
  if (p.candidates) parts.push(h("p", { testid: "candidates", class: "note" }, `${t("candidates")}: ${p.candidates.map((s) => seatName(view, s)).join(", ")}`));
  if (p.lover) parts.push(h("p", { testid: "lover", "data-seat": p.lover[0], class: "note" }, `${t("lover")}: ${seatName(view, p.lover[0])} (${name(w.roles, p.lover[1])})`));
  if (p.potions) parts.push(h("p", { testid: "potions", class: "note" }, `${t("potions")}: ${p.potions.map((x) => name(w.items, x)).join(", ") || "—"}`));
  if (p.wolf_target) parts.push(h("p", { testid: "wolf-target", class: "note" }, `${t("wolf_target")}: ${seatName(view, p.wolf_target)}`));
  if (p.spare_cards) parts.push(h("p", { class: "note" }, p.spare_cards.map((r) => name(w.roles, r)).join(", ")));
  if (p.curse) parts.push(h("p", { class: "note" }, `${t("cursed")}: ${seatName(view, p.curse)}`));
  return parts.length ? h("section", { class: "private" }, parts) : null;
}

function renderEnd(view, w) {
  if (view.status !== "ended") return null;
  return h(
    "section",
    { class: "end" },
    h("h2", { testid: "result" }, view.result ? name(w.results, view.result) : ""),
    h("p", { testid: "winners" }, `${t("winners")}: ${view.winners.map((s) => seatName(view, s)).join(", ") || "—"}`),
  );
}

// one feed item as a list entry numbered `line` (the lines shown, counted from 1); an item without words (a
// silent act, a quiet extension) keeps its place hidden, unnumbered
export function feedItem(item, line) {
  const text = item.text || "";
  return h("li", { testid: "feed-item", value: text ? line : null, hidden: !text, "data-n": item.n, "data-type": item.type, class: item.private ? "secret" : "" }, text || null);
}

// the next line number of a feed list: one after the lines it shows
export const nextLine = (feed) => feed.querySelectorAll("li:not([hidden])").length + 1;

// the decisions a view owes, as forms; send(decision, action) answers one. Read-only without send.
export function renderDecisions(view, w, send) {
  const box = h("section", { testid: "decisions", class: "decisions" }, h("h2", {}, t("your_move")));
  if (!view.decisions.length) {
    box.append(h("p", { class: "muted" }, t("nothing_owed")));
    return box;
  }
  if (view.answered) {
    const a = view.answered;
    const what = [a.target ? seatName(view, a.target) : "", (a.targets || []).map((s) => seatName(view, s)).join(", "), a.option ? name(w.choices, a.option) : "", a.text || ""];
    box.append(h("p", { testid: "answered", class: "note" }, `${t("answered")}: ${name(w.actions, a.kind)} ${what.filter(Boolean).join(" · ")}`));
  }
  for (const d of view.decisions) box.append(decisionForm(view, w, d, send));
  return box;
}

function decisionForm(view, w, d, send) {
  const chosen = new Set();
  let option = null;
  const problem = h("p", { testid: "problem", class: "problem", role: "alert" });
  const count = d.count || 1;
  const barred = Object.fromEntries((d.barred || []).map(([s, why]) => [s, why]));
  const seats = [...(d.targets || []), ...Object.keys(barred).map(Number)].sort((a, b) => a - b);
  const buttons = [];
  // "Send" waits for a choice where the decision offers some: no blank vote by a slip of the thumb
  const choosing = seats.length > 0 || (d.options || []).length > 0;
  const chose = () => !choosing || option !== null || chosen.size >= Math.min(count, (d.targets || []).length || 1);
  const pressed = () => {
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.kind === "seat" ? chosen.has(+b.dataset.value) : option === b.dataset.value));
    submit.disabled = !send || !chose();
  };
  const seatButtons = seats.map((s) => {
    const b = h(
      "button",
      {
        type: "button",
        testid: `choice-${s}`,
        "data-kind": "seat",
        "data-value": s,
        disabled: !send || s in barred,
        title: barred[s] ? name(w.barred, barred[s]) : null,
        onclick: () => {
          if (chosen.has(s)) chosen.delete(s);
          else {
            if (count === 1) chosen.clear();
            chosen.add(s);
          }
          pressed();
        },
      },
      seatName(view, s),
    );
    buttons.push(b);
    return b;
  });
  const optionButtons = (d.options || []).map((o) => {
    const b = h(
      "button",
      { type: "button", testid: `choice-${o}`, "data-kind": "option", "data-value": o, disabled: !send, onclick: () => ((option = option === o ? null : o), pressed()) },
      name(w.choices, o),
    );
    buttons.push(b);
    return b;
  });
  const text = d.text
    ? h("textarea", { testid: "text-input", maxlength: d.text, rows: 2, placeholder: t("words"), disabled: !send, value: d.exact_text || "" })
    : null;
  const submit = h("button", { type: "submit", testid: "submit", class: "primary", disabled: !send || !chose() }, t("send"));
  const answer = async (action) => {
    submit.disabled = true;
    problem.textContent = "";
    try {
      await send(d, action);
    } catch (e) {
      problem.textContent = e.message;
    } finally {
      submit.disabled = !chose();
    }
  };
  // an optional decision may be answered with no one chosen, or no words said: its own button, never an empty "Send"
  const abstain = d.optional && (choosing || d.text)
    ? h("button", { type: "button", testid: "abstain", class: "abstain", disabled: !send, onclick: () => answer({ kind: d.kind }) }, t(!choosing ? "say_nothing" : d.kind === "vote" ? "abstain" : "no_one"))
    : null;
  const form = h(
    "form",
    {
      class: "decision",
      onsubmit: async (ev) => {
        ev.preventDefault();
        if (!chose()) return;
        const action = { kind: d.kind };
        if (count > 1) action.targets = [...chosen];
        else if (chosen.size) action.target = [...chosen][0];
        if (option !== null) action.option = option;
        if (text && text.value.trim()) action.text = text.value;
        await answer(action);
      },
    },
    h(
      "fieldset",
      { testid: `decision-${d.kind}`, "data-kind": d.kind },
      h("legend", {}, name(w.actions, d.kind), count > 1 ? ` (${count})` : ""),
      seatButtons.length ? h("div", { class: "choices" }, seatButtons) : null,
      optionButtons.length ? h("div", { class: "choices" }, optionButtons) : null,
      d.exact_text ? h("p", { class: "muted" }, `${t("exactly")}: ${d.exact_text}`) : null,
      d.text_suffix ? h("p", { class: "muted" }, `${t("ends_with")}: ${d.text_suffix}`) : null,
      text,
      h("div", { class: "sends" }, submit, abstain),
      problem,
    ),
  );
  return form;
}

// the choices a set of decisions offers, to tell whether a re-render would change the form
export function decisionsKey(view) {
  return JSON.stringify([view.step, view.decisions, view.answered, view.alive, view.status]);
}

export function langLinks() {
  const here = new URL(location.href);
  return h(
    "p",
    { class: "langs", lang: "en" },
    [
      ["en", "English"],
      ["ja", "日本語"],
      ["zh-Hans", "简体中文"],
      ["zh-Hant", "繁體中文"],
    ].map(([l, label], i) => {
      here.searchParams.set("lang", l);
      return [i ? " · " : "", h("a", { href: here.pathname + here.search }, label)];
    }),
  );
}
