"""The corpus of bad rule files (tests/fixtures/bad/): one file per kind of mistake a drafter makes,
each beside the message `truco validate` must print for it (``<kind>.expected``), the way Catala
keeps its bad/ tests. A kind found by the fuzzing harness (tests/test_fuzz.py) or by a user is
added here. To add one: write ``<kind>.yaml`` (its ``ruleset:`` is ``<kind>``), run
``truco validate <kind>.yaml 2> <kind>.expected`` in the folder, and read the message: it must
point at the place and say what is wrong in the drafter's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_dsl.cli import main

BAD = Path(__file__).with_name("fixtures") / "bad"


@pytest.mark.parametrize("kind", sorted(path.stem for path in BAD.glob("*.yaml")))
def test_each_kind_of_mistake_gets_its_message_and_exit_2(kind, monkeypatch, capsys):
    monkeypatch.chdir(BAD)  # files are named as the user gave them: relative, stable
    assert main(["validate", f"{kind}.yaml"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (BAD / f"{kind}.expected").read_text(encoding="utf-8")
    assert "Traceback" not in err


def test_every_bad_file_has_its_expected_message_and_the_corpus_covers_the_kinds():
    files = {path.stem for path in BAD.glob("*.yaml")}
    assert files == {path.stem for path in BAD.glob("*.expected")}
    assert len(files) >= 20
