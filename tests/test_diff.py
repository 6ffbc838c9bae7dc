"""``truco diff OLD NEW``: the text, behaviour and statistics parts, FILE@GITREV, exit codes, reports."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from jsonschema import Draft202012Validator

from truco_dsl.bundled import RULESETS_DIR, SCHEMA_DIR
from truco_dsl.cli import main

ATB = RULESETS_DIR / "atb-2004.yaml"

#: a side that runs from a seis gives 4 tentos, not 3: paulista's ATB-TRUCO-2.fold with its
#: then: changed in one line (truco 1, seis 4, nove 6, doze 9)
FUGA_DO_SEIS = """\
ruleset: fuga-do-seis
title: ATB 2004, but a side that runs from a seis gives 4 tentos, not 3
extends: atb-2004
clauses:
  - id: ATB-TRUCO-2.fold
    cite: pode fugir, interrompendo a rodada e perdendo 1 ponto
    on: respond
    when: response == "fold"
    then: award(raise.team, max(raise.before, min(raise.to - 2, 4))); end_hand()
"""

#: quick runs: few games, in this process
QUICK = ["--games", "100", "--workers", "1"]


def _diff(capsys, *arguments: str) -> tuple[int, str, str]:
    code = main(["diff", *arguments])
    out, err = capsys.readouterr()
    return code, out, err


def _report(tmp_path: Path, capsys, old: str, new: str, *extra: str) -> tuple[int, dict, str]:
    json_path, markdown_path = tmp_path / "diff.json", tmp_path / "diff.md"
    code, _, err = _diff(capsys, old, new, *QUICK, "--json", str(json_path), "--markdown", str(markdown_path), *extra)
    assert "Traceback" not in err
    report = json.loads(json_path.read_text(encoding="utf-8"))
    Draft202012Validator(json.loads((SCHEMA_DIR / "diff.schema.json").read_text(encoding="utf-8"))).validate(report)
    markdown = markdown_path.read_text(encoding="utf-8")
    assert markdown.startswith(f"## truco diff: `{old}` → `{new}`\n")
    return code, report, markdown


def test_a_rule_set_against_itself_or_a_copy_of_its_file_is_an_empty_diff(tmp_path, capsys):
    copy = tmp_path / "atb-2004.yaml"
    shutil.copy(ATB, copy)
    for old, new in (("atb-2004", "atb-2004"), ("atb-2004", str(copy))):
        code, report, markdown = _report(tmp_path, capsys, old, new, "--games", "20")
        assert code == 0, (old, new)
        assert report["differs"] is False
        assert report["text"] == {"parameters": [], "clauses": [], "sources": []}
        behaviour = report["behaviour"]
        assert behaviour["differing"] == [] and behaviour["unplayable"] == []
        assert behaviour["scenarios"] == behaviour["same"] > 150  # the atb-2004 scenarios, every one played alike
        assert report["statistics"]["games"] == 20 and report["statistics"]["shown"] == []
        assert "No difference" in markdown


def test_the_fold_value_after_a_seis_is_found_in_all_three_parts(tmp_path, capsys):
    variant = tmp_path / "fuga-do-seis.yaml"
    variant.write_text(FUGA_DO_SEIS, encoding="utf-8")
    code, report, markdown = _report(tmp_path, capsys, "atb-2004", str(variant))
    assert code == 1 and report["differs"] is True
    # text: the clause, overridden in its then: only, with both places
    [clause] = report["text"]["clauses"]
    assert (clause["id"], clause["kind"]) == ("ATB-TRUCO-2.fold", "overridden")
    assert "then" in clause["keys"] and "when" not in clause["keys"]
    assert clause["old_place"].endswith("paulista.yaml:166") and clause["new_place"].endswith("fuga-do-seis.yaml:5")
    # behaviour: every scenario that folds a seis parts at that fold, 3 points against 4; no other
    differing = report["behaviour"]["differing"]
    assert {entry["id"] for entry in differing} >= {"truco-003", "faults-008"}
    for entry in differing:
        assert entry["parting"]["action"].endswith(" fold")
        assert entry["parting"]["values"]["score"] == {"old": "0 to 3", "new": "0 to 4"}
        assert entry["parting"]["clauses"] == ["ATB-TRUCO-2.fold"]
    assert report["behaviour"]["groups"] == {"ATB-TRUCO-2.fold": sorted(entry["id"] for entry in differing)}
    assert report["behaviour"]["same"] == report["behaviour"]["scenarios"] - len(differing)
    # statistics: folds after a seis pay more, so games are shorter (the same 100 games under both)
    statistics = report["statistics"]
    assert statistics["bots"] == ["heuristic", "heuristic"] and statistics["games"] == 100
    assert "hands_per_game" in statistics["shown"]
    assert statistics["differences"]["hands_per_game"]["high"] < 0
    assert "`ATB-TRUCO-2.fold` | overridden" in markdown and "truco-003" in markdown and "hands a game lasts" in markdown


def test_a_changed_copy_with_a_parameter_a_condition_and_a_clause_gone_is_found(tmp_path, capsys):
    text = ATB.read_text(encoding="utf-8")
    changes = [("  mao_de_onze_at: 11\n", "  mao_de_onze_at: 10\n"),  # a parameter
               ("    when: trick.tied and trick.tied_within_team and trick.first_top_seat != none\n",  # a condition
                "    when: trick.tied and trick.tied_within_team and trick.first_top_seat != none and trick.number == 1\n")]
    for before, after in changes:
        assert text.count(before) == 1
        text = text.replace(before, after)
    start = text.index("  - id: ATB-NORMAS-11\n")  # a clause taken out
    text = text[:start] + text[text.index("  - id: ", start + 1):]
    copy = tmp_path / "atb-2004.yaml"
    copy.write_text(text, encoding="utf-8")
    code, report, _ = _report(tmp_path, capsys, "atb-2004", str(copy), "--games", "20")
    assert code == 1
    parameters = {change["path"]: (change["old"], change["new"]) for change in report["text"]["parameters"]}
    assert parameters == {"game.mao_de_onze_at": (11, 10)}
    clauses = {change["id"]: (change["kind"], change["keys"]) for change in report["text"]["clauses"]}
    assert clauses["ATB-EMPATE-2"] == ("changed", ["when"])
    assert clauses["ATB-NORMAS-11"][0] == "removed" and len(clauses) == 2
    assert "normas-001" in report["behaviour"]["groups"]["ATB-NORMAS-11"]
    # every scenario first parts at its deal, where a covered card is now legal; where the play itself
    # parts later is told too: a vaza whose top cards are one team's stays tied in vaza 2 (ATB-EMPATE-2)
    in_play = [entry["in_play"] for entry in report["behaviour"]["differing"] if entry["in_play"]]
    assert any("vazas" in parting["values"] and "tied" in str(parting["values"]["vazas"]["new"]) for parting in in_play)
    assert report["behaviour"]["groups"]["ATB-EMPATE-2"]  # found by undoing the condition alone: no event names take_trick
    by_id = {entry["id"]: entry["parting"] for entry in report["behaviour"]["differing"]}
    assert "normas-001" in by_id  # a covered card in the first vaza is now a legal action
    assert any(name.startswith("legal actions") for name in by_id["normas-001"]["values"])
    mao_de_onze = [entry for entry in report["behaviour"]["differing"] if any("MAO-DE-11" in clause or "MAO-DE-ONZE" in clause
                                                                               for clause in entry["clauses"])]
    assert mao_de_onze  # a score of 10 is now a mão de onze


def test_a_dropped_clause_of_a_variant_is_told_with_its_drop(tmp_path, capsys):
    variant = tmp_path / "casa.yaml"
    variant.write_text("ruleset: casa\ntitle: Covered cards in the first vaza too\nextends: atb-2004\ndrop: [ATB-NORMAS-11]\n",
                       encoding="utf-8")
    code, report, _ = _report(tmp_path, capsys, "atb-2004", str(variant), "--games", "20")
    assert code == 1
    [clause] = report["text"]["clauses"]
    assert (clause["id"], clause["kind"]) == ("ATB-NORMAS-11", "dropped") and clause["new_place"].endswith("casa.yaml:4")
    assert {"normas-001", "normas-002", "faults-010"} <= set(report["behaviour"]["groups"]["ATB-NORMAS-11"])


def test_a_rule_set_of_another_table_is_counted_as_not_played_with_why(tmp_path, capsys):
    code, report, _ = _report(tmp_path, capsys, "atb-2004", "enecomp", "--games", "10")
    assert code == 1
    counts = report["behaviour"]["unplayable_counts"]
    assert counts["new: enecomp is played by 4 players, not 2"] > 100
    assert report["statistics"]["players"] == 4  # the only count both allow


def _git(folder: Path, *arguments: str) -> None:
    subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t", *arguments], check=True,
                   capture_output=True)


def test_a_file_at_a_git_revision_is_read_as_it_was_beside_its_parent(tmp_path, capsys):
    repository = tmp_path / "repo"
    repository.mkdir()
    _git(repository, "init", "-q")
    variant = repository / "fuga-do-seis.yaml"
    variant.write_text(FUGA_DO_SEIS, encoding="utf-8")
    _git(repository, "add", ".")
    _git(repository, "commit", "-q", "-m", "the variant")
    variant.write_text(FUGA_DO_SEIS.replace("max(raise.before, min(raise.to - 2, 4))", "raise.before"), encoding="utf-8")  # seis: 3
    code, report, _ = _report(tmp_path, capsys, f"{variant}@HEAD", str(variant), "--games", "10")
    assert code == 1
    [clause] = report["text"]["clauses"]
    assert (clause["id"], clause["kind"], clause["keys"]) == ("ATB-TRUCO-2.fold", "changed", ["then"])
    assert clause["old_place"].endswith("repo@HEAD/fuga-do-seis.yaml:5") and clause["new_place"].endswith("repo/fuga-do-seis.yaml:5")
    assert {entry["parting"]["values"]["score"]["old"] for entry in report["behaviour"]["differing"]} == {"0 to 4"}
    assert {entry["parting"]["values"]["score"]["new"] for entry in report["behaviour"]["differing"]} == {"0 to 3"}
    # the same revision on both sides: nothing differs
    code, report, _ = _report(tmp_path, capsys, f"{variant}@HEAD", f"{variant}@HEAD", "--games", "10")
    assert code == 0 and not report["differs"]


def test_this_repository_s_rule_file_at_head_against_the_working_file():
    """``spec/rulesets/atb-2004.yaml@HEAD`` loads with HEAD's paulista beside it, and differs from
    the working file exactly when git says the file changed since."""
    changed = subprocess.run(["git", "-C", str(RULESETS_DIR), "diff", "--quiet", "HEAD", "--", "atb-2004.yaml", "paulista.yaml"],
                             capture_output=True).returncode
    assert main(["diff", f"{ATB}@HEAD", str(ATB), *QUICK[:1], "10", "--workers", "1"]) == (1 if changed else 0)


@pytest.mark.parametrize("old, new, message", [
    ("atb-2004", "atb-2005", "unknown rule set 'atb-2005'"),
    ("atb-2004", "no/such/file.yaml", "no rule file at no/such/file.yaml"),
    (f"{ATB}@no-such-revision", "atb-2004", "'no-such-revision' is no revision of the git repository"),
    (f"{RULESETS_DIR / 'nope.yaml'}@HEAD", "atb-2004", "revision HEAD has no file"),
    (f"{ATB}@--output=x", "atb-2004", "is not a git revision"),
    ("atb-2004", "enecomp --players 2", "--players 2: atb-2004 is played by 2, 4, 6 and enecomp by 4 players"),
])
def test_bad_input_is_one_line_and_exit_2(old, new, message, capsys):
    code, _, err = _diff(capsys, old, *new.split(), "--games", "5", "--workers", "1")
    assert code == 2
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("truco diff: ")


def test_an_unwritable_report_or_a_bad_bot_is_refused_before_anything_runs(tmp_path, capsys):
    code, _, err = _diff(capsys, "atb-2004", "atb-2004", "--json", str(tmp_path / "no" / "such" / "x.json"))
    assert code == 2 and "does not exist" in err
    code, _, err = _diff(capsys, "atb-2004", "atb-2004", "--bots", "clever")
    assert code == 2 and "--bots" in err
