### witch_trial (witch_trial.md).


## The glossary: the document's words, each written once.

-witch_killer = 魔女殺し
-barrier = 結界魔法
-kill_magic = 殺人魔法
-probe = 探知魔法
-check = 検定魔法
-accept = 取引に応じる
-refuse = 取引を断る
-offer = 取引の申し込み
-take = カードを取る
-pass = 見送る
-morning = 朝の話し合い
-noon = 昼の話し合いと取引
-vote = 夜間の監禁投票
-night = 深夜
-loot = 遺された手札の回収
-dawn = 死体発見の報告
-morning_phase = 朝
-noon_phase = 昼
-evening = 夜間
-night_phase = 深夜

## Messages

error-bad_pool = カードの構成が不正です。
error-bad_pool-no_pool = カードの構成が不正です：{ $players }人では、【{ -witch_killer }】1枚を含む{ $needed }枚のカードを指定してください。
error-bad_pool-unknown = カードの構成が不正です：「{ $ids }」というカードはありません。
error-bad_pool-count = カードの構成が不正です：{ $players }人ではちょうど{ $needed }枚が必要です（指定は{ $dealt }枚）。
error-bad_pool-witch_killer = カードの構成が不正です：【{ -witch_killer }】はちょうど1枚必要です。
error-trade_used = 今日の取引の機会はすでに使いました。
error-offer_pending = まだ決着していない取引があります。
error-witch_killer_only = 【{ -witch_killer }】を持つあなたは、【{ -witch_killer }】を使うか何もしないかしか選べません。
error-already_answered = すでに選択済みです。
card-witch_killer = { -witch_killer }
card-barrier = { -barrier }
card-kill_magic = { -kill_magic }
card-probe = { -probe }
card-check = { -check }
# 深夜 is not 狼人杀's night: no 「天黑请闭眼」, and in Japanese not the 夜間 of the vote before it
phase-night = { $day }日目の深夜です。カードを1枚使えます。
action-accept = { -accept }
action-refuse = { -refuse }
action-offer = { -offer }
action-take = { -take }
action-pass = { -pass }
# 3.2 尸体发现公告: no 狼人杀 「平安夜」
morning-none = 死体は発見されませんでした。
morning-dead = { $seats_and }の死体が発見されました。
# 1.3: whoever is alive at the end wins
game-ended = ゲーム終了。生き残った{ $winners }の勝利です。
game-ended-none = ゲーム終了。生存者はいません。
step-morning = { -morning }
step-noon = { -noon }
step-vote = { -vote }
step-night = { -night }
step-loot = { -loot }
phase-dawn = { $day }日目、死体発見の報告です。
phase-morning = { $day }日目の朝の時間です。
phase-noon = { $day }日目の昼の時間です。取引ができます。
phase-evening = { $day }日目の夜間です。監禁の投票を行います。
hand-deal = あなたの手札：{ $cards }
hand-death = あなたは死亡しました。手札は遺体に残ります。
hand-curse = 【{ -witch_killer }】があなたの手に渡りました。あなたは【魔女化】しました。
moved-use = 【{ $card }】を使用しました。
moved-seize = 【{ -witch_killer }】の持ち主を倒し、【{ -witch_killer }】を手に入れました。
moved-loot = { $target }の遺体から【{ $card }】を取りました。
moved-found = 第一発見者として、{ $target }の遺体から【{ $card }】を手に入れました。
witch-cursed = あなたは【{ -witch_killer }】を持ち、【魔女化】しています。二晩続けて殺害できなければ残骸化して死亡します。
witch-become = 殺害に成功し、あなたは【魔女化】しました。
probe-result =
    { PLURAL($count) ->
        [1] 探知結果：{ $target }の手札は1枚のみで、それは【{ $card }】です。
       *[other] 探知結果：{ $target }の手札は{ $count }枚、そのうち1枚は【{ $card }】です。
    }
