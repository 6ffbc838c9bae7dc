"""``truco conform --perft`` and ``--write-perft DIR``: an engine's move counts checked against
conformance/perft/ (``conformance.perft``), and those files written from the reference engine.

Part of ``truco conform`` rather than a command of its own: an engine author checks an engine with
the options already known from the suite (``--engine``, ``--ruleset``, ``--timeout``, ``--json``),
and the counts are the first check to run, before any scenario (one number shows a move-generation
fault that a hundred scenarios would each show at their first step).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK
from truco_dsl.cli.options import check_outputs, write_file

if TYPE_CHECKING:  # for annotations only
    from truco_dsl.conformance.perft import PerftVerdict

#: the suite's options that mean nothing to a check of move counts
_SUITE_ONLY = (("tags", "--tags"), ("junit_xml", "--junit-xml"), ("html", "--html"), ("expectations", "--expectations"),
               ("write_expectations", "--write-expectations"))


def run_perft(options: argparse.Namespace) -> int:
    """``--write-perft DIR``: write the perft file of every bundled concrete rule set (of
    ``options.ruleset`` alone, an id, when given) to DIR, from the reference engine. ``--perft
    [FILE ...]``: check the engine ``options.engine`` (None: the reference engine in-process)
    against the perft files ``options.perft`` (empty: the bundled ones; ``options.ruleset``'s alone
    when given), print a line per position and, for each count that differs, the divide's
    differences and the shortest line where the engine's legal actions part from the
    reference's, for each engine error its message; write ``options.json`` (one record per count).
    Returns ``EXIT_OK`` when every count checked agrees, ``EXIT_FAILED`` when one differs or the
    engine failed on the way, or when nothing could be checked (every position's rule set or player
    count unsupported), ``EXIT_BAD_INPUT`` when the JSON report cannot be written.
    Raises, before any engine is asked: ``PerftFileError`` for a perft file that cannot be read,
    breaks its schema or holds a position the reference engine cannot set up as written
    (``conformance.perft.load_perft``); ``SelectionError`` for an option of the suite given with
    them (--tags, --html …), a rule set without a perft file, an unwritable output; then
    ``SelectionError`` for an engine without the ``count`` capability, ``EngineStartError`` for an
    engine that cannot start.
    """
    from truco_dsl.errors import SelectionError

    given = [option for name, option in _SUITE_ONLY if getattr(options, name, None) is not None]
    if options.jobs != 1:
        given.append("--jobs")
    if options.perft is not None and options.write_perft is not None:
        given.append("--write-perft")
    if given:
        what = "--perft" if options.perft is not None else "--write-perft"
        raise SelectionError(f"{what} cannot be combined with {', '.join(given)}: it checks move counts, not scenarios "
                             f"(its options: --engine, --ruleset, --timeout, --json)")
    if options.write_perft is not None:
        return _write(options)
    return _check(options)


def _write(options: argparse.Namespace) -> int:
    """``--write-perft DIR``: every bundled concrete rule set's file (``--ruleset``'s alone), written."""
    from truco_dsl.conformance.perft import perft_positions, perft_rulesets, perft_text
    from truco_dsl.errors import SelectionError

    if options.engine is not None or options.json is not None:
        raise SelectionError("--write-perft writes the reference engine's counts: --engine and --json do not apply")
    folder = Path(options.write_perft)
    if not options.write_perft.strip() or not folder.is_dir():  # Path("") is the working folder: not what was meant
        raise SelectionError(f"--write-perft {options.write_perft}: not a folder (give an existing one, such as conformance/perft)")
    rulesets = perft_rulesets()
    if options.ruleset is not None:
        if options.ruleset not in rulesets:
            raise SelectionError(f"--write-perft writes the counts of a bundled rule set: --ruleset takes one of {', '.join(rulesets)}, "
                                 f"not {options.ruleset!r}")
        rulesets = [options.ruleset]
    for ruleset in rulesets:
        positions = perft_positions(ruleset)
        path = folder / f"{ruleset}.yaml"
        if not write_file("conform", str(path), "the perft file", perft_text(ruleset, positions)):
            return EXIT_BAD_INPUT
        counts = sum(len(position.counts) for position in positions)
        print(f"wrote {path}: {len(positions)} positions, {counts} counts")
    return EXIT_OK


def _check(options: argparse.Namespace) -> int:
    """``--perft [FILE ...]``: the engine checked against the files (the bundled ones when none is
    given), reported (``_report``) and written (``--json``)."""
    from truco_dsl.conformance.engines.adapter import ReferenceAdapter
    from truco_dsl.conformance.perft import PASSED, UNSUPPORTED, check_engine, load_perft_files, select_files
    from truco_dsl.conformance.runner import engine_factory
    from truco_dsl.diagnostics import shown
    from truco_dsl.errors import SelectionError

    files = select_files(options.ruleset, options.perft)
    check_outputs({"--json": options.json}, [("a perft file", str(path)) for path in files])
    positions = load_perft_files(files)
    factory, process = engine_factory(options.engine, options.timeout) if options.engine is not None else (ReferenceAdapter, None)
    try:
        probe = factory()
        name, features = probe.name, probe.features
        probe.close()
        if "count" not in features:
            raise SelectionError(f"the engine {name!r} does not offer the count capability (its hello's features: "
                                 f"{', '.join(sorted(features)) or 'none'}): --perft has nothing to ask it "
                                 f"(conformance/PROTOCOL.md, \"count\")")
        verdicts = check_engine(factory, positions)
    finally:
        if process is not None:
            process.shutdown()
    _report(verdicts, name, ", ".join(shown(path) for path in files) if options.perft else "conformance/perft/")
    if options.json is not None and not write_file("conform", options.json, "the JSON report",
                                                   json.dumps([verdict.as_json() for verdict in verdicts], indent=2,
                                                              ensure_ascii=False) + "\n"):
        return EXIT_BAD_INPUT
    checked = [verdict for verdict in verdicts if verdict.outcome != UNSUPPORTED]
    if not checked:
        print(f"truco conform: nothing was checked: the engine plays none of the {len(verdicts)} counts' rule sets "
              f"and player counts (see above)", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK if all(verdict.outcome == PASSED for verdict in checked) else EXIT_FAILED


def _report(verdicts: list[PerftVerdict], engine: str, source: str) -> None:
    """Print a line per position (its counts, by depth, agreeing or not; the positions not
    supported grouped by why), then each position's first count that differs with its differences
    and descent, the shortest line of play first, then each position's first engine error (a fault
    or an error reply on the way: no count to compare) with its message, then the summary line.
    ``source``: the perft files checked, as the first line names them."""
    from truco_dsl.conformance.perft import FAILED, PASSED, UNSUPPORTED
    from truco_dsl.diagnostics import printable

    print(f"Move counts (perft) of {source}, engine: {engine}")
    by_position: dict[str, list] = {}
    for verdict in verdicts:
        by_position.setdefault(verdict.position.name, []).append(verdict)
    unsupported: dict[str, list[str]] = {}  # why -> positions
    for name, counts in by_position.items():
        outcomes = {verdict.outcome for verdict in counts}
        if outcomes == {UNSUPPORTED}:
            unsupported.setdefault(counts[0].message or "not supported", []).append(name)
            continue
        mark = "✓" if outcomes == {PASSED} else "✗"
        depths = " ".join(f"{_depth(verdict.depth)}:{verdict.expected}{_counted(verdict)}" for verdict in counts)
        print(f"{mark} {name:<36} {depths}")
    for why, names in unsupported.items():
        print(f"- {printable(why, lines=False)}: {' '.join(names)}")
    differing = [verdict for verdict in verdicts if verdict.outcome == FAILED]
    errors = [verdict for verdict in verdicts if verdict.outcome not in (PASSED, FAILED, UNSUPPORTED)]
    # each position's shallowest count that differs (the one descended), the shortest line of play first
    first_differing = _first_of_each_position(differing)
    if first_differing:
        print(f"\nCounts that differ: {len(differing)}, at {_positions(first_differing)}; "
              f"each position's first, the shortest line of play first:")
    for verdict in sorted(first_differing, key=_line_length):
        _show(verdict)
    first_errors = _first_of_each_position(errors)
    if first_errors:
        print(f"\nEngine errors (a fault or an error reply, no count to compare): {len(errors)}, at {_positions(first_errors)}; "
              f"each position's first:")
    for verdict in first_errors:
        print(_headline(verdict, verdict.outcome))
        _print_indented(verdict.message or "")
    agree = sum(1 for verdict in verdicts if verdict.outcome == PASSED)
    apart = sum(1 for verdict in verdicts if verdict.outcome == UNSUPPORTED)
    print(f"{agree} counts agree, {len(differing)} differ" + (f", {len(errors)} engine error{'s' if len(errors) != 1 else ''}" if errors else "")
          + (f", {apart} not supported" if apart else ""))


def _counted(verdict: PerftVerdict) -> str:
    """What follows a count's expected number in a position's row: nothing when the engine agrees,
    ``≠1750`` with the engine's own count, ``✗`` when it gave none (an error, a fault)."""
    from truco_dsl.conformance.perft import PASSED

    if verdict.outcome == PASSED:
        return ""
    return "✗" if verdict.counted is None else f"≠{verdict.counted}"


