### magic_city (magic_city.md).


## The glossary: the document's words, each written once.

-citizen = citizen
-prophet = prophet
-medium = medium
-knight = knight
-dragon = dragon
-spirit_caller = spirit caller
-mason = mason
-moneylender = moneylender
-marksman = marksman
-golem = golem
-evil_eye = evil-eyed werewolf
-chimera = chimera
-foxkin = foxkin
-demon = demon
-mages_guild = Mages' Guild
-babel = Tower of Babel
-court = Court
-prison = Prison
-graveyard = Graveyard
-library = Library
-airship = Airship
-vortex = Vortex of Souls
-legend_tree = Legendary Tree
-illusion_garden = Illusionist's Garden
-guild = Guild
-thieves = Thieves
-mirror_shop = Magic Mirror Shop
-bank = Bank
-cult = Cult
-casino = Casino
-beast_forest = Forest of Beasts
-slum = Slum
-arena = Arena
-academy = Academy of Magic
-altar = Altar
-bathhouse = Bathhouse
-church = Church
-clock_tower = Clock Tower
-parliament = Parliament
-curse = curse
-lend = loan
-predict = guess
-event = event choice
-check = the role check
-silence = the first minute of discussion
-vote_runoff = the runoff
-event_step = the event
-humans = the humans

## Messages

error-bad_roles-evil = Invalid role list: a game of { $players } takes { $needed } of the werewolf side, { -foxkin } and { -demon } together, not { $dealt }.
error-bad_roles-citizens =
    { PLURAL($needed) ->
        [one] Invalid role list: a game of { $players } takes { $needed } { -citizen }, not { $dealt }.
       *[other] Invalid role list: a game of { $players } takes { $needed } { -citizen }s, not { $dealt }.
    }
error-bad_roles-no_werewolf = Invalid role list: at least one werewolf (an { -evil_eye } counts) is needed.
error-bad_roles-masons = Invalid role list: { -mason }s come in a pair.
error-bad_roles-twice =
    { PLURAL($count) ->
        [one] Invalid role list: only one { $roles }.
       *[other] Invalid role list: only one of each: { $roles }.
    }
error-cursed_silent = You are cursed: you cannot speak in the first minute of the discussion.
error-babel_word = { -babel }: you may say only the given word.
error-library_suffix = { -library }: end what you say with the given word.
error-incantation_required = { -academy }: a vote needs an incantation.
role-citizen = { -citizen }
role-prophet = { -prophet }
role-medium = { -medium }
role-knight = { -knight }
role-dragon = { -dragon }
role-spirit_caller = { -spirit_caller }
role-mason = { -mason }
role-moneylender = { -moneylender }
role-marksman = { -marksman }
role-golem = { -golem }
role-evil_eye = { -evil_eye }
role-chimera = { -chimera }
role-foxkin = { -foxkin }
role-demon = { -demon }
card-mages_guild = { -mages_guild }
card-babel = { -babel }
card-court = { -court }
card-prison = { -prison }
card-graveyard = { -graveyard }
card-library = { -library }
card-airship = { -airship }
card-vortex = { -vortex }
card-legend_tree = { -legend_tree }
card-illusion_garden = { -illusion_garden }
card-guild = { -guild }
card-thieves = { -thieves }
card-mirror_shop = { -mirror_shop }
card-bank = { -bank }
card-cult = { -cult }
card-casino = { -casino }
card-beast_forest = { -beast_forest }
card-slum = { -slum }
card-arena = { -arena }
card-academy = { -academy }
card-altar = { -altar }
card-bathhouse = { -bathhouse }
card-church = { -church }
card-clock_tower = { -clock_tower }
card-parliament = { -parliament }
action-curse = { -curse }
action-lend = { -lend }
action-predict = { -predict }
action-event = { -event }
action-event_card = { -event }
action-event_direction = { -event }
action-event_minutes = { -event }
action-event_target = { -event }
action-event_targets = { -event }
action-event_word = { -event }
step-check = { -check }
step-shot = the { -marksman }'s shot
step-silence = { -silence }
step-vote_runoff = { -vote_runoff }
step-court = the { -court } vote
step-court_runoff = the { -court } runoff
step-prison = the { -prison } vote
step-prison_runoff = the { -prison } runoff
step-event_choice = { -event_step }
step-event_target = { -event_step }
step-event_targets = { -event_step }
step-event_word = { -event_step }
step-event_minutes = { -event_step }
step-event_direction = { -event_step }
step-event_card = { -event_step }
game-ended-none = The game is over: a draw.
executed = It has been decided that { $seat } will be executed today.
phase-night = Well then, everyone, it seems night has come. Please close your eyes. (Night { $day })
morning-dead =
    { PLURAL($count) ->
        [one] Morning has come, everyone. Please open your eyes. The body of { $seats } has been found.
       *[other] Morning has come, everyone. Please open your eyes. The bodies of { $seats } have been found.
    }
