"""magic_city: 魔法都市の人狼 (`gm-events.md`), its 16 roles and 25 event cards, on the werewolf machinery.

The server is the guide's moderator: the role check and every night are sequences of role steps in
the guide's order, each lasting until its deadline whether its role lives or not (`early_close`
closes a step once its living actors answered, and skips it when nobody owes anything). What a
step leaves for later (tonight's attack, the drawn event's parameters) is written to the state by
moderator-only `Resolved(what="memo")` events, so the stream alone rebuilds the state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from domain.events import (
    Act,
    Action,
    Decision,
    Defaulted,
    Event,
    GameCreated,
    Resolved,
    RoleDealt,
)
from domain.rng import Rng
from domain.ruleset import Option, Table, seconds
from domain.rulesets.magic_city import texts  # noqa: F401  (registers the messages)
from domain.rulesets.werewolf import Role, Werewolf, WolfState
from domain.state import GameState

replace = msgspec.structs.replace

ROLES = {
    "citizen": Role(id="citizen", team="village"),
    "prophet": Role(id="prophet", team="village", night="divine"),
    "medium": Role(id="medium", team="village"),
    "knight": Role(id="knight", team="village", night="guard"),
    "dragon": Role(id="dragon", team="village", night="guard"),
    "spirit_caller": Role(id="spirit_caller", team="village", night="guard"),
    "mason": Role(id="mason", team="village"),
    "moneylender": Role(id="moneylender", team="village"),
    "marksman": Role(id="marksman", team="village"),
    "golem": Role(id="golem", team="village"),
    "madman": Role(id="madman", team="wolves"),
    "werewolf": Role(id="werewolf", team="wolves", wolf=True, night="attack"),
    "evil_eye": Role(id="evil_eye", team="wolves", wolf=True, night="attack"),
    "chimera": Role(id="chimera", team="wolves"),
    "foxkin": Role(id="foxkin", team="fox"),
    "demon": Role(id="demon", team="demon"),
}
EVIL = ("werewolf", "evil_eye", "chimera", "madman", "foxkin", "demon")
REPEATABLE_ROLES = ("citizen", "werewolf", "mason")

# The 25 event cards: resolved at once, at night, or announced the next morning.
IMMEDIATE = ("mages_guild", "babel", "court", "prison", "graveyard", "library", "airship", "vortex")
NIGHT = (
    "legend_tree",
    "illusion_garden",
    "guild",
    "thieves",
    "mirror_shop",
    "bank",
    "cult",
    "casino",
    "beast_forest",
    "slum",
    "arena",
)
ANNOUNCED = ("academy", "altar", "bathhouse", "church", "clock_tower", "parliament")
EVENTS = IMMEDIATE + NIGHT + ANNOUNCED
DRAWER_NIGHT = ("legend_tree", "illusion_garden", "guild", "thieves", "mirror_shop", "bank", "casino")
# What the executed drawer decides: the card, and the chosen event's parameters.
EVENT_KINDS = ("event", "event_target", "event_targets", "event_word", "event_minutes", "event_direction", "event_card")
WORD_MAX = 5
INCANTATION_MAX = 100

# The role check in the guide's order: (step, the roles it wakes).
CHECK = (
    ("foxkin", ("foxkin",)),
    ("wolves", ("werewolf", "evil_eye")),
    ("evil_eye", ("evil_eye",)),
    ("chimera", ("chimera",)),
    ("golem", ("golem",)),
    ("demon", ("demon",)),
    ("prophet", ("prophet",)),
    ("medium", ("medium",)),
    ("guards", ("knight", "dragon", "spirit_caller")),
    ("mason", ("mason",)),
    ("moneylender", ("moneylender",)),
    ("marksman", ("marksman",)),
    ("madman", ("madman",)),
)
# The night's role steps after the event's own: (step, the roles it belongs to).
NIGHT_ROLES = (
    ("evil_eye", ("evil_eye",)),
    ("werewolf", ()),
    ("second_attack", ()),
    ("chimera", ("chimera",)),
    ("prophet", ("prophet",)),
    ("medium", ("medium",)),
    ("knight", ("knight", "dragon")),
    ("spirit_caller", ("spirit_caller",)),
    ("moneylender", ("moneylender",)),
)
TODAY_KEYS = ("event", "format", "cursed", "word", "minutes", "target")
FLIP = {"simultaneous": "ordered", "ordered": "simultaneous", "free": "simultaneous"}


def recommended(n: int) -> tuple[str, ...]:
    """The recommended list for n players: the regulation's shape, filled in a fixed order."""
    evil = (n - 1) // 2 - 2
    bad = ("werewolf", "evil_eye", "madman", "foxkin", "chimera", "demon", "werewolf")[:evil]
    village = ["prophet", "medium", "knight"]
    if n - 2 * evil - 2 == 4:
        village.append("marksman" if n <= 12 else "golem" if n <= 16 else "spirit_caller")
    return ("citizen",) * (evil + 2) + tuple(village) + bad


