"""The conformance suite's pytest plugin: which engine plays, which scenarios run, what each did.

``ConformancePlugin`` is what ``runner.run_suite`` hands to ``pytest.main(plugins=[...])``. It

- provides the ``adapter`` fixture: a fresh ``EngineAdapter`` per scenario from the adapter factory
  (default: ``ReferenceAdapter`` playing the rule-set overrides given);
- loads the step definitions (``steps.py``) and collects the scenarios bound in ``suite.py``;
- turns Gherkin tags into marks: ``@id:faults-001`` -> ``pytest.mark.id("faults-001")``,
  ``@clause:ATB-EMPATE-1`` -> ``pytest.mark.clause("ATB-EMPATE-1")``, any other tag ``@wip`` ->
  ``pytest.mark.tag("wip")``;
- keeps only the scenarios of the selected ``features/<id>/`` folders that match a Cucumber tag
  expression (``"@clause:ATB-TRUCO-2 and not @wip"``);
- records one ``ScenarioResult`` per scenario in ``results``, and rewrites a failed scenario's
  report to name the failing step, so JUnit XML and pytest's own output say it too;
- reports a scenario as *not applicable* (a skip, never a pass) when a rule set played in place of
  the one it names (a variant, a mutant) cannot deal its forced deal: the engine refused the deal
  (``steps.DealRefused``), or dealt it without its vira and a card then ranked otherwise
  (``errors.NotTranslatable``). Without an override a refused deal stays a failure.

The module can also be loaded on pytest's command line (``pytest -p truco_dsl.conformance.suite.plugin
<path of scenarios.py> [<path of carried.py>] --truco-ruleset atb-2004 --truco-tags EXPR --truco-adapter
module:factory``; a rule file's own scenarios are collected from carried.py's path).
"""

from __future__ import annotations

import functools
import importlib
import shlex
import time
import weakref
from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.conformance.engines.adapter import FAULT_OUTCOMES, EngineAdapter, ReferenceAdapter
from truco_dsl.conformance.engines.stand_in import StandInAdapter
from truco_dsl.conformance.engines.transcript import RecordingAdapter, Transcript
from truco_dsl.conformance.report.causes import cause as likely_cause
from truco_dsl.conformance.report.expectations import Expectations, judge
from truco_dsl.conformance.report.outcomes import (ERROR, EXPECTED_FAILURE, FAILED, NOT_APPLICABLE, NOW_PASSES, PASSED, SKIPPED,
                                            UNSUPPORTED)
from truco_dsl.conformance.suite.catalogue import bundled_ids
from truco_dsl.conformance.suite.selection import AdapterFactory, import_factory, parse_tags, resolve_ruleset, stand_ins
from truco_dsl.conformance.suite.steps import DealRefused
from truco_dsl.diagnostics import did_you_mean, shown
from truco_dsl.errors import EngineFault, NotSupported, NotTranslatable, SelectionError
from truco_dsl.rules import RuleSet, is_bundled
from truco_dsl.rules.features import parsed_feature

#: the test module that binds every bundled scenario (collected by path, imported by package name)
SUITE_MODULE = "truco_dsl.conformance.suite.scenarios"
SUITE_PATH = Path(__file__).with_name("scenarios.py")
#: where the scenarios a rule file carries are collected (``carried.py``, given its module per run)
CARRIED_PATH = Path(__file__).with_name("carried.py")
STEPS_MODULE = "truco_dsl.conformance.suite.steps"
PLUGIN_NAME = "truco-conformance"

#: how the skip reason of a not-applicable scenario starts (and of an unsupported one)
NOT_APPLICABLE_PREFIX, UNSUPPORTED_PREFIX = "not applicable", "not supported"


