"""`truco where NAME`: every place it names is a real file and line that says what it claims."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.conformance.where import where
from truco_dsl.errors import UnknownName


def _line(place: str) -> str:
    """The text at ``file:line``."""
    file, _, line = place.rpartition(":")
    return Path(file).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def _by_role(name: str, ruleset: str | None = None) -> dict[str, list]:
    found: dict[str, list] = {}
    for sighting in where(name, ruleset):
        found.setdefault(sighting.role, []).append(sighting)
    return found


def test_a_clause_is_found_in_its_regulation_its_rule_files_the_engine_and_its_scenarios():
    found = _by_role("ATB-EMPATE-3")
    assert [_line(sighting.place) for sighting in found["text"]] == ["### ATB-EMPATE-3"]
    encoded = {_line(sighting.place).strip() for sighting in found["encoded"]}
    assert encoded == {"- id: ATB-EMPATE-3", "- id: ATB-EMPATE-3.second"}
    assert any("paulista.yaml" in sighting.place for sighting in found["encoded"])
    # fpt-1983 and atb-2004 write their own versions over paulista's
    assert {"ATB-EMPATE-3 of paulista", "ATB-EMPATE-3.second of paulista"} == {sighting.text for sighting in found["overrides"]}
    assert all(_line(sighting.place).strip().startswith("- id: ATB-EMPATE-3") for sighting in found["overrides"])
    assert {_line(sighting.place).strip() for sighting in found["when"]} >= {"when: trick.number == 3 and trick.tied and not tricks[1].tied and tricks[1].winner != none"}
    assert {_line(sighting.place).strip() for sighting in found["then"]} == {"then: win_hand(tricks[1].winner)"}
    assert all('run("after_trick"' in _line(sighting.place) for sighting in found["runs at"])
    assert {_line(sighting.place).strip() for sighting in found["calls"]} == {"def win_hand(self, team: int) -> None:"}
    checked = {sighting.text.split(":")[0] for sighting in found["checked by"]}
    assert {"empate-003", "empate-004", "desacordos-006"} <= checked
    assert all(_line(sighting.place).strip().startswith("Scenario") for sighting in found["checked by"])


def test_a_rule_set_limits_the_search_to_its_lineage():
    everywhere = {sighting.place for sighting in where("ATB-EMPATE-3")}
    under_atb = {sighting.place for sighting in where("ATB-EMPATE-3", "atb-2004")}
    assert not any("fpt-1983.yaml" in place for place in under_atb)
    assert any("fpt-1983.yaml" in place for place in everywhere)


def test_a_drop_a_cite_and_a_variant_file_of_ones_own_are_found(tmp_path):
    dropped = _by_role("ATB-TEMPO-e", "melhor-de-cinco")["dropped"]
    assert dropped and all("drop:" in _line(sighting.place) for sighting in dropped)
    cited = _by_role("ATB-ESTRUTURA-2")["cited"]
    assert cited and all(_line(sighting.place).strip().startswith("ATB-ESTRUTURA-2:") for sighting in cited)
    variant = tmp_path / "casa.yaml"
    variant.write_text(
        "ruleset: casa\ntitle: house rules\nextends: atb-2004\ndrop: [ATB-EMPATE-3.second]\nclauses:\n"
        "  - id: ATB-EMPATE-3\n    cite: Jogada empatada na 3ª vaza, vence a equipe que ganhou a 1ª vaza\n"
        "    on: after_trick\n    when: trick.number == 3 and not tricks[1].tied and (trick.tied or tricks[2].tied) and tricks[1].winner != none\n"
        "    then: win_hand(tricks[1].winner)\n",
        encoding="utf-8")
    found = _by_role("ATB-EMPATE-3", str(variant))
    mine = [sighting for sighting in found["encoded"] if "casa.yaml" in sighting.place]
    assert [sighting.place.rpartition(":")[2] for sighting in mine] == ["6"]
    assert "written by casa, in casa" in mine[0].text
    assert [sighting.place.rpartition(":")[2] for sighting in found["dropped"]] == ["4"]
    callers = {sighting.text for sighting in _by_role("win_hand", str(variant))["called by"]}
    assert "ATB-EMPATE-3 (casa)" in callers and not any(caller.startswith("ATB-EMPATE-3.second") for caller in callers)


def test_a_builtin_a_hook_and_a_scenario_are_found():
    builtin = _by_role("win_hand")
    assert _line(builtin["declared"][0].place).strip().startswith('"win_hand": Builtin(')
    assert _line(builtin["implemented"][0].place).strip() == "def win_hand(self, team: int) -> None:"
    assert all("win_hand(" in Path(s.place.rpartition(":")[0]).read_text(encoding="utf-8") for s in builtin["called by"])
    assert len(builtin["called by"]) >= 5
    hook = _by_role("after_trick")
    assert '"after_trick"' in _line(hook["declared"][0].place)
    assert hook["clause"] and all("effect" in sighting.text or "guard" in sighting.text for sighting in hook["clause"])
    scenario = _by_role("empate-003")
    assert _line(scenario["scenario"][0].place).strip().startswith("Scenario:")
    assert [sighting.text for sighting in scenario["checks"]] == ["ATB-EMPATE-3"]


def test_an_unknown_name_offers_the_closest_and_the_command_exits_2(capsys):
    with pytest.raises(UnknownName, match=r"did you mean ATB-EMPATE-3\?"):
        where("ATB-EMPATE-33")
    assert main(["where", "win_hnd"]) == 2
    assert "did you mean win_hand?" in capsys.readouterr().err
    assert main(["where", "ATB-EMPATE-3", "--ruleset", "no-such-rule-set"]) == 2
    assert "unknown rule set" in capsys.readouterr().err


def test_the_command_prints_lines_and_json(capsys):
    assert main(["where", "ATB-EMPATE-3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("text ") and "spec/sources/atb-2004.md:" in lines[0]
    assert any(line.startswith("  calls ") and "runtime.py:" in line for line in lines)
    assert main(["where", "empate-003", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records[0]["role"] == "scenario" and records[1] == {**records[1], "role": "checks", "detail": True}


def test_a_part_a_name_of_two_kinds_and_a_rule_set_that_encodes_nothing():
    part = _by_role("ATB-EMPATE-3.second")
    assert {sighting.text.split(",")[0] for sighting in part["encoded"]} == {"ATB-EMPATE-3.second"}
    both = _by_role("mao_de_onze")  # a builtin and a hook
    assert both["implemented"] and both["runs at"] and both["clause"]
    fpt = _by_role("ATB-NORMAS-11", "fpt-1983")
    assert fpt["not encoded"][0].text == "by fpt-1983 nor the rule sets it extends"
    # only the scenarios truco conform --ruleset fpt-1983 runs (features/fpt-1983/): none checks it
    assert "checked by" not in fpt
    everywhere = " ".join(sighting.place for sighting in _by_role("ATB-NORMAS-11")["checked by"])
    assert "features/atb-2004/" in everywhere and "features/desacordos/" in everywhere
    assert not any("desacordos" in sighting.place for sighting in _by_role("ATB-EMPATE-3", "atb-2004")["checked by"])
    elsewhere = _by_role("empate-003", "enecomp")
    assert elsewhere["not run"][0].text == "by truco conform --ruleset enecomp"
    assert "informative" in _by_role("ATB-PREAMBULO-1")
    for unknown in ("ATB-EMPATE-3.nowhere", "ATB-EMPATE-3."):
        with pytest.raises(UnknownName):
            where(unknown)
    with pytest.raises(UnknownName, match=r"did you mean ATB-EMPATE-3\?"):
        where("atb-empate-3")  # letter case aside


def test_a_builtin_declared_without_its_method_is_said_not_implemented(monkeypatch):
    from truco_dsl.lang import vocabulary

    monkeypatch.setitem(vocabulary.BUILTINS, "double", vocabulary.Builtin(1, "double(n) -> 2 n", arguments=("number",)))
    found = _by_role("double")
    assert "ClauseRuntime has no method double" in found["not implemented"][0].text
    assert "implemented" not in found


def test_the_readme_s_example_is_what_truco_where_prints(capsys):
    """README.md shows `truco where ATB-EMPATE-3` with its lines cut (…): each line it shows is the
    start of a line the command prints now, so its places stay true as files move."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ truco where ATB-EMPATE-3\n", 1)[1].split("```", 1)[0]
    shown = [line.rstrip("…").rstrip() for line in block.splitlines() if line.strip() and line.strip() != "…"]
    assert main(["where", "ATB-EMPATE-3"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(shown) >= 8
    for line in shown:
        assert any(out.startswith(line) for out in printed), line
