"""Scripted games of aiwolf to every ending: the village's win, the werewolves', the early end of failed
agents, the last day, and the host's abort; each replays exactly."""

from __future__ import annotations

from grimoire.domain.catalog import verify
from grimoire.domain.events import Abort, Died, GameEnded, Handover
from grimoire.domain.rulesets.aiwolf.facts import Divined, Identified, Talked, VoteList, Whispered
from grimoire.projections.render import render
from tests.rulesets.aiwolf.support import THIRTEEN, answer, asked, new, run_to, speak_through, typed, vote

W, P, S, B, M, V = "werewolf", "possessed", "seer", "bodyguard", "medium", "villager"


def _ended(g, reason: str) -> GameEnded:
    (ended,) = typed(g, GameEnded)
    assert ended.reason == reason
    report = verify(g.events)
    assert report.ok and report.events == len(g.events)
    for lang in ("ja", "zh-Hans", "zh-Hant", "en"):
        for e in g.events:
            render(e, lang, g.state.names, "aiwolf", "moderator")
    return ended


def test_game_the_village_executes_every_werewolf_with_the_seers_and_the_mediums_help():
    g = new(THIRTEEN, seed=11)
    wolves, seer, medium, guard = g.seat_of(W), g.seat_of(S)[0], g.seat_of(M)[0], g.seat_of(B)[0]
    speak_through(g, lambda g, s: "今夜は占い師を狙おう")  # the morning whispers
    speak_through(g, lambda g, s: f"@Agent[{wolves[0]:02d}] あなたが怪しい" if s == seer else "Over")
    run_to(g, "divine", 0)
    answer(g, "divine", {seer: wolves[0]})
    for day, wolf in enumerate(wolves, 1):
        run_to(g, "vote", day)
        vote(g, dict.fromkeys(g.living(), wolf))
        if g.state.status == "ended":
            break
        run_to(g, "guard", day)
        answer(g, "guard", {guard: seer})
        answer(g, "attack", dict.fromkeys(g.seat_of(W), seer))
    ended = _ended(g, "villagers")
    assert ended.teams == ("village",) and set(ended.winners) == set(range(1, 14)) - set(wolves) - set(g.seat_of(P))
    assert [e.target for e in typed(g, Identified)] == wolves and {e.to for e in typed(g, Identified)} == {(medium,)}
    assert typed(g, Divined)[0].result == "werewolf"
    assert any("@Agent" in t.text for t in typed(g, Talked)) and typed(g, Whispered)


def test_game_the_werewolves_reach_parity():
    g = new(THIRTEEN, seed=12)
    wolves = g.seat_of(W)
    humans = [s for s in range(1, 14) if s not in wolves]
    for day in range(1, 8):
        if g.state.status == "ended":
            break
        run_to(g, "vote", day)
        living = [h for h in humans if h in g.living()]
        vote(g, dict.fromkeys(g.living(), living[0]))
        if g.state.status == "ended":
            break
        run_to(g, "attack", day)
        answer(g, "attack", dict.fromkeys(g.seat_of(W), next(h for h in humans if h in g.living())))
    ended = _ended(g, "werewolves")
    assert ended.teams == ("wolves",) and set(ended.winners) == set(wolves) | set(g.seat_of(P))
    assert len(typed(g, VoteList)) >= 1 and {d.when for d in typed(g, Died)} == {"execution", "attack"}


def test_game_failed_agents_end_it_early_without_a_winner():
    g = new(THIRTEEN, seed=13)
    run_to(g, "vote", 1)
    for seat in (2, 9):
        g.ok(g.submit(Handover(at=g.tick(), seat=seat, how="failed")))
    assert asked(g, "vote") and g.state.status == "running"  # the open ballot still waits for them
    g.ok(g.timeout())
    ended = _ended(g, "failed")
    assert ended.winners == () and typed(g, Handover)[-1].to == "public"


def test_game_ends_after_the_last_day_without_a_winner():
    g = new(THIRTEEN, options={"max_day": 2}, seed=14)
    run_to(g, "attack", 2)
    answer(g, "attack", {})
    assert _ended(g, "max_day").winners == ()


def test_game_the_host_aborts_it():
    g = new(THIRTEEN, seed=15)
    run_to(g, "talk", 1)
    g.ok(g.submit(Abort(at=g.tick())))
    assert _ended(g, "aborted").winners == ()
