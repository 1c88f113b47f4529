"""witch_trial: 魔女审判, the survival card game (`witch-trial.md`, rulings § witch_trial).

Everything that happens to the ruleset's state is a named fact (the events below), each folded by
one function and addressed when it is made: to the moderator for the truth (an attack, a kill, a
witch's timer), to the seat itself for what it learns (its deal, a card it used or took), to both
parties of a trade. Read in order, a game's log is the list of what happened. The day: dawn
(deaths, loot) → morning → noon (talk and trades) → evening (imprisonment vote) → night (card use).

Where the documents leave the mechanics open:
- 午间 is one step: every living seat answers "ready", makes an offer, or answers the offer it
  received. An offer is refused only for what its initiator knows: it has traded or spent its
  chance today, or an offer of its own (delivered or held: it cannot tell) or to it is pending.
  It reaches its recipient at once, which then owes an answer even if it had said ready; an
  accepted offer swaps at once, a refused one gives the recipient its turn back. Making an offer,
  or accepting one, ends that seat's 午间 but for talk. An offer to a seat
  that has traded today or is party to a pending offer is held (a moderator `OfferHeld` records it):
  nobody else learns of it, and it closes as refused when 午间 ends, as an unanswered offer does at
  the deadline. 午间 ends when every living seat has answered and no delivered offer waits for its
  answer, or at its deadline.
- The night's deaths are announced at dawn; the loot window follows (fixed length, looters of one
  body prompted in turn, the rest prompted nothing); then the first finders and the unclaimed cards
  (named together, not by body). A looter whose turn has not come when the window ends takes nothing.
- The game ends at the resolution of its last night (or when at most one lives), on that night's
  day: its dead are announced with the end, and no dawn of a day that never comes is opened.
- A 魔女杀手 holder's other card at 深夜 is refused as `witch_killer_only`, decided from its own hand
  (an imprisoned holder may use nothing: `wrong_phase`, as for any imprisoned player).
- A 杀人魔法 blocked by a 结界 is spent (it was used; only an attacker past the cap or dead before
  its turn keeps its card).
- Random draws whose use depends on hidden choices (the probe's card, the heir, first finders) are
  drawn for every seat or body every time, so a hidden choice never shifts a later draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import msgspec

from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Act,
    Action,
    Audience,
    DeathCause,
    Decision,
    Defaulted,
    Event,
    GameCreated,
    PhaseStarted,
    StepOpened,
)
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Option, Ruleset, StepSpec, Table, seconds
from grimoire.domain.rulesets.witch_trial import stored  # noqa: F401  (stored games' events stay readable)
from grimoire.domain.state import GameState

replace = msgspec.structs.replace

WK, BARRIER, KILL, PROBE, CHECK = "witch_killer", "barrier", "kill_magic", "probe", "check"
CARDS = (WK, BARRIER, KILL, PROBE, CHECK)
SPEAK, READY, OFFER, ACCEPT, REFUSE, VOTE, PASS, TAKE = (
    "speak",
    "ready",
    "offer",
    "accept",
    "refuse",
    "vote",
    "pass",
    "take",
)
HAND_CAP = 4
ATTACK_SLOTS = 3
WRECK = "wreck"  # the cause of a witch's death after two nights without a kill
DRAW = 1 << 62  # a draw taken whether or not it is needed, so hidden choices never shift later draws

POOLS = {
    "7": (WK,) + (BARRIER,) * 15 + (PROBE,) * 5 + (CHECK,) * 4 + (KILL,) * 3,
    "8": (WK,) + (BARRIER,) * 18 + (PROBE,) * 5 + (CHECK,) * 4 + (KILL,) * 4,
    "9": (WK,) + (BARRIER,) * 20 + (PROBE,) * 6 + (CHECK,) * 4 + (KILL,) * 5,
}

ORDERED = frozenset(CARDS)  # whose submission order matters (attacks)
TRADING = (READY, OFFER, ACCEPT, REFUSE)
TRADE_USED, OFFER_PENDING, WITCH_KILLER_ONLY = "trade_used", "offer_pending", "witch_killer_only"
PASS_DECISION = Decision(kind=PASS)
LOOT_PASS = Decision(kind=PASS, final=True)  # a looter's choice is made once: the next looter is prompted at once
READY_DECISION = Decision(kind=READY)


# --- facts -------------------------------------------------------------------------------------
# `seat` is the seat the fact is about; cards are card ids; `to` is set where each is made.


class CardsDealt(Event, frozen=True, kw_only=True, tag="cards_dealt"):
    """To the seat: its four cards (holding the 魔女杀手 makes it a witch from night 1)."""

    seat: int  # the seat dealt to
    cards: tuple[str, ...]  # its four cards


class OfferMade(Event, frozen=True, kw_only=True, tag="offer_made"):
    """To the recipient alone: `initiator` offers `card`; the recipient owes an answer."""

    initiator: int  # the seat that offers
    recipient: int  # the seat offered to
    card: str  # the card offered


class OfferHeld(Event, frozen=True, kw_only=True, tag="offer_held"):
    """The moderator's: an offer to a recipient that cannot take it; it counts as refused at noon's end."""

    initiator: int  # the seat that offered
    recipient: int  # the seat that cannot take the offer
    card: str  # the card offered


class TradeAccepted(Event, frozen=True, kw_only=True, tag="trade_accepted"):
    """To both parties: the swap of the initiator's `card` for the recipient's `got`."""

    initiator: int  # the seat that offered
    recipient: int  # the seat that accepted
    card: str  # the initiator's card, now the recipient's
    got: str  # the recipient's card, now the initiator's


class TradeRefused(Event, frozen=True, kw_only=True, tag="trade_refused"):
    """To the parties it reached: refused, left unanswered, or held; the initiator's trade is spent."""

    initiator: int  # the seat that offered
    recipient: int  # the seat offered to
    card: str  # the card offered, kept by the initiator


