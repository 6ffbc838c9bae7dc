"""Where the bundled specification lives, and how a place in a rule file is named.

``SPEC_DIR`` is the repository's spec/ folder (shipped inside the package as ``truco_dsl.spec``),
``FEATURES_DIR`` its features/ folder (``truco_dsl.features``), in an editable and a plain install.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

SPEC_DIR = Path(str(resources.files("truco_dsl.spec")))
FEATURES_DIR = Path(str(resources.files("truco_dsl.features")))
RULESETS_DIR = SPEC_DIR / "rulesets"


@dataclass(frozen=True)
class Place:
    """A place in a rule file: ``file``, ``line`` and ``column`` (1-based), and the YAML ``path``
    to the value there (like ``clauses[3].when``)."""

    file: str
    line: int
    column: int
    path: str = ""

    def __str__(self) -> str:
        return f"{shown(self.file)}:{self.line}:{self.column}"


def shown(file: str | Path) -> str:
    """A path as a person would type it: relative to the working directory when it is below it."""
    path = Path(file)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(file)
