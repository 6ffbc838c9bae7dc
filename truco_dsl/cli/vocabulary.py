"""``truco vocabulary``: the rule language's hooks, the names a clause may read, and its builtins."""

from __future__ import annotations

import argparse

from truco_dsl.cli.exits import EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``vocabulary`` to ``truco``'s subcommands."""
    vocabulary = commands.add_parser("vocabulary", help="the names, hooks and builtins a clause expression may use")
    vocabulary.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Print the hooks in firing order, every root name with where it is readable and its fields,
    every builtin with its kind (guard, effect, query), and the literals and operators. Returns
    ``EXIT_OK``; raises nothing."""
    from truco_dsl.lang import BUILTINS, HOOKS, ROOTS

    print("Hooks (a clause's `on:`), in firing order:")
    print("  " + ", ".join(HOOKS))
    print("\nNames a `when:` or `then:` may read (root, where it is readable, what it is):")
    for name, root in ROOTS.items():
        where = ", ".join(root.hooks) if root.hooks else "every hook"
        shape = f"{name}[…]" if root.indexed else name
        print(f"  {shape:<12} ({where}) {root.doc}")
        for field, doc in (root.fields or root.item_fields or {}).items():
            prefix = f"{name}[n]." if root.indexed else f"{name}."
            print(f"      {prefix + field:<28} {doc}")
    print("\nBuiltins (queries may appear anywhere; the others only in `then:`):")
    for name, builtin in BUILTINS.items():
        kind = "guard" if builtin.guard else ("effect" if builtin.effect else "query")
        print(f"  {kind:<7} {builtin.doc}")
    print("\nLiterals: whole numbers, \"strings\", true, false, none. Operators: and or not, == != < <= > >=, + - * / %.")
    return EXIT_OK
