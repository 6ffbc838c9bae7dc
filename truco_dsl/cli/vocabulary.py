"""``truco vocabulary``: the rule language's hooks, the names a clause may read, and its builtins."""

from __future__ import annotations

import argparse

from truco_dsl.cli.exits import EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``vocabulary`` to ``truco``'s subcommands."""
    vocabulary = commands.add_parser("vocabulary", help="the names, hooks and builtins a clause expression may use")
    vocabulary.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Print the hooks in firing order, every root name with its type, where it is readable and its
    fields with theirs, every builtin with its kind (guard, effect, query) and its argument and
    result types, the types and their values (the engine's own refusal codes among them), and the literals and operators. Returns
    ``EXIT_OK``; raises nothing."""
    from truco_dsl.lang import BUILTINS, HOOKS, ROOTS
    from truco_dsl.lang.vocabulary import DECISION, REASONS, RESPONSE

    print("Hooks (a clause's `on:`), in firing order:")
    print("  " + ", ".join(HOOKS))
    print("\nNames a `when:` or `then:` may read (root, its type, where it is readable, what it is):")
    for name, root in ROOTS.items():
        where = ", ".join(root.hooks) if root.hooks else "every hook"
        shape = f"{name}[{root.index.shown()}]" if root.indexed else name
        kind = f": {root.type.shown()}" if root.type else ""
        print(f"  {shape + kind:<28} ({where}) {root.doc}")
        for field, entry in (root.fields or root.item_fields or {}).items():
            prefix = f"{name}[n]." if root.indexed else f"{name}."
            print(f"      {prefix + field + ': ' + entry.type.shown():<34} {entry.doc}")
    print("\nBuiltins (queries may appear anywhere; the others only in `then:`), with their types:")
    for name, builtin in BUILTINS.items():
        kind = "guard" if builtin.guard else ("effect" if builtin.effect else "query")
        signature = f"{name}({', '.join(argument.shown() for argument in builtin.arguments)})"
        if not builtin.effect:
            signature += f" -> {builtin.result.shown()}"
        print(f"  {kind:<7} {signature:<44} {builtin.doc}")
    print("\nTypes: number (a count, points, a vaza's number), seat, team, flag (true or false), card (\"4c\"),"
          " string, and the enumerated strings:")
    for enumerated in (RESPONSE, DECISION):
        print(f"  {enumerated.name}: {', '.join(enumerated.values)}")
    print("  infraction: the rule set's referee.infractions; a flag's name: one some clause sets with flag_hand/flag_game")
    print("  reason: a refusal code, one the rule set declares under `reasons:` or one of the engine's own:")
    for code, meaning in REASONS.items():
        print(f"      {code:<22} {meaning}")
    print("  A value may be none where its type says `or none`. Seats and teams are whole numbers: arithmetic on them"
          " gives a number, and a number fits where a seat or a team is asked for; a seat never fits where a team is.")
    print("\nLiterals: whole numbers, \"strings\", true, false, none. Operators: and or not, == != < <= > >=, + - * / %.")
    return EXIT_OK