@dataclass
class ScenarioResult:
    """What one scenario did.

    ``id``: its ``@id:`` tag (None if it has none); ``clauses``: its ``@clause:`` ids; ``feature``:
    its file, relative to the features folder (``atb-2004/faults.feature``); ``scenario``: its name;
    ``ruleset``: the rule set played (the variant's id when a variant stood in for the named one);
    ``outcome``: ``passed``, ``failed`` (a check did not hold), ``error`` (the engine or the
    scenario broke), ``timeout`` / ``crash`` / ``protocol_error`` (the engine did not reply in time,
    exited, or replied outside the protocol; ``message`` has the offending line and the engine's
    stderr), ``unsupported`` (the engine does not play it), ``not_applicable`` (a rule set
    played in place of the named one — a variant, a mutant — cannot deal the scenario's forced
    deal; ``failing_step`` is that deal step, ``message`` the engine's refusal) or ``skipped``;
    ``duration`` in seconds; ``failing_step``: the first step that failed, as written with its line;
    ``message``: why it failed. With an expectations file the outcome may also be
    ``expected_failure`` or ``now_passes`` (``outcomes.py``).
    ``line``: the line of its ``Scenario:`` in the feature file; ``failing_step_line``: the failing
    step's line (None when no step failed); ``expected``: the expectations file's entry for it
    (``{"outcome", "reason", "file", "line"}``) or None; ``engine``: the engine's name;
    ``engine_replies``: for a scenario that did not pass, its last exchanges with the engine as
    protocol lines (``transcript.py``: ``[{"request": str, "reply": str | None}, ...]``), else empty;
    ``translated``: how its forced deals were dealt under the rule set played in place of the named
    one (a deal with a vira dealt without it, ``translation.ViraTranslation``), None when as written;
    ``explain``: for a scenario that did not pass, the command that replays it on the reference
    engine with the clause behind each step (``explain_command``), else None.
    ``steps``: for a scenario that failed, broke, met a fault or failed as expected, its Gherkin
    steps as run (an outline's with its row's values in), each ``{"keyword", "text", "line",
    "failed", "table", "docstring"}`` (``_steps_of``; ``failed`` true for the failing one), else
    empty; ``example``: a Scenario Outline row's values (column -> value), whatever its outcome,
    else None; ``row_line``: that row's line in the feature file (``line`` is its outline's).
    ``before_check``: whether it failed before reaching its own check: in its set-up (the engine
    fixture) or at a step before its first ``Then`` step (a ``Given``, a ``When``, or an ``And`` /
    ``But`` of them); such a failure is not charged to its clauses (``--json`` still lists them).
    ``cause``: for a scenario that failed, broke or met an engine fault, its likely cause
    (``report/causes.py``, ``causes.cause``): ``{"key", "said", "clause", "clauses", "parameter",
    "command", "request"}`` — the group it falls in, this scenario's own words for it, the clauses
    the departure breaks (``clause``: the first; ``parameter``: the rule file's parameter group
    whose cites they are, as ``deck.manilha``, else None), and the command and position (1-based)
    of the first request the engine answered otherwise than the reference, or at which an engine
    fault broke the exchange off (None when neither was found and the key is the failing step's
    shape); else None.
    """

    id: str | None
    clauses: tuple[str, ...]
    feature: str
    scenario: str
    ruleset: str | None
    outcome: str
    duration: float
    failing_step: str | None = None
    message: str | None = None
    line: int | None = None
    failing_step_line: int | None = None
    expected: dict[str, Any] | None = None
    engine: str | None = None
    engine_replies: list[dict[str, str | None]] = field(default_factory=list)
    translated: str | None = None
    explain: str | None = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    example: dict[str, str] | None = None
    row_line: int | None = None
    before_check: bool = False
    cause: dict[str, Any] | None = None

    @property
    def shown_id(self) -> str:
        """The id as reports show it: with the rule set of an outline's row, whose rows share one id
        (``desacordos-001[fpt-1983]``); ``(no id)`` when it has none."""
        identifier = self.id or "(no id)"
        return f"{identifier}[{self.ruleset}]" if self.feature.startswith("desacordos/") and self.ruleset else identifier

    @property
    def feature_path(self) -> str:
        """Its feature file as a person finds it: ``features/atb-2004/empate.feature`` for a bundled
        one, the path as given for one a rule file carries."""
        return f"features/{self.feature}" if (FEATURES_DIR / self.feature).is_file() else self.feature

    def as_json(self) -> dict[str, Any]:
        """The record as plain JSON (``clauses`` a list)."""
        record = asdict(self)
        record["clauses"] = list(self.clauses)
        return record










class SuiteModule(pytest.Module):
    """The suite's test module, imported by its package name (``truco_dsl.conformance.suite.scenarios``)
    rather than from its path, so it is one module with one set of step definitions whether the
    package is installed editable or not, and however often the suite runs in one process."""

    def _getobj(self) -> Any:
        module = importlib.import_module(SUITE_MODULE)
        self.config.pluginmanager.consider_module(module)
        return module


class CarriedModule(pytest.Module):
    """The test module of the scenarios a rule file carries: built for this run from the feature
    files in ``feature_files`` (set by the plugin when it makes this collector)."""

    feature_files: tuple[str, ...] = ()

    def _getobj(self) -> Any:
        from truco_dsl.conformance.suite.scenarios import carried_module

        module = carried_module(self.feature_files)
        for test in vars(module).values():
            if callable(test):
                pytest.mark.carried(test)
        return module


