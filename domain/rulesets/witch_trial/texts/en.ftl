### witch_trial (witch_trial.md).


## The glossary: the document's words, each written once.

-witch_killer = Witch Killer
-barrier = Barrier
-kill_magic = Kill Magic
-probe = Probe
-check = Inquest
-accept = accept the trade
-refuse = refuse the trade
-offer = offer a trade
-take = take a card
-pass = pass
-morning = the morning talk
-noon = the noon talk and trades
-vote = the evening's imprisonment vote
-night = late night
-loot = taking cards from the bodies
-dawn = Discovery of the bodies
-morning_phase = Morning
-noon_phase = Noon
-evening = Evening
-night_phase = Late night

## Messages

error-bad_pool = Invalid card pool.
error-bad_pool-no_pool =
    { PLURAL($needed) ->
        [one] Invalid card pool: a game of { $players } needs a pool of { $needed } card, the { -witch_killer }.
       *[other] Invalid card pool: a game of { $players } needs a pool of { $needed } cards with one { -witch_killer }.
    }
error-bad_pool-unknown = Invalid card pool: no such card as { $ids }.
error-bad_pool-count =
    { PLURAL($dealt) ->
        [one] Invalid card pool: { $dealt } card for a game of { $players } (exactly { $needed } needed).
       *[other] Invalid card pool: { $dealt } cards for a game of { $players } (exactly { $needed } needed).
    }
error-bad_pool-witch_killer = Invalid card pool: exactly one { -witch_killer } is needed.
error-trade_used = You have already used today's trade.
error-offer_pending = You have a trade offer pending.
error-witch_killer_only = You hold the { -witch_killer }: you may use only the { -witch_killer }, or nothing.
error-already_answered = You have already chosen.
card-witch_killer = { -witch_killer }
card-barrier = { -barrier }
card-kill_magic = { -kill_magic }
card-probe = { -probe }
card-check = { -check }
# 深夜 is not 狼人杀's night: no 「天黑请闭眼」, and in Japanese not the 夜間 of the vote before it
phase-night = Day { $day }: late night. You may use one card.
action-accept = { -accept }
action-refuse = { -refuse }
action-offer = { -offer }
action-take = { -take }
action-pass = { -pass }
# 3.2 尸体发现公告: no 狼人杀 「平安夜」
morning-none = No body was found.
morning-dead =
    { PLURAL($count) ->
        [one] The body of { $seats } was found.
       *[other] The bodies of { $seats } were found.
    }
# 1.3: whoever is alive at the end wins
game-ended = The game is over. The survivors win: { $winners }.
game-ended-none = The game is over: nobody survived.
step-morning = { -morning }
step-noon = { -noon }
step-vote = { -vote }
step-night = { -night }
step-loot = { -loot }
phase-dawn = Day { $day }: the discovery of the bodies.
phase-morning = Day { $day }: morning.
phase-noon = Day { $day }: noon. Trades are open.
phase-evening = Day { $day }: evening. Vote on the imprisonment.
hand-deal = Your hand: { $cards }.
hand-death = You are dead; your cards stay on your body.
hand-curse = The { -witch_killer } has come to you: you are now a witch.
moved-use = You used { $card }.
moved-seize = You killed the { -witch_killer }'s holder and must take the { -witch_killer }.
moved-loot = You took { $card } from the body of { $target }.
moved-found = As the first finder of { $target }'s body, you took { $card }.
witch-cursed = You hold the { -witch_killer } and are a witch: two nights in a row without a kill and you die.
witch-become = Your kill succeeded: you are now a witch.
probe-result =
    { PLURAL($count) ->
        [one] { -probe }: { $target } holds { $count } card: { $card }.
       *[other] { -probe }: { $target } holds { $count } cards, one of them { $card }.
    }
probe-empty = { -probe }: { $target } holds no cards.
check-yes = { -check }: { $target } was killed by the { -witch_killer }.
check-no = { -check }: { $target } was not killed by the { -witch_killer }.
barrier-success = Your { -barrier } blocked an attack.
attack-unfit = Tonight is not a night to act: your attack was not made, and you keep your card.
loot-look = The body of { $target } holds { $cards }.
loot-empty = The body of { $target } holds no cards.
loot-unclaimed = Unclaimed cards, revealed and discarded: { $cards }.
trade-offered = { $seat } offers you { $card } in trade.
trade-done = Trade made: { $seat }'s { $card } for { $target }'s { $got_card }.
trade-refused = { $seat }'s offer of { $card } to { $target } was refused.
defaulted-refuse = You did not answer the trade offer in time: it is refused.
defaulted-refuse-seat = { $seat } did not answer the trade offer in time: it is refused.
trade-done-given = Trade made: you gave { $card } to { $target } and got { $got_card }.
trade-done-taken = Trade made: you gave { $got_card } to { $seat } and got { $card }.
trade-refused-given = Your offer of { $card } to { $target } was refused.
trade-refused-taken = { $seat }'s offer of { $card } to you was refused.
told-hand-deal = { $told }'s hand: { $cards }.
told-hand-death = { $told } is dead; the cards stay on the body.
told-hand-curse = The { -witch_killer } has come to { $told }, who is now a witch.
told-moved-use = { $told } used { $card }.
told-moved-seize = { $told } killed the { -witch_killer }'s holder and must take the { -witch_killer }.
told-moved-loot = { $told } took { $card } from the body of { $target }.
told-moved-found = As the first finder of { $target }'s body, { $told } took { $card }.
told-witch-cursed = { $told } holds the { -witch_killer } and is a witch: two nights in a row without a kill and { $told } dies.
told-witch-become = { $told }'s kill succeeded: { $told } is now a witch.
told-probe-result =
    { PLURAL($count) ->
        [one] { $told }'s { -probe }: { $target } holds { $count } card, { $card }.
       *[other] { $told }'s { -probe }: { $target } holds { $count } cards, one of them { $card }.
    }
