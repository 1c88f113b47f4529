### langrensha (langrensha.md).


## The glossary: the document's words, each written once.

-alpha_wolf = alpha wolf
-white_wolf = white wolf
-wolf_beauty = wolf beauty
-guardian_wolf = guardian wolf
-hidden_wolf = hidden wolf
-blood_moon = blood moon apostle
-nightmare = nightmare wolf
-witch = witch
-huntsman = hunter
-guard = guard
-idiot = idiot
-elder = elder
-knight = knight
-magician = magician
-cupid = cupid
-raven = raven
-graveyard_keeper = graveyard keeper
-thief = thief
-badge = pass the badge
-block = block
-charm = charm
-duel = duel
-link = choose the lovers
-mark = mark
-pick = pick a card
-poison = poison
-save = antidote
-shield = shield
-stand = running for sheriff
-swap = swap
-white_kill = kill a wolf
-shot = the shot
-exile_vote = the exile vote
-sheriff_vote = the sheriff vote
-candidacy = running for sheriff
-withdraw = withdrawing from the race
-impeach = the impeachment
-duel_step = the duel
-lovers = the lovers
-neutral = neutral
-good = villager
-inspect = inspection

## Messages

error-bad_roles-count_spare =
    { PLURAL($dealt) ->
        [one] Invalid role list: { $dealt } card for a game of { $players } and the { -thief }'s two spare cards.
       *[other] Invalid role list: { $dealt } cards for a game of { $players } and the { -thief }'s two spare cards.
    }
error-bad_roles-thief_cupid = Invalid role list: at most one { -thief } and one { -cupid }.
error-bad_roles-few_wolves =
    { PLURAL($needed) ->
        [1] Invalid role list: at least one werewolf is needed.
       *[other] Invalid role list: with a { -thief }, at least { $needed } werewolves are needed.
    }
role-alpha_wolf = { -alpha_wolf }
role-white_wolf = { -white_wolf }
role-wolf_beauty = { -wolf_beauty }
role-guardian_wolf = { -guardian_wolf }
role-hidden_wolf = { -hidden_wolf }
role-blood_moon = { -blood_moon }
role-nightmare = { -nightmare }
role-witch = { -witch }
role-huntsman = { -huntsman }
role-guard = { -guard }
role-idiot = { -idiot }
role-elder = { -elder }
role-knight = { -knight }
role-magician = { -magician }
role-cupid = { -cupid }
role-raven = { -raven }
role-graveyard_keeper = { -graveyard_keeper }
role-thief = { -thief }
action-badge = { -badge }
action-block = { -block }
action-charm = { -charm }
action-duel = { -duel }
action-inspect = { -inspect }
action-link = { -link }
action-mark = { -mark }
action-pick = { -pick }
action-poison = { -poison }
action-save = { -save }
action-shield = { -shield }
action-stand = { -stand }
action-swap = { -swap }
action-white_kill = { -white_kill }
step-shot = { -shot }
step-exile_vote = { -exile_vote }
step-sheriff_vote = { -sheriff_vote }
step-candidacy = { -candidacy }
step-withdraw = { -withdraw }
step-badge = { -badge }
step-impeach = { -impeach }
step-duel = { -duel_step }
executed = By the vote, { $seat } is exiled.
vote-none = Nobody is exiled today.
team-lovers = { -lovers }
team-neutral = { -neutral }
label-good = { -good }
died-day = { $seats } died.
nightmare-blocked = Your ability is blocked tonight.
thief-cards = The two spare cards are { $role } and { $label }.
witch-target = Tonight the wolves attacked { $target }.
witch-target-self = Tonight the wolves attacked you.
lovers-partner = You and { $target } ({ $role }) are lovers.
graveyard-result = { $target }'s role was { $role }.
apostle-turned = Every other wolf is dead: you are now a werewolf.
told-apostle-turned = Every other wolf is dead: { $told } is now a werewolf.
told-graveyard-result = { $told }'s inspection: { $target }'s role was { $role }.
told-lovers-partner = { $told }'s lover is { $target } ({ $role }).
told-nightmare-blocked = { $told }'s ability is blocked tonight.
told-thief-cards = The two spare cards shown to { $told }: { $role } and { $label }.
told-witch-target = The { -witch } { $told } learns that the wolves attacked { $target } tonight.
action-impeach = { -impeach }
action-withdraw = { -withdraw }
cause-charm = the { -wolf_beauty }'s charm
cause-duel = the { -knight }'s duel
cause-exile = the exile vote
cause-heartbreak = heartbreak, following a lover
cause-hunter_shot = shot by the { -huntsman }
cause-poison = the { -witch }'s poison
cause-white_wolf = taken by the { -white_wolf }
cause-wolf_shot = shot by the { -alpha_wolf }
# The moderator's record of the night
lovers-linked = The { -cupid } { $seat } made { $seats } lovers.
swapped = The { -magician } { $seat } swapped the roles of { $seats }.
blocked = The { -nightmare } { $seat } blocks { $target }'s ability tonight.
guarded = The { -guard } { $seat } guards { $target } tonight.
guarded-none = The { -guard } { $seat } guards nobody tonight.
shielded = The { -guardian_wolf } { $seat } shields { $target } tonight.
pack-attacked = The werewolves attack { $target } tonight.
pack-attacked-none = The werewolves attack nobody tonight.
white_wolf-killed = The { -white_wolf } { $seat } kills { $target }.
witch-saved = The { -witch } { $seat } saves { $target } with the antidote.
witch-poisoned = The { -witch } { $seat } poisons { $target }.
raven-marked = The { -raven } { $seat } marks { $target }: one extra vote against { $target } at the next exile vote.
elder-survived = The { -elder } { $seat } survives the werewolves' attack and spends the extra life.
shot-fired = { $seat } shoots { $target }.
sheriff-candidates = Running for sheriff: { $seats }.
sheriff-none = There is no sheriff.
sheriff-elected = { $seat } is the sheriff.
sheriff-withdrawn = { $seats } withdrew.
badge-passed = The badge passes to { $seat }.
badge-torn = The badge is torn.
impeach-tally =
    { PLURAL($count) ->
        [one] { $count } vote to impeach.
       *[other] { $count } votes to impeach.
    }
