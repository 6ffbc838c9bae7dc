"""Failures grouped by likely cause (conformance/report/causes.py), the failures before a scenario's
check, the failing scenario's steps in the reports, the exchange window, errors counted apart.

The engine is the example engine (conformance/examples/python/truco_example.py) with two faults
planted in a copy, as an author's engine would have them: at 2 players the dealer leads the first
vaza (the mão should: ATB-JOGO-LIVRE-1), which fails most of the atb-2004 scenarios at their first
play; at 4 players the deal passes to the seat before the dealer (ATB-TOMBO-1: the next one).
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console

from truco_dsl.cli import main
from truco_dsl.cli.conform import report
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.engines.transcript import TRANSCRIPT_LENGTH, Transcript
from truco_dsl.conformance.report.causes import charged, departure, fallback, groups
from truco_dsl.conformance.report.outcomes import summary_line
from truco_dsl.conformance.runner import run_suite
from truco_dsl.conformance.suite.plugin import ScenarioResult

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from example_faults import EXAMPLE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
REPORT_SCHEMA = json.loads((ROOT / "conformance" / "schema" / "report.schema.json").read_text(encoding="utf-8"))
#: (snippet of the example, what replaces it): the two planted faults
LEADER = ("        self._start_vaza(leader=(dealer + 1) % self.players)\n",
          "        self._start_vaza(leader=dealer if self.players == 2 else (dealer + 1) % self.players)\n")
DEALER = ("            self.next_dealer = (hand.dealer + 1) % self.players\n",
          "            self.next_dealer = (hand.dealer + (3 if self.players == 4 else 1)) % self.players\n")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The faulty copy run on atb-2004's scenarios: (console output, JSON records, HTML page)."""
    folder = tmp_path_factory.mktemp("causes")
    source = EXAMPLE.read_text(encoding="utf-8")
    for snippet, replacement in (LEADER, DEALER):
        assert source.count(snippet) == 1, snippet
        source = source.replace(snippet, replacement)
    engine = folder / "faulty.py"
    engine.write_text(source, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["conform", "--engine", f"{sys.executable} {engine}", "--ruleset", "atb-2004",
                     "--json", str(folder / "run.json"), "--html", str(folder / "run.html")])
    assert code == 1
    return (out.getvalue(), json.loads((folder / "run.json").read_text(encoding="utf-8")),
            (folder / "run.html").read_text(encoding="utf-8"))


def _results(records):
    return [ScenarioResult(**{**record, "clauses": tuple(record["clauses"])}) for record in records]


def test_the_records_follow_the_schema(run):
    _, records, _ = run
    Draft202012Validator(REPORT_SCHEMA).validate(records)


def test_one_fault_is_one_cause_naming_its_clause(run):
    _, records, _ = run
    failing = [record for record in records if record["outcome"] == "failed"]
    assert len(failing) > 100 and all(record["cause"] for record in failing)
    found = groups(_results(records))
    first = found[0]
    assert first.key == "state hand.turn" and first.clause == "ATB-JOGO-LIVRE-1"
    assert first.count >= 0.9 * len(failing)
    # every scenario the misplaced leader fails is charged to the clause that chooses the leader
    leader = sum(group.count for group in found if group.clause == "ATB-JOGO-LIVRE-1")
    assert leader >= len(failing) - 5
    assert "state hand.turn is 1 where the reference has 0" == first.said
    assert len(first.smallest.steps) == min(len(result.steps) for result in first.results)


def test_a_second_fault_is_a_second_cause(run):
    _, records, _ = run
    dealer = [group for group in groups(_results(records)) if group.clause == "ATB-TOMBO-1"]
    assert len(dealer) == 1 and dealer[0].key == "state next_dealer"
    smallest = dealer[0].smallest
    assert smallest.id == "estrutura-010" and smallest.explain == "truco explain estrutura-010"
    text = (ROOT / smallest.feature_path).read_text(encoding="utf-8").splitlines()
    assert text[smallest.line - 1].strip().startswith("Scenario")


