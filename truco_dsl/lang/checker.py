"""Type-check a parsed clause expression against the types of ``vocabulary``, at load time.

``check(node, hook)`` walks the syntax tree that ``compiler`` parsed (after the compiler has checked
every name) and raises ``ExpressionError`` at the offending node for: arithmetic or ordering on
values that are not numbers (a flag, a card, a string), a comparison of values that can never be
equal (a card and a number, a seat and a team, a response and a string it can never be), an
argument of the wrong type (``award(none, 3)``, ``opponents(actor)``: a seat where a team is
wanted), ``and``/``or``/``not``/``when:`` on something that is not a flag, a literal out of range
(``tricks[0]``, a division by a literal 0, a negative award or stake). Returns the expression's
``Type``, and records in ``strings`` the literals whose allowed values only the rule set knows
(infraction kinds, flag names, seats and teams), for the loader to check against the merged rule set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from truco_dsl.diagnostics import did_you_mean
from truco_dsl.errors import ExpressionError
from truco_dsl.lang.vocabulary import (BUILTINS, FLAG, NONE, NOTHING, NUMBER, ROOTS, TEXT, Type)

#: Builtins whose numeric argument must not be negative when written as a literal, and what it is.
_NOT_NEGATIVE = {"award": "points", "set_stake": "a stake", "set_target": "a target", "deal_in_packets": "cards"}


@dataclass(frozen=True)
class StringUse:
    """A literal whose allowed values the rule set gives: ``kind`` ``infraction``, ``reason``,
    ``card`` (a card of the deck), ``response``/``decision`` (the answer a clause reads),
    ``hand_flag``/``game_flag`` (read) or ``flag_hand``/``flag_game`` (set) with a string
    ``value``, or ``seat``/``team``/``vaza`` with a whole-number ``value`` (a seat the table may not
    have, a vaza past the hand size), or ``number``: a whole number given to a builtin or compared
    with a path, ``context`` naming which (``set_stake``, ``award``, ``hand.stake``), so that
    coherence checks can tell a number that follows from a parameter (a stake, the target);
    line and column in the expression (1-based)."""

    kind: str
    value: str | int
    line: int
    column: int
    context: str = ""


@dataclass
class Checker:
    """One expression's type check (see the module docstring); ``strings`` fills as it goes."""

    strings: list[StringUse] = field(default_factory=list)
    #: what is known not to be none here (``facts``): ``trick.winner`` after ``trick.winner != none and``;
    #: None when that cannot be known (the clause's when: does not compile): nothing is refused for it
    present: frozenset[str] | None = frozenset()

    def flag(self, node: Tree | Token, what: str) -> None:
        """Check that ``node`` is a flag (true or false); ``what`` names its place for the message."""
        kind = self.type_of(node)
        if kind.name != "flag":
            raise _at(node, f"{what} must be true or false, and this is {_a(kind)}")

    def type_of(self, node: Tree | Token) -> Type:
        kind = node.data
        if kind == "number":
            return NUMBER
        if kind == "string":
            return TEXT
        if kind in ("true", "false"):
            return FLAG
        if kind == "none":
            return NONE
        if kind in ("or_", "and_"):
            before = self.present
            for part in node.children:
                self.flag(part, f"each side of `{'or' if kind == 'or_' else 'and'}`")
                if kind == "and_" and self.present is not None:  # what the left of an `and` says holds on its right
                    self.present = self.present | facts(part)
            self.present = before
            return FLAG
        if kind == "not_":
            self.flag(node.children[0], "what `not` negates")
            return FLAG
        if kind == "neg":
            self._number(node.children[0], "what `-` negates")
            return NUMBER
        if kind == "arith":
            return self._arith(node)
        if kind == "compare":
            return self._compare(node)
        if kind == "call":
            return self._call(node)
        if kind == "path":
            return self._path(node)
        raise _at(node, f"cannot type {kind}")  # the grammar has no other node

    def _number(self, node: Tree | Token, what: str) -> Type:
        kind = self.type_of(node)
        if not kind.numeric:
            raise _at(node, f"{what} must be a number, and this is {_a(kind)}")
        return kind

    def _arith(self, node: Tree) -> Type:
        self._number(node.children[0], f"the left side of `{node.children[1]}`")
        for index in range(1, len(node.children), 2):
            symbol, operand = str(node.children[index]), node.children[index + 1]
            self._number(operand, f"the right side of `{symbol}`")
            if symbol in ("/", "%") and _literal(operand) == 0:
                raise _at(operand, f"a division by 0 (`{symbol} 0`) has no value")
        return NUMBER

    def _compare(self, node: Tree) -> Type:
        left, symbol, right = node.children
        left_type, right_type = self.type_of(left), self.type_of(right)
        for side, other in ((left, right), (right, left)):
            if isinstance(_literal(side), int) and isinstance(other, Tree) and other.data == "path":
                self._record("number", side, _dotted(other))
        if str(symbol) in ("==", "!="):
            for one, other, other_node in ((left_type, right_type, right), (right_type, left_type, left)):
                self._comparable(one, other, other_node, node)
            return FLAG
        for side, kind in ((left, left_type), (right, right_type)):
            if kind.name == "none":
                raise _at(side, f"`{symbol}` orders numbers; none is not one (compare it with == or !=)")
            if not kind.numeric:
                raise _at(side, f"`{symbol}` orders numbers, and this is {_a(kind)}")
        if {left_type.name, right_type.name} == {"seat", "team"}:
            raise _at(node, "a seat and a team are different numbers: this compares one with the other")
        return FLAG

    def _comparable(self, one: Type, other: Type, other_node: Tree | Token, node: Tree) -> None:
        """Whether a value of type ``one`` can ever equal ``other`` (``other_node`` is its syntax)."""
        if other.name == "none":
            if not one.nullable:
                raise _at(node, f"{_a(one)} is never none, so this comparison always gives the same answer")
            return
        if one.name == "none":
            return  # checked from the other side
        if one.values is not None and other.name == "string":
            value = _literal(other_node)
            if isinstance(value, str) and value not in one.values:
                raise _at(other_node, f'"{value}" is not {_a(one)}{did_you_mean(value, one.values)}; '
                                      f"{one.name}s are {', '.join(one.values)}")
            self._record(one.name, other_node)  # which answers the rule set gives a rule for (coherence)
            return
        if one.name == "infraction" and other.name == "string":
            self._record("infraction", other_node)
            return
        if one.name == "card" and other.name == "string":
            self._record("card", other_node)  # the loader knows the deck
            return
        if one.numeric and other.numeric:
            if {one.name, other.name} == {"seat", "team"}:
                raise _at(node, "a seat and a team are different numbers: this compares one with the other")
            if one.name in ("seat", "team") and isinstance(_literal(other_node), int):
                self._record(one.name, other_node)
            return
        if one.name != other.name and not (one.name == "string" and other.values is not None or
                                           one.name == "string" and other.name in ("infraction", "card")):
            raise _at(node, f"{_a(one)} is never equal to {_a(other)}")

    def _call(self, node: Tree) -> Type:
        name_token, *arguments = node.children
        arguments = [argument for argument in arguments if argument is not None]
        name = str(name_token)
        spec = BUILTINS[name]  # the compiler has checked the name and the arity
        for position, (argument, wanted) in enumerate(zip(arguments, spec.arguments), 1):
            got = self.type_of(argument)
            if not _fits(wanted, got):
                ordinal = "" if spec.arity == 1 else f" as its {_ORDINAL[position]} argument"
                raise _at(argument, f"{name}() takes {_a(wanted)}{ordinal}, and this is {_a(got)}")
            if (got.nullable and not wanted.nullable and got.name != "none" and self.present is not None
                    and key_of(argument) not in self.present):
                said = key_of(argument)
                hint = f"; say when it is not: `{said} != none and …` in the when:" if said else ""
                raise _at(argument, f"{name}() takes {_a(wanted)}, and this may be none ({_a(got)}){hint}")
            if wanted.name in ("infraction", "reason", "card") and got.name == "string":
                self._record(wanted.name, argument)
            if wanted.name in ("seat", "team") and isinstance(_literal(argument), int):
                self._record(wanted.name, argument)
            if wanted.name == "number" and isinstance(_literal(argument), int):
                self._record("number", argument, name)
            if name in ("hand_flag", "game_flag", "flag_hand", "flag_game"):
                if not (isinstance(argument, Tree) and argument.data == "string"):
                    raise _at(argument, f'{name}() takes a flag\'s name in quotes, like {name}("time_limit")')
                self._record(name, argument)
            if name in _NOT_NEGATIVE and isinstance(_literal(argument), int) and _literal(argument) < 0:
                raise _at(argument, f"{name}() of {_literal(argument)}: {_NOT_NEGATIVE[name]} cannot be negative")
        return spec.result

    def _path(self, node: Tree) -> Type:
        name_token, *steps = node.children
        root = ROOTS[str(name_token)]  # the compiler has checked every name and field
        kind = root.type or Type(str(name_token))  # a record read whole (`hand`): a type of its own
        fields = root.fields
        if root.indexed:
            index = steps[0].children[0]
            got = self.type_of(index)
            if not _fits(root.index, got) or got.name == "none":
                raise _at(index, f"{name_token}[…] is indexed by {_a(root.index)}, and this is {_a(got)}")
            if str(name_token) == "tricks" and isinstance(_literal(index), int):
                if _literal(index) < 1:
                    raise _at(index, f"vazas are numbered from 1: tricks[{_literal(index)}] is no vaza")
                self._record("vaza", index)  # past the hand size: the loader knows it
            steps, fields = steps[1:], root.item_fields
        for step in steps:
            kind = fields[str(step.children[0])].type
        return kind

    def _record(self, kind: str, node: Tree | Token, context: str = "") -> None:
        value = _literal(node)
        if isinstance(value, (str, int)):
            line, column = _position(node)
            self.strings.append(StringUse(kind, value, line, column, context))


