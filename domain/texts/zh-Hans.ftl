### Texts every game shares: the moderator's announcements, decisions, refusals, option names and the words of the werewolf village.


## The glossary: the werewolf village's words, each written once.

-villager = 平民
-seer = 预言家
-werewolf = 狼人
-madman = 狂人
-fox = 妖狐

## The roles every village shares, by their usual names (a ruleset's catalog has its own words for the roles its document names otherwise, as ultimate13's 霊媒師), and their sides

role-villager = { -villager }
role-seer = { -seer }
role-werewolf = { -werewolf }
role-madman = { -madman }
role-fox = { -fox }
team-village = 村民阵营
team-wolves = { -werewolf }阵营
team-fox = { -fox }阵营

## The moderator's announcements

game-created = 游戏已创建：{ $ruleset }，{ $count }人。
game-joined = { $name }加入了游戏。
game-left = { $number }号座位的玩家离开了游戏，之后的座位依次前移一位。
game-started = 游戏开始。
game-won = 游戏结束，{ $teams }获胜。胜者：{ $winners }
game-ended = 游戏结束。胜者：{ $winners }
game-ended-none = 游戏结束，没有胜者。
step-turn = { $step }：轮到{ $seat }。
step-opened = { $step }开始。
speaking-order = 今天的发言顺序：{ $seats }（{ $count }轮）
prompt = 轮到你了：{ $kinds }
prompt-reset = 又轮到你了：{ $kinds }
timeout = 时间到。
timeout-forced = 房主提前结束了计时。
defaulted-vote = 你未投票，视为弃票。
defaulted-vote-seat = { $seat }未投票，视为弃票。
defaulted-speak = 你未发言，跳过你的发言。
defaulted-speak-seat = { $seat }未发言，跳过。
defaulted-last_words = 你没有留下遗言。
defaulted-last_words-seat = { $seat }没有留下遗言。
defaulted-attack = 你未选择袭击目标，已随机为你选定。
defaulted-attack-seat = { $seat }未选择袭击目标，已随机选定。
tally-item = { $seat } { $count }票
unit-minutes = { $count }分钟
unit-seconds = { $count }秒
unit-minutes-seconds = { $count }分{ $seconds }秒
game-aborted = 游戏已中止。
seat-released = 房主释放了{ $seat }的座位：该玩家可以从加入链接取回。
seat-claimed = { $seat }的座位已被取回。
seat-failed = { $seat }的智能体已失去响应：该座位此后不再参与游戏。
role-dealt = 你的身份是【{ $role }】。
role-changed = 你的身份变为【{ $role }】。
phase-day = 第{ $day }天，天亮了。
phase-night = 第{ $day }夜，天黑请闭眼。
morning-none = 昨晚是平安夜，没有人死亡。
# the moderator's morning (langrensha's; the other rulesets say their documents' sentences): the day's phase before it says 天亮了
morning-dead = 昨晚死亡的是{ $seats }。
executed = 投票结果：{ $seat }被处决。
vote-none = 今天无人被处决。
vote-runoff = 平票，将在{ $seats }之间进行决选投票。
vote-tally = 投票结果：{ $tally }
vote-tally-none = 无人投票。
vote-ballots = 投票结果：{ $ballots }
vote-ballots-item = { $seat } { $count }票（来自{ $seats }）
# Between the seats voted for (each with its voters, themselves a list)
vote-ballots-separator = ；
vote-ballots-abstained = 投票结果：{ $ballots }。弃票：{ $seats }
vote-abstained-all = 无人得票。弃票：{ $seats }
said = { $seat }：{ $text }
act-vote = { $seat }投票给{ $target }。
act-vote-said = { $seat }投票给{ $target }：“{ $text }”
act-abstain = { $seat }弃票。
act-abstain-said = { $seat }弃票：“{ $text }”
wolves-partners = 你的{ -werewolf }同伴是{ $seats }。
wolves-alone = 你是唯一的{ -werewolf }。
whisper-closed = 今晚的密谈已达上限，到此结束。
seer-first = 首日查验结果：{ $target }是【{ $label }】。
# 狼人选择的袭击目标与结束密谈，同伴读到的文字（`-self`：发出者本人）
pack-act-attack = { $seat }选择袭击{ $target }。
pack-act-attack-self = 你选择袭击{ $target }。
pack-act-attack-you = { $seat }选择袭击你。
pack-act-done = { $seat }结束了今晚的密谈。
pack-act-done-self = 你结束了今晚的密谈。
seer-result = 查验结果：{ $target }是【{ $label }】。
medium-result = 通灵结果：被处决的{ $target }是【{ $label }】。
deadline-extended = 时间已延长。
seat-number = 你是{ $number }号玩家。
reminder = 你还没有行动。
deadline-reminder = 你还没有行动（{ $kinds }），还剩{ $left }。
# 告知各座位的内容，以主持人的视角（`$told` 为被告知的座位）
told-prompt = 轮到{ $told }：{ $kinds }
told-prompt-reset = 再次轮到{ $told }：{ $kinds }
told-role-dealt = { $told }的身份是【{ $role }】。
told-role-changed = { $told }的身份变为【{ $role }】。
told-reminder = { $told }还没有行动。
told-seat-number = { $told }是{ $number }号玩家。
told-deadline-reminder = { $told }还没有行动（{ $kinds }），还剩{ $left }。
told-wolves-partners = { -werewolf }互相确认了同伴：{ $seats }。
told-wolves-alone = { $told }是唯一的{ -werewolf }。
told-whisper-closed = 今晚的密谈已达上限，到此结束（{ $told }）。
told-seer-first = { $told }的首日查验结果：{ $target }是【{ $label }】。
told-seer-result = { $told }的查验结果：{ $target }是【{ $label }】。
told-medium-result = { $told }的通灵结果：被处决的{ $target }是【{ $label }】。
told-dead-roles = 已死亡的{ $told }现在可以看到所有人的身份。
told-act = { $seat }的选择：{ $kind }
told-act-targets = { $seat }的选择：{ $kind }（{ $seats }）
told-act-choice = { $seat }的选择：{ $kind }（{ $choice }）
told-act-targets-choice = { $seat }的选择：{ $kind }（{ $seats }，{ $choice }）
told-act-option = { $seat }的选择：{ $choice }
told-act-none = { $seat }的选择：{ $kind }（未选择对象）
act-speak = { $seat }跳过了发言。
act-last_words = { $seat }没有留下遗言。
act-ready = { $seat }已准备完毕。
dead-roles = 你已死亡，现在可以看到所有人的身份：{ $assignments }
seat-role = { $seat }【{ $role }】
death-cause = { $seat }的死因：{ $cause }
cause-attack = { -werewolf }袭击
cause-execution = 投票处决
cause-curse = 被{ -seer }查验咒杀
night-attack = 今晚{ -werewolf }袭击了{ $target }。
night-attack-none = 今晚{ -werewolf }没有袭击任何人。
night-guard = { $seat }守护了{ $target }。
night-divined = { $seat }查验了{ $target }。

