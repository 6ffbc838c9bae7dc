"""``truco rulebook RULESET|FILE [--html PATH] [--markdown PATH]``: the regulation a rule set
follows, clause by clause in the source's order, each marked encoded, ambiguous, informative, not
encoded, or (a variant) overridden, dropped or added, beside the rule that encodes it and a scenario
that shows it; a variant's house rules after (``review/rulebook.py``)."""

from __future__ import annotations

import argparse

from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``rulebook`` to ``truco``'s subcommands."""
    rulebook = commands.add_parser("rulebook", help="the regulation clause by clause, each marked encoded, informative, ambiguous, "
                                                    "overridden or dropped, beside its rule and a scenario")
    rulebook.add_argument("ruleset", metavar="RULESET|FILE", help="a bundled rule set id or a rule file")
    rulebook.add_argument("--html", default=None, metavar="PATH",
                          help="write it as one self-contained HTML page (no JavaScript, prints well)")
    rulebook.add_argument("--markdown", default=None, metavar="PATH", help="write it as Markdown (as GitHub shows it)")
    rulebook.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Write the rulebook of ``options.ruleset`` to ``--html`` and/or ``--markdown`` and print one
    line saying how many clauses have each status and where it went; with neither, print it as
    Markdown. Returns ``EXIT_OK``, or ``EXIT_BAD_INPUT`` when a file could not be written after all.
    Raises ``SelectionError`` (before any work) for two options naming one file, one naming the
    rule file read, or a path that cannot be written, ``FileNotFoundError`` / ``RulesetError`` for a rule set that does not load,
    ``CasesError`` for a scenario it carries that cannot be read."""
    from truco_dsl.cli.exits import warned
    from truco_dsl.cli.options import check_outputs, input_files, write_file
    from truco_dsl.review.rulebook import HOUSE, STATUSES, as_html, as_markdown, rulebook

    outputs = {option: path for option, path in (("--html", options.html), ("--markdown", options.markdown)) if path is not None}
    check_outputs(outputs, input_files(RULESET=options.ruleset))
    book = rulebook(options.ruleset)
    warned("rulebook", book.ruleset)
    if not outputs:
        print(as_markdown(book), end="")
        return EXIT_OK
    written = [path for option, path in outputs.items()
               if write_file("rulebook", path, f"the {option[2:]} rulebook", (as_html if option == "--html" else as_markdown)(book))]
    counts = ", ".join(f"{count} {STATUSES[status][0]}{'s' if status == HOUSE and count != 1 else ''}" for status, count in book.counts)
    regulation = f"{len(book.entries)} clauses of {book.regulation}" if book.regulation else "no regulation"
    house = f" and {len(book.house)} house rules" if book.house else ""
    if written:
        print(f"rulebook of {book.ruleset.id}: {regulation}{house} ({counts}); written to {', '.join(written)}")
    return EXIT_OK if len(written) == len(outputs) else EXIT_BAD_INPUT