def _first_of_each_position(verdicts: list[PerftVerdict]) -> list[PerftVerdict]:
    """The first of ``verdicts`` of each position, in their order."""
    first: dict[str, PerftVerdict] = {}
    for verdict in verdicts:
        first.setdefault(verdict.position.name, verdict)
    return list(first.values())


def _positions(verdicts: list[PerftVerdict]) -> str:
    return f"{len(verdicts)} position{'s' if len(verdicts) != 1 else ''}"


def _headline(verdict: PerftVerdict, said: str) -> str:
    """``✗ <rule set>/<id> (what it is; players, dealer, score), depth D: <said>``."""
    position = verdict.position
    return (f"✗ {position.name} ({position.about}; {position.players} players, seat {position.dealer} dealing, "
            f"score {position.scores[0]} to {position.scores[1]}), depth {_depth(verdict.depth)}: {said}")


def _print_indented(text: str) -> None:
    """Print ``text`` line by line, each indented by four spaces, made printable (``printable``):
    an engine's message, its request and the tail of its stderr as the lines they are."""
    from truco_dsl.diagnostics import printable

    for line in printable(text).splitlines():
        print(f"    {line}")


def _show(verdict: PerftVerdict) -> None:
    """Print one count that differs: what was expected and counted, the divide's differences, and
    what the descent found: where the engine's legal actions part from the reference's, or where
    the engine's own counts disagree (a total not its divide's sum, an action counted then refused)."""
    from truco_dsl.diagnostics import printable

    position = verdict.position
    said, _, rest = (verdict.message or verdict.outcome).partition("\n")
    print(_headline(verdict, printable(said, lines=False)))
    print(f"    deal: {'vira ' + position.vira + '; ' if position.vira else ''}"
          + "; ".join(f"seat {seat} {' '.join(cards)}" for seat, cards in enumerate(position.hands)))
    _print_indented(rest)
    for seat, action, expected, counted in verdict.differences[:_DIFFERENCES]:
        print(f"    seat {seat} {printable(action, lines=False)}: expected {_lines(expected)}, counted {_lines(counted)}")
    if len(verdict.differences) > _DIFFERENCES:
        print(f"    … and {len(verdict.differences) - _DIFFERENCES} more first actions differ")
    departure = verdict.departure
    if departure is None:
        return
    moves = " ".join(f"{seat}:{action}" for seat, action in position.moves)
    line = " ".join(f"{seat}:{action}" for seat, action in departure.line)
    where = f"{'the deal' if not moves else 'the deal and the moves ' + moves}{(', then ' + line) if line else ''}"
    if departure.note is None:
        print(f"    the engine's legal actions part from the reference's after {where}")
    else:  # the same legal actions: the engine's own count is at odds with itself, or with its act
        print(f"    after {where}: {printable(departure.note, lines=False)}")
    print(f"      position: {departure.position}")
    for (seat, why), actions in _grouped(departure.extra).items():
        print(f"      the engine offers seat {seat} {', '.join(printable(action, lines=False) for action in actions)}, "
              f"which the reference refuses: {why}")
    for (seat, why), actions in _grouped(departure.missing).items():
        print(f"      the engine does not offer seat {seat} {', '.join(actions)}: {why}")


def _grouped(actions: tuple[tuple[int, str, str], ...]) -> dict[tuple[int, str], list[str]]:
    """``(seat, action, why)`` grouped by seat and why, keeping their order."""
    groups: dict[tuple[int, str], list[str]] = {}
    for seat, action, why in actions:
        groups.setdefault((seat, why), []).append(action)
    return groups


#: the divide's differences shown for a count
_DIFFERENCES = 8


def _line_length(verdict: PerftVerdict) -> tuple[int, int]:
    """How far from the deal a count's difference shows: the moves and the descent's line, then the depth."""
    line = len(verdict.departure.line) if verdict.departure is not None else 0
    return len(verdict.position.moves) + line, verdict.depth or 0


def _depth(depth: int | None) -> str:
    return "end" if depth is None else str(depth)


def _lines(count: int | None) -> str:
    return "no such action" if count is None else f"{count} line{'s' if count != 1 else ''}"
