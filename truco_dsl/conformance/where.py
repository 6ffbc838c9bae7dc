"""Where a name of the project lives (``truco where NAME``): every file and line a newcomer needs.

A name is one of
- a clause id of spec/sources (``ATB-EMPATE-3``): its text in the regulation; the rule files that
  encode it (a clause of that id or ``.part``, an ``also:``, a parameter's ``cites:``, a
  ``traces:`` entry), the ones that override or drop an inherited version, and which rule sets play
  each version; the hook that runs it, where the engine runs that hook, and the builtins it calls
  with where each is implemented; the scenarios that check it;
- a builtin (``win_hand``): its entry in the vocabulary, its implementation in the clause runtime,
  the clauses that call it;
- a hook (``after_trick``): its entry in the vocabulary, where the engine runs it, its clauses;
- a scenario id (``empate-003``): its feature file and line, and the clauses it checks.

Everything is read from the files themselves (rule files, spec/sources, features/, the Python
source of the vocabulary, the engine and the runtime), so it cannot go stale.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from truco_dsl.bundled import FEATURES_DIR, SOURCES_DIR
from truco_dsl.conformance.suite.catalogue import ScenarioEntry, bundled_ids, bundled_scenarios
from truco_dsl.conformance.suite.selection import scenario_folder
from truco_dsl.diagnostics import YamlFile, did_you_mean, shortened, shown
from truco_dsl.engine import engine as engine_module
from truco_dsl.engine import runtime as runtime_module
from truco_dsl.engine.runtime import implementation
from truco_dsl.errors import UnknownName
from truco_dsl.lang import vocabulary
from truco_dsl.lang.vocabulary import BUILTINS, HOOKS
from truco_dsl.engine.proof import load_playable
from truco_dsl.rules import Clause, RuleSet, available_rulesets, load_ruleset, load_sources

#: how much of a regulation's text a sighting quotes (characters)
QUOTED = 160


@dataclass(frozen=True)
class Sighting:
    """One place where a name is. ``role``: what the name is or does there (``text``, ``encoded``,
    ``overrides``, ``dropped``, ``cited``, ``traced``, ``runs at``, ``calls``, ``checked by``,
    ``declared``, ``implemented``, ``called by``, ``run by``, ``scenario``, ``checks``);
    ``place``: ``file:line`` (relative to the working folder when below it); ``text``: what is
    written there, or a short description; ``detail``: it belongs to the sighting before it that
    is not a detail (the ``when:`` of a clause version, the builtins it calls, where it runs)."""

    role: str
    place: str
    text: str
    detail: bool = False

    def as_json(self) -> dict[str, str | bool]:
        """The sighting as plain JSON."""
        return {"role": self.role, "place": self.place, "text": self.text, "detail": self.detail}


def where(name: str, ruleset: str | None = None) -> list[Sighting]:
    """Every place of ``name`` (a clause id, with or without its ``.part``; a builtin; a hook; a
    scenario id: module docstring), in reading order; a name that is two of these (``mao_de_onze``
    is a builtin and a hook) gets both. ``ruleset``: a rule set id or file to look in, with the
    rule sets it extends and the scenarios it runs; None: every bundled rule set and scenario.
    Raises ``UnknownName`` (with the closest known name) when ``name`` is none of these,
    ``FileNotFoundError`` / ``RulesetError`` for a bad ``ruleset``."""
    rulesets = _rulesets(ruleset)
    scenarios = _scenarios(rulesets[-1] if ruleset is not None else None)
    sources = {**load_sources(), **(rulesets[-1].house if ruleset is not None else {})}  # and its house rules
    source_id, dot, part = name.partition(".")
    clause_ids = {clause.id for each in rulesets for clause in each.clauses}
    found = []
    if (source_id in sources and not dot) or name in clause_ids:
        found += _clause(source_id, sources, rulesets, scenarios, only=name if part else None, scoped=ruleset is not None)
    played = rulesets[-1:] if ruleset is not None else rulesets  # a rule set's own clauses: what it drops is gone
    if name in BUILTINS:
        found += _builtin(name, played)
    if name in HOOKS:
        found += _hook(name, played)
    for entry in (entry for entry in bundled_scenarios() if name in entry.ids):
        found.append(Sighting("scenario", _at(entry.feature, entry.line, features=True), f"{entry.name} ({entry.folder})"))
        if ruleset is not None and entry not in scenarios:
            found.append(Sighting("not run", _at(entry.feature, entry.line, features=True),
                                  f"by truco conform --ruleset {ruleset}", True))
        found += [Sighting("checks", _source_place(clause, sources), clause, True) for clause in entry.clauses]
    if found:
        return found
    known = [*sources, *clause_ids, *BUILTINS, *HOOKS, *bundled_ids()]
    house = "" if ruleset else "; a variant's house rule is found with --ruleset FILE"
    raise UnknownName(f"{name!r} is no clause id of spec/sources or of {'the rule set' if ruleset else 'a rule file'}, "
                      f"builtin, hook or scenario id{did_you_mean(name, known)}{house}")


def _rulesets(reference: str | None) -> list[RuleSet]:
    """The rule sets looked in: ``reference`` and its ancestors, or every bundled one (parents first)."""
    if reference is None:
        return [load_ruleset(path) for path in available_rulesets().values()]
    chosen = load_playable(reference)
    extra = Path(chosen.file) if chosen.file else None
    known = available_rulesets(extra)
    return [load_ruleset(known[ancestor]) for ancestor in reversed(chosen.lineage[1:])] + [chosen]


def _scenarios(chosen: RuleSet | None) -> list[ScenarioEntry]:
    """The scenarios ``truco conform --ruleset`` runs for ``chosen`` (those of its ``scenario_folder``;
    none for the abstract core); every one for None."""
    if chosen is None:
        return list(bundled_scenarios())
    folder = scenario_folder(chosen)
    return [entry for entry in bundled_scenarios() if entry.folder == folder]


def _clause(clause_id: str, sources: dict, rulesets: list[RuleSet], scenarios: list[ScenarioEntry], only: str | None,
            scoped: bool) -> list[Sighting]:
    """The sightings of the source clause ``clause_id`` (``sources``: the regulations' clauses and
    any house rules); ``only``: one of its parts (``ATB-EMPATE-3.second``) for its versions alone;
    ``scoped``: the rule sets are one rule set's lineage (say when it encodes nothing)."""
    found = []
    if clause_id in sources:
        source = sources[clause_id]
        place = _source_place(clause_id, sources)
        found.append(Sighting("text", place, f"{source.section}: {shortened(source.text, QUOTED)}"))
        found += [Sighting(kind, place, note, True) for kind, note in (("informative", source.informative),
                                                                         ("ambiguous", source.ambiguous)) if note]
    by_id = {each.id: each for each in rulesets}
    versions: dict[tuple[str, int], list[str]] = {}  # (file, line) of a version -> the rule sets playing it
    clauses: dict[tuple[str, int], Clause] = {}
    for each in rulesets:
        for clause in each.clauses:
            named = clause_id in clause.source_ids
            if named and (only is None or clause.id == only):
                key = (clause.place.file, clause.place.line)
                versions.setdefault(key, []).append(each.id)
                clauses[key] = clause
    mentions = [sighting for each in rulesets for sighting in _file_mentions(each, clause_id, _parent(each, by_id))]
    if scoped and not clauses and not any(sighting.role in ("cited", "traced") for sighting in mentions):
        found.append(Sighting("not encoded", found[0].place if found else "", f"by {rulesets[-1].id} nor the rule sets it extends"))
    for key, clause in clauses.items():
        parent = _parent(by_id.get(clause.ruleset), by_id)
        older = next((old for old in parent.clauses if old.id == clause.id), None) if parent else None
        written = f"{clause.id}, written by {clause.ruleset}, in {', '.join(versions[key])}"
        found.append(Sighting("encoded", _at(*key), written))
        if older is not None:
            found.append(Sighting("overrides", _at(older.place.file, older.place.line), f"{older.id} of {older.ruleset}", True))
        for part, text in (("on", clause.hook), ("when", clause.when.source if clause.when else None), ("then", clause.then.source)):
            if text is not None:
                found.append(Sighting(part, _at(clause.place.file, _line_of(clause, part)), text.strip(), True))
        found += _runs(clause.hook, detail=True)
        found += [_implementation(builtin, "calls", detail=True) for builtin in sorted(clause.builtins)]
    found += mentions
    for entry in scenarios:
        if clause_id in entry.clauses:
            found.append(Sighting("checked by", _at(entry.feature, entry.line, features=True),
                                  f"{' '.join(entry.ids) or '(no id)'}: {entry.name}"))
    return found


