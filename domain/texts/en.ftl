### Texts every game shares: the moderator's announcements, decisions, refusals, option names and the words of the werewolf village.


## The glossary: the werewolf village's words, each written once.

-villager = villager
-seer = seer
-werewolf = werewolf
-madman = madman
-fox = fox

## The roles every village shares, by their usual names (a ruleset's catalog has its own words for the roles its document names otherwise, as ultimate13's 霊媒師), and their sides

role-villager = { -villager }
role-seer = { -seer }
role-werewolf = { -werewolf }
role-madman = { -madman }
role-fox = { -fox }
team-village = the village
team-wolves = the werewolves
team-fox = the { -fox }

## The moderator's announcements

game-created =
    { PLURAL($count) ->
        [one] The game was created ({ $ruleset }, { $count } player).
       *[other] The game was created ({ $ruleset }, { $count } players).
    }
game-joined = { $name } joined the game.
game-left = The player in seat { $number } left the game; the seats after it move up one.
game-started = The game begins.
game-won = The game is over: victory to { $teams }. Winners: { $winners }.
game-ended = The game is over. Winners: { $winners }.
game-ended-none = The game is over. Nobody wins.
step-turn = { $seat }'s turn: { $step }.
step-opened = Now: { $step }.
speaking-order =
    { PLURAL($count) ->
        [one] Today's speaking order: { $seats } ({ $count } round).
       *[other] Today's speaking order: { $seats } ({ $count } rounds).
    }
prompt = Your move: { $kinds }.
prompt-reset = Your move again: { $kinds }.
timeout = Time is up.
timeout-forced = The host ended the time early.
defaulted-vote = You did not vote in time: your ballot counts as an abstention.
defaulted-vote-seat = { $seat } did not vote in time: the ballot counts as an abstention.
defaulted-speak = You did not speak in time: your turn is skipped.
defaulted-speak-seat = { $seat } did not speak in time: the turn is skipped.
defaulted-last_words = You left no last words.
defaulted-last_words-seat = { $seat } left no last words.
defaulted-attack = You named no target in time: one was drawn at random for your attack.
defaulted-attack-seat = { $seat } named no target in time: one was drawn at random for the attack.
tally-item =
    { PLURAL($count) ->
        [one] { $count } vote for { $seat }
       *[other] { $count } votes for { $seat }
    }
