"""magic_city: 魔法都市の人狼 (`gm-events.md`), its 16 roles and 25 event cards, on the werewolf machinery.

The server is the guide's moderator: the role check and every night are the kernel's `RoleSequence`s
of role steps in the guide's order (`CHECK_STEPS`, `NIGHT_STEPS`), each lasting until its deadline
whether its role lives or not (`early_close` closes a step once its living actors answered, and skips
it when nobody owes anything); the day's steps are declared in `DAY_STEPS`. Every change
of the ruleset's own state (an event card drawn and chosen, tonight's attack, a guard, a curse, a loan,
the chimera's awakening, ...) is a typed event below, folded by one function each (`_EVOLVE`), so the
stream alone rebuilds the state and reads as what happened. Most are the moderator's; a curse, the
chimera's awakening and the day's announced rules also reach the views of their audience.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from grimoire.domain.events import (
    MODERATOR,
    Act,
    Action,
    Audience,
    Decision,
    Defaulted,
    Event,
    GameCreated,
    RoleDealt,
)
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Option, RoleSequence, StepSpec, Table, seconds
from grimoire.domain.rulesets.werewolf import EVOLVE as WEREWOLF_EVOLVE
from grimoire.domain.rulesets.werewolf import Role, Werewolf, WolfState
from grimoire.domain.rulesets.werewolf import count_whispers as werewolf_on_act
from grimoire.domain.state import GameState

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


class EventParams(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """What the drawer chose for the event in use (None: not chosen)."""

    target: int | None = None  # the seat a night event names: ギルド, 盗賊団, 魔法の鏡屋, 銀行
    word: str | None = None  # バベルの魔塔, 図書館
    minutes: int | None = None  # 共同風呂
    direction: str | None = None  # 幻術師の庭: "left" | "right", and its die
    die: int | None = None
    card: str | None = None  # カジノ: "citizen" | "werewolf"


NO_PARAMS = EventParams()


class Tonight(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What tonight's role steps chose, resolved at its end. A guard is (guard, target)."""

    attack: int | None = None
    attack2: int | None = None
    curse: int | None = None
    predict: tuple[int, int] | None = None  # (chimera, predicted seat)
    knight: tuple[int, int] | None = None
    dragon: tuple[int, int] | None = None
    spirit_caller: tuple[int, int] | None = None
    fox: tuple[int, ...] = ()  # 狐人 divined tonight


