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
