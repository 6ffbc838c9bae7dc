"""truco simulate: the counts of a game, the statistics and their intervals, the same figures for a
seed whatever the workers, records that replay, and the command's answers to bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from math import comb
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.engine import Engine
from truco_dsl.rules import load_ruleset
from truco_dsl.simulation.games import replay
from truco_dsl.simulation.measures import GameTally, dealt_manilha_chance
from truco_dsl.simulation.runner import Plan, chunks, simulate
from truco_dsl.simulation.statistics import mean, paired_difference, paired_rate_difference, wilson
from truco_dsl.simulation.summary import differences, figures

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from processes import alive, descendants  # noqa: E402

ATB = load_ruleset("atb-2004")


# ----------------------------------------------------------------------------------------- statistics
def test_wilson_gives_the_textbook_intervals():
    # Wilson's score interval, z = 1.96 (Newcombe 1998, table I: 0/10 and 5/10... computed by hand)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_a_mean_and_a_paired_difference_say_when_their_interval_excludes_zero():
    assert mean([1.0, 2.0, 3.0])["mean"] == 2.0 and mean([1.0, 2.0, 3.0])["low"] < 2.0 < mean([1.0, 2.0, 3.0])["high"]
    assert mean([])["mean"] is None and mean([4.0])["low"] is None
    same = paired_difference([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0])
    assert same["difference"] == 0 and not same["excludes_zero"]
    apart = paired_difference([2.0, 3.1, 4.0, 5.2, 6.0, 7.1, 8.0, 9.05], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
    assert apart["difference"] > 0 and apart["excludes_zero"]
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


def test_a_paired_rate_difference_is_zero_for_the_same_games_and_finds_a_planted_one():
    games = [(k % 4, 4) for k in range(200)]
    assert paired_rate_difference(games, games)["difference"] == 0
    assert not paired_rate_difference(games, games)["excludes_zero"]
    better = [(min(4, k + 1), n) for k, n in games]  # one success more in every game
    found = paired_rate_difference(better, games)
    assert found["excludes_zero"] and found["low"] > 0 and found["difference"] == pytest.approx(sum(
        min(4, k + 1) - k for k, _ in games) / 800)


def test_the_chance_of_a_manilha_in_a_hand_is_computed_from_the_rule_set():
    assert dealt_manilha_chance(ATB) == pytest.approx(1 - comb(35, 3) / comb(39, 3))
    assert round(dealt_manilha_chance(ATB), 4) == 0.2838


# ----------------------------------------------------------------------------------------- a game's counts
def _tally(engine: Engine, steps: list[tuple[int, str]], hands: list[list[str]], vira: str) -> dict:
    tally = GameTally()
    tally.dealt(engine, engine.deal(hands, vira))
    for seat, action in steps:
        tally.acted(engine, engine.act(seat, action))
    return tally.counts


def test_a_raise_folded_counts_a_raise_a_fold_and_a_hand_won_by_the_raiser():
    engine = Engine(ATB, players=2, dealer=1)
    counts = _tally(engine, [(0, "truco"), (1, "fold")], [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]], "6s")
    assert counts["raises"] == {"3": 1} and counts["folded"] == {"3": 1} and counts["accepted"] == {}
    assert counts["hands"] == 1 and counts["hands_decided"] == 1 and counts["hands_won_by_mao"] == 1  # seat 0 led and raised
    assert counts["stake_at_end"] == {"1": 1} and counts["stake_reached"] == {"1": 1}
    assert counts["vazas"] == {} and counts["first_vaza_won"] == 0


def test_raising_again_counts_as_accepted_and_raised_again_and_vazas_are_counted_by_number():
    engine = Engine(ATB, players=2, dealer=1)
    # seat 1 wins the first vaza, seat 0 the second and third: the hand is team 0's, worth 6
    steps = [(0, "truco"), (1, "truco"), (0, "accept"), (0, "play:4c"), (1, "play:Kd"), (1, "play:Jd"), (0, "play:2c"),
             (0, "play:3c"), (1, "play:5d")]
    counts = _tally(engine, steps, [["3c", "2c", "4c"], ["Kd", "Jd", "5d"]], "6s")
    assert counts["raises"] == {"3": 1, "6": 1} and counts["raised_again"] == {"3": 1}
    assert counts["accepted"] == {"3": 1, "6": 1} and counts["folded"] == {}
    assert counts["vazas"] == {"1": 1, "2": 1, "3": 1} and counts["vazas_tied"] == {}
    assert counts["stake_reached"] == {"1": 1, "3": 1, "6": 1} and counts["stake_at_end"] == {"6": 1}
    assert counts["hands_decided"] == 1 and counts["hands_won_by_mao"] == 1
    assert counts["first_vaza_won"] == 1 and counts["first_vaza_winner_won_hand"] == 0
    assert counts["seat_0_dealt_manilha"] == 0  # the manilhas of a vira 6 are the 7s


def test_a_tied_vaza_and_a_seat_dealt_a_manilha_are_counted():
    engine = Engine(ATB, players=2, dealer=1)
    counts = _tally(engine, [(0, "play:Kc"), (1, "play:Kd")], [["Kc", "7c", "4c"], ["Kd", "Jd", "5d"]], "6s")
    assert counts["vazas"] == {"1": 1} and counts["vazas_tied"] == {"1": 1}
    assert counts["seat_0_dealt_manilha"] == 1  # 7c: the rank after the vira's 6


# ----------------------------------------------------------------------------------------- many games
def test_the_same_seed_gives_the_same_figures_whatever_the_workers():
    plans = [Plan("atb-2004", 2, 24, 5, record=True, workers=workers) for workers in (1, 2)]
    played = [simulate(plan).results for plan in plans]
    assert played[0] == played[1]
    assert [result["number"] for result in played[0]] == list(range(24))
    assert json.dumps(figures(ATB, [result["counts"] for result in played[0]]), sort_keys=True) == json.dumps(
        figures(ATB, [result["counts"] for result in played[1]]), sort_keys=True)


def test_chunks_cover_every_game_once_in_order():
    for games, workers in ((1, 1), (7, 2), (1000, 2), (33, 8)):
        numbers = [number for chunk in chunks(games, workers) for number in chunk]
        assert numbers == list(range(games))


def test_records_replay_to_the_same_end_and_the_self_check_holds():
    results, interrupted, failure = simulate(Plan("atb-2004", 4, 30, 3, record=True))
    assert not interrupted and failure is None
    for result in results:
        record = result["record"]
        engine = replay(record, ATB)
        assert engine.phase == "game_over"
        assert sum(engine.games_won) == result["counts"]["games"]
    found = figures(ATB, [result["counts"] for result in results])
    assert found["self_check"]["holds"] and found["self_check"]["trials"] == sum(result["counts"]["hands"] for result in results)
    assert found["hands_per_game"]["n"] == 30


def test_a_rule_set_against_itself_differs_in_nothing_and_against_another_in_what_it_changes():
    results = simulate(Plan("atb-2004", 2, 60, 11, against="atb-2004")).results
    same = differences(ATB, [r["counts"] for r in results], ATB, [r["against_counts"] for r in results])
    assert all(not figure["excludes_zero"] for figure in same.values())
    assert all(figure["difference"] in (0, None) for figure in same.values())


# ----------------------------------------------------------------------------------------- the command
def test_truco_simulate_prints_the_figures_and_writes_the_same_json_for_one_worker_or_two(tmp_path, capsys):
    paths = [tmp_path / f"run{workers}.json" for workers in (1, 2)]
    for workers, path in zip((1, 2), paths):  # 120 games: 3 chunks of 50 or fewer, over two processes
        assert main(["simulate", "--games", "120", "--seed", "4", "--workers", str(workers), "--json", str(path)]) == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    printed = capsys.readouterr().out
    assert "atb-2004, 2 players, 120 games (seed 4)" in printed and "self-check" in printed and "within the interval" in printed
    report = json.loads(paths[0].read_text())
    assert report["games"] == 120 and report["figures"]["self_check"]["expected"] == pytest.approx(0.2838, abs=1e-4)


@pytest.mark.parametrize("arguments, message", [
    (["--bots", "random,wizard"], "--bots: "),
    (["--ruleset", "no-such-rules"], "no-such-rules"),
    (["--players", "3"], "not 3"),
    (["--json", "/no/such/folder/x.json"], "cannot write to /no/such/folder/x.json"),
])
def test_bad_input_is_told_in_one_line_with_exit_2_before_any_game(arguments, message, capsys):
    assert main(["simulate", "--games", "5", *arguments]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


@pytest.mark.parametrize("value", ["0", "-3", "ten", "1000001"])
def test_a_bad_number_of_games_is_an_option_error(value, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--games", value])
    assert stopped.value.code == 2 and "the number of games must be a whole number" in capsys.readouterr().err


@pytest.mark.parametrize("workers, stop, code", [("1", signal.SIGINT, 130), ("2", signal.SIGINT, 130), ("2", signal.SIGTERM, 143)],
                         ids=["ctrl-c", "ctrl-c workers", "sigterm workers"])
def test_ctrl_c_or_sigterm_stops_the_run_and_reports_the_games_played(tmp_path, workers, stop, code):
    path = tmp_path / "partial.json"
    process = subprocess.Popen([sys.executable, "-m", "truco_dsl.cli", "simulate", "--games", "1000000", "--workers", workers,
                                "--json", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while workers != "1" and len(descendants(process.pid)) < int(workers) and time.monotonic() < deadline:
        time.sleep(0.1)  # the workers are started (a busy machine takes its time)
    time.sleep(4)
    workers_started = descendants(process.pid)
    process.send_signal(stop)
    out, err = process.communicate(timeout=60)
    assert process.returncode == code, err
    report = json.loads(path.read_text())
    assert report["interrupted"] is True and 0 < report["games"] < 1000000
    assert "interrupted" in out and "Traceback" not in err
    time.sleep(0.3)
    assert [pid for pid in workers_started if alive(pid)] == []  # no worker left playing


def test_the_plot_is_a_png_of_the_size_it_says(tmp_path):
    import struct

    from truco_dsl.simulation import plot

    path = tmp_path / "figures.png"
    assert main(["simulate", "--games", "30", "--workers", "1", "--against", "fpt-1983", "--plot", str(path)]) == 0
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR"
    assert struct.unpack(">II", header[16:24]) == plot.SIZE[True]
    path.unlink()
    assert main(["simulate", "--games", "10", "--workers", "1", "--plot", str(path)]) == 0
    assert struct.unpack(">II", path.read_bytes()[16:24]) == plot.SIZE[False]


def test_without_matplotlib_plot_is_bad_input_before_any_game(monkeypatch, capsys, tmp_path):
    from truco_dsl.simulation import plot

    monkeypatch.setattr(plot, "missing", lambda: "--plot draws with matplotlib, which is not installed: pip install x")
    assert main(["simulate", "--games", "5", "--plot", str(tmp_path / "p.png")]) == 2
    assert "matplotlib" in capsys.readouterr().err and not (tmp_path / "p.png").exists()


def test_a_dask_cluster_gives_the_same_games_as_this_process(tmp_path):
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        on_cluster = simulate(Plan("atb-2004", 2, 24, 5, record=True, cluster=cluster.scheduler_address)).results
        paths = [tmp_path / "cluster.json", tmp_path / "here.json"]
        assert main(["simulate", "--games", "12", "--cluster", cluster.scheduler_address, "--json", str(paths[0])]) == 0
    assert main(["simulate", "--games", "12", "--workers", "1", "--json", str(paths[1])]) == 0
    assert on_cluster == simulate(Plan("atb-2004", 2, 24, 5, record=True)).results
    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_a_cluster_that_does_not_answer_is_bad_input(capsys, monkeypatch):
    from truco_dsl.cli import simulate as command

    monkeypatch.setattr(command, "CLUSTER_TIMEOUT", "2s")
    assert main(["simulate", "--games", "5", "--cluster", "tcp://127.0.0.1:9"]) == 2
    assert "no Dask scheduler answers at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_against_a_rule_set_with_another_ladder_compares_what_both_have(tmp_path):
    # a drafter's variant (games to 24, a ladder of 1/2/4/8) against its parent (1/3/6/9/12)
    variant = "tests/fixtures/variants/jogo-de-24/jogo-de-24.yaml"
    path = tmp_path / "against.json"
    assert main(["simulate", "--ruleset", variant, "--against", "manilha-velha", "--games", "40", "--workers", "1",
                 "--json", str(path)]) == 0
    report = json.loads(path.read_text())
    compared = report["against"]["differences"]
    assert "raise_to_2" in report["figures"] and "raise_to_2" not in compared and "raise_to_3" not in compared
    assert "hands_per_game" in compared and compared["hands_per_game"]["difference"] > 0  # a game to 24 lasts longer


# ----------------------------------------------------------------------------------- what users got wrong
#: a bot program that exits in game 5 of a run of seed 1
FAILS_IN_GAME_5 = '''
import json, sys
seed = None
for line in sys.stdin:
    request = json.loads(line)
    if request["command"] == "hello":
        seed = request["seed"]
        print(json.dumps({"seq": request["seq"], "name": "fails-in-game-5", "version": "1", "protocol": 1}), flush=True)
        continue
    game = seed // 16 - 1_000_003  # its number in a run of seed 1
    if game == 5:
        sys.exit(3)
    print(json.dumps({"seq": request["seq"], "action": request["legal"][0]}), flush=True)
'''



@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_bot_failing_mid_run_names_the_game_and_keeps_the_figures_of_those_played(tmp_path, capsys, workers):
    program = tmp_path / "bot.py"
    program.write_text(FAILS_IN_GAME_5)
    path = tmp_path / "figures.json"
    assert main(["simulate", "--games", "60", "--workers", workers, "--bots", f"cmd:{sys.executable} {program},random",
                 "--json", str(path)]) == 2
    error = capsys.readouterr().err
    assert "stopped: game 5 (counting from 0; its seed 1000008) under atb-2004" in error and "Traceback" not in error
    report = json.loads(path.read_text())
    assert report["failure"].startswith("game 5 (counting from 0; its seed 1000008)") and 1 <= report["games"] < 60
    if workers == "1":  # game by game: those before it (with workers, those finished when it stopped the run)
        assert report["games"] == 5 and report["figures"]["hands_per_game"]["n"] == 5


def test_two_outputs_on_one_path_are_refused_before_any_game(tmp_path, capsys):
    path = tmp_path / "out"
    assert main(["simulate", "--games", "5", "--json", str(path), "--record", str(tmp_path / "." / "out")]) == 2
    assert "--json and --record both name" in capsys.readouterr().err and not path.exists()


def test_every_seed_handed_out_is_distinct_and_exact_in_any_language(capsys):
    from truco_dsl.simulation.runner import MOST_GAMES, MOST_SEED, bot_seed, game_seed

    assert game_seed(1, 5) == 1_000_008 and bot_seed(1_000_008, 1) == 16_000_129  # small seeds as they always were
    assert bot_seed(game_seed(MOST_SEED, MOST_GAMES - 1), 15) < 2**53
    assert game_seed(2, 0) > game_seed(1, MOST_GAMES - 1)  # two runs never share a game
    for seed, number in ((MOST_SEED + 1, 0), (-1, 0), (0, MOST_GAMES)):
        with pytest.raises(ValueError):
            game_seed(seed, number)
    with pytest.raises(SystemExit):
        main(["simulate", "--seed", str(MOST_SEED + 1)])
    assert f"the seed must be a whole number from 0 to {MOST_SEED:,}" in capsys.readouterr().err
    schema = json.loads(open("conformance/schema/bot.schema.json").read())
    assert '"maximum": 9007199254740991' in json.dumps(schema)


@pytest.mark.parametrize("text, sides", [
    ("heuristic", ("heuristic", "heuristic")),
    ("mcts:30, random", ("mcts:30", "random")),
    ("cmd:./bot --weights 1,2,3,heuristic", ("cmd:./bot --weights 1,2,3", "heuristic")),
    ("cmd:./a x,y,cmd:./b z", ("cmd:./a x,y", "cmd:./b z")),
])
def test_bots_part_at_the_first_comma_followed_by_a_bot(text, sides):
    from truco_dsl.cli.options import bot_pair

    assert bot_pair(text) == sides


@pytest.mark.parametrize("text", ["random,", ",random", "random,heuristic,mcts"])
def test_bots_that_are_not_one_or_two_are_an_option_error(text, capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--bots", text])
    assert "--bots is one bot for both sides or two" in capsys.readouterr().err


def test_the_self_check_of_no_hand_says_nothing_holds():
    check = figures(ATB, [])["self_check"]
    assert check["trials"] == 0 and check["holds"] is None


def test_an_output_over_an_input_file_or_an_abstract_rule_set_is_refused_before_any_game(tmp_path, capsys):
    variant = tmp_path / "casa.yaml"
    variant.write_text("ruleset: casa\ntitle: Casa\nextends: atb-2004\ngame:\n  target: 15\n  mao_de_onze_at: 14\n")
    before = variant.read_text()
    bot = tmp_path / "bot.py"
    bot.write_text(FAILS_IN_GAME_5)
    for arguments, message in (
            (["--ruleset", str(variant), "--json", str(variant)], "is the rule file of --ruleset"),
            (["--against", str(variant), "--plot", str(tmp_path / "." / "casa.yaml")], "is the rule file of --against"),
            (["--bots", f"cmd:{sys.executable} {bot},random", "--record", str(bot)], "read by the bot"),
            (["--ruleset", "paulista"], "rule set paulista is abstract"),
            (["--against", "paulista"], "rule set paulista is abstract")):
        assert main(["simulate", "--games", "3", *arguments]) == 2, arguments
        error = capsys.readouterr().err
        assert message in error and "Traceback" not in error
    assert variant.read_text() == before and bot.read_text() == FAILS_IN_GAME_5





def test_a_difference_a_handful_of_games_make_is_not_claimed_though_its_interval_excludes_zero():
    from truco_dsl.simulation.statistics import sign_test

    assert sign_test([1] * 6) == pytest.approx(2 / 64) and sign_test([1] * 5) == pytest.approx(2 / 32)
    assert sign_test([1, -1, 0]) == 1.0 and sign_test([]) == 1.0
    assert sign_test([1] * 1500 + [-1] * 1500) == 1.0 and sign_test([1] * 2600 + [-1] * 2400) < 0.01  # the approximation
    five = paired_difference([1.0, 1.1, 0.9, 1.0, 1.05], [0.0] * 5)  # five games, all one way: p = 1/16
    assert five["low"] > 0.8 and five["differing"] == 5 and five["sign_test_p"] == pytest.approx(1 / 16)
    assert not five["excludes_zero"]
    six = paired_difference([1.0, 1.1, 0.9, 1.0, 1.05, 0.95], [0.0] * 6)
    assert six["excludes_zero"] and six["sign_test_p"] == pytest.approx(1 / 32)
