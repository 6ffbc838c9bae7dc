"""The bundled scenarios as a catalogue: where each is, its name and its tags, read from features/.

Read with the Gherkin parser (the one pytest-bdd uses; ``rules.features.parsed_feature``), without running anything. The lint tests,
``truco coverage`` and reports read the scenarios through here, and the export (``cases``) reads a
parsed document's scenarios and outline rows with ``parsed_scenarios`` and ``example_rows``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Iterable
from pathlib import Path

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.diagnostics import read_regular
from truco_dsl.rules.features import parsed_feature


@dataclass(frozen=True)
class ScenarioEntry:
    """One scenario: ``feature`` (path relative to features/, like ``atb-2004/empate.feature``),
    ``name``, ``line`` of its ``Scenario:`` keyword, every ``tags`` that applies to it (its own,
    its rule's and its feature's, with ``@``) and, for a Scenario Outline, its example ``rows``:
    each ``(line, ((column, value), ...))`` in file order."""

    feature: str
    name: str
    line: int
    tags: tuple[str, ...]
    rows: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = ()

    def row_line(self, example: dict[str, str]) -> int | None:
        """The line of the example row whose values are ``example`` (column -> value); None when
        no row has them."""
        wanted = tuple(sorted(example.items()))
        return next((line for line, values in self.rows if tuple(sorted(values)) == wanted), None)

    @property
    def ids(self) -> list[str]:
        """The values of its ``@id:`` tags (a well-formed scenario has one)."""
        return [tag[len("@id:"):] for tag in self.tags if tag.startswith("@id:")]

    @property
    def clauses(self) -> list[str]:
        """The clause ids of its ``@clause:`` tags."""
        return [tag[len("@clause:"):] for tag in self.tags if tag.startswith("@clause:")]

    @property
    def folder(self) -> str:
        """The rule set folder it belongs to (``atb-2004``)."""
        return self.feature.split("/", 1)[0]

    def __str__(self) -> str:
        return f"{self.feature}:{self.line} {self.name!r}"


@cache
def bundled_scenarios(directory: Path = FEATURES_DIR) -> tuple[ScenarioEntry, ...]:
    """Every scenario of every ``<rule set>/**/*.feature`` under ``directory``, in file order.

    Raises the Gherkin parser's ``CompositeParserException`` for a feature file that does not parse.
    """
    return tuple(entry for path in sorted(Path(directory).glob("*/**/*.feature")) for entry in feature_scenarios(path, directory))


@cache
def bundled_ids() -> frozenset[str]:
    """Every ``@id:`` value of the bundled scenarios."""
    return frozenset(scenario_id for entry in bundled_scenarios() for scenario_id in entry.ids)


@cache
def bundled_clause_tags() -> frozenset[str]:
    """Every ``@clause:`` value of the bundled scenarios (the clause ids some scenario checks)."""
    return frozenset(clause_id for entry in bundled_scenarios() for clause_id in entry.clauses)


def carried_scenarios(feature_files: Iterable[str]) -> tuple[ScenarioEntry, ...]:
    """The scenarios of a rule file's own feature files (``RuleSet.features``, absolute paths),
    each named relative to its own folder; a file that cannot be read or parsed is left out (the
    run of the suite reports it, as a failing test)."""
    entries: list[ScenarioEntry] = []
    for feature_file in feature_files:
        try:
            entries += feature_scenarios(Path(feature_file), Path(feature_file).parent)
        except Exception:  # noqa: BLE001 - any parser or reading error: reported by the run
            continue
    return tuple(entries)


def feature_scenarios(path: Path, directory: Path = FEATURES_DIR) -> list[ScenarioEntry]:
    """The scenarios of one feature file ``path`` (named relative to ``directory``), in file order.

    Raises the Gherkin parser's ``CompositeParserException`` when it does not parse, ``OSError``
    when it cannot be read (not a regular file, larger than ``diagnostics.MAX_FILE_BYTES``) and
    ``UnicodeDecodeError`` when it is not UTF-8.
    """
    document = parsed_feature(read_regular(path).decode("utf-8"))
    feature_tags = [tag["name"] for tag in (document.get("feature") or {}).get("tags", [])]
    relative = path.relative_to(directory).as_posix()
    return [ScenarioEntry(relative, scenario["name"], scenario["location"]["line"],
                          tuple(feature_tags + rule_tags + [tag["name"] for tag in scenario.get("tags", [])]),
                          tuple((row.line, row.values) for row in example_rows(scenario)))
            for scenario, rule_tags in parsed_scenarios(document)]


def parsed_scenarios(document: dict) -> list[tuple[dict, list[str]]]:
    """The scenario nodes of a parsed Gherkin document (``rules.features.parsed_feature``), in
    file order, each with the tags of the Rule it sits in (``[]`` outside a Rule)."""
    found = []
    for child in (document.get("feature") or {}).get("children", []):
        rule = child.get("rule")
        if rule is not None:
            rule_tags = [tag["name"] for tag in rule.get("tags", [])]
            found += [(grandchild["scenario"], rule_tags) for grandchild in rule.get("children", []) if "scenario" in grandchild]
        elif "scenario" in child:
            found.append((child["scenario"], []))
    return found


@dataclass(frozen=True)
class ExampleRow:
    """One row of a Scenario Outline's Examples: ``id``, the Gherkin node id (the last of the
    ``astNodeIds`` of the pickle made of it), its ``line`` in the feature file and its ``values``,
    ``((column, value), ...)`` in column order."""

    id: str
    line: int
    values: tuple[tuple[str, str], ...]


def example_rows(scenario: dict) -> tuple[ExampleRow, ...]:
    """A parsed scenario's example rows in file order (``()`` for a plain scenario)."""
    rows = []
    for examples in scenario.get("examples", []):
        columns = [cell["value"] for cell in (examples.get("tableHeader") or {}).get("cells", [])]
        for row in examples.get("tableBody") or []:
            rows.append(ExampleRow(str(row["id"]), row["location"]["line"], tuple(zip(columns, (cell["value"] for cell in row["cells"])))))
    return tuple(rows)
