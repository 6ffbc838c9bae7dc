"""What several commands take from the user: the argument types of ``--jobs``, ``--timeout`` and
``--shard``, and the files a command writes where the user said (``check_writable`` before the run,
``write_file`` after it).

An argument type raises ``argparse.ArgumentTypeError``: argparse shows its message with the
command's usage and exits 2.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from truco_dsl.cli.exits import bad_input
from truco_dsl.errors import SelectionError

#: the most processes ``--jobs`` may start, per core: each job is a Python process (and, for
#: ``conform --engine``, an engine process too), so more only queue for the cores and use memory
JOBS_PER_CORE = 4


def jobs(text: str) -> int:
    """``--jobs``: a whole number from 1 to ``JOBS_PER_CORE`` per core of this machine.
    Raises ``ArgumentTypeError`` otherwise."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"the number of jobs must be a whole number from 1, not {text!r}")
    cores = os.cpu_count() or 1
    if int(text) > JOBS_PER_CORE * cores:
        raise argparse.ArgumentTypeError(f"{text} jobs is more than this machine can run at once: at most "
                                         f"{JOBS_PER_CORE * cores} ({JOBS_PER_CORE} per core, {cores} cores)")
    return int(text)


def shard(text: str) -> tuple[int, int]:
    """``--shard I/N`` -> ``(I, N)`` (0 <= I < N). Raises ``ArgumentTypeError`` otherwise."""
    index, _, count = text.partition("/")
    if not (index.isdigit() and count.isdigit() and int(index) < int(count)):
        raise argparse.ArgumentTypeError(f"a shard is I/N with 0 <= I < N, not {text!r}")
    return int(index), int(count)


#: the longest ``--timeout`` (seconds): a reply that takes longer is a hung engine
MAX_TIMEOUT = 600.0


def seconds(text: str) -> float:
    """``--timeout``: a number of seconds above 0 and at most ``MAX_TIMEOUT``. Raises
    ``ArgumentTypeError`` otherwise (``nan``, ``inf``, 0 and negatives too)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= MAX_TIMEOUT:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"the timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds, not {text!r}")
    return value


def check_writable(path: str) -> None:
    """Check that a file can be written at ``path`` (a report, an expectations file, exported cases)
    before a run spends its time; a file that did not exist is not left behind.
    Raises ``SelectionError`` (one line: the path and why) when it cannot."""
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
    """Write ``text`` (UTF-8) to ``path``. ``what`` names it for the user (``the JSON report``).
    Returns True when written; False after ``truco COMMAND: cannot write WHAT to PATH: why`` on
    stderr (``bad_input``), so that a command writing several files still writes the others."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        bad_input(command, f"cannot write {what} to {path}: {error.strerror or error}")
        return False
    return True