## Step names, as `$step` in step-turn and step-opened

step-speech = 发言
step-last_words = 遗言
step-vote = 投票
step-runoff = 决选投票
step-discussion = 讨论
step-night = 夜晚行动

## Decisions, as `$kind` and `$kinds`

action-attack = 袭击
action-divine = 查验
action-guard = 守护
action-last_words = 遗言
action-sleep = 闭眼
action-speak = 发言
action-vote = 投票
action-whisper = 密谈
action-done = 结束密谈
action-ready = 准备完毕
action-shoot = 开枪
action-pass = 跳过
action-skip = 跳过

## What a seer or a medium learns, as `$label`

label-human = 人类
label-werewolf = { -werewolf }

## Phases and results as the table names them

phase_name-day = 白天
phase_name-night = 夜晚
result-aborted = 已中止
result-village = 村民阵营获胜
result-wolves = { -werewolf }阵营获胜
result-fox = { -fox }阵营获胜

## Refusals, by code

error-game_not_running = 游戏不在进行中。
error-game_not_in_lobby = 游戏已经开始。
error-game_exists = 该游戏已存在。
error-seats_open = 仍有空位，无法开始。
error-no_open_seat = 没有空位。
error-name_taken = 该名字已被使用。
error-bad_name = 名字无效。
error-unknown_ruleset = 未知的规则集。
error-unknown_preset = 未知的预设。
error-bad_roles = 身份配置无效。
error-bad_roles-no_roles = 身份配置无效：没有指定任何身份。
error-bad_roles-count = 身份配置无效：{ $players }名玩家，却指定了{ $dealt }个身份。
error-bad_roles-unknown = 身份配置无效：没有“{ $ids }”这个身份。
error-bad_roles-wolves = 身份配置无效：狼人至少一名，且必须少于其余玩家。
error-bad_roles-preset_and_roles = 身份配置无效：预设和身份列表只能指定其中之一。
error-bad_seats = 人数无效。
error-bad_option = 选项“{ $option }”不能取这个值。
error-bad_option-unknown = 没有“{ $option }”这个选项。
error-bad_lang = 不支持的语言。
error-unknown_seat = 没有该座位。
error-unknown_action = 未知的行动。
error-actor_dead = 死亡玩家无法行动。
error-not_your_turn = 还没轮到你。
error-wrong_phase = 现在不能进行该行动。
error-target_required = 请指定目标。
error-target_not_allowed = 该行动不需要目标。
error-target_dead = 目标已经死亡。
error-target_alive = 目标仍然存活。
error-self_target = 不能以自己为目标。
error-target_illegal = 不能选择该目标。
error-target_is_wolf = 不能袭击{ -werewolf }。
error-consecutive_guard = 不能连续两晚守护同一人。
error-not_a_candidate = 该玩家不在决选名单中。
error-text_required = 需要填写内容。
error-text_not_allowed = 该行动不接受文字。
error-speech_too_long = 发言过长（最多{ $max }字）。
error-bad_option_value = 选项无效。
error-bad_targets = 目标数量无效。
error-whisper_cap_reached = 今晚的密谈已达上限。
error-stale_deadline = 该期限已失效。
error-deadline_not_reached = 尚未到期。

