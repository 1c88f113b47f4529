"""Every message shown to players, in ja, zh-Hans, zh-Hant and en: one catalog of templates by key.

Keys are stable ids; templates name their arguments. A ruleset registers its own keys under its id
(`jinro9.role.medium`), and a lookup tries `<ruleset>.<key>` before the shared `<key>`, so no
ruleset's word overwrites another's. Arguments are resolved by name: seats (`seat`, `target`, `by`)
become the seat's name, `seats` a list of names in the reader's language (CLDR list patterns), and
every argument that names a role, card, label, team, phase, option or ruleset goes through the
catalog — a missing key fails the render instead of showing an id. A template may be a dict of
CLDR plural categories (`one`, `other`), chosen by its `count` argument (or the length of `seats`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from babel import Locale
from babel.lists import format_list

LANGS = ("ja", "zh-Hans", "zh-Hant", "en")

Template = str | dict[str, str]
Catalog = dict[str, dict[str, Template]]

MESSAGES: Catalog = {}


class MissingText(KeyError):
    """A key (or the key an argument names) has no entry: a bug in a ruleset's texts."""


SHARED: Catalog = {
    # moderator announcements
    "game.created": {
        "ja": "ゲームが作成されました（{ruleset}、{count}人）。",
        "zh-Hans": "游戏已创建（{ruleset}，{count}人）。",
        "zh-Hant": "遊戲已建立（{ruleset}，{count}人）。",
        "en": "The game was created ({ruleset}, {count} players).",
    },
    "game.joined": {
        "ja": "{name}さんが参加しました。",
        "zh-Hans": "{name}加入了游戏。",
        "zh-Hant": "{name}加入了遊戲。",
        "en": "{name} joined the game.",
    },
    "game.started": {
        "ja": "ゲームを開始します。",
        "zh-Hans": "游戏开始。",
        "zh-Hant": "遊戲開始。",
        "en": "The game begins.",
    },
    "game.won": {
        "ja": "ゲーム終了。{teams}の勝利です。勝者: {winners}",
        "zh-Hans": "游戏结束，{teams}获胜。胜者：{winners}",
        "zh-Hant": "遊戲結束，{teams}獲勝。勝者：{winners}",
        "en": "The game is over: victory to {teams}. Winners: {winners}.",
    },
    "game.ended": {
        "ja": "ゲーム終了。勝者: {winners}",
        "zh-Hans": "游戏结束。胜者：{winners}",
        "zh-Hant": "遊戲結束。勝者：{winners}",
        "en": "The game is over. Winners: {winners}.",
    },
    "game.ended.none": {
        "ja": "ゲーム終了。勝者はいません。",
        "zh-Hans": "游戏结束，没有胜者。",
        "zh-Hant": "遊戲結束，沒有勝者。",
        "en": "The game is over. Nobody wins.",
    },
    "step.turn": {
        "ja": "{step}: {seat}の番です。",
        "zh-Hans": "{step}：轮到{seat}。",
        "zh-Hant": "{step}：輪到{seat}。",
        "en": "{seat}'s turn: {step}.",
    },
    "step.opened": {
        "ja": "{step}の時間です。",
        "zh-Hans": "{step}开始。",
        "zh-Hant": "{step}開始。",
        "en": "Now: {step}.",
    },
    # step names, as `{step}` in step.turn / step.opened
    "step.speech": {"ja": "発言", "zh-Hans": "发言", "zh-Hant": "發言", "en": "Speaking"},
    "step.last_words": {"ja": "遺言", "zh-Hans": "遗言", "zh-Hant": "遺言", "en": "Last words"},
    "step.vote": {"ja": "投票", "zh-Hans": "投票", "zh-Hant": "投票", "en": "the vote"},
    "step.runoff": {"ja": "決選投票", "zh-Hans": "决选投票", "zh-Hant": "決選投票", "en": "the runoff"},
    "step.discussion": {"ja": "議論", "zh-Hans": "讨论", "zh-Hant": "討論", "en": "discussion"},
    "step.night": {"ja": "夜", "zh-Hans": "夜晚行动", "zh-Hant": "夜晚行動", "en": "the night"},
    "speaking.order": {
        "ja": "本日の発言順: {seats}（{count}巡）",
        "zh-Hans": "今天的发言顺序：{seats}（{count}轮）",
        "zh-Hant": "今天的發言順序：{seats}（{count}輪）",
        "en": {
            "one": "Today's speaking order: {seats} ({count} round).",
            "other": "Today's speaking order: {seats} ({count} rounds).",
        },
    },
    "prompt": {
        "ja": "あなたの番です: {kinds}",
        "zh-Hans": "轮到你了：{kinds}",
        "zh-Hant": "輪到你了：{kinds}",
        "en": "Your move: {kinds}.",
    },
    "prompt.reset": {
        "ja": "あらためて、あなたの番です: {kinds}",
        "zh-Hans": "请重新选择：{kinds}",
        "zh-Hant": "請重新選擇：{kinds}",
        "en": "Your move again: {kinds}.",
    },
    "timeout": {
        "ja": "時間切れです。",
        "zh-Hans": "时间到。",
        "zh-Hant": "時間到。",
        "en": "Time is up.",
    },
    "timeout.forced": {
        "ja": "ホストが時間を打ち切りました。",
        "zh-Hans": "房主提前结束了计时。",
        "zh-Hant": "房主提前結束了計時。",
        "en": "The host ended the time early.",
    },
    "defaulted": {
        "ja": "時間切れのため、既定の選択（{kind}）になりました。",
        "zh-Hans": "时间到，按默认选择处理（{kind}）。",
        "zh-Hant": "時間到，按預設選擇處理（{kind}）。",
        "en": "Time ran out; taken by default: {kind}.",
    },
    "defaulted.seat": {
        "ja": "{seat}は時間切れのため、既定の選択（{kind}）になりました。",
        "zh-Hans": "{seat}时间到，按默认选择处理（{kind}）。",
        "zh-Hant": "{seat}時間到，按預設選擇處理（{kind}）。",
        "en": "{seat} ran out of time; taken by default: {kind}.",
    },
    # decisions, as `{kind}` / `{kinds}`
    "action.attack": {"ja": "襲撃", "zh-Hans": "袭击", "zh-Hant": "襲擊", "en": "attack"},
    "action.divine": {"ja": "占い", "zh-Hans": "查验", "zh-Hant": "查驗", "en": "divination"},
    "action.guard": {"ja": "護衛", "zh-Hans": "守护", "zh-Hant": "守護", "en": "guard"},
    "action.last_words": {"ja": "遺言", "zh-Hans": "遗言", "zh-Hant": "遺言", "en": "last words"},
    "action.sleep": {"ja": "就寝", "zh-Hans": "闭眼", "zh-Hant": "閉眼", "en": "sleep"},
    "action.speak": {"ja": "発言", "zh-Hans": "发言", "zh-Hant": "發言", "en": "speech"},
    "action.vote": {"ja": "投票", "zh-Hans": "投票", "zh-Hant": "投票", "en": "vote"},
    "action.whisper": {"ja": "密談", "zh-Hans": "密谈", "zh-Hant": "密談", "en": "whisper"},
    "action.ready": {"ja": "準備完了", "zh-Hans": "准备完毕", "zh-Hant": "準備完畢", "en": "ready"},
    "action.shoot": {"ja": "射撃", "zh-Hans": "开枪", "zh-Hant": "開槍", "en": "shot"},
    "action.pass": {"ja": "パス", "zh-Hans": "跳过", "zh-Hant": "跳過", "en": "pass"},
    "action.skip": {"ja": "パス", "zh-Hans": "跳过", "zh-Hant": "跳過", "en": "pass"},
    "tally.item": {
        "ja": "{seat} {count}票",
        "zh-Hans": "{seat} {count}票",
        "zh-Hant": "{seat} {count}票",
        "en": {"one": "{seat} {count} vote", "other": "{seat} {count} votes"},
    },
    "unit.minutes": {
        "ja": "{count}分",
        "zh-Hans": "{count}分钟",
        "zh-Hant": "{count}分鐘",
        "en": {"one": "{count} minute", "other": "{count} minutes"},
    },
    "unit.seconds": {
        "ja": "{count}秒",
        "zh-Hans": "{count}秒",
        "zh-Hant": "{count}秒",
        "en": {"one": "{count} second", "other": "{count} seconds"},
    },
    "game.aborted": {
        "ja": "ゲームは中止されました。",
        "zh-Hans": "游戏已中止。",
        "zh-Hant": "遊戲已中止。",
        "en": "The game was aborted.",
    },
    "role.dealt": {
        "ja": "あなたの役職は【{role}】です。",
        "zh-Hans": "你的身份是【{role}】。",
        "zh-Hant": "你的身分是【{role}】。",
        "en": "Your role is {role}.",
    },
    "role.changed": {
        "ja": "あなたの役職は【{role}】になりました。",
        "zh-Hans": "你的身份变为【{role}】。",
        "zh-Hant": "你的身分變為【{role}】。",
        "en": "Your role is now {role}.",
    },
    "phase.day": {
        "ja": "{day}日目の朝です。",
        "zh-Hans": "第{day}天，天亮了。",
        "zh-Hant": "第{day}天，天亮了。",
        "en": "Day {day} begins.",
    },
    "phase.night": {
        "ja": "{day}日目の夜です。",
        "zh-Hans": "第{day}夜，天黑请闭眼。",
        "zh-Hant": "第{day}夜，天黑請閉眼。",
        "en": "Night {day} falls.",
    },
    "morning.none": {
        "ja": "犠牲者はいません。",
        "zh-Hans": "昨晚是平安夜，没有人死亡。",
        "zh-Hant": "昨晚是平安夜，沒有人死亡。",
        "en": "There are no victims.",
    },
    "morning.dead": {
        "ja": "朝が明けると、{seats}の死体が発見されました。",
        "zh-Hans": "天亮了，发现了{seats}的尸体。",
        "zh-Hant": "天亮了，發現了{seats}的屍體。",
        "en": {
            "one": "As morning breaks, the body of {seats} is found.",
            "other": "As morning breaks, the bodies of {seats} are found.",
        },
    },
    "executed": {
        "ja": "投票の結果、{seat}が処刑されました。",
        "zh-Hans": "投票结果：{seat}被处决。",
        "zh-Hant": "投票結果：{seat}被處決。",
        "en": "By the vote, {seat} is executed.",
    },
    "vote.none": {
        "ja": "本日は処刑なしとなりました。",
        "zh-Hans": "今天无人被处决。",
        "zh-Hant": "今天無人被處決。",
        "en": "Nobody is executed today.",
    },
    "vote.runoff": {
        "ja": "同票のため、{seats}で決選投票を行います。",
        "zh-Hans": "平票，将在{seats}之间进行决选投票。",
        "zh-Hant": "平票，將在{seats}之間進行決選投票。",
        "en": "A tie: a runoff between {seats}.",
    },
    "vote.tally": {
        "ja": "投票結果: {tally}",
        "zh-Hans": "投票结果：{tally}",
        "zh-Hant": "投票結果：{tally}",
        "en": "Votes: {tally}",
    },
    "wolves.partners": {
        "ja": "人狼の仲間は{seats}です。",
        "zh-Hans": "你的狼人同伴是{seats}。",
        "zh-Hant": "你的狼人同伴是{seats}。",
        "en": "Your fellow werewolves: {seats}.",
    },
    "wolves.alone": {
        "ja": "あなたは唯一の人狼です。",
        "zh-Hans": "你是唯一的狼人。",
        "zh-Hant": "你是唯一的狼人。",
        "en": "You are the only werewolf.",
    },
    "whisper.closed": {
        "ja": "今夜の密談は上限に達したため終了です。",
        "zh-Hans": "今晚的密谈已达上限，到此结束。",
        "zh-Hant": "今晚的密談已達上限，到此結束。",
        "en": "Tonight's whisper has reached its cap and is closed.",
    },
    "seer.first": {
        "ja": "初日のお告げ: {target}は【{label}】です。",
        "zh-Hans": "初日神谕：{target}是【{label}】。",
        "zh-Hant": "初日神諭：{target}是【{label}】。",
        "en": "First revelation: {target} reads as {label}.",
    },
    "seer.result": {
        "ja": "占い結果: {target}は【{label}】です。",
        "zh-Hans": "查验结果：{target}是【{label}】。",
        "zh-Hant": "查驗結果：{target}是【{label}】。",
        "en": "Divination: {target} reads as {label}.",
    },
    "medium.result": {
        "ja": "霊能結果: 処刑された{target}は【{label}】でした。",
        "zh-Hans": "通灵结果：被处决的{target}是【{label}】。",
        "zh-Hant": "通靈結果：被處決的{target}是【{label}】。",
        "en": "Medium: the executed {target} reads as {label}.",
    },
    "deadline.extended": {
        "ja": "期限を延長しました。",
        "zh-Hans": "期限已延长。",
        "zh-Hant": "期限已延長。",
        "en": "The deadline was extended.",
    },
    "seat.number": {
        "ja": "あなたの席番号は {number} です。",
        "zh-Hans": "你的座位号是 {number}。",
        "zh-Hant": "你的座位號是 {number}。",
        "en": "You play as seat {number}.",
    },
    "reminder": {
        "ja": "まだ行動が済んでいません。",
        "zh-Hans": "你还没有行动。",
        "zh-Hant": "你還沒有行動。",
        "en": "You still owe a decision.",
    },
    # labels
    "label.human": {"ja": "人間", "zh-Hans": "人类", "zh-Hant": "人類", "en": "human"},
    "label.werewolf": {"ja": "人狼", "zh-Hans": "狼人", "zh-Hant": "狼人", "en": "werewolf"},
    # refusals
    "error.game_not_running": {
        "ja": "ゲームは進行中ではありません。",
        "zh-Hans": "游戏不在进行中。",
        "zh-Hant": "遊戲不在進行中。",
        "en": "The game is not running.",
    },
    "error.game_not_in_lobby": {
        "ja": "ゲームはすでに開始されています。",
        "zh-Hans": "游戏已经开始。",
        "zh-Hant": "遊戲已經開始。",
        "en": "The game has already started.",
    },
    "error.game_exists": {
        "ja": "このゲームはすでに作成されています。",
        "zh-Hans": "该游戏已存在。",
        "zh-Hant": "該遊戲已存在。",
        "en": "This game already exists.",
    },
    "error.seats_open": {
        "ja": "空席があるため開始できません。",
        "zh-Hans": "仍有空位，无法开始。",
        "zh-Hant": "仍有空位，無法開始。",
        "en": "Seats are still open.",
    },
    "error.no_open_seat": {
        "ja": "空席がありません。",
        "zh-Hans": "没有空位。",
        "zh-Hant": "沒有空位。",
        "en": "No seat is open.",
    },
    "error.name_taken": {
        "ja": "その名前はすでに使われています。",
        "zh-Hans": "该名字已被使用。",
        "zh-Hant": "該名字已被使用。",
        "en": "That name is taken.",
    },
    "error.bad_name": {
        "ja": "名前が不正です。",
        "zh-Hans": "名字无效。",
        "zh-Hant": "名字無效。",
        "en": "That name is not allowed.",
    },
    "error.unknown_ruleset": {
        "ja": "不明なルールセットです。",
        "zh-Hans": "未知的规则集。",
        "zh-Hant": "未知的規則集。",
        "en": "Unknown ruleset.",
    },
    "error.unknown_preset": {
        "ja": "不明なプリセットです。",
        "zh-Hans": "未知的预设。",
        "zh-Hant": "未知的預設。",
        "en": "Unknown preset.",
    },
    "error.bad_roles": {
        "ja": "配役が不正です: {reason}",
        "zh-Hans": "身份配置无效：{reason}",
        "zh-Hant": "身分配置無效：{reason}",
        "en": "Invalid role list: {reason}",
    },
    "error.bad_seats": {
        "ja": "人数が不正です。",
        "zh-Hans": "人数无效。",
        "zh-Hant": "人數無效。",
        "en": "Invalid number of seats.",
    },
    "error.bad_option": {
        "ja": "オプションが不正です: {option}",
        "zh-Hans": "选项无效：{option}",
        "zh-Hant": "選項無效：{option}",
        "en": "Invalid option: {option}",
    },
    "error.bad_lang": {
        "ja": "対応していない言語です。",
        "zh-Hans": "不支持的语言。",
        "zh-Hant": "不支援的語言。",
        "en": "Unsupported language.",
    },
    "error.unknown_seat": {
        "ja": "その席はありません。",
        "zh-Hans": "没有该座位。",
        "zh-Hant": "沒有該座位。",
        "en": "No such seat.",
    },
    "error.unknown_action": {
        "ja": "不明な行動です。",
        "zh-Hans": "未知的行动。",
        "zh-Hant": "未知的行動。",
        "en": "Unknown action.",
    },
    "error.actor_dead": {
        "ja": "死亡したプレイヤーは行動できません。",
        "zh-Hans": "死亡玩家无法行动。",
        "zh-Hant": "死亡玩家無法行動。",
        "en": "Dead players cannot act.",
    },
    "error.not_your_turn": {
        "ja": "あなたの番ではありません。",
        "zh-Hans": "还没轮到你。",
        "zh-Hant": "還沒輪到你。",
        "en": "It is not your turn.",
    },
    "error.wrong_phase": {
        "ja": "今はその行動はできません。",
        "zh-Hans": "现在不能进行该行动。",
        "zh-Hant": "現在不能進行該行動。",
        "en": "That action is not available now.",
    },
    "error.target_required": {
        "ja": "対象を指定してください。",
        "zh-Hans": "请指定目标。",
        "zh-Hant": "請指定目標。",
        "en": "A target is required.",
    },
    "error.target_not_allowed": {
        "ja": "この行動は対象を取りません。",
        "zh-Hans": "该行动不需要目标。",
        "zh-Hant": "該行動不需要目標。",
        "en": "This action takes no target.",
    },
    "error.target_dead": {
        "ja": "対象はすでに死亡しています。",
        "zh-Hans": "目标已经死亡。",
        "zh-Hant": "目標已經死亡。",
        "en": "The target is dead.",
    },
    "error.target_alive": {
        "ja": "対象は生存しています。",
        "zh-Hans": "目标仍然存活。",
        "zh-Hant": "目標仍然存活。",
        "en": "The target is alive.",
    },
    "error.self_target": {
        "ja": "自分自身は対象にできません。",
        "zh-Hans": "不能以自己为目标。",
        "zh-Hant": "不能以自己為目標。",
        "en": "You cannot target yourself.",
    },
    "error.target_illegal": {
        "ja": "その対象は選べません。",
        "zh-Hans": "不能选择该目标。",
        "zh-Hant": "不能選擇該目標。",
        "en": "That target cannot be chosen.",
    },
    "error.target_is_wolf": {
        "ja": "人狼は襲撃できません。",
        "zh-Hans": "不能袭击狼人。",
        "zh-Hant": "不能襲擊狼人。",
        "en": "Werewolves cannot be attacked.",
    },
    "error.consecutive_guard": {
        "ja": "前の晩と同じ人は護衛できません。",
        "zh-Hans": "不能连续两晚守护同一人。",
        "zh-Hant": "不能連續兩晚守護同一人。",
        "en": "You cannot guard the same player two nights in a row.",
    },
    "error.not_a_candidate": {
        "ja": "その人は決選投票の対象ではありません。",
        "zh-Hans": "该玩家不在决选名单中。",
        "zh-Hant": "該玩家不在決選名單中。",
        "en": "That player is not in the runoff.",
    },
    "error.text_required": {
        "ja": "本文が必要です。",
        "zh-Hans": "需要填写内容。",
        "zh-Hant": "需要填寫內容。",
        "en": "Text is required.",
    },
    "error.text_not_allowed": {
        "ja": "この行動は本文を取りません。",
        "zh-Hans": "该行动不接受文字。",
        "zh-Hant": "該行動不接受文字。",
        "en": "This action takes no text.",
    },
    "error.speech_too_long": {
        "ja": "発言が長すぎます（最大{max}文字）。",
        "zh-Hans": "发言过长（最多{max}字）。",
        "zh-Hant": "發言過長（最多{max}字）。",
        "en": "The text is too long (at most {max} characters).",
    },
    "error.bad_option_value": {
        "ja": "選択肢が不正です。",
        "zh-Hans": "选项无效。",
        "zh-Hant": "選項無效。",
        "en": "That option is not available.",
    },
    "error.bad_targets": {
        "ja": "対象の数が不正です。",
        "zh-Hans": "目标数量无效。",
        "zh-Hant": "目標數量無效。",
        "en": "Wrong number of targets.",
    },
    "error.whisper_cap_reached": {
        "ja": "今夜の密談は上限に達しています。",
        "zh-Hans": "今晚的密谈已达上限。",
        "zh-Hant": "今晚的密談已達上限。",
        "en": "Tonight's whisper cap has been reached.",
    },
    "error.stale_deadline": {
        "ja": "その期限はすでに過ぎています。",
        "zh-Hans": "该期限已失效。",
        "zh-Hant": "該期限已失效。",
        "en": "That deadline no longer applies.",
    },
    "error.deadline_not_reached": {
        "ja": "期限はまだ来ていません。",
        "zh-Hans": "尚未到期。",
        "zh-Hant": "尚未到期。",
        "en": "The deadline has not passed yet.",
    },
}


