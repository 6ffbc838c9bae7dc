"""`truco serve` against hostile lines: each gets an error reply and the next request is answered."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from truco_dsl.conformance.engines.protocol import MAX_LINE_BYTES

HELLO = b'{"seq":1,"command":"hello","protocol":1}\n'
NEW_GAME = (b'{"seq":2,"command":"new_game","ruleset":"atb-2004","players":2,"dealer":0,"scores":[0,0],'
            b'"games_won":[0,0],"deal":null,"seed":1}\n')
GOOD = b'{"seq":9,"command":"state","seat":null}\n'

BAD_LINES = {
    "blank": (b"\n", "blank line"),
    "not utf-8": (b"\xff\xfe\n", "not UTF-8"),
    "deep": (b'{"seq":3,"a":' + b"[" * 40 + b"]" * 40 + b"}\n", "nested more than"),
    "long number": (b'{"seq":3,"command":"count","depth":1' + b"0" * 30 + b"}\n", "digits"),
    "nan": (b'{"seq":3,"command":"count","depth":NaN}\n', "NaN"),
    "huge line": (b'{"x":"' + b"a" * (MAX_LINE_BYTES + 10) + b'"}\n', "more than"),
    "float seat": (b'{"seq":3,"command":"legal_actions","seat":1.0}\n', "not a whole number"),
    "bool seat": (b'{"seq":3,"command":"legal_actions","seat":true}\n', "true"),
    "string seat": (b'{"seq":3,"command":"legal_actions","seat":"1"}\n', "seat"),
    "missing seat": (b'{"seq":3,"command":"state","seat":7}\n', "seat 7 does not exist"),
    "float seq": (b'{"seq":1.0,"command":"hello","protocol":1}\n', "seq must be a whole number"),
    "float players": (NEW_GAME.replace(b'"players":2', b'"players":2.0').replace(b'"seq":2', b'"seq":3'), "not a whole number"),
    "refused game": (NEW_GAME.replace(b'"players":2', b'"players":3').replace(b'"seq":2', b'"seq":3'), ""),
}


@pytest.mark.parametrize("name", sorted(BAD_LINES))
def test_a_bad_line_gets_an_error_and_the_server_goes_on(name):
    bad, words = BAD_LINES[name]
    served = subprocess.run([sys.executable, "-m", "truco_dsl.cli", "serve", "--ruleset", "atb-2004"],
                            input=HELLO + NEW_GAME + bad + GOOD, capture_output=True, timeout=120)
    replies = [json.loads(text) for text in served.stdout.decode("utf-8").splitlines()]
    assert served.returncode == 0, served.stderr
    assert len(replies) == 4
    refusal, after = replies[2], replies[3]
    assert refusal["ok"] is False and refusal["error"] in ("bad_request", "setup_refused"), refusal
    assert words in refusal["message"]
    assert after["seq"] == 9 and after["ok"] is True
    assert isinstance(after["state"], dict)  # the game started before the bad line is still there


@pytest.mark.parametrize("line, seq", [
    (b'{"seq":3,"command":"legal_actions","seat":99999999999999999999}', 3),  # the seq is readable
    (b'{"seq":3,"a":' + b"[" * 40 + b"]" * 40 + b"}", 3),
    (b'{"seq":99999999999999999999,"command":"hello"}', None),  # the seq itself is what is wrong
    (b'{"seq":3,', None),  # not JSON
])
def test_a_refused_line_s_reply_names_its_seq_when_it_can_be_read(line, seq):
    from truco_dsl.conformance.engines.adapter import ReferenceAdapter
    from truco_dsl.conformance.engines.protocol import ProtocolServer

    reply = ProtocolServer(ReferenceAdapter(), [("atb-2004", [2])], "reference", "0").answer(line)
    assert reply["ok"] is False and reply["error"] == "bad_request" and reply["seq"] == seq