def _line_of(clause: Clause, key: str) -> int:
    """The line of the clause's ``key`` (``on``, ``when``, ``then``) in its file (its entry's line
    when the file no longer says)."""
    index = int(clause.place.path.removeprefix("clauses[").removesuffix("]"))
    marks = _read(clause.place.file).key_marks
    return marks.get(("clauses", index, key), (clause.place.line - 1, 0))[0] + 1


@cache
def _read(file: str) -> YamlFile:
    """A rule file read with its places (once per run)."""
    return YamlFile.read(file, "rule file")


def _parent(ruleset: RuleSet | None, by_id: dict[str, RuleSet]) -> RuleSet | None:
    return by_id.get(ruleset.lineage[1]) if ruleset is not None and len(ruleset.lineage) > 1 else None


def _file_mentions(ruleset: RuleSet, clause_id: str, parent: RuleSet | None) -> list[Sighting]:
    """What the rule file of ``ruleset`` itself writes about ``clause_id`` besides its clauses: a
    ``drop:`` of it, a parameter's ``cites:`` key, a ``traces:`` entry; in file order."""
    if not ruleset.file:
        return []
    read = _read(ruleset.file)
    if not isinstance(read.document, dict):
        return []
    found: list[tuple[int, Sighting]] = []  # (line, 0-based) and what stands there
    for path, (line, _) in read.value_marks.items():
        value = read.value_at(path)
        if len(path) == 2 and path[0] == "drop" and isinstance(value, str) and value.partition(".")[0] == clause_id:
            played = f"; {parent.id} plays it" if parent is not None else ""
            found.append((line, Sighting("dropped", _at(ruleset.file, line + 1), f"{value} dropped by {ruleset.id}{played}")))
        if len(path) == 3 and path[0] == "traces" and path[2] == "id" and value == clause_id:
            by = read.document["traces"][path[1]].get("by")
            found.append((line, Sighting("traced", _at(ruleset.file, line + 1), f"{ruleset.id} says {by} encodes it")))
    for path, (line, _) in read.key_marks.items():
        if len(path) >= 2 and path[-2] == "cites" and path[-1] == clause_id:
            group = ".".join(str(part) for part in path[:-2])
            found.append((line, Sighting("cited", _at(ruleset.file, line + 1), f"by the parameters of {group} in {ruleset.id}")))
    return [sighting for _, sighting in sorted(found, key=lambda item: item[0])]


