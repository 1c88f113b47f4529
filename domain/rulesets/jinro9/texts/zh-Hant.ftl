### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = 通靈者
-hunter = 守衛

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
morning-dead = 天亮了，發現了{ $seats }的屍體。
ruleset-jinro9 = 狼人（9人局）
option-vote_seconds-help = 投票與決選投票的時間。
option-last_words_seconds-help = 被處決者的遺言時間。
option-night0_seconds-help = 第0夜：狼人相認。
