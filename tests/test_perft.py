"""Move counts (perft): conformance/perft/ agrees with the reference engine (the CI check), is what
``truco conform --write-perft`` writes, and ``truco conform --perft`` passes the reference engine
(in-process and through ``truco serve``) and the example engine, and names the action, the line of
play and the clauses where a copy of the example with a planted move-generation fault departs.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from truco_dsl.bundled import SCHEMA_DIR

from truco_dsl.cli import main
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.perft import (PERFT_DIR, WRITE_COMMAND, check_position, load_perft, load_perft_files, perft_files,
                                         perft_rulesets, reference_counts)
from truco_dsl.conformance.runner import engine_factory
from truco_dsl.errors import PerftFileError
from truco_dsl.rules import load_ruleset

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from example_faults import EXAMPLE, Fault, faulty_copy  # noqa: E402

FILES = perft_files()
REPORT_SCHEMA = Draft202012Validator(json.loads((SCHEMA_DIR / "perft-report.schema.json").read_text(encoding="utf-8")))


def _engine(path: Path) -> str:
    return shlex.join([sys.executable, str(path)])


# ------------------------------------------------------------------------------ the files (CI check)
def test_every_concrete_bundled_rule_set_has_its_file_at_every_player_count():
    assert [path.stem for path in FILES] == sorted(perft_rulesets())
    for path in FILES:
        positions = load_perft(path)
        assert {position.players for position in positions} == set(load_ruleset(path.stem).players), path
        assert len({position.id for position in positions}) == len(positions), path
        assert all(position.ruleset == path.stem for position in positions)
        assert WRITE_COMMAND in path.read_text(encoding="utf-8")


def test_the_regulations_files_hold_a_mao_de_onze_11_a_11_and_a_tied_first_vaza():
    for ruleset in ("atb-2004", "fpt-1983", "enecomp"):
        positions = load_perft(PERFT_DIR / f"{ruleset}.yaml")
        assert {position.scores for position in positions} >= {(0, 0), (11, 4), (11, 11)}
        tied = [position for position in positions if position.id.endswith("tied-first-vaza")]
        assert tied and all(position.reference().hand.tricks[0].tied for position in tied)
        assert any(count.depth is None for position in load_perft(PERFT_DIR / "atb-2004.yaml") for count in position.counts)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_count_is_the_reference_engines(path):
    positions = load_perft(path)
    assert positions
    for position in positions:
        assert reference_counts(position) == position.counts, position.name
        for count in position.counts:
            assert count.total == sum(lines for _, _, lines in count.divide), (position.name, count.depth)


def test_write_perft_writes_the_bundled_file_again(tmp_path, capsys):
    assert main(["conform", "--write-perft", str(tmp_path), "--ruleset", "jogo-livre"]) == 0
    assert (tmp_path / "jogo-livre.yaml").read_text(encoding="utf-8") == (PERFT_DIR / "jogo-livre.yaml").read_text(encoding="utf-8")
    assert f"wrote {tmp_path / 'jogo-livre.yaml'}: 3 positions" in capsys.readouterr().out


# --------------------------------------------------------------------------- a perft file read as input
def _edited(tmp_path: Path, ruleset: str, anchor: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of ``ruleset``'s bundled file in ``tmp_path``, under the same name, with the first
    ``old`` after ``anchor`` written ``new``; and the line (1-based) of that edit."""
    text = (PERFT_DIR / f"{ruleset}.yaml").read_text(encoding="utf-8")
    at = text.index(old, text.index(anchor))
    copy = tmp_path / f"{ruleset}.yaml"
    copy.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return copy, text.count("\n", 0, at) + 1


