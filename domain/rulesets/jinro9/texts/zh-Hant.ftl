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
