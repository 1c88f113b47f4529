"""What a corpus stores and how its digests are taken: shared by the recorder and the test.

There are several corpora, one per version of the rules they were recorded under (`CORPORA`): each
is a folder with its `games.jsonl.gz`, every game of it pinned to the corpus's ruleset version.

A game is one JSON line: its inputs as submitted (each input's stored encoding) with what each
produced (a count of events, or the refusal), its events in their stored encoding, a summary of its
end, and one SHA-256 per (viewer, language) over the viewer's feed texts and one per viewer over the
views it had. Texts are computed as the service's feed computes them: a viewer reads the events whose
audience includes it, each rendered in the reader's language with the game's (final) seat names.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from grimoire.domain.catalog import RULESETS
from grimoire.domain.codec import encode
from grimoire.domain.events import MODERATOR, PUBLIC, Event, GameEnded, sees
from grimoire.domain.ruleset import release
from grimoire.domain.state import GameState
from grimoire.domain.texts import LANGS, MissingText
from grimoire.projections.render import render
from grimoire.projections.view import SPECTATOR, deliver, new_view

HERE = Path(__file__).parent
DOCUMENTS = HERE / "documents.json"  # what the code serves today, whichever versions games are pinned to


# The rulesets of the house corpus and of the corpora of versions 3 and 4; a ruleset added later records a
# corpus of its own (aiwolf's).
HOUSE_RULESETS = ("jinro9", "langrensha", "magic_city", "ultimate13", "witch_trial")


class Corpus(NamedTuple):
    """A corpus: its folder, the ruleset version its games were recorded under (every ruleset's that
    released it; a ruleset that did not, its latest before it), how many games of each ruleset it
    holds, and the engine version its games were recorded under."""

    folder: Path
    version: str
    per_ruleset: int
    engine: str = "2"
    rulesets: tuple[str, ...] = HOUSE_RULESETS  # the rulesets whose games it holds

    @property
    def games(self) -> Path:
        return self.folder / "games.jsonl.gz"

    def version_of(self, ruleset: str) -> str:
        """The version the ruleset's games of this corpus are pinned to."""
        released = [v for v in RULESETS[ruleset].versions if release(v) <= release(self.version)]
        return released[-1]


# The house corpus, recorded under ruleset version 2, the corpus of version 3 (both on engine 2), the
# corpus of version 4 on engine 3 (witch_trial, which has no version 4, at its version 3), and aiwolf's
# own corpus, its version 1 on engine 3.
CORPORA = {
    "house": Corpus(HERE, "2", 60),
    "v3": Corpus(HERE / "v3", "3", 30),
    "v4": Corpus(HERE / "v4", "4", 30, engine="3"),
    "aiwolf": Corpus(HERE / "aiwolf", "1", 30, engine="3", rulesets=("aiwolf",)),
}

Viewer = int | str


def viewers(seats: int) -> list[Viewer]:
    return [*range(1, seats + 1), SPECTATOR, MODERATOR]


def viewer_id(viewer: Viewer) -> str:
    return str(viewer)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def feed_text(
    event: Event, lang: str, names: tuple[str, ...], ruleset: str, viewer: Viewer | None = None
) -> str | dict[str, bool] | None:
    """The event's text in `viewer`'s feed; a text the catalog lacks (the feed cannot be read) is marked as missing."""
    try:
        return render(event, lang, names, ruleset, viewer)
    except MissingText:
        return {"missing": True}


def text_digests(events: Sequence[Event], state: GameState) -> dict[str, dict[str, str]]:
    """viewer -> language -> SHA-256 over the viewer's feed: one JSON line [position, text] per event it reads.

    A public event's text is rendered once per language and shared by every viewer that reads it; an event
    told to seats is rendered for each of its readers (the others a list names, the moderator's third person)."""
    seen = viewers(state.seats)
    digests = {v: {lang: hashlib.sha256() for lang in LANGS} for v in seen}
    names, ruleset = state.names, state.ruleset
    for position, event in enumerate(events):
        readers = [v for v in seen if sees(event.to, v)]
        if not readers:
            continue
        for lang in LANGS:
            if event.to == PUBLIC:
                line = json.dumps([position, feed_text(event, lang, names, ruleset)], ensure_ascii=False).encode()
                for v in readers:
                    digests[v][lang].update(line + b"\n")
                continue
            for v in readers:
                text = feed_text(event, lang, names, ruleset, v)
                digests[v][lang].update(json.dumps([position, text], ensure_ascii=False).encode() + b"\n")
    return {viewer_id(v): {lang: h.hexdigest() for lang, h in by_lang.items()} for v, by_lang in digests.items()}


def view_digests(events: Sequence[Event], seats: int) -> dict[str, str]:
    """viewer -> SHA-256 over every view the viewer had (the encoded view each time it changed)."""
    seen = viewers(seats)
    views = {v: new_view(v) for v in seen}
    digests = {v: hashlib.sha256(msgspec.json.encode(views[v])) for v in seen}
    for event in events:
        before = dict(views)
        deliver(views, event)
        for v in seen:
            if views[v] is not before[v]:
                digests[v].update(msgspec.json.encode(views[v]))
    return {viewer_id(v): h.hexdigest() for v, h in digests.items()}


