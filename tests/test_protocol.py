"""The engine protocol (conformance/PROTOCOL.md): the schemas, ``truco serve``, the subprocess
adapter, and what a run does with engines that hang, die, print garbage or break the schema.

The fault engines are ``tests/engines/faulty_engine.py``: the reference engine on the protocol,
breaking on purpose in the games its plan names.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from truco_dsl.bundled import CONFORMANCE_KIT_DIR
from truco_dsl.cli import main
from truco_dsl.conformance.engines import protocol
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.engines.process import ProcessAdapter
from truco_dsl.conformance.runner import engine_factory, run_suite
from truco_dsl.programs import LineProgram

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from processes import alive, descendants  # noqa: E402

FAULTY = Path(__file__).with_name("engines") / "faulty_engine.py"
SERVE = [sys.executable, "-m", "truco_dsl.cli", "serve"]
#: seven scenarios of atb-2004/truco.feature that act, in the order they run
TRUCO = " or ".join(f"@id:truco-00{number}" for number in range(1, 8))
HANDS = [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]]


def faulty(plan: str, counter: Path, *options: str) -> str:
    """The ``--engine`` command of the fault engine with ``plan``."""
    return shlex.join([sys.executable, str(FAULTY), plan, str(counter), *options])


def outcomes(results) -> list[str]:
    return [result.outcome for result in results]


# ---------------------------------------------------------------------------------------- schemas and examples
def _examples() -> list[tuple[str, dict]]:
    """The example lines of PROTOCOL.md: ``-> {request}`` and ``<- {reply}`` in ```jsonl blocks."""
    text = (CONFORMANCE_KIT_DIR / "PROTOCOL.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```jsonl\n(.*?)```", text, re.S):
        for entry in block.splitlines():
            if entry.strip():
                arrow, _, message = entry.partition(" ")
                found.append((arrow, json.loads(message)))
    return found


def test_every_message_kind_has_an_example_and_every_example_matches_its_schema():
    examples = _examples()
    assert [arrow for arrow, _ in examples] == ["->", "<-"] * (len(examples) // 2), "examples come as request, reply"
    for (_, request), (_, reply) in zip(examples[::2], examples[1::2]):
        assert reply["seq"] == request["seq"]
        protocol.check_reply(request["command"], reply)
        if reply.get("error") == "bad_request":  # an example of a bad request must be one
            with pytest.raises(protocol.MessageError):
                protocol.check_request(request)
        else:
            protocol.check_request(request)
    shown = {request["command"] for _, request in examples[::2]}
    assert set(protocol.COMMANDS) <= shown
    assert {"unknown_command", "bad_request", "setup_refused"} <= {reply.get("error") for _, reply in examples[1::2]}


def test_a_reply_that_breaks_its_schema_is_refused_with_where():
    with pytest.raises(protocol.MessageError, match="actions"):
        protocol.check_reply("legal_actions", {"seq": 3, "ok": True, "actions": "play:3c"})
    with pytest.raises(protocol.MessageError, match="score"):
        protocol.check_reply("state", {"seq": 3, "ok": True, "state": {"phase": "play"}})


# ---------------------------------------------------------------------------------------- the engine side
def server() -> protocol.ProtocolServer:
    return protocol.ProtocolServer(ReferenceAdapter(), [("atb-2004", (2, 4, 6))], name="reference", version="test")


@pytest.mark.parametrize(("line", "said"), [
    ("[" * 100_000, "nested more than"),  # deeper than Python's parser goes: RecursionError
    ('{"seq": ' + "9" * 5_000 + ', "command": "hello", "protocol": 1}', "digits"),  # past Python's 4,300 digits
])
def test_json_python_cannot_read_is_a_bad_request_and_the_server_goes_on(line, said):
    answers = server()
    refused = answers.answer(line)
    assert (refused["ok"], refused["error"]) == (False, "bad_request") and said in refused["message"]
    assert answers.answer(json.dumps({"seq": 1, "command": "hello", "protocol": 1}))["ok"]


def test_the_server_answers_unknown_commands_garbage_and_bad_requests_and_ignores_unknown_fields():
    answers = server()
    assert answers.answer('{"seq": 4, "command": "dance"}')["error"] == "unknown_command"
    garbage = answers.answer("hello?")
    assert (garbage["seq"], garbage["error"]) == (None, "bad_request")
    assert answers.answer('{"seq": 5, "command": "act", "seat": 0}')["error"] == "bad_request"
    assert answers.answer('{"seq": 6, "command": "legal_actions", "seat": 0}')["error"] == "no_game"
    assert answers.answer('{"seq": 6, "command": "next_hand", "deal": null}')["error"] == "no_game"
    passwd = answers.answer(json.dumps(protocol.new_game_request(6, "../../etc/passwd", 2, 1, [0, 0], None, None, 1, None)))
    assert passwd["error"] == "setup_refused" and "not one this engine offers" in passwd["message"] and "root" not in passwd["message"]
    started = answers.answer(json.dumps({**protocol.new_game_request(7, "atb-2004", 2, 1, [0, 0], HANDS, "7s", None, None),
                                         "colour": "blue"}))
    assert started["ok"] and started["events"][0]["type"] == "hand_dealt"
    refused = answers.answer(json.dumps(protocol.act_request(8, 1, "play:Kd")))
    assert (refused["accepted"], refused["reason"]) == (False, "not_your_turn")
    assert answers.answer(json.dumps(protocol.legal_actions_request(9, 0)))["actions"] == ["play:2c", "play:3c", "play:4c", "truco"]
    impossible = answers.answer(json.dumps(protocol.new_game_request(10, "atb-2004", 2, 1, [0, 0], [["3c"] * 3, ["3c"] * 3],
                                                                     "7s", None, None)))
    assert impossible["error"] == "setup_refused"


def test_truco_serve_through_the_subprocess_adapter_plays_as_in_process():
    remote, local = ProcessAdapter(SERVE), ReferenceAdapter()
    try:
        hello = remote.start()
        assert {"next_hand", "infractions", "views", "count"} <= set(hello["features"])
        assert remote.supports("atb-2004", 4) and not remote.supports("enecomp", 2)
        for engine in (remote, local):
            engine.new_game("atb-2004", 2, 1, [0, 0], HANDS, "7s", None)
        assert remote.act(1, "truco") == local.act(1, "truco")
        assert remote.act(0, "truco").events == local.act(0, "truco").events
        assert remote.state() == local.state() and remote.state(1) == local.state(1)
        assert remote.count(3) == local.count(3)
        counted = remote.count(2)
        assert counted.total == sum(count for _, _, count in counted.divide) and counted.total > len(counted.divide)
    finally:
        remote.shutdown()


def test_a_state_asked_again_with_nothing_between_is_answered_without_a_request_and_after_any_other_request_is_asked():
    remote = ProcessAdapter(SERVE)
    try:
        remote.new_game("atb-2004", 2, 1, [0, 0], HANDS, "7s", None)
        sent = lambda: [json.loads(request)["command"] for request, _ in remote.transcript.whole()]  # noqa: E731
        first = remote.state()
        first["score"][0] = 99  # a step that changed what it read changes nothing the next one reads
        again = remote.state()
        assert again["score"] == [0, 0] and sent().count("state") == 1
        remote.state(1)  # another view is another request
        remote.legal_actions(0)  # any other request between: the state is asked again
        remote.state(1)
        assert sent()[-4:] == ["state", "state", "legal_actions", "state"]
        assert not remote.act(0, "play:9h").accepted  # a refused action is a request too
        remote.state(1)
        assert sent()[-2:] == ["act", "state"]
    finally:
        remote.shutdown()


def test_the_whole_suite_through_truco_serve_has_the_outcomes_it_has_in_process():
    factory, engine = engine_factory(shlex.join(SERVE))
    try:
        remote = run_suite(adapter_factory=factory)
    finally:
        engine.shutdown()
    local = run_suite()
    assert len(local) > 400
    assert [(result.id, result.feature, result.outcome) for result in remote] == \
           [(result.id, result.feature, result.outcome) for result in local]


# ---------------------------------------------------------------------------------------- faults
def test_each_fault_is_its_own_outcome_and_the_run_goes_on_with_a_fresh_process(tmp_path):
    plan = "ok,sleep,ok,exit,garbage,schema,ok"
    factory, engine = engine_factory(faulty(plan, tmp_path / "games"), timeout=1.0)
    try:
        results = run_suite(tags=TRUCO, adapter_factory=factory)
    finally:
        engine.shutdown()
    # after every fault the process is restarted; the plan counts games across restarts
    assert outcomes(results) == ["passed", "timeout", "passed", "crash", "protocol_error", "protocol_error", "passed"]
    timeout, crash, garbage, schema = (results[index].message for index in (1, 3, 4, 5))
    assert "no reply to act within 1 s" in timeout and "faulty engine: sleep" in timeout
    assert "exited" in crash and "exit code 3" in crash and "faulty engine: exit" in crash
    assert "not JSON" in garbage and "offending line: this is not json" in garbage and "faulty engine: garbage" in garbage
    assert "schema" in schema and 'offending line: {"seq":' in schema and "faulty engine: schema" in schema
    assert all(results[index].failing_step for index in (1, 3, 4, 5))


def test_a_reply_not_utf8_or_nested_too_deep_is_a_protocol_error_and_an_orphan_child_neither_hangs_nor_survives(tmp_path):
    plan = "latin1,deep,orphan,closed,ok"
    factory, engine = engine_factory(faulty(plan, tmp_path / "games"), timeout=1.0)
    orphans = []
    try:
        results = run_suite(tags=" or ".join(f"@id:truco-00{number}" for number in range(1, 6)), adapter_factory=factory)
    finally:
        engine.shutdown()
    assert outcomes(results) == ["protocol_error", "protocol_error", "crash", "crash", "passed"]
    latin1, deep, orphan, closed = (results[index].message for index in range(4))
    assert "is not UTF-8" in latin1 and "offending line: " in latin1 and "caf\\xe9" in latin1, latin1
    assert "nested more than 32" in deep, deep
    # the engine exited, but its child holds stdout open: the per-request timeout still holds, and says what happened
    assert "the engine exited (exit code 3) without replying to act, leaving a process that holds its output open" in orphan, orphan
    assert "the engine closed its output without replying to act (it is still running)" in closed, closed
    for entry in Path("/proc").iterdir():  # the child was in the engine's process group, which was ended
        if entry.name.isdigit() and "time.sleep(600)" in (entry / "cmdline").read_bytes().decode(errors="replace") and alive(int(entry.name)):
            orphans.append(entry.name)
    assert orphans == []


def test_a_reply_begun_and_never_ended_is_a_protocol_error_quoting_what_the_engine_wrote(tmp_path):
    factory, engine = engine_factory(faulty("partial,ok", tmp_path / "games"), timeout=1.0)
    try:
        results = run_suite(tags="@id:truco-001 or @id:truco-002", adapter_factory=factory)
    finally:
        engine.shutdown()
    assert outcomes(results) == ["protocol_error", "passed"]
    message = results[0].message
    written = re.search(r"the engine wrote '(.*)' \((\d+) bytes\) in reply to act without ending the line, "
                        r"then nothing more within 1 s", message)
    assert written is not None, message
    assert written[1].startswith('{"seq": ') and written[1].endswith(', "ok": tr') and int(written[2]) == len(written[1])
    assert "request: " in message and "faulty engine: partial" in message


def test_the_harness_cuts_an_engine_line_past_the_limit_and_reads_the_next_one_whole():
    flood = f"import sys; sys.stdout.write('x' * {protocol.MAX_LINE_BYTES + 100_000} + chr(10) + '{{\"seq\": 1}}' + chr(10))"
    process = LineProgram([sys.executable, "-c", flood], protocol.MAX_LINE_BYTES)
    try:
        first, second, end = (process.next_line(timeout=30) for _ in range(3))
    finally:
        process.end()
    assert len(first) == protocol.MAX_LINE_BYTES + 2 and second == b'{"seq": 1}\n' and end is None
    with pytest.raises(protocol.MessageError, match="a line of more than 1,048,576 bytes"):
        protocol.parse_line(first)


def test_truco_conform_counts_faults_in_the_summary_and_exits_1(tmp_path, capsys):
    code = main(["conform", "--tags", TRUCO, "--engine", faulty("ok,sleep,exit,garbage", tmp_path / "games"), "--timeout", "1"])
    printed = capsys.readouterr().out
    assert code == 1
    assert "\n4 passed, 0 failed, 1 timeout, 1 crash, 1 protocol error\n" in printed.replace("\n ", " ")
    assert "(timeout)" in printed and "(crash)" in printed and "(protocol error)" in printed


def test_what_the_engine_does_not_declare_is_unsupported_never_passed(tmp_path):
    bare = faulty("ok", tmp_path / "games", "--rulesets", "atb-2004", "--features", "")
    factory, engine = engine_factory(bare)
    try:
        results = run_suite(tags="@id:ene-truco-001 or @id:mao_de_onze-020 or @id:estrutura-011 or @id:carteada-001",
                            adapter_factory=factory)
    finally:
        engine.shutdown()
    assert sorted(outcomes(results)) == ["unsupported"] * 4
    assert any("'views'" in result.message for result in results)
    assert any("'next_hand'" in result.message for result in results)
    assert any("'infractions'" in result.message for result in results)


def test_an_engine_reading_a_clause_otherwise_is_unsupported_on_that_clause():
    class ReadsTruco3Otherwise(ReferenceAdapter):
        readings = {"ATB-TRUCO-3": "the word truco always calls a truco"}

    [result] = run_suite(tags="@id:truco-005", adapter_factory=ReadsTruco3Otherwise)
    assert result.outcome == "unsupported" and "the word truco always calls a truco" in result.message


# ---------------------------------------------------------------------------------------- --engine
def test_a_python_adapter_plays_in_process(capsys):
    code = main(["conform", "--engine", "python:truco_dsl.conformance.engines.adapter:ReferenceAdapter", "--tags", "@id:faults-001"])
    assert code == 0 and "\n1 passed, 0 failed\n" in capsys.readouterr().out


@pytest.fixture
def hanging(monkeypatch):
    """tests/engines/hanging_adapter.py, importable as ``hanging_adapter``, counting afresh; its
    hanging calls are let go after the test."""
    monkeypatch.syspath_prepend(str(FAULTY.parent))
    import hanging_adapter

    hanging_adapter.reset()
    yield hanging_adapter
    hanging_adapter.RELEASE.set()


def test_an_in_process_engine_whose_constructor_hangs_times_the_scenario_out_and_the_run_goes_on(hanging, capsys):
    code = main(["conform", "--engine", "python:hanging_adapter:HangsWhenMadeAgain", "--timeout", "1",
                 "--tags", "@id:faults-001 or @id:faults-002"])
    printed = capsys.readouterr().out
    assert code == 1 and "\n1 passed, 0 failed, 1 timeout\n" in printed, printed
    assert "no reply to making the engine within 1 s" in printed and hanging.counts["made"] == 3


def test_an_in_process_engine_whose_method_hangs_times_the_scenario_out_with_the_request_unanswered(hanging):
    factory, process = engine_factory("python:hanging_adapter:HangsOnFirstAct", timeout=1.0)
    results = run_suite(tags="@id:truco-001 or @id:truco-002", adapter_factory=factory)
    assert process is None and outcomes(results) == ["timeout", "passed"]
    assert "no reply to act within 1 s: the in-process engine's call has not returned" in results[0].message
    assert results[0].failing_step and results[0].engine_replies[-1]["reply"] is None
    assert '"command":"act"' in results[0].engine_replies[-1]["request"]


def test_an_in_process_engine_that_cannot_be_made_in_time_is_bad_input(hanging, monkeypatch, capsys):
    monkeypatch.setattr("truco_dsl.conformance.runner.STARTUP_TIMEOUT", 0.5)
    code = main(["conform", "--engine", "python:hanging_adapter:HangsWhenMade", "--timeout", "0.5", "--tags", "@id:faults-001"])
    error = capsys.readouterr().err
    assert code == 2 and "--engine python:hanging_adapter:HangsWhenMade did not make an engine within 0.5 s" in error, error


@pytest.mark.parametrize("spec, said", [
    ("no-such-truco-engine --fast", "cannot start the engine"),
    ("'unbalanced", "bad --engine"),
    ("   ", "--engine is empty"),
    ("python:no_such_module:Engine", "cannot import"),
    ("python:truco_dsl.conformance.engines.adapter:NoSuchAdapter", "cannot import"),
    (f"{shlex.quote(sys.executable)} -c 'print(42)'", "did not answer hello"),
])
def test_a_bad_engine_spec_is_bad_input(spec, said, capsys):
    code = main(["conform", "--engine", spec, "--tags", "@id:faults-001"])
    error = capsys.readouterr().err
    assert code == 2 and said in error and "Traceback" not in error


@pytest.mark.parametrize("source, said", [
    ("def broken(:\n", "broken_adapter.py:1: SyntaxError"),
    ("x = 1\nundefined_name\n", "broken_adapter.py:2: NameError"),
    ("import sys\nsys.exit(5)\n", "broken_adapter.py:2: SystemExit: 5"),
])
def test_an_adapter_module_that_fails_to_import_is_bad_input_with_its_place(source, said, tmp_path, monkeypatch, capsys):
    (tmp_path / "broken_adapter.py").write_text(source, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # found in the current folder, as python -m finds it
    monkeypatch.delitem(sys.modules, "broken_adapter", raising=False)
    code = main(["conform", "--engine", "python:broken_adapter:Engine", "--tags", "@id:faults-001"])
    error = capsys.readouterr().err
    assert code == 2 and said in error and "Traceback" not in error


@pytest.mark.parametrize("timeout", ["-1", "0", "nan", "inf", "601", "1e9", "five"])
def test_a_timeout_that_is_not_a_sane_number_of_seconds_is_bad_input(timeout, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["conform", "--timeout", timeout])
    assert exit.value.code == 2 and "--timeout" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------- --jobs
def test_jobs_run_the_same_scenarios_with_the_same_outcomes_as_one_process(tmp_path, capsys):
    selection = "@clause:ATB-TRUCO-2 or @clause:ATB-EMPATE-3"
    assert main(["conform", "--tags", selection, "--json", str(tmp_path / "one.json")]) == 0
    assert main(["conform", "--tags", selection, "--jobs", "3", "--engine", shlex.join(SERVE),
                 "--json", str(tmp_path / "three.json")]) == 0
    one, three = (json.loads((tmp_path / name).read_text()) for name in ("one.json", "three.json"))
    assert len(one) > 3
    assert [(record["id"], record["outcome"]) for record in three] == [(record["id"], record["outcome"]) for record in one]


def test_jobs_report_bad_input_once_and_write_one_junit_report(tmp_path, capsys):
    assert main(["conform", "--jobs", "2", "--engine", "no-such-truco-engine", "--tags", "@id:faults-001"]) == 2
    assert "cannot start the engine" in capsys.readouterr().err
    report = tmp_path / "r.xml"
    assert main(["conform", "--jobs", "2", "--tags", "@id:faults-001 or @id:faults-002 or @id:normas-001",
                 "--junit-xml", str(report)]) == 0
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert suite.get("tests") == "3" and suite.get("failures") == "0"
    assert sorted(case.get("name").split()[0] for case in suite.iter("testcase")) == ["faults-001", "faults-002", "normas-001"]


def test_jobs_beyond_four_per_core_are_refused_as_bad_input(capsys):
    too_many = str(4 * (os.cpu_count() or 1) + 1)
    with pytest.raises(SystemExit) as exit:
        main(["conform", "--jobs", too_many, "--tags", "@id:faults-001"])
    assert exit.value.code == 2 and "more than this machine can run at once" in capsys.readouterr().err


def test_the_abstract_common_core_is_named_as_such_not_as_a_rule_set_without_scenarios(capsys):
    assert main(["conform", "--ruleset", "paulista"]) == 2
    assert "paulista is a common core that other rule sets extend" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]], ids=["one process", "jobs"])
def test_ctrl_c_ends_the_run_with_130_and_interrupted_and_leaves_no_job_nor_engine(jobs, tmp_path):
    # the engine never answers its first act (a 30 s timeout), so the run is surely under way;
    # SIGINT goes to truco alone (not to its process group): its jobs and engines end too
    engine = faulty("sleep,sleep", tmp_path / "games")
    run = subprocess.Popen([sys.executable, "-m", "truco_dsl.cli", "conform", *jobs, "--tags", TRUCO, "--engine", engine,
                            "--timeout", "30"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not (tmp_path / "games").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # an engine has started its first game
    time.sleep(0.5)
    started = descendants(run.pid)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert err.strip() == "interrupted", err  # no pytest banner, no traceback
    assert len(started) >= (3 if jobs else 1)  # the engine (and with --jobs the jobs and theirs)
    time.sleep(0.3)
    assert [pid for pid in started if alive(pid)] == []


@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]], ids=["one process", "jobs"])
def test_sigterm_ends_the_run_as_ctrl_c_does_with_143_and_leaves_no_job_engine_nor_folder(jobs, tmp_path):
    # what a cancelled CI job sends, to truco alone: the engine hangs at its first act (a 30 s timeout)
    folder = tmp_path / "tmp"
    folder.mkdir()
    engine = faulty("sleep,sleep", tmp_path / "games")
    run = subprocess.Popen([sys.executable, "-m", "truco_dsl.cli", "conform", *jobs, "--tags", TRUCO, "--engine", engine,
                            "--timeout", "30"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "TMPDIR": str(folder)})
    deadline = time.monotonic() + 60
    while not (tmp_path / "games").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # an engine has started its first game
    time.sleep(0.5)
    started = descendants(run.pid)
    if jobs:
        assert [path.name for path in folder.iterdir() if path.name.startswith("truco-jobs-")]  # the jobs' folder is there
    run.send_signal(signal.SIGTERM)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 143, err
    assert err.strip() == "terminated", err  # one line: no pytest banner, no traceback
    assert len(started) >= (3 if jobs else 1)  # the engine (and with --jobs the jobs and theirs)
    time.sleep(0.3)
    assert [pid for pid in started if alive(pid)] == []
    assert list(folder.iterdir()) == []  # no /tmp/truco-jobs-* left
