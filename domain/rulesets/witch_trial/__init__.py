"""witch_trial: 魔女审判, the survival card game (`witch-trial.md`, rulings § witch_trial).

The ruleset's parts, one module each:
- `data`: the cards, the pools dealt from, the action kinds and the fixed numbers;
- `facts`: the typed events, the state (`WitchState`) and the one fold of each event;
- `flow`: the deal and the day's steps, each declared with how it opens, how it resolves and
  the step that follows it: dawn (deaths, loot) → morning → noon (talk and trades) → evening
  (imprisonment vote) → night (card use);
- the rules by concern: `trading` (noon's offers), `cards` (card use at night), `night` (the
  night's resolution, a declared pipeline of stages), `looting` (the loot window, first finders);
- `stored`: the events of games stored before the ruleset named its facts.
Below: the ruleset's declaration (its name, pools, options and seat range), the engine's hooks,
and its texts.
"""

from __future__ import annotations

from grimoire.domain.events import PUBLIC, Action, Audience, Decision, Event
from grimoire.domain.messages import Catalog, register
from grimoire.domain.rng import Rng
from grimoire.domain.ruleset import Option, Ruleset, Table, seconds
from grimoire.domain.rulesets.witch_trial import stored  # noqa: F401  (stored games' events stay readable)
from grimoire.domain.rulesets.witch_trial.cards import night_refusal
from grimoire.domain.rulesets.witch_trial.data import (
    ACCEPT,
    CARDS,
    HAND_CAP,
    OFFER,
    PASS,
    POOLS,
    READY,
    REFUSE,
    SPEAK,
    TAKE,
    VOTE,
    WK,
)
from grimoire.domain.rulesets.witch_trial.facts import FOLDS, WitchState
from grimoire.domain.rulesets.witch_trial.flow import STEPS, deal
from grimoire.domain.rulesets.witch_trial.looting import looted
from grimoire.domain.rulesets.witch_trial.trading import answer, noon_refusal, offer
from grimoire.domain.state import GameState


class WitchTrial(Ruleset):
    id = "witch_trial"
    version = "2"
    doc_lang = "zh-Hans"
    end_reasons = ("early_end", "days_over")  # one survivor or none before the last day, or the days ran out
    name = {"ja": "魔女裁判", "zh-Hans": "魔女审判", "zh-Hant": "魔女審判", "en": "Witch Trial"}
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

    # --- engine hooks ----------------------------------------------------------------------------

    steps = STEPS

    def start(self, g: Table) -> None:
        deal(g)

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
            return night_refusal(x, seat, action)
        return noon_refusal(x, seat, action) if step.name == "noon" else None

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

    def on_act(self, g: Table, seat: int, action: Action, decision: Decision) -> None:
        kind = action.kind
        if kind == OFFER:
            offer(g, seat, action.required_target(), action.required_option())
        elif kind in (ACCEPT, REFUSE):
            answer(g, seat, action.option)
        elif g.state.open_step().name == "loot":
            looted(g, seat, action)

    def evolve(self, state: GameState, event: Event) -> GameState:
        fold = FOLDS.get(type(event))
        return fold(state, event) if fold else state


WITCH_TRIAL = WitchTrial()

