"""The refusal reason codes as part of the protocol's contract (conformance/PROTOCOL.md "Reason codes").

A refused ``act`` gives a ``reason`` code of one of two kinds: the engine's own, for the shape of
the game (``truco_dsl.lang.vocabulary.REASONS``), and a rule set's, declared with its meaning under
``reasons:`` in its rule file (a variant inherits its parents' and may declare more). This module is
the one registry of both, read from those two places:

- ``reason_codes()``: every code of the engine's and of the bundled rule files, with its meaning, who
  gives it (the engine's structure, or which rule sets and clauses) and the scenarios expecting it;
- ``protocol_table()`` and ``schema_definition()``: the table of PROTOCOL.md's "Reason codes" section
  and ``$defs.reason_code`` of conformance/schema/protocol.schema.json, made from ``reason_codes()``
  (tests/test_reason_codes.py checks both files hold exactly these, so they cannot drift);
- ``codes_of(ruleset)`` and ``unknown_reason(code, known)``: what the harness accepts in a refusal
  from an engine playing that rule set (the engine's own codes and those the rule set declares, its
  parents' included), and the complaint about any other code (another rule set's says whose it is),
  which the adapters raise as ``ProtocolViolation``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from truco_dsl.diagnostics import did_you_mean
from truco_dsl.errors import RulesetError
from truco_dsl.lang.vocabulary import REASONS
from truco_dsl.rules import RuleSet, available_rulesets, load_ruleset

#: who gives a structural code (``ReasonCode.given_by``)
STRUCTURAL = "structural"


@dataclass(frozen=True)
class ReasonCode:
    """One refusal code: ``code``; ``meaning`` (when several rule files declare it, the words of the
    first rule set playing it in ``available_rulesets()`` order); ``given_by``: ``(STRUCTURAL,)`` for
    the engine's own, else the ids of the bundled rule files that declare it under ``reasons:`` (their
    variants inherit it); ``clauses``: the ids of the bundled clauses whose ``forbid``/``foul`` give
    it; ``scenarios``: the ``@id`` of every bundled scenario with a step ``the action is refused with
    reason "<code>"``."""

    code: str
    meaning: str
    given_by: tuple[str, ...]
    clauses: tuple[str, ...]
    scenarios: tuple[str, ...]


def _playable() -> list[RuleSet]:
    return [ruleset for ruleset in map(load_ruleset, available_rulesets()) if not ruleset.abstract]


def _expected() -> dict[str, list[str]]:
    """Code -> the ids of the bundled scenarios expecting it (``truco cases export``'s steps)."""
    from truco_dsl.conformance.suite.cases import export_cases  # the step vocabulary loads pytest: only here

    found: dict[str, list[str]] = {}
    for case in export_cases()["cases"]:
        for step in case["steps"]:
            for form in step["forms"]:
                if form["step"] == "refused_with_reason" and case["id"] and case["id"] not in found.setdefault(form["reason"], []):
                    found[form["reason"]].append(case["id"])
    return found


def reason_codes() -> list[ReasonCode]:
    """Every code: the engine's own first (in ``REASONS`` order), then the bundled rule sets' sorted by
    code. Raises ``RulesetError`` when a bundled rule file does not load."""
    rulesets = _playable()
    expected = _expected()
    clauses: dict[str, set[str]] = {}
    for ruleset in rulesets:
        for clause in ruleset.clauses:
            for use in clause.then.strings:
                if use.kind == "reason":
                    clauses.setdefault(use.value, set()).add(clause.id)
    found = [ReasonCode(code, meaning, (STRUCTURAL,), tuple(sorted(clauses.get(code, ()))), tuple(sorted(expected.get(code, ()))))
             for code, meaning in REASONS.items()]
    declarers = _declarers()
    meanings = _bundled_codes()
    for code in sorted(declarers):
        found.append(ReasonCode(code, meanings[code], declarers[code],
                                tuple(sorted(clauses.get(code, ()))), tuple(sorted(expected.get(code, ())))))
    return found


def protocol_table(codes: list[ReasonCode] | None = None) -> str:
    """The Markdown table of PROTOCOL.md's "Reason codes" section (``reason_codes()`` by default):
    one row per code with its meaning, who gives it and the scenarios expecting it."""
    rows = ["| code | meaning | given by | scenarios expecting it |", "|---|---|---|---|"]
    for entry in codes if codes is not None else reason_codes():
        given = "the engine (structural)" if entry.given_by == (STRUCTURAL,) else ", ".join(entry.given_by)
        if entry.clauses:
            given += f" ({', '.join(entry.clauses)})"
        scenarios = ", ".join(entry.scenarios) or "none"
        rows.append(f"| `{entry.code}` | {entry.meaning.replace('|', '/')} | {given} | {scenarios} |")
    return "\n".join(rows) + "\n"


def schema_definition(codes: list[ReasonCode] | None = None) -> dict[str, Any]:
    """``$defs.reason_code`` of protocol.schema.json: an ``anyOf`` of ``{"const", "description"}``, one
    per code of ``reason_codes()`` (by default), the description its meaning and who gives it."""
    return {
        "description": "A refusal's reason code known to the bundled rule files (PROTOCOL.md 'Reason codes'). "
                       "act_reply's reason stays any string: a rule set may declare codes of its own, and the harness "
                       "checks a reason against the engine's own codes (structural) plus the codes of the rule set played.",
        "anyOf": [{"const": entry.code,
                   "description": f"{entry.meaning} ({'structural' if entry.given_by == (STRUCTURAL,) else ', '.join(entry.given_by)})"}
                  for entry in (codes if codes is not None else reason_codes())],
    }


def codes_of(ruleset: str | RuleSet) -> dict[str, str] | None:
    """The codes an engine playing ``ruleset`` (an id or a loaded rule set) may give, code -> meaning:
    the engine's own (``REASONS``) and those ``ruleset`` declares under ``reasons:``, its parents'
    included; another rule set's are not (``covered_in_first_vaza``, atb-2004's, in a game of
    fpt-1983). None when ``ruleset`` is an id that no bundled rule file has (its codes cannot be
    known). An id's codes are read once a process (a run asks them at every ``new_game``)."""
    if isinstance(ruleset, str):
        return _codes_of_id(ruleset)
    return {**REASONS, **ruleset.reasons}


@cache
def _declarers() -> dict[str, tuple[str, ...]]:
    """Code -> the ids of the bundled rule files that declare it under ``reasons:`` rather than
    inherit it from their parent, in ``available_rulesets()`` order."""
    declarers: dict[str, list[str]] = {}
    for ruleset in map(load_ruleset, available_rulesets()):
        parent = load_ruleset(ruleset.lineage[1]).reasons if len(ruleset.lineage) > 1 else {}
        for code in ruleset.reasons:
            if code not in parent:
                declarers.setdefault(code, []).append(ruleset.id)
    return {code: tuple(ids) for code, ids in declarers.items()}


@cache
def _codes_of_id(ruleset: str) -> dict[str, str] | None:
    try:
        return codes_of(load_ruleset(ruleset))
    except (FileNotFoundError, RulesetError):
        return None


@cache
def _bundled_codes() -> dict[str, str]:
    """The engine's codes and every bundled rule set's, code -> meaning (the first rule set's words)."""
    declared = dict(REASONS)
    for ruleset in _playable():
        for code, meaning in ruleset.reasons.items():
            declared.setdefault(code, meaning)
    return declared


def unknown_reason_in(code: str | None, ruleset: str | None) -> str | None:
    """``unknown_reason(code, codes_of(ruleset))`` for a refusal in a game of ``ruleset`` (an id;
    None: before any game, not checked), reading the rule set's codes only for a code that is not
    the engine's own: a harness facing an engine program then loads no rule file for the refusals
    most scenarios meet (``not_your_turn``)."""
    if code is None or ruleset is None or code in REASONS:
        return None
    return unknown_reason(code, codes_of(ruleset))


def unknown_reason(code: str | None, known: dict[str, str] | None) -> str | None:
    """None when ``code`` is one of ``known`` (``codes_of``; None: not checked), else the one-line
    complaint naming the code, the section that lists the codes and either the bundled rule sets
    whose code it is — ``unknown reason code 'covered_in_first_vaza' (PROTOCOL.md 'Reason codes';
    a code of atb-2004, not of the rule set played)`` — or the closest known ones:
    ``unknown reason code 'not_yr_turn' (PROTOCOL.md 'Reason codes'; did you mean not_your_turn?)``."""
    if known is None or code is None or code in known:
        return None
    owners = _declarers().get(code)
    if owners:
        hint = f"; a code of {', '.join(owners)}, not of the rule set played"
    else:
        hint = did_you_mean(code, known).strip()
        hint = f"; {hint[1:-1]}" if hint else ""
    return f"unknown reason code {code!r} (PROTOCOL.md 'Reason codes'{hint})"