unit-minutes =
    { PLURAL($count) ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
unit-seconds =
    { PLURAL($count) ->
        [one] { $count } second
       *[other] { $count } seconds
    }
unit-minutes-seconds =
    { PLURAL($count) ->
        [one] { $count } minute { $seconds } seconds
       *[other] { $count } minutes { $seconds } seconds
    }
game-aborted = The game was aborted.
seat-released = The host released { $seat }'s seat: its player may take it back from the join link.
seat-claimed = { $seat }'s seat was taken back.
seat-failed = { $seat }'s agent stopped answering: the seat takes no further part in the game.
role-dealt = Your role is { $role }.
role-changed = Your role is now { $role }.
phase-day = Day { $day } begins.
phase-night = Night { $day } falls.
morning-none = There are no victims.
morning-dead =
    { PLURAL($count) ->
        [one] As morning breaks, the body of { $seats } is found.
       *[other] As morning breaks, the bodies of { $seats } are found.
    }
executed = By the vote, { $seat } is executed.
vote-none = Nobody is executed today.
vote-runoff = A tie: a runoff between { $seats }.
vote-tally = Votes: { $tally }.
vote-tally-none = No votes were cast.
vote-ballots = Votes: { $ballots }.
vote-ballots-item =
    { PLURAL($count) ->
        [one] { $count } vote for { $seat } (from { $seats })
       *[other] { $count } votes for { $seat } (from { $seats })
    }
# Between the seats voted for (each with its voters, themselves a list)
vote-ballots-separator = { "; " }
vote-ballots-abstained = Votes: { $ballots }. Abstained: { $seats }.
vote-abstained-all = No votes for anyone: { $seats } abstained.
said = { $seat }: { $text }
act-vote = { $seat } votes for { $target }.
act-vote-said = { $seat } votes for { $target }: “{ $text }”
act-abstain = { $seat } abstains.
act-abstain-said = { $seat } abstains: “{ $text }”
wolves-partners =
    { PLURAL($count) ->
        [one] Your fellow werewolf is { $seats }.
       *[other] Your fellow werewolves are { $seats }.
    }
wolves-alone = You are the only werewolf.
whisper-closed = Tonight's whisper has reached its cap and is closed.
seer-first = First divination: { $target } reads as { $label }.
# A werewolf's pick, and its being done whispering, as its fellows read them (`-self`: the one who sent it)
pack-act-attack = { $seat } picks { $target } to attack.
pack-act-attack-self = You pick { $target } to attack.
pack-act-attack-you = { $seat } picks you to attack.
pack-act-done = { $seat } is done whispering for tonight.
pack-act-done-self = You are done whispering for tonight.
seer-result = Divination: { $target } reads as { $label }.
medium-result = Medium result for the executed { $target }: { $label }.
deadline-extended = The deadline was extended.
seat-number = You play as seat { $number }.
reminder = You still owe a decision.
deadline-reminder = You have not answered yet ({ $kinds }): { $left } left.
# What was told to seats, as the moderator reads it: `$told` names the seats told
told-prompt = { $told }'s move: { $kinds }.
told-prompt-reset = { $told }'s move again: { $kinds }.
told-role-dealt = { $told }'s role is { $role }.
told-role-changed = { $told }'s role is now { $role }.
told-reminder = { $told } still owes a decision.
told-deadline-reminder = { $told } has not answered yet ({ $kinds }): { $left } left.
told-seat-number = { $told } plays as seat { $number }.
told-wolves-partners = The werewolves learn who their fellows are: { $seats }.
told-wolves-alone = { $told } is the only werewolf.
told-whisper-closed = Tonight's whisper has reached its cap and is closed for { $told }.
told-seer-first = { $told }'s first divination: { $target } reads as { $label }.
told-seer-result = { $told }'s divination: { $target } reads as { $label }.
told-medium-result = { $told }'s medium result for the executed { $target }: { $label }.
told-dead-roles = { $told }, now dead, sees every role.
told-act = { $seat }'s answer: { $kind }.
told-act-targets = { $seat }'s answer: { $kind }, { $seats }.
told-act-choice = { $seat }'s answer: { $kind }, { $choice }.
told-act-targets-choice = { $seat }'s answer: { $kind }, { $seats }, { $choice }.
told-act-option = { $seat }'s answer: { $choice }.
told-act-none = { $seat }'s answer: { $kind }, naming nobody.
# A public answer without words
act-speak = { $seat } passes without speaking.
act-last_words = { $seat } left no last words.
act-ready = { $seat } is ready to move on.
# What a dead seat sees when the dead see all
dead-roles = Now that you are dead, you see every role: { $assignments }.
seat-role = { $seat } ({ $role })
# The moderator's record of deaths and nights
death-cause = Cause of { $seat }'s death: { $cause }.
cause-attack = the werewolves' attack
cause-execution = execution by vote
cause-curse = divined by the { -seer } (the { -fox }'s curse)
night-attack = Tonight the werewolves attacked { $target }.
night-attack-none = Tonight the werewolves attacked nobody.
night-guard = { $seat } guarded { $target }.
night-divined = { $seat } divined { $target }.

## Step names, as `$step` in step-turn and step-opened

step-speech = speaking
step-last_words = last words
step-vote = the vote
step-runoff = the runoff
step-discussion = discussion
step-night = the night

## Decisions, as `$kind` and `$kinds`

action-attack = attack
action-divine = divination
action-guard = guard
action-last_words = last words
action-sleep = sleep
action-speak = speech
action-vote = vote
action-whisper = whisper
action-done = done whispering
action-ready = ready
action-shoot = shot
action-pass = pass
action-skip = pass

## What a seer or a medium learns, as `$label`

label-human = human
label-werewolf = { -werewolf }

## Phases and results as the table names them

phase_name-day = Day
phase_name-night = Night
result-aborted = Aborted
result-village = The village wins
result-wolves = The werewolves win
result-fox = The { -fox } wins

## Refusals, by code

error-game_not_running = The game is not running.
error-game_not_in_lobby = The game has already started.
error-game_exists = This game already exists.
error-seats_open = Seats are still open.
error-no_open_seat = No seat is open.
error-name_taken = That name is taken.
error-bad_name = That name is not allowed.
error-unknown_ruleset = Unknown ruleset.
error-unknown_preset = Unknown preset.
error-bad_roles = Invalid role list.
error-bad_roles-no_roles = Invalid role list: no roles were given.
error-bad_roles-count =
    { PLURAL($dealt) ->
        [one] Invalid role list: { $dealt } role for a game of { $players }.
       *[other] Invalid role list: { $dealt } roles for a game of { $players }.
    }
error-bad_roles-unknown = Invalid role list: no such role as { $ids }.
error-bad_roles-wolves = Invalid role list: there must be at least one werewolf, and fewer werewolves than other players.
error-bad_roles-preset_and_roles = Invalid role list: give a preset or a list of roles, not both.
error-bad_seats = Invalid number of seats.
error-bad_option = The option “{ $option }” does not take that value.
error-bad_option-unknown = There is no option “{ $option }”.
error-bad_lang = Unsupported language.
error-unknown_seat = No such seat.
error-unknown_action = Unknown action.
error-actor_dead = Dead players cannot act.
error-not_your_turn = It is not your turn.
error-wrong_phase = That action is not available now.
error-target_required = A target is required.
error-target_not_allowed = This action takes no target.
error-target_dead = The target is dead.
error-target_alive = The target is alive.
error-self_target = You cannot target yourself.
error-target_illegal = That target cannot be chosen.
error-target_is_wolf = Werewolves cannot be attacked.
error-consecutive_guard = You cannot guard the same player two nights in a row.
error-not_a_candidate = That player is not in the runoff.
error-text_required = Text is required.
error-text_not_allowed = This action takes no text.
error-speech_too_long =
    { PLURAL($max) ->
        [one] The text is too long (at most { $max } character).
       *[other] The text is too long (at most { $max } characters).
    }
error-bad_option_value = That option is not available.
error-bad_targets = Wrong number of targets.
error-whisper_cap_reached = Tonight's whisper cap has been reached.
error-stale_deadline = That deadline no longer applies.
error-deadline_not_reached = The deadline has not passed yet.

## Options: each option's name and help, and the names of a choice's values

# the help of a duration in seconds
option-duration-help = { $help } Seconds; 0 waits forever.
option-time_scale = Time scale
option-time_scale-help = Multiplies every duration.
option-retries = Reminders before the default
option-retries-help = How many times a player who lets a deadline pass without answering is reminded and given more time (a quarter of the step, at least 10 seconds). Then the default applies: an abstention, a skipped turn, no action. 0: the default applies at the first deadline.
option-dead_see_all = The dead see all
option-dead_see_all-help = The dead see every role.
option-speech_seconds = Speaking turn
option-speech_seconds-help = One speaking turn.
option-vote_seconds = Vote time
option-vote_seconds-help = A vote.
option-last_words_seconds = Last words
option-last_words_seconds-help = Last words.
option-night0_seconds = Night 0
option-night0_seconds-help = Night 0.
option-night_seconds = Night
option-night_seconds-help = A night.
option-speech_max_chars = Longest speech
option-speech_max_chars-help = Longest speech, in characters.
option-discussion_seconds = Discussion
option-discussion_seconds-help = The day's free discussion.
option-early_close = Close steps early
option-early_close-help = Close a role step once its living actors answered (timing then reveals roles).
option-night_step_seconds = Night step
option-night_step_seconds-help = One role's step of the night.
option-shot_seconds = Shot
option-shot_seconds-help = The step in which a shot is fired.
option-consecutive_guard = Guard twice in a row
option-consecutive_guard-help = The same player may be guarded two nights in a row.
option-seed = Seed

# The API's `doc` of an option, in English for every language, where it reads otherwise than the help
option-speech_max_chars-doc = Longest speech.

## The service's problems, by code

error-bad_request = The request is malformed.
error-field-unknown = There is no such field.
error-field-missing = This field is required.
error-field-type = This value has the wrong type.
error-field-range = This value is out of range.
error-field-invalid = This value is not valid.
error-field-json = The body is not valid JSON.
error-field-utf8 = The body is not valid UTF-8.
error-field-depth = The body is nested too deeply.
error-not_found = Not found.
error-method_not_allowed = This method is not allowed here.
error-game_not_found = There is no such game.
error-ruleset_not_found = There is no such ruleset.
error-token_required = A token is required.
error-bad_token = The token is not valid for this game.
error-host_only = Only the host may do this.
error-moderator_only = Only the moderator may see this before the end.
error-not_a_seat = Only a seat's token may act.
error-not_your_seat = You may not act for another seat.
error-seat_not_claimable = There is no such seat to claim: the transfer code was already used or has expired, or the host has not released that seat.
error-game_not_ended = The game has not ended yet.
error-unsupported_ruleset_version = This game was recorded with { $ruleset } version { $stored_ruleset_version } (engine { $stored_engine_version }); this service runs version { $ruleset_version } (engine { $engine_version }), so it cannot verify or replay it.
error-log_damaged = This game's stored log is damaged (event { $version } is missing or cannot be read); its audit verification names the damage.
error-log_directory_mismatch = The directory lists this game as ended, but its stored log stops at event { $version } without an end: events are missing from the end of the log.
error-bad_replay_point = There is no such point in the game.
error-idempotency_key_reused = This idempotency key was used with another body.
error-busy = The game is busy; try again.
error-body_too_large = The request body is too large.
error-request_timeout = The request body did not arrive in time.
error-creation_token_required = Creating a game needs a creation token.
error-bad_creation_token = The creation token is not valid.
error-rate_limited = Too many requests.
error-internal = Server error.
error-database_unavailable = The database does not answer; try again shortly.
error-storage_read_only = The database's storage is read-only now; try again shortly.
error-storage_full = The database's storage is full; nothing was stored.
error-unavailable = The database is not reachable.

## The titles of the service's problems, by HTTP status

title-400 = Bad Request
title-401 = Unauthorized
title-403 = Forbidden
title-404 = Not Found
title-405 = Method Not Allowed
title-408 = Request Timeout
title-409 = Conflict
title-413 = Content Too Large
title-422 = Unprocessable Content
title-429 = Too Many Requests
title-500 = Internal Server Error
title-503 = Service Unavailable
title-507 = Insufficient Storage
title-other = Error


## The command line's demo

demo-reveal = Roles revealed:
demo-alive = alive
demo-dead = dead
demo-winners = Winners: { $winners }
demo-no_winners = No winners
demo-actions =
    { PLURAL($count) ->
        [one] { $count } action
       *[other] { $count } actions
    }
demo-audit_ok = Audit: verified
demo-audit_failed = Audit: FAILED { $problems }

## How names read in a sentence

# after a seat's name, on every line
seat-honorific = { "" }
# a list joined by a word alone (jinro9's morning)
list-and = { " and " }
# between two sentences on one line
sentence-gap = { " " }

## The landing page (`/`): the service in a line and its links

landing-intro = A game-master service for hidden-role games: Werewolf, 人狼, 狼人殺 and 魔女审判.
landing-docs = Interactive API docs
landing-lobby = The lobby: games and open seats
landing-openapi = The OpenAPI document
landing-health = Health
# each language's name in itself, the same in every catalog
language-en = English
language-ja = 日本語
language-zh_Hans = 简体中文
language-zh_Hant = 繁體中文

## Role cards: what each role does, its side and how it wins, in its rule document's words (GET /rulesets/{id}, the play page)

role-villager-card = You are on the village's side, with no special ability. Find the { -werewolf } players by discussion and vote: the village wins once every { -werewolf } has been executed.
role-seer-card = You are on the village's side. Each night from the first day on, divine one player and learn whether they are a { -werewolf }. At the start you are told that one random player is human. The village wins once every { -werewolf } has been executed.
role-werewolf-card = As a { -werewolf }, you are on the werewolves' side and know who the other werewolves are. Each night from the first day on, you choose one player to attack together (the attack is not optional). You win once the living werewolves are at least as many as the living members of the village.
role-madman-card = You are on the werewolves' side, with no ability: you do not know who the werewolves are, and the { -seer } sees you as human. You win when the werewolves win.
role-fox-card = You play alone for the { -fox }. A { -werewolf } attack does not kill you, but you die the morning after the { -seer } divines you, and when you are executed. If you are alive when the game ends, you win, whichever side won.
