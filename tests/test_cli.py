"""The command layer (``truco_dsl.cli``): one map from a user's mistake to its message and exit code,
problems reported without losing the rest of a run, and ``truco serve`` kept light.

Each command's own messages are tested with the command (test_features_lint.py, test_protocol.py,
test_reports.py, test_mutate_cli.py, test_cases_export.py, test_play.py, test_validate.py).
"""

from __future__ import annotations

import errno
import os
import json
import pathlib
import subprocess
import sys
import textwrap

import pytest

from truco_dsl import errors
from truco_dsl.cli import COMMANDS, build_parser, main
from truco_dsl.cli.exits import EXIT_BAD_INPUT, SHOWN, reported
from truco_dsl.diagnostics import Place, Problem


# ---------------------------------------------------------------------------------------- the map
def test_every_class_the_map_shows_is_a_public_error_or_a_missing_file():
    public = {value for value in vars(errors).values() if isinstance(value, type) and issubclass(value, Exception)}
    assert set(SHOWN) - public == {FileNotFoundError}
    assert {errors.RulesetError, errors.ExpectationsError, errors.SelectionError, errors.SuiteError, errors.CasesError,
            errors.EngineStartError} <= set(SHOWN)


def test_a_problems_file_shows_every_problem_under_its_heading_and_one_line_errors_their_first_line(capsys):
    problems = [Problem(Place("one.yaml", 3, 5), "first problem"), Problem(Place("one.yaml", 9, 1), "second problem")]
    assert reported("validate", errors.RulesetError(problems)) == EXIT_BAD_INPUT
    error = capsys.readouterr().err
    assert error.startswith("truco validate: bad rule file:\n") and "first problem" in error and "second problem" in error
    assert reported("conform", errors.ExpectationsError(problems)) == EXIT_BAD_INPUT
    assert capsys.readouterr().err.startswith("truco conform: bad expectations file:\n")
    assert reported("cases export", errors.CasesError("features/x.feature:3: no such step\nmore")) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == "truco cases export: features/x.feature:3: no such step\n"
    # pytest's output, the end of which says why the suite could not run, is shown whole
    assert reported("mutate", errors.SuiteError("pytest could not run the conformance suite\nE   the reason")) == EXIT_BAD_INPUT
    assert capsys.readouterr().err == "truco mutate: pytest could not run the conformance suite\nE   the reason\n"


def test_an_exception_that_is_no_users_mistake_keeps_its_traceback():
    with pytest.raises(KeyError, match="a fault of truco-dsl"):
        reported("conform", KeyError("a fault of truco-dsl"))


def test_every_command_module_adds_its_subcommand_and_runs_it():
    typed = {"validate": ["validate", "x.yaml"], "conform": ["conform"], "mutate": ["mutate", "--ruleset", "x"],
             "cases": ["cases", "export"], "serve": ["serve"], "play": ["play"], "vocabulary": ["vocabulary"],
             "coverage": ["coverage"], "where": ["where", "ATB-EMPATE-3"], "show": ["show", "atb-2004"],
             "new": ["new", "casa", "--extends", "atb-2004"], "simulate": ["simulate"], "diff": ["diff", "atb-2004", "enecomp"],
             "rulebook": ["rulebook", "atb-2004"], "explain": ["explain", "empate-003"]}
    parser = build_parser()
    for module in COMMANDS:
        options = parser.parse_args(typed[module.__name__.rsplit(".", 1)[1]])
        assert options.run is module.run
    assert parser.parse_args(["cases", "export"]).command == "cases export"  # what its messages start with


# ---------------------------------------------------------------------------------------- reported and gone on
def test_an_unwritable_report_is_named_and_the_others_are_still_written(tmp_path, monkeypatch, capsys):
    json_path, xml_path = tmp_path / "r.json", tmp_path / "r.xml"
    write_text = pathlib.Path.write_text

    def full_disk(self, text, *arguments, **keywords):
        if self == json_path:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write_text(self, text, *arguments, **keywords)

    monkeypatch.setattr(pathlib.Path, "write_text", full_disk)
    assert main(["conform", "--tags", "@id:faults-001", "--json", str(json_path), "--junit-xml", str(xml_path)]) == 2
    error = capsys.readouterr().err
    assert error == f"truco conform: cannot write the JSON report to {json_path}: No space left on device\n"
    assert not json_path.exists() and 'tests="1"' in xml_path.read_text(encoding="utf-8")