def regulation_error(roles: tuple[str, ...]) -> str | None:
    n = len(roles)
    evil = (n - 1) // 2 - 2
    count = Counter(roles)
    bad = sum(count[r] for r in EVIL)
    if bad != evil:
        return f"{n} players take {evil} of the wolf side, 狐人 and 魔人, not {bad}"
    if count["citizen"] != evil + 2:
        return f"{n} players take {evil + 2} citizens, not {count['citizen']}"
    if not count["werewolf"] + count["evil_eye"]:
        return "a werewolf is needed"
    if count["mason"] not in (0, 2):
        return "masons come in a pair"
    twice = sorted(r for r, k in count.items() if k > 1 and r not in REPEATABLE_ROLES)
    return "at most one " + ",".join(twice) if twice else None


class CityState(WolfState, frozen=True, kw_only=True):
    queue: tuple[str, ...] = ()  # the role steps of the current sequence
    after: str = ""  # what the sequence leads to: "day" | "night" | "morning"
    deck: tuple[str, ...] = ()
    choosing: str = ""  # "airship" while the drawer picks from the deck
    drawer: int | None = None
    event: str | None = None  # the last event used, for its night and the next day
    event_day: int = -1
    params: dict[str, Any] = {}
    today: str | None = None  # the event whose day this is
    today_params: dict[str, Any] = {}
    tonight: dict[str, Any] = {}
    ballot: dict[str, Any] = {}
    cast: dict[int, int | None] = {}  # the ballots of the open vote, folded from the votes themselves
    after_shot: str = ""
    prison: int | None = None
    prison_day: int = -1
    trees: tuple[tuple[int, int], ...] = ()
    named: tuple[int, ...] = ()  # seats named by an ability or event since the last deal (the 魔人's mark)
    awakened: tuple[int, ...] = ()
    awakening_due: bool = False  # a prediction matched: announced the next morning
    announced: bool = False
    eye_alive: bool = False
    cursed: int | None = None
    church: tuple[int, ...] = ()
    lent: bool = False
    lend: tuple[int, ...] = ()  # (moneylender, target, day)
    altar: bool = False
    demon_won: int | None = None


class CityInfo(Event, frozen=True, kw_only=True, tag="magic_city_info"):
    """What goes into its readers' `View.private`: the day's announced rules (public), the chimera's
    awakening and the evil eye's curse (to that seat alone)."""

    info: dict[str, Any] = {}  # facts to add to `View.private`, by name


def _frozen(value: Any) -> Any:
    """A memo's list as the state's tuple (nested values stay as JSON gives them, read only)."""
    return tuple(value) if type(value) is list else value


def memo(g: Table, **changes: Any) -> None:
    g.resolved("memo", **changes)


def _options() -> dict[str, Option]:
    opts = {
        "first_seer": Option(type="bool", default=True, doc="初日占い: the 予言者 divines at the role check."),
        "consecutive_guard": Option(
            type="bool", default=True, doc="連続護衛: a guard may protect the same player twice in a row."
        ),
        "night_talk": Option(type="bool", default=True, doc="内通: the wolves and the 共有者 talk at night."),
        "vote_format": Option(
            type="choice",
            default="simultaneous",
            choices=("simultaneous", "ordered", "free"),
            doc="投票形式: 一斉 (revealed at the close), 順番 (public, in seat order), 自由 (public, changeable).",
        ),
        "tie_rule": Option(
            type="choice",
            default="no_execution",
            choices=("no_execution", "draw"),
            doc="A tie again after the runoff: nobody is executed, or the game is drawn.",
        ),
        "early_close": Option(
            type="bool",
            default=False,
            doc="Close a role step once its living actors answered (timing then reveals roles).",
        ),
        "role_check_seconds": seconds(15, "One step of the role check."),
        "night_step_seconds": seconds(30, "One role step of the night."),
        "discussion_minute_seconds": seconds(60, "One minute of discussion (the day lasts living − 4 of them)."),
        "curse_seconds": seconds(60, "The cursed player's silence."),
        "vote_seconds": seconds(60, "A vote (in 順番, one voter's turn)."),
        "event_seconds": seconds(60, "The executed player's choice of an event and its parameters."),
        "shot_seconds": seconds(60, "The 狩人's shot."),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000, doc="Longest speech."),
    }
    for card in EVENTS:
        opts[f"event_{card}"] = Option(type="bool", default=True, doc=f"The event card {card} is in the deck.")
    return opts


