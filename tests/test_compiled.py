"""The equivalence proof of the compiled clause expressions (``lang/compiler.py``: a function built as
``ast`` nodes from the parse tree) against an oracle: ``evaluate`` below, a plain walk of the same
parse tree that says what each node means. For every ``when:`` and ``then:`` of every clause of every
bundled rule set, and for hand-written expressions covering every operator, both run on many seeded
random scopes (``FakeScope``: every root holds a random value of its vocabulary type, none where the
type allows it; every builtin records its call and answers a random value of its result type) and
must give the same value, or raise the same exception, after the same builtin calls.
``pytest --proof-games N tests/test_compiled.py`` tries N scopes per expression (default 50).

Then what the compiled code may contain: no name but the vocabulary's roots, fields and builtins and
the compiler's own helpers; every literal an ``ast.Constant``; ``compile`` given a tree, never text.
"""

from __future__ import annotations

import ast
import random
import types
from typing import Any

import pytest
from lark import Tree

from truco_dsl.bundled import RULESETS_DIR
from truco_dsl.errors import ExpressionError
from truco_dsl.lang import compiler
from truco_dsl.lang.compiler import compile_condition, compile_statements
from truco_dsl.lang.vocabulary import BUILTINS, HAND_HOOKS, HOOKS, ROOTS, Type
from truco_dsl.rules import load_ruleset

# ----------------------------------------------------------------------------------------- the oracle
_ATTRIBUTE = {"raise": "raise_"}  # the root `raise` is the scope's attribute raise_


def evaluate(node: Tree, scope: Any) -> Any:
    """The value of the parse tree ``node`` read from ``scope``, by the rules of the language."""
    kind, children = node.data, node.children
    if kind == "number":
        return int(children[0])
    if kind == "string":
        return str(children[0])[1:-1]
    if kind in ("true", "false", "none"):
        return {"true": True, "false": False, "none": None}[kind]
    if kind == "or_":
        return any(evaluate(child, scope) for child in children)  # stops at the first true part
    if kind == "and_":
        return all(evaluate(child, scope) for child in children)  # stops at the first false part
    if kind == "not_":
        return not evaluate(children[0], scope)
    if kind == "neg":
        return -evaluate(children[0], scope)
    if kind == "compare":
        left, symbol, right = evaluate(children[0], scope), str(children[1]), evaluate(children[2], scope)
        if symbol == "==":
            return left == right
        if symbol == "!=":
            return left != right
        if left is None or right is None:
            return False  # none is never ordered
        return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[symbol]
    if kind == "arith":
        value = evaluate(children[0], scope)
        for position in range(1, len(children), 2):
            operand = evaluate(children[position + 1], scope)
            symbol = str(children[position])
            if symbol == "+":
                value = value + operand
            elif symbol == "-":
                value = value - operand
            elif symbol == "*":
                value = value * operand
            elif symbol == "/":
                value = value // operand
            else:
                value = value % operand
        return value
    if kind == "call":
        name, *arguments = children
        values = [evaluate(argument, scope) for argument in arguments if argument is not None]
        return getattr(scope, str(name))(*values)
    if kind == "path":
        name, *steps = children
        value = getattr(scope, _ATTRIBUTE.get(str(name), str(name)))
        for step in steps:
            if step.data == "index":
                value = value[evaluate(step.children[0], scope)]
            else:
                value = getattr(value, str(step.children[0]))
        return value
    raise AssertionError(f"no meaning for {kind}")


def run_statements(tree: Tree, scope: Any) -> None:
    for call in tree.children:
        evaluate(call, scope)


# ----------------------------------------------------------------------------------------- random scopes
_CARDS = ["4c", "7d", "As", "3h", "Qd"]
_STRINGS = ["", "talking", "misdeal", "time_limit", "accept", "fold", "play", "raise", "x"]


