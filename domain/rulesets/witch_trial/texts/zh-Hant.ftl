### witch_trial (witch_trial.md).


## The glossary: the document's words, each written once.

-witch_killer = 魔女殺手
-barrier = 結界魔法
-kill_magic = 殺人魔法
-probe = 探知魔法
-check = 檢定魔法
-accept = 接受交易
-refuse = 拒絕交易
-offer = 發起交易
-take = 拿取卡牌
-pass = 放棄
-morning = 晨間階段
-noon = 午間階段
-vote = 夜間階段的監禁投票
-night = 深夜階段
-loot = 搜刮遺落手牌
-dawn = 屍體發現公告
-morning_phase = 晨間
-noon_phase = 午間
-evening = 夜間
-night_phase = 深夜

## Messages

error-bad_pool = 牌池無效。
error-bad_pool-no_pool = 牌池無效：{ $players }名玩家需要指定{ $needed }張牌的牌池，其中有一張【{ -witch_killer }】。
error-bad_pool-unknown = 牌池無效：沒有「{ $ids }」這種卡牌。
error-bad_pool-count = 牌池無效：{ $players }名玩家正好需要{ $needed }張牌，卻指定了{ $dealt }張。
error-bad_pool-witch_killer = 牌池無效：【{ -witch_killer }】必須正好一張。
error-trade_used = 你今天的交易機會已經用過了。
error-offer_pending = 你還有一筆尚未了結的交易。
error-witch_killer_only = 你持有【{ -witch_killer }】，只能使用【{ -witch_killer }】或放棄行動。
error-already_answered = 你已經做出了選擇。
card-witch_killer = { -witch_killer }
card-barrier = { -barrier }
card-kill_magic = { -kill_magic }
card-probe = { -probe }
card-check = { -check }
# 深夜 is not 狼人杀's night: no 「天黑请闭眼」, and in Japanese not the 夜間 of the vote before it
phase-night = 第{ $day }天，深夜階段，可以選擇使用一張卡牌。
action-accept = { -accept }
action-refuse = { -refuse }
action-offer = { -offer }
action-take = { -take }
action-pass = { -pass }
# 3.2 尸体发现公告: no 狼人杀 「平安夜」
morning-none = 沒有發現屍體。
morning-dead = 發現了{ $seats }的屍體。
# 1.3: whoever is alive at the end wins
game-ended = 遊戲結束，存活的{ $winners }獲勝。
game-ended-none = 遊戲結束，無人存活。
step-morning = { -morning }
step-noon = { -noon }
step-vote = { -vote }
step-night = { -night }
step-loot = { -loot }
phase-dawn = 第{ $day }天，屍體發現公告。
phase-morning = 第{ $day }天，晨間階段。
phase-noon = 第{ $day }天，午間階段，可以進行交易。
phase-evening = 第{ $day }天，夜間階段，進行監禁投票。
hand-deal = 你的手牌：{ $cards }
hand-death = 你已死亡，手牌留在了屍體上。
hand-curse = 【{ -witch_killer }】轉移到了你手中，你受到了【魔女化】影響。
moved-use = 你使用了【{ $card }】。
moved-seize = 你擊殺了【{ -witch_killer }】持有者，強制獲得了【{ -witch_killer }】。
moved-loot = 你從{ $target }的屍體上取走了【{ $card }】。
moved-found = 你作為屍體第一發現者，從{ $target }的屍體上隨機取得了【{ $card }】。
witch-cursed = 你持有【{ -witch_killer }】，已受【魔女化】影響：連續兩夜未成功擊殺將殘骸化死亡。
witch-become = 你成功擊殺了目標，受到了【魔女化】影響。
probe-result =
    { PLURAL($count) ->
        [1] 探知結果：{ $target }只有一張手牌，是【{ $card }】。
       *[other] 探知結果：{ $target }持有{ $count }張手牌，其中一張是【{ $card }】。
    }
