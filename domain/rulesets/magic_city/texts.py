"""magic_city's words: roles, event cards, the moderator's announcements and refusals, in four languages."""

from __future__ import annotations

from grimoire.domain.messages import register


def _m(ja: str, hans: str, hant: str, en: str | dict[str, str]) -> dict[str, str | dict[str, str]]:
    return {"ja": ja, "zh-Hans": hans, "zh-Hant": hant, "en": en}


ROLE_NAMES = {
    "citizen": _m("市民", "市民", "市民", "citizen"),
    "prophet": _m("予言者", "预言者", "預言者", "prophet"),
    "medium": _m("霊能者", "通灵者", "通靈者", "medium"),
    "knight": _m("騎士", "骑士", "騎士", "knight"),
    "dragon": _m("竜", "龙", "龍", "dragon"),
    "spirit_caller": _m("精霊使い", "精灵使", "精靈使", "spirit caller"),
    "mason": _m("共有者", "共有者", "共有者", "mason"),
    "moneylender": _m("金貸し", "放贷人", "放貸人", "moneylender"),
    "marksman": _m("狩人", "猎人", "獵人", "marksman"),
    "golem": _m("ゴーレム", "魔像", "魔像", "golem"),
    "evil_eye": _m("魔眼の人狼", "魔眼狼人", "魔眼狼人", "evil-eyed werewolf"),
    "chimera": _m("キメラ", "奇美拉", "奇美拉", "chimera"),
    "foxkin": _m("狐人", "狐人", "狐人", "foxkin"),
    "demon": _m("魔人", "魔人", "魔人", "demon"),
}

CARD_NAMES = {
    "mages_guild": _m("魔術師組合", "魔术师工会", "魔術師工會", "Mages' Guild"),
    "babel": _m("バベルの魔塔", "巴别魔塔", "巴別魔塔", "Tower of Babel"),
    "court": _m("裁判所", "法院", "法院", "Court"),
    "prison": _m("監獄", "监狱", "監獄", "Prison"),
    "graveyard": _m("墓地", "墓地", "墓地", "Graveyard"),
    "library": _m("図書館", "图书馆", "圖書館", "Library"),
    "airship": _m("飛空艇", "飞空艇", "飛空艇", "Airship"),
    "vortex": _m("魂の渦", "灵魂漩涡", "靈魂漩渦", "Vortex of Souls"),
    "legend_tree": _m("伝説の木", "传说之树", "傳說之樹", "Legendary Tree"),
    "illusion_garden": _m("幻術師の庭", "幻术师的庭院", "幻術師的庭院", "Illusionist's Garden"),
    "guild": _m("ギルド", "公会", "公會", "Guild"),
    "thieves": _m("盗賊団", "盗贼团", "盜賊團", "Thieves"),
    "mirror_shop": _m("魔法の鏡屋", "魔法镜店", "魔法鏡店", "Magic Mirror Shop"),
    "bank": _m("銀行", "银行", "銀行", "Bank"),
    "cult": _m("邪心教団", "邪心教团", "邪心教團", "Cult"),
    "casino": _m("カジノ", "赌场", "賭場", "Casino"),
    "beast_forest": _m("魔獣の森", "魔兽之森", "魔獸之森", "Forest of Beasts"),
    "slum": _m("スラム", "贫民窟", "貧民窟", "Slum"),
    "arena": _m("闘技場", "斗技场", "鬥技場", "Arena"),
    "academy": _m("魔法学園", "魔法学园", "魔法學園", "Academy of Magic"),
    "altar": _m("祭壇", "祭坛", "祭壇", "Altar"),
    "bathhouse": _m("共同風呂", "公共浴场", "公共浴場", "Bathhouse"),
    "church": _m("教会", "教会", "教會", "Church"),
    "clock_tower": _m("時計塔", "钟楼", "鐘樓", "Clock Tower"),
    "parliament": _m("議事堂", "议事堂", "議事堂", "Parliament"),
}

