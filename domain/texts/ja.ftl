### Texts every game shares: the moderator's announcements, decisions, refusals, option names and the words of the werewolf village.


## The glossary: the werewolf village's words, each written once.

-villager = 村人
-seer = 占い師
-werewolf = 人狼
-madman = 狂人
-fox = 妖狐

## The roles every village shares, by their usual names (a ruleset's catalog has its own words for the roles its document names otherwise, as ultimate13's 霊媒師), and their sides

role-villager = { -villager }
role-seer = { -seer }
role-werewolf = { -werewolf }
role-madman = { -madman }
role-fox = { -fox }
team-village = { -villager }陣営
team-wolves = { -werewolf }陣営
team-fox = { -fox }陣営

## The moderator's announcements

game-created = { $ruleset }のゲームを作成しました。参加者は{ $count }人です。
game-joined = { $name }さんが参加しました。
game-left = { $number }番の席のプレイヤーが退出しました。後ろの席は一つずつ繰り上がります。
game-started = ゲームを開始します。
game-won = ゲーム終了。{ $teams }の勝利です。勝者：{ $winners }
game-ended = ゲーム終了。勝者：{ $winners }
game-ended-none = ゲーム終了。勝者はいません。
step-turn = { $seat }の{ $step }の番です。
step-opened = { $step }の時間です。
speaking-order = 本日の発言順：{ $seats }（{ $count }周）
prompt = あなたの番です：{ $kinds }
prompt-reset = あらためて、あなたの番です：{ $kinds }
timeout = 時間切れです。
timeout-forced = ホストが時間を打ち切りました。
defaulted-vote = 投票がなかったため、棄権扱いとなりました。
defaulted-vote-seat = { $seat }の投票がなかったため、棄権扱いとなりました。
defaulted-speak = 発言がなかったため、あなたの発言はスキップされました。
defaulted-speak-seat = { $seat }の発言がなかったため、スキップして次へ進みます。
defaulted-last_words = 遺言はありませんでした。
defaulted-last_words-seat = { $seat }の遺言はありませんでした。
defaulted-attack = 襲撃先の指定がなかったため、襲撃先をランダムに決めました。
defaulted-attack-seat = { $seat }の襲撃先の指定がなかったため、襲撃先をランダムに決めました。
tally-item = { $seat } { $count }票
unit-minutes = { $count }分
unit-seconds = { $count }秒
unit-minutes-seconds = { $count }分{ $seconds }秒
game-aborted = ゲームは中止されました。
seat-released = ホストが{ $seat }の席を解放しました。参加リンクから席に戻れます。
seat-claimed = { $seat }の席に参加者が戻りました。
seat-failed = { $seat }のエージェントが応答しなくなりました。この席は以後、ゲームに参加しません。
role-dealt = あなたの役職は【{ $role }】です。
role-changed = あなたの役職は【{ $role }】になりました。
phase-day = { $day }日目の朝です。
phase-night = { $day }日目の夜です。
morning-none = 犠牲者はいません。
morning-dead = 朝が明けると、{ $seats_and }の死体が発見されました。
executed = 投票の結果、{ $seat }が処刑されました。
vote-none = 本日は処刑なしとなりました。
vote-runoff = 同票のため、{ $seats }で決選投票を行います。
vote-tally = 投票結果：{ $tally }
vote-tally-none = 投票はありませんでした。
vote-ballots = 投票結果：{ $ballots }
vote-ballots-item = { $seat } { $count }票（{ $seats }から）
# Between the seats voted for (each with its voters, themselves a list)
vote-ballots-separator = 、
vote-ballots-abstained = 投票結果：{ $ballots }。棄権：{ $seats }
vote-abstained-all = 誰にも票が入りませんでした。棄権：{ $seats }
said = { $seat }：{ $text }
act-vote = { $seat }は{ $target }に投票しました。
act-vote-said = { $seat }は{ $target }に投票しました：「{ $text }」
act-abstain = { $seat }は棄権しました。
act-abstain-said = { $seat }は棄権しました：「{ $text }」
wolves-partners = { -werewolf }の仲間は{ $seats }です。
wolves-alone = あなたは唯一の{ -werewolf }です。
whisper-closed = 今夜の密談は上限に達したため終了です。
seer-first = 初日占い：{ $target }は【{ $label }】です。
seer-result = 占い結果：{ $target }は【{ $label }】です。
medium-result = 霊能結果：処刑された{ $target }は【{ $label }】でした。
deadline-extended = 時間を延長しました。
seat-number = あなたの席は{ $number }番です。
# 人狼の襲撃先の選択と密談の終了を、仲間の人狼が読む文（`-self`: 送った本人）
pack-act-attack = { $seat }は{ $target }を襲撃先に選びました。
pack-act-attack-self = あなたは{ $target }を襲撃先に選びました。
pack-act-attack-you = { $seat }はあなたを襲撃先に選びました。
pack-act-done = { $seat }は今夜の密談を終えました。
pack-act-done-self = あなたは今夜の密談を終えました。
reminder = まだ行動が済んでいません。
deadline-reminder = まだ行動が済んでいません（{ $kinds }）。残り{ $left }です。
# 席に伝えたことを進行役が読む形（`$told` は伝えた席）
told-prompt = { $told }の番です：{ $kinds }
told-prompt-reset = あらためて、{ $told }の番です：{ $kinds }
told-role-dealt = { $told }の役職は【{ $role }】です。
told-role-changed = { $told }の役職は【{ $role }】になりました。
told-reminder = { $told }はまだ行動が済んでいません。
told-seat-number = { $told }の席は{ $number }番です。
told-wolves-partners = { -werewolf }の{ $seats }が互いを仲間として知りました。
told-deadline-reminder = { $told }はまだ行動が済んでいません（{ $kinds }）。残り{ $left }です。
told-wolves-alone = { $told }は唯一の{ -werewolf }です。
told-whisper-closed = 今夜の密談は上限に達したため終了したと、{ $told }に伝えました。
told-seer-first = { $told }の初日占い：{ $target }は【{ $label }】です。
told-seer-result = { $told }の占い結果：{ $target }は【{ $label }】です。
told-medium-result = { $told }の霊能結果：処刑された{ $target }は【{ $label }】でした。
told-dead-roles = 死亡した{ $told }に全員の役職が見えるようになりました。
told-act = { $seat }の選択：{ $kind }
told-act-targets = { $seat }の選択：{ $kind }（{ $seats }）
told-act-choice = { $seat }の選択：{ $kind }（{ $choice }）
told-act-targets-choice = { $seat }の選択：{ $kind }（{ $seats }、{ $choice }）
told-act-option = { $seat }の選択：{ $choice }
told-act-none = { $seat }の選択：{ $kind }（対象なし）
act-speak = { $seat }は発言をスキップしました。
act-last_words = { $seat }は遺言を残しませんでした。
act-ready = { $seat }は準備完了です。
dead-roles = 死亡したため、全員の役職が見えるようになりました：{ $assignments }
seat-role = { $seat }【{ $role }】
death-cause = { $seat }の死因：{ $cause }
cause-attack = { -werewolf }の襲撃
cause-execution = 投票による処刑
cause-curse = { -seer }の占いによる呪殺
night-attack = 今夜、{ -werewolf }は{ $target }を襲撃しました。
night-attack-none = 今夜、{ -werewolf }は誰も襲撃しませんでした。
night-guard = { $seat }が{ $target }を護衛しました。
night-divined = { $seat }が{ $target }を占いました。

