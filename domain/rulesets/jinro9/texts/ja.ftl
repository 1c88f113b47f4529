### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = 霊能者
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 狩人

## Messages
# The seer's random first result is its document's 初日お告げ
seer-first = 初日お告げ：{ $target }は【{ $label }】です。
told-seer-first = { $told }の初日お告げ：{ $target }は【{ $label }】です。

role-medium = { -medium }
role-hunter = { -hunter }
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead = 朝が明けると、{ $seats_and }の死体が発見されました。
ruleset-jinro9 = 人狼（9人村）
option-vote_seconds-help = 投票と決選投票の時間。
option-last_words_seconds-help = 処刑された人の遺言の時間。
option-night0_seconds-help = 0日目の夜：人狼の顔合わせ。

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-villager = 村人
-werewolf = 人狼
-madman = 狂人
-fox = 妖狐

role-medium-card = { -villager }陣営です。毎晩の始めに、その日処刑された者が{ -werewolf }だったか否かを知ります（{ -madman }と{ -fox }は人間と出ます）。{ -werewolf }を全員処刑すれば勝利です。
role-hunter-card = { -villager }陣営です。1日目の夜から毎晩1人を護衛し、{ -werewolf }の襲撃から守ります。自分自身と、前の晩に護衛した人は護衛できません（1日目の夜だけは護衛なしも可）。{ -werewolf }を全員処刑すれば勝利です。
