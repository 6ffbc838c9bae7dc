"""House rules with their own text (``sources: casa.md``): a variant names a file of its own in the
``### ID`` format of spec/sources; its clauses carry those ids and quote those words, checked as a
regulation's are; ``truco coverage`` and ``truco where`` know them; every mistake has its place."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.engine import Engine
from truco_dsl.rules import load_ruleset
from truco_dsl.rules.loader import check_files

FIXTURES = Path(__file__).parent / "fixtures" / "variants"


@pytest.fixture
def casa(tmp_path) -> Path:
    """A copy of the Bar do Zé variant and its house rules, to change."""
    for name in ("casa-do-ze.yaml", "casa-do-ze.md"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    return tmp_path / "casa-do-ze.yaml"


def _problems(path: Path) -> list[str]:
    return [problem.render() for problem in check_files([path])[path]]


def test_a_house_rule_plays_under_its_own_id_and_words(casa):
    ruleset = load_ruleset(casa)
    assert set(ruleset.house) == {"CASA-ZE-1", "CASA-ZE-2"}
    assert ruleset.clause("CASA-ZE-1").cite.startswith("Quem trucar na mão de onze")
    engine = Engine(ruleset, players=2, seed=1, dealer=1, scores=[11, 4])
    engine.deal(hands=[["4c", "7h", "3d"], ["Kd", "Jd", "5d"]], vira="3s")
    engine.act(0, "mao_de_onze:play")
    engine.act(0, "truco")  # a foul in the mão de onze: the house's four tentos, not ATB's three
    assert engine.score == [11, 8]


def test_a_misquote_of_a_house_rule_is_refused_at_its_cite(casa):
    casa.write_text(casa.read_text(encoding="utf-8").replace("perde quatro tentos", "perde cinco tentos"), encoding="utf-8")
    [problem] = _problems(casa)
    assert "casa-do-ze.yaml:8:11: the cite is not a quote of CASA-ZE-1 (casa-do-ze.md line 5:" in problem


def test_an_id_in_neither_the_regulations_nor_the_house_rules_is_refused(casa):
    casa.write_text(casa.read_text(encoding="utf-8").replace("id: CASA-ZE-1", "id: CASA-ZE-9"), encoding="utf-8")
    [problem] = _problems(casa)
    assert "casa-do-ze.yaml:7:9: clause id CASA-ZE-9 is not in spec/sources nor in its house rules casa-do-ze.md" in problem


def test_a_house_rule_may_not_take_a_regulation_s_id(casa):
    house = casa.with_suffix(".md")
    house.write_text(house.read_text(encoding="utf-8").replace("### CASA-ZE-2", "### ATB-TRUCO-2"), encoding="utf-8")
    said = "\n".join(_problems(casa))
    assert "casa-do-ze.yaml:4:10: casa-do-ze.md:9: ATB-TRUCO-2 is a clause of atb-2004.md; a house rule has an id of its own" in said


def test_a_house_rule_may_not_take_a_parent_s_house_rule_id_and_truco_new_picks_a_free_one(casa, capsys, monkeypatch):
    folder = casa.parent
    (folder / "filho.md").write_text("# x\n\n## a\n\n### CASA-ZE-2\n> outra coisa\n- location: y\n", encoding="utf-8")
    (folder / "filho.yaml").write_text("ruleset: filho\ntitle: t\nextends: casa-do-ze\nsources: filho.md\n", encoding="utf-8")
    said = "\n".join(_problems(folder / "filho.yaml"))
    assert "filho.yaml:4:10: filho.md:5: CASA-ZE-2 is already a house rule of a parent" in said
    assert "casa-do-ze.md:9); a house rule of this file has an id of its own" in said
    # a child that names its parent's own file again takes nothing from it
    (folder / "filho.yaml").write_text("ruleset: filho\ntitle: t\nextends: casa-do-ze\nsources: casa-do-ze.md\n", encoding="utf-8")
    assert _problems(folder / "filho.yaml") == []
    monkeypatch.chdir(folder)
    (folder / "mesa.md").write_text("# x\n\n## a\n\n### MESA-1\n> A mesa joga a 15.\n- location: y\n", encoding="utf-8")
    (folder / "mesa.yaml").write_text("ruleset: mesa\ntitle: t\nextends: atb-2004\nsources: mesa.md\n", encoding="utf-8")
    assert main(["new", "mesa-quatro", "--extends", "mesa.yaml", "--sources"]) == 0
    assert "### MESA-2\n" in (folder / "mesa-quatro.md").read_text(encoding="utf-8")  # MESA-1 is the parent's
    capsys.readouterr()


@pytest.mark.parametrize("house, said", [
    (None, "no house rules file casa-do-ze.md beside this rule file"),
    ("### CASA-ZE-1\n> Sem local.\n", "casa-do-ze.md:1: clause CASA-ZE-1 needs exactly one '- location:' bullet"),
    ("### casa-1\n> x\n- location: y\n", "casa-do-ze.md:1: 'casa-1' is not a clause id"),
    ("fifo", "cannot read it: is a pipe (FIFO), not a regular file"),
])
def test_a_house_rules_file_that_is_missing_or_malformed_is_refused_at_sources(casa, house, said):
    path = casa.with_suffix(".md")
    path.unlink()
    if house == "fifo":
        os.mkfifo(path)  # never opened for reading: it would block
    elif house is not None:
        path.write_text(house, encoding="utf-8")
    problems = _problems(casa)
    assert any("casa-do-ze.yaml:4:10: " in problem and said in problem for problem in problems), problems


def test_coverage_of_a_house_variant_counts_its_house_rules(casa, capsys):
    assert main(["coverage", "--ruleset", str(casa), "--json"]) == 1  # no scenario checks the house rule
    reports = {report["regulation"]: report for report in json.loads(capsys.readouterr().out)}
    assert reports["casa-do-ze"]["counts"] == {"clauses": 2, "encoded": 1, "informative": 1, "ambiguous": 0, "covered": 0,
                                               "unclassified": 0, "encoded_without_scenario": 1}
    assert reports["casa-do-ze"]["encoded_without_scenario"] == ["CASA-ZE-1"]


def test_where_finds_a_house_rule_in_its_file(casa, capsys):
    assert main(["where", "CASA-ZE-1", "--ruleset", str(casa)]) == 0
    printed = capsys.readouterr().out
    assert f"{casa.with_suffix('.md')}:5  Mão de onze: Quem trucar na mão de onze perde quatro tentos" in printed
    assert f"{casa}:7  CASA-ZE-1, written by casa-do-ze" in printed


def test_a_variant_of_a_house_variant_with_house_rules_of_its_own_shows_and_saves_both(casa, tmp_path, capsys):
    (tmp_path / "filho.md").write_text("### FILHO-1\n> O filho tem regra própria.\n- location: aqui\n- informative: só texto\n",
                                       encoding="utf-8")
    child = tmp_path / "filho.yaml"
    child.write_text("ruleset: filho\ntitle: filho\nextends: casa-do-ze\nsources: [filho.md]\n", encoding="utf-8")
    assert set(load_ruleset(child).house) == {"CASA-ZE-1", "CASA-ZE-2", "FILHO-1"}  # inherited, and its own
    assert main(["show", str(child)]) == 0
    shown = capsys.readouterr().out
    assert f"sources: [{(tmp_path / 'casa-do-ze.md').resolve()}, {(tmp_path / 'filho.md').resolve()}]" in shown
    saved = tmp_path / "saved" / "salvo.yaml"
    saved.parent.mkdir()
    saved.write_text(shown.replace("ruleset: filho\n", "ruleset: salvo\n", 1), encoding="utf-8")
    assert _problems(saved) == []


def test_a_house_rules_file_that_cannot_be_read_is_told_once_not_at_every_id(casa):
    casa.with_suffix(".md").unlink()
    assert len(_problems(casa)) == 1


def test_a_misquote_says_where_the_quote_departs_from_the_text(casa):
    casa.write_text(casa.read_text(encoding="utf-8").replace("perde quatro tentos", "perde cinco tentos"), encoding="utf-8")
    [problem] = _problems(casa)
    assert 'the words from "cinco" on ("cinco tentos") are not in it; quote its words' in problem
