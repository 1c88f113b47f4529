"""The event cards: the executed player draws, chooses one and its parameters; an immediate card acts
at once, a night card in tonight's first step (`event`, or `cult`), an announced one the next day."""

from __future__ import annotations

from grimoire.domain.events import MODERATOR, Action, Decision
from grimoire.domain.ruleset import Ruleset, Table
from grimoire.domain.rulesets.magic_city.city import check_win, die, eligible, holders, mark, tonight_event
from grimoire.domain.rulesets.magic_city.data import WORD_MAX, Then
from grimoire.domain.rulesets.magic_city.facts import (
    AirshipBoarded,
    CasinoCardTurned,
    CityState,
    EventChosen,
    EventDrawn,
    EventTargetChosen,
    GardenTurned,
    MinutesChosen,
    Redealt,
    TreeBound,
    WordChosen,
)
from grimoire.domain.state import GameState

# --- the draw and the choice (the day's steps `event_*`) --------------------------------------------
# Each returns what the flow opens next; None: the next step is open already, or the game has ended.


def offer(g: Table[CityState], name: str, decision: Decision) -> None:
    seat = g.state.x.drawer
    assert seat is not None, "an event is offered after its draw"
    g.open_step(name, "event_seconds", private={seat: (decision,)})


def drawer_answer(g: Table[CityState], answers: dict[int, Action]) -> Action | None:
    seat = g.state.x.drawer
    return None if seat is None else answers.get(seat)


def draw_event(g: Table[CityState]) -> Then | None:
    x: CityState = g.state.x
    if not x.deck:
        g.notice("event.none")
        return Then.NIGHT
    assert x.executed is not None, "the executed seat draws"
    g.emit(EventDrawn(at=g.at, to=MODERATOR, drawer=x.executed, cards=x.deck[:2]))
    offer(g, "event_choice", Decision(kind="event", options=x.deck[:2]))
    return None


