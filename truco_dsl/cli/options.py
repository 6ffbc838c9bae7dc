"""What commands take from the user: the argument type of every numeric option (``--jobs``,
``--timeout``, ``--shard``, ``--seed``, ``--players``, ``--games``), and the files a command writes where the
user said (``check_writable`` before the run, ``write_file`` after it). A report path ``-`` is
standard output (``--json -``): the report alone goes there, and the command's own lines to stderr
(``cli.main`` moves them when ``streamed`` names an option).

An argument type raises ``argparse.ArgumentTypeError``, with the range the option allows, for a
value out of it (negative, too large, ``nan``, ``inf``, a fraction, not a number): argparse shows its
message with the command's usage and exits 2.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from truco_dsl.cli.exits import bad_input
from truco_dsl.errors import SelectionError

#: the report path that means standard output (``--json -``)
STANDARD_OUTPUT = "-"
#: the options (their argparse ``dest``) whose value is a file a command writes, of every command
OUTPUT_OPTIONS = ("json", "junit_xml", "html", "markdown", "write_expectations", "record", "output", "plot")

#: the most processes ``--jobs`` may start, per core: each job is a Python process (and, for
#: ``conform --engine``, an engine process too), so more only queue for the cores and use memory
JOBS_PER_CORE = 4


#: a whole number as an option is written: ASCII digits only (no sign, fraction, exponent, ``_``)
_DIGITS = re.compile(r"[0-9]{1,30}")


#: the most characters of a refused value a message repeats
SHOWN_VALUE = 40


def _shown(text: str) -> str:
    """A refused value as a message quotes it: cut at ``SHOWN_VALUE`` characters (with how long it is)."""
    return repr(text) if len(text) <= SHOWN_VALUE else f"{text[:SHOWN_VALUE]!r}… ({len(text):,} characters)"


def _whole_number(text: str, what: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``. ``what`` names it in the message
    (``the seed``). Raises ``ArgumentTypeError`` with the range otherwise."""
    if _DIGITS.fullmatch(text) is None or not low <= int(text) <= high:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number from {low:,} to {high:,}, not {_shown(text)}")
    return int(text)


def jobs(text: str) -> int:
    """``--jobs``: a whole number from 1 to ``JOBS_PER_CORE`` per core of this machine.
    Raises ``ArgumentTypeError`` otherwise."""
    return _processes(text, "jobs")


def workers(text: str) -> int:
    """``--workers`` (truco simulate): as ``--jobs``, processes at once."""
    return _processes(text, "workers")


def _processes(text: str, what: str) -> int:
    cores = os.cpu_count() or 1
    if _DIGITS.fullmatch(text) is not None and int(text) > JOBS_PER_CORE * cores:  # the range, and why
        raise argparse.ArgumentTypeError(f"{text} {what} is more than this machine can run at once: at most "
                                         f"{JOBS_PER_CORE * cores} ({JOBS_PER_CORE} per core, {cores} cores)")
    return _whole_number(text, f"the number of {what}", 1, JOBS_PER_CORE * cores)


def shard(text: str) -> tuple[int, int]:
    """``--shard I/N`` -> ``(I, N)`` (0 <= I < N <= the most ``--jobs``). Raises ``ArgumentTypeError`` otherwise."""
    index, _, count = text.partition("/")
    most = JOBS_PER_CORE * (os.cpu_count() or 1)
    if not (_DIGITS.fullmatch(index) and _DIGITS.fullmatch(count) and int(index) < int(count) <= most):
        raise argparse.ArgumentTypeError(f"a shard is I/N with 0 <= I < N <= {most}, not {_shown(text)}")
    return int(index), int(count)


#: the largest ``--seed``: the protocol's whole numbers are below 10**18 (conformance/PROTOCOL.md,
#: Limits), so a game played with any seed can be asked of ``truco serve`` too
MAX_SEED = 10**18 - 1


def games(text: str) -> int:
    """``--games`` (truco simulate): a whole number from 1 to ``runner.MOST_GAMES``. Raises
    ``ArgumentTypeError`` otherwise."""
    from truco_dsl.simulation.runner import MOST_GAMES

    return _whole_number(text, "the number of games", 1, MOST_GAMES)