## Step names, as `$step` in step-turn and step-opened

step-speech = 発言
step-last_words = 遺言
step-vote = 投票
step-runoff = 決選投票
step-discussion = 議論
step-night = 夜

## Decisions, as `$kind` and `$kinds`

action-attack = 襲撃
action-divine = 占い
action-guard = 護衛
action-last_words = 遺言
action-sleep = 就寝
action-speak = 発言
action-vote = 投票
action-whisper = 密談
action-done = 密談を終える
action-ready = 準備完了
action-shoot = 射撃
action-pass = パス
action-skip = パス

## What a seer or a medium learns, as `$label`

label-human = 人間
label-werewolf = { -werewolf }

## Phases and results as the table names them

phase_name-day = 昼
phase_name-night = 夜
result-aborted = 中止
result-village = { -villager }陣営の勝利
result-wolves = { -werewolf }陣営の勝利
result-fox = { -fox }陣営の勝利

## Refusals, by code

error-game_not_running = ゲームは進行中ではありません。
error-game_not_in_lobby = ゲームはすでに開始されています。
error-game_exists = このゲームはすでに作成されています。
error-seats_open = 空席があるため開始できません。
error-no_open_seat = 空席がありません。
error-name_taken = その名前はすでに使われています。
error-bad_name = 名前が不正です。
error-unknown_ruleset = 不明なルールセットです。
error-unknown_preset = 不明なプリセットです。
error-bad_roles = 配役が不正です。
error-bad_roles-no_roles = 配役が不正です：役職が指定されていません。
error-bad_roles-count = 配役が不正です：参加者{ $players }人に対して役職が{ $dealt }人分です。
error-bad_roles-unknown = 配役が不正です：「{ $ids }」という役職はありません。
error-bad_roles-wolves = 配役が不正です：人狼は1人以上、かつ人狼以外の人数より少なくしてください。
error-bad_roles-preset_and_roles = 配役が不正です：プリセットか役職の一覧か、どちらか一方だけを指定してください。
error-bad_seats = 人数が不正です。
error-bad_option = オプション「{ $option }」にその値は指定できません。
error-bad_option-unknown = 「{ $option }」というオプションはありません。
error-bad_lang = 対応していない言語です。
error-unknown_seat = その席はありません。
error-unknown_action = 不明な行動です。
error-actor_dead = 死亡したプレイヤーは行動できません。
error-not_your_turn = あなたの番ではありません。
error-wrong_phase = 今はその行動はできません。
error-target_required = 対象を指定してください。
error-target_not_allowed = この行動は対象を取りません。
error-target_dead = 対象はすでに死亡しています。
error-target_alive = 対象は生存しています。
error-self_target = 自分自身は対象にできません。
error-target_illegal = その対象は選べません。
error-target_is_wolf = { -werewolf }は襲撃できません。
error-consecutive_guard = 前の晩と同じ人は護衛できません。
error-not_a_candidate = その人は決選投票の対象ではありません。
error-text_required = 本文が必要です。
error-text_not_allowed = この行動は本文を取りません。
error-speech_too_long = 発言が長すぎます（最大{ $max }文字）。
error-bad_option_value = 選択肢が不正です。
error-bad_targets = 対象の数が不正です。
error-whisper_cap_reached = 今夜の密談は上限に達しています。
error-stale_deadline = その期限はすでに過ぎています。
error-deadline_not_reached = 期限はまだ来ていません。

