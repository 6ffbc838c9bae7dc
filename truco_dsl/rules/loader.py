"""Load rule files: YAML (safe) → JSON Schema → clause checks and compilation → ``extends`` → RuleSet.

A file is read by ``diagnostics.YamlFile`` (safe YAML 1.2 with the place of every key and value, the
limits of size and nesting, aliases refused); what is checked here is what makes it a rule file.
Every problem found is kept (loading goes on to find the others) and carries the place it points at:
``file:line:col``, the YAML path, the offending line and a caret. ``load_ruleset`` raises
``RulesetError`` with all of them; ``check_files`` returns them for ``truco validate``.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from collections.abc import Callable, Iterable
from typing import Any

from jsonschema import Draft202012Validator, validators

from truco_dsl.bundled import RULESETS_DIR, SPEC_DIR
from truco_dsl.cards import Card, Rank, Suit
from truco_dsl.diagnostics import (MAX_FILE_BYTES, Problem, YamlFile, YamlPath, did_you_mean, regular_file_problem, shortened, shown, value_at,
                                   writes)
from truco_dsl.errors import CardError, ExpressionError, RulesetError, SourceFormatError
from truco_dsl.lang import compile_condition, compile_statements
from truco_dsl.lang.checker import StringUse
from truco_dsl.lang.vocabulary import FLAG_SETTERS, REASONS
from truco_dsl.rules import coherence
from truco_dsl.rules.folders import is_expectations_file
from truco_dsl.rules.model import MAX_MATCH_WINS, MAX_TARGET, Clause, RuleSet
from truco_dsl.rules.features import feature_problems
from truco_dsl.rules.sources import SourceClause, load_sources, parse_source


@dataclass
class _RuleFile(YamlFile):
    """One rule file read (``YamlFile``: its YAML, places and problems), the parts of it the schema
    found broken (already reported) and its compiled clauses."""

    clauses: list[Clause] = field(default_factory=list)
    broken: set[YamlPath] = field(default_factory=set)
    #: the string literals of its clauses whose values the merged rule set gives (infraction kinds,
    #: flag names): (clause, YAML path of its when/then, the literal), checked by ``_check_strings``
    strings: list[tuple[Clause, YamlPath, StringUse]] = field(default_factory=list)
    #: its house rules (``sources:``): clause id -> words, and the file's name as written
    house: dict[str, SourceClause] = field(default_factory=dict)
    house_name: str | None = None
    house_broken: bool = False  # named but unreadable or refused (told at sources:, not again at each id)
    #: the feature files of its own scenarios (``features:``), absolute, in the order named
    features: list[str] = field(default_factory=list)

    def is_broken(self, path: YamlPath) -> bool:
        """Whether a schema error lies at, inside or around ``path`` (so checking it again is moot)."""
        return any(bad[:len(path)] == path or path[:len(bad)] == bad for bad in self.broken)


@cache
def ruleset_schema() -> dict[str, Any]:
    """The rule-file schema (spec/schema/ruleset.schema.json) as data, read once. Raises
    ``OSError`` / ``ValueError`` only for a broken installation."""
    return json.loads((SPEC_DIR / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))


@cache
def _schema_validator() -> Draft202012Validator:
    schema = ruleset_schema()
    # YAML's 3.0 is a float: an integer field takes only what YAML reads as an integer
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    return validators.extend(Draft202012Validator, type_checker=checker)(schema)


#: How long a chain of ``extends`` may be (the size of a file and its nesting are limited where it
#: is read: ``diagnostics.MAX_FILE_BYTES``, ``diagnostics.MAX_NESTING``).
MAX_EXTENDS = 20


def _read(path: Path) -> _RuleFile:
    """Read, schema-check and compile one file (no ``extends``)."""
    if path.suffix in (".feature", ".md"):  # a file a rule file names, given in its place
        parsed = _RuleFile(path=path, document=None)
        what = "scenarios (a feature file)" if path.suffix == ".feature" else "house rules or a regulation's text (Markdown)"
        key = "features" if path.suffix == ".feature" else "sources"
        parsed.problems.append(Problem.of_file(path, f"this holds {what}, not a rule file: a rule file (YAML) names it "
                                                     f"under {key}:"))
        return parsed
    parsed = _RuleFile.read(path, "rule file", instead_of_aliases="write the value out, or use extends")
    if not isinstance(parsed.document, dict):
        if not parsed.problems:
            parsed.report((), "a rule file is a YAML mapping that starts with `ruleset: <id>`")
        parsed.document = None
        return parsed
    if parsed.problems:  # duplicate keys: the document is not what the author wrote
        return parsed
    parsed.broken = _check_schema(parsed)
    if not parsed.broken & {(), ("ruleset",), ("clauses",)}:  # what every later check reads is sound
        _check_meaning(parsed)
    return parsed


#: the bundled rule files read without a problem: (path, its mtime in ns, size) -> the file read
_BUNDLED_READ: dict[tuple[Path, int, int], _RuleFile] = {}


def _read_once(path: Path) -> _RuleFile:
    """``_read(path)``; a bundled rule file without problems is read once a process (every variant
    read its parents again: 23 reads for the 9 bundled rule sets), each caller getting a copy with
    its own list of problems, which a load may add to (its ``extends``, its ``drop``)."""
    try:
        facts = path.stat()
    except OSError:
        return _read(path)
    key = (path, facts.st_mtime_ns, facts.st_size)
    kept = _BUNDLED_READ.get(key)
    if kept is None:
        kept = _read(path)
        if kept.problems or RULESETS_DIR.resolve() not in path.resolve().parents:
            return kept
        _BUNDLED_READ[key] = kept
    return dataclasses.replace(kept, problems=list(kept.problems))


def _check_schema(parsed: _RuleFile) -> set[YamlPath]:
    """Report every schema error; return the paths of the broken parts."""
    return parsed.report_schema(_schema_validator().iter_errors(parsed.document))


def _normalised(text: str) -> str:
    """``text`` casefolded, with punctuation and spacing folded to single spaces."""
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


def _quotes(cite: str, source_text: str) -> bool:
    """Whether ``cite`` quotes ``source_text``: every part between ``[...]`` is in it, ignoring
    case, punctuation and spacing; a part with no word in it (punctuation, "—", nothing between two
    ``[...]``) is no quote."""
    text = _normalised(source_text)
    parts = [_normalised(part) for part in cite.split("[...]")]
    return all(parts) and all(part in text for part in parts)


def _nowhere(parsed: _RuleFile) -> str:
    """Where a clause id was looked for: ``spec/sources``, and the file's house rules if it names some."""
    return "spec/sources" + (f" nor in its house rules {parsed.house_name}" if parsed.house_name else "")


