"""The run's reports and known failures: expectations files (--expectations, --write-expectations),
the JSON records (--json, checked against conformance/schema/report.schema.json), the HTML page
(--html, opened in headless Chromium to read what a person sees), the unsupported scenarios listed
with why.

The failing run is the reference engine playing a variant of atb-2004 without ATB-NORMAS-11 (a card
may be covered in the first vaza), on the scenarios of that clause: some pass, three fail.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from rich.console import Console

from truco_dsl.cli import main
from truco_dsl.cli.conform import report
from truco_dsl.conformance.engines import transcript
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.report.expectations import UNREVIEWED, load_expectations
from truco_dsl.conformance.report.html import render_html
from truco_dsl.conformance.report.junit import junit_report
from truco_dsl.conformance.report.outcomes import EXPECTABLE, OUTCOMES
from truco_dsl.conformance.runner import run_suite
from truco_dsl.conformance.suite.plugin import ScenarioResult, explain_command
from truco_dsl.errors import ExpectationsError

CONFORMANCE = Path(__file__).parents[1] / "conformance"
REPORT_SCHEMA = json.loads((CONFORMANCE / "schema" / "report.schema.json").read_text(encoding="utf-8"))
EXPECTATIONS_SCHEMA = json.loads((CONFORMANCE / "schema" / "expectations.schema.json").read_text(encoding="utf-8"))
SELECTION = "@clause:ATB-NORMAS-11"
FAILING_IDS = {"faults-010", "normas-001", "normas-002"}
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two runs of the variant: one writing an expectations file, one applying it (with an entry
    added for a scenario that passes). Returns the folder and both runs' exit codes and output."""
    folder = tmp_path_factory.mktemp("reports")
    variant = folder / "casa.yaml"
    variant.write_text("ruleset: casa\ntitle: a card may be covered in the first vaza\nextends: atb-2004\n"
                       "drop: [ATB-NORMAS-11]\n", encoding="utf-8")
    base = ["conform", "--ruleset", str(variant), "--tags", SELECTION]
    first = main(base + ["--write-expectations", str(folder / "known.yaml"), "--json", str(folder / "first.json")])
    passing = next(record["id"] for record in json.loads((folder / "first.json").read_text()) if record["outcome"] == "passed")
    with open(folder / "known.yaml", "a", encoding="utf-8") as known:
        known.write(f"- scenario: {passing}\n  outcome: failed\n  reason: 'it used to <b>fail</b> & was fixed'\n")
    second = main(base + ["--expectations", str(folder / "known.yaml"), "--json", str(folder / "second.json"),
                          "--html", str(folder / "report.html"), "--junit-xml", str(folder / "report.xml")])
    return {"folder": folder, "first": first, "second": second, "passing": passing}


