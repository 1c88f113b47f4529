"""langrensha: 狼人殺 for 6–20 players (`langrensha.md`; decisions in `rulings.md`).

The package's parts:

- `data`: the roles, the night's order, the boards (presets), the options and the seat range;
- `facts`: the state `LState` and every change of it as a typed event, each with its one fold;
- `flow`: the declared steps — the night's `RoleSequence`, the day's steps and what follows each,
  named by a `then.Next`;
- the rules by concern: `night` (the deal, the pack and each role's night step, the dawn),
  `dying` (deaths, the duties of the dead, the end), `sheriff` (the election), `votes` (the duel,
  the impeachment, the exile vote), `speaking` (rounds of speeches) and `roles` (what a seat is).
"""

from __future__ import annotations

from grimoire.domain.events import PUBLIC, Action, Audience, Decision, Event
from grimoire.domain.messages import register
from grimoire.domain.ruleset import Table
from grimoire.domain.rulesets.langrensha import flow
from grimoire.domain.rulesets.langrensha.data import (
    ACTION_KINDS,
    AUTO,
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    ROLES,
    deal_list,
)
from grimoire.domain.rulesets.langrensha.facts import EVOLVE, PotionsLeft
from grimoire.domain.rulesets.langrensha.night import potions_left
from grimoire.domain.rulesets.langrensha.roles import is_wolf, seers_label
from grimoire.domain.rulesets.werewolf import Werewolf, next_living
from grimoire.domain.state import GameState


class Langrensha(Werewolf):
    id = "langrensha"
    version = "2"
    doc_lang = "zh-Hant"
    end_reasons = ("village", "wolves", "lovers", "mixed_lovers", "no_winner")
    name = {"ja": "狼人殺", "zh-Hans": "狼人杀", "zh-Hant": "狼人殺", "en": "Langrensha (Chinese Werewolf)"}
    roles = ROLES
    presets = {str(n): roles for n, roles in AUTO.items()}
    options = OPTIONS
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    rounds = 1
    action_kinds = ACTION_KINDS
    steps = flow.STEPS

    def setup(self, seats: int, preset: str | None, roles: tuple[str, ...]) -> tuple[str, ...] | str:
        return deal_list(seats, preset, roles)

    def is_wolf(self, state: GameState, seat: int) -> bool:
        return is_wolf(state, seat)

    def seers_label(self, state: GameState, seat: int) -> str:
        return seers_label(state, seat)

    def start(self, g: Table) -> None:
        flow.start(self, g)

    def first_speaker(self, g: Table) -> int:
        seat = super().first_speaker(g)  # yesterday's first speaker may since have died in a duel or by a shot
        return seat if g.state.is_alive(seat) else next_living(g.state, seat)

    def speeches_done(self, g: Table) -> None:
        flow.speeches_done(self, g)

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        super().on_act(g, seat, action, decision)
        step = g.state.step
        assert step is not None, "an answer is in the open step"
        if step.name == "night.witch":  # her view shows the potion used as soon as she answers
            spent = g.state.x.flags[seat - 1]
            using = {"save": "antidote", "poison": "poison"}.get(action.kind)
            g.emit(PotionsLeft, to=(seat,), potions=potions_left((*spent, using) if using else spent))

    def audience(self, state: GameState, seat: int, action: Action) -> Audience:
        if action.kind == "duel":
            return PUBLIC
        return super().audience(state, seat, action)

    def evolve(self, state: GameState, event: Event) -> GameState:
        handler = EVOLVE.get(type(event))
        return handler(self, state, event) if handler else state


LANGRENSHA = Langrensha()


def _m(ja: str, hans: str, hant: str, en: str) -> dict[str, str]:
    return {"ja": ja, "zh-Hans": hans, "zh-Hant": hant, "en": en}


