"""A rule set resolved: its ``extends`` chain folded into one rule file, each value and clause with
the file and line it comes from (``truco show``).

``resolve(reference)`` loads the rule set (``load_ruleset``: a broken file raises as it does there)
and reads its chain of files again to say where every parameter, refusal code, trace and clause was
written, which clauses override a parent's and which a file dropped. ``as_yaml`` writes it as a
rule file that extends nothing — every origin a YAML comment — so saving it gives a rule set that
plays exactly as the original (tests/test_show.py plays the same seeded games under both);
``as_json`` gives the same as data. With ``changed``, both give only what differs from the parent.
``Resolved.encoders`` says what in the rule set played encodes a clause of spec/sources (for
``truco rulebook``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from truco_dsl.diagnostics import Place, YamlFile, YamlPath, shown, value_at, yaml_path
from truco_dsl.rules.loader import PARAMETER_GROUPS, available_rulesets, load_ruleset, merge_parameters
from truco_dsl.rules.model import Clause, RuleSet

#: The clause keys in the order a rule file writes them.
_CLAUSE_KEYS = ("id", "cite", "also", "note", "on", "when", "then")


@dataclass
class ResolvedClause:
    """A clause played, as its file wrote it (``written``: its YAML mapping), where (``place``),
    and the parent's clause of the same id it overrides (``overrides``: its place), if any."""

    clause: Clause
    written: dict[str, Any]
    place: Place
    overrides: Place | None = None


@dataclass(frozen=True)
class Encoder:
    """What encodes a source clause in a resolved rule set. ``kind``: ``clause`` (a clause of that
    id, or of one of its parts, or naming it under ``also:``), ``parameters`` (a parameter group
    whose ``cites:`` quote it) or ``trace`` (a ``traces:`` entry naming the clause or cited
    parameter that encodes it); ``name``: the clause's id, the group's path (``deck.manilha``) or
    the trace's ``by``; ``place``: where it is written (the clause, the key under ``cites:``, the
    trace); ``quote``: its words of the source clause ("" for a clause that names it under
    ``also:``); ``note``: what the file says of it; ``clause``: the clause (kind ``clause``);
    ``values``: the group's values, without cites (kind ``parameters``); ``overrides``: the place of
    the parent's clause of the same id that it replaces."""

    kind: str
    name: str
    place: Place
    quote: str
    note: str | None = None
    clause: Clause | None = None
    values: dict[str, Any] | None = None
    overrides: Place | None = None

    @property
    def key(self) -> tuple[str, ...]:
        """What makes it the same encoder in two rule sets of one lineage: a clause or trace by its
        id and place (inherited, it is the same written clause), a group's cite by the group and its
        words (a child restating a group's cites says again what the parent said)."""
        if self.kind == "parameters":
            return (self.kind, self.name, self.quote)
        return (self.kind, self.name, str(self.place.file), str(self.place.line))


