"""``truco explain SCENARIO_ID | GAME.jsonl [--ruleset ID|FILE] [--seat S] [--game N] [--json]``: a
scenario or a recorded game replayed on the reference engine, each step with the hooks that ran,
the guards checked and whether they held, the effects that fired, each with its clause id and the
regulation's words, and the stake, vazas and score after it (``review/explain.py``)."""

from __future__ import annotations

import argparse
from typing import Any

from truco_dsl.cli.exits import EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``explain`` to ``truco``'s subcommands."""
    explain = commands.add_parser("explain", help="replay a scenario or a recorded game, saying which clause did what at each step")
    explain.add_argument("target", metavar="SCENARIO_ID|GAME.jsonl",
                         help="a scenario id (@id: of features/, like empate-003) or a record file of truco play --record "
                              "or truco simulate --record")
    explain.add_argument("--ruleset", default=None, metavar="ID|FILE",
                         help="play under this rule set: a scenario written for another is played under both and the first "
                              "step where they part is shown; a record of a rule file needs its file")
    explain.add_argument("--seat", type=_seat, default=None, metavar="S",
                         help="show the game as seat S sees it (its own cards; no other seat's hidden card)")
    explain.add_argument("--game", type=_game, default=1, metavar="N", help="the game of a record file: its line, from 1 (default 1)")
    explain.add_argument("--json", action="store_true", help="print the explanation as JSON")
    explain.set_defaults(run=run)


def _seat(text: str) -> int:
    """``--seat``: a whole number from 0 (the table's size is checked once the game is known)."""
    if not text.isdigit() or len(text) > 3:
        raise argparse.ArgumentTypeError(f"a seat is a whole number from 0, not {text[:20]!r}")
    return int(text)


def _game(text: str) -> int:
    """``--game``: a line of the record file, from 1."""
    if not text.isdigit() or int(text[:12]) < 1:
        raise argparse.ArgumentTypeError(f"a game of a record file is its line, a whole number from 1, not {text[:20]!r}")
    return int(text)


def run(options: argparse.Namespace) -> int:
    """Print the explanation of ``options.target`` (``review.explain.explain``) as text, or JSON with
    ``options.json``. Returns ``EXIT_OK``. Raises what ``explain`` raises for bad input (exit 2)."""
    import json

    from truco_dsl.review.explain import explain

    explanation = explain(options.target, options.ruleset, options.seat, options.game)
    if options.json:
        print(json.dumps(explanation.as_json(), indent=2, ensure_ascii=False))
        return EXIT_OK
    print("\n".join(lines(explanation)))
    return EXIT_OK


def lines(explanation: Any) -> list[str]:
    """The explanation as console lines: a heading, a block per step, the parting (``--ruleset``),
    the scenario's expectations and the notes."""
    viewer = explanation.seat
    seen = "the referee (every card)" if viewer is None else f"seat {viewer} (its own cards only)"
    out = [explanation.title, f"played under {explanation.ruleset}, {explanation.players} players, as {seen}"]
    if explanation.compared:
        out.append(f"compared with {explanation.compared}, the rule set the scenario is written for")
    for number, block in enumerate(explanation.blocks, start=1):
        out.append("")
        out += _block(number, block, viewer)
    parting = explanation.parting
    if explanation.compared:
        out.append("")
        if parting is None:
            out.append(f"{explanation.compared} and {explanation.ruleset} do not part: every step plays alike")
        else:
            out.append(f"where they part: step {parting.index + 1} ({parting.first.cue.place})")
            out += [f"  {line}" for line in parting.differences[:12]]
            if len(parting.differences) > 12:
                out.append(f"  … and {len(parting.differences) - 12} more")
            out.append(f"  under {explanation.compared}:")
            out += ["  " + line for line in _block(parting.index + 1, parting.first, viewer)]
    if explanation.expectations:
        out += ["", "the scenario expects:"] + [f"  {line}" for line in explanation.expectations]
    if explanation.notes:
        out += [""] + [f"note: {note}" for note in explanation.notes]
    return out


def _block(number: int, block: Any, viewer: int | None) -> list[str]:
    """One step's lines: the step and its place, a refusal, the legal actions before it, each hook
    (how many clauses it asked and fired), guard, fired effect and event of its trace, and the state after."""
    from truco_dsl.review.explain import caused_by, cite, shown_action

    cue = block.cue
    head = "deal" if cue.kind == "deal" else f"seat {cue.seat}: {shown_action(cue, viewer)}"
    out = [f"{number:>3}. {head}    [{cue.place}]"]
    if not block.accepted:
        out.append(f"     REFUSED: {block.refusal}")
    if block.legal is not None:
        out.append(f"     legal then: {' '.join(block.legal) or 'nothing'}")
    for index, entry in enumerate(block.trace):
        pad = "     " + "  " * entry.depth
        if entry.kind == "hook":
            asked = _asked(block.trace, index)
            fired = sum(1 for effect in asked if effect.held)
            out.append(f"{pad}at {entry.hook}: {len(asked)} clause{'s' if len(asked) != 1 else ''} asked, {fired} fired")
        elif entry.kind == "guard":
            out.append(f"{pad}guard {entry.clause.id} at {entry.hook}: {'HELD' if entry.held else 'not held'}  {cite(entry)}")
        elif entry.kind == "effect" and entry.held:
            out.append(f"{pad}  effect {entry.clause.id} fired  {cite(entry)}")
        elif entry.kind == "event":
            fields = " ".join(f"{key}={_value(value)}" for key, value in entry.event.items() if key not in ("type", "clause"))
            out.append(f"{pad}  → {entry.event['type']} {fields}  ({caused_by(entry.event)})")
    out.append(f"     now: {_now(block.state)}")
    return out


def _asked(trace: list[Any], start: int) -> list[Any]:
    """The effect entries of the hook whose entry is ``trace[start]``: those at its depth up to the
    next hook at its depth or above."""
    hook, asked = trace[start], []
    for entry in trace[start + 1:]:
        if entry.depth < hook.depth or (entry.kind == "hook" and entry.depth == hook.depth):
            break
        if entry.kind == "effect" and entry.depth == hook.depth:
            asked.append(entry)
    return asked


def _value(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(_value, value))
    return "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _now(state: dict[str, Any] | None) -> str:
    """The state that matters: stake, vazas so far, score (and the seat's cards when a seat views)."""
    if state is None:
        return "no game"
    hand = state.get("hand")
    score = " to ".join(map(str, state["score"]))
    if hand is None:
        return f"score {score}"
    vazas = ", ".join("tied" if trick["tied"] else f"team {trick['winner']}" if trick["winner"] is not None else "open"
                      for trick in hand["tricks"]) or "none yet"
    held = "; ".join(f"seat {seat}: {' '.join(cards) or '-'}" for seat, cards in hand["hands"].items())
    over = ", hand over" if hand["over"] else ""
    won = f", game won by team {state['game_winner']}" if state.get("game_winner") is not None else ""
    return (f"stake {hand['stake']} · vazas {vazas} · score {score}{over}{won}"
            f"{' · vira ' + hand['vira'] if hand['vira'] else ''} · {held}")
