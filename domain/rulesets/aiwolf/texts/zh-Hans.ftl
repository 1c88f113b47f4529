### aiwolf：人狼知能（AIWolf NLP）的标准游戏，按参考服务器的流程进行（aiwolf-protocol.md）。


## 术语表：协议的用词，每个只写一次

-villager = 平民
-seer = 预言家
-werewolf = 狼人
-medium = 灵媒师
-bodyguard = 守卫
-possessed = 狂人
-talk = 发言
-whisper = 密谈
-divine = 查验
-guard = 守护
-attack = 袭击

ruleset-aiwolf = 人狼知能（标准规则）
ruleset-aiwolf-note = 与参考服务器相同，各阶段在智能体全部回应后立即结束：智能体与真人同桌时，夜晚各阶段所用的时间可能暴露哪些座位拥有夜间行动的身份。

role-medium = { -medium }
role-bodyguard = { -bodyguard }
role-possessed = { -possessed }

## 阶段名（step-turn 与 step-opened 中的 $step）与行动名（$kind）

step-talk = { -talk }
step-whisper = { -whisper }
step-divine = { -divine }
step-guard = { -guard }
step-attack = { -attack }
action-talk = { -talk }

## 发言与密谈：协议记录的每一句话

talk-said = { $seat }：{ $text }
talk-over = { $seat }今天的{ -talk }结束了。
talk-skip = { $seat }跳过了这一轮。
whisper-said = { $seat }（{ -whisper }）：{ $text }
whisper-over = { $seat }的{ -whisper }结束了。
whisper-skip = { $seat }跳过了这一轮{ -whisper }。
whisper-said-self = 你（{ -whisper }）：{ $text }
whisper-over-self = 你的{ -whisper }结束了。
whisper-skip-self = 你跳过了这一轮{ -whisper }。
told-whisper-said = { $seat }（{ -whisper }，告知{ $told }）：{ $text }
told-whisper-over = { $seat }的{ -whisper }结束了（告知{ $told }）。
told-whisper-skip = { $seat }跳过了这一轮{ -whisper }（告知{ $told }）。
# 密谈阶段中每一轮重新给出的发言机会：不是重来
prompt-reset = 轮到你了：{ $kinds }
told-prompt-reset = 轮到{ $told }：{ $kinds }
defaulted-talk = 你没有回应，你的{ -talk }被跳过。
defaulted-talk-seat = { $seat }没有回应，{ -talk }被跳过。
defaulted-whisper = 你没有回应，你的{ -whisper }被跳过。
defaulted-whisper-seat = { $seat }没有回应，{ -whisper }被跳过。

## 投票、处决、袭击与夜晚

vote-list-item = { $seat }→{ $target }
vote-list-item-self = 你→{ $target }
vote-list-item-you = { $seat }→你
vote-list-item-yourself = 你→你自己
vote-list = 投票明细：{ $votes }
vote-list-none = 没有有效的投票。
attack-list = { -werewolf }的{ -attack }投票：{ $votes }
attack-list-none = 没有{ -werewolf }指定{ -attack }目标。
told-attack-list = { -werewolf }的{ -attack }投票（告知{ $told }）：{ $votes }
told-attack-list-none = 没有{ -werewolf }指定{ -attack }目标（告知{ $told }）。
attacked = { -werewolf }{ -attack }了{ $target }。
attacked-guarded = { -werewolf }{ -attack }了{ $target }，但其受到{ -guard }，无人死亡。
attacked-none = 今晚{ -werewolf }没有{ -attack }任何人。
guarded = { $seat }{ -guard }了{ $target }。
died-attack = { $seats }遭到{ -werewolf }{ -attack }身亡。
failed-end = 失去响应的智能体已达{ $count }个，游戏结束，没有胜者。
max_day-end = 最后一天已结束，游戏结束，没有胜者。
medium-result = 灵媒结果：被处决的{ $target }是【{ $label }】。
told-medium-result = { $told }的灵媒结果：被处决的{ $target }是【{ $label }】。

## 结果

result-villagers = 村民阵营获胜
result-werewolves = { -werewolf }阵营获胜
result-failed = 因智能体失去响应而结束
result-max_day = 到达最后一天而结束

## 选项：名称与说明