## Options: each option's name and help, and the names of a choice's values

# the help of a duration in seconds
option-duration-help = { $help }単位は秒。0は無期限。
option-time_scale = 時間の倍率
option-time_scale-help = すべての制限時間にかける倍率。
option-retries = 催促の回数
option-retries-help = 期限までに行動しなかったプレイヤーに催促し、時間を延長する回数です（延長はそのステップの長さの4分の1、最低10秒）。使い切ると既定の処理（棄権、発言のパス、行動なし）になります。0なら最初の期限で既定の処理になります。
option-dead_see_all = 死者への全役職の公開
option-dead_see_all-help = 死亡したプレイヤーは全員の役職を見られる。
option-speech_seconds = 発言時間
option-speech_seconds-help = 1回の発言の時間。
option-vote_seconds = 投票時間
option-vote_seconds-help = 1回の投票の時間。
option-last_words_seconds = 遺言の時間
option-last_words_seconds-help = 遺言の時間。
option-night0_seconds = 0日目の夜の時間
option-night0_seconds-help = 0日目の夜の時間。
option-night_seconds = 夜の時間
option-night_seconds-help = 1回の夜の時間。
option-speech_max_chars = 発言の最大文字数
option-speech_max_chars-help = 1回の発言の最大文字数。
option-discussion_seconds = 議論の時間
option-discussion_seconds-help = 昼の自由議論の時間。
option-early_close = 早期締め切り
option-early_close-help = 夜の役職の段階を、その役職の生存者が全員答えた時点で締め切る（かかった時間から役職を推測されるおそれがある）。
option-night_step_seconds = 夜の各段階の時間
option-night_step_seconds-help = 夜の役職ごとの段階1つの時間。
option-shot_seconds = 射撃の時間
option-shot_seconds-help = 射撃を行う段階の時間。
option-consecutive_guard = 連続護衛
option-consecutive_guard-help = 同じ人を2晩続けて護衛できる。
option-seed = シード

## The service's problems, by code

