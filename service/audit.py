"""The audit of games (`Audits`): who may read a game's log, the log itself with its hash chain, verify
(the chain over the stored bytes and a replay of the inputs), a finished game replayed to any point,
and the seats' receipts: made again, and checked against the published log.
"""

from __future__ import annotations

import bisect
from uuid import UUID

from grimoire.domain.audit import AuditReport
from grimoire.domain.catalog import unsupported_version, verify
from grimoire.domain.events import MODERATOR, Event, GameEnded, PhaseStarted
from grimoire.projections.view import project
from grimoire.service import chain
from grimoire.service.directory import listed_status
from grimoire.service.entry import Entry, Principal, Viewer
from grimoire.service.errors import Forbidden, Invalid, NotNow, TokenRequired, UnsupportedVersion
from grimoire.service.games import Games
from grimoire.service.reads import feed_items, now_ms, position
from grimoire.service.schemas import (
    Audit,
    AuditCheck,
    AuditEvent,
    PhaseMark,
    Receipt,
    ReceiptCheck,
    ReceiptsCheck,
    Replay,
)


class Audits:
    """The audit of the games of `games`. `verify` and `history` read the store: they block."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = games.store

    def audit_access(self, entry: Entry, who: Principal | None) -> None:
        """Anyone may audit an ended game; before the end only its moderator."""
        if entry.state.status == "ended" or entry.listed_ended:
            return
        if who is None:
            raise TokenRequired("token_required")
        if who.role != MODERATOR:
            raise Forbidden("moderator_only")

    def audit(self, entry: Entry, who: Principal | None) -> Audit:
        self.audit_access(entry, who)
        records = list(entry.records)
        return Audit(
            game_id=str(entry.id),
            status=entry.state.status,
            seed=entry.state.seed,
            head=records[-1].digest() if records else "",
            events=[
                AuditEvent(version=r.version, topic=r.topic, prev=r.prev, hash=r.digest(), event=r.event)
                for r in records
            ],
        )

    def verify(self, game_id: UUID) -> AuditCheck:
        """Re-read the stream from the store, check the chain over the stored bytes and replay the inputs
        (up to the first missing or unreadable event), and compare the log's end with the directory's."""
        rows = self.store.recorder.select_events(game_id)
        checked = chain.check(game_id, rows)
        try:
            # a log with a hole is not replayed: every outcome after the hole would be one more finding
            report = verify(checked.events) if checked.whole else AuditReport(ok=False, events=0, inputs=0)
        except Exception as exc:  # a damaged log the engine cannot even fold
            report = AuditReport(
                ok=False, events=len(checked.events), inputs=0, problems=(f"the replay failed: {exc!r}",)
            )
        if report.unsupported is not None:
            raise UnsupportedVersion(report.unsupported, chain_ok=checked.ok)
        problems = [*checked.problems, *report.problems]
        ended = any(isinstance(e, GameEnded) for e in checked.events)
        listed = listed_status(self.store, game_id)
        if checked.whole and not ended and listed in ("ended", "aborted"):
            problems.append(
                f"the directory lists the game as {listed}, but its log stops at event {len(rows)} "
                "without an end: events are missing from its end"
            )
        return AuditCheck(
            ok=not problems,
            chain_ok=checked.ok,
            replay_ok=report.ok and checked.whole,
            events=len(rows),
            inputs=report.inputs,
            head=checked.head,
            problems=problems,
        )

    def replay(
        self, entry: Entry, viewer: Viewer, at: int, after: int = 0, limit: int = 100, lang: str = "en"
    ) -> Replay:
        """Any viewer's view after the first `at` events of a finished game, a page of its feed (after its
        cursor `after`) up to there rendered in `lang`, and where each phase begins."""
        if entry.state.status != "ended":
            raise NotNow("game_not_ended")
        events = events_of(entry)
        unsupported = unsupported_version(events)
        if unsupported is not None:
            raise UnsupportedVersion(unsupported)
        if isinstance(viewer, int) and viewer > entry.state.seats:
            raise Invalid("unknown_seat")
        if at > len(entry.records):
            raise Invalid("bad_replay_point")
        seen = bisect.bisect_left(entry.feed(viewer), at)  # the viewer's events among the first `at`
        items = feed_items(entry, viewer, after, limit, lang, upto=seen)
        cursor = items[-1].n if items else min(after, seen)
        return Replay(
            view=project(events[:at], viewer),
            seen=seen,
            now=now_ms(),
            events=items,
            next=cursor,
            more=seen > cursor,
            end=len(events),
            phases=[
                PhaseMark(at=i, phase=e.phase, day=e.day)
                for i, e in enumerate(events, 1)
                if isinstance(e, PhaseStarted)
            ],
        )

    def history(self, game_id: UUID) -> list[Event]:
        """The stored events of a game, read from the store as they are (empty when there is none);
        `log_damaged` when one is missing."""
        records = self.store.load(game_id)
        for i, r in enumerate(records, 1):
            if r.version != i:
                raise NotNow("log_damaged", version=i)
        return [r.event for r in records]

    def receipt_for(self, entry: Entry, seat: int, index: int) -> Receipt:
        """The receipt of the event at `index` (0-based) of the stream, for `seat`: signed over the seat's
        feed number of the last event it sees up to there (its own action's event) and the chain hash at
        that event. The same arguments give the same receipt, so a retried action can be answered again."""
        with entry.lock:
            n, chain_hash = position(entry, seat, index + 1)
        return self.games.keyring.receipt(str(entry.id), seat, n, chain_hash)

    def check_receipts(self, entry: Entry, receipts: list[Receipt]) -> ReceiptsCheck:
        """Kept receipts against the published log of an ended game: each one's key and signature, and the
        chain hash at the event its seat's feed number points to."""
        if entry.state.status != "ended":
            raise NotNow("game_not_ended")
        checks = []
        for r in receipts:
            signed = self.games.keyring.signature_ok(r)
            feed = entry.feeds.get(r.seat) if r.game_id == str(entry.id) else None
            published = entry.records[feed[r.n - 1]].digest() if feed is not None and r.n <= len(feed) else None
            problem = ""
            if r.game_id != str(entry.id):
                problem = "the receipt is for another game"
            elif signed is None:
                problem = f"key {r.key_id} is not one of the service's keys"
            elif not signed:
                problem = "the signature does not hold"
            elif published is None:
                problem = f"seat {r.seat}'s feed has no event {r.n} in the published log"
            elif published != r.hash:
                problem = f"the published log's hash at seat {r.seat}'s event {r.n} is not the receipt's"
            checks.append(
                ReceiptCheck(
                    ok=not problem,
                    key_known=signed is not None,
                    signature_ok=bool(signed),
                    hash_ok=published == r.hash,
                    problem=problem,
                )
            )
        return ReceiptsCheck(ok=all(c.ok for c in checks), receipts=checks)


def events_of(entry: Entry) -> list[Event]:
    return [r.event for r in entry.records]