class MagicCity(Werewolf):
    id = "magic_city"
    version = "2"
    doc_lang = "ja"
    name = {
        "ja": "魔法都市の人狼",
        "zh-Hans": "魔法都市的狼人",
        "zh-Hant": "魔法都市的狼人",
        "en": "Werewolves of the Magic City",
    }
    roles = ROLES
    presets = {str(n): recommended(n) for n in range(8, 21)}
    options = _options()
    min_seats, max_seats = 8, 20
    discussion = "free"
    action_kinds = frozenset(
        {
            "speak",
            "ready",
            "whisper",
            "vote",
            "attack",
            "divine",
            "guard",
            "curse",
            "predict",
            "lend",
            "shoot",
            *EVENT_KINDS,
        }
    )

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        roles = super().setup(seats, preset if preset or roles else str(seats), roles)
        if isinstance(roles, str):
            return roles
        reason = regulation_error(roles)
        return f"bad_roles:{reason}" if reason else roles

    # --- who is what ------------------------------------------------------------------------------

    def is_wolf(self, state: GameState, seat: int) -> bool:
        role = state.role(seat)
        return role in ("werewolf", "evil_eye") or (role == "chimera" and seat in state.x.awakened)

    def holders(self, state: GameState, *roles: str) -> list[int]:
        return [s for s in state.living() if state.role(s) in roles]

    def eligible(self, state: GameState) -> list[int]:
        """The living seats a night may touch: 監獄's prisoner sits this night out."""
        x = state.x
        return [s for s in state.living() if not (s == x.prison and x.prison_day == state.day)]

    def tonight_event(self, state: GameState) -> str | None:
        x = state.x
        return x.event if x.event_day == state.day else None

    def present(self, state: GameState, roles: tuple[str, ...]) -> bool:
        return any(r in state.setup_roles for r in roles)

    def seers_label(self, state: GameState, seat: int) -> str:
        return "werewolf" if self.is_wolf(state, seat) else "human"

    def mark(self, g: Table, *seats: int | None, **changes: Any) -> None:
        """The seats an ability or event names (the 魔人's mark), with any other changes in the same memo."""
        new = [s for s in seats if s is not None and s not in g.state.x.named]
        if new:
            changes["named"] = g.state.x.named + tuple(dict.fromkeys(new))
        if changes:
            memo(g, **changes)

    # --- sequences of role steps ----------------------------------------------------------------

    def run(self, g: Table, steps: list[str], after: str, **changes: Any) -> None:
        memo(g, queue=steps, after=after, **changes)
        self.advance(g)

    def check_steps(self, state: GameState) -> list[str]:
        return ["check." + name for name, roles in CHECK if self.present(state, roles)]

    def night_steps(self, state: GameState) -> list[str]:
        event = self.tonight_event(state)
        steps = ["night.event"] if event in DRAWER_NIGHT else []
        if event == "cult":
            steps.append("night.cult")
        for name, roles in NIGHT_ROLES:
            if name == "second_attack" and event not in ("beast_forest", "casino"):
                continue
            if name == "chimera" and state.x.announced:
                continue
            if not roles or self.present(state, roles):
                steps.append("night." + name)
        return steps

    def advance(self, g: Table) -> None:
        """Open the sequence's step after the current one (its first when none is open yet)."""
        early, queue, step = g.state.options["early_close"], g.state.x.queue, g.state.step
        at = queue.index(step.name) + 1 if step and step.name in queue else 0
        for name in queue[at:]:
            prompts = self.step_prompts(g.state, name)
            owed = any(not d.repeatable for ds in prompts.values() for d in ds)
            if early and not owed:
                self.step_notices(g, name)
                continue
            length = "role_check_seconds" if name.startswith("check.") else "night_step_seconds"
            g.open_step(name, length, private=prompts, hold=not early, extend=False)
            self.step_notices(g, name)
            return
        after = g.state.x.after
        if after == "day":
            self.dawn(g, {s: "curse" for s in g.state.x.tonight.get("fox", ())})
        elif after == "night":
            self.begin_night(g)
        else:
            self.resolve_night(g)

    def step_prompts(self, state: GameState, name: str) -> dict[int, tuple[Decision, ...]]:
        x, ok = state.x, self.eligible(state)
        kind, _, step = name.partition(".")

        def others(seat: int) -> tuple[int, ...]:
            return tuple(s for s in ok if s != seat)

        def each(roles: tuple[str, ...], make: Any) -> dict[int, tuple[Decision, ...]]:
            return {s: (make(s),) for s in ok if state.role(s) in roles}

        if kind == "check":
            if step == "prophet" and state.options["first_seer"]:
                return each(("prophet",), lambda s: Decision(kind="divine", targets=others(s), optional=True))
            return {}
        if step == "event":
            decision = self.night_event_decision(state, ok)
            return {x.drawer: (decision,)} if decision and x.drawer else {}
        if step == "evil_eye":
            return each(("evil_eye",), lambda s: Decision(kind="curse", targets=others(s), optional=True))
        if step in ("werewolf", "second_attack"):
            first = x.tonight.get("attack") if step == "second_attack" else None
            prompts = {}
            for s in ok:
                if self.is_wolf(state, s):
                    d = self.attack_decision(state, s)
                    prompts[s] = (replace(d, targets=tuple(t for t in d.targets if t != first)),)
            if step == "werewolf" and state.options["night_talk"]:
                whisper = Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True)
                for s in ok:
                    if self.is_wolf(state, s) or state.role(s) == "mason":
                        prompts[s] = prompts.get(s, ()) + (whisper,)
            return prompts
        if step == "chimera":
            return {
                s: (Decision(kind="predict", targets=others(s), optional=True),)
                for s in ok
                if state.role(s) == "chimera" and s not in x.awakened
            }
        if step == "prophet":
            return each(("prophet",), lambda s: Decision(kind="divine", targets=others(s), optional=True))
        if step in ("knight", "spirit_caller"):
            return each(
                ("knight", "dragon") if step == "knight" else ("spirit_caller",),
                lambda s: self.guard_decision(state, s),
            )
        if step == "moneylender" and not x.lent:
            return each(("moneylender",), lambda s: Decision(kind="lend", targets=others(s), optional=True))
        return {}

    def night_event_decision(self, state: GameState, ok: list[int]) -> Decision | None:
        event = self.tonight_event(state)
        if event == "legend_tree":
            return Decision(kind="event_targets", targets=tuple(ok), count=2) if len(ok) >= 2 else None
        if event == "illusion_garden":
            return Decision(kind="event_direction", options=("left", "right"))
        if event == "casino":
            return Decision(kind="event_card", options=("1", "2"))
        return Decision(kind="event_target", targets=tuple(ok))

    def attack_decision(self, state: GameState, seat: int) -> Decision:
        ok = self.eligible(state)
        barred = tuple((s, "target_is_wolf") for s in ok if self.is_wolf(state, s) and s != seat)
        targets = tuple(s for s in ok if not self.is_wolf(state, s))
        return Decision(kind="attack", targets=targets, barred=barred)

    def guard_decision(self, state: GameState, seat: int) -> Decision:
        last = state.x.last_guard.get(seat)
        if state.options["consecutive_guard"]:
            last = None
        barred = ((last, "consecutive_guard"),) if last is not None and state.is_alive(last) else ()
        targets = tuple(s for s in self.eligible(state) if s != seat and s != last)
        return Decision(kind="guard", targets=targets, barred=barred, optional=True)

    def step_notices(self, g: Table, name: str) -> None:
        state = g.state
        ok = self.eligible(state)
        if name == "check.wolves":
            wolves = tuple(s for s in ok if self.is_wolf(state, s))
            if len(wolves) > 1:
                g.notice("wolves.partners", to=wolves, learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)
            elif wolves:
                g.notice("wolves.alone", to=wolves)
        elif name in ("check.guards", "check.mason"):
            roles = ("knight", "dragon") if name == "check.guards" else ("mason",)
            pair = tuple(s for s in ok if state.role(s) in roles)
            if len(pair) > 1:
                g.notice("partners.known", to=pair, learn={s: state.role(s) for s in pair}, seats=pair)
        elif name == "night.cult":
            wolves = tuple(s for s in state.living() if state.role(s) in ("werewolf", "evil_eye", "chimera"))
            madmen = tuple(s for s in ok if state.role(s) == "madman")
            if madmen:
                g.notice("cult.wolves", to=madmen, learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)
        elif name == "night.medium":
            executed = state.x.executed if state.x.executed_day == state.day else None
            for medium in (s for s in ok if state.role(s) == "medium"):
                if executed is not None:
                    label = self.seers_label(state, executed)
                    g.notice("medium.result", to=(medium,), learn={executed: label}, target=executed, label=label)

    def finish_step(self, g: Table, name: str) -> None:
        state, x = g.state, g.state.x
        answers = state.step.answers
        step = name.partition(".")[2]
        tonight = dict(x.tonight)
        if step == "prophet":
            for seer, action in sorted(answers.items()):
                if action.target is not None:
                    self.divine(g, seer, action.target, first=name.startswith("check."))
            return
        if step == "event":
            self.night_event_params(g, answers.get(x.drawer))
            return
        if step in ("werewolf", "second_attack"):
            tonight["attack" if step == "werewolf" else "attack2"] = self.attack_target(g)
        for seat, action in sorted(answers.items()):
            if action.target is None:
                continue
            if step == "evil_eye":
                tonight["curse"] = action.target
                g.emit(CityInfo, to=(seat,), info={"curse": action.target})
            elif step == "chimera":
                tonight["predict"] = [seat, action.target]
            elif step in ("knight", "spirit_caller"):
                tonight[f"guard.{state.role(seat)}"] = [seat, action.target]
            elif step == "moneylender":
                memo(g, lent=True, lend=[seat, action.target, state.day])
                self.mark(g, action.target)
        if tonight != x.tonight:
            memo(g, tonight=tonight)

    def divine(self, g: Table, seer: int, seen: int, first: bool) -> None:
        state, x = g.state, g.state.x
        label = self.seers_label(state, seen)
        if not first and self.tonight_event(state) == "mirror_shop" and x.params.get("target") == seen:
            label = "human" if label == "werewolf" else "werewolf"
        g.notice("seer.first" if first else "seer.result", to=(seer,), learn={seen: label}, target=seen, label=label)
        self.mark(g, seen)
        if state.role(seen) == "foxkin":
            memo(g, tonight={**g.state.x.tonight, "fox": (*g.state.x.tonight.get("fox", ()), seen)})

    def night_event_params(self, g: Table, action: Action | None) -> None:
        if action is None:
            return
        params = dict(g.state.x.params)
        if action.kind == "event_targets":
            memo(g, trees=g.state.x.trees + (action.targets,))
            self.mark(g, *action.targets)
        elif action.kind == "event_direction":
            die = g.rng.below(6) + 1
            params.update(direction=action.option, die=die)
            g.notice("garden.die", to=(g.state.x.drawer,), die=die)
        elif action.kind == "event_card":
            cards = g.rng.shuffled(("citizen", "werewolf"))
            params["card"] = cards[int(action.option) - 1]
        elif action.kind == "event_target":
            params["target"] = action.target
            self.mark(g, action.target)
        memo(g, params=params)

    # --- engine hooks ---------------------------------------------------------------------------

    def start(self, g: Table) -> None:
        state = g.state
        for seat, role in enumerate(g.rng.shuffled(state.setup_roles), 1):
            g.emit(RoleDealt, to=(seat,), seat=seat, role=role)
        o = state.options
        g.notice(
            "city.rules",
            first_seer="on" if o["first_seer"] else "off",
            consecutive_guard="on" if o["consecutive_guard"] else "off",
            night_talk="on" if o["night_talk"] else "off",
            format=o["vote_format"],
            tie=o["tie_rule"],
            cards=[card for card in EVENTS if o[f"event_{card}"]],
        )
        memo(g, deck=g.rng.shuffled([card for card in EVENTS if o[f"event_{card}"]]))
        g.phase("night", 0)
        self.run(g, self.check_steps(g.state), "day")

    def on_close(self, g: Table) -> None:
        step = g.state.step
        name = step.name
        if name.startswith(("check.", "night.")):
            self.finish_step(g, name)
            self.advance(g)
        elif name == "silence":
            g.notice("curse.lifted")
            total, silence = self.talk_lengths(g.state)
            if not step.owing() or total <= silence:
                self.open_ballot(g, "vote")
            else:
                self.open_talk(g, "discussion", total - silence)
        elif name == "discussion":
            self.open_ballot(g, "vote")
        elif name.partition("_")[0] in ("vote", "court", "prison"):
            self.collect_ballot(g)
        elif name == "shot":
            self.resolve_shot(g)
        else:
            self.resolve_event_step(g, name)

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        kind, text = action.kind, action.text
        if kind in ("whisper", "speak", "event_word") and not (text or "").strip():
            return "text_required"
        if kind == "speak" and decision.exact_text and text != decision.exact_text:
            return "babel_word"
        if kind == "speak" and decision.text_suffix and not text.endswith(decision.text_suffix):
            return "library_suffix"
        if kind == "vote" and decision.text and not (text or "").strip():
            return "incantation_required"
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        if action.kind == "speak" and state.step and state.step.name == "silence" and seat == state.x.cursed:
            return "cursed_silent"
        return None

    def audience(self, state: GameState, seat: int, action: Action):  # noqa: ANN201
        kind = action.kind
        if kind in ("speak", "ready"):
            return "public"
        if kind == "whisper":
            if state.role(seat) == "mason":
                return tuple(self.holders(state, "mason"))
            return tuple(self.wolves(state))
        if kind == "vote":
            return (seat,) if state.x.ballot.get("format") == "simultaneous" else "public"
        if kind == "guard" and state.role(seat) in ("knight", "dragon"):
            return tuple(self.holders(state, "knight", "dragon"))
        return (seat,)

    def default(self, state: GameState, seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        for decision in decisions:
            if decision.kind == "attack" and decision.targets:
                return Action(kind="attack", target=rng.choice(decision.targets))
            if decision.kind == "vote":
                return Action(kind="vote")
        return None

    # --- deaths and the end --------------------------------------------------------------------

    def die(self, g: Table, deaths: dict[int, str], when: str, reveal: bool | None = None) -> None:
        """Deaths at once: 伝説の木 takes the partner along; 祭壇 shows roles; a marked 魔人 wins."""
        state, x = g.state, g.state.x
        deaths = {s: c for s, c in deaths.items() if state.is_alive(s)}
        grew = True
        while grew:
            grew = False
            for pair in x.trees:
                for a, b in (pair, pair[::-1]):
                    if a in deaths and b not in deaths and state.is_alive(b):
                        deaths[b] = "legend_tree"
                        grew = True
        if not deaths:
            return
        if when == "morning":
            g.kill(deaths, when)
        else:  # the named death first, so it reads as what it is; the tree's partners beside it
            g.kill({s: c for s, c in deaths.items() if c != "legend_tree"}, when)
            g.kill({s: c for s, c in deaths.items() if c == "legend_tree"}, "legend_tree")
        if x.altar if reveal is None else reveal:
            self.reveal(g, tuple(sorted(deaths)))
        marked = [s for s in sorted(deaths) if state.role(s) == "demon" and s in x.named]
        if marked and g.state.x.demon_won is None:
            memo(g, demon_won=marked[0])

    def reveal(self, g: Table, seats: tuple[int, ...]) -> None:
        for seat in seats:
            g.notice("altar.role", learn={seat: g.state.role(seat)}, seat=seat, role=g.state.role(seat))

    def awaken(self, g: Table) -> None:
        """キメラ awakens when it becomes the last of the wolf side able to attack."""
        state, x = g.state, g.state.x
        if x.announced or any(state.role(s) in ("werewolf", "evil_eye") for s in state.living()):
            return
        chimeras = [s for s in state.living() if state.role(s) == "chimera" and s not in x.awakened]
        if chimeras:
            memo(g, awakened=x.awakened + tuple(chimeras))
            self.announce_awakening(g)

    def announce_awakening(self, g: Table) -> None:
        memo(g, announced=True, awakening_due=False)
        g.notice("chimera.awakened")
        g.emit(CityInfo, to=g.state.x.awakened, info={"awakened": True})
        pack = tuple(self.wolves(g.state))
        g.notice("wolves.partners", to=pack, learn=dict.fromkeys(pack, "werewolf"), seats=pack)

    def winning_team(self, state: GameState) -> str | None:
        living = state.living()
        wolves = sum(1 for s in living if self.is_wolf(state, s))
        humans = sum(1 for s in living if not self.is_wolf(state, s) and state.role(s) != "foxkin")
        if not wolves and not any(state.role(s) == "chimera" for s in living):
            team = "village"
        elif wolves and wolves >= humans:
            team = "wolves"
        else:
            return None
        return "fox" if any(state.role(s) == "foxkin" for s in living) else team

    def check_win(self, g: Table) -> bool:
        demon = g.state.x.demon_won
        if demon is not None:
            g.end("demon", (demon,), ("demon",))
            return True
        self.awaken(g)
        return super().check_win(g)

    # --- the night ------------------------------------------------------------------------------

    def begin_night(self, g: Table) -> None:
        g.phase("night", g.state.day)
        self.run(g, self.night_steps(g.state), "morning", eye_alive=bool(self.holders(g.state, "evil_eye")))

    def resolve_night(self, g: Table) -> None:
        state, x = g.state, g.state.x
        t, params, event = x.tonight, x.params, self.tonight_event(state)
        golem = bool(self.holders(state, "golem"))
        named = [s for s in (t.get("attack"), t.get("attack2")) if s is not None]
        attacks = named[:1]
        second = event == "beast_forest" or (event == "casino" and params.get("card") == "werewolf")
        if len(named) > 1 and second and not golem:  # ゴーレム blocks the second attack
            attacks.append(named[1])
        if event == "casino" and params.get("card") == "citizen":
            attacks = []
        if event == "illusion_garden" and params.get("die"):
            ring = self.eligible(state)
            step = params["die"] if params["direction"] == "right" else -params["die"]
            attacks = [ring[(ring.index(a) + step) % len(ring)] for a in attacks]
        attacks = list(dict.fromkeys(attacks))
        knight = t.get("guard.knight") or t.get("guard.dragon")
        joint = knight[1] if knight else None
        spirit = t.get("guard.spirit_caller")
        guards = [
            (s, joint) for s in self.eligible(state) if state.role(s) in ("knight", "dragon") and joint is not None
        ]
        if spirit:
            guards.append(tuple(spirit))
        safe = set() if event == "slum" else {target for _, target in guards}
        if event == "guild" and params.get("target") is not None:
            safe.add(params["target"])
        deaths: dict[int, str] = {}
        for target in attacks:
            if target in safe or state.role(target) == "foxkin":
                continue
            deaths[target] = "attack"
            if spirit and target == spirit[0]:
                deaths.setdefault(spirit[1], "spirit_caller")
        if event == "arena":
            for seat in self.eligible(state):
                role = state.role(seat)
                if role in ("knight", "dragon"):
                    target = joint
                elif role == "spirit_caller":
                    target = spirit[1] if spirit else None
                else:
                    continue
                if target not in attacks:
                    deaths.setdefault(seat, "arena")
        for fox in t.get("fox", ()):
            deaths.setdefault(fox, "curse")
        chosen = [t[k][1] for k in ("guard.knight", "guard.dragon", "guard.spirit_caller", "predict") if t.get(k)]
        predict = t.get("predict")
        if predict and predict[1] in named and state.is_alive(predict[0]):
            self.mark(g, t.get("curse"), *chosen, awakened=x.awakened + (predict[0],), awakening_due=True)
        else:
            self.mark(g, t.get("curse"), *chosen)
        g.resolved("night", attack=named, attacks=attacks, guards=guards, deaths=sorted(deaths.items()))
        self.dawn(g, deaths)

    def dawn(self, g: Table, deaths: dict[int, str]) -> None:
        state, x = g.state, g.state.x
        g.phase("day", state.day + 1)
        yesterday = x.event_day == state.day
        today = x.event if yesterday else None
        altar = x.altar or today == "altar"
        if deaths:
            self.die(g, deaths, "morning", reveal=altar)
        else:
            g.notice("morning.none")
        curse = x.tonight.get("curse")
        cursed = curse if curse is not None and x.eye_alive and g.state.is_alive(curse) and state.day >= 1 else None
        church = (x.drawer, *g.state.x.morning_dead) if today == "church" and x.drawer else ()
        memo(
            g,
            today=today,
            today_params=x.params if yesterday else {},
            altar=altar,
            tonight={},
            cursed=cursed,
            church=sorted(set(church)),
        )
        if g.state.x.awakening_due and any(g.state.is_alive(s) for s in g.state.x.awakened):
            self.announce_awakening(g)
        if self.check_win(g):
            return
        if state.day >= 1 and "evil_eye" in state.setup_roles:
            g.notice("curse.on", seat=cursed) if cursed is not None else g.notice("curse.none")
        self.announce_today(g)
        self.show_today(g)
        self.begin_discussion(g)

    def announce_today(self, g: Table) -> None:
        state, x = g.state, g.state.x
        today, p = x.today, x.today_params
        if today == "academy":
            g.notice("today.academy")
        elif today in ("library", "babel") and p.get("word"):
            g.notice(f"today.{today}", word=p["word"])
        elif today == "altar":
            g.notice("today.altar")
        elif today == "bathhouse" and p.get("minutes"):
            g.notice("today.bathhouse", minutes=min(int(p["minutes"]), self.minutes(state) / 2))
        elif today == "church":
            g.notice("today.church", seats=x.church)
        elif today == "clock_tower":
            g.notice("today.clock_tower", minutes=self.minutes(state))
        elif today in ("bank", "thieves") and p.get("target") is not None and state.is_alive(p["target"]):
            g.notice(f"today.{today}", seat=p["target"])
        elif today == "parliament":
            g.notice("today.parliament", format=self.vote_format(state))

    def show_today(self, g: Table) -> None:
        """The day's announced rules, for every view: today's event and its word, the vote format, the cursed."""
        state, x = g.state, g.state.x
        today = {"event": x.today, "format": self.vote_format(state), "cursed": x.cursed, **x.today_params}
        if today.get("target") is not None and x.today not in ("bank", "thieves"):
            del today["target"]  # a night event's target is the drawer's secret
        g.emit(CityInfo, info={"today": {k: v for k, v in today.items() if k in TODAY_KEYS}})

    # --- the day --------------------------------------------------------------------------------

    def minutes(self, state: GameState) -> float:
        minutes = max(len(state.living()) - 4, 1)
        return minutes / 2 if state.x.today == "clock_tower" else minutes

    def vote_format(self, state: GameState) -> str:
        today, base = state.x.today, state.options["vote_format"]
        if today == "academy":
            return "free"
        return FLIP[base] if today == "parliament" else base

    def speak_decision(self, state: GameState) -> Decision:
        today, word = state.x.today, state.x.today_params.get("word") or ""
        return Decision(
            kind="speak",
            text=state.options["speech_max_chars"],
            repeatable=True,
            exact_text=word if today == "babel" else "",
            text_suffix=word if today == "library" else "",
        )

    def talk_lengths(self, state: GameState) -> tuple[float, float]:
        """The day's discussion and the cursed player's silence at its start (seconds)."""
        total = self.minutes(state) * state.options["discussion_minute_seconds"]
        return total, min(state.options["curse_seconds"], total) if state.x.cursed is not None else 0

    def begin_discussion(self, g: Table) -> None:
        total, silence = self.talk_lengths(g.state)
        if silence:
            self.open_talk(g, "silence", silence, muted=g.state.x.cursed)
        else:
            self.open_talk(g, "discussion", total)

    def open_talk(self, g: Table, name: str, length: float, muted: int | None = None) -> None:
        state = g.state
        speak, ready = self.speak_decision(state), Decision(kind="ready")
        seats = [s for s in state.living() if s != muted]
        private = {s: (speak,) for s in state.x.church if not state.is_alive(s)}
        if muted is not None:
            private[muted] = (ready,)
        g.open_step(name, length, seats=seats, decisions=(speak, ready), private=private, extend=False)

    def open_ballot(self, g: Table, purpose: str, candidates: tuple[int, ...] = ()) -> None:
        state, x = g.state, g.state.x
        fmt = "simultaneous" if purpose == "prison" else self.vote_format(state)
        lend = x.lend if x.lend and x.lend[2] == state.day - 1 else ()
        robbed = {x.today_params.get("target")} if x.today == "thieves" else set()
        robbed |= {lend[1]} if lend else set()
        voters = [s for s in state.living() if s not in candidates and s not in robbed]
        memo(g, ballot={"purpose": purpose, "format": fmt, "candidates": list(candidates), "voters": voters})
        if not voters:
            self.tally(g)
        elif fmt == "ordered":
            self.next_voter(g, first=True)
        else:
            name = purpose + ("_runoff" if candidates else "")
            hold = fmt == "free" and not state.options["early_close"]
            g.open_step(name, "vote_seconds", seats=voters, decisions=(self.ballot_decision(g.state),), hold=hold)

    def ballot_decision(self, state: GameState) -> Decision:
        candidates = tuple(state.x.ballot["candidates"]) or tuple(state.living())
        text = INCANTATION_MAX if state.x.today == "academy" else 0
        return Decision(kind="vote", targets=candidates, optional=True, text=text)

    def next_voter(self, g: Table, first: bool = False) -> None:
        ballot = g.state.x.ballot
        voters = ballot["voters"]
        voter = voters[0] if first else voters[voters.index(g.state.step.public[0]) + 1]
        name = ballot["purpose"] + ("_runoff" if ballot["candidates"] else "")
        g.open_step(name, "vote_seconds", seats=(voter,), decisions=(self.ballot_decision(g.state),))

    def collect_ballot(self, g: Table) -> None:
        ballot, step = g.state.x.ballot, g.state.step
        if ballot["format"] == "ordered" and step.public[0] != ballot["voters"][-1]:
            self.next_voter(g)
        else:
            self.tally(g)

    def weight(self, state: GameState, voter: int) -> int:
        x, weight = state.x, 1
        if x.today == "bank" and x.today_params.get("target") == voter:
            weight += 1
        if x.lend and x.lend[2] == state.day - 1 and x.lend[0] == voter:
            weight += 1
        return weight

    def tally(self, g: Table) -> None:
        state, ballot = g.state, g.state.x.ballot
        purpose, runoff = ballot["purpose"], bool(ballot["candidates"])
        tally: Counter[int] = Counter()
        cast = sorted(g.state.x.cast.items())
        for voter, target in cast:
            if target is not None:
                tally[target] += self.weight(state, voter)
        leaders = g.vote_result(purpose + ("_runoff" if runoff else ""), tally, dict(cast))
        chosen = leaders[0] if len(leaders) == 1 else None
        if chosen is not None:
            self.chosen(g, purpose, chosen)
        elif len(leaders) > 1 and not runoff:
            g.notice("vote.runoff", seats=leaders)
            self.open_ballot(g, purpose, leaders)
        elif len(leaders) > 1 and purpose != "prison" and state.options["tie_rule"] == "draw":
            g.end("draw", ())
        else:
            g.notice("prison.none" if purpose == "prison" else "vote.none")
            self.begin_night(g)

    def chosen(self, g: Table, purpose: str, seat: int) -> None:
        if purpose == "prison":
            self.mark(g, seat)
            memo(g, prison=seat, prison_day=g.state.day)
            g.notice("prison.chosen", seat=seat)
            self.begin_night(g)
            return
        if purpose == "court":
            self.mark(g, seat)
        self.die(g, {seat: "execution"}, "execution" if purpose == "vote" else "court")
        if self.check_win(g):
            return
        then = "event" if purpose == "vote" else "night"
        if g.state.role(seat) == "marksman":
            memo(g, after_shot=then)
            g.notice("marksman.revealed", seat=seat)
            shoot = Decision(kind="shoot", targets=tuple(g.state.living()))
            g.open_step("shot", "shot_seconds", private={seat: (shoot,)})
        else:
            self.go_on(g, then)

    def go_on(self, g: Table, then: str) -> None:
        if then == "event":
            self.draw_event(g)
        else:
            self.begin_night(g)

    def resolve_shot(self, g: Table) -> None:
        action = next(iter(g.state.step.answers.values()), None)
        if action is not None and action.target is not None:
            self.mark(g, action.target)
            self.die(g, {action.target: "shot"}, "shot")
            if self.check_win(g):
                return
        self.go_on(g, g.state.x.after_shot)

    # --- events ---------------------------------------------------------------------------------

    def offer(self, g: Table, name: str, decision: Decision) -> None:
        g.open_step(name, "event_seconds", private={g.state.x.drawer: (decision,)})

    def draw_event(self, g: Table) -> None:
        x = g.state.x
        if not x.deck:
            g.notice("event.none")
            self.begin_night(g)
            return
        memo(g, deck=x.deck[2:], drawer=x.executed, choosing="")
        self.offer(g, "event_choice", Decision(kind="event", options=x.deck[:2]))

    def resolve_event_step(self, g: Table, name: str) -> None:
        x = g.state.x
        action = g.state.step.answers.get(x.drawer)
        if name == "event_choice":
            if action is None:
                g.notice("event.none")
                self.begin_night(g)
                return
            if x.choosing == "airship":
                memo(g, deck=tuple(c for c in x.deck if c != action.option))
            self.use_event(g, action.option)
        elif name == "event_target":
            if action is not None:
                self.mark(g, action.target)
                self.die(g, {action.target: "event"}, "event")
                if self.check_win(g):
                    return
            self.begin_night(g)
        elif name in ("event_word", "event_minutes"):
            if action is not None:
                key = "word" if name == "event_word" else "minutes"
                memo(g, params={key: action.text if key == "word" else int(action.option)})
                if key == "word":
                    g.notice(f"event.{x.event}", word=action.text)
            self.begin_night(g)

    def use_event(self, g: Table, card: str) -> None:
        state = g.state
        memo(g, event=card, event_day=state.day, params={}, choosing="")
        g.notice("event.chosen", card=card)
        if card == "mages_guild":
            self.offer(g, "event_target", Decision(kind="event_target", targets=tuple(state.living())))
        elif card in ("babel", "library"):
            # the word is said in every speech of the next day, so it fits the speech cap too
            word_max = min(WORD_MAX, state.options["speech_max_chars"])
            self.offer(g, "event_word", Decision(kind="event_word", text=word_max))
        elif card == "bathhouse":
            most = max(1, int(max(len(state.living()) - 4, 1) / 2))
            self.offer(
                g, "event_minutes", Decision(kind="event_minutes", options=tuple(str(m) for m in range(1, most + 1)))
            )
        elif card in ("court", "prison"):
            self.open_ballot(g, card)
        elif card == "graveyard":
            if not self.holders(state, "golem"):
                self.die(g, dict.fromkeys(self.holders(state, "prophet"), "graveyard"), "event")
                if self.check_win(g):
                    return
            self.begin_night(g)
        elif card == "airship" and state.x.deck:
            memo(g, choosing="airship")
            self.offer(g, "event_choice", Decision(kind="event", options=state.x.deck))
        elif card == "vortex":
            living = state.living()
            for seat, role in zip(living, g.rng.shuffled([state.role(s) for s in living]), strict=True):
                g.change_role(seat, role)
            if state.x.awakened:
                g.emit(CityInfo, to=state.x.awakened, info={"awakened": False})
            memo(g, awakened=(), announced=False, awakening_due=False, named=(), lent=False, last_guard=[])
            self.run(g, self.check_steps(g.state), "night")
        else:
            self.begin_night(g)

    # --- evolve ---------------------------------------------------------------------------------

    def evolve(self, state: GameState, event: Event) -> GameState:
        kind = type(event)
        if kind is Resolved and event.what == "memo":
            changes = {k: _frozen(v) for k, v in event.data.items()}
            if "last_guard" in changes:
                changes["last_guard"] = dict(changes["last_guard"])
            if "ballot" in changes:
                changes["cast"] = {}
            return replace(state, x=replace(state.x, **changes))
        if (kind is Act or kind is Defaulted) and event.action.kind == "vote":
            return replace(state, x=replace(state.x, cast={**state.x.cast, event.seat: event.action.target}))
        if kind is GameCreated:
            return replace(state, x=CityState())
        return Werewolf.evolve(self, state, event)


MAGIC_CITY = MagicCity()