#: hostile edits of the real files: (rule set, anchor, old, new, the YAML path of the fault, words of its message)
HOSTILE = [
    ("atb-2004", "id: 2p-deal", 'vira: "2s"', 'vira: "Zz"', "positions[0].vira",
     "positions[0].vira: Zz is not of the form this key takes"),
    ("atb-2004", "id: 2p-deal", '["Kh", "Ac"', '["kh", "Ac"', "positions[0].hands[1][0]",
     "positions[0].hands[1][0]: kh is not of the form this key takes"),  # the reference reads it, the protocol does not
    ("atb-2004", "id: 2p-deal", "dealer: 1", "dealer: 1.0", "positions[0].dealer",
     "1.0 is not a whole number: the protocol writes its numbers without a fraction or an exponent"),
    ("atb-2004", "id: 2p-deal", "{depth: 2,", "{depth: 2.0,", "positions[0].counts[1].depth",
     "2.0 is not a whole number"),
    ("atb-2004", "id: 2p-deal", 'vira: "2s"', 'vira: "Kd"', "positions[0].vira",
     "position 2p-deal: the reference engine refuses the deal: the vira Kd is in the hand of seat 0"),
    ("atb-2004", "id: 2p-deal", "dealer: 1", "dealer: 7", "positions[0].dealer",
     "position 2p-deal: dealer 7 is no seat: with 2 players the seats are 0 to 1"),
    ("atb-2004", "id: 2p-deal", '["Kh", "Ac"', '["Kd", "Ac"', "positions[0].hands[1][0]",
     "position 2p-deal: the reference engine refuses the deal: Kd is dealt twice (to seat 0 and to seat 1)"),
    ("atb-2004", "id: 2p-deal", '["Kh", "Ac", "5d"]', '["Kh", "Ac"]', "positions[0].hands[1]",
     "position 2p-deal: the reference engine refuses the deal: seat 1 gets 2 cards; atb-2004 deals 3"),
    ("manilha-velha", "id: 2p-deal", "vira: null", 'vira: "2s"', "positions[0].vira",
     "position 2p-deal: the reference engine refuses the deal: manilha-velha turns no vira"),
    ("atb-2004", "id: 2p-deal", "players: 2", "players: 3", "positions[0].players",
     "position 2p-deal: atb-2004 is played by 2, 4, 6 players, not 3"),
    ("atb-2004", "id: 2p-deal", "scores: [0, 0]", "scores: [0, 12]", "positions[0].scores[1]",
     "position 2p-deal: a score of 12 has already won the game (atb-2004 is played to 12)"),
    ("atb-2004", "id: 2p-tied-first-vaza", '[1, "play:3d"]', '[0, "play:7h"]', "positions[2].moves[1]",
     "position 2p-tied-first-vaza: the reference engine refuses move 2, play:7h from seat 0: it is seat 1's turn (not_your_turn)"),
    ("atb-2004", "id: 2p-tied-first-vaza", '[1, "play:3d"]', '[1, "play:3s"]', "positions[2].moves[1]",
     "position 2p-tied-first-vaza: the reference engine refuses move 2, play:3s from seat 1: seat 1 does not hold 3s"),
    ("fpt-1983", "id: 4p-deal", "{depth: 2, total: 48,", "{depth: 2, total: 49,", "positions[6].counts[1].total",
     "position 4p-deal: depth 2: the total 49 is not the sum of its divide (48)"),
    ("atb-2004", "id: 2p-deal", "{depth: 2,", "{depth: 1,", "positions[0].counts[1].depth",
     "position 2p-deal: depth 1 comes after depth 1: the depths of a position go up, null (to the end of the hand) last"),
    ("atb-2004", "id: 2p-deal", '"play:2c", 1]', '"play:3c", 1]', "positions[0].counts[0].divide[0]",
     "position 2p-deal: depth 1: the divide lists seat 0 play:3c, which the reference engine does not offer there (it offers: "
     "seat 0 play:2c, seat 0 play:Kd, seat 0 play:Qc, seat 0 truco)"),
    ("enecomp", "id: 4p-dealer-0", "id: 4p-dealer-0", "id: 4p-deal", "positions[1].id",
     "position 4p-deal: the id is given twice (also at line 9); an id names one position of its file"),
    ("atb-2004", "ruleset:", "ruleset: atb-2004", "ruleset: fpt-1983", "ruleset",
     "this file is named atb-2004.yaml but its positions are of fpt-1983: a perft file holds the counts of the rule set it is "
     "named after (write ruleset: atb-2004, or name the file fpt-1983.yaml)"),
    ("atb-2004", "ruleset:", "ruleset: atb-2004", "ruleset: atb-2040", "ruleset",
     "atb-2040 is not a bundled rule set with move counts (did you mean atb-2004?)"),
    ("jogo-livre", "id: 2p-deal", "total: 4,", "total: four,", "positions[0].counts[0].total",
     "positions[0].counts[0].total: four is not a whole number"),
]


