### ultimate13: the thirteen-player village (ultimate13.md).


## The glossary: the document's words, each written once.

-medium = 霊媒師
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = 狩人

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
medium-result = 霊媒結果：処刑された{ $target }は【{ $label }】でした。
told-medium-result = { $told }の霊媒結果：処刑された{ $target }は【{ $label }】でした。
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead = 朝が明けると、{ $seats_and }の死体が発見されました。
# The free discussion ends at its deadline: a seat that has not said it is ready skipped nothing
defaulted-speak = 議論時間が終了しました。
defaulted-speak-seat = { $seat }は準備完了にしないまま、議論時間が終了しました。
ruleset-ultimate13 = アルティメット人狼（13人村）
option-medium_result = 霊媒結果
option-medium_result-help = { -medium }がわかること。
option-medium_result-role = 役職
option-medium_result-alignment = 人間か人狼か
option-wolf_attack_wolf = 人狼による人狼の襲撃
option-wolf_attack_wolf-help = 人狼が仲間の人狼を襲撃できる。
option-madman_counts_as_human = 狂人を人間に数える
option-madman_counts_as_human-help = 人数の判定で狂人を村人側に数える。

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-villager = 村人
-werewolf = 人狼

role-medium-card = { -villager }陣営です。夜の始めに、その日処刑されたプレイヤーの役職を知ります（設定によっては{ -werewolf }か否かのみ）。{ -werewolf }を全員処刑すれば勝利です。
role-hunter-card = { -villager }陣営です。1日目の夜から毎晩、生存者1名を指定して{ -werewolf }の襲撃から守ります。自分自身は護衛できませんが、同じ人を連続で護衛できます（設定により不可）。{ -werewolf }を全員処刑すれば勝利です。
