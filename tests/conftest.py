"""Shared test settings.

``TRUCO_NO_SKIPS=1`` (set by .ci/run) turns every skipped test into a failure: a test skipped for a
missing tool (node, Chromium, gat-games' environment) must not pass silently where CI installs the
tool. Without it, skips are reported with their reasons as usual, and never counted as passed.
"""

from __future__ import annotations

import os

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("TRUCO_NO_SKIPS") == "1":
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under TRUCO_NO_SKIPS=1 (CI installs every tool the tests use): {reason}"


# Hypothesis profiles for the fuzzing harness (tests/test_fuzz.py) and the property tests: "ci" (the
# default) is bounded and derandomized, so a CI run is short and repeatable; "long" explores far more
# (`pytest tests/test_fuzz.py --hypothesis-profile=long`).
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("long", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile("ci")


# The equivalence proofs of the speed work (tests/test_search.py's lean search against the fork
# search, tests/test_compiled.py's code objects against a walk of the parse tree) run a bounded
# number of seeded games in CI; `pytest --proof-games 2000 tests/test_search.py` runs a larger proof.
def _positive(text):
    import argparse

    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--proof-games takes a whole number of 1 or more, got {text!r}")
    return int(text)


def pytest_addoption(parser):
    parser.addoption("--proof-games", type=_positive, default=None,
                     help="the size of the equivalence proofs: seeded games per rule set and player count "
                          "(tests/test_search.py), random scopes per expression (tests/test_compiled.py); "
                          "default: a CI-sized number")


@pytest.fixture
def proof_games(request):
    """The number of seeded games an equivalence proof plays: ``--proof-games`` or the test's own default."""
    chosen = request.config.getoption("--proof-games")
    return (lambda default: default if chosen is None else chosen)
