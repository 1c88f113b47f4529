"""The AIWolf gateway's packets as aiwolf-nlp-common 0.7.0 reads them: the reference's omitempty rules,
the setting of the standard tables, the game's ULID."""

import json

from grimoire.domain.events import DeathCause, GameCreated
from grimoire.projections.view import View
from grimoire.service.aiwolf.facts import Facts, role_map
from grimoire.service.aiwolf.protocol import (
    CROCKFORD,
    NAME_PACKET,
    UNSET,
    Info,
    Packet,
    Talk,
    agent_name,
    clean,
    encode,
    game_ulid,
    seat_named,
    setting_of,
    team_of,
)

# aiwolf's options with default_13.yml's values (the ruleset's defaults) and default_5.yml's differences
OPTIONS_13 = {
    "max_day": -1,
    "vote_visibility": True,
    **{f"{c}_{k}": v for c in ("talk", "whisper") for k, v in (
        ("base_length", 50), ("mention_length", 50), ("per_talk", -1), ("per_agent_length", -1),
        ("count_in_word", False), ("count_spaces", False), ("max_skip", 0),
    )},
    "talk_per_agent": 4, "talk_per_day": 52, "whisper_per_agent": 4, "whisper_per_day": 12,
    "vote_max_count": 1, "vote_allow_self": True,
    "attack_max_count": 1, "attack_allow_self": True, "attack_allow_no_target": False,
    "action_timeout": 60, "acceptable_timeout": 5, "response_timeout": 120,
    "max_continue_error_ratio": 0.2,
}  # fmt: skip
OPTIONS_5 = {**OPTIONS_13, "talk_per_day": 20, "whisper_per_agent": 0, "whisper_per_day": 0}
ROLES_13 = ("werewolf",) * 3 + ("possessed", "seer", "bodyguard", "medium") + ("villager",) * 6
ROLES_5 = ("werewolf", "possessed", "seer", "villager", "villager")
LENGTH = {"count_in_word": False, "count_spaces": False, "mention_length": 50, "base_length": 50}


def test_name_is_the_bare_request():
    assert NAME_PACKET == '{"request":"NAME"}'


def test_the_setting_of_the_13_player_table_is_the_reference_s():
    sent = json.loads(encode(Packet(request="INITIALIZE", setting=setting_of(OPTIONS_13, ROLES_13, 13))))["setting"]
    assert sent == {
        "agent_count": 13,
        "vote_visibility": True,
        "talk": {"max_count": {"per_agent": 4, "per_day": 52}, "max_length": LENGTH, "max_skip": 0},
        "whisper": {"max_count": {"per_agent": 4, "per_day": 12}, "max_length": LENGTH, "max_skip": 0},
        "vote": {"max_count": 1, "allow_self_vote": True},
        "attack_vote": {"max_count": 1, "allow_self_vote": True, "allow_no_target": False},
        "timeout": {"action": 60000, "response": 120000},
        "role_num_map": {"BODYGUARD": 1, "MEDIUM": 1, "POSSESSED": 1, "SEER": 1, "VILLAGER": 6, "WEREWOLF": 3},
    }
    assert "max_day" not in sent  # -1: no limit, left out


def test_the_5_player_setting_sends_zero_counts_and_scaled_timeouts():
    options = {**OPTIONS_5, "time_scale": 0.01, "max_day": 7}
    sent = msgspec_builtins(setting_of(options, ROLES_5, 5))
    assert sent["agent_count"] == 5 and sent["max_day"] == 7
    assert sent["talk"]["max_count"] == {"per_agent": 4, "per_day": 20}
    assert sent["whisper"]["max_count"] == {"per_agent": 0, "per_day": 0}
    assert sent["role_num_map"] == {
        "BODYGUARD": 0,
        "MEDIUM": 0,
        "POSSESSED": 1,
        "SEER": 1,
        "VILLAGER": 2,
        "WEREWOLF": 1,
    }
    assert sent["timeout"] == {"action": 600, "response": 1200}  # the game's own timeouts, as the gateway waits


def test_a_length_limit_brings_its_fields_only_when_set():
    unset = {**OPTIONS_13, "talk_base_length": -1}
    assert msgspec_builtins(setting_of(unset, ROLES_13, 13))["talk"]["max_length"] == {}
    per_talk = {**unset, "talk_per_talk": 80}
    assert msgspec_builtins(setting_of(per_talk, ROLES_13, 13))["talk"]["max_length"] == {
        "count_in_word": False,
        "count_spaces": False,
        "per_talk": 80,
    }


def msgspec_builtins(value):
    import msgspec

    return msgspec.to_builtins(value)