_SEAT_ARGS = ("seat", "target", "by")
_SEATS_ARGS = ("seats", "winners")
# Arguments whose value is an id that players read through the catalog as `<prefix>.<id>`.
_CATALOG_ARGS = {
    "role": "role",
    "card": "card",
    "got_card": "card",
    "label": "label",
    "team": "team",
    "ruleset": "ruleset",
    "phase": "phase",
    "format": "format",
    "tie": "tie",
    "first_seer": "first_seer",
    "consecutive_guard": "consecutive_guard",
    "night_talk": "night_talk",
    "step": "step",
    "kind": "action",
}
_CATALOG_LISTS = {"cards": "card", "roles": "role", "teams": "team", "kinds": "action"}


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


def join(items: list[str], lang: str) -> str:
    """A list in the reader's language: `A, B, and C`, `A、B和C`, `A、B、C`."""
    return _joined(tuple(items), lang) if items else ""


@lru_cache(maxsize=4096)
def _joined(items: tuple[str, ...], lang: str) -> str:
    """Babel's list pattern applied (looking the pattern up costs more than applying it): the same few
    lists of names and roles recur in every feed."""
    return format_list(list(items), style="standard", locale=_locale(lang))


def plural(lang: str, count: float) -> str:
    return _locale(lang).plural_form(abs(count))