probe-empty = 探知結果：{ $target }沒有手牌。
check-yes = 檢定結果：{ $target }死於【{ -witch_killer }】。
check-no = 檢定結果：{ $target }並非死於【{ -witch_killer }】。
barrier-success = 成功防禦：你的結界擋住了攻擊。
attack-unfit = 今晚不宜行動：你的攻擊沒有進行，卡牌保留在手中。
loot-look = { $target }的屍體上的手牌：{ $cards }
loot-empty = { $target }的屍體上沒有手牌。
loot-unclaimed = 未被取走的遺落手牌公開並置入棄牌堆：{ $cards }
trade-offered = { $seat }提出用【{ $card }】與你交易。
trade-done = 交易成立：{ $seat }的【{ $card }】與{ $target }的【{ $got_card }】互換。
trade-refused = { $seat }向{ $target }提出的交易（【{ $card }】）未成立。
defaulted-refuse = 你未回應交易，視為拒絕交易。
defaulted-refuse-seat = { $seat }未回應交易，視為拒絕交易。
trade-done-given = 交易成立：你把【{ $card }】交給了{ $target }，換得【{ $got_card }】。
trade-done-taken = 交易成立：你把【{ $got_card }】交給了{ $seat }，換得【{ $card }】。
trade-refused-given = 你向{ $target }提出的交易（【{ $card }】）未成立。
trade-refused-taken = { $seat }向你提出的交易（【{ $card }】）未成立。
told-hand-deal = { $told }的手牌：{ $cards }
told-hand-death = { $told }已死亡，手牌留在了屍體上。
told-hand-curse = 【{ -witch_killer }】轉移到了{ $told }手中，{ $told }受到了【魔女化】影響。
told-moved-use = { $told }使用了【{ $card }】。
told-moved-seize = { $told }擊殺了【{ -witch_killer }】持有者，強制獲得了【{ -witch_killer }】。
told-moved-loot = { $told }從{ $target }的屍體上取走了【{ $card }】。
told-moved-found = { $told }作為屍體第一發現者，從{ $target }的屍體上隨機取得了【{ $card }】。
told-witch-cursed = { $told }持有【{ -witch_killer }】，已受【魔女化】影響：連續兩夜未成功擊殺將殘骸化死亡。
told-witch-become = { $told }成功擊殺了目標，受到了【魔女化】影響。
told-probe-result = { $told }的探知結果：{ $target }持有{ $count }張手牌，其中一張是【{ $card }】。
told-probe-empty = { $told }的探知結果：{ $target }沒有手牌。
told-check-yes = { $told }的檢定結果：{ $target }死於【{ -witch_killer }】。
told-check-no = { $told }的檢定結果：{ $target }並非死於【{ -witch_killer }】。
told-barrier-success = 成功防禦：{ $told }的結界擋住了攻擊。
told-attack-unfit = 今晚不宜行動：{ $told }的攻擊沒有進行，卡牌保留在手中。
told-loot-look = { $told }查看了{ $target }的屍體上的手牌：{ $cards }
told-loot-empty = { $told }查看了{ $target }的屍體，上面沒有手牌。
told-trade-offered = { $seat }提出用【{ $card }】與{ $told }交易。
told-trade-done = 交易成立：{ $seat }的【{ $card }】與{ $target }的【{ $got_card }】互換。
told-trade-refused = { $seat }向{ $target }提出的交易（【{ $card }】）未成立。
attack-made = { $seat }使用【{ $card }】攻擊{ $target }（今晚第{ $slot }次攻擊）。
killed = { $seat }被{ $by }的【{ $card }】殺死。
wrecked = { $seat }連續兩夜未成功擊殺，殘骸化死亡。
attack-blocked = { $target }的【{ -barrier }】擋住了{ $seat }的攻擊。
attack-late = { $target }已經死亡：{ $seat }的攻擊卡已消耗，由{ $seat }從屍體上拿取卡牌。
attack-missed = { $seat }的【{ -kill_magic }】沒有命中{ $target }，因為{ $target }自己的【{ -witch_killer }】攻擊已經成功。
attack-voided = { $seat }在攻擊{ $target }之前已死亡：什麼也沒有發生，卡牌保留在手中。
became-witch = { $seat }成功擊殺了目標，受到了【魔女化】影響。
witch-timer = 受【魔女化】影響的{ $seat }已連續{ $count }夜未成功擊殺。
witch_killer-passed = 殘骸化死亡的{ $seat }的【{ -witch_killer }】轉移給了{ $target }，{ $target }受到了【魔女化】影響。
offer-held = { $seat }向{ $target }提出的【{ $card }】交易被擱置：{ $target }無法接受，白天結束時視為未成立。
loot-queued = 從{ $target }的屍體上拿取卡牌的順序：{ $seats }
leftovers-discarded = 留在{ $target }的屍體上並被棄置的卡牌：{ $cards }
cause-kill_magic = 【{ -kill_magic }】
cause-witch_killer = 【{ -witch_killer }】
cause-wreck = 殘骸化
imprison-done = { $seat }被監禁，今晚無法使用任何手牌。
imprison-tie = 票數相同，今晚不執行監禁。
imprison-invalid = 投票人數未超過存活玩家半數，投票無效，今晚不執行監禁。
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
ruleset-witch_trial = 魔女審判
option-deal_in_order = 按順序發牌
option-deal_in_order-help = 按給定順序每人發4張牌（用於示範的固定發牌；牌池公開）。
option-days = 天數
option-days-help = 遊戲的天數。
option-morning_seconds = 晨間時間
option-morning_seconds-help = 晨間討論的時間。
option-noon_seconds = 午間時間
option-noon_seconds-help = 討論與交易提議的時間。
option-vote_seconds-help = 夜間監禁投票的時間。
option-night_seconds = 深夜時間
option-night_seconds-help = 深夜使用卡牌的時間。
option-loot_seconds = 搜刮時間
option-loot_seconds-help = 搜刮遺落手牌的時間（固定），單位為秒。
phase_name-dawn = { -dawn }
phase_name-morning = { -morning_phase }
phase_name-noon = { -noon_phase }
phase_name-evening = { -evening }
phase_name-night = { -night_phase }
result-early_end = 提前結束（存活者只剩一人或無人存活）
result-days_over = 天數已盡