def test_the_first_screen_names_both_causes(run):
    console, records, _ = run
    screen = "\n".join(console.splitlines()[:25])
    assert screen.startswith("Likely causes of the")
    assert "1. " in screen and "state hand.turn — breaks ATB-JOGO-LIVRE-1" in screen
    assert "state next_dealer — breaks ATB-TOMBO-1" in screen
    assert "truco explain estrutura-010" in screen and "features/atb-2004/estrutura.feature:" in screen
    last = console.rstrip().splitlines()  # the end repeats them, a line each, above the summary line
    at = next(number for number, line in enumerate(last) if line.startswith("Likely causes of the") and "failing, largest" in line)
    assert last[at + 1].startswith("  1. ") and "ATB-JOGO-LIVRE-1" in last[at + 1]
    assert any("state next_dealer — breaks ATB-TOMBO-1" in line for line in last[at + 1:-1])
    assert at >= len(last) - 6


def test_failures_before_their_check_are_charged_only_to_the_clauses_their_cause_breaks(run):
    console, records, _ = run
    early = [record for record in records if record["before_check"]]
    assert early and all(record["outcome"] == "failed" for record in early)
    for record in early:  # the failing step comes before the first Then
        keywords = [step["keyword"] for step in record["steps"]]
        failing = next(position for position, step in enumerate(record["steps"]) if step["failed"])
        assert "Then" not in keywords[:failing + 1]
    checked = [record for record in records if record["outcome"] == "failed" and not record["before_check"]]
    assert checked  # estrutura-010 fails at its Then
    assert any(record["id"] == "estrutura-010" for record in checked)
    assert f"{len(early)} failed before their check" in console
    # each clause's failed column counts the failures at or after the check, and those before it
    # whose cause breaks that clause (the misplaced leader fails some at a When: ATB-JOGO-LIVRE-1's own)
    breaking = [record for record in early if record["cause"]["clause"] in record["clauses"]]
    assert breaking and len(breaking) < len(early)
    for clause in {clause for record in records for clause in record["clauses"]}:
        row = re.search(rf"│ {re.escape(clause)} +│.*│ +(\d+) │ +(\d+) │", console)
        if row is None:
            continue
        counted = sum(1 for record in checked if clause in record["clauses"])
        counted += sum(1 for record in breaking if clause == record["cause"]["clause"])
        assert int(row.group(2)) == counted, clause


def test_the_failing_scenarios_steps_are_in_the_json_and_the_html(run):
    _, records, page = run
    record = next(record for record in records if record["id"] == "estrutura-010")
    lines = (ROOT / "features" / record["feature"]).read_text(encoding="utf-8").splitlines()
    assert [step["failed"] for step in record["steps"]].count(True) == 1
    for step in record["steps"]:  # as written: keyword and text at their line
        assert lines[step["line"] - 1].strip() == f"{step['keyword']} {step['text']}"
        assert step["failed"] == (step["line"] == record["failing_step_line"])
    assert record["steps"][0]["keyword"] == "Given"
    assert all(record["steps"] == [] for record in records if record["outcome"] == "passed")
    failed = next(step for step in record["steps"] if step["failed"])
    marked = [html.unescape(text) for text in re.findall(r'<li class="failed"><code>([^<]*)</code>', page)]
    assert f"{failed['keyword']} {failed['text']}" in marked
    assert len(marked) == sum(1 for record in records if record["outcome"] == "failed")  # one marked step each
    assert page.index('id="causes"') < page.index('id="failing"')
    assert "ATB-JOGO-LIVRE-1" in page[page.index('id="causes"'):page.index('id="failing"')]