def test_info_leaves_out_what_is_unset_but_sends_zero_counts_and_empty_histories():
    info = Info(game_id="01", day=1, agent="Agent[01]", remain_count=0, status_map={"Agent[01]": "ALIVE"}, role_map={})
    sent = json.loads(encode(Packet(request="TALK", info=info, talk_history=[])))
    assert sent == {
        "request": "TALK",
        "info": {
            "game_id": "01",
            "day": 1,
            "agent": "Agent[01]",
            "remain_count": 0,
            "status_map": {"Agent[01]": "ALIVE"},
            "role_map": {},
        },
        "talk_history": [],
    }
    talk = Talk(idx=0, day=1, turn=0, agent="Agent[02]", text="Over", skip=False, over=True)
    assert json.loads(encode(Packet(request="DAILY_FINISH", talk_history=[talk])))["talk_history"] == [
        {"idx": 0, "day": 1, "turn": 0, "agent": "Agent[02]", "text": "Over", "skip": False, "over": True}
    ]


def test_the_game_s_ulid_is_26_crockford_characters_fixed_by_the_game():
    ulid = game_ulid("0b7e6a52-6f7e-4e8e-9d2a-0d7c3f6a1b2c", 1_790_000_000_000)
    assert len(ulid) == 26 and set(ulid) <= set(CROCKFORD) and ulid[0] <= "7"
    assert ulid == game_ulid("0b7e6a52-6f7e-4e8e-9d2a-0d7c3f6a1b2c", 1_790_000_000_000)
    assert ulid != game_ulid("1b7e6a52-6f7e-4e8e-9d2a-0d7c3f6a1b2c", 1_790_000_000_000)
    value = 0
    for ch in ulid:
        value = value * 32 + CROCKFORD.index(ch)
    assert value >> 80 == 1_790_000_000_000  # the time part is the game's creation, in ms


def test_names_teams_and_replies():
    assert agent_name(1) == "Agent[01]" and agent_name(13) == "Agent[13]"
    assert team_of("kanolab12") == "kanolab" and team_of("team7a3") == "team7a" and team_of("42") == ""
    assert clean("kanolab1\n") == "kanolab1" and clean("a\nb\r\n") == "ab"


def test_a_seat_is_named_exactly_as_agents_know_it():
    table = tuple(agent_name(i) for i in range(1, 14))
    assert seat_named("Agent[07]", table) == 7 and seat_named("Agent[13]", table) == 13
    moved = ("Agent[01]", "Agent[03]", "Agent[02]")  # a lobby seat left: names keep their numbers
    assert seat_named("Agent[03]", moved) == 2, "a seat is its name, not the number in it"
    for name in (
        "Agent[14]",
        "Agent[00]",
        "Agent[7]",
        "agent[07]",
        " Agent[07]",
        "Agent[07] ",
        "Alice",
        "",
        "Agent[0x]",
    ):
        assert seat_named(name, table) is None, name


def names(n):
    return tuple(agent_name(i) for i in range(1, n + 1))


def test_role_map_own_role_a_werewolf_s_pack_and_everyone_at_the_end():
    seer = View(viewer="seat:2", seat=2, names=names(5), role="seer", roles={2: "seer"}, knowledge={4: "werewolf"})
    assert role_map(seer) == {"Agent[02]": "SEER"}  # a divination is no role
    wolf = View(
        viewer="seat:1", seat=1, names=names(5), role="werewolf", roles={1: "werewolf"}, knowledge={3: "werewolf"}
    )
    assert role_map(wolf) == {"Agent[01]": "WEREWOLF", "Agent[03]": "WEREWOLF"}
    ended = View(viewer="seat:2", seat=2, names=names(2), status="ended", role="seer", roles={1: "werewolf", 2: "seer"})
    assert role_map(ended) == {"Agent[01]": "WEREWOLF", "Agent[02]": "SEER"}


def test_facts_report_the_previous_day():
    facts = Facts(2)
    view = View(viewer="seat:2", seat=2, names=names(5), alive=(True,) * 5, role="villager", roles={2: "villager"})
    facts.read(
        GameCreated(
            at=1_790_000_000_000, game_id="g", ruleset="aiwolf", ruleset_version="1", engine_version="3",
            seats=5, names=names(5), roles=ROLES_5, options=OPTIONS_5, lang="ja", seed_sha256="0",
        ),
        view,
    )  # fmt: skip
    day1_night = View(**{**msgspec_builtins(view), "phase": "night", "day": 1, "roles": {2: "villager"}})
    facts.read(DeathCause(seat=3, cause="execution"), day1_night)
    day2 = View(**{**msgspec_builtins(day1_night), "phase": "day", "day": 2, "roles": {2: "villager"}})
    facts.read(DeathCause(seat=4, cause="attack"), day2)
    info = facts.info("DAILY_INITIALIZE", day2, 2)
    assert info.executed_agent == "Agent[03]" and info.attacked_agent == "Agent[04]"
    assert info.game_id == game_ulid("g", 1_790_000_000_000)
    assert info.remain_count is UNSET and info.role_map == {"Agent[02]": "VILLAGER"}
    later = facts.info("DAILY_INITIALIZE", day2, 3)
    assert later.executed_agent is UNSET and later.attacked_agent is UNSET
