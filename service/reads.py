"""The reads of a game (`Reads`): the lobby, a viewer's view, pages of its feed rendered in a language,
and the feed followed as it grows (streams). None of them changes a game.
"""

from __future__ import annotations

import bisect
import json
import time
from collections.abc import AsyncIterator, Callable

import msgspec

from grimoire.domain.events import PUBLIC, type_id
from grimoire.projections.render import render
from grimoire.service.directory import lobby
from grimoire.service.entry import Entry, Viewer
from grimoire.service.games import Games
from grimoire.service.problems import ApiError
from grimoire.service.schemas import Feed, FeedItem, Lobby, LobbyGame, ViewReply


def now_ms() -> int:
    return int(time.time() * 1000)


def position(entry: Entry, seat: int, version: int) -> tuple[int, str]:
    """The seat's number of events among the first `version` and the chain hash at the last of them
    (under the game's lock): what its receipt there is signed over."""
    feed = entry.feeds[seat]
    n = bisect.bisect_left(feed, version)
    return n, entry.records[feed[n - 1]].digest()


def feed_items(
    entry: Entry, viewer: Viewer, after: int, limit: int, lang: str, upto: int | None = None
) -> list[FeedItem]:
    """`viewer`'s events numbered after its cursor `after` (and up to its number `upto`, if given),
    rendered in `lang`."""
    end = after + limit if upto is None else min(after + limit, upto)
    positions = entry.feed(viewer)[after:end]
    names = entry.state.names
    items = []
    for n, index in enumerate(positions, after + 1):
        event = entry.records[index].event
        data = msgspec.to_builtins(event)
        for key in ("at", "to", "type"):
            data.pop(key, None)
        items.append(
            FeedItem(
                n=n,
                type=type_id(event),
                at=event.at,
                private=event.to != PUBLIC,
                text=render(event, lang, names, entry.state.ruleset, viewer),
                data=data,
            )
        )
    return items


class Reads:
    """The reads of the games of `games`. `lobby` reads the store: it blocks."""

    def __init__(self, games: Games) -> None:
        self.games = games

    def lobby(self, status: str, limit: int, offset: int) -> Lobby:
        return Lobby(
            games=[
                LobbyGame(
                    game_id=row.game_id,
                    ruleset=row.ruleset,
                    preset=row.preset,
                    lang=row.lang,
                    status=row.status,
                    seats=row.seats,
                    open_seats=max(0, row.seats - row.joined),
                    created_at=row.created_at or 0,
                    names=json.loads(row.names or "[]"),
                )
                for row in lobby(self.games.store, status, limit, offset)
            ]
        )

    def view(self, entry: Entry, viewer: Viewer) -> ViewReply:
        return ViewReply(view=entry.views[viewer], seen=len(entry.feed(viewer)), now=now_ms())

    def feed_items(self, entry: Entry, viewer: Viewer, after: int, limit: int, lang: str) -> list[FeedItem]:
        return feed_items(entry, viewer, after, limit, lang)

    async def feed(
        self,
        entry: Entry,
        viewer: Viewer,
        after: int,
        limit: int,
        wait: float,
        lang: str,
        valid: Callable[[], bool] = lambda: True,
    ) -> Feed:
        """A page of `viewer`'s feed after its cursor, waiting up to `wait` seconds for a first new event;
        a token revoked meanwhile (`valid()` false) ends the wait with `bad_token`."""
        if len(entry.feed(viewer)) <= after and entry.state.status != "ended":
            await entry.wait(viewer, after, wait)
            if not valid():
                raise ApiError(401, "bad_token")
        items = self.feed_items(entry, viewer, after, limit, lang)
        total = len(entry.feed(viewer))
        cursor = items[-1].n if items else min(after, total)
        return Feed(events=items, next=cursor, more=total > cursor, status=entry.state.status)

    async def follow(
        self,
        entry: Entry,
        viewer: Viewer,
        cursor: int,
        seconds: float,
        page: int,
        lang: str,
        valid: Callable[[], bool] = lambda: True,
    ) -> AsyncIterator[list[FeedItem] | None]:
        """`viewer`'s events after `cursor` as they come, for `seconds`, until the game ends or the
        caller's token is revoked (`valid()` false), those ready at once together (a stream writes them in
        one chunk); None after a quiet wait (a keep-alive)."""
        end = time.monotonic() + seconds
        while valid():
            items = self.feed_items(entry, viewer, cursor, page, lang)
            if items:
                cursor = items[-1].n
                yield items
            if len(entry.feed(viewer)) > cursor:
                continue
            remaining = end - time.monotonic()
            if entry.state.status == "ended" or remaining <= 0:
                return
            await entry.wait(viewer, cursor, min(remaining, 15))
            if len(entry.feed(viewer)) <= cursor and valid():
                yield None
