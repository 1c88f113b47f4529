### ultimate13: the thirteen-player village (ultimate13.md).


## The glossary: the document's words, each written once.

-medium = 靈媒師
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 守衛

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
medium-result = 靈媒結果：被處決的{ $target }是【{ $label }】。
told-medium-result = { $told }的靈媒結果：被處決的{ $target }是【{ $label }】。
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead = 發現了{ $seats }的屍體。
# The free discussion ends at its deadline: a seat that has not said it is ready skipped nothing
defaulted-speak = 討論時間結束。
defaulted-speak-seat = { $seat }的討論時間結束。
ruleset-ultimate13 = 終極狼人（13人局）
option-medium_result = 靈媒結果
option-medium_result-help = 靈媒得知的內容。
option-medium_result-role = 身分
option-medium_result-alignment = 人類或狼人
option-wolf_attack_wolf = 狼人可襲擊狼人
option-wolf_attack_wolf-help = 狼人可以襲擊同伴狼人。
option-madman_counts_as_human = 狂人計為人類
option-madman_counts_as_human-help = 判定人數時狂人計入人類一方。

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = 狼人

role-medium-card = 屬於村民陣營。每晚開始時，得知當天被處決玩家的身分（依設定也可能只得知是否為{ -werewolf }）。處決全部{ -werewolf }即獲勝。
role-hunter-card = 屬於村民陣營。從第1天夜晚起，每晚指定一名存活玩家，使其免受{ -werewolf }襲擊。不能守護自己，但可以連續守護同一人（依設定可能禁止）。處決全部{ -werewolf }即獲勝。
