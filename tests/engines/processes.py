"""What the tests of ending a run (Ctrl-C, SIGTERM) look at: the processes a run started, from /proc."""

from __future__ import annotations

from pathlib import Path


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by those, however deep (from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(") ", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][0] != "Z"
    except OSError:
        return False
