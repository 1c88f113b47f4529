"""The kernel every ruleset shares: the stream, audiences, seed, deadlines, refusals, audit."""

import hashlib
import random

import msgspec

from grimoire.domain.catalog import RULESETS, decide, verify
from grimoire.domain.codec import decode, encode
from grimoire.domain.engine import ENGINE_VERSIONS, resolve_options
from grimoire.domain.events import (
    MODERATOR,
    PUBLIC,
    Abort,
    Act,
    Action,
    CreateGame,
    DeadlineExtended,
    Defaulted,
    GameCreated,
    GameEnded,
    Handover,
    Join,
    Leave,
    Notice,
    RoleDealt,
    Start,
    Timeout,
)
from grimoire.domain.rng import Rng
from grimoire.domain.texts import LANGS, MESSAGES
from grimoire.domain.violations import RuleViolation, known_codes
from grimoire.projections.view import SPECTATOR
from tests.support.harness import T0, Game, Script, seed_for
from tests.support.versions import deployed


def played(preset="9A", seed=1, **options):
    game = Game("jinro9", 9, preset=preset, seed=seed, options=options)
    game.start()
    game.play(random.Random(seed))
    return game


def test_first_event_stamps_engine_and_ruleset_versions_and_seed_commitment():
    game = Game("jinro9", 9, preset="9A", seed=7)
    created = next(e for e in game.events if isinstance(e, GameCreated))
    assert created.to == PUBLIC
    assert (
        created.engine_version == ENGINE_VERSIONS[-1] and created.ruleset_version == RULESETS["jinro9"].version == "4"
    )
    assert created.seed_sha256 == hashlib.sha256(bytes.fromhex(seed_for(7))).hexdigest()
    assert isinstance(game.events[0], CreateGame) and game.events[0].to == MODERATOR


def test_seed_is_revealed_only_at_the_end():
    game = played(seed=3)
    end = game.events[-1]
    assert isinstance(end, GameEnded) and end.seed == seed_for(3)
    spectator_feed = game.feed(SPECTATOR)
    assert all(seed_for(3) not in encode(e).decode() for e in spectator_feed[:-1])


def test_draws_are_reproducible_from_the_seed_and_counter():
    a, b = Rng(seed_for(1), 5), Rng(seed_for(1), 5)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
    assert [Rng(seed_for(1), 6).below(10**9) for _ in range(3)] != [Rng(seed_for(1), 5).below(10**9) for _ in range(3)]
    deals = {played(seed=s).state.roles for s in range(6)}
    assert len(deals) > 1
    assert played(seed=2).state.roles == played(seed=2).state.roles


def test_a_draw_is_hmac_sha256_of_the_counter_and_index_under_the_seed():
    """What an auditor recomputes from the revealed seed with any HMAC library."""
    import hmac

    for stream, n in ((0, 9), (41, 25), (12345, 10**12)):
        rng = Rng(seed_for(3), stream)
        for k in range(4):
            digest = hmac.new(bytes.fromhex(seed_for(3)), b"%d:%d" % (stream, k), hashlib.sha256).digest()
            assert rng.below(n) == int.from_bytes(digest, "big") % n


def test_every_event_reads_back_equal_after_encoding():
    for seed in range(5):
        for event in played(seed=seed).events:
            assert decode(encode(event)) == event


def test_replaying_the_inputs_reproduces_every_outcome():
    game = played(seed=4)
    report = verify(game.events)
    assert report.ok and report.inputs < report.events


def test_audit_detects_an_edited_outcome():
    game = played(seed=4)
    events = list(game.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, RoleDealt))
    other = "werewolf" if events[i].role != "werewolf" else "villager"
    events[i] = msgspec.structs.replace(events[i], role=other)
    report = verify(events)
    assert not report.ok and f"event {i + 1}" in report.problems[0]


