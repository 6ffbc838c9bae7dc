"""The regulations split into clauses: read ``spec/sources/*.md``.

A source file is Markdown. Each clause is a ``### <ID>`` heading, its text as ``> `` lines, then
bullets ``- location: ...`` (where it stands in the source), and optionally ``- restored: ...``,
``- informative: <reason>``, ``- ambiguous: <note>``, ``- parallel: <ids>`` (the clauses of another
regulation that rule the same point) and ``- disagrees: <id> <how>`` (one that rules it otherwise,
and how; as many as there are). ``## `` headings are section titles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from truco_dsl.bundled import SOURCES_DIR
from truco_dsl.diagnostics import read_regular
from truco_dsl.errors import SourceFormatError

_CLAUSE_ID = re.compile(r"^[A-Z][A-Z0-9]*(-[A-Za-z0-9]+)+$")


@dataclass(frozen=True)
class SourceClause:
    """One clause of a regulation: its ``id``, ``text`` (Portuguese, as in the source), ``section``
    title, ``location`` in the source, the regulation ``source`` (file stem, e.g. ``atb-2004``),
    ``line`` of its heading in the .md, the optional ``informative`` / ``ambiguous`` notes, the
    ``file`` it was read from, the ``parallel`` clause ids of another regulation that rule the same
    point, and each ``disagrees`` note (``ATB-TOMBO-1 ATB deals …``: a clause that rules it
    otherwise, then how)."""

    id: str
    text: str
    section: str
    location: str
    source: str
    line: int
    informative: str | None = None
    ambiguous: str | None = None
    file: str = ""  # the .md it was read from
    parallel: tuple[str, ...] = ()
    disagrees: tuple[str, ...] = ()


def parse_source(path: Path) -> dict[str, SourceClause]:
    """Read one spec/sources/<regulation>.md, or a drafter's house rules in the same format.

    Returns the clauses by id, in file order. Raises ``SourceFormatError`` (with ``file:line``) for a
    bad or duplicate id, a clause without text, or a clause without exactly one location; for a file
    that is not a regular file, is too large (``diagnostics.read_regular``) or is not UTF-8 (then
    with ``file:1``).
    """
    try:
        text = read_regular(path).decode("utf-8")
    except OSError as problem:
        raise SourceFormatError(f"{path}:1: cannot read it: {problem.strerror or problem}") from None
    except UnicodeDecodeError:
        raise SourceFormatError(f"{path}:1: the file is not UTF-8 text") from None
    clauses: dict[str, SourceClause] = {}
    section = ""
    current: dict | None = None

    def finish() -> None:
        if current is None:
            return
        where = f"{path}:{current['line']}"
        if not current["text"]:
            raise SourceFormatError(f"{where}: clause {current['id']} has no '> ' text")
        if len(current["location"]) != 1:
            raise SourceFormatError(f"{where}: clause {current['id']} needs exactly one '- location:' bullet")
        clauses[current["id"]] = SourceClause(
            id=current["id"],
            text=" ".join(current["text"]).strip(),
            section=current["section"],
            location=current["location"][0],
            source=path.stem,
            line=current["line"],
            informative=current.get("informative"),
            ambiguous=current.get("ambiguous"),
            file=str(path),
            parallel=tuple(clause_id.strip() for value in current.get("parallel", []) for clause_id in value.split(",") if clause_id.strip()),
            disagrees=tuple(current.get("disagrees", [])),
        )

    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("### "):
            finish()
            clause_id = line[4:].strip()
            if not _CLAUSE_ID.match(clause_id):
                raise SourceFormatError(f"{path}:{number}: {clause_id!r} is not a clause id (like ATB-EMPATE-1)")
            if clause_id in clauses:
                raise SourceFormatError(f"{path}:{number}: clause id {clause_id} appears twice")
            current = {"id": clause_id, "line": number, "section": section, "text": [], "location": []}
        elif line.startswith("## "):
            finish()
            current = None
            section = line[3:].strip()
        elif current is not None and line.startswith(">"):
            current["text"].append(line[1:].strip())
        elif current is not None and line.startswith("- "):
            key, _, value = line[2:].partition(":")
            key = key.strip()
            if key == "location":
                current["location"].append(value.strip())
            elif key in ("informative", "ambiguous", "restored"):
                current[key] = value.strip()
            elif key in ("parallel", "disagrees"):
                current.setdefault(key, []).append(value.strip())
    finish()
    return clauses


@cache
def load_sources(directory: Path = SOURCES_DIR) -> dict[str, SourceClause]:
    """Every clause of every regulation in ``directory`` (default: the bundled spec/sources), by id.

    Raises ``SourceFormatError`` as ``parse_source`` does, or when two files share an id.
    """
    everything: dict[str, SourceClause] = {}
    for path in sorted(Path(directory).glob("*.md")):
        for clause_id, clause in parse_source(path).items():
            if clause_id in everything:
                raise SourceFormatError(f"{path}:{clause.line}: clause id {clause_id} is also in {everything[clause_id].source}.md")
            everything[clause_id] = clause
    return everything


@cache
def regulation_titles(directory: Path = SOURCES_DIR) -> dict[str, str]:
    """The title of each regulation in ``directory``: file stem (``atb-2004``) -> the text of its
    first ``# `` heading (the stem when it has none). Raises ``OSError`` when a file cannot be read."""
    titles = {}
    for path in sorted(Path(directory).glob("*.md")):
        heading = next((line[2:].strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("# ")), "")
        titles[path.stem] = heading or path.stem
    return titles
