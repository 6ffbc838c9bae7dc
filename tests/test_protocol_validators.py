"""The codec's two validators of protocol messages agree: fastjsonschema (compiled, what the codec
runs on every message) and jsonschema (Draft 2020-12, what words a refusal) accept and refuse the same
messages, requests and replies, the state inside them too.

Valid messages: the examples of PROTOCOL.md and the whole exchange of games the reference engine plays
through ``ProtocolServer`` (atb-2004 at 2 and 4 players). Invalid ones: one written by hand for every
kind of constraint of protocol.schema.json and state.schema.json, and hypothesis's mutations of the
valid ones (a field removed, a value replaced by one of another type or range, a field added).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import fastjsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from truco_dsl.conformance.engines import protocol
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from test_protocol import _examples


def _fast_accepts(definition: str, message: Any) -> bool:
    try:
        protocol._compiled(definition)(message)
    except fastjsonschema.JsonSchemaValueException:
        return False
    return True


def _slow_accepts(definition: str, message: Any) -> bool:
    return protocol._validator(definition).is_valid(message)


def _played(ruleset: str, players: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """(definition, message) of every request and reply of a game the reference engine plays through
    the protocol server, always taking the first legal action, with state and count requests between."""
    server = protocol.ProtocolServer(ReferenceAdapter(), [(ruleset, (players,))], name="reference", version="test")
    exchange: list[tuple[str, dict[str, Any]]] = []
    seq = 0

    def send(request: dict[str, Any]) -> dict[str, Any]:
        reply = server.answer(protocol.line(request))
        exchange.extend([(f"{request['command']}_request", request), (f"{request['command']}_reply", reply)])
        return reply

    send(protocol.hello_request(seq := seq + 1))
    send(protocol.new_game_request(seq := seq + 1, ruleset, players, 0, [0, 0], None, None, seed, None))
    for _ in range(200):
        state = send(protocol.state_request(seq := seq + 1, None))["state"]
        send(protocol.state_request(seq := seq + 1, 0))
        if state["phase"] == "game_over":
            break
        if state["hand"] is None or state["winner"] is not None:
            send(protocol.next_hand_request(seq := seq + 1, None, None))
            continue
        send(protocol.count_request(seq := seq + 1, 1))
        for seat in range(players):
            actions = send(protocol.legal_actions_request(seq := seq + 1, seat))["actions"]
            if actions:
                send(protocol.act_request(seq := seq + 1, seat, actions[0]))
                break
    send(protocol.act_request(seq := seq + 1, 0, "play:3c"))  # a refusal, most likely
    return exchange


def _valid() -> list[tuple[str, dict[str, Any]]]:
    examples = _examples()
    found = []
    for (_, request), (_, reply) in zip(examples[::2], examples[1::2]):
        command = request["command"] if request["command"] in protocol.COMMANDS else "unknown"
        found += [("request", request), (f"{command}_reply", reply)]
        if command != "unknown" and reply.get("error") != "bad_request":
            found.append((f"{command}_request", request))
    return found + _played("atb-2004", 2, 7) + _played("atb-2004", 4, 11)


VALID = _valid()


def test_the_valid_messages_are_many_and_both_validators_accept_every_one():
    assert len(VALID) > 300
    assert {definition for definition, _ in VALID} >= {f"{command}_{side}" for command in protocol.COMMANDS
                                                      for side in ("request", "reply")}
    for definition, message in VALID:
        assert _slow_accepts(definition, message), (definition, message)
        assert _fast_accepts(definition, message), (definition, message)


STATE = {"phase": "play", "score": [0, 0], "winner": None, "game_winner": None, "games_won": [0, 0], "target": 12,
         "next_dealer": 1, "hand": None}
#: one message for each kind of constraint the two schemas hold, each breaking it once
INVALID = [
    ("request", {"command": "hello"}),  # required
    ("request", {"seq": "1", "command": "hello"}),  # type
    ("request", {"seq": 1.5, "command": "hello"}),  # a whole number
    ("request", {"seq": True, "command": "hello"}),  # a boolean is no integer
    ("request", {"seq": 0, "command": "hello"}),  # minimum
    ("request", []),  # the message is no object
    ("hello_request", {"seq": 1, "command": "hello", "protocol": 0}),
    ("hello_request", {"seq": 1, "command": "helo", "protocol": 1}),  # const
    ("new_game_request", {"seq": 2, "command": "new_game", "ruleset": "", "players": 2, "dealer": 0, "scores": [0, 0],
                          "games_won": [0, 0], "deal": None, "seed": 1}),  # minLength
    ("new_game_request", {"seq": 2, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 0,
                          "scores": [0, 0, 0], "games_won": [0, 0], "deal": None, "seed": 1}),  # maxItems
    ("new_game_request", {"seq": 2, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 0,
                          "scores": [0], "games_won": [0, 0], "deal": None, "seed": 1}),  # minItems
    ("new_game_request", {"seq": 2, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 0,
                          "scores": [0, -1], "games_won": [0, 0], "deal": None, "seed": 1}),  # items' minimum
    ("new_game_request", {"seq": 2, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 0,
                          "scores": [0, 0], "games_won": [0, 0], "deal": None, "seed": 1.5}),  # oneOf: neither
    ("next_hand_request", {"seq": 3, "command": "next_hand", "deal": {"hands": [["3c", "10c"]], "vira": "4d"}}),  # pattern
    ("next_hand_request", {"seq": 3, "command": "next_hand", "deal": {"hands": [["3c"]], "vira": "4"}}),
    ("next_hand_request", {"seq": 3, "command": "next_hand", "deal": {"hands": [["3c"]], "vira": "X3c"}}),
    ("legal_actions_request", {"seq": 4, "command": "legal_actions", "seat": -1}),
    ("legal_actions_request", {"seq": 4, "command": "legal_actions"}),
    ("act_request", {"seq": 5, "command": "act", "seat": 0, "action": "Play:3c"}),
    ("act_request", {"seq": 5, "command": "act", "seat": 0, "action": "play:3c:4"}),
    ("state_request", {"seq": 6, "command": "state", "seat": "0"}),
    ("count_request", {"seq": 7, "command": "count", "depth": -1}),
    ("hello_reply", {"seq": 1, "ok": True, "name": "", "version": "1", "protocol": 1, "rulesets": [], "features": []}),
    ("hello_reply", {"seq": 1, "ok": True, "name": "x", "version": "1", "protocol": 1,
                     "rulesets": [{"id": "atb-2004", "players": [2]}], "features": ["a", "a"]}),  # uniqueItems
    ("hello_reply", {"seq": 1, "ok": True, "name": "x", "version": "1", "protocol": 1,
                     "rulesets": [{"id": "atb-2004", "players": [2]}], "features": [], "readings": {"x": ""}}),
    ("legal_actions_reply", {"seq": 4, "ok": True, "actions": "play:3c"}),
    ("legal_actions_reply", {"seq": 4, "ok": True, "actions": ["play:3c", "play:3c"]}),
    ("legal_actions_reply", {"seq": 4, "ok": "true", "actions": []}),  # const
    ("legal_actions_reply", {"seq": 4, "ok": False}),  # if ok false: then error and message
    ("act_reply", {"seq": 5, "ok": True, "accepted": False}),  # else: reason required
    ("act_reply", {"seq": 5, "ok": True, "accepted": False, "reason": ""}),
    ("act_reply", {"seq": 5, "ok": True, "accepted": False, "reason": "not_your_turn", "detail": 3}),
    ("act_reply", {"seq": 5, "ok": True, "accepted": True, "events": [{"kind": "x"}]}),  # events need a type
    ("act_reply", {"seq": 5, "ok": True, "accepted": True, "events": [{"type": ""}]}),
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "phase": "over"}}),  # enum
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "winner": 2}}),  # team enum
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "target": 0}}),
    ("state_reply", {"seq": 6, "ok": True, "state": {key: value for key, value in STATE.items() if key != "score"}}),
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "hand": {"hands": {"x": []}}}}),  # propertyNames
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "hand": {"hands": {"01": []}}}}),
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "hand": {"hands": {"0": ["3x"]}}}}),  # additionalProperties
    ("state_reply", {"seq": 6, "ok": True, "state": {**STATE, "hand": []}}),
    ("count_reply", {"seq": 7, "ok": True, "total": -1, "divide": []}),
    ("unknown_reply", {"seq": 8, "ok": False, "error": "unknown_command"}),
    ("unknown_reply", {"seq": "8", "ok": False, "error": "unknown_command", "message": "no such command"}),
]


@pytest.mark.parametrize("definition, message", INVALID, ids=[f"{i}-{d}" for i, (d, _) in enumerate(INVALID)])
def test_every_hand_written_invalid_message_is_refused_by_both(definition, message):
    assert not _slow_accepts(definition, message)
    assert not _fast_accepts(definition, message)
    with pytest.raises(protocol.MessageError, match=r"\S: "):  # the codec words it as jsonschema does
        protocol._check(definition, message)


def _paths(value: Any, at: tuple = ()) -> list[tuple]:
    """Every place inside a message: keys of objects and indexes of arrays, nested."""
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, at + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, at + (index,))
    return found


ODD = [None, True, False, 0, 1, -1, 2, 1.5, 3.0, 10 ** 17, "", "x", "3c", "10c", "play:3c", "0", "ok", [], [0],
       [0, 0], [0, 0, 0], ["3c", "3c"], {}, {"type": "x"}, {"0": []}]


@st.composite
def _mutant(draw) -> tuple[str, Any]:
    definition, message = draw(st.sampled_from(VALID))
    message = copy.deepcopy(message)

    def odd() -> Any:  # a copy: a later mutation must not change ODD
        return copy.deepcopy(draw(st.sampled_from(ODD)))

    for _ in range(draw(st.integers(1, 2))):
        places = _paths(message)
        where = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["replace", "remove", "add"]))
        if not where:
            message = odd() if how == "replace" else message
            continue
        parent = message
        for part in where[:-1]:
            parent = parent[part]
        last = where[-1]
        if how == "replace":
            parent[last] = odd()
        elif how == "remove":
            del parent[last]
        elif isinstance(parent[last], dict):
            parent[last][draw(st.sampled_from(["extra", "0", "x1", "type", "ok", "seq"]))] = odd()
        elif isinstance(parent[last], list):
            parent[last].append(odd())
    return definition, message


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutant())
def test_mutations_of_valid_messages_are_accepted_or_refused_alike(mutant):
    definition, message = mutant
    assert _fast_accepts(definition, message) == _slow_accepts(definition, message), json.dumps(message)


def test_a_code_list_as_any_of_consts_with_descriptions_is_compiled_and_checked_alike():
    # the form a list of refusal reason codes takes in the schema (issue 16, point 2)
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"reason": {"anyOf": [{"const": "not_your_turn", "description": "another seat must act"},
                                                  {"const": "no_such_card", "description": "not in the hand"}]}}}
    fast = fastjsonschema.compile(schema)

    slow = Draft202012Validator(schema)
    for reason, accepted in [("not_your_turn", True), ("no_such_card", True), ("zzz", False), (3, False)]:
        assert slow.is_valid({"reason": reason}) is accepted
        if accepted:
            fast({"reason": reason})
        else:
            with pytest.raises(fastjsonschema.JsonSchemaValueException):
                fast({"reason": reason})


VALID_REQUESTS = [protocol.hello_request(1), protocol.new_game_request(1, "atb-2004", 2, 0, [0, 0], None, None, 7, None),
                  protocol.next_hand_request(1, None, None), protocol.legal_actions_request(1, 0),
                  protocol.act_request(1, 0, "play:4c"), protocol.state_request(1, None), protocol.count_request(1, 2)]


@pytest.mark.parametrize("request_", VALID_REQUESTS, ids=lambda request_: request_["command"])
def test_each_command_request_holds_what_every_request_has(request_):
    # check_request checks a known command's request against its own definition alone
    schema = json.loads(protocol.PROTOCOL_SCHEMA.read_text(encoding="utf-8"))["$defs"][f"{request_['command']}_request"]
    assert {"$ref": "#/$defs/request"} in schema.get("allOf", [])
    protocol.check_request(request_)
    for broken in ({key: value for key, value in request_.items() if key != "seq"}, {**request_, "seq": 0}):
        with pytest.raises(protocol.MessageError, match="seq|0 is less than the minimum"):
            protocol.check_request(broken)


def test_every_command_has_a_valid_request_above():
    assert sorted(request_["command"] for request_ in VALID_REQUESTS) == sorted(protocol.COMMANDS)
