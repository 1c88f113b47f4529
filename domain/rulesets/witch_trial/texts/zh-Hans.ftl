### witch_trial (witch_trial.md).


## The glossary: the document's words, each written once.

-witch_killer = 魔女杀手
-barrier = 结界魔法
-kill_magic = 杀人魔法
-probe = 探知魔法
-check = 检定魔法
-accept = 接受交易
-refuse = 拒绝交易
-offer = 发起交易
# 6.2: 「可选择取走一张手牌（亦可选择不取）」
-take = 取走手牌
-pass = 放弃
-morning = 晨间阶段
-noon = 午间阶段
-vote = 夜间阶段的监禁投票
-night = 深夜阶段
-loot = 搜刮遗落手牌
-dawn = 尸体发现公告
-morning_phase = 晨间
-noon_phase = 午间
-evening = 夜间
-night_phase = 深夜

## Messages

error-bad_pool = 牌池无效。
error-bad_pool-no_pool = 牌池无效：{ $players }名玩家需要指定{ $needed }张牌的牌池，其中有一张【{ -witch_killer }】。
error-bad_pool-unknown = 牌池无效：没有“{ $ids }”这种卡牌。
error-bad_pool-count = 牌池无效：{ $players }名玩家正好需要{ $needed }张牌，却指定了{ $dealt }张。
error-bad_pool-witch_killer = 牌池无效：【{ -witch_killer }】必须正好一张。
error-trade_used = 你今天的交易机会已经用过了。
error-offer_pending = 你还有一笔尚未了结的交易。
error-witch_killer_only = 你持有【{ -witch_killer }】，只能使用【{ -witch_killer }】或放弃行动。
error-already_answered = 你已经做出了选择。
card-witch_killer = { -witch_killer }
card-barrier = { -barrier }
card-kill_magic = { -kill_magic }
card-probe = { -probe }
card-check = { -check }
# 深夜 is not 狼人杀's night: no 「天黑请闭眼」, and in Japanese not the 夜間 of the vote before it
phase-night = 第{ $day }天，深夜阶段，可以选择使用一张卡牌。
action-accept = { -accept }
action-refuse = { -refuse }
action-offer = { -offer }
action-take = { -take }
action-pass = { -pass }
# 3.2 尸体发现公告: no 狼人杀 「平安夜」
morning-none = 没有发现尸体。
morning-dead = 发现了{ $seats }的尸体。
# 1.3: whoever is alive at the end wins
game-ended = 游戏结束，存活的{ $winners }获胜。
game-ended-none = 游戏结束，无人存活。
step-morning = { -morning }
step-noon = { -noon }
step-vote = { -vote }
step-night = { -night }
step-loot = { -loot }
phase-dawn = 第{ $day }天，尸体发现公告。
phase-morning = 第{ $day }天，晨间阶段。
phase-noon = 第{ $day }天，午间阶段，可以进行交易。
phase-evening = 第{ $day }天，夜间阶段，进行监禁投票。
hand-deal = 你的手牌：{ $cards }
hand-death = 你已死亡，手牌留在了尸体上。
hand-curse = 【{ -witch_killer }】转移到了你手中，你受到了【魔女化】影响。
moved-use = 你使用了【{ $card }】。
moved-seize = 你击杀了【{ -witch_killer }】持有者，强制获得了【{ -witch_killer }】。
moved-loot = 你从{ $target }的尸体上取走了【{ $card }】。
moved-found = 你作为尸体第一发现者，从{ $target }的尸体上随机取得了【{ $card }】。
witch-cursed = 你持有【{ -witch_killer }】，已受【魔女化】影响：连续两夜未成功击杀将残骸化死亡。
witch-become = 你成功击杀了目标，受到了【魔女化】影响。
probe-result =
    { PLURAL($count) ->
        [1] 探知结果：{ $target }只有一张手牌，是【{ $card }】。
       *[other] 探知结果：{ $target }持有{ $count }张手牌，其中一张是【{ $card }】。
    }
