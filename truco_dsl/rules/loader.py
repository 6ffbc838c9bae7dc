"""Load rule files: YAML (safe) → JSON Schema → clause checks and compilation → ``extends`` → RuleSet.

A file is read by ``diagnostics.YamlFile`` (safe YAML 1.2 with the place of every key and value, the
limits of size and nesting, aliases refused); what is checked here is what makes it a rule file.
Every problem found is kept (loading goes on to find the others) and carries the place it points at:
``file:line:col``, the YAML path, the offending line and a caret. ``load_ruleset`` raises
``RulesetError`` with all of them; ``check_files`` returns them for ``truco validate``.
"""

from __future__ import annotations

import errno
import json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from jsonschema import Draft202012Validator

from truco_dsl.bundled import RULESETS_DIR, SPEC_DIR
from truco_dsl.cards import Card, Rank, Suit
from truco_dsl.diagnostics import Problem, YamlFile, YamlPath, did_you_mean, regular_file_problem, yaml_path
from truco_dsl.errors import CardError, ExpressionError, RulesetError, SourceFormatError
from truco_dsl.lang import compile_condition, compile_statements
from truco_dsl.rules.model import Clause, RuleSet
from truco_dsl.rules.sources import load_sources


@dataclass
class _RuleFile(YamlFile):
    """One rule file read (``YamlFile``: its YAML, places and problems), the parts of it the schema
    found broken (already reported) and its compiled clauses."""

    clauses: list[Clause] = field(default_factory=list)
    broken: set[YamlPath] = field(default_factory=set)

    def is_broken(self, path: YamlPath) -> bool:
        """Whether a schema error lies at, inside or around ``path`` (so checking it again is moot)."""
        return any(bad[:len(path)] == path or path[:len(bad)] == bad for bad in self.broken)


