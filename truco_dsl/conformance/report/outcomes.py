"""The outcomes a scenario can have, in the order the reports list them, and which make a run fail.

- ``passed``: every step held.
- ``failed``: a check did not hold (the engine did something else than the regulation says).
- ``error``: the engine or the scenario broke (an exception of an in-process engine, an error reply).
- ``timeout`` / ``crash`` / ``protocol_error``: the engine did not reply in time, exited, or replied
  outside the protocol (``adapter.FAULT_OUTCOMES``).
- ``expected_failure``: one of the outcomes above, as the expectations file says it would be
  (``expectations.py``); the record's ``expected`` says which and why.
- ``now_passes``: passed, although the expectations file expects it not to: remove the entry.
- ``unsupported``: the engine does not play it (a rule set, a player count or a capability it did
  not declare, a clause it reads otherwise).
- ``not_applicable``: a rule set played in place of the one the scenario names (a variant, a
  mutant) cannot deal the scenario's forced deal.
- ``skipped``: pytest skipped it for another reason.

None of them but ``passed`` counts as passed.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from truco_dsl.conformance.engines.adapter import FAULT_OUTCOMES

PASSED, FAILED, ERROR, UNSUPPORTED, SKIPPED = "passed", "failed", "error", "unsupported", "skipped"
NOT_APPLICABLE = "not_applicable"
TIMEOUT, CRASH, PROTOCOL_ERROR = FAULT_OUTCOMES
EXPECTED_FAILURE, NOW_PASSES = "expected_failure", "now_passes"

#: every outcome, in the order reports list them
OUTCOMES = (PASSED, FAILED, ERROR, *FAULT_OUTCOMES, NOW_PASSES, EXPECTED_FAILURE, UNSUPPORTED, NOT_APPLICABLE, SKIPPED)
#: a scenario with one of these outcomes makes the run fail (exit code 1)
FAILING = (FAILED, ERROR, *FAULT_OUTCOMES, NOW_PASSES)
#: the outcomes an expectations file may expect (``now_passes`` is what becomes of them when they pass)
EXPECTABLE = (FAILED, ERROR, *FAULT_OUTCOMES, UNSUPPORTED)


def label(outcome: str) -> str:
    """An outcome as a person reads it: ``protocol_error`` -> ``protocol error``."""
    return outcome.replace("_", " ")


_PLURALS = {TIMEOUT: "timeouts", CRASH: "crashes", PROTOCOL_ERROR: "protocol errors"}


def summary_line(outcomes: Iterable[str]) -> str:
    """The closing line of a run with these scenario outcomes: ``N passed, M failed``, ``E errors``
    when some broke (an error is counted apart from a failed check), then the count of each other
    outcome that occurs: ``K not applicable``, the faults
    (``1 timeout``, ``2 protocol errors``), ``2 expected failures``, ``1 now passing``, ``3 unsupported``."""
    counts = Counter(outcomes)
    text = f"{counts[PASSED]} passed, {counts[FAILED]} failed"
    if counts[ERROR]:
        text += f", {counts[ERROR]} error{'s' if counts[ERROR] != 1 else ''}"
    if counts[NOT_APPLICABLE]:
        text += f", {counts[NOT_APPLICABLE]} not applicable"
    for fault in FAULT_OUTCOMES:
        if counts[fault]:
            text += f", {counts[fault]} {label(fault) if counts[fault] == 1 else _PLURALS[fault]}"
    if counts[EXPECTED_FAILURE]:
        text += f", {counts[EXPECTED_FAILURE]} expected failure{'s' if counts[EXPECTED_FAILURE] != 1 else ''}"
    if counts[NOW_PASSES]:
        text += f", {counts[NOW_PASSES]} now passing"
    if counts[UNSUPPORTED]:
        text += f", {counts[UNSUPPORTED]} unsupported"
    return text
