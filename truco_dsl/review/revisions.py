"""One side of ``truco diff``: a rule set named by id, by file, or as ``FILE@GITREV`` (the file as
it was at a git revision).

``FILE@GITREV``: git is run as a program (an argument list, never a shell) in the file's folder,
so the revision is of the repository that holds the file. The old version must load as that file
did, its ``extends`` (and ``sources:``, ``features:``) read beside it: so the file's whole folder,
subfolders included, is taken at that revision (``git archive REV -- .``) into a temporary folder,
and the file is loaded from there under its own name. A parent beside it is the parent of that
revision; a bundled parent not beside it is today's bundled one, as the loader finds it. The
temporary folder lives as long as the ``ExitStack`` given to ``open_side`` (scenarios and
simulation workers read the file while it does).
"""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from truco_dsl.diagnostics import shown
from truco_dsl.errors import SelectionError
from truco_dsl.engine.proof import load_playable
from truco_dsl.rules import RuleSet

#: seconds a git command may take
GIT_TIMEOUT = 30


@dataclass(frozen=True)
class Side:
    """A rule set compared: ``label`` (as the user named it: ``atb-2004``, ``casa.yaml``,
    ``spec/rulesets/atb-2004.yaml@HEAD``), ``reference`` (the id or path it is loaded from, what a
    simulation worker loads), ``ruleset`` (loaded and proved to play), and for ``FILE@GITREV`` the
    temporary folder it was taken into (``taken``) and the place it stands for (``stands_for``:
    the file's folder, written ``folder@REV``)."""

    label: str
    reference: str
    ruleset: RuleSet
    taken: str | None = None
    stands_for: str | None = None

    def place(self, file: str) -> str:
        """A file of this side as a person reads it: relative to the current folder, and a file of
        a git revision's folder as ``folder/name@REV``."""
        if self.taken is not None:
            resolved, root = os.path.realpath(file), os.path.realpath(self.taken)
            if resolved.startswith(root + os.sep):
                return f"{self.stands_for}/{os.path.relpath(resolved, root)}"
        return shown(file)


def file_at_revision(text: str) -> tuple[str, str] | None:
    """``(FILE, GITREV)`` when ``text`` is ``FILE@GITREV`` (no file is named ``text`` itself and
    both parts are there), else None."""
    if "@" in text and not os.path.lexists(text):
        path, _, revision = text.rpartition("@")
        if path and revision:
            return path, revision
    return None


def open_side(text: str, stack: ExitStack) -> Side:
    """The side ``text`` names: a rule set id, a rule file, or ``FILE@GITREV``. A temporary folder
    made for a revision is removed when ``stack`` closes. Raises ``SelectionError`` (one line) for a
    bad revision, a file the revision lacks, or git missing or failing; ``FileNotFoundError`` /
    ``RulesetError`` as ``load_ruleset`` does, and ``RulesetNotPlayable`` for a rule set that does
    not play (``engine.proof.load_playable``)."""
    at = file_at_revision(text)
    if at is not None:
        return _at_revision(text, *at, stack)
    return Side(text, text, load_playable(text))


def _at_revision(text: str, path: str, revision: str, stack: ExitStack) -> Side:
    folder = Path(os.path.abspath(path)).parent
    while not folder.is_dir():  # a file since removed: ask git from the nearest folder there is
        folder = folder.parent
    relative = os.path.relpath(os.path.abspath(path), folder)
    if revision.startswith("-"):
        raise SelectionError(f"{text}: {revision!r} is not a git revision")
    _git(text, folder, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}",
         failure=f"{revision!r} is no revision of the git repository at {shown(folder)}")
    _git(text, folder, "cat-file", "-e", f"{revision}:./{relative}", failure=f"revision {revision} has no file {path}")
    archive = _git(text, folder, "archive", "--format=tar", revision, "--", ".", failure=f"cannot take {shown(folder)} at {revision}")
    taken = stack.enter_context(tempfile.TemporaryDirectory(prefix="truco-diff-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(taken, filter="data")
    file = os.path.join(taken, relative)
    return Side(text, file, load_playable(file), taken, f"{shown(folder)}@{revision}")


def _git(text: str, folder: Path, *arguments: str, failure: str) -> bytes:
    """Run ``git -C folder ARGUMENTS`` and return its output. Raises ``SelectionError`` with
    ``failure`` (and git's own first line) when it fails, or when git cannot be run."""
    try:
        done = subprocess.run(["git", "-C", str(folder), *arguments], capture_output=True, timeout=GIT_TIMEOUT, check=False)
    except FileNotFoundError:
        raise SelectionError(f"{text}: git is not installed, so no earlier version of a file can be read") from None
    except subprocess.TimeoutExpired:
        raise SelectionError(f"{text}: git took more than {GIT_TIMEOUT} s to answer") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise SelectionError(f"{text}: {failure}" + (f" ({said[0]})" if said else ""))
    return done.stdout
