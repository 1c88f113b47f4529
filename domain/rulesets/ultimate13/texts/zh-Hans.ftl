### ultimate13: the thirteen-player village (ultimate13.md).


## The glossary: the document's words, each written once.

-medium = 灵媒师
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 守卫

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
medium-result = 灵媒结果：被处决的{ $target }是【{ $label }】。
told-medium-result = { $told }的灵媒结果：被处决的{ $target }是【{ $label }】。
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
# the day's phase before it already says 天亮了
morning-dead = 发现了{ $seats }的尸体。
# The free discussion ends at its deadline: a seat that has not said it is ready skipped nothing
defaulted-speak = 讨论时间结束。
defaulted-speak-seat = { $seat }的讨论时间结束。
ruleset-ultimate13 = 终极狼人（13人局）
option-medium_result = 灵媒结果
option-medium_result-help = { -medium }得知的内容。
option-medium_result-role = 身份
option-medium_result-alignment = 人类或狼人
option-wolf_attack_wolf = 狼人可袭击狼人
option-wolf_attack_wolf-help = 狼人可以袭击同伴狼人。
option-madman_counts_as_human = 狂人计为人类
option-madman_counts_as_human-help = 判定人数时狂人计入人类一方。

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = 狼人

role-medium-card = 属于村民阵营。每晚开始时，得知当天被处决玩家的身份（依设置也可能只得知是否为{ -werewolf }）。处决全部{ -werewolf }即获胜。
role-hunter-card = 属于村民阵营。从第1天夜晚起，每晚指定一名存活玩家，使其免受{ -werewolf }袭击。不能守护自己，但可以连续守护同一人（依设置可能禁止）。处决全部{ -werewolf }即获胜。
