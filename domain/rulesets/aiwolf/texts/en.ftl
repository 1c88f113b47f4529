### aiwolf: AIWolf NLP's standard game, as the reference server plays it (aiwolf-protocol.md).


## The glossary: the protocol's words, each written once.

-villager = villager
-seer = seer
-werewolf = werewolf
-medium = medium
-bodyguard = bodyguard
-possessed = possessed
-talk = talk
-whisper = whisper
-divine = divination
-guard = guard
-attack = attack
-village = village
-werewolves = werewolves

ruleset-aiwolf = AIWolf (the standard game of AIWolf NLP)
ruleset-aiwolf-note = Steps close as soon as their agents have answered, as on the reference server: at a table that mixes agents with people, how long the night's steps take may show which seats hold a night role.

role-medium = { -medium }
role-bodyguard = { -bodyguard }
role-possessed = { -possessed }

## Step names, as `$step` in step-turn and step-opened, and decisions, as `$kind`

step-talk = { -talk }
step-whisper = { -whisper }
step-divine = { -divine }
step-guard = { -guard }
step-attack = { -attack }
action-talk = { -talk }
action-whisper = { -whisper }

## The talk and the whispers, as the protocol records each utterance

talk-said = { $seat }: { $text }
talk-over = { $seat } is done talking for today.
talk-skip = { $seat } skips this turn.
whisper-said = { $seat } whispers: { $text }
whisper-over = { $seat } is done whispering.
whisper-skip = { $seat } skips this whisper.
whisper-said-self = You whisper: { $text }
whisper-over-self = You are done whispering.
whisper-skip-self = You skip this whisper.
told-whisper-said = { $seat } whispers to { $told }: { $text }
told-whisper-over = { $seat } is done whispering (told to { $told }).
told-whisper-skip = { $seat } skips a whisper (told to { $told }).
# each whisper within the phase's one step is its speaker's prompt, asked anew each round: a turn, not a second try
prompt-reset = Your move: { $kinds }.
told-prompt-reset = { $told }'s move: { $kinds }.
defaulted-talk = You did not answer: your turn to talk was skipped.
defaulted-talk-seat = { $seat } did not answer: the turn to talk was skipped.
defaulted-whisper = You did not answer: your turn to whisper was skipped.
defaulted-whisper-seat = { $seat } did not answer: the turn to whisper was skipped.

## The vote, the attack and the night

vote-list-item = { $seat } → { $target }
vote-list-item-self = you → { $target }
vote-list-item-you = { $seat } → you
vote-list-item-yourself = you → yourself
vote-list = The votes: { $votes }.
vote-list-none = Nobody cast a valid vote.
attack-list = The werewolves' { -attack } votes: { $votes }.
attack-list-none = No werewolf named a target.
told-attack-list = The werewolves' { -attack } votes, told to { $told }: { $votes }.
told-attack-list-none = No werewolf named a target (told to { $told }).
attacked = The werewolves attack { $target }.
attacked-guarded = The werewolves attack { $target }, who is guarded: nobody dies.
attacked-none = The werewolves attack nobody tonight.
guarded = { $seat } guards { $target }.
died-attack = { $seats } { PLURAL($count) ->
    [one] was
   *[other] were
} killed in the werewolves' { -attack }.
failed-end = { $count } { PLURAL($count) ->
    [one] agent has
   *[other] agents have
} failed (disconnected or not answering): the game ends without a winner.
max_day-end = The last day is over: the game ends without a winner.

## Results as the table names them

result-villagers = The { -village } wins
result-werewolves = The { -werewolves } win
result-failed = Ended early: agents failed
result-max_day = Ended after the last day

## Options: each option's name and help

