### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = 通灵者
-hunter = 守卫

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
morning-dead = 天亮了，发现了{ $seats }的尸体。
ruleset-jinro9 = 狼人（9人局）
option-vote_seconds-help = 投票与决选投票的时间。
option-last_words_seconds-help = 被处决者的遗言时间。
option-night0_seconds-help = 第0夜：狼人相认。
