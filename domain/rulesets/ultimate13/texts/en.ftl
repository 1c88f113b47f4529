### ultimate13: the thirteen-player village (ultimate13.md).


## The glossary: the document's words, each written once.

-medium = medium
# 狩人 guards (狼人杀's 守卫), so in English it is the bodyguard: langrensha's hunter is the one who shoots.
-hunter = bodyguard

## Messages

role-medium = { -medium }
role-hunter = { -hunter }
medium-result = Medium result for the executed { $target }: { $label }.
# The free discussion ends at its deadline: a seat that has not said it is ready skipped nothing
defaulted-speak = The discussion is over.
defaulted-speak-seat = { $seat } had not said ready when the discussion ended.
told-medium-result = { $told }'s medium result for the executed { $target }: { $label }.
# jinro9.md's morning: 「朝が明けると、○○と○○の死体が発見されました」 (in Japanese the dead joined by `list-and`)
morning-dead =
    { PLURAL($count) ->
        [one] As morning breaks, the body of { $seats } is found.
       *[other] As morning breaks, the bodies of { $seats } are found.
    }
ruleset-ultimate13 = Ultimate Werewolf for thirteen
option-medium_result = Medium's result
option-medium_result-help = What the { -medium } learns.
option-medium_result-role = the role
option-medium_result-alignment = human or werewolf
option-wolf_attack_wolf = Wolves may attack wolves
option-wolf_attack_wolf-help = Wolves may attack a fellow wolf.
option-madman_counts_as_human = Madman counts as human
option-madman_counts_as_human-help = The madman counts for the village at parity.

# The API's `doc` of an option, in English for every language, where it reads otherwise than the help
option-vote_seconds-doc = The vote.
option-consecutive_guard-doc = The bodyguard (狩人) may guard the same player twice in a row.

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)
# The shared catalog's words the cards name, as the shared catalog writes them (a test checks they agree)
-werewolf = werewolf

role-medium-card = You are on the village's side. At the start of each night you learn the role of the player executed that day (or, by the game's settings, only whether they were a { -werewolf }). The village wins once every { -werewolf } has been executed.
role-hunter-card = You are on the village's side. Each night from the first day on, guard one living player from the { -werewolf } attack. You cannot guard yourself, but you may guard the same player on consecutive nights (unless the game's settings forbid it). The village wins once every { -werewolf } has been executed.
