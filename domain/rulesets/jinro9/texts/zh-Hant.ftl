### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = 通靈者
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 守衛

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead = 發現了{ $seats }的屍體。
ruleset-jinro9 = 狼人（9人局）
option-vote_seconds-help = 投票與決選投票的時間。
option-last_words_seconds-help = 被處決者的遺言時間。
option-night0_seconds-help = 第0夜：狼人相認。

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = 狼人
-madman = 狂人
-fox = 妖狐

role-medium-card = 屬於村民陣營。每晚開始時，得知當天被處決者是否為{ -werewolf }（{ -madman }和{ -fox }顯示為人類）。處決全部{ -werewolf }即獲勝。
role-hunter-card = 屬於村民陣營。從第1天夜晚起，每晚守護一名玩家，使其免受{ -werewolf }襲擊。不能守護自己，也不能連續兩晚守護同一人（僅第1天夜晚可以不守護）。處決全部{ -werewolf }即獲勝。
