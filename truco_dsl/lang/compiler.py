"""Compile clause expressions (``when:`` / ``then:``) to Python functions, once, at load time.

The grammar is ``grammar.lark`` beside this file; the names an expression may use are in
``vocabulary``. Nothing is ever evaluated as Python source: each expression becomes one function
``f(scope)`` whose body is a tree of ``ast`` nodes built node by node from the parse tree (a root is
an attribute of ``scope``, a field an attribute of that, an index a subscript, a builtin a method
call on ``scope``, a literal an ``ast.Constant``), compiled by Python's compiler. Every name in that
tree is a root, a field or a builtin of the vocabulary, checked before it is put there, or one of
the helper names of ``_HELPERS``; the function reads state only through the *scope* object the
interpreter passes in (its attributes are the vocabulary's roots, its methods the builtins).
``compile_hook`` puts all the clauses of a hook in one function, built from the same nodes; its
only other names are its second argument ``clauses`` and the scope's ``clause`` and ``fired``,
which it sets to the clause whose ``then:`` runs.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from types import TracebackType
from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from truco_dsl.diagnostics import closest, did_you_mean, shortened
from truco_dsl.errors import ExpressionError
from truco_dsl.lang.checker import Checker, StringUse, facts, requirements
from truco_dsl.lang.vocabulary import ACTION_HOOKS, BUILTINS, HOOKS, ROOTS

#: A compiled expression: ``f(scope)``.
Compiled = Callable[[Any], Any]


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
    clause's ``then:`` (``compile_statements``). ``requires``: the flags that are true whenever it
    holds (``action.covered and …``): a guard that requires ``action.covered`` never refuses a card
    played face up (the sure-win search, which plays face up, need not ask it).
    """

    source: str
    test: Compiled
    reads: frozenset[str] = frozenset()
    holds: Compiled | None = None
    builtins: frozenset[str] = frozenset()
    strings: tuple[StringUse, ...] = ()
    facts: frozenset[str] = frozenset()
    requires: frozenset[str] = frozenset()

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
    run: Compiled
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
#: same functions (they hold no state), so they are compiled once.
_COMPILED = 4096


@lru_cache(maxsize=_COMPILED)
def compile_condition(text: str, hook: str) -> Condition:
    """Compile a ``when:`` expression for clauses at ``hook``.

    ``text``: the expression. Returns a ``Condition`` whose ``test(scope)`` gives a bool.
    Raises ``ExpressionError`` on a syntax error, an unknown name or field, a name not readable at
    ``hook``, an unknown builtin, a wrong number of arguments, a call that changes the game, a type
    error (``checker``; the condition itself must be a flag), or an expression too deep to compile.
    """
    tree = _parse(text, "condition")
    top = tree.children[0]
    compiler = _Compiler(hook, effects_allowed=False)
    truth = _shallow(lambda: compiler.truth(top))
    checker = Checker()
    checker.flag(top, "a `when:`")
    reads, builtins, strings = frozenset(compiler.reads), frozenset(compiler.builtins), tuple(checker.strings)
    known, required = facts(top), requirements(top)
    holds = _function("when", [ast.Return(truth)])
    if isinstance(top, Tree) and top.data in _GIVES_BOOL:
        return Condition(text, holds, reads, builtins=builtins, strings=strings, facts=known, requires=required)
    test = _function("when", [ast.Return(_as_bool(truth))])
    return Condition(text, test, reads, holds=holds, builtins=builtins, strings=strings, facts=known, requires=required)


@lru_cache(maxsize=_COMPILED)
def compile_statements(text: str, hook: str, present: frozenset[str] | None = frozenset()) -> Statements:
    """Compile a ``then:`` sequence (``call(); call()``) for clauses at ``hook``; ``present``: what
    its clause's ``when:`` says is not none (``Condition.facts``), which may then be given where
    none is not allowed (None: not known, its when: is broken; nothing is refused for it).

    Returns ``Statements`` (``run(scope)`` makes the calls in order and answers None). Raises
    ``ExpressionError`` as ``compile_condition`` does (a value that may be none given where a seat,
    a team or points are needed, too), and also when a statement is not a call of a builtin that
    changes the game, when ``forbid`` / ``foul`` is not the first call, when ``forbid`` is not
    alone, or when a guard's reason is not a string literal.
    """
    tree = _parse(text, "statements")
    compiler = _Compiler(hook, effects_allowed=True)
    checker = Checker(present=present)
    calls: list[str] = []
    body: list[ast.stmt] = []
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
        body.append(ast.Expr(_shallow(lambda: compiler.expression(node))))
        checker.type_of(node)
    if guard == "forbid" and len(calls) > 1:
        raise _error_at(tree.children[1], "forbid() refuses the action, so nothing may follow it; use foul() for a penalty")
    return Statements(text, _function("then", body), guard, reason, tuple(calls), frozenset(compiler.builtins),
                      tuple(checker.strings), frozenset(compiler.reads))