class ConformancePlugin:
    """The plugin object. ``adapter_factory``: makes the adapter for each scenario (default:
    ``ReferenceAdapter(rulesets)``); ``rulesets``: rule set id -> RuleSet played in its place: by the
    default adapter, or asked of the engine the factory makes by its own id (``stand_in.StandInAdapter``); ``folders``: the ``features/<id>/`` folders to run (None: all); ``tags``: a
    Cucumber tag expression (None: every scenario); ``shard``: ``(index, count)`` to keep only every
    count-th selected scenario from the index-th (0-based; None: all), for ``--jobs``;
    ``expectations``: the engine's known failures (``expectations.judge`` gives each scenario its
    reported outcome; JUnit XML then shows an expected failure as an xfail and a ``now_passes`` as a
    failure); ``carried``: the feature files of the scenarios the rule set played carries
    (``RuleSet.features``), run besides the folders' whatever the folders; ``causes``: find each
    failing scenario's likely cause (``report/causes.py``; False leaves ``cause`` None). Raises
    ``SelectionError`` for a bad expression.
    After the run, ``results`` holds one ``ScenarioResult`` per scenario run, in order.
    """

    def __init__(self, adapter_factory: AdapterFactory | None = None, rulesets: Mapping[str, RuleSet] | None = None,
                 folders: Iterable[str] | None = None, tags: str | None = None, shard: tuple[int, int] | None = None,
                 expectations: Expectations | None = None, carried: Iterable[str] = (), causes: bool = True):
        self.expectations = expectations
        self.causes = causes
        self.carried = tuple(carried)
        self.rulesets: dict[str, RuleSet] = dict(rulesets or {})
        #: the ids a scenario may name in this run without being about another rule set: those played in
        #: place of others and every id of what is played
        self._inside = set(self.rulesets).union(*(ruleset.lineage for ruleset in self.rulesets.values()))
        self.shard = shard
        self.plays_reference = adapter_factory is None
        loaded: dict[str, RuleSet] = {}  # the bundled rule sets this run's reference adapters loaded
        if adapter_factory is not None and self.rulesets:  # the engine under test asked for them by their own ids
            under_test = adapter_factory
            adapter_factory = lambda: StandInAdapter(under_test(), self.rulesets)  # noqa: E731
        self.adapter_factory: AdapterFactory = adapter_factory or (lambda: ReferenceAdapter(self.rulesets, loaded))
        self.folders = None if folders is None else set(folders)
        self.tags = tags
        self.tag_filter = parse_tags(tags)
        self.results: list[ScenarioResult] = []
        self._steps: dict[str, tuple[str, int, str]] = {}  # nodeid -> (failing step, its line, message)
        self._phases: dict[str, list[_Phase]] = {}
        self._transcripts: dict[str, tuple[Transcript, str]] = {}  # nodeid -> (its exchanges, the engine's name)
        self._translations: dict[str, list[str]] = {}  # nodeid -> how its deals were translated
        self._scenarios: dict[str, tuple[Any, dict[str, str] | None]] = {}  # nodeid -> (its scenario as run, its row)

    # ------------------------------------------------------------------ configuration, collection
    def pytest_configure(self, config: pytest.Config) -> None:
        for line in ("id(value): the scenario's stable @id: tag",
                     "clause(value): a regulation clause the scenario checks (@clause: tag)",
                     "tag(value): any other Gherkin tag of the scenario",
                     "gherkin(feature, scenario, line, entry): the feature file (relative to features/), scenario name and line, "
                     "its catalogue.ScenarioEntry",
                     "unreadable: a feature file that cannot be parsed (always selected, always an error)",
                     "carried: a scenario the rule file played carries (features:), run whatever the folders"):
            config.addinivalue_line("markers", line)
        if not config.pluginmanager.has_plugin(STEPS_MODULE):
            config.pluginmanager.register(importlib.import_module(STEPS_MODULE), STEPS_MODULE)
        memoize_step_lookup(config)
        parse_features_once()

    def pytest_pycollect_makemodule(self, module_path: Path, parent: pytest.Collector) -> pytest.Module | None:
        if module_path.resolve() == SUITE_PATH.resolve():
            return SuiteModule.from_parent(parent, path=module_path)
        if module_path.resolve() == CARRIED_PATH.resolve():
            module = CarriedModule.from_parent(parent, path=module_path)
            module.feature_files = self.carried
            return module
        return None

    @pytest.hookimpl(tryfirst=True)
    def pytest_bdd_apply_tag(self, tag: str, function: Callable[..., Any]) -> bool:
        """``id:x`` -> mark id("x"); ``clause:X`` -> mark clause("X"); anything else -> mark tag(...)."""
        kind, _, value = tag.partition(":")
        if kind in ("id", "clause") and value:
            getattr(pytest.mark, kind)(value)(function)
        else:
            pytest.mark.tag(tag)(function)
        return True

    @pytest.hookimpl(tryfirst=True)
    def pytest_pycollect_makeitem(self, collector: pytest.Collector, name: str, obj: object) -> list[pytest.Item] | None:
        """Make no test of a scenario the selection leaves out (a small selection's run is mostly
        the collection of every scenario otherwise); ``pytest_collection_modifyitems`` still decides."""
        marks = {mark.name: mark for mark in getattr(obj, "pytestmark", ())}
        if "gherkin" not in marks or "unreadable" in marks:
            return None
        return None if self._selected_marks(getattr(obj, "pytestmark", ())) else []

    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        keep, drop = [], []
        for item in items:
            (keep if self._selected(item) else drop).append(item)
        if self.shard is not None:
            index, count = self.shard
            drop += [item for position, item in enumerate(keep) if position % count != index]
            keep = keep[index::count]
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

    def _selected(self, item: pytest.Item) -> bool:
        return self._selected_marks(list(item.iter_markers()))

    def _selected_marks(self, marks: Iterable[pytest.Mark]) -> bool:
        """Whether a scenario with these marks is in the selection (folders, tag expression)."""
        marks = list(marks)
        where = next((mark for mark in marks if mark.name == "gherkin"), None)
        if where is None:
            return True
        feature = where.kwargs.get("feature", "")
        carried = any(mark.name == "carried" for mark in marks)
        if self.folders is not None and not carried and feature.split("/", 1)[0] not in self.folders:
            return False
        if any(mark.name == "unreadable" for mark in marks) or self.tag_filter is None:
            return True
        return self.tag_filter.evaluate(sorted(_tags_of(marks)))

    # ------------------------------------------------------------------ the engine
    @pytest.fixture
    def adapter(self, request: pytest.FixtureRequest) -> Generator[EngineAdapter, None, None]:
        """A fresh engine adapter for one scenario, closed after it. (The Given step that names the
        table's rule set skips the scenario as not supported when the engine reads one of its clauses
        otherwise there: suite/readings.py.)"""
        engine = self.adapter_factory()
        transcript = getattr(engine, "transcript", None)
        if isinstance(transcript, Transcript):  # an engine behind the protocol keeps its own lines
            transcript.clear()
            played: EngineAdapter = engine
        else:
            transcript = Transcript()
            played = RecordingAdapter(engine, transcript)
        self._transcripts[request.node.nodeid] = (transcript, str(getattr(engine, "name", "?")))
        try:
            yield played
        finally:
            self._translations[request.node.nodeid] = list(getattr(engine, "translations", []))
            engine.close()

    # ------------------------------------------------------------------ recording
    def pytest_bdd_before_scenario(self, request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
        callspec = getattr(request.node, "callspec", None)
        example = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
        self._scenarios[request.node.nodeid] = (scenario, {str(k): str(v) for k, v in example.items()} if example else None)

    def pytest_bdd_step_error(self, request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                              step_func: Any, step_func_args: Any, exception: BaseException) -> None:
        self._steps.setdefault(request.node.nodeid, (_step_text(step), step.line_number, _message(exception)))

    def pytest_bdd_step_func_lookup_error(self, request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                                          exception: BaseException) -> None:
        self._steps.setdefault(request.node.nodeid, (
            _step_text(step), step.line_number,
            "no step definition matches this step: it is not in the step vocabulary (conformance/STEPS.md)"))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
        outcome = yield
        report: pytest.TestReport = outcome.get_result()
        kind = None
        outside = self._outside(item) if report.when == "call" and not report.skipped else None
        if outside is not None and item.get_closest_marker("carried") is not None:
            kind = FAILED  # a rule file's own scenario that plays another rule set judges nothing of it
            self._steps.pop(item.nodeid, None)  # whatever step failed on the way, this is the why
            report.outcome = "failed"
            report.longrepr = (f"the scenario plays {outside}, which {self._run_ids()} neither is nor extends: a rule "
                               f"file's own scenarios play it (Given a game of \"{self._run_ids()}\" …)")
        elif outside is not None:
            report.outcome = "skipped"
            report.longrepr = (str(item.path), (item.location[1] or 0) + 1,
                               f"{NOT_APPLICABLE_PREFIX}: it plays {outside}, which {self._run_ids()} neither is nor "
                               f"extends: it judges {outside}, not the rule set of this run")
        elif (call.excinfo is not None and report.failed and call.excinfo.errisinstance((DealRefused, NotTranslatable))
                and self._overridden(item) and (self.plays_reference or getattr(call.excinfo.value, "by_variant", False))):
            self._not_applicable(item, report, call.excinfo.value)
        elif report.skipped and self._overridden(item) and self._seats_refused(item):
            self._not_applicable_table(item, report)
        elif report.skipped and self.plays_reference and item.get_closest_marker("carried") is not None \
                and _skip_reason(report).startswith(UNSUPPORTED_PREFIX):
            kind = FAILED  # the rule file's own scenario asks for a game the run cannot play: its author's mistake
            report.outcome = "failed"
            report.longrepr = self._unplayable(item)
        elif call.excinfo is not None and report.failed and call.excinfo.errisinstance(NotSupported):
            report.outcome = "skipped"
            report.longrepr = (str(item.path), (item.location[1] or 0) + 1, str(call.excinfo.value))
        elif call.excinfo is not None and report.failed and call.excinfo.errisinstance(EngineFault):
            kind = call.excinfo.value.outcome
            report.longrepr = f"{call.excinfo.value.outcome}: {call.excinfo.value}"
        elif call.excinfo is not None and report.failed:
            kind = FAILED if call.excinfo.errisinstance((AssertionError, pytest.fail.Exception)) else ERROR
            failing = self._steps.get(item.nodeid)
            if failing is not None and call.when == "call":
                step, _, message = failing
                where = item.get_closest_marker("gherkin")
                header = f"{where.kwargs.get('feature')}: scenario {where.kwargs.get('scenario')!r}\n" if where else ""
                if kind == FAILED:
                    report.longrepr = f"{header}step failed: {step}\n{message}"
                else:
                    report.sections.append(("conformance", f"{header}step broke: {step}\n{message}"))
        self._phases.setdefault(item.nodeid, []).append(_Phase.of(report, kind))
        if report.when == "call" and self.expectations is not None:
            self._show_expectation(item, report, kind)

    def _show_expectation(self, item: pytest.Item, report: pytest.TestReport, kind: str | None) -> None:
        """Make the call report say what the expectations make of it, for JUnit XML and pytest's
        output: an expected failure as an xfail, a scenario expected to fail that passed as a failure."""
        expectation = self.expectations.find(_first_id(item), self._played(dict(item.user_properties).get("ruleset")),
                                             self._scenarios.get(item.nodeid, (None, None))[1])
        if expectation is None:
            return
        if report.passed:
            report.outcome = "failed"
            report.longrepr = (f"now passes: remove it from {expectation.place.file} (line {expectation.place.line}); "
                               f"expected {expectation.outcome}: {expectation.reason}")
        elif report.failed and judge(kind or FAILED, expectation) == EXPECTED_FAILURE:
            report.outcome = "skipped"
            report.wasxfail = f"expected {expectation.outcome}: {expectation.reason}"

    def _played(self, named: str | None) -> str | None:
        """The id of the rule set played when a scenario names ``named``."""
        return self.rulesets[named].id if named in self.rulesets else named

    def pytest_runtest_teardown(self, item: pytest.Item) -> None:
        named = dict(item.user_properties).get("ruleset")
        if named is not None and self._played(named) != named:
            item.user_properties.append(("ruleset_played", self._played(named)))

    def _overridden(self, item: pytest.Item) -> bool:
        """Whether the scenario plays a rule set in place of the one it names (the reference engine
        plays it there, an engine under test is asked for it by its own id: ``stand_in.py``)."""
        named = dict(item.user_properties).get("ruleset")
        return named in self.rulesets and self.rulesets[named].id != named

    def _not_applicable(self, item: pytest.Item, report: pytest.TestReport, refusal: BaseException) -> None:
        """Turn the failed report of a refused forced deal under an override into a skip whose
        reason starts with ``not applicable`` (JUnit XML and pytest's output show it skipped)."""
        named = dict(item.user_properties).get("ruleset")
        played = self.rulesets[named]
        step = self._steps.get(item.nodeid, (None, None, None))[0]
        if isinstance(refusal, NotTranslatable):  # dealt without its vira, until a card ranked otherwise
            reason = (f"{NOT_APPLICABLE_PREFIX}: {played.id} is played in place of {named}, dealing this scenario without "
                      f"its vira{', and at ' + step if step else ''}: {refusal}")
        else:
            reason = (f"{NOT_APPLICABLE_PREFIX}: {played.id} is played in place of {named} and cannot deal this "
                      f"scenario's forced deal{' (' + step + ')' if step else ''}: {_message(refusal)}")
        report.outcome = "skipped"
        report.longrepr = (str(item.path), (item.location[1] or 0) + 1, reason)

    def _seats_refused(self, item: pytest.Item) -> bool:
        """Whether the rule set played in place of the scenario's has no table of its player count."""
        properties = dict(item.user_properties)
        return properties.get("players") not in self.rulesets[properties["ruleset"]].players

    def _not_applicable_table(self, item: pytest.Item, report: pytest.TestReport) -> None:
        """The skip of a scenario whose player count the rule set played in its place does not
        allow (``truco conform --ruleset`` with a variant of another table), as not applicable."""
        properties = dict(item.user_properties)
        named, players = properties["ruleset"], properties["players"]
        played = self.rulesets[named]
        seats = ", ".join(map(str, played.players))
        reason = (f"{NOT_APPLICABLE_PREFIX}: {played.id} is played in place of {named} and is played by {seats} "
                  f"players (table.players), not {players}")
        report.longrepr = (str(item.path), (item.location[1] or 0) + 1, reason)

    def _outside(self, item: pytest.Item) -> str | None:
        """The rule set a scenario played when it is outside the lineage of the rule set this run
        plays in place of others (a scenario of features/atb-2004 about baralho-limpo, in a run of a
        variant of manilha-velha), else None."""
        if not self.rulesets:
            return None
        named = dict(item.user_properties).get("ruleset")
        return named if named is not None and named not in self._inside else None

    def _run_ids(self) -> str:
        """The id(s) of the rule set(s) this run plays in place of others."""
        return ", ".join(sorted({ruleset.id for ruleset in self.rulesets.values()}))

    def _unplayable(self, item: pytest.Item) -> str:
        """Why a rule file's own scenario cannot be played: the rule set it names is none the run
        plays (with the closest one), or not at that player count."""
        properties = dict(item.user_properties)
        named, players = properties.get("ruleset"), properties.get("players")
        played = self.rulesets.get(named)
        if played is None:
            ours = sorted({ruleset.id for ruleset in self.rulesets.values()})
            return (f"the scenario asks for a game of {named!r}, which this run does not play{did_you_mean(str(named), ours)}; "
                    f"the rule file's own scenarios name its id ({', '.join(repr(ruleset_id) for ruleset_id in ours)})")
        return (f"the scenario asks for {players} players; {played.id} is played by {', '.join(map(str, played.players))} "
                f"(table.players)")

    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        for mark in item.iter_markers("id"):
            item.user_properties.append(("id", mark.args[0]))
        clauses = [mark.args[0] for mark in item.iter_markers("clause")]
        if clauses:
            item.user_properties.append(("clauses", " ".join(sorted(clauses))))
        if item.get_closest_marker("carried") is not None and item.get_closest_marker("unreadable") is None:
            problems = self._carried_problems(item)
            if problems:
                pytest.fail("; ".join(problems), pytrace=False)

    def _carried_problems(self, item: pytest.Item) -> list[str]:
        """What a rule file's own scenario shares with a bundled one that it may not: its ``@id:``
        (the rest of what every scenario has, the loader checks: ``rules.features``)."""
        ids = [mark.args[0] for mark in item.iter_markers("id")]
        if ids and ids[0] in bundled_ids():
            return [f"@id:{ids[0]} is a bundled scenario's id too (`truco where {ids[0]}`): give it an id of its own"]
        return []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, None]:
        started = time.perf_counter()
        yield
        self.results.append(self._result(item, time.perf_counter() - started))

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.results.append(ScenarioResult(id=None, clauses=(), feature=report.nodeid, scenario="(collection)",
                                               ruleset=None, outcome=ERROR, duration=0.0, failing_step=None,
                                               message=str(report.longrepr)))

    def _result(self, item: pytest.Item, duration: float) -> ScenarioResult:
        phases = self._phases.pop(item.nodeid, [])
        failing_step, failing_step_line, message = self._steps.pop(item.nodeid, (None, None, None))
        outcome = PASSED
        for phase in phases:
            if phase.outcome == "skipped":
                reason = phase.text
                if reason.startswith(NOT_APPLICABLE_PREFIX):
                    outcome, message = NOT_APPLICABLE, reason
                else:
                    outcome = UNSUPPORTED if reason.startswith(UNSUPPORTED_PREFIX) else SKIPPED
                    message = message or reason
                break
            if phase.outcome == "failed":
                kind = phase.kind
                outcome = kind if kind in FAULT_OUTCOMES else ERROR if phase.when != "call" else (kind or FAILED)
                if message is None:
                    message = phase.text
                    failing_step = failing_step or (f"({phase.when} of the scenario)" if phase.when != "call" else None)
                break
        if failing_step is None:
            failing_step_line = None
        where = item.get_closest_marker("gherkin")
        named = dict(item.user_properties).get("ruleset")
        played = self._played(named)
        expectation = (self.expectations.find(_first_id(item), played, self._scenarios.get(item.nodeid, (None, None))[1])
                       if self.expectations is not None else None)
        outcome = judge(outcome, expectation)
        if outcome == NOW_PASSES:
            message = (f"now passes: remove it from {expectation.place.file} (line {expectation.place.line}); "
                       f"expected {expectation.outcome}: {expectation.reason}")
        transcript, engine = self._transcripts.pop(item.nodeid, (None, None))
        translations = self._translations.pop(item.nodeid, [])
        replies = transcript.exchanges() if transcript is not None and outcome not in (PASSED, NOW_PASSES) else []
        scenario, example = self._scenarios.pop(item.nodeid, (None, None))
        shown = outcome not in (PASSED, NOW_PASSES, SKIPPED, UNSUPPORTED, NOT_APPLICABLE)
        steps = _steps_of(scenario, failing_step_line) if scenario is not None and shown else []
        failed = outcome in (FAILED, ERROR, *FAULT_OUTCOMES)
        before_check = failed and (any(phase.when == "setup" and phase.outcome == "failed" for phase in phases)
                                   or (scenario is not None and _before_check(scenario, failing_step_line)))
        cause = self._cause(transcript, outcome, failing_step, message) if failed and self.causes else None
        ids = [mark.args[0] for mark in item.iter_markers("id")]
        return ScenarioResult(
            id=ids[0] if ids else None,
            clauses=tuple(sorted({mark.args[0] for mark in item.iter_markers("clause")})),
            feature=where.kwargs.get("feature", "") if where else item.nodeid,
            scenario=where.kwargs.get("scenario", item.name) if where else item.name,
            ruleset=played,
            outcome=outcome,
            duration=round(duration, 6),
            failing_step=failing_step,
            message=message,
            line=where.kwargs.get("line") if where else None,
            failing_step_line=failing_step_line,
            expected=expectation.as_json() if expectation is not None else None,
            engine=engine,
            engine_replies=replies,
            translated=None if outcome == NOT_APPLICABLE else "; ".join(dict.fromkeys(translations)) or None,
            explain=None if outcome in (PASSED, NOW_PASSES, UNSUPPORTED, NOT_APPLICABLE, SKIPPED) else
            explain_command(_first_id(item), where.kwargs.get("feature", "") if where else "", played, self.rulesets),
            steps=steps,
            example=example,
            row_line=where.kwargs["entry"].row_line(example) if where and example and "entry" in where.kwargs else None,
            before_check=before_check,
            cause=cause,
        )

    def _cause(self, transcript: Transcript | None, outcome: str, failing_step: str | None,
               message: str | None) -> dict[str, Any]:
        """A failing scenario's likely cause (``ScenarioResult.cause``): its departure from the
        reference engine replaying its exchange, else its engine fault or failing step (``causes.cause``).
        The reference plays the rule set the scenario names as bundled when the engine under test is
        the reference itself playing another in its place (a variant, a mutant: its departure from
        the regulation is the cause), else what this run's reference would play."""
        played = {} if self.plays_reference else self.rulesets
        return likely_cause(transcript.whole() if transcript is not None else None, played, outcome, failing_step, message)


