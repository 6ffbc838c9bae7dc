"""A new variant's first draft (``truco new``): a rule file that extends a parent and validates as
written, with what the parent offers to change as comments, and optionally a house rules skeleton.

``draft(name, parent, settings, house)`` returns the two texts; it writes nothing. ``settings`` are
the drafter's ``KEY=VALUE`` pairs (``game.target=24``, ``stakes.ladder=[1, 2, 4, 8]``): each key a
parameter the schema knows, each value read as YAML (safely), so that ``24`` is a number and
``[1, 2, 4, 8]`` a list. The comments list every parameter of the parent with the file and line
that set it (``resolved``) and the parent's clause ids by hook, to override or drop.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any

import yaml

from truco_dsl.diagnostics import did_you_mean
from truco_dsl.errors import DraftError
from truco_dsl.lang.vocabulary import HOOKS
from truco_dsl.rules.loader import PARAMETER_GROUPS, ruleset_schema
from truco_dsl.rules.model import RuleSet
from truco_dsl.rules.resolved import Resolved, as_yaml, resolve
from truco_dsl.rules.sources import load_sources


@dataclass(frozen=True)
class Draft:
    """The texts of a new variant: ``rule_file`` (``NAME.yaml``), ``house_rules`` (``NAME.md``,
    None when no house rules were asked for) and ``scenarios`` (``NAME.feature``, None when none
    were asked for)."""

    rule_file: str
    house_rules: str | None
    scenarios: str | None = None


def _parameter_keys() -> dict[str, Any]:
    """The schema of each parameter group: group -> its ``properties``."""
    schema = ruleset_schema()
    return {group: schema["properties"][group] for group in PARAMETER_GROUPS}


def parse_setting(text: str) -> tuple[tuple[str, ...], Any]:
    """``game.target=24`` -> ``(("game", "target"), 24)``: the key's path and the value read as
    YAML. Raises ``DraftError`` for a text without ``=``, a key that names no parameter of a
    rule file (with the closest), or a value that is not YAML."""
    key, equals, value = text.partition("=")
    if not equals or not key.strip():
        raise DraftError(f"--set {text!r}: write KEY=VALUE, like game.target=24 or stakes.ladder=[1,2,4,8]")
    path = tuple(part.strip() for part in key.strip().split("."))
    schema: dict[str, Any] = {"properties": _parameter_keys()}
    for depth, part in enumerate(path):
        known = schema.get("properties", {})
        if part not in known or part == "cites":
            where = ".".join(path[:depth]) or "a rule file's parameters"
            raise DraftError(f"--set {text!r}: {part!r} is no parameter of {where}{did_you_mean(part, known)}; "
                                 f"they are {', '.join(name for name in known if name != 'cites')}")
        schema = known[part]
    if len(path) < 2 or schema.get("type") == "object":
        raise DraftError(f"--set {text!r}: name one value, like {path[0]}.{next(iter(schema.get('properties', {'x': 0})))}")
    try:
        return path, yaml.safe_load(value)
    except yaml.YAMLError:
        raise DraftError(f"--set {text!r}: {value!r} is not a YAML value (a number, true, a word, [1, 2, 4])") from None


def draft(name: str, parent: str | Path, settings: list[tuple[tuple[str, ...], Any]], house: bool,
          scenarios: bool = False) -> Draft:
    """The first draft of rule set ``name`` extending ``parent`` (a bundled id, or a rule file that
    will be beside the draft: ``extends:`` names its id), with
    ``settings`` (``parse_setting``'s pairs) written, and with ``house`` a house rules skeleton
    (``name.md``, one informative rule ``NAME-n`` to replace, the first n whose id no parent's house rule
    nor regulation has) named by ``sources:``; with ``scenarios`` a feature file of its own
    (``name.feature``, one scenario that passes: a fresh hand is worth the ladder's first step, tagged
    with the clause its stakes cite) named by ``features:``. Raises
    ``FileNotFoundError`` / ``RulesetError`` for a parent that does not load."""
    resolved = resolve(parent)
    ruleset = resolved.ruleset
    lines = [f"ruleset: {name}", f"title: {name} — a variant of {ruleset.id} (say what it changes)",
             f"extends: {ruleset.id}"]
    if house:
        lines.append(f"sources: {name}.md  # the house rules' own words: ### ID, > text, - location:")
    if scenarios:
        lines.append(f"features: {name}.feature  # its own scenarios, run by truco conform --ruleset {name}.yaml")
    grouped: dict[str, dict[str, Any]] = {}
    for path, value in settings:
        target = grouped.setdefault(path[0], {})
        for part in path[1:-1]:
            target = target.setdefault(part, {})
        target[path[-1]] = value
    for group, values in grouped.items():
        lines += ["", f"{group}:", *_nested(values, 1)]
    offered = [line for line in as_yaml(resolved).splitlines()
               if line and not line.startswith(("#", "ruleset:", "title:", "source:", "sources:", "abstract:"))]
    parameters = offered[:next((i for i, line in enumerate(offered) if line.startswith(("reasons:", "traces:", "clauses:"))), len(offered))]
    lines += ["", f"# What {ruleset.id} sets, and where (uncomment a line under its group to change it):"]
    lines += [f"#   {line}" for line in parameters]
    lines += ["", f"# {ruleset.id}'s clauses by hook: write a clause with one of these ids to override it,",
              "# or list ids under drop: to remove them (truco where ID shows one):"]
    for hook in HOOKS:
        ids = [clause.id for clause in ruleset.clauses if clause.hook == hook]
        if ids:
            lines += _wrapped(f"#   {hook}: ", ids)
    lines += ["", "drop: []", "", "clauses: []"]
    skeleton = None
    if house:
        prefix = "".join(part.upper() for part in name.split("-")[:1]) or "CASA"
        taken = set(ruleset.house) | set(load_sources())  # the parents' house rules and the regulations'
        house_id = next(f"{prefix}-{number}" for number in count(1) if f"{prefix}-{number}" not in taken)
        skeleton = (f"# House rules of {name}\n\n## (a section)\n\n### {house_id}\n"
                    f"> (the house rule's words, as the house says them)\n- location: (where it is written or who says it)\n"
                    f"- informative: not yet encoded; a clause of {name}.yaml with id {house_id} and a cite of these words encodes it\n")
    return Draft("\n".join(lines) + "\n", skeleton, _scenarios(name, ruleset, settings, resolved) if scenarios else None)


def _scenarios(name: str, ruleset: RuleSet, settings: list[tuple[tuple[str, ...], Any]], resolved: Resolved) -> str:
    """A feature file of one scenario that the draft passes: a fresh hand is worth the first step
    of its ladder (the one ``--set`` gives, else the parent's), tagged with the clause the parent's
    stakes cite."""
    ladder = dict(settings).get(("stakes", "ladder"), list(ruleset.ladder))
    players = dict(settings).get(("table", "players"), list(ruleset.players))
    first = ladder[0] if isinstance(ladder, list) and ladder and isinstance(ladder[0], int) else ruleset.ladder[0]
    seats = players[0] if isinstance(players, list) and players and isinstance(players[0], int) else ruleset.players[0]
    cited = next(iter(resolved.parameters.get("stakes", {}).get("cites", {})), None) or next(iter(ruleset.cites), "")
    return (f"Feature: {name} — its own scenarios\n"
            f"  One scenario per rule {name} changes, each with an @id: of its own and the @clause: it checks\n"
            f"  (the steps: conformance/STEPS.md). Run them with: truco conform --ruleset {name}.yaml\n\n"
            f"  @id:{name}-001 @clause:{cited}\n"
            f"  Scenario: A fresh hand is worth {first}\n"
            f'    Given a game of "{name}" for {seats} players\n'
            f"    And a shuffled deal with seed 1\n"
            f"    Then the hand is worth {first}\n")


def _nested(values: dict[str, Any], indent: int) -> list[str]:
    pad = "  " * indent
    lines = []
    for key, value in values.items():
        if isinstance(value, dict):
            lines += [f"{pad}{key}:", *_nested(value, indent + 1)]
        else:
            written = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True).removesuffix("\n...\n").strip()
            lines.append(f"{pad}{key}: {written}  # set by truco new --set")
    return lines


def _wrapped(head: str, ids: list[str], width: int = 100) -> list[str]:
    """``head`` and the ids, comma-separated, over as many comment lines as ``width`` needs."""
    lines, current = [], head
    for index, clause_id in enumerate(ids):
        piece = clause_id + ("," if index < len(ids) - 1 else "")
        if len(current) + len(piece) + 1 > width and current.strip() != head.strip():
            lines.append(current.rstrip())
            current = "#     "
        current += piece + " "
    lines.append(current.rstrip())
    return lines