probe-empty = 探知结果：{ $target }没有手牌。
check-yes = 检定结果：{ $target }死于【{ -witch_killer }】。
check-no = 检定结果：{ $target }并非死于【{ -witch_killer }】。
barrier-success = 成功防御：你的结界挡住了攻击。
attack-unfit = 今晚不宜行动。
loot-look = { $target }的尸体上的手牌：{ $cards }
loot-empty = { $target }的尸体上没有手牌。
loot-unclaimed = 未被取走的遗落手牌公开并置入弃牌堆：{ $cards }
trade-offered = { $seat }提出用【{ $card }】与你交易。
trade-done = 交易成立：{ $seat }的【{ $card }】与{ $target }的【{ $got_card }】互换。
trade-refused = { $seat }向{ $target }提出的交易（【{ $card }】）未成立。
defaulted-refuse = 你未回应交易，视为拒绝交易。
defaulted-refuse-seat = { $seat }未回应交易，视为拒绝交易。
trade-done-given = 交易成立：你把【{ $card }】交给了{ $target }，换得【{ $got_card }】。
trade-done-taken = 交易成立：你把【{ $got_card }】交给了{ $seat }，换得【{ $card }】。
trade-refused-given = 你向{ $target }提出的交易（【{ $card }】）未成立。
trade-refused-taken = { $seat }向你提出的交易（【{ $card }】）未成立。
told-hand-deal = { $told }的手牌：{ $cards }
told-hand-death = { $told }已死亡，手牌留在了尸体上。
told-hand-curse = 【{ -witch_killer }】转移到了{ $told }手中，{ $told }受到了【魔女化】影响。
told-moved-use = { $told }使用了【{ $card }】。
told-moved-seize = { $told }击杀了【{ -witch_killer }】持有者，强制获得了【{ -witch_killer }】。
told-moved-loot = { $told }从{ $target }的尸体上取走了【{ $card }】。
told-moved-found = { $told }作为尸体第一发现者，从{ $target }的尸体上随机取得了【{ $card }】。
told-witch-cursed = { $told }持有【{ -witch_killer }】，已受【魔女化】影响：连续两夜未成功击杀将残骸化死亡。
told-witch-become = { $told }成功击杀了目标，受到了【魔女化】影响。
told-probe-result = { $told }的探知结果：{ $target }持有{ $count }张手牌，其中一张是【{ $card }】。
told-probe-empty = { $told }的探知结果：{ $target }没有手牌。
told-check-yes = { $told }的检定结果：{ $target }死于【{ -witch_killer }】。
told-check-no = { $told }的检定结果：{ $target }并非死于【{ -witch_killer }】。
told-barrier-success = 成功防御：{ $told }的结界挡住了攻击。
told-attack-unfit = 今晚不宜行动：{ $told }的攻击没有进行，卡牌保留在手中。
told-loot-look = { $told }查看了{ $target }的尸体上的手牌：{ $cards }
told-loot-empty = { $told }查看了{ $target }的尸体，上面没有手牌。
told-trade-offered = { $seat }提出用【{ $card }】与{ $told }交易。
told-trade-done = 交易成立：{ $seat }的【{ $card }】与{ $target }的【{ $got_card }】互换。
told-trade-refused = { $seat }向{ $target }提出的交易（【{ $card }】）未成立。
attack-made = { $seat }使用【{ $card }】攻击{ $target }（今晚第{ $slot }次攻击）。
killed = { $seat }被{ $by }的【{ $card }】杀死。
wrecked = { $seat }连续两夜未成功击杀，残骸化死亡。
attack-blocked = { $target }的【{ -barrier }】挡住了{ $seat }的攻击。
attack-late = { $target }已经死亡：{ $seat }的攻击卡已消耗，{ $seat }可以从尸体上取走手牌。
attack-missed = { $seat }的【{ -kill_magic }】没有命中{ $target }，因为{ $target }自己的【{ -witch_killer }】攻击已经成功。
attack-voided = { $seat }在攻击{ $target }之前已死亡：什么也没有发生，卡牌保留在手中。
became-witch = { $seat }成功击杀了目标，受到了【魔女化】影响。
witch-timer =
    { PLURAL($count) ->
        [0] 受【魔女化】影响的{ $seat }今晚成功击杀，未击杀的夜数清零。
       *[other] 受【魔女化】影响的{ $seat }已连续{ $count }夜未成功击杀。
    }