def _builtin(name: str, rulesets: list[RuleSet]) -> list[Sighting]:
    found = [Sighting("declared", _declared_at("BUILTINS", name), BUILTINS[name].doc), _implementation(name, "implemented")]
    for clause in _unique_clauses(rulesets):
        if name in clause.builtins:
            found.append(Sighting("called by", _at(clause.place.file, clause.place.line), f"{clause.id} ({clause.ruleset})"))
    return found


def _hook(name: str, rulesets: list[RuleSet]) -> list[Sighting]:
    found = [Sighting("declared", _declared_at("HOOKS", name), f"hook {name}"), *_runs(name)]
    for clause in _unique_clauses(rulesets):
        if clause.hook == name:
            kind = "guard" if clause.is_guard else "effect"
            found.append(Sighting("clause", _at(clause.place.file, clause.place.line), f"{clause.id} ({clause.ruleset}, {kind})"))
    return found


def _unique_clauses(rulesets: list[RuleSet]) -> list[Clause]:
    """Every clause version of the rule sets, once (a clause inherited by ten rule sets is one)."""
    seen: dict[tuple[str, int], Clause] = {}
    for each in rulesets:
        for clause in each.clauses:
            seen.setdefault((clause.place.file, clause.place.line), clause)
    return list(seen.values())