def games_or_none(text: str) -> int:
    """``--games`` of truco diff: as ``games``, or 0 (no game played). Raises ``ArgumentTypeError``
    otherwise."""
    from truco_dsl.simulation.runner import MOST_GAMES

    return _whole_number(text, "the number of games", 0, MOST_GAMES)


def run_seed(text: str) -> int:
    """``--seed`` of truco simulate: a whole number from 0 to ``runner.MOST_SEED`` (so that every
    game's and bot's seed is distinct and exact in JSON). Raises ``ArgumentTypeError`` otherwise."""
    from truco_dsl.simulation.runner import MOST_SEED

    return _whole_number(text, "the seed", 0, MOST_SEED)


def seed(text: str) -> int:
    """``--seed``: a whole number from 0 to ``MAX_SEED``. Raises ``ArgumentTypeError`` otherwise."""
    return _whole_number(text, "the seed", 0, MAX_SEED)


def players(text: str) -> int:
    """``--players``: a whole number of seats within what the rule-file language allows
    (spec/schema/ruleset.schema.json, ``table.players``: 2 to 12); the rule set played then says
    which of those counts it allows. Raises ``ArgumentTypeError`` otherwise."""
    from truco_dsl.rules.loader import ruleset_schema

    seats = ruleset_schema()["properties"]["table"]["properties"]["players"]["items"]
    return _whole_number(text, "the number of players", seats["minimum"], seats["maximum"])


def scores(text: str) -> list[int]:
    """``--scores A,B``: each team's points to start from, whole numbers from 0 to the largest
    target (``rules.model.MAX_TARGET``); the rule set played then says whether they are below its
    target. Raises ``ArgumentTypeError`` otherwise."""
    from truco_dsl.rules.model import MAX_TARGET

    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"--scores is two whole numbers, team 0's and team 1's, like 11,3; not {_shown(text)}")
    return [_whole_number(part.strip(), "a score", 0, MAX_TARGET) for part in parts]


#: the longest ``--timeout`` (seconds): a reply that takes longer is a hung engine
MAX_TIMEOUT = 600.0


