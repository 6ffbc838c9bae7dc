"""``truco diff OLD NEW [--games N] [--seed S] [--players P] [--bots B1,B2] [--workers K] [--json PATH]
[--markdown PATH]``: what a rule change does — to the text, to every scenario, to simulated play
(``truco_dsl.review.diff``)."""

from __future__ import annotations

import argparse
import os

from truco_dsl.cli.options import games_or_none, players, run_seed, workers

#: the default --games: the whole of `truco diff atb-2004 enecomp` (4 players) took 66 s with 2,000 games,
#: and `fpt-1983 atb-2004` (2 players) 57 s, on a 2-core machine shared with other jobs: 1,000 keeps it within a minute
DEFAULT_GAMES = 1000


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``diff`` to ``truco``'s subcommands."""
    diff = commands.add_parser(
        "diff", help="what a rule change does: parameters and clauses, every scenario, simulated play; exit 1 when they differ",
        description="Compare two rule sets in three parts: the text (parameters, clauses, house rules), the behaviour "
                    "(every scenario written for either played under both, the first step where they part), and "
                    "statistics (the same games played by bots under both). Exit 0: no difference; 1: a difference; "
                    "2: bad input.")
    diff.add_argument("old", metavar="OLD", help="rule set id, rule file, or FILE@GITREV (the file at a git revision)")
    diff.add_argument("new", metavar="NEW", help="rule set id, rule file, or FILE@GITREV")
    diff.add_argument("--games", type=games_or_none, default=DEFAULT_GAMES, metavar="N",
                      help=f"games simulated under both (default {DEFAULT_GAMES:,}: within a minute on a 2-core machine "
                           "with heuristic bots, 4 players included; 0: the text and behaviour parts only). The games "
                           "are played at the fewest players both allow: give --players 4 for a rule about partners")
    diff.add_argument("--seed", type=run_seed, default=1, metavar="S", help="seed of the simulation (default 1; 0 to 562,948,953, as truco simulate's)")
    diff.add_argument("--players", type=players, default=None, metavar="P",
                      help="seats in the simulation (default: the fewest both rule sets allow)")
    diff.add_argument("--bots", default="heuristic", metavar="B1,B2",
                      help="the simulation's bots, as truco simulate --bots (default heuristic on both sides)")
    diff.add_argument("--workers", type=workers, default=os.cpu_count() or 1, metavar="K",
                      help="processes simulating at once (default: one per core)")
    diff.add_argument("--json", default=None, metavar="PATH", help="also write the whole diff as JSON")
    diff.add_argument("--markdown", default=None, metavar="PATH", help="also write it as Markdown, a pull-request comment")
    diff.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Diff ``options.old`` against ``options.new`` and print the three parts. Returns
    ``EXIT_OK`` when nothing differs, ``EXIT_DIFFERENT`` when something does, ``EXIT_BAD_INPUT``
    when a report cannot be written after the run, ``EXIT_INTERRUPTED`` after Ctrl-C in the
    simulation (the parts found so far are printed). Raises ``SelectionError`` (a bad git
    revision, a bot that cannot be made, an unwritable path, both reports on one file),
    ``FileNotFoundError`` / ``RulesetError`` for a rule set that does not load or play."""
    import sys
    from contextlib import ExitStack

    from rich.console import Console

    from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_DIFFERENT, EXIT_INTERRUPTED, EXIT_OK, bad_input
    from truco_dsl.cli.options import bot_pair, check_outputs, input_files, write_file
    from truco_dsl.errors import SelectionError
    from truco_dsl.review.diff import as_json, as_markdown, diff, shared_players
    from truco_dsl.review.revisions import open_side
    from truco_dsl.simulation.bots import make_bot

    try:
        bots = bot_pair(options.bots)
    except argparse.ArgumentTypeError as problem:
        raise SelectionError(f"--bots: {problem}") from None
    for spec in dict.fromkeys(bots):
        try:
            make_bot(spec, 0).close()
        except ValueError as problem:
            raise SelectionError(f"--bots: {problem}") from None
    check_outputs({"--json": options.json, "--markdown": options.markdown}, input_files(OLD=options.old, NEW=options.new))
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    with ExitStack() as stack:
        old, new = open_side(options.old, stack), open_side(options.new, stack)
        shared_players(old, new, options.players)  # a --players one of them does not allow: told before anything runs
        found = diff(old, new, options.games, options.seed, bots, options.players, options.workers)
        statistics = found.statistics
        _print(console, found)
        code = EXIT_DIFFERENT if found.differs else EXIT_OK
        if statistics.interrupted:
            code = EXIT_INTERRUPTED
        if statistics.failure is not None:
            code = bad_input("diff", f"the simulation stopped: {statistics.failure}")
        if options.json is not None and not write_file("diff", options.json, "the JSON report", as_json(found)):
            code = EXIT_BAD_INPUT
        if options.markdown is not None and not write_file("diff", options.markdown, "the Markdown report", as_markdown(found)):
            code = EXIT_BAD_INPUT
    return code


def _print(console, found) -> None:
    """The three parts as tables, then a verdict line."""
    from rich.table import Table

    from truco_dsl.review.diff import shown_value, unplayable_counts
    from truco_dsl.simulation.summary import figure_value, shown_difference

    old, new = found.old, found.new
    console.print(f"[bold]truco diff[/bold] {old.label} ({' → '.join(old.ruleset.lineage)}) → {new.label} "
                  f"({' → '.join(new.ruleset.lineage)})", soft_wrap=True)
    text = found.text
    if text.empty:
        console.print("Text: no parameter, clause or source text differs.")
    if text.parameters:
        table = Table(title="Parameters (old → new)", title_justify="left")
        for heading in ("parameter", "old", "new", "written at (old / new)"):
            table.add_column(heading)
        for change in text.parameters:
            table.add_row(change.path, shown_value(change.old), shown_value(change.new),
                          f"{change.old_place or '—'} / {change.new_place or '—'}")
        console.print(table)
    if text.clauses:
        table = Table(title="Clauses", title_justify="left")
        for heading in ("clause", "change", "cite", "what differs", "written at (old / new)"):
            table.add_column(heading)
        for change in text.clauses:
            what = "\n".join(f"{key}: {shown_value(change.old.get(key))}\n  → {shown_value(change.new.get(key))}"
                             for key in change.keys if key in ("on", "when", "then")) if change.old and change.new else ""
            if change.old and change.new and not what:
                what = ", ".join(change.keys)
            table.add_row(change.id, change.kind, change.cite, what, f"{change.old_place or '—'} / {change.new_place or '—'}")
        console.print(table)
    if text.sources:
        table = Table(title="Source clauses whose text changed", title_justify="left")
        for heading in ("clause", "old text", "new text"):
            table.add_column(heading)
        for change in text.sources:
            table.add_row(change.id, shown_value(change.old), shown_value(change.new))
        console.print(table)
    behaviour = found.behaviour
    console.print(f"Behaviour: {behaviour.scenarios} scenarios, {behaviour.same} played alike, {len(behaviour.differing)} part, "
                  f"{len(behaviour.unplayable)} not played by both", soft_wrap=True)
    by_id = {entry.scenario.id: entry for entry in behaviour.differing}
    for clause, ids in behaviour.groups.items():
        table = Table(title=f"{clause}: {len(ids)} scenario{'s' if len(ids) != 1 else ''}", title_justify="left")
        for heading in ("scenario", "where they part", "observed", "old", "new"):
            table.add_column(heading)
        for scenario_id in ids:
            entry = by_id[scenario_id]
            for number, parting in enumerate(part for part in (entry.parting, entry.in_play) if part is not None):
                names = list(parting.values)
                table.add_row(f"{scenario_id}\n{entry.scenario.feature}:{entry.scenario.line}" if number == 0 else "  then in play:",
                              f"line {parting.line}: {parting.text}\n({parting.action})",
                              "\n".join(names), "\n".join(shown_value(parting.values[name][0]) for name in names),
                              "\n".join(shown_value(parting.values[name][1]) for name in names))
        console.print(table)
    for why, count in unplayable_counts(found).items():
        console.print(f"  not played by {why}: {count}", soft_wrap=True)
    statistics = found.statistics
    if statistics.skipped:
        console.print(f"Statistics: not simulated: {statistics.skipped}", soft_wrap=True)
    else:
        console.print(f"Statistics: {statistics.games:,} games at {statistics.players} players (seed {statistics.seed}), bots "
                      f"{statistics.bots[0]} and {statistics.bots[1]}, each game played under both; new minus old, 95% "
                      f"intervals: {len(statistics.shown)} of {len(statistics.differences)} differences shown (the interval "
                      f"excludes 0 and a sign test agrees; about {len(statistics.differences) / 20:.1f} would be by chance "
                      f"alone)", soft_wrap=True)
        if statistics.shown:
            table = Table(title_justify="left")
            for heading, justify in (("statistic", "left"), ("old", "right"), ("new", "right"), ("difference", "right"),
                                     ("95% interval", "right")):
                table.add_column(heading, justify=justify)
            for name in statistics.shown:
                difference = statistics.differences[name]
                table.add_row(difference["about"], figure_value(statistics.old.get(name)), figure_value(statistics.new.get(name)),
                              *shown_difference(difference))
            console.print(table)
    console.print("they differ" if found.differs else "no difference")
