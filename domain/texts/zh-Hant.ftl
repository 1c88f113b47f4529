### Texts every game shares: the moderator's announcements, decisions, refusals, option names and the words of the werewolf village.


## The glossary: the werewolf village's words, each written once.

-villager = 平民
-seer = 預言家
-werewolf = 狼人
-madman = 狂人
-fox = 妖狐

## The roles every village shares, by their usual names (a ruleset's catalog has its own words for the roles its document names otherwise, as ultimate13's 霊媒師), and their sides

role-villager = { -villager }
role-seer = { -seer }
role-werewolf = { -werewolf }
role-madman = { -madman }
role-fox = { -fox }
team-village = 村民陣營
team-wolves = { -werewolf }陣營
team-fox = { -fox }陣營

## The moderator's announcements

game-created = 已建立「{ $ruleset }」遊戲，共{ $count }人。
game-joined = { $name }加入了遊戲。
game-left = { $number }號座位的玩家離開了遊戲，之後的座位依序往前移一位。
game-started = 遊戲開始。
game-won = 遊戲結束，{ $teams }獲勝。勝者：{ $winners }
game-ended = 遊戲結束。勝者：{ $winners }
game-ended-none = 遊戲結束，沒有勝者。
step-turn = { $step }：輪到{ $seat }。
step-opened = { $step }開始。
speaking-order = 今天的發言順序：{ $seats }（{ $count }輪）
prompt = 輪到你了：{ $kinds }
prompt-reset = 又輪到你了：{ $kinds }
timeout = 時間到。
timeout-forced = 房主提前結束了計時。
defaulted-vote = 你未投票，視為棄票。
defaulted-vote-seat = { $seat }未投票，視為棄票。
defaulted-speak = 你沒有發言，已跳過。
defaulted-speak-seat = { $seat }未發言，跳過。
defaulted-last_words = 你沒有留下遺言。
defaulted-last_words-seat = { $seat }沒有留下遺言。
defaulted-attack = 你未選擇襲擊目標，已隨機為你選定。
defaulted-attack-seat = { $seat }未選擇襲擊目標，已隨機選定。
tally-item = { $seat } { $count }票
unit-minutes = { $count }分鐘
unit-seconds = { $count }秒
unit-minutes-seconds = { $count }分{ $seconds }秒
game-aborted = 遊戲已中止。
seat-released = 房主釋出了{ $seat }的座位：該玩家可以從加入連結取回。
seat-claimed = { $seat }的座位已被取回。
seat-failed = { $seat }的代理程式已失去回應：該座位此後不再參與遊戲。
role-dealt = 你的身分是【{ $role }】。
role-changed = 你的身分變為【{ $role }】。
phase-day = 第{ $day }天，天亮了。
phase-night = 第{ $day }夜，天黑請閉眼。
morning-none = 昨晚是平安夜，沒有人死亡。
morning-dead = 昨晚死亡的是{ $seats }。
executed = 投票結果：{ $seat }被處決。
vote-none = 今天無人被處決。
vote-runoff = 平票，將在{ $seats }之間進行決選投票。
vote-tally = 投票結果：{ $tally }
vote-tally-none = 無人投票。
vote-ballots = 投票結果：{ $ballots }
vote-ballots-item = { $seat } { $count }票（來自{ $seats }）
# Between the seats voted for (each with its voters, themselves a list)
vote-ballots-separator = ；
vote-ballots-abstained = 投票結果：{ $ballots }。棄票：{ $seats }
vote-abstained-all = 無人得票。棄票：{ $seats }
said = { $seat }：{ $text }
act-vote = { $seat }投票給{ $target }。
act-vote-said = { $seat }投票給{ $target }：「{ $text }」
act-abstain = { $seat }棄票。
act-abstain-said = { $seat }棄票：「{ $text }」
wolves-partners = 你的{ -werewolf }同伴是{ $seats }。
wolves-alone = 你是唯一的{ -werewolf }。
whisper-closed = 今晚的密談已達上限，到此結束。
seer-first = 首日查驗結果：{ $target }是【{ $label }】。
# 狼人選擇的襲擊目標與結束密談，同伴讀到的文字（`-self`：發出者本人）
pack-act-attack = { $seat }選擇襲擊{ $target }。
pack-act-attack-self = 你選擇襲擊{ $target }。
pack-act-attack-you = { $seat }選擇襲擊你。
pack-act-done = { $seat }結束了今晚的密談。
pack-act-done-self = 你結束了今晚的密談。
seer-result = 查驗結果：{ $target }是【{ $label }】。
medium-result = 通靈結果：被處決的{ $target }是【{ $label }】。
deadline-extended = 期限已延長。
seat-number = 你的座位是{ $number }號。
reminder = 你還沒有行動。
deadline-reminder = 你還沒有行動（{ $kinds }），還剩{ $left }。
# 告知各座位的內容，以主持人的視角（`$told` 為被告知的座位）
told-prompt = 輪到{ $told }：{ $kinds }
told-prompt-reset = 再次輪到{ $told }：{ $kinds }
told-role-dealt = { $told }的身分是【{ $role }】。
told-role-changed = { $told }的身分變為【{ $role }】。
told-reminder = { $told }還沒有行動。
told-seat-number = { $told }的座位是{ $number }號。
told-deadline-reminder = { $told }還沒有行動（{ $kinds }），還剩{ $left }。
told-wolves-partners = { -werewolf }互相確認了同伴：{ $seats }。
told-wolves-alone = { $told }是唯一的{ -werewolf }。
told-whisper-closed = 今晚的密談已達上限，到此結束（{ $told }）。
told-seer-first = { $told }的首日查驗結果：{ $target }是【{ $label }】。
told-seer-result = { $told }的查驗結果：{ $target }是【{ $label }】。
told-medium-result = { $told }的通靈結果：被處決的{ $target }是【{ $label }】。
told-dead-roles = 已死亡的{ $told }現在可以看到所有人的身分。
told-act = { $seat }的選擇：{ $kind }
told-act-targets = { $seat }的選擇：{ $kind }（{ $seats }）
told-act-choice = { $seat }的選擇：{ $kind }（{ $choice }）
told-act-targets-choice = { $seat }的選擇：{ $kind }（{ $seats }，{ $choice }）
told-act-option = { $seat }的選擇：{ $choice }
told-act-none = { $seat }的選擇：{ $kind }（未選擇對象）
act-speak = { $seat }跳過了發言。
act-last_words = { $seat }沒有留下遺言。
act-ready = { $seat }已準備完畢。
dead-roles = 你已死亡，現在可以看到所有人的身分：{ $assignments }
seat-role = { $seat }【{ $role }】
death-cause = { $seat }的死因：{ $cause }
cause-attack = 被{ -werewolf }襲擊
cause-execution = 被投票處決
cause-curse = 被{ -seer }查驗咒殺
night-attack = 今晚{ -werewolf }襲擊了{ $target }。
night-attack-none = 今晚{ -werewolf }沒有襲擊任何人。
night-guard = { $seat }守護了{ $target }。
night-divined = { $seat }查驗了{ $target }。

