"""Schema problems speak YAML (null, true, [1, 2]), integers are integers, look-alike letters are named,
and a cite with no words is no quote."""

import json
from pathlib import Path

import pytest

from truco_dsl.bundled import SPEC_DIR
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
    "pattern": ("source: Big One\n", "source: Big One is not an id of lower-case letters, digits and hyphens, like atb-2004"),
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


def _patterns(schema: object, path: str = "") -> list[tuple[str, dict]]:
    """Every subschema of ``schema`` with a ``pattern``, with where it is."""
    if isinstance(schema, dict):
        found = [(path, schema)] if "pattern" in schema else []
        return found + [hit for key, value in schema.items() for hit in _patterns(value, f"{path}/{key}")]
    if isinstance(schema, list):
        return [hit for index, value in enumerate(schema) for hit in _patterns(value, f"{path}/{index}")]
    return []


def test_every_pattern_of_the_schema_says_its_form_in_words():
    schema = json.loads((SPEC_DIR / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    patterns = _patterns(schema)
    assert len(patterns) >= 5
    for where, subschema in patterns:
        assert subschema.get("x-form", "").startswith(("a ", "an ")), where


#: a value of each kind a careless hand writes where another kind goes
_WRONG = ["null", "[]", "[null]", "[{}]", "x", "3", "-1", "1.5", "{}", "{a: 1}", "true"]


def _keys() -> list[tuple[str, ...]]:
    schema = json.loads((SPEC_DIR / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    keys = [(key,) for key in schema["properties"] if key not in ("ruleset", "extends")]
    groups = [(key, sub) for key, value in schema["properties"].items() for sub in value.get("properties", {})]
    return keys + groups + [("deck", "manilha", sub) for sub in schema["properties"]["deck"]["properties"]["manilha"]["properties"]]


@pytest.mark.parametrize("key", _keys(), ids=".".join)
def test_a_wrong_kind_of_value_at_any_key_is_a_located_problem_not_a_crash(key, tmp_path):
    for value in _WRONG:
        body = "".join(f"{'  ' * depth}{name}:\n" for depth, name in enumerate(key[:-1])) + f"{'  ' * (len(key) - 1)}{key[-1]}: {value}\n"
        path = tmp_path / "wrong.yaml"
        path.write_text(HEAD.format(name="wrong") + body, encoding="utf-8")
        problems = check_files([path])[path]  # raises nothing but the loader's own problems
        for problem in problems:
            assert problem.place.line >= 1 and "Traceback" not in problem.render()


@pytest.mark.parametrize("when, then", [
    ('hand_flag("{long}")', 'flag_hand("{long}x")'),  # a flag read that nothing sets, near another long one
    ("{long} > 1", "end_hand()"),  # an unknown name
    ("true", 'forbid("{long}")'),  # an undeclared refusal code
])
def test_a_name_of_200000_characters_gets_a_short_message(when, then, tmp_path):
    long = "f" * 200_000
    clause = f"clauses:\n  - id: ATB-TRUCO-1\n    cite: truco\n    on: raise\n    when: '{when}'\n    then: '{then}'\n"
    path = tmp_path / "long.yaml"
    path.write_text(HEAD.format(name="long") + clause.replace("{long}", long), encoding="utf-8")
    [problem] = check_files([path])[path]
    assert len(problem.render()) < 1_000 and "…" in problem.render()


@pytest.mark.parametrize("text, place, words", [
    ("ruleset: y\ntitle: x\n\textends: atb-2004\n", "3:1", "a tab: YAML indents with spaces, never with tabs"),
    ("ruleset: y\ntitle: x: y\n", "2:9", "this ': ' would start a mapping inside a value (put the value in quotes)"),
    ('ruleset: y\ntitle: "x\n', "2:8", "a quoted string that starts here is never closed"),
    ("ruleset: y\ntitle: !!python/object:os.system x\n", "2:8", "the tag python/object:os.system is not allowed"),
    ("ruleset: y\ntitle: x\n- a\n", "3:1", "a list item (-) where the keys of a mapping go on; indent it under its key"),
    ("ruleset: y\ntitle: @x\n", "2:8", "@ cannot start a value; put the value in quotes"),
    ('ruleset: y\ntitle: "a" b\n', "2:12", "more text after a quoted value; put the whole value in quotes"),
    ("ruleset: y\n[a]: x\n", "2:1", "a key that is a list or a mapping; a key is a word"),
])
def test_yaml_syntax_errors_are_told_in_a_person_s_words(text, place, words, tmp_path):
    path = tmp_path / "y.yaml"
    path.write_text(text, encoding="utf-8")
    [problem] = check_files([path])[path]
    said = problem.render()
    assert f"y.yaml:{place}: not valid YAML: {words}" in said, said
    for pyyaml in ("while scanning", "while parsing", "<block", "<stream", "<scalar>", "cannot start any token", "tag:yaml.org"):
        assert pyyaml not in said
