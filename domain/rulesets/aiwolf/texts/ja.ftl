### aiwolf: 人狼知能（AIWolf NLP）の標準ゲーム。リファレンスサーバーの進行どおり（aiwolf-protocol.md）。


## 用語集：プロトコルの言葉を一度だけ書く

-villager = 村人
-seer = 占い師
-werewolf = 人狼
-medium = 霊媒師
-bodyguard = 狩人
-possessed = 狂人
-talk = トーク
-whisper = 囁き
-execution = 追放
-divine = 占い
-guard = 護衛
-attack = 襲撃

ruleset-aiwolf = 人狼知能（標準ルール）
ruleset-aiwolf-note = リファレンスサーバーと同じく、各段階はエージェントが答えた時点で締め切られます。エージェントと人が同じ卓で遊ぶ場合、夜の段階にかかる時間から夜に行動する役職の席が推測されるおそれがあります。

role-medium = { -medium }
role-bodyguard = { -bodyguard }
role-possessed = { -possessed }

## 段階の名前（step-turn と step-opened の $step）と行動の名前（$kind）

step-talk = { -talk }
step-whisper = { -whisper }
step-divine = { -divine }
step-guard = { -guard }
step-attack = { -attack }
action-talk = { -talk }
action-whisper = { -whisper }

## トークと囁き：プロトコルが記録する一つひとつの発言

talk-said = { $seat }：{ $text }
talk-over = { $seat }は今日の{ -talk }を終えました。
talk-skip = { $seat }はスキップしました。
whisper-said = { $seat }の{ -whisper }：{ $text }
whisper-over = { $seat }は{ -whisper }を終えました。
whisper-skip = { $seat }は{ -whisper }をスキップしました。
whisper-said-self = あなたの{ -whisper }：{ $text }
whisper-over-self = あなたは{ -whisper }を終えました。
whisper-skip-self = あなたは{ -whisper }をスキップしました。
told-whisper-said = { $seat }の{ -whisper }（{ $told }へ）：{ $text }
told-whisper-over = { $seat }は{ -whisper }を終えました（{ $told }へ）。
told-whisper-skip = { $seat }は{ -whisper }をスキップしました（{ $told }へ）。
# 囁きの段階の中で、話し手ごとに改めて出す番：やり直しではない
prompt-reset = あなたの番です：{ $kinds }
told-prompt-reset = { $told }の番です：{ $kinds }
defaulted-talk = 答えがなかったため、あなたの{ -talk }はスキップになりました。
defaulted-talk-seat = { $seat }の答えがなかったため、{ -talk }はスキップになりました。
defaulted-whisper = 答えがなかったため、あなたの{ -whisper }はスキップになりました。
defaulted-whisper-seat = { $seat }の答えがなかったため、{ -whisper }はスキップになりました。

## 投票、追放、襲撃、夜

vote-list-item = { $seat }→{ $target }
vote-list-item-self = あなた→{ $target }
vote-list-item-you = { $seat }→あなた
vote-list-item-yourself = あなた→あなた自身
vote-list = 投票内訳：{ $votes }
vote-list-none = 有効な投票はありませんでした。
attack-list = { -werewolf }の{ -attack }投票：{ $votes }
attack-list-none = { -attack }先を指定した{ -werewolf }はいませんでした。
told-attack-list = { -werewolf }の{ -attack }投票（{ $told }へ）：{ $votes }
told-attack-list-none = { -attack }先を指定した{ -werewolf }はいませんでした（{ $told }へ）。
attacked = { -werewolf }は{ $target }を{ -attack }しました。
attacked-guarded = { -werewolf }は{ $target }を{ -attack }しましたが、{ -guard }されていたため誰も死にませんでした。
attacked-none = 今夜、{ -werewolf }は誰も{ -attack }しませんでした。
guarded = { $seat }が{ $target }を{ -guard }しました。
died-attack = { $seats }が{ -werewolf }に{ -attack }されました。
failed-end = 接続が切れたか応答しないエージェントが{ $count }人に達したため、勝者なしでゲームを終了します。
max_day-end = 最終日が終わったため、勝者なしでゲームを終了します。
# 処刑は人狼知能の言葉で追放
executed = 投票の結果、{ $seat }が{ -execution }されました。
vote-none = 本日は{ -execution }なしとなりました。
cause-execution = 投票による{ -execution }
medium-result = 霊媒結果：{ -execution }された{ $target }は【{ $label }】でした。
told-medium-result = { $told }の霊媒結果：{ -execution }された{ $target }は【{ $label }】でした。

## 結果

result-villagers = { -villager }陣営の勝利
result-werewolves = { -werewolf }陣営の勝利
result-failed = エージェントの異常による終了
result-max_day = 最終日による終了

## オプション：名前と説明