## Step names, as `$step` in step-turn and step-opened

step-speech = 發言
step-last_words = 遺言
step-vote = 投票
step-runoff = 決選投票
step-discussion = 討論
step-night = 夜晚行動

## Decisions, as `$kind` and `$kinds`

action-attack = 襲擊
action-divine = 查驗
action-guard = 守護
action-last_words = 遺言
action-sleep = 閉眼
action-speak = 發言
action-vote = 投票
action-whisper = 密談
action-done = 結束密談
action-ready = 準備完畢
action-shoot = 開槍
action-pass = 跳過
action-skip = 跳過

## What a seer or a medium learns, as `$label`

label-human = 人類
label-werewolf = { -werewolf }

## Phases and results as the table names them

phase_name-day = 白天
phase_name-night = 夜晚
result-aborted = 已中止
result-village = 村民陣營獲勝
result-wolves = { -werewolf }陣營獲勝
result-fox = { -fox }陣營獲勝

## Refusals, by code

error-game_not_running = 遊戲不在進行中。
error-game_not_in_lobby = 遊戲已經開始。
error-game_exists = 該遊戲已存在。
error-seats_open = 仍有空位，無法開始。
error-no_open_seat = 沒有空位。
error-name_taken = 該名字已被使用。
error-bad_name = 名字無效。
error-unknown_ruleset = 未知的規則集。
error-unknown_preset = 沒有這個配置方案。
error-bad_roles = 身分配置無效。
error-bad_roles-no_roles = 身分配置無效：沒有指定任何身分。
error-bad_roles-count = 身分配置無效：{ $players }名玩家，卻指定了{ $dealt }個身分。
error-bad_roles-unknown = 身分配置無效：沒有「{ $ids }」這個身分。
error-bad_roles-wolves = 身分配置無效：狼人至少一名，且必須少於其餘玩家。
error-bad_roles-preset_and_roles = 身分配置無效：配置方案和身分列表只能擇一指定。
error-bad_seats = 人數無效。
error-bad_option = 選項「{ $option }」不能取這個值。
error-bad_option-unknown = 沒有「{ $option }」這個選項。
error-bad_lang = 不支援的語言。
error-unknown_seat = 沒有該座位。
error-unknown_action = 未知的行動。
error-actor_dead = 死亡玩家無法行動。
error-not_your_turn = 還沒輪到你。
error-wrong_phase = 現在不能進行該行動。
error-target_required = 請指定目標。
error-target_not_allowed = 該行動不需要目標。
error-target_dead = 目標已經死亡。
error-target_alive = 目標仍然存活。
error-self_target = 不能以自己為目標。
error-target_illegal = 不能選擇該目標。
error-target_is_wolf = 不能選擇{ -werewolf }作為目標。
error-consecutive_guard = 不能連續兩晚守護同一人。
error-not_a_candidate = 該玩家不在決選名單中。
error-text_required = 請填寫內容。
error-text_not_allowed = 該行動不接受文字。
error-speech_too_long = 發言過長（最多{ $max }字）。
error-bad_option_value = 選項無效。
error-bad_targets = 目標數量無效。
error-whisper_cap_reached = 今晚的密談已達上限。
error-stale_deadline = 該期限已失效。
error-deadline_not_reached = 尚未到期。