class FakeScope:
    """A scope of random values, the same for the same ``seed``: every root of ``ROOTS`` as an
    attribute, every builtin of ``BUILTINS`` as a method that records ``(name, arguments)`` in
    ``calls`` and answers a random value of its result type (drawn in call order: the same calls
    get the same answers). ``strings`` and ``numbers``: the literals of the expression tried, drawn
    as often as the few other values, so that its comparisons hold now and then."""

    def __init__(self, seed: int, strings: tuple[str, ...] = (), numbers: tuple[int, ...] = ()):
        self._random = random.Random(seed)
        self._strings = [*_STRINGS[:3], *strings]
        self._numbers = [-1, 0, 1, 2, 3, *numbers]
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        for name, root in ROOTS.items():
            setattr(self, _ATTRIBUTE.get(name, name), self._root(root))

    def _root(self, root: Any) -> Any:
        if root.indexed:
            if root.item_fields is not None:  # tricks[1] … tricks[3]; any other index is past the end
                return {number: self._record(root.item_fields) for number in (1, 2, 3)}
            return [self.draw(root.type) for _ in range(2)]  # score[team], games_won[team]
        if root.fields is not None:
            return self._record(root.fields)
        return self.draw(root.type)

    def _record(self, fields: dict[str, Any]) -> types.SimpleNamespace:
        return types.SimpleNamespace(**{name: self.draw(field.type) for name, field in fields.items()})

    def draw(self, kind: Type) -> Any:
        """A random value of ``kind`` (None now and then when it is nullable)."""
        pick = self._random
        if kind.nullable and pick.random() < 0.25:
            return None
        if kind.name == "number":
            return pick.choice(self._numbers)
        if kind.name in ("seat", "team"):
            return pick.choice([0, 1] if kind.name == "team" else [0, 1, 2, 3])
        if kind.name == "flag":
            return pick.random() < 0.5
        if kind.name == "card":
            return pick.choice(_CARDS + self._strings)
        if kind.name == "nothing":
            return None
        return pick.choice(list(kind.values or ()) + self._strings)


def _builtin(name: str):
    def method(self: FakeScope, *arguments: Any) -> Any:
        assert len(arguments) == BUILTINS[name].arity
        self.calls.append((name, arguments))
        return self.draw(BUILTINS[name].result)

    method.__name__ = name
    return method


for _name in BUILTINS:
    setattr(FakeScope, _name, _builtin(_name))


def outcome(function: Any, scope: FakeScope) -> tuple[Any, ...]:
    """What running ``function(scope)`` came to: its value and type, or the exception's type; and the calls made."""
    try:
        value = function(scope)
    except Exception as problem:  # a division by zero, none in arithmetic, an index past the end
        return ("raised", type(problem)), scope.calls
    return ("value", type(value), value), scope.calls


# ----------------------------------------------------------------------------------------- the expressions
def _bundled_clauses() -> list[tuple[str, str, Any, Any]]:
    """(hook, part, text, compiled) of every when: and then: of every clause of every bundled rule set, once."""
    found: dict[tuple[str, str, str], Any] = {}
    for path in sorted(RULESETS_DIR.rglob("*.yaml")):
        ruleset = load_ruleset(path.stem)
        for clause in ruleset.clauses:
            if clause.when is not None:
                found.setdefault((clause.hook, "when", clause.when.source), clause.when)
            found.setdefault((clause.hook, "then", clause.then.source), clause.then)
    return [(hook, part, text, compiled) for (hook, part, text), compiled in sorted(found.items())]


BUNDLED = _bundled_clauses()

