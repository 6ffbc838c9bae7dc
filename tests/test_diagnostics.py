"""One reader of YAML with places (``diagnostics.YamlFile``) for every kind of file a user writes:
rule files (``truco validate``) and expectations files (``truco conform --expectations``) refuse
the same things with the same care — too large, not UTF-8, not YAML, too deep, aliases, duplicate
keys — each at its line and column, and read booleans alike (YAML 1.2: only true / false)."""

from __future__ import annotations

import pytest

from truco_dsl.cli import main
from truco_dsl.conformance.report.expectations import load_expectations
from truco_dsl.diagnostics import MAX_FILE_BYTES, MAX_NESTING, YamlFile, closest, did_you_mean
from truco_dsl.errors import ExpectationsError

ENTRY = "  - scenario: faults-001\n    outcome: failed\n    reason: r\n"


def rule_file_problems(tmp_path, capsys, content: bytes | str) -> str:
    """What ``truco validate`` says about a rule file with ``content`` (it must refuse it)."""
    path = tmp_path / "casa.yaml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def expectations_problems(tmp_path, content: bytes | str) -> ExpectationsError:
    """The error ``load_expectations`` raises for a file with ``content``."""
    path = tmp_path / "known.yaml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(ExpectationsError) as raised:
        load_expectations(path, scenario_ids=["faults-001", "faults-002"])
    return raised.value