option-max_day = 最終日
option-max_day-help = この日が終わると勝者なしでゲームを終了します（-1は無制限）。
option-vote_visibility = 投票の公開
option-vote_visibility-help = 誰が誰に投票したかを全員に公開し、{ -werewolf }には互いの{ -attack }投票を公開します。
option-talk_per_agent = { -talk }の回数
option-talk_per_agent-help = 1日の{ -talk }で各エージェントが発言できる回数。
option-talk_per_day = { -talk }のターン数
option-talk_per_day-help = 1日の{ -talk }の最大ターン数。
option-talk_base_length = { -talk }の文字数
option-talk_base_length-help = 1回の{ -talk }をこの長さまでに切り詰めます（-1は無制限）。
option-talk_mention_length = メンション後の文字数
option-talk_mention_length-help = 他のエージェントへの@メンションの後に続けられる長さ（-1はメンションによる追加なし）。
option-talk_per_talk = 1回の{ -talk }の上限
option-talk_per_talk-help = メンションを含めて1回の{ -talk }に残せる最大の長さ（-1は上限なし）。
option-talk_per_agent_length = エージェントごとの{ -talk }文字数
option-talk_per_agent_length-help = 1日の{ -talk }で各エージェントが使える長さの総量。1回の文字数を超えた分が差し引かれます（-1はなし）。
option-talk_count_in_word = { -talk }を単語数で数える
option-talk_count_in_word-help = 長さを文字数ではなく単語数で数えます。
option-talk_count_spaces = { -talk }の空白を数える
option-talk_count_spaces-help = 長さに空白も数えます。
option-talk_max_skip = 連続スキップ数（{ -talk }）
option-talk_max_skip-help = 続けてスキップできる回数。超えたスキップは発言終了（Over）になります。
option-whisper_per_agent = { -whisper }の回数
option-whisper_per_agent-help = 1回の{ -whisper }で各{ -werewolf }が発言できる回数（0は{ -whisper }なし）。
option-whisper_per_day = { -whisper }のターン数
option-whisper_per_day-help = 1回の{ -whisper }の最大ターン数（0は{ -whisper }なし）。
option-whisper_base_length = { -whisper }の文字数
option-whisper_base_length-help = 1回の{ -whisper }をこの長さまでに切り詰めます（-1は無制限）。
option-whisper_mention_length = { -whisper }のメンション後の文字数
option-whisper_mention_length-help = { -whisper }で@メンションの後に続けられる長さ（-1はメンションによる追加なし）。
option-whisper_per_talk = 1回の{ -whisper }の上限
option-whisper_per_talk-help = メンションを含めて1回の{ -whisper }に残せる最大の長さ（-1は上限なし）。
option-whisper_per_agent_length = { -werewolf }ごとの{ -whisper }文字数
option-whisper_per_agent_length-help = 1回の{ -whisper }で各{ -werewolf }が使える長さの総量。1回の文字数を超えた分が差し引かれます（-1はなし）。
option-whisper_count_in_word = { -whisper }を単語数で数える
option-whisper_count_in_word-help = { -whisper }の長さを文字数ではなく単語数で数えます。
option-whisper_count_spaces = { -whisper }の空白を数える
option-whisper_count_spaces-help = { -whisper }の長さに空白も数えます。
option-whisper_max_skip = 連続スキップ数（{ -whisper }）
option-whisper_max_skip-help = { -whisper }で続けてスキップできる回数。超えたスキップは発言終了（Over）になります。
option-vote_max_count = 投票の回数
option-vote_max_count-help = 1日の投票で行える投票の回数。同票なら回数が残る限り再投票し、最後は同票者からランダムに{ -execution }します。
option-vote_allow_self = 自己投票
option-vote_allow_self-help = 自分自身に投票できます。
option-attack_max_count = { -attack }投票の回数
option-attack_max_count-help = { -werewolf }の{ -attack }投票で行える投票の回数。
option-attack_allow_self = { -werewolf }の自己指定
option-attack_allow_self-help = { -werewolf }が{ -attack }投票で自分を指定できます（{ -werewolf }への票は数えられません）。
option-attack_allow_no_target = 同票なら{ -attack }なし
option-attack_allow_no_target-help = 最後の{ -attack }投票が同票なら、同票者からランダムに選ばず誰も{ -attack }しません。
option-action_timeout = 応答時間
option-action_timeout-help = エージェントが各リクエストに答える時間。
option-acceptable_timeout = 猶予時間
option-acceptable_timeout-help = 応答時間のあとに認める追加の時間。
option-response_timeout = 生存確認の時間
option-response_timeout-help = リクエストに答えなかったエージェントが、接続の確認に答える時間。
option-max_continue_error_ratio = 異常終了の割合
option-max_continue_error_ratio-help = 異常になったエージェントがこの割合（最低1人）に達すると、勝者なしでゲームを終了します。

## 役職カード：役職の能力、陣営、勝利条件を人狼知能の言葉で（GET /rulesets/{id}、プレイ画面）

role-villager-card = { -villager }陣営です。特殊能力はありません。{ -talk }と投票で{ -werewolf }を見つけ出します。生きている{ -werewolf }がいなくなれば勝利です。
role-seer-card = { -villager }陣営です。0日目を含む毎晩、生きている1人を{ -divine }、{ -werewolf }か人間かを知ります（{ -possessed }は人間と出ます）。生きている{ -werewolf }がいなくなれば勝利です。
role-medium-card = { -villager }陣営です。毎晩、その日{ -execution }された者が{ -werewolf }か人間かを知ります。生きている{ -werewolf }がいなくなれば勝利です。
role-bodyguard-card = { -villager }陣営です。1日目の夜から毎晩、自分以外の生きている1人を{ -werewolf }の{ -attack }から{ -guard }します。同じ人を続けて{ -guard }できます。生きている{ -werewolf }がいなくなれば勝利です。
role-werewolf-card = { -werewolf }陣営です。仲間の{ -werewolf }を知っていて、仲間と{ -whisper }で相談し、1日目の夜から毎晩{ -attack }先を投票で決めます。生きている{ -werewolf }が人間と同数以上になれば勝利です。
role-possessed-card = { -werewolf }陣営です。能力はなく、{ -werewolf }が誰かも知りません。{ -seer }や{ -medium }には人間と出て、人間として数えられます。{ -werewolf }陣営が勝てばあなたも勝利です。