def entry(key: str, ruleset: str | None = None) -> dict[str, Template]:
    if ruleset is not None:
        own = MESSAGES.get(f"{ruleset}.{key}")
        if own is not None:
            return own
    found = MESSAGES.get(key)
    if found is None:
        raise MissingText(f"{ruleset}.{key}" if ruleset else key)
    return found


def has(key: str, ruleset: str | None = None) -> bool:
    return (ruleset is not None and f"{ruleset}.{key}" in MESSAGES) or key in MESSAGES


def name_of(prefix: str, value: str, lang: str, ruleset: str | None = None) -> str:
    """A display name: `name_of("role", "medium", "ja", "ultimate13")` -> 霊媒師."""
    return render_text(f"{prefix}.{value}", lang, {}, ruleset=ruleset)


def role_name(role: str, lang: str, ruleset: str | None = None) -> str:
    return name_of("role", role, lang, ruleset)


def _label(value: str, lang: str, ruleset: str | None) -> str:
    return name_of("label" if has("label." + value, ruleset) else "role", value, lang, ruleset)


def seat_name(seat: Any, names: tuple[str, ...]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= len(names):
        return names[seat - 1]
    if isinstance(seat, int) and not isinstance(seat, bool):
        return str(seat)
    raise MissingText(f"seat {seat!r}")


def number(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _seat(seat: Any, lang: str, names: tuple[str, ...]) -> str:
    """A seat as players read it: in Japanese with さん, on every line alike."""
    return seat_name(seat, names) + ("さん" if lang == "ja" else "")


def _value(name: str, value: Any, lang: str, names: tuple[str, ...], ruleset: str | None) -> Any:
    if name in _SEAT_ARGS:
        return _seat(value, lang, names)
    if name in _SEATS_ARGS:
        return join([_seat(s, lang, names) for s in value], lang)
    if name == "label":
        return _label(value, lang, ruleset)
    if name in _CATALOG_ARGS:
        return name_of(_CATALOG_ARGS[name], value, lang, ruleset)
    if name in _CATALOG_LISTS:
        return join([name_of(_CATALOG_LISTS[name], v, lang, ruleset) for v in value], lang)
    if name == "tally":
        return join(
            [render_text("tally.item", lang, {"seat": int(s), "count": v}, names, ruleset) for s, v in value.items()],
            lang,
        )
    if name == "minutes":
        seconds = round(float(value) * 60)
        if seconds % 60:
            return render_text("unit.seconds", lang, {"count": seconds}, ruleset=ruleset)
        return render_text("unit.minutes", lang, {"count": seconds // 60}, ruleset=ruleset)
    if value is None:
        raise MissingText(f"argument {name} is None")
    return number(value)


def render_text(
    key: str, lang: str, args: dict[str, Any], names: tuple[str, ...] = (), ruleset: str | None = None
) -> str:
    """The text of `key` in `lang`; raises MissingText for a missing key or an unfilled placeholder."""
    if lang not in LANGS:
        lang = "en"  # a language no game speaks (the service refuses it where it must): every key has en
    template = entry(key, ruleset)[lang]
    if isinstance(template, dict):
        count = args.get("count", len(args.get("seats", ())) if "seats" in args else 1)
        template = template.get(plural(lang, count)) or template["other"]
    values = {name: _value(name, value, lang, names, ruleset) for name, value in args.items()}
    if "{seats_and}" in template:
        # jinro9's morning sentence joins the dead with と (「○○と○○の死体が発見されました」)
        values["seats_and"] = "と".join(_seat(s, lang, names) for s in args["seats"])
    try:
        return template.format(**values)
    except (KeyError, IndexError) as e:
        raise MissingText(f"{key}: no value for {e}") from None


def register(messages: Mapping[str, Mapping[str, Template]], ruleset: str | None = None) -> None:
    """Add keys to the catalog (a ruleset's under `<ruleset>.<key>`); a key already present is an error."""
    prefix = f"{ruleset}." if ruleset else ""
    for key, texts in messages.items():
        missing = set(LANGS) - texts.keys()
        if missing:
            raise ValueError(f"message {prefix}{key} lacks {sorted(missing)}")
        if prefix + key in MESSAGES:
            raise ValueError(f"message {prefix}{key} is registered twice")
    for key, texts in messages.items():
        MESSAGES[prefix + key] = dict(texts)


register(SHARED)
