"""What a rule change does to the text: the first part of ``truco diff``.

Both rule sets are resolved as ``truco show`` resolves them (``rules.resolved``: every value and
clause with the file and line that wrote it), and compared by content, never by where they were
written, so a rule file and a copy of it give nothing:

- parameters (``stakes.ladder``, ``game.target``, each ``cites`` entry, each refusal code's
  meaning under ``reasons``, the title) whose value changed, or that only one sets: old → new;
- clauses, by id: ``added`` (written by the new file itself), ``newly inherited`` (from one of
  its parents), ``dropped`` (by a ``drop:`` of the new chain), ``removed`` (the new rule set does
  not have it otherwise), ``overridden`` (the new chain writes it again over a parent's, where the
  old one plays the parent's) and ``changed`` (the same id with another ``on``/``when``/``then``/``cite``/``also``/``note``), each
  with the keys that differ;
- source clauses whose text changed: a house rule (a variant's ``sources:``) whose words differ, or
  that only one side has. The regulations' texts (spec/sources) are the bundled ones for both sides.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from truco_dsl.diagnostics import Place
from truco_dsl.review.revisions import Side
from truco_dsl.rules.resolved import Resolved, as_json, resolve

#: the keys of a written clause compared, in the order a rule file writes them
CLAUSE_KEYS = ("on", "when", "then", "cite", "also", "note")


@dataclass(frozen=True)
class ParameterChange:
    """A parameter (``path``: its YAML path, dotted) with its ``old`` and ``new`` values (None where
    a side does not set it) and the ``file:line`` that wrote each."""

    path: str
    old: Any
    new: Any
    old_place: str | None
    new_place: str | None


@dataclass(frozen=True)
class ClauseChange:
    """A clause that differs: its ``id``, ``kind`` (module docstring), its ``cite`` (the new one,
    or the old where it is gone), the keys that differ (``keys``), each side's written clause
    (``old``, ``new``: key -> text, None where that side lacks it) and places (``file:line``; for
    a drop, ``new_place`` is the ``drop:`` entry's)."""

    id: str
    kind: str
    cite: str
    keys: tuple[str, ...]
    old: dict[str, Any] | None
    new: dict[str, Any] | None
    old_place: str | None
    new_place: str | None


@dataclass(frozen=True)
class SourceChange:
    """A source clause (house rule) whose ``old`` or ``new`` text differs (None: that side has none)."""

    id: str
    old: str | None
    new: str | None
    old_place: str | None
    new_place: str | None


@dataclass(frozen=True)
class TextDiff:
    """The text part of a diff: ``parameters``, ``clauses`` and ``sources`` that differ, each
    sorted (parameters and sources by path or id, clauses in the new rule set's firing order, then
    the old's)."""

    parameters: tuple[ParameterChange, ...] = ()
    clauses: tuple[ClauseChange, ...] = ()
    sources: tuple[SourceChange, ...] = ()
    changed_ids: frozenset[str] = field(default_factory=frozenset)

    @property
    def empty(self) -> bool:
        return not (self.parameters or self.clauses or self.sources)


def text_diff(old: Side, new: Side) -> TextDiff:
    """Compare the text of ``old`` and ``new`` (module docstring). Raises what ``resolve`` raises
    for a rule set that does not load (the sides given are loaded already: it does not)."""
    resolved_old, resolved_new = resolve(old.reference), resolve(new.reference)
    parameters = _parameters(old, resolved_old, new, resolved_new)
    clauses = _clauses(old, resolved_old, new, resolved_new)
    sources = []
    for clause_id in sorted(set(old.ruleset.house) | set(new.ruleset.house)):
        before, after = old.ruleset.house.get(clause_id), new.ruleset.house.get(clause_id)
        if (before and before.text) != (after and after.text):
            sources.append(SourceChange(clause_id, before and before.text, after and after.text,
                                        before and f"{old.place(before.file)}:{before.line}",
                                        after and f"{new.place(after.file)}:{after.line}"))
    return TextDiff(tuple(parameters), tuple(clauses), tuple(sources),
                    frozenset(change.id for change in clauses) | frozenset(change.id for change in sources))


def _parameter_values(side: Side, resolved: Resolved) -> dict[str, tuple[Any, str | None]]:
    """Every parameter of ``resolved``: dotted path -> (value, ``file:line``); a group's ``cites``
    one entry per clause id, and each refusal code's meaning as ``reasons.<code>``."""
    shown = json.loads(as_json(resolved))
    values: dict[str, tuple[Any, str | None]] = {"title": (side.ruleset.title, None)}
    for path, entry in shown["parameters"].items():
        place = f"{side.place(entry['file'])}:{entry['line']}" if entry.get("file") else None
        if path.endswith("cites") and isinstance(entry["value"], dict):
            values.update({f"{path}.{clause_id}": (cite, place) for clause_id, cite in entry["value"].items()})
        else:
            values[path] = (entry["value"], place)
    for code, entry in shown["reasons"].items():
        values[f"reasons.{code}"] = (entry["meaning"], f"{side.place(entry['file'])}:{entry['line']}")
    return values


def _parameters(old: Side, resolved_old: Resolved, new: Side, resolved_new: Resolved) -> list[ParameterChange]:
    before, after = _parameter_values(old, resolved_old), _parameter_values(new, resolved_new)
    changes = []
    for path in sorted(set(before) | set(after)):
        (old_value, old_place), (new_value, new_place) = before.get(path, (None, None)), after.get(path, (None, None))
        if old_value != new_value:
            changes.append(ParameterChange(path, old_value, new_value, old_place, new_place))
    return changes


def _written(entry: Any) -> dict[str, Any]:
    return {key: entry.written[key] for key in CLAUSE_KEYS if key in entry.written}


def _place(side: Side, place: Place | None) -> str | None:
    return None if place is None else f"{side.place(place.file)}:{place.line}"


def _clauses(old: Side, resolved_old: Resolved, new: Side, resolved_new: Resolved) -> list[ClauseChange]:
    before = {entry.clause.id: entry for entry in resolved_old.clauses}
    after = {entry.clause.id: entry for entry in resolved_new.clauses}
    own_new = str(new.ruleset.file)
    changes = []
    for clause_id, entry in after.items():
        written = _written(entry)
        previous = before.get(clause_id)
        if previous is None:
            kind = "added" if str(entry.place.file) == own_new else "newly inherited"
            changes.append(ClauseChange(clause_id, kind, entry.clause.cite, tuple(written), None, written, None,
                                        _place(new, entry.place)))
            continue
        was = _written(previous)
        keys = tuple(key for key in CLAUSE_KEYS if was.get(key) != written.get(key))
        if keys:
            kind = "overridden" if entry.overrides is not None and previous.overrides is None else "changed"
            changes.append(ClauseChange(clause_id, kind, entry.clause.cite, keys, was, written, _place(old, previous.place),
                                        _place(new, entry.place)))
    for clause_id, entry in before.items():
        if clause_id in after:
            continue
        drop = resolved_new.dropped.get(clause_id)
        written = _written(entry)
        changes.append(ClauseChange(clause_id, "dropped" if drop is not None else "removed", entry.clause.cite, tuple(written),
                                    written, None, _place(old, entry.place), _place(new, drop[1]) if drop else None))
    return changes
