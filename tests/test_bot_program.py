"""The ``cmd:`` bot: a program speaking the bot protocol (conformance/BOTS.md) — the example bot
plays whole games, the messages match conformance/schema/bot.schema.json, and a program that hangs,
exits, writes what is not JSON or answers an action that is not legal raises ``BotError``."""

from __future__ import annotations

import json
import re
import sys

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from truco_dsl.bundled import CONFORMANCE_KIT_DIR, SCHEMA_DIR
from truco_dsl.engine import Engine
from truco_dsl.errors import BotError
from truco_dsl.simulation.bots import make_bot
from truco_dsl.simulation.games import play_game
from truco_dsl.simulation.program import ProgramBot
from truco_dsl.simulation.view import seat_to_act, seat_view

EXAMPLE = CONFORMANCE_KIT_DIR / "examples" / "python" / "random_bot.py"
SCHEMAS = {name: json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")) for name in ("bot", "state")}
REGISTRY = Registry().with_resources((schema["$id"], Resource.from_contents(schema)) for schema in SCHEMAS.values())


def _check(definition, message):
    Draft202012Validator({"$ref": f"{SCHEMAS['bot']['$id']}#/$defs/{definition}"}, registry=REGISTRY).validate(message)


def test_the_example_bot_plays_whole_games_and_its_seed_gives_the_same_game():
    records = []
    for _ in range(2):
        bot = make_bot(f"cmd:{sys.executable} {EXAMPLE}", 5)
        try:
            records.append(play_game("atb-2004", 2, 3, [bot, make_bot("heuristic", 1)], record=True))
        finally:
            bot.close()
        assert bot.name == "random-bot-python"
        assert bot._program.popen.poll() is not None  # closed: the program has ended
    assert records[0] == records[1] and records[0].winner is not None
    assert sum(step.get("seat") == 0 for step in records[0].record["steps"]) > 5


def test_the_messages_match_the_schema_and_the_examples_of_bots_md():
    engine = Engine("atb-2004", 4, seed=2)
    engine.deal()
    history = []
    bot = ProgramBot([sys.executable, str(EXAMPLE)], seed=1)
    sent = []
    original = bot._exchange

    def spy(request, timeout=None):
        reply = original(request, timeout)
        sent.append(({"seq": bot._seq, **request}, reply))
        return reply

    bot._exchange = spy
    try:
        while (asked := seat_to_act(engine)) is not None:
            seat, legal = asked
            action = bot.choose(seat_view(engine, seat, history), legal)
            engine.act(seat, action)
            history.append((seat, action))
    finally:
        bot.close()
    assert len(sent) > 5
    for request, reply in sent:
        _check("choose_request", request)
        _check("choose_reply", reply)
    text = (CONFORMANCE_KIT_DIR / "BOTS.md").read_text(encoding="utf-8")
    examples = re.findall(r"^(->|<-) (\{.*\})$", text, flags=re.MULTILINE)
    assert len(examples) == 4
    for (arrow, line), command in zip(examples, ["hello", "hello", "choose", "choose"]):
        _check(f"{command}_{'request' if arrow == '->' else 'reply'}", json.loads(line))


BAD_BOTS = {
    "hangs": ("import sys, time\nprint(sys.stdin.readline() and '{\"seq\": 1, \"name\": \"slow\", \"protocol\": 1}', flush=True)\n"
              "time.sleep(60)\n", "no reply to choose within"),
    "exits": ("import sys\nprint(sys.stdin.readline() and '{\"seq\": 1, \"name\": \"quitter\", \"protocol\": 1}', flush=True)\n"
              "sys.stderr.write('giving up\\n')\nsys.exit(3)\n", "exited"),
    "garbage": ("import sys\nprint(sys.stdin.readline() and '{\"seq\": 1, \"name\": \"noisy\", \"protocol\": 1}', flush=True)\n"
                "sys.stdin.readline()\nprint('play the ace!', flush=True)\nsys.stdin.readline()\n", "not JSON"),
    "illegal": ("import sys\nprint(sys.stdin.readline() and '{\"seq\": 1, \"name\": \"cheat\", \"protocol\": 1}', flush=True)\n"
                "sys.stdin.readline()\nprint('{\"seq\": 2, \"action\": \"play:9z\"}', flush=True)\nsys.stdin.readline()\n",
                "not among the legal actions"),
    "another seq": ("import sys\nprint(sys.stdin.readline() and '{\"seq\": 1, \"name\": \"lost\", \"protocol\": 1}', flush=True)\n"
                    "sys.stdin.readline()\nprint('{\"seq\": 7, \"action\": \"truco\"}', flush=True)\nsys.stdin.readline()\n",
                    "echoes seq 7"),
}


@pytest.mark.parametrize("fault", sorted(BAD_BOTS))
def test_a_bot_that_breaks_the_protocol_raises_bot_error_naming_the_problem(fault, tmp_path):
    source, problem = BAD_BOTS[fault]
    program = tmp_path / "bot.py"
    program.write_text(source, encoding="utf-8")
    bot = ProgramBot([sys.executable, str(program)], timeout=1.0)
    engine = Engine("atb-2004", 2, seed=1)
    engine.deal()
    with pytest.raises(BotError, match=re.escape(problem)) as raised:
        bot.choose(seat_view(engine, 0, []), engine.legal_actions(0))
    assert '"command":"choose"' in str(raised.value)  # what was sent is shown
    assert bot._program.popen.poll() is not None  # the program has been ended
    if fault == "exits":
        assert "exit code 3" in str(raised.value) and "giving up" in str(raised.value)  # its stderr's tail
    bot.close()  # closing again is harmless


def test_a_program_that_cannot_start_or_answers_hello_wrongly_raises_bot_error(tmp_path):
    with pytest.raises(BotError, match="cannot start the bot program"):
        make_bot(f"cmd:{tmp_path / 'no-such-bot'}", 0)
    program = tmp_path / "old.py"
    program.write_text("import sys\nprint(sys.stdin.readline() and '{\"seq\": 1, \"name\": \"old\", \"protocol\": 9}', flush=True)\n",
                       encoding="utf-8")
    with pytest.raises(BotError, match="protocol 1"):
        make_bot(f"cmd:{sys.executable} {program}", 0)
    with pytest.raises(ValueError, match="names no program"):
        make_bot("cmd:  ", 0)