def close_event_choice(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    x: CityState = g.state.x
    assert x.drawer is not None, "the choice is offered to the drawer"
    action = answers.get(x.drawer)
    if action is None:
        g.notice("event.none")
        return Then.NIGHT
    assert action.option is not None, "the card is one of the decision's options"
    return use_event(rs, g, action.option, from_deck=x.from_deck)


def close_event_target(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    action = drawer_answer(g, answers)
    if action is not None:
        assert action.target is not None, "the event's target is required"
        mark(g, action.target)
        die(g, {action.target: "event"}, "event")
        if check_win(g):
            return None
    return Then.NIGHT


def close_event_word(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    action = drawer_answer(g, answers)
    if action is not None:
        assert action.text is not None, "the word is the answer's text"
        g.emit(WordChosen(at=g.at, to=MODERATOR, word=action.text))
        g.notice(f"event.{g.state.x.event}", word=action.text)
    return Then.NIGHT


def close_event_minutes(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> Then | None:
    action = drawer_answer(g, answers)
    if action is not None:
        assert action.option is not None, "the minutes are one of the decision's options"
        g.emit(MinutesChosen(at=g.at, to=MODERATOR, minutes=int(action.option)))
    return Then.NIGHT


def use_event(rs: Ruleset[CityState], g: Table[CityState], card: str, from_deck: bool = False) -> Then | None:
    state = g.state
    g.emit(EventChosen(at=g.at, to=MODERATOR, card=card, day=state.day, from_deck=from_deck))
    g.notice("event.chosen", card=card)
    if card == "mages_guild":
        offer(g, "event_target", Decision(kind="event_target", targets=tuple(state.living())))
    elif card in ("babel", "library"):
        # the word is said in every speech of the next day, so it fits the speech cap too
        word_max = min(WORD_MAX, state.options["speech_max_chars"])
        offer(g, "event_word", Decision(kind="event_word", text=word_max))
    elif card == "bathhouse":
        most = max(1, int(max(len(state.living()) - 4, 1) / 2))
        offer(g, "event_minutes", Decision(kind="event_minutes", options=tuple(str(m) for m in range(1, most + 1))))
    elif card == "court":
        return Then.COURT
    elif card == "prison":
        return Then.PRISON
    elif card == "graveyard":
        if not holders(state, "golem"):
            die(g, dict.fromkeys(holders(state, "prophet"), "graveyard"), "event")
            if check_win(g):
                return None
        return Then.NIGHT
    elif card == "airship" and state.x.deck:
        g.emit(AirshipBoarded(at=g.at, to=MODERATOR))
        offer(g, "event_choice", Decision(kind="event", options=state.x.deck))
    elif card == "vortex":
        living = state.living()
        for seat, role in zip(living, g.rng.shuffled([state.role(s) for s in living]), strict=True):
            g.change_role(seat, role)
        awakened = state.x.awakened
        g.emit(Redealt(at=g.at, to=awakened or MODERATOR, awakened=awakened))
        return Then.CHECK
    else:
        return Then.NIGHT
    return None


# --- the night card's step ----------------------------------------------------------------------


def night_event_decision(state: GameState[CityState], ok: list[int]) -> Decision | None:
    event = tonight_event(state)
    if event == "legend_tree":
        return Decision(kind="event_targets", targets=tuple(ok), count=2) if len(ok) >= 2 else None
    if event == "illusion_garden":
        return Decision(kind="event_direction", options=("left", "right"))
    if event == "casino":
        return Decision(kind="event_card", options=("1", "2"))
    return Decision(kind="event_target", targets=tuple(ok))


def night_event_params(g: Table[CityState], action: Action | None) -> None:
    if action is None:
        return
    if action.kind == "event_targets":
        first, second = action.targets  # the decision asks for two
        g.emit(TreeBound(at=g.at, to=MODERATOR, pair=(first, second)))
        mark(g, *action.targets)
    elif action.kind == "event_direction":
        assert action.option is not None, "the direction is one of the decision's options"
        die_roll = g.rng.below(6) + 1
        g.emit(GardenTurned(at=g.at, to=MODERATOR, direction=action.option, die=die_roll))
        seat = g.state.x.drawer
        assert seat is not None, "the drawer answered"
        g.notice("garden.die", to=(seat,), die=die_roll)
    elif action.kind == "event_card":
        assert action.option is not None, "the card is one of the decision's options"
        cards = g.rng.shuffled(("citizen", "werewolf"))
        g.emit(CasinoCardTurned(at=g.at, to=MODERATOR, card=cards[int(action.option) - 1]))
    elif action.kind == "event_target":
        assert action.target is not None, "the decision names a target"
        g.emit(EventTargetChosen(at=g.at, to=MODERATOR, target=action.target))
        mark(g, action.target)


def drawer(rs: Ruleset[CityState], g: Table[CityState]) -> tuple[int, ...]:
    """The night card's actor: its drawer, dead or alive."""
    seat = g.state.x.drawer
    return (seat,) if seat else ()


def event_prompt(rs: Ruleset[CityState], g: Table[CityState], seat: int) -> tuple[Decision, ...]:
    decision = night_event_decision(g.state, eligible(g.state))
    return (decision,) if decision else ()


def resolve_event(rs: Ruleset[CityState], g: Table[CityState], answers: dict[int, Action]) -> None:
    night_event_params(g, drawer_answer(g, answers))


def tell_cult(rs: Ruleset[CityState], g: Table[CityState]) -> None:
    state = g.state
    wolves = tuple(s for s in state.living() if state.role(s) in ("werewolf", "evil_eye", "chimera"))
    madmen = tuple(s for s in eligible(state) if state.role(s) == "madman")
    if madmen:
        g.notice("cult.wolves", to=madmen, learn=dict.fromkeys(wolves, "werewolf"), seats=wolves)