#: (hook, when:) written to reach every operator and corner the bundled files do not
CONDITIONS = [
    ("raise", "trick.winner < 1"), ("raise", "trick.winner <= hand.raised_by"), ("raise", "raise.to > hand.stake"),
    ("raise", "raise.to >= raise.before"), ("raise", "sole_team_at(11) <= team"), ("raise", "1 < 2"),
    ("raise", "score[team] + raise.before >= game.target"), ("raise", "hand.stake - 1 - 2 * 3 + players == -4"),
    ("raise", "hand.stake / players % 2 == raise.before % hand.stake"), ("raise", "-hand.stake < -(1 + raise.before)"),
    ("raise", "--players == players and trick.tied"), ("raise", "not not trick.tied"), ("raise", "not (trick.tied or hand.over)"),
    ("raise", "trick.tied or hand.over or hand.blind"), ("raise", "trick.tied and hand.over and hand.blind"),
    ("raise", "trick.tied or hand.over and not hand.blind"), ("raise", "(trick.tied or hand.over) and hand.blind"),
    ("raise", "hand.mao_de_onze"), ("raise", "hand_flag(\"time_limit\")"), ("raise", "may_raise(actor)"),
    ("raise", "tricks[1].winner != none and tricks[1].winner == team"), ("raise", "tricks[trick.number].tied"),
    ("raise", "tricks[hand.stake].winner == none"), ("raise", "score[opponents(team)] > score[team]"),
    ("raise", "games_won[1] >= 1"), ("raise", "min(hand.stake, raise.before) == max(1, players) - 1"),
    ("raise", "wins(trick.winner) == wins(team)"), ("raise", "count_infractions(team, \"talking\") >= 1"),
    ("raise", "guaranteed_win(team) or all_teams_at(11)"), ("raise", "next_seat(actor) == previous_seat(actor)"),
    ("raise", "team_of(actor) == team"), ("raise", "true"), ("raise", "false or none == trick.winner"),
    ("respond", "response == \"accept\" or response != \"fold\""), ("play", "action.card == \"4c\" and action.covered"),
    ("points", "score[points.team] >= game.target and points.value > 0"), ("mao_de_onze", "decision == \"play\""),
    ("infraction", "infraction == \"talking\" and count_infractions_in_match(team, \"talking\") >= 2"),
]
#: (hook, expression) whose value, not only truth, is compared (``_value_function``)
VALUES = [
    ("raise", "score[team] + raise.before * 2 - 1"), ("raise", "hand.stake / players"), ("raise", "-hand.stake % 3"),
    ("raise", "players - 1 - 2 - 3"), ("raise", "12 / hand.stake % 5 * 2"), ("raise", "raise.to + 1"),
    ("raise", "trick.tied or hand.over"), ("raise", "trick.tied and hand.stake"), ("raise", "hand.stake or trick.tied"),
    ("raise", "not hand.stake"), ("raise", "tricks[1]"), ("raise", "tricks[1].winner_seat"), ("raise", "score[team]"),
    ("raise", "sole_team_at(score[team])"), ("raise", "min(1, 2)"), ("raise", "\"text\""), ("raise", "none"),
    ("raise", "99999999999999999999 * 2"), ("raise", "hand.raised_by"), ("raise", "raise.to"), ("raise", "hand"),
]
#: (hook, then:) with builtins of 0, 1 and 2 arguments, nested, and guards
STATEMENTS = [
    ("raise", "foul(\"truco_in_mao_de_onze\"); award(opponents(team), 3); end_hand()"), ("raise", "forbid(\"raise_pending\")"),
    ("deal", "end_hand()"), ("deal", "blind_hands(); reset_scores(); disqualify_both()"),
    ("after_trick", "award(wins(1), max(hand.stake, 1 + players))"),
    ("after_trick", "lead(next_seat(hand.dealer)); pass_deal(previous_seat(hand.dealer)); cut_by(hand.dealer)"),
    ("deal", "mao_de_onze(sole_team_at(game.mao_de_onze_at)); set_stake(hand.stake * 3); flag_hand(\"x\"); flag_game(\"y\")"),
]