option-max_day = 最后一天
option-max_day-help = 这一天结束后游戏结束，没有胜者（-1为不限）。
option-vote_visibility = 公开投票
option-vote_visibility-help = 所有人都能看到谁投给了谁；{ -werewolf }能看到彼此的{ -attack }投票。
option-talk_per_agent = { -talk }次数
option-talk_per_agent-help = 一天的{ -talk }中每个智能体可发言的次数。
option-talk_per_day = { -talk }轮数
option-talk_per_day-help = 一天的{ -talk }最多进行的轮数。
option-talk_base_length = { -talk }长度
option-talk_base_length-help = 每次{ -talk }截断到这个长度（-1为不限）。
option-talk_mention_length = 提及后的长度
option-talk_mention_length-help = @提及其他智能体之后还可以继续的长度（-1为提及不增加长度）。
option-talk_per_talk = 单次{ -talk }上限
option-talk_per_talk-help = 包括提及在内，单次{ -talk }最多保留的长度（-1为不限）。
option-talk_per_agent_length = 每个智能体的{ -talk }总长度
option-talk_per_agent_length-help = 一天的{ -talk }中每个智能体可用的总长度，超出单次长度的部分从中扣除（-1为无）。
option-talk_count_in_word = { -talk }按词计数
option-talk_count_in_word-help = 长度按词数而非字数计算。
option-talk_count_spaces = { -talk }计入空格
option-talk_count_spaces-help = 长度也计入空格。
option-talk_max_skip = 连续跳过次数（{ -talk }）
option-talk_max_skip-help = 可以连续跳过的次数；超过后的跳过视为结束发言（Over）。
option-whisper_per_agent = { -whisper }次数
option-whisper_per_agent-help = 一次{ -whisper }中每个{ -werewolf }可发言的次数（0为无{ -whisper }）。
option-whisper_per_day = { -whisper }轮数
option-whisper_per_day-help = 一次{ -whisper }最多进行的轮数（0为无{ -whisper }）。
option-whisper_base_length = { -whisper }长度
option-whisper_base_length-help = 每次{ -whisper }截断到这个长度（-1为不限）。
option-whisper_mention_length = { -whisper }提及后的长度
option-whisper_mention_length-help = { -whisper }中@提及之后还可以继续的长度（-1为提及不增加长度）。
option-whisper_per_talk = 单次{ -whisper }上限
option-whisper_per_talk-help = 包括提及在内，单次{ -whisper }最多保留的长度（-1为不限）。
option-whisper_per_agent_length = 每个{ -werewolf }的{ -whisper }总长度
option-whisper_per_agent_length-help = 一次{ -whisper }中每个{ -werewolf }可用的总长度，超出单次长度的部分从中扣除（-1为无）。
option-whisper_count_in_word = { -whisper }按词计数
option-whisper_count_in_word-help = { -whisper }长度按词数而非字数计算。
option-whisper_count_spaces = { -whisper }计入空格
option-whisper_count_spaces-help = { -whisper }长度也计入空格。
option-whisper_max_skip = 连续跳过次数（{ -whisper }）
option-whisper_max_skip-help = { -whisper }中可以连续跳过的次数；超过后的跳过视为结束发言（Over）。
option-vote_max_count = 投票次数
option-vote_max_count-help = 一天的投票最多进行的次数：平票时只要还有次数就重新投票，最后在平票者中随机处决一人。
option-vote_allow_self = 允许投自己
option-vote_allow_self-help = 智能体可以投票给自己。
option-attack_max_count = { -attack }投票次数
option-attack_max_count-help = { -werewolf }的{ -attack }投票最多进行的次数。
option-attack_allow_self = { -werewolf }可指定自己
option-attack_allow_self-help = { -werewolf }在{ -attack }投票中可以指定自己（投给{ -werewolf }的票不计）。
option-attack_allow_no_target = 平票则不{ -attack }
option-attack_allow_no_target-help = 最后一次{ -attack }投票平票时不{ -attack }任何人，而不是在平票者中随机选择。
option-action_timeout = 应答时间
option-action_timeout-help = 智能体回应每个请求的时间。
option-acceptable_timeout = 宽限时间
option-acceptable_timeout-help = 应答时间之后额外允许的时间。
option-response_timeout = 存活确认时间
option-response_timeout-help = 未回应请求的智能体回应连接确认的时间。
option-max_continue_error_ratio = 异常结束比例
option-max_continue_error_ratio-help = 失去响应的智能体达到这一比例（至少一个）时，游戏结束，没有胜者。

## 身份卡：身份的能力、阵营与胜利条件（GET /rulesets/{id}、游戏页面）

role-villager-card = 属于村民阵营，没有特殊能力。通过{ -talk }和投票找出{ -werewolf }。存活的{ -werewolf }全部出局即获胜。
role-seer-card = 属于村民阵营。包括第0天在内的每晚{ -divine }一名存活玩家，得知其是{ -werewolf }还是人类（{ -possessed }显示为人类）。存活的{ -werewolf }全部出局即获胜。
role-medium-card = 属于村民阵营。每晚得知当天被处决者是{ -werewolf }还是人类。存活的{ -werewolf }全部出局即获胜。
role-bodyguard-card = 属于村民阵营。从第1天夜晚起，每晚{ -guard }一名自己以外的存活玩家免受{ -werewolf }{ -attack }，可以连续{ -guard }同一人。存活的{ -werewolf }全部出局即获胜。
role-werewolf-card = 属于{ -werewolf }阵营。你知道同伴{ -werewolf }是谁，与同伴{ -whisper }，从第1天夜晚起每晚投票决定{ -attack }目标。存活的{ -werewolf }不少于存活的人类时获胜。
role-possessed-card = 属于{ -werewolf }阵营。没有能力，也不知道谁是{ -werewolf }；{ -seer }和{ -medium }看你是人类，你也计为人类。{ -werewolf }阵营获胜时你也获胜。