witch_killer-passed = 残骸化死亡的{ $seat }的【{ -witch_killer }】转移给了{ $target }，{ $target }受到了【魔女化】影响。
offer-held = { $seat }向{ $target }提出的【{ $card }】交易被搁置：{ $target }无法接受，白天结束时视为未成立。
loot-queued = 从{ $target }的尸体上取走手牌的顺序：{ $seats }
leftovers-discarded = 留在{ $target }的尸体上并被弃置的卡牌：{ $cards }
cause-kill_magic = 【{ -kill_magic }】
cause-witch_killer = 【{ -witch_killer }】
cause-wreck = 残骸化
imprison-done = { $seat }被监禁，今晚无法使用任何手牌。
imprison-tie = 出现同票，今晚不执行监禁。
imprison-invalid = 投票人数未超过存活玩家半数，投票无效，今晚不执行监禁。
role-witch_killer = { -witch_killer }
role-barrier = { -barrier }
role-kill_magic = { -kill_magic }
role-probe = { -probe }
role-check = { -check }
action-witch_killer = { -witch_killer }
action-barrier = { -barrier }
action-kill_magic = { -kill_magic }
action-probe = { -probe }
action-check = { -check }
ruleset-witch_trial = 魔女审判
option-deal_in_order = 按顺序发牌
option-deal_in_order-help = 按给定顺序每人发4张牌（用于演示的固定发牌；牌池公开）。
option-days = 天数
option-days-help = 游戏的天数。
option-morning_seconds = 晨间时间
option-morning_seconds-help = 晨间讨论的时间。
option-noon_seconds = 午间时间
option-noon_seconds-help = 讨论与交易提议的时间。
option-vote_seconds-help = 夜间监禁投票的时间。
option-night_seconds = 深夜时间
option-night_seconds-help = 深夜使用卡牌的时间。
option-loot_seconds = 搜刮时间
option-loot_seconds-help = 搜刮遗落手牌的时间（固定），单位为秒。
phase_name-dawn = { -dawn }
phase_name-morning = { -morning_phase }
phase_name-noon = { -noon_phase }
phase_name-evening = { -evening }
phase_name-night = { -night_phase }
result-early_end = 提前结束（幸存者不多于一人）
result-days_over = 天数已尽

## Role cards: what each card does and when, and the states a player can be in: every player is a prisoner who wins by being alive at the end, and may become a witch (GET /rulesets/{id}, the play page)
-prisoner = 囚犯
-witch = 魔女化

state-prisoner = { -prisoner }
state-witch = { -witch }
state-prisoner-card = 每位玩家都是被困在魔女监牢中的{ -prisoner }，没有阵营之分。开局获得四张手牌（上限四张），在{ -noon }可以交易，在{ -night }可以使用一张卡牌。游戏结束时仍然存活即获胜。
state-witch-card = 持有【{ -witch_killer }】，或用【{ -kill_magic }】成功击杀目标，即受【{ -witch }】影响。连续两夜未成功击杀将残骸化死亡，成功击杀则重新计算。游戏结束时仍然存活即获胜。
role-witch_killer-card = 唯一的诅咒卡牌，不消耗、不可交易：对指定目标发动攻击，优先度最高。持有者受【{ -witch }】影响，在{ -night }只能使用【{ -witch_killer }】或{ -pass }。被探知时显示为【{ -kill_magic }】。
role-barrier-card = 消耗。在{ -night }使用，保护自身当夜免受攻击，成功防御时获得通知。
role-kill_magic-card = 消耗。在{ -night }对另一名存活玩家发动攻击，优先度低于【{ -witch_killer }】，每晚最多三次攻击。成功击杀即受【{ -witch }】影响，并可从尸体上取走一张手牌。
role-probe-card = 消耗。在{ -night }探知另一名存活玩家的手牌总数，并随机获悉其中一张的名称（【{ -witch_killer }】显示为【{ -kill_magic }】）；对方不会知道。
role-check-card = 消耗。在{ -night }查验一名已死亡玩家的死因是否为【{ -witch_killer }】，仅可对已死亡玩家使用。
