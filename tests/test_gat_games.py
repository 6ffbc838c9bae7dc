"""The gat-games 0.0.2 adapter (conformance/adapters/gat_games.py) against a few scenarios.

gat-games lives in its own virtual environment (its pins clash with ours: README, "A third-party
engine: gat-games 0.0.2"); these tests run its protocol program from there — ``.venv-gat/bin/python``
at the top of the repository, or the interpreter named by ``TRUCO_GAT_PYTHON`` — and are skipped
when it is not installed.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import pytest
import yaml

from truco_dsl.conformance.runner import engine_factory, run_suite

ROOT = Path(__file__).resolve().parents[1]
GAT_PYTHON = Path(os.environ.get("TRUCO_GAT_PYTHON", ROOT / ".venv-gat" / "bin" / "python"))
EXPECTATIONS = ROOT / "conformance" / "adapters" / "gat-games.expectations.yaml"
ENGINE = f"{GAT_PYTHON} -m truco_dsl.conformance.engines.gat_games"


def _installed() -> bool:
    if not GAT_PYTHON.exists():
        return False
    probe = subprocess.run([str(GAT_PYTHON), "-c", "import gat_games, truco_dsl.conformance.engines.gat_games"],
                           capture_output=True, timeout=60)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not _installed(), reason="gat-games is not installed (README, 'A third-party engine: "
                                                         "gat-games 0.0.2': its own virtual environment, .venv-gat)")


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    """A known pass, known failures of four kinds, and a 4-player scenario, run through the protocol."""
    factory, process = engine_factory(ENGINE)
    try:
        found = run_suite(tags="@id:truco-001 or @id:faults-001 or @id:empate-001 or @id:truco-004 or @id:estrutura-013 "
                               "or @id:mao_de_onze-001 or @id:truco-013", adapter_factory=factory)
    finally:
        process.shutdown()
    return {result.id: result for result in found}


def test_a_truco_accepted_and_two_vazas_won_pass(results):
    assert results["truco-001"].outcome == "passed", results["truco-001"].message


def test_a_fold_scores_for_the_folder(results):
    failed = results["faults-001"]
    assert failed.outcome == "failed"
    assert "expected the score to be 1 to 0, the engine has 0 to 1" in failed.message


def test_equal_ranks_never_tie_and_the_winner_does_not_lead(results):
    assert results["empate-001"].outcome == "failed"
    assert "expected vaza 1 to be tied, the engine says seat 0 took it" in results["empate-001"].message
    assert results["estrutura-013"].outcome == "failed"
    assert "expected seat 1 to be the one to play, the engine has seat 0 to play" in results["estrutura-013"].message


def test_a_seis_asked_over_a_truco_stays_at_3(results):
    assert "expected the hand to be worth 6, the engine has it worth 3" in results["truco-004"].message


def test_no_mao_de_onze_and_no_four_seat_game(results):
    assert "mao_de_onze:play" in results["mao_de_onze-001"].message and results["mao_de_onze-001"].outcome == "failed"
    assert results["truco-013"].outcome == "unsupported"


def test_the_expectations_file_lists_these_failures_and_not_the_pass(results):
    entries = {entry["scenario"]: entry for entry in yaml.safe_load(EXPECTATIONS.read_text(encoding="utf-8"))["expectations"]}
    assert "truco-001" not in entries
    for scenario in ("faults-001", "empate-001", "truco-004", "estrutura-013", "mao_de_onze-001"):
        assert entries[scenario]["outcome"] == results[scenario].outcome


def test_abandoned_games_leave_no_thread_and_the_log_does_not_recurse():
    """Many games left in the middle of a hand (as the harness does when a scenario ends early) end
    their game threads; and gat-games' command log, which recurses on Python 3.11 unpatched, runs."""
    script = textwrap.dedent("""
        import threading
        from truco_dsl.conformance.engines.gat_games import GatGamesAdapter
        adapter = GatGamesAdapter()
        for seed in range(30):
            adapter.new_game("atb-2004", 2, 1, [0, 0], None, None, seed)
            first = adapter.legal_actions(0)[0]
            assert adapter.act(0, first).accepted
        adapter.new_game("atb-2004", 2, 1, [0, 0], [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]], "7s", None)
        assert adapter.act(0, "truco").accepted and adapter.act(1, "accept").accepted
        print(len(adapter.relay.game.commands), len(adapter.relay.round.commands))
        adapter.close()
        print(threading.active_count())
    """)
    run = subprocess.run([str(GAT_PYTHON), "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    game_log, hand_log, threads = (int(value) for value in run.stdout.split())
    assert hand_log == 3  # StartRound, Truco, AcceptTruco, each serialised
    assert threads == 1


@pytest.mark.parametrize("ruleset", ["atb-2004", "fpt-1983"])
def test_the_expectations_file_holds_every_failure_of_a_whole_run(ruleset, capsys):
    # README's promise: each failing scenario (and outline row) is listed with its fault, so the run exits 0;
    # a new scenario gat-games fails, or a stale entry, makes it exit 1
    from truco_dsl.cli import main

    code = main(["conform", "--ruleset", ruleset, "--engine", ENGINE, "--expectations", str(EXPECTATIONS)])
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert code == 0, last
    assert " 0 failed, " in last and "expected failures" in last
