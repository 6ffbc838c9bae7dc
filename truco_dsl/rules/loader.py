"""Load rule files: YAML (safe) → JSON Schema → clause checks and compilation → ``extends`` → RuleSet.

Every problem found is kept (loading goes on to find the others) and carries the place it points at:
``file:line:col``, the YAML path, the offending line and a caret. ``load_ruleset`` raises
``RulesetError`` with all of them; ``check_files`` returns them for ``truco validate``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from truco_dsl.bundled import RULESETS_DIR, SPEC_DIR
from truco_dsl.cards import Card, Rank, Suit
from truco_dsl.diagnostics import Place, Problem, YamlPath, yaml_path
from truco_dsl.errors import CardError, ExpressionError, RulesetError, SourceFormatError
from truco_dsl.lang import compile_condition, compile_statements
from truco_dsl.rules.model import Clause, RuleSet
from truco_dsl.rules.sources import load_sources



class _RuleFileLoader(yaml.SafeLoader):
    """Safe YAML loading with YAML 1.2 booleans: only ``true`` / ``false`` are booleans, so a clause's
    ``on:`` key stays the word "on" (YAML 1.1 would read it, and yes/no/off, as a boolean)."""


_RuleFileLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_RuleFileLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class _FastRuleFileLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """``_RuleFileLoader`` on libyaml's C parser when PyYAML has it (ten times faster: loading the
    rule sets was a third of a ``truco conform`` run); its nodes carry the same marks. Its error
    messages differ, so a file it cannot parse is parsed again with ``_RuleFileLoader`` to report."""


_FastRuleFileLoader.yaml_implicit_resolvers = _RuleFileLoader.yaml_implicit_resolvers


@dataclass
class _File:
    """One parsed rule file and what was found wrong with it."""

    path: Path
    lines: list[str]
    document: dict[str, Any] | None = None
    value_marks: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    styles: dict[YamlPath, str | None] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    clauses: list[Clause] = field(default_factory=list)
    broken: set[YamlPath] = field(default_factory=set)  # paths with schema errors (already reported)

    def is_broken(self, path: YamlPath) -> bool:
        """Whether a schema error lies at, inside or around ``path`` (so checking it again is moot)."""
        return any(bad[:len(path)] == path or path[:len(bad)] == bad for bad in self.broken)

    def place(self, path: YamlPath, at_key: bool = False, offset: tuple[int, int] | None = None) -> Place:
        marks = self.key_marks if at_key else self.value_marks
        probe = path
        while probe not in marks and probe not in self.value_marks and probe:
            probe = probe[:-1]
        line, column = marks.get(probe) or self.value_marks.get(probe, (0, 0))
        if offset is not None:
            line, column = self._inside_scalar(probe, line, column, offset)
        return Place(str(self.path), line + 1, column + 1, yaml_path(path))

    def _inside_scalar(self, path: YamlPath, line: int, column: int, offset: tuple[int, int]) -> tuple[int, int]:
        """Where (expression line, column), 1-based, falls in the file, for a scalar starting at line/column."""
        expression_line, expression_column = offset
        style = self.styles.get(path)
        # a block's content starts on the next line; YAML strips the indentation of its first
        # non-blank line from every line, so that indentation (not each line's own) is added back
        content = next((text for text in self.lines[line + 1:] if text.strip()), "")
        indent = len(content) - len(content.lstrip())
        if style == "|":
            return line + expression_line, indent + expression_column - 1
        text = self._value(path)
        if style in (">", None) and isinstance(text, str):
            # folded and plain scalars join their lines with one character: walk the file's lines
            index = sum(len(part) + 1 for part in text.split("\n")[:expression_line - 1]) + expression_column - 1
            if style == ">":
                pieces = [(number, indent, self.lines[number][indent:].rstrip()) for number in range(line + 1, len(self.lines))]
            else:
                pieces = [(line, column, self.lines[line][column:].rstrip())] + [
                    (number, len(self.lines[number]) - len(self.lines[number].lstrip()), self.lines[number].strip())
                    for number in range(line + 1, len(self.lines))]
            start = 0
            for number, first, piece in (piece for piece in pieces if piece[2]):
                if index <= start + len(piece):
                    return number, first + index - start
                start += len(piece) + 1
        if expression_line > 1:
            target = line + expression_line - 1
            text = self.lines[target] if target < len(self.lines) else ""
            return target, len(text) - len(text.lstrip()) + expression_column - 1
        quote = 1 if style in ("'", '"') else 0
        return line, column + quote + expression_column - 1

    def _value(self, path: YamlPath) -> Any:
        value: Any = self.document
        for part in path:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                return None
        return value

    def report(self, path: YamlPath, message: str, at_key: bool = False, offset: tuple[int, int] | None = None) -> None:
        self.problems.append(self.problem(self.place(path, at_key, offset), message))

    def problem(self, place: Place, message: str) -> Problem:
        """A problem at ``place``, with the file's line there (for the caret)."""
        line_text = self.lines[place.line - 1].rstrip() if 0 < place.line <= len(self.lines) else ""
        return Problem(place, message, line_text)