#: the second argument of a hook's effects function: its clauses, in firing order
_CLAUSES = "clauses"


@lru_cache(maxsize=_COMPILED)
def compile_hook(hook: str, whens: tuple[str | None, ...], thens: tuple[str, ...] | None = None,
                 stops: bool = False) -> Compiled:
    """One function for all the clauses at ``hook``, in firing order: each ``when:`` an ``if``, as
    ``compile_condition`` builds it (None: always), each ``then:`` its calls, as
    ``compile_statements`` builds them. The interpreter calls one function per hook instead of
    one or two per clause.

    ``whens`` only (guards): ``first(scope) -> int | None``, the index of the first clause whose
    ``when:`` holds, or None. With ``thens`` (effects): ``run(scope, clauses) -> None`` runs the
    ``then:`` of every clause whose ``when:`` holds, in order, first setting ``scope.clause`` and
    ``scope.fired`` to ``clauses[i]`` (the clauses' objects, given by the caller); ``stops``: the
    rest are skipped once ``scope.hand.over`` (a hook of the hand), checked at the start and after
    each ``then:``. The code of clause ``i``'s ``when:`` is on line ``2i + 1`` of the function, its
    ``then:`` on line ``2i + 2``: ``failed_clause`` reads which failed from a traceback.

    The texts are those of clauses already compiled one by one (``compile_condition``,
    ``compile_statements``): they are not checked again. Raises ``ExpressionError`` only when Python
    cannot compile the function (too deep), as those do.
    """
    guards = thens is None
    body: list[ast.stmt] = []
    def hand_over(line: int) -> ast.stmt:  # the hand's end skips the rest
        return _at_line(ast.If(ast.Attribute(_scope_attribute("hand"), "over", ast.Load()), [ast.Return(None)], []), line)

    if stops and not guards:
        body.append(hand_over(1))
    for index, when in enumerate(whens):
        compiler = _Compiler(hook, effects_allowed=not guards)
        if guards:
            block: list[ast.stmt] = [_at_line(ast.Return(ast.Constant(index)), 2 * index + 1)]
        else:
            chosen = ast.Subscript(ast.Name(_CLAUSES, ast.Load()), ast.Constant(index), ast.Load())
            targets = [ast.Attribute(ast.Name(_SCOPE, ast.Load()), name, ast.Store()) for name in ("clause", "fired")]
            block = [_at_line(ast.Assign(targets, chosen), 2 * index + 1)]
            block += [_at_line(ast.Expr(_shallow(lambda: compiler.expression(call))), 2 * index + 2)
                      for call in _parsed(thens[index], "statements").children]
            if stops:
                block.append(hand_over(2 * index + 2))
        if when is None:
            body += block
            if guards:
                break  # the clauses after one that always holds are never reached
            continue
        test = _shallow(lambda: compiler.truth(_parsed(when, "condition").children[0]))
        body.append(_at_line(ast.If(test, block, []), 2 * index + 1, block[-1].end_lineno))
    body.append(ast.Return(ast.Constant(None)))
    return _function("guards" if guards else "effects", body, (_SCOPE,) if guards else (_SCOPE, _CLAUSES))


def failed_clause(function: Compiled, traceback: TracebackType | None) -> tuple[int, str] | None:
    """Where ``traceback`` (of an exception raised while ``function``, from ``compile_hook``, ran)
    left the function: ``(clause index, "when" or "then")``, or None when it did not pass through it."""
    line = None
    while traceback is not None:
        if traceback.tb_frame.f_code is function.__code__:
            line = traceback.tb_lineno
        traceback = traceback.tb_next
    if line is None or line < 1:
        return None
    index, part = divmod(line - 1, 2)
    return index, ("when", "then")[part]


def _at_line(node: ast.stmt, line: int, last: int | None = None) -> ast.stmt:
    """``node`` placed on ``line`` (to ``last``), and every node inside it not placed yet."""
    node.lineno, node.end_lineno = line, last or line
    node.col_offset = node.end_col_offset = 0
    for child in ast.walk(node):
        if "lineno" in child._attributes and not hasattr(child, "lineno"):
            child.lineno = child.end_lineno = line
            child.col_offset = child.end_col_offset = 0
    return node


@lru_cache(maxsize=_COMPILED)
def _parsed(text: str, start: str) -> Tree:
    """``_parse`` kept: a hook's function is built again from the texts of clauses parsed before."""
    return _parse(text, start)


