"""``truco new NAME --extends PARENT [--set KEY=VALUE …] [--sources]``: a first draft that validates
as written, commented with what the parent offers, checked at once; bad input refused before
anything is written."""

from __future__ import annotations

import dataclasses

import pytest

from truco_dsl.cli import main
from truco_dsl.rules import RuleSet, load_ruleset

#: what a RuleSet holds that is not play: a draft differs from its parent there only
_NOT_PLAY = {"id", "title", "file", "lineage", "warnings", "source", "house", "features"}


def test_a_draft_with_nothing_set_validates_and_plays_as_its_parent(tmp_path, capsys):
    assert main(["new", "casa", "--extends", "atb-2004", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'casa.yaml'}" in out and "casa.yaml: ok — rule set casa (casa → atb-2004 → paulista)" in out
    draft, parent = load_ruleset(tmp_path / "casa.yaml"), load_ruleset("atb-2004")
    for name in (field.name for field in dataclasses.fields(RuleSet) if field.name not in _NOT_PLAY):
        assert getattr(draft, name) == getattr(parent, name), name
    text = (tmp_path / "casa.yaml").read_text(encoding="utf-8")
    assert "#     target: 12  # " in text and "paulista.yaml:" in text  # each parent value with where it is set
    assert "#   respond: ATB-TRUCO-2, ATB-TRUCO-2.fold" in text  # the clause ids to override or drop, by hook


def test_a_setting_is_written_and_the_draft_checked_for_coherence(tmp_path, capsys):
    assert main(["new", "casa24", "--extends", "atb-2004", "--dir", str(tmp_path), "--set", "game.target=24"]) == 0
    captured = capsys.readouterr()
    assert "  target: 24  # set by truco new --set" in (tmp_path / "casa24.yaml").read_text(encoding="utf-8")
    assert load_ruleset(tmp_path / "casa24.yaml").target == 24
    assert "warning [follows-target]" in captured.err  # the mão de onze still at 11


def test_a_ladder_the_parent_s_clauses_do_not_fit_is_written_and_refused_with_its_cause(tmp_path, capsys):
    assert main(["new", "casa", "--extends", "atb-2004", "--dir", str(tmp_path), "--set", "stakes.ladder=[1, 2, 4, 8]"]) == 2
    err = capsys.readouterr().err
    assert "casa.yaml:6:11: its stakes.ladder makes the game fail" in err  # kept, to be fixed as the message says
    assert (tmp_path / "casa.yaml").exists()


def test_a_house_rules_skeleton_is_written_named_and_counted(tmp_path, capsys):
    assert main(["new", "casa-do-ze", "--extends", "atb-2004", "--dir", str(tmp_path), "--sources"]) == 0
    capsys.readouterr()
    assert "sources: casa-do-ze.md" in (tmp_path / "casa-do-ze.yaml").read_text(encoding="utf-8")
    assert "### CASA-1\n" in (tmp_path / "casa-do-ze.md").read_text(encoding="utf-8")
    assert set(load_ruleset(tmp_path / "casa-do-ze.yaml").house) == {"CASA-1"}


def test_a_scenario_of_its_own_is_written_named_and_passes(tmp_path, capsys):
    from truco_dsl.conformance.runner import run_suite
    assert main(["new", "mesa", "--extends", "enecomp", "--set", "stakes.ladder=[2, 4, 8, 12]", "--features",
                 "--dir", str(tmp_path)]) in (0, 2)
    text = (tmp_path / "mesa.feature").read_text(encoding="utf-8")
    assert "@id:mesa-001 @clause:" in text and 'Given a game of "mesa" for 4 players' in text
    assert "Then the hand is worth 2" in text  # the first step of the ladder it sets
    assert "features: mesa.feature" in (tmp_path / "mesa.yaml").read_text(encoding="utf-8")
    assert main(["new", "casa", "--extends", "atb-2004", "--features", "--dir", str(tmp_path)]) == 0
    capsys.readouterr()
    [result] = [result for result in run_suite(str(tmp_path / "casa.yaml"), tags="@id:casa-001")]
    assert (result.outcome, result.feature.endswith("casa.feature")) == ("passed", True)


@pytest.mark.parametrize("arguments, said", [
    (["Casa", "--extends", "atb-2004"], "'Casa' is no rule set id"),
    (["casa", "--extends", "atb-2004", "--set", "game.targt=3"], "'targt' is no parameter of game (did you mean target?)"),
    (["casa", "--extends", "atb-2004", "--set", "game.target"], "write KEY=VALUE"),
    (["casa", "--extends", "atb-2004", "--set", "game.target=["], "'[' is not a YAML value"),
    (["casa", "--extends", "atb-2004", "--set", "game.cites=x"], "'cites' is no parameter of game"),
    (["casa", "--extends", "atb-2094"], "no parent rule set 'atb-2094' (did you mean atb-2004?): a bundled id"),
])
def test_bad_input_is_refused_before_anything_is_written(arguments, said, tmp_path, capsys):
    assert main(["new", *arguments, "--dir", str(tmp_path)]) == 2
    assert said in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_file_already_there_is_kept_unless_forced(tmp_path, capsys):
    (tmp_path / "casa.yaml").write_text("mine\n", encoding="utf-8")
    assert main(["new", "casa", "--extends", "atb-2004", "--dir", str(tmp_path)]) == 2
    assert "is already there: choose another name, or --force to replace it" in capsys.readouterr().err
    assert (tmp_path / "casa.yaml").read_text(encoding="utf-8") == "mine\n"
    assert main(["new", "casa", "--extends", "atb-2004", "--dir", str(tmp_path), "--force"]) == 0


def test_a_variant_of_one_s_own_variant_names_it_by_id_whether_given_its_id_or_its_file(tmp_path, capsys):
    assert main(["new", "clube", "--extends", "atb-2004", "--dir", str(tmp_path)]) == 0
    assert main(["new", "clube2", "--extends", str(tmp_path / "clube.yaml"), "--dir", str(tmp_path)]) == 0
    assert main(["new", "clube3", "--extends", "clube", "--dir", str(tmp_path)]) == 0
    for name in ("clube2", "clube3"):
        assert "\nextends: clube\n" in (tmp_path / f"{name}.yaml").read_text(encoding="utf-8")
        assert load_ruleset(tmp_path / f"{name}.yaml").lineage == (name, "clube", "atb-2004", "paulista")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    capsys.readouterr()
    assert main(["new", "clube4", "--extends", str(tmp_path / "clube.yaml"), "--dir", str(elsewhere)]) == 2
    assert "extends finds a parent among the bundled rule sets or beside the variant" in capsys.readouterr().err
