"""The event store on SQLite and PostgreSQL: round trips, expected versions, the chain, the directory."""

from __future__ import annotations

import threading
import time
import uuid

import pytest

from grimoire.domain.catalog import verify
from grimoire.domain.codec import decode, encode
from grimoire.domain.events import Abort, Act, Action, CreateGame, GameCreated, Join, Start, Timeout
from grimoire.domain.violations import RuleViolation
from grimoire.service.chain import GENESIS, link
from grimoire.service.commands import Commands
from grimoire.service.directory import CHANGES, NAME, DirectoryWriter, Follower, due, lobby
from grimoire.service.entry import Entry
from grimoire.service.games import Games
from grimoire.service.store import RecordConflictError, Store
from tests.support.harness import seed_for

NAMES = tuple(f"P{i}" for i in range(1, 10))


@pytest.fixture
def stores(database_url):
    """Two stores on one database: two service processes sharing it."""
    a, b = Store(database_url), Store(database_url)
    yield a, b
    a.close()
    b.close()


def create(games: Games, time_scale: float = 100) -> uuid.UUID:
    gid = uuid.uuid4()
    _, out = Commands(games).create(
        gid,
        CreateGame(
            game_id=str(gid),
            ruleset="jinro9",
            seats=9,
            names=NAMES,
            preset="9A",
            options={"time_scale": time_scale},
            seed=seed_for(1),
        ),
    )
    assert not isinstance(out, RuleViolation)
    games.load(gid).submit(games.store, lambda e: Start(at=e.now()))
    return gid


def test_events_read_back_equal_and_the_chain_links_the_stored_bytes(stores):
    store, _ = stores
    games = Games(store)
    gid = create(games)
    records = store.load(gid)
    assert [encode(r.event) for r in records] == [encode(r.event) for r in games.load(gid).records]
    assert [decode(encode(r.event)) for r in records] == [r.event for r in records]
    prev = GENESIS
    for rec in records:
        assert rec.prev == prev and rec.topic == type(rec.event).__struct_config__.tag
        prev = link(prev, rec.topic, rec.version, rec.state)
    assert verify([r.event for r in records]).ok


def test_an_append_at_a_taken_version_is_a_conflict(stores):
    store, _ = stores
    games = Games(store)
    gid = create(games)
    entry = games.load(gid)
    stale = store.mapper.seal(gid, entry.version, entry.records[-1].event, entry.records[-2].digest())
    with pytest.raises(RecordConflictError):
        store.append([stale])
    assert len(store.load(gid)) == entry.version


def owed(entry) -> list[tuple[int, Action]]:
    import random

    from grimoire.service.bots import owed_action

    rng = random.Random(entry.version)
    out = []
    for seat in range(1, 10):
        action = owed_action(entry.views[seat], rng)
        if action is not None:
            out.append((seat, action))
    return out


