"""witch_trial: 魔女审判, the survival card game (`witch-trial.md`, rulings § witch_trial).

Hands live in the ruleset state and change only through events: `HandSet` (the deal, a death,
a hidden-source gain), `CardMoved` (uses, loot, first finders, the discard) and `TradeClosed`.
Each is addressed to the seats that may learn it; the truth of every night is in a moderator
`Resolved`. The day: dawn (deaths, loot) → morning → noon (talk and trades) → evening
(imprisonment vote) → night (card use).

Where the documents leave the mechanics open:
- 午间 is one step: every living seat answers "ready", makes an offer, or answers the offer it
  received. An offer is refused only for what its initiator knows: it has traded or spent its
  chance today, or an offer of its own (delivered or held: it cannot tell) or to it is pending.
  It reaches its recipient at once, which then owes an answer even if it had said ready; an
  accepted offer swaps at once, a refused one gives the recipient its turn back. Making an offer,
  or accepting one, ends that seat's 午间 but for talk. An offer to a seat
  that has traded today or is party to a pending offer is held (a moderator `Resolved` records it):
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
from typing import Any

import msgspec

from domain.events import (
    MODERATOR,
    PUBLIC,
    Act,
    Action,
    DeathCause,
    Decision,
    Defaulted,
    Died,
    Event,
    GameCreated,
    PhaseStarted,
    Resolved,
    StepOpened,
    VoteResult,
)
from domain.messages import register
from domain.rng import Rng
from domain.ruleset import Option, Ruleset, Table, seconds
from domain.state import GameState

replace = msgspec.structs.replace

WK, BARRIER, KILL, PROBE, CHECK = "witch_killer", "barrier", "kill_magic", "probe", "check"
CARDS = (WK, BARRIER, KILL, PROBE, CHECK)
SPEAK, READY, OFFER, ACCEPT, REFUSE, VOTE, PASS, TAKE = "speak", "ready", "offer", "accept", "refuse", "vote", "pass", "take"
HAND_CAP = 4
ATTACK_SLOTS = 3
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
READY_DECISION = Decision(kind=READY)


# --- events ------------------------------------------------------------------------------------


class HandSet(Event, frozen=True, kw_only=True, tag="hand_set"):
    """`seat`'s whole hand is now `cards`: the deal, a death (empty), or a gain whose source is secret."""

    seat: int  # the seat whose hand it is
    cards: tuple[str, ...]  # the hand's cards
    why: str  # "deal" | "death" | "curse"


class CardMoved(Event, frozen=True, kw_only=True, tag="card_moved"):
    """One card from `src` to `dst`, places "hand:N", "corpse:N" or "discard"."""

    card: str  # the card
    src: str  # where it was: "hand:N", "corpse:N" or "discard"
    dst: str  # where it went: "hand:N", "corpse:N" or "discard"
    why: str  # "use" | "seize" | "loot" | "found" | "curse" | "unclaimed"


class TradeOffered(Event, frozen=True, kw_only=True, tag="trade_offered"):
    """To the recipient alone: `seat` offers `card`."""

    seat: int  # the seat that offers
    card: str  # the card offered


