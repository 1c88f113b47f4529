### jinro9: the nine-player village (jinro9.md).


## The glossary: the document's words, each written once.

-medium = medium
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = bodyguard

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead =
    { PLURAL($count) ->
        [one] As morning breaks, the body of { $seats } is found.
       *[other] As morning breaks, the bodies of { $seats } are found.
    }
ruleset-jinro9 = Werewolf for nine
option-vote_seconds-help = The vote and the runoff.
option-last_words_seconds-help = The executed player's last words.
option-night0_seconds-help = Night 0: the wolves' meeting.

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = werewolf
-madman = madman
-fox = fox

role-medium-card = You are on the village's side. At the start of each night you learn whether the player executed that day was a { -werewolf } (the { -madman } and the { -fox } read as human). The village wins once every { -werewolf } has been executed.
role-hunter-card = You are on the village's side. Each night from the first day on, guard one player from the { -werewolf } attack. You cannot guard yourself, nor the player you guarded the night before (on the first night you may guard nobody). The village wins once every { -werewolf } has been executed.