## Options: each option's name and help, and the names of a choice's values

# the help of a duration in seconds
option-duration-help = { $help }单位为秒，0 表示不限时。
option-time_scale = 时间倍率
option-time_scale-help = 所有时限乘以此倍率。
option-retries = 超时提醒次数
option-retries-help = 玩家到期限仍未行动时，提醒并延长时间的次数（每次延长该环节时长的四分之一，至少10秒）。次数用完后按默认处理：弃票、跳过发言、不行动。设为0则第一次到期就按默认处理。
option-dead_see_all = 死者可见全部身份
option-dead_see_all-help = 死亡的玩家可以看到所有人的身份。
option-speech_seconds = 发言时间
option-speech_seconds-help = 每次发言的时间。
option-vote_seconds = 投票时间
option-vote_seconds-help = 每次投票的时间。
option-last_words_seconds = 遗言时间
option-last_words_seconds-help = 遗言的时间。
option-night0_seconds = 第0夜时间
option-night0_seconds-help = 第0夜的时间。
option-night_seconds = 夜晚时间
option-night_seconds-help = 每个夜晚的时间。
option-speech_max_chars = 发言最大字数
option-speech_max_chars-help = 每次发言的最大字数。
option-discussion_seconds = 讨论时间
option-discussion_seconds-help = 白天自由讨论的时间。
option-early_close = 提前结束阶段
option-early_close-help = 存活的行动者全部回答后即结束该身份阶段（时间会暴露身份）。
option-night_step_seconds = 夜晚各身份行动时间
option-night_step_seconds-help = 夜晚每个身份行动环节的时间。
option-shot_seconds = 开枪时间
option-shot_seconds-help = 开枪阶段的时间。
option-consecutive_guard = 连续守护
option-consecutive_guard-help = 可以连续两晚守护同一人。
option-seed = 种子

## The service's problems, by code