def test_an_outline_row_keeps_its_values(tmp_path):
    """A covered card accepted in the first vaza (F10 of tests/engines/example_faults.py) fails the
    desacordos outline's atb-2004 row: its record has the row's values and the cause names ATB-NORMAS-11."""
    from example_faults import FAULTS, faulty_copy

    engine = faulty_copy(next(fault for fault in FAULTS if fault.id == "F10"), tmp_path)
    main(["conform", "--engine", f"{sys.executable} {engine}", "--tags", "@clause:ATB-NORMAS-11", "--json", str(tmp_path / "run.json")])
    records = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    row = next(record for record in records if record["id"] == "desacordos-001" and record["ruleset"] == "atb-2004")
    assert row["outcome"] == "failed" and row["example"] == {"ruleset": "atb-2004", "covering": 'refused with reason "covered_in_first_vaza"'}
    assert any('"atb-2004"' in step["text"] for step in row["steps"])  # the row's values are in the steps as run
    found = groups(_results(records))
    assert len(found) == 1 and found[0].clause == "ATB-NORMAS-11"
    assert found[0].key == "play_covered: allowed where the reference refuses covered_in_first_vaza"


# ------------------------------------------------------------------------------------ small pieces
def _line(message: dict) -> str:
    return json.dumps(message, separators=(",", ":")) + "\n"


def test_the_window_skips_state_reads_that_follow_no_change():
    transcript = Transcript()
    state = {"seq": 1, "ok": True, "state": {"phase": "play"}}
    read = lambda seq: transcript.record(_line({"seq": seq, "command": "state", "seat": None}), _line({**state, "seq": seq}))
    transcript.record(_line({"seq": 1, "command": "new_game"}), _line({"seq": 1, "ok": True, "events": []}))
    read(2)
    read(3)  # the same: left out
    transcript.record(_line({"seq": 4, "command": "legal_actions", "seat": 0}), _line({"seq": 4, "ok": True, "actions": []}))
    read(5)  # nothing changed since 2: left out
    transcript.record(_line({"seq": 6, "command": "act", "seat": 0, "action": "truco"}),
                      _line({"seq": 6, "ok": True, "accepted": True, "events": []}))
    read(7)  # after an accepted action: kept, even with the same reply
    shown = [json.loads(exchange["request"])["seq"] for exchange in transcript.exchanges()]
    assert shown == [1, 2, 4, 6, 7]
    assert len(transcript.whole()) == 7
    for seq in range(8, 40):
        transcript.record(_line({"seq": seq, "command": "act", "seat": 0, "action": "truco"}),
                          _line({"seq": seq, "ok": True, "accepted": True, "events": []}))
    assert len(transcript.exchanges()) == TRANSCRIPT_LENGTH and len(transcript.whole()) == 39


def test_no_departure_without_a_reply_or_with_a_shuffled_deal():
    game = {"seq": 1, "command": "new_game", "ruleset": "atb-2004", "players": 2, "dealer": 1, "scores": [0, 0],
            "games_won": [0, 0], "deal": None, "seed": 3}
    assert departure([(_line(game), _line({"seq": 1, "ok": True, "events": []}))]) is None
    forced = {**game, "deal": {"hands": [["4c", "5c", "6c"], ["4d", "5d", "6d"]], "vira": "7h"}, "seed": None}
    act = {"seq": 2, "command": "act", "seat": 0, "action": "play:4c"}
    assert departure([(_line(forced), _line({"seq": 1, "ok": True, "events": []})), (_line(act), None)]) is None
    refused = departure([(_line(forced), _line({"seq": 1, "ok": True, "events": []})),
                         (_line(act), _line({"seq": 2, "ok": True, "accepted": False, "reason": "not_your_turn"}))])
    assert refused is not None and refused.key == "act play: refused not_your_turn where the reference accepts"
    assert refused.clause == "ATB-JOGO-LIVRE-1" and refused.request == 2
    assert fallback("timeout", "When seat 0 plays 4c (line 12)", "no reply to act within 5 s") == \
        "timeout: When seat N plays <card>: no reply to act within N s"


def test_the_summary_counts_errors_apart():
    assert summary_line(["passed", "failed", "failed", "error"]) == "1 passed, 2 failed, 1 error"
    assert summary_line(["passed", "error", "error"]) == "1 passed, 0 failed, 2 errors"
    assert summary_line(["passed", "failed"]) == "1 passed, 1 failed"


class _BrokenTruco(ReferenceAdapter):
    """The reference engine breaking (an exception) at every call of truco: an error, not a failed check."""

    name = "broken-truco"

    def act(self, seat, action):
        if action == "truco":
            raise ZeroDivisionError("planted")
        return super().act(seat, action)