_ORDINAL = {1: "first", 2: "second", 3: "third"}


def key_of(node: Tree | Token) -> str | None:
    """A path or call as a fact names it (``tricks[1].winner``, ``sole_team_at(11)``); None for
    anything else (arithmetic, a literal)."""
    if isinstance(node, Tree) and node.data == "number":
        return str(node.children[0])
    if isinstance(node, Tree) and node.data == "path":
        name, *steps = node.children
        text = str(name)
        for step in steps:
            if step.data == "index":
                inner = key_of(step.children[0])
                if inner is None:
                    return None
                text += f"[{inner}]"
            else:
                text += f".{step.children[0]}"
        return text
    if isinstance(node, Tree) and node.data == "call":
        name, *arguments = node.children
        inner = [key_of(argument) for argument in arguments if argument is not None]
        return None if None in inner else f"{name}({', '.join(inner)})"
    return None


def facts(node: Tree | Token) -> frozenset[str]:
    """What is not none whenever ``node`` (a flag) holds: the paths and calls it compares ``!= none``,
    alone or joined by ``and``."""
    if isinstance(node, Tree) and node.data == "and_":
        return frozenset().union(*(facts(part) for part in node.children))
    if isinstance(node, Tree) and node.data == "compare" and str(node.children[1]) == "!=":
        left, _, right = node.children
        for side, other in ((left, right), (right, left)):
            if isinstance(other, Tree) and other.data == "none" and key_of(side) is not None:
                return frozenset({key_of(side)})
    return frozenset()