def _house_rules(parsed: _RuleFile, regulations: dict[str, SourceClause]) -> dict[str, SourceClause]:
    """The house rules the file names (``sources: casa.md``, or a list of files, beside it), by id;
    reports, at ``sources``, a file that cannot be read or is malformed (its own file:line), an id
    that is a regulation's (a house rule has an id of its own) or in two of the files. Empty when
    the file names none."""
    named = parsed.document.get("sources")
    if parsed.is_broken(("sources",)) or not isinstance(named, (str, list)):
        return {}
    names = [named] if isinstance(named, str) else named
    parsed.house_name = ", ".join(names)
    house: dict[str, SourceClause] = {}
    for index, name in enumerate(names):
        where = ("sources",) if isinstance(named, str) else ("sources", index)
        path = parsed.path.parent / name
        if not os.path.lexists(path):
            parsed.report(where, f"no house rules file {name} beside this rule file")
            parsed.house_broken = True
            continue
        try:
            clauses = parse_source(Path(os.path.abspath(path)))  # read at the path as named: a symlink's target is not shown
        except SourceFormatError as problem:
            parsed.report(where, f"the house rules are malformed: {problem}")
            parsed.house_broken = True
            continue
        for clause_id, clause in clauses.items():
            if clause_id in regulations:
                parsed.report(where, f"{name}:{clause.line}: {clause_id} is a clause of {regulations[clause_id].source}.md; "
                                     f"a house rule has an id of its own (like CASA-1)")
                parsed.house_broken = True
            elif clause_id in house:
                parsed.report(where, f"{name}:{clause.line}: {clause_id} is also in {Path(house[clause_id].file).name}")
                parsed.house_broken = True
            else:
                house[clause_id] = clause
    return house


def _own_features(parsed: _RuleFile, clause_ids: Iterable[str]) -> list[str]:
    """The feature files the file names (``features:``: a ``.feature`` file beside it, a folder of
    them, or a list of either), absolute, each once; reports at ``features`` a path that is not
    there, a file that is not a ``.feature`` file, a folder that holds none, and each problem of a
    file (``features.feature_problems``: ``clause_ids`` are the ids its ``@clause:`` tags may name)."""
    named = parsed.document.get("features")
    if parsed.is_broken(("features",)) or not isinstance(named, (str, list)):
        return []
    found: list[str] = []
    for index, name in enumerate([named] if isinstance(named, str) else named):
        where = ("features",) if isinstance(named, str) else ("features", index)
        path = Path(os.path.abspath(parsed.path.parent / name))
        if path.is_dir():
            files = sorted(str(file) for file in path.glob("**/*.feature") if file.is_file())
            if not files:
                parsed.report(where, f"the folder {name} holds no .feature file")
        elif path.is_file():
            files = [str(path)] if path.suffix == ".feature" else []
            if not files:
                parsed.report(where, f"{name} is not a feature file: scenarios are written in files named *.feature")
        else:
            parsed.report(where, f"no feature file or folder {name} beside this rule file")
            files = []
        for file in files:
            size = os.stat(file).st_size
            if size > MAX_FILE_BYTES:
                parsed.report(where, f"{shown(file)} is {size:,} bytes; a feature file may have at most {MAX_FILE_BYTES:,}")
                continue
            for problem in feature_problems(file, clause_ids):
                if problem.line_text:  # at its own line, with a caret, and which features: entry names it
                    named_at = parsed.problem(where, "").place
                    parsed.problems.append(Problem(problem.place, f"{problem.message} (named by features: at "
                                                                  f"{shown(parsed.path)}:{named_at.line})", problem.line_text))
                else:
                    parsed.report(where, f"{shown(file)}: {problem.message}")
        found += [file for file in files if file not in found]
    return found