def _value_function(text: str, hook: str) -> Compiled:
    """The function giving the value of ``text`` (any expression, not only a flag) at ``hook``, for
    tests and tools that read a value. Raises ``ExpressionError`` as ``compile_condition`` does,
    less the type check."""
    top = _parse(text, "condition").children[0]
    return _function("when", [ast.Return(_shallow(lambda: _Compiler(hook, effects_allowed=False).expression(top)))])


#: How deeply an expression may nest (operators, calls, parentheses; ``_depth``). Deeper ones are
#: refused at load time: Python could not compile their functions without exhausting its stack.
MAX_DEPTH = 100
#: The most digits a number literal may have: far more than a rule needs (points are at most 100),
#: far fewer than Python reads (4,300); a longer one is refused at its place, not read.
MAX_DIGITS = 100
_TOO_DEEP = f"the expression nests too deeply (more than about {MAX_DEPTH} levels)"


def _shallow(build: Callable[[], ast.expr]) -> ast.expr:
    """Run a compilation, turning a too-deep expression into an ``ExpressionError``."""
    try:
        return build()
    except RecursionError:
        raise ExpressionError(_TOO_DEEP) from None


# --------------------------------------------------------------------------- from ast to a function
# the orderings of the language: none is never less, nor more, nor equal or more, than anything
def _less(left: Any, right: Any) -> bool:
    return left is not None and right is not None and left < right


def _at_most(left: Any, right: Any) -> bool:
    return left is not None and right is not None and left <= right


def _more(left: Any, right: Any) -> bool:
    return left is not None and right is not None and left > right


def _at_least(left: Any, right: Any) -> bool:
    return left is not None and right is not None and left >= right


#: The only globals a compiled function sees: the null-safe orderings (``<`` … ``>=`` answer false
#: when either side is none), under fixed names of this module, and no Python builtin at all.
_HELPERS: dict[str, Callable[[Any, Any], bool]] = {"_lt": _less, "_le": _at_most, "_gt": _more, "_ge": _at_least}
_ORDERINGS = {"<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}
_EQUALITIES = {"==": ast.Eq, "!=": ast.NotEq}
_ARITH = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult, "/": ast.FloorDiv, "%": ast.Mod}
#: the argument every compiled function takes: the clause runtime (``engine/runtime.ClauseRuntime``)
_SCOPE = "scope"


def _function(part: str, body: list[ast.stmt], parameters: tuple[str, ...] = (_SCOPE,)) -> Compiled:
    """``def <part>(scope): <body>`` compiled and defined, with ``_HELPERS`` as its globals; ``part``
    (``"when"`` / ``"then"``, ``"guards"`` / ``"effects"`` for a hook's) names it and its file
    ``<clause when>`` in a traceback; ``parameters``: its arguments' names. Raises
    ``ExpressionError`` when Python cannot compile a tree this deep (a long arithmetic chain)."""
    arguments = ast.arguments(posonlyargs=[], args=[ast.arg(name) for name in parameters], kwonlyargs=[], kw_defaults=[],
                              defaults=[])
    module = ast.Module([ast.FunctionDef(part, arguments, body, decorator_list=[])], type_ignores=[])
    namespace: dict[str, Any] = {"__builtins__": {}, **_HELPERS}
    try:
        code = compile(ast.fix_missing_locations(module), f"<clause {part}>", "exec")
    except (RecursionError, MemoryError):
        raise ExpressionError(_TOO_DEEP) from None
    eval(code, namespace)  # a code object built from ast nodes, never text: it defines the function
    return namespace.pop(part)


def _scope_attribute(name: str) -> ast.expr:
    return ast.Attribute(ast.Name(_SCOPE, ast.Load()), name, ast.Load())


def _as_bool(node: ast.expr) -> ast.expr:
    """``True if node else False``: the truth of ``node`` as a bool, with no call."""
    return ast.IfExp(node, ast.Constant(True), ast.Constant(False))


# --------------------------------------------------------------------------- from the parse tree to ast
def self_hook_is_passive(hook: str) -> bool:
    """Whether ``hook`` fires for something that happened rather than for an action being taken."""
    return hook not in ACTION_HOOKS