sheriff-impeached = The sheriff is impeached.
idiot-revealed = { $seat } is the { -idiot }: { $seat } survives but can no longer vote.
elder-penalty = { $seat }, exiled, was the { -elder }: the village's powers are lost.
knight-duel = The { -knight } { $seat } duels { $target }.
ruleset-langrensha = Langrensha (Chinese Werewolf)
option-candidacy_seconds = Candidacy
option-candidacy_seconds-help = Standing for sheriff.
option-withdraw_seconds = Withdrawal
option-withdraw_seconds-help = Withdrawing from the sheriff election (standard rules).
option-shot_seconds-help = The step after deaths in which shots are fired.
option-badge_seconds = Badge
option-badge_seconds-help = The dead sheriff passes or tears the badge.
option-duel_seconds = Duel
option-duel_seconds-help = The { -knight }'s chance to duel before the vote.
option-impeach_seconds = Impeachment vote
option-impeach_seconds-help = The impeachment vote.
option-witch_self_save = Witch saves herself
option-witch_self_save-help = When the { -witch } may save herself.
option-witch_self_save-always = always
option-witch_self_save-first_night = the first night only
option-witch_self_save-never = never
option-witch_sees_target = Witch sees the target
option-witch_sees_target-help = When the { -witch } learns the wolves' target.
option-witch_sees_target-always = always
option-witch_sees_target-while_antidote = while she has the antidote
option-guard_and_save_kills = Guarded and saved dies
option-guard_and_save_kills-help = A player both guarded and saved dies.
option-guard_self = Guard protects themselves
option-guard_self-help = When the { -guard } may guard themselves.
option-guard_self-any = any night
option-guard_self-first_night = the first night only
option-exile_tie = Tied exile vote
option-exile_tie-help = A tied exile vote: nobody is exiled, or PK speeches and a revote.
option-exile_tie-none = nobody is exiled
option-exile_tie-pk = PK speeches and a revote
option-sheriff_rules = Sheriff election
option-sheriff_rules-help = As the rule document says, or standard: only non-candidates vote, and candidates may withdraw.
option-sheriff_rules-document = as the rule document says
option-sheriff_rules-standard = standard
option-last_words = Last words
option-last_words-help = Who leaves last words.
option-last_words-night1_and_exile = those killed the first night and the exiled
option-last_words-none = nobody
option-impeachment = Impeachment
option-impeachment-help = A majority may strip the sheriff of the badge before the exile vote.
choice-stand = Stand
choice-pass = Do not stand
choice-stay = Stay in
choice-withdraw = Withdraw
choice-keep = Keep the sheriff
choice-impeach = Impeach
result-lovers = The lovers win
result-mixed_lovers = The lovers win (a wolf and a villager)
result-no_winner = Nobody wins
item-antidote = { -save }
item-poison = { -poison }

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = werewolf
-villager = villager
-seer = seer

