"""The conformance suite as a pytest test module: every scenario of every bundled feature file.

Not collected by a plain ``pytest`` run (its name does not start with ``test_``): the conformance
plugin (``plugin.py``) collects it, imports it by package name, gives it the step definitions and
the ``adapter`` fixture, and keeps the scenarios selected by rule set and tag expression.

Each ``features/<ruleset>/*.feature`` is bound with pytest-bdd's ``scenarios()``; every test it
makes is marked ``gherkin(feature=<file relative to features/>, scenario=<name>, line=<its Scenario: line>)``. A feature file
that cannot be parsed becomes one test that fails with the parser's message (marked
``unreadable``), so a broken file is reported, not silently dropped, and the other files still run.
Importing this module needs a running pytest session with the plugin (pytest-bdd applies the
scenarios' tags through the session's hooks).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pytest_bdd import scenarios
from pytest_bdd.exceptions import NoScenariosFound

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.conformance.suite.catalogue import feature_scenarios


def _unreadable(feature: str, problem: Exception) -> None:
    """Put in this module a test that fails saying why ``feature`` cannot be read."""

    def test_feature_file() -> None:
        pytest.fail(f"features/{feature} cannot be read: {type(problem).__name__}: {problem}", pytrace=False)

    pytest.mark.unreadable(test_feature_file)
    pytest.mark.gherkin(feature=feature, scenario="(the feature file cannot be read)")(test_feature_file)
    globals()[f"test_unreadable_{feature}"] = test_feature_file


def _mark_bound(feature_file: Path, names: set[str]) -> None:
    """Mark the tests ``scenarios()`` just made for ``feature_file`` with their place."""
    relative = feature_file.relative_to(FEATURES_DIR).as_posix()
    prefix = f"{os.path.abspath(feature_file)}: "
    lines = {entry.name: entry.line for entry in feature_scenarios(feature_file)}
    for name in sorted(name for name in names if name.startswith("test")):
        test = globals()[name]
        scenario = (test.__doc__ or name).removeprefix(prefix)
        pytest.mark.gherkin(feature=relative, scenario=scenario, line=lines.get(scenario))(test)


# scenarios() puts the tests in its caller's namespace, so it is called here, at module level.
for _feature_file in sorted(FEATURES_DIR.glob("*/**/*.feature")):
    _names_before = set(globals())
    try:
        scenarios(str(_feature_file), features_base_dir=str(FEATURES_DIR))
    except NoScenariosFound:
        continue
    except Exception as _problem:  # a Gherkin syntax error, a duplicate scenario name...
        _unreadable(_feature_file.relative_to(FEATURES_DIR).as_posix(), _problem)
        continue
    _mark_bound(_feature_file, set(globals()) - _names_before)
