"""Move counts (perft): conformance/perft/ agrees with the reference engine (the CI check), is what
``truco conform --write-perft`` writes, and ``truco conform --perft`` passes the reference engine
(in-process and through ``truco serve``) and the example engine, and names the action, the line of
play and the clauses where a copy of the example with a planted move-generation fault departs.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from truco_dsl.bundled import SCHEMA_DIR

from truco_dsl.cli import main
from truco_dsl.conformance.perft import (PERFT_DIR, WRITE_COMMAND, check_position, load_perft, perft_files, perft_rulesets,
                                         reference_counts)
from truco_dsl.conformance.runner import engine_factory
from truco_dsl.errors import SelectionError
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


def test_a_malformed_perft_file_is_named_with_its_place(tmp_path):
    bad = tmp_path / "atb-2004.yaml"
    bad.write_text((PERFT_DIR / "jogo-livre.yaml").read_text(encoding="utf-8").replace("total: 4,", "total: four,", 1), encoding="utf-8")
    with pytest.raises(SelectionError, match=r"bad perft file .*atb-2004.yaml: at positions/0/counts/0/total: 'four' is not of type 'integer'"):
        load_perft(bad)


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
    (["--perft", "--write-perft", "."], "--perft cannot be combined with --write-perft"),
])
def test_bad_input_is_one_line_and_exit_2(arguments, words, capsys):
    assert main(["conform", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"truco conform: {words}") and error.count("\n") == 1, error