role-werewolf-card = As a { -werewolf }, you are on the werewolves' side. Each night you choose with the other wolves one villager to attack; by day you hide what you are and avoid exile. You win once the werewolves are at least as many as the villagers.
role-alpha_wolf-card = You are on the werewolves' side and attack with the pack at night. When you are exiled by the vote or shot by the { -huntsman }, you may take one living player with you ({ -shot }); not when you are poisoned. You win once the werewolves are at least as many as the villagers.
role-white_wolf-card = You are on the werewolves' side and attack with the pack at night. On odd nights you may also { -white_kill } after the pack's attack (or skip it). You win once the werewolves are at least as many as the villagers.
role-wolf_beauty-card = You are on the werewolves' side and attack with the pack at night. Once per game you may { -charm } one player: when the { -wolf_beauty } dies, the charmed player dies at once. You win once the werewolves are at least as many as the villagers.
role-guardian_wolf-card = You are on the werewolves' side and attack with the pack at night. Each night you may { -shield } one wolf (yourself included) from being killed that night, or skip it. You win once the werewolves are at least as many as the villagers.
role-hidden_wolf-card = You are on the werewolves' side and attack with the pack at night. The { -seer } sees you as a villager; otherwise you are an ordinary { -werewolf }. You win once the werewolves are at least as many as the villagers.
role-blood_moon-card = You are on the werewolves' side, but you do not meet the wolves at night at first, and the { -seer } sees you as a villager. When every other { -werewolf } is dead, you turn into a { -werewolf } and attack with the pack; the village must get rid of you too to win. You win once the werewolves are at least as many as the villagers.
role-nightmare-card = You are on the werewolves' side and attack with the pack at night. Each night you may { -block } one living player other than yourself: they cannot use their ability that night. You may skip it. You win once the werewolves are at least as many as the villagers.
role-villager-card = You are on the village's side. A { -villager } has no special ability: you speak and vote by day to find the werewolves. The village wins once every { -werewolf } is gone.
role-seer-card = You are on the village's side. Each night you may check one player and learn whether they are a { -werewolf } or a villager (the { -hidden_wolf } and an unturned { -blood_moon } read as villager). The village wins once every { -werewolf } is gone.
role-witch-card = You are on the village's side, with one { -save } and one { -poison }, each usable once per game and at most one a night: the { -save } saves the player the wolves attacked that night, the { -poison } kills any player. You learn the wolves' target each night. The village wins once every { -werewolf } is gone.
role-huntsman-card = You are on the village's side. When the wolves kill you or the vote exiles you, you may take one player with you ({ -shot }); not when you are poisoned. The village wins once every { -werewolf } is gone.
role-guard-card = You are on the village's side. Each night you may { -shield } one player from the wolves' attack, but never the same player two nights running. The village wins once every { -werewolf } is gone.
role-idiot-card = You are on the village's side. The first time the vote exiles you, your card is revealed and you live on without a vote; you still speak, and the wolves may still attack you at night. The village wins once every { -werewolf } is gone.
role-elder-card = You are on the village's side, with two lives: you survive one attack by the wolves. But if the vote exiles you, every special role of the village loses its ability. The village wins once every { -werewolf } is gone.
role-knight-card = You are on the village's side. Once per game, before the vote, you may challenge one player to a { -duel }: if they are a { -werewolf } they die at once, otherwise the { -knight } dies. The village wins once every { -werewolf } is gone.
role-magician-card = You are on the village's side. Once per game, at night, you may { -swap } two players' roles; both learn their new role. The village wins once every { -werewolf } is gone.
role-cupid-card = You are on the village's side. On the first night you choose two players to be lovers ({ -link }): they learn each other's role, and when one dies the other dies of a broken heart. The village wins once every { -werewolf } is gone; if the lovers are a wolf and a villager, you win with { -lovers } when only the two of them are left.
role-raven-card = You are on the village's side. Each night you may put your { -mark } on one player: the next day's { -exile_vote } counts one extra vote against them. The village wins once every { -werewolf } is gone.
role-graveyard_keeper-card = You are on the village's side. Each night you may learn the true role of one dead player, or skip it. The village wins once every { -werewolf } is gone.
role-thief-card = You are { -neutral }. On the first night you see the two cards nobody was dealt and may take one as your role ({ -pick }), or stay a plain { -villager }; if both are wolves, you must take one. From then on you win with the side of the role you took.
