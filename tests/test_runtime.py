"""The clause runtime (truco_dsl.engine.runtime) and what it serves: a method for every builtin of
the vocabulary with the builtin's arity and no other method but the engine's, every root readable
as the compiler reads it; its boundary with the engine (neither touches the other's private
members); where a builtin is implemented; and a clause that fails at run time, reported with its
place, its line and a caret, as a mistake found at load time is."""

from __future__ import annotations

import ast
import inspect
import json
import keyword
import types
from pathlib import Path

import pytest

from truco_dsl.diagnostics import Place
from truco_dsl.engine import Engine
from truco_dsl.engine import engine as engine_module
from truco_dsl.engine import runtime as runtime_module
from truco_dsl.engine.runtime import ENGINE_FACING, ClauseRuntime, implementation
from truco_dsl.errors import RuleSetIncomplete
from truco_dsl.lang import compile_statements
from truco_dsl.lang import compiler
from truco_dsl.lang.vocabulary import BUILTINS, ROOTS, Builtin, Root
from truco_dsl.rules import Clause, RuleSet, load_ruleset

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

    def read(text: str, hook: str):  # the value itself, not a condition's truth (a `when:` must be a flag)
        return compiler._value_function(text, hook)(runtime)

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


# ----------------------------------------------------------------------------- a clause that fails
CLAUSE_ID = "ATB-CONVERSA-2"
CITE = "incorrendo aquele que assim proceder, na perda do tento em jogo"


def variant(tmp_path: Path, on: str, then: str, when: str | None = None) -> tuple[RuleSet, int, int]:
    """atb-2004 with its clause CLAUSE_ID rewritten (at hook ``on``); returns the rule set and the
    line and column where the rule file writes the clause (its ``id``, 1-based)."""
    lines = ["ruleset: failing", "title: a clause that fails when it runs", "extends: atb-2004", "clauses:",
             f"  - id: {CLAUSE_ID}", f"    cite: {CITE}", f"    on: {on}", *([f"    when: {when}"] if when else []),
             f"    then: {then}"]
    path = tmp_path / "failing.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_ruleset(path), 5, 5  # the `id` of `  - id: …`, the clause's first line


#: (what fails, the clause's hook, its then:, its when:, what runs it, the message after the clause's place)
FAILURES = [
    ("a division by zero in then:", "deal", "award(0, hand.stake / score[1])", None, "deal",
     " failed: a division by zero", "/ score[1]"),  # 0 a 0
    ("a builtin given a wrong argument", "play", "award(team, 0 - 1)", None, "act",
     ": award() was given -1, not a number of points, 0 to 100 (a game's largest target)", "award(team"),
    ("a target past the longest game", "deal", "set_target(score[0] + 1000)", None, "deal",
     ": set_target() was given 1000, not a target of 1 to 100 points", "set_target("),
    # the deal's earlier clauses (atb-2004's) have run when this one's when: is asked: it is named, not them
    ("a wrong argument in when:", "deal", "end_hand()", "opponents(score[0] + 5) == 1", "deal",
     ": opponents() was given 5, not a team, 0 to 1", "opponents(score[0] + 5)"),
    ("a guard's when: asked by legal_actions", "play", 'forbid("not_your_turn")', "hand.stake % score[1] == 1", "legal_actions",
     " failed: a division by zero", "% score[1]"),
]


@pytest.mark.parametrize("what, hook, then, when, runs, message, marked", FAILURES, ids=[case[0] for case in FAILURES])
def test_a_clause_that_fails_is_named_with_its_place_its_line_and_a_caret(tmp_path, what, hook, then, when, runs, message, marked):
    ruleset, line, column = variant(tmp_path, hook, then, when)
    place = ruleset.clause(CLAUSE_ID).place
    assert (place.line, place.column) == (line, column)
    engine = Engine(ruleset, players=2, dealer=1)
    with pytest.raises(RuleSetIncomplete) as failure:
        engine.deal(HANDS, VIRA)
        if runs == "act":
            engine.act(0, "play:3c")
        elif runs == "legal_actions":
            engine.legal_actions(0)
    failed = failure.value.place  # the failing when:/then:, the caret on what failed
    assert failed.file == place.file and failed.line > line
    first, text, caret = str(failure.value).split("\n")
    assert first == f"clause {CLAUSE_ID} ({failed}){message}"
    assert text == "    " + Path(place.file).read_text(encoding="utf-8").splitlines()[failed.line - 1]
    assert caret == "    " + " " * (failed.column - 1) + "^"
    assert text[caret.index("^"):].startswith(marked)


