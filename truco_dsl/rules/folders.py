"""Which YAML files in a folder are rule files (what ``truco validate FOLDER`` checks).

A rule file has a top-level ``ruleset:`` key (quoted or not) and no top-level ``expectations:`` key
(an expectations file has both; a rule file may not). Hidden folders, virtual environments and
node's packages hold no rule files of ours and are not looked in.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from truco_dsl.diagnostics import read_regular

_TOP_LEVEL_KEY = "^[\"']?{}[\"']?\\s*:"
_RULE_FILE_KEY = re.compile(_TOP_LEVEL_KEY.format("ruleset"), re.MULTILINE)
_EXPECTATIONS_KEY = re.compile(_TOP_LEVEL_KEY.format("expectations"), re.MULTILINE)


def rule_files_in(folder: Path) -> tuple[list[Path], int]:
    """The rule files in ``folder`` and its subfolders, sorted by folder then name: every ``.yaml``
    / ``.yml`` file with a top-level ``ruleset:`` key and no ``expectations:`` one, outside hidden
    folders, virtual environments (a folder with a ``pyvenv.cfg``) and ``node_modules``. Returns
    them and how many other YAML files were left out. A file that cannot be read (a pipe, a device,
    a symlink loop, one past ``MAX_FILE_BYTES``) counts as a rule file, unread: loading it says why,
    and the scan goes on. Raises nothing; a folder that does not exist has no files."""
    found, other = [], 0
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name != "node_modules"
                            and not (Path(root) / name / "pyvenv.cfg").exists())
        for name in sorted(files):
            path = Path(root) / name
            if path.suffix not in (".yaml", ".yml"):
                continue
            try:
                text = read_regular(path).decode("utf-8", errors="replace")  # never blocks on a pipe
            except OSError:
                text = "ruleset:"  # unreadable: loading it says why
            if _RULE_FILE_KEY.search(text) and not _EXPECTATIONS_KEY.search(text):
                found.append(path)
            else:
                other += 1
    return found, other


def is_expectations_file(path: Path) -> bool:
    """Whether ``path`` reads as an expectations file (a top-level ``expectations:`` key and no
    ``ruleset:`` one), not a rule file. Raises nothing: a file that cannot be read is none."""
    try:
        text = read_regular(path).decode("utf-8", errors="replace")
    except OSError:
        return False
    return bool(_EXPECTATIONS_KEY.search(text)) and not _RULE_FILE_KEY.search(text)