def _check_quote(parsed: _RuleFile, path: YamlPath, clause_id: str, cite: str, sources: dict, at_key: bool = False) -> None:
    source = sources.get(clause_id)
    if source is None and parsed.house_broken:
        return  # the house rules that may hold it cannot be read: said at sources:
    if source is None:
        parsed.report(path, f"clause id {clause_id} is not in {_nowhere(parsed)}{did_you_mean(clause_id, sources)}", at_key=at_key)
    elif not _quotes(cite, source.text):
        parsed.report(path, f"the cite is not a quote of {clause_id} ({source.source}.md line {source.line}: "
                            f"{source.text[:80]}{'…' if len(source.text) > 80 else ''}){_departure(cite, source.text)}; "
                            f"quote its words, with [...] for a gap")


def _departure(cite: str, source_text: str) -> str:
    """Where a cite stops quoting ``source_text``: `` — the words from "X" on are not in it`` for the
    first part between ``[...]`` that is not in the text, X its first word that breaks the quote
    (case, punctuation and spacing aside); empty when no word of a part is in it at all."""
    text = _normalised(source_text)
    for part in cite.split("[...]"):
        words = _normalised(part).split()
        if not words or " ".join(words) in text:
            continue
        kept = next((count for count in range(len(words), 0, -1) if " ".join(words[:count]) in text), 0)
        if kept == 0:
            return f' — "{shortened(part.strip(), 40)}" is not in it'
        return f' — the words from "{words[kept]}" on ("{shortened(" ".join(words[kept:]), 40)}") are not in it'
    return ""


def _check_meaning(parsed: _RuleFile) -> None:
    """What the schema cannot say: clause ids known and unique, cards real, expressions compile.
    Parts with schema errors (already reported) are skipped."""
    document = parsed.document
    ruleset_id = document["ruleset"]
    if ruleset_id != parsed.path.stem:
        parsed.report(("ruleset",), f"rule set {ruleset_id!r} must be in a file named {ruleset_id}.yaml (this is {parsed.path.name})")
    try:
        sources = load_sources()
    except SourceFormatError as problem:
        parsed.report((), f"spec/sources is malformed: {problem}")
        return
    regulations = sorted({clause.source for clause in sources.values()})
    parsed.house = _house_rules(parsed, sources)
    sources = {**sources, **parsed.house}
    parsed.features = _own_features(parsed, sources)
    if isinstance(document.get("source"), str) and not parsed.is_broken(("source",)) and document["source"] not in regulations:
        parsed.report(("source",), f"no regulation {document['source']} is in spec/sources"
                                   f"{did_you_mean(document['source'], regulations)}; the regulations: {', '.join(regulations)}")
    for group in PARAMETER_GROUPS:
        if parsed.is_broken((group, "cites")):
            continue
        for clause_id, cite in (document.get(group) or {}).get("cites", {}).items():
            _check_quote(parsed, (group, "cites", clause_id), clause_id, cite, sources, at_key=clause_id not in sources)
    manilha = {} if parsed.is_broken(("deck", "manilha")) else (document.get("deck") or {}).get("manilha") or {}
    for clause_id, cite in manilha.get("cites", {}).items():
        _check_quote(parsed, ("deck", "manilha", "cites", clause_id), clause_id, cite, sources, at_key=clause_id not in sources)
    ranks = [] if parsed.is_broken(("deck", "ranks")) else [str(rank) for rank in (document.get("deck") or {}).get("ranks", [])]
    for index, rank in enumerate(ranks):
        if rank in ranks[:index]:
            parsed.report(("deck", "ranks", index), f"rank {rank} is listed twice (4 and \"4\" are the same rank)")
    for index, token in enumerate(manilha.get("cards", [])):
        try:
            Card.parse(token)
        except CardError as problem:
            parsed.report(("deck", "manilha", "cards", index), str(problem))
    traces = document.get("traces")
    for index, trace in enumerate(traces if isinstance(traces, list) else []):  # not a list: the schema said so
        if not parsed.is_broken(("traces", index)):
            _check_quote(parsed, ("traces", index, "cite"), trace["id"], trace["cite"], sources)
    seen: dict[str, int] = {}
    for index, entry in enumerate(document.get("clauses", [])):
        if parsed.is_broken(("clauses", index)):
            continue
        clause_id = entry["id"]
        if clause_id in seen:
            parsed.report(("clauses", index, "id"), f"duplicate clause id {clause_id} (also clauses[{seen[clause_id]}])")
        seen.setdefault(clause_id, index)
        source_id = clause_id.partition(".")[0]
        if source_id not in sources and parsed.house_broken:
            pass  # its house rules cannot be read: said at sources:
        elif source_id not in sources:
            parsed.report(("clauses", index, "id"), f"clause id {source_id} is not in {_nowhere(parsed)}{did_you_mean(source_id, sources)}")
        else:
            _check_quote(parsed, ("clauses", index, "cite"), source_id, entry["cite"], sources)
        for position, other in enumerate(entry.get("also", [])):
            if other.partition(".")[0] not in sources and not parsed.house_broken:
                parsed.report(("clauses", index, "also", position),
                              f"clause id {other} is not in {_nowhere(parsed)}{did_you_mean(other.partition('.')[0], sources)}")
        _compile_clause(parsed, index, entry, ruleset_id)


