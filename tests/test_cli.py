"""The command layer (``truco_dsl.cli``): ``truco serve`` kept light."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap


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
