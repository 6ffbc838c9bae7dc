"""The conformance suite as pytest test modules: every scenario of every bundled feature file, and
the scenarios a rule file carries (``features:``).

Not collected by a plain ``pytest`` run (its name does not start with ``test_``): the conformance
plugin (``plugin.py``) collects it, imports it by package name, gives it the step definitions and
the ``adapter`` fixture, and keeps the scenarios selected by rule set and tag expression.

``bind`` makes one pytest-bdd test per scenario of a feature file, marked ``gherkin(feature=<its
name in reports>, scenario=<name>, line=<its Scenario: line>)``. A feature file that cannot be
parsed becomes one test that fails with the parser's message (marked ``unreadable``), so a broken
file is reported, not silently dropped, and the other files still run. This module binds every
``features/<ruleset>/*.feature`` (named relative to features/) when it is imported; the plugin
binds a rule file's own feature files (named as a person would type their path) into a module of
their own for each run (``carried_module``). Importing this module needs a running pytest session
with the plugin (pytest-bdd applies the scenarios' tags through the session's hooks).
"""

from __future__ import annotations

import types
from collections.abc import Iterable, MutableMapping
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import scenario
from pytest_bdd.scenario import get_python_name_generator

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.conformance.suite.catalogue import feature_scenarios
from truco_dsl.diagnostics import shown
from truco_dsl.rules.features import feature_problems

#: the module name of a rule file's own scenarios (a fresh module for each run)
CARRIED_MODULE = "truco_dsl.conformance.suite.carried"


def _scenario_body() -> None:
    """The body of every bound scenario: the steps are the test."""


def bind(namespace: MutableMapping[str, Any], feature_file: Path, named: str, place: str) -> None:
    """Put in ``namespace`` one test per scenario of ``feature_file``, each marked with its place
    (``named``: the file's name in reports); a file with a problem (``rules.features.feature_problems``:
    unreadable, not Gherkin, two scenarios of one name, which pytest-bdd would run as one…) becomes
    one failing test marked ``unreadable``, whose message names the file as ``place``."""
    found = feature_problems(feature_file)
    why = "; ".join(f"{'line ' + str(each.place.line) + ':' + str(each.place.column) + ': ' if each.line_text else ''}"
                    f"{each.message}" for each in found)
    if not why:
        try:
            entries = feature_scenarios(feature_file, feature_file.parent)
            tests = [(entry, scenario(str(feature_file), entry.name, features_base_dir=str(feature_file.parent))(_scenario_body))
                     for entry in entries]
        except Exception as problem:  # what pytest-bdd refuses beyond those problems
            why = f"{type(problem).__name__}: {problem}"
    if why:
        _unreadable(namespace, named, place, why)
        return
    for entry, test in tests:
        name = next(name for name in get_python_name_generator(entry.name) if name not in namespace)
        pytest.mark.gherkin(feature=named, scenario=entry.name, line=entry.line, entry=entry)(test)
        namespace[name] = test


def _unreadable(namespace: MutableMapping[str, Any], named: str, place: str, why: str) -> None:
    """Put in ``namespace`` a test that fails saying ``why`` the feature file at ``place`` cannot be read."""

    def test_feature_file() -> None:
        pytest.fail(f"{place} cannot be read: {why}", pytrace=False)

    pytest.mark.unreadable(test_feature_file)
    pytest.mark.gherkin(feature=named, scenario="(the feature file cannot be read)")(test_feature_file)
    namespace[f"test_unreadable_{named}"] = test_feature_file


def carried_module(feature_files: Iterable[str]) -> types.ModuleType:
    """A new test module holding the scenarios of ``feature_files`` (absolute paths), each named in
    reports by its path as a person would type it (``diagnostics.shown``)."""
    module = types.ModuleType(CARRIED_MODULE, "the scenarios a rule file carries (features:)")
    for feature_file in feature_files:
        bind(vars(module), Path(feature_file), shown(feature_file), shown(feature_file))
    return module


for _feature_file in sorted(FEATURES_DIR.glob("*/**/*.feature")):
    _named = _feature_file.relative_to(FEATURES_DIR).as_posix()
    bind(globals(), _feature_file, _named, f"features/{_named}")