## Options: each option's name and help, and the names of a choice's values

# the help of a duration in seconds
option-duration-help = { $help }單位為秒，設為0表示不限時。
option-time_scale = 時間倍率
option-time_scale-help = 所有時限乘以此倍率。
option-retries = 超時提醒次數
option-retries-help = 玩家到期限仍未行動時，提醒並延長時間的次數（每次延長該環節時長的四分之一，至少10秒）。次數用完後按預設處理：棄票、跳過發言、不行動。設為0則第一次到期就按預設處理。
option-dead_see_all = 死者可見全部身分
option-dead_see_all-help = 死亡的玩家可以看到所有人的身分。
option-speech_seconds = 發言時間
option-speech_seconds-help = 每次發言的時間。
option-vote_seconds = 投票時間
option-vote_seconds-help = 每次投票的時間。
option-last_words_seconds = 遺言時間
option-last_words_seconds-help = 遺言的時間。
option-night0_seconds = 第0夜時間
option-night0_seconds-help = 第0夜的時間。
option-night_seconds = 夜晚時間
option-night_seconds-help = 每個夜晚的時間。
option-speech_max_chars = 發言最大字數
option-speech_max_chars-help = 每次發言的最大字數。
option-discussion_seconds = 討論時間
option-discussion_seconds-help = 白天自由討論的時間。
option-early_close = 提前結束身分階段
option-early_close-help = 存活的行動者都做出選擇後，立即結束該身分的階段（結束的時間點可能暴露身分）。
option-night_step_seconds = 夜晚各階段時間
option-night_step_seconds-help = 夜晚每個身分階段的時間。
option-shot_seconds = 開槍時間
option-shot_seconds-help = 開槍階段的時間。
option-consecutive_guard = 連續守護
option-consecutive_guard-help = 可以連續兩晚守護同一人。
option-seed = 亂數種子

## The service's problems, by code

