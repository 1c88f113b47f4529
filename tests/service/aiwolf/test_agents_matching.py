"""How agents find their table at `/aiwolf/ws`: by team (the original name without its trailing digits) and
table size (`?players=13`, the default, or `?players=5`), as the reference server's self-match; or an
existing aiwolf game of the lobby (`?game=<id>`), beside people and REST bots.
"""

from __future__ import annotations

import asyncio

import httpx
import pytest
from aiwolf_nlp_common.packet import Request, Status

from tests.support.aiwolf_agents import (
    Agent,
    by_game,
    ended,
    game_id_of,
    lobby_game,
    play,
    play_all,
    rest_player,
    run_loop,
    served,
    start_when_full,
    team,
    until,
    verify,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(str(tmp_path_factory.mktemp("aiwolf-matching") / "g.db")) as s:
        yield s


def names(agents: list[Agent]) -> set[str]:
    return {a.name for a in agents}


def test_two_teams_connecting_at_once_get_a_table_each(server):
    """Five `red` and five `blue` agents connect alternately: two 5-player games, each of one team, its
    seats in the order its agents arrived."""
    red, blue = team("red", 5, seed=1), team("blue", 5, seed=2)
    mixed = [a for pair in zip(red, blue) for a in pair]
    run_loop(asyncio.wait_for(play_all(mixed, server.url(players=5), stagger=0.1), 120))
    games = by_game(mixed)
    assert len(games) == 2
    assert sorted(names(g) == names(red) or names(g) == names(blue) for g in games.values()) == [True, True]
    for g in games.values():
        assert all(a.finished for a in g)
        assert [a.name for a in g] == sorted((a.name for a in g), key=lambda n: int(n.lstrip("redblu")))


def test_a_team_short_of_a_table_waits_until_its_last_agent_arrives(server):
    agents = team("few", 5, seed=3)

    async def run() -> None:
        first = [asyncio.create_task(play(a, server.url(players=5))) for a in agents[:4]]
        await until(lambda: all(a.received for a in agents[:4]))
        await asyncio.sleep(0.5)
        for a in agents[:4]:  # asked its name, and nothing more
            assert a.requests() == [Request.NAME], a.requests()
        # another team, or the same team at the other table size, does not complete it
        other = team("fewer", 1, seed=4)[0]
        other_task = asyncio.create_task(play(other, server.url(players=5)))
        big = Agent("few9", seed=9)
        big_task = asyncio.create_task(play(big, server.url(players=13)))
        await until(lambda: other.received and big.received)
        await asyncio.sleep(0.3)
        assert all(a.requests() == [Request.NAME] for a in [*agents[:4], other, big])
        await play(agents[4], server.url(players=5))
        await asyncio.gather(*first)
        other_task.cancel()
        big_task.cancel()
        await asyncio.gather(other_task, big_task, return_exceptions=True)

    run_loop(asyncio.wait_for(run(), 120))
    assert len(by_game(agents)) == 1 and all(a.finished for a in agents)


def test_trailing_digits_are_not_part_of_the_team(server):
    """`kano1`, `kano22`, `kano333`… are one team; the table is dealt as the reference deals it."""
    agents = [Agent(f"kano{n}", seed=n) for n in (1, 22, 333, 4444, 55555)]
    run_loop(asyncio.wait_for(play_all(agents, server.url(players=5)), 120))
    assert len(by_game(agents)) == 1 and all(a.finished for a in agents)


def test_an_unknown_table_size_is_refused(server):
    agent = Agent("odd1")
    run_loop(asyncio.wait_for(play(agent, server.url(players=7)), 30))
    assert agent.received == [] and agent.close_code == 1008


def test_agents_take_the_open_seats_of_a_lobby_game_beside_rest_players(server):
    """A 5-player aiwolf game created over REST: two REST bots join (as people would, asking for names of
    their own), three agents take the other seats with `?game=<id>`, the host starts it, and the table
    plays to its end. Every seat, the bots' too, is `Agent[NN]` by its number."""
    game = lobby_game(server.http, 5)
    game_id = game["game_id"]
    agents = team("guest", 3, seed=5)

    async def run() -> list:
        bots = [asyncio.create_task(rest_player(server.http, game_id, n, seed=i)) for i, n in enumerate(["Alice"])]
        await asyncio.sleep(0.3)
        playing = [asyncio.create_task(play(a, server.url(game=game_id))) for a in agents]
        await asyncio.sleep(0.3)
        bots.append(asyncio.create_task(rest_player(server.http, game_id, "Bob Smith", seed=9)))
        await start_when_full(server.http, game)
        return await asyncio.gather(*bots, *playing)

    done = run_loop(asyncio.wait_for(run(), 180))
    joined = done[:2]
    assert [j["name"] for j in joined] == [f"Agent[{j['seat']:02d}]" for j in joined], "names asked for are not kept"
    assert {j["seat"] for j in joined} == {1, 5}, "the first to join and the last"
    for a in agents:
        assert a.finished and a.error is None, (a.name, a.error, a.requests()[-3:])
    assert game_id_of(server.http, agents[0].game_id) == game_id
    end = ended(server.http, game_id)
    assert end["reason"] in ("villagers", "werewolves")
    assert verify(server.http, game_id)["ok"]
    finish = agents[0].packets(Request.FINISH)[0].packet
    assert sorted(finish.info.status_map) == [f"Agent[{i:02d}]" for i in range(1, 6)], finish.info.status_map
    assert all(s in (Status.ALIVE, Status.DEAD) for s in finish.info.status_map.values())


def test_game_must_name_an_aiwolf_game_in_the_lobby(server):
    other = httpx.post(
        f"{server.http}/games", json={"ruleset": "jinro9", "preset": "9A", "names": [f"P{i}" for i in range(1, 10)]}
    ).json()["game_id"]
    for game in (other, "00000000-0000-0000-0000-000000000000", "not-a-game"):
        agent = Agent("lost1")
        run_loop(asyncio.wait_for(play(agent, server.url(game=game)), 30))
        assert agent.requests() == [Request.NAME] and agent.close_code == 1008, (game, agent.close_code)


def test_where_games_need_a_creation_token_an_agent_brings_it_as_its_token(tmp_path):
    """With `GRIMOIRE_CREATION_TOKEN` set, the agent's configured token (sent as `Authorization: Bearer`,
    as aiwolf-nlp-common's Client sends `web_socket.token`) lets its team's game be created; without it, or
    with another, the connection is closed before anything is asked."""
    with served(str(tmp_path / "g.db"), creation_token="s3cret") as s:
        refused = [Agent("tokless1"), Agent("tokbad1")]
        run_loop(play(refused[0], s.url(players=5)))
        run_loop(play(refused[1], s.url(players=5), token="wrong"))
        assert all(a.received == [] and a.close_code == 1008 for a in refused)
        agents = team("tok", 5, seed=6)
        run_loop(asyncio.wait_for(play_all(agents, s.url(players=5), token="s3cret"), 120))
        assert len(by_game(agents)) == 1 and all(a.finished for a in agents)