@dataclass
class Resolved:
    """``ruleset`` resolved: ``parameters`` (group -> merged values), ``origins`` (the YAML path of
    each value set whole -> the file that set it; ``origin`` gives a value's place), ``reasons`` and ``traces`` (merged, with their
    places), ``clauses`` in firing order, ``dropped`` (clause id -> (its place in the parent that
    wrote it, the place of the ``drop:`` entry)), and ``parent``: the rule set it extends, if any."""

    ruleset: RuleSet
    parameters: dict[str, Any] = field(default_factory=dict)
    origins: dict[YamlPath, YamlFile] = field(default_factory=dict)
    reasons: dict[str, tuple[str, Place]] = field(default_factory=dict)
    traces: dict[str, tuple[dict[str, Any], Place]] = field(default_factory=dict)
    clauses: list[ResolvedClause] = field(default_factory=list)
    dropped: dict[str, tuple[Place, Place]] = field(default_factory=dict)
    parent: RuleSet | None = None

    def plays(self, encoder_id: str) -> bool:
        """Whether the rule set played still has ``encoder_id`` (a trace's ``by``): a clause id or a
        parameter's cited clause id. A parent's trace whose encoder a later file replaced is no
        longer one of this rule set."""
        return encoder_id in self.ruleset.cites or any(clause.id == encoder_id for clause in self.ruleset.clauses)

    def encoders(self, clause_id: str) -> list[Encoder]:
        """Everything in the rule set played that encodes the spec/sources (or house) clause
        ``clause_id``: its clauses in firing order, then the parameter groups that cite it (in
        the order of the file's groups), then a trace whose encoder is still played. Empty when
        nothing does. Raises nothing."""
        found = [Encoder("clause", entry.clause.id, entry.clause.place,
                         entry.clause.cite if entry.clause.source_id == clause_id else "", entry.clause.note,
                         clause=entry.clause, overrides=entry.overrides)
                 for entry in self.clauses if clause_id in entry.clause.source_ids]

        def cited(values: dict[str, Any], at: YamlPath) -> None:
            cites = values.get("cites")
            if isinstance(cites, dict) and clause_id in cites:
                own = {key: value for key, value in values.items()
                       if key != "cites" and not (isinstance(value, dict) and "cites" in value)}
                place = self.origin((*at, "cites", clause_id))  # a value that is there was set by some file
                found.append(Encoder("parameters", ".".join(map(str, at)), place, str(cites[clause_id]), values=_without_cites(own)))
            for key, value in values.items():
                if isinstance(value, dict) and key != "cites":
                    cited(value, (*at, key))

        for group in PARAMETER_GROUPS:
            if isinstance(self.parameters.get(group), dict):
                cited(self.parameters[group], (group,))
        if clause_id in self.traces:
            trace, place = self.traces[clause_id]
            if self.plays(trace["by"]):
                found.append(Encoder("trace", trace["by"], place, trace.get("cite", ""), trace.get("note")))
        return found

    def cited_by(self, group: str) -> dict[str, str]:
        """The clauses the parameter group ``group`` (a dotted path: ``deck``, ``deck.manilha``)
        cites in the rule set played, clause id -> its quote, in the file's order; empty when the
        group cites none or is not a group of the rule set. Raises nothing."""
        values: Any = self.parameters
        for key in group.split("."):
            values = values.get(key) if isinstance(values, dict) else None
        cites = values.get("cites") if isinstance(values, dict) else None
        return {str(clause_id): str(quote) for clause_id, quote in cites.items()} if isinstance(cites, dict) else {}

    def origin(self, path: YamlPath) -> Place | None:
        """The place that wrote the value at ``path`` (its key's line): in the file that set it or the
        nearest mapping around it whole; None for a path no file set."""
        for length in range(len(path), 0, -1):
            if path[:length] in self.origins:
                return self.origins[path[:length]].place(path, at_key=True)
        return None


def resolve(reference: str | Path) -> Resolved:
    """Resolve the rule set ``reference`` (an id or a rule file). Raises what ``load_ruleset``
    raises (``FileNotFoundError``, ``RulesetError``) for a rule set that does not load."""
    ruleset = load_ruleset(reference)
    chain = _chain(Path(ruleset.file))
    resolved = Resolved(ruleset)
    if len(chain) > 1:
        resolved.parent = load_ruleset(chain[-2].path)
    # clause id -> (its YAML mapping, its place, the place of the clause it overrides), as the chain so far plays them
    written_clauses: dict[str, tuple[dict[str, Any], Place, Place | None]] = {}
    for file in chain:  # the root first
        document = file.document
        for group in PARAMETER_GROUPS:
            if isinstance(document.get(group), dict):
                resolved.parameters[group] = merge_parameters(
                    resolved.parameters.get(group, {}), document[group],
                    lambda path, file=file: resolved.origins.__setitem__(path, file), (group,))
        for code, meaning in (document.get("reasons") or {}).items():
            resolved.reasons[code] = (meaning, file.place(("reasons", code), at_key=True))
        for index, trace in enumerate(document.get("traces") or []):
            resolved.traces[trace["id"]] = (trace, file.place(("traces", index)))
        for index, clause_id in enumerate(document.get("drop") or []):
            if clause_id in written_clauses:
                resolved.dropped[clause_id] = (written_clauses.pop(clause_id)[1], file.place(("drop", index)))
        for index, written in enumerate(document.get("clauses") or []):
            before = written_clauses.get(written["id"])
            written_clauses[written["id"]] = (written, file.place(("clauses", index, "id"), at_key=True),
                                              before[1] if before is not None else None)
    resolved.clauses = [ResolvedClause(clause, *written_clauses[clause.id]) for clause in ruleset.clauses]
    return resolved


def _without_cites(values: Any) -> Any:
    """A parameter value with every ``cites`` mapping inside it left out."""
    if isinstance(values, dict):
        return {key: _without_cites(value) for key, value in values.items() if key != "cites"}
    return values


def _chain(path: Path) -> list[YamlFile]:
    """The files of ``path``'s ``extends`` chain, the root first (each read at the path as named)."""
    chain = [YamlFile.read(path, "rule file")]
    while isinstance(chain[0].document, dict) and chain[0].document.get("extends"):
        parent = available_rulesets(Path(chain[0].path))[chain[0].document["extends"]]
        chain.insert(0, YamlFile.read(parent, "rule file"))
    return chain