def explain_command(scenario_id: str | None, feature: str, played: str | None, rulesets: Mapping[str, RuleSet]) -> str | None:
    """``truco explain ID``, the command that replays scenario ``scenario_id`` of ``feature`` (relative
    to features/) on the reference engine, saying which clause does what at each step; with
    ``--ruleset`` the rule set ``played`` when it is not the one the scenario's folder is written for:
    its id when bundled, else its file (``rulesets``: those of the run, id -> RuleSet). None
    without an id."""
    if scenario_id is None:
        return None
    if played in rulesets and not is_bundled(rulesets[played]):  # a file: a variant, or a changed copy of a bundled id
        return f"truco explain {scenario_id} --ruleset {shlex.quote(shown(rulesets[played].file))}"
    if not played or played == feature.split("/", 1)[0]:
        return f"truco explain {scenario_id}"
    return f"truco explain {scenario_id} --ruleset {shlex.quote(played)}"


@dataclass(frozen=True)
class _Phase:
    """What one phase (setup, call, teardown) of a scenario did, taken from its report before the
    expectations rewrite it: ``outcome`` (pytest's), ``kind`` (the plugin's failure kind or None),
    ``text`` (the skip reason, or the failure's message)."""

    when: str
    outcome: str
    kind: str | None
    text: str

    @classmethod
    def of(cls, report: pytest.TestReport, kind: str | None) -> "_Phase":
        text = _skip_reason(report) if report.skipped else _report_text(report) if report.failed else ""
        return cls(report.when, report.outcome, kind, text)