@cache
def _schema_validator() -> Draft202012Validator:
    schema = json.loads((SPEC_DIR / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


#: How long a chain of ``extends`` may be (the size of a file and its nesting are limited where it
#: is read: ``diagnostics.MAX_FILE_BYTES``, ``diagnostics.MAX_NESTING``).
MAX_EXTENDS = 20


def _read(path: Path) -> _RuleFile:
    """Read, schema-check and compile one file (no ``extends``)."""
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


def _check_schema(parsed: _RuleFile) -> set[YamlPath]:
    """Report every schema error; return the paths of the broken parts."""
    errors = sorted(_schema_validator().iter_errors(parsed.document), key=lambda error: list(map(str, error.absolute_path)))
    broken: set[YamlPath] = set()
    for error in errors:
        path = tuple(error.absolute_path)
        where = yaml_path(path) or "the top level"
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = sorted(error.schema.get("properties", {}))
            for key in sorted(set(error.instance) - set(allowed), key=str):
                broken.add(path + (key,))  # the unknown key is broken, not the mapping around it
                parsed.report(path + (key,), f"unknown key {key!r} in {where}{did_you_mean(str(key), allowed)}; "
                                             f"allowed keys: {', '.join(allowed)}", at_key=True)
            continue
        if error.validator == "required":
            missing = re.match(r"'(.+)' is a required property", error.message)
            broken.add(path + (missing.group(1),) if missing else path)  # the missing key, not the mapping around it
            parsed.report(path, f"{where} is missing {error.message.split(' is a required')[0]}")
            continue
        broken.add(path)
        if error.validator == "enum":
            choices = list(dict.fromkeys(str(choice) for choice in error.validator_value))
            hint = did_you_mean(error.instance, choices) if isinstance(error.instance, str) else ""
            parsed.report(path, f"{where}: {error.instance!r} is not allowed{hint}; it is one of: {', '.join(choices)}")
        elif error.validator == "pattern":
            parsed.report(path, f"{error.instance!r} at {where} does not have the right form (pattern {error.validator_value})")
        else:
            message = error.message if len(error.message) <= 200 else error.message[:200] + "…"
            parsed.report(path, f"{where}: {message}")
    return broken


def _normalised(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


def _quotes(cite: str, source_text: str) -> bool:
    """Whether ``cite`` quotes ``source_text``: every part between ``[...]`` is in it, ignoring
    case, punctuation and spacing."""
    text = _normalised(source_text)
    return all(_normalised(part) in text for part in cite.split("[...]"))


def _check_quote(parsed: _RuleFile, path: YamlPath, clause_id: str, cite: str, sources: dict, at_key: bool = False) -> None:
    source = sources.get(clause_id)
    if source is None:
        parsed.report(path, f"clause id {clause_id} is not in spec/sources{did_you_mean(clause_id, sources)}", at_key=at_key)
    elif not _quotes(cite, source.text):
        parsed.report(path, f"the cite is not a quote of {clause_id} ({source.source}.md line {source.line}: "
                            f"{source.text[:80]}{'…' if len(source.text) > 80 else ''}); quote its words, with [...] for a gap")


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
    for group in _PARAMETERS:
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
    for index, trace in enumerate(document.get("traces", [])):
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
        if source_id not in sources:
            parsed.report(("clauses", index, "id"), f"clause id {source_id} is not in spec/sources{did_you_mean(source_id, sources)}")
        else:
            _check_quote(parsed, ("clauses", index, "cite"), source_id, entry["cite"], sources)
        for position, other in enumerate(entry.get("also", [])):
            if other.partition(".")[0] not in sources:
                parsed.report(("clauses", index, "also", position),
                              f"clause id {other} is not in spec/sources{did_you_mean(other.partition('.')[0], sources)}")
        _compile_clause(parsed, index, entry, ruleset_id)


def _compile_clause(parsed: _RuleFile, index: int, entry: dict[str, Any], ruleset_id: str) -> None:
    hook = entry["on"]
    when = None
    try:
        if isinstance(entry.get("when"), str):
            when = compile_condition(entry["when"], hook)
        elif entry.get("when") is False:
            when = compile_condition("false", hook)
    except ExpressionError as problem:
        parsed.report(("clauses", index, "when"), problem.message, offset=(problem.line, problem.column))
    try:
        then = compile_statements(entry["then"], hook)
    except ExpressionError as problem:
        parsed.report(("clauses", index, "then"), problem.message, offset=(problem.line, problem.column))
        return
    parsed.clauses.append(Clause(entry["id"], entry["cite"], hook, then, parsed.place(("clauses", index)), ruleset_id, when, entry.get("note"), tuple(entry.get("also", ()))))


def available_rulesets(extra: Path | None = None) -> dict[str, Path]:
    """Rule set id -> file: the bundled spec/rulesets (all folders), then ``extra``'s folder.

    A rule set's id is its file name without ``.yaml`` (beside ``extra``, ``.yml`` too).
    """
    found = {path.stem: path for path in sorted(RULESETS_DIR.rglob("*.yaml"))}
    if extra is not None:
        beside = [*sorted(extra.parent.glob("*.yml")), *sorted(extra.parent.glob("*.yaml"))]  # .yaml wins
        found.update({path.stem: path for path in beside if not _is_loop(path)})
    return found


def _is_loop(path: Path) -> bool:
    """Whether ``path`` is a symlink that never reaches a file (left out: it names no rule set)."""
    try:
        os.stat(path)
    except OSError as problem:
        return problem.errno == errno.ELOOP
    return False


_PARAMETERS = ("table", "deck", "deal", "stakes", "game", "play", "match", "referee")


def _resolve(path: Path, chain: tuple[Path, ...], files: dict[Path, _RuleFile]) -> tuple[dict[str, Any], list[Clause], list[str], list[Problem]]:
    """Merge a file with its ancestors: (parameters, clauses, lineage, problems).

    A file with problems of its own still has its parent resolved and its ``drop`` list checked, so
    that one run reports everything."""
    parsed = files.get(path) or files.setdefault(path, _read(path))
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
            parameters, clauses, lineage, inherited = _resolve(parent.resolve(), chain + (parent.resolve(),), files)
            if inherited:
                parsed.report(("extends",), f"its parent rule set {parent_id!r} has the problems above")
    dropped = document.get("drop", []) if not parsed.is_broken(("drop",)) else []
    if not inherited and (parent_id is None or lineage):
        present = {clause.id for clause in clauses}
        for index, clause_id in enumerate(dropped):
            if clause_id not in present:
                parsed.report(("drop", index), f"cannot drop {clause_id}: no inherited clause has that id"
                                               f"{did_you_mean(str(clause_id), present)}")
    if inherited or parsed.problems:
        return {}, [], [], inherited + parsed.problems
    for group in _PARAMETERS:
        if group in document:
            parameters[group] = _merge(parameters.get(group, {}), document[group])
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
    if parsed.problems:
        return {}, [], [], list(parsed.problems)
    parameters["traces"] = {**parameters.get("traces", {}), **{trace["id"]: trace["by"] for trace in document.get("traces", [])}}
    parameters["abstract"] = document.get("abstract", False)  # not inherited
    parameters["source"] = document.get("source", parameters.get("source"))
    parameters["title"] = document["title"]
    return parameters, clauses, [document["ruleset"]] + lineage, []


def _cited_ids(parameters: dict[str, Any]) -> set[str]:
    """The clause ids cited by the parameter groups (``cites:`` of each group and of deck.manilha)."""
    cited = set()
    for group in _PARAMETERS:
        cited.update(parameters.get(group, {}).get("cites", {}))
    cited.update(parameters.get("deck", {}).get("manilha", {}).get("cites", {}))
    return cited


def _merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """A parameter group overridden by a child: keys merged deeply, lists and ``cites`` replaced
    (a child that changes a value says again which clauses its values come from)."""
    merged = dict(old)
    for key, value in new.items():
        mergeable = key != "cites" and isinstance(value, dict) and isinstance(old.get(key), dict)
        merged[key] = _merge(old[key], value) if mergeable else value  # a group's cites are replaced whole
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

    def complain(message: str, *path: str | int) -> None:
        problems.append(parsed.problem(path if path[0] in parsed.document else ("ruleset",), message))

    if rule == "vira":
        if not vira:
            complain("deck.manilha.rule is 'vira' but deal.vira is false: no vira is turned", "deal", "vira")
        if not manilha_suits or set(manilha_suits) - set(suit_tuple):
            complain("deck.manilha.suits must list suits of the deck, weakest first", "deck", "manilha")
    if rule == "fixed":
        deck = {Card(rank, suit) for rank in rank_tuple for suit in suit_tuple}
        if not manilha_cards or any(card not in deck for card in manilha_cards):
            complain("deck.manilha.cards must list cards of the deck, weakest first", "deck", "manilha")
    if any(later <= earlier for earlier, later in zip(ladder, ladder[1:])):
        complain("stakes.ladder must go up: each raise worth more than the one before", "stakes", "ladder")
    for count in players:
        if count % teams:
            complain(f"table.players: {count} seats cannot sit in {teams} alternating teams", "table", "players")
        if count * hand_size + (1 if vira else 0) > len(rank_tuple) * len(suit_tuple):
            complain(f"a deal to {count} seats needs more cards than the deck has", "table", "players")
    cites: dict[str, str] = {}
    for group in _PARAMETERS:
        cites.update(parameters.get(group, {}).get("cites", {}))
    cites.update(parameters.get("deck", {}).get("manilha", {}).get("cites", {}))
    if problems:
        raise RulesetError(problems)
    traces = dict(parameters.get("traces", {}))
    return RuleSet(
        id=lineage[0], title=parameters["title"], source=parameters.get("source"), lineage=tuple(lineage),
        abstract=parameters["abstract"],
        players=tuple(players), teams=teams, ranks=rank_tuple, suits=suit_tuple, manilha_rule=rule,
        manilha_suits=manilha_suits, manilha_cards=manilha_cards, hand_size=hand_size, vira=vira,
        ladder=tuple(ladder), target=target, clauses=tuple(clauses), cites=MappingProxyType(cites), file=str(path),
        packet=packet, match_wins=match_wins, infractions=infractions, traces=MappingProxyType(traces), covered=covered,
    )


def _load_path(path: Path) -> tuple[RuleSet | None, list[Problem]]:
    path = path.resolve()
    files: dict[Path, _RuleFile] = {}
    parameters, clauses, lineage, problems = _resolve(path, (path,), files)
    if problems:
        return None, problems
    try:
        return _build(path, parameters, clauses, lineage, files[path]), []
    except RulesetError as error:
        return None, error.problems


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
    if text.endswith((".yaml", ".yml")) or "/" in text:
        path = Path(text)
        if path.is_dir():
            raise FileNotFoundError(directory)
        if not os.path.lexists(path):
            raise FileNotFoundError(f"no rule file at {path}")
        unreadable = regular_file_problem(path)  # a pipe, a device, a loop: refused unopened
        if unreadable is not None and not unreadable.startswith("the file is larger"):
            raise FileNotFoundError(f"{path}: {unreadable}, not a rule file")
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
        report[path] = _in_reading_order(_load_path(path)[1])
    return report


def _in_reading_order(problems: list[Problem]) -> list[Problem]:
    """Problems file by file (ancestors first, as found), each file's from top to bottom."""
    files = list(dict.fromkeys(problem.place.file for problem in problems))
    return sorted(problems, key=lambda problem: (files.index(problem.place.file), problem.place.line, problem.place.column))
