"""The clause runtime (truco_dsl.engine.runtime) and what it serves: a method for every builtin of
the vocabulary with the builtin's arity and no other method but the engine's, every root readable
as the compiler reads it; its boundary with the engine (neither touches the other's private
members); where a builtin is implemented."""

from __future__ import annotations

import ast
import inspect
import keyword
import types
from pathlib import Path

import pytest

from truco_dsl.engine import Engine
from truco_dsl.engine import engine as engine_module
from truco_dsl.engine import runtime as runtime_module
from truco_dsl.engine.runtime import ENGINE_FACING, ClauseRuntime, implementation
from truco_dsl.lang import compile_condition
from truco_dsl.lang.vocabulary import BUILTINS, ROOTS, Builtin, Root
from truco_dsl.rules import load_ruleset

HANDS = [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]]
VIRA = "6s"


# ----------------------------------------------------------------------------- the vocabulary's names
def attribute_of(root: str) -> str:
    """The runtime's attribute for ``root``: its name, with ``_`` after a Python keyword (``raise_``),
    as the compiler spells it (checked by the test of the roots' values below)."""
    return root + "_" if keyword.iskeyword(root) else root


def mismatches(builtins: dict[str, Builtin], roots: dict[str, Root], runtime: type = ClauseRuntime) -> list[str]:
    """Where the ``runtime`` class and a vocabulary (``builtins``: name -> Builtin, ``roots``: name ->
    Root) disagree, one line each: a builtin with no method or another number of arguments, a
    public method that is neither a builtin nor in ENGINE_FACING, a root the runtime has no
    attribute or property for. Empty when they agree."""
    found = []
    methods = {name for name, _ in inspect.getmembers(runtime, inspect.isfunction) if not name.startswith("_")}
    for name, builtin in builtins.items():
        if name not in methods:
            found.append(f"builtin {name}() has no method")
            continue
        arity = len(inspect.signature(getattr(runtime, name)).parameters) - 1  # without self
        if arity != builtin.arity:
            found.append(f"builtin {name}() takes {builtin.arity} argument(s), its method {arity}")
    found += [f"method {name}() is no builtin" for name in sorted(methods - set(builtins) - set(ENGINE_FACING))]
    found += [f"{name}() of ENGINE_FACING is no method" for name in ENGINE_FACING if name not in methods]
    found += [f"root {name} cannot be read (no attribute {attribute_of(name)})" for name in roots
              if not isinstance(getattr(runtime, attribute_of(name), None), (property, types.MemberDescriptorType))]
    return found


def test_every_builtin_has_its_method_with_its_arity_and_every_root_is_readable():
    assert mismatches(BUILTINS, ROOTS) == []


def test_the_check_reports_a_builtin_without_its_method_a_wrong_arity_and_a_method_with_no_builtin():
    forgotten = dict(BUILTINS, shuffle_again=Builtin(0, "shuffle_again(): a new deal", effect=True))
    assert mismatches(forgotten, ROOTS) == ["builtin shuffle_again() has no method"]
    miscounted = dict(BUILTINS, award=Builtin(1, "award(team): one point", effect=True))
    assert mismatches(miscounted, ROOTS) == ["builtin award() takes 1 argument(s), its method 2"]
    without_lead = {name: builtin for name, builtin in BUILTINS.items() if name != "lead"}
    assert mismatches(without_lead, ROOTS) == ["method lead() is no builtin"]
    assert mismatches(BUILTINS, dict(ROOTS, stake=Root("the hand's stake"))) == ["root stake cannot be read (no attribute stake)"]

    class Forgetful(ClauseRuntime):
        __slots__ = ()
        award = None  # a builtin whose method went missing

    assert mismatches(BUILTINS, ROOTS, Forgetful) == ["builtin award() has no method"]


def test_every_root_reads_the_game_as_the_compiler_reads_it():
    engine = Engine(load_ruleset("atb-2004"), players=2, dealer=1, scores=[3, 5], games_won=[0, 4])
    engine.deal(HANDS, VIRA)
    engine.act(0, "play:3c")
    engine.act(1, "play:Kd")  # the 3 takes the first vaza; the second begins
    runtime = engine._runtime

    def read(text: str, hook: str):
        return compile_condition(text, hook).holds(runtime)  # holds: the value itself, not its truth

    hand = engine.hand
    game_roots = {"hand": ("hand", hand), "trick": ("trick", hand.tricks[-1]), "tricks": ("tricks[1]", hand.tricks[0]),
                  "score": ("score[1]", 5), "game": ("game", engine.game), "players": ("players", 2),
                  "games_won": ("games_won[1]", 4)}
    for name, (text, expected) in game_roots.items():
        value = read(text, "deal")
        assert (value == expected) if isinstance(expected, int) else (value is expected), name
    action_roots = {name: root for name, root in ROOTS.items() if root.hooks is not None}  # read from the hook's context
    assert set(game_roots) | set(action_roots) == set(ROOTS)
    for name, root in action_roots.items():
        marker = object()
        runtime.hook, runtime.context = root.hooks[0], {attribute_of(name): marker}
        assert read(name, root.hooks[0]) is marker, name
        runtime.context = {}
        assert read(name, root.hooks[0]) is None, name


# ----------------------------------------------------------------------------- the boundary
def private_reads(source: str) -> list[str]:
    """Every ``x._name`` in ``source`` whose ``x`` is not ``self`` (dunders aside)."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id == "self")]


def test_the_runtime_reads_no_private_member_of_the_engine_nor_the_engine_of_the_runtime():
    assert private_reads(Path(runtime_module.__file__).read_text(encoding="utf-8")) == []
    assert private_reads("def award(self):\n    self._engine._emit('points_awarded')\n") == ["self._engine._emit"]
    runtime_privates = {name for name in dir(ClauseRuntime) if name.startswith("_") and not name.startswith("__")}
    assert {"_engine", "_wrong", "_failed"} <= runtime_privates
    engine_tree = ast.parse(Path(engine_module.__file__).read_text(encoding="utf-8"))
    assert [ast.unparse(node) for node in ast.walk(engine_tree)
            if isinstance(node, ast.Attribute) and node.attr in runtime_privates] == []


# ----------------------------------------------------------------------------- where a builtin is
def test_implementation_gives_the_method_of_each_builtin_and_its_lines():
    source = Path(runtime_module.__file__).read_text(encoding="utf-8").splitlines()
    for name in BUILTINS:
        function = implementation(name)
        lines, first = inspect.getsourcelines(function)
        assert Path(inspect.getsourcefile(function)) == Path(runtime_module.__file__)
        assert source[first - 1].strip().startswith(f"def {name}(self") and lines[0] == source[first - 1] + "\n"
    with pytest.raises(ValueError, match=r"'awrad' is no builtin \(did you mean award\?\)"):
        implementation("awrad")
    with pytest.raises(ValueError, match="'follow' is no builtin"):
        implementation("follow")  # the engine's, not a clause's
