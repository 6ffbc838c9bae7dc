"""The command layer (``truco_dsl.cli``): problems reported without losing the rest of a run, and
``truco serve`` kept light."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from truco_dsl.cli import main


# ---------------------------------------------------------------------------------------- reported and gone on
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