class TradeClosed(Event, frozen=True, kw_only=True, tag="trade_closed"):
    """An offer's end, to its parties: `got` is the recipient's card, or None when refused (or held)."""

    initiator: int  # the seat that offered
    recipient: int  # the seat offered to
    card: str  # the card offered
    got: str | None = None  # the recipient's card given back, none when refused


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
    attackers: dict[int, tuple[int, ...]] = {}  # corpse -> every seat that attacked it
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
    name = {"ja": "魔女裁判", "zh-Hans": "魔女审判", "zh-Hant": "魔女審判", "en": "Witch Trial"}
    roles = {card: card for card in CARDS}  # the cards a pool is made of
    presets = POOLS
    options = {
        "deal_in_order": Option(
            type="bool",
            default=False,
            doc="Deal the pool in its given order, 4 cards a seat (prepared deals for demonstrations; the pool is public).",
        ),
        "days": Option(type="int", default=7, minimum=1, maximum=30, doc="Days in the game."),
        "morning_seconds": seconds(180, "晨间: the morning talk."),
        "noon_seconds": seconds(180, "午间: talk and trade offers."),
        "vote_seconds": seconds(60, "夜间: the imprisonment vote."),
        "night_seconds": seconds(120, "深夜: card use."),
        "loot_seconds": Option(type="float", default=60, minimum=1, maximum=86400, doc="The loot window; a fixed time. Seconds."),
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
        x = state.x
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
        x = state.x
        cards = tuple(c for c in CARDS if c in x.corpses.get(corpse, ()))
        if cards and len(x.hands[seat]) < HAND_CAP and seat not in x.forced:
            return (Decision(kind=TAKE, options=cards), PASS_DECISION)
        return (PASS_DECISION,)

    # --- engine hooks ----------------------------------------------------------------------------

    def start(self, g: Table) -> None:
        pool = g.state.setup_roles if g.state.options["deal_in_order"] else g.rng.shuffled(g.state.setup_roles)
        for seat in range(1, g.state.seats + 1):
            cards = tuple(pool[HAND_CAP * (seat - 1) : HAND_CAP * seat])
            g.emit(HandSet, to=(seat,), seat=seat, cards=cards, why="deal")
            if WK in cards:
                g.notice("witch.cursed", to=(seat,))
        self.open_morning(g, 1)

    def check(self, state: GameState, seat: int, action: Action, decision: Decision) -> str | None:
        if action.kind == SPEAK and not action.text:
            return "text_required"
        if state.step.name == "loot" and seat in state.step.answers:
            return "already_answered"
        return None

    def unavailable(self, state: GameState, seat: int, action: Action) -> str | None:
        """At night, from the seat's own hand; at noon, from the seat's own trades alone: never from
        whether another seat holds an offer."""
        step = state.step
        if step is None or not state.is_alive(seat):
            return None
        x = state.x
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

    def audience(self, state: GameState, seat: int, action: Action):  # noqa: ANN201
        if action.kind == SPEAK or (action.kind == READY and state.step.name == "morning"):
            return PUBLIC
        return (seat,)

    def default(self, state: GameState, seat: int, decisions: tuple[Decision, ...], rng: Rng) -> Action | None:
        kinds = {d.kind for d in decisions}
        if VOTE in kinds:
            return Action(kind=VOTE)
        if REFUSE in kinds:
            return Action(kind=REFUSE)
        return None

    def on_close(self, g: Table) -> None:
        name = g.state.step.name
        if name == "morning":
            self.open_noon(g)
        elif name == "noon":
            self.close_noon(g)
        elif name == "vote":
            self.imprison(g)
        elif name == "night":
            self.resolve_night(g)
        elif name == "loot":
            self.announce(g)

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        kind = action.kind
        if kind == OFFER:
            self.offer(g, seat, action.target, action.option)
        elif kind in (ACCEPT, REFUSE):
            self.answer(g, seat, action.option)
        elif g.state.step.name == "loot":
            self.looted(g, seat, action)

    def looted(self, g: Table, seat: int, action: Action) -> None:
        x = g.state.x
        corpse = next(c for c, looters in x.loot.items() if seat in looters)
        if action.kind == TAKE:
            g.emit(CardMoved, to=(seat,), card=action.option, src=f"corpse:{corpse}", dst=f"hand:{seat}", why="loot")
        answers = g.state.step.answers
        following = next((s for s in x.loot[corpse] if s not in answers), None)
        if following is not None:
            self.prompt_looter(g, following, corpse)

    # --- the day ---------------------------------------------------------------------------------

    def talk(self, g: Table) -> Decision:
        return Decision(kind=SPEAK, text=g.state.options["speech_max_chars"], repeatable=True)

    def open_morning(self, g: Table, day: int) -> None:
        g.phase("morning", day)
        g.open_step("morning", "morning_seconds", seats=g.state.living(), decisions=(self.talk(g), READY_DECISION), extend=False)

    def noon_decisions(self, g: Table, seat: int) -> tuple[Decision, ...]:
        return (self.talk(g), READY_DECISION, *self.offer_decisions(g.state, seat))

    def open_noon(self, g: Table) -> None:
        g.phase("noon", g.state.day)
        living = g.state.living()
        offers = {s: d for s in living if (d := self.offer_decisions(g.state, s))}
        public = (self.talk(g), READY_DECISION)
        g.open_step("noon", "noon_seconds", seats=living, decisions=public, private=offers, extend=False)

    def offer(self, g: Table, seat: int, recipient: int, card: str) -> None:
        """Delivered at once, unless the accepted `Act` held it (ruling 12): then only the moderator learns.
        Either way the initiator is left with talk alone."""
        if g.state.x.offers.get(recipient) != (seat, card):
            g.resolved("held", initiator=seat, recipient=recipient, card=card)
        else:
            g.emit(TradeOffered, to=(recipient,), seat=seat, card=card)
            g.prompt(recipient, (self.talk(g), *self.answer_decisions(g.state, recipient)), reset=True)
        g.prompt(seat, (self.talk(g),), reset=True)

    def answer(self, g: Table, seat: int, got: str | None) -> None:
        """The swap at once (the recipient is left with talk alone), or a refusal that gives the
        recipient its turn back (5.3)."""
        initiator, card = g.state.x.offers[seat]
        g.emit(TradeClosed, to=(initiator, seat), initiator=initiator, recipient=seat, card=card, got=got)
        g.prompt(seat, (self.talk(g),) if got is not None else self.noon_decisions(g, seat), reset=True)

    def close_noon(self, g: Table) -> None:
        """Offers still unanswered (refused by default) and held offers close as refused."""
        x = g.state.x
        for recipient, (initiator, card) in sorted(x.offers.items()):
            g.emit(TradeClosed, to=(initiator, recipient), initiator=initiator, recipient=recipient, card=card)
        for initiator, recipient, card in x.held:
            g.emit(TradeClosed, to=(initiator,), initiator=initiator, recipient=recipient, card=card)
        g.phase("evening", g.state.day)
        living = g.state.living()
        g.open_step("vote", "vote_seconds", seats=living, decisions=(Decision(kind=VOTE, targets=tuple(living), optional=True),))

    def imprison(self, g: Table) -> None:
        state = g.state
        living = state.living()
        ballots = dict.fromkeys(living)
        for seat, a in state.step.answers.items():
            ballots[seat] = a.target
        tally = Counter(t for t in ballots.values() if t is not None)
        valid = sum(tally.values()) * 2 > len(living)
        leaders = g.vote_result("imprison", tally, ballots, valid)
        chosen = leaders[0] if len(leaders) == 1 else None
        if chosen is not None:
            g.notice("imprison.done", seat=chosen)
        else:
            g.notice("imprison.tie" if valid else "imprison.invalid")
        g.phase("night", state.day)
        prompts = {s: self.night_decisions(g.state, s) for s in living}
        g.open_step("night", "night_seconds", private=prompts)

    # --- the night -------------------------------------------------------------------------------

    def resolve_night(self, g: Table) -> None:
        state = g.state
        x = state.x
        living = state.living()
        draws = {s: g.rng.below(DRAW) for s in living}
        heir_draw = g.rng.below(DRAW)
        answers = state.step.answers
        uses = [(s, answers[s]) for s in x.order if s in answers and answers[s].kind != PASS]
        hands = x.hands
        spent: list[tuple[int, str]] = []
        feedback: list[tuple[int, str, dict[str, Any]]] = []

        for s, a in uses:  # 探知 reads the hands as they were before tonight's use (3.7, Q7)
            if a.kind == PROBE:
                hand = hands[a.target]
                spent.append((s, PROBE))
                if hand:
                    card = hand[draws[s] % len(hand)]
                    shown = KILL if card == WK else card
                    feedback.append((s, "probe.result", {"target": a.target, "count": len(hand), "card": shown}))
                else:
                    feedback.append((s, "probe.empty", {"target": a.target}))
        for s, a in uses:
            if a.kind == CHECK:
                spent.append((s, CHECK))
                yes = x.causes.get(a.target) == WK
                feedback.append((s, "check.yes" if yes else "check.no", {"target": a.target}))
        shielded = {s for s, a in uses if a.kind == BARRIER}
        spent += [(s, BARRIER) for s, a in uses if a.kind == BARRIER]

        wk_use = next(((s, a) for s, a in uses if a.kind == WK), None)
        kills = [(s, a) for s, a in uses if a.kind == KILL]
        cap = ATTACK_SLOTS - (1 if wk_use else 0)
        attacks = ([wk_use] if wk_use else []) + kills[:cap]
        unfit = [s for s, _ in kills[cap:]]

        dead: dict[int, str] = {}
        attackers: dict[int, list[int]] = {}
        looters: dict[int, list[int]] = {}
        killers: set[int] = set()
        blocked: set[int] = set()
        seized: list[tuple[int, int]] = []  # (victim, killer): the 魔女杀手 changes hands (情境四)
        wk_landed = False
        current = holder(x)
        for s, a in attacks:
            t = a.target
            if s in dead:  # died before its turn: does nothing, keeps its card
                continue
            attackers.setdefault(t, []).append(s)
            if a.kind == WK:
                if t in shielded:
                    blocked.add(t)
                else:
                    dead[t] = WK
                    killers.add(s)
                    wk_landed = True
                continue
            spent.append((s, KILL))
            if t in dead:  # 情景三: late, consumed (Q9), takes part in the loot
                looters.setdefault(t, []).append(s)
            elif t in shielded:
                blocked.add(t)
            elif wk_use is not None and t == wk_use[0] and wk_landed:
                pass  # 4.5: the holder's own attack on another landed, so this one misses
            else:
                dead[t] = KILL
                killers.add(s)
                looters.setdefault(t, []).append(s)
                if t == current:
                    seized.append((t, s))
                    current = s

        witches = dict(x.witches)
        became = [s for s in sorted(killers) if s not in witches and s not in dead]
        for w in list(witches) + became:
            if w in dead:
                witches.pop(w, None)
            elif w in killers:
                witches[w] = 0
            else:
                witches[w] += 1
                if witches[w] >= 2:
                    dead[w] = "wreck"
                    del witches[w]
        heir = None
        if current in dead:  # the holder wrecked: the 魔女杀手 goes to a random survivor, even a full hand
            heirs = [s for s in living if s not in dead]
            if heirs:
                heir = heirs[heir_draw % len(heirs)]
                witches.setdefault(heir, 0)

        for s, card in spent:
            g.emit(CardMoved, to=(s,), card=card, src=f"hand:{s}", dst="discard", why="use")
        for victim, killer in seized:
            g.emit(CardMoved, to=(killer,), card=WK, src=f"hand:{victim}", dst=f"hand:{killer}", why="seize")
        if heir is not None:
            g.emit(CardMoved, to=MODERATOR, card=WK, src=f"hand:{current}", dst=f"hand:{heir}", why="curse")
            g.emit(HandSet, to=(heir,), seat=heir, cards=g.state.x.hands[heir], why="curse")
        living_looters = {t: [s for s in ls if s not in dead] for t, ls in looters.items() if t in dead}
        g.resolved(
            "night",
            uses=[[s, a.kind, a.target] for s, a in uses],
            unfit=unfit,
            blocked=sorted(blocked),
            deaths=sorted([s, c] for s, c in dead.items()),
            witches=sorted([w, n] for w, n in witches.items()),
            heir=heir,
            loot=sorted([t, ls] for t, ls in living_looters.items() if ls),
            attackers=sorted([t, ls] for t, ls in attackers.items() if t in dead),
            forced=[k for _, k in seized],
        )
        for seat, key, args in feedback:
            g.notice(key, to=(seat,), **args)
        for seat in sorted(blocked):
            g.notice("barrier.success", to=(seat,))
        for seat in unfit:
            g.notice("attack.unfit", to=(seat,))
        for seat in became:
            if seat not in (k for _, k in seized):
                g.notice("witch.become", to=(seat,))

        night = state.day
        survivors = [s for s in living if s not in dead]
        last = len(survivors) <= 1 or night >= g.state.options["days"]
        if not last:  # the game ends on the day of its last night: no dawn of a day that never comes
            g.phase("dawn", night + 1)
        if dead:
            g.kill(dead, "morning")
            for seat in sorted(dead):
                g.emit(HandSet, to=(seat,), seat=seat, cards=(), why="death")
        else:
            g.notice("morning.none")
        if last:
            g.end("early_end" if len(survivors) <= 1 else "days_over", survivors)
            return
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
        x = g.state.x
        draws = [(g.rng.below(DRAW), g.rng.below(DRAW)) for _ in x.fresh]
        unclaimed: list[str] = []
        for corpse, (finder_draw, card_draw) in zip(sorted(x.fresh), draws):
            cards = g.state.x.corpses.get(corpse, ())
            barred = x.attackers.get(corpse, ())
            finders = [s for s in g.state.living() if len(g.state.x.hands[s]) < HAND_CAP and s not in barred]
            if cards and finders:
                finder = finders[finder_draw % len(finders)]
                card = cards[card_draw % len(cards)]
                g.emit(CardMoved, to=(finder,), card=card, src=f"corpse:{corpse}", dst=f"hand:{finder}", why="found")
            for card in g.state.x.corpses.get(corpse, ()):
                g.emit(CardMoved, to=MODERATOR, card=card, src=f"corpse:{corpse}", dst="discard", why="unclaimed")
                unclaimed.append(card)
        if unclaimed:
            g.notice("loot.unclaimed", cards=sorted(unclaimed))
        self.open_morning(g, g.state.day)

    # --- evolve ----------------------------------------------------------------------------------

    def evolve(self, state: GameState, event: Event) -> GameState:
        handler = _EVOLVE.get(type(event))
        return handler(state, event) if handler else state


def _x(state: GameState, **changes: Any) -> GameState:
    return replace(state, x=replace(state.x, **changes))


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _hand_set(state: GameState, e: HandSet) -> GameState:
    x = state.x
    if e.why == "death":
        return state
    witches = {**x.witches, e.seat: 0} if e.why == "deal" and WK in e.cards else x.witches
    return _x(state, hands={**x.hands, e.seat: e.cards}, witches=witches)


def _moved(state: GameState, e: CardMoved) -> GameState:
    x = state.x
    hands, corpses, discard = x.hands, x.corpses, x.discard
    for place, add in ((e.src, False), (e.dst, True)):
        kind, _, n = place.partition(":")
        if kind == "discard":
            discard = discard + (e.card,) if add else _without(discard, e.card)
            continue
        pile = hands if kind == "hand" else corpses
        seat = int(n)
        cards = pile.get(seat, ())
        cards = cards + (e.card,) if add else _without(cards, e.card)
        if kind == "hand":
            hands = {**hands, seat: cards}
        else:
            corpses = {**corpses, seat: cards}
    return _x(state, hands=hands, corpses=corpses, discard=discard)


def _offered(state: GameState, initiator: int, recipient: int, card: str) -> GameState:
    """Ruling 12: held if the recipient cannot take it (it has traded, or is party to a pending offer)."""
    x = state.x
    if recipient in x.used or pending(x, recipient):
        return _x(state, held=x.held + ((initiator, recipient, card),))
    return _x(state, offers={**x.offers, recipient: (initiator, card)})


def _traded(state: GameState, e: TradeClosed) -> GameState:
    x = state.x
    i, r = e.initiator, e.recipient
    offers = {s: o for s, o in x.offers.items() if o[0] != i}
    held = tuple(h for h in x.held if h[0] != i)
    if e.got is None:
        return _x(state, offers=offers, held=held, used=x.used + (i,))
    hands = x.hands
    hands = {**hands, i: _without(hands[i], e.card) + (e.got,), r: _without(hands[r], e.got) + (e.card,)}
    return _x(state, hands=hands, offers=offers, held=held, used=x.used + (i, r))


def _died(state: GameState, e: Died) -> GameState:
    x = state.x
    hands, corpses = dict(x.hands), dict(x.corpses)
    for seat in e.seats:
        corpses[seat] = corpses.get(seat, ()) + hands.pop(seat, ())
    return _x(state, hands=hands, corpses=corpses)


def _acted(state: GameState, e: Act | Defaulted) -> GameState:
    if e.action.kind == OFFER:
        return _offered(state, e.seat, e.action.target, e.action.option)
    if e.action.kind not in ORDERED:
        return state
    order = state.x.order
    if e.seat in order:
        order = tuple([s for s in order if s != e.seat])
    return _x(state, order=order + (e.seat,))


def _resolved(state: GameState, e: Resolved) -> GameState:
    d = e.data
    if e.what == "night":
        return _x(
            state,
            witches={w: n for w, n in d["witches"]},
            fresh=tuple(s for s, _ in d["deaths"]),
            loot={t: tuple(ls) for t, ls in d["loot"]},
            attackers={t: tuple(ls) for t, ls in d["attackers"]},
            forced=tuple(d["forced"]),
        )
    return state


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


_EVOLVE: dict[type, Any] = {
    GameCreated: lambda s, e: replace(s, x=WitchState()),
    HandSet: _hand_set,
    CardMoved: _moved,
    TradeClosed: _traded,
    Died: _died,
    DeathCause: lambda s, e: _x(s, causes={**s.x.causes, e.seat: e.cause}),
    VoteResult: lambda s, e: _x(s, imprisoned=e.chosen) if e.vote == "imprison" else s,
    StepOpened: _step,
    Act: _acted,
    Defaulted: _acted,
    Resolved: _resolved,
    PhaseStarted: _phase,
}

WITCH_TRIAL = WitchTrial()

register(
    {
        "role.witch_killer": {"ja": "魔女殺し", "zh-Hans": "魔女杀手", "zh-Hant": "魔女殺手", "en": "Witch Killer"},
        "role.barrier": {"ja": "結界魔法", "zh-Hans": "结界魔法", "zh-Hant": "結界魔法", "en": "Barrier"},
        "role.kill_magic": {"ja": "殺人魔法", "zh-Hans": "杀人魔法", "zh-Hant": "殺人魔法", "en": "Kill Magic"},
        "role.probe": {"ja": "探知魔法", "zh-Hans": "探知魔法", "zh-Hant": "探知魔法", "en": "Probe"},
        "role.check": {"ja": "検定魔法", "zh-Hans": "检定魔法", "zh-Hant": "檢定魔法", "en": "Inquest"},
        "phase.dawn": {
            "ja": "{day}日目、死体発見の報告です。",
            "zh-Hans": "第{day}天，尸体发现公告。",
            "zh-Hant": "第{day}天，屍體發現公告。",
            "en": "Day {day}: the discovery of the bodies.",
        },
        "phase.morning": {
            "ja": "{day}日目の朝の時間です。",
            "zh-Hans": "第{day}天，晨间阶段。",
            "zh-Hant": "第{day}天，晨間階段。",
            "en": "Day {day}: morning.",
        },
        "phase.noon": {
            "ja": "{day}日目の昼の時間です。取引ができます。",
            "zh-Hans": "第{day}天，午间阶段，可以进行交易。",
            "zh-Hant": "第{day}天，午間階段，可以進行交易。",
            "en": "Day {day}: noon. Trades are open.",
        },
        "phase.evening": {
            "ja": "{day}日目の夜の時間です。監禁の投票を行います。",
            "zh-Hans": "第{day}天，夜间阶段，进行监禁投票。",
            "zh-Hant": "第{day}天，夜間階段，進行監禁投票。",
            "en": "Day {day}: evening. Vote on the imprisonment.",
        },
        "hand.deal": {
            "ja": "あなたの手札: {cards}",
            "zh-Hans": "你的手牌：{cards}",
            "zh-Hant": "你的手牌：{cards}",
            "en": "Your hand: {cards}",
        },
        "hand.death": {
            "ja": "あなたは死亡しました。手札は遺体に残ります。",
            "zh-Hans": "你已死亡，手牌留在了尸体上。",
            "zh-Hant": "你已死亡，手牌留在了屍體上。",
            "en": "You are dead; your cards stay on your body.",
        },
        "hand.curse": {
            "ja": "【魔女殺し】があなたの手に渡りました。あなたは【魔女化】しました。",
            "zh-Hans": "【魔女杀手】转移到了你手中，你受到了【魔女化】影响。",
            "zh-Hant": "【魔女殺手】轉移到了你手中，你受到了【魔女化】影響。",
            "en": "The Witch Killer has come to you: you are now a witch.",
        },
        "moved.use": {
            "ja": "【{card}】を使用しました。",
            "zh-Hans": "你使用了【{card}】。",
            "zh-Hant": "你使用了【{card}】。",
            "en": "You used {card}.",
        },
        "moved.seize": {
            "ja": "【魔女殺し】の持ち主を倒し、【魔女殺し】を手に入れました。",
            "zh-Hans": "你击杀了【魔女杀手】持有者，强制获得了【魔女杀手】。",
            "zh-Hant": "你擊殺了【魔女殺手】持有者，強制獲得了【魔女殺手】。",
            "en": "You killed the Witch Killer's holder and must take the Witch Killer.",
        },
        "moved.loot": {
            "ja": "{target}さんの遺体から【{card}】を取りました。",
            "zh-Hans": "你从{target}的尸体上取走了【{card}】。",
            "zh-Hant": "你從{target}的屍體上取走了【{card}】。",
            "en": "You took {card} from the body of {target}.",
        },
        "moved.found": {
            "ja": "第一発見者として、{target}さんの遺体から【{card}】を手に入れました。",
            "zh-Hans": "你作为尸体第一发现者，从{target}的尸体上随机取得了【{card}】。",
            "zh-Hant": "你作為屍體第一發現者，從{target}的屍體上隨機取得了【{card}】。",
            "en": "As the first finder of {target}'s body, you took {card}.",
        },
        "witch.cursed": {
            "ja": "あなたは【魔女殺し】を持ち、【魔女化】しています。二晩続けて殺害できなければ残骸化して死亡します。",
            "zh-Hans": "你持有【魔女杀手】，已受【魔女化】影响：连续两夜未成功击杀将残骸化死亡。",
            "zh-Hant": "你持有【魔女殺手】，已受【魔女化】影響：連續兩夜未成功擊殺將殘骸化死亡。",
            "en": "You hold the Witch Killer and are a witch: two nights in a row without a kill and you die.",
        },
        "witch.become": {
            "ja": "殺害に成功し、あなたは【魔女化】しました。",
            "zh-Hans": "你成功击杀了目标，受到了【魔女化】影响。",
            "zh-Hant": "你成功擊殺了目標，受到了【魔女化】影響。",
            "en": "Your kill succeeded: you are now a witch.",
        },
        "probe.result": {
            "ja": "探知結果: {target}さんの手札は{count}枚、そのうち1枚は【{card}】です。",
            "zh-Hans": "探知结果：{target}持有{count}张手牌，其中一张是【{card}】。",
            "zh-Hant": "探知結果：{target}持有{count}張手牌，其中一張是【{card}】。",
            "en": "Probe: {target} holds {count} cards, one of them {card}.",
        },
        "probe.empty": {
            "ja": "探知結果: {target}さんの手札は0枚です。",
            "zh-Hans": "探知结果：{target}没有手牌。",
            "zh-Hant": "探知結果：{target}沒有手牌。",
            "en": "Probe: {target} holds no cards.",
        },
        "check.yes": {
            "ja": "検定結果: {target}さんは【魔女殺し】によって殺されました。",
            "zh-Hans": "检定结果：{target}死于【魔女杀手】。",
            "zh-Hant": "檢定結果：{target}死於【魔女殺手】。",
            "en": "Inquest: {target} was killed by the Witch Killer.",
        },
        "check.no": {
            "ja": "検定結果: {target}さんの死因は【魔女殺し】ではありません。",
            "zh-Hans": "检定结果：{target}并非死于【魔女杀手】。",
            "zh-Hant": "檢定結果：{target}並非死於【魔女殺手】。",
            "en": "Inquest: {target} was not killed by the Witch Killer.",
        },
        "barrier.success": {
            "ja": "結界が攻撃を防ぎました。",
            "zh-Hans": "成功防御：你的结界挡住了攻击。",
            "zh-Hant": "成功防禦：你的結界擋住了攻擊。",
            "en": "Your barrier blocked an attack.",
        },
        "attack.unfit": {
            "ja": "今夜は行動に向きません。",
            "zh-Hans": "今晚不宜行动。",
            "zh-Hant": "今晚不宜行動。",
            "en": "Tonight is not a night to act: your attack was not made, and you keep your card.",
        },
        "loot.look": {
            "ja": "{target}さんの遺体の手札: {cards}",
            "zh-Hans": "{target}的尸体上的手牌：{cards}",
            "zh-Hant": "{target}的屍體上的手牌：{cards}",
            "en": "The body of {target} holds: {cards}",
        },
        "loot.empty": {
            "ja": "{target}さんの遺体に手札はありません。",
            "zh-Hans": "{target}的尸体上没有手牌。",
            "zh-Hant": "{target}的屍體上沒有手牌。",
            "en": "The body of {target} holds no cards.",
        },
        "loot.unclaimed": {
            "ja": "遺された手札が公開され、捨て札になりました: {cards}",
            "zh-Hans": "未被取走的遗落手牌公开并置入弃牌堆：{cards}",
            "zh-Hant": "未被取走的遺落手牌公開並置入棄牌堆：{cards}",
            "en": "Unclaimed cards, revealed and discarded: {cards}",
        },
        "trade.offered": {
            "ja": "{seat}さんが【{card}】での取引を申し込みました。",
            "zh-Hans": "{seat}提出用【{card}】与你交易。",
            "zh-Hant": "{seat}提出用【{card}】與你交易。",
            "en": "{seat} offers you {card} in trade.",
        },
        "trade.done": {
            "ja": "取引成立: {seat}さんの【{card}】と{target}さんの【{got_card}】を交換しました。",
            "zh-Hans": "交易成立：{seat}的【{card}】与{target}的【{got_card}】互换。",
            "zh-Hant": "交易成立：{seat}的【{card}】與{target}的【{got_card}】互換。",
            "en": "Trade made: {seat}'s {card} for {target}'s {got_card}.",
        },
        "trade.refused": {
            "ja": "{seat}さんから{target}さんへの取引（【{card}】）は成立しませんでした。",
            "zh-Hans": "{seat}向{target}提出的交易（【{card}】）未成立。",
            "zh-Hant": "{seat}向{target}提出的交易（【{card}】）未成立。",
            "en": "{seat}'s offer of {card} to {target} was refused.",
        },
        "imprison.done": {
            "ja": "{seat}さんが監禁されました。今夜は手札を使えません。",
            "zh-Hans": "{seat}被监禁，今晚无法使用任何手牌。",
            "zh-Hant": "{seat}被監禁，今晚無法使用任何手牌。",
            "en": "{seat} is imprisoned and cannot use cards tonight.",
        },
        "imprison.tie": {
            "ja": "同票のため、今夜は監禁なしです。",
            "zh-Hans": "出现同票，今晚不执行监禁。",
            "zh-Hant": "出現同票，今晚不執行監禁。",
            "en": "A tie: nobody is imprisoned tonight.",
        },
        "imprison.invalid": {
            "ja": "投票者が過半数に達しないため投票は無効です。今夜は監禁なしです。",
            "zh-Hans": "投票人数未超过存活玩家半数，投票无效，今晚不执行监禁。",
            "zh-Hant": "投票人數未超過存活玩家半數，投票無效，今晚不執行監禁。",
            "en": "Too few ballots (not more than half of the living): nobody is imprisoned tonight.",
        },
        "error.bad_pool": {
            "ja": "カードの構成が不正です: {reason}",
            "zh-Hans": "牌池无效：{reason}",
            "zh-Hant": "牌池無效：{reason}",
            "en": "Invalid card pool: {reason}",
        },
        "error.trade_used": {
            "ja": "今日の取引の機会はすでに使いました。",
            "zh-Hans": "你今天的交易机会已经用过了。",
            "zh-Hant": "你今天的交易機會已經用過了。",
            "en": "You have already used today's trade.",
        },
        "error.offer_pending": {
            "ja": "まだ決着していない取引があります。",
            "zh-Hans": "你还有一笔尚未了结的交易。",
            "zh-Hant": "你還有一筆尚未了結的交易。",
            "en": "You have a trade offer pending.",
        },
        "error.witch_killer_only": {
            "ja": "【魔女殺し】を持つあなたは、【魔女殺し】を使うか何もしないかしか選べません。",
            "zh-Hans": "你持有【魔女杀手】，只能使用【魔女杀手】或放弃行动。",
            "zh-Hant": "你持有【魔女殺手】，只能使用【魔女殺手】或放棄行動。",
            "en": "You hold the Witch Killer: you may use only the Witch Killer, or nothing.",
        },
        "error.already_answered": {
            "ja": "すでに選択済みです。",
            "zh-Hans": "你已经做出了选择。",
            "zh-Hant": "你已經做出了選擇。",
            "en": "You have already chosen.",
        },
    }
)