def _changed(resolved: Resolved) -> tuple[set[YamlPath], set[str]]:
    """What ``resolved`` changes from its parent: the parameter paths its own file sets to another
    value, and the ids of the clauses it writes (overrides and clauses of its own)."""
    own = str(Path(resolved.ruleset.file).resolve())
    paths = {path for path, file in resolved.origins.items() if str(Path(file.path).resolve()) == own}
    parent_values = _parent_parameters(resolved)
    paths = {path for path in paths if value_at(resolved.parameters, path) != value_at(parent_values, path)}
    clauses = {entry.clause.id for entry in resolved.clauses if str(Path(entry.place.file).resolve()) == own}
    return paths, clauses


def _parent_parameters(resolved: Resolved) -> dict[str, Any]:
    if resolved.parent is None:
        return {}
    return resolve(resolved.parent.file).parameters


def _leaves(values: dict[str, Any], at: YamlPath = ()) -> list[YamlPath]:
    """The paths of a parameter mapping's values, a mapping's keys followed down (not ``cites``)."""
    paths: list[YamlPath] = []
    for key, value in values.items():
        if isinstance(value, dict) and key != "cites":
            paths += _leaves(value, (*at, key))
        else:
            paths.append((*at, key))
    return paths


def _origin(place: Place) -> str:
    return f"{shown(place.file)}:{place.line}"


