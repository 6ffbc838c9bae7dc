"""``truco new NAME --extends PARENT [--set KEY=VALUE …] [--sources] [--features]``: a new variant's
first draft (``rules/draft.py``) written as ``NAME.yaml`` (and ``NAME.md``, ``NAME.feature``), then
checked as ``truco validate`` checks it: its problems, its coherence warnings, the proof that it plays."""

from __future__ import annotations

import argparse
import re
from pathlib import Path


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``new`` to ``truco``'s subcommands."""
    new = commands.add_parser("new", help="write a new variant that extends a rule set, ready to edit, and check it")
    new.add_argument("name", metavar="NAME", help="the new rule set's id (lower-case letters, digits, hyphens): writes NAME.yaml")
    new.add_argument("--extends", required=True, metavar="PARENT",
                     help="the rule set it changes: a bundled id, or a rule set in --dir (its id or its file)")
    new.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", dest="settings",
                     help="a parameter to change, its value in YAML: game.target=24, stakes.ladder=[1,2,4,8] (repeatable)")
    new.add_argument("--sources", action="store_true", help="also write NAME.md, a house rules skeleton the variant names (sources:)")
    new.add_argument("--features", action="store_true",
                     help="also write NAME.feature, a scenario of its own the variant names (features:), to copy and edit")
    new.add_argument("--dir", default=".", metavar="FOLDER", help="where to write the files (default: here)")
    new.add_argument("--force", action="store_true", help="replace NAME.yaml (and NAME.md, NAME.feature) when they are already there")
    new.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Draft ``options.name`` extending ``options.extends`` with ``options.settings``, write it (and
    its house rules with ``options.sources``, its scenarios with ``options.features``) in ``options.dir``, print what was written and run
    ``truco validate`` on it. Returns that check's exit code (``EXIT_OK``, or ``EXIT_BAD_INPUT``
    when a ``--set`` value makes the draft a file with problems: it is kept, to be fixed). Raises
    ``DraftError`` (a bad name, ``--set`` or folder, a file already there without ``--force``),
    ``FileNotFoundError`` / ``RulesetError`` (a parent that does not load), before writing anything."""
    from truco_dsl.cli import validate
    from truco_dsl.errors import DraftError
    from truco_dsl.rules.draft import draft, parse_setting
    from truco_dsl.rules.loader import ruleset_schema

    if not re.fullmatch(ruleset_schema()["$defs"]["rulesetId"]["pattern"], options.name):
        raise DraftError(f"{options.name!r} is no rule set id: lower-case letters, digits and hyphens, like casa-do-ze")
    folder = Path(options.dir)
    if not folder.is_dir():
        raise DraftError(f"--dir {options.dir}: no such folder")
    settings = [parse_setting(text) for text in options.settings]
    written = draft(options.name, _parent(options.extends, folder), settings, options.sources, options.features)
    files = [(folder / f"{options.name}.yaml", written.rule_file)]
    if written.house_rules is not None:
        files.append((folder / f"{options.name}.md", written.house_rules))
    if written.scenarios is not None:
        files.append((folder / f"{options.name}.feature", written.scenarios))
    there = [path for path, _ in files if path.exists() or path.is_symlink()]
    if there and not options.force:
        raise DraftError(f"{there[0]} is already there: choose another name, or --force to replace it")
    for path, text in files:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return validate.run(argparse.Namespace(files=[str(files[0][0])], strict=False))


def _parent(named: str, folder: Path) -> str | Path:
    """The parent ``--extends`` names, as ``extends:`` will find it from ``folder``: a bundled id, or
    a rule file in ``folder`` (named by its path or by its id). Raises ``DraftError`` for a rule file
    elsewhere (``extends`` would not find it), ``FileNotFoundError`` for neither."""
    from truco_dsl.diagnostics import did_you_mean
    from truco_dsl.errors import DraftError
    from truco_dsl.rules import available_rulesets

    if named in available_rulesets():
        return named
    candidates = [Path(named)] + [folder / f"{named}{suffix}" for suffix in (".yaml", ".yml")]
    path = next((candidate for candidate in candidates if candidate.is_file()), None)
    if path is None:
        known = sorted(available_rulesets())
        raise FileNotFoundError(f"no parent rule set {named!r}{did_you_mean(named, known)}: a bundled id "
                                f"({', '.join(known)}) or a rule file in {folder}")
    if path.resolve().parent != folder.resolve():
        raise DraftError(f"the parent {path} is not in {folder}: extends finds a parent among the bundled rule sets or "
                         f"beside the variant; write the variant there (--dir {path.parent})")
    return path
