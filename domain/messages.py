"""Every message shown to players, in ja, zh-Hans, zh-Hant and en.

Keys are stable ids; templates name their arguments. Arguments that hold a seat (`seat`, `target`)
are shown as the seat's name, lists of seats (`seats`) as names joined in the reader's language,
and `role`/`label` arguments through their own localized names.
"""

from __future__ import annotations

from typing import Any

LANGS = ("ja", "zh-Hans", "zh-Hant", "en")

Catalog = dict[str, dict[str, str]]

MESSAGES: Catalog = {
    # moderator announcements
    "game.created": {
        "ja": "ゲームが作成されました（{ruleset}、{count}人）。",
        "zh-Hans": "游戏已创建（{ruleset}，{count}人）。",
        "zh-Hant": "遊戲已建立（{ruleset}，{count}人）。",
        "en": "The game was created ({ruleset}, {count} players).",
    },
    "game.ended": {
        "ja": "ゲーム終了。勝者: {seats}",
        "zh-Hans": "游戏结束。胜者：{seats}",
        "zh-Hant": "遊戲結束。勝者：{seats}",
        "en": "The game is over. Winners: {seats}",
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
        "en": "As morning breaks, the bodies of {seats} are found.",
    },
    "executed": {
        "ja": "投票の結果、{seat}さんが処刑されました。",
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
        "ja": "初日のお告げ: {target}さんは【{label}】です。",
        "zh-Hans": "初日神谕：{target}是【{label}】。",
        "zh-Hant": "初日神諭：{target}是【{label}】。",
        "en": "First revelation: {target} is {label}.",
    },
    "seer.result": {
        "ja": "占い結果: {target}さんは【{label}】です。",
        "zh-Hans": "查验结果：{target}是【{label}】。",
        "zh-Hant": "查驗結果：{target}是【{label}】。",
        "en": "Divination: {target} is {label}.",
    },
    "medium.result": {
        "ja": "霊能結果: 処刑された{target}さんは【{label}】でした。",
        "zh-Hans": "通灵结果：被处决的{target}是【{label}】。",
        "zh-Hant": "通靈結果：被處決的{target}是【{label}】。",
        "en": "Medium: the executed {target} was {label}.",
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

_JOIN = {"ja": "と", "zh-Hans": "、", "zh-Hant": "、", "en": ", "}
_SEAT_ARGS = ("seat", "target", "by")
_SEATS_ARGS = ("seats",)


def role_name(role: str, lang: str) -> str:
    entry = MESSAGES.get("role." + role)
    return entry.get(lang, role) if entry else role


def _name(seat: Any, names: tuple[str, ...]) -> str:
    if isinstance(seat, int) and 1 <= seat <= len(names):
        return names[seat - 1]
    return str(seat)


def render_text(key: str, lang: str, args: dict[str, Any], names: tuple[str, ...] = ()) -> str:
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    template = entry.get(lang) or entry["en"]
    values: dict[str, Any] = {}
    for name, value in args.items():
        if name in _SEAT_ARGS:
            values[name] = _name(value, names)
        elif name in _SEATS_ARGS:
            values[name] = _JOIN.get(lang, ", ").join(_name(s, names) for s in value)
        elif name == "role" or name == "card" or name.endswith("_card"):
            values[name] = role_name(value, lang)
        elif name == "cards":
            values[name] = _JOIN.get(lang, ", ").join(role_name(c, lang) for c in value)
        elif name == "label":
            values[name] = render_text("label." + value, lang, {}) if "label." + value in MESSAGES else role_name(value, lang)
        elif isinstance(value, str) and f"{name}.{value}" in MESSAGES:
            values[name] = render_text(f"{name}.{value}", lang, {})
        elif name == "tally" and isinstance(value, dict):
            values[name] = _JOIN.get(lang, ", ").join(f"{_name(int(s), names)} {v:g}" for s, v in value.items())
        else:
            values[name] = value
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def register(messages: Catalog) -> None:
    """A ruleset adds its own keys (roles as `role.<id>`, its notices, its refusals)."""
    for key, entry in messages.items():
        missing = set(LANGS) - entry.keys()
        if missing:
            raise ValueError(f"message {key} lacks {sorted(missing)}")
        MESSAGES[key] = entry
