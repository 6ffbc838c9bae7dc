"""Schema problems speak YAML (null, true, [1, 2]), integers are integers, look-alike letters are named,
and a cite with no words is no quote."""

from pathlib import Path

import pytest

from truco_dsl.rules.loader import _quotes, check_files

HEAD = "ruleset: {name}\ntitle: T\nextends: atb-2004\n"

BROKEN = {
    "type": ("note: null\n", "note: null is not a string"),
    "integer": ("deal: {cards: 3.0}\n", "deal.cards: 3.0 is not a whole number; write 3"),
    "bool-integer": ("game: {target: true}\n", "game.target: true is not a whole number"),
    "enum": ("table: {direction: left}\n", "table.direction: left is not allowed"),
    "minimum": ("game: {target: 0}\n", "game.target: 0 is too small"),
    "minItems": ("table: {players: []}\n", "table.players: [] has too few items"),
    "uniqueItems": ("table: {players: [2, 2]}\n", "2 is listed twice in [2, 2]"),
    "pattern": ("source: Big One\n", "does not have the right form"),
    "const": ("table: {teams: 3}\n", "table.teams: 3 is not allowed; it must be 2"),
    "additionalProperties": ("colour: red\n", "unknown key colour in the top level"),
}


def _problems(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return "\n".join(problem.render() for problem in check_files([path])[path])


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_every_schema_message_speaks_yaml_not_python(kind, tmp_path):
    extra, expected = BROKEN[kind]
    name = kind.lower()
    said = _problems(tmp_path, name, HEAD.format(name=name) + extra)
    assert expected in said
    for python in ("None", "True", "False", "is not of type", "'", "{'"):
        assert python not in said.split("\n")[0], said


def test_a_missing_key_is_named_plainly(tmp_path):
    said = _problems(tmp_path, "missing", "ruleset: missing\n")
    assert "the top level is missing title" in said


@pytest.mark.parametrize("key, words", [
    ("\u0435xtends", "a Cyrillic '\u0435' (U+0435) where 'extends' has a Latin 'e'"),
    ("ti\u200btle", "zero width space, U+200B"),
    ("ｔitle", "(U+FF54) where 'title' has a Latin 't'"),
])
def test_a_look_alike_letter_in_a_key_is_named(key, words, tmp_path):
    said = _problems(tmp_path, "alike", f"ruleset: alike\ntitle: T\n{key}: atb-2004\n")
    assert "unknown key" in said and words in said and ":3:1:" in said


@pytest.mark.parametrize("cite", ["—", "[...]", "[...] [...]", "...", "", "Jogada [...]"])
def test_a_cite_without_words_is_no_quote(cite):
    assert not _quotes(cite, "Jogada empatada na 3ª vaza")


def test_a_real_quote_with_a_gap_still_quotes():
    assert _quotes("Jogada [...] 3ª vaza", "Jogada empatada na 3ª vaza")