class Imprisoned(Event, frozen=True, kw_only=True, tag="imprisoned"):
    """The moderator's: `seat` may use no card tonight (everyone reads the ballot that chose it)."""

    seat: int  # the seat imprisoned tonight


class CardUsed(Event, frozen=True, kw_only=True, tag="card_used"):
    """To the seat: it used `card` (on `target`), which goes to the discard."""

    seat: int  # the seat that used the card
    card: str  # the card used, now in the discard
    target: int | None = None  # the seat it was used on; none for a card without a target


class AttackUnfit(Event, frozen=True, kw_only=True, tag="attack_unfit"):
    """The moderator's: a 杀人魔法 past the three attack slots; not made, the card kept."""

    seat: int  # the would-be attacker
    target: int  # the seat it chose


class AttackMade(Event, frozen=True, kw_only=True, tag="attack_made"):
    """The moderator's: `seat` attacks `target` with `card` in attack slot `slot` (1–3)."""

    seat: int  # the attacker
    target: int  # the seat attacked
    card: str  # the attack card (杀人魔法 or 魔女杀手)
    slot: int  # the attack slot, 1 to 3, in resolution order


class AttackVoided(Event, frozen=True, kw_only=True, tag="attack_voided"):
    """The moderator's: the attacker died before its slot; nothing happens and it keeps its card."""

    seat: int  # the attacker that died first
    target: int  # the seat it would have attacked


class AttackBlocked(Event, frozen=True, kw_only=True, tag="attack_blocked"):
    """The moderator's: the target's 结界 stopped `seat`'s attack."""

    seat: int  # the attacker
    target: int  # the seat its 结界 protected


class AttackMissed(Event, frozen=True, kw_only=True, tag="attack_missed"):
    """The moderator's: a 杀人魔法 on the holder whose own 魔女杀手 attack landed (4.5)."""

    seat: int  # the attacker
    target: int  # the 魔女杀手 holder it missed


class AttackLate(Event, frozen=True, kw_only=True, tag="attack_late"):
    """The moderator's: the target was already dead; the card is spent and the attacker loots (情景三)."""

    seat: int  # the attacker, who loots the body
    target: int  # the seat already dead


class Killed(Event, frozen=True, kw_only=True, tag="killed"):
    """The moderator's: `seat` dies tonight by `killer`'s `card`."""

    seat: int  # the seat that dies
    killer: int  # the seat whose attack killed it
    card: str  # the attack card that killed it


class WitchKillerSeized(Event, frozen=True, kw_only=True, tag="witch_killer_seized"):
    """To the killer: it killed the holder `victim` and takes the 魔女杀手 in place of a loot (情境四)."""

    seat: int  # the killer, who now holds the 魔女杀手
    victim: int  # the holder it killed


class WitchTimer(Event, frozen=True, kw_only=True, tag="witch_timer"):
    """The moderator's: the witch `seat` has gone `nights` nights in a row without a kill."""

    seat: int  # the witch
    nights: int  # nights in a row without a kill, counted to 2


class BecameWitch(Event, frozen=True, kw_only=True, tag="became_witch"):
    """The moderator's: a successful kill made `seat` a witch (its kill night counts as a kill)."""

    seat: int  # the seat that is a witch now


class Wrecked(Event, frozen=True, kw_only=True, tag="wrecked"):
    """The moderator's: the witch `seat` dies (残骸化) after two nights without a kill."""

    seat: int  # the witch that dies


class WitchKillerPassed(Event, frozen=True, kw_only=True, tag="witch_killer_passed"):
    """The moderator's: the wrecked holder's 魔女杀手 goes to a random survivor, who becomes a witch."""

    holder: int  # the wrecked seat that held the 魔女杀手
    heir: int  # the survivor that receives it


class WitchKillerReceived(Event, frozen=True, kw_only=True, tag="witch_killer_received"):
    """To the heir: its hand now, with the 魔女杀手 (never from whom)."""

    seat: int  # the heir
    cards: tuple[str, ...]  # its whole hand now, the 魔女杀手 included


class CardsLeftOnBody(Event, frozen=True, kw_only=True, tag="cards_left_on_body"):
    """To the dead seat: its hand stays on its body."""

    seat: int  # the dead seat
    cards: tuple[str, ...]  # the cards left on its body


class LootQueued(Event, frozen=True, kw_only=True, tag="loot_queued"):
    """The moderator's: the body's living looters, in submission order."""

    corpse: int  # the dead seat whose body is looted
    looters: tuple[int, ...]  # the living seats that loot it, in order


