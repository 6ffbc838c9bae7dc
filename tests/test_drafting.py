"""docs/drafting.md stays true: its rule file and house rules are the fixture's, and they validate
as it says."""

from __future__ import annotations

from pathlib import Path

from truco_dsl.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "variants" / "jogo-de-24"


def _block(text: str, language: str, starting: str) -> str:
    """The first ```language block of ``text`` whose body starts with ``starting``."""
    for part in text.split(f"```{language}\n")[1:]:
        body = part.split("```", 1)[0]
        if body.startswith(starting):
            return body
    raise AssertionError(f"no ```{language} block starting {starting!r}")


def test_the_walk_through_shows_the_fixture_s_files():
    text = (ROOT / "docs" / "drafting.md").read_text(encoding="utf-8")
    assert _block(text, "yaml", "ruleset: jogo-de-24") == (FIXTURE / "jogo-de-24.yaml").read_text(encoding="utf-8")
    assert _block(text, "markdown", "# Regras da casa") == (FIXTURE / "jogo-de-24.md").read_text(encoding="utf-8")


def test_the_walk_through_s_variant_validates_as_it_says(capsys, monkeypatch):
    monkeypatch.chdir(FIXTURE)
    assert main(["validate", "jogo-de-24.yaml"]) == 0
    said = capsys.readouterr().out.strip()
    text = (ROOT / "docs" / "drafting.md").read_text(encoding="utf-8")
    assert f"$ truco validate jogo-de-24.yaml\n{said}\n" in text