def test_a_failing_clause_whose_file_cannot_be_read_is_one_line():
    import dataclasses

    atb = load_ruleset("atb-2004")
    failing = Clause(CLAUSE_ID, CITE, "deal", compile_statements("award(0, hand.stake / score[1])", "deal"),
                     Place("no-such-file.yaml", 3, 5), "failing")
    engine = Engine(dataclasses.replace(atb, id="failing", clauses=atb.clauses + (failing,)), players=2, dealer=1)
    with pytest.raises(RuleSetIncomplete) as failure:
        engine.deal(HANDS, VIRA)
    assert str(failure.value) == f"clause {CLAUSE_ID} (no-such-file.yaml:3:5) failed: a division by zero"


# A hook's clauses run as one function (compile_hook): a failure is told of the clause, and the part
# of it, that was running, wherever it stands among the others.
MIDDLE = [
    # ATB-ESTRUTURA-3 is the third of atb-2004's twelve clauses at after_trick: its then: fails
    ("ATB-ESTRUTURA-3", "after_trick", "trick.winner != none", "award(trick.winner, hand.stake / score[1])", "then", "/ score[1]"),
    # ATB-EMPATE-1c is the third of five guards at raise: its when: fails when truco is offered
    ("ATB-EMPATE-1c", "raise", "hand.stake / score[1] == 1", 'forbid("above_the_limit")', "when", "/ score[1]"),
]


@pytest.mark.parametrize("clause_id, hook, when, then, part, marked", MIDDLE, ids=[case[0] for case in MIDDLE])
def test_a_failing_clause_among_others_of_its_hook_is_the_one_named(tmp_path, clause_id, hook, when, then, part, marked):
    path = tmp_path / "middle.yaml"  # at 0 a 0, score[1] is 0
    cite = load_ruleset("atb-2004").clause(clause_id).cite
    path.write_text("\n".join(["ruleset: middle", "title: a clause among others that fails", "extends: atb-2004", "clauses:",
                               f"  - id: {clause_id}", f"    cite: {json.dumps(cite)}", f"    on: {hook}",
                               f"    when: {when}", f"    then: {then}"]) + "\n", encoding="utf-8")
    ruleset = load_ruleset(path)
    clauses = ruleset.effects_at[hook] if part == "then" else ruleset.guards_at[hook]
    assert 0 < [clause.id for clause in clauses].index(clause_id) < len(clauses) - 1  # neither first nor last
    engine = Engine(ruleset, players=2, dealer=1)
    engine.deal(HANDS, VIRA)
    with pytest.raises(RuleSetIncomplete) as failure:
        if hook == "raise":
            engine.legal_actions(0)  # truco offered: the guards at raise are asked
        engine.act(0, "play:3c")
        engine.act(1, "play:Kd")  # the vaza ends: after_trick
    assert failure.value.clause == clause_id
    first, text, caret = str(failure.value).split("\n")
    assert first.startswith(f"clause {clause_id} ({path}:{8 if part == 'when' else 9}:")
    assert text.strip().startswith(part + ":") and text[caret.index("^"):].startswith(marked)


def test_a_hand_won_after_the_game_is_won_names_win_hand_not_the_award_before_it(tmp_path):
    # a fresh user's case: award() ended the game, then win_hand() found its score final; the caret
    # went under award( because win_hand's own award raised the complaint
    path = tmp_path / "caret.yaml"
    cite = load_ruleset("atb-2004").clause("ATB-ESTRUTURA-3").cite
    path.write_text("\n".join(["ruleset: caret", "title: t", "extends: atb-2004", "clauses:", "  - id: ATB-ESTRUTURA-3",
                               f"    cite: {json.dumps(cite)}", "    on: after_trick",
                               "    when: trick.winner != none and wins(trick.winner) == 2",
                               "    then: award(trick.winner, 12); win_hand(trick.winner)"]) + "\n", encoding="utf-8")
    engine = Engine(load_ruleset(path), players=2, dealer=1)
    engine.deal(HANDS, VIRA)
    with pytest.raises(RuleSetIncomplete) as failure:
        for seat, action in [(0, "play:3c"), (1, "play:Kd"), (0, "play:2c"), (1, "play:Jd")]:
            engine.act(seat, action)
    first, text, caret = str(failure.value).split("\n")
    assert "win_hand(): the game is already won" in first
    assert text[caret.index("^"):].startswith("win_hand(")