TEXTS = {
    "role.alpha_wolf": _m("狼王", "狼王", "狼王", "alpha wolf"),
    "role.white_wolf": _m("白狼王", "白狼王", "白狼王", "white wolf"),
    "role.wolf_beauty": _m("狼美人", "狼美人", "狼美人", "wolf beauty"),
    "role.guardian_wolf": _m("守護狼", "守卫狼", "守衛狼", "guardian wolf"),
    "role.hidden_wolf": _m("隠れ狼", "隐狼", "隱狼", "hidden wolf"),
    "role.blood_moon": _m("血月の使徒", "血月使徒", "血月使徒", "blood moon apostle"),
    "role.nightmare": _m("悪夢狼", "梦魇狼", "夢魘狼", "nightmare wolf"),
    "role.witch": _m("魔女", "女巫", "女巫", "witch"),
    "role.huntsman": _m("ハンター", "猎人", "獵人", "hunter"),
    "role.guard": _m("守衛", "守卫", "守衛", "guard"),
    "role.idiot": _m("白痴", "白痴", "白痴", "idiot"),
    "role.elder": _m("長老", "长老", "長老", "elder"),
    "role.knight": _m("騎士", "骑士", "騎士", "knight"),
    "role.magician": _m("魔術師", "魔术师", "魔術師", "magician"),
    "role.cupid": _m("キューピッド", "丘比特", "丘比特", "cupid"),
    "role.raven": _m("カラス", "乌鸦", "烏鴉", "raven"),
    "role.graveyard_keeper": _m("墓守", "守墓人", "守墓人", "graveyard keeper"),
    "role.thief": _m("盗賊", "盗贼", "盜賊", "thief"),
    "action.badge": _m("警長バッジの移譲", "移交警徽", "移交警徽", "passing the badge"),
    "action.block": _m("能力の封印", "封锁技能", "封鎖技能", "block"),
    "action.charm": _m("魅了", "魅惑", "魅惑", "charm"),
    "action.duel": _m("決闘", "决斗", "決鬥", "duel"),
    "action.inspect": _m("墓守の確認", "查看身份", "查看身分", "inspection"),
    "action.link": _m("恋人の指名", "连接恋人", "連接戀人", "choosing the lovers"),
    "action.mark": _m("印", "标记", "標記", "mark"),
    "action.pick": _m("カードの選択", "选择身份", "選擇身分", "picking a card"),
    "action.poison": _m("毒薬", "毒药", "毒藥", "poison"),
    "action.save": _m("解毒剤", "解药", "解藥", "antidote"),
    "action.shield": _m("守護", "守护", "守護", "shield"),
    "action.stand": _m("立候補", "上警", "上警", "running for sheriff"),
    "action.swap": _m("入れ替え", "交换", "交換", "swap"),
    "action.white_kill": _m("自爆", "自爆", "自爆", "self-destruct"),
    "step.shot": _m("発砲", "开枪", "開槍", "the shot"),
    "step.exile_vote": _m("放逐の投票", "放逐投票", "放逐投票", "the exile vote"),
    "step.sheriff_vote": _m("警長の投票", "警长投票", "警長投票", "the sheriff vote"),
    "step.candidacy": _m("警長への立候補", "上警", "上警", "running for sheriff"),
    "step.withdraw": _m("立候補の取り下げ", "退水", "退水", "withdrawing"),
    "step.badge": _m("警長バッジの移譲", "移交警徽", "移交警徽", "passing the badge"),
    "step.impeach": _m("警長の弾劾", "弹劾警长", "彈劾警長", "the impeachment"),
    "step.duel": _m("決闘", "决斗", "決鬥", "the duel"),
    "executed": _m(
        "投票の結果、{seat}が追放されました。",
        "投票结果：{seat}被放逐。",
        "投票結果：{seat}被放逐。",
        "By the vote, {seat} is exiled.",
    ),
    "vote.none": _m("本日は追放なしとなりました。", "今天无人被放逐。", "今天無人被放逐。", "Nobody is exiled today."),
    "team.lovers": _m("恋人陣営", "恋人阵营", "戀人陣營", "the lovers"),
    "team.neutral": _m("中立", "中立", "中立", "neutral"),
    "label.good": _m("村人側", "好人", "好人", "good"),
    "died.day": _m("{seats}が死亡しました。", "{seats}死亡。", "{seats}死亡。", "{seats} died."),
    "nightmare.blocked": _m(
        "今夜、あなたの能力は封じられています。",
        "今晚你的技能被封锁了。",
        "今晚你的技能被封鎖了。",
        "Your ability is blocked tonight.",
    ),
    "thief.cards": _m(
        "残りのカードは【{role}】と【{label}】です。",
        "剩余的两张牌是【{role}】和【{label}】。",
        "剩餘的兩張牌是【{role}】和【{label}】。",
        "The two spare cards are {role} and {label}.",
    ),
    "witch.target": _m(
        "今夜、人狼に襲われたのは{target}です。",
        "今晚被狼人袭击的是{target}。",
        "今晚被狼人襲擊的是{target}。",
        "Tonight the wolves attacked {target}.",
    ),
    "lovers.partner": _m(
        "あなたは{target}（{role}）と恋人になりました。",
        "你与{target}（{role}）成为了恋人。",
        "你與{target}（{role}）成為了戀人。",
        "You and {target} ({role}) are lovers.",
    ),
    "graveyard.result": _m(
        "{target}の役職は【{role}】でした。",
        "{target}的身份是【{role}】。",
        "{target}的身分是【{role}】。",
        "{target}'s role was {role}.",
    ),
    "apostle.turned": _m(
        "他の人狼が全滅しました。あなたは人狼になりました。",
        "其他狼人已全部出局，你变成了狼人。",
        "其他狼人已全部出局，你變成了狼人。",
        "Every other wolf is dead: you are now a werewolf.",
    ),
    "sheriff.candidates": _m(
        "警長候補: {seats}",
        "警长竞选者：{seats}",
        "警長競選者：{seats}",
        "Running for sheriff: {seats}",
    ),
    "sheriff.none": _m("警長はいません。", "本局没有警长。", "本局沒有警長。", "There is no sheriff."),
    "sheriff.elected": _m(
        "{seat}が警長になりました。", "{seat}当选警长。", "{seat}當選警長。", "{seat} is the sheriff."
    ),
    "sheriff.withdrawn": _m("{seats}が立候補を取り下げました。", "{seats}退水。", "{seats}退水。", "{seats} withdrew."),
    "badge.passed": _m(
        "警長バッジは{seat}に渡りました。", "警徽移交给{seat}。", "警徽移交給{seat}。", "The badge passes to {seat}."
    ),
    "badge.torn": _m("警長バッジは破かれました。", "警徽被撕毁。", "警徽被撕毀。", "The badge is torn."),
    "impeach.tally": _m("弾劾に{count}票。", "弹劾票数：{count}。", "彈劾票數：{count}。", "{count} votes to impeach."),
    "sheriff.impeached": _m("警長は弾劾されました。", "警长被弹劾。", "警長被彈劾。", "The sheriff is impeached."),
    "idiot.revealed": _m(
        "{seat}は白痴です。生き残りますが投票権を失います。",
        "{seat}是白痴，免于出局但失去投票权。",
        "{seat}是白痴，免於出局但失去投票權。",
        "{seat} is the idiot: survives, but loses the vote.",
    ),
    "elder.penalty": _m(
        "追放された{seat}は長老でした。村の能力者は能力を失います。",
        "被放逐的{seat}是长老，所有神职失去技能。",
        "被放逐的{seat}是長老，所有神職失去技能。",
        "{seat}, exiled, was the elder: the village's powers are lost.",
    ),
    "knight.duel": _m(
        "騎士{seat}が{target}に決闘を挑みました。",
        "骑士{seat}向{target}发起决斗。",
        "騎士{seat}向{target}發起決鬥。",
        "The knight {seat} duels {target}.",
    ),
}
register(TEXTS, ruleset="langrensha")
