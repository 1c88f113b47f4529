### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = 霊能者
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 狩人

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead = 朝が明けると、{ $seats_and }の死体が発見されました。
ruleset-jinro9 = 人狼（9人村）
option-vote_seconds-help = 投票と決選投票の時間。
option-last_words_seconds-help = 処刑された人の遺言の時間。
option-night0_seconds-help = 0日目の夜：人狼の顔合わせ。