def end_summary(state: GameState, events: Sequence[Event]) -> dict[str, Any]:
    """The kernel's part of the final state and how the game ended."""
    end = events[-1]
    assert isinstance(end, GameEnded)
    return {
        "status": state.status,
        "reason": end.reason,
        "winners": list(state.winners),
        "roles": list(state.roles),
        "alive": list(state.alive),
        "names": list(state.names),
        "phase": state.phase,
        "day": state.day,
        "steps": state.steps,
        "shown": state.shown,
        "events": len(events),
    }


def encoded(event: Event) -> str:
    return encode(event).decode()


def write_games(corpus: Corpus, games: list[dict[str, Any]]) -> None:
    corpus.folder.mkdir(exist_ok=True)
    with gzip.GzipFile(corpus.games, "wb", compresslevel=9, mtime=0) as f:
        for game in games:
            f.write(json.dumps(game, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")


def read_games(corpus: Corpus) -> Iterator[dict[str, Any]]:
    with gzip.open(corpus.games, "rb") as f:
        for line in f:
            yield json.loads(line)


# --- documents that never reach a feed -----------------------------------------------------------

# The statuses the service answers its own codes with (engine refusals take 409 or 422 from the service's
# rule, and are rendered as refusals).
SERVICE_STATUS = {
    "bad_request": 400,
    "token_required": 401,
    "bad_token": 401,
    "creation_token_required": 401,
    "host_only": 403,
    "moderator_only": 403,
    "not_a_seat": 403,
    "not_your_seat": 403,
    "bad_creation_token": 403,
    "not_found": 404,
    "game_not_found": 404,
    "ruleset_not_found": 404,
    "method_not_allowed": 405,
    "request_timeout": 408,
    "busy": 409,
    "game_not_ended": 409,
    "log_damaged": 409,
    "log_directory_mismatch": 409,
    "unsupported_ruleset_version": 409,
    "body_too_large": 413,
    "bad_replay_point": 422,
    "idempotency_key_reused": 422,
    "rate_limited": 429,
    "internal": 500,
    "database_unavailable": 503,
    "storage_read_only": 503,
    "unavailable": 503,
    "storage_full": 507,
}

# Representative arguments of the messages that take any.
PROBLEM_ARGS: dict[str, dict[str, Any]] = {
    "bad_option": {"option": "time_scale"},
    "bad_pool": {"reason": "count", "dealt": 12, "players": 7, "needed": 28},
    "bad_roles": {"reason": "count", "dealt": 8, "players": 9},
    "log_damaged": {"version": 7},
    "log_directory_mismatch": {"version": 7},
    "speech_too_long": {"max": 1000},
    "unsupported_ruleset_version": {
        "ruleset": "jinro9",
        "stored_ruleset_version": "1",
        "ruleset_version": "3",
        "stored_engine_version": "1",
        "engine_version": "2",
    },
}


def problem_digests(engine_codes: Sequence[str], service_codes: dict[str, int]) -> dict[str, dict[str, Any]]:
    """code -> its status and, per language, the SHA-256 of [title, detail] as the service renders them:
    engine codes as refusals, the service's own codes (with their statuses) as its problems."""
    from grimoire.domain.violations import RuleViolation
    from grimoire.service.problems import problem, violation

    out: dict[str, dict[str, Any]] = {}
    for code in sorted({*engine_codes, *service_codes}):
        args = PROBLEM_ARGS.get(code, {})
        rendered = {}
        for lang in LANGS:
            if code in engine_codes:
                p = violation(RuleViolation(code=code, args=args), lang)
            else:
                p = problem(service_codes[code], code, lang, args)
            rendered[lang] = (p.status, json.dumps([p.title, p.detail], ensure_ascii=False))
        statuses = {status for status, _ in rendered.values()}
        assert len(statuses) == 1
        out[code] = {
            "engine": code in engine_codes,
            "status": statuses.pop(),
            "texts": {lang: sha256(text.encode()) for lang, (_, text) in rendered.items()},
        }
    return out


def ruleset_document_digests(rulesets: Sequence[str]) -> dict[str, dict[str, str]]:
    """path -> language -> SHA-256 of the body of `GET /rulesets` and `GET /rulesets/{id}`, through the API."""
    import tempfile

    from litestar.testing import TestClient

    from grimoire.service.app import create_app
    from grimoire.service.settings import Settings

    out: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(database_url=f"sqlite:///{folder}/corpus.db", log_level="warning"))
        with TestClient(app, timeout=30) as client:
            for path in ["/rulesets", *(f"/rulesets/{rs}" for rs in rulesets)]:
                out[path] = {}
                for lang in LANGS:
                    r = client.get(path, params={"lang": lang})
                    assert r.status_code == 200, (path, lang, r.text)
                    out[path][lang] = sha256(r.content)
    return out
