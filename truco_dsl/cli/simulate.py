"""``truco simulate --ruleset ID|FILE --games N --seed S [--players P] [--bots B1,B2] [--workers K]
[--against OTHER] [--cluster ADDRESS] [--json PATH] [--plot PATH] [--record PATH]``: what a rule set does to the game, measured over
many games played by bots (``truco_dsl.simulation``)."""

from __future__ import annotations

import argparse
import os

from truco_dsl.cli.options import bot_pair, games, players, run_seed, workers

#: how long a Dask scheduler named by --cluster may take to answer
CLUSTER_TIMEOUT = "10s"
#: how long the whole first exchange with it may take (a server that is no scheduler may never answer)
HANDSHAKE_SECONDS = 15


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``simulate`` to ``truco``'s subcommands."""
    simulate = commands.add_parser("simulate", help="play many games with bots and print what the rule set does to the game")
    simulate.add_argument("--ruleset", default="atb-2004", metavar="ID|FILE", help="rule set id or rule file (default: atb-2004)")
    simulate.add_argument("--games", type=games, default=1000, metavar="N", help="games to play (default 1000; at most 1,000,000)")
    simulate.add_argument("--seed", type=run_seed, default=1, metavar="S",
                          help="seed of the run (default 1; 0 to 562,948,953): game i is shuffled from S * 1,000,003 + i "
                               "and its bots seeded from that and their seat, so the same seed gives the same figures "
                               "whatever --workers")
    simulate.add_argument("--players", type=players, default=2, metavar="P", help="seats at the table (default 2)")
    simulate.add_argument("--bots", type=bot_pair, default=("random", "random"), metavar="B1,B2",
                          help="the bots of the two sides: random, heuristic, mcts (mcts:N for N playouts a move) or "
                               "cmd:PROGRAM ARGS (default random,random; one bot alone plays both sides); B1 plays the first "
                               "seat's team in even games and the other team in odd ones. A cmd: program's arguments may "
                               "hold commas: the sides part at the first comma followed by a bot (random, heuristic, mcts, "
                               "cmd:)")
    simulate.add_argument("--workers", type=workers, default=os.cpu_count() or 1, metavar="K",
                          help="processes playing games at once (default: one per core; no more than chunks of 50 games: "
                               "a run of 50 games or fewer plays in this process)")
    simulate.add_argument("--cluster", default=None, metavar="ADDRESS",
                          help="play on the workers of an existing Dask distributed cluster (its scheduler's address, like "
                               "tcp://10.0.0.5:8786; needs pip install 'truco-dsl[cluster]', and truco-dsl on the workers): the "
                               "same figures as on this machine for a seed")
    simulate.add_argument("--against", default=None, metavar="ID|FILE",
                          help="also play every game, with the same seeds and bots, under this rule set, and print each "
                               "figure's difference with its interval")
    simulate.add_argument("--json", default=None, metavar="PATH", help="also write every figure as JSON (the same for a seed whatever --workers)")
    simulate.add_argument("--plot", default=None, metavar="PATH",
                          help="also draw the distributions of game length and final margin, and with --against the paired "
                               "differences, as a PNG (needs matplotlib: pip install 'truco-dsl[plot]')")
    simulate.add_argument("--record", default=None, metavar="PATH",
                          help="also write every game as a JSON line of its deals and actions (replayable; with --against, "
                               "each game's line under the other rule set follows its own)")
    simulate.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Simulate what ``options`` say and print the figures: a header (rule set, players, games,
    seed, bots, time), then every statistic with its 95% interval, and with ``--against`` each
    figure's paired difference, those shown to differ first (``statistics._difference``). Returns ``EXIT_OK``, or
    ``EXIT_INTERRUPTED`` after Ctrl-C (the games played by then are reported), ``EXIT_BAD_INPUT``
    when a file cannot be written after the run. Raises ``SelectionError`` for an unknown bot, a
    player count the rule set does not allow or a path that cannot be written (before any game),
    what loading a rule set raises, ``RuleSetIncomplete`` when a clause fails in a game."""
    import json
    import sys
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, bad_input
    from truco_dsl.cli.options import STANDARD_OUTPUT, check_outputs, input_files, write_file
    from truco_dsl.errors import SelectionError
    from truco_dsl.rules import load_ruleset
    from truco_dsl.simulation import plot
    from truco_dsl.simulation.bots import make_bot
    from truco_dsl.simulation.runner import MOST_PER_CHUNK, Plan, record_lines, simulate
    from truco_dsl.simulation.summary import added, differences, figures

    ruleset = load_ruleset(options.ruleset)
    other = load_ruleset(options.against) if options.against is not None else None
    for played in (ruleset, other):
        if played is not None and played.abstract:
            raise SelectionError(f"rule set {played.id} is abstract: the core its rule sets share, not played itself "
                                 f"(give one that extends it, like atb-2004)")
        if played is not None and options.players not in played.players:
            raise SelectionError(f"rule set {played.id} is played by {', '.join(map(str, played.players))} players, not "
                                 f"{options.players} (give --players)")
    for spec in dict.fromkeys(options.bots):  # a bot that cannot be made is bad input, before any game
        try:
            make_bot(spec, 0).close()
        except ValueError as problem:
            raise SelectionError(f"--bots: {problem}") from None
    if options.plot == STANDARD_OUTPUT:  # a PNG is no text for a terminal or a pipe of lines
        raise SelectionError("--plot -: the plot is a PNG image and is not written to standard output; give a file's name "
                             "(--plot figures.png)")
    if options.plot is not None and plot.missing() is not None:
        raise SelectionError(plot.missing())
    check_outputs({"--json": options.json, "--record": options.record, "--plot": options.plot},
                  input_files(**{"--ruleset": options.ruleset, "--against": options.against}) + _programs(options.bots))
    if options.cluster is not None:
        _reach(options.cluster)
    plan = Plan(options.ruleset, options.players, options.games, options.seed, options.bots, options.against,
                record=options.record is not None, workers=min(options.workers, -(-options.games // MOST_PER_CHUNK)),
                cluster=options.cluster)
    errors = Console(stderr=True)
    started = time.perf_counter()
    with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
                  TimeRemainingColumn(), console=errors, transient=True, disable=not errors.is_terminal) as bar:
        task = bar.add_task("games", total=options.games, rate="")

        def advance(done: int) -> None:
            elapsed = time.perf_counter() - started
            completed = bar.tasks[0].completed + done
            bar.update(task, advance=done, rate=f"{completed / elapsed:,.0f} games/s" if elapsed > 0 else "")

        results, interrupted, failure = simulate(plan, advance)
    seconds = time.perf_counter() - started
    counts = [result["counts"] for result in results]
    against = [result["against_counts"] for result in results] if other is not None else []
    stakes = sorted({int(stake) for game in counts + against for stake in game["stake_at_end"]})  # told for both rule sets
    report = {"ruleset": ruleset.id, "source": options.ruleset, "players": options.players, "games": len(results), "seed": options.seed,
              "bots": list(options.bots), "interrupted": interrupted, "failure": failure,
              "figures": figures(ruleset, counts, stakes)}
    if other is not None:
        report["against"] = {"ruleset": other.id, "source": options.against, "figures": figures(other, against, stakes),
                             "differences": differences(ruleset, counts, other, against)}
    code = EXIT_INTERRUPTED if interrupted else EXIT_OK  # the files first: a closed stdout loses none of them
    if options.json is not None and not write_file("simulate", options.json, "the figures",
                                                   json.dumps(report, indent=2, sort_keys=True) + "\n"):
        code = EXIT_BAD_INPUT
    if options.record is not None and not write_file("simulate", options.record, "the games",
                                                     "".join(line + "\n" for line in record_lines(results))):
        code = EXIT_BAD_INPUT
    if options.plot is not None:
        tables = {ruleset.id: added(counts)}
        if other is not None:
            tables[other.id + (" (against)" if other.id == ruleset.id else "")] = added([result["against_counts"] for result in results])
        try:
            plot.draw(options.plot, report, {name: {table: total.get(table, {}) for table in ("hands_per_game", "final_margin")}
                                             for name, total in tables.items()})
        except OSError as error:
            code = bad_input("simulate", f"cannot write the plot to {options.plot}: {error.strerror or error}")
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    _print(console, report, seconds)
    if failure is not None:
        code = bad_input("simulate", f"stopped: {failure}\n(the figures above are of the {len(results):,} games "
                                     f"finished when it stopped the run)")
    return code


def _programs(bots: tuple[str, str]) -> list[tuple[str, str]]:
    """The files the cmd: bots name (their programs, their arguments that are files), as
    ``check_outputs``' inputs: an output must not overwrite them."""
    from truco_dsl.cli.options import program_files

    return [found for spec in bots if spec.startswith("cmd:") for found in program_files(spec[len("cmd:"):], f"the bot {spec!r}")]