def _compile_clause(parsed: _RuleFile, index: int, entry: dict[str, Any], ruleset_id: str) -> None:
    hook = entry["on"]
    when = None
    present: frozenset[str] | None = frozenset()  # what the when: says is not none
    try:
        if isinstance(entry.get("when"), str):
            when = compile_condition(entry["when"], hook)
        elif entry.get("when") is False:
            when = compile_condition("false", hook)
        present = when.facts if when is not None else frozenset()
    except ExpressionError as problem:
        parsed.report(("clauses", index, "when"), problem.message, offset=(problem.line, problem.column))
        present = None  # unknown: the then: is not refused for what a broken when: might have said
    try:
        then = compile_statements(entry["then"], hook, present)
    except ExpressionError as problem:
        parsed.report(("clauses", index, "then"), problem.message, offset=(problem.line, problem.column))
        return
    clause = Clause(entry["id"], entry["cite"], hook, then, parsed.place(("clauses", index)), ruleset_id, when, entry.get("note"), tuple(entry.get("also", ())))
    parsed.clauses.append(clause)
    for part, compiled in (("when", when), ("then", then)):
        parsed.strings += [(clause, ("clauses", index, part), use) for use in (compiled.strings if compiled else ())]


def available_rulesets(extra: Path | None = None) -> dict[str, Path]:
    """Rule set id -> file: the bundled spec/rulesets (all folders), then ``extra``'s folder.

    A rule set's id is its file name without ``.yaml`` (beside ``extra``, ``.yml`` too).
    """
    found = {path.stem: path for path in sorted(RULESETS_DIR.rglob("*.yaml"))}
    if extra is not None:
        beside = [*sorted(extra.parent.glob("*.yml")), *sorted(extra.parent.glob("*.yaml"))]  # .yaml wins
        found.update({path.stem: path for path in beside if not _is_loop(path)})
    return found


def is_bundled(ruleset: RuleSet) -> bool:
    """Whether ``ruleset`` was loaded from the bundled file of its id (not from a file of the same
    id elsewhere: a changed copy, a new edition under review)."""
    bundled = available_rulesets().get(ruleset.id)
    return bundled is not None and Path(ruleset.file).resolve() == bundled.resolve()


def _is_loop(path: Path) -> bool:
    """Whether ``path`` is a symlink that never reaches a file (left out: it names no rule set)."""
    try:
        os.stat(path)
    except OSError as problem:
        return problem.errno == errno.ELOOP
    return False


#: The groups of parameters a rule file may set, each merged with its parent's (``merge_parameters``).
PARAMETER_GROUPS = ("table", "deck", "deal", "stakes", "game", "play", "match", "referee")