def test_a_folder_without_rule_files_is_named_and_the_other_files_are_still_checked(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    variant = tmp_path / "casa.yaml"
    variant.write_text(textwrap.dedent("""\
        ruleset: casa
        title: House rules
        extends: atb-2004
        drop: [ATB-NORMAS-11]
        """), encoding="utf-8")
    assert main(["validate", str(tmp_path / "empty"), str(variant)]) == 2
    captured = capsys.readouterr()
    assert "empty: a folder with no rule files in it" in captured.err
    assert "casa.yaml: ok — rule set casa (casa → atb-2004 → paulista)" in captured.out


# ---------------------------------------------------------------------------------------- truco serve
def test_truco_serve_imports_neither_pytest_nor_rich():
    program = textwrap.dedent("""\
        import io, json, sys
        from truco_dsl.cli import main
        replies = io.StringIO()
        sys.stdout = replies
        code = main(["serve"])
        sys.stdout = sys.__stdout__
        print(json.dumps({"code": code, "replies": replies.getvalue().splitlines(), "modules": sorted(sys.modules)}))
        """)
    done = subprocess.run([sys.executable, "-c", program], input='{"seq":1,"command":"hello","protocol":1}\n',
                          capture_output=True, text=True, timeout=120, check=True)
    ran = json.loads(done.stdout)
    [hello] = [json.loads(line) for line in ran["replies"]]
    assert ran["code"] == 0 and hello["seq"] == 1 and hello["ok"] and hello["name"] == "truco-dsl reference"
    assert "truco_dsl.conformance.engines.protocol" in ran["modules"]  # the list is the one serve filled
    loaded = {name.split(".")[0] for name in ran["modules"]}
    assert loaded.isdisjoint({"pytest", "_pytest", "pytest_bdd", "rich"}), sorted(loaded & {"pytest", "_pytest", "pytest_bdd", "rich"})


def test_two_reports_named_the_same_file_are_refused_before_the_run(tmp_path, capsys):
    same = tmp_path / "report.out"
    assert main(["conform", "--tags", "@id:faults-001", "--json", str(same), "--junit-xml", str(tmp_path / ".." / tmp_path.name / "report.out")]) == 2
    assert "--junit-xml and --json both name" in capsys.readouterr().err
    assert not same.exists()


def test_a_report_named_as_the_expectations_file_read_is_refused(tmp_path, capsys):
    known = tmp_path / "known.yaml"
    known.write_text("engine: reference\nexpectations: []\n", encoding="utf-8")
    assert main(["conform", "--tags", "@id:faults-001", "--expectations", str(known), "--json", str(known)]) == 2
    assert "--json names" in capsys.readouterr().err and known.read_text(encoding="utf-8").startswith("engine: reference")
    assert main(["conform", "--tags", "@id:faults-001", "--expectations", str(known), "--write-expectations", str(known)]) == 0


def test_a_python_engine_that_makes_no_adapter_is_bad_input(capsys):
    assert main(["conform", "--tags", "@id:faults-001", "--engine", "python:os:getcwd"]) == 2
    error = capsys.readouterr().err
    assert "--engine python:os:getcwd makes 'str', not an EngineAdapter" in error and "new_game" in error


@pytest.mark.parametrize(("command", "code"), [
    (["coverage"], 0), (["vocabulary"], 0), (["where", "ATB-EMPATE-3"], 0), (["validate", "spec/rulesets"], 0),
    (["show", "atb-2004"], 0),
    # melhor-de-cinco fails the atb-2004 scenarios of the decider by design (README): a failed run
    (["conform", "--ruleset", "melhor-de-cinco", "--tags", "@clause:ATB-TEMPO-e"], 1),
])
def test_output_piped_into_a_program_that_stopped_reading_changes_nothing_else(command, code, tmp_path):
    """``truco … | head -1``: the reader is gone before the command prints (a pipe whose reading end
    is closed), so every write to stdout fails; the command still ends with its own exit code and
    writes its report files, and says nothing of the pipe."""
    report = tmp_path / "report.json"
    if command[0] == "conform":
        command = [*command, "--json", str(report)]
    reading, writing = os.pipe()
    os.close(reading)
    try:
        ended = subprocess.run([sys.executable, "-m", "truco_dsl.cli", *command], stdout=writing, stderr=subprocess.PIPE,
                               timeout=120, check=False)
    finally:
        os.close(writing)
    assert (ended.returncode, ended.stderr.decode()) == (code, "")
    if command[0] == "conform":
        assert any(record["outcome"] == "failed" for record in json.loads(report.read_text(encoding="utf-8")))


def test_a_python_engine_that_cannot_be_made_is_bad_input(capsys):
    assert main(["conform", "--tags", "@id:faults-001", "--engine", "python:truco_dsl.errors:IllegalAction"]) == 2
    assert "could not make the engine: TypeError" in capsys.readouterr().err


#: (command, option, a value out of its range, what the message says): every numeric option of every command
OUT_OF_RANGE = [
    ("play", "--seed", "-1", "the seed must be a whole number from 0 to 999,999,999,999,999,999, not '-1'"),
    ("play", "--seed", "1e3", "the seed must be a whole number from 0"),
    ("play", "--seed", "nan", "the seed must be a whole number from 0"),
    ("play", "--seed", "1000000000000000000", "the seed must be a whole number from 0 to 999,999,999,999,999,999"),
    ("play", "--seed", "9" * 5000, "the seed must be a whole number from 0"),
    ("play", "--players", "1", "the number of players must be a whole number from 2 to 12, not '1'"),
    ("play", "--players", "13", "the number of players must be a whole number from 2 to 12"),
    ("play", "--players", "2.0", "the number of players must be a whole number from 2 to 12"),
    ("play", "--players", "inf", "the number of players must be a whole number from 2 to 12"),
    ("play", "--scores", "101,0", "a score must be a whole number from 0 to 100, not '101'"),
    ("play", "--scores", "3", "--scores is two whole numbers, team 0's and team 1's, like 11,3; not '3'"),
    ("conform", "--timeout", "inf", "the timeout must be more than 0 and at most 600 seconds"),
    ("conform", "--timeout", "-0", "the timeout must be more than 0 and at most 600 seconds"),
    ("conform", "--jobs", "0", "the number of jobs must be a whole number from 1 to"),
    ("conform", "--jobs", "-3", "the number of jobs must be a whole number from 1 to"),
    ("conform", "--jobs", "²", "the number of jobs must be a whole number from 1 to"),
    ("conform", "--jobs", "9" * 5000, "the number of jobs must be a whole number from 1 to"),
    ("conform", "--jobs", "1000", "1000 jobs is more than this machine can run at once"),
    ("mutate", "--jobs", "nan", "the number of jobs must be a whole number from 1 to"),
    ("conform", "--shard", "2/2", "a shard is I/N with 0 <= I < N <="),
    ("conform", "--shard", "0/999999", "a shard is I/N with 0 <= I < N <="),
    ("simulate", "--games", "0", "the number of games must be a whole number from 1 to 1,000,000, not '0'"),
    ("simulate", "--seed", "-1", "the seed must be a whole number from 0"),
    ("simulate", "--players", "1", "the number of players must be a whole number from 2 to 12"),
    ("simulate", "--workers", "0", "the number of workers must be a whole number from 1 to"),
    ("simulate", "--bots", "a,b,c", "--bots is one bot for both sides or two, B1,B2 (like heuristic,random), not 'a,b,c'"),
    ("diff", "--games", "-1", "the number of games must be a whole number from 0 to 1,000,000, not '-1'"),
    ("diff", "--seed", "x", "the seed must be a whole number from 0"),
    ("diff", "--players", "13", "the number of players must be a whole number from 2 to 12"),
    ("diff", "--workers", "0", "the number of workers must be a whole number from 1 to"),
    ("explain", "--seat", "-1", "a seat is a whole number from 0, not '-1'"),
    ("explain", "--game", "0", "a game of a record file is its line, a whole number from 1, not '0'"),
]


@pytest.mark.parametrize("command, option, value, said", OUT_OF_RANGE)
def test_a_numeric_option_out_of_its_range_is_bad_input_naming_the_range(command, option, value, said, capsys):
    arguments = [command, *(["--ruleset", "atb-2004"] if command == "mutate" else []), f"{option}={value}"]
    with pytest.raises(SystemExit) as exit:
        main(arguments)
    error = capsys.readouterr().err
    assert exit.value.code == EXIT_BAD_INPUT and f"argument {option}: {said}" in error and "Traceback" not in error, error
    assert len(error.splitlines()[-1]) < 200, "a huge value is cut, not repeated whole"


def test_every_numeric_option_of_every_command_has_a_row_out_of_range():
    """An option with an argument type (every number a command takes has one) is in ``OUT_OF_RANGE``."""
    subcommands = next(action for action in build_parser()._actions if action.dest == "command").choices
    typed = {(name, option) for name, parser in subcommands.items() for action in parser._actions
             if action.type is not None for option in action.option_strings}
    assert typed == {(command, option) for command, option, _, _ in OUT_OF_RANGE}


@pytest.mark.parametrize("command", [
    ["diff", "atb-2004", "{file}", "--json", "{file}"],
    ["rulebook", "{file}", "--markdown", "{file}"],
    ["conform", "--ruleset", "{file}", "--json", "{file}"],
    ["simulate", "--ruleset", "{file}", "--record", "{file}"],
])
def test_no_command_writes_a_report_over_the_rule_file_it_reads(tmp_path, capsys, command):
    rule_file = tmp_path / "casa.yaml"
    rule_file.write_text("ruleset: casa\ntitle: Casa\nextends: atb-2004\n", encoding="utf-8")
    assert main([word.format(file=rule_file) for word in command]) == 2
    assert "is the rule file of" in capsys.readouterr().err
    assert rule_file.read_text(encoding="utf-8") == "ruleset: casa\ntitle: Casa\nextends: atb-2004\n"


@pytest.mark.parametrize("option", ["--json", "--html", "--junit-xml", "--write-expectations"])
def test_conform_writes_no_report_over_the_engine_program_it_runs(tmp_path, capsys, option):
    program = tmp_path / "my_engine.py"
    program.write_text("print('an engine')\n", encoding="utf-8")
    assert main(["conform", "--engine", f"{sys.executable} {program}", option, str(program)]) == 2
    assert f"{option} {program} is read by the engine" in capsys.readouterr().err
    assert program.read_text(encoding="utf-8") == "print('an engine')\n"


# ------------------------------------------------------------------------------- a report on standard output
@pytest.mark.parametrize("arguments, starts", [
    (["conform", "--tags", "@id:truco-001 or @id:truco-002", "--json", "-"], "["),
    (["conform", "--tags", "@id:truco-001", "--jobs", "2", "--json", "-"], "["),
    (["conform", "--tags", "@id:truco-001", "--junit-xml", "-"], "<?xml"),
    (["conform", "--tags", "@id:truco-001", "--html", "-"], "<!DOCTYPE html>"),
    (["conform", "--tags", "@id:truco-001", "--write-expectations", "-"], "# Known failures"),
    (["simulate", "--games", "10", "--workers", "1", "--json", "-"], "{"),
    (["rulebook", "atb-2004", "--markdown", "-"], "# Rulebook of atb-2004"),
    (["cases", "export", "--ruleset", "enecomp", "--output", "-"], "{"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else None)
def test_a_report_given_dash_is_written_to_standard_output_alone_and_no_file_named_dash(arguments, starts, tmp_path,
                                                                                        monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(arguments) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(starts), captured.out[:200]
    if starts in "[{":
        document = json.loads(captured.out)  # nothing but the report: the command's own lines went to stderr
        if arguments[0] == "conform":
            assert {record["id"] for record in document} == set(arguments[2].replace("@id:", "").split(" or "))
    if arguments[0] == "conform":
        assert "passed, 0 failed" in captured.err  # the summary, on stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("arguments, message", [
    (["conform", "--tags", "@id:truco-001", "--json", "-", "--html", "-"],
     "--json and --html both name standard output (-): one report can go there"),
    (["simulate", "--games", "10", "--json", "-", "--record", "-"], "--json and --record both name standard output (-)"),
    (["simulate", "--games", "10", "--plot", "-"], "--plot -: the plot is a PNG image and is not written to standard output"),
])
def test_two_reports_on_standard_output_or_a_png_there_are_refused_before_the_run(arguments, message, tmp_path, monkeypatch,
                                                                                  capsys):
    monkeypatch.chdir(tmp_path)
    assert main(arguments) == EXIT_BAD_INPUT
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
    assert list(tmp_path.iterdir()) == []