error-bad_request = 請求格式不正確。
error-field-unknown = 沒有這個欄位。
error-field-missing = 此欄位為必填。
error-field-type = 值的型別不正確。
error-field-range = 值超出範圍。
error-field-invalid = 值無效。
error-field-json = 請求本文不是有效的 JSON。
error-field-utf8 = 請求本文不是有效的 UTF-8。
error-field-depth = 請求本文巢狀過深。
error-not_found = 找不到所要求的資源。
error-method_not_allowed = 不允許此方法。
error-game_not_found = 沒有這個遊戲。
error-ruleset_not_found = 沒有這個規則集。
error-token_required = 需要權杖。
error-bad_token = 權杖對此遊戲無效。
error-host_only = 只有房主可以這樣做。
error-moderator_only = 遊戲結束前只有主持人可以查看。
error-not_a_seat = 只有座位權杖可以行動。
error-not_your_seat = 不能替其他座位行動。
error-seat_not_claimable = 沒有可以認領的座位：轉移碼已被使用或已過期，或者房主沒有釋出這個座位。
error-game_not_ended = 遊戲尚未結束。
error-unsupported_ruleset_version = 此遊戲以「{ $ruleset }」第{ $stored_ruleset_version }版（引擎第{ $stored_engine_version }版）記錄，而本服務執行的是第{ $ruleset_version }版（引擎第{ $engine_version }版），無法驗證或重播。
error-log_damaged = 此遊戲儲存的日誌已損壞（第{ $version }個事件缺失或無法讀取）。稽核驗證會列出詳情。
error-log_directory_mismatch = 遊戲目錄顯示此遊戲已結束，但儲存的日誌在第{ $version }個事件處中斷且沒有結束：日誌末尾缺失。
error-bad_replay_point = 沒有這個時間點。
error-idempotency_key_reused = 此冪等鍵已用於不同的請求。
error-busy = 伺服器忙碌中，請稍後再試。
error-body_too_large = 請求內容過大。
error-request_timeout = 請求內容未在時限內送達。
error-creation_token_required = 建立遊戲需要建立權杖。
error-bad_creation_token = 建立權杖無效。
error-rate_limited = 請求過多。
error-internal = 伺服器錯誤。
error-database_unavailable = 資料庫無回應，請稍後重試。
error-storage_read_only = 資料庫的儲存空間目前為唯讀，請稍後重試。
error-storage_full = 資料庫的儲存空間已滿，未儲存任何內容。
error-unavailable = 無法連線到資料庫。

## The titles of the service's problems, by HTTP status

title-400 = 錯誤的請求
title-401 = 未授權
title-403 = 禁止存取
title-404 = 找不到
title-405 = 不允許的方法
title-408 = 請求逾時
title-409 = 衝突
title-413 = 內容過大
title-422 = 無法處理的內容
title-429 = 請求過多
title-500 = 伺服器內部錯誤
title-503 = 服務無法使用
title-507 = 儲存空間不足
title-other = 錯誤


## The command line's demo

demo-reveal = 身分公布：
demo-alive = 存活
demo-dead = 死亡
demo-winners = 勝者：{ $winners }
demo-no_winners = 無勝者
demo-actions = 行動數：{ $count }
demo-audit_ok = 稽核：已驗證
demo-audit_failed = 稽核：失敗 { $problems }

## How names read in a sentence

# after a seat's name, on every line
seat-honorific = { "" }
# a list joined by a word alone (jinro9's morning)
list-and = 和
# between two sentences on one line
sentence-gap = { "" }

## The landing page (`/`): the service in a line and its links

landing-intro = 狼人殺、人狼、魔女審判等身分隱藏遊戲的主持服務。
landing-docs = 互動式 API 文件
landing-lobby = 大廳：遊戲與空位
landing-openapi = OpenAPI 文件
landing-health = 服務狀態
# each language's name in itself, the same in every catalog
language-en = English
language-ja = 日本語
language-zh_Hans = 简体中文
language-zh_Hant = 繁體中文

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)

role-villager-card = 屬於村民陣營，沒有特殊能力。透過討論和投票找出{ -werewolf }，處決全部{ -werewolf }即獲勝。
role-seer-card = 屬於村民陣營。從第1天夜晚起，每晚查驗一名玩家，得知其是否為{ -werewolf }。遊戲開始時還會得知隨機一名玩家是人類（首日查驗）。處決全部{ -werewolf }即獲勝。
role-werewolf-card = 屬於{ -werewolf }陣營。你知道同伴{ -werewolf }是誰；從第1天夜晚起，每晚與同伴商量襲擊一名玩家（必須襲擊）。存活的{ -werewolf }數不少於村民陣營的存活人數時獲勝。
role-madman-card = 屬於{ -werewolf }陣營。沒有能力，也不知道誰是{ -werewolf }，被{ -seer }查驗時顯示為人類。{ -werewolf }陣營獲勝時你也獲勝。
role-fox-card = 屬於{ -fox }陣營。被{ -werewolf }襲擊不會死，但被{ -seer }查驗後會在次日早晨死亡（咒殺），被處決也會死亡。遊戲結束時只要還活著，無論哪個陣營獲勝，都是{ -fox }獲勝。