def _resolve(path: Path, chain: tuple[Path, ...], files: dict[Path, _RuleFile]) -> tuple[dict[str, Any], list[Clause], list[str], list[Problem]]:
    """Merge a file with its ancestors: (parameters, clauses, lineage, problems).

    A file with problems of its own still has its parent resolved and its ``drop`` list checked, so
    that one run reports everything."""
    parsed = files.get(path) or files.setdefault(path, _read_once(path))
    document = parsed.document
    if document is None:
        return {}, [], [], list(parsed.problems)
    parameters: dict[str, Any] = {}
    clauses: list[Clause] = []
    lineage: list[str] = []
    inherited: list[Problem] = []
    parent_id = document.get("extends")
    if isinstance(parent_id, str) and not parsed.is_broken(("extends",)):
        known = available_rulesets(path)
        parent = known.get(parent_id)
        if parent is None:
            bundled = ", ".join(sorted(available_rulesets()))
            parsed.report(("extends",), f"unknown parent rule set {parent_id!r}{did_you_mean(parent_id, known)}; a parent is a "
                                        f"bundled rule set ({bundled}) or a rule file beside this one, named {parent_id}.yaml or .yml")
        elif len(chain) > MAX_EXTENDS:
            parsed.report(("extends",), f"the chain of extends is longer than {MAX_EXTENDS} rule sets")
        elif parent.resolve() in chain:
            cycle = " -> ".join([p.stem for p in chain] + [parent.stem])
            parsed.report(("extends",), f"extends cycle: {cycle}")
        else:
            # read at the path as named (a message never shows a symlink's target); a cycle is told by the target
            named = Path(os.path.abspath(parent))
            parameters, clauses, lineage, inherited = _resolve(named, chain + (parent.resolve(),), files)
            if inherited:
                parsed.report(("extends",), f"its parent rule set {parent_id!r} has the problems above")
    dropped = document.get("drop", []) if not parsed.is_broken(("drop",)) else []
    if not inherited and (parent_id is None or lineage):
        present = {clause.id for clause in clauses}
        for index, clause_id in enumerate(dropped):
            if clause_id not in present:
                by = next((other.path.name for other in files.values() if other is not parsed and isinstance(other.document, dict)
                           and isinstance(other.document.get("drop"), list) and clause_id in other.document["drop"]), None)
                if by is not None:  # an ancestor dropped it already
                    parsed.report(("drop", index), f"cannot drop {clause_id}: {by} already drops it, so nothing inherits it")
                else:
                    parsed.report(("drop", index), f"cannot drop {clause_id}: no inherited clause has that id"
                                                   f"{did_you_mean(str(clause_id), present)}")
    if inherited or parsed.problems:
        return {}, [], [], inherited + parsed.problems
    for group in PARAMETER_GROUPS:
        if group in document:
            parameters[group] = merge_parameters(parameters.get(group, {}), document[group])
    clauses = [clause for clause in clauses if clause.id not in dropped]
    for clause in parsed.clauses:
        position = next((i for i, old in enumerate(clauses) if old.id == clause.id), None)
        if position is None:
            clauses.append(clause)
        else:
            clauses[position] = clause
    encoders = {clause.id for clause in clauses} | _cited_ids(parameters)
    for index, trace in enumerate(document.get("traces", [])):  # checked where written: a variant may change the encoder
        if trace["by"] not in encoders:
            parsed.report(("traces", index, "by"), f"{trace['by']} is neither a clause of this rule set nor a cited "
                                                   f"parameter id{did_you_mean(trace['by'], encoders)}")
    for clause_id, clause in parsed.house.items():
        theirs = parameters.get("house", {}).get(clause_id)
        if theirs is not None and Path(theirs.file).resolve() != Path(clause.file).resolve():
            named = document["sources"]
            where = ("sources",) if isinstance(named, str) else ("sources", next(
                (index for index, name in enumerate(named) if Path(os.path.abspath(parsed.path.parent / name)) == Path(clause.file)), 0))
            parsed.report(where, f"{Path(clause.file).name}:{clause.line}: {clause_id} is already a house rule of a parent "
                                 f"({shown(theirs.file)}:{theirs.line}); a house rule of this file has an id of its own")
    if parsed.problems:
        return {}, [], [], list(parsed.problems)
    parameters["traces"] = {**parameters.get("traces", {}), **{trace["id"]: trace["by"] for trace in document.get("traces", [])}}
    parameters["reasons"] = {**parameters.get("reasons", {}), **document.get("reasons", {})}
    parameters["house"] = {**parameters.get("house", {}), **parsed.house}
    parameters["features"] = tuple(dict.fromkeys(parameters.get("features", ()) + tuple(parsed.features)))
    parameters["abstract"] = document.get("abstract", False)  # not inherited
    parameters["source"] = document.get("source", parameters.get("source"))
    parameters["title"] = document["title"]
    return parameters, clauses, [document["ruleset"]] + lineage, []


def _cited_ids(parameters: dict[str, Any]) -> set[str]:
    """The clause ids cited by the parameter groups (``cites:`` of each group and of deck.manilha)."""
    cited = set()
    for group in PARAMETER_GROUPS:
        cited.update(parameters.get(group, {}).get("cites", {}))
    cited.update(parameters.get("deck", {}).get("manilha", {}).get("cites", {}))
    return cited


def merge_parameters(old: dict[str, Any], new: dict[str, Any], written: Callable[[YamlPath], None] | None = None,
                     at: YamlPath = ()) -> dict[str, Any]:
    """A parameter group ``old`` overridden by a child's ``new``: keys merged deeply, lists and
    ``cites`` replaced (a child that changes a value says again which clauses its values come
    from). ``written(path)``, when given, is told the path (from ``at``) of every value the child
    sets whole, so a caller can say where each value of the result comes from. Returns the merge."""
    merged = dict(old)
    for key, value in new.items():
        mergeable = key != "cites" and isinstance(value, dict) and isinstance(old.get(key), dict)
        if mergeable:
            merged[key] = merge_parameters(old[key], value, written, (*at, key))
        else:  # a group's cites are replaced whole
            merged[key] = value
            if written is not None:
                written((*at, key))
    return merged


