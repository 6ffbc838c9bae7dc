"""The clause language: expressions compile to functions that compute the right values, and every
kind of load-time error is caught with its place. Nothing in truco_dsl evaluates Python source."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import truco_dsl
from truco_dsl.errors import ExpressionError
from truco_dsl.lang import BUILTINS, HOOKS, ROOTS, compile_condition, compile_statements


def make_scope(**overrides):
    """A scope object like the interpreter's: the vocabulary's roots as attributes, builtins as methods."""
    calls: list[tuple] = []
    tricks = {1: SimpleNamespace(number=1, winner=0, tied=False, winner_seat=2), 2: SimpleNamespace(number=2, winner=None, tied=True, winner_seat=None)}
    scope = SimpleNamespace(
        trick=tricks[2],
        tricks=tricks,
        hand=SimpleNamespace(stake=3, raised_by=None, mao_de_onze=False, dealer=3, tricks_played=2),
        score=[4, 11],
        game=SimpleNamespace(target=12),
        players=4,
        actor=1,
        team=1,
        raise_=SimpleNamespace(team=1, before=3, to=6),
        response="fold",
        calls=calls,
        opponents=lambda team: 1 - team,
        team_of=lambda seat: seat % 2,
        next_seat=lambda seat: (seat + 1) % 4,
        min=min,
        max=max,
        award=lambda team, points: calls.append(("award", team, points)),
        end_hand=lambda: calls.append(("end_hand",)),
        set_stake=lambda points: calls.append(("set_stake", points)),
        foul=lambda reason: calls.append(("foul", reason)),
    )
    for name, value in overrides.items():
        setattr(scope, name, value)
    return scope


def value(text: str, hook: str = "respond", **overrides):
    """Compile ``text`` as a ``when:`` at ``hook`` and test it against the sample scope."""
    condition = compile_condition(text, hook)
    return condition.test(make_scope(**overrides))


# ---------------------------------------------------------------------------------------- evaluation
@pytest.mark.parametrize(
    "text, expected",
    [
        ("1 + 2 * 3 == 7", True),  # * binds tighter than +
        ("(1 + 2) * 3 == 9", True),
        ("10 - 4 - 3 == 3", True),  # left to right
        ("7 / 2 == 3", True),  # whole-number division
        ("7 % 3 == 1", True),
        ("-2 + 5 == 3", True),
        ("- - 2 == 2", True),
        ("2 * 3 + 1 > 6", True),
        ("1 + 1 != 2", False),
    ],
)
def test_arithmetic_and_its_precedence(text, expected):
    assert value(text) is expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("true or false and false", True),  # and binds tighter than or
        ("(true or false) and false", False),
        ("not false and false", False),  # not binds tighter than and
        ("not (false and false)", True),
        ("not not true", True),
        ("false or false or true", True),
        ("true and true and false", False),
        ("not 1 == 2", True),  # not applies to the comparison
    ],
)
def test_and_or_not_and_their_precedence(text, expected):
    assert value(text) is expected


def test_and_or_short_circuit_like_the_words_say():
    # score[5] would fail (IndexError): `false and …` / `true or …` must not read it
    assert value("false and score[5] == 1") is False
    assert value("true or score[5] == 1") is True


@pytest.mark.parametrize(
    "text, expected",
    [
        ("hand.raised_by == none", True),
        ("hand.raised_by != none", False),
        ("none == none", True),
        ("hand.raised_by < 1", False),  # an ordering with none is false, never an error
        ("hand.raised_by > 1", False),
        ("hand.raised_by <= 1", False),
        ("1 >= hand.raised_by", False),
        ("3 < 4 and 4 <= 4 and 5 > 4 and 4 >= 4", True),
        ('response == "fold"', True),
        ("response == 'accept'", False),
    ],
)
def test_comparisons_including_none(text, expected):
    assert value(text) is expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("hand.stake == 3", True),
        ("game.target == 12", True),
        ("players == 4", True),
        ("score[1] == 11", True),
        ("score[0] + score[1] == 15", True),
        ("score[team] == 11", True),  # an index computed from a name
        ("score[opponents(team)] == 4", True),  # … or from a call
        ("score[2 - 1] == 11", True),  # … or from arithmetic
        ("tricks[1].winner == 0", True),
        ("tricks[1].winner_seat == 2", True),
        ("tricks[2].tied and trick.tied", True),
        ("tricks[3 - 2].tied", False),
        ("raise.to - raise.before == 3", True),  # `raise` is readable though a Python keyword
        ("min(score[0], score[1]) == 4 and max(score[0], score[1]) == 11", True),
        ("next_seat(hand.dealer) == 0", True),
        ("team_of(actor) == team", True),
    ],
)
def test_paths_indexing_and_queries_read_the_scope(text, expected):
    assert value(text) is expected


def test_a_when_that_is_not_a_flag_is_refused_team_0_would_read_as_false():
    with pytest.raises(ExpressionError, match="a `when:` must be true or false, and this is a team or none"):
        compile_condition("hand.raised_by", "respond")


def test_statements_run_their_calls_in_order_with_computed_arguments():
    statements = compile_statements("award(raise.team, raise.before); end_hand()", "respond")
    scope = make_scope()
    statements.run(scope)
    assert scope.calls == [("award", 1, 3), ("end_hand",)]
    assert statements.calls == ("award", "end_hand")
    assert statements.guard is None and statements.reason is None


def test_a_trailing_semicolon_and_newlines_are_allowed_in_then():
    statements = compile_statements("set_stake(raise.to);\n  end_hand();\n", "respond", frozenset({"raise.to"}))
    scope = make_scope()
    statements.run(scope)
    assert scope.calls == [("set_stake", 6), ("end_hand",)]


def test_a_guard_is_recognised_with_its_reason():
    forbid = compile_statements('forbid("raised_last")', "raise")
    assert (forbid.guard, forbid.reason, forbid.calls) == ("forbid", "raised_last", ("forbid",))
    foul = compile_statements("foul('truco_in_mao_de_onze'); award(opponents(team), 3); end_hand()", "raise")
    assert (foul.guard, foul.reason) == ("foul", "truco_in_mao_de_onze")
    scope = make_scope()
    foul.run(scope)
    assert scope.calls == [("foul", "truco_in_mao_de_onze"), ("award", 0, 3), ("end_hand",)]


def test_every_hook_compiles_a_condition_on_the_roots_it_allows():
    for hook in HOOKS:
        for name, root in ROOTS.items():
            if root.hooks is not None and hook not in root.hooks:
                continue
            text = f"{name}[1] == 1" if root.indexed else f"{name} == {name}"
            if root.item_fields:
                text = f"{name}[1].{next(iter(root.item_fields))} == 1"
            if root.fields and not root.indexed:
                first = next(iter(root.fields))
                text = f"{name}.{first} == {name}.{first}"
            compile_condition(text, hook)  # must not raise


# ---------------------------------------------------------------------------------------- load-time errors
def compile_error(text: str, hook: str = "trick_end", kind: str = "when") -> ExpressionError:
    with pytest.raises(ExpressionError) as caught:
        (compile_condition if kind == "when" else compile_statements)(text, hook)
    return caught.value


@pytest.mark.parametrize(
    "text, message, line, column",
    [
        ("trick.number = 3", "unexpected character '='", 1, 14),
        ("trick.number == 3 and and trick.tied", "unexpected 'and'", 1, 23),
        ("hand.stake 3", "unexpected '3'", 1, 12),
        ("trick.number == 3 and\n  trick.tied @ 2", "unexpected character '@'", 2, 14),
        ("(1 + 2", "ends too early", 1, None),
        ("trick.number ==", "ends too early", 1, None),
    ],
)
def test_a_syntax_error_says_what_and_where(text, message, line, column):
    error = compile_error(text)
    assert message in error.message
    assert error.line == line
    if column is not None:
        assert error.column == column
    assert f"line {line}" in str(error)


def test_an_empty_expression_is_an_error():
    assert "empty" in compile_error("   ").message
    assert "empty" in compile_error("", kind="then").message


def test_an_unknown_name_is_named_with_the_names_readable_at_the_hook():
    error = compile_error("trick.number == 3 and vaza.tied")
    assert error.message == ("unknown name 'vaza'; the names at hook 'trick_end' are "
                             "game, games_won, hand, players, score, trick, tricks")  # not actor: not readable there
    assert (error.line, error.column) == (1, 23)


def test_a_mistyped_name_gets_the_closest_readable_one():
    error = compile_error("trik.tied")
    assert error.message.startswith("unknown name 'trik' (did you mean trick?); the names at hook 'trick_end' are")
    assert (error.line, error.column) == (1, 1)
    # 'acton' is close to action, but action is not readable at trick_end: no suggestion
    assert "did you mean" not in compile_error("acton == 0").message
    assert "(did you mean action?)" in compile_error("acion.covered", hook="play").message
    assert "did you mean" not in compile_error("acton.covered", hook="play").message  # as near actor as action


def test_an_unknown_field_is_named_with_the_fields_allowed():
    error = compile_error("trick.colour == 1")
    assert "unknown field 'colour' of 'trick'; it has" in error.message  # nothing close: the list alone
    assert "winner_seat" in error.message
    assert (error.line, error.column) == (1, 7)
    assert "unknown field 'score' of 'tricks'" in compile_error("tricks[1].score == 1").message


@pytest.mark.parametrize("text, said", [
    ("trick.numbr == 3", "unknown field 'numbr' of 'trick' (did you mean number?); it has cards_played"),
    ("tricks[1].winer == 0", "unknown field 'winer' of 'tricks' (did you mean winner?)"),
    ("hand.stak == 3", "unknown field 'stak' of 'hand' (did you mean stake?)"),
])
def test_a_mistyped_field_gets_the_closest_one(text, said):
    assert said in compile_error(text).message


def test_a_name_not_available_at_the_hook_is_refused():
    error = compile_error("actor == 0", hook="trick_end")
    assert error.message == "'actor' is not known at hook 'trick_end', only at play, raise, respond, mao_de_onze, show_cards, infraction"
    compile_condition("actor == 0", "play")  # at an action hook it is fine
    assert "'response'" in compile_error('response == "fold"', hook="raise").message
    assert "'points'" in compile_error("points.value == 3", hook="deal").message
    # action (of a card play) at raise, where actor is readable: the closest readable name
    assert compile_error("action.covered", hook="raise").message == "'action' is not known at hook 'raise', only at play (did you mean actor?)"


def test_an_unknown_builtin_points_at_the_vocabulary_not_at_all_37_names():
    error = compile_error("give_points(1)", kind="then")
    assert error.message == "unknown builtin give_points(); `truco vocabulary` lists the builtins"
    error = compile_error("trick.number == 3 and double(1) == 2")
    assert "unknown builtin double()" in error.message
    assert error.column == 23


@pytest.mark.parametrize("text, kind, said", [
    ("awrd(team, 1)", "then", "unknown builtin awrd(); did you mean award()?"),
    ("end_hnd()", "then", "unknown builtin end_hnd(); did you mean end_hand()?"),
    ("oponents(team) == 1", "when", "unknown builtin oponents(); did you mean opponents()?"),
    ("x(1) == 1", "when", "unknown builtin x(); `truco vocabulary` lists the builtins"),  # one letter: nothing is close
])
def test_a_mistyped_builtin_gets_the_closest_one(text, kind, said):
    assert compile_error(text, hook="raise", kind=kind).message == said


@pytest.mark.parametrize(
    "text, kind, message",
    [
        ("award(team)", "then", "award() takes 2 arguments, got 1"),
        ("end_hand(1)", "then", "end_hand() takes 0 arguments, got 1"),
        ("opponents(1, 2) == 0", "when", "opponents() takes 1 argument, got 2"),
        ("wins() == 2", "when", "wins() takes 1 argument, got 0"),
    ],
)
def test_a_wrong_number_of_arguments_is_refused(text, kind, message):
    assert message in compile_error(text, hook="raise", kind=kind).message


@pytest.mark.parametrize("text", ["award(0, 1)", "trick.tied and end_hand()", 'forbid("x")', "win_hand(0) == none"])
def test_an_effect_call_in_when_is_refused(text):
    error = compile_error(text)
    assert "changes the game" in error.message
    assert "`then:`" in error.message


@pytest.mark.parametrize(
    "text, message",
    [
        ('end_hand(); forbid("late")', "forbid() must be the first call"),
        ('award(0, 1); foul("late")', "foul() must be the first call"),
        ('forbid("x"); end_hand()', "nothing may follow it"),
        ("forbid(raised_last)", "reason code in quotes"),
        ("foul(3); end_hand()", "reason code in quotes"),
    ],
)
def test_guard_misuse_is_refused(text, message):
    assert message in compile_error(text, hook="raise", kind="then").message


@pytest.mark.parametrize(
    "text, message",
    [
        ("opponents(team)", "only computes a value"),
        ("award(0, 1); wins(0)", "only computes a value"),
        ("hand.stake", "must be a call"),
        ("award(0, 1); 3", "must be a call"),
    ],
)
def test_then_takes_only_calls_that_change_the_game(text, message):
    assert message in compile_error(text, hook="raise", kind="then").message


def test_an_indexed_name_needs_its_index_and_a_plain_name_takes_none():
    assert "'score' needs an index" in compile_error("score == 1").message
    assert "'tricks' needs an index" in compile_error("tricks.winner == 1").message
    assert "'hand' cannot be indexed" in compile_error("hand[1] == 1").message


def test_an_unknown_hook_is_refused():
    with pytest.raises(ExpressionError, match="unknown hook 'nowhere'; hooks are deal, play"):
        compile_condition("true", "nowhere")
    with pytest.raises(ExpressionError, match=r"unknown hook 'after_trik' \(did you mean after_trick\?\); hooks are"):
        compile_condition("true", "after_trik")


def test_the_vocabulary_is_self_consistent():
    assert {name for name, spec in BUILTINS.items() if spec.guard} == {"forbid", "foul"}
    assert all(spec.effect for spec in BUILTINS.values() if spec.guard)
    for root in ROOTS.values():
        assert root.hooks is None or set(root.hooks) <= set(HOOKS)


# ---------------------------------------------------------------------------------------- no eval
_PYTHON_SOURCE_RUNNERS = re.compile(r"(?<![\w.])(eval|exec|compile|__import__)\s*\(")


#: The two lines allowed to call them: the compiler compiles a tree of ast nodes it built (never text)
#: and runs the code object that defines the function (tests/test_compiled.py checks both at run time).
_AST_COMPILATION = {
    "lang/compiler.py": ['code = compile(ast.fix_missing_locations(module), f"<clause {part}>", "exec")',
                         "eval(code, namespace)"],
}


def test_nothing_in_truco_dsl_evaluates_python_source():
    package = Path(truco_dsl.__file__).parent
    sources = sorted(package.rglob("*.py"))
    assert len(sources) > 5  # the grep really looked at the package
    calls = [
        (str(path.relative_to(package)), number, line.split("#", 1)[0].strip())
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if _PYTHON_SOURCE_RUNNERS.search(line.split("#", 1)[0])
    ]
    offenders = [f"{path}:{number}: {code}" for path, number, code in calls if code not in _AST_COMPILATION.get(path, ())]
    assert offenders == []
    allowed = sorted((path, code) for path, _, code in calls if code in _AST_COMPILATION.get(path, ()))
    assert allowed == sorted((path, code) for path, codes in _AST_COMPILATION.items() for code in codes)  # each once


def test_the_eval_grep_would_catch_a_call():
    assert _PYTHON_SOURCE_RUNNERS.search("x = eval(text)")
    assert _PYTHON_SOURCE_RUNNERS.search("exec (code)")
    assert not _PYTHON_SOURCE_RUNNERS.search("re.compile(pattern)")
    assert not _PYTHON_SOURCE_RUNNERS.search("compile_condition(text)")


def test_a_compiled_expression_names_every_builtin_it_calls_however_deep():
    assert compile_statements("award(opponents(team), max(1, wins(team)))", "raise").builtins == {"award", "opponents", "max", "wins"}
    assert compile_statements("award(opponents(team), max(1, wins(team)))", "raise").calls == ("award",)
    assert compile_condition("may_raise(next_seat(actor)) and hand.stake > 1", "play").builtins == {"may_raise", "next_seat"}
    assert compile_condition("hand.stake > 1", "play").builtins == frozenset()


def test_a_number_too_long_to_read_is_refused_at_its_place():
    # fresh5: 4,301 digits made Python's int() raise ValueError, a traceback in truco validate
    from truco_dsl.errors import ExpressionError
    from truco_dsl.lang.compiler import MAX_DIGITS, compile_condition

    with pytest.raises(ExpressionError, match=f"a number of 5000 digits; a number in a rule has at most {MAX_DIGITS}") as refused:
        compile_condition("trick.number == " + "9" * 5000, "play")
    assert refused.value.column == 17
    assert compile_condition("trick.number == " + "9" * MAX_DIGITS, "play").source.endswith("9")