probe-empty = 探知結果：{ $target }の手札は0枚です。
check-yes = 検定結果：{ $target }は【{ -witch_killer }】によって殺されました。
check-no = 検定結果：{ $target }の死因は【{ -witch_killer }】ではありません。
barrier-success = 結界が攻撃を防ぎました。
attack-unfit = 今夜は行動に向かない夜でした。攻撃は行われず、カードは手元に残ります。
loot-look = { $target }の遺体の手札：{ $cards }
loot-empty = { $target }の遺体に手札はありません。
loot-unclaimed = 遺された手札が公開され、捨て札になりました：{ $cards }
trade-offered = { $seat }が【{ $card }】での取引を申し込みました。
trade-done = 取引成立：{ $seat }の【{ $card }】と{ $target }の【{ $got_card }】を交換しました。
trade-refused = { $seat }から{ $target }への取引（【{ $card }】）は成立しませんでした。
defaulted-refuse = 取引の申し込みに答えなかったため、断ったものとみなされました。
defaulted-refuse-seat = { $seat }は取引の申し込みに答えなかったため、断ったものとみなされました。
trade-done-given = 取引成立：{ $target }に【{ $card }】を渡し、【{ $got_card }】を受け取りました。
trade-done-taken = 取引成立：{ $seat }に【{ $got_card }】を渡し、【{ $card }】を受け取りました。
trade-refused-given = { $target }への取引（【{ $card }】）は成立しませんでした。
trade-refused-taken = { $seat }からの取引（【{ $card }】）は成立しませんでした。
told-hand-deal = { $told }の手札：{ $cards }
told-hand-death = { $told }は死亡しました。手札は遺体に残ります。
told-hand-curse = 【{ -witch_killer }】が{ $told }の手に渡りました。{ $told }は【魔女化】しました。
told-moved-use = { $told }が【{ $card }】を使用しました。
told-moved-seize = { $told }は【{ -witch_killer }】の持ち主を倒し、【{ -witch_killer }】を手に入れました。
told-moved-loot = { $told }が{ $target }の遺体から【{ $card }】を取りました。
told-moved-found = 第一発見者として、{ $told }が{ $target }の遺体から【{ $card }】を手に入れました。
told-witch-cursed = { $told }は【{ -witch_killer }】を持ち、【魔女化】しています。二晩続けて殺害できなければ残骸化して死亡します。
told-witch-become = { $told }は殺害に成功し、【魔女化】しました。
told-probe-result = { $told }の探知結果：{ $target }の手札は{ $count }枚、そのうち1枚は【{ $card }】です。
told-probe-empty = { $told }の探知結果：{ $target }の手札は0枚です。
told-check-yes = { $told }の検定結果：{ $target }は【{ -witch_killer }】によって殺されました。
told-check-no = { $told }の検定結果：{ $target }の死因は【{ -witch_killer }】ではありません。
told-barrier-success = { $told }の結界が攻撃を防ぎました。
told-attack-unfit = 今夜は行動に向かない夜でした。{ $told }の攻撃は行われず、カードは手元に残ります。
told-loot-look = { $told }が見た{ $target }の遺体の手札：{ $cards }
told-loot-empty = { $told }が見た{ $target }の遺体に手札はありません。
told-trade-offered = { $seat }が{ $told }に【{ $card }】での取引を申し込みました。
told-trade-done = 取引成立：{ $seat }の【{ $card }】と{ $target }の【{ $got_card }】を交換しました。
told-trade-refused = { $seat }から{ $target }への取引（【{ $card }】）は成立しませんでした。
attack-made = { $seat }が【{ $card }】で{ $target }を攻撃します（今夜{ $slot }番目の攻撃）。
killed = { $seat }は{ $by }の【{ $card }】で殺されました。
wrecked = { $seat }は二晩続けて殺害できず、残骸化して死亡しました。
attack-blocked = { $target }の【{ -barrier }】が{ $seat }の攻撃を防ぎました。
attack-late = { $target }はすでに死亡していました。{ $seat }の攻撃カードは消費され、{ $seat }が遺体から手札を取ります。
attack-missed = { $seat }の【{ -kill_magic }】は{ $target }に届きませんでした。{ $target }自身の【{ -witch_killer }】による攻撃が先に成功しています。
attack-voided = { $seat }は{ $target }を攻撃する前に死亡しました。何も起こらず、カードは手元に残ります。
became-witch = { $seat }は殺害に成功し、【魔女化】しました。
witch-timer =
    { PLURAL($count) ->
        [1] 【魔女化】した{ $seat }は今夜、殺害に成功しませんでした。
       *[other] 【魔女化】した{ $seat }は{ $count }晩続けて殺害に成功していません。
    }
