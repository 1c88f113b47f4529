"""The AIWolf gateway's waiting room: a game starts when one team has a table's worth of connections,
the first of them in arrival order; caps per address and in all."""

from grimoire.service.aiwolf.matching import Waiting, WaitingRoom
from tests.support.aiwolf_agents import run_loop


def test_a_team_is_matched_when_it_has_a_table_s_worth_in_arrival_order():
    async def play():
        room = WaitingRoom(per_address=100, total=100)
        arrivals = [Waiting(f"kanolab{i}", "kanolab", 5, "a") for i in range(1, 7)]
        other = Waiting("other1", "other", 5, "a")
        results = [room.add(w) for w in arrivals[:4]] + [room.add(other), room.add(arrivals[4])]
        assert results[:5] == [None] * 5
        assert results[5] == arrivals[:5]  # the first five of the team, in the order they came
        assert room.add(arrivals[5]) is None  # the sixth waits for the next game
        assert room.waiting() == 2
        return True

    assert run_loop(play())


def test_table_sizes_are_separate_rooms():
    async def play():
        room = WaitingRoom(per_address=100, total=100)
        for i in range(4):
            assert room.add(Waiting(f"t{i}", "t", 13, "a")) is None
        group = None
        for i in range(5):
            group = room.add(Waiting(f"t{i}", "t", 5, "a"))
        assert group is not None and len(group) == 5
        assert room.waiting() == 4
        return True

    assert run_loop(play())


def test_a_connection_that_goes_away_leaves_the_room():
    async def play():
        room = WaitingRoom(per_address=100, total=100)
        gone = Waiting("t1", "t", 5, "a")
        room.add(gone)
        room.remove(gone)
        assert room.waiting() == 0 and not room.teams
        room.remove(gone)  # twice: nothing happens
        return True

    assert run_loop(play())


def test_waiting_connections_are_capped_per_address_and_in_all():
    room = WaitingRoom(per_address=2, total=3)
    assert room.admit("a") and room.admit("a")
    assert not room.admit("a")  # the address's cap
    assert room.admit("b")
    assert not room.admit("c")  # the room's cap
    room.release("a")
    assert room.admit("c")
    assert not room.admit("a")