## Role cards: what each card does and when, and the states a player can be in: every player is a prisoner who wins by being alive at the end, and may become a witch (GET /rulesets/{id}, the play page)
-prisoner = 囚犯
-witch = 魔女化

state-prisoner = { -prisoner }
state-witch = { -witch }
state-prisoner-card = 每位玩家都是被困在魔女監牢中的{ -prisoner }，沒有陣營之分。開局獲得四張手牌（上限四張），在{ -noon }可以交易，在{ -night }可以使用一張卡牌。遊戲結束時仍然存活即獲勝。
state-witch-card = 持有【{ -witch_killer }】，或用【{ -kill_magic }】成功擊殺目標，即受【{ -witch }】影響。連續兩夜未成功擊殺將殘骸化死亡，成功擊殺則重新計算。遊戲結束時仍然存活即獲勝。
role-witch_killer-card = 唯一的詛咒卡牌，不消耗、不可交易：對指定目標發動攻擊，優先度最高。持有者受【{ -witch }】影響，在{ -night }只能使用【{ -witch_killer }】或{ -pass }。被探知時顯示為【{ -kill_magic }】。
role-barrier-card = 消耗。在{ -night }使用，保護自身當夜免受攻擊，成功防禦時獲得通知。
role-kill_magic-card = 消耗。在{ -night }對另一名存活玩家發動攻擊，優先度低於【{ -witch_killer }】，每晚最多三次攻擊。成功擊殺即受【{ -witch }】影響，並可從屍體上取走一張手牌。
role-probe-card = 消耗。在{ -night }探知另一名存活玩家的手牌總數，並隨機獲悉其中一張的名稱（【{ -witch_killer }】顯示為【{ -kill_magic }】）；對方不會知道。
role-check-card = 消耗。在{ -night }查驗一名已死亡玩家的死因是否為【{ -witch_killer }】，僅可對已死亡玩家使用。