def test_errors_are_counted_apart_and_grouped_by_the_error_reply():
    results = run_suite(tags="@clause:ATB-TRUCO-2", adapter_factory=_BrokenTruco)
    errors = [result for result in results if result.outcome == "error"]
    assert errors and all(result.cause["key"] == "act: error engine_error where the reference answers" for result in errors)
    out = io.StringIO()
    report(results, Console(file=out, width=120, highlight=False))
    passed = sum(result.outcome == "passed" for result in results)
    failed = sum(result.outcome == "failed" for result in results)
    last = out.getvalue().rstrip().splitlines()[-1]
    assert last == f"{passed} passed, {failed} failed, {len(errors)} error{'s' if len(errors) != 1 else ''}"


def test_an_exchange_that_is_no_protocol_has_no_departure():
    assert departure([("not json", "{}"), ("[1]", None)]) is None
    assert departure([]) is None


# ------------------------------------------------------------------------------------ fresh authors' faults
def _planted(tmp_path, snippet: str, replacement: str, tags: str) -> tuple[list, str]:
    """The example engine with ``snippet`` replaced, run on the atb-2004 scenarios of ``tags``:
    (its records, the console output)."""
    source = EXAMPLE.read_text(encoding="utf-8")
    assert source.count(snippet) == 1, snippet
    engine = tmp_path / "planted.py"
    engine.write_text(source.replace(snippet, replacement), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["conform", "--engine", f"{sys.executable} {engine}", "--ruleset", "atb-2004", "--tags", tags,
                     "--json", str(tmp_path / "run.json")])
    assert code == 1
    records = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    Draft202012Validator(REPORT_SCHEMA).validate(records)
    return records, out.getvalue()


def test_manilhas_ranked_otherwise_name_the_clauses_that_rank_them(tmp_path):
    """The manilhas' suit order ouros < espadas < paus < copas (copas and paus swapped): the vaza
    goes to another seat, and the cause is the ranking, the clauses the rule file's deck.manilha
    cites (ATB-MANILHAS-3 among them), not the clause that last called take_trick or lead."""
    from truco_dsl.rules.resolved import resolve

    records, console = _planted(tmp_path, 'MANILHA_SUITS = "dshc"', 'MANILHA_SUITS = "dsch"', "@clause:ATB-MANILHAS-3")
    found = groups(_results(records))
    assert len(found) == 1
    group = found[0]
    ranking = tuple(resolve("atb-2004").cited_by("deck.manilha"))
    assert "ATB-MANILHAS-3" in ranking and "ATB-EMPATE-2" not in ranking
    assert group.key == "state hand.tricks[].winner_seat: the manilhas rank otherwise"
    assert group.clauses == ranking and group.parameter == "deck.manilha"
    assert group.smallest.id == "manilhas-006"
    assert group.said == ("state hand.tricks[0].winner_seat is 0 where the reference has 1: "
                          "the reference ranks 4c > 4h (vira 3d)")
    assert f"breaks {', '.join(ranking)} (what the rule set's deck.manilha cites)" in console
    # manilhas-004 fails at a When (the engine ended the hand early): its cause breaks its own
    # ATB-MANILHAS-3, which counts it; not its ATB-BARALHO-4, which deck.manilha does not cite
    early = next(result for result in _results(records) if result.id == "manilhas-004")
    assert early.before_check and charged(early) == ("ATB-MANILHAS-3",)
    failing = sum(1 for result in _results(records) if result.outcome == "failed" and "ATB-MANILHAS-3" in charged(result))
    assert failing >= 2 and re.search(rf"│ ATB-MANILHAS-3 +│.*│ +\d+ │ +{failing} │", console)  # manilhas-004 among them
    assert not re.search(r"│ ATB-BARALHO-4 +│.*│ +\d+ │ +[1-9]\d* │", console)


