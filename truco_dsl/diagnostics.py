"""Places in the files a user wrote, the problems found there, and how they are shown.

Every loader (rule files, expectations files, tag expressions) and the interpreter's report of a
clause that failed at run time speak through this module, so a mistake reads the same wherever it
is found: ``file:line:col: message``, the line itself with a caret under the column, the YAML path,
and, where a name was mistyped, the closest known one ("did you mean …?").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

YamlPath = tuple[str | int, ...]

#: the longest stretch of a source line shown under a problem (characters)
SHOWN_WIDTH = 120


@dataclass(frozen=True)
class Place:
    """A place in a file a user wrote: ``file``, ``line`` and ``column`` (1-based), and the YAML
    ``path`` to the value there (like ``clauses[3].when``; empty outside YAML)."""

    file: str
    line: int
    column: int
    path: str = ""

    def __str__(self) -> str:
        return f"{shown(self.file)}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file: ``place`` and ``message``; ``line_text`` is the file's line at
    ``place`` (empty when unknown), shown with a caret under the column."""

    place: Place
    message: str
    line_text: str = ""

    def render(self) -> str:
        """``file:line:col: message``, then the line and a caret under the column, then the YAML path."""
        return f"{self.place}: {self.message}" + excerpt(self.line_text, self.place.column) + (
            f"\n    (at {self.place.path})" if self.place.path else "")


def excerpt(line: str, column: int) -> str:
    """``line`` indented on a line of its own with a caret under ``column`` (1-based) below it, a
    long line cut to the part around the column; "" for an empty line."""
    if not line:
        return ""
    if len(line) > SHOWN_WIDTH:
        start = max(0, column - SHOWN_WIDTH // 2)
        line, column = ("…" if start else "") + line[start:start + SHOWN_WIDTH] + "…", column - start + (1 if start else 0)
    return f"\n    {line}\n    {' ' * (column - 1)}^"


def source_line(file: str | Path, line: int) -> str:
    """The text of ``line`` (1-based) of ``file``, without its line ending; "" when the file cannot
    be read or has no such line (a rule file changed or removed since it was loaded)."""
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[line - 1].rstrip() if 0 < line <= len(lines) else ""


def shown(file: str | Path) -> str:
    """A path as a person would type it: relative to the working directory when it is below it."""
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(file)


def yaml_path(path: YamlPath) -> str:
    """``("clauses", 2, "when")`` -> ``clauses[2].when``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def distance(one: str, other: str) -> int:
    """The edit distance of two words (insertions, deletions and substitutions, one each)."""
    previous = list(range(len(other) + 1))
    for row, letter in enumerate(one, start=1):
        current = [row]
        for column, target in enumerate(other, start=1):
            current.append(min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + (letter != target)))
        previous = current
    return previous[-1]


def closest(word: str, known: Iterable[str], most: int = 3) -> str | None:
    """The known word nearest ``word`` by edit distance when it is at most ``most`` edits away
    (ties: the first in sorted order), else None."""
    best = min(sorted(known), key=lambda candidate: distance(word, candidate), default=None)
    return best if best is not None and distance(word, best) <= most else None


def did_you_mean(word: str, known: Iterable[str], most: int = 3) -> str:
    """`` (did you mean X?)`` for the closest known word (``closest``), or "" when none is close."""
    near = closest(word, known, most)
    return f" (did you mean {near}?)" if near is not None else ""