def _runs(hook: str, detail: bool = False) -> list[Sighting]:
    """Where the engine runs the clauses of ``hook``: the calls ``….run("hook", …)`` in the engine
    and the runtime, by the function that makes them."""
    return [Sighting("runs at", place, f"{function} runs the {hook} clauses", detail)
            for place, function in _hook_calls().get(hook, [])]


@cache
def _hook_calls() -> dict[str, list[tuple[str, str]]]:
    """hook -> [(file:line, function)] of every call ``X.run("hook", …)`` / ``X.first_guard("hook", …)``
    in the engine's and the runtime's source."""
    calls: dict[str, list[tuple[str, str]]] = {}
    for module in (engine_module, runtime_module):
        path = inspect.getsourcefile(module)
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        for function in (node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for call in (node for node in ast.walk(function) if isinstance(node, ast.Call)):
                named = call.func.attr if isinstance(call.func, ast.Attribute) else None
                if named in ("run", "first_guard") and call.args and isinstance(call.args[0], ast.Constant) \
                        and call.args[0].value in HOOKS:
                    owner = _owner(tree, function)
                    calls.setdefault(call.args[0].value, []).append((_at(path, call.lineno), f"{owner}{function.name}"))
    return calls


def _owner(tree: ast.Module, function: ast.AST) -> str:
    """``Class.`` for a method of a class of ``tree``, "" for a function."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and function in node.body:
            return f"{node.name}."
    return ""


@cache
def _declared_at(table: str, name: str) -> str:
    """file:line of ``name``'s entry in the vocabulary's ``table`` (BUILTINS, HOOKS)."""
    path = inspect.getsourcefile(vocabulary)
    for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == table and node.value is not None:
            entries = node.value.keys if isinstance(node.value, ast.Dict) else getattr(node.value, "elts", [])
            for entry in entries:
                if isinstance(entry, ast.Constant) and entry.value == name:
                    return _at(path, entry.lineno)
    return _at(path, 1)


def _implementation(builtin: str, role: str, detail: bool = False) -> Sighting:
    """Where ``builtin``'s method is (``role``: what the sighting calls it); a builtin declared in the
    vocabulary but with no method is said so (``not implemented``), at the top of runtime.py."""
    try:
        function = implementation(builtin)
    except ValueError as missing:
        return Sighting("not implemented", _at(inspect.getsourcefile(runtime_module), 1), str(missing), detail)
    place = _at(inspect.getsourcefile(function), inspect.getsourcelines(function)[1])
    return Sighting(role, place, f"{builtin}: ClauseRuntime.{builtin}" if role == "calls" else f"ClauseRuntime.{builtin}", detail)


def _source_place(clause_id: str, sources: dict) -> str:
    source = sources.get(clause_id)
    return _at(source.file or SOURCES_DIR / f"{source.source}.md", source.line) if source else "(not in spec/sources)"


def _at(file: str | Path, line: int, features: bool = False) -> str:
    """``file:line`` as a person types it; ``features``: ``file`` is relative to features/."""
    return f"{shown(FEATURES_DIR / file if features else file)}:{line}"

