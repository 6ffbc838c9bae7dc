"""The exit codes of ``truco``, and how a user's mistake is shown: the one place for both.

A command's ``run(options)`` returns ``EXIT_OK`` or ``EXIT_FAILED`` and raises, for bad input, one
of the exceptions of ``SHOWN``; ``main`` (``truco_dsl.cli``) shows it with ``reported`` and exits
with its code. A command that finds a problem and goes on (an unwritable report among several: the
others are still written) says so with ``bad_input`` and returns ``EXIT_BAD_INPUT`` at its end.
An exception not in ``SHOWN`` is a fault of truco-dsl itself: its traceback is shown as it is.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from truco_dsl.diagnostics import first_line
from truco_dsl.errors import (BotError, CasesError, DraftError, EngineStartError, ExpectationsError, ExplainError, PerftFileError,
                              RulesetError, RuleSetIncomplete, SelectionError, SuiteError, UnknownName)
from truco_dsl.rules import RuleSet

EXIT_OK = 0
#: the suite found failing scenarios or engine faults, a mutant survived, coverage has a gap
EXIT_FAILED = 1
#: truco diff: the two rule sets differ (text, a scenario, or a statistic whose interval excludes 0)
EXIT_DIFFERENT = 1
#: a malformed rule file, an unknown rule set, a bad option, an unwritable path, an engine that cannot start
EXIT_BAD_INPUT = 2
#: the person pressed Ctrl-C (128 + SIGINT, as a shell reports it)
EXIT_INTERRUPTED = 130
#: the run was sent SIGTERM (a CI job cancelled) and ended as after Ctrl-C (128 + SIGTERM)
EXIT_TERMINATED = 143


def headline(error: BaseException) -> str:
    """The first line of ``error``'s message (``diagnostics.first_line``), its class's name when it has none."""
    return first_line(str(error)) or type(error).__name__


#: exception class -> (exit code, its message as shown after ``truco COMMAND: ``). An exception is
#: shown by the first of its classes (its own, then its bases, nearest first) listed here.
SHOWN: dict[type[Exception], tuple[int, Callable[[Exception], str]]] = {
    # every problem, each with its place, line and caret (as truco validate shows them)
    RulesetError: (EXIT_BAD_INPUT, lambda error: f"bad rule file:\n{error}"),
    ExpectationsError: (EXIT_BAD_INPUT, lambda error: f"bad expectations file:\n{error}"),
    PerftFileError: (EXIT_BAD_INPUT, lambda error: f"bad perft file:\n{error}"),
    # a clause that failed while a game was played: its place, its line and a caret
    RuleSetIncomplete: (EXIT_BAD_INPUT, lambda error: f"the rule set cannot be played on: {error}"),
    # pytest, or a job of --jobs, could not run the suite: the end of its output says why
    SuiteError: (EXIT_BAD_INPUT, str),
    SelectionError: (EXIT_BAD_INPUT, headline),
    CasesError: (EXIT_BAD_INPUT, headline),
    DraftError: (EXIT_BAD_INPUT, headline),
    EngineStartError: (EXIT_BAD_INPUT, headline),
    # a bot program (truco simulate --bots cmd:...) that cannot start, hangs, crashes or breaks its protocol
    BotError: (EXIT_BAD_INPUT, str),
    UnknownName: (EXIT_BAD_INPUT, headline),
    ExplainError: (EXIT_BAD_INPUT, headline),  # a record or scenario truco explain cannot replay: file:line, what failed
    FileNotFoundError: (EXIT_BAD_INPUT, headline),  # an unknown rule set id, no rule file at a path
}


def bad_input(command: str, message: str) -> int:
    """Show one problem with what the user gave (``truco COMMAND: message`` on stderr) and return
    ``EXIT_BAD_INPUT``, for a command that reports a problem itself rather than raising it.
    ``command``: the command's words (``conform``, ``cases export``)."""
    print(f"truco {command}: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def warned(command: str, ruleset: RuleSet) -> None:
    """Say on stderr, in one line, that the rule file a user named has coherence warnings
    (``RuleSet.warnings``) and where to see them; nothing when it has none. Raises nothing."""
    if ruleset.warnings:
        count = len(ruleset.warnings)
        print(f"truco {command}: {ruleset.file} has {count} coherence warning{'s' if count != 1 else ''} "
              f"(`truco validate {ruleset.file}` shows them)", file=sys.stderr)


def reported(command: str, error: Exception) -> int:
    """Show ``error``, raised by ``command``, as ``SHOWN`` says (on stderr) and return its exit code.
    Raises ``error`` itself when no class of it is in ``SHOWN``: it is no user's mistake."""
    for kind in type(error).__mro__:
        if kind in SHOWN:
            code, message = SHOWN[kind]
            print(f"truco {command}: {message(error)}", file=sys.stderr)
            return code
    raise error
