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
