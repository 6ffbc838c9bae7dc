"""``truco explain``: a scenario or a recorded game replayed on the reference engine, step by step,
with why each thing happened.

A *script* is what is replayed: the table (``Table``: rule set id, players, first dealer, starting
scores and games won) and its steps (``Cue``: a deal, forced or shuffled, or a seat's action), read
from a scenario's Given/When steps (``truco cases export``'s forms, ``conformance/STEPS.md``) or from
a game's record (``simulation.games.new_record``: ``truco play --record``, ``truco simulate
--record``). It is played on a ``TracedEngine`` (``engine/engine.py``): each step becomes a
``Block`` (the step, what the engine answered, its trace: hooks run, guards checked and whether
they held, effects fired, each event with its clause, and the state after it). The clauses'
``cite`` is the regulation's words.

``--ruleset B`` of a scenario written for rule set A plays the script under both and finds the
first step where they part (``Parting``): what A's engine allowed and did there, and B's.
``--seat S`` shows every block as seat S sees the game (``Engine.state(S)``; another seat's covered
card never named: ``simulation.view.seen_action``).

Errors: ``UnknownName`` (an unknown scenario id, with the closest), ``FileNotFoundError`` (no such
record file or rule set), ``RulesetError``, and ``ExplainError`` for a record or scenario that does
not replay (the file:line and what failed).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from truco_dsl.bundled import FEATURES_DIR
from truco_dsl.diagnostics import did_you_mean, read_regular, shortened, shown
from truco_dsl.engine.engine import STRUCTURAL, TracedEngine
from truco_dsl.engine.runtime import Traced
from truco_dsl.errors import ExplainError, IllegalAction, UnknownName
from truco_dsl.rules import RuleSet, is_bundled, load_ruleset
from truco_dsl.rules.loader import available_rulesets
from truco_dsl.simulation.view import seen_action

#: the most characters of a cite shown (the regulation's words, shortened at a word)
CITE_WIDTH = 100


@dataclass
class Table:
    """The game a script starts: ``ruleset`` (the id the scenario or record names), ``players``,
    the first hand's ``dealer``, each team's starting ``scores`` (points) and ``games_won`` (None: none)."""

    ruleset: str
    players: int
    dealer: int
    scores: list[int]
    games_won: list[int] | None = None


@dataclass(frozen=True)
class Cue:
    """One step of a script: a ``deal`` (forced ``hands`` per seat and ``vira``, or shuffled from
    ``seed`` when ``hands`` is None) or an ``act`` (``seat`` takes ``action``; ``tried``: the
    scenario expects it may be refused). ``place``: where it is written (``features/…:13``, ``game.jsonl:1 step 4``)."""

    kind: str
    place: str
    seat: int | None = None
    action: str | None = None
    hands: list[list[str]] | None = None
    vira: str | None = None
    seed: int | None = None
    tried: bool = False


@dataclass
class Block:
    """What one ``Cue`` did on the engine: ``accepted`` (False: refused, with ``refusal``, its
    reason code and words), ``legal`` (the acting seat's legal actions before it, None for a deal or
    a seat the viewer may not see), ``trace`` (``Traced`` entries, in order; events as the viewer
    sees them) and ``state`` (``Engine.state`` after it, as the viewer sees it; None before a game)."""

    cue: Cue
    accepted: bool
    trace: list[Traced]
    state: dict[str, Any] | None
    refusal: str | None = None
    legal: list[str] | None = None

    def as_json(self, viewer: int | None) -> dict[str, Any]:
        """The block as plain JSON: the step, whether it was accepted, the trace (each entry's kind,
        hook, depth, and the clause's id, cite and whether it held, or the event) and the state."""
        cue = self.cue
        return {"place": cue.place, "kind": cue.kind, "seat": cue.seat,
                "action": shown_action(cue, viewer),
                "accepted": self.accepted, "refusal": self.refusal, "legal": self.legal,
                "trace": [_entry_json(entry) for entry in self.trace], "state": self.state}


@dataclass
class Parting:
    """Where a script plays otherwise under two rule sets: the index of the first block that differs,
    the block of each (``first`` under the scenario's rule set, ``second`` under ``--ruleset``) and
    ``differences`` (lines ``path: first -> second`` of what differs: accepted, legal actions,
    events, state)."""

    index: int
    first: Block
    second: Block
    differences: list[str]


@dataclass
class Explanation:
    """What ``explain`` gives: ``title`` (the scenario's name and place, or the record's file and
    game), ``ruleset`` (the id played) and ``players``, the ``blocks`` in order, ``seat`` (the viewer,
    None: the referee), ``expectations`` (a scenario's Then steps, as written, with their lines),
    ``notes`` (steps not replayed, deals dealt otherwise), ``compared`` (the scenario's own rule set
    when ``--ruleset`` plays another) and ``parting`` (where the two part, None when they do not or
    nothing was compared)."""

    title: str
    ruleset: str
    players: int
    blocks: list[Block]
    seat: int | None = None
    expectations: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    compared: str | None = None
    parting: Parting | None = None

    def as_json(self) -> dict[str, Any]:
        """The explanation as plain JSON (``truco explain --json``)."""
        parting = self.parting
        return {"title": self.title, "ruleset": self.ruleset, "players": self.players, "seat": self.seat,
                "blocks": [block.as_json(self.seat) for block in self.blocks], "expectations": self.expectations,
                "notes": self.notes, "compared": self.compared,
                "parting": None if parting is None else {
                    "index": parting.index, "place": parting.first.cue.place, "differences": parting.differences,
                    "first": parting.first.as_json(self.seat), "second": parting.second.as_json(self.seat)}}


def explain(target: str, ruleset: str | None = None, seat: int | None = None, game: int = 1) -> Explanation:
    """Explain ``target``: a record file (a path that exists, or ends in ``.jsonl``/``.json``: its
    ``game``-th line, from 1) or a scenario id (``empate-003``). ``ruleset``: an id or rule file to
    play instead (a record of a rule file needs it; a scenario is compared with its own rule set);
    ``seat``: the viewer (None: the referee, who sees every card).
    Raises ``UnknownName`` (no such scenario), ``FileNotFoundError`` (no such file or rule set),
    ``RulesetError`` (a malformed rule file), ``ExplainError`` (a record or scenario that does not
    replay, a seat not at the table)."""
    if os.path.exists(target) or target.endswith((".jsonl", ".json")) or os.sep in target:
        return explain_record(target, ruleset, seat, game)
    return explain_scenario(target, ruleset, seat)


def explain_record(path: str, ruleset: str | None = None, seat: int | None = None, game: int = 1) -> Explanation:
    """The ``game``-th line (from 1) of the record file ``path`` replayed (``simulation.games.replay``'s
    steps, traced). ``ruleset``: the rule set id or file to play (default: the record's, which must
    be bundled). Raises as ``explain``; ``ExplainError`` names ``path:line`` and the step that fails."""
    if not os.path.exists(path):
        raise FileNotFoundError(f"{path}: no such record file (a line of truco play --record or truco simulate --record)")
    try:
        lines = read_regular(path).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as problem:
        raise ExplainError(f"{shown(path)}: cannot be read: {problem}") from None
    where = f"{shown(path)}:{game}"
    if not any(line.strip() for line in lines):
        raise ExplainError(f"{shown(path)}: the file is empty; a record holds one game a line (truco play --record)")
    if game < 1 or game > len(lines):
        raise ExplainError(f"{shown(path)}: there is no game {game}; the file has {len(lines)} line{'s' if len(lines) != 1 else ''}")
    try:
        record = json.loads(lines[game - 1])
    except json.JSONDecodeError as problem:
        raise ExplainError(f"{where}: not a JSON line ({problem.msg} at column {problem.colno})") from None
    try:
        table = Table(record["ruleset"], record["players"], record["dealer"], list(record["scores"]))
        steps = record["steps"]
        cues = [Cue("deal", f"{where} step {number}", hands=step["deal"]["hands"], vira=step["deal"]["vira"])
                if "deal" in step else Cue("act", f"{where} step {number}", seat=step["seat"], action=step["action"])
                for number, step in enumerate(steps, start=1)]
    except (KeyError, TypeError) as problem:
        raise ExplainError(f"{where}: not a game record (new_record's format): {_missing(problem)}") from None
    if ruleset is None and table.ruleset not in available_rulesets():
        raise ExplainError(f"{where}: the record is of rule set {table.ruleset!r}, which is not bundled; give its rule "
                           f"file with --ruleset FILE")
    played = load_ruleset(ruleset if ruleset is not None else table.ruleset)
    _check_seat(seat, table.players, where)
    blocks, stop = _play(table, cues, played, seat)
    if stop is not None:
        raise ExplainError(f"{stop.cue.place}: the record does not replay under {played.id}: "
                           f"{stop.cue.action or 'the deal'} was refused ({stop.refusal})")
    title = f"{shown(path)}, game {game} (seats: {', '.join(map(str, record.get('seats') or [])) or 'unnamed'})"
    return Explanation(title, played.id, table.players, blocks, seat)


def explain_scenario(scenario_id: str, ruleset: str | None = None, seat: int | None = None) -> Explanation:
    """The scenario tagged ``@id:scenario_id`` replayed: its Given and When steps played as written,
    its Then steps listed. ``ruleset``: an id or rule file to play it under instead; the scenario
    is then played under its own rule set too, and ``parting`` says where the two part.
    Raises as ``explain``."""
    from truco_dsl.conformance.suite.cases import export_cases

    cases = export_cases()["cases"]
    if ruleset is not None and ruleset not in available_rulesets():
        cases += export_cases(ruleset)["cases"]  # a rule file's own scenarios (features:)
    rows = [case for case in cases if case["id"] == scenario_id]
    if not rows:
        raise UnknownName(f"no scenario has the id {scenario_id!r}{did_you_mean(scenario_id, {case['id'] for case in cases if case['id']})}"
                          f" (truco where NAME finds one; ids are the @id: tags of features/)")
    played = load_ruleset(ruleset) if ruleset is not None else None
    # the rows of an outline share its id (desacordos: a row per regulation): the row of the rule set played, else the first
    case = next((row for row in rows if played is not None and row["ruleset"] in played.lineage), rows[0])
    table, cues, expectations, notes = _scenario_script(case)
    _check_seat(seat, table.players, f"scenario {scenario_id}")
    played = played if played is not None else load_ruleset(table.ruleset)
    # the scenario's own rule set, which B's parting is shown against: a file of a bundled id (a changed copy) is not it
    bundled_id = table.ruleset in available_rulesets()
    own = played if played.id == table.ruleset and (is_bundled(played) or not bundled_id) else load_ruleset(table.ruleset)
    blocks, stop = _play(table, cues, played, seat)
    title = f"scenario {scenario_id}: {case['name']} ({_feature_path(case)}:{case['line']})"
    explanation = Explanation(title, played.id, table.players, blocks, seat, expectations, notes)
    if stop is not None:
        explanation.notes.append(f"{stop.cue.place}: the engine refused what the scenario does there; the replay stops")
    if played is not own:
        explanation.compared = own.id
        theirs, _ = _play(table, cues, own, seat)
        explanation.parting = _parting(theirs, blocks)
    return explanation


def _feature_path(case: dict[str, Any]) -> str:
    """The case's feature file as a person finds it: under features/ when bundled, else as its rule file names it."""
    return f"features/{case['feature']}" if (FEATURES_DIR / case["feature"]).is_file() else case["feature"]


def _scenario_script(case: dict[str, Any]) -> tuple[Table, list[Cue], list[str], list[str]]:
    """The table and cues of an exported case (``cases.export_cases``), its Then steps as written and
    the notes of setup steps that are not replayed."""
    table: Table | None = None
    cues: list[Cue] = []
    expectations: list[str] = []
    notes: list[str] = []
    feature = _feature_path(case)
    for step in case["steps"]:
        place = f"{feature}:{step['line']}"
        if step["phase"] == "expectation":
            expectations.append(f"{place}  Then {step['text']}")
            continue
        for form in step["forms"]:
            kind = form["step"]
            if kind == "game":
                table = Table(form["ruleset"], form["players"], form["players"] - 1, [0, 0])
            elif table is None:
                raise ExplainError(f"{place}: a step before the scenario's game is set up")
            elif kind == "seat_deals":
                table.dealer = form["seat"]
            elif kind == "starting_score":
                table.scores = [form["first"], form["second"]]
            elif kind == "starting_games":
                table.games_won = [form["first"], form["second"]]
            elif kind in ("deal", "next_deal"):
                cues.append(Cue("deal", place, hands=form["hands"], vira=form["vira"]))
            elif kind == "shuffled_deal":
                cues.append(Cue("deal", place, seed=form["seed"]))
            elif kind in ("act", "try"):
                cues.append(Cue("act", place, seat=form["seat"], action=form["action"], tried=kind == "try"))
            elif kind == "next_deals_shuffled":  # fresh games dealt to be looked at: nothing to explain
                notes.append(f"{place}: {step['text']!r} is not replayed (it deals fresh games, one after another)")
            else:
                notes.append(f"{place}: {step['text']!r} is not replayed (truco explain plays the deals and actions)")
    if table is None:
        raise ExplainError(f"{feature}:{case['line']}: the scenario sets up no game")
    return table, cues, expectations, notes


def _play(table: Table, cues: list[Cue], ruleset: RuleSet, viewer: int | None) -> tuple[list[Block], Block | None]:
    """Play ``cues`` on a ``TracedEngine`` of ``ruleset`` set up as ``table`` says. Returns the blocks
    and, when the engine refused a step that had to be taken (a deal, an action not ``tried``), that
    block (the last: the replay stops there), else None. A forced deal with a vira under a rule set
    that turns none is dealt without it."""
    engine: TracedEngine | None = None
    blocks: list[Block] = []
    for cue in cues:
        if cue.kind == "deal":
            vira = cue.vira if ruleset.vira else None
            try:
                if engine is None:
                    engine = TracedEngine(ruleset, table.players, cue.seed, table.dealer, table.scores, table.games_won)
                engine.deal(cue.hands, vira)
            except ValueError as refused:  # BadDeal, IllegalAction (no deal due), or a table the rule set does not have
                trace = [] if engine is None else _seen(engine.trace, viewer)
                blocks.append(Block(cue, False, trace, None if engine is None else engine.state(viewer), refusal=str(refused)))
                return blocks, blocks[-1]
            blocks.append(Block(cue, True, _seen(engine.trace, viewer), engine.state(viewer)))
            continue
        if engine is None:
            raise ExplainError(f"{cue.place}: an action before any deal")
        legal = engine.legal_actions(cue.seat) if viewer in (None, cue.seat) else None
        try:
            engine.act(cue.seat, cue.action)
        except IllegalAction as refused:
            blocks.append(Block(cue, False, _seen(engine.trace, viewer), engine.state(viewer),
                                refusal=f"{refused.reason}: {refused}", legal=legal))
            if not cue.tried:
                return blocks, blocks[-1]
            continue
        blocks.append(Block(cue, True, _seen(engine.trace, viewer), engine.state(viewer), legal=legal))
    return blocks, None


def _seen(trace: list[Traced], viewer: int | None) -> list[Traced]:
    """``trace`` as seat ``viewer`` sees it: another seat's covered card unnamed in its event."""
    if viewer is None:
        return list(trace)
    seen = []
    for entry in trace:
        event = entry.event
        if event is not None and event.get("covered") and event.get("seat") != viewer and event.get("card") is not None:
            entry = Traced(entry.kind, entry.hook, entry.depth, event=dict(event, card=None))
        seen.append(entry)
    return seen


def _parting(first: list[Block], second: list[Block]) -> Parting | None:
    """The first block where ``first`` and ``second`` (the same cues under two rule sets) differ: in
    being accepted, in the acting seat's legal actions, in their events (the clause each names
    aside: two rule sets name theirs) or in the state after (the rule set's id aside)."""
    from truco_dsl.conformance.suite.steps import differences

    for index, (one, other) in enumerate(zip(first, second)):  # a replay stops at a refusal: both, or they part there
        if one.accepted != other.accepted:
            refused = one if not one.accepted else other
            return Parting(index, one, other, [f"accepted: {one.accepted} -> {other.accepted}", f"refused: {refused.refusal}"])
        found = differences(_played(one), _played(other))
        if found:
            return Parting(index, one, other, found)
    return None


#: what ``_parting`` compares of a state: what play changes (the rule set's parameters differ by design)
_PLAY = ("phase", "score", "winner", "game_winner", "games_won", "next_dealer", "hand")


def _played(block: Block) -> dict[str, Any]:
    """What an accepted block shows of play, for ``_parting``: the legal actions, the events without
    their clause, and the state's ``_PLAY`` fields."""
    events = [{key: value for key, value in entry.event.items() if key != "clause"} for entry in block.trace if entry.event]
    state = {key: value for key, value in (block.state or {}).items() if key in _PLAY}
    return {"legal": block.legal, "events": events, "state": state}


def _check_seat(seat: int | None, players: int, where: str) -> None:
    if seat is not None and not 0 <= seat < players:
        raise ExplainError(f"{where}: --seat {seat} is not at the table of {players} players (seats 0 to {players - 1})")


def _missing(problem: Exception) -> str:
    return f"no {problem.args[0]!r}" if isinstance(problem, KeyError) else str(problem)


def _entry_json(entry: Traced) -> dict[str, Any]:
    found: dict[str, Any] = {"kind": entry.kind, "hook": entry.hook, "depth": entry.depth}
    if entry.clause is not None:
        found.update(clause=entry.clause.id, held=entry.held, cite=entry.clause.cite)
    if entry.event is not None:
        found["event"] = entry.event
    return found


def shown_action(cue: Cue, viewer: int | None) -> str | None:
    """``cue``'s action as seat ``viewer`` sees it (None: the referee, who sees it all); None for a deal."""
    if cue.action is None or viewer is None:
        return cue.action
    return seen_action(viewer, cue.seat, cue.action)


def cite(entry: Traced, width: int = CITE_WIDTH) -> str:
    """The regulation's words of ``entry``'s clause, quoted and shortened to ``width`` characters."""
    return f"“{shortened(' '.join(entry.clause.cite.split()), width)}”" if entry.clause is not None else ""


def caused_by(event: dict[str, Any]) -> str:
    """The clause id an event names, or ``structural``."""
    return str(event.get("clause", STRUCTURAL))