def requirements(node: Tree | Token) -> frozenset[str]:
    """The flags that are true whenever ``node`` (a flag) holds: the paths it reads bare (``action.covered``),
    alone or joined by ``and``, as ``key_of`` names them."""
    if isinstance(node, Tree) and node.data == "and_":
        return frozenset().union(*(requirements(part) for part in node.children))
    if isinstance(node, Tree) and node.data == "path" and key_of(node) is not None:
        return frozenset({key_of(node)})
    return frozenset()


def _fits(wanted: Type, got: Type) -> bool:
    """Whether a value of type ``got`` may be given where ``wanted`` is asked for."""
    if got.name == "none":
        return wanted.nullable
    if wanted.numeric:
        return got.numeric and {wanted.name, got.name} != {"seat", "team"}
    if wanted.name in ("infraction", "reason", "card", "string") or wanted.values is not None:
        return got.name in (wanted.name, "string")
    return wanted.name == got.name


def _dotted(path: Tree) -> str:
    """A path as written, its index left out: ``hand.stake``, ``tricks[…].winner``."""
    name, *steps = path.children
    parts = [str(name)]
    for step in steps:
        parts.append("[…]" if step.data == "index" else "." + str(step.children[0]))
    return "".join(parts)


def _literal(node: Tree | Token) -> object:
    """The value of a literal node (``-3`` too), or None when the node is not a literal."""
    if isinstance(node, Tree) and node.data == "number":
        return int(node.children[0])
    if isinstance(node, Tree) and node.data == "neg" and isinstance(node.children[0], Tree) and node.children[0].data == "number":
        return -int(node.children[0].children[0])
    if isinstance(node, Tree) and node.data == "string":
        return str(node.children[0])[1:-1]
    return None


def _a(kind: Type) -> str:
    """A type in words with its article: ``a team``, ``a team or none``, ``none``, ``an infraction``."""
    if kind.name == "none":
        return "none"
    if kind is NOTHING or kind.name == "nothing":
        return "a call that answers nothing"
    words = {"flag": "a flag (true or false)", "string": "a string", "card": "a card"}.get(kind.name, kind.name)
    if kind.name in ("flag", "string", "card"):
        return words + (" or none" if kind.nullable else "")
    article = "an" if words[0] in "aeiou" else "a"
    return f"{article} {kind.shown()}"


def _position(node: Tree | Token) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.line or 1, node.column or 1
    meta = node.meta
    return (meta.line, meta.column) if not meta.empty else (1, 1)


def _at(node: Tree | Token, message: str) -> ExpressionError:
    line, column = _position(node)
    return ExpressionError(message, line, column)