def _first_id(item: pytest.Item) -> str | None:
    ids = [mark.args[0] for mark in item.iter_markers("id")]
    return ids[0] if ids else None


def gherkin_tags(item: pytest.Item) -> set[str]:
    """The scenario's Gherkin tags (with ``@``) rebuilt from its marks."""
    return _tags_of(item.iter_markers())


def _tags_of(marks: Iterable[pytest.Mark]) -> set[str]:
    prefixes = {"id": "@id:", "clause": "@clause:", "tag": "@"}
    return {prefixes[mark.name] + mark.args[0] for mark in marks if mark.name in prefixes}


def _steps_of(scenario: Any, failing_line: int | None) -> list[dict[str, Any]]:
    """A pytest-bdd scenario's steps as run, each ``{"keyword", "text", "line", "failed", "table",
    "docstring"}`` (``failed``: the step at ``failing_line``; ``table``: its data table's rows of
    cells, ``docstring``: its doc string, each None when it has none)."""
    return [{"keyword": step.keyword.strip(), "text": step.name, "line": step.line_number,
             "failed": step.line_number == failing_line,
             "table": [[str(cell) for cell in row] for row in step.datatable.raw()] if step.datatable else None,
             "docstring": step.docstring} for step in scenario.steps]


def _before_check(scenario: Any, failing_line: int | None) -> bool:
    """Whether the step at ``failing_line`` of a pytest-bdd scenario comes before its first ``Then``
    step (an ``And`` or ``But`` is of its predecessor's type)."""
    lines = [step.line_number for step in scenario.steps]
    first_then = next((position for position, step in enumerate(scenario.steps) if step.type == "then"), len(lines))
    return failing_line in lines and lines.index(failing_line) < first_then