MESSAGES = {
    **{f"role.{k}": v for k, v in ROLE_NAMES.items()},
    **{f"card.{k}": v for k, v in CARD_NAMES.items()},
    "action.curse": _m("呪い", "诅咒", "詛咒", "curse"),
    "action.lend": _m("貸し付け", "借出", "借出", "loan"),
    "action.predict": _m("予言", "预言", "預言", "prophecy"),
    **{
        f"action.{kind}": _m("イベントの選択", "选择事件", "選擇事件", "the event's choice")
        for kind in (
            "event",
            "event_card",
            "event_direction",
            "event_minutes",
            "event_target",
            "event_targets",
            "event_word",
        )
    },
    "step.check": _m("役職の確認", "确认身份", "確認身分", "checking roles"),
    "step.shot": _m("狩人の射撃", "猎人开枪", "獵人開槍", "the marksman's shot"),
    "step.silence": _m("呪いの一分間", "诅咒的一分钟", "詛咒的一分鐘", "the cursed minute"),
    "step.vote_runoff": _m("決選投票", "决选投票", "決選投票", "the runoff"),
    "step.court": _m("裁判所の投票", "法院投票", "法院投票", "the court's vote"),
    "step.court_runoff": _m("裁判所の決選投票", "法院决选投票", "法院決選投票", "the court's runoff"),
    "step.prison": _m("監獄の投票", "监狱投票", "監獄投票", "the prison vote"),
    "step.prison_runoff": _m("監獄の決選投票", "监狱决选投票", "監獄決選投票", "the prison runoff"),
    **{
        f"step.{name}": _m("イベントの処理", "事件处理", "事件處理", "the event")
        for name in (
            "event_choice",
            "event_target",
            "event_targets",
            "event_word",
            "event_minutes",
            "event_direction",
            "event_card",
        )
    },
    "game.ended.none": _m(
        "ゲーム終了。引き分けです。", "游戏结束，平局。", "遊戲結束，平局。", "The game is over: a draw."
    ),
    "morning.dead": _m(
        "みなさん、朝になりました。朝になると{seats}の死体が発見されました。",
        "天亮了，发现了{seats}的尸体。",
        "天亮了，發現了{seats}的屍體。",
        {
            "one": "Morning has come: the body of {seats} is found.",
            "other": "Morning has come: the bodies of {seats} are found.",
        },
    ),
    "morning.none": _m(
        "みなさん、朝になりました。今朝は死体が発見されませんでした。",
        "天亮了，今天早上没有发现尸体。",
        "天亮了，今天早上沒有發現屍體。",
        "Morning has come: no body was found this morning.",
    ),
    "team.demon": _m("魔人", "魔人", "魔人", "the demon"),
    "first_seer.on": _m("初日占い有", "首日占卜：有", "首日占卜：有", "first-night divination"),
    "first_seer.off": _m("初日占い無", "首日占卜：无", "首日占卜：無", "no first-night divination"),
    "consecutive_guard.on": _m("連続護衛有", "可连续守护", "可連續守護", "consecutive guards allowed"),
    "consecutive_guard.off": _m("連続護衛無", "不可连续守护", "不可連續守護", "no consecutive guards"),
    "night_talk.on": _m("内通有", "夜间可密谈", "夜間可密談", "night talk"),
    "night_talk.off": _m("内通無", "夜间不可密谈", "夜間不可密談", "no night talk"),
    "format.simultaneous": _m("一斉投票", "同时投票", "同時投票", "simultaneous vote"),
    "format.ordered": _m("順番投票", "顺序投票", "順序投票", "vote in order"),
    "format.free": _m("自由投票", "自由投票", "自由投票", "free vote"),
    "tie.no_execution": _m(
        "同数が続けば処刑者無し", "再次平票则无人被处决", "再次平票則無人被處決", "a second tie executes nobody"
    ),
    "tie.draw": _m("同数が続けば引き分け", "再次平票则平局", "再次平票則平局", "a second tie draws the game"),
    "city.rules": _m(
        "ルール: {first_seer}、{consecutive_guard}、{night_talk}、{format}、{tie}。イベントカード: {cards}。",
        "规则：{first_seer}，{consecutive_guard}，{night_talk}，{format}，{tie}。事件卡：{cards}。",
        "規則：{first_seer}，{consecutive_guard}，{night_talk}，{format}，{tie}。事件卡：{cards}。",
        "Rules: {first_seer}; {consecutive_guard}; {night_talk}; {format}; {tie}. Event cards: {cards}.",
    ),
    "partners.known": _m(
        "あなたの仲間は{seats}です。", "你的同伴是{seats}。", "你的同伴是{seats}。", "Your partners: {seats}."
    ),
    "cult.wolves": _m("人狼は{seats}です。", "狼人是{seats}。", "狼人是{seats}。", "The werewolves are {seats}."),
    "garden.die": _m("ダイスの目は{die}でした。", "骰子点数为{die}。", "骰子點數為{die}。", "The die shows {die}."),
    "chimera.awakened": _m(
        "キメラが覚醒したようです。",
        "奇美拉似乎觉醒了。",
        "奇美拉似乎覺醒了。",
        "The chimera seems to have awakened.",
    ),
    "curse.on": _m(
        "{seat}は本日の議論最初の一分間、発言もジェスチャーもできません。一分経過したらGMからアナウンスがあります。",
        "{seat}在今天讨论的第一分钟内不能发言，也不能做手势。一分钟后主持人会宣布。",
        "{seat}在今天討論的第一分鐘內不能發言，也不能做手勢。一分鐘後主持人會宣布。",
        "{seat} may neither speak nor gesture for the first minute of today's discussion;"
        " the moderator will say when it is over.",
    ),
    "curse.none": _m(
        "魔眼の呪いはありませんでした。", "没有魔眼的诅咒。", "沒有魔眼的詛咒。", "There is no curse of the evil eye."
    ),
    "curse.lifted": _m("一分が経過しました。", "一分钟已过。", "一分鐘已過。", "The minute is over."),
    "altar.role": _m(
        "{seat}の役職は【{role}】でした。",
        "{seat}的身份是【{role}】。",
        "{seat}的身分是【{role}】。",
        "{seat}'s role was {role}.",
    ),
    "marksman.revealed": _m(
        "処刑された{seat}は狩人です。{seat}、ただちに誰を撃つか決めてください。",
        "被处决的{seat}是猎人。{seat}，请立即决定要射杀谁。",
        "被處決的{seat}是獵人。{seat}，請立即決定要射殺誰。",
        "The executed {seat} is the marksman. {seat}, choose at once whom to shoot.",
    ),
    "event.chosen": _m(
        "イベント【{card}】が発生しました。", "发生事件【{card}】。", "發生事件【{card}】。", "Event: {card}."
    ),
    "event.none": _m("イベントは発生しませんでした。", "没有发生事件。", "沒有發生事件。", "No event takes place."),
    "event.babel": _m(
        "次の夜が来るまで、生存者は「{word}」しか発してはいけません。",
        "直到下一个夜晚，生存者只能说「{word}」。",
        "直到下一個夜晚，生存者只能說「{word}」。",
        "Until the next night falls, the living may say nothing but \u201c{word}\u201d.",
    ),
    "event.library": _m(
        "翌日の議論中、生存者は語尾に「{word}」をつけなければなりません。",
        "明天讨论时，生存者每句话结尾必须加上「{word}」。",
        "明天討論時，生存者每句話結尾必須加上「{word}」。",
        "In tomorrow's discussion the living must end what they say with \u201c{word}\u201d.",
    ),
    "prison.chosen": _m(
        "{seat}は次の夜の間、ゲームから除外されます。",
        "{seat}在下一个夜晚被排除在游戏之外。",
        "{seat}在下一個夜晚被排除在遊戲之外。",
        "{seat} is kept out of the game for the coming night.",
    ),
    "prison.none": _m("監獄に入る人はいません。", "无人入狱。", "無人入獄。", "Nobody goes to prison."),
    "today.academy": _m(
        "本日の投票は自由投票となります。また、投票時には何か呪文を唱えなくてはなりません。",
        "今天的投票为自由投票，投票时必须念一句咒语。",
        "今天的投票為自由投票，投票時必須念一句咒語。",
        "Today's vote is free, and every vote must come with an incantation.",
    ),
    "today.library": _m(
        "本日の議論中は、語尾に「{word}」とつけなければなりません。",
        "今天讨论时，每句话结尾必须加上「{word}」。",
        "今天討論時，每句話結尾必須加上「{word}」。",
        "In today's discussion, end everything you say with \u201c{word}\u201d.",
    ),
    "today.altar": _m(
        "今後は死亡した方の役職カードが公開されます。",
        "今后死亡者的身份牌将被公开。",
        "今後死亡者的身分牌將被公開。",
        "From now on the roles of the dead are revealed.",
    ),
    "today.bathhouse": _m(
        "本日の議論時間最初の{minutes}は、人狼と関係ない話をしなければなりません。",
        "今天讨论的前{minutes}必须谈论与狼人无关的话题。",
        "今天討論的前{minutes}必須談論與狼人無關的話題。",
        "For the first {minutes} of today's discussion, talk of nothing to do with werewolves.",
    ),
    "today.church": _m(
        "{seats}は本日の議論に参加することができます。ただし、投票はできません。",
        "{seats}可以参加今天的讨论，但不能投票。",
        "{seats}可以參加今天的討論，但不能投票。",
        "{seats} may join today's discussion, but not vote.",
    ),
    "today.clock_tower": _m(
        "本日の議論時間は{minutes}です。",
        "今天的讨论时间为{minutes}。",
        "今天的討論時間為{minutes}。",
        "Today's discussion lasts {minutes}.",
    ),
    "today.bank": _m(
        "朝になると{seat}が二票の力を授かっていました。",
        "天亮时，{seat}获得了两票的力量。",
        "天亮時，{seat}獲得了兩票的力量。",
        "As morning breaks, {seat} holds the power of two votes.",
    ),
    "today.thieves": _m(
        "朝になると{seat}は票を盗まれていました。本日の投票に参加できません。",
        "天亮时，{seat}的选票被盗了，今天不能投票。",
        "天亮時，{seat}的選票被盜了，今天不能投票。",
        "As morning breaks, {seat}'s vote has been stolen: no vote today.",
    ),
    "today.parliament": _m(
        "本日の投票形式は{format}になります。",
        "今天的投票方式为{format}。",
        "今天的投票方式為{format}。",
        "Today's vote is a {format}.",
    ),
    "today.babel": _m(
        "本日の議論中は、「{word}」としか喋ってはいけません。身振り手振りは自由です。",
        "今天讨论时只能说「{word}」，手势不限。",
        "今天討論時只能說「{word}」，手勢不限。",
        "In today's discussion say nothing but \u201c{word}\u201d; gestures are free.",
    ),
    "died.court": _m(
        "裁判の結果、{seats}が処刑されました。",
        "法院判决：{seats}被处决。",
        "法院判決：{seats}被處決。",
        "By the court, {seats} is executed.",
    ),
    "died.shot": _m("{seats}が撃たれました。", "{seats}被射杀。", "{seats}被射殺。", "{seats} is shot."),
    "died.event": _m("{seats}がゲームから脱落しました。", "{seats}出局。", "{seats}出局。", "{seats} leaves the game."),
    "died.legend_tree": _m(
        "{seats}もゲームから脱落しました。",
        "{seats}也出局了。",
        "{seats}也出局了。",
        "{seats} leaves the game too.",
    ),
    "error.cursed_silent": _m(
        "呪いのため、議論の最初の一分間は発言できません。",
        "受到诅咒，讨论的第一分钟内不能发言。",
        "受到詛咒，討論的第一分鐘內不能發言。",
        "You are cursed: you cannot speak in the first minute of the discussion.",
    ),
    "error.babel_word": _m(
        "バベルの魔塔: 指定された言葉しか発言できません。",
        "巴别魔塔：只能说指定的词。",
        "巴別魔塔：只能說指定的詞。",
        "Tower of Babel: you may say only the given word.",
    ),
    "error.library_suffix": _m(
        "図書館: 語尾に指定された言葉をつけてください。",
        "图书馆：结尾必须加上指定的词。",
        "圖書館：結尾必須加上指定的詞。",
        "Library: end what you say with the given word.",
    ),
    "error.incantation_required": _m(
        "魔法学園: 投票には呪文が必要です。",
        "魔法学园：投票时必须念咒语。",
        "魔法學園：投票時必須念咒語。",
        "Academy of Magic: a vote needs an incantation.",
    ),
}

register({k: v for k, v in MESSAGES.items() if k.startswith("error.")})
register({k: v for k, v in MESSAGES.items() if not k.startswith("error.")}, ruleset="magic_city")