def _build(path: Path, parameters: dict[str, Any], clauses: list[Clause], lineage: list[str], parsed: _RuleFile) -> RuleSet:
    """Check the merged parameters are complete and coherent, and make the RuleSet."""
    problems: list[Problem] = []

    def need(*keys: str) -> Any:
        value: Any = parameters
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        if value is None:
            problems.append(parsed.problem(("ruleset",), f"after extends, {'.'.join(keys)} is not set by this rule set or its parents"))
        return value

    players, teams = need("table", "players"), need("table", "teams")
    ranks, suits = need("deck", "ranks"), need("deck", "suits")
    rule = need("deck", "manilha", "rule")
    hand_size, vira = need("deal", "cards"), need("deal", "vira")
    ladder, target = need("stakes", "ladder"), need("game", "target")
    covered = need("play", "covered")
    if problems:
        raise RulesetError(problems)
    packet = parameters["deal"].get("packet", hand_size)
    match_wins = parameters.get("match", {}).get("wins", 1)
    infractions = tuple(parameters.get("referee", {}).get("infractions", ()))
    rank_tuple = tuple(Rank(str(rank)) for rank in ranks)
    suit_tuple = tuple(Suit(suit) for suit in suits)
    manilha = parameters["deck"]["manilha"]
    manilha_suits = tuple(Suit(suit) for suit in manilha.get("suits", []))
    manilha_cards = tuple(Card.parse(token) for token in manilha.get("cards", []))

    def complain(message: str, *paths: tuple[str, ...]) -> None:
        """Report at the first of ``paths`` this file sets (else at its ``ruleset:`` line: a parent set it)."""
        written = next((path for path in paths if writes(parsed.document, path)), ("ruleset",))
        problems.append(parsed.problem(written, message))

    if rule == "vira":
        if not vira:
            complain("deck.manilha.rule is vira but deal.vira is false: no vira is turned", ("deal", "vira"), ("deck", "manilha", "rule"))
        missing = [str(suit) for suit in suit_tuple if suit not in manilha_suits]
        strange = [str(suit) for suit in manilha_suits if suit not in suit_tuple]
        if missing or strange:  # the schema refuses a suit named twice
            wrong = "; ".join(part for part in (f"{', '.join(missing)} missing" if missing else "",
                                                f"{', '.join(strange)} not in deck.suits" if strange else "") if part)
            complain(f"deck.manilha.suits must name each suit of the deck ({', '.join(map(str, suit_tuple))}) once, "
                     f"weakest first: {wrong}", ("deck", "manilha", "suits"), ("deck", "suits"))
    if rule == "fixed":
        deck = {Card(rank, suit) for rank in rank_tuple for suit in suit_tuple}
        strange = [str(card) for card in manilha_cards if card not in deck]
        if not manilha_cards or strange:
            complain("deck.manilha.cards must list cards of the deck, weakest first"
                     + (f": {', '.join(strange)} {'is' if len(strange) == 1 else 'are'} not in it" if strange else ""),
                     ("deck", "manilha", "cards"), ("deck", "manilha", "rule"), ("deck", "ranks"), ("deck", "suits"))
    for earlier, later in zip(ladder, ladder[1:]):
        if later <= earlier:
            complain(f"stakes.ladder must go up, each raise worth more than the one before: {later} comes after {earlier}",
                     ("stakes", "ladder"))
            break
    if ladder and max(ladder) > MAX_TARGET:
        complain(f"stakes.ladder has a step of {max(ladder)} points; a hand is worth at most {MAX_TARGET} "
                 f"(the largest target)", ("stakes", "ladder", ladder.index(max(ladder))))
    if packet > hand_size and writes(parsed.document, ("deal", "packet")):
        complain(f"deal.packet is {packet} cards but each seat is dealt only {hand_size}", ("deal", "packet"))
    elif packet > hand_size:
        complain(f"deal.cards is {hand_size}, fewer than the {packet} cards a shuffled deal gives each seat at a time "
                 f"(deal.packet, inherited); set deal.packet too", ("deal", "cards"))
    if target > MAX_TARGET:
        complain(f"game.target is {target} points; a game is played to at most {MAX_TARGET}", ("game", "target"))
    mao_de_onze_at = parameters["game"].get("mao_de_onze_at")  # at or above the target: warned (coherence)
    if mao_de_onze_at is None:
        for clause in clauses:
            if "game.mao_de_onze_at" in clause.reads:
                problems.append(Problem(clause.place, f"clause {clause.id} reads game.mao_de_onze_at, which this rule set "
                                                      f"does not set: give it under game: (mao_de_onze_at: <points>)"))
    if match_wins > MAX_MATCH_WINS:
        complain(f"match.wins is {match_wins} games; a match needs at most {MAX_MATCH_WINS}", ("match", "wins"))
    cards_in_deck = len(rank_tuple) * len(suit_tuple)
    for count in players:
        if count % teams:
            complain(f"table.players: {count} seats cannot sit in {teams} alternating teams", ("table", "players"))
        needed = count * hand_size + (1 if vira else 0)
        if needed > cards_in_deck:
            complain(f"{hand_size} card{'s' if hand_size != 1 else ''} to each of {count} seats{' and a vira' if vira else ''} "
                     f"need {needed} cards; this deck has {cards_in_deck} ({len(rank_tuple)} ranks × {len(suit_tuple)} suits)",
                     ("table", "players"), ("deal", "cards"), ("deck", "ranks"), ("deck", "suits"))
    cites: dict[str, str] = {}
    for group in PARAMETER_GROUPS:
        cites.update(parameters.get(group, {}).get("cites", {}))
    cites.update(parameters.get("deck", {}).get("manilha", {}).get("cites", {}))
    if problems:
        raise RulesetError(problems)
    traces = dict(parameters.get("traces", {}))
    reasons = dict(parameters.get("reasons", {}))
    for code in reasons:
        if code in REASONS and writes(parsed.document, ("reasons", code)):
            problems.append(parsed.problem(("reasons", code), f"{code} is a code the engine gives by itself ({REASONS[code]}): "
                                                              f"a rule file declares only its own codes", at_key=True))
    if problems:
        raise RulesetError(problems)
    return RuleSet(
        id=lineage[0], title=parameters["title"], source=parameters.get("source"), lineage=tuple(lineage),
        abstract=parameters["abstract"],
        players=tuple(players), teams=teams, ranks=rank_tuple, suits=suit_tuple, manilha_rule=rule,
        manilha_suits=manilha_suits, manilha_cards=manilha_cards, hand_size=hand_size, vira=vira,
        ladder=tuple(ladder), target=target, clauses=tuple(clauses), cites=MappingProxyType(cites), file=str(path),
        packet=packet, match_wins=match_wins, infractions=infractions, reasons=MappingProxyType(reasons), traces=MappingProxyType(traces), covered=covered,
        house=MappingProxyType(parameters.get("house", {})), features=parameters.get("features", ()),
        mao_de_onze_at=mao_de_onze_at,
    )