error-bad_request = リクエストの形式が正しくありません。
error-field-unknown = そのような項目はありません。
error-field-missing = この項目は必須です。
error-field-type = 値の型が正しくありません。
error-field-range = 値が範囲外です。
error-field-invalid = 値が正しくありません。
error-field-json = 本文を JSON として読み取れません。
error-field-utf8 = 本文が正しい UTF-8 ではありません。
error-field-depth = 本文の入れ子が深すぎます。
error-not_found = 見つかりません。
error-method_not_allowed = このメソッドは使えません。
error-game_not_found = そのゲームはありません。
error-ruleset_not_found = そのルールはありません。
error-token_required = トークンが必要です。
error-bad_token = このゲームのトークンではありません。
error-host_only = この操作はホストだけができます。
error-moderator_only = ゲーム終了までは進行役だけが見られます。
error-not_a_seat = 席のトークンだけが行動できます。
error-not_your_seat = 他の席の代わりには行動できません。
error-seat_not_claimable = 引き継げる席がありません。引き継ぎコードは使用済みか期限切れです。または、ホストがその席を解放していません。
error-game_not_ended = ゲームはまだ終わっていません。
error-unsupported_ruleset_version = このゲームは{ $ruleset }のバージョン{ $stored_ruleset_version }（エンジン{ $stored_engine_version }）で記録されましたが、このサービスはバージョン{ $ruleset_version }（エンジン{ $engine_version }）です。検証と再生はできません。
error-log_damaged = このゲームの保存されたログが壊れています（イベント{ $version }が欠けているか、読めません）。監査の検証で詳細を確認できます。
error-log_directory_mismatch = ゲーム一覧ではこのゲームは終了していますが、保存されたログはイベント{ $version }で途切れ、終了まで届いていません。ログの末尾が欠けています。
error-bad_replay_point = その時点はありません。
error-idempotency_key_reused = この冪等キーは別の内容で使われました。
error-busy = 混み合っています。もう一度お試しください。
error-body_too_large = リクエストが大きすぎます。
error-request_timeout = リクエスト本文が時間内に届きませんでした。
error-creation_token_required = ゲームの作成には作成トークンが必要です。
error-bad_creation_token = 作成トークンが正しくありません。
error-rate_limited = リクエストが多すぎます。
error-internal = サーバーでエラーが発生しました。
error-database_unavailable = データベースが応答しません。しばらくしてからもう一度お試しください。
error-storage_read_only = データベースの保存先が読み取り専用になっています。しばらくしてからもう一度お試しください。
error-storage_full = データベースの保存先がいっぱいです。何も保存されていません。
error-unavailable = データベースに接続できません。

## The titles of the service's problems, by HTTP status

title-400 = 不正なリクエスト
title-401 = 認証が必要です
title-403 = 権限がありません
title-404 = 見つかりません
title-405 = 許可されていないメソッド
title-408 = リクエストのタイムアウト
title-409 = 競合
title-413 = リクエストが大きすぎます
title-422 = 受け付けられません
title-429 = リクエストが多すぎます
title-500 = サーバー内部エラー
title-503 = サービス利用不可
title-507 = 保存容量不足
title-other = エラー


## The command line's demo

demo-reveal = 役職の公開：
demo-alive = 生存
demo-dead = 死亡
demo-winners = 勝者：{ $winners }
demo-no_winners = 勝者なし
demo-actions = 行動数：{ $count }
demo-audit_ok = 監査：検証済み
demo-audit_failed = 監査：失敗（{ $problems }）

## How names read in a sentence

# after a seat's name, on every line
seat-honorific = さん
# a list joined by a word alone (jinro9's morning)
list-and = と
# between two sentences on one line
sentence-gap = { "" }

## The landing page (`/`): the service in a line and its links

landing-intro = 人狼・狼人殺・魔女裁判などの正体隠匿ゲームを進行するサービスです。
landing-docs = API ドキュメント（対話式）
landing-lobby = ロビー：ゲームと空席
landing-openapi = OpenAPI 定義
landing-health = 稼働状況
# each language's name in itself, the same in every catalog
language-en = English
language-ja = 日本語
language-zh_Hans = 简体中文
language-zh_Hant = 繁體中文

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)

role-villager-card = { -villager }陣営です。特殊能力はありません。議論と投票で{ -werewolf }を見つけ、{ -werewolf }を全員処刑すれば勝利です。
role-seer-card = { -villager }陣営です。1日目の夜から毎晩1人を占い、{ -werewolf }か否かを知ります。ゲーム開始時には、ランダムな1人が人間であることを知らされます（初日占い）。{ -werewolf }を全員処刑すれば勝利です。
role-werewolf-card = { -werewolf }陣営です。仲間の{ -werewolf }が誰かを知っていて、1日目の夜から毎晩、仲間と相談して1人を襲撃します（襲撃は必須）。{ -werewolf }の生存数が{ -villager }陣営の生存数以上になれば勝利です。
role-madman-card = { -werewolf }陣営です。能力はなく、{ -werewolf }が誰かも知りませんが、{ -seer }に占われると人間と出ます。{ -werewolf }陣営が勝てばあなたも勝利です。
role-fox-card = { -fox }陣営です。{ -werewolf }に襲撃されても死にませんが、{ -seer }に占われると翌朝死亡し（呪殺）、処刑されても死亡します。ゲーム終了時に生きていれば、どちらの陣営が勝っても{ -fox }の勝利です。