def _scalar(value: Any) -> str:
    """``value`` as one line of YAML (flow style for lists and mappings)."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False).strip()
    return text.removesuffix("\n...").removesuffix("...").strip()


def as_yaml(resolved: Resolved, changed: bool = False) -> str:
    """The resolved rule set as a rule file extending nothing, each value and clause followed or
    preceded by a comment naming the file and line it comes from (``# atb-2004.yaml:186``), overrides
    and drops marked. With ``changed``: only the parameters and clauses that differ from the
    parent, and the drops, as comments around a rule file that still loads (it extends the parent)."""
    ruleset = resolved.ruleset
    paths, own_clauses = _changed(resolved) if changed else (set(), set())
    lines = [f"# truco show: rule set {ruleset.id} resolved ({' → '.join(ruleset.lineage)}), from {shown(ruleset.file)}",
             "# each value is followed, and each clause preceded, by a comment naming the file:line that wrote it"]
    if changed:
        lines.append(f"# --changed: only what differs from {resolved.parent.id if resolved.parent else 'nothing'}")
    lines += [f"ruleset: {_scalar(ruleset.id)}", f"title: {_scalar(ruleset.title)}"]
    if changed and resolved.parent is not None:
        lines.append(f"extends: {_scalar(resolved.parent.id)}")
    if ruleset.source:
        lines.append(f"source: {_scalar(ruleset.source)}")
    houses = sorted({str(Path(clause.file).resolve()) for clause in ruleset.house.values()})
    if houses:  # where they are: the saved output is not beside them
        shown_houses = _scalar(houses[0]) if len(houses) == 1 else "[" + ", ".join(map(_scalar, houses)) + "]"
        lines.append(f"sources: {shown_houses}  # its house rules, where they are")
    parent_features = set(resolved.parent.features) if changed and resolved.parent is not None else set()
    features = [feature for feature in ruleset.features if feature not in parent_features]
    if features:  # where they are, as the house rules
        shown_features = _scalar(features[0]) if len(features) == 1 else "[" + ", ".join(map(_scalar, features)) + "]"
        lines.append(f"features: {shown_features}  # the scenarios its files carry, where they are")
    if ruleset.abstract:
        lines.append("abstract: true")
    for group in PARAMETER_GROUPS:
        values = resolved.parameters.get(group)
        if not values:
            continue
        body = _group_lines(values, (group,), resolved, paths if changed else None)
        if body:
            lines += ["", f"{group}:", *body]
    reasons = {code: entry for code, entry in resolved.reasons.items()
               if not changed or str(Path(entry[1].file).resolve()) == str(Path(ruleset.file).resolve())}
    if reasons:
        lines += ["", "reasons:"] + [f"  {code}: {_scalar(meaning)}  # {_origin(place)}" for code, (meaning, place) in reasons.items()]
    traces = [(trace, place) for trace, place in resolved.traces.values()
              if not changed or str(Path(place.file).resolve()) == str(Path(ruleset.file).resolve())]
    if traces:
        lines += ["", "traces:"]
        for trace, place in traces:
            if resolved.plays(trace["by"]):
                lines.append(f"  # {_origin(place)}")
                lines += _mapping_item(trace, ("id", "cite", "by", "note"))
            else:  # a parent's trace whose encoder a later file replaced: no longer a trace of this rule set
                lines.append(f"  # {_origin(place)}: {trace['id']} by {trace['by']}, which this rule set no longer has")
    if traces and not any(resolved.plays(trace["by"]) for trace, _ in traces):
        lines.append("  []")
    if resolved.dropped:
        lines += ["", "# dropped (not played):"] + [f"#   {clause_id}, written at {_origin(written)}, dropped at {_origin(at)}"
                                                   for clause_id, (written, at) in resolved.dropped.items()]
        own = [clause_id for clause_id, (_, at) in resolved.dropped.items()
               if str(Path(at.file).resolve()) == str(Path(ruleset.file).resolve())]  # a parent's drops are its own
        if changed and own:
            lines.append("drop: [" + ", ".join(own) + "]")
    shown_clauses = [entry for entry in resolved.clauses if not changed or entry.clause.id in own_clauses]
    if shown_clauses:
        lines += ["", "clauses:"]
        for entry in shown_clauses:
            mark = f", overrides {_origin(entry.overrides)}" if entry.overrides is not None else ""
            lines.append(f"  # {_origin(entry.place)}{mark}")
            lines += _mapping_item(entry.written, _CLAUSE_KEYS)
    return "\n".join(lines) + "\n"


def _group_lines(values: dict[str, Any], at: YamlPath, resolved: Resolved, only: set[YamlPath] | None,
                 indent: int = 1) -> list[str]:
    """A parameter group's lines, a mapping's keys one per line (``cites`` too), each value with
    the place that wrote it (``Resolved.origin``); ``only``: the paths to show (None: all)."""
    lines = []
    pad = "  " * indent
    for key, value in values.items():
        path = (*at, key)
        if isinstance(value, dict) and key != "cites":
            body = _group_lines(value, path, resolved, only, indent + 1)
            if body:
                lines += [f"{pad}{key}:", *body]
            continue
        if only is not None and not any(path[:length] in only for length in range(1, len(path) + 1)):
            continue
        origin = resolved.origin(path)
        comment = f"  # {_origin(origin)}" if origin is not None else ""
        if key == "cites":
            lines.append(f"{pad}cites:{comment}")
            lines += [f"{pad}  {clause_id}: {_scalar(cite)}" for clause_id, cite in value.items()]
        else:
            lines.append(f"{pad}{key}: {_scalar(value)}{comment}")
    return lines


def _mapping_item(mapping: dict[str, Any], order: tuple[str, ...]) -> list[str]:
    """One ``- key: value`` item of a list, its keys in ``order`` (then any other)."""
    keys = [key for key in order if key in mapping] + [key for key in mapping if key not in order]
    return [f"  {'-' if number == 0 else ' '} {key}: {_scalar(mapping[key])}" for number, key in enumerate(keys)]


def as_json(resolved: Resolved, changed: bool = False) -> str:
    """The resolved rule set as JSON: ``ruleset``, ``lineage``, ``parameters`` (each YAML path ->
    ``{"value", "file", "line"}``), ``reasons``, ``clauses`` (each with ``file``, ``line`` and
    ``overrides``), ``dropped``; with ``changed``, only what differs from the parent."""
    ruleset = resolved.ruleset
    paths, own_clauses = _changed(resolved) if changed else (set(), {entry.clause.id for entry in resolved.clauses})

    def where(place: Place | None) -> dict[str, Any] | None:
        return None if place is None else {"file": shown(place.file), "line": place.line}

    document = {
        "ruleset": ruleset.id, "lineage": list(ruleset.lineage), "file": shown(ruleset.file), "changed_only": changed,
        "parameters": {yaml_path(path): {"value": value_at(resolved.parameters, path), **where(resolved.origin(path))}
                       for path in _leaves(resolved.parameters)
                       if not changed or any(path[:length] in paths for length in range(1, len(path) + 1))},
        "reasons": {code: {"meaning": meaning, **where(place)} for code, (meaning, place) in resolved.reasons.items()
                    if not changed or str(Path(place.file).resolve()) == str(Path(ruleset.file).resolve())},
        "clauses": [{**{key: entry.written[key] for key in _CLAUSE_KEYS if key in entry.written}, **where(entry.place),
                     "overrides": where(entry.overrides)} for entry in resolved.clauses if entry.clause.id in own_clauses],
        "dropped": [{"id": clause_id, "written": where(written), "dropped_at": where(at)}
                    for clause_id, (written, at) in resolved.dropped.items()],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
