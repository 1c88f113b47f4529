"""The rulesets' options as players read them at a game's creation: each option's name and help, and the names
of a choice's values, in ja, zh-Hans, zh-Hant and en (`OptionInfo.name`, `help`, `choice_names`).

Keys: `option.<id>` (the name), `option.<id>.help`, `option.<id>.<value>` (a choice's value); a ruleset's own
entry (`<ruleset>.option…`) comes before the shared one. A duration in seconds gets `option.seconds.help`
after its help; an event card's switch in magic_city is named after its card.
"""

from __future__ import annotations

from grimoire.domain.messages import register

# key: (en, ja, zh-Hans, zh-Hant)
SHARED = {
    "option.seconds.help": (
        "Seconds; 0 waits forever.",
        "秒。0 は無期限。",
        "秒；0 表示不限时。",
        "秒；0 表示不限時。",
    ),
    "option.time_scale": ("Time scale", "時間の倍率", "时间倍率", "時間倍率"),
    "option.time_scale.help": (
        "Multiplies every duration.",
        "すべての制限時間にかける倍率。",
        "所有时限乘以此倍率。",
        "所有時限乘以此倍率。",
    ),
    "option.retries": ("Reminders", "催促の回数", "提醒次数", "提醒次數"),
    "option.retries.help": (
        "Reminders before a default applies.",
        "既定の選択になる前に催促する回数。",
        "按默认处理前的提醒次数。",
        "按預設處理前的提醒次數。",
    ),
    "option.dead_see_all": ("The dead see all", "死者は全役職を見る", "死者可见全部身份", "死者可見全部身分"),
    "option.dead_see_all.help": (
        "The dead see every role.",
        "死亡したプレイヤーは全員の役職を見られる。",
        "死亡的玩家可以看到所有人的身份。",
        "死亡的玩家可以看到所有人的身分。",
    ),
    "option.speech_seconds": ("Speaking turn", "発言時間", "发言时间", "發言時間"),
    "option.speech_seconds.help": ("One speaking turn.", "1回の発言の時間。", "每次发言的时间。", "每次發言的時間。"),
    "option.vote_seconds": ("Vote time", "投票時間", "投票时间", "投票時間"),
    "option.vote_seconds.help": ("A vote.", "1回の投票の時間。", "每次投票的时间。", "每次投票的時間。"),
    "option.last_words_seconds": ("Last words", "遺言の時間", "遗言时间", "遺言時間"),
    "option.last_words_seconds.help": ("Last words.", "遺言の時間。", "遗言的时间。", "遺言的時間。"),
    "option.night0_seconds": ("Night 0", "0日目の夜", "第0夜", "第0夜"),
    "option.night0_seconds.help": ("Night 0.", "0日目の夜の時間。", "第0夜的时间。", "第0夜的時間。"),
    "option.night_seconds": ("Night", "夜の時間", "夜晚时间", "夜晚時間"),
    "option.night_seconds.help": ("A night.", "1回の夜の時間。", "每个夜晚的时间。", "每個夜晚的時間。"),
    "option.speech_max_chars": ("Longest speech", "発言の最大文字数", "发言最大字数", "發言最大字數"),
    "option.speech_max_chars.help": (
        "Longest speech, in characters.",
        "1回の発言の最大文字数。",
        "每次发言的最大字数。",
        "每次發言的最大字數。",
    ),
    "option.discussion_seconds": ("Discussion", "議論の時間", "讨论时间", "討論時間"),
    "option.discussion_seconds.help": (
        "The day's free discussion.",
        "昼の自由議論の時間。",
        "白天自由讨论的时间。",
        "白天自由討論的時間。",
    ),
    "option.early_close": ("Close steps early", "早期締め切り", "提前结束阶段", "提前結束階段"),
    "option.early_close.help": (
        "Close a role step once its living actors answered (timing then reveals roles).",
        "生きている担当者が全員答えたら役職の段階を締め切る（時間から役職がわかってしまう）。",
        "存活的行动者全部回答后即结束该身份阶段（时间会暴露身份）。",
        "存活的行動者全部回答後即結束該身分階段（時間會暴露身分）。",
    ),
    "option.night_step_seconds": ("Night step", "夜の各段階", "夜晚每个阶段", "夜晚每個階段"),
    "option.night_step_seconds.help": (
        "One role's step of the night.",
        "夜の役職ごとの段階1つの時間。",
        "夜晚每个身份阶段的时间。",
        "夜晚每個身分階段的時間。",
    ),
    "option.shot_seconds": ("Shot", "射撃の時間", "开枪时间", "開槍時間"),
    "option.shot_seconds.help": (
        "The step in which a shot is fired.",
        "射撃を行う段階の時間。",
        "开枪阶段的时间。",
        "開槍階段的時間。",
    ),
    "option.consecutive_guard": ("Guard twice in a row", "連続護衛", "连续守护", "連續守護"),
    "option.consecutive_guard.help": (
        "A guard may protect the same player two nights in a row.",
        "同じ人を2晩続けて護衛できる。",
        "可以连续两晚守护同一人。",
        "可以連續兩晚守護同一人。",
    ),
}
RULESETS = {
    "jinro9": {
        "option.vote_seconds.help": (
            "The vote and the runoff.",
            "投票と決選投票の時間。",
            "投票与决选投票的时间。",
            "投票與決選投票的時間。",
        ),
        "option.last_words_seconds.help": (
            "The executed player's last words.",
            "処刑された人の遺言の時間。",
            "被处决者的遗言时间。",
            "被處決者的遺言時間。",
        ),
        "option.night0_seconds.help": (
            "Night 0: the wolves' meeting.",
            "0日目の夜：人狼の顔合わせ。",
            "第0夜：狼人相认。",
            "第0夜：狼人相認。",
        ),
    },
    "ultimate13": {
        "option.medium_result": ("Medium's result", "霊媒結果", "灵媒结果", "靈媒結果"),
        "option.medium_result.help": (
            "What the medium learns.",
            "霊媒師がわかること。",
            "灵媒得知的内容。",
            "靈媒得知的內容。",
        ),
        "option.medium_result.role": ("the role", "役職", "身份", "身分"),
        "option.medium_result.alignment": ("human or werewolf", "人間か人狼か", "人类或狼人", "人類或狼人"),
        "option.wolf_attack_wolf": (
            "Wolves may attack wolves",
            "人狼による人狼の襲撃",
            "狼人可袭击狼人",
            "狼人可襲擊狼人",
        ),
        "option.wolf_attack_wolf.help": (
            "Wolves may attack a fellow wolf.",
            "人狼が仲間の人狼を襲撃できる。",
            "狼人可以袭击同伴狼人。",
            "狼人可以襲擊同伴狼人。",
        ),
        "option.madman_counts_as_human": (
            "Madman counts as human",
            "狂人を人間に数える",
            "狂人计为人类",
            "狂人計為人類",
        ),
        "option.madman_counts_as_human.help": (
            "The madman counts for the village at parity.",
            "人数の判定で狂人を村人側に数える。",
            "判定人数时狂人计入好人一方。",
            "判定人數時狂人計入好人一方。",
        ),
    },
    "witch_trial": {
        "option.deal_in_order": ("Deal in order", "順番に配る", "按顺序发牌", "按順序發牌"),
        "option.deal_in_order.help": (
            "Deal the pool in its given order, 4 cards a seat (prepared deals for demonstrations; the pool is public).",
            "カードを与えられた順に1人4枚ずつ配る（実演用の決まった配り方。カードの山は公開される）。",
            "按给定顺序每人发4张牌（用于演示的固定发牌；牌池公开）。",
            "按給定順序每人發4張牌（用於演示的固定發牌；牌池公開）。",
        ),
        "option.days": ("Days", "日数", "天数", "天數"),
        "option.days.help": ("Days in the game.", "ゲームの日数。", "游戏的天数。", "遊戲的天數。"),
        "option.morning_seconds": ("Morning", "朝の時間", "晨间时间", "晨間時間"),
        "option.morning_seconds.help": (
            "The morning talk.",
            "朝の話し合いの時間。",
            "晨间讨论的时间。",
            "晨間討論的時間。",
        ),
        "option.noon_seconds": ("Noon", "昼の時間", "午间时间", "午間時間"),
        "option.noon_seconds.help": (
            "Talk and trade offers.",
            "話し合いと取引の申し出の時間。",
            "讨论与交易提议的时间。",
            "討論與交易提議的時間。",
        ),
        "option.vote_seconds.help": (
            "The imprisonment vote.",
            "監禁投票の時間。",
            "夜间监禁投票的时间。",
            "夜間監禁投票的時間。",
        ),
        "option.night_seconds.help": (
            "Card use in the late night.",
            "深夜のカード使用の時間。",
            "深夜使用卡牌的时间。",
            "深夜使用卡牌的時間。",
        ),
        "option.loot_seconds": ("Loot", "戦利品の時間", "搜刮时间", "搜刮時間"),
        "option.loot_seconds.help": (
            "The loot window; a fixed time. Seconds.",
            "戦利品を選ぶ時間（固定）。秒。",
            "搜刮的时间（固定）。秒。",
            "搜刮的時間（固定）。秒。",
        ),
    },
    "langrensha": {
        "option.candidacy_seconds": ("Candidacy", "立候補の時間", "上警时间", "上警時間"),
        "option.candidacy_seconds.help": (
            "Standing for sheriff.",
            "警長への立候補の時間。",
            "竞选警长的时间。",
            "競選警長的時間。",
        ),
        "option.withdraw_seconds": ("Withdrawal", "辞退の時間", "退水时间", "退水時間"),
        "option.withdraw_seconds.help": (
            "Withdrawing from the sheriff election (standard rules).",
            "警長選挙から辞退する時間（標準ルール）。",
            "退出警长竞选的时间（标准规则）。",
            "退出警長競選的時間（標準規則）。",
        ),
        "option.shot_seconds.help": (
            "The step after deaths in which shots are fired.",
            "死亡の後に射撃を行う段階の時間。",
            "死亡后开枪阶段的时间。",
            "死亡後開槍階段的時間。",
        ),
        "option.badge_seconds": ("Badge", "バッジの時間", "移交警徽时间", "移交警徽時間"),
        "option.badge_seconds.help": (
            "The dead sheriff passes or tears the badge.",
            "死亡した警長がバッジを渡すか破る時間。",
            "死亡的警长移交或撕毁警徽的时间。",
            "死亡的警長移交或撕毀警徽的時間。",
        ),
        "option.duel_seconds": ("Duel", "決闘の時間", "决斗时间", "決鬥時間"),
        "option.duel_seconds.help": (
            "The knight's chance to duel before the vote.",
            "投票前に騎士が決闘できる時間。",
            "投票前骑士决斗的时间。",
            "投票前騎士決鬥的時間。",
        ),
        "option.impeach_seconds": ("Impeachment vote", "弾劾投票の時間", "弹劾投票时间", "彈劾投票時間"),
        "option.impeach_seconds.help": (
            "The impeachment vote.",
            "警長弾劾の投票の時間。",
            "弹劾警长的投票时间。",
            "彈劾警長的投票時間。",
        ),
        "option.witch_self_save": ("Witch saves herself", "魔女の自己救済", "女巫自救", "女巫自救"),
        "option.witch_self_save.help": (
            "When the witch may save herself.",
            "魔女が自分を救えるとき。",
            "女巫何时可以自救。",
            "女巫何時可以自救。",
        ),
        "option.witch_self_save.always": ("always", "いつでも", "任何时候", "任何時候"),
        "option.witch_self_save.first_night": ("the first night only", "初日の夜だけ", "仅首夜", "僅首夜"),
        "option.witch_self_save.never": ("never", "できない", "不可以", "不可以"),
        "option.witch_sees_target": ("Witch sees the target", "魔女が襲撃先を知る", "女巫得知刀口", "女巫得知刀口"),
        "option.witch_sees_target.help": (
            "When the witch learns the wolves' target.",
            "魔女が人狼の襲撃先を知るとき。",
            "女巫何时得知狼人的目标。",
            "女巫何時得知狼人的目標。",
        ),
        "option.witch_sees_target.always": ("always", "いつでも", "总是", "總是"),
        "option.witch_sees_target.while_antidote": (
            "while she has the antidote",
            "解毒薬がある間",
            "解药未用时",
            "解藥未用時",
        ),
        "option.guard_and_save_kills": ("Guarded and saved dies", "守りと救済の重複で死亡", "同守同救", "同守同救"),
        "option.guard_and_save_kills.help": (
            "A player both guarded and saved dies.",
            "護衛と救済を両方受けたプレイヤーは死亡する。",
            "同时被守护和救下的玩家死亡。",
            "同時被守護和救下的玩家死亡。",
        ),
        "option.guard_self": ("Guard guards itself", "守衛の自己護衛", "守卫自守", "守衛自守"),
        "option.guard_self.help": (
            "When the guard may guard itself.",
            "守衛が自分を守れるとき。",
            "守卫何时可以守护自己。",
            "守衛何時可以守護自己。",
        ),
        "option.guard_self.any": ("any night", "いつでも", "任何夜晚", "任何夜晚"),
        "option.guard_self.first_night": ("the first night only", "初日の夜だけ", "仅首夜", "僅首夜"),
        "option.exile_tie": ("Tied exile vote", "放逐投票の同数", "放逐平票", "放逐平票"),
        "option.exile_tie.help": (
            "A tied exile vote: nobody is exiled, or PK speeches and a revote.",
            "放逐投票が同数のとき：誰も放逐しないか、PK の発言と再投票。",
            "放逐投票平票时：无人出局，或 PK 发言后重新投票。",
            "放逐投票平票時：無人出局，或 PK 發言後重新投票。",
        ),
        "option.exile_tie.none": ("nobody is exiled", "放逐なし", "无人出局", "無人出局"),
        "option.exile_tie.pk": ("PK speeches and a revote", "PK と再投票", "PK 后重新投票", "PK 後重新投票"),
        "option.sheriff_rules": ("Sheriff election", "警長選挙のルール", "警长竞选规则", "警長競選規則"),
        "option.sheriff_rules.help": (
            "standard: only non-candidates vote, and candidates may withdraw.",
            "標準：候補者以外だけが投票し、候補者は辞退できる。",
            "标准：只有非候选人投票，候选人可以退水。",
            "標準：只有非候選人投票，候選人可以退水。",
        ),
        "option.sheriff_rules.document": ("as the rule document says", "ルール文書どおり", "按规则文档", "按規則文件"),
        "option.sheriff_rules.standard": ("standard", "標準", "标准", "標準"),
        "option.last_words": ("Last words", "遺言", "遗言", "遺言"),
        "option.last_words.help": ("Who leaves last words.", "遺言を残せる人。", "谁可以留遗言。", "誰可以留遺言。"),
        "option.last_words.night1_and_exile": (
            "those killed the first night and the exiled",
            "初日の夜の死者と放逐された人",
            "首夜死者与被放逐者",
            "首夜死者與被放逐者",
        ),
        "option.last_words.none": ("nobody", "なし", "无人", "無人"),
        "option.impeachment": ("Impeachment", "弾劾", "弹劾", "彈劾"),
        "option.impeachment.help": (
            "A majority may strip the sheriff of the badge before the exile vote.",
            "放逐投票の前に、過半数で警長のバッジを取り上げられる。",
            "放逐投票前，多数票可以撤销警长的警徽。",
            "放逐投票前，多數票可以撤銷警長的警徽。",
        ),
    },
    "magic_city": {
        "option.consecutive_guard.help": (
            "A guard may protect the same player twice in a row.",
            "騎士が同じ人を2晩続けて護衛できる。",
            "守卫可以连续两晚守护同一人。",
            "守衛可以連續兩晚守護同一人。",
        ),
        "option.vote_seconds.help": (
            "A vote (in ordered votes, one voter's turn).",
            "1回の投票の時間（順番投票では1人の番）。",
            "每次投票的时间（顺序投票时为每人的回合）。",
            "每次投票的時間（順序投票時為每人的回合）。",
        ),
        "option.first_seer": ("First-day divination", "初日占い", "首日占卜", "首日占卜"),
        "option.first_seer.help": (
            "The prophet divines at the role check.",
            "予言者が役職確認のときに占う。",
            "预言者在身份确认时占卜。",
            "預言者在身分確認時占卜。",
        ),
        "option.night_talk": ("Night talk", "内通", "夜间交流", "夜間交流"),
        "option.night_talk.help": (
            "The wolves and the masons talk at night.",
            "人狼と共有者が夜に話せる。",
            "狼人与共有者在夜间交流。",
            "狼人與共有者在夜間交流。",
        ),
        "option.vote_format": ("Vote format", "投票形式", "投票形式", "投票形式"),
        "option.vote_format.help": (
            "Simultaneous (revealed at the close), ordered (public, in seat order) or free (public, changeable).",
            "一斉（締め切りで公開）、順番（公開、席順）、自由（公開、変更可）。",
            "同时（截止时公开）、顺序（公开，按座位）或自由（公开，可更改）。",
            "同時（截止時公開）、順序（公開，按座位）或自由（公開，可更改）。",
        ),
        "option.vote_format.simultaneous": ("simultaneous", "一斉", "同时", "同時"),
        "option.vote_format.ordered": ("in seat order", "順番", "顺序", "順序"),
        "option.vote_format.free": ("free", "自由", "自由", "自由"),
        "option.tie_rule": ("Second tie", "再度の同数", "再次平票", "再次平票"),
        "option.tie_rule.help": (
            "A tie again after the runoff: nobody is executed, or the game is drawn.",
            "決選投票でも同数のとき：処刑なしか、引き分け。",
            "决选后仍平票：无人被处决，或平局。",
            "決選後仍平票：無人被處決，或平局。",
        ),
        "option.tie_rule.no_execution": ("nobody is executed", "処刑なし", "无人被处决", "無人被處決"),
        "option.tie_rule.draw": ("the game is drawn", "引き分け", "平局", "平局"),
        "option.role_check_seconds": ("Role check", "役職確認", "身份确认", "身分確認"),
        "option.role_check_seconds.help": (
            "One step of the role check.",
            "役職確認の1段階の時間。",
            "身份确认每个阶段的时间。",
            "身分確認每個階段的時間。",
        ),
        "option.discussion_minute_seconds": ("Discussion minute", "議論の1分", "讨论的一分钟", "討論的一分鐘"),
        "option.discussion_minute_seconds.help": (
            "One minute of discussion (the day lasts living − 4 of them).",
            "議論の1分の長さ（昼は生存者数−4分）。",
            "讨论的一分钟的长度（白天为存活人数−4分钟）。",
            "討論的一分鐘的長度（白天為存活人數−4分鐘）。",
        ),
        "option.curse_seconds": ("Curse", "呪いの時間", "诅咒时间", "詛咒時間"),
        "option.curse_seconds.help": (
            "The cursed player's silence.",
            "呪われた人が黙る時間。",
            "被诅咒者沉默的时间。",
            "被詛咒者沉默的時間。",
        ),
        "option.event_seconds": ("Event choice", "イベントの選択", "事件选择", "事件選擇"),
        "option.event_seconds.help": (
            "The executed player's choice of an event and its parameters.",
            "処刑された人がイベントとその内容を選ぶ時間。",
            "被处决者选择事件及其参数的时间。",
            "被處決者選擇事件及其參數的時間。",
        ),
        "option.shot_seconds.help": (
            "The hunter's shot.",
            "狩人の射撃の時間。",
            "猎人开枪的时间。",
            "獵人開槍的時間。",
        ),
        "option.event_card.help": (
            "This event card is in the deck: {card}.",
            "イベントカード【{card}】を山札に入れる。",
            "事件牌【{card}】在牌堆中。",
            "事件牌【{card}】在牌堆中。",
        ),
    },
}


def _catalog(table: dict[str, tuple[str, str, str, str]]) -> dict[str, dict[str, str]]:
    return {key: dict(zip(("en", "ja", "zh-Hans", "zh-Hant"), words)) for key, words in table.items()}


register(_catalog(SHARED))
for _ruleset, _table in RULESETS.items():
    register(_catalog(_table), ruleset=_ruleset)
