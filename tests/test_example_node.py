"""The JavaScript example engine (conformance/examples/node/truco_example.mjs) passes the atb-2004
suite through the protocol, and counts lines of play as the reference engine does.

It is a program written from scratch in plain JavaScript for node (no npm packages, nothing of
truco_dsl), run as any engine under test is: ``truco conform --engine 'node …/truco_example.mjs'``.
Without node the tests are skipped, saying so; they are never counted as passed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.engines.process import ProcessAdapter
from truco_dsl.conformance.report.outcomes import PASSED
from truco_dsl.conformance.runner import run_suite

EXAMPLE = Path(__file__).resolve().parents[1] / "conformance" / "examples" / "node" / "truco_example.mjs"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture
def example():
    """The example engine, started and past its hello."""
    engine = ProcessAdapter([NODE, str(EXAMPLE)])
    engine.start()
    try:
        yield engine
    finally:
        engine.shutdown()


def test_the_node_example_passes_every_atb_2004_scenario(example):
    results = run_suite(ruleset="atb-2004", adapter_factory=lambda: example)
    assert len(results) > 150  # the whole atb-2004 folder ran, variants' scenarios included
    broken = [f"{result.id} {result.outcome}: {result.failing_step} — {result.message}"
              for result in results if result.outcome != PASSED]
    assert not broken, "\n".join(broken)  # not applicable / unsupported would be listed here too


@pytest.mark.parametrize(("setup", "moves", "depth"), [
    (("atb-2004", 2, 1, [0, 0], [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]], "7s"), [], 4),
    (("atb-2004", 4, 3, [9, 4], [["3c", "2c", "6d"], ["3h", "Kd", "7d"], ["Ac", "Qd", "5s"], ["As", "Jc", "Kh"]], "4s"),
     [(0, "play:3c"), (1, "truco")], 3),
    # a mão de onze to the end of the hand: every position asks whether the cards may be shown
    (("atb-2004", 2, 1, [11, 4], [["4c", "4h", "5d"], ["6d", "Kd", "Jd"]], "3s"), [], None),
], ids=["1v1-depth-4", "duplas-truco-pending-depth-3", "mao-de-onze-to-the-end"])
def test_the_node_example_counts_lines_of_play_as_the_reference_does(example, setup, moves, depth):
    # no scenario uses count (perft): compare it with the reference engine's on a few positions
    reference = ReferenceAdapter()
    for engine in (example, reference):
        engine.new_game(*setup, None)
        for seat, action in moves:
            assert engine.act(seat, action).accepted
    counted = example.count(depth)
    assert counted == reference.count(depth)
    assert counted.total == sum(count for _, _, count in counted.divide) > len(counted.divide)