morning-none = Morning has come, everyone. Please open your eyes. No body was found this morning.
# gm-events.md: 「人狼が全滅した場合人間勝利」, 「人狼と人間陣営の人数」
team-village = { -humans }
team-demon = the { -demon }
first_seer-on = first-day divination
first_seer-off = no first-day divination
consecutive_guard-on = consecutive guards allowed
consecutive_guard-off = no consecutive guards
night_talk-on = night talk
night_talk-off = no night talk
format-simultaneous = simultaneous vote
format-ordered = ordered vote
format-free = free vote
tie-no_execution = a second tie executes nobody
tie-draw = a second tie draws the game
city-rules = Rules: { $first_seer }; { $consecutive_guard }; { $night_talk }; { $format }; { $tie }. Event cards: { $cards }.
partners-known =
    { PLURAL($count) ->
        [one] Your fellow { -mason } is { $seats }.
       *[other] Your fellow { -mason }s are { $seats }.
    }
cult-wolves = The werewolves are { $seats }.
garden-die = The die shows { $die }.
told-partners-known = The { -mason }s learn each other: { $seats }.
told-cult-wolves = { $told } learns who the werewolves are: { $seats }.
told-garden-die = The die { $told } rolled shows { $die }.
cause-arena = the { -arena } event
cause-curse = divined by the { -prophet } (the { -foxkin }'s curse)
cause-event = the day's event
cause-graveyard = the { -graveyard } event
cause-legend_tree = the { -legend_tree } event
cause-shot = shot by the { -marksman }
cause-spirit_caller = the { -spirit_caller }'s power
# The moderator's record of the events and the night
deck-shuffled = The event cards in play, in drawing order: { $cards }.
event-drawn = { $seat } draws { $cards } and chooses one.
event-airship = The { -airship }: the next event is chosen from the whole deck.
event-minutes = The { -bathhouse }: tomorrow's discussion lasts { $minutes }.
event-target = The event names { $target }.
tree-bound = The { -legend_tree } binds { $seats }: if one dies, so does the other.
garden-turned-left =
    { PLURAL($count) ->
        [one] The { -illusion_garden }: tonight's attacks move { $count } living player to the left.
       *[other] The { -illusion_garden }: tonight's attacks move { $count } living players to the left.
    }
garden-turned-right =
    { PLURAL($count) ->
        [one] The { -illusion_garden }: tonight's attacks move { $count } living player to the right.
       *[other] The { -illusion_garden }: tonight's attacks move { $count } living players to the right.
    }
casino-turned-citizen = The { -casino }: the card turned is a { -citizen }; no attack tonight.
casino-turned-werewolf = The { -casino }: the card turned is a werewolf; two attacks tonight.
named = Named for the first time since the deal: { $seats }.
attack-chosen = The werewolves attack { $target } tonight.
attack-chosen-second = The werewolves' second attack tonight: { $target }.
attack-chosen-none = The werewolves attack nobody tonight.
chimera-predicted = The { -chimera } { $seat } predicts that the werewolves will attack { $target }.
city-guarded = The { $role } { $seat } guards { $target } tonight.
lent = The { -moneylender } { $seat } names { $target }: tomorrow { $target } cannot vote, and the { -moneylender }'s vote counts two.
fox-divined = The { -foxkin } { $seat } was divined tonight and dies at dawn.
prediction-matched = The { -chimera } { $seat } predicted tonight's victim and awakens; it is announced in the morning.
night-attacks = Tonight's attacks, after the events: { $seats }.
night-attacks-none = No attack lands tonight.
demon-won = The { -demon } { $seat } was named and has died: the { -demon } wins alone.
chimera-awakened = The { -chimera } seems to have awakened.
curse-on = { $seat } may neither speak nor gesture for the first minute of today's discussion; the moderator will say when it is over.
curse-none = Nobody is under the { -evil_eye }'s curse today.
curse-lifted = The minute is over.
altar-role = { $seat }'s role was { $role }.
marksman-revealed = The executed { $seat } is the { -marksman }. { $seat }, choose at once whom to shoot.
event-chosen = Event: { $card }.
event-none = No event takes place.
event-babel = Until the next night falls, the living may say nothing but “{ $word }”.
event-library = In tomorrow's discussion the living must end what they say with “{ $word }”.
prison-chosen = { $seat } is kept out of the game for the coming night.
prison-none = Nobody is sent to the { -prison }.
today-academy = Today's vote is free, and every vote must come with an incantation.
act-vote-said = { $seat } votes for { $target }, with the incantation “{ $text }”.
act-abstain-said = { $seat } abstains, with the incantation “{ $text }”.
today-library = In today's discussion, end everything you say with “{ $word }”.
today-altar = From now on the roles of the dead are revealed.
today-bathhouse = For the first { $minutes } of today's discussion, talk only about things that have nothing to do with werewolves.
today-church = { $seats } may join today's discussion, but not vote.
today-clock_tower = Today's discussion lasts { $minutes }.
today-bank = As morning breaks, { $seat } holds the power of two votes.
today-thieves = As morning breaks, { $seat }'s vote has been stolen: no vote today.
today-parliament = Today's vote format: { $format }.
today-babel = In today's discussion say nothing but “{ $word }”; gestures are free.
died-court = By the { -court }'s verdict, { $seats } is executed.
died-shot = { $seats } is shot.
died-event = { $seats } leaves the game.
died-legend_tree = { $seats } leaves the game too.
ruleset-magic_city = Werewolves of the Magic City
option-consecutive_guard-help = The { -knight }, the { -dragon } and the { -spirit_caller } may protect the same player twice in a row.
option-vote_seconds-help = A vote (in ordered votes, one voter's turn).
option-first_seer = First-day divination
option-first_seer-help = The { -prophet } divines at the role check.
option-night_talk = Night talk
option-night_talk-help = The wolves and the masons talk at night.
option-vote_format = Vote format
option-vote_format-help = Simultaneous (revealed at the close), ordered (public, in seat order) or free (public, changeable).
option-vote_format-simultaneous = simultaneous
option-vote_format-ordered = in seat order
option-vote_format-free = free
option-tie_rule = Second tie
option-tie_rule-help = A tie again after the runoff: nobody is executed, or the game is drawn.
option-tie_rule-no_execution = nobody is executed
option-tie_rule-draw = the game is drawn
option-role_check_seconds = Role check
option-role_check_seconds-help = One step of the role check.
option-discussion_minute_seconds = Discussion minute
option-discussion_minute_seconds-help = One minute of discussion (the day lasts living − 4 of them).
option-curse_seconds = Curse
option-curse_seconds-help = The cursed player's silence.
option-event_seconds = Event choice
option-event_seconds-help = The executed player's choice of an event and its parameters.
option-shot_seconds-help = The { -marksman }'s shot.
choice-left = Left
choice-right = Right
choice-1 = The first card
choice-2 = The second card
result-village = The humans win
result-demon = The { -demon } wins
result-draw = A draw
option-event_mages_guild = { -mages_guild }
option-event_mages_guild-help = This event card is in the deck: { -mages_guild }.
option-event_babel = { -babel }
option-event_babel-help = This event card is in the deck: { -babel }.
option-event_court = { -court }
option-event_court-help = This event card is in the deck: { -court }.
option-event_prison = { -prison }
option-event_prison-help = This event card is in the deck: { -prison }.
option-event_graveyard = { -graveyard }
option-event_graveyard-help = This event card is in the deck: { -graveyard }.
option-event_library = { -library }
option-event_library-help = This event card is in the deck: { -library }.
option-event_airship = { -airship }
option-event_airship-help = This event card is in the deck: { -airship }.
option-event_vortex = { -vortex }
option-event_vortex-help = This event card is in the deck: { -vortex }.
option-event_legend_tree = { -legend_tree }
option-event_legend_tree-help = This event card is in the deck: { -legend_tree }.
option-event_illusion_garden = { -illusion_garden }
option-event_illusion_garden-help = This event card is in the deck: { -illusion_garden }.
option-event_guild = { -guild }
option-event_guild-help = This event card is in the deck: { -guild }.
option-event_thieves = { -thieves }
option-event_thieves-help = This event card is in the deck: { -thieves }.
option-event_mirror_shop = { -mirror_shop }
option-event_mirror_shop-help = This event card is in the deck: { -mirror_shop }.
option-event_bank = { -bank }
option-event_bank-help = This event card is in the deck: { -bank }.
option-event_cult = { -cult }
option-event_cult-help = This event card is in the deck: { -cult }.
option-event_casino = { -casino }
option-event_casino-help = This event card is in the deck: { -casino }.
option-event_beast_forest = { -beast_forest }
option-event_beast_forest-help = This event card is in the deck: { -beast_forest }.
option-event_slum = { -slum }
option-event_slum-help = This event card is in the deck: { -slum }.
option-event_arena = { -arena }
option-event_arena-help = This event card is in the deck: { -arena }.
option-event_academy = { -academy }
option-event_academy-help = This event card is in the deck: { -academy }.
option-event_altar = { -altar }
option-event_altar-help = This event card is in the deck: { -altar }.
option-event_bathhouse = { -bathhouse }
option-event_bathhouse-help = This event card is in the deck: { -bathhouse }.
option-event_church = { -church }
option-event_church-help = This event card is in the deck: { -church }.
option-event_clock_tower = { -clock_tower }
option-event_clock_tower-help = This event card is in the deck: { -clock_tower }.
option-event_parliament = { -parliament }
option-event_parliament-help = This event card is in the deck: { -parliament }.

# The API's `doc` of an option, in English for every language, where it reads otherwise than the help
option-first_seer-doc = 初日占い: the 予言者 divines at the role check.
option-consecutive_guard-doc = 連続護衛: a guard may protect the same player twice in a row.
option-night_talk-doc = 内通: the wolves and the 共有者 talk at night.
option-vote_format-doc = 投票形式: 一斉 (revealed at the close), 順番 (public, in seat order), 自由 (public, changeable).
option-night_step_seconds-doc = One role step of the night.
option-vote_seconds-doc = A vote (in 順番, one voter's turn).
option-shot_seconds-doc = The 狩人's shot.
option-event_mages_guild-doc = The event card mages_guild is in the deck.
option-event_babel-doc = The event card babel is in the deck.
option-event_court-doc = The event card court is in the deck.
option-event_prison-doc = The event card prison is in the deck.
option-event_graveyard-doc = The event card graveyard is in the deck.
option-event_library-doc = The event card library is in the deck.
option-event_airship-doc = The event card airship is in the deck.
option-event_vortex-doc = The event card vortex is in the deck.
option-event_legend_tree-doc = The event card legend_tree is in the deck.
option-event_illusion_garden-doc = The event card illusion_garden is in the deck.
option-event_guild-doc = The event card guild is in the deck.
option-event_thieves-doc = The event card thieves is in the deck.
option-event_mirror_shop-doc = The event card mirror_shop is in the deck.
option-event_bank-doc = The event card bank is in the deck.
option-event_cult-doc = The event card cult is in the deck.
option-event_casino-doc = The event card casino is in the deck.
option-event_beast_forest-doc = The event card beast_forest is in the deck.
option-event_slum-doc = The event card slum is in the deck.
option-event_arena-doc = The event card arena is in the deck.
option-event_academy-doc = The event card academy is in the deck.
option-event_altar-doc = The event card altar is in the deck.
option-event_bathhouse-doc = The event card bathhouse is in the deck.
option-event_church-doc = The event card church is in the deck.
option-event_clock_tower-doc = The event card clock_tower is in the deck.
option-event_parliament-doc = The event card parliament is in the deck.

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = werewolf
-madman = madman

role-citizen-card = You are with { -humans }, with no special ability. Find the { -werewolf } players by discussion and vote: { -humans } win once every wolf, the { -chimera } included, has left the game.
role-prophet-card = You are with { -humans }. Each night name one player whose identity you want to know and learn whether they are a { -werewolf } or not (the { -foxkin }, once named, leaves the game). With first-day divination on, you also divine one player at the role check. The humans win once every wolf has left the game.
role-medium-card = You are with { -humans }. Each night you learn whether the player executed that day was a { -werewolf } or not. The humans win once every wolf has left the game.
role-knight-card = You are with { -humans }. Each night choose one player other than yourself to protect from the { -werewolf } attack (whether the same player may be guarded twice in a row is announced before the game). The humans win once every wolf has left the game.
role-dragon-card = You are with { -humans }. You wake with the { -knight } and choose one player to protect together: if you differ the { -knight }'s choice stands, and with the { -knight } gone you protect alone. The humans win once every wolf has left the game.
role-spirit_caller-card = You are with { -humans }. Each night choose one player to protect from the { -werewolf } attack; but if the wolves attack the { -spirit_caller }, the player you protected leaves the game too. The humans win once every wolf has left the game.
role-mason-card = You are with { -humans }. The { -mason } players are a pair who know each other (they may talk at night if the game allows it). The humans win once every wolf has left the game.
role-moneylender-card = You are with { -humans }. Once per game, at night, you may name one player for a { -lend }: the next day they cannot vote and the { -moneylender }'s vote counts twice. The humans win once every wolf has left the game.
role-marksman-card = You are with { -humans }. When you are executed, you at once shoot one living player, who leaves the game. The humans win once every wolf has left the game.
role-golem-card = You are a { -citizen } with { -humans }. While the { -golem } lives, the { -graveyard } and the second attack of the { -beast_forest } and the { -casino } fail. The humans win once every wolf has left the game.
role-madman-card = You are on the werewolves' side, with no ability, and you do not know who the werewolves are (the { -cult } may tell you). You count as human. You win once the werewolves are at least as many as the humans.
role-werewolf-card = You are on the werewolves' side. Each night you choose with the other wolves one player to attack. You win once the werewolves are at least as many as the humans (the { -madman } and the { -demon } count as human, the { -foxkin } as neither).
role-evil_eye-card = You are a { -werewolf } who attacks with the pack. Each night you also put a { -curse } on one player, who cannot speak during the next discussion's first minute. You win once the werewolves are at least as many as the humans.
role-chimera-card = You are on the werewolves' side. Until you awaken, the { -prophet } and the count see you as human, and you do not know the werewolves. Each night you { -predict } the wolves' target: when you guess right, or become the last of their side able to attack, you awaken and attack with them as a { -werewolf }. While you live, { -humans } cannot win.
role-foxkin-card = You play alone. A { -werewolf } attack does not put you out, but the { -prophet } naming you does. If you are alive when a side wins, the { -foxkin } wins instead.
role-demon-card = You play alone and count as human. Once an ability or an event other than the wolves' attack and the ordinary execution vote has named you, if you then leave the game for any reason, the { -demon } wins alone at once, over every other win.
