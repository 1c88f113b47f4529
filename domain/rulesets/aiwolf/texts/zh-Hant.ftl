### aiwolf：人狼知能（AIWolf NLP）的標準遊戲，依參考伺服器的流程進行（aiwolf-protocol.md）。


## 術語表：協定的用詞，每個只寫一次

-villager = 平民
-seer = 預言家
-werewolf = 狼人
-medium = 靈媒師
-bodyguard = 守衛
-possessed = 狂人
-talk = 發言
-whisper = 密談
-divine = 查驗
-guard = 守護
-attack = 襲擊

ruleset-aiwolf = 人狼知能（標準規則）
ruleset-aiwolf-note = 與參考伺服器相同，各階段在代理程式全部回應後立即結束：代理程式與真人同桌時，夜晚各階段所用的時間可能暴露哪些座位擁有夜間行動的身分。

role-medium = { -medium }
role-bodyguard = { -bodyguard }
role-possessed = { -possessed }

## 階段名（step-turn 與 step-opened 中的 $step）與行動名（$kind）

step-talk = { -talk }
step-whisper = { -whisper }
step-divine = { -divine }
step-guard = { -guard }
step-attack = { -attack }
action-talk = { -talk }

## 發言與密談：協定記錄的每一句話

talk-said = { $seat }：{ $text }
talk-over = { $seat }今天的{ -talk }結束了。
talk-skip = { $seat }跳過了這一輪。
whisper-said = { $seat }（{ -whisper }）：{ $text }
whisper-over = { $seat }的{ -whisper }結束了。
whisper-skip = { $seat }跳過了這一輪{ -whisper }。
whisper-said-self = 你（{ -whisper }）：{ $text }
whisper-over-self = 你的{ -whisper }結束了。
whisper-skip-self = 你跳過了這一輪{ -whisper }。
told-whisper-said = { $seat }（{ -whisper }，告知{ $told }）：{ $text }
told-whisper-over = { $seat }的{ -whisper }結束了（告知{ $told }）。
told-whisper-skip = { $seat }跳過了這一輪{ -whisper }（告知{ $told }）。
# 密談階段中每一輪重新給出的發言機會：不是重來
prompt-reset = 輪到你了：{ $kinds }
told-prompt-reset = 輪到{ $told }：{ $kinds }
defaulted-talk = 你沒有回應，你的{ -talk }被跳過。
defaulted-talk-seat = { $seat }沒有回應，{ -talk }被跳過。
defaulted-whisper = 你沒有回應，你的{ -whisper }被跳過。
defaulted-whisper-seat = { $seat }沒有回應，{ -whisper }被跳過。

## 投票、處決、襲擊與夜晚

vote-list-item = { $seat }→{ $target }
vote-list-item-self = 你→{ $target }
vote-list-item-you = { $seat }→你
vote-list-item-yourself = 你→你自己
vote-list = 投票明細：{ $votes }
vote-list-none = 沒有有效的投票。
attack-list = { -werewolf }的{ -attack }投票：{ $votes }
attack-list-none = 沒有{ -werewolf }指定{ -attack }目標。
told-attack-list = { -werewolf }的{ -attack }投票（告知{ $told }）：{ $votes }
told-attack-list-none = 沒有{ -werewolf }指定{ -attack }目標（告知{ $told }）。
attacked = { -werewolf }{ -attack }了{ $target }。
attacked-guarded = { -werewolf }{ -attack }了{ $target }，但其受到{ -guard }，無人死亡。
attacked-none = 今晚{ -werewolf }沒有{ -attack }任何人。
guarded = { $seat }{ -guard }了{ $target }。
died-attack = { $seats }遭到{ -werewolf }{ -attack }身亡。
failed-end = 失去回應的代理程式已達{ $count }個，遊戲結束，沒有勝者。
max_day-end = 最後一天已結束，遊戲結束，沒有勝者。
medium-result = 靈媒結果：被處決的{ $target }是【{ $label }】。
told-medium-result = { $told }的靈媒結果：被處決的{ $target }是【{ $label }】。

## 結果

result-villagers = 村民陣營獲勝
result-werewolves = { -werewolf }陣營獲勝
result-failed = 因代理程式失去回應而結束
result-max_day = 到達最後一天而結束

## 選項：名稱與說明