@pytest.mark.parametrize("ruleset, anchor, old, new, path, words", HOSTILE, ids=lambda value: str(value)[:24])
def test_a_hostile_copy_of_a_real_file_is_bad_input_at_its_place(tmp_path, capsys, ruleset, anchor, old, new, path, words):
    copy, line = _edited(tmp_path, ruleset, anchor, old, new)
    with pytest.raises(PerftFileError) as refused:
        load_perft(copy)
    problem = refused.value.problems[0]
    assert (problem.place.file, problem.place.line, problem.place.path) == (str(copy), line, path)
    assert problem.message.startswith(words), problem.message
    # through the CLI: exit 2 before any engine is asked, the place first, no traceback
    assert main(["conform", "--perft", str(copy), "--engine", _engine(EXAMPLE)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"truco conform: bad perft file:\n{copy}:{line}:{problem.place.column}: {words}")
    assert f"(at {path})" in captured.err and "Traceback" not in captured.err


def test_depths_out_of_order_are_told_at_the_depth_that_comes_too_late(tmp_path):
    copy, line = _edited(tmp_path, "atb-2004", "id: 2p-deal", "{depth: 1,", "{depth: 99,")  # depth 99 before 2
    with pytest.raises(PerftFileError) as refused:
        load_perft(copy)
    [problem] = refused.value.problems
    assert (problem.place.line, problem.place.path) == (line + 1, "positions[0].counts[1].depth")
    assert problem.message.startswith("position 2p-deal: depth 2 comes after depth 99")
    copy, line = _edited(tmp_path, "atb-2004", "id: 2p-tied-first-vaza", "{depth: 1,", "{depth: null,")  # null first
    with pytest.raises(PerftFileError, match=r"position 2p-tied-first-vaza: depth 2 comes after depth null"):
        load_perft(copy)


def test_a_divide_is_checked_against_the_reference_engines_first_actions(tmp_path):
    copy, line = _edited(tmp_path, "atb-2004", "id: 2p-deal", '"play:2c", 1]', '"play:3c", 1]')
    with pytest.raises(PerftFileError) as refused:
        load_perft(copy)
    listed, lacking = refused.value.problems
    assert listed.place.path == "positions[0].counts[0].divide[0]" and "lists seat 0 play:3c, which the reference" in listed.message
    assert lacking.place.path == "positions[0].counts[0].divide" and lacking.place.line == line
    assert lacking.message == "position 2p-deal: depth 1: the divide lacks seat 0 play:2c, which the reference engine offers there"
    copy, line = _edited(tmp_path, "atb-2004", "id: 2p-deal", '[0, "play:Kd", 1]', '[0, "play:2c", 1]')
    with pytest.raises(PerftFileError, match=r"depth 1: the divide lists seat 0 play:2c twice"):
        load_perft(copy)


def test_the_column_points_at_the_card(tmp_path):
    copy, line = _edited(tmp_path, "atb-2004", "id: 2p-deal", '"5d"]', '"Zz"]')
    with pytest.raises(PerftFileError) as refused:
        load_perft(copy)
    [problem] = refused.value.problems
    assert (problem.place.line, problem.place.path) == (line, "positions[0].hands[1][2]")
    assert copy.read_text(encoding="utf-8").splitlines()[line - 1][problem.place.column - 1:].startswith('"Zz"]')


def test_every_fault_of_every_file_is_told_in_one_run(tmp_path, capsys):
    first, _ = _edited(tmp_path, "atb-2004", "id: 2p-deal", "dealer: 1", "dealer: 7")
    text = first.read_text(encoding="utf-8")
    at = text.index("total: 15,")
    first.write_text(text[:at] + "total: 16," + text[at + len("total: 15,"):], encoding="utf-8")
    (tmp_path / "other").mkdir()
    second, second_line = _edited(tmp_path / "other", "jogo-livre", "id: 2p-deal", "players: 2", "players: 5")
    assert main(["conform", "--perft", str(first), str(second)]) == 2
    error = capsys.readouterr().err
    places = [line.split(": ")[0] for line in error.splitlines() if line.startswith(str(tmp_path))]
    assert [place.rsplit(":", 2)[0] for place in places] == [str(first), str(first), str(second)]
    assert "position 2p-deal: dealer 7 is no seat" in error and "depth 2: the total 16 is not the sum of its divide (15)" in error
    assert f"{second}:{second_line}:" in error and "jogo-livre is played by 2, 4, 6 players, not 5" in error


@pytest.mark.parametrize("text, words", [
    ("ruleset: atb-2004\npositions: [\n", "not valid YAML"),
    ("ruleset: atb-2004\nmade_by: me\npositions: []\npositions: []\n", "duplicate key 'positions'"),
    ("ruleset: atb-2004\nmade_by: me\npositions: []\nmoves: []\n", "unknown key moves"),
])
def test_a_file_that_is_not_a_perft_file_is_told_at_its_place(tmp_path, capsys, text, words):
    bad = tmp_path / "atb-2004.yaml"
    bad.write_text(text, encoding="utf-8")
    assert main(["conform", "--perft", str(bad)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"truco conform: bad perft file:\n{bad}:") and words in error and "Traceback" not in error


def test_a_missing_file_is_bad_input(tmp_path, capsys):
    assert main(["conform", "--perft", str(tmp_path / "atb-2004.yaml")]) == 2
    assert f"{tmp_path / 'atb-2004.yaml'}:1:1: cannot read the perft file" in capsys.readouterr().err


def test_the_bundled_files_pass_the_check_at_load_cheaply():
    started = time.perf_counter()
    positions = load_perft_files(FILES)
    assert len(positions) == sum(len(load_perft(path)) for path in FILES) > 50
    assert time.perf_counter() - started < 5  # about 0.4 s: no count is made, the reference only sets each position up


# ------------------------------------------------------------------------------------ truco conform --perft
def test_the_reference_engine_agrees_in_process_and_through_truco_serve(capsys):
    assert main(["conform", "--perft", "--ruleset", "atb-2004"]) == 0
    printed = capsys.readouterr().out
    counts = sum(len(position.counts) for position in load_perft(PERFT_DIR / "atb-2004.yaml"))
    assert printed.startswith("Move counts (perft) of conformance/perft/, engine: reference\n")
    assert "✓ atb-2004/2p-tied-first-vaza" in printed and printed.endswith(f"\n{counts} counts agree, 0 differ\n")
    serve = shlex.join([sys.executable, "-m", "truco_dsl.cli", "serve"])
    assert main(["conform", "--perft", "--ruleset", "fpt-1983", "--engine", serve]) == 0
    counts = sum(len(position.counts) for position in load_perft(PERFT_DIR / "fpt-1983.yaml"))
    assert capsys.readouterr().out.endswith(f"\n{counts} counts agree, 0 differ\n")
    in_process = "python:truco_dsl.conformance.engines.adapter:ReferenceAdapter"  # held to --timeout, as a python: engine
    assert main(["conform", "--perft", "--ruleset", "jogo-livre", "--engine", in_process]) == 0
    assert capsys.readouterr().out.endswith("\n16 counts agree, 0 differ\n")


def test_the_example_engine_agrees(tmp_path, capsys):
    report = tmp_path / "perft.json"
    assert main(["conform", "--perft", "--ruleset", "atb-2004", "--engine", _engine(EXAMPLE), "--json", str(report)]) == 0
    records = json.loads(report.read_text(encoding="utf-8"))
    REPORT_SCHEMA.validate(records)
    assert len(records) == sum(len(position.counts) for position in load_perft(PERFT_DIR / "atb-2004.yaml"))
    assert {record["outcome"] for record in records} == {"passed"}
    assert capsys.readouterr().out.endswith(f"\n{len(records)} counts agree, 0 differ\n")


def test_a_rule_set_the_engine_does_not_play_checks_nothing(capsys):
    assert main(["conform", "--perft", "--ruleset", "enecomp", "--engine", _engine(EXAMPLE)]) == 1
    captured = capsys.readouterr()
    assert "- not supported: the engine does not play enecomp with 4 players: enecomp/4p-deal enecomp/4p-dealer-0" in captured.out
    assert "truco conform: nothing was checked" in captured.err


#: the example's truco refused after any tied vaza (ATB-EMPATE-1c's limit read without the score)
TRUCO_AFTER_A_TIE = Fault("tie", "no truco after a tied vaza",
                          "        if tie and self.score[team] + before >= self.target and not hand.mao_de_onze:\n",
                          "        if tie and not hand.mao_de_onze:\n", ())
#: the example never offers a seat's third card while it holds three
THIRD_CARD_MISSING = Fault("card", "a card missing from the legal actions",
                           '        return [f"play:{card}" for card in cards] + [f"play_covered:{card}" for card in cards] + ["truco", "show_cards"]\n',
                           '        return [f"play:{card}" for card in cards[:2]] + [f"play_covered:{card}" for card in cards] + ["truco", "show_cards"]\n',
                           ())


def test_a_copy_without_truco_after_a_tied_vaza_is_descended_to_the_tie(tmp_path):
    [tied] = [position for position in load_perft(PERFT_DIR / "atb-2004.yaml") if position.id == "2p-tied-first-vaza"]
    factory, process = engine_factory(_engine(faulty_copy(TRUCO_AFTER_A_TIE, tmp_path)))
    try:
        verdicts = check_position(factory(), tied)
    finally:
        process.shutdown()
    first = verdicts[0]
    assert (first.depth, first.outcome, first.expected, first.counted) == (1, "failed", 5, 4)
    assert first.differences == [(0, "truco", 1, None)]
    departure = first.departure
    assert departure.line == () and departure.extra == ()
    [(seat, action, why)] = departure.missing
    assert (seat, action) == (0, "truco") and "ATB-EMPATE-1c" in why
    assert "vaza 1 tied, seat 0 to play" in departure.position
    assert all(verdict.outcome == "failed" and verdict.departure is None for verdict in verdicts[1:])  # descended once


def test_the_descent_from_a_deal_finds_the_tied_vaza(tmp_path, capsys):
    report = tmp_path / "perft.json"
    code = main(["conform", "--perft", "--ruleset", "melhor-de-tres", "--engine", _engine(faulty_copy(TRUCO_AFTER_A_TIE, tmp_path)),
                 "--json", str(report)])
    printed = capsys.readouterr().out
    assert code == 1
    records = json.loads(report.read_text(encoding="utf-8"))
    REPORT_SCHEMA.validate(records)
    deal = next(record for record in records if record["position"] == "2p-deal" and record["departure"])
    line = " ".join(f"{entry['seat']}:{entry['action']}" for entry in deal["departure"]["line"])
    assert len(deal["departure"]["line"]) == 2 and [entry["action"] for entry in deal["departure"]["missing"]] == ["truco"]
    shown = printed[printed.index(f"✗ melhor-de-tres/2p-deal ("):].splitlines()
    assert shown[0].endswith(f"depth {deal['depth']}: expected {deal['expected']} lines, the engine counted {deal['counted']}")
    assert f"    the engine's legal actions part from the reference's after the deal, then {line}" in shown
    assert any(text.startswith("      position: ") and "vaza 1 tied, seat 0 to play" in text for text in shown)
    assert any(text.startswith("      the engine does not offer seat 0 truco: offered by the reference: none of the guards")
               and "ATB-EMPATE-1c" in text for text in shown)


def test_a_copy_missing_a_card_is_named_at_the_deal(tmp_path, capsys):
    code = main(["conform", "--perft", "--ruleset", "melhor-de-tres", "--engine", _engine(faulty_copy(THIRD_CARD_MISSING, tmp_path))])
    printed = capsys.readouterr().out
    assert code == 1
    [deal] = [position for position in load_perft(PERFT_DIR / "melhor-de-tres.yaml") if position.id == "2p-deal"]
    third = deal.hands[0][2]
    assert "✗ melhor-de-tres/2p-deal (a first deal; 2 players, seat 1 dealing, score 0 to 0), depth 1: " \
           "expected 4 lines, the engine counted 3" in printed
    assert f"      the engine does not offer seat 0 play:{third}: offered by the reference: " in printed


def test_an_engine_without_count_is_told_in_one_line(tmp_path, capsys):
    without = Fault("nocount", "no count", 'FEATURES = ("next_hand", "infractions", "views", "count")\n',
                    'FEATURES = ("next_hand", "infractions", "views")\n', ())
    assert main(["conform", "--perft", "--engine", _engine(faulty_copy(without, tmp_path))]) == 2
    error = capsys.readouterr().err
    assert error.startswith("truco conform: the engine 'truco-example-python 1.0' does not offer the count capability")
    assert error.count("\n") == 1


@pytest.mark.parametrize("arguments, words", [
    (["--perft", "--tags", "@id:truco-001"], "--perft cannot be combined with --tags"),
    (["--perft", "--ruleset", "paulista"], "no move counts for the rule set 'paulista'"),
    (["--write-perft", "no/such/folder"], "--write-perft no/such/folder: not a folder"),
    (["--write-perft", ""], "--write-perft : not a folder"),  # not the working folder
    (["--perft", "--write-perft", "."], "--perft cannot be combined with --write-perft"),
    (["--perft", str(PERFT_DIR / "atb-2004.yaml"), "--ruleset", "fpt-1983"],
     "no move counts for the rule set 'fpt-1983' in the files given: --ruleset takes the id of one of atb-2004"),
    (["--perft", str(PERFT_DIR / "jogo-livre.yaml"), "--json", str(PERFT_DIR / "jogo-livre.yaml")],
     f"--json {PERFT_DIR / 'jogo-livre.yaml'} is a perft file: writing there would destroy it"),
])
def test_bad_input_is_one_line_and_exit_2(arguments, words, capsys):
    assert main(["conform", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"truco conform: {words}") and error.count("\n") == 1, error


# ------------------------------------------------------------------ what an engine's fault is reported as
#: the example's count one more than its divide's sum (the divide itself right)
TOTAL_OFF_BY_ONE = Fault("total", "a total one more than its divide's sum",
                         "        return (sum(count for _, _, count in divide) if divide else 1), divide\n",
                         "        return (sum(count for _, _, count in divide) if divide else 1) + 1, divide\n", ())
#: the example answers count with a line that is not the protocol's, after two lines on its stderr
COUNT_GARBLED = Fault("garbled", "a count reply that is not the protocol's",
                      '        total, divide = game.count(request["depth"])  # "count"\n',
                      '        print("counting went wrong", file=sys.stderr)\n'
                      '        print("second line of the trouble", file=sys.stderr, flush=True)\n'
                      '        return {"total": "many", "divide": []}\n', ())


#: the example calls a vaza tied when two partners' top cards tie (ATB-EMPATE-2 gives it to the first of them)
PARTNERS_TIE = Fault("partners", "partners' tied top cards tie the vaza",
                     "        elif len({play.seat % 2 for play in top}) == 1:\n",
                     "        elif False:\n", ())


def test_an_action_the_game_s_structure_refuses_names_the_clauses_that_made_the_position(tmp_path, capsys):
    code = main(["conform", "--perft", "--ruleset", "atb-2004", "--engine", _engine(faulty_copy(PARTNERS_TIE, tmp_path))])
    printed = capsys.readouterr().out
    assert code == 1
    offers = next(line for line in printed.splitlines() if "which the reference refuses: no_hand_in_play" in line)
    # the hand the reference ended at the last move: the clause that gave the vaza is named
    assert "; the clauses that made this position: ATB-EMPATE-2" in offers


class _Raises(ReferenceAdapter):
    def count(self, depth):
        raise RuntimeError("count boom")


class _ListsTwice(ReferenceAdapter):
    def count(self, depth):
        found = super().count(depth)
        return type(found)(found.total, [*found.divide, found.divide[0]])


class _AnswersATuple(ReferenceAdapter):
    def count(self, depth):
        return (1, 2)


@pytest.mark.parametrize("engine, said", [(_Raises, "RuntimeError: count boom"),
                                          (_ListsTwice, "the engine's divide lists seat 0 play:"),
                                          (_AnswersATuple, "the engine's count answer is not a total and a divide: (1, 2)")])
def test_an_in_process_engine_s_exception_or_odd_answer_is_an_engine_error_not_a_crash(engine, said):
    [position, *_] = load_perft(PERFT_DIR / "baralho-limpo.yaml")
    verdicts = check_position(engine(), position)
    assert {verdict.outcome for verdict in verdicts} == {"error"}
    assert all(verdict.message.startswith(said) for verdict in verdicts)


def test_a_total_that_is_not_its_own_divides_sum_is_said_so(tmp_path, capsys):
    code = main(["conform", "--perft", "--ruleset", "jogo-livre", "--engine", _engine(faulty_copy(TOTAL_OFF_BY_ONE, tmp_path))])
    printed = capsys.readouterr().out
    assert code == 1
    shown = printed[printed.index("✗ jogo-livre/2p-deal ("):].splitlines()
    assert shown[0].endswith("depth 1: expected 4 lines, the engine counted 5")
    assert shown[1].startswith("    deal: vira ") and "; seat 0 " in shown[1] and "; seat 1 " in shown[1]
    assert shown[2] == "    after the deal: the engine's total (5) is not the sum of its divide (4), which agrees with the reference's"
    assert re.search(r"^✗ jogo-livre/2p-deal +1:4≠5 ", printed, re.MULTILINE)  # the row: expected ≠ the engine's count
    assert "part from the reference's" not in printed
    assert printed.endswith("\n0 counts agree, 16 differ\n")


def test_an_engine_fault_is_an_engine_error_apart_with_its_message_in_lines(tmp_path, capsys):
    report = tmp_path / "perft.json"
    code = main(["conform", "--perft", "--ruleset", "jogo-livre", "--engine", _engine(faulty_copy(COUNT_GARBLED, tmp_path)),
                 "--json", str(report)])
    printed = capsys.readouterr().out
    assert code == 1
    records = json.loads(report.read_text(encoding="utf-8"))
    REPORT_SCHEMA.validate(records)
    assert {record["outcome"] for record in records} == {"protocol_error"}
    assert printed.endswith(f"\n0 counts agree, 0 differ, {len(records)} engine errors\n")
    assert "Counts that differ" not in printed and "\\n" not in printed
    errors = printed[printed.index("\nEngine errors"):].splitlines()
    assert errors[1].startswith("Engine errors (a fault or an error reply, no count to compare): 16, at 3 positions; ")
    assert errors[2].startswith("✗ jogo-livre/2p-deal (") and errors[2].endswith("depth 1: protocol_error")
    message = [line for line in errors[3:] if line.startswith("    ")]
    assert any("second line of the trouble" in line for line in message)
    assert any("counting went wrong" in line for line in message)


def test_a_file_count_the_reference_does_not_give_is_said_to_be_the_files_not_the_engines(tmp_path, capsys):
    # a total and its divide raised together pass the load check (it does not recount): the descent says whose they are
    copy, _ = _edited(tmp_path, "baralho-limpo", "id: 2p-deal", '{depth: 2, total: 15, divide: [[0, "play:2c", 4]',
                      '{depth: 2, total: 16, divide: [[0, "play:2c", 5]')
    assert main(["conform", "--perft", str(copy)]) == 1
    printed = capsys.readouterr().out
    assert ("after the deal: the engine counts 15 lines, as the reference engine does here: the file's count is not the "
            "reference's") in printed
    assert "is not the sum of its divide" not in printed