def test_ordinary_cards_ranked_otherwise_name_the_deck_clauses(tmp_path):
    """K above A (the ranks' order of the deck changed): the clauses the rule file's deck cites."""
    from truco_dsl.rules.resolved import resolve

    records, _ = _planted(tmp_path, 'RANKS = "4567QJKA23"', 'RANKS = "4567QJAK23"', "@clause:ATB-BARALHO-2")
    ranked = [group for group in groups(_results(records)) if group.parameter]
    assert ranked and all(group.parameter == "deck" for group in ranked)
    assert ranked[0].clauses == tuple(resolve("atb-2004").cited_by("deck")) and "ATB-BARALHO-2" in ranked[0].clauses
    assert ranked[0].key.endswith(": the cards rank otherwise") and " > " in ranked[0].said


def test_a_tie_settled_otherwise_names_the_tie_clause_not_the_ranking(tmp_path):
    """F2 (a tied vaza goes to whoever played first): the engine sees the same top cards and settles
    their tie otherwise — a tie's rule, not the ranking."""
    from example_faults import FAULTS

    fault = next(fault for fault in FAULTS if fault.id == "F2")
    records, _ = _planted(tmp_path, fault.snippet, fault.replacement, "@clause:ATB-EMPATE-1")
    found = groups(_results(records))
    assert found and all(group.parameter is None for group in found)
    assert found[0].key == "state hand.tricks[].tied" and found[0].clause == "ATB-EMPATE-1"


ACT_REPLY = '                return {"accepted": True, "events": game.act(request["seat"], request["action"])}\n'


def test_a_reply_breaking_the_schema_is_a_protocol_fault_at_its_exchange(tmp_path):
    records, console = _planted(tmp_path, ACT_REPLY, ACT_REPLY.replace('"accepted": True',
                                                                       '"accepted": "yes" if request["action"] == "truco" else True'),
                                "@clause:ATB-TRUCO-2")
    found = groups(_results(records))
    assert len(found) == 1 and found[0].clauses == ()
    assert found[0].key == "protocol error at act truco: the reply breaks the protocol's schema at accepted"
    assert found[0].said.endswith(": the reply breaks the protocol's schema (accepted: \"yes\" is not of type \"boolean\")")
    assert 'breaks the protocol\'s schema at accepted: "yes" is not of type "boolean"' in found[0].smallest.message
    assert "a fault of the engine, not a departure from a rule" in console


def test_garbage_met_at_many_steps_is_one_cause(tmp_path):
    """A line of garbage before the reply to every third act the engine is sent: whatever the step
    and the action it meets, one cause."""
    records, _ = _planted(tmp_path, '        if command == "act":\n            try:\n',
                          '        if command == "act":\n'
                          '            self.acts = getattr(self, "acts", 0) + 1\n'
                          '            if self.acts % 3 == 0:\n'
                          '                sys.stdout.write("garbage\\n")\n'
                          '            try:\n',
                          "@clause:ATB-TRUCO-2 or @clause:ATB-EMPATE-1")
    failing = [record for record in records if record["outcome"] == "protocol_error"]
    steps = {re.sub(r"\(line \d+\)", "", record["failing_step"]) for record in failing}
    assert len(failing) > 5 and len(steps) > 2  # met at several steps
    found = groups(_results(records))
    assert [group.key for group in found] == ["protocol error at act: the reply to act is not JSON (Expecting value at column N)"]
    assert all(record["cause"]["command"] == "act" for record in failing)


def test_an_unknown_reason_code_is_a_fault_of_the_engine_not_a_broken_rule(tmp_path):
    """The refusal that gives an unknown code is where the engine departs too: the fault, not the
    reference's refusing guard, is the cause."""
    records, console = _planted(tmp_path, 'raise IllegalAction("not_your_turn", ', 'raise IllegalAction("not_yr_turn", ',
                                "@id:truco-017")
    [found] = groups(_results(records))
    assert found.key == "protocol error at act: the reply refuses with an unknown reason code" and found.clauses == ()
    assert found.said.endswith("unknown reason code 'not_yr_turn' (PROTOCOL.md 'Reason codes'; did you mean not_your_turn?)")
    assert "a fault of the engine, not a departure from a rule" in console