def _step_text(step: Any) -> str:
    return f"{step.keyword.strip()} {step.name} (line {step.line_number})"


def _message(exception: BaseException) -> str:
    if isinstance(exception, (EngineFault, NotSupported)):
        return str(exception)
    if isinstance(exception, (AssertionError, pytest.fail.Exception)):
        return str(exception.msg if isinstance(exception, pytest.fail.Exception) else exception) or "assertion failed"
    return f"{type(exception).__name__}: {exception}"


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _report_text(report: pytest.TestReport) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr)
    return text.removeprefix("Failed: ")  # pytest.fail's own word before the message


# ---------------------------------------------------------------------- step lookup
#: pytest-bdd's module pytest_bdd.scenario (its package's name ``scenario`` is a function)
pytest_bdd_scenario = importlib.import_module("pytest_bdd.scenario")
#: per run (its configuration): (step type, step text) -> the step definitions that parse it
_STEP_LOOKUPS: "weakref.WeakKeyDictionary[Any, dict[tuple[str, str], list[Any]]]" = weakref.WeakKeyDictionary()


def memoize_step_lookup(config: pytest.Config) -> None:
    """Make pytest-bdd look each step up once per run: its ``find_fixturedefs_for_step`` tries every
    step definition's pattern on every step of every scenario (44% of an in-process run before). Our step
    definitions are all in the steps module, registered as a plugin, hence visible to every scenario:
    which ones parse a step depends on the step's type and text alone, so the answer is kept by those,
    for this run only (other pytest runs in the process look up as before). A step no definition
    parses is kept as such (an empty answer): pytest-bdd reports it as it always did. Only this one
    function of pytest-bdd is replaced, by a wrapper that calls it (its ``__wrapped__``, which
    tests/test_step_lookup.py holds the memo to, step by step); a pytest-bdd without it (the
    project asks for >=7; 9 has it) looks steps up as it always does, only slower."""
    looked_up = getattr(pytest_bdd_scenario, "find_fixturedefs_for_step", None)
    if looked_up is None:
        return
    _STEP_LOOKUPS[config] = {}
    if getattr(looked_up, "memoized", False):
        return

    @functools.wraps(looked_up)
    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterable[Any]:
        kept = _STEP_LOOKUPS.get(fixturemanager.config)
        if kept is None:
            return looked_up(step, fixturemanager, node)
        key = (step.type, step.name)
        if key not in kept:
            found = list(looked_up(step, fixturemanager, node))
            if any(fixturedef.baseid for fixturedef in found):  # a definition seen by some scenarios only
                return found
            kept[key] = found
        return list(kept[key])

    find_fixturedefs_for_step.memoized = True  # type: ignore[attr-defined]
    pytest_bdd_scenario.find_fixturedefs_for_step = find_fixturedefs_for_step


