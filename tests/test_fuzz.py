"""The fuzzing harness: generated clause expressions, rule files and protocol lines, valid and
broken. The properties: compiling an expression raises nothing but ``ExpressionError``; loading a
rule file raises nothing but ``RulesetError`` (a located problem), and a file that loads plays its
seeded games (``load_playable`` refuses it with a ``RulesetError`` otherwise); ``truco serve``'s
request handler answers every line with one reply and goes on. The "ci" profile (tests/conftest.py)
keeps this bounded and repeatable; ``--hypothesis-profile=long`` runs thousands of examples.
A failing input found here is kept in tests/fixtures/bad/ with the message it must get."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from truco_dsl.conformance.engines import protocol
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.engine.proof import load_playable
from truco_dsl.errors import ExpressionError, RulesetError
from truco_dsl.lang import BUILTINS, HOOKS, ROOTS, compile_condition, compile_statements

# ------------------------------------------------------------------------------------- expressions
_PATHS = sorted(
    [name for name, root in ROOTS.items() if not root.fields and not root.indexed]
    + [f"{name}.{field}" for name, root in ROOTS.items() if root.fields for field in root.fields]
    + [f"{name}[1]" for name, root in ROOTS.items() if root.indexed and not root.item_fields]
    + [f"{name}[2].{field}" for name, root in ROOTS.items() if root.item_fields for field in root.item_fields]
)
_LITERALS = st.sampled_from(["0", "1", "3", "12", "-1", "99999999999999999999", '"accept"', '"fold"', '"acept"',
                             '"talking"', '"4c"', "true", "false", "none", "''", '"\\u202e"'])
_ATOMS = st.one_of(st.sampled_from(_PATHS), _LITERALS, st.sampled_from(["hand", "tricks[0]", "score", "nope", "trick.nope"]))


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, st.sampled_from(["and", "or", "==", "!=", "<", ">=", "+", "-", "*", "/", "%"]), children)
    call = st.tuples(st.sampled_from(sorted(BUILTINS)), st.lists(children, max_size=3))
    return st.one_of(
        binary.map(lambda parts: f"{parts[0]} {parts[1]} {parts[2]}"),
        children.map(lambda inner: f"not {inner}"),
        children.map(lambda inner: f"({inner})"),
        children.map(lambda inner: f"-{inner}"),
        call.map(lambda parts: f"{parts[0]}({', '.join(parts[1])})"),
    )


EXPRESSIONS = st.recursive(_ATOMS, _combine, max_leaves=12)
#: a valid-looking expression, sometimes cut or garbled as a careless hand would
GARBLED = st.one_of(EXPRESSIONS, st.tuples(EXPRESSIONS, st.integers(0, 40)).map(lambda pair: pair[0][:pair[1]]),
                    st.text(max_size=30))


@given(GARBLED, st.sampled_from(HOOKS))
def test_compiling_any_expression_raises_nothing_but_an_expression_error(text, hook):
    for compile_ in (compile_condition, compile_statements):
        try:
            compiled = compile_(text, hook)
        except ExpressionError as problem:
            assert problem.message and problem.line >= 1 and problem.column >= 1
        else:
            assert compiled.source == text


# ------------------------------------------------------------------------------------- rule files
_VALUES = st.one_of(st.integers(-3, 40), st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
                    st.sampled_from(["x", "", "Cyrillic е", "c", "4", "vira", "fixed"]),
                    st.lists(st.one_of(st.integers(-2, 14), st.sampled_from(["4", "c", "d", "Q", "h", "s", "x"])), max_size=12))
_PARAMETERS = {
    "table": ["players", "teams", "direction"], "deck": ["ranks", "suits"], "deal": ["cards", "vira", "packet"],
    "stakes": ["ladder"], "game": ["target"], "play": ["covered"], "match": ["wins"],
}
_OVERRIDE = st.sampled_from(sorted(_PARAMETERS)).flatmap(
    lambda group: st.tuples(st.just(group), st.sampled_from(_PARAMETERS[group] + ["nope"]), _VALUES))
_CLAUSE = st.fixed_dictionaries({
    "id": st.sampled_from(["ATB-EMPATE-3", "ATB-TRUCO-2", "ATB-NOPE-1"]),
    "cite": st.sampled_from(["Jogada empatada na 3ª vaza", "—", "[...]"]),
    "on": st.sampled_from([*HOOKS, "nowhere"]),
    "when": EXPRESSIONS,
    "then": st.one_of(EXPRESSIONS, st.sampled_from(["end_hand()", "award(team, 1)", "lead(actor)", "win_hand(trick.winner)"])),
})


@given(parent=st.sampled_from(["atb-2004", "fpt-1983", "enecomp", "baralho-limpo"]), overrides=st.lists(_OVERRIDE, max_size=3),
       clauses=st.lists(_CLAUSE, max_size=2), drop=st.sampled_from(["", "drop: [ATB-EMPATE-3]\n", "drop: [ATB-NOPE]\n"]))
def test_a_rule_file_loads_and_plays_or_is_refused_with_located_problems(parent, overrides, clauses, drop, tmp_path_factory):
    document: dict = {"ruleset": "casa", "title": "Casa", "extends": parent}
    for group, key, value in overrides:
        document.setdefault(group, {})[key] = value
    if clauses:
        document["clauses"] = clauses
    path = tmp_path_factory.mktemp("fuzz") / "casa.yaml"
    # JSON is YAML: every value above is written as the drafter would have typed it
    path.write_text(json.dumps(document, ensure_ascii=False, allow_nan=True).replace("NaN", ".nan")
                    .replace("-Infinity", "-.inf").replace("Infinity", ".inf") + "\n" + drop, encoding="utf-8")
    try:
        ruleset = load_playable(path)
    except RulesetError as error:
        assert error.problems and all(problem.place.line >= 1 for problem in error.problems)
        rendered = str(error)
        assert "Traceback" not in rendered and "None is not" not in rendered
    else:
        assert ruleset.id == "casa"


# ------------------------------------------------------------------------------------- protocol lines
_REQUESTS = [
    protocol.line({"seq": 1, "command": "hello", "protocol": 1}),
    protocol.line(protocol.new_game_request(2, "atb-2004", 2, 1, [0, 0], None, None, 7, None)),
    protocol.line(protocol.legal_actions_request(3, 0)),
    protocol.line(protocol.act_request(4, 0, "truco")),
    protocol.line(protocol.state_request(5, None)),
    protocol.line(protocol.count_request(6, 1)),
]


def _mutate(line: str, choice: int, offset: int, junk: str) -> bytes:
    raw = line.encode()
    cut = offset % (len(raw) + 1)
    return [raw, raw[:cut], raw[:cut] + junk.encode() + raw[cut:], raw.replace(b"1", b"1.0", 1),
            raw.replace(b"0", b"-99999999999999999999", 1), raw[:cut] + b"\xff\xfe" + raw[cut:], b"", b"[" * 50 + b"]" * 50,
            raw.replace(b'"seat":0', b'"seat":9'), raw.replace(b'"seat":0', b'"seat":true')][choice % 10]


@given(st.lists(st.tuples(st.sampled_from(_REQUESTS), st.integers(0, 9), st.integers(0, 200), st.text(max_size=8)), max_size=12))
def test_the_server_answers_every_line_and_goes_on_serving(lines):
    server = protocol.ProtocolServer(ReferenceAdapter(), [("atb-2004", (2, 4, 6))], name="reference", version="fuzz")
    for line, choice, offset, junk in lines:
        reply = server.answer(_mutate(line, choice, offset, junk))
        assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
        protocol.line(reply)  # every reply can be written as a protocol line
    hello = server.answer(_REQUESTS[0].encode())
    assert hello["ok"], hello  # still serving