class Ballot(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    purpose: str = ""  # "vote" | "court" | "prison"
    format: str = ""  # "simultaneous" | "ordered" | "free"
    candidates: tuple[int, ...] = ()  # a runoff's
    voters: tuple[int, ...] = ()


class CityState(WolfState, frozen=True, kw_only=True):
    deck: tuple[str, ...] = ()
    choosing: str = ""  # "airship" while the drawer picks from the deck
    drawer: int | None = None
    event: str | None = None  # the last event used, for its night and the next day
    event_day: int = -1
    params: EventParams = NO_PARAMS
    today: str | None = None  # the event whose day this is
    today_params: EventParams = NO_PARAMS
    tonight: Tonight = Tonight()
    ballot: Ballot = Ballot()
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
    lend: tuple[int, int, int] | None = None  # (moneylender, target, day)
    altar: bool = False
    demon_won: int | None = None


# --- the facts: magic_city's own events ----------------------------------------------------------
# The moderator's unless said otherwise; `_EVOLVE` folds each.


class DeckShuffled(Event, frozen=True, kw_only=True, tag="city_deck_shuffled"):
    """The event cards in play, in the order they will be drawn."""

    deck: tuple[str, ...]  # the event cards in play, in drawing order


class NightBegan(Event, frozen=True, kw_only=True, tag="city_night_began"):
    """Whether the 魔眼の人狼 lives as the night begins (its curse holds the next day only then)."""

    eye_alive: bool  # the 魔眼の人狼 lives as the night begins


class EventDrawn(Event, frozen=True, kw_only=True, tag="city_event_drawn"):
    """The executed player draws the deck's top cards to choose one from."""

    drawer: int  # the executed seat that draws
    cards: tuple[str, ...]  # the cards drawn to choose from


class AirshipBoarded(Event, frozen=True, kw_only=True, tag="city_airship_boarded"):
    """飛空艇: the drawer chooses the next event from the whole deck."""


class EventChosen(Event, frozen=True, kw_only=True, tag="city_event_chosen"):
    """The event in use from now (for its night and the next day); `from_deck` when 飛空艇 took it."""

    card: str  # the event card chosen
    day: int  # the day the event was chosen on
    from_deck: bool = False  # 飛空艇 took it from the whole deck


class WordChosen(Event, frozen=True, kw_only=True, tag="city_word_chosen"):
    """バベルの魔塔 / 図書館: the word of the next day's speeches."""

    word: str  # the word every speech of the next day must be (バベル) or end with (図書館)


class MinutesChosen(Event, frozen=True, kw_only=True, tag="city_minutes_chosen"):
    """共同風呂: the length of the next day's discussion."""

    minutes: int  # the minutes of the next day's discussion


class EventTargetChosen(Event, frozen=True, kw_only=True, tag="city_event_target_chosen"):
    """The seat a night event names (guild's protection, the thief's victim, the bank's client, ...)."""

    target: int  # the seat the event names


class TreeBound(Event, frozen=True, kw_only=True, tag="city_tree_bound"):
    """伝説の木: two seats die together from now on."""

    pair: tuple[int, int]  # the two seats bound by the tree


class GardenTurned(Event, frozen=True, kw_only=True, tag="city_garden_turned"):
    """幻術師の庭: the direction chosen and the die rolled, shifting tonight's attacks."""

    direction: str  # the direction the attacks shift ("left" or "right")
    die: int  # the die rolled: how many living seats the attacks shift


class CasinoCardTurned(Event, frozen=True, kw_only=True, tag="city_casino_card_turned"):
    """カジノ: the card the drawer picked, "citizen" (no attack) or "werewolf" (two)."""

    card: str  # the card turned: "citizen" (no attack) or "werewolf" (two)


class Named(Event, frozen=True, kw_only=True, tag="city_named"):
    """Seats an ability or event named for the first time since the last deal (a named 魔人 dies a winner)."""

    seats: tuple[int, ...]  # the seats named for the first time


class AttackChosen(Event, frozen=True, kw_only=True, tag="city_attack_chosen"):
    """The pack's target tonight (`second`: the second attack of 魔獣の森 or カジノ)."""

    target: int | None  # the pack's target; null: no attack
    second: bool = False  # the second attack of 魔獣の森 or カジノ


class CurseCast(Event, frozen=True, kw_only=True, tag="city_curse_cast"):
    """The 魔眼の人狼's curse tonight: to the evil eye itself."""

    eye: int  # the 魔眼の人狼 that curses
    target: int  # the cursed seat


class ChimeraPredicted(Event, frozen=True, kw_only=True, tag="city_chimera_predicted"):
    """The キメラ's prediction of the pack's target tonight."""

    chimera: int  # the キメラ that predicts
    target: int  # the seat it predicts the pack will attack


class CityGuarded(Event, frozen=True, kw_only=True, tag="city_guarded"):
    """A guard's choice tonight, by the guard's role ("knight", "dragon", "spirit_caller")."""

    guard: int  # the guarding seat
    role: str  # the guard's role (knight, dragon, spirit_caller)
    target: int  # the seat it guards


class Lent(Event, frozen=True, kw_only=True, tag="city_lent"):
    """The 金貸し's one loan: the target votes with the lender's weight the next day."""

    lender: int  # the 金貸し
    target: int  # the seat that cannot vote the next day
    day: int  # the day the loan takes effect


class FoxDivined(Event, frozen=True, kw_only=True, tag="city_fox_divined"):
    """A 狐人 was divined tonight: it dies of the curse at dawn."""

    fox: int  # the divined 狐人


class PredictionMatched(Event, frozen=True, kw_only=True, tag="city_prediction_matched"):
    """キメラ predicted tonight's victim: it awakens, announced the next morning."""

    chimera: int  # the キメラ whose prediction matched


class ChimeraAwoke(Event, frozen=True, kw_only=True, tag="city_chimera_awoke"):
    """キメラ awakens as the last of the wolf side able to attack."""

    seats: tuple[int, ...]  # the awakened キメラ seats


class AwakeningAnnounced(Event, frozen=True, kw_only=True, tag="city_awakening_announced"):
    """The awakening is announced: to the awakened seats, whose view shows it."""


class Redealt(Event, frozen=True, kw_only=True, tag="city_redealt"):
    """魂の渦 dealt the living roles anew: awakenings, marks, the loan and the last guards are gone.
    To the seats whose awakening ends (their view shows it), else the moderator."""

    awakened: tuple[int, ...] = ()  # the seats whose awakening ends


class CityNightResolved(Event, frozen=True, kw_only=True, tag="city_night_resolved"):
    """A night resolved: the pack's targets, the attacks after the events, each guard and its target,
    and the deaths with their causes. The guards are the next night's last guards."""

    attack: tuple[int, ...] = ()  # the pack's targets
    attacks: tuple[int, ...] = ()  # the attacks after the events shifted or added them
    guards: tuple[tuple[int, int], ...] = ()  # [guard, target] pairs
    deaths: tuple[tuple[int, str], ...] = ()  # [seat, cause] pairs


class DayBegan(Event, frozen=True, kw_only=True, tag="city_day_began"):
    """The day's standing: the event whose day it is (its parameters with it), whether roles are shown
    at death from now, the cursed player, and the dead who speak today (教会). Tonight is over."""

    today: str | None = None  # the event whose day it is; null: none
    altar: bool = False  # roles are shown at death from now (祭壇)
    cursed: int | None = None  # the seat cursed silent for the first minute; null: none
    church: tuple[int, ...] = ()  # the dead who speak today (教会)


class TodayShown(Event, frozen=True, kw_only=True, tag="city_today_shown"):
    """The day's announced rules, public, for every view: the event and its word or minutes, the vote
    format, the cursed player, and the seat a bank or thieves event names."""

    event: str | None = None  # the event whose day it is; null: none
    format: str  # the vote format today (simultaneous, ordered, free)
    cursed: int | None = None  # the seat cursed silent for the first minute; null: none
    word: str | None = None  # the word of today's speeches (バベル, 図書館)
    minutes: int | None = None  # the minutes of today's discussion (共同風呂)
    target: int | None = None  # the seat a bank or thieves event names


class BallotOpened(Event, frozen=True, kw_only=True, tag="city_ballot_opened"):
    """A ballot opens: what it decides, its format, who may be named and who votes."""

    purpose: str  # what the ballot decides: "vote" (the execution), or the event card whose vote it is
    format: str  # how ballots are cast and shown (simultaneous, ordered, free)
    candidates: tuple[int, ...] = ()  # the seats that may be named; empty: any living seat
    voters: tuple[int, ...] = ()  # the seats that vote


class CityImprisoned(Event, frozen=True, kw_only=True, tag="city_imprisoned"):
    """監獄: the seat sits out this night."""

    seat: int  # the imprisoned seat
    day: int  # the day of the imprisonment


class ShotAwaited(Event, frozen=True, kw_only=True, tag="city_shot_awaited"):
    """The executed 狩人 shoots; then the day goes on to `then` ("event" | "night")."""

    marksman: int  # the executed 狩人
    then: str  # what follows the shot ("event" or "night")


class DemonWon(Event, frozen=True, kw_only=True, tag="city_demon_won"):
    """A named 魔人 died: it wins alone."""

    seat: int  # the 魔人 that wins


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
    end_reasons = ("village", "wolves", "fox", "demon", "draw")
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
        dealt = super().setup(seats, preset if preset or roles else str(seats), roles)
        if isinstance(dealt, str):
            return dealt
        reason = regulation_error(dealt)
        return f"bad_roles:{reason}" if reason else dealt

    # --- who is what ------------------------------------------------------------------------------

    def is_wolf(self, state: GameState, seat: int) -> bool:
        role = state.role(seat)
        return role in ("werewolf", "evil_eye") or (role == "chimera" and seat in state.x.awakened)

    def holders(self, state: GameState, *roles: str) -> list[int]:
        return [s for s in state.living() if state.role(s) in roles]

    def eligible(self, state: GameState) -> list[int]:
        """The living seats a night may touch: 監獄's prisoner sits this night out."""
        x: CityState = state.x
        return [s for s in state.living() if not (s == x.prison and x.prison_day == state.day)]

    def tonight_event(self, state: GameState) -> str | None:
        x: CityState = state.x
        return x.event if x.event_day == state.day else None

    def present(self, state: GameState, roles: tuple[str, ...]) -> bool:
        return any(r in state.setup_roles for r in roles)

    def seers_label(self, state: GameState, seat: int) -> str:
        return "werewolf" if self.is_wolf(state, seat) else "human"

    def mark(self, g: Table, *seats: int | None) -> None:
        """The seats an ability or event names (the 魔人's mark)."""
        new = [s for s in seats if s is not None and s not in g.state.x.named]
        if new:
            g.emit(Named, to=MODERATOR, seats=tuple(dict.fromkeys(new)))

    # --- the role check and the night: what they plan (the steps themselves are below the class) --

    def check_plan(self, state: GameState) -> list[str]:
        return [name for name, roles in CHECK if self.present(state, roles)]

    def night_plan(self, state: GameState) -> list[str]:
        event = self.tonight_event(state)
        steps = ["event"] if event in DRAWER_NIGHT else []
        if event == "cult":
            steps.append("cult")
        for name, roles in NIGHT_ROLES:
            if name == "second_attack" and event not in ("beast_forest", "casino"):
                continue
            if name == "chimera" and state.x.announced:
                continue
            if not roles or self.present(state, roles):
                steps.append(name)
        return steps

    def after_check(self, g: Table) -> None:
        """The first role check leads to the first day (a 狐人 the first divination found dies); a
        redeal's leads to the night."""
        if g.state.day == 0:
            self.dawn(g, dict.fromkeys(g.state.x.tonight.fox, "curse"))
        else:
            self.nightfall(g)

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

    def divine(self, g: Table, seer: int, seen: int, first: bool) -> None:
        state = g.state
        x: CityState = state.x
        label = self.seers_label(state, seen)
        if not first and self.tonight_event(state) == "mirror_shop" and x.params.target == seen:
            label = "human" if label == "werewolf" else "werewolf"
        g.notice("seer.first" if first else "seer.result", to=(seer,), learn={seen: label}, target=seen, label=label)
        self.mark(g, seen)
        if state.role(seen) == "foxkin":
            g.emit(FoxDivined, to=MODERATOR, fox=seen)

    def night_event_params(self, g: Table, action: Action | None) -> None:
        if action is None:
            return
        if action.kind == "event_targets":
            g.emit(TreeBound, to=MODERATOR, pair=action.targets)
            self.mark(g, *action.targets)
        elif action.kind == "event_direction":
            die = g.rng.below(6) + 1
            g.emit(GardenTurned, to=MODERATOR, direction=action.option, die=die)
            g.notice("garden.die", to=(g.state.x.drawer,), die=die)
        elif action.kind == "event_card":
            assert action.option is not None, "the card is one of the decision's options"
            cards = g.rng.shuffled(("citizen", "werewolf"))
            g.emit(CasinoCardTurned, to=MODERATOR, card=cards[int(action.option) - 1])
        elif action.kind == "event_target":
            g.emit(EventTargetChosen, to=MODERATOR, target=action.target)
            self.mark(g, action.target)

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
        g.emit(DeckShuffled, to=MODERATOR, deck=tuple(g.rng.shuffled([card for card in EVENTS if o[f"event_{card}"]])))
        g.phase("night", 0)
        CHECK_SEQUENCE.begin(self, g)

    def close_silence(self, g: Table, answers: dict[int, Action]) -> None:
        g.notice("curse.lifted")
        total, silence = self.talk_lengths(g.state)
        step = g.state.step
        assert step is not None, "the silence is closing"
        if not step.owing() or total <= silence:
            self.open_ballot(g, "vote")
        else:
            self.open_talk(g, "discussion", total - silence)

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        kind, text = action.kind, action.text
        if kind in ("whisper", "speak", "event_word") and not (text or "").strip():
            return "text_required"
        if kind == "speak" and decision.exact_text and text != decision.exact_text:
            return "babel_word"
        if kind == "speak" and decision.text_suffix and not (text or "").endswith(decision.text_suffix):
            return "library_suffix"
        if kind == "vote" and decision.text and not (text or "").strip():
            return "incantation_required"
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        if action.kind == "speak" and state.step and state.step.name == "silence" and seat == state.x.cursed:
            return "cursed_silent"
        return None

    def audience(self, state: GameState, seat: int, action: Action) -> Audience:
        kind = action.kind
        if kind in ("speak", "ready"):
            return "public"
        if kind == "whisper":
            if state.role(seat) == "mason":
                return tuple(self.holders(state, "mason"))
            return tuple(self.wolves(state))
        if kind == "vote":
            return (seat,) if state.x.ballot.format == "simultaneous" else "public"
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
        state = g.state
        x: CityState = state.x
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
            g.emit(DemonWon, to=MODERATOR, seat=marked[0])

    def reveal(self, g: Table, seats: tuple[int, ...]) -> None:
        for seat in seats:
            g.notice("altar.role", learn={seat: g.state.role(seat)}, seat=seat, role=g.state.role(seat))

    def awaken(self, g: Table) -> None:
        """キメラ awakens when it becomes the last of the wolf side able to attack."""
        state = g.state
        x: CityState = state.x
        if x.announced or any(state.role(s) in ("werewolf", "evil_eye") for s in state.living()):
            return
        chimeras = [s for s in state.living() if state.role(s) == "chimera" and s not in x.awakened]
        if chimeras:
            g.emit(ChimeraAwoke, to=MODERATOR, seats=tuple(chimeras))
            self.announce_awakening(g)

    def announce_awakening(self, g: Table) -> None:
        g.notice("chimera.awakened")
        g.emit(AwakeningAnnounced, to=g.state.x.awakened)
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

    def nightfall(self, g: Table) -> None:
        g.phase("night", g.state.day)
        g.emit(NightBegan, to=MODERATOR, eye_alive=bool(self.holders(g.state, "evil_eye")))
        NIGHT_SEQUENCE.begin(self, g)

    def resolve_night(self, g: Table) -> None:
        state = g.state
        x: CityState = state.x
        t, params, event = x.tonight, x.params, self.tonight_event(state)
        golem = bool(self.holders(state, "golem"))
        named = [s for s in (t.attack, t.attack2) if s is not None]
        attacks = named[:1]
        second = event == "beast_forest" or (event == "casino" and params.card == "werewolf")
        if len(named) > 1 and second and not golem:  # ゴーレム blocks the second attack
            attacks.append(named[1])
        if event == "casino" and params.card == "citizen":
            attacks = []
        if event == "illusion_garden" and params.die:
            ring = self.eligible(state)
            step = params.die if params.direction == "right" else -params.die
            attacks = [ring[(ring.index(a) + step) % len(ring)] for a in attacks]
        attacks = list(dict.fromkeys(attacks))
        knight = t.knight or t.dragon
        joint = knight[1] if knight else None
        spirit = t.spirit_caller
        guards = [
            (s, joint) for s in self.eligible(state) if state.role(s) in ("knight", "dragon") and joint is not None
        ]
        if spirit:
            guards.append(spirit)
        safe = set() if event == "slum" else {target for _, target in guards}
        if event == "guild" and params.target is not None:
            safe.add(params.target)
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
                    protected = joint
                elif role == "spirit_caller":
                    protected = spirit[1] if spirit else None
                else:
                    continue
                if protected not in attacks:
                    deaths.setdefault(seat, "arena")
        for fox in t.fox:
            deaths.setdefault(fox, "curse")
        chosen = [pair[1] for pair in (t.knight, t.dragon, t.spirit_caller, t.predict) if pair]
        self.mark(g, t.curse, *chosen)
        predict = t.predict
        if predict and predict[1] in named and state.is_alive(predict[0]):
            g.emit(PredictionMatched, to=MODERATOR, chimera=predict[0])
        g.emit(
            CityNightResolved,
            to=MODERATOR,
            attack=tuple(named),
            attacks=tuple(attacks),
            guards=tuple(guards),
            deaths=tuple(sorted(deaths.items())),
        )
        self.dawn(g, deaths)

    def dawn(self, g: Table, deaths: dict[int, str]) -> None:
        state = g.state
        x: CityState = state.x
        g.phase("day", state.day + 1)
        yesterday = x.event_day == state.day
        today = x.event if yesterday else None
        altar = x.altar or today == "altar"
        if deaths:
            self.die(g, deaths, "morning", reveal=altar)
        else:
            g.notice("morning.none")
        curse = x.tonight.curse
        cursed = curse if curse is not None and x.eye_alive and g.state.is_alive(curse) and state.day >= 1 else None
        church = (x.drawer, *g.state.x.morning_dead) if today == "church" and x.drawer else ()
        g.emit(DayBegan, to=MODERATOR, today=today, altar=altar, cursed=cursed, church=tuple(sorted(set(church))))
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
        state = g.state
        x: CityState = state.x
        today, p = x.today, x.today_params
        if today == "academy":
            g.notice("today.academy")
        elif today in ("library", "babel") and p.word:
            g.notice(f"today.{today}", word=p.word)
        elif today == "altar":
            g.notice("today.altar")
        elif today == "bathhouse" and p.minutes:
            g.notice("today.bathhouse", minutes=min(p.minutes, self.minutes(state) / 2))
        elif today == "church":
            g.notice("today.church", seats=x.church)
        elif today == "clock_tower":
            g.notice("today.clock_tower", minutes=self.minutes(state))
        elif today in ("bank", "thieves") and p.target is not None and state.is_alive(p.target):
            g.notice(f"today.{today}", seat=p.target)
        elif today == "parliament":
            g.notice("today.parliament", format=self.vote_format(state))

    def show_today(self, g: Table) -> None:
        """The day's announced rules, for every view: today's event and its word, the vote format, the cursed."""
        state = g.state
        x: CityState = state.x
        p = x.today_params
        g.emit(
            TodayShown,
            event=x.today,
            format=self.vote_format(state),
            cursed=x.cursed,
            word=p.word,
            minutes=p.minutes,
            target=p.target if x.today in ("bank", "thieves") else None,  # else the drawer's secret
        )

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
        today, word = state.x.today, state.x.today_params.word or ""
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
        private: Prompts = {s: (speak,) for s in state.x.church if not state.is_alive(s)}
        if muted is not None:
            private[muted] = (ready,)
        g.open_step(name, length, seats=seats, decisions=(speak, ready), private=private, extend=False)

    def open_ballot(self, g: Table, purpose: str, candidates: tuple[int, ...] = ()) -> None:
        state = g.state
        x: CityState = state.x
        fmt = "simultaneous" if purpose == "prison" else self.vote_format(state)
        lend = x.lend if x.lend and x.lend[2] == state.day - 1 else ()
        robbed = {x.today_params.target} if x.today == "thieves" else set()
        robbed |= {lend[1]} if lend else set()
        voters = [s for s in state.living() if s not in candidates and s not in robbed]
        g.emit(BallotOpened, to=MODERATOR, purpose=purpose, format=fmt, candidates=candidates, voters=tuple(voters))
        if not voters:
            self.tally(g)
        elif fmt == "ordered":
            self.next_voter(g, first=True)
        else:
            name = purpose + ("_runoff" if candidates else "")
            hold = fmt == "free" and not state.options["early_close"]
            g.open_step(name, "vote_seconds", seats=voters, decisions=(self.ballot_decision(g.state),), hold=hold)

    def ballot_decision(self, state: GameState) -> Decision:
        candidates = state.x.ballot.candidates or tuple(state.living())
        text = INCANTATION_MAX if state.x.today == "academy" else 0
        return Decision(kind="vote", targets=candidates, optional=True, text=text)

    def next_voter(self, g: Table, first: bool = False) -> None:
        ballot = g.state.x.ballot
        voters = ballot.voters
        if first:
            voter = voters[0]
        else:
            step = g.state.step
            assert step is not None, "the last voter's turn is closing"
            voter = voters[voters.index(step.public[0]) + 1]
        name = ballot.purpose + ("_runoff" if ballot.candidates else "")
        g.open_step(name, "vote_seconds", seats=(voter,), decisions=(self.ballot_decision(g.state),))

    def collect_ballot(self, g: Table, answers: dict[int, Action]) -> None:
        ballot, step = g.state.x.ballot, g.state.step
        assert step is not None, "the ballot is closing"
        if ballot.format == "ordered" and step.public[0] != ballot.voters[-1]:
            self.next_voter(g)
        else:
            self.tally(g)

    def weight(self, state: GameState, voter: int) -> int:
        x, weight = state.x, 1
        if x.today == "bank" and x.today_params.target == voter:
            weight += 1
        if x.lend and x.lend[2] == state.day - 1 and x.lend[0] == voter:
            weight += 1
        return weight

    def tally(self, g: Table) -> None:
        state, ballot = g.state, g.state.x.ballot
        purpose, runoff = ballot.purpose, bool(ballot.candidates)
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
            self.nightfall(g)

    def chosen(self, g: Table, purpose: str, seat: int) -> None:
        if purpose == "prison":
            self.mark(g, seat)
            g.emit(CityImprisoned, to=MODERATOR, seat=seat, day=g.state.day)
            g.notice("prison.chosen", seat=seat)
            self.nightfall(g)
            return
        if purpose == "court":
            self.mark(g, seat)
        self.die(g, {seat: "execution"}, "execution" if purpose == "vote" else "court")
        if self.check_win(g):
            return
        then = "event" if purpose == "vote" else "night"
        if g.state.role(seat) == "marksman":
            g.emit(ShotAwaited, to=MODERATOR, marksman=seat, then=then)
            g.notice("marksman.revealed", seat=seat)
            shoot = Decision(kind="shoot", targets=tuple(g.state.living()))
            g.open_step("shot", "shot_seconds", private={seat: (shoot,)})
        else:
            self.go_on(g, then)

    def go_on(self, g: Table, then: str) -> None:
        if then == "event":
            self.draw_event(g)
        else:
            self.nightfall(g)

    def resolve_shot(self, g: Table, answers: dict[int, Action]) -> None:
        action = next(iter(answers.values()), None)
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
        x: CityState = g.state.x
        if not x.deck:
            g.notice("event.none")
            self.nightfall(g)
            return
        g.emit(EventDrawn, to=MODERATOR, drawer=x.executed, cards=x.deck[:2])
        self.offer(g, "event_choice", Decision(kind="event", options=x.deck[:2]))

    def close_event_choice(self, g: Table, answers: dict[int, Action]) -> None:
        x: CityState = g.state.x
        assert x.drawer is not None, "the choice is offered to the drawer"
        action = answers.get(x.drawer)
        if action is None:
            g.notice("event.none")
            self.nightfall(g)
            return
        assert action.option is not None, "the card is one of the decision's options"
        self.use_event(g, action.option, from_deck=x.choosing == "airship")

    def close_event_target(self, g: Table, answers: dict[int, Action]) -> None:
        action = answers.get(g.state.x.drawer)
        if action is not None:
            assert action.target is not None, "the event's target is required"
            self.mark(g, action.target)
            self.die(g, {action.target: "event"}, "event")
            if self.check_win(g):
                return
        self.nightfall(g)

    def close_event_word(self, g: Table, answers: dict[int, Action]) -> None:
        action = answers.get(g.state.x.drawer)
        if action is not None:
            g.emit(WordChosen, to=MODERATOR, word=action.text)
            g.notice(f"event.{g.state.x.event}", word=action.text)
        self.nightfall(g)

    def close_event_minutes(self, g: Table, answers: dict[int, Action]) -> None:
        action = answers.get(g.state.x.drawer)
        if action is not None:
            assert action.option is not None, "the minutes are one of the decision's options"
            g.emit(MinutesChosen, to=MODERATOR, minutes=int(action.option))
        self.nightfall(g)

    def use_event(self, g: Table, card: str, from_deck: bool = False) -> None:
        state = g.state
        g.emit(EventChosen, to=MODERATOR, card=card, day=state.day, from_deck=from_deck)
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
            self.nightfall(g)
        elif card == "airship" and state.x.deck:
            g.emit(AirshipBoarded, to=MODERATOR)
            self.offer(g, "event_choice", Decision(kind="event", options=state.x.deck))
        elif card == "vortex":
            living = state.living()
            for seat, role in zip(living, g.rng.shuffled([state.role(s) for s in living]), strict=True):
                g.change_role(seat, role)
            awakened = state.x.awakened
            g.emit(Redealt, to=awakened or MODERATOR, awakened=awakened)
            CHECK_SEQUENCE.begin(self, g)
        else:
            self.nightfall(g)

    # --- evolve ---------------------------------------------------------------------------------

    def evolve(self, state: GameState, event: Event) -> GameState:
        fold = _EVOLVE.get(type(event))
        return fold(self, state, event) if fold else state


# --- the steps ---------------------------------------------------------------------------------
# The role check and the night are `RoleSequence`s: each step of the plan opens with every prompt of
# the step made at once (from the living seats the night may touch), resolves its answers when it
# closes, and tells what its role learns as it opens.

Prompts = dict[int, tuple[Decision, ...]]


class RoleStep(NamedTuple):
    """A role step of the check or the night: its prompts, how its answers resolve, what it tells."""

    prompts: Callable[[MagicCity, GameState, list[int]], Prompts] | None = None
    resolve: Callable[[MagicCity, Table, dict[int, Action]], None] | None = None
    announce: Callable[[MagicCity, Table, list[int]], None] | None = None


def _others(ok: list[int], seat: int) -> tuple[int, ...]:
    return tuple(s for s in ok if s != seat)


def _name_one(kind: str, *roles: str) -> Callable[[MagicCity, GameState, list[int]], Prompts]:
    """Each holder of `roles` may name another seat (`kind`), or nobody."""

    def prompts(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
        return {s: (Decision(kind=kind, targets=_others(ok, s), optional=True),) for s in ok if state.role(s) in roles}

    return prompts


_divine = _name_one("divine", "prophet")


def _p_first_divine(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
    return _divine(rs, state, ok) if state.options["first_seer"] else {}


def _p_event(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
    drawer, decision = state.x.drawer, rs.night_event_decision(state, ok)
    return {drawer: (decision,)} if decision and drawer else {}


def _p_attack(rs: MagicCity, state: GameState, ok: list[int], second: bool = False) -> Prompts:
    """The pack's attack (the second one never on the first's target); the night talk with the first."""
    first = state.x.tonight.attack if second else None
    prompts: Prompts = {}
    for s in ok:
        if rs.is_wolf(state, s):
            d = rs.attack_decision(state, s)
            prompts[s] = (replace(d, targets=tuple(t for t in d.targets if t != first)),)
    if not second and state.options["night_talk"]:
        whisper = Decision(kind="whisper", text=state.options["speech_max_chars"], repeatable=True)
        for s in ok:
            if rs.is_wolf(state, s) or state.role(s) == "mason":
                prompts[s] = prompts.get(s, ()) + (whisper,)
    return prompts


def _p_second_attack(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
    return _p_attack(rs, state, ok, second=True)


def _p_predict(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
    chimeras = [s for s in ok if state.role(s) == "chimera" and s not in state.x.awakened]
    return {s: (Decision(kind="predict", targets=_others(ok, s), optional=True),) for s in chimeras}


def _guard(*roles: str) -> Callable[[MagicCity, GameState, list[int]], Prompts]:
    def prompts(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
        return {s: (rs.guard_decision(state, s),) for s in ok if state.role(s) in roles}

    return prompts


_lend = _name_one("lend", "moneylender")


def _p_lend(rs: MagicCity, state: GameState, ok: list[int]) -> Prompts:
    return {} if state.x.lent else _lend(rs, state, ok)


def _choices(answers: dict[int, Action]) -> list[tuple[int, int]]:
    """(seat, the seat it named), in seat order."""
    return [(seat, a.target) for seat, a in sorted(answers.items()) if a.target is not None]


def _r_divine(first: bool) -> Callable[[MagicCity, Table, dict[int, Action]], None]:
    def resolve(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
        for seer, seen in _choices(answers):
            rs.divine(g, seer, seen, first=first)

    return resolve


def _r_event(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
    rs.night_event_params(g, answers.get(g.state.x.drawer))


def _r_attack(second: bool) -> Callable[[MagicCity, Table, dict[int, Action]], None]:
    def resolve(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
        g.emit(AttackChosen, to=MODERATOR, target=rs.attack_target(g), second=second)

    return resolve


def _r_curse(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
    for eye, target in _choices(answers):
        g.emit(CurseCast, to=(eye,), eye=eye, target=target)


def _r_predict(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
    for chimera, target in _choices(answers):
        g.emit(ChimeraPredicted, to=MODERATOR, chimera=chimera, target=target)


def _r_guard(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
    for guard, target in _choices(answers):
        g.emit(CityGuarded, to=MODERATOR, guard=guard, role=g.state.role(guard), target=target)


def _r_lend(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
    for lender, target in _choices(answers):
        g.emit(Lent, to=MODERATOR, lender=lender, target=target, day=g.state.day)
        rs.mark(g, target)


def _a_wolves(rs: MagicCity, g: Table, ok: list[int]) -> None:
    wolves = tuple(s for s in ok if rs.is_wolf(g.state, s))
    if len(wolves) > 1:
        g.notice("wolves.partners", to=wolves, learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)
    elif wolves:
        g.notice("wolves.alone", to=wolves)


def _a_partners(*roles: str) -> Callable[[MagicCity, Table, list[int]], None]:
    def announce(rs: MagicCity, g: Table, ok: list[int]) -> None:
        pair = tuple(s for s in ok if g.state.role(s) in roles)
        if len(pair) > 1:
            g.notice("partners.known", to=pair, learn={s: g.state.role(s) for s in pair}, seats=pair)

    return announce


def _a_cult(rs: MagicCity, g: Table, ok: list[int]) -> None:
    state = g.state
    wolves = tuple(s for s in state.living() if state.role(s) in ("werewolf", "evil_eye", "chimera"))
    madmen = tuple(s for s in ok if state.role(s) == "madman")
    if madmen:
        g.notice("cult.wolves", to=madmen, learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)


def _a_medium(rs: MagicCity, g: Table, ok: list[int]) -> None:
    state = g.state
    executed = state.x.executed if state.x.executed_day == state.day else None
    if executed is None:
        return
    for medium in (s for s in ok if state.role(s) == "medium"):
        label = rs.seers_label(state, executed)
        g.notice("medium.result", to=(medium,), learn={executed: label}, target=executed, label=label)


CHECK_STEPS: dict[str, RoleStep] = {
    **{name: RoleStep() for name, _ in CHECK},
    "wolves": RoleStep(announce=_a_wolves),
    "prophet": RoleStep(prompts=_p_first_divine, resolve=_r_divine(first=True)),
    "guards": RoleStep(announce=_a_partners("knight", "dragon")),
    "mason": RoleStep(announce=_a_partners("mason")),
}
NIGHT_STEPS: dict[str, RoleStep] = {
    "event": RoleStep(prompts=_p_event, resolve=_r_event),
    "cult": RoleStep(announce=_a_cult),
    "evil_eye": RoleStep(prompts=_name_one("curse", "evil_eye"), resolve=_r_curse),
    "werewolf": RoleStep(prompts=_p_attack, resolve=_r_attack(second=False)),
    "second_attack": RoleStep(prompts=_p_second_attack, resolve=_r_attack(second=True)),
    "chimera": RoleStep(prompts=_p_predict, resolve=_r_predict),
    "prophet": RoleStep(prompts=_divine, resolve=_r_divine(first=False)),
    "medium": RoleStep(announce=_a_medium),
    "knight": RoleStep(prompts=_guard("knight", "dragon"), resolve=_r_guard),
    "spirit_caller": RoleStep(prompts=_guard("spirit_caller"), resolve=_r_guard),
    "moneylender": RoleStep(prompts=_p_lend, resolve=_r_lend),
}


def _sequence(
    prefix: str,
    steps: dict[str, RoleStep],
    plan: Callable[[MagicCity, GameState], list[str]],
    finish: Callable[[MagicCity, Table], None],
    duration: str,
) -> RoleSequence:
    def prompts(rs: MagicCity, g: Table, name: str) -> Prompts:
        make = steps[name].prompts
        return make(rs, g.state, rs.eligible(g.state)) if make else {}

    def announce(rs: MagicCity, g: Table, name: str) -> None:
        tell = steps[name].announce
        if tell:
            tell(rs, g, rs.eligible(g.state))

    def _nothing(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
        return None

    return RoleSequence(
        prefix=prefix,
        plan=plan,
        steps={name: StepSpec(step.resolve or _nothing) for name, step in steps.items()},
        prompts=prompts,
        finish=finish,
        duration=lambda name: duration,
        resolve_skipped=False,  # a skipped step chose nothing
        announce=announce,
    )


CHECK_SEQUENCE = _sequence("check.", CHECK_STEPS, MagicCity.check_plan, MagicCity.after_check, "role_check_seconds")
NIGHT_SEQUENCE = _sequence("night.", NIGHT_STEPS, MagicCity.night_plan, MagicCity.resolve_night, "night_step_seconds")


def _next(rs: MagicCity, g: Table, answers: dict[int, Action]) -> None:
    rs.open_ballot(g, "vote")


DAY_STEPS: dict[str, StepSpec] = {
    "silence": StepSpec(MagicCity.close_silence),
    "discussion": StepSpec(_next),
    **{name: StepSpec(MagicCity.collect_ballot) for p in ("vote", "court", "prison") for name in (p, p + "_runoff")},
    "shot": StepSpec(MagicCity.resolve_shot),
    "event_choice": StepSpec(MagicCity.close_event_choice),
    "event_target": StepSpec(MagicCity.close_event_target),
    "event_word": StepSpec(MagicCity.close_event_word),
    "event_minutes": StepSpec(MagicCity.close_event_minutes),
}
MagicCity.steps = {**DAY_STEPS, **CHECK_SEQUENCE.specs(), **NIGHT_SEQUENCE.specs()}


def _x(state: GameState, **changes: Any) -> GameState:
    return replace(state, x=replace(state.x, **changes))


def _tonight(state: GameState, **changes: Any) -> GameState:
    return _x(state, tonight=replace(state.x.tonight, **changes))


def _on_act(rs: MagicCity, state: GameState, e: Act | Defaulted) -> GameState:
    if e.action.kind == "vote":
        return _x(state, cast={**state.x.cast, e.seat: e.action.target})
    return werewolf_on_act(rs, state, e)


def _on_event_chosen(rs: MagicCity, state: GameState, e: EventChosen) -> GameState:
    deck = tuple(c for c in state.x.deck if c != e.card) if e.from_deck else state.x.deck
    return _x(state, deck=deck, event=e.card, event_day=e.day, params=NO_PARAMS, choosing="")


def _on_day(rs: MagicCity, state: GameState, e: DayBegan) -> GameState:
    x: CityState = state.x
    today_params = x.params if e.today is not None else NO_PARAMS  # the event of yesterday is today's
    return _x(
        state,
        today=e.today,
        today_params=today_params,
        altar=e.altar,
        tonight=Tonight(),
        cursed=e.cursed,
        church=e.church,
    )


def _on_redealt(rs: MagicCity, state: GameState, e: Redealt) -> GameState:
    return _x(state, awakened=(), announced=False, awakening_due=False, named=(), lent=False, last_guard={})


_Fold = Callable[[MagicCity, GameState, Any], GameState]
_EVOLVE: dict[type, _Fold] = {
    **WEREWOLF_EVOLVE,
    GameCreated: lambda rs, s, e: replace(s, x=CityState()),
    Act: _on_act,
    Defaulted: _on_act,
    DeckShuffled: lambda rs, s, e: _x(s, deck=e.deck),
    NightBegan: lambda rs, s, e: _x(s, eye_alive=e.eye_alive),
    EventDrawn: lambda rs, s, e: _x(s, deck=s.x.deck[len(e.cards) :], drawer=e.drawer, choosing=""),
    AirshipBoarded: lambda rs, s, e: _x(s, choosing="airship"),
    EventChosen: _on_event_chosen,
    WordChosen: lambda rs, s, e: _x(s, params=EventParams(word=e.word)),
    MinutesChosen: lambda rs, s, e: _x(s, params=EventParams(minutes=e.minutes)),
    EventTargetChosen: lambda rs, s, e: _x(s, params=replace(s.x.params, target=e.target)),
    TreeBound: lambda rs, s, e: _x(s, trees=(*s.x.trees, e.pair)),
    GardenTurned: lambda rs, s, e: _x(s, params=replace(s.x.params, direction=e.direction, die=e.die)),
    CasinoCardTurned: lambda rs, s, e: _x(s, params=replace(s.x.params, card=e.card)),
    Named: lambda rs, s, e: _x(s, named=s.x.named + e.seats),
    AttackChosen: lambda rs, s, e: _tonight(s, **{"attack2" if e.second else "attack": e.target}),
    CurseCast: lambda rs, s, e: _tonight(s, curse=e.target),
    ChimeraPredicted: lambda rs, s, e: _tonight(s, predict=(e.chimera, e.target)),
    CityGuarded: lambda rs, s, e: _tonight(s, **{e.role: (e.guard, e.target)}),
    Lent: lambda rs, s, e: _x(s, lent=True, lend=(e.lender, e.target, e.day)),
    FoxDivined: lambda rs, s, e: _tonight(s, fox=(*s.x.tonight.fox, e.fox)),
    PredictionMatched: lambda rs, s, e: _x(s, awakened=(*s.x.awakened, e.chimera), awakening_due=True),
    ChimeraAwoke: lambda rs, s, e: _x(s, awakened=s.x.awakened + e.seats),
    AwakeningAnnounced: lambda rs, s, e: _x(s, announced=True, awakening_due=False),
    Redealt: _on_redealt,
    CityNightResolved: lambda rs, s, e: _x(s, last_guard=dict(e.guards)),
    DayBegan: _on_day,
    BallotOpened: lambda rs, s, e: _x(
        s, ballot=Ballot(purpose=e.purpose, format=e.format, candidates=e.candidates, voters=e.voters), cast={}
    ),
    CityImprisoned: lambda rs, s, e: _x(s, prison=e.seat, prison_day=e.day),
    ShotAwaited: lambda rs, s, e: _x(s, after_shot=e.then),
    DemonWon: lambda rs, s, e: _x(s, demon_won=e.seat),
}


# --- stored games before the typed facts ---------------------------------------------------------
# Games recorded by magic_city 1 wrote the state through moderator-only `Resolved(what="memo")`
# events (read by no view, and ignored by the fold: such a game is never recomputed) and the views'
# facts through `CityInfo`, which `projections.magic_city` still folds into `View.private`.


class CityInfo(Event, frozen=True, kw_only=True, tag="magic_city_info"):
    """What went into its readers' `View.private`: the day's announced rules (public), the chimera's
    awakening and the evil eye's curse (to that seat alone). Read only."""

    info: dict[str, Any] = {}  # facts added to `View.private`, by name (games stored before the typed facts)


MAGIC_CITY = MagicCity()