error-bad_request = 请求格式不正确。
error-field-unknown = 没有这个字段。
error-field-missing = 此字段为必填项。
error-field-type = 值的类型不正确。
error-field-range = 值超出范围。
error-field-invalid = 值无效。
error-field-json = 请求正文不是有效的 JSON。
error-field-utf8 = 请求正文不是有效的 UTF-8。
error-field-depth = 请求正文嵌套过深。
error-not_found = 未找到。
error-method_not_allowed = 不允许此方法。
error-game_not_found = 没有这个游戏。
error-ruleset_not_found = 没有这个规则集。
error-token_required = 需要令牌。
error-bad_token = 令牌对此游戏无效。
error-host_only = 只有房主可以这样做。
error-moderator_only = 结束前只有主持人可以查看。
error-not_a_seat = 只有座位令牌可以行动。
error-not_your_seat = 不能替其他座位行动。
error-seat_not_claimable = 没有可以认领的座位：转移码已被使用或已过期，或者房主没有释放这个座位。
error-game_not_ended = 游戏尚未结束。
error-unsupported_ruleset_version = 此游戏按“{ $ruleset }”的版本{ $stored_ruleset_version }（引擎版本{ $stored_engine_version }）记录，而本服务运行的是版本{ $ruleset_version }（引擎版本{ $engine_version }），无法验证或重放。
error-log_damaged = 此游戏保存的日志已损坏（第{ $version }个事件缺失或无法读取）。审计验证会列出详情。
error-log_directory_mismatch = 游戏目录显示此游戏已结束，但保存的日志在第{ $version }个事件处中断，没有结束记录：日志末尾缺失。
error-bad_replay_point = 没有这个时间点。
error-idempotency_key_reused = 此幂等键已用于不同的请求。
error-busy = 繁忙，请重试。
error-body_too_large = 请求体过大。
error-request_timeout = 请求体未在时限内送达。
error-creation_token_required = 创建游戏需要创建令牌。
error-bad_creation_token = 创建令牌无效。
error-rate_limited = 请求过多。
error-internal = 服务器错误。
error-database_unavailable = 数据库无响应，请稍后重试。
error-storage_read_only = 数据库的存储当前为只读，请稍后重试。
error-storage_full = 数据库的存储已满，未保存任何内容。
error-unavailable = 无法连接数据库。

## The titles of the service's problems, by HTTP status

title-400 = 错误的请求
title-401 = 未授权
title-403 = 禁止访问
title-404 = 未找到
title-405 = 不允许的方法
title-408 = 请求超时
title-409 = 冲突
title-413 = 内容过大
title-422 = 无法处理的内容
title-429 = 请求过多
title-500 = 服务器内部错误
title-503 = 服务不可用
title-507 = 存储空间不足
title-other = 错误


## The command line's demo

demo-reveal = 身份公布：
demo-alive = 存活
demo-dead = 死亡
demo-winners = 胜者：{ $winners }
demo-no_winners = 无胜者
demo-actions = 行动数：{ $count }
demo-audit_ok = 审计：已验证
demo-audit_failed = 审计：失败 { $problems }

## How names read in a sentence

# after a seat's name, on every line
seat-honorific = { "" }
# a list joined by a word alone (jinro9's morning)
list-and = 和
# between two sentences on one line
sentence-gap = { "" }

## The landing page (`/`): the service in a line and its links

landing-intro = 狼人杀、人狼、魔女审判等身份隐藏游戏的主持服务。
landing-docs = 交互式 API 文档
landing-lobby = 大厅：游戏与空位
landing-openapi = OpenAPI 文档
landing-health = 运行状态
# each language's name in itself, the same in every catalog
language-en = English
language-ja = 日本語
language-zh_Hans = 简体中文
language-zh_Hant = 繁體中文

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)

role-villager-card = 属于村民阵营，没有特殊能力。通过讨论和投票找出{ -werewolf }，处决全部{ -werewolf }即获胜。
role-seer-card = 属于村民阵营。从第1天夜晚起，每晚查验一名玩家，得知其是否为{ -werewolf }。游戏开始时还会得知随机一名玩家是人类（首日查验）。处决全部{ -werewolf }即获胜。
role-werewolf-card = 属于{ -werewolf }阵营。你知道同伴{ -werewolf }是谁；从第1天夜晚起，每晚与同伴商量袭击一名玩家（必须袭击）。存活的{ -werewolf }数不少于村民阵营的存活人数时获胜。
role-madman-card = 属于{ -werewolf }阵营。没有能力，也不知道谁是{ -werewolf }，被{ -seer }查验时显示为人类。{ -werewolf }阵营获胜时你也获胜。
role-fox-card = 属于{ -fox }阵营。被{ -werewolf }袭击不会死，但被{ -seer }查验后会在次日早晨死亡（咒杀），被处决也会死亡。游戏结束时只要还活着，无论哪个阵营获胜，都是{ -fox }获胜。