TEXTS: Catalog = {
    "card.witch_killer": {"ja": "魔女殺し", "zh-Hans": "魔女杀手", "zh-Hant": "魔女殺手", "en": "Witch Killer"},
    "card.barrier": {"ja": "結界魔法", "zh-Hans": "结界魔法", "zh-Hant": "結界魔法", "en": "Barrier"},
    "card.kill_magic": {"ja": "殺人魔法", "zh-Hans": "杀人魔法", "zh-Hant": "殺人魔法", "en": "Kill Magic"},
    "card.probe": {"ja": "探知魔法", "zh-Hans": "探知魔法", "zh-Hant": "探知魔法", "en": "Probe"},
    "card.check": {"ja": "検定魔法", "zh-Hans": "检定魔法", "zh-Hant": "檢定魔法", "en": "Inquest"},
    # 深夜 is not 狼人杀's night: no 「天黑请闭眼」, and in Japanese not the 夜間 of the vote before it
    "phase.night": {
        "ja": "{day}日目の深夜です。カードを1枚使えます。",
        "zh-Hans": "第{day}天，深夜阶段，可以选择使用一张卡牌。",
        "zh-Hant": "第{day}天，深夜階段，可以選擇使用一張卡牌。",
        "en": "Day {day}: late night. You may use one card.",
    },
    "action.accept": {"ja": "取引に応じる", "zh-Hans": "接受交易", "zh-Hant": "接受交易", "en": "accept the trade"},
    "action.refuse": {"ja": "取引を断る", "zh-Hans": "拒绝交易", "zh-Hant": "拒絕交易", "en": "refuse the trade"},
    "action.offer": {"ja": "取引の申し込み", "zh-Hans": "发起交易", "zh-Hant": "發起交易", "en": "offer a trade"},
    "action.take": {"ja": "カードを取る", "zh-Hans": "拿取卡牌", "zh-Hant": "拿取卡牌", "en": "take a card"},
    "action.pass": {"ja": "使わない", "zh-Hans": "不使用", "zh-Hant": "不使用", "en": "no card"},
    # 3.2 尸体发现公告: no 狼人杀 「平安夜」
    "morning.none": {
        "ja": "死体は発見されませんでした。",
        "zh-Hans": "没有发现尸体。",
        "zh-Hant": "沒有發現屍體。",
        "en": "No body was found.",
    },
    "morning.dead": {
        "ja": "{seats}の死体が発見されました。",
        "zh-Hans": "发现了{seats}的尸体。",
        "zh-Hant": "發現了{seats}的屍體。",
        "en": {"one": "The body of {seats} was found.", "other": "The bodies of {seats} were found."},
    },
    # 1.3: whoever is alive at the end wins
    "game.ended": {
        "ja": "ゲーム終了。生き残った{winners}の勝利です。",
        "zh-Hans": "游戏结束，存活的{winners}获胜。",
        "zh-Hant": "遊戲結束，存活的{winners}獲勝。",
        "en": "The game is over: the survivors win: {winners}.",
    },
    "game.ended.none": {
        "ja": "ゲーム終了。生存者はいません。",
        "zh-Hans": "游戏结束，无人存活。",
        "zh-Hant": "遊戲結束，無人存活。",
        "en": "The game is over: nobody survived.",
    },
    "step.morning": {"ja": "朝の話し合い", "zh-Hans": "晨间阶段", "zh-Hant": "晨間階段", "en": "the morning talk"},
    "step.noon": {
        "ja": "昼の話し合いと取引",
        "zh-Hans": "午间阶段",
        "zh-Hant": "午間階段",
        "en": "the noon talk and trades",
    },
    "step.vote": {
        "ja": "夜間の監禁投票",
        "zh-Hans": "夜间阶段的监禁投票",
        "zh-Hant": "夜間階段的監禁投票",
        "en": "the evening's imprisonment vote",
    },
    "step.night": {"ja": "深夜", "zh-Hans": "深夜阶段", "zh-Hant": "深夜階段", "en": "late night"},
    "step.loot": {"ja": "行動の結算", "zh-Hans": "行动结算阶段", "zh-Hant": "行動結算階段", "en": "the resolution"},
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
        "ja": "{day}日目の夜間です。監禁の投票を行います。",
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
        "ja": "{target}の遺体から【{card}】を取りました。",
        "zh-Hans": "你从{target}的尸体上取走了【{card}】。",
        "zh-Hant": "你從{target}的屍體上取走了【{card}】。",
        "en": "You took {card} from the body of {target}.",
    },
    "moved.found": {
        "ja": "第一発見者として、{target}の遺体から【{card}】を手に入れました。",
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
        "ja": "探知結果: {target}の手札は{count}枚、そのうち1枚は【{card}】です。",
        "zh-Hans": "探知结果：{target}持有{count}张手牌，其中一张是【{card}】。",
        "zh-Hant": "探知結果：{target}持有{count}張手牌，其中一張是【{card}】。",
        "en": "Probe: {target} holds {count} cards, one of them {card}.",
    },
    "probe.empty": {
        "ja": "探知結果: {target}の手札は0枚です。",
        "zh-Hans": "探知结果：{target}没有手牌。",
        "zh-Hant": "探知結果：{target}沒有手牌。",
        "en": "Probe: {target} holds no cards.",
    },
    "check.yes": {
        "ja": "検定結果: {target}は【魔女殺し】によって殺されました。",
        "zh-Hans": "检定结果：{target}死于【魔女杀手】。",
        "zh-Hant": "檢定結果：{target}死於【魔女殺手】。",
        "en": "Inquest: {target} was killed by the Witch Killer.",
    },
    "check.no": {
        "ja": "検定結果: {target}の死因は【魔女殺し】ではありません。",
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
        "ja": "{target}の遺体の手札: {cards}",
        "zh-Hans": "{target}的尸体上的手牌：{cards}",
        "zh-Hant": "{target}的屍體上的手牌：{cards}",
        "en": "The body of {target} holds: {cards}",
    },
    "loot.empty": {
        "ja": "{target}の遺体に手札はありません。",
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
        "ja": "{seat}が【{card}】での取引を申し込みました。",
        "zh-Hans": "{seat}提出用【{card}】与你交易。",
        "zh-Hant": "{seat}提出用【{card}】與你交易。",
        "en": "{seat} offers you {card} in trade.",
    },
    "trade.done": {
        "ja": "取引成立: {seat}の【{card}】と{target}の【{got_card}】を交換しました。",
        "zh-Hans": "交易成立：{seat}的【{card}】与{target}的【{got_card}】互换。",
        "zh-Hant": "交易成立：{seat}的【{card}】與{target}的【{got_card}】互換。",
        "en": "Trade made: {seat}'s {card} for {target}'s {got_card}.",
    },
    "trade.refused": {
        "ja": "{seat}から{target}への取引（【{card}】）は成立しませんでした。",
        "zh-Hans": "{seat}向{target}提出的交易（【{card}】）未成立。",
        "zh-Hant": "{seat}向{target}提出的交易（【{card}】）未成立。",
        "en": "{seat}'s offer of {card} to {target} was refused.",
    },
    "imprison.done": {
        "ja": "{seat}が監禁されました。今夜は手札を使えません。",
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
register({k: v for k, v in TEXTS.items() if k.startswith("error.")})
TEXTS.update({"role." + k.removeprefix("card."): v for k, v in TEXTS.items() if k.startswith("card.")})
TEXTS.update({"action." + k.removeprefix("card."): v for k, v in TEXTS.items() if k.startswith("card.")})
register({k: v for k, v in TEXTS.items() if not k.startswith("error.")}, ruleset="witch_trial")