def _depth(tree: Tree) -> int:
    """How deeply ``tree`` nests: a node is a level below its parent, and a chain of arithmetic
    (``a + b - c``, one node of the parse tree) a level per operator, as it is compiled: ``(a + b) - c``."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if node.data == "arith":
            depth += len(node.children) // 2 - 1
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return deepest


def _parse(text: str, start: str) -> Tree:
    if not isinstance(text, str) or not text.strip():
        raise ExpressionError("the expression is empty")
    try:
        tree = _parser().parse(text, start=start)
    except UnexpectedInput as problem:
        raise ExpressionError(_describe(problem, text), problem.line, problem.column) from None
    if _depth(tree) > MAX_DEPTH:
        raise ExpressionError(f"the expression nests too deeply (more than {MAX_DEPTH} levels)")
    for number in tree.scan_values(lambda token: isinstance(token, Token) and token.type == "INT"):
        if len(number) > MAX_DIGITS:  # Python refuses to read one of over 4,300 digits
            raise _error_at(number, f"a number of {len(number)} digits; a number in a rule has at most {MAX_DIGITS}")
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


#: the syntax nodes whose code gives a bool already (a ``when:`` made of one needs no conversion)
_GIVES_BOOL = frozenset({"not_", "compare"})
#: the syntax nodes that are constants, and their values
_LITERALS = {"number": lambda node: int(node.children[0]), "string": lambda node: str(node.children[0])[1:-1],
             "true": lambda node: True, "false": lambda node: False, "none": lambda node: None}
_PYTHON_NAMES = {"raise": "raise_"}  # roots whose attribute on the scope avoids a Python keyword


class _Compiler:
    """One expression's ``ast``: ``expression(node)`` checks the names of a parse tree's node against
    the vocabulary and gives its ``ast.expr`` over the argument ``scope``; ``reads`` and
    ``builtins`` fill as it goes."""

    def __init__(self, hook: str, effects_allowed: bool):
        if hook not in HOOKS:
            raise ExpressionError(f"unknown hook {hook!r}{did_you_mean(hook, HOOKS)}; hooks are {', '.join(HOOKS)}")
        self.hook = hook
        self.effects_allowed = effects_allowed
        self.reads: set[str] = set()  # the paths compiled so far ("trick.number"), indexes left out
        self.builtins: set[str] = set()  # the builtins called so far

    def expression(self, node: Tree | Token) -> ast.expr:
        """The value of ``node``: ``and`` / ``or`` give a bool."""
        kind = node.data
        if kind in _LITERALS:
            return ast.Constant(_LITERALS[kind](node))
        if kind in ("or_", "and_"):
            return _as_bool(self._boolean(node))
        return getattr(self, f"_{kind.rstrip('_')}")(node)

    def truth(self, node: Tree | Token) -> ast.expr:
        """``node`` where only its truth counts (a ``when:``, what ``not``/``and``/``or`` test): an
        ``and`` / ``or`` gives the value that decided, as Python's do."""
        if node.data in ("or_", "and_"):
            return self._boolean(node)
        return self.expression(node)

    # operators: and / or stop at the first part that decides, left to right
    def _boolean(self, node: Tree) -> ast.expr:
        operation = ast.Or() if node.data == "or_" else ast.And()
        return ast.BoolOp(operation, [self.truth(child) for child in node.children])

    def _not(self, node: Tree) -> ast.expr:
        return ast.UnaryOp(ast.Not(), self.truth(node.children[0]))

    def _neg(self, node: Tree) -> ast.expr:
        return ast.UnaryOp(ast.USub(), self.expression(node.children[0]))

    def _compare(self, node: Tree) -> ast.expr:
        left, symbol, right = node.children
        left_value, right_value = self.expression(left), self.expression(right)
        if str(symbol) in _EQUALITIES:
            return ast.Compare(left_value, [_EQUALITIES[str(symbol)]()], [right_value])
        return ast.Call(ast.Name(_ORDERINGS[str(symbol)], ast.Load()), [left_value, right_value], [])

    def _arith(self, node: Tree) -> ast.expr:
        value = self.expression(node.children[0])
        for index in range(1, len(node.children), 2):  # left to right: a - b - c is (a - b) - c
            value = ast.BinOp(value, _ARITH[str(node.children[index])](), self.expression(node.children[index + 1]))
        return value

    # names
    def _call(self, node: Tree) -> ast.expr:
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
        return ast.Call(_scope_attribute(name), [self.expression(argument) for argument in arguments], [])

    def _readable(self) -> list[str]:
        """The roots readable at this compiler's hook, sorted (for a message)."""
        return sorted(name for name, root in ROOTS.items() if root.hooks is None or self.hook in root.hooks)

    def _path(self, node: Tree) -> ast.expr:
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
        value = _scope_attribute(_PYTHON_NAMES.get(name, name))
        fields = root.fields
        if root.indexed:
            if not steps or steps[0].data != "index":
                raise _error_at(name_token, f"{_named(name)} needs an index, like {name}[1]")
            value = ast.Subscript(value, self.expression(steps[0].children[0]), ast.Load())
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
            value = ast.Attribute(value, field, ast.Load())
        self.reads.add(".".join([name, *names]))
        return value


def _named(word: str) -> str:
    """A name or token the author wrote, quoted for a message and cut to 60 characters."""
    return repr(shortened(word, 60))
