"""``truco show``: the resolved rule set, saved as a rule file, plays the same seeded games as the
original; every origin it names is a line that writes that value or clause; ``--changed`` keeps only
what the variant changes (and still loads as the variant); ``--json`` says the same as data."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.engine import proof
from truco_dsl.rules import RuleSet, available_rulesets, load_ruleset

VARIANTS = Path(__file__).parent / "fixtures" / "variants"
RULE_SETS = sorted(available_rulesets()) + [str(VARIANTS / "casa24b.yaml"), str(VARIANTS / "casa-do-ze.yaml")]
#: what a RuleSet holds that is not play: its name, its file, its chain, its warnings, its traces
#: (a parent's trace whose encoder a child replaced is shown as a comment, not kept)
_NOT_PLAY = {"id", "file", "lineage", "warnings", "traces", "clauses", "abstract"}


def _shown(reference: str, capsys, *options: str) -> str:
    assert main(["show", reference, *options]) == 0
    return capsys.readouterr().out


def _saved(tmp_path: Path, reference: str, text: str) -> RuleSet:
    original = load_ruleset(reference)
    path = tmp_path / f"{Path(original.file).stem}-shown.yaml"
    path.write_text(text.replace(f"ruleset: {original.id}\n", f"ruleset: {path.stem}\n", 1), encoding="utf-8")
    return load_ruleset(path)


def _games(ruleset: RuleSet) -> list[tuple[list[str], list[int]]]:
    """The proof's seeded games of ``ruleset``: each game's actions and final score."""
    played = []
    for game in proof.games(ruleset):
        game.play()
        played.append((game.actions, list(game.engine.score)))
    return played


@pytest.mark.parametrize("reference", RULE_SETS, ids=lambda reference: Path(reference).stem)
def test_the_resolved_rule_set_saved_as_a_file_plays_the_same_seeded_games(reference, tmp_path, capsys):
    original = load_ruleset(reference)
    saved = _saved(tmp_path, reference, _shown(reference, capsys))
    assert saved.lineage == (saved.id,)  # it extends nothing
    for name in (field.name for field in dataclasses.fields(RuleSet) if field.name not in _NOT_PLAY):
        assert getattr(saved, name) == getattr(original, name), name
    assert [(c.id, c.hook, c.when and c.when.source, c.then.source) for c in saved.clauses] == \
           [(c.id, c.hook, c.when and c.when.source, c.then.source) for c in original.clauses]
    if not original.abstract:
        assert _games(dataclasses.replace(saved, abstract=False)) == _games(original)


@pytest.mark.parametrize("reference", ["melhor-de-cinco", str(VARIANTS / "casa24b.yaml")], ids=["melhor-de-cinco", "casa24b"])
def test_every_origin_shown_is_a_line_that_writes_it(reference, capsys):
    out = _shown(reference, capsys)
    checked = 0
    for number, line in enumerate(out.splitlines()):
        origin = re.search(r"# (\S+\.yaml):(\d+)", line)
        if origin is None or line.startswith("# truco show"):
            continue
        written = Path(origin.group(1)).read_text(encoding="utf-8").splitlines()[int(origin.group(2)) - 1]
        key = line.split("#")[0].strip().split(":")[0]
        if line.strip().startswith("# ") and "dropped at" not in line and "no longer has" not in line:  # a clause: its id line
            key = out.splitlines()[number + 1].strip().removeprefix("- ").split(":")[0]
            assert written.strip().removeprefix("- ").startswith("id:"), (line, written)
        elif key:
            assert written.strip().startswith(f"{key}:") or written.strip().startswith(f"- {key}:"), (line, written)
        checked += 1
    assert checked > 50


def test_dropped_and_overridden_clauses_are_marked(capsys):
    out = _shown("melhor-de-cinco", capsys)
    assert re.search(r"#   ATB-TEMPO-e, written at spec/rulesets/atb-2004.yaml:\d+, dropped at spec/rulesets/variants/melhor-de-cinco.yaml:\d+", out)
    out = _shown(str(VARIANTS / "casa24b.yaml"), capsys)
    assert re.search(r"# tests/fixtures/variants/casa24b.yaml:10, overrides spec/rulesets/atb-2004.yaml:\d+\n  - id: ATB-MAO-DE-11-3\n", out)


def test_changed_keeps_only_what_the_variant_changes_and_still_loads_as_it(tmp_path, capsys):
    out = _shown(str(VARIANTS / "casa24b.yaml"), capsys, "--changed")
    assert "extends: manilha-velha" in out and "ladder: [1, 2, 4, 8]" in out and "target: 24" in out
    assert "players:" not in out and "ATB-EMPATE-3" not in out
    assert out.count("  - id: ") == 4 and "mao_de_onze_at: 23" in out
    (tmp_path / "casa24b.yaml").write_text(out, encoding="utf-8")
    again = load_ruleset(tmp_path / "casa24b.yaml")
    original = load_ruleset(VARIANTS / "casa24b.yaml")
    assert [c.then.source for c in again.clauses] == [c.then.source for c in original.clauses]
    assert (again.ladder, again.target, again.mao_de_onze_at) == (original.ladder, original.target, original.mao_de_onze_at)


def test_json_gives_each_value_and_clause_its_file_and_line(capsys):
    shown = json.loads(_shown(str(VARIANTS / "casa24b.yaml"), capsys, "--json"))
    assert shown["lineage"] == ["casa24b", "manilha-velha", "atb-2004", "paulista"]
    assert shown["parameters"]["game.target"] == {"value": 24, "file": "tests/fixtures/variants/casa24b.yaml", "line": 7}
    assert shown["parameters"]["deck.manilha.rule"]["file"].endswith("manilha-velha.yaml")
    mine = [clause for clause in shown["clauses"] if clause["file"].endswith("casa24b.yaml")]
    assert len(mine) == 4 and all(clause["overrides"]["file"].endswith("atb-2004.yaml") for clause in mine)
    changed = json.loads(_shown(str(VARIANTS / "casa24b.yaml"), capsys, "--json", "--changed"))
    assert set(changed["parameters"]) == {"stakes.ladder", "game.target", "game.mao_de_onze_at"} and len(changed["clauses"]) == 4


def test_a_rule_set_that_does_not_load_or_play_is_bad_input(capsys):
    assert main(["show", "atb-2005"]) == 2
    assert "unknown rule set" in capsys.readouterr().err
    assert main(["show", str(VARIANTS / "casa24.yaml")]) == 2
    assert "casa24.yaml:5:11: its stakes.ladder makes the game fail" in capsys.readouterr().err


def test_changed_of_a_variant_whose_parent_drops_clauses_saves_a_file_that_loads(tmp_path, capsys):
    child = tmp_path / "filho.yaml"
    child.write_text("ruleset: filho\ntitle: filho\nextends: melhor-de-cinco\n", encoding="utf-8")
    assert main(["show", str(child), "--changed"]) == 0
    shown = capsys.readouterr().out
    assert "\ndrop:" not in shown  # melhor-de-cinco's drops are its own, not the child's
    saved = tmp_path / "salvo.yaml"
    saved.write_text(shown.replace("ruleset: filho\n", "ruleset: salvo\n", 1), encoding="utf-8")
    assert load_ruleset(saved).clauses == load_ruleset(child).clauses


def test_a_parameter_group_s_cites_as_the_rule_set_plays_them():
    """``Resolved.cited_by``: the clauses a group cites, a child's replacing its parent's whole."""
    from truco_dsl.rules.resolved import resolve

    atb = resolve("atb-2004")
    assert "ATB-MANILHAS-3" in atb.cited_by("deck.manilha") and "ATB-MANILHAS-3" not in atb.cited_by("deck")
    assert "ATB-BARALHO-2" in atb.cited_by("deck")
    assert atb.cited_by("deck.manilha")["ATB-MANILHAS-3"] == atb.ruleset.cites["ATB-MANILHAS-3"]
    velha = resolve(available_rulesets()["manilha-velha"])
    assert list(velha.cited_by("deck.manilha")) == ["ATB-MANILHA-VELHA-1"]
    assert atb.cited_by("deck.nothing") == {} and atb.cited_by("nothing") == {}