def test_concurrent_actions_from_two_processes_are_applied_once_or_refused_never_lost(stores):
    a, b = stores
    ga, gb = Games(a), Games(b)
    gid = create(ga)
    ea, eb = ga.load(gid), gb.load(gid)
    for _ in range(6):
        ea.catch_up(a)
        todo = owed(ea)
        if not todo:
            ea.submit(a, lambda e: Timeout(at=e.now(), step=e.state.step.no, forced=True))
            continue
        results: list = []

        # each thread is joined within this iteration, so `results` is this iteration's; `e` is the lambda's own
        def send(entry, store, seat, action):
            out = entry.submit(store, lambda e: Act(at=e.now(), seat=seat, action=action))  # noqa: B023
            results.append((seat, out))  # noqa: B023

        threads = [
            threading.Thread(target=send, args=((ea, a) if i % 2 else (eb, b)) + item) for i, item in enumerate(todo)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        stored = [r.event for r in a.load(gid)]
        accepted = [seat for seat, out in results if not isinstance(out, RuleViolation)]
        acts = [e.seat for e in stored if isinstance(e, Act)]
        for seat in accepted:
            assert seat in acts  # nothing accepted is lost
        assert verify(stored).ok  # nothing doubled or out of order
    eb.catch_up(b)
    ea.catch_up(a)
    assert ea.version == eb.version and ea.head == eb.head


def act_and_catch_up(games: Games, gid: uuid.UUID, other: Entry) -> tuple[Entry, int]:
    """One owed action on `games`' copy of the game, then up to 10 s for `other` (another process's copy)
    to reach its version; the acting copy and the seat that acted."""
    entry = games.load(gid)
    seat, action = owed(entry)[0]
    out = entry.submit(games.store, lambda e: Act(at=e.now(), seat=seat, action=action))
    assert not isinstance(out, RuleViolation)
    deadline = time.time() + 10
    while other.version < entry.version and time.time() < deadline:
        time.sleep(0.02)
    return entry, seat


def test_a_follower_brings_another_processs_appends_into_the_cache(stores):
    a, b = stores
    ga, gb = Games(a), Games(b)
    gid = create(ga)
    entry_b = gb.load(gid)
    follower = Follower(b, gb.heard, poll=0.02)
    follower.start()
    try:
        entry_a, seat = act_and_catch_up(ga, gid, entry_b)
        assert entry_b.version == entry_a.version and entry_b.views[seat] == entry_a.views[seat]
    finally:
        follower.stop()


def test_a_stalled_directory_write_does_not_hold_up_the_games_another_process_caches(stores, monkeypatch):
    a, b = stores
    ga, gb = Games(a), Games(b)
    gid = create(ga)
    entry_b = gb.load(gid)
    release = threading.Event()
    record = b.directory.record

    def stalled(changes):
        release.wait(20)
        record(changes)

    monkeypatch.setattr(b.directory, "record", stalled)
    follower = Follower(b, gb.heard, poll=0.02)
    follower.start()
    try:
        entry_a, _ = act_and_catch_up(ga, gid, entry_b)
        assert entry_b.version == entry_a.version and not release.is_set()
        assert lobby(b, "", 100, 0) == []  # the directory write is still stalled
        release.set()
        deadline = time.time() + 10
        while not lobby(b, "", 100, 0) and time.time() < deadline:
            time.sleep(0.02)
        assert [(r[0], r[4], r[6]) for r in lobby(b, "", 100, 0)] == [(str(gid), "running", 9)]
    finally:
        release.set()
        follower.stop()


def listed_within(store: Store, gid: uuid.UUID, seconds: float) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if any(r[0] == str(gid) for r in lobby(store, "", 100, 0)):
            return True
        time.sleep(0.02)
    return False


def test_an_idle_follower_reads_its_own_processs_appends_at_once_and_anothers_within_its_idle_wait(stores):
    a, b = stores
    follower = Follower(b, lambda rec: None, poll=0.02, idle=3)
    follower.start()
    try:
        time.sleep(0.3)  # the follower has found nothing and waits
        assert listed_within(b, create(Games(b)), 1.5)  # woken by this process's append
        time.sleep(0.3)
        assert listed_within(b, create(Games(a)), 6)  # read on the next idle poll at the latest
    finally:
        follower.stop()


def test_the_directory_lists_games_and_due_deadlines_exactly_once_across_processes(stores):
    a, b = stores
    ga = Games(a)
    gid = create(ga, time_scale=0.001)
    followers = [Follower(s, lambda rec: None, poll=0.02) for s in (a, b)]
    for f in followers:
        f.start()
    try:
        deadline = time.time() + 10
        rows = []
        while time.time() < deadline:
            rows = [r for r in lobby(a, "", 100, 0) if r[0] == str(gid)]
            if rows and rows[0][4] == "running":
                break
            time.sleep(0.02)
        assert rows and rows[0][4] == "running" and rows[0][6] == 9  # joined counted once, not twice
        time.sleep(0.2)
        assert (str(gid), ga.load(gid).state.step.no) in [(g, s) for g, s, _ in due(a, int(time.time() * 1000))]
    finally:
        for f in followers:
            f.stop()


def test_a_directory_batch_another_process_recorded_part_of_is_applied_only_for_the_rest(stores):
    """Each process writes the directory in batches tracked by one notification id; a batch whose first
    changes another process recorded first is refused whole, then applied change by change skipping
    those: every join is counted once."""
    a, b = stores
    games = Games(a)
    gid = uuid.uuid4()
    _, out = Commands(games).create(
        gid, CreateGame(game_id=str(gid), ruleset="jinro9", seats=9, names=NAMES[:6], preset="9A", seed=seed_for(1))
    )
    assert not isinstance(out, RuleViolation)
    for name in NAMES[6:]:
        games.load(gid).submit(a, lambda e, name=name: Join(name=name))
    since = a.directory.max_tracking_id(NAME) or 0
    stored = [n for n in a.notifications(since, 10_000) if str(n.originator_id) == str(gid) and n.topic in CHANGES]
    changes = [(a.mapper.to_domain_event(n), n.id) for n in stored]
    assert [type(rec.event) for rec, _ in changes] == [GameCreated, Join, Join, Join]

    DirectoryWriter(a.directory).write(changes[:2])  # the game and its first join, by one process
    DirectoryWriter(b.directory).write(changes)  # everything, by the other
    row = next(r for r in lobby(a, "", 100, 0) if r[0] == str(gid))
    assert row[6] == 9 and row[10].count('"P9"') == 1
    assert a.directory.max_tracking_id(NAME) == changes[-1][1]


def test_ended_games_leave_memory_and_come_back_from_the_store(stores):
    store, _ = stores
    games = Games(store)
    gid = create(games)
    entry = games.load(gid)
    entry.submit(store, lambda e: Abort(at=e.now()))
    games.evict(idle=0)
    assert games.cached(gid) is None
    again = games.load(gid)
    assert again is not entry and again.version == entry.version and again.views == entry.views


def test_idle_running_games_leave_memory_and_play_on_from_the_store(stores):
    store, _ = stores
    games = Games(store)
    gid = create(games)
    entry = games.load(gid)
    games.evict(idle=60)
    assert games.cached(gid) is entry  # used just now: kept
    entry.used -= 120
    entry.waiters["spectator"] = {object()}  # a long-poll or stream waiting on it
    games.evict(idle=60)
    assert games.entries[gid] is entry
    entry.waiters["spectator"].clear()
    games.evict(idle=60)
    assert games.cached(gid) is None
    again = games.load(gid)
    assert again.state.status == "running" and again.version == entry.version and again.views == entry.views
    assert not isinstance(again.submit(store, lambda e: Abort(at=e.now())), RuleViolation)
    assert again.state.status == "ended"