def records(runs, name: str) -> list[dict]:
    return json.loads((runs["folder"] / f"{name}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------- expectations
def test_write_expectations_lists_the_failures_marked_for_review(runs):
    assert runs["first"] == 1
    written = yaml.safe_load((runs["folder"] / "known.yaml").read_text(encoding="utf-8"))
    Draft202012Validator(EXPECTATIONS_SCHEMA).validate(written)
    entries = written["expectations"][:-1]  # the last one was added by the fixture
    assert written["engine"] == "reference"
    assert {entry["scenario"] for entry in entries} == FAILING_IDS
    assert all(entry["outcome"] == "failed" and entry["reason"].startswith(f"{UNREVIEWED}: failed at ") for entry in entries)
    assert "# A reason that starts with UNREVIEWED" in (runs["folder"] / "known.yaml").read_text(encoding="utf-8")


def test_expected_failures_do_not_fail_the_run_and_a_now_passing_one_does(runs, capsys):
    assert runs["second"] == 1  # the entry for a passing scenario
    outcomes = {record["id"]: record["outcome"] for record in records(runs, "second")}
    assert {identifier for identifier, outcome in outcomes.items() if outcome == "expected_failure"} == FAILING_IDS
    assert outcomes[runs["passing"]] == "now_passes"
    junit = (runs["folder"] / "report.xml").read_text(encoding="utf-8")
    assert junit.count('<skipped type="expected_failure"') == 3 and "now passes: remove it from" in junit
    cases = {case.get("name").split()[0]: case for case in ElementTree.fromstring(junit).iter("testcase")}
    assert cases[runs["passing"]].find("failure").get("type") == "now_passes"
    assert all(cases[identifier].get("classname").startswith("atb-2004.") for identifier in FAILING_IDS)
    # without the entry for the passing scenario the run passes, listing the expected failures with their reasons
    known = runs["folder"] / "known.yaml"
    trimmed = runs["folder"] / "trimmed.yaml"
    trimmed.write_text(known.read_text(encoding="utf-8").rsplit("- scenario:", 1)[0], encoding="utf-8")
    capsys.readouterr()
    code = main(["conform", "--ruleset", str(runs["folder"] / "casa.yaml"), "--tags", SELECTION, "--expectations", str(trimmed)])
    printed = capsys.readouterr().out
    assert code == 0
    assert "Expected failures (3):" in printed and "reason: UNREVIEWED: failed at" in printed
    assert re.search(r"\n\d+ passed, 0 failed, 3 expected failures\n", printed)


def test_the_now_passing_scenario_is_reported_prominently(runs, capsys):
    main(["conform", "--ruleset", str(runs["folder"] / "casa.yaml"), "--tags", f"@id:{runs['passing']}",
          "--expectations", str(runs["folder"] / "known.yaml")])
    printed = capsys.readouterr().out
    assert "Now passing, although expected not to (1)" in printed
    assert f"now passes: remove it from {runs['folder'] / 'known.yaml'}" in printed.replace("\n    ", " ")
    assert "\n0 passed, 0 failed, 1 now passing\n" in printed


@pytest.mark.parametrize("text, place, said", [
    ("engine: x\nexpectations:\n  - scenario: no-such-scenario\n    outcome: failed\n    reason: r\n", ":3:15", "no scenario has the id no-such-scenario"),
    ("engine: x\nexpectations:\n  - scenario: fault-001\n    outcome: failed\n    reason: r\n", ":3:15", "did you mean faults-001"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: broken\n    reason: r\n", ":4:14",
     "outcome: broken is not an outcome an engine can be expected to have; it is one of"),  # nothing close
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: failed\n", ":3:5", "expectations[0] is missing reason"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: failed\n    reason: r\n    why: w\n", ":6:5", "unknown key why"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: failed\n    reason: r\n"
     "  - scenario: faults-001\n    outcome: failed\n    reason: r\n", ":6:15", "expected twice (also at line 3)"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    ruleset: nope\n    outcome: failed\n    reason: r\n", ":4:14",
     "nope is not a rule set id; an entry's ruleset is one of: atb-2004,"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    ruleset: fpt-1938\n    outcome: failed\n    reason: r\n", ":4:14",
     "fpt-1938 is not a rule set id (did you mean fpt-1983?); an entry's ruleset is one of"),
    ("engine: x\nruleset: enecom\nexpectations: []\n", ":2:10", "enecom is not a rule set id (did you mean enecomp?); it is one of"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: faild\n    reason: r\n", ":4:14",
     "outcome: faild is not an outcome an engine can be expected to have (did you mean failed?); it is one of: failed,"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: failed\n    reasn: r\n", ":5:5",
     "unknown key reasn in expectations[0] (did you mean reason?); allowed keys: example, outcome, reason, ruleset, scenario"),
    ("engine: x\nexpectations: [\n", ":2:16", "not valid YAML"),  # the end of the last line, not a line 3 that is not there
    ("engine: x\nexpectations: [faults-001\n", ":2:15", "not valid YAML: a [ list that starts here is never closed"),
    ("engine: x\nengine: y\nexpectations: []\n", ":2:1", "duplicate key 'engine'"),
    ("engine:\nexpectations: []\n", ":1:8", "engine: null is not a string"),
    ("engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: failed\n    reason: \"a\\nb\"\n", ":5:13",
     "reason: \"a\\nb\" is not one line of words, not blank"),
])
def test_a_bad_expectations_file_is_reported_with_its_place(tmp_path, text, place, said):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExpectationsError) as raised:
        load_expectations(path)
    assert f"bad.yaml{place}: " in str(raised.value), str(raised.value)
    assert said in str(raised.value)