def test_audit_detects_a_removed_event():
    game = played(seed=4)
    events = list(game.events)
    del events[len(events) // 2]
    assert not verify(events).ok


def test_every_event_has_an_audience_and_roles_are_dealt_privately():
    game = played(seed=2)
    for event in game.events:
        assert event.to in (PUBLIC, MODERATOR) or isinstance(event.to, tuple)
    for event in game.events:
        if isinstance(event, RoleDealt):
            assert event.to == (event.seat,)


def test_roles_stay_hidden_from_other_seats_until_the_end():
    game = played(seed=5)
    for seat in range(1, 10):
        dealt = [e.seat for e in game.feed(seat) if isinstance(e, RoleDealt)]
        assert dealt == [seat]
        assert set(game.views[seat].roles) == set(range(1, 10))  # the end reveals everything
    assert [e for e in game.feed(SPECTATOR) if isinstance(e, RoleDealt)] == []


def test_deadline_reminds_then_extends_retries_times_then_applies_the_default_under_engine_2():
    with deployed("jinro9", "3", "2"):  # engine 3's extensions: tests/kernel/test_deadlines.py
        game = Script("jinro9", 9, preset="9A", seed=1, options={"retries": 2})
    game.start()
    game.night()  # night 0
    speaker = game.state.step.public[0]
    first = game.state.step.deadline
    out = game.timeout()
    assert any(isinstance(e, DeadlineExtended) and e.retries_left == 1 for e in out)
    assert game.state.step.deadline == first + 60_000  # the same length again, from the deadline
    game.timeout()
    assert game.state.step.retries_left == 0
    out = game.timeout()
    assert any(isinstance(e, Defaulted) and e.seat == speaker and e.action.text is None for e in out)
    assert game.state.step.public[0] != speaker


def test_retries_option_zero_applies_the_default_at_the_first_deadline():
    game = Script("jinro9", 9, preset="9A", seed=1, options={"retries": 0})
    game.start()
    game.night()
    speaker = game.state.step.public[0]
    out = game.timeout()
    assert any(isinstance(e, Defaulted) and e.seat == speaker for e in out)


def test_time_scale_multiplies_every_duration():
    fast = Script("jinro9", 9, preset="9A", seed=1, options={"time_scale": 0.01})
    fast.start()
    step = fast.state.step
    assert step.deadline - step.opened_at == 1200  # 120 s night 0 × 0.01


def test_a_deadline_of_zero_waits_forever_until_the_host_forces_it():
    game = Script("jinro9", 9, preset="9A", seed=1, options={"night0_seconds": 0})
    game.start()
    step = game.state.step
    assert step.deadline is None
    refused = game.submit(Timeout(at=T0 + 10**9, step=step.no))
    assert isinstance(refused, RuleViolation) and refused.code == "deadline_not_reached"
    game.ok(game.timeout(forced=True))
    assert game.state.day == 1


def test_a_stale_deadline_is_refused():
    game = Script("jinro9", 9, preset="9A", seed=1)
    game.start()
    old = game.state.step.no
    game.night()
    refused = game.submit(Timeout(at=T0 + 10**9, step=old))
    assert isinstance(refused, RuleViolation) and refused.code == "stale_deadline"


def test_refusals_leave_the_state_unchanged():
    game = Script("jinro9", 9, preset="9A", seed=1)
    game.start()
    before = (game.state, len(game.events))
    for action in (Action(kind="vote", target=2), Action(kind="fly"), Action(kind="speak", text="hi")):
        out = decide(game.state, Act(at=T0, seat=1, action=action))
        assert isinstance(out, RuleViolation)
    assert isinstance(game.act(99, "sleep"), RuleViolation)
    assert (game.state, len(game.events)) == before


def test_every_refusal_code_has_a_message_in_every_language():
    for code in known_codes():
        versions = {
            "ruleset": "jinro9",
            "stored_ruleset_version": "1",
            "ruleset_version": "2",
            "stored_engine_version": "1.0",
            "engine_version": "1.1",
        }
        violation = RuleViolation(code=code, args={"max": 3, "reason": "x", "option": "y", "version": 3, **versions})
        messages = violation.messages()
        assert set(messages) == set(LANGS)
        assert all(text and "{" not in text for text in messages.values())


def test_every_message_exists_in_ja_zh_hans_zh_hant_and_en():
    for key, entry in MESSAGES.items():
        assert set(LANGS) <= entry.keys(), key


def test_lobby_join_names_must_be_unique_and_start_needs_every_seat():
    game = Game("jinro9", 9, preset="9A", seed=1, names=("A", "B"))
    assert game.submit(Start(at=T0)).code == "seats_open"
    assert game.submit(Join(at=T0, name="A")).code == "name_taken"
    assert game.submit(Join(at=T0, name="  ")).code == "bad_name"
    for name in "CDEFGHI":
        assert not isinstance(game.submit(Join(at=T0, name=name)), RuleViolation)
    assert game.submit(Join(at=T0, name="J")).code == "no_open_seat"
    assert not isinstance(game.submit(Start(at=T0)), RuleViolation)
    assert game.state.names == tuple("ABCDEFGHI")


def test_a_seat_leaves_the_lobby_and_those_after_it_move_up_in_join_order():
    game = Game("jinro9", 9, preset="9A", seed=1, names=("A", "B", "C"))
    assert game.submit(Leave(at=T0, seat=4)).code == "unknown_seat"
    out = game.submit(Leave(at=T0, seat=2))
    assert [type(e) for e in out] == [Leave] and out[0].to == PUBLIC
    assert game.state.names == ("A", "C")
    assert game.views[SPECTATOR].names == ("A", "C")
    for name in "BDEFGHI":  # the name is free again, and the seat too
        assert not isinstance(game.submit(Join(at=T0, name=name)), RuleViolation)
    assert game.state.names == ("A", "C", "B", "D", "E", "F", "G", "H", "I")
    started = game.start()
    numbers = [e for e in started if isinstance(e, Notice) and e.key == "seat.number"]
    assert [(e.to, e.args["number"]) for e in numbers] == [((n,), n) for n in range(1, 10)]
    assert game.submit(Leave(at=T0, seat=1)).code == "game_not_in_lobby"
    assert verify(game.events).ok


def test_a_lobby_nobody_left_starts_with_the_same_events_as_before():
    game = Game("jinro9", 9, preset="9A", seed=1)
    assert not any(isinstance(e, Notice) and e.key == "seat.number" for e in game.start())


def test_setup_refusals_have_codes():
    def create(**kw):
        fields = dict(at=T0, game_id="x", ruleset="jinro9", seats=9, preset="9A", seed=seed_for(1))
        fields.update(kw)
        return decide(Game("jinro9", 9, preset="9A").state.__class__(), CreateGame(**fields))

    assert create(ruleset="chess").code == "unknown_ruleset"
    assert create(preset="9Z").code == "unknown_preset"
    assert create(seats=8).code == "bad_seats"
    assert create(options={"retries": -1}).code == "bad_option"
    assert create(options={"no_such": 1}).code == "bad_option"
    assert create(lang="fr").code == "bad_lang"
    assert create(preset=None, roles=("villager",) * 9).code == "bad_roles"
    assert create(preset=None, roles=("villager",) * 8).code == "bad_roles"
    assert create(preset=None, roles=("wizard",) * 9).code == "bad_roles"
    assert create(names=("A", " ")).code == "bad_name"
    assert create(names=("A", "")).code == "bad_name"
    assert create(names=("A", "A")).code == "name_taken"


def test_abort_ends_the_game_with_no_winner():
    game = Script("jinro9", 9, preset="9A", seed=1)
    game.start()
    out = game.submit(Abort(at=T0))
    assert isinstance(out[-1], GameEnded) and out[-1].reason == "aborted" and out[-1].winners == ()
    assert game.submit(Abort(at=T0)).code == "game_not_running"


def test_option_dead_see_all_shows_the_dead_every_role():
    game = Script("jinro9", 9, preset="9A", seed=1, options={"dead_see_all": True})
    game.start()
    game.night()
    victim = game.seat_of("villager")[0]
    game.vote(default=victim)
    assert set(game.views[victim].knowledge) == set(range(1, 10))
    alive = next(s for s in game.living() if game.state.role(s) == "villager")
    assert len(game.views[alive].knowledge) == 0


def test_option_dead_see_all_off_by_default_keeps_roles_hidden_from_the_dead():
    game = Script("jinro9", 9, preset="9A", seed=1)
    game.start()
    game.night()
    victim = game.seat_of("villager")[0]
    game.vote(default=victim)
    assert game.views[victim].knowledge == {}


def test_a_reset_prompt_replaces_the_seats_decisions_and_it_owes_anew():
    from grimoire.domain.catalog import evolve
    from grimoire.domain.events import Decision, Prompt
    from grimoire.projections.view import apply

    game = Script("jinro9", 9, preset="9A", seed=2)
    game.start()
    assert game.step_name() == "night"
    seat = next(s for s in game.state.step.owing() if game.state.step.decision(s, "sleep"))
    game.ok(game.act(seat, "sleep"))
    assert seat in game.state.step.answers and game.views[seat].answered is not None
    again = (Decision(kind="ready"),)
    prompt = Prompt(at=T0, to=(seat,), step=game.state.steps, seat=seat, decisions=again, reset=True)
    state, view = evolve(game.state, prompt), apply(game.views[seat], prompt)
    assert state.step.prompts[seat] == again and seat not in state.step.answers and state.step.owes(seat)
    assert view.decisions == again and view.answered is None
    added = msgspec.structs.replace(prompt, reset=False)
    assert evolve(game.state, added).step.prompts[seat] == game.state.step.prompts[seat] + again


def test_every_preset_s_option_values_are_legal_options_of_its_ruleset():
    for rs in RULESETS.values():
        for preset, values in rs.preset_options.items():
            assert preset in rs.presets, (rs.id, preset)
            assert not isinstance(resolve_options(rs, values), RuleViolation), (rs.id, preset, values)


def test_a_failed_handover_is_a_public_line_that_moves_no_draw_and_an_unknown_one_is_refused():
    game = Game("jinro9", 9, preset="9A", seed=3)
    game.start()
    shown, state = game.state.shown, game.state
    out = game.submit(Handover(at=game.tick(), seat=4, how="failed"))
    assert [(type(e), e.to) for e in out] == [(Handover, PUBLIC)]
    assert game.state.shown == shown and game.state.step == state.step and game.state.alive == state.alive
    assert game.views[SPECTATOR].names == state.names
    refused = game.submit(Handover(at=game.tick(), seat=4, how="lost"))
    assert isinstance(refused, RuleViolation) and refused.code == "unknown_seat"
