"""The plain-Python example engine (conformance/examples/python/truco_example.py): it uses the
standard library only, passes the whole atb-2004 suite through the protocol, plays as the
reference engine does, and each faulty copy of it (tests/engines/example_faults.py, the rows of
shared/cases/real-engine-faults.md) fails the suite on the row's clauses.

The suite runs in this process (``run_suite``) against the example as a subprocess speaking the
protocol, as ``truco conform --engine`` does, without paying a ``truco conform`` start per copy.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import random
import re
import shlex
import sys
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.conformance.engines import protocol
from truco_dsl.conformance.report.outcomes import FAILED, PASSED
from truco_dsl.conformance.runner import engine_factory, run_suite
from truco_dsl.conformance.suite.catalogue import bundled_scenarios
from truco_dsl.engine import Engine
from truco_dsl.errors import IllegalAction
from truco_dsl.engine.search import count_lines

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from example_faults import EXAMPLE, FAULTS, Fault, faulty_copy  # noqa: E402

FEATURES = Path(__file__).resolve().parents[1] / "features" / "atb-2004"
#: the fault whose copy runs the whole suite (the others run their clauses' scenarios and their row's)
WHOLE_SUITE_FAULT = "F10"


def _load_example():
    spec = importlib.util.spec_from_file_location("truco_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


example = _load_example()


def engine_command(path: Path) -> str:
    """The ``--engine`` spec of an example engine file."""
    return shlex.join([sys.executable, str(path)])


def run_against(path: Path, tags: str | None = None):
    """The atb-2004 scenarios (those matching ``tags``) run against the engine file ``path``."""
    factory, process = engine_factory(engine_command(path))
    try:
        return run_suite(ruleset="atb-2004", tags=tags, adapter_factory=factory)
    finally:
        process.shutdown()


def scenario_count() -> int:
    """The scenarios of features/atb-2004, each example row of an outline one of its own."""
    return sum(len(entry.rows) or 1 for entry in bundled_scenarios() if entry.folder == FEATURES.name)


# ---------------------------------------------------------------------------------------- the example
def test_the_example_imports_nothing_but_the_standard_library():
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported and imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def test_the_example_passes_the_whole_atb_2004_suite_through_the_protocol():
    results = run_against(EXAMPLE)
    assert len(results) == scenario_count()
    assert [(result.id, result.outcome, result.message) for result in results if result.outcome != PASSED] == []


# ---------------------------------------------------------------------------------------- faulty copies
def _check_fails_on_its_clauses(fault: Fault, results) -> list:
    failing = [result for result in results if result.outcome != PASSED]
    assert failing, f"{fault.id} ({fault.fault}): no scenario failed"
    assert {result.outcome for result in failing} == {FAILED}, [(result.id, result.outcome, result.message) for result in failing]
    assert fault.scenario in {result.id for result in failing}, f"{fault.id}: its own scenario {fault.scenario} passed"
    for clause in fault.clauses:
        assert any(clause in result.clauses for result in failing), f"{fault.id}: no scenario of {clause} failed"
    return failing


@pytest.mark.parametrize("fault", [fault for fault in FAULTS if fault.id != WHOLE_SUITE_FAULT], ids=lambda fault: fault.id)
def test_a_copy_with_a_real_engine_fault_fails_the_scenarios_of_its_clauses(fault, tmp_path):
    tags = " or ".join([f"@clause:{clause}" for clause in fault.clauses] + [f"@id:{fault.scenario}"])
    _check_fails_on_its_clauses(fault, run_against(faulty_copy(fault, tmp_path), tags))


def test_a_copy_with_one_rule_broken_fails_exactly_that_clauses_scenarios_and_says_so(tmp_path, capsys):
    [fault] = [fault for fault in FAULTS if fault.id == WHOLE_SUITE_FAULT]
    report = tmp_path / "report.json"
    code = main(["conform", "--ruleset", "atb-2004", "--engine", engine_command(faulty_copy(fault, tmp_path)), "--json", str(report)])
    output = capsys.readouterr().out
    results = json.loads(report.read_text(encoding="utf-8"))
    assert code == 1 and len(results) == scenario_count()
    failing = [result for result in results if result["outcome"] != PASSED]
    assert failing and all(result["outcome"] == FAILED and fault.clauses[0] in result["clauses"] for result in failing)
    assert {result["id"] for result in failing} == {"faults-010", "normas-001", "normas-002"}
    # the clause's row counts them, and each failing scenario is named with its step and what the engine did
    passed_here = sum(1 for result in results if fault.clauses[0] in result["clauses"] and result["outcome"] == PASSED)
    assert re.search(rf"│ ATB-NORMAS-11 +│ Na primeira vaza não se pode encobrir cartas; +│ +{passed_here} │ +{len(failing)} │", output)
    assert "✗ faults-010  F10 — no card may be played covered in the first vaza  [atb-2004/faults.feature]" in output
    faults_feature = (Path(__file__).resolve().parents[1] / "features" / "atb-2004" / "faults.feature").read_text(encoding="utf-8")
    step_line = faults_feature.splitlines().index("    Then seat 0 may not play_covered:4c") + 1
    assert f"    step: Then seat 0 may not play_covered:4c (line {step_line})" in output
    assert "expected seat 0 not to be allowed 'play_covered:4c', but the engine lists it among:" in output
    assert output.rstrip().endswith(f"{len(results) - len(failing)} passed, {len(failing)} failed")


def test_a_snippet_that_does_not_occur_once_is_refused(tmp_path):
    with pytest.raises(AssertionError, match="occurs 0 times"):
        faulty_copy(Fault("F0", "nothing", "no such text in the example\n", "", ()), tmp_path)


# ---------------------------------------------------------------------------------------- the class
def _common(state: dict) -> dict:
    """The canonical fields both engines must agree on."""
    kept = {key: state[key] for key in ("phase", "score", "winner", "game_winner", "games_won", "target", "next_dealer")}
    hand = state["hand"]
    if hand is not None:
        kept["hand"] = {key: hand[key] for key in ("stake", "turn", "over", "vira", "hands")}
        kept["tricks"] = [(trick["number"], trick["tied"], trick["winner_seat"]) for trick in hand["tricks"]]
    return kept


@pytest.mark.parametrize("ruleset, players", [(ruleset, 2) for ruleset in example.RULESETS]
                         + [("atb-2004", 4), ("melhor-de-tres", 4)])
def test_the_game_class_plays_as_the_reference_engine(ruleset, players):
    """Seeded random play from scores that reach a mão de onze, a referee's report now and then and
    an illegal attempt now and then: the same legal actions (sorted), the same refusal reasons, the
    same states, seen by the referee and by every seat."""
    choices = random.Random(f"{ruleset}/{players}")
    for seed in range(2):
        scores = choices.choice([[0, 0], [11, 5], [5, 11], [11, 11], [9, 4], [10, 10]])
        dealer = choices.randrange(players)
        reference = Engine(ruleset, players=players, seed=seed, dealer=dealer, scores=scores)
        game = example.Game(players, dealer, scores, ruleset=ruleset, seed=seed)
        reference.deal()
        game.deal()
        for step in range(80):
            assert game.phase == reference.phase, step
            if game.phase == "game_over":
                break
            if game.phase == "deal":
                reference.deal()
                game.deal()
            for view in [None, *range(players)]:
                assert _common(game.state(view)) == _common(reference.state(view)), (step, view)
            legal = {seat: game.legal_actions(seat) for seat in range(players)}
            assert legal == {seat: reference.legal_actions(seat) for seat in range(players)}, step
            roll, seat = choices.random(), choices.randrange(players)
            if roll < 0.04:
                action = "infraction:" + choices.choice(example.INFRACTIONS)
            elif roll < 0.1:
                action = choices.choice(["fold", "accept", "truco", "play:3c", "mao_de_onze:play", "show_cards", "play:8c"])
            else:
                seat, action = choices.choice([(seat, action) for seat in legal for action in legal[seat]])
            outcomes = []
            for engine, refused in ((reference, IllegalAction), (game, example.IllegalAction)):
                try:
                    engine.act(seat, action)
                    outcomes.append(None)
                except refused as refusal:
                    outcomes.append(refusal.reason)
            assert outcomes[0] == outcomes[1], (step, seat, action)


def test_counting_lines_agrees_with_the_reference():
    deal = {"hands": [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]], "vira": "7s"}
    for scores, moves, depth in (([0, 0], [], 3), ([0, 0], [(0, "truco")], 2), ([11, 4], [], 3),
                                 ([0, 0], [(0, "play:4c"), (1, "play:5d"), (1, "play:Jd")], None)):
        reference, game = Engine("atb-2004", players=2, scores=scores), example.Game(2, scores=scores)
        reference.deal(**deal)
        game.deal(**deal)
        for seat, action in moves:
            reference.act(seat, action)
            game.act(seat, action)
        assert game.count(depth) == count_lines(reference, depth), (scores, moves, depth)
    assert example.Game(2).count(0) == (1, [])


# ---------------------------------------------------------------------------------------- the protocol
def test_the_example_answers_every_command_and_every_error_as_the_schema_says():
    session = example.Session()
    lines = [
        ({"seq": 1, "command": "hello", "protocol": 1}, None),
        ({"seq": 2, "command": "state", "seat": None}, "no_game"),
        ({"seq": 3, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 1, "scores": [0, 0],
          "games_won": [0, 0], "deal": {"hands": [["3c", "3c", "4c"], ["Kd", "Jd", "5d"]], "vira": "7s"}, "seed": None}, "setup_refused"),
        ({"seq": 4, "command": "new_game", "ruleset": "fpt-1983", "players": 2, "dealer": 1, "scores": [0, 0],
          "games_won": [0, 0], "deal": None, "seed": 3}, "setup_refused"),
        ({"seq": 5, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 1, "scores": [0, 0],
          "games_won": [0, 0], "deal": {"hands": [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]], "vira": "7s"}, "seed": None,
          "colour": "ignored"}, None),
        ({"seq": 6, "command": "next_hand", "deal": None}, "setup_refused"),
        ({"seq": 7, "command": "legal_actions", "seat": 0}, None),
        ({"seq": 8, "command": "act", "seat": 1, "action": "play:Kd"}, None),
        ({"seq": 9, "command": "act", "seat": 0, "action": "truco"}, None),
        ({"seq": 10, "command": "state", "seat": 1}, None),
        ({"seq": 11, "command": "count", "depth": 2}, None),
        ({"seq": 12, "command": "act", "seat": 0}, "bad_request"),
        ({"seq": 13, "command": "shuffle_harder"}, "unknown_command"),
    ]
    for request, error in lines:
        reply = session.answer(json.dumps(request))
        protocol.check_reply(request["command"], reply)
        assert reply["seq"] == request["seq"] and reply.get("error") == error, (request, reply)
    assert session.answer(json.dumps({"seq": 9, "command": "act", "seat": 1, "action": "play:Kd"}))["reason"] == "raise_pending"
    assert session.answer(json.dumps({"seq": 14, "command": "count", "depth": 2}))["total"] == 7  # PROTOCOL.md's example
    for garbage in ("this is not json", "[1, 2]", '{"command": "hello"}'):
        reply = session.answer(garbage)
        protocol.check_reply("unknown", reply)
        assert reply["seq"] is None and reply["error"] == "bad_request"