told-probe-empty = { $told }'s { -probe }: { $target } holds no cards.
told-check-yes = { $told }'s { -check }: { $target } was killed by the { -witch_killer }.
told-check-no = { $told }'s { -check }: { $target } was not killed by the { -witch_killer }.
told-barrier-success = { $told }'s { -barrier } blocked an attack.
told-attack-unfit = Tonight is not a night to act: { $told }'s attack was not made, and the card is kept.
told-loot-look = { $told } looks at the body of { $target }: { $cards }.
told-loot-empty = { $told } finds no cards on the body of { $target }.
told-trade-offered = { $seat } offers { $told } { $card } in trade.
told-trade-done = Trade made: { $seat }'s { $card } for { $target }'s { $got_card }.
told-trade-refused = { $seat }'s offer of { $card } to { $target } was refused.
attack-made = { $seat } attacks { $target } with { $card } (attack { $slot } tonight).
killed = { $seat } is killed by { $by }'s { $card }.
wrecked = The witch { $seat } went two nights without a kill and dies as a wreck.
attack-blocked = { $target }'s { -barrier } stopped { $seat }'s attack.
attack-late = { $target } was already dead: { $seat }'s attack card is spent, and { $seat } loots the body.
attack-missed = { $seat }'s { -kill_magic } missed { $target }, whose own { -witch_killer } attack landed.
attack-voided = { $seat } died before attacking { $target }: nothing happens, and the card is kept.
became-witch = { $seat }'s kill succeeded: { $seat } is now a witch.
witch-timer =
    { PLURAL($count) ->
        [one] The witch { $seat } has gone { $count } night without a kill.
       *[other] The witch { $seat } has gone { $count } nights in a row without a kill.
    }
witch_killer-passed = { $seat } died as a wreck: the { -witch_killer } passes to { $target }, who is now a witch.
offer-held = { $seat }'s offer of { $card } to { $target } is held: { $target } cannot take it, and it counts as refused at noon's end.
loot-queued = The body of { $target } is looted by { $seats }, in that order.
leftovers-discarded = Left on the body of { $target } and discarded: { $cards }.
cause-kill_magic = { -kill_magic }
cause-witch_killer = the { -witch_killer }
cause-wreck = a wreck (two nights without a kill)
imprison-done = { $seat } is imprisoned and cannot use cards tonight.
imprison-tie = A tie: nobody is imprisoned tonight.
imprison-invalid = Too few ballots (not more than half of the living): nobody is imprisoned tonight.
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
ruleset-witch_trial = Witch Trial
option-deal_in_order = Deal in order
option-deal_in_order-help = Deal the pool in its given order, 4 cards a seat (prepared deals for demonstrations; the pool is public).
option-days = Days
option-days-help = Days in the game.
option-morning_seconds = Morning
option-morning_seconds-help = The morning talk.
option-noon_seconds = Noon
option-noon_seconds-help = Talk and trade offers.
option-vote_seconds-help = The imprisonment vote.
option-night_seconds = Late night
option-night_seconds-help = Card use in the late night.
option-loot_seconds = Loot
option-loot_seconds-help = Taking cards from the bodies: a fixed time, in seconds.

# The API's `doc` of an option, in English for every language, where it reads otherwise than the help
option-morning_seconds-doc = 晨间: the morning talk.
option-noon_seconds-doc = 午间: talk and trade offers.
option-vote_seconds-doc = 夜间: the imprisonment vote.
option-night_seconds-doc = 深夜: card use.
phase_name-dawn = { -dawn }
phase_name-morning = { -morning_phase }
phase_name-noon = { -noon_phase }
phase_name-evening = { -evening }
phase_name-night = { -night_phase }
result-early_end = Ended early: one survivor or none
result-days_over = The days ran out

## Role cards: what each card does and when, and the states a player can be in: every player is a prisoner who wins by being alive at the end, and may become a witch (GET /rulesets/{id}, the play page)
-prisoner = prisoner
-witch = witch

state-prisoner = { -prisoner }
state-witch = { -witch }
state-prisoner-card = Every player is a { -prisoner } of the witches' jail, on no side. You start with four cards (four at most), may trade during { -noon } and use one card in the { -night }. You win if you are alive when the game ends.
state-witch-card = Holding the { -witch_killer }, or killing someone with { -kill_magic }, makes you a { -witch }. Two nights in a row without a kill and you die as a wreck; a kill starts the count again. You win if you are alive when the game ends.
role-witch_killer-card = The one cursed card: never used up, never traded. It attacks the player you name, before every other attack. Its holder is a { -witch } and in the { -night } may only use the { -witch_killer } or { -pass }. A { -probe } shows it as { -kill_magic }.
role-barrier-card = Used up when used. In the { -night } it protects you from every attack that night; you are told when it stopped one.
role-kill_magic-card = Used up when used. In the { -night } it attacks another living player, after the { -witch_killer }; three attacks a night at most. A kill makes you a { -witch }, and you may take one card from the body.
role-probe-card = Used up when used. In the { -night } you learn how many cards another living player holds and the name of one at random (the { -witch_killer } shows as { -kill_magic }). They are not told.
role-check-card = Used up when used. In the { -night }, used on a dead player, it tells whether the { -witch_killer } killed them.