def _load_path(path: Path) -> tuple[RuleSet | None, list[Problem]]:
    path = path.resolve()
    files: dict[Path, _RuleFile] = {}
    parameters, clauses, lineage, problems = _resolve(path, (path,), files)
    if problems:
        return None, problems
    try:
        ruleset = _build(path, parameters, clauses, lineage, files[path])
    except RulesetError as error:
        return None, error.problems
    problems = _check_strings(ruleset, files.values(), files[path])
    if problems:
        return None, problems
    parent = load_ruleset(available_rulesets(path)[lineage[1]]) if len(lineage) > 1 else None
    uses = [use for parsed in files.values() for use in parsed.strings]
    warnings = coherence.check(ruleset, parent, uses, path, _parameter_cites(files))
    return dataclasses.replace(ruleset, warnings=warnings), []


def _parameter_cites(files: dict[Path, _RuleFile]) -> list[tuple[str, YamlPath, str]]:
    """The parameter cites the rule set plays, each where it is written: (file, YAML path of the
    cite, the quote). A group's cites are those of the nearest file of the chain that writes the
    group's ``cites:`` (a child's replace its parent's whole); ``files`` is in chain order."""
    found = []
    for group in [(group,) for group in PARAMETER_GROUPS] + [("deck", "manilha")]:
        for parsed in files.values():
            written = value_at(parsed.document, (*group, "cites")) if isinstance(parsed.document, dict) else None
            if isinstance(written, dict):
                found += [(str(parsed.path), (*group, "cites", clause_id), quote) for clause_id, quote in written.items()
                          if isinstance(quote, str)]
                break
    return found


def _check_strings(ruleset: RuleSet, files: Any, written: _RuleFile) -> list[Problem]:
    """The string literals of the clauses ``written`` (the file loaded, not its parents) that only
    the merged rule set can check: an infraction kind must be one of its referee.infractions; a
    refusal code (``forbid``/``foul``) one of its ``reasons:`` or the engine's own; a flag read with hand_flag/game_flag must be set by a flag_hand/flag_game of some clause it plays;
    a seat or team written as a number must exist at some player count the rule set allows, and a
    vaza number (``tricks[4]``) in a hand of deal.cards cards.
    Each problem at the literal. (An inherited clause that reads a flag the variant no longer sets
    cannot fire: that is a coherence warning, not an error.)"""
    playing = {id(clause) for clause in ruleset.clauses}
    uses = [(parsed, path, use) for parsed in files for clause, path, use in parsed.strings if id(clause) in playing]
    flags_set = {(use.kind, use.value) for _, _, use in uses if use.kind in FLAG_SETTERS.values()}
    problems: list[Problem] = []
    for parsed, path, use in uses:
        if parsed is not written:
            continue
        message = None
        shown_value = shortened(use.value, 60) if isinstance(use.value, str) else use.value  # a message stays short
        if use.kind == "infraction" and use.value not in ruleset.infractions:
            known = ", ".join(ruleset.infractions) or "none"
            message = (f'"{shown_value}" is no infraction of this rule set{did_you_mean(use.value, ruleset.infractions)}; '
                       f"referee.infractions lists: {known}")
        elif use.kind == "reason" and use.value not in REASONS and use.value not in ruleset.reasons:
            declared = f"it declares {', '.join(ruleset.reasons)}" if ruleset.reasons else "it declares none"
            message = (f'"{shown_value}" is no refusal code of this rule set{did_you_mean(use.value, [*ruleset.reasons, *REASONS])}; '
                       f"declare it with its meaning under reasons: ({declared}; the engine's own codes: truco vocabulary)")
        elif use.kind == "card" and (card := _card(use.value)) not in ruleset.deck:
            message = (f'"{shown_value}" is not a card: {card.reason}' if isinstance(card, CardError) else
                       f"\"{card}\" is not in this rule set's deck (deck.ranks: {' '.join(map(str, ruleset.ranks))}; "
                       f"deck.suits: {' '.join(map(str, ruleset.suits))})")
        elif use.kind == "number" and use.context in ("award", "set_stake") and use.value > MAX_TARGET:
            message = f"{use.context}() of {use.value} points: a clause gives at most {MAX_TARGET} (the largest target)"
        elif use.kind == "seat" and not 0 <= use.value < max(ruleset.players):
            counts = ", ".join(map(str, ruleset.players))
            message = f"seat {shown_value} does not exist at any table this rule set allows ({counts} players: seats 0 to {max(ruleset.players) - 1})"
        elif use.kind == "vaza" and use.value > ruleset.hand_size:
            message = f"tricks[{shown_value}] is no vaza: a hand has {ruleset.hand_size} (deal.cards), numbered from 1"
        elif use.kind == "team" and not 0 <= use.value < ruleset.teams:
            message = f"team {shown_value} does not exist: this rule set has {ruleset.teams} teams, 0 to {ruleset.teams - 1}"
        elif use.kind in FLAG_SETTERS and (FLAG_SETTERS[use.kind], use.value) not in flags_set:
            setter = FLAG_SETTERS[use.kind]
            named = sorted(value for kind, value in flags_set if kind == setter)
            message = (f'{use.kind}("{shown_value}") reads a flag that no clause sets with {setter}("{shown_value}")'
                       f"{did_you_mean(use.value, named)}")
        if message:
            problems.append(parsed.problem(path, message, offset=(use.line, use.column)))
    return problems