def _reach(address: str) -> None:
    """Check that the Dask scheduler at ``address`` answers. Raises ``SelectionError`` (one line)
    without the [cluster] extra or when it does not answer within ``CLUSTER_TIMEOUT``."""
    from truco_dsl.errors import SelectionError

    try:
        from distributed import Client
    except ImportError:
        raise SelectionError("--cluster plays on Dask distributed, which is not installed: pip install 'truco-dsl[cluster]'") from None
    import threading

    failure: list[str] = ["it did not finish its handshake"]

    def connect() -> None:
        try:
            Client(address, timeout=CLUSTER_TIMEOUT).close()
            failure.clear()
        except Exception as error:  # whatever a server that is no Dask scheduler makes the client raise
            failure[0] = f"{type(error).__name__}: {error}"

    attempt = threading.Thread(target=connect, daemon=True)
    attempt.start()
    attempt.join(HANDSHAKE_SECONDS)
    if attempt.is_alive() or failure:
        raise SelectionError(f"--cluster: no Dask scheduler answers at {address} within {HANDSHAKE_SECONDS} s: "
                             f"{failure[0][:200]}")


def _print(console, report: dict, seconds: float) -> None:
    """The figures as tables: the header line, every statistic, the self-check, the differences."""
    from rich.table import Table

    from truco_dsl.simulation.summary import figure_value, shown_difference

    bots = report["bots"]
    console.print(f"{report['ruleset']}, {report['players']} players, {report['games']:,} games (seed {report['seed']}), "
                  f"bots {bots[0]} and {bots[1]} (each plays the first seat's team in every other game); "
                  f"{seconds:.1f} s, {report['games'] / seconds if seconds else 0:,.0f} games/s"
                  + (" — interrupted: the games played so far" if report["interrupted"] else "")
                  + (" — stopped by a game that failed: the games finished by then" if report["failure"] else ""),
                  soft_wrap=True)
    table = Table(title="What the games did (95% intervals)", title_justify="left")
    for heading, justify in (("statistic", "left"), ("value", "right"), ("95% interval", "right"), ("of", "right")):
        table.add_column(heading, justify=justify)
    for name, figure in report["figures"].items():
        if name == "self_check":
            continue
        table.add_row(figure["about"], *_shown(figure))
    console.print(table)
    check = report["figures"]["self_check"]
    if not check["trials"]:
        console.print("self-check: no hand was dealt", soft_wrap=True)
    else:
        console.print(f"self-check: seat 0 was dealt a manilha in {check['rate']:.4f} of the hands "
                      f"[{check['low']:.4f}, {check['high']:.4f}]; exactly {check['expected']:.4f} expected: "
                      + ("within the interval" if check["holds"] else
                         "OUTSIDE the interval. A 95% interval misses in 1 run in 20 by chance: try other seeds; if it "
                         "misses for most, the dealing is wrong"), soft_wrap=True)
    against = report.get("against")
    if against is None:
        return
    first, second = report["ruleset"], against["ruleset"]
    if first == second:  # one id, two files (a changed copy): name them as given
        first, second = report["source"], against["source"]
    table = Table(title=f"{first} minus {second}, the same games (95% intervals; those shown to differ first)",
                  title_justify="left")
    for heading, justify in (("statistic", "left"), (first, "right"), (second, "right"),
                             ("difference", "right"), ("95% interval", "right")):
        table.add_column(heading, justify=justify)
    ranked = sorted(against["differences"].items(), key=lambda item: not item[1]["excludes_zero"])
    for name, difference in ranked:
        table.add_row(difference["about"], figure_value(report["figures"].get(name)), figure_value(against["figures"].get(name)),
                      *_starred(shown_difference(difference), difference["excludes_zero"]))
    console.print(table)
    compared = sum(difference["low"] is not None for difference in against["differences"].values())
    console.print(f"* shown to differ: the interval excludes 0 and the games played differently lean one way (a sign "
                  f"test, p < 0.05). Of {compared} differences each at 95%, about {compared / 20:.1f} would be shown "
                  f"by chance alone were the rule sets the same: trust those far from 0, or that hold for "
                  f"another --seed", soft_wrap=True)


def _starred(shown: tuple[str, str], claimed: bool) -> tuple[str, str]:
    return shown[0], shown[1] + (" *" if claimed else "")


def _shown(figure: dict) -> tuple[str, str, str]:
    """Value, interval and what it is of, for a rate or a mean."""
    if "rate" in figure:
        value = "—" if figure["rate"] is None else f"{figure['rate']:.4f}"
        return value, f"[{figure['low']:.4f}, {figure['high']:.4f}]", f"{figure['successes']:,} / {figure['trials']:,}"
    value = "—" if figure["mean"] is None else f"{figure['mean']:.2f}"
    interval = "—" if figure["low"] is None else f"[{figure['low']:.2f}, {figure['high']:.2f}]"
    return value, interval, f"{figure['n']:,} games"
