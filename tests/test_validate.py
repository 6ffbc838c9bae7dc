"""`truco validate`: a malformed rule file gets exit code 2 and, for each problem, ``file:line:col``,
the YAML path and what is wrong — never a traceback. A sound file gets exit code 0."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import os
from pathlib import Path

import pytest

from truco_dsl.bundled import RULESETS_DIR
from truco_dsl.cli import main
from truco_dsl.rules import load_ruleset

# Each case: the files to write (name -> text), the file to validate, and the problems expected as
# (file name, line, column, words of the message). Line and column are 1-based, as printed.
CASES = {
    "bad YAML syntax": (
        {"bad-yaml": """\
            ruleset: bad-yaml
            title: Bad YAML
            extends: atb-2004
            stakes:
              ladder: [1, 2, 4
            game:
              target: 3
            """},
        "bad-yaml",
        # the parser notices at line 6 (`game:` inside the list) and names where the list began
        [("bad-yaml", 6, 5, "not valid YAML: expected ',' or ']'"), ("bad-yaml", 6, 5, "starts at line 5, column 11")],
    ),
    "a list left open at the end of the file": (
        {"open-list": """\
            ruleset: open-list
            title: Open list
            extends: atb-2004
            drop: [ATB-NORMAS-11
            """},
        "open-list",
        # the parser notices only at the end of the file: the place shown is where the list began
        [("open-list", 4, 7, "not valid YAML: a [ list that starts here is never closed")],
    ),
    "a missing title beside a bad expression": (
        {"no-title": """\
            ruleset: no-title
            extends: atb-2004
            clauses:
              - id: ATB-EMPATE-3
                cite: Jogada empatada na 3ª vaza
                on: after_trick
                when: trick.tid
                then: win_hand(tricks[1].winner)
            """},
        "no-title",
        # a missing key breaks only itself: the clauses are still checked
        [("no-title", 1, 1, "the top level is missing title"), ("no-title", 7, 17, "unknown field 'tid' of 'trick'")],
    ),
    "an unknown key": (
        {"unknown-key": """\
            ruleset: unknown-key
            title: Unknown key
            extends: atb-2004
            stakes:
              ladder: [1, 3, 6, 9, 12]
              lader: [1, 2]
            """},
        "unknown-key",
        [("unknown-key", 6, 3, "unknown key lader in stakes (did you mean ladder?); allowed keys: cites, ladder")],
    ),
    "a bad expression": (
        {"bad-expr": """\
            ruleset: bad-expr
            title: Bad expression
            extends: atb-2004
            clauses:
              - id: ATB-EMPATE-3
                cite: Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza
                on: after_trick
                when: trick.number == 3 and and trick.tied
                then: win_hand(tricks[1].winner)
            """},
        "bad-expr",
        [("bad-expr", 8, 33, "unexpected 'and'")],
    ),
    "an unknown builtin": (
        {"unknown-builtin": """\
            ruleset: unknown-builtin
            title: Unknown builtin
            extends: atb-2004
            clauses:
              - id: ATB-EMPATE-3
                cite: Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza
                on: after_trick
                when: trick.number == 3 and wns(0) == 2
                then: win_hand(tricks[1].winner); give_points(1)
            """},
        "unknown-builtin",
        [("unknown-builtin", 8, 33, "unknown builtin wns(); did you mean wins()?"),
         ("unknown-builtin", 9, 39, "unknown builtin give_points(); `truco vocabulary` lists the builtins")],
    ),
    "a wrong number of arguments": (
        {"wrong-arity": """\
            ruleset: wrong-arity
            title: Wrong arity
            extends: atb-2004
            clauses:
              - id: ATB-TRUCO-2.fold
                cite: pode fugir, interrompendo a rodada e perdendo 1 ponto
                on: respond
                when: response == "fold"
                then: award(raise.team); end_hand()
            """},
        "wrong-arity",
        [("wrong-arity", 9, 11, "award() takes 2 arguments, got 1")],
    ),
    "an extends cycle": (
        {
            "cycle-a": """\
                ruleset: cycle-a
                title: Cycle A
                extends: cycle-b
                """,
            "cycle-b": """\
                # b extends a, which extends b
                ruleset: cycle-b
                title: Cycle B
                extends: cycle-a
                """,
        },
        "cycle-a",
        [("cycle-b", 4, 10, "extends cycle: cycle-a -> cycle-b -> cycle-a"),
         ("cycle-a", 3, 10, "its parent rule set 'cycle-b' has the problems above")],
    ),
    "an unknown parent": (
        {"orphan": """\
            ruleset: orphan
            title: Orphan
            extends: atb-1999
            """},
        "orphan",
        [("orphan", 3, 10, "unknown parent rule set 'atb-1999'; a parent is a bundled rule set (atb-2004, ")],  # nothing close
    ),
    "a bad card": (
        {"bad-card": """\
            ruleset: bad-card
            title: Bad card
            extends: atb-2004
            deck:
              manilha:
                rule: fixed
                cards: [7d, As, 9x, 4c]
            deal:
              vira: false
            """},
        "bad-card",
        [("bad-card", 7, 21, "bad card '9x': unknown rank '9'")],
    ),
    "a duplicate clause id": (
        {"dup-clause": """\
            ruleset: dup-clause
            title: Duplicate clause
            extends: atb-2004
            clauses:
              - id: ATB-NORMAS-11
                cite: Na primeira vaza não se pode encobrir cartas;
                on: play
                when: action.covered and trick.number == 1
                then: forbid("covered_in_first_vaza")
              - id: ATB-NORMAS-11
                cite: Na primeira vaza não se pode encobrir cartas;
                on: play
                when: action.covered
                then: forbid("covered")
            """},
        "dup-clause",
        [("dup-clause", 10, 9, "duplicate clause id ATB-NORMAS-11 (also clauses[0])")],
    ),
    "a clause id missing from spec/sources": (
        {"no-source": """\
            ruleset: no-source
            title: Clause not in sources
            extends: atb-2004
            clauses:
              - id: ATB-NORMAS-99
                cite: Nenhuma regra assim
                on: play
                when: action.covered
                then: forbid("covered")
            """},
        "no-source",
        [("no-source", 5, 9, "clause id ATB-NORMAS-99 is not in spec/sources")],
    ),
    "a mistyped clause id and hook": (
        {"typo-clauses": """\
            ruleset: typo-clauses
            title: Mistyped clause id and hook
            extends: atb-2004
            clauses:
              - id: ATB-EMPATE-33
                also: [ATB-EMPATE-TODA]
                cite: Jogada empatada na 3ª vaza
                on: after_trick
                when: trick.number == 3 and trick.tied and tricks[1].winner != none
                then: win_hand(tricks[1].winner)
              - id: ATB-EMPATE-3
                cite: Jogada empatada na 3ª vaza
                on: after_trik
                then: win_hand(tricks[1].winner)
            """},
        "typo-clauses",
        [("typo-clauses", 5, 9, "clause id ATB-EMPATE-33 is not in spec/sources (did you mean ATB-EMPATE-3?)"),
         ("typo-clauses", 6, 12, "clause id ATB-EMPATE-TODA is not in spec/sources (did you mean ATB-EMPATE-TODAS?)"),
         ("typo-clauses", 13, 9, "clauses[1].on: after_trik is not allowed (did you mean after_trick?); it is one of: deal, play")],
    ),
    "a mistyped parent": (
        {"typo-parent": """\
            ruleset: typo-parent
            title: Mistyped parent
            extends: atb-2040
            """},
        "typo-parent",
        [("typo-parent", 3, 10, "unknown parent rule set 'atb-2040' (did you mean atb-2004?); a parent is a bundled rule set")],
    ),
    "a mistyped drop": (
        {"typo-drop": """\
            ruleset: typo-drop
            title: Mistyped drop
            extends: atb-2004
            drop: [ATB-NORMAS-111]
            """},
        "typo-drop",
        [("typo-drop", 4, 8, "cannot drop ATB-NORMAS-111: no inherited clause has that id (did you mean ATB-NORMAS-11?)")],
    ),
}


def write_files(directory: Path, files: dict[str, str]) -> dict[str, Path]:
    paths = {}
    for name, text in files.items():
        path = directory / f"{name}.yaml"
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        paths[name] = path.resolve()
    return paths


def run_validate(capsys, *paths: Path) -> tuple[int, str, str]:
    code = main(["validate", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out, err


def assert_reported(err: str, paths: dict[str, Path], expected: list[tuple[str, int, int, str]]) -> None:
    lines = err.splitlines()
    for name, line, column, words in expected:
        head = f"{paths[name]}:{line}:{column}: "
        matching = [text for text in lines if text.startswith(head)]
        assert matching, f"no problem reported at {head!r} in:\n{err}"
        assert any(words in text for text in matching), f"{words!r} not said at {head!r} in:\n{err}"


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_a_malformed_file_is_located_and_exits_2(case, tmp_path, capsys):
    files, target, expected = CASES[case]
    paths = write_files(tmp_path, files)
    code, out, err = run_validate(capsys, paths[target])
    assert code == 2
    assert "Traceback" not in err + out
    assert out == ""  # nothing claims the file is ok
    assert_reported(err, paths, expected)
    problems = len({(name, line, column) for name, line, column, _ in expected})
    assert f"{paths[target].name}: {problems} problem" in err


def test_the_yaml_path_is_named_under_each_problem(tmp_path, capsys):
    paths = write_files(tmp_path, CASES["a bad expression"][0])
    _, _, err = run_validate(capsys, paths["bad-expr"])
    assert "(at clauses[0].when)" in err
    # the offending line is quoted and a caret stands under column 33
    quoted, caret = err.splitlines()[1:3]
    assert quoted.strip() == "when: trick.number == 3 and and trick.tied"
    assert caret.index("^") - 4 == 33 - 1


def test_the_real_truco_command_reports_every_malformed_file(tmp_path):
    paths: dict[str, Path] = {}
    for files, _, _ in CASES.values():
        paths.update(write_files(tmp_path, files))
    targets = [paths[target] for _, target, _ in CASES.values()]
    command = Path(sys.executable).parent / "truco"
    truco = str(command) if command.exists() else shutil.which("truco")
    assert truco, "the truco console script is not installed"
    result = subprocess.run([truco, "validate", *map(str, targets)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    for _, _, expected in CASES.values():
        assert_reported(result.stderr, paths, expected)


def test_several_problems_in_one_file_are_all_reported(tmp_path, capsys):
    paths = write_files(tmp_path, {"several": """\
        ruleset: several
        title: Several problems
        extends: atb-2004
        colour: red
        stakes:
          ladder: [1, 3, 6, 9, 12]
          lader: [1, 2]
        deck:
          manilha:
            rule: fixed
            cards: [7d, As, 9x, 4c]
        clauses:
          - id: ATB-EMPATE-3
            cite: Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza
            on: after_trick
            when: trick.number == 3 and and trick.tied
            then: win_hand(tricks[1].winner)
          - id: ATB-TRUCO-2.fold
            cite: pode fugir, interrompendo a rodada e perdendo 1 ponto
            on: respond
            when: actor == 0 and response == "fold"
            then: award(raise.team); end_hand()
          - id: ATB-NOPE-1
            cite: nada
            on: play
            then: give_points(1)
        """})
    code, _, err = run_validate(capsys, paths["several"])
    assert code == 2
    assert "Traceback" not in err
    expected = [
        ("several", 4, 1, "unknown key colour in the top level"),
        ("several", 7, 3, "unknown key lader in stakes"),
        ("several", 11, 21, "bad card '9x'"),
        ("several", 16, 33, "unexpected 'and'"),
        ("several", 22, 11, "award() takes 2 arguments, got 1"),
        ("several", 23, 9, "clause id ATB-NOPE-1 is not in spec/sources"),
        ("several", 26, 11, "unknown builtin give_points()"),
    ]
    assert_reported(err, paths, expected)
    assert "several.yaml: 7 problems" in err
    # problems come in reading order
    head = str(paths["several"]) + ":"
    reported = [int(text[len(head):].split(":")[0]) for text in err.splitlines() if text.startswith(head) and text[len(head)].isdigit()]
    assert len(reported) == 7
    assert reported == sorted(reported)


@pytest.mark.parametrize(
    "style, when",
    [
        ("literal block", "|\n      trick.number == 3\n        and trick.tide"),  # tide: line 10, column 19
        ("folded block", ">\n      trick.number == 3\n      and trick.tide"),  # tide: line 10, column 17
        ("plain, several lines", "trick.number == 3\n      and trick.tide"),  # tide: line 9, column 17
    ],
)
def test_an_expression_over_several_lines_is_located_on_the_right_line(style, when, tmp_path, capsys):
    paths = write_files(tmp_path, {"multiline": (
        "ruleset: multiline\n"
        "title: An expression over several lines\n"
        "extends: atb-2004\n"
        "clauses:\n"
        "  - id: ATB-EMPATE-3\n"
        "    cite: Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza\n"
        "    on: after_trick\n"
        f"    when: {when}\n"
        "    then: win_hand(tricks[1].winner)\n"
    )})
    code, _, err = run_validate(capsys, paths["multiline"])
    assert code == 2
    lines = paths["multiline"].read_text(encoding="utf-8").splitlines()
    (line,) = [number for number, text in enumerate(lines, start=1) if "trick.tide" in text]
    column = lines[line - 1].index("tide") + 1
    assert (line, column) == {"literal block": (10, 19), "folded block": (10, 17), "plain, several lines": (9, 17)}[style]
    assert_reported(err, paths, [("multiline", line, column, "unknown field 'tide' of 'trick'")])


def test_a_sound_variant_exits_0(tmp_path, capsys):
    paths = write_files(tmp_path, {"short-game": """\
        ruleset: short-game
        title: A match of three games
        extends: atb-2004
        match:
          wins: 2
        """})
    code, out, err = run_validate(capsys, paths["short-game"])
    assert code == 0
    assert err == ""
    assert "ok" in out and "short-game → atb-2004 → paulista" in out


@pytest.mark.parametrize("name", ["paulista", "atb-2004", "variants/manilha-velha", "variants/baralho-limpo"])
def test_every_bundled_rule_file_validates(name, capsys):
    code, out, err = run_validate(capsys, RULESETS_DIR / f"{name}.yaml")
    assert (code, err) == (0, "")
    assert ": ok" in out


def test_a_missing_file_is_a_problem_not_a_traceback(tmp_path, capsys):
    code, _, err = run_validate(capsys, tmp_path / "nowhere.yaml")
    assert code == 2
    assert "no such file" in err and "Traceback" not in err


# ------------------------------------------------------------------ what a new user tried
def _validate(tmp_path: Path, capsys, name: str, text: str) -> tuple[int, str]:
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    code = main(["validate", str(path)])
    return code, capsys.readouterr().err


def test_a_too_deeply_nested_expression_is_a_located_problem_not_a_crash(tmp_path, capsys):
    code, err = _validate(tmp_path, capsys, "deep", f"""\
        ruleset: deep
        title: Deep
        extends: atb-2004
        clauses:
          - id: ATB-EMPATE-3
            cite: Jogada empatada na 3ª vaza
            on: after_trick
            when: {"not " * 500}trick.tied
            then: end_hand()
        """)
    assert code == 2
    assert "deep.yaml:8:" in err and "nests too deeply" in err and "Traceback" not in err


def test_yaml_aliases_are_refused_before_they_can_multiply(tmp_path, capsys):
    laughs = "ruleset: laughs\ntitle: L\na0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]\n" for level in range(1, 10))
    (tmp_path / "laughs.yaml").write_text(laughs, encoding="utf-8")
    code = main(["validate", str(tmp_path / "laughs.yaml")])
    err = capsys.readouterr().err
    assert code == 2
    assert "laughs.yaml:4:" in err and "aliases" in err


def test_a_file_with_a_wrong_name_still_gets_its_other_problems_reported(tmp_path, capsys):
    code, err = _validate(tmp_path, capsys, "wrong-name", """\
        ruleset: other-name
        title: Wrong name
        extends: atb-2099
        drop: [ATB-EMPATE-3]
        """)
    assert code == 2
    assert "must be in a file named other-name.yaml" in err
    assert "unknown parent rule set 'atb-2099'" in err


def test_a_schema_error_in_one_place_does_not_hide_a_bad_card_in_another(tmp_path, capsys):
    code, err = _validate(tmp_path, capsys, "two-places", """\
        ruleset: two-places
        title: Two places
        extends: atb-2004
        drop: [ATB-NOPE-1]
        deck:
          ranks: [4, 9]
          manilha:
            rule: fixed
            cards: [4x]
        """)
    assert code == 2
    assert "two-places.yaml:4:" in err and "cannot drop ATB-NOPE-1" in err
    assert "two-places.yaml:6:" in err and "9 is not allowed; it is one of: 4, 5, 6, 7, Q, J, K, A, 2, 3" in err
    assert "two-places.yaml:9:" in err and "bad card '4x'" in err


def test_a_folder_and_a_bundled_id(tmp_path, capsys):
    assert main(["validate", str(tmp_path)]) == 2
    assert "a folder with no rule files in it" in capsys.readouterr().err
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "broken.yaml").write_text("ruleset: [\n", encoding="utf-8")
    (tmp_path / "nested" / "other.yaml").write_text("engine: x\n", encoding="utf-8")  # YAML, not a rule file
    (tmp_path / "nested" / "known.yaml").write_text("engine: x\nruleset: atb-2004\nexpectations: []\n", encoding="utf-8")
    (tmp_path / "nested" / "quoted.yaml").write_text('"ruleset": [\n', encoding="utf-8")  # a broken rule file all the same
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "hidden.yaml").write_text("ruleset: [\n", encoding="utf-8")  # a hidden folder is not looked in
    assert main(["validate", str(tmp_path), str(RULESETS_DIR)]) == 2
    captured = capsys.readouterr()
    assert "broken.yaml:" in captured.err and "rule set atb-2004" in captured.out and "rule set jogo-livre" in captured.out
    assert "hidden.yaml" not in captured.err and "2 other YAML files left out" in captured.out
    assert "quoted.yaml:" in captured.err and "known.yaml" not in captured.err
    assert main(["validate", "atb-2004"]) == 0
    assert "rule set atb-2004" in capsys.readouterr().out


def test_traces_name_a_quote_and_an_inherited_encoder(tmp_path, capsys):
    good = tmp_path / "traced.yaml"
    good.write_text(textwrap.dedent("""\
        ruleset: traced
        title: Traced
        extends: atb-2004
        traces:
          - id: ATB-MANILHAS-6
            cite: Veja o exemplo abaixo, onde a "Vira" é um K, então as manilhas são os As.
            by: ATB-MANILHAS-1
        """), encoding="utf-8")
    assert main(["validate", str(good)]) == 0
    from truco_dsl.conformance.coverage import encoded_ids
    from truco_dsl.rules import load_ruleset

    assert "ATB-MANILHAS-6" in encoded_ids(load_ruleset(good))
    bad = tmp_path / "badtrace.yaml"
    bad.write_text(textwrap.dedent("""\
        ruleset: badtrace
        title: Bad trace
        extends: atb-2004
        traces:
          - id: ATB-MANILHAS-6
            cite: as manilhas são os Reis
            by: ATB-NOPE-1
        """), encoding="utf-8")
    capsys.readouterr()
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "badtrace.yaml:6:" in err and "not a quote of ATB-MANILHAS-6" in err


def test_a_directory_given_as_a_rule_set_is_named_as_one(tmp_path):
    folder = tmp_path / "casa"
    folder.mkdir()
    for reference in (str(folder), str(folder) + "/"):
        with pytest.raises(FileNotFoundError, match="is a directory, not a rule file"):
            load_ruleset(reference)


def test_a_mistyped_trace_encoder_gets_the_closest_encoder(tmp_path, capsys):
    code, err = _validate(tmp_path, capsys, "typo-trace", """\
        ruleset: typo-trace
        title: Mistyped encoder
        extends: atb-2004
        traces:
          - id: ATB-MANILHAS-6
            cite: Veja o exemplo abaixo, onde a "Vira" é um K, então as manilhas são os As.
            by: ATB-MANILHA-1
        """)
    assert code == 2
    assert ("typo-trace.yaml:7:9: ATB-MANILHA-1 is neither a clause of this rule set nor a cited parameter id "
            "(did you mean ATB-MANILHAS-1?)") in err


def test_an_unknown_rule_set_id_gets_the_closest_and_the_known_ones(capsys):
    with pytest.raises(FileNotFoundError, match=r"unknown rule set 'atb-2040' \(did you mean atb-2004\?\); known: atb-2004, "):
        load_ruleset("atb-2040")
    with pytest.raises(FileNotFoundError, match=r"unknown rule set 'xyz'; known: atb-2004, "):
        load_ruleset("xyz")
    assert main(["validate", "fpt-1938"]) == 2
    assert "fpt-1938:1:1: no such file, nor a bundled rule set id (did you mean fpt-1983?)" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["serve"], ["conform"], ["coverage"], ["where", "ATB-EMPATE-3"]])
def test_an_empty_rule_set_name_is_said_to_be_empty(command, capsys):
    assert main([*command, "--ruleset", ""]) == 2
    assert "an empty rule set name: give a rule set id (atb-2004," in capsys.readouterr().err


# Parameters that hold together: each refused at the line the variant wrote, with the numbers involved.
PARAMETER_CASES = {
    "a deck too small for the deal": ("deck: {ranks: [4, 5, 6, 7]}", 4, 15,
                                      "3 cards to each of 6 seats and a vira need 19 cards; this deck has 16 (4 ranks × 4 suits)"),
    "a hand too big for the deck": ("deal: {cards: 7}", 4, 15, "7 cards to each of 6 seats and a vira need 43 cards; this deck has 40"),
    "a ladder that goes down": ("stakes: {ladder: [1, 3, 2]}", 4, 18, "must go up, each raise worth more than the one before: 2 comes after 3"),
    "manilha suits missing two": ("deck: {manilha: {suits: [d, s]}}", 4, 25, "(c, h, s, d) once, weakest first: c, h missing"),
    "a manilha suit the deck lacks": ("deck: {suits: [c, h, s]}", 4, 15, "weakest first: d not in deck.suits"),
    "a packet bigger than the hand": ("deal: {packet: 4}", 4, 16, "deal.packet is 4 cards but each seat is dealt only 3"),
    "a stake past the largest target": ("stakes: {ladder: [1, 3, 10000000000000000000000]}", 4, 25,
                                        "stakes.ladder has a step of 10000000000000000000000 points; a hand is worth at most 100"),
}


@pytest.mark.parametrize("case", list(PARAMETER_CASES), ids=list(PARAMETER_CASES))
def test_parameters_that_cannot_hold_together_are_refused_with_their_numbers(case, tmp_path, capsys):
    override, line, column, words = PARAMETER_CASES[case]
    path = tmp_path / "casa.yaml"
    path.write_text(f"ruleset: casa\ntitle: Casa\nextends: atb-2004\n{override}\n", encoding="utf-8")
    code, _, err = run_validate(capsys, path)
    assert code == 2
    assert f"casa.yaml:{line}:{column}: " in err and words in err, err


def test_a_source_that_is_no_regulation_of_spec_sources_is_refused(tmp_path, capsys):
    path = tmp_path / "fonte.yaml"
    path.write_text("ruleset: fonte\ntitle: Fonte\nextends: atb-2004\nsource: atb-2099\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert ("fonte.yaml:4:9: no regulation atb-2099 is in spec/sources (did you mean atb-2004?); "
            "the regulations: atb-2004, enecomp, fpt-1983") in capsys.readouterr().err


def test_an_expectations_file_given_to_validate_is_named_for_what_it_is(tmp_path, capsys):
    path = tmp_path / "known.yaml"
    path.write_text("engine: my-truco 1.2\nexpectations: []\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert "known.yaml:1:1: is an expectations file (it has expectations:), not a rule file" in capsys.readouterr().err


def test_a_pipe_named_like_a_rule_set_id_is_refused_as_a_pipe_by_every_command(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("casa")
    assert main(["conform", "--ruleset", "casa"]) == 2
    assert "casa: is a pipe (FIFO), not a regular file" in capsys.readouterr().err


def test_a_bundled_rule_file_is_read_once_and_a_variant_s_problems_stay_its_own(tmp_path, monkeypatch):
    from truco_dsl.errors import RulesetError
    from truco_dsl.rules import available_rulesets, load_ruleset
    from truco_dsl.rules import loader

    monkeypatch.setattr(loader, "_BUNDLED_READ", {})
    monkeypatch.setattr(loader, "_load_cached", loader._load_cached.__wrapped__)  # every load resolves its chain again
    read: list[str] = []
    original = loader._read
    monkeypatch.setattr(loader, "_read", lambda path: read.append(path.name) or original(path))
    for ruleset in available_rulesets():
        load_ruleset(ruleset)
    assert sorted(read) == sorted(f"{ruleset}.yaml" for ruleset in available_rulesets())  # paulista once, not 9 times
    bad = tmp_path / "casa.yaml"
    bad.write_text("ruleset: casa\ntitle: t\nextends: atb-2004\ndrop: [ATB-NO-SUCH-CLAUSE]\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="cannot drop ATB-NO-SUCH-CLAUSE"):
        load_ruleset(bad)
    assert load_ruleset("atb-2004").id == "atb-2004"  # its parent keeps no problem of the variant's