class Looted(Event, frozen=True, kw_only=True, tag="looted"):
    """To the looter: it took `card` from the body of `corpse`."""

    seat: int  # the looter
    corpse: int  # the dead seat looted
    card: str  # the card it took


class FirstFound(Event, frozen=True, kw_only=True, tag="first_found"):
    """To the first finder: the random card it drew from the body of `corpse`."""

    seat: int  # the seat that found the body first
    corpse: int  # the dead seat found
    card: str  # the card drawn at random


class LeftoversDiscarded(Event, frozen=True, kw_only=True, tag="leftovers_discarded"):
    """The moderator's: what was left on a body goes to the discard (named publicly, not by body)."""

    corpse: int  # the dead seat the cards lay on
    cards: tuple[str, ...]  # the cards that go to the discard


# --- state -------------------------------------------------------------------------------------


class WitchState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    hands: dict[int, tuple[str, ...]] = {}
    corpses: dict[int, tuple[str, ...]] = {}
    discard: tuple[str, ...] = ()
    witches: dict[int, int] = {}  # witch -> nights in a row without a kill
    causes: dict[int, str] = {}
    imprisoned: int | None = None
    order: tuple[int, ...] = ()  # the open step's answers in order of acceptance (a change moves to the end)
    offers: dict[int, tuple[int, str]] = {}  # recipient -> (initiator, card): delivered, unanswered
    held: tuple[tuple[int, int, str], ...] = ()  # (initiator, recipient, card): refused when 午间 ends
    used: tuple[int, ...] = ()  # seats whose trade of the day is spent
    fresh: tuple[int, ...] = ()  # the last night's dead
    loot: dict[int, tuple[int, ...]] = {}  # corpse -> its looters in submission order
    attackers: dict[int, tuple[int, ...]] = {}  # target -> every seat that attacked it tonight
    forced: tuple[int, ...] = ()  # killers who seized the 魔女杀手 (they look, and take nothing)


def holder(x: WitchState) -> int | None:
    return next((s for s, hand in x.hands.items() if WK in hand), None)


