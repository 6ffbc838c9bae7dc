"""Compile clause expressions (``when:`` / ``then:``) to Python closures, once, at load time.

The grammar is ``grammar.lark`` beside this file; the names an expression may use are in
``vocabulary``. Nothing is ever evaluated as Python source: each syntax node becomes a small closure
over the closures of its children, and a closure reads state only through the *scope* object the
interpreter passes in (its attributes are the vocabulary's roots, its methods the builtins).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from truco_dsl.diagnostics import closest, did_you_mean, shortened
from truco_dsl.errors import ExpressionError
from truco_dsl.lang.checker import Checker, StringUse, facts
from truco_dsl.lang.vocabulary import ACTION_HOOKS, BUILTINS, HOOKS, ROOTS

Closure = Callable[[Any], Any]


@dataclass(frozen=True)
class Condition:
    """A compiled ``when:``. ``test(scope) -> bool``; ``holds(scope)``: the same answer as any
    value whose truth is the answer (one call fewer: the interpreter asks it in ``if``).

    ``reads``: the paths the expression reads, as written without indexes (``"trick.number"``,
    ``"action.covered"``, ``"tricks.tied"``, ``"actor"``), so the interpreter can tell what an
    answer depends on (a guard that never reads ``action.card`` answers alike for every card).
    ``builtins``: every builtin it calls, however deeply (``truco where`` lists a builtin's clauses).
    ``strings``: the string literals whose allowed values the rule set gives (infraction kinds,
    flag names), with their places, for the loader to check (``checker.StringUse``).
    ``facts``: what is not none whenever it holds (``trick.winner != none and …``), for its
    clause's ``then:`` (``compile_statements``).
    """

    source: str
    test: Closure
    reads: frozenset[str] = frozenset()
    holds: Closure | None = None
    builtins: frozenset[str] = frozenset()
    strings: tuple[StringUse, ...] = ()
    facts: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.holds is None:
            object.__setattr__(self, "holds", self.test)


@dataclass(frozen=True)
class Statements:
    """A compiled ``then:``: ``run(scope)`` performs its calls in order.

    ``guard``: ``"forbid"`` or ``"foul"`` when the first call is that guard, else None;
    ``reason``: the guard's reason code; ``calls``: the builtin names called, in order;
    ``builtins``: every builtin it calls, those inside the arguments too; ``strings``: as
    ``Condition.strings``; ``reads``: the paths its arguments read, as ``Condition.reads``.
    """

    source: str
    run: Closure
    guard: str | None
    reason: str | None
    calls: tuple[str, ...]
    builtins: frozenset[str] = frozenset()
    strings: tuple[StringUse, ...] = ()
    reads: frozenset[str] = frozenset()


@cache
def _parser() -> Lark:
    grammar = resources.files("truco_dsl.lang").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, start=["condition", "statements"], parser="lalr", propagate_positions=True)


#: A rule set's parents are read again with every rule set that extends them, and a variant or a
#: mutant repeats most of its parent's expressions: the same text at the same hook compiles to the
#: same closures (they hold no state), so they are compiled once.
_COMPILED = 4096


@lru_cache(maxsize=_COMPILED)
def compile_condition(text: str, hook: str) -> Condition:
    """Compile a ``when:`` expression for clauses at ``hook``.

    ``text``: the expression. Returns a ``Condition`` whose ``test(scope)`` gives a bool.
    Raises ``ExpressionError`` on a syntax error, an unknown name or field, a name not readable at
    ``hook``, an unknown builtin, a wrong number of arguments, a call that changes the game, or a
    type error (``checker``; the condition itself must be a flag).
    """
    tree = _parse(text, "condition")
    top = tree.children[0]
    compiler = _Compiler(hook, effects_allowed=False)
    test = _shallow(lambda: compiler.expression(top))
    checker = Checker()
    checker.flag(top, "a `when:`")
    reads, builtins, strings = frozenset(compiler.reads), frozenset(compiler.builtins), tuple(checker.strings)
    known = facts(top)
    if isinstance(top, Tree) and top.data in _BOOLEAN:
        return Condition(text, test, reads, builtins=builtins, strings=strings, facts=known)
    return Condition(text, lambda scope: bool(test(scope)), reads, holds=test, builtins=builtins, strings=strings, facts=known)


@lru_cache(maxsize=_COMPILED)
def compile_statements(text: str, hook: str, present: frozenset[str] | None = frozenset()) -> Statements:
    """Compile a ``then:`` sequence (``call(); call()``) for clauses at ``hook``; ``present``: what
    its clause's ``when:`` says is not none (``Condition.facts``), which may then be given where
    none is not allowed (None: not known, its when: is broken; nothing is refused for it).

    Returns ``Statements``. Raises ``ExpressionError`` as ``compile_condition`` does (a value that
    may be none given where a seat, a team or points are needed, too), and also when
    a statement is not a call of a builtin that changes the game, when ``forbid`` / ``foul`` is not
    the first call, when ``forbid`` is not alone, or when a guard's reason is not a string literal.
    """
    tree = _parse(text, "statements")
    compiler = _Compiler(hook, effects_allowed=True)
    checker = Checker(present=present)
    calls: list[str] = []
    closures: list[Closure] = []
    guard = reason = None
    for position, node in enumerate(tree.children):
        if not (isinstance(node, Tree) and node.data == "call"):
            raise _error_at(node, "each statement of `then:` must be a call, like award(team, 1)")
        name = str(node.children[0])
        spec = BUILTINS.get(name)
        if spec is not None and not spec.effect:
            raise _error_at(node, f"{name}() only computes a value; `then:` needs calls that change the game")
        if spec is not None and spec.guard and self_hook_is_passive(hook):
            raise _error_at(node, f"{name}() refuses or penalises an action; hook {hook!r} has no action to refuse "
                                  f"(guards belong at {', '.join(ACTION_HOOKS)})")
        if spec is not None and name in ("award", "win_hand") and hook == "points":
            raise _error_at(node, f"{name}() at hook 'points' would award again at every award")
        if spec is not None and spec.guard:
            if position != 0:
                raise _error_at(node, f"{name}() must be the first call of `then:`")
            argument = node.children[1]
            if not (isinstance(argument, Tree) and argument.data == "string"):
                raise _error_at(node, f'{name}() takes a reason code in quotes, like {name}("not_your_turn")')
            guard, reason = name, str(argument.children[0])[1:-1]
        calls.append(name)
        closures.append(_shallow(lambda: compiler.expression(node)))
        checker.type_of(node)
    if guard == "forbid" and len(calls) > 1:
        raise _error_at(tree.children[1], "forbid() refuses the action, so nothing may follow it; use foul() for a penalty")
    steps = tuple(closures)

    def run(scope: Any) -> None:
        for step in steps:
            step(scope)

    if len(steps) == 1:
        (run,) = steps

    return Statements(text, run, guard, reason, tuple(calls), frozenset(compiler.builtins), tuple(checker.strings),
                      frozenset(compiler.reads))


#: How deeply an expression may nest (operators, calls, parentheses). Deeper ones are refused at
#: load time: their closures could not be run without exhausting Python's stack.
MAX_DEPTH = 100


def _shallow(build: Callable[[], Closure]) -> Closure:
    """Run a compilation, turning a too-deep expression into an ``ExpressionError``."""
    try:
        return build()
    except RecursionError:
        raise ExpressionError(f"the expression nests too deeply (more than about {MAX_DEPTH} levels)") from None


def _depth(tree: Tree) -> int:
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return deepest


def self_hook_is_passive(hook: str) -> bool:
    """Whether ``hook`` fires for something that happened rather than for an action being taken."""
    return hook not in ACTION_HOOKS


def _parse(text: str, start: str) -> Tree:
    if not isinstance(text, str) or not text.strip():
        raise ExpressionError("the expression is empty")
    try:
        tree = _parser().parse(text, start=start)
    except UnexpectedInput as problem:
        raise ExpressionError(_describe(problem, text), problem.line, problem.column) from None
    if _depth(tree) > MAX_DEPTH:
        raise ExpressionError(f"the expression nests too deeply (more than {MAX_DEPTH} levels)")
    return tree


def _describe(problem: UnexpectedInput, text: str) -> str:
    if isinstance(problem, UnexpectedEOF):
        return "the expression ends too early"
    if isinstance(problem, UnexpectedCharacters):
        return f"unexpected character {text[problem.pos_in_stream]!r}"
    if isinstance(problem, UnexpectedToken):
        if problem.token.type == "$END":
            return "the expression ends too early"
        return f"unexpected {_named(problem.token.value)}"
    return "syntax error"


def _error_at(node: Tree | Token, message: str) -> ExpressionError:
    meta = getattr(node, "meta", None)
    line = getattr(node, "line", None) or (meta.line if meta and not meta.empty else 1)
    column = getattr(node, "column", None) or (meta.column if meta and not meta.empty else 1)
    return ExpressionError(message, line, column)


def _null_safe(compare: Callable[[Any, Any], bool]) -> Callable[[Any, Any], bool]:
    def ordered(left: Any, right: Any) -> bool:
        return left is not None and right is not None and compare(left, right)

    return ordered


_COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": _null_safe(operator.lt),
    "<=": _null_safe(operator.le),
    ">": _null_safe(operator.gt),
    ">=": _null_safe(operator.ge),
}
#: the syntax nodes whose closures give a bool already (a ``when:`` made of one needs no bool())
_BOOLEAN = frozenset({"or_", "and_", "not_", "compare"})
#: the syntax nodes that are constants, and their values
_LITERALS = {"number": lambda node: int(node.children[0]), "string": lambda node: str(node.children[0])[1:-1],
             "true": lambda node: True, "false": lambda node: False, "none": lambda node: None}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv, "%": operator.mod}
_PYTHON_NAMES = {"raise": "raise_"}  # roots whose attribute on the scope avoids a Python keyword


class _Compiler:
    def __init__(self, hook: str, effects_allowed: bool):
        if hook not in HOOKS:
            raise ExpressionError(f"unknown hook {hook!r}{did_you_mean(hook, HOOKS)}; hooks are {', '.join(HOOKS)}")
        self.hook = hook
        self.effects_allowed = effects_allowed
        self.reads: set[str] = set()  # the paths compiled so far ("trick.number"), indexes left out
        self.builtins: set[str] = set()  # the builtins called so far

    def expression(self, node: Tree | Token) -> Closure:
        kind = node.data
        if kind in _LITERALS:
            value = _LITERALS[kind](node)
            return lambda scope: value
        handler = getattr(self, f"_{kind.rstrip('_')}")
        return handler(node)

    # operators
    # and / or give a bool and stop at the first part that decides; two parts (the common case)
    # get one closure, longer chains a loop (no generator: these run at every clause, every action)
    def _or(self, node: Tree) -> Closure:
        parts = [self.expression(child) for child in node.children]
        if len(parts) == 2:
            first, second = parts
            return lambda scope: bool(first(scope) or second(scope))

        def some(scope: Any) -> bool:
            for part in parts:
                if part(scope):
                    return True
            return False

        return some

    def _and(self, node: Tree) -> Closure:
        parts = [self.expression(child) for child in node.children]
        if len(parts) == 2:
            first, second = parts
            return lambda scope: bool(first(scope) and second(scope))

        def every(scope: Any) -> bool:
            for part in parts:
                if not part(scope):
                    return False
            return True

        return every

    def _not(self, node: Tree) -> Closure:
        inner = self.expression(node.children[0])
        return lambda scope: not inner(scope)

    def _neg(self, node: Tree) -> Closure:
        inner = self.expression(node.children[0])
        return lambda scope: -inner(scope)

    def _compare(self, node: Tree) -> Closure:
        left, symbol, right = node.children
        left_value, right_value, compare = self.expression(left), self.expression(right), _COMPARE[str(symbol)]
        if isinstance(right, Tree) and right.data in _LITERALS:  # `trick.number == 3`, `hand.raised_by != none`
            constant = _LITERALS[right.data](right)
            if str(symbol) == "==":
                return lambda scope: left_value(scope) == constant
            if str(symbol) == "!=":
                return lambda scope: left_value(scope) != constant
            return lambda scope: compare(left_value(scope), constant)
        return lambda scope: compare(left_value(scope), right_value(scope))

    def _arith(self, node: Tree) -> Closure:
        first = self.expression(node.children[0])
        rest = [(_ARITH[str(node.children[index])], self.expression(node.children[index + 1]))
                for index in range(1, len(node.children), 2)]

        def chain(scope: Any) -> Any:  # a loop, not nested closures: a long chain cannot exhaust the stack
            value = first(scope)
            for function, operand in rest:
                value = function(value, operand(scope))
            return value

        return chain

    # names
    def _call(self, node: Tree) -> Closure:
        name_token, *arguments = node.children
        arguments = [argument for argument in arguments if argument is not None]
        name = str(name_token)
        spec = BUILTINS.get(name)
        if spec is None:
            near = closest(name, BUILTINS)
            hint = f"did you mean {near}()?" if near is not None else "`truco vocabulary` lists the builtins"
            raise _error_at(name_token, f"unknown builtin {name}(); {hint}")
        if len(arguments) != spec.arity:
            plural = "" if spec.arity == 1 else "s"
            raise _error_at(name_token, f"{name}() takes {spec.arity} argument{plural}, got {len(arguments)}")
        if spec.effect and not self.effects_allowed:
            raise _error_at(name_token, f"{name}() changes the game; it belongs in `then:`, not `when:`")
        self.builtins.add(name)
        compiled = [self.expression(argument) for argument in arguments]
        if not compiled:
            return operator.methodcaller(name)
        if all(isinstance(argument, Tree) and argument.data in _LITERALS for argument in arguments):
            # game_flag("time_limit"), sole_team_at(11): the arguments are constants
            return operator.methodcaller(name, *(_LITERALS[argument.data](argument) for argument in arguments))
        if len(compiled) == 1:
            (only,) = compiled
            return lambda scope: getattr(scope, name)(only(scope))
        first, second = compiled
        return lambda scope: getattr(scope, name)(first(scope), second(scope))

    def _readable(self) -> list[str]:
        """The roots readable at this compiler's hook, sorted (for a message)."""
        return sorted(name for name, root in ROOTS.items() if root.hooks is None or self.hook in root.hooks)

    def _path(self, node: Tree) -> Closure:
        name_token, *steps = node.children
        name = str(name_token)
        root = ROOTS.get(name)
        if root is None:
            readable = self._readable()
            raise _error_at(name_token, f"unknown name {_named(name)}{did_you_mean(name, readable)}; "
                                        f"the names at hook {self.hook!r} are {', '.join(readable)}")
        if root.hooks is not None and self.hook not in root.hooks:
            raise _error_at(name_token, f"{_named(name)} is not known at hook {self.hook!r}, only at {', '.join(root.hooks)}"
                                        f"{did_you_mean(name, self._readable())}")
        attribute = _PYTHON_NAMES.get(name, name)
        fields = root.fields
        index: Closure | None = None
        position = None  # a constant index (tricks[1]), read without a closure
        if root.indexed:
            if not steps or steps[0].data != "index":
                raise _error_at(name_token, f"{_named(name)} needs an index, like {name}[1]")
            index_node = steps[0].children[0]
            index = self.expression(index_node)
            if isinstance(index_node, Tree) and index_node.data in _LITERALS:
                position = _LITERALS[index_node.data](index_node)
            steps = steps[1:]
            fields = root.item_fields
        names: list[str] = []
        for step in steps:
            if step.data == "index":
                raise _error_at(step, f"{_named(name)} cannot be indexed here")
            field = str(step.children[0])
            if fields is None or field not in fields:
                allowed = ", ".join(sorted(fields)) if fields else "no fields"
                raise _error_at(step.children[0], f"unknown field {_named(field)} of {_named(name)}{did_you_mean(field, fields or ())}; it has {allowed}")
            names.append(field)
        self.reads.add(".".join([name, *names]))
        # a dotted attrgetter ("hand.raised_by") reads the whole path in one call
        if index is None:
            return operator.attrgetter(".".join([attribute, *names]))
        base = operator.attrgetter(attribute)
        item_fields = operator.attrgetter(".".join(names)) if names else None
        if position is not None:
            if item_fields is None:
                return lambda scope: base(scope)[position]
            return lambda scope: item_fields(base(scope)[position])
        if item_fields is None:
            return lambda scope: base(scope)[index(scope)]
        return lambda scope: item_fields(base(scope)[index(scope)])


def _named(word: str) -> str:
    """A name or token the author wrote, quoted for a message and cut to 60 characters."""
    return repr(shortened(word, 60))
