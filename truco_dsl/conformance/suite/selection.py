"""What a run selects, checked before anything runs: the rule set (and the scenarios' folder it
plays), a Cucumber tag expression, and an in-process engine named ``module:Class``.

Nothing here imports pytest: ``truco serve`` resolves its ``--ruleset`` here without loading the
suite. Every function raises ``SelectionError`` (one line for the user) for a selection that cannot
run, besides the ``FileNotFoundError`` / ``RulesetError`` of a rule set that cannot be loaded.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from cucumber_tag_expressions import TagExpressionError
from cucumber_tag_expressions import parse as parse_tag_expression

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.conformance.engines.adapter import EngineAdapter
from truco_dsl.conformance.suite.catalogue import bundled_clause_tags, bundled_ids, carried_scenarios
from truco_dsl.diagnostics import closest, shown
from truco_dsl.errors import SelectionError
from truco_dsl.engine.proof import load_playable
from truco_dsl.rules import RuleSet, available_rulesets, is_bundled, load_ruleset

AdapterFactory = Callable[[], EngineAdapter]


def parse_tags(expression: str | None) -> Any:
    """Compile a Cucumber tag expression (None or blank: match everything -> None).

    Raises ``SelectionError`` for a malformed expression."""
    if expression is None or not expression.strip():
        return None
    how = "write tags joined by and / or / not, with parentheses, like '@clause:ATB-EMPATE-1 or @clause:ATB-TRUCO-2'"
    try:
        parsed = parse_tag_expression(expression)
    except TagExpressionError as problem:
        why = str(problem).split(" (expressions=", 1)[0].splitlines()[0]  # the library's internals and a caret follow
        raise SelectionError(f"bad tag expression {expression!r}: {why}; {how}") from None
    bare = [word for word in re.split(r"[\s()]+", expression) if word and word not in ("and", "or", "not") and not word.startswith("@")]
    if bare:  # every tag of ours starts with @: this one could match nothing
        word = bare[0]
        like = word[word.index("@"):] if "@" in word else _tag_like(word)
        raise SelectionError(f"bad tag expression {expression!r}: {word!r} is not a tag (a tag starts with @, like {like}; "
                             f"leave one out with not); {how}")
    return parsed


def _tag_like(word: str) -> str:
    """The tag ``word`` most likely meant: ``@id:`` a scenario id, ``@clause:`` a clause id, else ``@word``."""
    return f"@id:{word}" if word in bundled_ids() else f"@clause:{word}" if word in bundled_clause_tags() else f"@{word}"


def check_tag_names(expression: str | None, carried: Iterable[str] = ()) -> None:
    """Refuse an ``@id:`` or ``@clause:`` tag that no bundled scenario carries, nor one of the
    ``carried`` feature files (a rule file's own, ``RuleSet.features``): it can match nothing, and,
    joined by ``or``, would silently narrow the run (a mistyped ``@clause:ATB-EMPATE3``).
    Raises ``SelectionError`` naming it, with the closest tag of its kind."""
    if expression is None:
        return
    own = carried_scenarios(carried)
    for kind, value in re.findall(r"@(id|clause):([^\s()]+)", expression):
        known = (bundled_ids() | {scenario_id for entry in own for scenario_id in entry.ids} if kind == "id"
                 else bundled_clause_tags() | {clause_id for entry in own for clause_id in entry.clauses})
        if value not in known:
            near = value.partition(".")[0] if kind == "clause" and value.partition(".")[0] in known else closest(value, known)
            hint = f" (did you mean @{kind}:{near}?{' a tag names a clause without its .part' if '.' in value else ''})" if near else ""
            own = " (with --ruleset FILE, its own scenarios too)" if carried else ""
            raise SelectionError(f"no scenario has the tag @{kind}:{value}{hint}; `truco where {value}` says where a "
                                 f"name is, `truco cases export` lists every scenario's tags{own}")


def feature_folders() -> list[str]:
    """The rule set ids that have bundled scenarios (the ``features/<id>/`` folders), sorted."""
    return sorted(path.name for path in FEATURES_DIR.iterdir() if path.is_dir() and not path.name.startswith(("_", ".")))


def scenario_folder(ruleset: RuleSet) -> str | None:
    """The ``features/<folder>/`` whose scenarios are run for ``ruleset``: the nearest rule set of
    its lineage that has one (itself, or atb-2004 for a variant of it); None when none has."""
    folders = set(feature_folders())
    return next((ancestor for ancestor in ruleset.lineage if ancestor in folders), None)


def resolve_ruleset(reference: str) -> tuple[str | None, RuleSet]:
    """Which scenarios to run for a rule set id or rule file, and the RuleSet to play in them.

    Returns ``(folder, ruleset)``: ``folder`` is the nearest rule set in the lineage of the loaded
    ``ruleset`` that has a ``features/<folder>/`` folder (itself, or e.g. atb-2004 for a variant of
    it), None when none has but the rule set carries scenarios of its own (``features:``). The rule
    set is proved to play (``engine.proof.load_playable``). Raises ``FileNotFoundError`` (unknown id
    or path), ``RulesetError`` (a malformed rule file, or one that does not play) or
    ``SelectionError`` (an abstract rule set; no rule set of its lineage has scenarios and it carries none).
    """
    ruleset = load_playable(reference)
    if ruleset.abstract:
        raise SelectionError(f"rule set {ruleset.id} is a common core that other rule sets extend; it is not played "
                             f"by itself, so it has no scenarios of its own (run one that extends it, like atb-2004)")
    folder = scenario_folder(ruleset)
    if folder is None and not ruleset.features:
        raise SelectionError(f"rule set {ruleset.id} ({' -> '.join(ruleset.lineage)}) has no scenarios: there is no "
                             f"features/<id>/ folder for it or its parents (there are: {', '.join(feature_folders()) or 'none'}) "
                             f"and it carries none of its own (features: in the rule file)")
    return folder, ruleset


def stand_ins(ruleset: RuleSet, folder: str | None) -> dict[str, RuleSet]:
    """The rule set ids a scenario may name that the reference engine plays ``ruleset`` for, when
    ``ruleset`` is run: the scenario ``folder``'s and every id of its lineage (a variant of
    manilha-velha is played where a scenario names manilha-velha or atb-2004, and where its own
    scenarios, ``features:``, name it or a parent file). Empty for a bundled rule set run as itself;
    a file of a bundled id that is not the bundled file (a changed copy, a new edition) stands in
    for that id too."""
    bundled = available_rulesets()
    named = ({folder} if folder is not None else set()) | set(ruleset.lineage)
    named -= {ancestor for ancestor in named if ancestor in bundled and load_ruleset(ancestor).abstract}  # never a game
    return {ruleset_id: ruleset for ruleset_id in sorted(named) if ruleset_id != ruleset.id or not is_bundled(ruleset)}


def import_factory(reference: str) -> AdapterFactory:
    """``module:attribute`` -> that callable (an adapter class or a function returning an adapter).

    The module is looked for on the import path and, first, in the current folder (as ``python -m``
    does). Raises ``SelectionError`` when it cannot be imported: not found, or its code fails while
    it is imported (a syntax error, an exception, ``sys.exit``), with the file and line of the failure."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise SelectionError(f"an adapter factory is given as module:callable, not {reference!r}")
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as problem:
        raise SelectionError(f"cannot import the adapter factory {reference!r}: {problem}") from None
    except SyntaxError as problem:
        raise SelectionError(f"cannot import the adapter factory {reference!r}: {shown(problem.filename or '?')}:"
                             f"{problem.lineno or '?'}: SyntaxError: {problem.msg}") from None
    except (Exception, SystemExit) as problem:  # the module's own code failed: where, and what
        frames = traceback.extract_tb(problem.__traceback__)
        last = frames[-1] if frames else None
        where = f"{shown(last.filename)}:{last.lineno}: " if last else ""
        raise SelectionError(f"cannot import the adapter factory {reference!r}: {where}{type(problem).__name__}: {problem} "
                             f"(raised while importing {module_name})") from None
    finally:
        if added:
            sys.path.remove(here)
    if not callable(factory):
        raise SelectionError(f"the adapter factory {reference!r} is not callable")
    return factory