option-max_day = Last day
option-max_day-help = The game ends without a winner after this day (-1: no limit).
option-vote_visibility = Votes shown
option-vote_visibility-help = Everyone sees who voted for whom; the werewolves see each other's attack votes.
option-talk_per_agent = Talks per agent
option-talk_per_agent-help = How many times each agent may talk in a day's talk.
option-talk_per_day = Talk rounds
option-talk_per_day-help = The most rounds of a day's talk.
option-talk_base_length = Talk length
option-talk_base_length-help = Each talk is cut to this length (-1: no limit).
option-talk_mention_length = Length after a mention
option-talk_mention_length-help = The length a talk may go on after an @mention of another agent (-1: mentions give nothing more).
option-talk_per_talk = Talk cap
option-talk_per_talk-help = The most a single talk may keep, mention included (-1: no cap).
option-talk_per_agent_length = Talk budget per agent
option-talk_per_agent_length-help = Each agent's length budget for the day's talk, charged with what goes over the talk length (-1: none).
option-talk_count_in_word = Count talk in words
option-talk_count_in_word-help = Lengths count words, not characters.
option-talk_count_spaces = Count spaces in talk
option-talk_count_spaces-help = Lengths count spaces too.
option-talk_max_skip = Skips in a row (talk)
option-talk_max_skip-help = How many Skips an agent may make in a row before a Skip counts as Over.
option-whisper_per_agent = Whispers per werewolf
option-whisper_per_agent-help = How many times each werewolf may whisper in a whisper phase (0: no whispers).
option-whisper_per_day = Whisper rounds
option-whisper_per_day-help = The most rounds of a whisper phase (0: no whispers).
option-whisper_base_length = Whisper length
option-whisper_base_length-help = Each whisper is cut to this length (-1: no limit).
option-whisper_mention_length = Whisper length after a mention
option-whisper_mention_length-help = The length a whisper may go on after an @mention of another agent (-1: mentions give nothing more).
option-whisper_per_talk = Whisper cap
option-whisper_per_talk-help = The most a single whisper may keep, mention included (-1: no cap).
option-whisper_per_agent_length = Whisper budget per werewolf
option-whisper_per_agent_length-help = Each werewolf's length budget for a whisper phase, charged with what goes over the whisper length (-1: none).
option-whisper_count_in_word = Count whispers in words
option-whisper_count_in_word-help = Whisper lengths count words, not characters.
option-whisper_count_spaces = Count spaces in whispers
option-whisper_count_spaces-help = Whisper lengths count spaces too.
option-whisper_max_skip = Skips in a row (whispers)
option-whisper_max_skip-help = How many Skips a werewolf may make in a row before a Skip counts as Over.
option-vote_max_count = Ballots
option-vote_max_count-help = How many ballots a day's vote may take: a tie votes again while ballots remain, then one of the tied is chosen at random.
option-vote_allow_self = Self-votes
option-vote_allow_self-help = An agent may vote for itself.
option-attack_max_count = Attack ballots
option-attack_max_count-help = How many ballots the werewolves' attack vote may take.
option-attack_allow_self = Werewolves may name themselves
option-attack_allow_self-help = A werewolf may name itself in the attack vote (a vote for a werewolf never counts).
option-attack_allow_no_target = A tie attacks nobody
option-attack_allow_no_target-help = A tie in the last attack ballot attacks nobody, instead of one of the tied at random.
option-action_timeout = Time to answer
option-action_timeout-help = The time an agent has for each request.
option-acceptable_timeout = Grace time
option-acceptable_timeout-help = Extra time allowed after the time to answer.
option-response_timeout = Liveness check time
option-response_timeout-help = The time an agent that missed a request has to answer the check that it is still there.
option-max_continue_error_ratio = Failed agents to end
option-max_continue_error_ratio-help = The game ends without a winner once this share of the agents has failed (at least one).

## Role cards: what each role does, its side and how it wins, in the protocol's words (GET /rulesets/{id}, the play page)

role-villager-card = You are on the { -village }'s side, with no ability. Find the { -werewolves } by talk and vote. The { -village } wins once no { -werewolf } is alive.
role-seer-card = You are on the { -village }'s side. Each night, day 0's included, divine one living agent and learn whether it is a { -werewolf } or human (the { -possessed } is human). The { -village } wins once no { -werewolf } is alive.
role-medium-card = You are on the { -village }'s side. Each night you learn whether the agent executed that day was a { -werewolf } or human. The { -village } wins once no { -werewolf } is alive.
role-bodyguard-card = You are on the { -village }'s side. From night 1 on, guard one other living agent each night from the { -werewolves }' { -attack }; the same agent may be guarded night after night. The { -village } wins once no { -werewolf } is alive.
role-werewolf-card = You are on the { -werewolves }' side and know the other { -werewolves }. You { -whisper } with them, and from night 1 on vote together on whom to { -attack }. The { -werewolves } win once they are as many as the humans alive.
role-possessed-card = You are on the { -werewolves }' side, with no ability, and do not know the { -werewolves }; the { -seer } and the { -medium } see you as human, and you count as human. You win when the { -werewolves } win.