witch_killer-passed = 残骸化して死亡した{ $seat }の【{ -witch_killer }】は{ $target }に渡り、{ $target }は【魔女化】しました。
offer-held = { $seat }から{ $target }への【{ $card }】の取引は保留です。{ $target }は受けられず、昼の終わりに不成立となります。
loot-queued = { $target }の遺体から手札を取る順番：{ $seats }
leftovers-discarded = { $target }の遺体に残り、捨て札になったカード：{ $cards }
cause-kill_magic = 【{ -kill_magic }】
cause-witch_killer = 【{ -witch_killer }】
cause-wreck = 残骸化
imprison-done = { $seat }が監禁されました。今夜は手札を使えません。
imprison-tie = 同票のため、今夜は監禁なしです。
imprison-invalid = 投票者が過半数に達しないため投票は無効です。今夜は監禁なしです。
role-witch_killer = { -witch_killer }
role-barrier = { -barrier }
role-kill_magic = { -kill_magic }
role-probe = { -probe }
role-check = { -check }
action-witch_killer = { -witch_killer }
action-barrier = { -barrier }
action-kill_magic = { -kill_magic }
action-probe = { -probe }
action-check = { -check }
ruleset-witch_trial = 魔女裁判
option-deal_in_order = 順番に配る
option-deal_in_order-help = カードを与えられた順に1人4枚ずつ配る（実演用の決まった配り方。カードの山は公開される）。
option-days = 日数
option-days-help = ゲームの日数。
option-morning_seconds = 朝の時間
option-morning_seconds-help = 朝の話し合いの時間。
option-noon_seconds = 昼の時間
option-noon_seconds-help = 昼の話し合いと{ -offer }の時間。
option-vote_seconds-help = 監禁投票の時間。
option-night_seconds = 深夜の時間
option-night_seconds-help = 深夜のカード使用の時間。
option-loot_seconds = { -loot }の時間
option-loot_seconds-help = 遺体から取るカードを選ぶ時間（秒）。延長はありません。
phase_name-dawn = { -dawn }
phase_name-morning = { -morning_phase }
phase_name-noon = { -noon_phase }
phase_name-evening = { -evening }
phase_name-night = { -night_phase }
result-early_end = 早期終了（生存者1人以下）
result-days_over = 日数の上限で終了

## Role cards: what each card does and when, and the states a player can be in: every player is a prisoner who wins by being alive at the end, and may become a witch (GET /rulesets/{id}, the play page)
-prisoner = 囚人
-witch = 魔女化

state-prisoner = { -prisoner }
state-witch = { -witch }
state-prisoner-card = プレイヤーは全員、魔女の監獄に囚われた{ -prisoner }で、陣営はありません。最初に4枚の手札を受け取り（上限4枚）、{ -noon_phase }に取引を、{ -night }にカードを1枚使えます。ゲーム終了時に生き残っていれば勝利です。
state-witch-card = 【{ -witch_killer }】を持つか、【{ -kill_magic }】で殺害に成功すると【{ -witch }】します。二晩続けて殺害できなければ残骸化して死亡し、殺害に成功すると数え直しになります。ゲーム終了時に生き残っていれば勝利です。
role-witch_killer-card = ただ1枚の呪いのカードで、消費されず、取引もできません。指定した相手を最優先で攻撃します。持ち主は【{ -witch }】し、{ -night }には【{ -witch_killer }】を使うか{ -pass }しかできません。【{ -probe }】では【{ -kill_magic }】と出ます。
role-barrier-card = 消費型。{ -night }に使うと、その夜は自分への攻撃を防ぎ、防いだときは知らされます。
role-kill_magic-card = 消費型。{ -night }にほかの生存者1人を攻撃します。【{ -witch_killer }】より後に処理され、攻撃は一晩に3回までです。殺害に成功すると【{ -witch }】し、死体の手札から1枚取れます。
role-probe-card = 消費型。{ -night }にほかの生存者1人の手札の枚数と、ランダムな1枚の名前を知ります（【{ -witch_killer }】は【{ -kill_magic }】と出ます）。相手には知られません。
role-check-card = 消費型。{ -night }に死亡したプレイヤー1人に使い、死因が【{ -witch_killer }】かどうかを知ります。