def seconds(text: str) -> float:
    """``--timeout``: a number of seconds above 0 and at most ``MAX_TIMEOUT``. Raises
    ``ArgumentTypeError`` otherwise (``nan``, ``inf``, 0 and negatives too)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {_shown(text)}") from None
    if not 0 < value <= MAX_TIMEOUT:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"the timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds, not {_shown(text)}")
    return value


def streamed(options: argparse.Namespace) -> list[str]:
    """The output options of a command's ``options`` given as ``-`` (standard output), as written
    (``--json``)."""
    return [f"--{dest.replace('_', '-')}" for dest in OUTPUT_OPTIONS if getattr(options, dest, None) == STANDARD_OUTPUT]


def check_writable(path: str) -> None:
    """Check that a file can be written at ``path`` (a report, an expectations file, exported cases)
    before a run spends its time; a file that did not exist is not left behind; ``-`` (standard
    output) can. Raises ``SelectionError`` (one line: the path and why) when it cannot."""
    if path == STANDARD_OUTPUT:
        return
    if not path:
        raise SelectionError("cannot write to an empty path: give a file's name")
    target = Path(path)
    if target.is_dir() or path.endswith(("/", os.sep)):
        raise SelectionError(f"cannot write to {path}: it names a folder; give a file's name")
    folder = next((parent for parent in reversed(target.parents) if not parent.is_dir()), None)
    if folder is not None:
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise SelectionError(f"cannot write to {path}: {folder} {what}")
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise SelectionError(f"cannot write to {path}: {error.strerror or error}") from None
    if not existed:
        target.unlink()


def write_file(command: str, path: str, what: str, text: str) -> bool:
    """Write ``text`` (UTF-8) to ``path``; ``-``: to standard output (``sys.stdout.reports`` while
    ``cli.main`` sends the command's own lines to stderr, else ``sys.stdout``). ``what`` names it for
    the user (``the JSON report``). Returns True when written; False after ``truco COMMAND: cannot
    write WHAT to PATH: why`` on stderr (``bad_input``), so that a command writing several files
    still writes the others."""
    if path == STANDARD_OUTPUT:
        stream = getattr(sys.stdout, "reports", None) or sys.stdout
        stream.write(text)
        stream.flush()
        return True
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        bad_input(command, f"cannot write {what} to {path}: {error.strerror or error}")
        return False
    return True


#: where ``--bots`` parts its two sides: the first comma followed by a bot's spec
_SIDES = re.compile(r",(?=\s*(?:(?:random|heuristic|mcts(?::\w*)?)\s*$|cmd:))")


def bot_pair(text: str) -> tuple[str, str]:
    """``--bots B1,B2`` or ``--bots B`` (truco simulate, truco diff): the two sides' specs. The
    sides part at the first comma followed by a bot's spec, so a ``cmd:`` program's arguments may
    hold other commas. Raises ``ArgumentTypeError`` for an empty side or more than two."""
    parts = _SIDES.split(text, maxsplit=1)
    if len(parts) == 1 and not text.strip().startswith("cmd:"):
        parts = text.split(",", maxsplit=1)  # a side that is no bot: make_bot tells which
    parts = [part.strip() for part in parts]
    if len(parts) == 1:
        parts *= 2
    if not all(parts) or any("," in part and not part.startswith("cmd:") for part in parts):
        raise argparse.ArgumentTypeError(f"--bots is one bot for both sides or two, B1,B2 (like heuristic,random), not {text!r}")
    return parts[0], parts[1]


def same_file(path: str, other: str) -> bool:
    """Whether two paths name one file (a path written two ways, or one linked to the other, even
    through a link to a file not yet written)."""
    if os.path.realpath(path) == os.path.realpath(other):
        return True
    try:
        return os.path.samefile(path, other)
    except OSError:  # one does not exist yet
        return False


def check_outputs(outputs: dict[str, str | None], inputs: list[tuple[str, str]] = ()) -> None:
    """Check a command's output files before it runs: ``outputs`` (option -> path, None where not
    given) must name a file each, none of them one of ``inputs`` ((what it is, path): a rule file,
    a bot's program), and each must be writable (``check_writable``). Raises ``SelectionError``
    (one line) otherwise: two options would overwrite each other, or an output would destroy what
    the run reads."""
    given = {option: path for option, path in outputs.items() if path is not None}
    for option, path in given.items():
        twice = [other for other, other_path in given.items() if other != option and same_file(path, other_path)]
        if twice and path == STANDARD_OUTPUT:
            raise SelectionError(f"{option} and {twice[0]} both name standard output (-): one report can go there; "
                                 f"give the other a file")
        if twice:
            raise SelectionError(f"{option} and {twice[0]} both name {path}: one would overwrite the other; give each its own file")
        read = None if path == STANDARD_OUTPUT else next((what for what, input_path in inputs if same_file(path, input_path)), None)
        if read is not None:
            raise SelectionError(f"{option} {path} is {read}: writing there would destroy it; give another file")
        check_writable(path)


def program_files(command: str, what: str) -> list[tuple[str, str]]:
    """The files a program's command line names (the program, its arguments that are files), as
    ``check_outputs``' inputs: a report must not overwrite them. ``what`` names the program in the
    message (``the engine 'python my.py'``). A command that does not split names none (its runner
    says why)."""
    import shlex

    try:
        words = shlex.split(command)
    except ValueError:
        return []
    return [(f"read by {what}", word) for word in words if os.path.isfile(word)]


def input_files(**references: str | None) -> list[tuple[str, str]]:
    """The rule files among a command's references (option or argument name -> a rule set id or a
    file; ``FILE@GITREV`` counts as FILE), as ``check_outputs``' inputs."""
    from truco_dsl.review.revisions import file_at_revision

    found = []
    for name, reference in references.items():
        if reference is not None:
            at = file_at_revision(reference)
            path = at[0] if at is not None else reference
            if os.path.isfile(path):
                found.append((f"the rule file of {name}", path))
    return found

