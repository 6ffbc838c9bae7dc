"""Traceability: for each regulation, which clauses the rule files encode, which are informative,
which are ambiguous, and which the scenarios cover (``truco coverage``).

A clause of spec/sources is *encoded* when a rule file names it: a clause's ``id`` (without its
``.part``), one of its ``also:`` ids, or a parameter's ``cites:`` key. It is *informative* when its
spec/sources entry says ``- informative: <reason>`` (no engine could observe or enforce it),
*ambiguous* when it says ``- ambiguous: <note>``, *covered* when a scenario carries its
``@clause:`` tag. Every clause should be encoded or informative, and every encoded clause covered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from truco_dsl.conformance.suite.catalogue import bundled_scenarios, carried_scenarios
from truco_dsl.engine.proof import load_playable
from truco_dsl.rules import RuleSet, available_rulesets, load_ruleset, load_sources


def encoded_ids(ruleset: RuleSet) -> set[str]:
    """The spec/sources ids a rule set (with what it inherits) encodes: clause ids, ``also`` ids,
    parameter ``cites`` ids, and ``traces`` ids (shared rules encoded by an inherited clause)."""
    ids = set(ruleset.cites) | set(ruleset.traces)
    for clause in ruleset.clauses:
        ids.update(clause.source_ids)
    return ids


@dataclass
class RegulationCoverage:
    """The traceability of one regulation (a spec/sources file): its clause ids by status."""

    regulation: str
    clauses: list[str] = field(default_factory=list)
    encoded: list[str] = field(default_factory=list)
    informative: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)

    @property
    def unclassified(self) -> list[str]:
        """Clauses neither encoded nor informative (should be none)."""
        done = set(self.encoded) | set(self.informative)
        return [clause for clause in self.clauses if clause not in done]

    @property
    def encoded_without_scenario(self) -> list[str]:
        """Encoded clauses that no scenario checks (must be none)."""
        covered = set(self.covered)
        return [clause for clause in self.encoded if clause not in covered]

    def as_json(self) -> dict:
        """Counts and id lists, as plain JSON."""
        return {
            "regulation": self.regulation,
            "counts": {"clauses": len(self.clauses), "encoded": len(self.encoded), "informative": len(self.informative),
                       "ambiguous": len(self.ambiguous), "covered": len(self.covered),
                       "unclassified": len(self.unclassified), "encoded_without_scenario": len(self.encoded_without_scenario)},
            "unclassified": self.unclassified,
            "encoded_without_scenario": self.encoded_without_scenario,
            "ambiguous": self.ambiguous,
        }


def coverage(ruleset: str | None = None) -> list[RegulationCoverage]:
    """Traceability per regulation, in file order of spec/sources.

    ``ruleset``: None for every bundled rule set and scenario; an id or rule file to count only what
    that rule set (with what it inherits) encodes and the scenarios it runs (its lineage's folders
    and the folders that name no rule set, like desacordos/, and the scenarios its rule files carry,
    ``features:``), for its own regulation (its
    ``source:``; without one, every regulation it draws from) and its house rules (``sources:``,
    named after their file). Under one rule set, ``unclassified``
    lists what that rule set leaves unencoded (a variant may encode it), no gap of the project.
    Raises ``FileNotFoundError`` / ``RulesetError`` for a bad ``ruleset`` (``RulesetNotPlayable`` when it does not play).
    """
    sources = load_sources()
    if ruleset is None:
        rulesets = [load_ruleset(path) for path in available_rulesets().values()]
        scenarios = bundled_scenarios()
    else:
        chosen = load_playable(ruleset)
        sources = {**sources, **chosen.house}  # its house rules (sources: casa.md) count as a regulation of its own
        rulesets = [chosen]
        known = set(available_rulesets())
        scenarios = tuple(entry for entry in bundled_scenarios()
                          if entry.folder in chosen.lineage or entry.folder not in known) + carried_scenarios(chosen.features)
    encoded = set().union(*(encoded_ids(each) for each in rulesets))
    covered = {clause for entry in scenarios for clause in entry.clauses}
    regulations: dict[str, RegulationCoverage] = {}
    for clause_id, clause in sources.items():
        report = regulations.setdefault(clause.source, RegulationCoverage(clause.source))
        report.clauses.append(clause_id)
        if clause_id in encoded:
            report.encoded.append(clause_id)
        if clause.informative:
            report.informative.append(clause_id)
        if clause.ambiguous:
            report.ambiguous.append(clause_id)
        if clause_id in covered:
            report.covered.append(clause_id)
    if ruleset is not None:
        own = {chosen.source} if chosen.source else {sources[clause_id].source for clause_id in encoded if clause_id in sources}
        own |= {clause.source for clause in chosen.house.values()}
        return [report for name, report in regulations.items() if name in own]
    return list(regulations.values())