@cache
def _schema_validator() -> Draft202012Validator:
    schema = json.loads((SPEC_DIR / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


#: A rule file larger than this is refused unread (the bundled ones are a few kilobytes).
MAX_FILE_BYTES = 1_000_000
#: How deeply YAML may nest, and how long a chain of ``extends`` may be.
MAX_NESTING, MAX_EXTENDS = 50, 20


def _read(path: Path) -> _File:
    """Parse, schema-check and compile one file (no ``extends``)."""
    parsed = _File(path, [])
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            parsed.problems.append(Problem(Place(str(path), 1, 1), f"the file is larger than {MAX_FILE_BYTES:,} bytes; a rule file is a few kilobytes"))
            return parsed
        raw = path.read_bytes()
    except OSError as problem:
        parsed.problems.append(Problem(Place(str(path), 1, 1), f"cannot read the file: {problem.strerror or problem}"))
        return parsed
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        line = raw[:problem.start].count(b"\n") + 1
        column = problem.start - (raw.rfind(b"\n", 0, problem.start) + 1) + 1
        parsed.problems.append(Problem(Place(str(path), line, column), "the file is not UTF-8 text (a rule file is YAML, written in UTF-8)"))
        return parsed
    parsed = _File(path, text.splitlines())
    try:
        read = _parse(text, _FastRuleFileLoader)
    except yaml.YAMLError:
        read = None
    try:
        depth, alias, node, document = read or _parse(text, _RuleFileLoader)
        if depth is not None:
            parsed.value_marks[()] = depth
            parsed.report((), f"the YAML nests deeper than {MAX_NESTING} levels; a rule file needs a handful")
            return parsed
        if alias is not None:  # aliases can multiply a small file into an enormous document
            parsed.value_marks[()] = (alias.start_mark.line, alias.start_mark.column)
            parsed.report((), f"YAML aliases (*{alias.anchor}) are not allowed in rule files; write the value out, or use extends")
            return parsed
    except yaml.YAMLError as problem:
        mark = getattr(problem, "problem_mark", None) or getattr(problem, "context_mark", None)
        line, column = (mark.line, mark.column) if mark else (0, 0)
        what = getattr(problem, "problem", None) or str(problem)
        context, context_mark = getattr(problem, "context", None), getattr(problem, "context_mark", None)
        if context and context_mark is not None and context_mark is not mark and line >= len(parsed.lines):
            # found only at the end of the file: point at what was left open, where the author can see it
            line, column = context_mark.line, context_mark.column
            opened = context.removeprefix("while parsing ")
            what = f"{opened} that starts here is never closed ({what} at the end of the file)"
        elif context and context_mark is not None and context_mark is not mark:
            what += f" ({context} that starts at line {context_mark.line + 1}, column {context_mark.column + 1})"
        elif context:
            what += f" ({context})"
        if line >= len(parsed.lines) and parsed.lines:  # the end of the file: its last line
            line, column = len(parsed.lines) - 1, len(parsed.lines[-1])
        parsed.value_marks[()] = (line, column)
        parsed.report((), f"not valid YAML: {what}")
        return parsed
    if not isinstance(document, dict):
        parsed.report((), "a rule file is a YAML mapping that starts with `ruleset: <id>`")
        return parsed
    parsed.document = document
    _record_marks(parsed, node, ())
    if parsed.problems:  # duplicate keys: the document is not what the author wrote
        return parsed
    parsed.broken = _check_schema(parsed)
    if not parsed.broken & {(), ("ruleset",), ("clauses",)}:  # what every later check reads is sound
        _check_meaning(parsed)
    return parsed


def _parse(text: str, loader: type) -> tuple[tuple[int, int] | None, yaml.AliasEvent | None, yaml.Node | None, Any]:
    """Read a rule file's YAML with ``loader``: ``(depth, alias, node, document)``. ``depth``: where
    it nests too deeply (then nothing else is read), ``alias``: its first alias (then neither node
    nor document is built), else the node tree (for the marks) and the plain data.
    Raises ``yaml.YAMLError`` for text that is not YAML."""
    depth = _nesting(text, loader)
    if depth is not None:
        return depth, None, None, None
    alias = next((event for event in yaml.parse(text, Loader=loader) if isinstance(event, yaml.AliasEvent)), None)
    if alias is not None:
        return None, alias, None, None
    return None, None, yaml.compose(text, Loader=loader), yaml.load(text, Loader=loader)  # a SafeLoader: plain data only


def _nesting(text: str, loader: type) -> tuple[int, int] | None:
    """Where (line, column, 0-based) the YAML first nests deeper than ``MAX_NESTING``, read from the
    parser's events (no recursion), or None when it does not."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_NESTING:
                    return event.start_mark.line, event.start_mark.column
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return None  # reported, with its place, by the full parse
    return None


def _record_marks(parsed: _File, node: yaml.Node, path: YamlPath) -> None:
    parsed.value_marks[path] = (node.start_mark.line, node.start_mark.column)
    if isinstance(node, yaml.ScalarNode):
        parsed.styles[path] = node.style or None  # a plain scalar: None from PyYAML, "" from libyaml
    elif isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value
            child = path + (key,)
            parsed.key_marks[child] = (key_node.start_mark.line, key_node.start_mark.column)
            if key in seen:
                parsed.report(child, f"duplicate key {key!r} (YAML would silently keep only the last)", at_key=True)
            seen.add(key)
            _record_marks(parsed, value_node, child)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_marks(parsed, item, path + (index,))


def _check_schema(parsed: _File) -> set[YamlPath]:
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
                parsed.report(path + (key,), f"unknown key {key!r} in {where}; allowed keys: {', '.join(allowed)}", at_key=True)
            continue
        if error.validator == "required":
            missing = re.match(r"'(.+)' is a required property", error.message)
            broken.add(path + (missing.group(1),) if missing else path)  # the missing key, not the mapping around it
            parsed.report(path, f"{where} is missing {error.message.split(' is a required')[0]}")
            continue
        broken.add(path)
        if error.validator == "enum":
            choices = ", ".join(dict.fromkeys(str(choice) for choice in error.validator_value))
            parsed.report(path, f"{where}: {error.instance!r} is not allowed; it is one of: {choices}")
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


def _check_quote(parsed: _File, path: YamlPath, clause_id: str, cite: str, sources: dict, at_key: bool = False) -> None:
    source = sources.get(clause_id)
    if source is None:
        parsed.report(path, f"clause id {clause_id} is not in spec/sources", at_key=at_key)
    elif not _quotes(cite, source.text):
        parsed.report(path, f"the cite is not a quote of {clause_id} ({source.source}.md line {source.line}: "
                            f"{source.text[:80]}{'…' if len(source.text) > 80 else ''}); quote its words, with [...] for a gap")


def _check_meaning(parsed: _File) -> None:
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
        if clause_id.partition(".")[0] not in sources:
            parsed.report(("clauses", index, "id"), f"clause id {clause_id.partition('.')[0]} is not in spec/sources")
        else:
            _check_quote(parsed, ("clauses", index, "cite"), clause_id.partition(".")[0], entry["cite"], sources)
        for position, other in enumerate(entry.get("also", [])):
            if other.partition(".")[0] not in sources:
                parsed.report(("clauses", index, "also", position), f"clause id {other} is not in spec/sources")
        _compile_clause(parsed, index, entry, ruleset_id)


def _compile_clause(parsed: _File, index: int, entry: dict[str, Any], ruleset_id: str) -> None:
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
    line, column = parsed.value_marks.get(("clauses", index), (0, 0))
    place = Place(str(parsed.path), line + 1, column + 1, f"clauses[{index}]")
    parsed.clauses.append(Clause(entry["id"], entry["cite"], hook, then, place, ruleset_id, when, entry.get("note"), tuple(entry.get("also", ()))))


def available_rulesets(extra: Path | None = None) -> dict[str, Path]:
    """Rule set id -> file: the bundled spec/rulesets (all folders), then ``extra``'s folder.

    A rule set's id is its file name without ``.yaml`` (beside ``extra``, ``.yml`` too).
    """
    found = {path.stem: path for path in sorted(RULESETS_DIR.rglob("*.yaml"))}
    if extra is not None:
        found.update({path.stem: path for path in [*sorted(extra.parent.glob("*.yml")), *sorted(extra.parent.glob("*.yaml"))]})  # .yaml wins
    return found


_PARAMETERS = ("table", "deck", "deal", "stakes", "game", "play", "match", "referee")


def _resolve(path: Path, chain: tuple[Path, ...], files: dict[Path, _File]) -> tuple[dict[str, Any], list[Clause], list[str], list[Problem]]:
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
            parsed.report(("extends",), f"unknown parent rule set {parent_id!r}; a parent is a bundled rule set "
                                        f"({bundled}) or a rule file beside this one, named {parent_id}.yaml or .yml")
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
                parsed.report(("drop", index), f"cannot drop {clause_id}: no inherited clause has that id")
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
            parsed.report(("traces", index, "by"), f"{trace['by']} is neither a clause of this rule set nor a cited parameter id")
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


def _build(path: Path, parameters: dict[str, Any], clauses: list[Clause], lineage: list[str], parsed: _File) -> RuleSet:
    """Check the merged parameters are complete and coherent, and make the RuleSet."""
    problems: list[Problem] = []

    def need(*keys: str) -> Any:
        value: Any = parameters
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        if value is None:
            problems.append(parsed.problem(parsed.place(("ruleset",)), f"after extends, {'.'.join(keys)} is not set by this rule set or its parents"))
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
        problems.append(parsed.problem(parsed.place(path if path[0] in parsed.document else ("ruleset",)), message))

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
    files: dict[Path, _File] = {}
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
    directory = f"{text} is a directory, not a rule file (give a rule set id or a .yaml file)"
    if text.endswith((".yaml", ".yml")) or "/" in text:
        path = Path(text)
        if not path.is_file():
            raise FileNotFoundError(directory if path.is_dir() else f"no rule file at {path}")
    else:
        path = available_rulesets().get(text)
        if path is None and Path(text).is_dir():
            raise FileNotFoundError(directory)
        if path is None:
            raise FileNotFoundError(f"unknown rule set {text!r}; known: {', '.join(sorted(available_rulesets()))}")
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
            report[path] = [Problem(Place(str(path), 1, 1), "is a directory, not a rule file")]
            continue
        if path.exists() and not path.is_file():
            report[path] = [Problem(Place(str(path), 1, 1), "is not a regular file (a device or a pipe), not a rule file")]
            continue
        if not path.is_file():
            report[path] = [Problem(Place(str(path), 1, 1), "no such file (nor a bundled rule set id)")]
            continue
        report[path] = _in_reading_order(_load_path(path)[1])
    return report


def _in_reading_order(problems: list[Problem]) -> list[Problem]:
    """Problems file by file (ancestors first, as found), each file's from top to bottom."""
    files = list(dict.fromkeys(problem.place.file for problem in problems))
    return sorted(problems, key=lambda problem: (files.index(problem.place.file), problem.place.line, problem.place.column))