def parse_features_once() -> None:
    """Make pytest-bdd build its features from the Gherkin document ``rules.features.parsed_feature``
    keeps, which the suite's binding parsed already for the file's problems (the same parser on
    the same text: each feature file was parsed twice a run). Only the one function pytest-bdd's
    feature parser calls is replaced, by a wrapper that falls back to it (its ``__wrapped__``) for a
    file that does not parse, so pytest-bdd reports that as it always did; a pytest-bdd without it
    parses as it always does."""
    try:
        pytest_bdd_parser = importlib.import_module("pytest_bdd.parser")
        document_of = importlib.import_module("pytest_bdd.gherkin_parser").GherkinDocument
    except (ImportError, AttributeError):  # an older pytest-bdd, with a parser of its own
        return
    looked_up = getattr(pytest_bdd_parser, "get_gherkin_document", None)
    if looked_up is None or getattr(looked_up, "shared", False):
        return

    @functools.wraps(looked_up)
    def get_gherkin_document(abs_filename: str, encoding: str = "utf-8") -> Any:
        try:
            text = Path(abs_filename).read_text(encoding=encoding)
            return document_of.from_dict(parsed_feature(text))
        except Exception:  # noqa: BLE001 - unreadable or not Gherkin: pytest-bdd says so in its words
            return looked_up(abs_filename, encoding)

    get_gherkin_document.shared = True  # type: ignore[attr-defined]
    pytest_bdd_parser.get_gherkin_document = get_gherkin_document


