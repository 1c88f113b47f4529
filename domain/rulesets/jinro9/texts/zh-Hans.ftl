### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = 通灵者
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 守卫

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
# the day's phase before it already says 天亮了
morning-dead = 发现了{ $seats }的尸体。
ruleset-jinro9 = 狼人（9人局）
option-vote_seconds-help = 投票与决选投票的时间。
option-last_words_seconds-help = 被处决者的遗言时间。
option-night0_seconds-help = 第0夜：狼人相认。

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = 狼人
-madman = 狂人
-fox = 妖狐

role-medium-card = 属于村民阵营。每晚开始时，得知当天被处决者是否为{ -werewolf }（{ -madman }和{ -fox }显示为人类）。处决全部{ -werewolf }即获胜。
role-hunter-card = 属于村民阵营。从第1天夜晚起，每晚守护一名玩家，使其免受{ -werewolf }袭击。不能守护自己，也不能连续两晚守护同一人（仅第1天夜晚可以不守护）。处决全部{ -werewolf }即获胜。