# ------------------------------------------------------------------ what both kinds of file refuse
def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path, capsys):
    padding = "# " + "x" * 98 + "\n"
    big = "ruleset: casa\n" + padding * (MAX_FILE_BYTES // len(padding) + 1)
    assert "casa.yaml:1:1: the file is larger than 1,000,000 bytes: too large to be a rule file" in rule_file_problems(tmp_path, capsys, big)
    error = expectations_problems(tmp_path, "engine: x\n" + padding * (MAX_FILE_BYTES // len(padding) + 1))
    assert "known.yaml:1:1: the file is larger than 1,000,000 bytes: too large to be an expectations file" in str(error)


def test_a_file_at_the_limit_is_read(tmp_path):
    text = "engine: x\nexpectations:\n" + ENTRY
    path = tmp_path / "known.yaml"
    path.write_text(text + "#" * (MAX_FILE_BYTES - len(text) - 1) + "\n", encoding="utf-8")
    assert path.stat().st_size == MAX_FILE_BYTES
    assert load_expectations(path, scenario_ids=["faults-001"]).engine == "x"


def test_a_byte_that_is_not_utf8_is_pointed_at_on_its_line(tmp_path, capsys):
    content = "ruleset: casa\ntitle: A casa é nossa \xff\n".encode("utf-8").replace(b"\xc3\xbf", b"\xff")
    err = rule_file_problems(tmp_path, capsys, content)
    # column 23: counted in characters (é is one), not in bytes
    assert "casa.yaml:2:23: the file is not UTF-8 text (a rule file is YAML, written in UTF-8)" in err
    assert "title: A casa é nossa \ufffd" in err  # the line, the bad byte shown as a replacement
    error = expectations_problems(tmp_path, b"engine: x\nexpectations: [] # \xff\n")
    (problem,) = error.problems
    assert (problem.place.line, problem.place.column) == (2, 20)
    assert problem.message == "the file is not UTF-8 text (an expectations file is YAML, written in UTF-8)"


def test_a_character_yaml_does_not_allow_is_pointed_at_on_its_line(tmp_path, capsys):
    err = rule_file_problems(tmp_path, capsys, "ruleset: casa\ntitle: A casa\x00 nossa\n")
    # PyYAML says "position 21" of the whole text; the line and column are where a person looks
    assert "casa.yaml:2:14: not valid YAML: the character U+0000 is not allowed in a YAML file" in err
    assert "title: A casa\ufffd nossa" in err and "\x00" not in err  # the line shown, the character replaced
    (problem,) = expectations_problems(tmp_path, "engine: x\x07\nexpectations: []\n").problems
    assert (problem.place.line, problem.place.column) == (1, 10) and "U+0007" in problem.message


def test_yaml_nested_deeper_than_the_limit_is_refused_where_it_gets_too_deep(tmp_path, capsys):
    deep = "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)
    err = rule_file_problems(tmp_path, capsys, f"ruleset: casa\ntitle: Deep\nclauses: {deep}\n")
    # the mapping is level 1, so the 50th bracket is level 51
    assert f"casa.yaml:3:{len('clauses: ') + MAX_NESTING}: the YAML nests deeper than 50 levels; a rule file needs a handful" in err
    (problem,) = expectations_problems(tmp_path, f"engine: x\nexpectations: {deep}\n").problems
    assert (problem.place.line, problem.place.column) == (2, len("expectations: ") + MAX_NESTING)
    assert "nests deeper than 50 levels; an expectations file needs a handful" in problem.message


def test_nesting_at_the_limit_is_not_refused_for_its_depth(tmp_path):
    fine = "[" * (MAX_NESTING - 1) + "]" * (MAX_NESTING - 1)
    error = expectations_problems(tmp_path, f"engine: x\nexpectations: {fine}\n")
    assert "nests deeper" not in str(error) and "expectations[0]" in str(error)  # the schema's complaint instead


def test_an_alias_is_refused_at_the_alias(tmp_path, capsys):
    err = rule_file_problems(tmp_path, capsys, "ruleset: casa\ntitle: &t Casa\nsource: *t\n")
    assert "casa.yaml:3:9: YAML aliases (*t) are not allowed in rule files; write the value out, or use extends" in err
    error = expectations_problems(tmp_path, "engine: x\nexpectations:\n  - &one\n    scenario: faults-001\n    outcome: failed\n"
                                           "    reason: r\n  - *one\n")
    assert "known.yaml:7:5: YAML aliases (*one) are not allowed in expectations files; write the entry out" in str(error)


def test_a_list_left_open_is_pointed_at_where_it_opens(tmp_path, capsys):
    err = rule_file_problems(tmp_path, capsys, "ruleset: casa\ndrop: [ATB-NORMAS-11\n")
    assert "casa.yaml:2:7: not valid YAML: a [ list that starts here is never closed" in err
    error = expectations_problems(tmp_path, "engine: x\nexpectations: [faults-001\n")
    assert "known.yaml:2:15: not valid YAML: a [ list that starts here is never closed" in str(error)
    assert "    expectations: [faults-001\n                  ^" in str(error)  # the line and a caret under the [


def test_a_duplicate_key_is_pointed_at_the_second_one(tmp_path, capsys):
    err = rule_file_problems(tmp_path, capsys, "ruleset: casa\ntitle: Casa\nextends: atb-2004\ntitle: Outra\n")
    assert "casa.yaml:4:1: duplicate key 'title' (YAML would silently keep only the last)" in err
    error = expectations_problems(tmp_path, "engine: x\nexpectations:\n  - scenario: faults-001\n    scenario: faults-002\n"
                                           "    outcome: failed\n    reason: r\n")
    assert "known.yaml:4:5: duplicate key 'scenario'" in str(error) and "(at expectations[0].scenario)" in str(error)


def test_an_unreadable_file_is_a_problem_of_that_file(tmp_path):
    folder = tmp_path / "known.yaml"
    folder.mkdir()
    with pytest.raises(ExpectationsError, match="known.yaml:1:1: cannot read the expectations file: is a directory, not a file"):
        load_expectations(folder)


# ------------------------------------------------------------------ YAML 1.2 booleans
@pytest.mark.parametrize("word", ["no", "yes", "on", "off", "y", "n", "No"])
def test_an_expectations_reason_of_one_yaml_11_boolean_word_stays_that_word(tmp_path, word):
    path = tmp_path / "known.yaml"
    path.write_text(f"engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: failed\n    reason: {word}\n", encoding="utf-8")
    (entry,) = load_expectations(path, scenario_ids=["faults-001"]).entries
    assert entry.reason == word


def test_an_outcome_of_a_yaml_11_boolean_word_is_named_as_written(tmp_path):
    error = expectations_problems(tmp_path, "engine: x\nexpectations:\n  - scenario: faults-001\n    outcome: on\n    reason: r\n")
    # YAML 1.1 would have read True and said "True is not an outcome"
    assert "known.yaml:4:14: expectations[0].outcome: on is not an outcome" in str(error)


def test_true_and_false_are_still_booleans(tmp_path):
    error = expectations_problems(tmp_path, "engine: true\nexpectations: []\n")
    assert "known.yaml:1:9: engine: true is not a string" in str(error)


def test_the_reader_keeps_the_place_of_every_key_and_value(tmp_path):
    path = tmp_path / "any.yaml"
    path.write_text("top:\n  on: [1, 'two']\n  when: |\n    x\n", encoding="utf-8")
    read = YamlFile.read(path, "rule file")
    assert read.problems == [] and read.document == {"top": {"on": [1, "two"], "when": "x\n"}}
    assert read.key_marks[("top", "on")] == (1, 2) and read.value_marks[("top", "on", 1)] == (1, 10)
    assert read.styles[("top", "on", 1)] == "'" and read.styles[("top", "when")] == "|" and read.styles[("top", "on", 0)] is None
    place = read.place(("top", "missing"))  # a key the file does not have: the mapping around it
    assert (place.line, place.column, place.path) == (2, 3, "top.missing")
    assert read.problem(("top", "on"), "wrong", at_key=True).render().startswith(f"{path}:2:3: wrong\n      on: [1, 'two']\n      ^")


# ------------------------------------------------------------------ did you mean
@pytest.mark.parametrize("word, known, expected", [
    ("awrd", ["award", "end_hand", "win_hand"], "award"),
    ("numbr", ["number", "leader"], "number"),
    ("atb-2040", ["atb-2004", "enecomp", "fpt-1983"], "atb-2004"),
    ("tid", ["tied", "number"], "tied"),
    ("x", ["max", "min"], None),  # one letter: anything is two edits away
    ("9", ["4", "5"], None),
    ("give_points", ["award", "win_hand"], None),
    ("colour", ["colors", "color"], "color"),
    ("colour", ["colors", "colour_x"], None),  # both two edits away: either would be a guess
    ("ATB-EMPATE-4", ["ATB-EMPATE-1", "ATB-EMPATE-2", "ATB-EMPATE-3"], None),
    ("ATB-EMPATE-33", ["ATB-EMPATE-1", "ATB-EMPATE-2", "ATB-EMPATE-3"], "ATB-EMPATE-3"),
])
def test_closest_offers_a_known_word_only_when_it_is_near(word, known, expected):
    assert closest(word, known) == expected
    assert did_you_mean(word, known) == ("" if expected is None else f" (did you mean {expected}?)")