def tradeable(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple([c for c in CARDS if c != WK and c in hand])


def pending(x: WitchState, seat: int) -> bool:
    """`seat` made an offer not yet closed, or has one to answer."""
    return seat in x.offers or any(i == seat for i, _ in x.offers.values()) or any(h[0] == seat for h in x.held)


def trade_refusal(x: WitchState, seat: int) -> str | None:
    """Why `seat` may not offer, from what it knows: its own trades and offers."""
    if seat in x.used:
        return TRADE_USED
    return OFFER_PENDING if pending(x, seat) else None


class WitchTrial(Ruleset):
    id = "witch_trial"
    version = "2"
    doc_lang = "zh-Hans"
    end_reasons = ("early_end", "days_over")  # one survivor or none before the last day, or the days ran out
    roles = {card: card for card in CARDS}  # the cards a pool is made of
    presets = POOLS
    options = {
        "deal_in_order": Option(
            type="bool",
            default=False,
            doc="Deal the pool in its given order, 4 cards a seat "
            "(prepared deals for demonstrations; the pool is public).",
        ),
        "days": Option(type="int", default=7, minimum=1, maximum=30, doc="Days in the game."),
        "morning_seconds": seconds(180, "晨间: the morning talk."),
        "noon_seconds": seconds(180, "午间: talk and trade offers."),
        "vote_seconds": seconds(60, "夜间: the imprisonment vote."),
        "night_seconds": seconds(120, "深夜: card use."),
        "loot_seconds": Option(
            type="float", default=60, minimum=1, maximum=86400, doc="The loot window; a fixed time. Seconds."
        ),
        "speech_max_chars": Option(type="int", default=1000, minimum=1, maximum=10000, doc="Longest speech."),
    }
    action_kinds = frozenset({SPEAK, READY, OFFER, ACCEPT, REFUSE, VOTE, PASS, TAKE, *CARDS})
    min_seats = 2
    max_seats = 20

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        if preset is not None:
            if preset not in self.presets:
                return "unknown_preset"
            pool = self.presets[preset]
        else:
            pool = roles or self.presets.get(str(seats), ())
        if not pool:
            return f"bad_pool:{seats} players need a custom pool of {4 * seats} cards with one {WK}"
        unknown = sorted(set(pool) - set(CARDS))
        if unknown:
            return "bad_pool:unknown cards " + ",".join(unknown)
        if len(pool) != HAND_CAP * seats:
            return f"bad_pool:{len(pool)} cards for {seats} players (exactly {4 * seats} needed)"
        if pool.count(WK) != 1:
            return f"bad_pool:exactly one {WK} is needed"
        return tuple(pool)

    # --- decisions -----------------------------------------------------------------------------

    def night_decisions(self, state: GameState, seat: int) -> tuple[Decision, ...]:
        x: WitchState = state.x
        if x.imprisoned == seat:
            return (PASS_DECISION,)
        hand = x.hands[seat]
        others = state.others(seat)
        if WK in hand:
            return (Decision(kind=WK, targets=others), PASS_DECISION)
        dead = tuple([s for s, alive in enumerate(state.alive, 1) if not alive])
        out = []
        for card in CARDS:
            if card not in hand:
                continue
            if card == BARRIER:
                out.append(Decision(kind=BARRIER))
            elif card == CHECK:
                if dead:
                    out.append(Decision(kind=CHECK, targets=dead, dead_ok=True))
            elif others:
                out.append(Decision(kind=card, targets=others))
        return (*out, PASS_DECISION)

    def offer_decisions(self, state: GameState, seat: int) -> tuple[Decision, ...]:
        cards = tradeable(state.x.hands[seat]) if seat not in state.x.used else ()
        others = state.others(seat)
        return (Decision(kind=OFFER, targets=others, options=cards),) if cards and others else ()

    def answer_decisions(self, state: GameState, seat: int) -> tuple[Decision, ...]:
        cards = tradeable(state.x.hands[seat])
        refuse = Decision(kind=REFUSE)
        return (Decision(kind=ACCEPT, options=cards), refuse) if cards else (refuse,)

    def loot_decisions(self, state: GameState, seat: int, corpse: int) -> tuple[Decision, ...]:
        x: WitchState = state.x
        cards = tuple(c for c in CARDS if c in x.corpses.get(corpse, ()))
        if cards and len(x.hands[seat]) < HAND_CAP and seat not in x.forced:
            return (Decision(kind=TAKE, options=cards, final=True), LOOT_PASS)
        return (LOOT_PASS,)

    # --- engine hooks ----------------------------------------------------------------------------

    def start(self, g: Table) -> None:
        pool = g.state.setup_roles if g.state.options["deal_in_order"] else g.rng.shuffled(g.state.setup_roles)
        for seat in range(1, g.state.seats + 1):
            cards = tuple(pool[HAND_CAP * (seat - 1) : HAND_CAP * seat])
            g.emit(CardsDealt, to=(seat,), seat=seat, cards=cards)
            if WK in cards:
                g.notice("witch.cursed", to=(seat,))
        self.open_morning(g, 1)

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        if action.kind == SPEAK and not action.text:
            return "text_required"
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        """At night, from the seat's own hand; at noon, from the seat's own trades alone: never from
        whether another seat holds an offer."""
        step = state.step
        if step is None or not state.is_alive(seat):
            return None
        x: WitchState = state.x
        if step.name == "night":
            holds_wk = WK in x.hands[seat] and x.imprisoned != seat
            return WITCH_KILLER_ONLY if holds_wk and action.kind in CARDS and action.kind != WK else None
        if step.name != "noon" or action.kind not in TRADING:
            return None
        if action.kind == OFFER:
            return trade_refusal(x, seat) or "wrong_phase"
        if action.kind == READY:  # an offer to answer, or its own offer or trade has ended its noon
            return OFFER_PENDING if seat in x.offers else "already_answered"
        return TRADE_USED if seat in x.used else "wrong_phase"

    def audience(self, state: GameState, seat: int, action: Action) -> Audience:
        if action.kind == SPEAK or (action.kind == READY and state.open_step().name == "morning"):
            return PUBLIC
        return (seat,)

    def default(self, state: GameState, seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        kinds = {d.kind for d in decisions}
        if VOTE in kinds:
            return Action(kind=VOTE)
        if REFUSE in kinds:
            return Action(kind=REFUSE)
        return None

    steps = {
        "morning": StepSpec(lambda rs, g, answers: rs.open_noon(g)),
        "noon": StepSpec(lambda rs, g, answers: rs.close_noon(g)),
        "vote": StepSpec(lambda rs, g, answers: rs.imprison(g)),
        "night": StepSpec(lambda rs, g, answers: rs.resolve_night(g)),
        "loot": StepSpec(lambda rs, g, answers: rs.announce(g)),
    }

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        kind = action.kind
        if kind == OFFER:
            self.offer(g, seat, action.required_target(), action.required_option())
        elif kind in (ACCEPT, REFUSE):
            self.answer(g, seat, action.option)
        elif g.state.open_step().name == "loot":
            self.looted(g, seat, action)

    def looted(self, g: Table, seat: int, action: Action) -> None:
        x: WitchState = g.state.x
        corpse = next(c for c, looters in x.loot.items() if seat in looters)
        if action.kind == TAKE:
            g.emit(Looted, to=(seat,), seat=seat, corpse=corpse, card=action.option)
        answers = g.state.open_step().answers
        following = next((s for s in x.loot[corpse] if s not in answers), None)
        if following is not None:
            self.prompt_looter(g, following, corpse)

    # --- the day ---------------------------------------------------------------------------------

    def talk(self, g: Table) -> Decision:
        return Decision(kind=SPEAK, text=g.state.options["speech_max_chars"], repeatable=True)

    def open_morning(self, g: Table, day: int) -> None:
        g.phase("morning", day)
        g.open_step(
            "morning", "morning_seconds", seats=g.state.living(), decisions=(self.talk(g), READY_DECISION), extend=False
        )

    def noon_decisions(self, g: Table, seat: int) -> tuple[Decision, ...]:
        return (self.talk(g), READY_DECISION, *self.offer_decisions(g.state, seat))

    def open_noon(self, g: Table) -> None:
        g.phase("noon", g.state.day)
        living = g.state.living()
        offers = {s: d for s in living if (d := self.offer_decisions(g.state, s))}
        public = (self.talk(g), READY_DECISION)
        g.open_step("noon", "noon_seconds", seats=living, decisions=public, private=offers, extend=False)

    def offer(self, g: Table, seat: int, recipient: int, card: str) -> None:
        """Delivered at once, unless the recipient cannot take it (it has traded, or is party to a
        pending offer: ruling 12): then it is held and only the moderator learns. Either way the
        initiator is left with talk alone."""
        x: WitchState = g.state.x
        if recipient in x.used or pending(x, recipient):
            g.emit(OfferHeld, to=MODERATOR, initiator=seat, recipient=recipient, card=card)
        else:
            g.emit(OfferMade, to=(recipient,), initiator=seat, recipient=recipient, card=card)
            g.prompt(recipient, (self.talk(g), *self.answer_decisions(g.state, recipient)), reset=True)
        g.prompt(seat, (self.talk(g),), reset=True)

    def answer(self, g: Table, seat: int, got: str | None) -> None:
        """The swap at once (the recipient is left with talk alone), or a refusal that gives the
        recipient its turn back (5.3)."""
        initiator, card = g.state.x.offers[seat]
        if got is None:
            g.emit(TradeRefused, to=(initiator, seat), initiator=initiator, recipient=seat, card=card)
        else:
            g.emit(TradeAccepted, to=(initiator, seat), initiator=initiator, recipient=seat, card=card, got=got)
        g.prompt(seat, (self.talk(g),) if got is not None else self.noon_decisions(g, seat), reset=True)

    def close_noon(self, g: Table) -> None:
        """Offers still unanswered (refused by default) and held offers close as refused."""
        x: WitchState = g.state.x
        for recipient, (initiator, card) in sorted(x.offers.items()):
            g.emit(TradeRefused, to=(initiator, recipient), initiator=initiator, recipient=recipient, card=card)
        for initiator, recipient, card in x.held:
            g.emit(TradeRefused, to=(initiator,), initiator=initiator, recipient=recipient, card=card)
        g.phase("evening", g.state.day)
        living = g.state.living()
        g.open_step(
            "vote", "vote_seconds", seats=living, decisions=(Decision(kind=VOTE, targets=tuple(living), optional=True),)
        )

    def imprison(self, g: Table) -> None:
        state = g.state
        living = state.living()
        ballots: dict[int, int | None] = dict.fromkeys(living)
        for seat, a in state.open_step().answers.items():
            ballots[seat] = a.target
        tally = Counter(t for t in ballots.values() if t is not None)
        valid = sum(tally.values()) * 2 > len(living)
        leaders = g.vote_result("imprison", tally, ballots, valid)
        chosen = leaders[0] if len(leaders) == 1 else None
        if chosen is not None:
            g.emit(Imprisoned, to=MODERATOR, seat=chosen)
            g.notice("imprison.done", seat=chosen)
        else:
            g.notice("imprison.tie" if valid else "imprison.invalid")
        g.phase("night", state.day)
        prompts = {s: self.night_decisions(g.state, s) for s in living}
        g.open_step("night", "night_seconds", private=prompts)

    # --- the night -------------------------------------------------------------------------------

    def resolve_night(self, g: Table) -> None:
        """行动结算, step by step in the order of ruling 6; each seat is told what it learned once the
        night is resolved, then dawn."""
        night = Night(g)
        probes(g, night)
        checks(g, night)
        raise_barriers(g, night)
        attacks(g, night, attack_slots(g, night))
        deaths_and_loot(g, night)
        witch_timers(g, night)
        wreck_deaths(g, night)
        tell(g, night)
        self.dawn(g, night)

    def dawn(self, g: Table, night: Night) -> None:
        """The dead, announced on the day of the night; then the loot window, or the end."""
        dead = night.dead
        survivors = [s for s in night.living if s not in dead]
        last = len(survivors) <= 1 or night.day >= g.state.options["days"]
        if not last:  # the game ends on the day of its last night: no dawn of a day that never comes
            g.phase("dawn", night.day + 1)
        if dead:
            g.kill(dead, "morning")
            for seat in sorted(dead):
                g.emit(CardsLeftOnBody, to=(seat,), seat=seat, cards=g.state.x.hands[seat])
        else:
            g.notice("morning.none")
        if last:
            g.end("early_end" if len(survivors) <= 1 else "days_over", survivors)
            return
        for corpse, looters in sorted(night.looters.items()):
            queue = tuple([s for s in looters if s not in dead])
            if queue:
                g.emit(LootQueued, to=MODERATOR, corpse=corpse, looters=queue)
        g.open_step("loot", "loot_seconds", extend=False, hold=True)
        for corpse, queue in sorted(g.state.x.loot.items()):
            self.prompt_looter(g, queue[0], corpse)

    def prompt_looter(self, g: Table, seat: int, corpse: int) -> None:
        """The looter's look at the body (6.2), then its choice."""
        cards = g.state.x.corpses.get(corpse, ())
        g.notice("loot.look" if cards else "loot.empty", to=(seat,), target=corpse, cards=sorted(cards))
        g.prompt(seat, self.loot_decisions(g.state, seat, corpse))

    def announce(self, g: Table) -> None:
        """The body-discovery announcement: one first finder per body, then the unclaimed cards by name."""
        x: WitchState = g.state.x
        draws = [(g.rng.below(DRAW), g.rng.below(DRAW)) for _ in x.fresh]
        unclaimed: list[str] = []
        for corpse, (finder_draw, card_draw) in zip(sorted(x.fresh), draws):
            cards = g.state.x.corpses.get(corpse, ())
            barred = x.attackers.get(corpse, ())
            finders = [s for s in g.state.living() if len(g.state.x.hands[s]) < HAND_CAP and s not in barred]
            if cards and finders:
                finder = finders[finder_draw % len(finders)]
                card = cards[card_draw % len(cards)]
                g.emit(FirstFound, to=(finder,), seat=finder, corpse=corpse, card=card)
            left = g.state.x.corpses.get(corpse, ())
            if left:
                g.emit(LeftoversDiscarded, to=MODERATOR, corpse=corpse, cards=left)
                unclaimed += left
        if unclaimed:
            g.notice("loot.unclaimed", cards=sorted(unclaimed))
        self.open_morning(g, g.state.day)

    # --- evolve ----------------------------------------------------------------------------------

    def evolve(self, state: GameState, event: Event) -> GameState:
        fold = _FOLDS.get(type(event))
        return fold(state, event) if fold else state


# --- the night's resolution (ruling 6) ---------------------------------------------------------


class Night:
    """One night as it is resolved: its draws and uses, and what each step leaves to the next."""

    __slots__ = (
        "became",
        "blocked",
        "day",
        "dead",
        "heir_draw",
        "holder",
        "killed_by",
        "living",
        "looters",
        "probe_draws",
        "seized",
        "shielded",
        "told",
        "unfit",
        "uses",
    )

    def __init__(self, g: Table) -> None:
        state = g.state
        self.day = state.day
        self.living = state.living()
        # drawn for every seat and for the heir every night, so a hidden choice never shifts a later draw
        self.probe_draws = {s: g.rng.below(DRAW) for s in self.living}
        self.heir_draw = g.rng.below(DRAW)
        answers = state.open_step().answers
        self.uses = [(s, answers[s]) for s in state.x.order if s in answers and answers[s].kind != PASS]
        self.holder = holder(state.x)
        self.told: list[tuple[int, str, dict[str, int | str]]] = []  # probe and check results
        self.shielded: set[int] = set()
        self.blocked: set[int] = set()
        self.unfit: list[int] = []
        self.dead: dict[int, str] = {}  # victim -> cause, in order of death
        self.killed_by: dict[int, int] = {}  # victim -> killer
        self.looters: dict[int, list[int]] = {}  # body -> its killer and late attackers, in submission order
        self.seized: list[tuple[int, int]] = []  # (holder, killer): the 魔女杀手 changes hands (情境四)
        self.became: list[int] = []

    def used(self, card: str) -> list[tuple[int, Action]]:
        return [(s, a) for s, a in self.uses if a.kind == card]


def probes(g: Table, night: Night) -> None:
    """探知 reads the hands as they were before tonight's use (3.7, Q7): their size and one random
    card, the 魔女杀手 shown as 杀人魔法."""
    hands = g.state.x.hands
    uses = night.used(PROBE)
    for s, a in uses:
        target = a.required_target()
        hand = hands[target]
        if hand:
            card = hand[night.probe_draws[s] % len(hand)]
            shown = KILL if card == WK else card
            night.told.append((s, "probe.result", {"target": target, "count": len(hand), "card": shown}))
        else:
            night.told.append((s, "probe.empty", {"target": target}))
    for s, a in uses:
        g.emit(CardUsed, to=(s,), seat=s, card=PROBE, target=a.target)


def checks(g: Table, night: Night) -> None:
    """检定: whether the dead player was killed by the 魔女杀手 (a wreck death is not)."""
    for s, a in night.used(CHECK):
        target = a.required_target()
        g.emit(CardUsed, to=(s,), seat=s, card=CHECK, target=target)
        yes = g.state.x.causes.get(target) == WK
        night.told.append((s, "check.yes" if yes else "check.no", {"target": target}))


def raise_barriers(g: Table, night: Night) -> None:
    """A 结界 blocks every attack on its user tonight."""
    for s, _ in night.used(BARRIER):
        night.shielded.add(s)
        g.emit(CardUsed, to=(s,), seat=s, card=BARRIER)


def attack_slots(g: Table, night: Night) -> list[tuple[int, Action]]:
    """Three a night: the 魔女杀手 takes one first if used (Q6), then 杀人魔法 in submission order;
    attackers past the cap are unfit tonight and keep their card."""
    witch_killer = night.used(WK)
    kills = night.used(KILL)
    cap = ATTACK_SLOTS - len(witch_killer)
    for s, a in kills[cap:]:
        night.unfit.append(s)
        g.emit(AttackUnfit, to=MODERATOR, seat=s, target=a.target)
    return witch_killer + kills[:cap]


def attacks(g: Table, night: Night, slots: list[tuple[int, Action]]) -> None:
    """In slot order. An attacker dead before its turn does nothing. A 杀人魔法 is spent once made: on
    a body it is late and loots (情景三, Q9), on a 结界 it is blocked, on a holder whose own attack
    landed it misses (4.5); otherwise it kills, and a kill on the holder takes the 魔女杀手."""
    holder_attacks = slots[0][0] if slots and slots[0][1].kind == WK else None
    holder_landed = False
    for slot, (s, a) in enumerate(slots, 1):
        t = a.required_target()
        if s in night.dead:
            g.emit(AttackVoided, to=MODERATOR, seat=s, target=t)
            continue
        g.emit(AttackMade, to=MODERATOR, seat=s, target=t, card=a.kind, slot=slot)
        if a.kind == KILL:
            g.emit(CardUsed, to=(s,), seat=s, card=KILL, target=t)
        if t in night.dead:
            g.emit(AttackLate, to=MODERATOR, seat=s, target=t)
            night.looters.setdefault(t, []).append(s)
        elif t in night.shielded:
            g.emit(AttackBlocked, to=MODERATOR, seat=s, target=t)
            night.blocked.add(t)
        elif t == holder_attacks and holder_landed:
            g.emit(AttackMissed, to=MODERATOR, seat=s, target=t)
        else:
            night.dead[t] = a.kind
            night.killed_by[t] = s
            if a.kind == WK:
                holder_landed = True
                continue
            night.looters.setdefault(t, []).append(s)
            if t == night.holder:
                night.seized.append((t, s))
                night.holder = s


def deaths_and_loot(g: Table, night: Night) -> None:
    """The night's kills; a killer of the holder takes the 魔女杀手 in place of a loot (情境四)."""
    for victim, killer in night.killed_by.items():
        g.emit(Killed, to=MODERATOR, seat=victim, killer=killer, card=night.dead[victim])
    for victim, killer in night.seized:
        g.emit(WitchKillerSeized, to=(killer,), seat=killer, victim=victim)


def witch_timers(g: Table, night: Night) -> None:
    """魔女化: a witch's nights without a kill count up, a kill resets them; a killer not yet a witch
    becomes one, its kill night counting as a kill."""
    witches = g.state.x.witches
    killers = set(night.killed_by.values())
    for w, nights in witches.items():
        g.emit(WitchTimer, to=MODERATOR, seat=w, nights=0 if w in killers else nights + 1)
    for s in sorted(killers):
        if s not in witches and s not in night.dead:
            night.became.append(s)
            g.emit(BecameWitch, to=MODERATOR, seat=s)


def wreck_deaths(g: Table, night: Night) -> None:
    """A witch's second night in a row without a kill: it dies (残骸化). A wrecked holder's 魔女杀手
    goes to a random survivor, even one whose hand is full."""
    for w in [w for w, nights in g.state.x.witches.items() if nights >= 2]:
        night.dead[w] = WRECK
        g.emit(Wrecked, to=MODERATOR, seat=w)
    heirs = [s for s in night.living if s not in night.dead]
    if night.holder in night.dead and heirs:
        heir = heirs[night.heir_draw % len(heirs)]
        g.emit(WitchKillerPassed, to=MODERATOR, holder=night.holder, heir=heir)
        g.emit(WitchKillerReceived, to=(heir,), seat=heir, cards=g.state.x.hands[heir])


def tell(g: Table, night: Night) -> None:
    """Each seat's private feedback (9.1): results, a 结界's success, 「今晚不宜行动」, 魔女化."""
    for seat, key, args in night.told:
        g.notice(key, to=(seat,), learn=None, **args)
    for seat in sorted(night.blocked):
        g.notice("barrier.success", to=(seat,))
    for seat in night.unfit:
        g.notice("attack.unfit", to=(seat,))
    forced = {killer for _, killer in night.seized}
    for seat in night.became:
        if seat not in forced:
            g.notice("witch.become", to=(seat,))


# --- folds: one per fact --------------------------------------------------------------------------


def _x(state: GameState, **changes: object) -> GameState:
    return replace(state, x=replace(state.x, **changes))


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _give(
    hands: dict[int, tuple[str, ...]], seat: int, gives: str | None, gets: str | None
) -> dict[int, tuple[str, ...]]:
    cards = hands.get(seat, ())
    if gives is not None:
        cards = _without(cards, gives)
    if gets is not None:
        cards = cards + (gets,)
    return {**hands, seat: cards}


def _dealt(state: GameState, e: CardsDealt) -> GameState:
    x: WitchState = state.x
    witches = {**x.witches, e.seat: 0} if WK in e.cards else x.witches
    return _x(state, hands={**x.hands, e.seat: e.cards}, witches=witches)


def _offer_made(state: GameState, e: OfferMade) -> GameState:
    return _x(state, offers={**state.x.offers, e.recipient: (e.initiator, e.card)})


def _offer_held(state: GameState, e: OfferHeld) -> GameState:
    return _x(state, held=state.x.held + ((e.initiator, e.recipient, e.card),))


def _closing(state: GameState, initiator: int) -> dict[str, object]:
    """The offer of `initiator`, delivered or held, is no longer pending."""
    x: WitchState = state.x
    return {
        "offers": {s: o for s, o in x.offers.items() if o[0] != initiator},
        "held": tuple([h for h in x.held if h[0] != initiator]),
    }


def _accepted(state: GameState, e: TradeAccepted) -> GameState:
    x: WitchState = state.x
    i, r = e.initiator, e.recipient
    hands = _give(_give(x.hands, i, e.card, e.got), r, e.got, e.card)
    return _x(state, hands=hands, used=x.used + (i, r), **_closing(state, i))


def _refused(state: GameState, e: TradeRefused) -> GameState:
    return _x(state, used=state.x.used + (e.initiator,), **_closing(state, e.initiator))


def _used(state: GameState, e: CardUsed) -> GameState:
    x: WitchState = state.x
    return _x(state, hands=_give(x.hands, e.seat, e.card, None), discard=x.discard + (e.card,))


def _attacked(state: GameState, e: AttackMade) -> GameState:
    attackers = state.x.attackers
    return _x(state, attackers={**attackers, e.target: attackers.get(e.target, ()) + (e.seat,)})


def _killed(state: GameState, e: Killed) -> GameState:
    x: WitchState = state.x
    witches = {w: n for w, n in x.witches.items() if w != e.seat}
    return _x(state, fresh=x.fresh + (e.seat,), witches=witches)


def _seized(state: GameState, e: WitchKillerSeized) -> GameState:
    x: WitchState = state.x
    hands = _give(_give(x.hands, e.victim, WK, None), e.seat, None, WK)
    return _x(state, hands=hands, forced=x.forced + (e.seat,))


def _wrecked(state: GameState, e: Wrecked) -> GameState:
    x: WitchState = state.x
    witches = {w: n for w, n in x.witches.items() if w != e.seat}
    return _x(state, fresh=x.fresh + (e.seat,), witches=witches)


def _passed(state: GameState, e: WitchKillerPassed) -> GameState:
    x: WitchState = state.x
    hands = _give(_give(x.hands, e.holder, WK, None), e.heir, None, WK)
    return _x(state, hands=hands, witches={**x.witches, e.heir: x.witches.get(e.heir, 0)})


def _left_on_body(state: GameState, e: CardsLeftOnBody) -> GameState:
    x: WitchState = state.x
    hands = {s: h for s, h in x.hands.items() if s != e.seat}
    return _x(state, hands=hands, corpses={**x.corpses, e.seat: x.corpses.get(e.seat, ()) + e.cards})


def _from_body(state: GameState, seat: int, corpse: int, card: str) -> GameState:
    x: WitchState = state.x
    corpses = {**x.corpses, corpse: _without(x.corpses[corpse], card)}
    return _x(state, hands=_give(x.hands, seat, None, card), corpses=corpses)


def _discarded(state: GameState, e: LeftoversDiscarded) -> GameState:
    x: WitchState = state.x
    return _x(state, corpses={**x.corpses, e.corpse: ()}, discard=x.discard + e.cards)


def _acted(state: GameState, e: Act | Defaulted) -> GameState:
    """The submission order of card uses (ruling 7): a changed use takes the place of its last change."""
    if e.action.kind not in ORDERED:
        return state
    order = state.x.order
    if e.seat in order:
        order = tuple([s for s in order if s != e.seat])
    return _x(state, order=order + (e.seat,))


def _phase(state: GameState, e: PhaseStarted) -> GameState:
    if e.phase == "dawn":
        return _x(state, imprisoned=None)
    if e.phase == "evening":
        return _x(state, offers={}, held=(), used=())
    if e.phase == "morning":
        return _x(state, fresh=(), loot={}, attackers={}, forced=())
    return state


def _step(state: GameState, e: StepOpened) -> GameState:
    return _x(state, order=()) if state.x.order else state


_FOLDS: dict[type[Event], Callable[[GameState, Any], GameState]] = {
    GameCreated: lambda s, e: replace(s, x=WitchState()),
    CardsDealt: _dealt,
    OfferMade: _offer_made,
    OfferHeld: _offer_held,
    TradeAccepted: _accepted,
    TradeRefused: _refused,
    Imprisoned: lambda s, e: _x(s, imprisoned=e.seat),
    CardUsed: _used,
    AttackMade: _attacked,
    Killed: _killed,
    WitchKillerSeized: _seized,
    WitchTimer: lambda s, e: _x(s, witches={**s.x.witches, e.seat: e.nights}),
    BecameWitch: lambda s, e: _x(s, witches={**s.x.witches, e.seat: 0}),
    Wrecked: _wrecked,
    WitchKillerPassed: _passed,
    CardsLeftOnBody: _left_on_body,
    LootQueued: lambda s, e: _x(s, loot={**s.x.loot, e.corpse: e.looters}),
    Looted: lambda s, e: _from_body(s, e.seat, e.corpse, e.card),
    FirstFound: lambda s, e: _from_body(s, e.seat, e.corpse, e.card),
    LeftoversDiscarded: _discarded,
    DeathCause: lambda s, e: _x(s, causes={**s.x.causes, e.seat: e.cause}),
    StepOpened: _step,
    Act: _acted,
    Defaulted: _acted,
    PhaseStarted: _phase,
}

WITCH_TRIAL = WitchTrial()