option-max_day = 最後一天
option-max_day-help = 這一天結束後遊戲結束，沒有勝者（-1為不限）。
option-vote_visibility = 公開投票
option-vote_visibility-help = 所有人都能看到誰投給了誰；{ -werewolf }能看到彼此的{ -attack }投票。
option-talk_per_agent = { -talk }次數
option-talk_per_agent-help = 一天的{ -talk }中每個代理程式可發言的次數。
option-talk_per_day = { -talk }輪數
option-talk_per_day-help = 一天的{ -talk }最多進行的輪數。
option-talk_base_length = { -talk }長度
option-talk_base_length-help = 每次{ -talk }截斷到這個長度（-1為不限）。
option-talk_mention_length = 提及後的長度
option-talk_mention_length-help = @提及其他代理程式之後還可以繼續的長度（-1為提及不增加長度）。
option-talk_per_talk = 單次{ -talk }上限
option-talk_per_talk-help = 包括提及在內，單次{ -talk }最多保留的長度（-1為不限）。
option-talk_per_agent_length = 每個代理程式的{ -talk }總長度
option-talk_per_agent_length-help = 一天的{ -talk }中每個代理程式可用的總長度，超出單次長度的部分從中扣除（-1為無）。
option-talk_count_in_word = { -talk }按詞計數
option-talk_count_in_word-help = 長度按詞數而非字數計算。
option-talk_count_spaces = { -talk }計入空格
option-talk_count_spaces-help = 長度也計入空格。
option-talk_max_skip = 連續跳過次數（{ -talk }）
option-talk_max_skip-help = 可以連續跳過的次數；超過後的跳過視為結束發言（Over）。
option-whisper_per_agent = { -whisper }次數
option-whisper_per_agent-help = 一次{ -whisper }中每個{ -werewolf }可發言的次數（0為無{ -whisper }）。
option-whisper_per_day = { -whisper }輪數
option-whisper_per_day-help = 一次{ -whisper }最多進行的輪數（0為無{ -whisper }）。
option-whisper_base_length = { -whisper }長度
option-whisper_base_length-help = 每次{ -whisper }截斷到這個長度（-1為不限）。
option-whisper_mention_length = { -whisper }提及後的長度
option-whisper_mention_length-help = { -whisper }中@提及之後還可以繼續的長度（-1為提及不增加長度）。
option-whisper_per_talk = 單次{ -whisper }上限
option-whisper_per_talk-help = 包括提及在內，單次{ -whisper }最多保留的長度（-1為不限）。
option-whisper_per_agent_length = 每個{ -werewolf }的{ -whisper }總長度
option-whisper_per_agent_length-help = 一次{ -whisper }中每個{ -werewolf }可用的總長度，超出單次長度的部分從中扣除（-1為無）。
option-whisper_count_in_word = { -whisper }按詞計數
option-whisper_count_in_word-help = { -whisper }長度按詞數而非字數計算。
option-whisper_count_spaces = { -whisper }計入空格
option-whisper_count_spaces-help = { -whisper }長度也計入空格。
option-whisper_max_skip = 連續跳過次數（{ -whisper }）
option-whisper_max_skip-help = { -whisper }中可以連續跳過的次數；超過後的跳過視為結束發言（Over）。
option-vote_max_count = 投票次數
option-vote_max_count-help = 一天的投票最多進行的次數：平票時只要還有次數就重新投票，最後在平票者中隨機處決一人。
option-vote_allow_self = 允許投自己
option-vote_allow_self-help = 代理程式可以投票給自己。
option-attack_max_count = { -attack }投票次數
option-attack_max_count-help = { -werewolf }的{ -attack }投票最多進行的次數。
option-attack_allow_self = { -werewolf }可指定自己
option-attack_allow_self-help = { -werewolf }在{ -attack }投票中可以指定自己（投給{ -werewolf }的票不計）。
option-attack_allow_no_target = 平票則不{ -attack }
option-attack_allow_no_target-help = 最後一次{ -attack }投票平票時不{ -attack }任何人，而不是在平票者中隨機選擇。
option-action_timeout = 應答時間
option-action_timeout-help = 代理程式回應每個請求的時間。
option-acceptable_timeout = 寬限時間
option-acceptable_timeout-help = 應答時間之後額外允許的時間。
option-response_timeout = 存活確認時間
option-response_timeout-help = 未回應請求的代理程式回應連線確認的時間。
option-max_continue_error_ratio = 異常結束比例
option-max_continue_error_ratio-help = 失去回應的代理程式達到這一比例（至少一個）時，遊戲結束，沒有勝者。

## 身分卡：身分的能力、陣營與勝利條件（GET /rulesets/{id}、遊戲頁面）

role-villager-card = 屬於村民陣營，沒有特殊能力。透過{ -talk }和投票找出{ -werewolf }。存活的{ -werewolf }全部出局即獲勝。
role-seer-card = 屬於村民陣營。包括第0天在內的每晚{ -divine }一名存活玩家，得知其是{ -werewolf }還是人類（{ -possessed }顯示為人類）。存活的{ -werewolf }全部出局即獲勝。
role-medium-card = 屬於村民陣營。每晚得知當天被處決者是{ -werewolf }還是人類。存活的{ -werewolf }全部出局即獲勝。
role-bodyguard-card = 屬於村民陣營。從第1天夜晚起，每晚{ -guard }一名自己以外的存活玩家免受{ -werewolf }{ -attack }，可以連續{ -guard }同一人。存活的{ -werewolf }全部出局即獲勝。
role-werewolf-card = 屬於{ -werewolf }陣營。你知道同伴{ -werewolf }是誰，與同伴{ -whisper }，從第1天夜晚起每晚投票決定{ -attack }目標。存活的{ -werewolf }不少於存活的人類時獲勝。
role-possessed-card = 屬於{ -werewolf }陣營。沒有能力，也不知道誰是{ -werewolf }；{ -seer }和{ -medium }看你是人類，你也計為人類。{ -werewolf }陣營獲勝時你也獲勝。