def test_every_problem_of_an_expectations_file_is_reported_at_once_in_file_order(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("engine: x\nexpectations:\n  - scenario: fault-001\n    outcome: failed\n    reason: r\n"
                    "  - scenario: faults-002\n    outcome: flaky\n    reason: r\n", encoding="utf-8")
    with pytest.raises(ExpectationsError) as raised:
        load_expectations(path)
    places = [f"{problem.place.line}:{problem.place.column}" for problem in raised.value.problems]
    assert places == ["3:15", "7:14"]  # the unknown id (checked after the schema) and the schema's outcome


def test_a_bad_expectations_file_is_bad_input_before_the_run(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("engine: x\nexpectations:\n  - scenario: nope\n    outcome: failed\n    reason: r\n", encoding="utf-8")
    assert main(["conform", "--tags", "@id:faults-001", "--expectations", str(path)]) == 2
    error = capsys.readouterr().err
    assert "bad expectations file" in error and "bad.yaml:3:15" in error and "Traceback" not in error
    assert main(["conform", "--tags", "@id:faults-001", "--expectations", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot read the expectations file" in capsys.readouterr().err


def test_an_entry_for_a_rule_set_its_scenario_never_ran_under_is_named(tmp_path, capsys):
    path = tmp_path / "stale.yaml"
    path.write_text("engine: reference\nexpectations:\n  - scenario: faults-001\n    ruleset: fpt-1983\n"
                    "    outcome: failed\n    reason: r\n", encoding="utf-8")
    assert main(["conform", "--tags", "@id:faults-001", "--expectations", str(path)]) == 0
    error = capsys.readouterr().err
    assert "stale.yaml:3: the entry for faults-001 under fpt-1983 matched nothing" in error
    assert "under atb-2004 only" in error
    path.write_text(path.read_text(encoding="utf-8").replace("fpt-1983", "atb-2004"), encoding="utf-8")
    assert main(["conform", "--tags", "@id:faults-001", "--expectations", str(path)]) == 1  # used: it now passes
    assert "matched nothing" not in capsys.readouterr().err


def test_an_entry_may_name_the_variant_the_run_plays(runs, tmp_path, capsys):
    path = tmp_path / "variant.yaml"
    path.write_text("engine: reference\nexpectations:\n  - scenario: normas-001\n    ruleset: casa\n"
                    "    outcome: failed\n    reason: casa lets a card be covered in the first vaza\n", encoding="utf-8")
    variant = str(runs["folder"] / "casa.yaml")
    assert main(["conform", "--ruleset", variant, "--tags", "@id:normas-001", "--expectations", str(path)]) == 0
    assert "0 passed, 0 failed, 1 expected failure" in capsys.readouterr().out
    assert main(["conform", "--tags", "@id:normas-001", "--expectations", str(path)]) == 2  # no casa in this run
    assert "casa is not a rule set id" in capsys.readouterr().err


def test_the_expectable_outcomes_are_the_schemas():
    item = EXPECTATIONS_SCHEMA["properties"]["expectations"]["items"]["properties"]
    assert tuple(item["outcome"]["enum"]) == EXPECTABLE
    assert tuple(REPORT_SCHEMA["$defs"]["outcome"]["enum"]) == OUTCOMES
    replies = REPORT_SCHEMA["$defs"]["record"]["properties"]["engine_replies"]
    assert replies["maxItems"] == transcript.TRANSCRIPT_LENGTH
    assert replies["items"]["properties"]["request"]["maxLength"] == transcript.SHOWN_LINE


# ---------------------------------------------------------------------------------------- unsupported, --json
def test_unsupported_scenarios_are_listed_with_the_reading_that_made_them_so():
    class ReadsTruco3Otherwise(ReferenceAdapter):
        readings = {"ATB-TRUCO-3": "the word truco always calls a truco"}

    results = run_suite(tags="@id:truco-005 or @id:faults-010", adapter_factory=ReadsTruco3Otherwise)
    console = Console(file=io.StringIO(), width=200, highlight=False)
    report(results, console)
    printed = console.file.getvalue()
    assert "1 scenario not supported by the engine:" in printed
    assert "reference reads ATB-TRUCO-3 otherwise: the word truco always calls a truco (1): truco-005" in printed
    assert "\n1 passed, 0 failed, 1 unsupported\n" in printed


def test_an_engine_playing_one_rule_set_is_not_buried_under_the_others(monkeypatch):
    class PlaysAtbOnly(ReferenceAdapter):
        def supports(self, ruleset: str, players: int) -> bool:
            return ruleset == "atb-2004" and super().supports(ruleset, players)

    import truco_dsl.cli.conform as conform

    monkeypatch.setattr(conform, "SHOWN_UNSUPPORTED", 2)
    tags = "@id:estrutura-001 or @id:fpt-carteada-001 or @id:fpt-carteada-002 or @id:fpt-carteada-003"
    results = run_suite(tags=tags, adapter_factory=PlaysAtbOnly)
    console = Console(file=io.StringIO(), width=200, highlight=False)
    report(results, console)
    printed = console.file.getvalue()
    assert "\n1 passed, 0 failed, 3 unsupported\n" in printed
    # the ids of one reason are cut at SHOWN_UNSUPPORTED, the rest counted
    assert re.search(r"does not play 'fpt-1983' with 2 players \(3\): fpt-carteada-001 fpt-carteada-002 … and 1 more", printed)
    # no table row for a clause whose every scenario is unsupported; the table keeps atb-2004's
    fpt_only = {clause for result in results if result.outcome == "unsupported" for clause in result.clauses} - \
        {clause for result in results if result.outcome == "passed" for clause in result.clauses}
    assert fpt_only and not any(f"│ {clause} " in printed for clause in fpt_only)
    assert "│ ATB-ESTRUTURA-2 " in printed and f"\n{len(fpt_only)} clauses left out of the table" in printed


def test_json_records_follow_their_schema_and_carry_the_failing_step_and_the_exchanges(runs):
    validator = Draft202012Validator(REPORT_SCHEMA)
    for name in ("first", "second"):
        validator.validate(records(runs, name))
    failed = next(record for record in records(runs, "first") if record["id"] == "normas-002")
    assert failed["feature"] == "atb-2004/normas.feature" and failed["line"] and failed["ruleset"] == "casa"
    assert failed["failing_step"].startswith("Then the action is refused") and failed["failing_step_line"] > failed["line"]
    assert failed["clauses"] == ["ATB-NORMAS-11"] and failed["duration"] > 0 and failed["engine"] == "reference"
    last_act = [exchange for exchange in failed["engine_replies"] if '"command":"act"' in exchange["request"]][-1]
    assert json.loads(last_act["request"])["action"] == "play_covered:7s"
    assert json.loads(last_act["reply"])["accepted"] is True  # what the engine did wrong
    assert all(record["engine_replies"] == [] for record in records(runs, "first") if record["outcome"] == "passed")
    expected = next(record for record in records(runs, "second") if record["id"] == "normas-002")
    assert expected["expected"]["outcome"] == "failed" and expected["expected"]["line"] > 1


def test_json_records_of_an_engine_program_keep_its_lines(tmp_path):
    faulty = Path(__file__).with_name("engines") / "faulty_engine.py"
    report_path = tmp_path / "r.json"
    engine = shlex.join([sys.executable, str(faulty), "ok,garbage", str(tmp_path / "games")])
    assert main(["conform", "--tags", "@id:truco-001 or @id:truco-002", "--engine", engine, "--json", str(report_path)]) == 1
    passed, broken = json.loads(report_path.read_text(encoding="utf-8"))
    Draft202012Validator(REPORT_SCHEMA).validate([passed, broken])
    assert passed["outcome"] == "passed" and broken["outcome"] == "protocol_error"
    assert broken["engine_replies"][-1]["reply"] == "this is not json"
    assert passed["engine"] == broken["engine"] == "faulty ok,garbage"  # hello's name and version


# ---------------------------------------------------------------------------------------- --html
class _Page(HTMLParser):
    """What the page loads and runs: script tags, and every src / href attribute."""

    def __init__(self):
        super().__init__()
        self.scripts, self.references = 0, []

    def handle_starttag(self, tag, attributes):
        self.scripts += tag == "script"
        self.references += [value for name, value in attributes if name in ("src", "href") and value]


def test_the_html_page_is_self_contained_and_escapes_what_it_shows(runs):
    page = _Page()
    page.feed((runs["folder"] / "report.html").read_text(encoding="utf-8"))
    assert page.scripts == 0
    assert page.references and all(reference.startswith("#") for reference in page.references)
    hostile = ScenarioResult(id="x-1", clauses=("ATB-NORMAS-11",), feature="atb-2004/x.feature", scenario="<b>bold</b>",
                             ruleset="atb-2004", outcome="failed", duration=0.1, failing_step="Then <script>",
                             message="<script>alert(1)</script> & more", line=3, failing_step_line=4)
    html = render_html([hostile], engine="<img src=x>")
    assert "<script>" not in html and "<img src=x>" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html


def test_a_failure_is_shown_in_full_once_and_linked_from_each_of_its_clauses():
    failing = ScenarioResult(id="normas-001", clauses=("ATB-NORMAS-11", "ATB-TRUCO-2"), feature="atb-2004/normas.feature",
                             scenario="two clauses", ruleset="casa", outcome="failed", duration=0.1,
                             failing_step="Then seat 0 may not play_covered:6d (line 12)", message="expected seat 0 not to…\nState: …",
                             line=6, failing_step_line=12, engine_replies=[{"request": '{"seq":1}', "reply": '{"seq":1,"ok":true}'}])
    html = render_html([failing], engine="reference")
    assert html.count("last exchanges (request, then reply)") == 1 and html.count("State: …") == 1
    assert html.count('href="#scenario-normas-001-casa"') == 2 and 'id="scenario-normas-001-casa"' in html
    assert html.count("Then seat 0 may not play_covered:6d</code> at features/atb-2004/normas.feature:12") == 3
    assert "(line 12)" not in html


def test_control_characters_an_engine_printed_are_written_out_in_the_reports():
    crashed = ScenarioResult(id="x-1", clauses=("ATB-NORMAS-11",), feature="atb-2004/x.feature", scenario="s", ruleset="atb-2004",
                             outcome="crash", duration=0.1, message="stderr: \x1b[31mboom\x1b[0m \x01",
                             engine_replies=[{"request": '{"seq":1}', "reply": "\x00garbage"}])
    document = junit_report([crashed])
    suite = ElementTree.fromstring(document.split("\n", 1)[1]).find("testsuite")  # well-formed XML
    assert "stderr: \\x1b[31mboom\\x1b[0m \\x01" in suite.find("testcase/error").get("message")
    assert "< \\x00garbage" in suite.find("testcase/error").text
    html = render_html([crashed], engine="reference")
    assert "\x1b" not in html and "\\x1b[31mboom" in html


def _visible_text(page: Path) -> tuple[str, str]:
    """The text headless Chromium shows of ``page`` (Selenium's visible text of the body) and the
    background colour of the first failing outcome badge. Fails, or skips with the reason where no
    Chromium is installed (a failure in CI: tests/conftest.py, TRUCO_NO_SKIPS)."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
    except ImportError:
        missing.append("the selenium package")
    if missing:
        why = f"headless Chromium is not available here (missing {', '.join(missing)}; .ci/run installs Debian's chromium and chromium-driver)"
        pytest.skip(why)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    with tempfile.TemporaryDirectory(prefix="truco-chromium-") as profile:
        for flag in CHROMIUM_FLAGS + [f"--user-data-dir={profile}", "--window-size=1280,1000"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        try:
            driver.get(page.resolve().as_uri())
            text = driver.find_element(By.TAG_NAME, "body").text
            badge = driver.find_element(By.CSS_SELECTOR, "#now-passing, .outcome.bad").value_of_css_property("background-color")
        finally:
            driver.quit()
    return text, badge


def test_a_person_reading_the_html_in_chromium_sees_the_clauses_their_scenarios_and_the_counts(runs):
    text, alarm = _visible_text(runs["folder"] / "report.html")
    summary = next(line for line in text.splitlines() if re.fullmatch(r"\d+ passed, 0 failed, 3 expected failures, 1 now passing", line))
    assert summary
    assert "Conformance of reference" in text
    assert "ATB-NORMAS-11" in text and "Na primeira vaza não se pode encobrir cartas;" in text  # a clause, its quote
    assert re.search(r"normas-002\s+The last player of the first vaza cannot cover a card either\s+features/atb-2004/normas.feature:\d+"
                     r"\s+casa\s+expected failure", text)  # a scenario's row and its outcome
    assert "Failing step: Then the action is refused with reason" in text  # what failed, shown without a click
    assert f"now passes: remove it from {runs['folder'] / 'known.yaml'}" in text
    assert "it used to <b>fail</b> & was fixed" in text  # escaped, so shown as written
    assert alarm not in ("rgba(0, 0, 0, 0)", "transparent")  # the inline style sheet applies


def test_a_failing_scenario_gives_the_truco_explain_command_in_every_report(runs, capsys):
    failed = next(record for record in records(runs, "first") if record["id"] == "normas-002")
    variant = str(runs["folder"] / "casa.yaml")  # a rule file, not bundled: named by its path
    assert shlex.split(failed["explain"]) == ["truco", "explain", "normas-002", "--ruleset", variant]
    assert all(record["explain"] is None for record in records(runs, "first") if record["outcome"] == "passed")
    assert main(shlex.split(failed["explain"])[1:]) == 0  # the command runs: where the variant parts from atb-2004
    shown = capsys.readouterr().out
    # ATB lists no covered card in the first vaza (ATB-NORMAS-11), the variant does: they part at the first card
    assert "compared with atb-2004" in shown and "where they part: step 2 (features/atb-2004/normas.feature:26)" in shown
    assert "5. seat 3: play_covered:7s" in shown and "REFUSED" not in shown  # the covered card the scenario expects refused
    failing = ScenarioResult(id="normas-002", clauses=("ATB-NORMAS-11",), feature="atb-2004/normas.feature", scenario="s",
                             ruleset="casa", outcome="failed", duration=0.1, failing_step="Then … (line 28)", message="expected…",
                             line=18, failing_step_line=28, explain=failed["explain"])
    assert f"<code>{failed['explain']}</code>" in render_html([failing], engine="reference")
    console = Console(file=io.StringIO(), width=400)
    report([failing], console)
    assert f"what the reference engine does there: {failed['explain']}" in console.file.getvalue()
    assert explain_command("empate-003", "atb-2004/empate.feature", "atb-2004", {}) == "truco explain empate-003"
    assert explain_command("desacordos-001", "desacordos/desacordos.feature", "fpt-1983", {}) == \
        "truco explain desacordos-001 --ruleset fpt-1983"


def test_an_unreviewed_reason_carries_the_likely_cause_when_a_departure_was_found():
    from types import SimpleNamespace

    from truco_dsl.conformance.report.expectations import expectations_document

    def failed(scenario: str, cause: dict | None) -> SimpleNamespace:
        return SimpleNamespace(id=scenario, ruleset="atb-2004", outcome="failed", expected=None, cause=cause,
                               failing_step="Then the score is 1 to 0", message="expected 1 to 0, the engine says 3 to 0")

    departure = {"key": "state score", "clauses": ["ATB-TRUCO-2"], "command": "state"}
    no_departure = {"key": "failed at Then the score is N to N", "clauses": [], "command": None}
    reasons = [entry["reason"] for entry in expectations_document(
        [failed("truco-002", departure), failed("truco-003", no_departure), failed("truco-004", None)], "mine", None)["expectations"]]
    assert reasons[0] == (f"{UNREVIEWED}: failed at Then the score is 1 to 0: expected 1 to 0, the engine says 3 to 0 "
                          "(likely cause: state score, breaks ATB-TRUCO-2)")
    assert reasons[1] == reasons[2] == f"{UNREVIEWED}: failed at Then the score is 1 to 0: expected 1 to 0, the engine says 3 to 0"


def test_an_expectation_can_name_one_row_of_an_outline(tmp_path):
    from truco_dsl.errors import ExpectationsError

    def written(entries: str) -> Path:
        path = tmp_path / "known.yaml"
        path.write_text("engine: mine\nexpectations:\n" + entries, encoding="utf-8")
        return path

    row = {"vira": "Qd", "seat0": "4s", "seat1": "5d", "winner": "1"}
    known = load_expectations(written(
        '  - scenario: baralho-008\n    example: {vira: Qd, seat0: 4s, seat1: 5d, winner: 1}\n    outcome: failed\n    reason: the row\n'
        '  - scenario: baralho-008\n    outcome: failed\n    reason: every row\n'))
    assert known.find("baralho-008", "atb-2004", row).reason == "the row"  # the row's entry wins, wherever it is
    assert known.find("baralho-008", "atb-2004", {**row, "vira": "Jd"}).reason == "every row"
    with pytest.raises(ExpectationsError) as refused:
        load_expectations(written('  - scenario: baralho-008\n    example: {vira: Qd, seat0: 4s, seat1: 5h, winner: "1"}\n'
                                  '    outcome: failed\n    reason: r\n'
                                  '  - scenario: faults-001\n    example: {vira: Qd}\n    outcome: failed\n    reason: r\n'))
    outline, plain = refused.value.problems
    assert (outline.place.line, outline.place.path) == (4, "expectations[0].example")
    assert outline.message.startswith("baralho-008 has no row with these values; its rows: vira: Qd, seat0: 4s, seat1: 5d, winner: 1;")
    assert plain.message == "faults-001 is not a Scenario Outline: leave example out"


def test_written_expectations_name_the_row_of_an_outline_that_ran_several(tmp_path):
    class SecondCardNeverLeads(ReferenceAdapter):  # seat 1's first card is refused: every row where seat 1 plays fails
        def act(self, seat, action):
            if seat == 1 and action.startswith("play:") and self.state()["hand"]["tricks"][0]["winner_seat"] is None:
                from truco_dsl.conformance.engines.adapter import Outcome
                return Outcome(accepted=False, events=[], reason="not_your_turn")
            return super().act(seat, action)

    results = run_suite(tags="@id:baralho-008", adapter_factory=SecondCardNeverLeads)
    from truco_dsl.conformance.report.expectations import expectations_document, expectations_text

    document = expectations_document(results, "mine", "atb-2004")
    assert document["expectations"] and all(set(entry["example"]) == {"vira", "seat0", "seat1", "winner"}
                                            for entry in document["expectations"])
    path = tmp_path / "known.yaml"
    path.write_text(expectations_text(document, path), encoding="utf-8")
    rows = load_expectations(path)
    again = run_suite(tags="@id:baralho-008", adapter_factory=SecondCardNeverLeads, expectations=rows)
    assert {result.outcome for result in again} == {"expected_failure"}


def test_a_reply_nested_past_what_python_reads_is_kept_and_shown_not_a_crash():
    # an engine's state reply 1,200 arrays deep: the transcript's window and the causes read it as no protocol line
    from truco_dsl.conformance.report.causes import _object

    deep = '{"seq":2,"ok":true,"state":' + "[" * 1200 + "]" * 1200 + "}"
    record = transcript.Transcript()
    record.record('{"seq":1,"command":"state","seat":null}', '{"seq":1,"ok":true,"state":{}}')
    record.record('{"seq":2,"command":"state","seat":null}', deep)
    assert [exchange["reply"][:20] for exchange in record.exchanges()] == ['{"seq":1,"ok":true,"', '{"seq":2,"ok":true,"']
    assert _object(deep) is None