def _pools(tree: Tree) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The string and number literals of ``tree``, for ``FakeScope`` to draw."""
    literals = [node for node in tree.iter_subtrees() if node.data in ("string", "number")]
    return (tuple(sorted({str(node.children[0])[1:-1] for node in literals if node.data == "string"})),
            tuple(sorted({int(node.children[0]) for node in literals if node.data == "number"})))


def _proof(function: Any, oracle: Any, tree: Tree, count: int, salt: int, both: bool = False) -> set[str]:
    """Run ``function`` and ``oracle`` on ``count`` random scopes drawn for ``tree`` (``_pools``) and
    assert the same outcomes; with ``both``, go on (up to 20 times as many) until the answer has
    been true once and false once. Returns the outcomes seen (``repr`` of each value, or ``raised``)."""
    strings, numbers = _pools(tree)
    seen: set[str] = set()
    tried = 0
    while tried < count or (both and not {"True", "False"} <= seen and tried < 20 * count):
        seed = salt * 100_003 + tried
        ours = outcome(function, FakeScope(seed, strings, numbers))
        assert ours == outcome(oracle, FakeScope(seed, strings, numbers)), f"scope seed {seed}"
        seen.add(repr(ours[0][2]) if ours[0][0] == "value" else "raised")
        tried += 1
    return seen


def test_every_bundled_clause_compiles_to_what_the_oracle_says(proof_games):
    count = proof_games(50)
    assert len(BUNDLED) > 100  # the rule sets were really read (125 distinct when: and then: today)
    one_sided = []
    for salt, (hook, part, text, compiled) in enumerate(BUNDLED):
        tree = compiler._parse(text, "condition" if part == "when" else "statements")
        if part == "when":
            top = tree.children[0]
            seen = _proof(compiled.test, lambda scope: evaluate(top, scope), tree, count, salt, both=True)
            _proof(lambda scope: bool(compiled.holds(scope)), lambda scope: evaluate(top, scope), tree, count, salt)
            if not {"True", "False"} <= seen:
                one_sided.append(text)
        else:
            _proof(compiled.run, lambda scope: run_statements(tree, scope), tree, count, salt)
    assert one_sided == []  # every when: was seen to hold and not to hold


@pytest.mark.parametrize("hook, text", CONDITIONS)
def test_a_condition_gives_the_oracles_bool(hook, text, proof_games):
    count = proof_games(50)
    tree = compiler._parse(text, "condition")
    top = tree.children[0]
    condition = compile_condition(text, hook)
    seen = _proof(condition.test, lambda scope: evaluate(top, scope), tree, count, 1, both=True)
    assert seen <= {"True", "False", "raised"}  # test() gives a bool
    if text not in ("true", "1 < 2"):
        assert {"True", "False"} <= seen
    _proof(lambda scope: bool(condition.holds(scope)), lambda scope: evaluate(top, scope), tree, count, 1)


@pytest.mark.parametrize("hook, text", VALUES)
def test_an_expression_gives_the_oracles_value(hook, text, proof_games):
    tree = compiler._parse(text, "condition")
    top = tree.children[0]
    assert _proof(compiler._value_function(text, hook), lambda scope: evaluate(top, scope), tree, proof_games(50), 2) - {"raised"}


@pytest.mark.parametrize("hook, text", STATEMENTS)
def test_statements_make_the_oracles_calls_in_order(hook, text, proof_games):
    tree = compiler._parse(text, "statements")
    statements = compile_statements(text, hook)
    _proof(statements.run, lambda scope: run_statements(tree, scope), tree, proof_games(50), 3)


def test_the_proof_can_fail():
    """The oracle and the scopes tell a wrong compilation: ``<`` for ``<=``, a dropped call."""
    tree = compiler._parse("hand.stake <= raise.before", "condition")
    with pytest.raises(AssertionError):
        _proof(compile_condition("hand.stake < raise.before", "raise").test, lambda scope: evaluate(tree.children[0], scope),
               tree, 50, 0)
    tree = compiler._parse("end_hand(); award(team, 1)", "statements")
    with pytest.raises(AssertionError):
        _proof(compile_statements("award(team, 1)", "raise").run, lambda scope: run_statements(tree, scope), tree, 50, 0)


# ----------------------------------------------------------------------------------------- a hook's clauses as one function
def _hooks() -> list[tuple[str, str, tuple[Any, ...], Any]]:
    """(rule set, hook, its clauses, its function) of every guard and effect hook of every bundled rule set."""
    found = []
    for path in sorted(RULESETS_DIR.rglob("*.yaml")):
        ruleset = load_ruleset(path.stem)
        for hook in HOOKS:
            for clauses, function in ((ruleset.guards_at[hook], ruleset.guard_tests[hook]),
                                      (ruleset.effects_at[hook], ruleset.effect_runs[hook])):
                assert (function is None) == (not clauses), (path.stem, hook)
                if clauses:
                    found.append((path.stem, hook, clauses, function))
    return found


def _first_oracle(clauses: tuple[Any, ...]) -> Any:
    """What the guards of a hook answer, clause by clause: the index of the first whose when: holds."""
    trees = [None if clause.when is None else compiler._parse(clause.when.source, "condition").children[0] for clause in clauses]
    return lambda scope: next((index for index, tree in enumerate(trees) if tree is None or evaluate(tree, scope)), None)


def _effects_oracle(hook: str, clauses: tuple[Any, ...]) -> Any:
    """What the effects of a hook do, clause by clause: each whose when: holds names itself and runs its
    then:; at a hook of the hand, none once the hand is over."""
    def run(scope: Any) -> None:
        for clause in clauses:
            if hook in HAND_HOOKS and scope.hand.over:
                return
            if clause.when is None or evaluate(compiler._parse(clause.when.source, "condition").children[0], scope):
                scope.clause = scope.fired = clause
                run_statements(compiler._parse(clause.then.source, "statements"), scope)
    return run


def test_every_bundled_hook_runs_its_clauses_as_the_oracle_says(proof_games):
    hooks = _hooks()
    assert len(hooks) > 30  # every bundled rule set's hooks were really read
    for salt, (name, hook, clauses, function) in enumerate(hooks):
        trees = [compiler._parse(clause.when.source, "condition") for clause in clauses if clause.when is not None]
        merged = Tree("conditions", trees)  # every literal of the hook, for the scopes to draw
        if clauses[0].then.guard is not None:
            seen = _proof(function, _first_oracle(clauses), merged, proof_games(30), salt)
        else:
            def ran(run):  # the calls made, and the clause named last
                return lambda scope: (run(scope), getattr(scope, "fired", None))[1]

            seen = _proof(ran(lambda scope: function(scope, clauses)), ran(_effects_oracle(hook, clauses)), merged,
                          proof_games(30), salt)
        assert seen, (name, hook)


def test_a_hook_function_names_only_the_vocabulary_the_helpers_and_its_clauses():
    for name, hook, clauses, function in _hooks():
        code = function.__code__
        guards = clauses[0].then.guard is not None
        assert set(code.co_names) <= _ALLOWED | ({"clauses"} if guards else {"clauses", "clause", "fired"}), (name, hook)
        assert code.co_varnames == (("scope",) if guards else ("scope", "clauses")), (name, hook)
        assert code.co_filename == ("<clause guards>" if guards else "<clause effects>")
        assert not any(isinstance(constant, types.CodeType) for constant in code.co_consts)
        assert set(function.__globals__) == {"__builtins__", *compiler._HELPERS} and function.__globals__["__builtins__"] == {}


# ----------------------------------------------------------------------------------------- what the code may name
_FIELDS = {field for root in ROOTS.values() for fields in (root.fields, root.item_fields) if fields for field in fields}
_ALLOWED = {_ATTRIBUTE.get(name, name) for name in ROOTS} | _FIELDS | set(BUILTINS) | set(compiler._HELPERS)


def _every_function() -> list[tuple[str, Any]]:
    functions = []
    for _, part, text, compiled in BUNDLED:
        functions += [(text, compiled.test), (text, compiled.holds)] if part == "when" else [(text, compiled.run)]
    for hook, text in CONDITIONS:
        functions += [(text, compile_condition(text, hook).test), (text, compile_condition(text, hook).holds)]
    functions += [(text, compile_statements(text, hook).run) for hook, text in STATEMENTS]
    functions += [(text, compiler._value_function(text, hook)) for hook, text in VALUES]
    return functions


def test_compiled_code_names_only_the_vocabulary_and_the_helpers():
    for text, function in _every_function():
        code = function.__code__
        assert set(code.co_names) <= _ALLOWED, (text, set(code.co_names) - _ALLOWED)
        assert code.co_varnames == ("scope",) and code.co_argcount == 1, text
        assert code.co_filename in ("<clause when>", "<clause then>"), text
        assert not any(isinstance(constant, types.CodeType) for constant in code.co_consts), text  # no function inside
        assert set(function.__globals__) == {"__builtins__", *compiler._HELPERS} and function.__globals__["__builtins__"] == {}


def _tree_of(text: str, hook: str) -> ast.expr:
    top = compiler._parse(text, "condition").children[0]
    return compiler._Compiler(hook, effects_allowed=True).expression(top)


def test_the_ast_holds_only_vocabulary_names_and_constants_for_literals():
    allowed_nodes = (ast.Attribute, ast.Subscript, ast.Call, ast.Name, ast.Constant, ast.BoolOp, ast.And, ast.Or,
                     ast.UnaryOp, ast.Not, ast.USub, ast.Compare, ast.Eq, ast.NotEq, ast.BinOp, ast.Add, ast.Sub,
                     ast.Mult, ast.FloorDiv, ast.Mod, ast.IfExp, ast.Load)
    for hook, text in CONDITIONS + VALUES + [(hook, call) for hook, text in STATEMENTS for call in text.split("; ")]:
        tree = _tree_of(text, hook)
        literals = [str(node.children[0])[1:-1] if node.data == "string" else int(node.children[0])
                    for node in compiler._parse(text, "condition").iter_subtrees() if node.data in ("string", "number")]
        constants = []
        for node in ast.walk(tree):
            assert isinstance(node, allowed_nodes), (text, ast.dump(node))
            if isinstance(node, ast.Name):
                assert node.id == "scope" or node.id in compiler._HELPERS, text
            if isinstance(node, ast.Attribute):
                assert node.attr in _ALLOWED, text
            if isinstance(node, ast.Constant):
                assert type(node.value) in (int, str, bool, type(None)), text
                constants.append(node.value)
        for literal in literals:  # every literal of the text is a constant of the tree, not a name or code
            assert literal in constants, (text, literal)


def test_compile_is_given_ast_nodes_and_eval_a_code_object(monkeypatch):
    seen = []

    def compile_(source, filename, mode):
        seen.append(("compile", type(source)))
        assert isinstance(source, ast.Module) and mode == "exec"
        return compile(source, filename, mode)

    def eval_(code, namespace):
        seen.append(("eval", type(code)))
        assert isinstance(code, types.CodeType)
        return eval(code, namespace)

    monkeypatch.setattr(compiler, "compile", compile_, raising=False)
    monkeypatch.setattr(compiler, "eval", eval_, raising=False)
    compile_condition.__wrapped__("trick.tied and score[team] >= 3", "raise")
    compile_statements.__wrapped__("award(team, 1); end_hand()", "raise")
    assert seen == [("compile", ast.Module), ("eval", types.CodeType)] * 3  # when's holds and test, then's run


def test_an_expression_python_cannot_compile_is_an_expression_error(monkeypatch):
    def too_deep(*arguments):
        raise RecursionError

    monkeypatch.setattr(compiler, "compile", too_deep, raising=False)
    with pytest.raises(ExpressionError, match="nests too deeply"):
        compile_condition.__wrapped__("trick.tied", "raise")
    monkeypatch.setattr(compiler, "compile", lambda *arguments: (_ for _ in ()).throw(MemoryError()), raising=False)
    with pytest.raises(ExpressionError, match="nests too deeply"):
        compile_statements.__wrapped__("end_hand()", "raise")


def test_a_long_arithmetic_chain_counts_a_level_per_operator():
    assert compile_condition("players" + " + 1" * 97 + " > 3", "deal").test(FakeScope(0)) is True
    for text in ("players" + " + 1" * 98 + " > 3", "players" + " - 1" * 100_000 + " > 3"):
        with pytest.raises(ExpressionError, match="nests too deeply"):
            compile_condition(text, "deal")


def test_the_bundled_rule_sets_are_all_read():
    names = {path.stem for path in RULESETS_DIR.rglob("*.yaml")}
    assert {"paulista", "atb-2004", "fpt-1983", "enecomp"} <= names