def _card(text: str) -> Card | CardError:
    """The card ``text`` writes, or the ``CardError`` that says why it writes none."""
    try:
        return Card.parse(text)
    except CardError as problem:
        return problem


@cache
def _load_cached(path: Path, stamp: float) -> RuleSet:
    ruleset, problems = _load_path(path)
    if problems:
        raise RulesetError(_in_reading_order(problems))
    return ruleset  # type: ignore[return-value]


def load_ruleset(reference: str | Path) -> RuleSet:
    """Load a rule set by id (``"atb-2004"``, looked up in the bundled spec/rulesets) or by file path.

    Returns the immutable ``RuleSet``. Raises ``RulesetError`` (all problems, each located) when the
    file or one of its ancestors is malformed, and ``FileNotFoundError`` for an unknown id or path.
    Loading the same unchanged file again returns the same object.
    """
    text = str(reference)
    if not text.strip():
        known = ", ".join(sorted(available_rulesets()))
        raise FileNotFoundError(f"an empty rule set name: give a rule set id ({known}) or a rule file's path")
    directory = f"{text} is a directory, not a rule file (give a rule set id or a .yaml file)"
    named_file = text not in available_rulesets() and os.path.lexists(text) and not Path(text).is_dir()
    if text.endswith((".yaml", ".yml")) or "/" in text or named_file:  # a path (a file here named like an id too)
        path = Path(text)
        if path.is_dir():
            raise FileNotFoundError(directory)
        if not os.path.lexists(path):
            raise FileNotFoundError(f"no rule file at {path}")
        unreadable = regular_file_problem(path)  # a pipe, a device, a loop: refused unopened
        if unreadable is not None and not unreadable.startswith("the file is larger"):
            raise FileNotFoundError(f"{path}: {unreadable}")
    else:
        path = available_rulesets().get(text)
        if path is None and Path(text).is_dir():
            raise FileNotFoundError(directory)
        if path is None:
            known = sorted(available_rulesets())
            raise FileNotFoundError(f"unknown rule set {text!r}{did_you_mean(text, known)}; known: {', '.join(known)}")
    path = path.resolve()
    return _load_cached(path, path.stat().st_mtime)


def check_files(paths: list[Path]) -> dict[Path, list[Problem]]:
    """Validate rule files for ``truco validate``: each path -> its problems (empty when it loads).

    Never raises for a malformed file; a missing file is reported as a problem of that path.
    """
    report: dict[Path, list[Problem]] = {}
    for path in paths:
        if not path.exists() and path.suffix == "" and str(path) in available_rulesets():
            path = available_rulesets()[str(path)]  # a bundled rule set named by its id
        if path.is_dir():
            report[path] = [Problem.of_file(path, "is a directory, not a rule file")]
            continue
        unreadable = regular_file_problem(path)  # never opens a pipe or a device
        if os.path.lexists(path) and unreadable is not None and not unreadable.startswith("the file is larger"):
            report[path] = [Problem.of_file(path, unreadable.removeprefix("is ") if unreadable.startswith("is ")
                                            else f"cannot read the rule file: {unreadable}")]
            continue
        if not path.is_file():
            bundled = did_you_mean(str(path), available_rulesets()) if path.suffix == "" else ""
            report[path] = [Problem.of_file(path, f"no such file, nor a bundled rule set id{bundled}")]
            continue
        if is_expectations_file(path):
            report[path] = [Problem.of_file(path, "is an expectations file (it has expectations:), not a rule file: "
                                                  "truco conform --expectations FILE reads it")]
            continue
        report[path] = _in_reading_order(_load_path(path)[1])
    return report


def _in_reading_order(problems: list[Problem]) -> list[Problem]:
    """Problems file by file (ancestors first, as found), each file's from top to bottom."""
    files = list(dict.fromkeys(problem.place.file for problem in problems))
    return sorted(problems, key=lambda problem: (files.index(problem.place.file), problem.place.line, problem.place.column))