# ---------------------------------------------------------------------- loaded with pytest -p
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("truco", "truco-dsl conformance")
    group.addoption("--truco-ruleset", default=None, metavar="ID|FILE",
                    help="run the scenarios of this rule set (a variant file runs its parent's scenarios, playing the variant, "
                         "and those it carries, features:, collected at carried.py's path)")
    group.addoption("--truco-tags", default=None, metavar="EXPR", help="Cucumber tag expression selecting scenarios")
    group.addoption("--truco-adapter", default=None, metavar="MODULE:CALLABLE",
                    help="the engine adapter factory (default: the reference engine)")


def pytest_configure(config: pytest.Config) -> None:
    """When this module is loaded with ``-p``, register a ConformancePlugin built from the options
    (unless one was passed in already, as ``run_suite`` does)."""
    if config.pluginmanager.get_plugin(PLUGIN_NAME) is not None or any(
            isinstance(plugin, ConformancePlugin) for plugin in config.pluginmanager.get_plugins()):
        return
    try:
        folders, rulesets, carried = None, {}, ()
        reference = config.getoption("truco_ruleset")
        if reference:
            folder, ruleset = resolve_ruleset(reference)
            folders = [] if folder is None else [folder]
            rulesets, carried = stand_ins(ruleset, folder), ruleset.features
        factory_name = config.getoption("truco_adapter")
        factory = import_factory(factory_name) if factory_name else None
        plugin = ConformancePlugin(factory, rulesets=rulesets or None, folders=folders, tags=config.getoption("truco_tags"),
                                   carried=carried)
    except (SelectionError, FileNotFoundError, ValueError) as problem:
        raise pytest.UsageError(str(problem).splitlines()[0]) from None
    config.pluginmanager.register(plugin, PLUGIN_NAME)
    plugin.pytest_configure(config)
