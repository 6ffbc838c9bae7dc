"""The ``truco`` command: validate rule files, run the conformance suite, play a game.

    truco validate FILE...                      check rule files (or folders of them); exit 2 if any has a problem
    truco conform [--ruleset ID|FILE] [--tags EXPR] [--engine SPEC] [--timeout SECONDS] [--jobs N] [--junit-xml PATH] [--json PATH]
                  [--html PATH] [--expectations FILE] [--write-expectations FILE]
    truco serve [--ruleset ID|FILE]             the reference engine on the JSON-lines protocol (stdin/stdout)
    truco cases export [--ruleset ID|FILE] [--output PATH]    every scenario as JSON, for runners in other languages
    truco mutate --ruleset ID [--jobs N] [--json PATH] [--mutant KEY]...   the suite against mutants of a rule set
    truco play [--ruleset ID|FILE] [--seed N] [--players N]
    truco simulate [--ruleset ID|FILE] [--games N] [--seed S] [--players P] [--bots B1,B2] [--workers K] [--against ID|FILE]
                   [--cluster ADDRESS] [--json PATH] [--plot PATH] [--record PATH]   many games played by bots: what the rule set does to the game
    truco diff OLD NEW [--games N] [--seed S] [--players P] [--bots B1,B2] [--workers K] [--json PATH] [--markdown PATH]
                                                what a change does: text, every scenario, simulated play (exit 1 if they differ)
    truco explain SCENARIO_ID|GAME.jsonl [--ruleset ID|FILE] [--seat S] [--game N] [--json]   a game clause by clause
    truco rulebook RULESET|FILE [--html PATH] [--markdown PATH]   the regulation with its encoding beside it
    truco coverage [--ruleset ID|FILE] [--json]     clauses encoded, informative, ambiguous, covered
    truco vocabulary                                the rule language's hooks, names and builtins
    truco where NAME [--ruleset ID|FILE] [--json]   where a clause id, builtin, hook or scenario id is encoded, run and checked

Exit codes (``exits.py``): 0 success; 1 the suite found failing scenarios or engine faults (timeout, crash,
protocol_error), or a scenario the expectations file expects to fail passes (mutate: a mutant that changes play
survived) (coverage: a clause neither encoded nor informative, or encoded without a
scenario) (diff: the two rule sets differ); 2 bad input (a malformed rule file, an unknown rule set, a bad option, an --engine that
cannot be imported or started or does not answer hello); 130 Ctrl-C; 143 SIGTERM (ended as Ctrl-C ends a run). A user's
mistake never ends in a traceback.

This package is the only place that prints for a user and chooses an exit code. One module per
command (``validate``, ``show``, ``new``, ``conform``, ``serve``, ``cases``, ``mutate``, ``play``, ``simulate``,
``coverage``, ``vocabulary``, ``where``, ``diff``, ``explain``, ``rulebook``), each with ``add_parser(commands)`` (its subcommand and options) and
``run(options) -> int``, which raises the errors of ``exits.SHOWN`` for bad input. A command module
imports at its top only argparse and this package; what its ``run`` needs (pytest, rich, the
library) it imports there, so that building the parser stays cheap and ``truco serve`` loads
neither pytest nor rich. ``options.py``: the option types several commands share and the files
they write.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from truco_dsl.cli import cases, conform, coverage, mutate, new, play, serve, show, simulate, validate, vocabulary, where
from truco_dsl.cli import diff, explain, rulebook
from truco_dsl.cli.exits import EXIT_INTERRUPTED, EXIT_TERMINATED, reported
from truco_dsl.cli.options import streamed

#: the commands, in the order ``truco --help`` lists them
COMMANDS = (validate, show, new, conform, mutate, cases, serve, play, simulate, vocabulary, coverage, where, diff, explain,
            rulebook)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``truco``: a subcommand per module of ``COMMANDS``, each setting
    ``options.run`` (and ``options.command``, the words messages name it by)."""
    parser = argparse.ArgumentParser(prog="truco", description="Truco Paulista regulations as executable rule files.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``truco`` with ``argv`` (default: the process arguments) and return its exit code.

    A bad option is argparse's: its message and usage on stderr, then ``SystemExit(2)``. An error of
    ``exits.SHOWN`` raised by the command is shown on stderr (``truco COMMAND: …``) and returns its
    exit code; Ctrl-C returns 130 (``interrupted`` on stderr), SIGTERM — what a cancelled CI job
    sends — ends the run the same way (jobs, engines and workers ended, temporary folders removed)
    and returns 143 (``terminated``; ``_on_sigterm``). Output piped into a program that stops reading (``| head``)
    loses the rest of it, nothing else: the command goes on to its end, writes its reports and
    returns its own exit code (``_Stdout``). A report given ``-`` (``--json -``) is written to
    standard output alone, the command's own lines then going to stderr. Any other exception is a fault of truco-dsl and
    propagates with its traceback.
    """
    options = build_parser().parse_args(argv)
    stdout = sys.stdout
    # a report written to standard output (--json -) goes there alone: the command's own lines go to stderr
    sys.stdout = _Stdout(sys.stderr, reports=_Stdout(stdout)) if streamed(options) else _Stdout(stdout)
    terminated: list[int] = []
    handling = threading.current_thread() is threading.main_thread()  # only the main thread may set a handler
    previous = signal.signal(signal.SIGTERM, _on_sigterm(terminated)) if handling else None
    try:
        code = options.run(options)
        return EXIT_TERMINATED if terminated and code == EXIT_INTERRUPTED else code  # a run that reports its own stop
    except KeyboardInterrupt:
        print("\nterminated" if terminated else "\ninterrupted", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    except Exception as error:
        return reported(options.command, error)
    finally:
        if handling:
            signal.signal(signal.SIGTERM, previous)
        sys.stdout = stdout


def _on_sigterm(terminated: list[int]) -> Callable[[int, Any], None]:
    """The SIGTERM handler of one run: the first SIGTERM is Ctrl-C's ``KeyboardInterrupt``, so that
    the run ends by the same path (pytest stops, ``--jobs`` jobs are interrupted and their engines
    ended, temporary folders removed, simulation workers stopped), noted in ``terminated``; a later
    one, while that path runs, is ignored."""

    def on_sigterm(number: int, frame: Any) -> None:
        if not terminated:
            terminated.append(number)
            raise KeyboardInterrupt

    return on_sigterm


class _Stdout:
    """Standard output as a command writes it: once the program reading it has gone (a closed pipe,
    ``truco conform | head -1``), what follows is dropped instead of raising ``BrokenPipeError``,
    so the command still finishes (its report files written) with its own exit code. Everything
    else is the stream's own (``isatty``, ``encoding``, ``fileno`` …). ``reports``: where a report
    given ``-`` is written (``options.write_file``) when the command's own lines go to stderr."""

    def __init__(self, stream: Any, reports: _Stdout | None = None):
        self._stream = stream
        self.reports = reports

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._reader_gone()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._reader_gone()

    def _reader_gone(self) -> None:
        # the stream's buffer and every later write go nowhere; so does Python's own flush at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), self._stream.fileno())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
