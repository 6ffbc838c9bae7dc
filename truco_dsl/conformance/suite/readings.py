"""An engine's readings of the ambiguous clauses (``hello``'s ``readings``, conformance/PROTOCOL.md).

A reading names a clause of spec/sources marked ``- ambiguous:`` (rules/sources.py) and says how the
engine reads it: ``"rule_file"`` as the rule files do, anything else its own way. ``check_readings``
refuses a reading of a clause that does not exist or is not ambiguous, before anything runs;
``other_reading`` says, for one scenario's clause tags and the rule set its table plays, which
clause the engine reads otherwise there: a clause belongs to one regulation (its source file), and
its reading counts only for the rule sets whose lineage holds that regulation (an ATB reading
leaves the Enecomp and FPT rows of a desacordos outline alone).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from truco_dsl.conformance.engines.adapter import RULE_FILE_READING
from truco_dsl.diagnostics import did_you_mean
from truco_dsl.errors import EngineStartError
from truco_dsl.rules.loader import available_rulesets, load_ruleset
from truco_dsl.rules.sources import load_sources


def ambiguous_clauses() -> list[str]:
    """The ids of the spec/sources clauses marked ambiguous, sorted. Raises ``SourceFormatError``
    for a malformed source file."""
    return sorted(clause.id for clause in load_sources().values() if clause.ambiguous is not None)


def check_readings(engine: str, readings: Mapping[str, str]) -> None:
    """Refuse ``readings`` (clause id -> reading) of the engine named ``engine`` when one names a
    clause that is not in spec/sources or is not marked ambiguous there: ``EngineStartError`` (bad
    input, exit 2 before anything runs, as a hello that fails), one message naming the engine, each
    offending id (with a did-you-mean where one is close) and the ambiguous clause ids. A reading
    that is not text, or readings that are no mapping, are refused too. Returns None when every
    reading may be declared."""
    clauses = load_sources()
    ambiguous = ambiguous_clauses()
    if not isinstance(readings, Mapping):
        raise EngineStartError(f"the engine {engine!r} declares readings that are not clause id -> reading "
                               f"({type(readings).__name__}). Readings name an ambiguous clause ({', '.join(ambiguous)})")
    wrong = []
    for clause_id, reading in readings.items():
        if clause_id not in clauses:
            wrong.append(f"{clause_id} is no clause of spec/sources{did_you_mean(str(clause_id), ambiguous)}")
        elif clauses[clause_id].ambiguous is None:
            wrong.append(f"{clause_id} is not marked ambiguous{did_you_mean(clause_id, ambiguous)}")
        elif not isinstance(reading, str) or not reading:
            wrong.append(f"{clause_id}'s reading is not text ({reading!r})")
    if wrong:
        raise EngineStartError(f"the engine {engine!r} declares readings it may not: {'; '.join(wrong)}. Readings "
                               f"name an ambiguous clause ({', '.join(ambiguous)})")


@cache
def _lineage(ruleset: str) -> tuple[str, ...]:
    """The lineage of the bundled rule set ``ruleset`` (its id, then its parents'), or just the id
    for one that is not bundled or does not load (the scenario says so itself when it runs)."""
    if ruleset not in available_rulesets():
        return (ruleset,)
    try:
        return load_ruleset(ruleset).lineage
    except Exception:  # noqa: BLE001 - an unloadable rule set fails its scenario elsewhere, with its message
        return (ruleset,)


def other_reading(readings: Mapping[str, str], clause_ids: Iterable[str], ruleset: str) -> tuple[str, str] | None:
    """The first of ``clause_ids`` (a scenario's @clause: tags) that the engine reads otherwise than
    the rule file in a table of ``ruleset`` (a rule set id), with the engine's reading; None when
    there is none. A reading counts only where the clause's regulation is in the rule set's
    lineage. Raises nothing."""
    if all(reading == RULE_FILE_READING for reading in readings.values()):  # most engines: no rule set to load
        return None
    sources = load_sources()
    lineage = _lineage(ruleset)
    for clause_id in clause_ids:
        reading = readings.get(clause_id, RULE_FILE_READING)
        clause = sources.get(clause_id)
        if reading != RULE_FILE_READING and clause is not None and clause.source in lineage:
            return clause_id, reading
    return None
