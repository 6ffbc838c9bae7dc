"""Run the conformance suite in-process: ``run_suite``, and ``engine_factory`` for the engine an
``--engine`` spec names.

``run_suite`` runs pytest in this process (``pytest.main`` with a ``ConformancePlugin``; no
subprocess, no cache) on the bundled scenarios and returns one ``ScenarioResult`` per scenario.
What ``truco conform`` prints and writes of them is the command's (``truco_dsl.cli.conform``).
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
from collections.abc import Callable, Mapping

import pytest

from truco_dsl.conformance.engines.adapter import EngineAdapter
from truco_dsl.conformance.engines.inprocess import TimedAdapter, timed
from truco_dsl.conformance.engines.process import DEFAULT_TIMEOUT, STARTUP_TIMEOUT, ProcessAdapter
from truco_dsl.conformance.report.expectations import Expectations
from truco_dsl.conformance.suite.plugin import CARRIED_PATH, SUITE_PATH, ConformancePlugin, ScenarioResult
from truco_dsl.conformance.suite.readings import check_readings
from truco_dsl.conformance.suite.selection import import_factory, resolve_ruleset, stand_ins
from truco_dsl.errors import EngineFault, EngineStartError, EngineTimeout, SelectionError, SuiteError
from truco_dsl.rules import RuleSet

__all__ = ["ScenarioResult", "SelectionError", "SuiteError", "engine_factory", "run_suite"]


def run_suite(ruleset: str | None = None, tags: str | None = None, adapter_factory: Callable[[], EngineAdapter] | None = None,
              rulesets: Mapping[str, RuleSet] | None = None, quiet: bool = True,
              shard: tuple[int, int] | None = None, expectations: Expectations | None = None,
              exitfirst: bool = False, causes: bool = True) -> list[ScenarioResult]:
    """Run the bundled scenarios against an engine and return what each scenario did.

    ``ruleset``: a rule set id or a rule file path; runs the ``features/<id>/`` scenarios of the
    nearest rule set in its lineage that has some, playing the loaded rule set wherever they name
    that id (a variant of atb-2004 runs features/atb-2004 with the variant played), and the
    scenarios its rule files carry (``features:``), playing it wherever they name its id or a
    parent file's. None: every folder. ``tags``: a Cucumber tag expression (``"@clause:ATB-TRUCO-2 or @id:faults-001"``).
    ``adapter_factory``: makes a fresh ``EngineAdapter`` for each scenario (default: the reference
    engine). ``rulesets``: rule set id -> RuleSet played in its place (by the reference engine; an
    engine under test is asked for it by its own id, ``engines/stand_in.py``).
    A scenario whose forced deal a rule set played in place of the named one cannot deal (on the
    reference engine) is ``not_applicable``, never passed; with no override a refused deal is a failure.
    ``quiet``: hide pytest's output.
    ``shard``: ``(index, count)``: run only every count-th selected scenario from the index-th.
    ``expectations``: the engine's known failures (``expectations.py``): an expected outcome is
    reported ``expected_failure``, a pass of a scenario expected not to pass ``now_passes``.
    ``exitfirst``: stop at the first scenario that fails or breaks (pytest's ``-x``; what
    ``truco mutate`` needs to know a mutant is killed).
    ``causes``: find each failing scenario's likely cause (``ScenarioResult.cause``, about 10 ms a
    failure: its exchange replayed on the reference engine); ``truco mutate`` needs none.

    Raises ``FileNotFoundError`` (unknown rule set), ``RulesetError`` (malformed rule file),
    ``SelectionError`` (bad tag expression, no scenarios for the rule set), ``SuiteError`` (pytest failed to run), ``KeyboardInterrupt`` (Ctrl-C stopped the run).
    """
    overrides = dict(rulesets or {})
    folders, carried = None, ()
    if ruleset is not None:
        folder, loaded = resolve_ruleset(ruleset)
        folders = [] if folder is None else [folder]
        carried = loaded.features
        for named, played in stand_ins(loaded, folder).items():
            overrides.setdefault(named, played)
    plugin = ConformancePlugin(adapter_factory, rulesets=overrides or None, folders=folders, tags=tags, shard=shard,
                               expectations=expectations, carried=carried, causes=causes)
    # no hypothesis plugin: its end-of-run summary imports hypothesis, which pytest then rewrites
    # (2 s of a 10 s run) for a suite that has no property tests; no unraisableexception plugin: its
    # clean-up runs gc.collect() twice per run, most of a small run's time
    arguments = [str(SUITE_PATH), *([str(CARRIED_PATH)] if carried else []), "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:unraisableexception",
                 "-c", os.devnull,
                 "--rootdir", str(SUITE_PATH.parent), "--confcutdir", str(SUITE_PATH.parent)]
    if exitfirst:
        arguments.append("-x")
    if quiet:
        arguments += ["-q", "--no-header"]
    output = io.StringIO()
    with contextlib.ExitStack() as stack:
        if quiet:
            stack.enter_context(contextlib.redirect_stdout(output))
            stack.enter_context(contextlib.redirect_stderr(output))
        # the suite's own pytest session: options meant for the user's test runs do not apply to it
        addopts = os.environ.pop("PYTEST_ADDOPTS", None)
        try:
            code = pytest.main(arguments, plugins=[plugin])
        finally:
            if addopts is not None:
                os.environ["PYTEST_ADDOPTS"] = addopts
    if code == pytest.ExitCode.INTERRUPTED:  # Ctrl-C: pytest caught it; the caller says "interrupted"
        raise KeyboardInterrupt
    if code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR):
        tail = "\n".join(output.getvalue().strip().splitlines()[-15:])
        raise SuiteError(f"pytest could not run the conformance suite (exit code {int(code)})" + (f":\n{tail}" if tail else ""))
    return plugin.results


def engine_factory(spec: str, timeout: float = DEFAULT_TIMEOUT) -> tuple[Callable[[], EngineAdapter], ProcessAdapter | None]:
    """The adapter factory for ``truco conform --engine SPEC``, and the engine process if there is one.

    ``python:module:Class``: ``module.Class()`` (or any callable returning an ``EngineAdapter``)
    for every scenario, in this process, each call held to ``timeout`` (``inprocess.TimedAdapter``:
    a call that does not return in time is the scenario's ``timeout``). Anything else: a program
    and its arguments, split as a shell would (``shlex.split``) but run without one; it is started,
    says ``hello``, and is shared by the scenarios (restarted after a fault). ``timeout``: seconds a
    reply may take.
    Raises ``SelectionError`` for an empty or malformed spec, a module or class that cannot be
    imported, or one that makes something other than an ``EngineAdapter`` (one is made here to see);
    ``EngineStartError`` for a program that cannot be started or does not answer ``hello`` as the
    protocol asks, or a ``python:`` factory that raises (or exits) when asked for an engine, or
    has not made one (and been closed) within ``STARTUP_TIMEOUT`` seconds (or ``timeout`` if longer),
    or for an engine whose ``readings`` name a clause that is not marked ambiguous in spec/sources or
    does not exist (``suite/readings.check_readings``; conformance/PROTOCOL.md, hello).
    """
    if spec.startswith("python:"):
        factory = import_factory(spec[len("python:"):])

        def make_one() -> None:  # as the first scenario would, to see
            try:
                made = factory()
            except (Exception, SystemExit) as problem:  # the engine cannot be made at all: as a program that cannot start
                raise EngineStartError(f"--engine {spec} could not make the engine: {type(problem).__name__}: {problem}") from None
            if not isinstance(made, EngineAdapter):
                members = [*EngineAdapter.__annotations__, *(name for name in vars(EngineAdapter) if not name.startswith("_"))]
                missing = [member for member in dict.fromkeys(members) if getattr(made, member, None) is None]
                raise SelectionError(f"--engine {spec} makes {type(made).__name__!r}, not an EngineAdapter "
                                     f"(conformance/PROTOCOL.md, truco_dsl/conformance/engines/adapter.py): it lacks "
                                     f"{', '.join(missing)}")
            readings = getattr(made, "readings", None) or {}
            getattr(made, "close", lambda: None)()
            check_readings(str(getattr(made, "name", spec)), readings)

        startup = max(timeout, STARTUP_TIMEOUT)  # as a program's hello: making an engine may load much
        try:
            timed("making the engine", make_one, timeout=startup)
        except EngineTimeout:
            raise EngineStartError(f"--engine {spec} did not make an engine within {startup:g} s: making it, reading "
                                   f"its members or closing it has not returned") from None
        return (lambda: TimedAdapter(factory, timeout)), None
    try:
        command = shlex.split(spec)
    except ValueError as problem:
        raise SelectionError(f"bad --engine {spec!r}: {problem}") from None
    if not command:
        raise SelectionError("--engine is empty: give a command ('my-engine --flag') or python:module:Class")
    engine = ProcessAdapter(command, timeout=timeout)
    try:
        engine.start()
    except EngineFault as fault:
        raise EngineStartError(f"the engine {spec!r} did not answer hello as conformance/PROTOCOL.md asks ({fault.outcome}): "
                               + str(fault).replace("\n", " | ")) from None
    try:
        check_readings(engine.name, engine.readings)
    except EngineStartError:
        engine.shutdown()
        raise
    return (lambda: engine), engine
